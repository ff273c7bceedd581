import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
import TestSupport
@testable import RefreshPreviewSession

/// The inspector, driven through the session's commands with synthetic pointer events in the
/// panel (no window): controls made from the Spinner's declarations, a slider dragged and
/// scrolled, the colour picker, a menu, reset, the environment controls, Save and Copy.
@MainActor
@Suite(.leavesNoPluginHost)
struct InspectorTests {
    let base = SessionTests()

    /// The window point at the middle of `target`'s control, or at `fraction` across it.
    func point(_ session: Session, _ target: InspectorLayout.Target, fraction: Double = 0.5, down: Double = 0.5) throws -> Point {
        let r = try #require(session.inspectorLayout.control(target)?.rect, "no \(target)")
        return Point(x: session.viewport.width + r.minX + r.width * fraction, y: r.minY + r.height * down)
    }

    func click(_ session: Session, _ p: Point) -> PreviewEffect {
        let effect = session.perform(.pointerDown(p))
        session.perform(.pointerUp)
        return effect
    }

    @Test func eachParameterGetsTheControlOfItsKind() async throws {
        let session = try base.makeSession()
        let targets = session.inspectorLayout.controls.map(\.target)
        #expect(targets.contains(.slider("radius")) && targets.contains(.swatch("color")) && targets.contains(.menu("style")))
        #expect(!targets.contains(.reset("radius")), "nothing changed yet")
        #expect(session.inspectorLayout.rows.map(\.spec.name) == session.plugins[0].parameters.map(\.name))
    }

