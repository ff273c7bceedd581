import RefreshContract

extension Path {
    /// The transform that places `bounds` inside `rect` less `padding` on every side: scaled
    /// uniformly to fit (aspect-fit) and centred. With `flipY`, y is mirrored first, for glyph
    /// outlines in font units whose y axis points up.
    public static func fittingTransform(from bounds: Rect, into rect: Rect, padding: Double = 0, flipY: Bool = false) -> AffineTransform {
        let target = rect.insetBy(padding)
        let scaleX = bounds.width > 0 ? target.width / bounds.width : .infinity
        let scaleY = bounds.height > 0 ? target.height / bounds.height : .infinity
        var scale = min(scaleX, scaleY)
        if !scale.isFinite { scale = 1 }
        let center = bounds.center, destination = target.center
        return AffineTransform.translation(x: -center.x, y: -center.y)
            .concatenating(.scale(x: scale, y: flipY ? -scale : scale))
            .concatenating(.translation(x: destination.x, y: destination.y))
    }

    /// `paths`, which form one picture, placed together into `rect` (see
    /// ``fittingTransform(from:into:padding:flipY:)``); their union's bounds decide the fit.
    public static func fit(_ paths: [Path], into rect: Rect, padding: Double = 0, flipY: Bool = false) -> [Path] {
        guard let bounds = paths.compactMap(\.bounds).reduce(nil, { (union: Rect?, next: Rect) in union?.union(next) ?? next }) else {
            return paths
        }
        let transform = fittingTransform(from: bounds, into: rect, padding: padding, flipY: flipY)
        return paths.map { $0.transformed(by: transform) }
    }
}
