import ArgumentParser
import Foundation
import RefreshHost
import RefreshPluginSDK

/// A parameter set of the review page, `--variant 'NAME: k=v, …'` (for every plugin that has
/// those parameters) or `--variant 'PLUGIN/NAME: k=v, …'` (for one plugin, by name or id). A plugin
/// the variant is not for shows its baseline in the variant's column, with a note saying why.
struct ReportVariant: Equatable {
    /// The column's name (letters, digits, `-`, `_`).
    var name: String
    /// The plugin it is for, as given (a name or an id); nil for every plugin that has the parameters.
    var target: String?
    var overrides: [String: ParameterValue]

    /// Parses `NAME: k=v, k=v` or `PLUGIN/NAME: k=v, k=v`.
    init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else { throw ValidationError("--variant '\(text)': expected NAME: k=v, k=v (or PLUGIN/NAME: k=v)") }
        let head = text[..<colon].trimmingCharacters(in: .whitespaces)
        let slash = head.lastIndex(of: "/")
        name = slash.map { String(head[head.index(after: $0)...]).trimmingCharacters(in: .whitespaces) } ?? head
        target = slash.map { String(head[..<$0]).trimmingCharacters(in: .whitespaces) }
        guard !name.isEmpty, Scenario.safeFileName(name) == name else { throw ValidationError("--variant '\(text)': the name must be letters, digits, '-' or '_'") }
        if target?.isEmpty == true { throw ValidationError("--variant '\(text)': no plugin before '/'") }
        let entries = text[text.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        overrides = try PluginOptions.parse(entries)
    }

    /// Whether `target` names `plugin` (its name, case aside, or its id).
    func isFor(_ plugin: PluginInfo) -> Bool {
        guard let target else { return true }
        return plugin.indicator.id == target || plugin.indicator.name.lowercased() == target.lowercased()
    }

    /// Why `plugin` shows its baseline in this column; nil when the variant applies to it.
    func baselineNote(for plugin: PluginInfo) -> String? {
        guard isFor(plugin) else { return "the baseline: \(name) is for \(target ?? "")" }
        let names = Set(plugin.parameters.map(\.name))
        let missing = overrides.keys.filter { !names.contains($0) }.sorted()
        guard !missing.isEmpty else { return nil }
        return "the baseline: \(plugin.indicator.name) has no \(missing.map { "'\($0)'" }.joined(separator: ", "))"
    }

    /// Checks `variants` against the plugins of the report: a target names one of them, and each
    /// variant applies to at least one (else it is a typo, and said so).
    static func check(_ variants: [ReportVariant], against plugins: [PluginInfo]) throws {
        var names = Set<String>()
        for variant in variants {
            guard names.insert(variant.name).inserted else { throw ValidationError("--variant: two variants are named '\(variant.name)'") }
            if let target = variant.target, !plugins.contains(where: variant.isFor) {
                throw ValidationError("--variant '\(target)/\(variant.name)': no plugin in the report is '\(target)' (they are \(plugins.map(\.indicator.name).joined(separator: ", ")))")
            }
            guard plugins.contains(where: { variant.baselineNote(for: $0) == nil }) else {
                throw ValidationError("--variant '\(variant.name)': no plugin in the report has \(variant.overrides.keys.sorted().map { "'\($0)'" }.joined(separator: ", "))")
            }
        }
    }
}
