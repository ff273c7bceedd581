import RefreshPluginSDK
import RefreshHost

/// Stands where a plugin is still starting in its plugin-host child: a quiet card that says so,
/// until the plugin (or why it did not load) takes its place.
package final class LoadingIndicator: HostedIndicator {
    /// The plugin being loaded, as the card names it.
    package let name: String
    /// Its id, as the probe found it.
    package let id: String
    /// An indicator for the plugin `id` called `name`, loading.
    package init(name: String, id: String) {
        self.name = name
        self.id = id
    }
    /// A modest band, as the error card's.
    package let refreshLength = 60.0
    /// Kept, unused.
    package var refreshState = RefreshState.unknown
    /// None: no plugin made it yet.
    package let parameters = ParameterValues()
    /// The plugin's name, loading.
    package var info: IndicatorInfo { IndicatorInfo(id: id, name: name, version: "(loading…)", summary: "loading") }

    /// A grey card with "Loading NAME…" across the visible band, the words at its middle.
    package func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) {
        let card = frame.visibleRect.insetBy(6)
        guard card.width > 0, card.height > 0 else { return }
        let dark = frame.environment.colorScheme == .dark
        canvas.addRoundedRect(card, radius: 10)
        canvas.fill(.color(dark ? Color(red: 0.2, green: 0.2, blue: 0.22) : Color(red: 0.9, green: 0.9, blue: 0.92)))
        var style = TextStyle(size: 13, width: max(10, card.width - 16), truncation: .end)
        style.maxLines = 1
        let text = canvas.makeTextLayout("Loading \(name)…", style: style)
        canvas.draw(text, at: Point(x: card.minX + 8, y: max(card.minY + 4, card.minY + card.height / 2 - 9)), color: dark ? Color(red: 0.8, green: 0.8, blue: 0.82) : Color(red: 0.35, green: 0.35, blue: 0.38))
    }
}
