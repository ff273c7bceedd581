import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK
import TestSupport
@testable import RefreshLottieExport

/// The export of indicators made for it: a frame whose drawing Lottie cannot say is an image and
/// is named, an indicator that draws a frame two ways is refused, and a drawing that does not
/// change between frames is one layer for all of them.
@Suite(.leavesNoPluginHost) struct LottieExportTests {
    /// The bar the test indicators draw in every frame.
    static func bar(_ canvas: Canvas) {
        canvas.addRect(Rect(x: 10, y: 10, width: 50, height: 10))
        canvas.fill(.color(Color(red: 0.2, green: 0.4, blue: 0.8)))
    }

    /// Draws a bar; while refreshing, a circle squashed by a scale that differs between the axes.
    struct Squashed: RefreshIndicator {
        static let info = IndicatorInfo(id: "test.squashed", name: "Squashed", version: "1.0.0", summary: "")
        static let parameters: [ParameterSpec] = []
        init(parameters: ParameterValues) throws {}
        var refreshLength: Double { 60 }
        func draw(in canvas: Canvas, frame: IndicatorFrame) {
            LottieExportTests.bar(canvas)
            guard frame.state == .refreshing else { return }
            canvas.scale(x: 3, y: 1)
            canvas.addEllipse(in: Rect(x: 20, y: 30, width: 10, height: 10))
            canvas.stroke(.color(Color(red: 0, green: 0, blue: 0)), style: StrokeStyle(lineWidth: 2))
        }
    }

    /// Draws its bar (where the first pull reveals it) one point further each time it is asked, over and over.
    final class Restless: RefreshIndicator {
        static let info = IndicatorInfo(id: "test.restless", name: "Restless", version: "1.0.0", summary: "")
        static let parameters: [ParameterSpec] = []
        nonisolated(unsafe) var drawn = 0.0
        init(parameters: ParameterValues) throws {}
        var refreshLength: Double { 60 }
        func draw(in canvas: Canvas, frame: IndicatorFrame) {
            drawn += 1
            // Within the frame however often it is asked (an export draws hundreds of frames first).
            canvas.addRect(Rect(x: drawn.truncatingRemainder(dividingBy: 100), y: 105, width: 50, height: 10))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
        }
    }

    /// Refreshing slides its bar in over a quarter second, then steps it between six places for ever.
    struct Sliding: RefreshIndicator {
        static let info = IndicatorInfo(id: "test.sliding", name: "Sliding", version: "1.0.0", summary: "")
        static let parameters: [ParameterSpec] = []
        /// What it declares of its period (nil: nothing).
        var refreshingPeriod: Double?
        init(parameters: ParameterValues) throws {}
        var refreshLength: Double { 60 }
        func draw(in canvas: Canvas, frame: IndicatorFrame) {
            guard frame.state == .refreshing else { return }
            let step = Int((frame.stateTime * 60).rounded())
            let x = step < 15 ? Double(step) * 2 : 40 + Double((step - 15) % 6) * 3
            canvas.addRect(Rect(x: x, y: 10, width: 20, height: 10))
            canvas.fill(.color(Color(red: 0.2, green: 0.4, blue: 0.8)))
        }
    }

