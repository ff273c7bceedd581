import RefreshCore
import RefreshHost
import RefreshLottieExport
import RefreshPluginSDK
import TestSupport
import Testing
@testable import RefreshHandoff

/// The one table every handoff that plays the export is written from, and each generated file held to it.
@Suite(.leavesNoPluginHost) struct LottiePlaybackTests {
    static func spec(placement: IndicatorPlacement = .push, resultHold: Double = 0.75) -> HandoffSpec {
        HandoffSpec(
            name: "Water Drop", id: "dev.example.water-drop", version: "1.2.0", trigger: 80, hold: 80, startOffset: 0, policy: .onRelease,
            resultHold: resultHold, placement: placement, haptics: .off, secondFloorTrigger: nil, parameters: [],
            texts: .init(pulling: "Pull", eligible: "Release", refreshing: "Loading", success: "Done", failure: "Failed", noMoreData: "No more"),
            rubberBand: 0.55, spring: Spring())
    }

    @Test func theTableSaysHowEachMarkerPlays() {
        let table = LottiePlayback(Self.spec(resultHold: 1.25))
        #expect(table.rows.map(\.marker) == LottieMarker.allCases, "a row for every marker the export writes, in its order")
        #expect(table[.pulling].play == .scrub)
        #expect(table[.eligible].play == .once)
        #expect(table[.refreshingStart].play == .once && table[.refreshingStart].then == .refreshing)
        #expect(table[.refreshing].play == .loop && table[.refreshing].then == nil)
        #expect(table[.success].play == .once && table[.success].hold == 1.25)
        #expect(table[.failure].play == .once && table[.failure].hold == 1.25)
        #expect(table[.noMoreData].play == .once && table[.noMoreData].hold == nil)
    }

    /// A motion the export found repeating (the plugin draws eligible as a loop) loops in the app too; one that settles plays once.
    @Test func eligibleLoopsWhereTheExportSaysSo() {
        var spec = Self.spec()
        #expect(LottiePlayback(spec)[.eligible].play == .once)
        spec.loopingMarkers = ["refreshing", "eligible"]
        #expect(LottiePlayback(spec)[.eligible].play == .loop)
        #expect(LottiePlayback(spec)[.noMoreData].play == .once)
        #expect(HandoffPlatform.mjrefreshLottie.text(for: spec).contains("play(\"eligible\", loop: true)"))
    }

