import CCairo
import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// The ABI both ways: plugins compiled against a copy of the header with fields appended to every
/// struct ("future") or cut to the smallest layout a host accepts ("past") load, list their
/// parameters and render, with and without parameters. A host that read the parameter array by
/// its own stride would read the second and third entries from the wrong place.
@Suite(.leavesNoPluginHost) struct PluginABITests {
    static let expectedParameters = [
        ParameterSpec("size", .number(default: 10, range: 1...100), help: "Side of the square, points"),
        ParameterSpec("shape", .choice(default: "square", options: ["square", "wide"]), help: "Its shape"),
        ParameterSpec("solid", .bool(default: true), help: "Filled"),
    ]

    /// Dark pixels after rendering `indicator` into a 100×100 pt frame at scale 1.
    func inkedPixels(_ indicator: PluginIndicator) throws -> Int {
        let image = try FrameRenderer.render(indicator, frame: IndicatorFrame(size: Size(width: 100, height: 100), scale: 1, state: .refreshing))
        return image.pixelWords().filter { ($0 & 0xFF) < 0x40 }.count
    }

    @Test(arguments: ["FixturePluginFutureLayout", "FixturePluginPastLayout"])
    func structsOfAnotherSizeReadRight(product: String) throws {
        let plugin = try PluginLibrary(path: fixturePlugin(product))
        #expect(plugin.info.parameters == Self.expectedParameters)
        #expect(try inkedPixels(plugin.makeIndicator()) == 100)
        #expect(try inkedPixels(plugin.makeIndicator(parametersJSON: #"{"size": 30, "shape": "wide", "solid": false}"#)) == 900)
    }

    @Test func hostServicesReachThePlugin() throws {
        let path = fixturePlugin("FixturePluginLogs")
        let plugin = try PluginLibrary(path: path)
        _ = try plugin.makeIndicator()
        #expect(plugin.resourceDirectory == fixturesFolder)
        #expect(plugin.logLines.first?.hasPrefix("resources in \(fixturesFolder) (host ABI 1, ") == true, "\(plugin.logLines)")
        // A terminal escape a plugin logs never reaches a terminal.
        #expect(plugin.logLines.last == "warning: a \u{FFFD}[31mwarning\u{FFFD}[0m with an escape")
    }

    @Test func anUntidyPluginCannotChangeTheHostsContext() throws {
        let indicator = try PluginLibrary(path: fixturePlugin("FixturePluginUntidy")).makeIndicator()
        let surface = try ImageSurface(size: Size(width: 100, height: 100), scale: 1)
        let canvas = Canvas(surface: surface)
        canvas.translate(x: 10, y: 0)
        #expect(throws: PluginError.self) { try indicator.draw(in: canvas, frame: IndicatorFrame(size: Size(width: 50, height: 50), scale: 1, state: .refreshing)) }
        #expect(indicator.lastUntidiness == ["left its Cairo context in an error state: invalid matrix (not invertible)"])
        // The host's own context: no error, the operator and its transformation as they were.
        let cr = canvas.cairoContext
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        #expect(cairo_get_operator(cr) == CAIRO_OPERATOR_OVER)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        #expect(matrix.x0 == 10 && matrix.xx == 1)
        canvas.addRect(Rect(x: 60, y: 60, width: 10, height: 10))
        canvas.fill(.color(.black))
        #expect(surface.pixel(x: 75, y: 65).alpha == 1, "the host still draws after the plugin")
    }

    @Test func processStateIsPutBackAfterEveryCall() throws {
        let indicator = try PluginLibrary(path: fixturePlugin("FixturePluginProcess")).makeIndicator()
        let directory = FileManager.default.currentDirectoryPath
        let locale = String(cString: setlocale(LC_ALL, nil))
        var reports: [String] = []
        PluginSideEffects.onReport = { reports.append($0) }
        defer { PluginSideEffects.onReport = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) } }
        _ = try FrameRenderer.render(indicator, frame: IndicatorFrame(size: Size(width: 50, height: 50), scale: 1, state: .refreshing))
        #expect(FileManager.default.currentDirectoryPath == directory)
        #expect(String(cString: setlocale(LC_ALL, nil)) == locale)
        var action = sigaction()
        sigaction(SIGUSR1, nil, &action)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 0, "SIGUSR1 back to its default")
        #expect(PluginSideEffects.changesSeen.isSuperset(of: ["changed the working directory", "changed the C locale", "replaced the handler of signal 10"]))
    }

    @Test func aPluginsTextIsPrintable() throws {
        let plugin = try PluginLibrary(path: fixturePlugin("FixturePluginEscapes"))
        #expect(!plugin.info.indicator.name.unicodeScalars.contains { $0.value == 0x1B })
        #expect(plugin.unprintableFields == ["name", "version"])
        #expect(plugin.info.indicator.version == "1.0\u{FFFD}")
    }
}
