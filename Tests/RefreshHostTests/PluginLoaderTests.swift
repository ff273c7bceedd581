import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

@Suite(.leavesNoPluginHost) struct PluginLoaderTests {
    func loadError(_ path: String, parameters: String = "{}") -> String? {
        do {
            _ = try PluginLibrary(path: path).makeIndicator(parametersJSON: parameters)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func noSuchFile() {
        #expect(loadError("/nonexistent/libNothing.so") == "plugin /nonexistent/libNothing.so: no such file")
    }

    @Test func aTextFileNamedSo() throws {
        let path = scratchDirectory("text") + "/libText.so"
        try String(repeating: "This is a text file, not a library. ", count: 20).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(loadError(path) == "plugin \(path): not a shared object (invalid ELF header)")
    }

    @Test func missingEntrySymbol() {
        let path = fixturePlugin("FixturePluginNoEntry")
        #expect(loadError(path) == "plugin \(path): missing entry symbol 'refresh_plugin_entry'; export it with @_cdecl or REFRESH_PLUGIN_EXPORT")
    }

    @Test func abiFromTheFuture() {
        let path = fixturePlugin("FixturePluginFutureABI")
        #expect(loadError(path) == "plugin \(path): built for plugin ABI 99, newer than this host's (1); update the host")
    }

    @Test func structTooSmall() {
        let path = fixturePlugin("FixturePluginSmallStruct")
        #expect(loadError(path) == "plugin \(path): descriptor struct too small: 16 bytes, the host needs at least 96")
    }

    @Test func entryDeclines() {
        let path = fixturePlugin("FixturePluginDeclines")
        #expect(loadError(path) == "plugin \(path): the plugin declined to load: this plugin needs a GPU")
    }

    @Test func createFails() {
        let path = fixturePlugin("FixturePluginCreateFails")
        #expect(loadError(path) == "plugin \(path): create failed: the tint is not a colour this plugin likes")
    }

    @Test func nanRefreshLength() {
        let path = fixturePlugin("FixturePluginNaNLength")
        #expect(loadError(path) == "plugin \(path): refresh length is nan; it must be a finite number > 0")
    }

    @Test func renderFailureIsReportedNotDrawn() throws {
        let path = fixturePlugin("FixturePluginRenderFails")
        let indicator = try PluginLibrary(path: path).makeIndicator()
        #expect(throws: PluginError(file: path, reason: .renderFailed("out of paint"))) {
            try FrameRenderer.render(indicator, frame: IndicatorFrame(size: Size(width: 100, height: 60), state: .refreshing))
        }
    }

    @Test func worldWritableFilesAreRefused() throws {
        let path = scratchDirectory("writable") + "/libRefreshSpinner.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        chmod(path, 0o777)
        #expect(loadError(path) == "plugin \(path): refused: the file is world-writable (a plugin is native code; loading one is trusting it)")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func filesOfOtherUsersAreRefused() throws {
        let path = scratchDirectory("owner") + "/libRefreshSpinner.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        chown(path, 65534, 65534)
        #expect(loadError(path) == "plugin \(path): refused: the file is owned by uid 65534, not by you (uid 0) or root (a plugin is native code; loading one is trusting it)")
    }

    @Test func aFolderOthersCanWriteIsRefused() throws {
        let folder = scratchDirectory("open-folder") + "/open"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)  // not sticky: anyone could swap the file
        let path = folder + "/libRefreshSpinner.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        #expect(loadError(path) == "plugin \(path): refused: its folder \(folder) is writable by others (a plugin is native code; loading one is trusting it)")
        chmod(folder, 0o1777)  // sticky, as /tmp: only the owner may replace the file
        #expect(loadError(path) == nil)
    }

