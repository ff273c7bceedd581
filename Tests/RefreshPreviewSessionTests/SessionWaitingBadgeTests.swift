import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession

/// While a plugin's render blocks, the session shows it waits (the host's side, a draw that does
/// not wait, is UnwaitedRenderTests').
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionWaitingBadgeTests {
    /// A refreshing frame at 1000 s, which the Blocks fixture takes 400 ms to draw.
    func frameAtAThousandSeconds(_ indicator: RemoteIndicator) -> IndicatorFrame {
        var spec = FrameSpec(state: .refreshing)
        spec.time = 1000
        spec.stateTime = 1000
        return spec.frame(refreshLength: indicator.refreshLength)
    }

    /// The session shows a badge naming the plugin it waits for, over the band.
    @Test func theSessionShowsWhatItWaitsFor() throws {
        var options = Session.Options()
        options.failureRate = 0
        options.pluginIsolation = .childProcess()
        let session = try Session(options: options, pluginPaths: [fixturePlugin("FixturePluginBlocks")])
        session.finishLoading()
        let remote = try #require(session.slots[.top]?.indicator as? RemoteIndicator)
        remote.host.answersWithoutWaiting = true
        // The top indicator asked for a frame at 1000 s, which its plugin takes 400 ms to draw.
        try remote.draw(in: Canvas(surface: try ImageSurface(width: 120, height: 60)), frame: frameAtAThousandSeconds(remote))
        #expect(remote.isWaiting)
        let image = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: image), scale: 1)
        // The badge's orange (255, 158, 10 at 92 % over the band) is there.
        let orange = image.straightPixels().filter { pixel in
            let (r, g, b) = ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
            return r > 230 && (130...175).contains(g) && b < 60
        }
        #expect(orange.count > 100, "no waiting badge over the band")
        while remote.isWaiting { try remote.draw(in: Canvas(surface: try ImageSurface(width: 120, height: 60)), frame: frameAtAThousandSeconds(remote)) }
        session.draw(in: Canvas(surface: image), scale: 1)
    }
}