    @Test func aSliderFollowsTheDragAndTheWheelAndResets() async throws {
        let session = try base.makeSession()
        let track = InspectorLayout.sliderTrack(try #require(session.inspectorLayout.control(.slider("radius"))?.rect))
        let y = track.minY + track.height / 2
        session.perform(.pointerDown(Point(x: session.viewport.width + track.minX - 3, y: y)))
        #expect(session.plugins[0].values?.values["radius"] == .number(4), "the track's start is the range's start (4...40)")
        session.perform(.pointerMoved(Point(x: session.viewport.width + track.maxX + 40, y: y + 30)))
        #expect(session.plugins[0].values?.values["radius"] == .number(40), "dragging past the end holds the end, wherever the pointer goes")
        session.perform(.pointerUp)
        #expect(session.view.inspector.dragging == nil)
        // The wheel over the slider steps it (the pointer's place comes from its last move).
        session.perform(.pointerMoved(try point(session, .slider("radius"), fraction: 0.2)))
        session.perform(.wheel(Point(x: 0, y: -40)))
        #expect(session.plugins[0].values?.values["radius"] == .number(38), "a twentieth of the range, rounded: 2")
        #expect(session.inspectorLayout.rows.first { $0.spec.name == "radius" }?.changed == true)
        // A count stays whole: spokes (8...12, default 8) at a third of its track is 9, not 9.33.
        _ = click(session, try point(session, .slider("spokes"), fraction: 0.3))
        if case .number(let spokes)? = session.plugins[0].values?.values["spokes"] { #expect(spokes == spokes.rounded(), "\(spokes)") }
        _ = click(session, try point(session, .reset("radius")))
        #expect(session.plugins[0].overrides["radius"] == nil)
        #expect(session.plugins[0].values?.values["radius"] == .number(11))
    }

    /// A click on the value beside a slider's track types a number: Enter sets it; a value out of
    /// range or not a number is refused with the reason and leaves the value as it was.
    @Test func aSlidersValueCanBeTyped() async throws {
        let session = try base.makeSession()
        func type(_ text: String) throws {
            _ = click(session, try point(session, .slider("radius"), fraction: 0.97))
            #expect(session.view.inspector.editing?.name == "radius")
            for _ in 0..<8 { session.perform(.deleteBackward) }
            session.perform(.typed(text))
            session.perform(.retry)
        }
        try type("17.5")
        #expect(session.plugins[0].values?.values["radius"] == .number(17.5))
        try type("lots")
        #expect(session.message.contains("not a number") && session.plugins[0].values?.values["radius"] == .number(17.5))
        try type("400")
        #expect(session.message.contains("radius"), "\(session.message)")
        #expect(session.plugins[0].values?.values["radius"] != .number(400))
    }

    /// The picker shows the dark-mode colour beside the light one (and back); clicking it picks
    /// that colour in the theme that shows it; the hex field takes a typed colour.
    @Test func thePickerPairsTheDarkColourAndTakesHex() async throws {
        let session = try base.makeSession()
        _ = click(session, try point(session, .swatch("color")))
        #expect(session.inspectorLayout.control(.pickerPair("darkColor")) != nil)
        #expect(session.inspectorLayout.control(.pickerPair("successColor")) == nil, "only a colour's own pair")
        _ = click(session, try point(session, .pickerPair("darkColor")))
        #expect(session.view.inspector.picker == "darkColor" && session.environment.colorScheme == .dark)
        #expect(session.inspectorLayout.control(.pickerPair("color")) != nil, "and the light one beside the dark")
        _ = click(session, try point(session, .pickerHex("darkColor")))
        #expect(session.view.inspector.editing?.text == "#AEAEB2")
        for _ in 0..<7 { session.perform(.deleteBackward) }
        session.perform(.typed("#112233"))
        session.perform(.retry)
        #expect(session.plugins[0].values?.values["darkColor"] == .color(try Color(hex: "#112233")))
        _ = click(session, try point(session, .pickerPair("color")))
        #expect(session.view.inspector.picker == "color" && session.environment.colorScheme == .light)
    }

    /// A field edits as any text field: a click selects its text and typing replaces it; Ctrl+A
    /// selects it again and Backspace clears it; the arrows (and Home, End) move where typing goes.
    @Test func aFieldEditsAsAnyTextField() async throws {
        let session = try base.makeSession()
        _ = click(session, try point(session, .slider("radius"), fraction: 0.97))
        #expect(session.view.inspector.selectsAll && session.view.inspector.shownEditing?.selected == true)
        session.perform(.typed("2"))
        #expect(session.view.inspector.editing?.text == "2", "typing replaces the selected value")
        session.perform(.typed("4"))
        session.perform(.moveCaret(by: -1))
        session.perform(.typed("."))
        #expect(session.view.inspector.editing?.text == "2.4" && session.view.inspector.shownEditing?.text == "2.▏4")
        session.perform(.moveCaret(by: -Int(Int32.max)))
        session.perform(.typed("1"))
        session.perform(.moveCaret(by: 1))
        session.perform(.deleteBackward)
        #expect(session.view.inspector.editing?.text == "1.4")
        session.perform(.selectAll)
        session.perform(.deleteBackward)
        #expect(session.view.inspector.editing?.text == "")
        session.perform(.typed("21"))
        session.perform(.retry)
        #expect(session.plugins[0].values?.values["radius"] == .number(21))
    }

    @Test func aSwatchOpensThePickerWhichSetsTheColour() async throws {
        let session = try base.makeSession()
        _ = click(session, try point(session, .swatch("color")))
        #expect(session.view.inspector.picker == "color")
        // Top-right of the square: full saturation and value at the colour's hue; then the hue strip at a third: green.
        _ = click(session, try point(session, .pickerHue("color"), fraction: 1 / 3))
        _ = click(session, try point(session, .pickerSquare("color"), fraction: 0.999, down: 0.001))
        guard case .color(let c)? = session.plugins[0].values?.values["color"] else { Issue.record("no colour"); return }
        #expect(c.green > 0.95 && c.red < 0.05 && c.blue < 0.05, "\(c.hex)")
        _ = click(session, try point(session, .swatch("color")))
        #expect(session.view.inspector.picker == nil, "a second click closes it")
    }

    @Test func theMenuAndTheEnvironmentControls() async throws {
        let session = try base.makeSession()
        let before = session.plugins[0].values?.values["style"]
        _ = click(session, try point(session, .menu("style")))
        #expect(session.plugins[0].values?.values["style"] != before)
        _ = click(session, try point(session, .placement(.above)))
        #expect(session.placement == .above)
        _ = click(session, try point(session, .theme))
        #expect(session.environment.colorScheme == .dark)
        _ = click(session, try point(session, .speed(0.5)))
        #expect(session.speed == 0.5)
        _ = click(session, try point(session, .pluginButton))
        #expect(session.view.showsGallery)
    }

    @Test func saveAndCopyCarryTheChangedValues() async throws {
        let session = try base.makeSession()
        #expect(click(session, try point(session, .save)) == .none, "nothing changed: nothing to save")
        #expect(click(session, try point(session, .export)) == .exportIndicator, "the plugin as it is can always be exported")
        session.set("radius", to: .number(14))
        session.set("color", to: .string("#FF375F"))
        guard case .saveParameters(let data) = click(session, try point(session, .save)) else { Issue.record("no save"); return }
        let saved = try ParameterFile.read(data, file: "saved", kind: "params file")
        #expect(saved == ParameterFile(plugins: ["dev.refreshkit.spinner": ["color": .string("#FF375F"), "radius": .number(14)]]))
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\n  \"version\": 1,\n"), "the file says its version first")
        #expect(click(session, try point(session, .copy)) == .copyToClipboard("--plugin dev.refreshkit.spinner --param color=#FF375F --param radius=14"))
    }

