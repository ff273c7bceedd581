import Foundation
import RefreshGraphics
import RefreshHost

/// `verify --report`: a page with the summary at the top and, for each failing checkpoint, the
/// golden, the actual frame and their difference side by side; and `verify-result.json`, which
/// `verify --merge` adds up across shards.
struct VerifyReport: Codable {
    /// One checkpoint as the page and the result file list it.
    struct Entry: Codable {
        var name: String
        var time: Double
        var passed: Bool
        var detail: String
        var expected: String?
        var actual: String?
        var diff: String?
    }

    var scenario: String
    var passed: Int
    var failed: Int
    var checks: [Entry]

    static let resultFile = "verify-result.json"

    /// The report of `checks` against `golden`, its images copied into `folder/images`.
    init(scenario: String, checks: [ScenarioVerifier.Check], golden: String, folder: String) throws {
        self.scenario = scenario
        try OutputFile.makeFolder("\(folder)/images")
        func copy(_ path: String?, as name: String) -> String? {
            guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
            let target = "images/\(name)"
            guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
            do {
                try OutputFile.write(bytes, to: "\(folder)/\(target)")
                return target
            } catch {
                // Left out of the page, which still gives every verdict in words; said, not hidden.
                FileHandle.standardError.write(Data("warning: \(PlainErrorText.words(error)) (left out of the page)\n".utf8))
                return nil
            }
        }
        self.checks = checks.map { check in
            var entry = Entry(name: check.name, time: check.time, passed: check.passed,
                              detail: check.pluginErrors.isEmpty ? check.outcome.description : check.pluginErrors.joined(separator: "; "))
            if !check.passed {
                // The check's name is the golden's file name (t0.300.png).
                let base = "\(scenario)-\((check.name as NSString).deletingPathExtension)"
                entry.expected = copy("\(golden)/\(check.name)", as: "\(base).expected.png")
                if case .mismatched(_, let actual, let diff, _) = check.outcome {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                    entry.diff = copy(diff, as: "\(base).diff.png")
                } else if case .missing(let actual) = check.outcome {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                } else if case .unusable(_, let actual) = check.outcome, !actual.isEmpty {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                }
            }
            return entry
        }
        passed = checks.filter(\.passed).count
        failed = checks.count - passed
    }

    /// Writes the result file and `index.html` for `reports` (one per scenario) into `folder`.
    static func write(_ reports: [VerifyReport], to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try OutputFile.write(encoder.encode(reports), to: "\(folder)/\(resultFile)")
        let passed = reports.map(\.passed).reduce(0, +), failed = reports.map(\.failed).reduce(0, +)
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var body = "<h1>RefreshKit verify</h1>\n<p class=\"summary \(failed == 0 ? "ok" : "bad")\">\(passed) passed, \(failed) failed across \(reports.count) scenario\(reports.count == 1 ? "" : "s")</p>\n"
        for report in reports {
            body += "<h2>\(escape(report.scenario)): \(report.passed) passed, \(report.failed) failed</h2>\n"
            for check in report.checks {
                guard !check.passed else {
                    body += "<p class=\"pass\">✓ \(escape(check.name)) (t=\(check.time) s)</p>\n"
                    continue
                }
                body += "<section class=\"fail\"><h3>✗ \(escape(check.name)) (t=\(check.time) s)</h3><p>\(escape(check.detail))</p><div class=\"row\">"
                for (label, image) in [("expected", check.expected), ("actual", check.actual), ("difference", check.diff)] {
                    body += "<figure><figcaption>\(label)</figcaption>" + (image.map { "<img src=\"\(escape($0))\" alt=\"\(label)\">" } ?? "<p>(none)</p>") + "</figure>"
                }
                body += "</div></section>\n"
            }
        }
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>RefreshKit verify</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
            .summary { font-size: 18px; font-weight: 600; } .ok { color: #248a3d; } .bad { color: #d70015; }
            .pass { color: #3a3a3c; margin: 2px 0; } .fail { border-left: 4px solid #d70015; padding-left: 12px; margin: 16px 0; }
            .row { display: flex; gap: 12px; flex-wrap: wrap; } figure { margin: 0; } img { max-width: 400px; border: 1px solid #d1d1d6; display: block; }
            </style></head><body>
            \(body)</body></html>

            """
        try OutputFile.write(page, to: "\(folder)/index.html")
    }
}