    /// Libraries are loaded through `/proc/self/fd/N`; the loader knows them by that name, so two
    /// libraries must never be loaded under one number (each would be taken for the first).
    @Test func librariesLoadedOneAfterAnotherStayDistinct() throws {
        let ids = try ["RefreshSpinner", "RefreshLabel", "RefreshRainbow", "RefreshLabel"].map { try PluginLibrary(path: library($0)).info.indicator.id }
        #expect(ids == ["dev.refreshkit.spinner", "dev.refreshkit.label", "dev.refreshkit.rainbow", "dev.refreshkit.label"])
    }

    @Test func twoPluginsWithOneIdAreAnErrorNotTheFirst() throws {
        let folder = scratchDirectory("duplicate-ids")
        for name in ["libA.so", "libB.so"] { try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: "\(folder)/\(name)") }
        do {
            _ = try PluginSearchPath(directories: [folder]).resolve("dev.refreshkit.spinner")
            Issue.record("a duplicate id resolved to one of them")
        } catch {
            #expect(error.reason == .ambiguous(["\(folder)/libA.so", "\(folder)/libB.so"]))
        }
    }

    @Test func parametersAreCheckedBeforeThePluginSeesThem() {
        let path = library("RefreshSpinner")
        #expect(loadError(path, parameters: #"{"spokes": 20}"#) == "plugin \(path): parameter 'spokes': 20.0 is outside 8.0...12.0")
        #expect(loadError(path, parameters: #"{"color": "teal"}"#)
                == "plugin \(path): parameter 'color': invalid colour 'teal': expected #RGB, #RRGGBB or #RRGGBBAA (hex digits)")
        #expect(loadError(path, parameters: ##"{"colour": "#FFF"}"##)?.contains("parameter 'colour': no such parameter") == true)
        #expect(loadError(path, parameters: "[1, 2]") == "plugin \(path): parameters: expected a JSON object of parameter values")
    }

    @Test func aSwiftPluginRejectsBadPathDataWithTheOffset() {
        let path = library("RefreshPathDrawing")
        #expect(loadError(path, parameters: #"{"svg": "M10 20 L30 x"}"#)
                == "plugin \(path): create failed: parameter 'svg': expected a number at offset 11, found 'x'")
    }

    /// Path Drawing's `file=` reads a whole SVG file (the same reader as `--open`): its shapes are
    /// drawn, what it cannot draw goes to the host's log, and a file with nothing to draw says why.
    @Test func pathDrawingReadsAWholeSVGFile() throws {
        let folder = scratchDirectory("path-drawing-svg")
        let icon = "\(folder)/icon.svg", words = "\(folder)/words.svg"
        try #"<svg viewBox="0 0 24 24" fill="none" stroke="black"><circle cx="12" cy="12" r="9"/><text>hi</text></svg>"#.write(toFile: icon, atomically: true, encoding: .utf8)
        try #"<svg viewBox="0 0 24 24"><text>only words</text></svg>"#.write(toFile: words, atomically: true, encoding: .utf8)
        let path = library("RefreshPathDrawing")
        let library = try PluginLibrary(path: path)
        _ = try library.makeIndicator(parametersJSON: #"{"file": "\#(icon)"}"#)
        #expect(library.logLines.contains { $0.contains("icon.svg: <text>: text is not drawn") }, "\(library.logLines)")
        #expect(loadError(path, parameters: #"{"file": "\#(words)"}"#)
                == "plugin \(path): create failed: parameter 'file': '\(words)' has no shape this plugin draws (<text>: text is not drawn)")
    }

    @Test func theCSpinnerValidatesItsOwnParametersToo() throws {
        // The host checks values before create; a C plugin handed bad JSON still says why.
        let spinner = try PluginLibrary(path: library("RefreshSpinnerC"))
        #expect(spinner.info.parameters.count == 7)
        #expect(spinner.info.indicator.id == "dev.refreshkit.spinner-c")
    }
}

