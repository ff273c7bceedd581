import Foundation
import Testing
@testable import RefreshHost
import RefreshCore
import RefreshPluginSDK
import TestSupport
@testable import RefreshHandoff

/// The handoff's generators: each platform's text is held against a golden (a change to a
/// generator shows as a diff), quotes, backslashes, dollars and line breaks in a plugin's words
/// stay inside their literals and comments, the curve follows the spring, and the hold is the
/// list's (`refresh-dump handoff` for every built-in is HandoffCommandTests').
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
}
