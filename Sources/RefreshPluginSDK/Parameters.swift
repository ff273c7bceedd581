import Foundation

/// A parameter an indicator declares: the preview shows and edits it, scenarios and config files set it.
public struct ParameterSpec: Equatable, Sendable {
    /// The kind of value and its default (and range or choices).
    public enum Kind: Equatable, Sendable {
        /// A number within `range` (inclusive); the preview shows it as a slider.
        case number(default: Double, range: ClosedRange<Double>)
        /// A colour, written `#RGB`, `#RRGGBB` or `#RRGGBBAA` in files and on the command line.
        case color(default: Color)
        /// On or off.
        case bool(default: Bool)
        /// Free text (a file name, path data, words to show).
        case string(default: String)
        /// One of `options`, by name.
        case choice(default: String, options: [String])
    }

    /// Identifier: 1–64 ASCII letters, digits, `_` or `-` (``isValidName(_:)``).
    public var name: String
    /// One line for people.
    public var help: String
    /// Type, default and limits.
    public var kind: Kind
    /// Why the declared default cannot be used (a colour that is not one), found when declared
    /// and reported when values are made from the spec (``ParameterValues/init(specs:overrides:)``).
    public private(set) var defaultProblem: String?
    /// Whether the value of a `.string` parameter names a file or folder the plugin reads
    /// (``ParameterSpec/file(_:default:help:)``): in its sandbox the plugin may read what the
    /// user's value names, and nothing a text parameter not so declared names. Default false.
    public var namesFile = false
    /// A short name for people, shown where the preview's inspector lists the parameter ("Smoothing"
    /// for `depth`); nil shows the name. Files, scenarios and `--param` still write the name.
    /// 1–32 characters, no control characters (``labelled(_:)``). Default nil.
    public var label: String?

    /// A parameter.
    public init(_ name: String, _ kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }

    /// Why this declaration cannot be used, if it cannot: a default that is not a colour, outside
    /// the range or not among the choices, a range or name that makes no sense.
    public var declarationProblem: String? {
        if let defaultProblem { return defaultProblem }
        guard Self.isValidName(name) else { return "the name must be 1–64 letters, digits, '_' or '-'" }
        if namesFile { guard case .string = kind else { return "only a text parameter can name a file" } }
        if let label, let problem = Self.labelProblem(label) { return problem }
        if case .number(_, let range) = kind, !range.lowerBound.isFinite || !range.upperBound.isFinite {
            return "the range \(range) is not finite"
        }
        do {
            _ = try validate(defaultValue)
            return nil
        } catch {
            return "the default " + error.reason
        }
    }

    /// This declaration with `label` as its ``label``.
    public func labelled(_ label: String) -> ParameterSpec {
        var spec = self
        spec.label = label
        return spec
    }

    /// Why `label` cannot label a parameter (empty, over 32 characters, or holding a control
    /// character), or nil.
    public static func labelProblem(_ label: String) -> String? {
        guard !label.isEmpty, label.count <= 32 else { return "the label must be 1–32 characters" }
        guard label.unicodeScalars.allSatisfy({ !$0.properties.isNoncharacterCodePoint && $0.properties.generalCategory != .control && $0.properties.generalCategory != .format }) else {
            return "the label holds a control character"
        }
        return nil
    }

