import Testing
import RefreshPluginSDK

/// A parameter's declaration as the SDK checks it, before any host sees it: names, labels,
/// defaults, and the values a file or `--param` may give.
@Suite struct ParameterSpecTests {
    /// A name files, scenarios and `--param name=value` can all write; a label of 1–32 characters
    /// with no control or format character (a right-to-left override would turn a row's words round).
    @Test func namesAndLabelsAreChecked() {
        #expect(ParameterSpec.isValidName("lineWidth") && ParameterSpec.isValidName("a_b-9"))
        for bad in ["", "line width", "é", "a=b", String(repeating: "x", count: 65)] { #expect(!ParameterSpec.isValidName(bad), "\(bad)") }
        #expect(ParameterSpec.labelProblem("Smoothing") == nil && ParameterSpec.labelProblem(String(repeating: "x", count: 32)) == nil)
        for bad in ["", String(repeating: "x", count: 33), "a\u{7}b", "a\u{202E}b", "a\u{FFFF}"] { #expect(ParameterSpec.labelProblem(bad) != nil, "\(bad.unicodeScalars.map(\.value))") }
        #expect(ParameterSpec.number("depth", default: 1, range: 0...2, help: "").labelled("").declarationProblem == "the label must be 1–32 characters")
    }

    /// A declaration that cannot be used says why: a default colour that is none, a default out of
    /// its range or its choices, a range that is not finite, a file that is not text.
    @Test func aDeclarationThatCannotBeUsedSaysWhy() {
        #expect(ParameterSpec.color("tint", default: "#GG0000", help: "").declarationProblem?.hasPrefix("the default is not a colour") == true)
        #expect(ParameterSpec.number("n", default: 5, range: 0...1, help: "").declarationProblem?.contains("outside 0.0...1.0") == true)
        #expect(ParameterSpec.choice("mode", default: "c", options: ["a", "b"], help: "").declarationProblem?.contains("'c' is not one of a, b") == true)
        #expect(ParameterSpec.number("n", default: 0, range: 0...Double.infinity, help: "").declarationProblem?.contains("not finite") == true)
        var file = ParameterSpec.number("n", default: 0, range: 0...1, help: "")
        file.namesFile = true
        #expect(file.declarationProblem == "only a text parameter can name a file")
        #expect(ParameterSpec.file("file", default: "", help: "").namesFile && ParameterSpec.file("file", default: "", help: "").declarationProblem == nil)
    }

    /// Values from JSON: validated against their declarations, colours read from text, every
    /// refusal naming its parameter.
    @Test func valuesAreValidatedAndEachRefusalNamesItsParameter() throws {
        let specs = [ParameterSpec.number("radius", default: 12, range: 4...40, help: ""), .color("tint", default: "#0A84FF", help: ""),
                     .bool("dots", default: false, help: ""), .choice("mode", default: "a", options: ["a", "b"], help: "")]
        let values = try ParameterValues(specs: specs, json: ##"{"radius": 20, "tint": "#FF0000", "mode": "b"}"##)
        #expect(values.values == ["radius": .number(20), "tint": .color(try Color(hex: "#FF0000")), "mode": .string("b"), "dots": .bool(false)])
        let refusals: [(String, String)] = [(#"{"radius": 100}"#, "radius"), (#"{"tint": "red"}"#, "tint"), (#"{"dots": "yes"}"#, "dots"),
                                            (#"{"mode": "c"}"#, "mode"), (#"{"nope": 1}"#, "nope"), (#"{"radius": [1]}"#, "radius"), ("[[[[", "")]
        for (json, parameter) in refusals {
            #expect(throws: ParameterError.self, "\(json)") { try ParameterValues(specs: specs, json: json) }
            do { _ = try ParameterValues(specs: specs, json: json) } catch { #expect(error.parameter == parameter, "\(json): \(error)") }
        }
        #expect(try ParameterValues(specs: specs, json: "  ") == ParameterValues(specs: specs))
        #expect(throws: ParameterError(parameter: "radius", reason: "declared twice")) { try ParameterValues(specs: specs + [specs[0]]) }
    }
}
