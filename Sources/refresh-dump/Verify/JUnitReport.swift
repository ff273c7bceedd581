import Foundation
import RefreshSystem
import RefreshGraphics

/// `verify --junit FILE`: the checkpoints as JUnit XML, the file CI systems (GitHub Actions
/// reporters, GitLab, Jenkins) show as a test list: one suite a scenario, one case a checkpoint,
/// a failing one with its reason.
enum JUnitReport {
    /// One checkpoint: its golden's name, its time in the scenario (nil for the motion, which is
    /// the whole timeline), and why it failed (nil when it passed).
    struct Case {
        var name: String
        var time: Double?
        var failure: String?
    }

    /// Writes `suites` (scenario name → cases) to `path` through ``OutputFile``.
    static func write(_ suites: [(scenario: String, cases: [Case])], to path: String) throws {
        let failures = suites.flatMap(\.cases).filter { $0.failure != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"refresh-dump verify\" tests=\"\(suites.flatMap(\.cases).count)\" failures=\"\(failures)\">\n"
        for (scenario, cases) in suites {
            xml += "  <testsuite name=\"\(escape(scenario))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { $0.failure != nil }.count)\">\n"
            for check in cases {
                let name = escape(check.name) + (check.time.map { " (t=\(String(format: "%.3f", $0)) s)" } ?? "")
                if let failure = check.failure {
                    xml += "    <testcase classname=\"\(escape(scenario))\" name=\"\(name)\">\n"
                    xml += "      <failure message=\"\(escape(String(failure.prefix(500))))\">\(escape(failure))</failure>\n"
                    xml += "    </testcase>\n"
                } else {
                    xml += "    <testcase classname=\"\(escape(scenario))\" name=\"\(name)\"/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        try OutputFile.makeFolder(containing: path)
        try OutputFile.write(xml, to: path)
    }

    /// `text` safe inside an XML attribute or element: markup escaped, control characters (which
    /// XML 1.0 cannot hold) shown as `�`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
