import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK
import TestSupport
import RefreshGoldens

/// The folder the build put the plugin libraries in (beside the test binary).
let products = PluginSearchPath.buildProductsDirectory!

/// The path of a built library, e.g. `library("RefreshSpinner")`.
func library(_ product: String) -> String { "\(products)/lib\(product).so" }

/// The built-in plugins, by product name.
let builtIns = ["RefreshSpinner", "RefreshSpinnerC", "RefreshRainbow", "RefreshPathDrawing", "RefreshLabel", "RefreshLottie", "ExampleTemplate",
                "RefreshMaterial", "RefreshWaterDrop", "RefreshBezierRadar", "RefreshStoreHouse", "RefreshPhoenix", "RefreshTaurus", "RefreshImageSequence"]


/// Checks `image` against `Golden/<name>.png` beside this file (see RefreshGraphicsTests).
func expectMatchesGolden(_ image: ImageSurface, _ name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let golden = GoldenImage(path: here.appendingPathComponent("Golden/\(name).png").path, tolerance: tolerance)
    let failures = here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/golden-failures").path
    let outcome = try golden.check(image, record: ProcessInfo.processInfo.environment["REFRESHKIT_UPDATE_GOLDENS"] == "1" ? .all : .never, failureDirectory: failures)
    #expect(outcome.passed, "golden \(name): \(outcome)", sourceLocation: sourceLocation)
}