    /// Past the trigger the over-pull scrubs where the export has one: its first frame at the trigger, its last at the reach.
    @Test func theOverpullScrubsPastTheTrigger() {
        var spec = Self.spec()
        #expect(LottiePlayback(spec).overpullScrub(atPull: 120) == nil, "an export without an over-pull")
        spec.overpull = (2.5, 120)
        let table = LottiePlayback(spec)
        #expect(table[.overpulling].play == .scrub)
        #expect(table.overpullScrub(atPull: 79) == nil && table.overpullScrub(atPull: 80) == 0)
        #expect(table.overpullScrub(atPull: 140) == 0.5 && table.overpullScrub(atPull: 400) == 1)
        #expect(table.exportSize.height == 120)
        // Each file that plays the export scrubs it once eligible has played.
        let parts: [HandoffPlatform: [String]] = [
            .mjrefreshLottie: ["static let overpullReach: CGFloat = 2.5", "self.eligiblePlayed = true", "guard state == .pulling, eligiblePlayed"],
            .mjrefreshLottieObjectiveC: ["OverpullReach = 2.5;", "strongSelf->_eligiblePlayed = YES;", "if (self.state != MJRefreshStatePulling || !_eligiblePlayed"],
            .smartRefreshLayoutLottie: ["const val OVERPULL_REACH = 2.5f", "overpulling = OVERPULL_REACH > 1f && range(\"overpulling\")", "if (overpulling) return overscrub()"],
            .composeLottie: ["const val OVERPULL_REACH = 2.5f", "eligiblePlayed = marker == \"eligible\"", "loaded.getProgressForFrame(overpulling.startFrame"],
            .easyRefreshLottie: ["static const double overpullReach = 2.5;", "setState(() => _eligiblePlayed = true)", "AlwaysStoppedAnimation(overpulling.start"],
            .swiftUILottie: ["static let overpullReach: CGFloat = 2.5", "eligiblePlayed = true", "return .paused(at: .frame(start + f * max(0, length - 1)))"],
            .web: ["overpullReach: 2.5,", "eligiblePlayed = true;", "if (next === \"eligible\") overscrub();"],
        ]
        for (platform, wanted) in parts {
            let text = platform.text(for: spec)
            for part in wanted { #expect(text.contains(part), "\(platform.fileName): \(part)") }
        }
        // A scene's over-pull is drawn taller: the export is that tall, its band at the bottom.
        var scene = Self.spec(placement: .stretch)
        scene.overpull = (2.5, 200)
        #expect(LottiePlayback(scene).exportSize == Size(width: 430, height: 200))
        #expect(LottiePlayback(scene).exportOptions.size == Size(width: 430, height: 120), "the band is drawn at render's height")
    }

    /// Each file that plays the export loads the app's locale's file: the list the export was written in,
    /// and the platform's own call that picks from it.
    @Test func eachFileLoadsTheAppsLocale() {
        var spec = Self.spec()
        spec.locales = ["en", "zh-Hans", "ar"]
        let parts: [HandoffPlatform: [String]] = [
            .mjrefreshLottie: ["static let exportLocales = [\"en\", \"zh-Hans\", \"ar\"]", "Bundle.preferredLocalizations(from: exportLocales, forPreferences: Locale.preferredLanguages)",
                               "LottieAnimation.named(Self.exportName(dark:"],
            .mjrefreshLottieObjectiveC: ["@[@\"en\", @\"zh-Hans\", @\"ar\"]", "[NSBundle preferredLocalizationsFromArray:locales forPreferences:NSLocale.preferredLanguages]",
                                         "initWithName:WaterDropLottieHeaderExportName(dark)"],
            .swiftUILottie: ["static let exportLocales = [\"en\", \"zh-Hans\", \"ar\"]", "LottieAnimation.named(exportName(dark: true))"],
            .smartRefreshLayoutLottie: ["listOf(\"en\", \"zh-Hans\", \"ar\")", "exportAsset(resources.configuration.locales, dark ="],
            .composeLottie: ["listOf(\"en\", \"zh-Hans\", \"ar\")", "exportAsset(LocalConfiguration.current.locales, dark ="],
            .easyRefreshLottie: ["static const exportLocales = ['en', 'zh-Hans', 'ar'];", "exportAsset(Localizations.maybeLocaleOf(context)"],
            .web: ["const locales = [\"en\", \"zh-Hans\", \"ar\"];", "export function waterDropRefreshFile(dark = false, languages = navigator.languages"],
        ]
        for (platform, wanted) in parts {
            let text = platform.text(for: spec)
            for part in wanted { #expect(text.contains(part), "\(platform.fileName): \(part)") }
            #expect(text.contains("Water-Drop-zh-Hans.json"), "\(platform.fileName) names each locale's file")
        }
        #expect(WebLottieHandoff.demoPage(spec).contains("fetch(waterDropRefreshFile(dark))"), "the demo page loads the page's language's file")
    }

    /// Only the pull below the trigger scrubs, from the marker's first frame at rest to its last at the trigger.
    @Test func onlyThePullBelowTheTriggerScrubs() {
        let table = LottiePlayback(Self.spec())
        #expect(table.scrub(atPull: 0) == 0)
        #expect(table.scrub(atPull: 40) == 0.5)
        #expect(table.scrub(atPull: -5) == 0)
        #expect(table.scrub(atPull: 80) == nil)
        #expect(table.scrub(atPull: 200) == nil)
    }

    /// 1 pt of the export is 1 pt on screen on every phone; a full-width scene is exported 430 pt wide
    /// (no band beside it on any phone) and scaled up only on wider headers.
    @Test func onePointIsOnePointAndScenesFillTheWidth() {
        let spinner = LottiePlayback(Self.spec(placement: .push))
        #expect(spinner.exportSize == Defaults.bandSize)
        for width in [320.0, 390, 430, 1024] { #expect(spinner.scale(headerWidth: width, exportWidth: spinner.exportSize.width) == 1) }
        let scene = LottiePlayback(Self.spec(placement: .stretch))
        #expect(scene.exportSize == Size(width: 430, height: Defaults.bandSize.height))
        for width in [320.0, 375, 390, 430] { #expect(scene.scale(headerWidth: width, exportWidth: scene.exportSize.width) == 1, "\(width)") }
        #expect(scene.scale(headerWidth: 1024, exportWidth: 430) == 1024.0 / 430)
        #expect(scene.exportOptions.size == scene.exportSize)
    }

    /// What each file that plays the export must say for each row of the table.
    static func expected(_ platform: HandoffPlatform, _ row: LottiePlayback.Row) -> String? {
        let name = row.marker.rawValue, loops = row.play == .loop
        switch (platform, row.marker) {
        case (.easyRefreshLottie, _): return loops ? "looped = {'\(name)'}" : "'\(name)'"
        case (.mjrefreshGif, .overpulling): return nil  // a GIF header's images have no over-pull
        case (.mjrefreshLottieObjectiveC, .overpulling): return "frameTimeForMarker:@\"\(name)\""
        case (.web, .overpulling): return "marks.\(name)"
        case (_, .overpulling): return "\"\(name)\""
        case (.web, .noMoreData): return nil  // the module is a header: no end of data
        case (.web, .pulling): return "marks.\(name)"
        case (.web, _): return loops ? "looped: [\"\(name)\"]" : "\"\(name)\""
        case (_, .pulling): return "\"\(name)\""
        case (.mjrefreshLottie, .success), (.mjrefreshLottie, .failure): return "\"\(name)\""
        case (.mjrefreshLottie, _): return "play(\"\(name)\", loop: \(loops))"
        case (.mjrefreshLottieObjectiveC, .success), (.mjrefreshLottieObjectiveC, .failure): return "@\"\(name)\""
        case (.mjrefreshLottieObjectiveC, .refreshingStart): return "[self play:@\"\(name)\" loop:NO completion:"
        case (.mjrefreshLottieObjectiveC, .eligible): return "[self play:@\"\(name)\" loop:\(loops ? "YES" : "NO") completion:"
        case (.mjrefreshLottieObjectiveC, _): return "[self play:@\"\(name)\" loop:\(loops ? "YES" : "NO")]"
        case (.mjrefreshGif, .noMoreData): return nil  // a header's images have no end of data
        case (.mjrefreshGif, .success), (.mjrefreshGif, .failure): return "\"\(name)\""
        case (.mjrefreshGif, .refreshingStart): return "let start = frames(\"\(name)\")"
        case (.mjrefreshGif, _): return "play(frames(\"\(name)\"), repeats: \(loops ? 0 : 1))"
        case (.smartRefreshLayoutLottie, .noMoreData): return nil  // a SmartRefreshLayout header has no such state
        case (.smartRefreshLayoutLottie, .success), (.smartRefreshLayoutLottie, .failure): return "\"\(name)\""
        case (.smartRefreshLayoutLottie, _): return "play(\"\(name)\", loop = \(loops))"
        case (.composeLottie, .noMoreData): return nil  // Material's pull-to-refresh has no such state
        case (.composeLottie, _): return loops ? "Looped = setOf(\"\(name)\")" : "\"\(name)\""
        case (.swiftUILottie, .noMoreData): return nil  // swiftui.swift's list has no end of data
        case (.swiftUILottie, .success), (.swiftUILottie, .failure): return "\"\(name)\""
        case (.swiftUILottie, .refreshingStart): return "play(\"\(name)\", in: animation, loop: false)"
        case (.swiftUILottie, _): return "play(\"\(name)\", in: animation, loop: \(loops))"
        default: return nil
        }
    }

    @Test(arguments: HandoffPlatform.allCases.filter(\.playsExport))
    func eachFileFollowsTheTable(platform: HandoffPlatform) {
        for placement in [IndicatorPlacement.push, .stretch] {
            let spec = Self.spec(placement: placement)
            let table = LottiePlayback(spec)
            let text = platform.text(for: spec)
            for row in table.rows {
                guard let expected = Self.expected(platform, row) else { continue }
                #expect(text.contains(expected), "\(platform.fileName): \(row.marker) should show as \(expected)")
            }
            #expect(text.contains("\(Int((spec.resultHold * 1000).rounded()))") || text.contains(HandoffSpec.number(spec.resultHold, 3)), "\(platform.fileName): the result hold")
            #expect(text.contains(HandoffSpec.number(table.exportSize.width, 1)) && text.contains(HandoffSpec.number(table.exportSize.height, 1)), "\(platform.fileName): the export's size")
            #expect(text.contains("\(table.fillsWidth)") || text.contains(table.fillsWidth ? "YES" : "NO"), "\(platform.fileName): whether it fills the width")
            #expect(text.contains("Playback (RefreshKit's one table"), "\(platform.fileName): the table at its top")
        }
    }

    /// The start refreshing draws once (a wave's spring) plays before the loop where the file has it, and only
    /// in the refresh that started it: each file checks for the marker, chains the loop after it, and stops the
    /// chain when another state comes first.
    @Test(arguments: HandoffPlatform.allCases.filter(\.playsExport))
    func eachFileChainsTheStartOfRefreshingToItsLoop(platform: HandoffPlatform) throws {
        let text = platform.text(for: Self.spec())
        let chain: [String] = switch platform {
        case .mjrefreshLottie: ["frameTime(forMarker: \"refreshingStart\") != nil", "play(\"refreshingStart\", loop: false) { [weak self] finished in", "guard finished, let self, self.state == .refreshing"]
        case .mjrefreshLottieObjectiveC: ["durationFrameTimeForMarker:@\"refreshingStart\"] <= 0", "completion:^(BOOL finished)", "if (!finished ||"]
        case .mjrefreshGif: ["guard !start.isEmpty", "asyncAfter(deadline: .now() + duration(start))", "self.refreshes == run"]
        case .smartRefreshLayoutLottie: ["getMarker(\"refreshingStart\") == null", "next = \"refreshing\"", "override fun onAnimationEnd", "if (newState != RefreshState.Refreshing) next = null"]
        case .composeLottie: ["StartsWith = mapOf(\"refreshing\" to \"refreshingStart\")", "clipSpec = clip(first, once = true)"]
        case .easyRefreshLottie: ["startsWith = {'refreshing': 'refreshingStart'}", "if (!mounted || _playing != name) return;"]
        case .swiftUILottie: ["@State private var startPlayed = false", "if isRefreshing { startPlayed = true }", ".onChange(of: isRefreshing) { _ in startPlayed = false }"]
        case .web: ["then: { \"refreshingStart\": \"refreshing\" }", "if (spec.then[shown]) play(spec.then[shown]);"]
        default: []
        }
        #expect(!chain.isEmpty, "\(platform.fileName) plays the export: say how it chains the start")
        for part in chain { #expect(text.contains(part), "\(platform.fileName): \(part)") }
    }

    /// Every file names the libraries and versions it was written for, with how an app adds them, on its first line.
    @Test(arguments: HandoffPlatform.allCases)
    func everyFileNamesItsVersions(platform: HandoffPlatform) throws {
        let first = try #require(platform.text(for: Self.spec()).split(separator: "\n").first)
        #expect(first.hasPrefix("// Written for "), "\(platform.fileName): \(first)")
        #expect(first.firstMatch(of: /\d+\.\d+/) != nil, "\(platform.fileName): a version")
    }

    /// The body of the function or method whose header line contains `header`, up to its closing brace at the same indent.
    static func body(_ text: String, after header: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(header) }) else { return nil }
        let indent = lines[start].prefix { $0 == " " }
        guard let end = lines[(start + 1)...].firstIndex(where: { $0 == indent + "}" }) else { return nil }
        return lines[start...end].joined(separator: "\n")
    }

    /// MJRefresh 3.7.9's initWithFrame: sets the durations after prepare: set there, they were lost (0.4 s, not the tuned close).
    @Test(arguments: [HandoffPlatform.mjrefreshSwift, .mjrefreshObjectiveC, .mjrefreshLottie, .mjrefreshLottieObjectiveC, .mjrefreshGif])
    func mjrefreshDurationsAreSetAfterItsInit(platform: HandoffPlatform) throws {
        let text = platform.text(for: Self.spec())
        let prepare = try #require(Self.body(text, after: platform.fileName.hasSuffix(".m") ? "- (void)prepare" : "override func prepare()"))
        #expect(!prepare.contains("AnimationDuration"), "\(platform.fileName): a duration set in prepare is overwritten by initWithFrame:")
        let initializer = try #require(Self.body(text, after: platform.fileName.hasSuffix(".m") ? "- (instancetype)initWithFrame:" : "override init(frame: CGRect)"))
        #expect(initializer.contains("slowAnimationDuration ="), "\(platform.fileName)")
    }

    /// Each of the bugs found by reading the files against their libraries, held.
    @Test func theBugsReadAgainstTheLibrariesStayFixed() {
        let spec = Self.spec()
        let gif = HandoffPlatform.mjrefreshGif.text(for: spec)
        #expect(gif.contains("gifView.animationRepeatCount = repeats"), "every state sets its own repeat count")
        #expect(!gif.contains("animationRepeatCount = 1"), "a count of 1 left by the result froze every later loop")
        #expect(gif.contains("mj_h = Self.triggerDistance") && Self.body(gif, after: "private func loadFrames()")?.contains("mj_h = Self.triggerDistance") == true,
                "setImages raises mj_h to the images' height: the trigger is set after them")
        let srl = HandoffPlatform.smartRefreshLayoutLottie.text(for: spec)
        #expect(!srl.contains("setMinAndMaxFrame(\""), "setMinAndMaxFrame(String) throws for a missing marker")
        #expect(srl.contains("if (!isDragging) return") && srl.contains("if (!scrubbing) return"), "the pull scrubs only while pulling below the trigger")
        #expect(srl.contains("layout.setHeaderHeight(TRIGGER_DP)"), "the header's height is set")
        let objc = HandoffPlatform.mjrefreshLottieObjectiveC.text(for: spec)
        #expect(objc.contains("frameTimeForMarker:@\"pulling\"") && objc.contains("durationFrameTimeForMarker:@\"pulling\""), "the pull's frames read from the marker")
        let composeLottie = HandoffPlatform.composeLottie.text(for: spec)
        #expect(composeLottie.contains(".clipToBounds()") && composeLottie.contains(".offset { IntOffset(0, (pull - height).roundToPx()) }"), "the indicator moves with the pull, clipped")
        #expect(composeLottie.contains("if (state.distanceFraction > 0f || isRefreshing)"), "hidden at rest")
        let compose = HandoffPlatform.compose.text(for: spec)
        #expect(!compose.contains("PullToRefreshBox(") && !compose.contains("threshold = \(HandoffPlatform.typeName(spec.name))Refresh.Threshold,\n"), "no release takes threshold in both")
        #expect(compose.contains(".pullToRefresh(isRefreshing = isRefreshing, state = state, threshold = ") && compose.contains("maxDistance = "))
        let swiftUI = HandoffPlatform.swiftUI.text(for: spec)
        #expect(swiftUI.contains("RefreshIndicator(pull: pull, isRefreshing: isRefreshing, result: result)"), "the list passes the result")
        #expect(swiftUI.contains("result = await load()"))
        let easy = HandoffPlatform.easyRefreshLottie.text(for: spec)
        #expect(easy.contains("IndicatorResult.noMore => 'noMoreData'"), "no more data is not a success")
        // A marker played once ends on its own last frame, not on the next marker's first where the players' marker calls end.
        let swift = HandoffPlatform.mjrefreshLottie.text(for: spec)
        #expect(!swift.contains("animationView.play(marker:") && swift.contains("toFrame: start + (loop ? length : max(0, length - 1))"), "lottie-ios's play(marker:) ends on the frame after it")
        #expect(!objc.contains("[_animationView playWithMarker:") && objc.contains("toFrame:start + (loop ? length : length - 1)"), "CompatibleAnimationView's too")
        let swiftUILottie = HandoffPlatform.swiftUILottie.text(for: spec)
        #expect(!swiftUILottie.contains(".marker(") && swiftUILottie.contains(".fromFrame(start, toFrame: start + (loop ? length : max(0, length - 1))"), "LottiePlaybackMode.marker too")
        #expect(composeLottie.contains("if (once) LottieClipSpec.Frame(") && !composeLottie.contains("clipSpec = LottieClipSpec.Marker("), "LottieClipSpec.Marker's max is the frame after it")
        #expect(!easy.contains("animateTo(marker.end") && easy.contains("final last = marker.end - 1 / composition.durationFrames;"), "Marker.end is the next frame's progress")
        #expect(easy.contains("OverflowBox(") && !easy.contains("SizedBox(\n                height: state.offset,\n                child: Lottie"), "the export at its own size, not fitted to the pull")
    }
}
