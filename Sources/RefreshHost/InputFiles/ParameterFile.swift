import Foundation
import RefreshPluginSDK

/// A parameter file: what the preview's Save writes, what every `--params` and the preview read.
///
/// The form written is keyed by plugin, so one file holds several plugins' values, and carries
/// its version (``FileVersion``):
///
///     {"version": 1, "dev.refreshkit.spinner": {"radius": 35, "speed": 30}}
///
/// A plugin is named by id or name. A flat file of one plugin's values, `{"radius": 35}`, is still
/// read, for whichever plugin it is given to; it has no version (a "version" in it is a parameter).
package struct ParameterFile: Equatable, Sendable {
    /// The newest version this tool reads and the one it writes.
    package static let newestVersion = 1
    /// The most bytes read from a parameter file.
    package static let sizeLimit = 1 << 20

    /// Values by plugin id or name (a keyed file).
    package var plugins: [String: [String: ParameterValue]]
    /// The values of a flat file, for any one plugin; nil for a keyed file.
    package var flat: [String: ParameterValue]?

    /// A keyed file of `plugins`.
    package init(plugins: [String: [String: ParameterValue]]) {
        self.plugins = plugins
        flat = nil
    }

    /// The values the file holds for the plugin `id` named `name`: its entry (by id, else by
    /// name), a flat file's values, or nil when a keyed file does not name it.
    package func values(id: String, name: String) -> [String: ParameterValue]? {
        flat ?? plugins[id] ?? plugins[name]
    }

    /// The key of the entry for the plugin `id` named `name`, as an error's field names it.
    package func field(id: String, name: String) -> String? {
        if flat != nil { return nil }
        let key = plugins[id] != nil ? id : plugins[name] != nil ? name : nil
        return key.map { $0.contains(".") ? "\"\($0)\"" : $0 }
    }

    /// The file as written: `"version"` first, then each plugin's values, keys sorted, two
    /// spaces a level, one value a line.
    package var data: Data {
        let entries = plugins.keys.sorted().map { id in
            let values = plugins[id]!
            let body = values.keys.sorted().map { "    \(ParameterValue.string($0).json): \(values[$0]!.json)" }.joined(separator: ",\n")
            return "  \(ParameterValue.string(id).json): " + (values.isEmpty ? "{}" : "{\n\(body)\n  }")
        }
        return Data("{\n  \"version\": \(Self.newestVersion)\(entries.map { ",\n" + $0 }.joined())\n}\n".utf8)
    }

    /// Reads `data`, the parameter file `file` (`kind` names it in errors: "--params", "params
    /// file"); the error says what is wrong and where (line, column, field).
    package static func read(_ data: Data, file: String, kind: String) throws(InputFileError) -> ParameterFile {
        if let problem = InputFileError.syntax(of: data, file: file, kind: kind) { throw problem }
        let entries: [String: Entry]
        do {
            entries = try JSONDecoder().decode([String: Entry].self, from: data)
        } catch {
            let atTop = InputFileError.field(of: error).isEmpty
            throw InputFileError.decoding(error, of: data, file: file, kind: kind,
                                          otherwise: atTop ? "expected {\"version\": 1, \"plugin id\": {\"parameter\": value}}"
                                                           : "expected a number, string or bool, or an object of them")
        }
        let objects = entries.filter { if case .object = $0.value { true } else { false } }
        let keyed = !objects.isEmpty || entries.keys.sorted() == ["version"]
        guard keyed else {
            return ParameterFile(flatValues: entries.compactMapValues { if case .value(let v) = $0 { v } else { nil } })
        }
        var plugins: [String: [String: ParameterValue]] = [:]
        for (key, entry) in entries {
            switch (key, entry) {
            case (_, .object(let values)): plugins[key] = values
            case ("version", .value(.number(let version))):
                if let problem = FileVersion.problem(version, newest: newestVersion) {
                    throw InputFileError(file: file, field: "version", reason: problem, kind: kind).located(in: data)
                }
            case ("version", .value(let other)):
                throw InputFileError(file: file, field: "version", reason: "expected a number (1), found \(other.kindName)", kind: kind).located(in: data)
            case (_, .value(let other)):
                let field = key.contains(".") ? "\"\(key)\"" : key
                throw InputFileError(file: file, field: field, reason: "expected an object of the plugin's parameters, found \(other.kindName) (a file keyed by plugin holds no bare values)", kind: kind).located(in: data)
            }
        }
        return ParameterFile(plugins: plugins)
    }

    /// Reads the parameter file at `path` (``read(_:file:kind:)``).
    package static func read(at path: String, kind: String) throws(InputFileError) -> ParameterFile {
        try read(InputFileError.json(at: path, limit: sizeLimit, kind: kind), file: path, kind: kind)
    }

    private init(flatValues: [String: ParameterValue]) {
        plugins = [:]
        flat = flatValues
    }

    /// A top-level entry: one plugin's values, or a value (a flat file's, or the version).
    private enum Entry: Decodable {
        case object([String: ParameterValue])
        case value(ParameterValue)

        init(from decoder: Decoder) throws {
            // An object is one plugin's values, each decoded where it is, so a bad one is named
            // by its own field (`"dev.refreshkit.spinner".radius`).
            // try?: a value that is not an object is one value, decoded (and its error named) below.
            if let object = try? decoder.container(keyedBy: Key.self) {
                var values: [String: ParameterValue] = [:]
                for key in object.allKeys { values[key.stringValue] = try object.decode(ParameterValue.self, forKey: key) }
                self = .object(values)
            } else {
                self = .value(try decoder.singleValueContainer().decode(ParameterValue.self))
            }
        }
    }

    /// A key of any name.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

private extension ParameterValue {
    /// The value's kind as an error names it.
    var kindName: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "a bool"
        case .color: "a colour"
        }
    }
}
