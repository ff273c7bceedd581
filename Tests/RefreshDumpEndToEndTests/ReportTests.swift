import Foundation
import RefreshHandoff
import Testing
import TestSupport
import RefreshHost
import RefreshGoldens
import RefreshGraphics

/// Opens `page` in headless Chromium at `#selftest` (its videos autoplay; `budget` ms of virtual
/// time) and returns the DOM and the page's own report, the JSON in `<pre id="selftest">`.
func selftest(page: String, budget: Int = 20000) async throws -> (dom: String, report: [String: Any]) {
    let (status, dom) = try await runProgram("/usr/bin/chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required",
                                                             "--virtual-time-budget=\(budget)", "--dump-dom", "file://\(page)#selftest"])
    #expect(status == 0)
    let start = try #require(dom.range(of: "<pre id=\"selftest\">"), "the page's script did not run: \(dom.prefix(500))")
    let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
    return (dom, try #require(try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]))
}

/// The review page, opened in a real browser (Debian's headless Chromium): every video loads,
/// scrubbing a timeline shows the state at that frame, and the page reaches for nothing online.
@Suite(.leavesNoPluginHost) struct ReportTests {
    @Test func theReportPageWorksInABrowser() async throws {
        let folder = scratch("report")
        let (status, output) = try await refreshDump(["report", "--plugin", "Spinner", "--plugin", "Rainbow", "--scenario", "pull-to-refresh", "--export", "--out", folder])
        #expect(status == 0, "\(output)")
        // --export: the animation each column's Lottie files play, beside them.
        for name in ["Spinner.json", "Spinner-dark.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/handoff/dev.refreshkit.spinner/\(name)"), "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: "\(folder)/handoff/dev.refreshkit.rainbow/Rainbow-dark.json"))
        let html = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page must work offline")

        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/spec.json"))) as? [String: Any])
        let scenarios = try #require(spec["scenarios"] as? [String: [String: Any]])
        let top = try #require((scenarios["pull-to-refresh"]?["edges"] as? [String: [String: Any]])?["top"])
        // The scenario leaves the trigger distance to the plugin: each plugin's is listed.
        #expect(top["triggerDistance"] is NSNull)
        #expect(top["triggerDistanceByPlugin"] as? [String: Double] == ["dev.refreshkit.spinner": 60, "dev.refreshkit.rainbow": 64])
        #expect((spec["plugins"] as? [String: Any])?.keys.sorted() == ["dev.refreshkit.rainbow", "dev.refreshkit.spinner"])

        let (_, report) = try await selftest(page: "\(folder)/index.html", budget: 20000)
        #expect(report["cells"] as? Int == 2)
        #expect(report["ok"] as? Int == 2, "\(report)")
        let label = try #require(report["label"] as? String)
        #expect(label.contains("top refreshing"), "\(label)")
        #expect((report["markers"] as? Int ?? 0) >= 3)
    }
}

/// Two parameter sets of one plugin, side by side.
@Suite(.leavesNoPluginHost) struct ReportVariantTests {
    @Test func variantsAreColumnsWithTheirOwnParameters() async throws {
        let folder = scratch("report-variants")
        let (status, output) = try await refreshDump(["report", "--plugin", "Spinner", "--scenario", "pull-to-refresh",
                                                "--variant", "small: radius=6", "--variant", "big: radius=20, spokes=12", "--out", folder])
        #expect(status == 0, "\(output)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/spec.json"))) as? [String: Any])
        let plugins = try #require(spec["plugins"] as? [String: [String: Any]])
        #expect(plugins.keys.sorted() == ["dev.refreshkit.spinner", "dev.refreshkit.spinner · big", "dev.refreshkit.spinner · small"], "the baseline is always a column")
        #expect((plugins["dev.refreshkit.spinner · big"]?["parameters"] as? [String: Any])?["radius"] as? Double == 20)
        #expect((plugins["dev.refreshkit.spinner · small"]?["parameters"] as? [String: Any])?["radius"] as? Double == 6)
        let small = FileManager.default.contents(atPath: "\(folder)/cells/light/pull-to-refresh/dev.refreshkit.spinner-small.mp4")
        let big = FileManager.default.contents(atPath: "\(folder)/cells/light/pull-to-refresh/dev.refreshkit.spinner-big.mp4")
        #expect(small != nil && big != nil && small != big)
        let (badStatus, bad) = try await refreshDump(["report", "--plugin", "Spinner", "--variant", "no colon", "--out", scratch("report-bad-variant")])
        #expect(badStatus == 2 && bad.contains("expected NAME: k=v, k=v"), "\(bad)")
    }

