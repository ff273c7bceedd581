import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// A parameter whose value names a file the plugin reads is declared as such
/// (`Parameter.file`, the C ABI's `REFRESH_PARAM_NAMES_FILE`): the host lets the sandboxed plugin
/// read what the user's value names, and nothing an undeclared text parameter names.
@Suite(.leavesNoPluginHost) struct FileParameterTests {
    /// The built-ins that read files declare them, in this process and through a child (whose
    /// hello carries the parameters as the manifest writes them).
    @Test func theBuiltInsDeclareTheParametersThatNameFiles() throws {
        for (product, names) in [("RefreshLottie", ["file"]), ("RefreshImageSequence", ["folder"]), ("RefreshPathDrawing", ["file"]), ("RefreshSpinner", [])] {
            let here = try PluginLibrary(path: library(product)).info.parameters, there = try PluginHostProcess(path: library(product)).info.parameters
            #expect(here.filter(\.namesFile).map(\.name) == names && there == here, "\(product)")
        }
    }

    /// Of a plugin's text values, only a declared file parameter's makes a file readable; a plugin
    /// that declares none (built before the declaration) gets what any text value names, as before.
    @Test func onlyADeclaredParameterMakesAFileReadable() throws {
        let folder = scratchDirectory("file-parameters-\(UUID().uuidString.prefix(8))")
        let (drawing, secret) = ("\(folder)/drawing.svg", "\(folder)/secret.txt")
        for file in [drawing, secret] { #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8))) }
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let json = #"{"file": "\#(drawing)", "note": "\#(secret)"}"#
        let declaring = [ParameterSpec.file("file", default: "", help: "A drawing"), .string("note", default: "", help: "Words")]
        #expect(PluginSandbox.paths(namedBy: try ParameterValues(specs: declaring, json: json), defaults: declaring) == [resolved(drawing)])
        let older = [ParameterSpec.string("file", default: "", help: "A drawing"), .string("note", default: "", help: "Words")]
        #expect(PluginSandbox.paths(namedBy: try ParameterValues(specs: older, json: json), defaults: older) == [resolved(drawing), resolved(secret)])
        var number = ParameterSpec.number("size", default: 1, range: 0...2, help: "")
        number.namesFile = true
        #expect(number.declarationProblem == "only a text parameter can name a file")
        #expect(Parameter.file("file", default: "", help: "").spec.namesFile && !Parameter.string("file", default: "", help: "").spec.namesFile)
    }

    /// A label is 1–32 characters with no control character, and travels in the manifest (what
    /// `pack` writes and a plugin-host child's hello carries) as it was declared.
    @Test func aLabelIsCheckedAndTravelsInTheManifest() throws {
        let depth = Parameter.number("depth", default: 1, range: 0...2, help: "").labelled("Smoothing")
        #expect(depth.spec.label == "Smoothing" && depth.spec.declarationProblem == nil && depth.name == "depth")
        for bad in ["", String(repeating: "x", count: 33), "two\nlines", "\u{1B}[2J"] {
            #expect(depth.spec.labelled(bad).declarationProblem != nil, "\(bad.debugDescription)")
        }
        #expect(try PluginManifest.Parameter(describing: depth.spec).spec() == depth.spec)
        var forged = PluginManifest.Parameter(describing: depth.spec)
        forged.label = "\u{1B}[31mred"
        #expect(throws: ParameterError.self) { try forged.spec() }
    }
}
