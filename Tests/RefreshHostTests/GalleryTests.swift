import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// The gallery (issue 20): each plugin's strip of states in light and dark is a golden the README
/// shows, so the pictures there are the ones the tests check.
@Suite struct GalleryTests {
    static let plugins = ["RefreshMaterial", "RefreshWaterDrop", "RefreshBezierRadar", "RefreshStoreHouse", "RefreshPhoenix", "RefreshImageSequence"]

    /// The states of a strip, with their clocks.
    static let states: [(RefreshState, Double)] = [
        (.pulling(progress: 0.3), 0), (.pulling(progress: 0.8), 0), (.eligible, 0.2), (.refreshing, 0.35),
        (.refreshing, 0.8), (.finished(.success), 0.4), (.finished(.failure), 0.4), (.noMoreData, 0),
    ]

    /// A strip of `states` for `indicator` at 200×110 pt each, light above dark, scale 1.
    static func strip(_ indicator: any HostedIndicator, placement: IndicatorPlacement = .push) throws -> ImageSurface {
        let cell = Size(width: 200, height: 110)
        let sheet = try ImageSurface(size: Size(width: cell.width * Double(states.count), height: cell.height * 2), scale: 1)
        let canvas = Canvas(surface: sheet)
        for (row, scheme) in IndicatorEnvironment.ColorScheme.allCases.enumerated() {
            for (column, (state, time)) in states.enumerated() {
                var spec = FrameSpec(state: state)
                spec.size = cell
                spec.scale = 1
                spec.time = time
                spec.stateTime = time
                spec.environment = IndicatorEnvironment(colorScheme: scheme)
                var frame = spec.frame(refreshLength: indicator.refreshLength)
                frame.placement = placement
                indicator.refreshState = state
                let image = try FrameRenderer.render(indicator, frame: frame)
                canvas.drawImage(image, in: Rect(x: Double(column) * cell.width, y: Double(row) * cell.height, width: cell.width, height: cell.height))
            }
        }
        return sheet
    }

    /// Twelve PNG frames of the Rainbow pulling, written now: the Image Sequence's test input.
    /// `name` keeps tests that run in parallel out of each other's folders.
    static func frameFolder(_ name: String) throws -> String {
        let folder = scratchDirectory("image-sequence-\(name)")
        let rainbow = try PluginLibrary(path: library("RefreshRainbow")).makeIndicator()
        for i in 0..<12 {
            var spec = FrameSpec(state: .pulling(progress: Double(i + 1) / 12))
            spec.size = Size(width: 80, height: 60)
            spec.scale = 1
            let image = try FrameRenderer.render(rainbow, frame: spec.frame(refreshLength: rainbow.refreshLength))
            try image.writePNG(to: "\(folder)/frame-\(i + 1).png")  // 1, 2, … 10, 11, 12: name order is natural order
        }
        return folder
    }

    @Test(arguments: plugins)
    func eachPluginsStripMatchesItsGolden(product: String) throws {
        let library = try PluginLibrary(path: library(product))
        let parameters = product == "RefreshImageSequence" ? #"{"folder": "\#(try Self.frameFolder("golden"))", "pulling": "0-11", "refreshing": "4-11"}"# : "{}"
        let indicator = try library.makeIndicator(parametersJSON: parameters)
        let placement: IndicatorPlacement = product == "RefreshMaterial" ? .above : .push
        try expectMatchesGolden(try Self.strip(indicator, placement: placement), "gallery-\(library.info.indicator.id.replacingOccurrences(of: "dev.refreshkit.", with: ""))")
    }

    @Test func theSpinnersIOS13StyleFadesInWhole() throws {
        let classic = try PluginLibrary(path: library("RefreshSpinner")).makeIndicator()
        let modern = try PluginLibrary(path: library("RefreshSpinner")).makeIndicator(parametersJSON: #"{"style": "ios13"}"#)
        try expectMatchesGolden(try Self.strip(modern), "gallery-spinner-ios13")
        // Classic shows a quarter of its spokes at a quarter of the pull; iOS 13 shows them all, faint.
        var spec = FrameSpec(state: .pulling(progress: 0.25))
        spec.scale = 1
        let frame = spec.frame(refreshLength: 60)
        classic.refreshState = frame.state
        modern.refreshState = frame.state
        let a = try FrameRenderer.render(classic, frame: frame), b = try FrameRenderer.render(modern, frame: frame)
        func inked(_ image: ImageSurface) -> Int {
            let words = image.pixelWords()
            return words.filter { $0 != words[0] }.count
        }
        #expect(inked(b) > inked(a), "every spoke drawn: \(inked(b)) vs \(inked(a)) pixels")
    }

    @Test func theImageSequenceScrubsInNameOrderAndLoops() throws {
        let folder = try Self.frameFolder("scrub")
        let indicator = try PluginLibrary(path: library("RefreshImageSequence")).makeIndicator(parametersJSON: #"{"folder": "\#(folder)", "fps": 10}"#)
        func picture(_ state: RefreshState, _ time: Double = 0) throws -> [UInt32] {
            var spec = FrameSpec(state: state)
            spec.time = time
            spec.stateTime = time
            indicator.refreshState = state
            return try FrameRenderer.render(indicator, frame: spec.frame(refreshLength: indicator.refreshLength)).pixelWords()
        }
        #expect(try picture(.pulling(progress: 0)) != picture(.pulling(progress: 1)))
        #expect(try picture(.refreshing, 0.05) == picture(.refreshing, 1.25), "12 frames at 10 fps loop every 1.2 s")
        #expect(try picture(.refreshing, 0.05) != picture(.refreshing, 0.35))
    }

    @Test func badFramesAndRangesAreNamed() throws {
        let lib = try PluginLibrary(path: library("RefreshImageSequence"))
        let empty = scratchDirectory("image-sequence-empty")
        let bad = scratchDirectory("image-sequence-bad")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(bad)/frame-1.png"))
        for (json, expected) in [(#"{"folder": "/nonexistent/frames"}"#, "is not a folder"), (#"{"folder": "\#(empty)"}"#, "has no .png files"),
                                 (#"{"folder": "\#(bad)"}"#, "frame-1.png"), (#"{"folder": "\#(try Self.frameFolder("ranges"))", "pulling": "3-40"}"#, "not FIRST-LAST within 0-11")] {
            #expect(throws: PluginError.self) { _ = try lib.makeIndicator(parametersJSON: json) }
            do { _ = try lib.makeIndicator(parametersJSON: json) } catch { #expect("\(error)".contains(expected), "\(error)") }
        }
        let material = try PluginLibrary(path: library("RefreshMaterial"))
        do {
            _ = try material.makeIndicator(parametersJSON: ##"{"colors": "#1A73E8,blue"}"##)
            Issue.record("a bad colour list was accepted")
        } catch { #expect("\(error)".contains("colour 2, 'blue'"), "\(error)") }
        let store = try PluginLibrary(path: library("RefreshStoreHouse"))
        #expect(throws: PluginError.self) { _ = try store.makeIndicator(parametersJSON: #"{"text": "   "}"#) }
        #expect(try store.makeIndicator(parametersJSON: #"{"text": "刷新 تحديث"}"#).refreshLength > 0, "any script")
    }
}
