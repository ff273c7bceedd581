import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// Reproducible hostile inputs for ``Fuzzer``: input `index` of a `seed` is always the same, so
/// any input a run reports can be made again alone.
enum FuzzInputs {
    /// A generator for input `index` of `seed`.
    static func generator(seed: UInt64, index: Int) -> SeededRandom {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        return SeededRandom(seed: mixer.next())
    }

    /// Numbers that broke things before: overflowing, subnormal, signed zero, just past limits.
    static let extremeNumbers = ["1e308", "-1e308", "1.7976931348623157e308", "1e-320", "-0", "0", "1e38", "9e8", "1e9", "4294967296",
                                 "9223372036854775808", "1e400", "-1e400", "1e19", "0.000001", "360", "1e300"]

    /// A number as SVG or JSON writes it: usually small, sometimes extreme.
    static func number(_ g: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return extremeNumbers.randomElement(using: &g)!
        case 1: return "\(Double.random(in: -1...1, using: &g))e\(Int.random(in: -320...320, using: &g))"
        case 2, 3: return String(Int.random(in: -100...100, using: &g))
        default: return String(format: "%.3f", Double.random(in: -200...200, using: &g))
        }
    }

    // MARK: SVG path data

    static let seedPaths = [
        "M18 40 A9 9 0 0 1 16.5 22.2 A15 15 0 0 1 44.5 17.5 A11.5 11.5 0 0 1 47 40 Z",
        "M32 23 V37 M26.5 31.5 L32 37 L37.5 31.5",
        "M12 44 C12 24 26 10 48 8 C48 30 36 44 16 44 Z",
        "M10 10 h20 v20 h-20 z m5 5 l10 10 s5 5 10 0 t10 10 q5 -5 10 0",
        "M0 0 a1 1 0 1 0 2 0 a1 1 0 1 0 -2 0 M12 2 A10 20 45 1 1 2 12",
        "m1-2.5.5.5 1e1 1E-1-.5-.5zM3,4,5,6",
    ]
    static let svgAlphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE, \n\t")
    static let oddTokens = ["1e308", "-1e308", "1e400", "nan", "inf", "−5", "é", "\u{0}", ",,", "..", "e", "1e", "A", "Z Z", "00", "11"]

    /// SVG path data: a mutated real path, or random commands with random (often extreme) numbers.
    static func svg(_ g: inout SeededRandom) -> String {
        if Bool.random(using: &g) {
            var text = Array(seedPaths.randomElement(using: &g)!)
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                let at = Int.random(in: 0...text.count, using: &g)
                switch Int.random(in: 0..<5, using: &g) {
                case 0 where at < text.count: text[at] = svgAlphabet.randomElement(using: &g)!
                case 1: text.insert(contentsOf: Array(" " + number(&g) + " "), at: at)
                case 2: text.insert(contentsOf: Array(oddTokens.randomElement(using: &g)!), at: at)
                case 3 where at < text.count: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...6, using: &g)))
                default:
                    let end = min(text.count, at + Int.random(in: 1...20, using: &g))
                    text.insert(contentsOf: text[at..<end], at: end)
                }
            }
            return String(text)
        }
        var text = "M\(number(&g)) \(number(&g))"
        for _ in 0..<Int.random(in: 1...8, using: &g) {
            let command = "LlHhVvCcSsQqTtAaZz".randomElement(using: &g)!
            let arguments: Int = switch command.lowercased() {
            case "l", "t": 2
            case "h", "v": 1
            case "c": 6
            case "s", "q": 4
            case "a": 7
            default: 0
            }
            text += " \(command)"
            for k in 0..<arguments {
                let isFlag = command.lowercased() == "a" && (k == 3 || k == 4)
                text += " " + (isFlag ? (Bool.random(using: &g) ? "1" : "0") : number(&g))
            }
        }
        return text
    }

    // MARK: JSON documents

    /// `document` with 1...`maximum` random changes: values replaced by extreme or wrong-typed
    /// ones, keys removed or added, arrays grown, strings made long or path-like.
    static func mutateJSON(_ document: JSONValue, _ g: inout SeededRandom, maximum: Int = 4) -> JSONValue {
        var result = document
        for _ in 0..<Int.random(in: 1...maximum, using: &g) { result = mutate(result, &g, depth: 0) }
        return result
    }

    private static func replacement(_ g: inout SeededRandom) -> JSONValue {
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .string(String(repeating: "x", count: Int.random(in: 0...5000, using: &g)))
        case 3: return .string(["../../etc/passwd", "/dev/zero", "./libEvil.so", "Spinner", "", "é−\u{202E}", "dev.refreshkit.label"].randomElement(using: &g)!)
        case 4: return []
        case 5: return [:]
        default: return .number(Double(number(&g)).map { $0.isFinite ? $0 : 1e308 } ?? 0)
        }
    }

    private static func mutate(_ value: JSONValue, _ g: inout SeededRandom, depth: Int) -> JSONValue {
        // Go deeper most of the time, so changes land everywhere, not only at the top.
        if var object = value.object, !object.isEmpty, depth < 12, Int.random(in: 0..<5, using: &g) != 0 {
            let key = object.keys.sorted().randomElement(using: &g)!
            switch Int.random(in: 0..<8, using: &g) {
            case 0: object[key] = nil
            case 1: object["unknown\(Int.random(in: 0..<9, using: &g))"] = replacement(&g)
            default: object[key] = mutate(object[key]!, &g, depth: depth + 1)
            }
            return .object(object)
        }
        if var array = value.array, !array.isEmpty, depth < 12, Int.random(in: 0..<5, using: &g) != 0 {
            let index = Int.random(in: 0..<array.count, using: &g)
            switch Int.random(in: 0..<8, using: &g) {
            case 0: array.remove(at: index)
            case 1: array += Array(repeating: array[index], count: Int.random(in: 1...50, using: &g))
            default: array[index] = mutate(array[index], &g, depth: depth + 1)
            }
            return .array(array)
        }
        // Mostly plausible changes, so that many inputs get past the readers to the later stages.
        if let number = value.number, Int.random(in: 0..<4, using: &g) != 0 {
            return .number([number * 2, number / 3, -number, number + 0.5, 0, number * 1e6, 1e308, -1e308, 1e9].randomElement(using: &g)!)
        }
        if case .bool(let flag) = value, Bool.random(using: &g) { return .bool(!flag) }
        if value.string != nil, Bool.random(using: &g) {
            return .string(["top", "bottom", "Spinner", "Label", "Lottie", "Path Drawing", "Rainbow", "success", "failure", "noMoreData", "easeIn", "dark", "ar"].randomElement(using: &g)!)
        }
        return replacement(&g)
    }

    /// `document` as JSON bytes; sometimes a byte or two is then changed, so the syntax breaks too.
    static func serialize(_ document: JSONValue, _ g: inout SeededRandom) -> Data {
        var data = document.data()
        // What a person or a generator writes that no JSONValue holds: numbers no double holds,
        // an empty key, a value of 200 KB.
        if Int.random(in: 0..<5, using: &g) == 0, let brace = data.firstIndex(of: UInt8(ascii: "{")) {
            let insert = [#""rows": 4.9e-325,"#, #""rows": 1e400,"#, #""": 1,"#, #""name": ""# + String(repeating: "x", count: 200_000) + #"","#,
                          #""viewport": {"width": 1e-400, "height": 10},"#].randomElement(using: &g)!
            data.insert(contentsOf: Array(insert.utf8), at: data.index(after: brace))
        }
        if Int.random(in: 0..<5, using: &g) == 0, !data.isEmpty {
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                data[Int.random(in: 0..<data.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
            }
        }
        return data
    }

    // MARK: Parameters

    /// A JSON object of values for `specs`: in range, at and past the limits, wrong types, hostile
    /// strings (path data, files that never end, other people's files), unknown names.
    static func parameters(for specs: [ParameterSpec], _ g: inout SeededRandom) -> String {
        var fields: [String] = []
        for spec in specs where Int.random(in: 0..<3, using: &g) == 0 {
            let value: String
            switch spec.kind {
            case .number(_, let range):
                value = Int.random(in: 0..<3, using: &g) != 0 ? String(Double.random(in: range, using: &g))
                    : [String(range.lowerBound), String(range.upperBound), String(range.lowerBound - 1), String(range.upperBound + 1),
                       number(&g), "\"12\"", "true"].randomElement(using: &g)!
            case .bool:
                value = ["true", "false", "1", "\"yes\""].randomElement(using: &g)!
            case .color:
                value = ["\"#FF0000\"", "\"#12345678\"", "\"#GG0000\"", "\"red\"", "\"\"", "3"].randomElement(using: &g)!
            case .choice(_, let options):
                value = Bool.random(using: &g) ? ParameterValue.quoted(options.randomElement(using: &g) ?? "") : ParameterValue.quoted(svg(&g))
            case .string:
                let lottie = Assets.path("Lottie/refresh.json") ?? "Lottie/refresh.json"
                let text = [svg(&g), "", String(repeating: "é", count: 3000), "/dev/zero", "/etc/shadow", "../../../etc/passwd",
                            lottie, "marker:nope", "frames:0-1e300", "progress:-1-2", "pulling@bottom"].randomElement(using: &g)!
                value = ParameterValue.quoted(text)
            }
            fields.append("\(ParameterValue.quoted(spec.name)): \(value)")
        }
        if Int.random(in: 0..<10, using: &g) == 0 { fields.append("\"noSuchParameter\": 1") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
