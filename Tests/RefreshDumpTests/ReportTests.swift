import Foundation
import Testing

/// The review page, opened in a real browser (Debian's headless Chromium): every video loads,
/// scrubbing a timeline shows the state at that frame, and the page reaches for nothing online.
@Suite struct ReportTests {
    @Test func theReportPageWorksInABrowser() throws {
        let folder = scratch("report")
        let (status, output) = try refreshDump(["report", "--plugin", "Spinner", "--plugin", "Rainbow", "--scenario", "pull-to-refresh", "--out", folder])
        #expect(status == 0, "\(output)")
        let html = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page must work offline")

        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/spec.json"))) as? [String: Any])
        let scenarios = try #require(spec["scenarios"] as? [String: [String: Any]])
        let top = try #require((scenarios["pull-to-refresh"]?["edges"] as? [String: [String: Any]])?["top"])
        // The scenario leaves the trigger distance to the plugin: each plugin's is listed.
        #expect(top["triggerDistance"] is NSNull)
        #expect(top["triggerDistanceByPlugin"] as? [String: Double] == ["dev.refreshkit.spinner": 60, "dev.refreshkit.rainbow": 64])
        #expect((spec["plugins"] as? [String: Any])?.keys.sorted() == ["dev.refreshkit.rainbow", "dev.refreshkit.spinner"])

        let (browserStatus, dom) = try runProgram("/usr/bin/chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required",
                                                                         "--virtual-time-budget=20000", "--dump-dom", "file://\(folder)/index.html#selftest"])
        #expect(browserStatus == 0)
        let start = try #require(dom.range(of: "<pre id=\"selftest\">"), "\(dom.prefix(500))")
        let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        #expect(report["cells"] as? Int == 2)
        #expect(report["ok"] as? Int == 2, "\(report)")
        let label = try #require(report["label"] as? String)
        #expect(label.contains("top refreshing"), "\(label)")
        #expect((report["markers"] as? Int ?? 0) >= 3)
    }
}
