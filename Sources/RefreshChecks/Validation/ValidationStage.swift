import Foundation
import RefreshPluginSDK
import RefreshHost

/// Where `validate` renders: one surface for every frame, the frame in the middle of a margin of
/// a sentinel colour, the frame's area cleared to the theme's background before each frame.
package final class ValidationStage {
    package static let margin = 8.0
    package static let sentinel = Color(red: 1, green: 0, blue: 1)
    private var surface: ImageSurface
    private var canvas: Canvas
    private var size = Size(width: 0, height: 0)
    private var sentinelWord: UInt32 = 0

    package init() throws {
        surface = try ImageSurface(size: Size(width: 16, height: 16), scale: 2)
        canvas = Canvas(surface: surface)
    }

    /// Renders `frame` (a new surface when the size changes) and returns the surface's pixels.
    package func render(_ indicator: PluginIndicator, _ frame: IndicatorFrame) throws -> [UInt32] {
        if frame.size != size || surface.scale != frame.scale {
            size = frame.size
            surface = try ImageSurface(size: Size(width: size.width + 2 * Self.margin, height: size.height + 2 * Self.margin), scale: frame.scale)
            canvas = Canvas(surface: surface)
            repaintMargin()
        }
        let rect = Rect(x: Self.margin, y: Self.margin, width: size.width, height: size.height)
        canvas.withSavedState {
            canvas.addRect(rect)
            canvas.clip()
            canvas.paint(.color(FrameRenderer.background(for: frame.environment.colorScheme)))
        }
        try canvas.withSavedState {
            canvas.translate(x: Self.margin, y: Self.margin)
            canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
            canvas.clip()
            try indicator.draw(in: canvas, frame: frame)
        }
        return surface.pixelWords()
    }

    /// Whether every margin pixel of `pixels` (what ``render(_:_:)`` returned) still has the
    /// sentinel colour.
    package func marginIsIntact(_ pixels: [UInt32]) -> Bool {
        let m = Int(Self.margin * surface.scale)
        let width = surface.width, height = surface.height, sentinel = sentinelWord
        // Plain loops over the buffer: `validateIndicator` runs this in an author's debug build.
        return pixels.withUnsafeBufferPointer { words in
            var y = 0
            while y < height {
                let row = y * width
                // Whole rows above and below the frame; the left and right strips beside it.
                let whole = y < m || y >= height - m
                var x = 0
                while x < width {
                    if words[row + x] != sentinel { return false }
                    x = !whole && x == m - 1 ? width - m : x + 1
                }
                y += 1
            }
            return true
        }
    }

    /// Paints the whole surface with the sentinel colour (the frame's area is cleared per frame).
    package func repaintMargin() {
        canvas.clear(Self.sentinel)
        sentinelWord = surface.pixelWords().first ?? 0
    }
}
