import RefreshPluginSDK

extension Rect {
    /// Whether `point` lies inside (its left and top edges in, its right and bottom edges out, so
    /// rectangles side by side never both hold a point): the hit test of the gallery and the inspector.
    package func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
