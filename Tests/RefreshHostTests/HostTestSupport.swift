import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK
import TestSupport
import RefreshGoldens

/// The folder the build put the plugin libraries in (beside the test binary).
let products = buildFolder

/// Checks `image` against `Golden/<name>.png` beside this file (see RefreshGraphicsTests).
func expectMatchesGolden(_ image: ImageSurface, _ name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectMatchesGolden(image, name, in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"),
                            tolerance: tolerance, sourceLocation: sourceLocation)
}
