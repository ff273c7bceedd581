import Foundation
import RefreshPluginSDK

/// Stands where a plugin failed to load: its render fails with the reason, so the scene draws an
/// error card in its place and the preview goes on.
package final class FailedIndicator: HostedIndicator {
    /// Why the plugin is not there.
    package let error: PluginError
    /// An indicator that draws `error`.
    package init(error: PluginError) { self.error = error }
    /// A modest band, so the card is readable.
    package let refreshLength = 60.0
    /// Kept, unused.
    package var refreshState = RefreshState.unknown
    /// None: no plugin made it.
    package let parameters = ParameterValues()
    /// The failed file, as id and name.
    package var info: IndicatorInfo { IndicatorInfo(id: error.file, name: (error.file as NSString).lastPathComponent, version: "-", summary: "failed to load") }
    /// Fails with the reason, so the scene draws an error card.
    package func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) { throw error }
}
