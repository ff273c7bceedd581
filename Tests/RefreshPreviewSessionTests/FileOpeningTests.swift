import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
import TestSupport
@testable import RefreshPreviewSession

/// Opening a file in the preview (`--open`, or dropped on the window): what each kind of file is,
/// and what the session does with it — the plugin that shows it, its parameter set, a card for a
/// file that cannot be opened (the session goes on).
@MainActor
@Suite(.leavesNoPluginHost)
struct FileOpeningTests {
    let folder = scratchDirectory("file-opening-\(UUID().uuidString.prefix(8))")  // one a test: they run at once

    func write(_ name: String, _ text: String) throws -> String {
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func eachKindOfFileFindsItsPlugin() throws {
        let svg = try write("clock.svg", #"<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>"#)
        let noExtension = try write("icon", #"<?xml version="1.0"?><svg viewBox="0 0 2 2"/>"#)
        let lottie = try write("anim.json", #"{"v": "5.7.4", "fr": 60, "layers": []}"#)
        let scenario = try write("gesture.json", #"{"steps": [{"wait": 1}]}"#)
        let params = try write("tuned.json", #"{"dev.refreshkit.spinner": {"radius": 14}}"#)
        try FileManager.default.createDirectory(atPath: "\(folder)/frames", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(folder)/frames/frame-007.png", contents: Data()))
        #expect(try OpenedFile.classify(svg) == .parameter(plugin: OpenedFile.pathDrawing, name: "file", value: svg))
        #expect(try OpenedFile.classify(noExtension) == .parameter(plugin: OpenedFile.pathDrawing, name: "file", value: noExtension))
        #expect(try OpenedFile.classify(lottie) == .parameter(plugin: OpenedFile.lottie, name: "file", value: lottie))
        #expect(try OpenedFile.classify(scenario) == .scenario(path: scenario))
        #expect(try OpenedFile.classify(params) == .params(Data(#"{"dev.refreshkit.spinner": {"radius": 14}}"#.utf8)))
        #expect(try OpenedFile.classify("\(folder)/frames") == .parameter(plugin: OpenedFile.imageSequence, name: "folder", value: "\(folder)/frames"))
        #expect(try OpenedFile.classify("\(folder)/frames/frame-007.png") == .parameter(plugin: OpenedFile.imageSequence, name: "folder", value: "\(folder)/frames"))
        #expect(try OpenedFile.classify(library("RefreshSpinner")) == .plugin(path: library("RefreshSpinner")))
        let archive = try write("x.refreshplugin.tar.gz", "")
        #expect(try OpenedFile.classify(archive) == .pluginArchive(path: archive))
    }

    @Test func whatCannotBeOpenedSaysWhy() throws {
        func reason(_ path: String) -> String {
            do { _ = try OpenedFile.classify(path); return "opened" } catch { return "\(error)" }
        }
        #expect(reason("\(folder)/missing.svg").hasSuffix("no such file"))
        #expect(reason(try write("notes.txt", "hello")).contains("not a file the preview opens"))
        #expect(reason(try write("other.json", #"{"name": 1}"#)).contains("neither a Lottie animation (layers), a scenario (steps) nor a params file"))
        #expect(reason(try write("lonely.png", "")).contains("open the folder of a numbered sequence"))
    }

    func session() throws -> Session {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshSpinner"), library("RefreshPathDrawing")], firstPlugin: "dev.refreshkit.spinner")
        _ = session.advance(toWallTime: 0)
        return session
    }

    /// A dropped SVG switches to Path Drawing with its file; a broken one shows Path Drawing's card
    /// naming the file; a file nothing opens gets a card of its own, which Esc dismisses.
    @Test func theSessionOpensWhatItCanAndSaysWhatItCannot() throws {
        let session = try session()
        let svg = try write("ring.svg", #"<svg viewBox="0 0 24 24" fill="none" stroke="black"><circle cx="12" cy="12" r="9"/></svg>"#)
        #expect(session.perform(.open(svg)) == .open(svg), "a drop is the front end's to hand over")
        #expect(session.open(svg) == .opened("opened ring.svg with Path Drawing"))
        #expect(session.plugins[session.current].id == OpenedFile.pathDrawing)
        #expect(session.plugins[session.current].overrides["file"] == .string(svg))
        #expect(!(session.slots[.top]?.indicator is FailedIndicator))

        let broken = try write("broken.svg", #"<svg><path d="M0 0 L"/></svg>"#)
        guard case .failed(let why) = session.open(broken) else { Issue.record("a broken SVG opened"); return }
        #expect(why.contains("broken.svg") && why.contains("<path>: d:"), "\(why)")
        #expect(session.slots[.top]?.indicator is FailedIndicator, "Path Drawing's card names the file")

        let notes = try write("notes.txt", "hello")
        guard case .failed = session.open(notes) else { Issue.record("a text file opened"); return }
        #expect(session.view.openFailure?.contains("notes.txt") == true)
        #expect(session.perform(.dismiss) == .none)
        #expect(session.view.openFailure == nil, "Esc dismisses the card first")
        #expect(session.perform(.dismiss) == .none, "and never quits")
    }

    /// A file dropped on a text field of the inspector sets that parameter to its path (the
    /// plugin says what it makes of it); dropped over the list, the file opens as a file.
    @Test func aFileDroppedOnATextFieldSetsIt() throws {
        let session = try session()
        let svg = try write("drop.svg", #"<svg viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16"/></svg>"#)
        let other = try write("other.svg", #"<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="8"/></svg>"#)
        session.perform(.pointerMoved(Point(x: 100, y: 100)))
        #expect(session.open(svg) == .opened("opened drop.svg with Path Drawing"))
        func drop(_ path: String, on name: String) throws -> String {
            let field = try #require(session.inspectorLayout.control(.text(name))?.rect)
            session.perform(.pointerMoved(Point(x: session.viewport.width + field.minX + 10, y: field.minY + field.height / 2)))
            guard case .opened(let said) = session.open(path) else { return "refused" }
            return said
        }
        #expect(try drop(other, on: "file").hasPrefix("other.svg dropped on file: file = "))
        #expect(session.plugins[session.current].overrides["file"] == .string(other))
        #expect(!(session.slots[.top]?.indicator is FailedIndicator))
        let refused = try drop(other, on: "starts")
        #expect(refused.contains("other.svg dropped on starts") && refused.contains("not a proportion"), "\(refused)")
    }

    @Test func aParamsFileIsApplied() throws {
        let session = try session()
        let params = try write("tuned.json", #"{"dev.refreshkit.spinner": {"radius": 14}}"#)
        #expect(session.open(params) == .opened("applied \(params)"))
        #expect(session.plugins.first { $0.id == "dev.refreshkit.spinner" }?.overrides["radius"] == .number(14))
    }
}
