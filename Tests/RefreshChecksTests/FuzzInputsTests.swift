import Testing
import RefreshCore
import RefreshPluginSDK
@testable import RefreshChecks

/// The fuzzer's inputs: input `index` of a seed is always the same (a reported input can be made
/// again alone), inputs differ from one index to the next, and each mutation changes its document.
@Suite struct FuzzInputsTests {
    static let document: JSONValue = ["name": "pull", "version": 1, "viewport": ["width": 390, "height": 844],
                                      "steps": [["drag": ["by": -120, "seconds": 0.5]], ["wait": 1.2]]]
    static let specs = [ParameterSpec.number("radius", default: 12, range: 4...40, help: ""), .color("color", default: "#8E8E93", help: ""),
                        .bool("dots", default: false, help: ""), .string("text", default: "", help: ""),
                        .choice("mode", default: "a", options: ["a", "b"], help: "")]

    /// Everything input `index` holds, made from its generator.
    static func input(seed: UInt64, index: Int) -> (svg: String, json: JSONValue, parameters: String) {
        var g = FuzzInputs.generator(seed: seed, index: index)
        return (FuzzInputs.svg(&g), FuzzInputs.mutateJSON(document, &g), FuzzInputs.parameters(for: specs, &g))
    }

    @Test func anInputIsMadeAgainFromItsSeedAndIndex() {
        for index in [0, 1, 17, 4_000] {
            let first = Self.input(seed: 42, index: index), again = Self.input(seed: 42, index: index)
            #expect(first.svg == again.svg && first.json == again.json && first.parameters == again.parameters, "input \(index)")
        }
        let svgs = Set((0..<40).map { Self.input(seed: 42, index: $0).svg })
        #expect(svgs.count >= 36, "inputs differ from one index to the next: \(svgs.count) of 40")
        #expect(Self.input(seed: 42, index: 3).svg != Self.input(seed: 43, index: 3).svg || Self.input(seed: 42, index: 3).json != Self.input(seed: 43, index: 3).json)
    }

    @Test func aMutationChangesItsDocument() {
        let changed = (0..<50).filter { Self.input(seed: 7, index: $0).json != Self.document }.count
        #expect(changed >= 45, "\(changed) of 50 mutated documents differ from the document")
        for index in 0..<20 {
            let parameters = Self.input(seed: 7, index: index).parameters
            #expect(parameters.hasPrefix("{") && parameters.hasSuffix("}"), "a JSON object of values: \(parameters.prefix(200))")
        }
    }
}