    /// Whether `name` can name a parameter: 1–64 ASCII letters, digits, `_` or `-`, so that files,
    /// scenarios and `--param name=value` can all write it.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }
    }

    /// A number in `range`.
    public static func number(_ name: String, default value: Double, range: ClosedRange<Double>, help: String) -> ParameterSpec {
        ParameterSpec(name, .number(default: value, range: range), help: help)
    }
    /// A colour, given as `#RGB`, `#RRGGBB` or `#RRGGBBAA`. A default that is not a colour makes
    /// the plugin fail at creation, naming the parameter.
    public static func color(_ name: String, default value: String, help: String) -> ParameterSpec {
        do {
            return ParameterSpec(name, .color(default: try Color(hex: value)), help: help)
        } catch {
            var spec = ParameterSpec(name, .color(default: .black), help: help)
            spec.defaultProblem = "the default is not a colour: \(error.description)"
            return spec
        }
    }
    /// A switch.
    public static func bool(_ name: String, default value: Bool, help: String) -> ParameterSpec {
        ParameterSpec(name, .bool(default: value), help: help)
    }
    /// Text that names a file or folder the plugin reads (``namesFile``).
    public static func file(_ name: String, default value: String, help: String) -> ParameterSpec {
        var spec = string(name, default: value, help: help)
        spec.namesFile = true
        return spec
    }
    /// Free text.
    public static func string(_ name: String, default value: String, help: String) -> ParameterSpec {
        ParameterSpec(name, .string(default: value), help: help)
    }
    /// One of `options`.
    public static func choice(_ name: String, default value: String, options: [String], help: String) -> ParameterSpec {
        ParameterSpec(name, .choice(default: value, options: options), help: help)
    }

    /// The default as a JSON value.
    public var defaultValue: ParameterValue {
        switch kind {
        case .number(let v, _): .number(v)
        case .color(let c): .color(c)
        case .bool(let b): .bool(b)
        case .string(let s), .choice(let s, _): .string(s)
        }
    }

    /// Checks `value` against this parameter; the error names the parameter and the problem.
    public func validate(_ value: ParameterValue) throws(ParameterError) -> ParameterValue {
        func fail(_ reason: String) -> ParameterError { ParameterError(parameter: name, reason: reason) }
        switch (kind, value) {
        case (.number(_, let range), .number(let v)):
            guard v.isFinite else { throw fail("\(v) is not a finite number") }
            guard range.contains(v) else { throw fail("\(v) is outside \(range.lowerBound)...\(range.upperBound)") }
            return value
        case (.color, .color):
            return value
        case (.color, .string(let text)):
            do { return .color(try Color(hex: text)) } catch { throw fail(error.description) }
        case (.bool, .bool), (.string, .string):
            return value
        case (.choice(_, let options), .string(let s)):
            guard options.contains(s) else { throw fail("'\(s)' is not one of \(options.joined(separator: ", "))") }
            return value
        default:
            throw fail("expected \(kindName), got \(value.kindName)")
        }
    }

    /// The kind in words, e.g. `a number`.
    public var kindName: String {
        switch kind {
        case .number: "a number"
        case .color: "a colour string like \"#0A84FF\""
        case .bool: "true or false"
        case .string: "a string"
        case .choice(_, let options): "one of \(options.joined(separator: ", "))"
        }
    }
}

/// A parameter's value.
public enum ParameterValue: Equatable, Sendable {
    /// A number parameter's value.
    case number(Double)
    /// A colour parameter's value.
    case color(Color)
    /// A boolean parameter's value.
    case bool(Bool)
    /// A string or choice parameter's value.
    case string(String)

    /// The value as JSON text.
    public var json: String {
        switch self {
        case .number(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .color(let c): "\"\(c.hex)\""
        case .bool(let b): b ? "true" : "false"
        case .string(let s): Self.quoted(s)
        }
    }

    var kindName: String {
        switch self {
        case .number: "a number"
        case .color: "a colour"
        case .bool: "a bool"
        case .string: "a string"
        }
    }

    /// `values` as a JSON object's text, keys sorted.
    package static func json(_ values: [String: ParameterValue]) -> String {
        "{" + values.keys.sorted().map { "\(quoted($0)): \(values[$0]!.json)" }.joined(separator: ", ") + "}"
    }

    /// `s` as a JSON string literal, slashes unescaped so that paths read as paths.
    package static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes  // paths read as paths
        // try?: encoding a String cannot fail.
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

}

extension ParameterValue: Decodable {
    /// Decodes a JSON scalar: true/false, a number or a string (colours arrive as strings).
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // try?: each probe asks whether the value is of that kind; a value of none is the error thrown below.
        if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else {
            throw DecodingError.typeMismatch(ParameterValue.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a number, string or bool"))
        }
    }
}

/// A parameter value that does not fit its declaration.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter's name, or empty for the JSON as a whole.
    public var parameter: String
    /// What is wrong.
    public var reason: String

