import Testing
import RefreshHost
import RefreshPluginSDK
@testable import RefreshTestingCore

/// A bar as wide as the pull: the least indicator a sheet can tell states apart by.
final class PullBar: RefreshIndicator {
    static let info = IndicatorInfo(id: "test.pull-bar", name: "Pull Bar", version: "1.0.0", summary: "A bar for RefreshTestingCore's tests.")
    static let width = Parameter.number("width", default: 100, range: 10...200, help: "Width at a full pull, in points")
    static let parameters = ParameterSpec.list(width)
    let refreshLength = 60.0
    let fullWidth: Double

    init(parameters: ParameterValues) throws { fullWidth = parameters[Self.width] }

    func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.state.showsIndicator else { return }
        let share = frame.state == .refreshing ? 1 : min(max(frame.progress, 0), 1)
        let shown = frame.visibleRect
        canvas.addRect(Rect(x: shown.minX + 10, y: shown.center.y - 5, width: fullWidth * share, height: 10))
        canvas.fill(.color(.black))
    }
}

/// Frames drawn in the test's process: the size a spec asks for, a parameter given to `make`,
/// and a sheet's cells named by what they show.
@Suite struct IndicatorFramesTests {
    @Test func aFrameIsTheSizeItsSpecAsksAndMakeTakesValues() throws {
        var spec = FrameSpec(state: .pulling(progress: 0.5))
        spec.scale = 2
        let image = try IndicatorFrames.image(of: try PullBar.make(), spec)
        #expect(image.width == Int(spec.size.width * 2) && image.height == Int(spec.size.height * 2))
        #expect(try PullBar.make(["width": .number(150)]).fullWidth == 150)
        #expect(throws: ParameterError.self) { try PullBar.make(["width": .number(500)]) }
        let half = try IndicatorFrames.image(of: try PullBar.make(), FrameSpec(state: .pulling(progress: 0.5)))
        let full = try IndicatorFrames.image(of: try PullBar.make(), FrameSpec(state: .pulling(progress: 1)))
        #expect(half.straightPixels() != full.straightPixels(), "the pull is drawn")
    }

    @Test func aSheetCellSaysWhatItShows() {
        var spec = FrameSpec(state: .refreshing)
        spec.time = 0.3
        spec.environment.colorScheme = .dark
        #expect(IndicatorFrames.label(of: spec) == "refreshing · t=0.30 s · dark")
        #expect(IndicatorFrames.label(of: FrameSpec(state: .eligible)) == "eligible")
    }
}
