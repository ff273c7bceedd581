import Testing
import TestSupport
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK
@testable import RefreshChecks

/// Where `validate` renders: the margin it watches around the frame, pixel by pixel.
@Suite struct ValidationStageTests {
    /// A frame of the shipped Spinner on the stage (a library loaded as the tools load one: an
    /// indicator exported from this process would take the one export `validateIndicator`'s
    /// tests use), its pixels, and the surface's size in pixels.
    static func spinnerFrame() throws -> (stage: ValidationStage, pixels: [UInt32], width: Int, height: Int) {
        let search = PluginSearchPath(directories: [buildFolder])
        let indicator = try PluginLibrary(path: search.resolve("dev.refreshkit.spinner")).makeIndicator()
        let frame = FrameSpec(state: .pulling(progress: 0.5)).frame(refreshLength: indicator.refreshLength)
        let stage = try ValidationStage()
        let pixels = try stage.render(indicator, frame)
        let width = Int((frame.size.width + 2 * ValidationStage.margin) * frame.scale)
        let height = Int((frame.size.height + 2 * ValidationStage.margin) * frame.scale)
        #expect(pixels.count == width * height)
        return (stage, pixels, width, height)
    }

    /// Untouched, the margin is intact; one pixel changed in any part of it (the rows above and
    /// below, the strips left and right, their first and last pixels) is seen; inside the frame it
    /// is not the margin.
    @Test func everyMarginPixelIsWatchedAndNoFramePixel() throws {
        let (stage, pixels, width, height) = try Self.spinnerFrame()
        let untouched = stage.marginIsIntact(pixels)
        #expect(untouched)
        let m = Int(ValidationStage.margin * 2)
        let margin = [(0, 0), (width - 1, 0), (width / 2, m - 1), (0, m), (m - 1, height / 2), (width - m, height / 2),
                      (width - 1, height - m - 1), (width / 2, height - m), (width - 1, height - 1)]
        for (x, y) in margin {
            var painted = pixels
            painted[y * width + x] ^= 0xFFFF_FFFF
            let intact = stage.marginIsIntact(painted)  // apart, so a failure does not print every pixel
            #expect(!intact, "(\(x), \(y)) is in the margin")
        }
        for (x, y) in [(m, m), (width - m - 1, m), (m, height - m - 1), (width / 2, height / 2)] {
            var painted = pixels
            painted[y * width + x] ^= 0xFFFF_FFFF
            let intact = stage.marginIsIntact(painted)
            #expect(intact, "(\(x), \(y)) is in the frame")
        }
    }

    /// Two pixels' largest channel difference and the sum of the squares, each channel alone.
    @Test func channelDifferencesTakeEachChannel() {
        #expect(ImageComparison.channelDifferences(0xFF10_2030, 0xFF10_2030) == (0, 0))
        #expect(ImageComparison.channelDifferences(0x0000_0000, 0xFF00_0000) == (255, 65025))
        #expect(ImageComparison.channelDifferences(0x0102_0304, 0x0000_0000) == (4, 1 + 4 + 9 + 16))
        #expect(ImageComparison.channelDifferences(0x0000_0A00, 0x0000_0000) == (10, 100))
        #expect(ImageComparison.channelDifferences(0x0000_0000, 0x00FF_0000) == (255, 65025))
    }
}
