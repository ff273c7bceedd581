import Foundation
import RefreshGraphics
import RefreshPluginSDK

/// A file given as input that cannot be used — a scenario, a parameters file, a plugin manifest, a
/// result file to merge: which file, where in it (line and column), which field
/// (`steps[3].drag.to`), and why, in the user's words. Its text is the whole message a user sees.
public struct InputFileError: Error, Equatable, CustomStringConvertible {
    /// What the file is to the command: `scenario`, `--params`, `plugin manifest`, `--merge`.
    public var kind: String
    /// The file as given, or `(scenario)` for text that came from no file.
    public var file: String
    /// The line of the problem, from 1; nil when it is the file as a whole (too big, missing).
    public var line: Int?
    /// The column on that line, from 1, counting bytes.
    public var column: Int?
    /// A path to the field, e.g. `steps[3].drag.duration`; empty for the file as a whole.
    public var field: String
    /// What is wrong, or what was expected.
    public var reason: String
    /// The plugin's failure, in its words (`plugin libX.so: crashed with signal 6 …`), when that is
    /// what went wrong at this place (a scenario's edge whose plugin crashed while it was made): the
    /// message then leads with the plugin, the file's place after.
    public var pluginFailure: String?

    /// An error in `file` (of `kind`) about `field`; `located(in:at:)` adds the line and column.
    public init(file: String, field: String = "", reason: String, kind: String = "scenario", line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.file = file
        self.field = field
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// `scenario pull.json: line 4, column 9: steps[3].drag.duration: expected a number ≥ 0`.
    public var description: String {
        guard let pluginFailure else { return "\(kind) \(file): \(detail)" }
        let place = line.map { line in "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " } ?? ""
        return "\(pluginFailure) (\(kind) \(file): \(place)\(field))"
    }

    /// The message without the kind and file: place, field and reason.
    public var detail: String {
        let place = line.map { line in "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " } ?? ""
        return place + (field.isEmpty ? reason : "\(field): \(reason)")
    }

    /// This error with the line and column of `offset` in `data`, or else of its field there.
    /// An error that already has a line keeps it.
    package func located(in data: Data, at offset: Int? = nil) -> InputFileError {
        guard line == nil, let offset = offset ?? JSONSyntax.offset(of: JSONSyntax.steps(of: field), in: data) else { return self }
        var located = self
        (located.line, located.column) = JSONSyntax.lineAndColumn(of: offset, in: data)
        return located
    }

    /// ``located(in:at:)`` in the file itself, read again (at most `limit` bytes): for a problem
    /// found after the text was read, by a player or a plugin. Unchanged when the file cannot be read.
    package func locatedInFile(limit: Int) -> InputFileError {
        guard line == nil, !field.isEmpty, file != "(scenario)" else { return self }
        // try?: a file that is gone or changed since is named without a line, as before.
        guard let data = try? CappedFile.contents(of: file, limit: limit) else { return self }
        return located(in: data)
    }

    /// The bytes of the `kind` file at `path` (``CappedFile``: a regular file of at most `limit`
    /// bytes), or the error that names it.
    package static func contents(of path: String, limit: Int, kind: String = "scenario") throws(InputFileError) -> Data {
        do {
            return try CappedFile.contents(of: path, limit: limit)
        } catch {
            throw InputFileError(file: path, reason: error.reason, kind: kind)
        }
    }

    /// ``contents(of:limit:kind:)`` that must be valid JSON (``syntax(of:file:kind:)``).
    package static func json(at path: String, limit: Int, kind: String) throws(InputFileError) -> Data {
        let data = try contents(of: path, limit: limit, kind: kind)
        if let problem = syntax(of: data, file: path, kind: kind) { throw problem }
        return data
    }

    /// The `kind` file at `path` decoded as `type` (``json(at:limit:kind:)``); valid JSON of another
    /// shape is said in `expected`'s words at the field and place the decoder stopped on.
    /// With `newestVersion`, the file's `"version"` (each element's, for an array) is checked first
    /// (``FileVersion``): a newer file is refused by name, not by the first field it changed.
    package static func decode<T: Decodable>(_ type: T.Type, at path: String, limit: Int, kind: String, expected: String,
                                             newestVersion: Int? = nil) throws(InputFileError) -> T {
        let data = try json(at: path, limit: limit, kind: kind)
        if let newestVersion { try checkVersion(of: data, newest: newestVersion, file: path, kind: kind) }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw decoding(error, of: data, file: path, kind: kind, otherwise: expected)
        }
    }

    /// Refuses `data` when its `"version"` (or an element's, in an array) is not one a reader of
    /// `newest` reads. A version that is not a number is left to the decoder, which names its field.
    private static func checkVersion(of data: Data, newest: Int, file: String, kind: String) throws(InputFileError) {
        struct Versioned: Decodable { var version: Double? }
        // try?: a file of another shape has no version here; the decoder then says what it is.
        let one = try? JSONDecoder().decode(Versioned.self, from: data)
        // try?: likewise for an array of results (verify's), each element with its version.
        let many = one == nil ? try? JSONDecoder().decode([Versioned].self, from: data) : nil
        let versions = one.map { [$0.version] } ?? many?.map(\.version) ?? []
        for (index, version) in versions.enumerated() {
            if let problem = FileVersion.problem(version, newest: newest) {
                throw InputFileError(file: file, field: many == nil ? "version" : "[\(index)].version", reason: problem, kind: kind)
            }
        }
    }

    /// The JSON problem in `data` (not UTF-8, bad syntax, a key twice) as an error of this file,
    /// with its place; nil when `data` is valid JSON.
    package static func syntax(of data: Data, file: String, kind: String = "scenario") -> InputFileError? {
        guard let problem = JSONSyntax.problem(in: data) else { return nil }
        return InputFileError(file: file, reason: "not valid JSON: \(problem.message)", kind: kind).located(in: data, at: problem.offset)
    }

    /// Why valid JSON `data` could not be decoded, as an error of this file: a number no double
    /// holds (4.9e-325, 1e400) is named with its place; anything else is `reason` at the field
    /// the decoder stopped on.
    package static func decoding(_ error: Error, of data: Data, file: String, kind: String = "scenario", otherwise reason: String) -> InputFileError {
        let field = field(of: error)
        if let (offset, token) = JSONSyntax.firstNumber(in: data, beyond: .greatestFiniteMagnitude, orUnderflowing: true) {
            let shown = PluginError.shortened(token, to: 40)
            return InputFileError(file: file, field: field, reason: "the number \(shown) is too \(Double(token) == 0 ? "small for a double (it would read as 0)" : "large for a double")", kind: kind)
                .located(in: data, at: offset)
        }
        return InputFileError(file: file, field: field, reason: reason, kind: kind).located(in: data)
    }

    /// The JSON path of a decoding error in the file's words (`steps[3].drag.to`), never a Swift type.
    package static func field(of error: Error) -> String { JSONSyntax.field(of: error) }

    /// A value from the file as a message quotes it: in quotes, control characters shown as `�`,
    /// cut to 80 characters with "…", so a 10 MB string never floods an error line.
    package static func quoted(_ value: String) -> String {
        "'\(PluginError.printable(PluginError.shortened(value)))'"
    }
}
