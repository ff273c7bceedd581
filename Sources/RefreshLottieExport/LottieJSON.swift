import CJSON
import Foundation
import RefreshContract

/// A JSON value whose object members keep the order they are written in, printed by cJSON (which
/// keeps members in the order added). Lottie needs the order: rlottie and ThorVG read a shape's
/// type (`ty`) first and skip the members before it, and Foundation's JSON writers either sort the
/// members or order them by hash.
indirect enum LottieJSON: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
                          ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case number(Double), string(String), bool(Bool), array([LottieJSON]), object([(String, LottieJSON)]), null

    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: LottieJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, LottieJSON)...) { self = .object(elements) }

    /// `meta`, its members in the order ``LottieExportMeta/CodingKeys`` lists them.
    init(_ meta: LottieExportMeta) {
        self = .object(LottieExportMeta.CodingKeys.allCases.compactMap { key -> (String, LottieJSON)? in
            switch key {
            case .refreshLength: (key.rawValue, .number(meta.refreshLength))
            case .edge: meta.edge.map { (key.rawValue, .string($0)) }
            case .id: meta.id.map { (key.rawValue, .string($0)) }
            case .loops: meta.loops.map { (key.rawValue, .array($0.map(LottieJSON.string))) }
            case .overpullReach: meta.overpullReach.map { (key.rawValue, .number($0)) }
            case .bandHeight: meta.bandHeight.map { (key.rawValue, .number($0)) }
            }
        })
    }

    /// `data` read as JSON, members in the order written (another file's animation, taken in
    /// whole); nil when it is not JSON.
    init?(parsing data: Data) {
        let root = data.withUnsafeBytes { bytes in cJSON_ParseWithLength(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) }
        guard let root else { return nil }
        defer { cJSON_Delete(root) }
        self = Self.value(of: root)
    }

    private static func value(of node: UnsafeMutablePointer<cJSON>) -> LottieJSON {
        if cJSON_IsNumber(node) != 0 { return .number(node.pointee.valuedouble) }
        if cJSON_IsString(node) != 0 { return .string(String(cString: node.pointee.valuestring)) }
        if cJSON_IsBool(node) != 0 { return .bool(cJSON_IsTrue(node) != 0) }
        guard cJSON_IsArray(node) != 0 || cJSON_IsObject(node) != 0 else { return .null }
        var elements: [(String, LottieJSON)] = []
        var child = node.pointee.child
        while let element = child {
            elements.append((element.pointee.string.map { String(cString: $0) } ?? "", value(of: element)))
            child = element.pointee.next
        }
        return cJSON_IsArray(node) != 0 ? .array(elements.map(\.1)) : .object(elements)
    }

    /// A list's elements; nil for another value.
    var elements: [LottieJSON]? {
        if case .array(let values) = self { values } else { nil }
    }

    /// A number's value; nil for another value.
    var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// A string's value; nil for another value.
    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// `wanted`, or it with `-` after it as often as needed, so that no asset of `assets` has it as its id.
    static func freeID(_ wanted: String, among assets: [LottieJSON]) -> String {
        let taken = Set(assets.compactMap { $0["id"]?.string })
        var id = wanted
        while taken.contains(id) { id += "-" }
        return id
    }

    /// A point or any list of numbers.
    static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map(LottieJSON.number)) }

    /// Sets `key` of an object (appended when it is new); nothing for another value.
    subscript(key: String) -> LottieJSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.0 == key }?.1
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let newValue { members[index].1 = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// The value as compact JSON text; a number that is not finite is written as 0.
    var data: Data {
        let root = node()
        defer { cJSON_Delete(root) }
        guard let text = cJSON_PrintUnformatted(root) else { return Data() }
        defer { cJSON_free(text) }
        return Data(bytes: text, count: strlen(text))
    }

    private func node() -> UnsafeMutablePointer<cJSON>? {
        switch self {
        case .number(let value): return cJSON_CreateNumber(value.isFinite ? value : 0)
        case .string(let value): return cJSON_CreateString(value)
        case .bool(let value): return cJSON_CreateBool(value ? 1 : 0)
        case .null: return cJSON_CreateNull()
        case .array(let values):
            let array = cJSON_CreateArray()
            for value in values { cJSON_AddItemToArray(array, value.node()) }
            return array
        case .object(let members):
            let object = cJSON_CreateObject()
            for (key, value) in members { cJSON_AddItemToObject(object, key, value.node()) }
            return object
        }
    }
}
