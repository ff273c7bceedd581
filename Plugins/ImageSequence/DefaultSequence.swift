import Foundation
import RefreshPluginSDK

/// The sequence Image Sequence plays when no folder is given: made here, frame by frame, as a
/// folder of PNGs would hold them (transparent, square), so the plugin animates out of the box.
///
/// A round orange character: over the pulling frames it grows from a dot, rises and opens its
/// eyes; over the refreshing frames it bounces, squashing where it lands, its shadow shrinking
/// as it rises. The dark frames differ in the shadow (light on a dark band) and the outline.
enum DefaultSequence {
    /// Frames 0…11 follow the pull; 12…23 loop while refreshing.
    static let pulling = 0...11, refreshing = 12...23
    /// Pixels per point of the frames: sharp at 3×.
    static let scale = 3.0

    /// The 24 frames, `side` points square, for the light or the dark band.
    static func frames(side: Double, dark: Bool) throws -> [ImageSurface] {
        try (pulling.map { ($0, false) } + refreshing.map { ($0, true) }).map { index, bouncing in
            let image = try ImageSurface(size: Size(width: side, height: side), scale: scale)
            let canvas = Canvas(surface: image)
            canvas.scale(x: side, y: side)
            if bouncing {
                let phase = Double(index - refreshing.lowerBound) / Double(refreshing.count)
                draw(canvas, grown: 1, height: abs(sin(.pi * phase)), eyesOpen: 1, dark: dark, lands: true)
            } else {
                let t = Double(index - pulling.lowerBound) / Double(pulling.count - 1)
                draw(canvas, grown: 0.25 + 0.75 * t, height: 0, eyesOpen: max(0, (t - 0.6) / 0.4), dark: dark, lands: false)
            }
            return image
        }
    }

    /// One pose in a unit square: `grown` 0…1 of full size, `height` 0…1 of the bounce, eyes 0 (a
    /// line) … 1 (open); a bounce `lands`: squashed on the ground, stretched in the air.
    private static func draw(_ canvas: Canvas, grown: Double, height: Double, eyesOpen: Double, dark: Bool, lands: Bool) {
        let ground = 0.92
        let squash = !lands ? 1 : height < 0.25 ? 1 - 0.22 * (1 - height / 0.25) : 1 + 0.06 * height
        let r = 0.28 * grown
        let rx = r / squash.squareRoot(), ry = r * squash
        let center = Point(x: 0.5, y: ground - ry - 0.24 * height)
        let shadow = 0.28 * grown * (1 - 0.5 * height)
        canvas.addEllipse(in: Rect(x: 0.5 - shadow, y: ground - 0.025, width: 2 * shadow, height: 0.05))
        canvas.fill(.color(dark ? Color(red: 1, green: 1, blue: 1, alpha: 0.16) : Color(red: 0, green: 0, blue: 0, alpha: 0.14)))
        canvas.addEllipse(in: Rect(x: center.x - rx, y: center.y - ry, width: 2 * rx, height: 2 * ry))
        canvas.fill(.color(Color(red: 1, green: 0.55, blue: 0.24)), preserve: true)
        canvas.stroke(.color(dark ? Color(red: 1, green: 0.78, blue: 0.6) : Color(red: 0.8, green: 0.36, blue: 0.1)), style: StrokeStyle(lineWidth: 0.02))
        // A highlight, the eyes and a smile.
        canvas.addEllipse(in: Rect(x: center.x - rx * 0.55, y: center.y - ry * 0.7, width: rx * 0.45, height: ry * 0.3))
        canvas.fill(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.35)))
        let ink = Color(red: 0.2, green: 0.1, blue: 0.05)
        for side in [-1.0, 1.0] {
            let eye = Point(x: center.x + side * rx * 0.36, y: center.y - ry * 0.08)
            let open = r * 0.13 * max(0.12, eyesOpen)
            canvas.addEllipse(in: Rect(x: eye.x - r * 0.1, y: eye.y - open, width: r * 0.2, height: 2 * open))
        }
        canvas.fill(.color(ink))
        canvas.move(to: Point(x: center.x - rx * 0.22, y: center.y + ry * 0.3))
        canvas.quadCurve(to: Point(x: center.x + rx * 0.22, y: center.y + ry * 0.3), control: Point(x: center.x, y: center.y + ry * (0.3 + 0.25 * eyesOpen)))
        canvas.stroke(.color(ink), style: StrokeStyle(lineWidth: 0.022, cap: .round))
    }
}