    /// An error about `parameter` (empty for the JSON as a whole).
    public init(parameter: String, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    /// E.g. `parameter 'spokes': 20 is outside 8...12`.
    public var description: String {
        parameter.isEmpty ? "parameters: \(reason)" : "parameter '\(parameter)': \(reason)"
    }
}

/// Validated parameter values with defaults filled in; what an indicator is created from.
public struct ParameterValues: Equatable, Sendable {
    /// Every declared parameter's value.
    public private(set) var values: [String: ParameterValue]

    /// Who declared the parameters, for the message when a read names one it did not declare.
    package var owner = "the indicator"
    /// What was read that was not declared (see ``misread``).
    private var misreads = Misreads()

    /// No values: what an indicator that declares nothing was made with.
    package init() { values = [:] }

    /// The same values, whoever declared them.
    public static func == (a: ParameterValues, b: ParameterValues) -> Bool { a.values == b.values }

    /// The defaults of `specs`, overridden by `overrides` (each validated). Unknown names are
    /// errors, and so is a declaration that cannot be used (``ParameterSpec/declarationProblem``)
    /// or a name declared twice.
    public init(specs: [ParameterSpec], overrides: [String: ParameterValue] = [:]) throws(ParameterError) {
        var values: [String: ParameterValue] = [:]
        for spec in specs {
            if let problem = spec.declarationProblem { throw ParameterError(parameter: spec.name, reason: problem) }
            guard values[spec.name] == nil else { throw ParameterError(parameter: spec.name, reason: "declared twice") }
            values[spec.name] = spec.defaultValue
        }
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw ParameterError(parameter: name, reason: "no such parameter (known: \(specs.map(\.name).joined(separator: ", ")))")
            }
            values[name] = try spec.validate(value)
        }
        self.values = values
    }

    /// Values from a JSON object text such as `{"spokes": 10, "tint": "#FF0000"}`.
    public init(specs: [ParameterSpec], json: String) throws(ParameterError) {
        let trimmed = json.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { try self.init(specs: specs); return }
        let overrides: [String: ParameterValue]
        do {
            overrides = try JSONDecoder().decode([String: ParameterValue].self, from: Data(trimmed.utf8))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw ParameterError(parameter: context.codingPath[0].stringValue, reason: "expected a number, string or bool")
        } catch {
            throw ParameterError(parameter: "", reason: "expected a JSON object of parameter values")
        }
        try self.init(specs: specs, overrides: overrides)
    }

    /// Sets one declared parameter, validated against its spec in `specs`.
    public mutating func set(_ name: String, _ value: ParameterValue, specs: [ParameterSpec]) throws(ParameterError) {
        guard let spec = specs.first(where: { $0.name == name }) else {
            throw ParameterError(parameter: name, reason: "no such parameter")
        }
        values[name] = try spec.validate(value)
    }

    /// The values as a JSON object, keys sorted.
    public var json: String { ParameterValue.json(values) }

    /// A declared parameter's value, read without `try`: ``PluginExport`` checked the declaration
    /// when the indicator was created. A handle the indicator does not list in its parameters reads
    /// as its own default, and fails the creation naming the parameter (see ``misread``).
    public subscript<Value>(_ parameter: Parameter<Value>) -> Value {
        read(parameter.name, parameter.kindName, fallback: parameter.fallback, parameter.extract)
    }

    /// A number parameter, by name: 0 for a name that is not a declared number, and the creation
    /// fails naming it (a misspelt name never draws with 0).
    @available(*, deprecated, message: "declare a Parameter (static let spokes = Parameter.number(…)) and read parameters[Self.spokes]")
    public func number(_ name: String) -> Double {
        read(name, "a number", fallback: 0) { if case .number(let v) = $0 { v } else { nil } }
    }
    /// A colour parameter, by name: black for a name that is not a declared colour (see `number(_:)`).
    @available(*, deprecated, message: "declare a Parameter (static let tint = Parameter.color(…)) and read parameters[Self.tint]")
    public func color(_ name: String) -> Color {
        read(name, "a colour", fallback: .black) { if case .color(let c) = $0 { c } else { nil } }
    }
    /// A bool parameter, by name: false for a name that is not a declared bool (see `number(_:)`).
    @available(*, deprecated, message: "declare a Parameter (static let flag = Parameter.bool(…)) and read parameters[Self.flag]")
    public func bool(_ name: String) -> Bool {
        read(name, "a bool", fallback: false) { if case .bool(let b) = $0 { b } else { nil } }
    }
    /// A string or choice parameter, by name: "" for a name that is not a declared string (see `number(_:)`).
    @available(*, deprecated, message: "declare a Parameter (static let text = Parameter.string(…)) and read parameters[Self.text]")
    public func string(_ name: String) -> String {
        read(name, "a string", fallback: "") { if case .string(let s) = $0 { s } else { nil } }
    }

    /// The number `spec` declares (SDK 1.0's typed read; it threw before 1.0.0 and needs no `try` now).
    @available(*, deprecated, message: "declare a Parameter instead of a ParameterSpec and read parameters[Self.spokes]")
    public func number(_ spec: ParameterSpec) -> Double { number(spec.name) }
    /// The colour `spec` declares.
    @available(*, deprecated, message: "declare a Parameter instead of a ParameterSpec and read parameters[Self.tint]")
    public func color(_ spec: ParameterSpec) -> Color { color(spec.name) }
    /// The bool `spec` declares.
    @available(*, deprecated, message: "declare a Parameter instead of a ParameterSpec and read parameters[Self.flag]")
    public func bool(_ spec: ParameterSpec) -> Bool { bool(spec.name) }
    /// The string or choice `spec` declares.
    @available(*, deprecated, message: "declare a Parameter instead of a ParameterSpec and read parameters[Self.text]")
    public func string(_ spec: ParameterSpec) -> String { string(spec.name) }

    /// The first read of a name that was not declared, or declared as another kind, since these
    /// values were made (shared by their copies): the indicator's creation fails with it.
    public var misread: ParameterError? { misreads.first }

    /// The value of `name` as `kind` (words for the message), taken out by `extract`; `fallback`,
    /// noted as a misread, when it is not there as that kind.
    private func read<T>(_ name: String, _ kind: String, fallback: T, _ extract: (ParameterValue) -> T?) -> T {
        guard let value = values[name] else {
            misreads.note(ParameterError(parameter: name, reason: "\(owner) reads it as \(kind) but does not declare it (declared: \(values.keys.sorted().joined(separator: ", ")))"))
            return fallback
        }
        guard let typed = extract(value) else {
            misreads.note(ParameterError(parameter: name, reason: "\(owner) reads it as \(kind) but declares \(value.kindName)"))
            return fallback
        }
        return typed
    }
}

/// The misreads of one set of values and its copies (a read does not change the values).
final class Misreads: @unchecked Sendable {
    private let lock = NSLock()
    private var firstError: ParameterError?
    func note(_ error: ParameterError) { lock.withLock { if firstError == nil { firstError = error } } }
    var first: ParameterError? { lock.withLock { firstError } }
}

extension ParameterValue: Encodable {
    /// Encodes the JSON scalar (a colour as its `#RRGGBB` text).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let v): try container.encode(v)
        case .color(let c): try container.encode(c.hex)
        case .bool(let b): try container.encode(b)
        case .string(let s): try container.encode(s)
        }
    }
}
