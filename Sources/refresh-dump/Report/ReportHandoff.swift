import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHandoff
import RefreshLottieExport
import RefreshHost

/// The review page's handoff for one column: its files under `handoff/COLUMN/` and their text,
/// for the page's tabs (one tab per platform).
struct ReportHandoff: Codable, Equatable {
    /// One platform's file.
    struct File: Codable, Equatable {
        var platform: String
        /// Relative to the page: `handoff/COLUMN/FILE`.
        var path: String
        var text: String
    }

    /// The page column it belongs to, and its heading.
    var column: String
    var title: String
    var files: [File]

    /// Writes `spec`'s files for `column` under `folder/handoff/` and describes them; with
    /// `exporting`, the animation the Lottie files play beside them (`NAME.json`, `NAME-dark.json`),
    /// as `refresh-dump handoff` writes it.
    static func write(_ spec: HandoffSpec, column: String, title: String, in folder: String, exporting indicator: (any HostedIndicator)? = nil) throws -> ReportHandoff {
        let relative = "handoff/\(Scenario.safeFileName(column.replacingOccurrences(of: " · ", with: "-")))"
        try OutputFile.makeFolder("\(folder)/\(relative)")
        var spec = spec
        if let indicator {
            for (theme, export) in try spec.export(indicator) {
                try OutputFile.write(export.json, to: "\(folder)/\(relative)/\(LottieExport.fileName(spec.name, theme: theme)).json")
            }
        }
        var files: [File] = []
        for (platform, text) in spec.files {
            try OutputFile.write(Data(text.utf8), to: "\(folder)/\(relative)/\(platform.fileName)")
            files.append(File(platform: platform.title, path: "\(relative)/\(platform.fileName)", text: text))
        }
        return ReportHandoff(column: column, title: title, files: files)
    }

    /// Whether every file lies where ``write(_:column:title:in:)`` puts one (checked on a merged shard).
    var isWellFormed: Bool {
        files.allSatisfy { file in
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 3 && parts[0] == "handoff" && parts.dropFirst().allSatisfy { !$0.hasPrefix(".") && Scenario.safeFileName(String($0)) == $0 }
        }
    }
}
