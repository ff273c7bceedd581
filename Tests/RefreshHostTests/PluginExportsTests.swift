import Foundation
import Testing
import TestSupport

/// A built-in plugin carries the SDK privately: the one symbol a host looks for is all it exports.
@Suite(.leavesNoPluginHost) struct PluginExportsTests {
    /// The global symbols `library` defines in its dynamic symbol table (binutils' `nm`).
    func exportedSymbols(_ library: String) throws -> [String] {
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        nm.arguments = ["-D", "--defined-only", "--extern-only", "--format=just-symbols", library]
        let pipe = Pipe()
        nm.standardOutput = pipe
        try nm.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        nm.waitUntilExit()
        #expect(nm.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(arguments: builtIns)
    func exportsOnlyItsEntryPoint(product: String) throws {
        let symbols = try exportedSymbols(library(product))
        #expect(symbols == ["refresh_plugin_entry"], "\(product) exports \(symbols.count) symbols: \(symbols.prefix(5))")
    }

    /// The host's and the tools' code stays out of a plugin: no container, state machine, physics,
    /// paging, encoder or golden code is linked into a built-in's library (their type names would
    /// show in its metadata, as they did when the SDK re-exported all of RefreshCore and Graphics).
    @Test(arguments: builtIns)
    func carriesNoneOfTheHostsCode(product: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library(product)))
        for name in ["PagingStore", "ScrollSimulation", "EdgeStateMachine", "RefreshContainer", "RubberBand", "AnimatedWebP",
                     "GoldenImage", "ImageComparison", "GIFEncoder", "VideoEncoder"] {
            #expect(bytes.range(of: Data(name.utf8)) == nil, "\(product) carries \(name)")
        }
    }
}
