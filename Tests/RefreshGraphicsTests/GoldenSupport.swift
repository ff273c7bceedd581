import Foundation
import Testing
import RefreshGraphics
import RefreshGoldens

/// Checks `image` against `Golden/<name>.png` beside this file. `REFRESHKIT_UPDATE_GOLDENS=1`
/// rewrites the goldens; failures leave the actual and diff images in `.build/golden-failures/`.
func expectMatchesGolden(_ image: ImageSurface, _ name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let golden = GoldenImage(path: here.appendingPathComponent("Golden/\(name).png").path, tolerance: tolerance)
    let failures = here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/golden-failures").path
    let update = ProcessInfo.processInfo.environment["REFRESHKIT_UPDATE_GOLDENS"] == "1"
    let outcome = try golden.check(image, record: update ? .all : .never, failureDirectory: failures)
    #expect(outcome.passed, "golden \(name): \(outcome)", sourceLocation: sourceLocation)
}

/// A canvas on a fresh surface of `size` points at 2x, cleared to `background`.
func makeCanvas(width: Double, height: Double, background: Color = .white) throws -> Canvas {
    let canvas = Canvas(surface: try ImageSurface(size: Size(width: width, height: height), scale: 2))
    canvas.clear(background)
    return canvas
}