@Suite(.leavesNoPluginHost) struct PluginDiscoveryTests {
    @Test func theBuildFolderListsEveryBuiltInAndNoFixture() {
        let found = PluginSearchPath(directories: [products]).discover()
        let ids = Set(found.compactMap { try? $0.get().indicator.id })
        #expect(ids == ["dev.refreshkit.spinner", "dev.refreshkit.spinner-c", "dev.refreshkit.rainbow", "dev.refreshkit.path-drawing",
                        "dev.refreshkit.label", "dev.refreshkit.lottie", "com.example.my-indicator",
                        "dev.refreshkit.material", "dev.refreshkit.water-drop", "dev.refreshkit.bezier-radar", "dev.refreshkit.storehouse",
                        "dev.refreshkit.phoenix", "dev.refreshkit.taurus", "dev.refreshkit.image-sequence"])
        #expect(found.allSatisfy { (try? $0.get()) != nil }, "fixtures must be skipped: \(found)")
    }

    @Test func pluginsResolveByIdNameOrPath() throws {
        let path = PluginSearchPath(directories: [products])
        #expect(try path.resolve("dev.refreshkit.rainbow") == library("RefreshRainbow"))
        #expect(try path.resolve("path drawing") == library("RefreshPathDrawing"))
        #expect(try path.resolve("/some/where/libX.so") == "/some/where/libX.so")
        #expect(throws: PluginError(file: "nope", reason: .notFound(products))) { try path.resolve("nope") }
    }

    @Test func searchPathOrder() {
        let path = PluginSearchPath.standard(extra: ["/a"], environment: ["REFRESH_PLUGIN_PATH": "/b:/c"])
        #expect(path.directories == ["/a", "/b", "/c", products])
        // The build folder named relatively (as `--plugin-path .build/debug` from the package) is searched once.
        let here = FileManager.default.currentDirectoryPath
        let relative = products.hasPrefix(here + "/") ? String(products.dropFirst(here.count + 1)) : products
        #expect(PluginSearchPath.standard(extra: [relative], environment: [:]).directories.count == 1, "\(relative)")
    }
}

@Suite(.leavesNoPluginHost) struct HotReloadTests {
    @Test func aChangedFileIsSwappedInAndABrokenOneKeepsTheOld() throws {
        let directory = scratchDirectory("reload")
        let path = directory + "/libIndicator.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        let plugin = try HotReloadingPlugin(path: path)
        #expect(plugin.indicator.info.id == "dev.refreshkit.spinner")
        #expect(!plugin.reloadIfChanged(), "nothing changed yet")

        // A new build lands: it is loaded from a copy and swapped in, keeping the state.
        plugin.indicator.refreshState = .refreshing
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: library("RefreshRainbow"), toPath: path)
        #expect(!plugin.reloadIfChanged(), "seen once: it may still be being written")
        #expect(plugin.reloadIfChanged())
        #expect(plugin.indicator.info.id == "dev.refreshkit.rainbow")
        #expect(plugin.indicator.refreshState == .refreshing)
        #expect(plugin.reloadCount == 1)

