import Foundation
import Testing
import RefreshGoldens
import RefreshGraphics

/// The `Golden` folder beside the calling test's file.
public func goldenFolder(beside file: String = #filePath) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden")
}

/// Checks `image` against `<goldens>/<name>.png` (a test target's `Golden` folder); a failure
/// leaves the picture and its difference in `.build/golden-failures`, and
/// `REFRESHKIT_UPDATE_GOLDENS=1` records the golden again.
public func expectMatchesGolden(_ image: ImageSurface, _ name: String, in goldens: URL, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let golden = GoldenImage(path: goldens.appendingPathComponent("\(name).png").path, tolerance: tolerance)
    let failures = packageRoot.appendingPathComponent(".build/golden-failures").path
    let outcome = try golden.check(image, record: ProcessInfo.processInfo.environment["REFRESHKIT_UPDATE_GOLDENS"] == "1" ? .all : .never, failureDirectory: failures)
    #expect(outcome.passed, "golden \(name): \(outcome)", sourceLocation: sourceLocation)
}
