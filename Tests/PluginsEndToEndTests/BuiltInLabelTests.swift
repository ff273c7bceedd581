import Testing
import TestSupport
import RefreshHost

/// Every built-in speaks a designer's words in the inspector: each parameter has a label (the
/// rows read "darkColor", "showArrow", "windLines" where only Path Drawing had labels).
@Suite(.leavesNoPluginHost) struct BuiltInLabelTests {
    @Test(arguments: builtIns.filter { $0 != "ExampleTemplate" })
    func everyParameterHasALabel(product: String) throws {
        let parameters = try PluginLibrary(path: library(product)).info.parameters
        #expect(!parameters.isEmpty)
        #expect(parameters.filter { $0.label == nil }.map(\.name) == [], "\(product)")
    }
}
