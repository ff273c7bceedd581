import Foundation
import Testing
@testable import RefreshHost
import RefreshCore
import RefreshPluginSDK
import TestSupport
@testable import RefreshHandoff

/// `refresh-dump handoff` and the generators behind it: each platform's text is held against a
/// golden (a change to a generator shows as a diff), quotes, backslashes, dollars and line breaks
/// in a plugin's words stay inside their literals and comments, the Swift files parse with
/// Swift's own parser, and every built-in gets its files (and the Lottie export the lottie-ios file plays).
@Suite(.leavesNoPluginHost) struct HandoffTests {
    /// A spec with words that would break a naive generator.
    static let awkward = HandoffSpec(
        name: "Water Drop", id: "dev.example.water-drop", version: "1.2.0", trigger: 80, hold: 64, startOffset: 4, policy: .onReach,
        resultHold: 0.75, placement: .behind, haptics: .thresholdAndStart, secondFloorTrigger: 200,
        parameters: [("color", .color(try! Color(hex: "#3366CC"))), ("darkColor", .color(try! Color(hex: "#99AABBCC"))), ("stretch", .number(120))],
        texts: .init(pulling: "Pull \"down\"", eligible: "Release \\ now", refreshing: "Loading $items", success: "Done\nnext line */",
                     failure: "Failed", noMoreData: "No more"),
        rubberBand: 0.55, spring: Spring())

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Handoff").path

    @Test(arguments: HandoffPlatform.allCases)
    func eachPlatformMatchesItsGolden(platform: HandoffPlatform) async throws {
        let text = platform.text(for: Self.awkward)
        let golden = "\(Self.goldenFolder)/\(platform.fileName).golden"
        if ProcessInfo.processInfo.environment["REFRESHKIT_RECORD_HANDOFF"] == "1" {
            try text.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let expected = try #require(try? String(contentsOfFile: golden, encoding: .utf8), "no golden at \(golden): REFRESHKIT_RECORD_HANDOFF=1 swift test --filter HandoffTests records it")
        #expect(text == expected, "\(platform.fileName) differs from its golden; if the change is meant, record it again")
    }

    /// No value reaches a line of code outside its comment or literal: the line break of "Done\n"
    /// is a space in the comment, and no line starts with what followed it.
    @Test func wordsStayInTheirCommentsAndLiterals() async {
        for platform in HandoffPlatform.allCases {
            let text = platform.text(for: Self.awkward)
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("next line") }, "\(platform.fileName)")
            // Compose's code carries no words (its indicator is Material's); the others' do, escaped.
            if platform != .compose { #expect(text.contains("Pull \\\"down\\\""), "\(platform.fileName): the quote is escaped") }
        }
        #expect(HandoffPlatform.easyRefresh.text(for: Self.awkward).contains("Loading \\$items"), "Dart's $ is escaped")
        #expect(HandoffPlatform.smartRefreshLayout.text(for: Self.awkward).contains("Color.parseColor(\"#CC99AABB\")"), "Android's colour is #AARRGGBB")
    }

    /// The spring's closest curve is close: within 0.05 of the spring at every sampled time.
    @Test func theCurveFollowsTheSpring() async {
        let spec = Self.awkward
        let bezier = spec.springBezier
        let duration = Double(spec.springBackMilliseconds) / 1000
        for k in 1..<20 {
            let x = Double(k) / 20
            let spring = 1 - spec.spring.state(displacement: 1, velocity: 0, time: x * duration).displacement
            #expect(abs(bezier.value(at: x) - spring) < 0.05, "at \(x): \(bezier.value(at: x)) against \(spring)")
        }
    }

    /// The handoff's distances are the list's: a scenario that names the trigger but not the hold
    /// holds at the plugin's length (the container's default), and the handoff says so.
    @Test func theHoldIsTheListsWhenTheScenarioLeavesIt() async throws {
        let json = """
        { "name": "trigger only", "rows": 20,
          "edges": { "top": { "plugin": "dev.refreshkit.spinner", "triggerDistance": 100 } },
          "steps": [ { "wait": 0.1 } ] }
        """
        let player = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [buildFolder]))
        let spec = try #require(HandoffSpec(player: player))
        let status = try #require(player.driver.container.status(of: .top))
        #expect(spec.trigger == 100)
        #expect(spec.hold == status.holdExtent && spec.hold == player.slots[.top]?.refreshLength, "hold \(spec.hold), the list's \(status.holdExtent)")
    }

    static let builtIns = ["Spinner", "Spinner (C)", "Material", "Water Drop", "StoreHouse", "Phoenix", "Taurus", "Bezier Radar", "Rainbow", "Label", "Lottie", "Path Drawing", "Image Sequence"]

    /// Every built-in: a file per platform with its trigger in them, and the Lottie export the
    /// lottie-ios file plays (light and dark, named as that file loads them); the Swift ones parse (swiftc -parse).
    @Test(arguments: builtIns)
    func everyBuiltInGetsItsFiles(name: String) async throws {
        let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "swiftc is on the PATH wherever swift test runs")
        let folder = scratch("handoff-\(Scenario.safeFileName(name))")
        let (status, output) = try await refreshDump(["handoff", "--plugin", name, "--out", folder])
        #expect(status == 0, "\(name): \(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let animation = Scenario.safeFileName(name)
        // Label draws words in three languages: without --locale, a file each (the first's without its tag).
        let others = name == "Label" ? ["zh-Hans", "ar"].flatMap { ["\(animation)-\($0).json", "\(animation)-\($0)-dark.json"] } : []
        #expect(files == (HandoffPlatform.allCases.map(\.fileName) + [WebLottieHandoff.demoFileName, "\(animation).json", "\(animation)-dark.json"] + others).sorted(),
                "\(name): \(files)")
        if name == "Label" {
            let code = try String(contentsOfFile: "\(folder)/mjrefresh-lottie.swift", encoding: .utf8)
            #expect(code.contains(#"static let exportLocales = ["en", "zh-Hans", "ar"]"#), "the code carries every language written")
        }
        let lottie = try String(contentsOfFile: "\(folder)/mjrefresh-lottie.swift", encoding: .utf8)
        #expect(lottie.contains("LottieAnimation.named(Self.exportName(dark: traitCollection.userInterfaceStyle == .dark))")
                && lottie.contains("return \"\(animation)\" + (locale == exportLocales[0] ? \"\" : \"-\" + locale) + (dark ? \"-dark\" : \"\")"), "\(name)")
        let mj = try String(contentsOfFile: "\(folder)/mjrefresh.swift", encoding: .utf8)
        #expect(mj.contains("static let triggerDistance: CGFloat = "), "\(name)")
        // swiftc wants each file name once: copies named for the file.
        let parseFolder = scratch("handoff-parse-\(Scenario.safeFileName(name))")
        var swiftFiles: [String] = []
        for file in ["mjrefresh.swift", "mjrefresh-lottie.swift", "swiftui.swift", "swiftui-lottie.swift"] {
            let copy = "\(parseFolder)/\(file)"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: "\(folder)/\(file)", toPath: copy)
            swiftFiles.append(copy)
        }
        let (parsed, errors) = try await runProgram(swiftc, ["-parse"] + swiftFiles)
        #expect(parsed == 0, "\(errors)")
    }
}
