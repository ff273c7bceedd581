import Foundation
import Testing
import RefreshHost
import TestSupport

/// The built tools and plugins the commands are run with (see ``toolsFolder``).
let products = toolsFolder
/// This test target's folder (its goldens are below it).
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let scenarioFolder = packageRoot.appendingPathComponent("Assets/Scenarios").path
let shippedScenarios = ((try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

/// The built-ins; SpinnerC is checked against the Swift spinner's goldens (the same picture, but see goldenID).
let builtInIDs = ["dev.refreshkit.spinner", "dev.refreshkit.spinner-c", "dev.refreshkit.rainbow", "dev.refreshkit.path-drawing", "dev.refreshkit.label", "dev.refreshkit.lottie"]
/// At the end of the data the Swift spinner says so in words and the C one keeps its dash, so a
/// scenario that reaches it has goldens of the C spinner's own.
func goldenID(_ id: String, scenario: String = "") -> String {
    id == "dev.refreshkit.spinner-c" && scenario != "load-more-to-end" ? "dev.refreshkit.spinner" : id
}

func scratch(_ name: String) -> String { scratchDirectory("dump-\(name)") }
