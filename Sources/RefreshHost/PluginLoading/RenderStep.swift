import Foundation
import RefreshPluginSDK

/// How a message names the frame a plugin was drawing: `render (pulling 0.50, t=0.006 s)`,
/// rounded so that a person reads it (the raw doubles read `t=0.00625000000000031 s`).
package enum RenderStep {
    /// `render (STATE, t=SECONDS s)` for a frame of `state`, `time` seconds into it.
    package static func describe(_ state: RefreshState, time: Double) -> String {
        "render (\(name(of: state)), t=\(String(format: "%.3f", time)) s)"
    }

    /// The state in a few words: `pulling 0.50`, `refreshing`, `finished(success)`.
    package static func name(of state: RefreshState) -> String {
        switch state {
        case .pulling(let progress): "pulling \(String(format: "%.2f", progress))"
        case .finished(let result): "finished(\(result))"
        default: "\(state)"
        }
    }
}
