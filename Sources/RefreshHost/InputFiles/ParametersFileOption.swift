import Foundation
import RefreshPluginSDK

/// `--params FILE` as every command that draws a plugin reads it: a ``ParameterFile`` (the
/// preview's Save, keyed by plugin; or a flat file for the one plugin drawn), its values checked
/// against each plugin they are given to. Every error names the file, its line and the field.
package struct ParametersFileOption {
    /// How its errors name it.
    package static let kind = "--params"
    /// The file as given.
    package let path: String
    /// What it holds.
    package let file: ParameterFile
    private let data: Data

    /// Reads the file at `path`.
    package init(path: String) throws {
        self.path = path
        data = try InputFileError.json(at: path, limit: ParameterFile.sizeLimit, kind: Self.kind)
        file = try ParameterFile.read(data, file: path, kind: Self.kind)
    }

    /// The file's values for the plugin `info` describes, checked against its parameters (those
    /// in `given`, the command line's `--param`, are left to it); nil when a keyed file does not
    /// name the plugin, an error then if `required` (the command draws this plugin alone).
    package func values(for info: PluginInfo, except given: [String: ParameterValue] = [:], required: Bool) throws -> [String: ParameterValue]? {
        let id = info.indicator.id, name = info.indicator.name
        guard let values = file.values(id: id, name: name) else {
            guard required else { return nil }
            let held = file.plugins.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw InputFileError(file: path, reason: "holds no values for \(id) (\(name))" + (held.isEmpty ? "" : "; it holds \(held)"), kind: Self.kind)
        }
        do {
            _ = try ParameterValues(specs: info.parameters, overrides: values.filter { given[$0.key] == nil })
        } catch {
            let field = file.field(id: id, name: name).map { "\($0).\(error.parameter)" } ?? error.parameter
            throw InputFileError(file: path, field: field, reason: error.reason, kind: Self.kind).located(in: data)
        }
        return values
    }

    /// Gives each edge of `scenario` the values the file holds for its plugin, on top of the
    /// scenario's own (those in `given` are left to it); an error when the file holds values for
    /// none of them. A plugin named by path is looked at only when `allowsPluginPaths`.
    package func apply(to scenario: inout Scenario, except given: [String: ParameterValue], search: PluginSearchPath, allowsPluginPaths: Bool,
               isolation: PluginIsolation) throws {
        var named = false
        for edge in scenario.edges.keys.sorted() {
            let reference = scenario.edges[edge]!.plugin
            if PluginSearchPath.isPath(reference) && !allowsPluginPaths { continue }  // the player refuses it, by its field
            guard let values = try values(for: Self.info(of: reference, in: search, isolation: isolation), except: given, required: false) else { continue }
            scenario.edges[edge]!.parameters.merge(values) { $1 }
            named = true
        }
        if !named {
            let plugins = Set(scenario.edges.values.map(\.plugin)).sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw InputFileError(file: path, reason: "holds no values for the scenario's plugins (\(plugins))", kind: Self.kind)
        }
    }

    /// What the plugin `reference` names is (its id, name and parameters), loaded where `isolation` says.
    package static func info(of reference: String, in search: PluginSearchPath, isolation: PluginIsolation) throws -> PluginInfo {
        try isolation.load(search.resolve(reference)).info
    }
}