    /// A variant applies to the plugins that have its parameters (the rest show their baseline in
    /// its column, with a note); `PLUGIN/NAME` targets one plugin; a cell that never reaches its
    /// trigger says so; the poster is the first refreshing frame. Checked in headless Chromium:
    /// the legend, the swatches, the badge, the notes and the linked scrubber.
    @Test func variantsTargetPluginsAndBaselinesStandBeside() async throws {
        let folder = scratch("report-targeted")
        // The shipped scenario as it was written before drags had a reach: its pull stops at 106 pt.
        let asWritten = "\(folder)/pull-to-refresh.json"
        try String(contentsOfFile: try #require(Assets.path("Scenarios/pull-to-refresh.json")), encoding: .utf8)
            .replacingOccurrences(of: #""reach": 1.3, "#, with: "").write(toFile: asWritten, atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(["report", "--plugin", "Spinner", "--plugin", "Phoenix", "--plugin", "Water Drop", "--scenario", asWritten,
                                                "--variant", "big: radius=20", "--variant", "Water Drop/long: stretch=140", "--out", folder])
        #expect(status == 0, "\(output)")
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/report-shard-0-of-1.json"))) as? [String: Any])
        let cells = try #require(shard["cells"] as? [[String: Any]])
        let byColumn = Dictionary(cells.map { ($0["column"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byColumn.keys.sorted() == ["dev.refreshkit.phoenix", "dev.refreshkit.phoenix · big", "dev.refreshkit.phoenix · long",
                                           "dev.refreshkit.spinner", "dev.refreshkit.spinner · big", "dev.refreshkit.spinner · long",
                                           "dev.refreshkit.water-drop", "dev.refreshkit.water-drop · big", "dev.refreshkit.water-drop · long"])
        #expect(byColumn["dev.refreshkit.phoenix · big"]?["note"] as? String == "the baseline: Phoenix has no 'radius'")
        #expect(byColumn["dev.refreshkit.phoenix · big"]?["sameAs"] as? String == "dev.refreshkit.phoenix")
        #expect(byColumn["dev.refreshkit.spinner · long"]?["note"] as? String == "the baseline: long is for Water Drop")
        #expect(byColumn["dev.refreshkit.water-drop · long"]?["note"] == nil)
        // A plugin whose trigger lies beyond the scenario's pull is played again with longer drags,
        // and reviewed refreshing; its badge says both.
        #expect(byColumn["dev.refreshkit.water-drop · long"]?["badge"] as? String == "never refreshes: trigger 140 pt, pull reached 106 pt as written; played with drags 201 % as long")
        #expect(byColumn["dev.refreshkit.phoenix"]?["badge"] as? String == "never refreshes: trigger 120 pt, pull reached 106 pt as written; played with drags 148 % as long")
        for column in ["dev.refreshkit.water-drop · long", "dev.refreshkit.phoenix"] {
            #expect((byColumn[column]?["states"] as? [String])?.contains { $0.contains("refreshing") } == true, "\(column) is reviewed refreshing")
        }
        #expect(byColumn["dev.refreshkit.spinner"]?["badge"] == nil)

        // The poster is the first refreshing frame, not the empty t = 0 one.
        let player = try ScenarioPlayer(scenario: Scenario.load(path: try #require(Assets.path("Scenarios/pull-to-refresh.json"))),
                                        searchPath: PluginSearchPath(directories: [buildFolder]))
        while try player.advance() && player.driver.container.state(of: .top) != .refreshing {}
        let first = try player.render(window: player.windowRect(), scale: 2).image
        let poster = try ImageSurface.readPNG(at: "\(folder)/\(try #require(byColumn["dev.refreshkit.spinner"]?["poster"] as? String))")
        #expect(try ImageComparison(expected: first, actual: poster, tolerance: 0).matches)

        let (_, report) = try await selftest(page: "\(folder)/index.html", budget: 20000)
        #expect(report["cells"] as? Int == 9 && report["ok"] as? Int == 9, "\(report)")
        #expect(report["legend"] as? Int == 6)
        #expect((report["swatches"] as? Int ?? 0) >= 8, "a swatch beside each colour")
        #expect((report["badges"] as? [String])?.count == 4, "Phoenix's three columns (the baseline shown in two) and Water Drop long: \(report["badges"] ?? "")")
        #expect((report["notes"] as? [String])?.count == 3)
        #expect(report["handoffTabs"] as? Int == 6 * HandoffPlatform.allCases.count, "every platform (fourteen) for each of the six columns rendered")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/handoff/dev.refreshkit.water-drop-long/easyrefresh.dart"))
        let dart = try String(contentsOfFile: "\(folder)/handoff/dev.refreshkit.water-drop-long/easyrefresh.dart", encoding: .utf8)
        #expect(dart.contains("triggerOffset: 140,"), "the variant's tuned value")
        // Linked, the one scrubber moved every cell to the same moment.
        let labels = try #require(report["linkedLabels"] as? [String])
        #expect(Set(labels.map { $0.prefix { $0 != "·" } }).count == 1, "\(labels)")
    }

    @Test func theTimelineMarksHapticsAndTheSpecNamesTheNewOptions() async throws {
        let folder = scratch("report-haptics")
        let (status, output) = try await refreshDump(["report", "--plugin", "Spinner", "--scenario", "second-floor", "--out", folder])
        #expect(status == 0, "\(output)")
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/report-shard-0-of-1.json"))) as? [String: Any])
        let cells = try #require(shard["cells"] as? [[String: Any]])
        let haptics = try #require(cells.first?["haptics"] as? [[String: Any]])
        #expect(haptics.map { $0["label"] as? String } == ["top selection", "top selection", "top impact"])
        let page = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
        #expect(page.contains(#"className: "haptic""#))
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/spec.json"))) as? [String: Any])
        let top = try #require(((spec["scenarios"] as? [String: Any])?["second-floor"] as? [String: Any])?["edges"] as? [String: Any])["top"] as? [String: Any]
        #expect((top?["secondFloor"] as? [String: Any])?["triggerDistance"] as? Double == 150)
        #expect(top?["placement"] as? String == "push" && top?["haptics"] as? String == "thresholdAndStart")
    }

    @Test func localesAreTabsAndArabicIsMirrored() async throws {
        let folder = scratch("report-locales")
        let (status, output) = try await refreshDump(["report", "--plugin", "Label", "--scenario", "pull-to-refresh", "--locale", "en,ar", "--out", folder])
        #expect(status == 0, "\(output)")
        let page = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
        #expect(page.contains("const themes = [\"light · en\",\"light · ar\"]"))
        let english = FileManager.default.contents(atPath: "\(folder)/cells/light-en/pull-to-refresh/dev.refreshkit.label.png")
        let arabic = FileManager.default.contents(atPath: "\(folder)/cells/light-ar/pull-to-refresh/dev.refreshkit.label.png")
        #expect(english != nil && arabic != nil && english != arabic)
        let (badStatus, bad) = try await refreshDump(["report", "--plugin", "Label", "--locale", "en;rm -rf", "--out", scratch("report-bad-locale")])
        #expect(badStatus == 2 && bad.contains("is not a BCP 47 tag"), "\(bad)")
    }
}

/// A review split over a CI matrix: shards balanced by cost, each writing its result, merged into
/// the same page the whole run makes.
@Suite(.leavesNoPluginHost) struct ReportShardTests {
    @Test func fourShardsMergeIntoTheSameReport() async throws {
        let base = scratch("report-shards")
        let arguments = ["report", "--plugin", "Spinner", "--plugin", "Rainbow", "--scenario", "pull-short", "--scenario", "pull-to-refresh"]
        let (status, output) = try await refreshDump(arguments + ["--out", "\(base)/whole"])
        #expect(status == 0, "\(output)")
        var shardCells = 0
        for i in 0..<4 {
            // The last shard takes its number from the environment, as Bazel and CI runners give it.
            let (shardStatus, shardOutput) = i == 3
                ? try await refreshDump(arguments + ["--out", "\(base)/shard-\(i)"], environment: ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3"])
                : try await refreshDump(arguments + ["--shard", "\(i)/4", "--out", "\(base)/shard-\(i)"])
            #expect(shardStatus == 0, "\(shardOutput)")
            let result = try Data(contentsOf: URL(fileURLWithPath: "\(base)/shard-\(i)/report-shard-\(i)-of-4.json"))
            shardCells += ((try JSONSerialization.jsonObject(with: result) as? [String: Any])?["cells"] as? [Any])?.count ?? 0
        }
        #expect(shardCells == 4)
        let (mergeStatus, mergeOutput) = try await refreshDump(["report", "--merge"] + (0..<4).map { "\(base)/shard-\($0)" } + ["--out", "\(base)/merged"])
        #expect(mergeStatus == 0, "\(mergeOutput)")
        for file in ["index.html", "spec.json"] {
            #expect(FileManager.default.contents(atPath: "\(base)/whole/\(file)") == FileManager.default.contents(atPath: "\(base)/merged/\(file)"), "\(file) differs")
        }
        let cells = try #require(FileManager.default.subpaths(atPath: "\(base)/whole/cells")).sorted()
        #expect(cells.count >= 8)
        #expect(try #require(FileManager.default.subpaths(atPath: "\(base)/merged/cells")).sorted() == cells)
        for cell in cells {
            #expect(FileManager.default.contents(atPath: "\(base)/whole/cells/\(cell)") == FileManager.default.contents(atPath: "\(base)/merged/cells/\(cell)"), "\(cell) differs")
        }
        // A shard missing is named, not papered over.
        let (missingStatus, missing) = try await refreshDump(["report", "--merge", "\(base)/shard-0", "\(base)/shard-1", "--out", "\(base)/partial"])
        #expect(missingStatus == 2)
        #expect(missing.contains("missing [2, 3]"), "\(missing)")
    }

    /// A parameter value that is markup (`</script>`, `<!--<script>`) reaches the page only as data:
    /// in headless Chromium the title is unchanged, the grid is there and every cell plays.
    @Test func hostileStringsCannotBreakThePage() async throws {
        let folder = scratch("report-hostile")
        let evil = "</script><!--<script>document.title=\"pwned\"</script>\u{2028}&amp;"
        let (status, output) = try await refreshDump(["report", "--plugin", "Label", "--scenario", "pull-short", "--variant", "evil: lastUpdated=\(evil)", "--out", folder])
        #expect(status == 0, "\(output)")
        let html = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
        #expect(!html.contains("<!--<script>") && html.contains("\\u003c!--\\u003cscript\\u003e"))
        let (dom, report) = try await selftest(page: "\(folder)/index.html", budget: 10000)
        #expect(dom.contains("<title>RefreshKit review</title>") && !dom.contains("pwned</title>"), "\(dom.prefix(300))")
        #expect(report["cells"] as? Int == 2 && report["ok"] as? Int == 2, "the baseline and the variant: \(report)")
    }

    /// Every string a shard carries into the page (names, columns, states, markers, haptics,
    /// errors, badge, note) holding markup stays text in headless Chromium: the title is
    /// unchanged, the grid is there, and the page's own script ran to the end. A cell file that
    /// points outside `cells/` is refused before anything is written.
    @Test func everyStringOfAShardStaysData() async throws {
        let base = scratch("report-hostile-shard")
        let arguments = ["report", "--plugin", "Spinner", "--scenario", "pull-short", "--scenario", "pull-to-refresh"]
        for i in 0..<2 { #expect(try await refreshDump(arguments + ["--shard", "\(i)/2", "--out", "\(base)/shard-\(i)"]).status == 0) }
        let path = "\(base)/shard-1/report-shard-1-of-2.json"
        var shard = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let evil = "</script><!--<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">\u{2028}"
        var cells = try #require(shard["cells"] as? [[String: Any]])
        for k in cells.indices {
            for key in ["pluginName", "columnName", "badge", "note"] { cells[k][key] = evil }
            cells[k]["states"] = (cells[k]["states"] as? [String] ?? []).map { _ in evil }
            cells[k]["errors"] = [evil]
            cells[k]["markers"] = [["frame": 1, "label": evil]]
            cells[k]["haptics"] = [["frame": 2, "label": evil]]
        }
        shard["cells"] = cells
        try JSONSerialization.data(withJSONObject: shard).write(to: URL(fileURLWithPath: path))
        let (status, output) = try await refreshDump(["report", "--merge", "\(base)/shard-0", "\(base)/shard-1", "--out", "\(base)/merged"])
        #expect(status == 0, "\(output)")
        let (dom, report) = try await selftest(page: "\(base)/merged/index.html", budget: 10000)
        #expect(dom.contains("<title>RefreshKit review</title>") && !dom.contains("pwned</title>"), "\(dom.prefix(300))")
        #expect(report["cells"] as? Int == 2 && report["title"] as? String == "RefreshKit review", "\(report)")
        // (--dump-dom writes the text back with its < and > as entities.)
        #expect((report["badges"] as? [String])?.contains { $0.contains("&lt;img src=x onerror=") } == true, "the markup shows as text: \(report["badges"] ?? "")")

        cells[0]["video"] = "javascript:alert(1)"
        shard["cells"] = cells
        try JSONSerialization.data(withJSONObject: shard).write(to: URL(fileURLWithPath: path))
        let (refused, why) = try await refreshDump(["report", "--merge", "\(base)/shard-0", "\(base)/shard-1", "--out", "\(base)/merged-2"])
        #expect(refused == 2 && why.contains("cells[0].video: 'javascript:alert(1)' is not a file under cells/"), "\(why)")
        #expect(!FileManager.default.fileExists(atPath: "\(base)/merged-2"))
    }

    /// A shard is a file someone may have sent: a tab that is not one is refused before anything is written.
    @Test func aForgedShardIsRefused() async throws {
        let base = scratch("report-forged")
        let arguments = ["report", "--plugin", "Spinner", "--scenario", "pull-short"]
        for i in 0..<2 { #expect(try await refreshDump(arguments + ["--shard", "\(i)/2", "--out", "\(base)/shard-\(i)"]).status == 0) }
        let path = "\(base)/shard-1/report-shard-1-of-2.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"themes\":[\"light\"]"))
        try text.replacingOccurrences(of: "\"themes\":[\"light\"]", with: "\"themes\":[\"light\\\"];document.title='pwned';//\"]").write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(["report", "--merge", "\(base)/shard-0", "\(base)/shard-1", "--out", "\(base)/merged"])
        #expect(status == 2 && output.contains("--merge: shard 1 of 2: themes[0]: 'light\"];document.title='pwned';//' is not a tab"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: "\(base)/merged/index.html") && !FileManager.default.fileExists(atPath: "\(base)/merged/cells"))
    }

    @Test func aShardOutsideItsCountIsRefused() async throws {
        let (status, output) = try await refreshDump(["report", "--shard", "4/4", "--plugin", "Spinner", "--out", scratch("report-bad-shard")])
        #expect(status == 2)
        #expect(output.contains("expected INDEX/COUNT with 0 ≤ INDEX < COUNT"), "\(output)")
    }
}

/// `verify --report`: the summary first, then each failure's golden, actual frame and difference.
@Suite(.leavesNoPluginHost) struct VerifyReportTests {
    @Test func failuresAreShownSideBySideAndShardsAddUp() async throws {
        let folder = scratch("verify-report")
        let golden = "\(folder)/golden"
        #expect(try await refreshDump(["verify", "pull-short", "--golden", golden, "--update"]).status == 0)
        let (passStatus, passOutput) = try await refreshDump(["verify", "pull-short", "--golden", golden, "--report", "\(folder)/pass"])
        #expect(passStatus == 0, "\(passOutput)")
        // Another plugin against the Spinner's goldens: every checkpoint fails.
        let (status, output) = try await refreshDump(["verify", "pull-short", "--golden", golden, "--plugin", "Rainbow", "--report", "\(folder)/fail"])
        #expect(status == 1, "\(output)")
        let page = try String(contentsOfFile: "\(folder)/fail/index.html", encoding: .utf8)
        #expect(page.contains("0 passed, 3 failed"), "\(page.prefix(400))")
        // Each checkpoint's figures, for a script: how many pixels, how far, what kind.
        let result = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/fail/verify-result.json"))) as? [[String: Any]])
        let figures = try #require(((result.first?["checks"] as? [[String: Any]])?.first)?["figures"] as? [String: Any])
        #expect(figures["pixels"] as? Int == 187_200 && (figures["counted"] as? Int ?? 0) > 0 && figures["kind"] as? String != nil, "\(figures)")
        #expect((result.first?["motion"] as? [String: Any])?["passed"] as? Bool == false)
        for kind in ["expected", "actual", "diff"] {
            #expect(page.contains("images/pull-short-t0.300.\(kind).png"), "\(kind)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/fail/images/pull-short-t0.300.\(kind).png"))
        }
        // Sharded: each of two shards checks one checkpoint; merged, they count what one run counts.
        for i in 0..<2 {
            #expect(try await refreshDump(["verify", "pull-short", "--golden", golden, "--shard", "\(i)/2", "--report", "\(folder)/shard-\(i)"]).status == 0)
        }
        let (shardsStatus, shards) = try await refreshDump(["verify", "--merge", "\(folder)/shard-0", "\(folder)/shard-1"])
        #expect(shardsStatus == 0 && shards.contains("3 passed, 0 failed (2 shards)"), "\(shards)")
        let (mergeStatus, merged) = try await refreshDump(["verify", "--merge", "\(folder)/pass", "\(folder)/fail", "--report", "\(folder)/all"])
        #expect(mergeStatus == 1)
        #expect(merged.contains("3 passed, 3 failed (2 shards)"), "\(merged)")
        #expect(try String(contentsOfFile: "\(folder)/all/index.html", encoding: .utf8).contains("3 passed, 3 failed across 2 scenarios"))
    }

    /// Failures come first, and each can be seen side by side, 1-up (a click swaps), as an onion
    /// skin and as a strobe: tried in a real browser. The golden folder's name is hostile markup,
    /// quoted in every failure's text, and the page still works.
    @Test func failuresComeFirstWithTheirViews() async throws {
        let folder = scratch("verify-views") + "/<b>&\"'"
        let golden = "\(folder)/golden"
        #expect(try await refreshDump(["verify", "pull-short", "--golden", golden, "--update"]).status == 0)
        #expect(try await refreshDump(["verify", "pull-short", "--golden", golden, "--plugin", "Rainbow", "--report", "\(folder)/page"]).status == 1)
        let page = try String(contentsOfFile: "\(folder)/page/index.html", encoding: .utf8)
        let failures = try #require(page.range(of: "<h2>Failures</h2>")), scenario = try #require(page.range(of: "<h2>pull-short: 0 passed, 3 failed</h2>"))
        #expect(failures.lowerBound < scenario.lowerBound, "failures first")
        #expect(!page.contains("<b>&"), "markup from a path reached the page")
        let pageURL = URL(fileURLWithPath: "\(folder)/page/index.html").absoluteString + "#selftest"
        let (status, dom) = try await runProgram("/usr/bin/chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", pageURL])
        #expect(status == 0)
        let start = try #require(dom.range(of: "<pre id=\"selftest\">"), "\(dom.prefix(500))")
        let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8)) as? [String: Int])
        #expect(result == ["failures": 2, "one": 2, "onion": 2, "strobe": 2, "side": 2, "swapped": 2], "\(result)")
    }
}

/// `run` and `sweep` split their frames across shards; together the shards write exactly the
/// frames one process writes.
@Suite(.leavesNoPluginHost) struct FrameShardTests {
    /// Every file under `folder`, by path relative to it, with its bytes.
    func files(_ folder: String) -> [String: Data] {
        var found: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = FileManager.default.contents(atPath: "\(folder)/\(path)")
            }
        }
        return found
    }

    @Test func fourRunShardsWriteTheFramesOfOneRun() async throws {
        let base = scratch("run-shards")
        #expect(try await refreshDump(["run", "pull-short", "--out", "\(base)/whole"]).status == 0)
        var union: [String: Data] = [:]
        for i in 0..<4 {
            let (status, output) = try await refreshDump(["run", "pull-short", "--shard", "\(i)/4", "--out", "\(base)/shard-\(i)"])
            #expect(status == 0, "\(output)")
            let mine = files("\(base)/shard-\(i)/frames")
            #expect(Set(mine.keys).isDisjoint(with: union.keys))
            union.merge(mine) { a, _ in a }
            #expect(FileManager.default.fileExists(atPath: "\(base)/shard-\(i)/run-shard-\(i)-of-4.json"))
            #expect(FileManager.default.fileExists(atPath: "\(base)/shard-\(i)/contact-sheet.png") == (i == 0))
        }
        #expect(union == files("\(base)/whole/frames"))
        #expect(FileManager.default.contents(atPath: "\(base)/shard-0/contact-sheet.png") == FileManager.default.contents(atPath: "\(base)/whole/contact-sheet.png"))
    }

    @Test func sweepShardsTogetherWriteEveryFrame() async throws {
        let base = scratch("sweep-shards")
        let arguments = ["sweep", "--plugin", "Spinner", "--progress", "0:1:9"]
        #expect(try await refreshDump(arguments + ["--out", "\(base)/whole"]).status == 0)
        var union: [String: Data] = [:]
        for i in 0..<3 {
            #expect(try await refreshDump(arguments + ["--out", "\(base)/shard-\(i)"], environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\(i)"]).status == 0)
            union.merge(files("\(base)/shard-\(i)").filter { $0.key != "contact-sheet.png" }) { a, _ in a }
        }
        #expect(union == files("\(base)/whole").filter { $0.key != "contact-sheet.png" })
    }
}