        // A broken build: the working indicator stays, the error says why.
        try FileManager.default.removeItem(atPath: path)
        try "half-written".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!plugin.reloadIfChanged())
        #expect(!plugin.reloadIfChanged())
        #expect(plugin.indicator.info.id == "dev.refreshkit.rainbow")
        #expect(plugin.lastError?.description == "plugin \(path): not a shared object (file too short)")
        _ = try FrameRenderer.render(plugin.indicator, frame: IndicatorFrame(size: Size(width: 200, height: 60), state: .refreshing))
    }

    /// Overwriting the library in place (`cp other.so lib.so`) while it is in use changed the code
    /// that ran (the first load mapped the file itself) and crashed the preview. Every load is from
    /// a private copy, and no copy or folder is left behind.
    @Test func anInPlaceOverwriteNeverTouchesTheCodeThatRuns() throws {
        let path = scratchDirectory("in-place") + "/libInPlace.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        // Copies of this file in private folders (other tests make folders of their own meanwhile).
        let leftovers = {
            ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter {
                $0.hasPrefix("refreshkit-plugin-") && FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "/\($0)/libInPlace.so")
            }.count
        }
        let plugin = try HotReloadingPlugin(path: path)
        let frame = IndicatorFrame(size: Size(width: 200, height: 60), state: .refreshing)
        for round in 0..<6 {
            // In place: the same inode, truncated and written again, as `cp` does.
            let other = try Data(contentsOf: URL(fileURLWithPath: library(round % 2 == 0 ? "RefreshRainbow" : "RefreshSpinner")))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            _ = try FrameRenderer.render(plugin.indicator, frame: frame)  // half-written on disk: still draws
            try handle.write(contentsOf: other)
            try handle.close()
            _ = plugin.reloadIfChanged()
            _ = plugin.reloadIfChanged()
            #expect(plugin.indicator.info.id == (round % 2 == 0 ? "dev.refreshkit.rainbow" : "dev.refreshkit.spinner"))
            _ = try FrameRenderer.render(plugin.indicator, frame: frame)
        }
        #expect(leftovers() == 0)
    }

    @Test func aFileTheParametersNameIsWatchedToo() throws {
        let directory = scratchDirectory("reload-input")
        let animation = directory + "/disc.json"
        try growingDisc(color: "0, 0.5, 1").write(toFile: animation, atomically: true, encoding: .utf8)
        let plugin = try HotReloadingPlugin(path: library("RefreshLottie"), parametersJSON: #"{"file": "\#(animation)"}"#)
        let frame = IndicatorFrame(size: Size(width: 200, height: 60), state: .eligible)
        let blue = try FrameRenderer.render(plugin.indicator, frame: frame).pixelWords()
        #expect(!plugin.reloadIfChanged(), "nothing changed yet")

        // The designer exports again: the indicator is made anew from the new file.
        try growingDisc(color: "1, 0.2, 0").write(toFile: animation, atomically: true, encoding: .utf8)
        #expect(plugin.reloadIfChanged())
        #expect(plugin.changedInput == animation)
        #expect(try FrameRenderer.render(plugin.indicator, frame: frame).pixelWords() != blue)
        #expect(!plugin.reloadIfChanged())

        // A half-written export keeps the last good animation and says why.
        try "{\"fr\": 30,".write(toFile: animation, atomically: true, encoding: .utf8)
        #expect(!plugin.reloadIfChanged())
        #expect(plugin.inputError?.description.contains("'\(animation)' is not valid JSON: line 1") == true, "\(String(describing: plugin.inputError))")
        _ = try FrameRenderer.render(plugin.indicator, frame: frame)

        // The plugin is rebuilt while the export is still broken: the error stays.
        #expect(!plugin.reload())
        #expect(plugin.inputError != nil)

        // Exported again, whole, and a rebuild is seen first: the new indicator is made from the
        // good file, and the old file's error goes with it.
        try growingDisc(color: "0, 0.5, 1").write(toFile: animation, atomically: true, encoding: .utf8)
        #expect(plugin.reload())
        #expect(plugin.inputError == nil)
        #expect(!plugin.reloadIfChanged())
        #expect(try FrameRenderer.render(plugin.indicator, frame: frame).pixelWords() == blue)

        // Exported again while nothing else changes: back to a working indicator too.
        try "{\"fr\": 30,".write(toFile: animation, atomically: true, encoding: .utf8)
        #expect(!plugin.reloadIfChanged() && plugin.inputError != nil)
        try growingDisc(color: "0, 0.5, 1").write(toFile: animation, atomically: true, encoding: .utf8)
        #expect(plugin.reloadIfChanged())
        #expect(plugin.inputError == nil)
    }

    @Test func newParametersRecreateTheIndicatorOrReportWhy() throws {
        let plugin = try HotReloadingPlugin(path: library("RefreshSpinner"))
        #expect(plugin.setParameters(json: #"{"spokes": 12}"#) == nil)
        #expect(plugin.indicator.parameters.values["spokes"] == .number(12))
        #expect(plugin.setParameters(json: #"{"spokes": 99}"#)?.description.contains("parameter 'spokes'") == true)
        #expect(plugin.indicator.parameters.values["spokes"] == .number(12))
    }
}
