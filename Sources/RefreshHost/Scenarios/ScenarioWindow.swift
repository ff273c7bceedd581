import RefreshPluginSDK

extension Scenario {
    /// The part of the viewport a `run` frame or a report cell shows, in viewport points: for the
    /// `edge` window (the scenario's own unless `window` says) the band of its first edge, else the
    /// whole viewport.
    public func windowRect(_ window: Window? = nil) -> Rect {
        guard (window ?? self.window) == .edge, let edge = edges.keys.sorted().first else {
            return Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        }
        return SceneLayout(viewport: viewport, axis: axis, rowHeight: rowHeight).bandRect(at: edge)
    }
}