    /// Draws a bar; a speck too faint to show at 1 pixel a point (a quarter of its one 2× pixel
    /// of alpha 1.5/255) shows on every other refreshing frame and in eligible from 0.2 s on.
    struct Faint: RefreshIndicator {
        static let info = IndicatorInfo(id: "test.faint", name: "Faint", version: "1.0.0", summary: "")
        static let parameters: [ParameterSpec] = []
        init(parameters: ParameterValues) throws {}
        var refreshLength: Double { 60 }
        func draw(in canvas: Canvas, frame: IndicatorFrame) {
            LottieExportTests.bar(canvas)
            let step = Int((frame.stateTime * 60).rounded())
            guard frame.state == .refreshing ? step % 2 == 1 : frame.state == .eligible && frame.stateTime >= 0.2 else { return }
            canvas.addRect(Rect(x: 100, y: 100, width: 0.5, height: 0.5))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 1.5 / 255)))
        }
    }

    /// Frames are told apart at 1× first and again at 2× where the same there: a change only 2×
    /// shows still makes a loop of two frames, not one, and a motion that settles later.
    @Test func aChangeTooSmallForOnePixelAPointStillTellsFramesApart() throws {
        let faint = LocalIndicator(try Faint(parameters: ParameterValues()))
        func pixels(scale: Double, stateTime: Double) throws -> [UInt32] {
            var spec = IndicatorFrame(size: Size(width: 390, height: 120), state: .refreshing, progress: 1)
            (spec.scale, spec.stateTime) = (scale, stateTime)
            faint.refreshState = .refreshing
            return try FrameRenderer.render(faint, frame: spec, background: .clear).pixelWords()
        }
        #expect(try pixels(scale: 1, stateTime: 0) == (try pixels(scale: 1, stateTime: 1.0 / 60)), "the speck does not show at 1×")
        #expect(try pixels(scale: 2, stateTime: 0) != (try pixels(scale: 2, stateTime: 1.0 / 60)), "the speck shows at 2×")
        var options = options()
        (options.framesPerSecond, options.longestLoop) = (60, 0.5)
        let export = try LottieExport(faint, info: Faint.info, options: options)
        #expect(export.loop == (2, true) && export.seam == nil)
        let eligible = try #require(export.markers.first { $0.name == "eligible" })
        #expect(eligible.frames == 13, "settles where the speck comes, at 0.2 s, not at once")
    }

    /// A start drawn once and a loop after it: the start is a marker of its own, played once, and the loop is seamless.
    @Test func refreshingsStartIsAMarkerBeforeItsSeamlessLoop() throws {
        var options = options()
        options.longestLoop = 0.5
        let export = try LottieExport(LocalIndicator(try Sliding(parameters: ParameterValues())), info: Sliding.info, options: options)
        let names = export.markers.map(\.name)
        let start = try #require(export.markers.first { $0.name == "refreshingStart" }), loop = try #require(export.markers.first { $0.name == "refreshing" })
        #expect(names == ["pulling", "eligible", "refreshingStart", "refreshing", "success", "failure", "noMoreData"])
        #expect(start.frames == 15 && loop.frames == 6 && loop.start == start.start + 15)
        #expect(export.refreshingStart == 15 && export.loop == (6, true) && export.seam == nil)
        #expect(!export.loopingMarkers.contains("refreshingStart") && export.loopingMarkers.contains("refreshing"))
        #expect(export.frames[loop.start].stateTime == 0.25, "the loop goes on from where the start ends")
        #expect(LottieExport.loop([9, 8, 1, 2, 3, 1, 2, 3, 1, 2], longest: 4, longestStart: 4).map { [$0.start, $0.period] } == [2, 3])
        #expect(LottieExport.loop([1, 2, 3, 1, 2, 3, 1, 2], longest: 4, longestStart: 4).map { [$0.start, $0.period] } == [0, 3])
        #expect(LottieExport.loop([9, 8, 7, 6, 1, 2, 1, 2], longest: 4, longestStart: 2) == nil, "a start longer than allowed")
    }

    /// A period the plugin declares is the loop where the drawing repeats there (0.1 s: 6 frames);
    /// where it does not (0.35 s: 21 frames, not a multiple of 6), the loop is looked for and that said.
    @Test func aDeclaredPeriodIsTheLoopWhereItHolds() throws {
        var options = options()
        options.longestLoop = 0.5
        for (period, frames, held) in [(0.1, 6, true), (0.35, 21, false)] {
            var sliding = try Sliding(parameters: ParameterValues())
            sliding.refreshingPeriod = period
            let export = try LottieExport(LocalIndicator(sliding), info: Sliding.info, options: options)
            #expect(export.loop == (6, true) && export.refreshingStart == 15)
            #expect(export.declaredPeriod == LottieExport.DeclaredPeriod(seconds: period, frames: frames, held: held))
        }
        #expect(LottieExport.frames(ofPeriod: 16.0 / 3, fps: 60, upTo: 720) == 320)
        #expect(LottieExport.frames(ofPeriod: 0.35, fps: 60, upTo: 20) == nil, "21 frames are more than 20")
        #expect(LottieExport.frames(ofPeriod: 0.125, fps: 60, upTo: 720) == 15, "7.5 frames twice")
        // Periods nobody meant: an answer at once, never a count of multiples without end.
        #expect(LottieExport.frames(ofPeriod: 1e308, fps: 60, upTo: 720) == nil)
        #expect(LottieExport.frames(ofPeriod: 1e-300, fps: 60, upTo: 720) == 1)
        #expect(LottieExport.frames(ofPeriod: 1 / 7.0, fps: 60, upTo: 720) == 60, "8.57 frames seven times")
    }

    func options() -> LottieExport.Options {
        var options = LottieExport.Options()
        options.pullFrames = 4
        options.longestLoop = 0.25
        return options
    }

    @Test func aFrameLottieCannotSayIsAnImageAndNamed() throws {
        let indicator = LocalIndicator(try Squashed(parameters: ParameterValues()))
        let export = try LottieExport(indicator, info: Squashed.info, options: options())
        #expect(export.fallbacks == [LottieExport.Fallback(marker: "refreshing", frame: 0,
                                                          reason: "a stroke drawn under a scale that differs between the axes or a skew")])
        #expect(export.imageCount == 1)
        // The bar is the same in every frame: one shape layer, from the pull to the end.
        #expect(export.shapeLayerCount >= 1)
        let text = String(decoding: export.json, as: UTF8.self)
        #expect(text.contains(#""ty":"fl""#) && text.contains("data:image/png;base64,"))
    }

    @Test func anIndicatorThatDrawsAFrameTwoWaysIsRefused() throws {
        let indicator = LocalIndicator(try Restless(parameters: ParameterValues()))
        let error = #expect(throws: LottieExport.ExportError.self) { try LottieExport(indicator, info: Restless.info, options: options()) }
        #expect(error?.reason.hasPrefix("Restless is not deterministic: two recordings of pulling frame 1 differ") == true, "\(String(describing: error))")
    }
}

