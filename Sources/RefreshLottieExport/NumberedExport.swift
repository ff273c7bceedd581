import Foundation
import RefreshSystem
import RefreshHost
import RefreshPluginSDK

/// The preview's export: the indicator on screen, as tuned, written as Lottie into the output
/// folder under the next free number, never over an earlier export: `NAME-N.json`,
/// `NAME-N-dark.json` and `NAME-N.lottie`.
package enum NumberedExport {
    /// Exports `indicator` at `edge`, sitting as `placement` says (a scene that paints the gap is
    /// drawn over-pulled as tall as the pull), into `folder`; what was written, in a line for the
    /// log and one for the panel (the files' names, then the folder as given: the panel wraps it).
    package static func write(_ indicator: any HostedIndicator, edge: RefreshEdge, placement: IndicatorPlacement = .push,
                              into folder: String) throws -> (log: String, panel: String) {
        var options = LottieExport.Options()
        options.edge = edge
        options.placement = placement
        let info = indicator.info
        // A child that answers without waiting would hand back earlier frames: each one is waited for.
        let exports = try (indicator as? RemoteIndicator)?.waitingForEveryFrame { try LottieExport.bothThemes(indicator, info: info, options: options) }
            ?? LottieExport.bothThemes(indicator, info: info, options: options)
        try OutputFile.makeFolder(folder)
        let prefix = LottieExport.fileName(info.name)
        let number = try OutputFile.claimNumber(in: folder, prefix: prefix, extensions: ["json"], claim: "lottie")
        let archive = try LottieExport.writeFiles(exports, named: "\(prefix)-\(number)", in: folder)
        let path = "\(folder)/\(prefix)-\(number).lottie"
        let light = exports[0].export
        let fallbacks = light.fallbacks.isEmpty ? "" : ", \(light.fallbacks.count) frames as images (refresh-dump export names why)"
        let what = "\(light.shapeLayerCount) shape layers\(fallbacks), \(archive.count / 1024) KB"
        return ("exported \(path) (and \(prefix)-\(number).json, \(prefix)-\(number)-dark.json): \(what)",
                "exported \(prefix)-\(number).lottie, .json, -dark.json into \(folder): \(what)")
    }
}