    /// A value the declaration refuses, typed into a field, is said and never stored: it is not
    /// saved, and the next edit shows (the plugin was not made again after a refused value, so
    /// every later edit silently did not show).
    @Test func aRefusedValueIsNeverStoredAndTheNextEditShows() async throws {
        let session = try base.makeSession()
        session.set("color", to: .string("#3AEA0D#FF375F"))
        #expect(session.plugins[0].overrides["color"] == nil)
        #expect(session.view.message.hasPrefix("color: ") && session.view.message.hasSuffix("; left as it was"), "\(session.view.message)")
        #expect(session.savedParameters == nil, "nothing valid changed: nothing to save")
        session.set("radius", to: .number(14))
        #expect(session.plugins[0].overrides == ["radius": .number(14)])
        #expect(session.plugins[0].values?.values["radius"] == .number(14), "the edit after a refused one shows")
    }

    /// A text parameter is a field: a click gives it the keys, typing edits, Enter sets it, Esc
    /// leaves it; the keys' own commands do nothing while it has them.
    @Test func aTextFieldTakesTheKeysUntilEnterOrEsc() async throws {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshPathDrawing")], firstPlugin: "dev.refreshkit.path-drawing")
        _ = session.advance(toWallTime: 0)
        _ = click(session, try point(session, .text("svg")))
        #expect(session.view.inspector.editing?.name == "svg")
        session.perform(.typed("M0 0 L10 10 q"))
        session.perform(.deleteBackward)
        session.perform(.deleteBackward)
        session.perform(.nextPlugin)
        #expect(session.view.inspector.editing?.text == "M0 0 L10 10")
        session.perform(.retry)
        #expect(session.view.inspector.editing == nil)
        #expect(session.plugins[0].overrides["svg"] == .string("M0 0 L10 10"))
        _ = click(session, try point(session, .text("svg")))
        session.perform(.typed(" Z"))
        #expect(session.perform(.dismiss) == .none, "Esc leaves the field, it does not quit")
        #expect(session.plugins[0].overrides["svg"] == .string("M0 0 L10 10"))
    }

    /// Path Drawing's rows speak the plugin's words ("Smoothing", not "depth"), and an SVG file
    /// whose shapes have colours of their own fades the two colour rows, which did nothing and
    /// looked as if they did; a colour set by hand counts again.
    @Test func rowsSayThePluginsWordsAndFadeWhatChangesNothing() async throws {
        let folder = scratchDirectory("inspector-inactive-\(UUID().uuidString.prefix(8))")
        let svg = "\(folder)/coloured.svg"
        try ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 1 L9 9" stroke="#C02020"/></svg>"##.write(toFile: svg, atomically: true, encoding: .utf8)
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshPathDrawing")], firstPlugin: "dev.refreshkit.path-drawing")
        _ = session.advance(toWallTime: 0)
        session.finishLoading()
        func row(_ name: String) -> InspectorLayout.Row? { session.inspectorLayout.rows.first { $0.spec.name == name } }
        #expect(row("depth")?.spec.label == "Smoothing" && row("flipY")?.spec.label == "Upside down")
        #expect(row("color")?.inactive == false, "the built-in cloud takes the colour")
        session.set("file", to: .string(svg))
        #expect(row("color")?.inactive == true && row("darkColor")?.inactive == true, "\(session.view.message)")
        #expect(row("lineWidth")?.inactive == false)
        session.set("color", to: .string("#000000"))
        #expect(row("color")?.inactive == false && row("darkColor")?.inactive == true)
    }

