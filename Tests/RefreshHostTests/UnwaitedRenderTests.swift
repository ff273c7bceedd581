import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// A plugin whose render blocks (the fixture waits 400 ms at a frame of 1000 s or later) never
/// holds the interactive preview's frame: with ``PluginHostProcess/answersWithoutWaiting`` a draw
/// waits at most a frame, shows the last frame drawn and says it is waiting; the frame asked for
/// is taken at a later draw. The preview held each such frame for the whole render before.
@MainActor
@Suite(.leavesNoPluginHost)
struct UnwaitedRenderTests {
    static let blocks = fixturePlugin("FixturePluginBlocks")

    func frame(time: Double) -> IndicatorFrame {
        IndicatorFrame(size: Size(width: 120, height: 60), scale: 1, state: .refreshing, progress: 1,
                       pull: EdgePull(distance: 60, rawDistance: 60), time: time, stateTime: time, environment: IndicatorEnvironment())
    }

    func pixels(_ indicator: RemoteIndicator, time: Double) throws -> [UInt32] {
        let image = try ImageSurface(width: 120, height: 60)
        try indicator.draw(in: Canvas(surface: image), frame: frame(time: time))
        return image.straightPixels()
    }

    @Test func aDrawDoesNotWaitForARenderThatBlocks() throws {
        let host = try PluginHostProcess(path: Self.blocks)
        host.answersWithoutWaiting = true
        let indicator = try host.makeIndicator(parametersJSON: "{}")
        // A frame that takes 5 ms: drawn within a frame, or (a busy machine) at a later draw.
        var first = try pixels(indicator, time: 0)
        while indicator.isWaiting { first = try pixels(indicator, time: 0) }
        #expect(first.contains { $0 != 0 }, "the fixture's square is drawn")

        // A frame that takes 400 ms: the draw comes back while the child still draws it, with the
        // last frame and the waiting flag; the state set and the words asked meanwhile wait for nothing.
        let shown = try pixels(indicator, time: 1000)
        #expect(indicator.isWaiting, "the draw waited for the whole render")
        #expect(shown == first, "the last frame drawn is shown while the next is drawn")
        #expect(host.isDrawing)
        indicator.refreshState = .finished(.success)
        #expect(indicator.stateDescription(.refreshing, edge: .top, locale: "en") == StateDescription.text(for: .refreshing, edge: .top, locale: "en"))
        #expect(host.isDrawing, "neither waited for the render")

        // Drawn again and again, the frame comes, and the indicator draws on as before.
        while indicator.isWaiting { _ = try pixels(indicator, time: 1000) }
        #expect(!host.isDrawing)
        var next = try pixels(indicator, time: 0)
        while indicator.isWaiting { next = try pixels(indicator, time: 0) }
        #expect(next == first)
        #expect(host.failure == nil)
    }

    /// Without it (the commands, a script), every frame is the one asked for, however long it takes.
    @Test func withoutItEveryFrameIsWaitedFor() throws {
        let host = try PluginHostProcess(path: Self.blocks)
        let indicator = try host.makeIndicator(parametersJSON: "{}")
        _ = try pixels(indicator, time: 1000)
        #expect(!indicator.isWaiting && !host.isDrawing)
    }
}
