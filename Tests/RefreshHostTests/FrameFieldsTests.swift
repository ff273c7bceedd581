import CRefreshPlugin
import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// The fields issue 19 added to the ABI (placement, draw rectangle, second-floor progress, the
/// second floor's states, `describe`) reach a plugin, in process and in a plugin-host child, and
/// an older host's zeros read as "absent".
@Suite(.leavesNoPluginHost) struct FrameFieldsTests {
    func frame(_ placement: IndicatorPlacement, draw: Rect?, state: RefreshState = .secondaryEligible, edge: RefreshEdge = .top) -> IndicatorFrame {
        IndicatorFrame(size: Size(width: 390, height: 120), edge: edge, state: state, progress: 1.4, pull: EdgePull(distance: 90, rawDistance: 200),
                       time: 0.5, stateTime: 0.25, placement: placement, drawRect: draw, secondaryProgress: 1.25)
    }

    @Test(arguments: IndicatorPlacement.allCases)
    func theCFrameCarriesTheNewFields(_ placement: IndicatorPlacement) throws {
        let original = frame(placement, draw: Rect(x: 0, y: 10, width: 390, height: 80))
        let surface = try ImageSurface(size: Size(width: 4, height: 4), scale: 1)
        let back = CFrame.withCFrame(original, cairo: Canvas(surface: surface).cairoContext) { CFrame.indicatorFrame(CFrame.read($0)!) }
        #expect(back.placement == placement)
        #expect(back.drawRect == original.drawRect)
        #expect(back.secondaryProgress == 1.25)
        #expect(back.state == .secondaryEligible)
        #expect(back.visibleRect == Rect(x: 0, y: 10, width: 390, height: 80), "the host's rectangle wins over the pull rule")
    }

    @Test func anOlderHostsZerosMeanPushAndNoRectangle() {
        var c = refresh_frame()
        c.struct_size = UInt32(CFrame.minimumFrameSize)
        c.width = 390; c.height = 120; c.state = REFRESH_STATE_PULLING.rawValue; c.progress = 0.5; c.pull_distance = 30
        let f = CFrame.indicatorFrame(c)
        #expect(f.placement == .push && f.drawRect == nil && f.secondaryProgress == 0)
        #expect(f.visibleRect == Rect(x: 0, y: 90, width: 390, height: 30))
        c.state = 9
        #expect(CFrame.indicatorFrame(c).state == .secondaryClosing)
        c.state = 10
        #expect(CFrame.indicatorFrame(c).state == .unknown, "a state from a newer host reads as unknown")
        c.draw_width = .nan
        #expect(CFrame.indicatorFrame(c).drawRect == nil)
    }

    @Test func theDrawRectangleTurnsWithTheCanvasForSidewaysEdges() {
        // A 120×390 leading frame whose right 40 points (next to the content) are seen.
        final class Probe: RefreshIndicator {
            static let info = IndicatorInfo(id: "test.probe", name: "Probe", version: "1", summary: "")
            static let parameters: [ParameterSpec] = []
            var refreshLength: Double { 60 }
            nonisolated(unsafe) static var seen: [Rect?] = []
            init(parameters: ParameterValues) {}
            func draw(in canvas: Canvas, frame: IndicatorFrame) { Self.seen.append(frame.drawRect) }
        }
        let probe = Probe(parameters: try! ParameterValues(specs: [], json: "{}"))
        let surface = try! ImageSurface(size: Size(width: 120, height: 390), scale: 1)
        for edge in [RefreshEdge.leading, .trailing] {
            var f = frame(.behind, draw: edge == .leading ? Rect(x: 80, y: 0, width: 40, height: 390) : Rect(x: 0, y: 0, width: 40, height: 390), edge: edge)
            f.size = Size(width: 120, height: 390)
            probe.drawForEdge(in: Canvas(surface: surface), frame: f)
        }
        // Turned, both are the bottom 40 points of a 390×120 frame: the side towards the content.
        #expect(Probe.seen == [Rect(x: 0, y: 80, width: 390, height: 40), Rect(x: 0, y: 80, width: 390, height: 40)])
    }

    @Test func theFieldsCrossTheProcessBoundary() throws {
        let original = frame(.above, draw: Rect(x: 0, y: 0, width: 390, height: 120))
        let message = PluginHostMessage.Frame(original)
        #expect(message.indicatorFrame == original)
        var none = original
        none.drawRect = nil
        #expect(PluginHostMessage.Frame(none).indicatorFrame == none)
        // Through the binary render request, as the preview sends it.
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        try PluginHostMessage.send(.render(instance: 3, frame: message, pixelWidth: 780, pixelHeight: 240, target: nil), on: fds[0])
        guard case .render(3, let received, 780, 240, nil) = try PluginHostMessage.receiveRequest(from: fds[1]) else {
            Issue.record("not the render request")
            return
        }
        #expect(received == message)
        // With a target: drawn over the host's pixels.
        let target = PluginHostMessage.Target(matrix: [2, 0, 0, 2, -3.5, 17.25], clip: [0, 0.5, 390, 120], tolerance: 0.1, antialias: 1, format: 0)
        try PluginHostMessage.send(.render(instance: 4, frame: message, pixelWidth: 20, pixelHeight: 10, target: target), on: fds[0])
        guard case .render(4, let again, 20, 10, let got) = try PluginHostMessage.receiveRequest(from: fds[1]) else {
            Issue.record("not the render request")
            return
        }
        #expect(again == message && got == target)
        // A state change, binary too (every frame of a pull sends one).
        try PluginHostMessage.send(.state(instance: 5, state: 2, result: 1, progress: 0.625), on: fds[0])
        guard case .state(5, 2, 1, let progress) = try PluginHostMessage.receiveRequest(from: fds[1]) else {
            Issue.record("not the state request")
            return
        }
        #expect(progress == 0.625)
    }

    @Test func describeSpeaksThePluginsWordsOrTheDefaults() throws {
        let label = try PluginLibrary(path: library("RefreshLabel")).makeIndicator(parametersJSON: "{}")
        let spinner = try PluginLibrary(path: library("RefreshSpinner")).makeIndicator(parametersJSON: "{}")
        let c = try PluginLibrary(path: library("RefreshSpinnerC")).makeIndicator(parametersJSON: "{}")
        #expect(spinner.pluginDescription(.refreshing, edge: .top, locale: "en") == nil, "the SDK's words are left to the host")
        #expect(spinner.stateDescription(.refreshing, edge: .top, locale: "zh-Hans") == "正在刷新")
        #expect(c.pluginDescription(.eligible, edge: .top, locale: "en") == nil, "a C plugin without describe")
        #expect(c.stateDescription(.eligible, edge: .top, locale: "ar") == "أفلت للتحديث")
        let words = try #require(label.pluginDescription(.refreshing, edge: .top, locale: "en"))
        #expect(words != StateDescription.text(for: .refreshing, edge: .top, locale: "en"))
        // The same words from a plugin-host child.
        let host = try PluginHostProcess(path: library("RefreshLabel"))
        let remote = try host.makeIndicator(parametersJSON: "{}")
        #expect(remote.stateDescription(.refreshing, edge: .top, locale: "en") == words)
        #expect(remote.stateDescription(.secondaryOpen, edge: .top, locale: "en") == "Second floor open")
    }
}