    /// A row's label holds a word or two, so Path Drawing's "Smoothing -1" said nothing of what −1
    /// is: with the pointer on a row, the panel says what the parameter is for, in its words.
    @Test func aRowUnderThePointerSaysWhatItIsFor() async throws {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshPathDrawing")], firstPlugin: "dev.refreshkit.path-drawing")
        _ = session.advance(toWallTime: 0)
        session.finishLoading()
        let depth = try #require(session.inspectorLayout.rows.first { $0.spec.name == "depth" })
        #expect(session.hoveredRowHelp == nil)
        session.perform(.pointerMoved(Point(x: session.viewport.width + 20, y: depth.top + 4)))
        let lines = session.summaryPanelLines().joined(separator: " ").split(separator: " ").joined(separator: " ")  // wrapped, read as one text
        #expect(lines.contains("Smoothing: How closely curves are followed"), "\(lines)")
        #expect(lines.contains("-1, the default, as closely as the size needs"), "\(lines)")
        // Each line whole where the front end draws it (monospace, 11 pt, the panel's 280 pt): a
        // wrap at 42 characters ended a line of 41 in an ellipsis.
        let canvas = Canvas(surface: try ImageSurface(width: 300, height: 20))
        canvas.truncatedTexts = []
        for line in session.summaryPanelLines() {
            canvas.draw(canvas.makeTextLayout(line, style: TextStyle(fontFamily: "monospace", size: 11, width: SessionView.panelWidth - 20, truncation: .end)),
                        at: Point(x: 0, y: 0), color: .black)
        }
        #expect(canvas.truncatedTexts == [], "cut: \(String(describing: canvas.truncatedTexts))")
        session.perform(.pointerMoved(Point(x: 20, y: depth.top + 4)))
        #expect(session.hoveredRowHelp == nil, "the pointer on the list, not the panel")
    }
}

/// What the preview's Save writes is what every command that draws a plugin reads with `--params`
/// (they refused it: "dev.refreshkit.spinner: expected a number, string or bool"), and `run` and
/// `report` take it too: each command's output shows the saved values.
@MainActor
@Suite(.leavesNoPluginHost) struct SavedParametersEveryCommandReadsTests {
    @Test func everyCommandReadsWhatSaveWrote() async throws {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshSpinner")], firstPlugin: "dev.refreshkit.spinner")
        _ = session.advance(toWallTime: 0)
        session.set("radius", to: .number(30))
        session.set("color", to: .string("#FF375F"))
        let folder = scratchDirectory("saved-params-\(UUID().uuidString.prefix(8))")
        let file = "\(folder)/params-1.json"
        try #require(session.savedParameters).write(to: URL(fileURLWithPath: file))
        let tool = "\(toolsFolder)/refresh-dump"
        let scenario = packageRoot.appendingPathComponent("Assets/Scenarios/pull-short.json").path

        func succeeds(_ arguments: [String]) async throws {
            let (status, output) = try await runProgram(tool, arguments)
            #expect(status == 0, "\(arguments[0]) --params: \(output.suffix(300))")
        }
        // render: the saved values drawn, the same as given one by one, not the defaults.
        try await succeeds(["render", "--plugin", "Spinner", "--params", file, "--out", "\(folder)/saved.png"])
        try await succeeds(["render", "--plugin", "Spinner", "--param", "radius=30", "--param", "color=#FF375F", "--out", "\(folder)/given.png"])
        try await succeeds(["render", "--plugin", "Spinner", "--out", "\(folder)/default.png"])
        let saved = try ImageSurface.readPNG(at: "\(folder)/saved.png").straightPixels()
        #expect(saved == (try ImageSurface.readPNG(at: "\(folder)/given.png").straightPixels()))
        #expect(saved != (try ImageSurface.readPNG(at: "\(folder)/default.png").straightPixels()))
        try await succeeds(["sweep", "--plugin", "Spinner", "--params", file, "--progress", "0:1:2", "--out", "\(folder)/sweep"])
        try await succeeds(["handoff", "--plugin", "Spinner", "--params", file, "--out", "\(folder)/handoff"])
        try await succeeds(["lint", "--plugin", "Spinner", "--params", file, "--scenario", "pull-short", "--skip", "cost"])
        try await succeeds(["run", scenario, "--params", file, "--out", "\(folder)/run"])
        try await succeeds(["run", scenario, "--out", "\(folder)/run-default"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/run/contact-sheet.png")) != Data(contentsOf: URL(fileURLWithPath: "\(folder)/run-default/contact-sheet.png")),
                "the run's spinner has the saved radius and colour")
        try await succeeds(["report", "--plugin", "Spinner", "--scenario", "pull-short", "--params", file, "--out", "\(folder)/report"])
        let shard = try String(contentsOfFile: "\(folder)/report/report-shard-0-of-1.json", encoding: .utf8)
        #expect(shard.contains(#"\"radius\":30"#), "the page's cell was drawn with the saved radius")
        // And the preview reads it back: the values come back after a reset.
        session.set("radius", to: .number(20))
        session.applyParameters(try Data(contentsOf: URL(fileURLWithPath: file)), file: file)
        #expect(session.plugins[0].overrides["radius"] == .number(30), "\(session.view.message)")
    }
}