/// The preview's export: the indicator shown, under the next free number in the output folder.
@Suite(.leavesNoPluginHost) struct NumberedExportTests {
    @Test func aSecondExportNeverReplacesTheFirst() throws {
        let folder = scratchDirectory("numbered-export-\(UUID().uuidString.prefix(8))")
        let indicator = LocalIndicator(try LottieExportTests.Squashed(parameters: ParameterValues()))
        let first = try NumberedExport.write(indicator, edge: .top, into: folder)
        let second = try NumberedExport.write(indicator, edge: .top, into: folder)
        #expect(first.log.hasPrefix("exported \(folder)/Squashed-1.lottie") && second.log.hasPrefix("exported \(folder)/Squashed-2.lottie"))
        #expect(second.panel.hasPrefix("exported Squashed-2.lottie, .json, -dark.json into \(folder): "), "\(second.panel)")
        #expect(first.log.contains("1 frames as images"), "\(first)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["Squashed-1-dark.json", "Squashed-1.json", "Squashed-1.lottie", "Squashed-2-dark.json", "Squashed-2.json", "Squashed-2.lottie"])
    }

    /// The preview exports as the indicator sits: placed stretch, it is drawn over-pulled as tall as
    /// the pull (2.5 × 60 pt), the band at the bottom of a composition that tall.
    @Test func aSceneIsExportedAsTallAsItsOverpull() throws {
        let folder = scratchDirectory("numbered-export-\(UUID().uuidString.prefix(8))")
        let indicator = LocalIndicator(try LottieExportTests.Squashed(parameters: ParameterValues()))
        _ = try NumberedExport.write(indicator, edge: .top, into: folder)
        _ = try NumberedExport.write(indicator, edge: .top, placement: .stretch, into: folder)
        func read(_ name: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).json"))) as? [String: Any])
        }
        let (pushed, stretched) = (try read("Squashed-1"), try read("Squashed-2"))
        #expect(pushed["h"] as? Double == 120 && stretched["h"] as? Double == 150)
        let meta = (stretched["meta"] as? [String: Any])?["refreshkit"] as? [String: Any]
        #expect(meta?["bandHeight"] as? Double == 120 && meta?["overpullReach"] as? Double == 2.5, "\(meta ?? [:])")
        #expect((stretched["markers"] as? [[String: Any]])?.last?["cm"] as? String == "overpulling")
    }
}
