import Foundation

/// Any JSON value: the one tree the package reads JSON into where Codable alone cannot say what is
/// wrong (the scenario reader names the path of a bad field), and writes it from where the shape is
/// open (a report's spec, the fuzzer's mutated documents). Everything with a fixed shape is Codable.
package indirect enum JSONValue: Codable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        // try?: each probe asks whether the value is of that kind; the last decode throws the real error.
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }

    /// Parses `data` (any JSON text, a bare number or string too).
    package init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value as JSON text: keys sorted, slashes unescaped, indented when `pretty`.
    package func data(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // try?: only a non-finite number fails to encode, and it is written as null rather than lose the document.
        return (try? encoder.encode(self)) ?? (try? encoder.encode(finite)) ?? Data("null".utf8)
    }

    /// The same value with every non-finite number made null.
    private var finite: JSONValue {
        switch self {
        case .number(let n) where !n.isFinite: .null
        case .array(let a): .array(a.map(\.finite))
        case .object(let o): .object(o.mapValues(\.finite))
        default: self
        }
    }

    /// An object's fields, or nil.
    package var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    /// An array's elements, or nil.
    package var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// A number, or nil.
    package var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// A string, or nil.
    package var string: String? { if case .string(let s) = self { s } else { nil } }

    /// Two values as one: objects merge key by key, recursively; for anything else `self` stands.
    package func merged(with other: JSONValue) -> JSONValue {
        guard case .object(let a) = self, case .object(let b) = other else { return self }
        return .object(a.merging(b) { $0.merged(with: $1) })
    }

    /// How a message names the value's kind: "a number", "an object".
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
                     ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(elements) { first, _ in first }) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(nilLiteral: ()) { self = .null }
}

extension ParameterValue {
    /// The value as JSON (a colour as its `#RRGGBB` text).
    package var jsonValue: JSONValue {
        switch self {
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        case .color(let c): .string(c.hex)
        }
    }
}
