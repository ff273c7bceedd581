import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK
import RefreshGoldens

/// The gallery's strips (`refresh-dump gallery`, the Designer's Guide): each built-in in its key
/// moments, light above dark, is its golden; `make gallery` draws them again.
@Suite(.leavesNoPluginHost) struct GalleryStripTests {
    /// The built-ins the guide shows (the C spinner draws the Swift one's picture; the Template is an example).
    static let shown = builtIns.filter { $0 != "RefreshSpinnerC" && $0 != "ExampleTemplate" }

    @Test(arguments: shown)
    func eachBuiltInsStripIsItsGolden(_ product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        let (strip, errors) = try GalleryStrip.render(indicator)
        #expect(errors.isEmpty, "\(errors)")
        try expectMatchesGolden(strip, "gallery-\(indicator.info.id.replacingOccurrences(of: "dev.refreshkit.", with: ""))", in: goldenFolder())
    }

    /// The two refreshing cells differ: a strip can see motion (a still indicator would fail here).
    @Test(arguments: shown)
    func theRefreshingCellsDiffer(_ product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        let moments = GalleryStrip.moments.filter { if case .refreshing = $0.spec.state { true } else { false } }
        #expect(moments.count == 2)
        let images = try moments.map { moment in
            let frame = moment.spec.frame(refreshLength: indicator.refreshLength)
            indicator.refreshState = frame.state
            return try FrameRenderer.render(indicator, frame: frame)
        }
        let comparison = try ImageComparison(expected: images[0], actual: images[1], tolerance: 2)
        #expect(!comparison.matches, "\(product): refreshing at 0.3 s and 0.9 s are the same picture")
    }
}
