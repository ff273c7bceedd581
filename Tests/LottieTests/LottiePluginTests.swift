import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// The Lottie plugin through the plugin ABI: the shipped animation against goldens, files without
/// markers, edited files, and an error for each way a file or a range can be wrong.
@Suite(.leavesNoPluginHost) struct LottiePluginTests {
    let plugin = library("RefreshLottie")

    func frame(_ state: RefreshState, time: Double = 0, scheme: IndicatorEnvironment.ColorScheme = .light,
               edge: RefreshEdge = .top, reduceMotion: Bool = false) -> IndicatorFrame {
        var spec = FrameSpec(state: state)
        spec.time = time
        spec.stateTime = time
        spec.edge = edge
        spec.size = Size(width: 390, height: 120)
        spec.environment = IndicatorEnvironment(colorScheme: scheme, reduceMotion: reduceMotion)
        return spec.frame(refreshLength: 60)
    }

    func render(_ indicator: PluginIndicator, _ frame: IndicatorFrame) throws -> ImageSurface {
        indicator.refreshState = frame.state
        return try FrameRenderer.render(indicator, frame: frame)
    }

    /// The create error for `parameters`, or nil when the indicator was made.
    func createError(_ parameters: String) -> String? {
        do {
            _ = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: parameters)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theShippedAnimationMatchesItsGoldens() throws {
        let indicator = try PluginLibrary(path: plugin).makeIndicator()
        let cases: [(String, IndicatorFrame)] = [
            ("lottie-pulling-0.3", frame(.pulling(progress: 0.3))),
            ("lottie-pulling-0.9", frame(.pulling(progress: 0.9))),
            ("lottie-eligible", frame(.eligible, time: 0.25)),
            ("lottie-refreshing-0.2", frame(.refreshing, time: 0.2)),
            ("lottie-refreshing-0.7", frame(.refreshing, time: 0.7)),
            ("lottie-success-dark", frame(.finished(.success), time: 0.4, scheme: .dark)),
            ("lottie-failure", frame(.finished(.failure), time: 0.15)),
            ("lottie-no-more-bottom", frame(.noMoreData, edge: .bottom)),
        ]
        for (name, f) in cases {
            try expectMatchesGolden(try render(indicator, f), name, in: goldenFolder(), tolerance: 3)
        }
    }

    @Test func theFrameDependsOnStateProgressAndStateTimeOnly() throws {
        let indicator = try PluginLibrary(path: plugin).makeIndicator()
        // Refreshing loops its one-second marker: 0.2 s and 1.2 s show the same frame.
        let a = try render(indicator, frame(.refreshing, time: 0.2)), b = try render(indicator, frame(.refreshing, time: 1.2))
        #expect(a.pixelWords() == b.pixelWords())
        var other = frame(.refreshing, time: 0.2)
        other.time = 57.3
        #expect(try render(indicator, other).pixelWords() == a.pixelWords(), "the animation clock is not the state's clock")
        #expect(try render(indicator, frame(.refreshing, time: 0.45)).pixelWords() != a.pixelWords())
        // A result plays once and stays on its last frame.
        let late = try render(indicator, frame(.finished(.success), time: 5)), later = try render(indicator, frame(.finished(.success), time: 50))
        #expect(late.pixelWords() == later.pixelWords())
        // Reduced motion: refreshing stands still.
        let still = try render(indicator, frame(.refreshing, time: 0.2, reduceMotion: true))
        #expect(try render(indicator, frame(.refreshing, time: 0.7, reduceMotion: true)).pixelWords() == still.pixelWords())
    }

    @Test func theDarkSchemeUsesTheDarkFile() throws {
        let indicator = try PluginLibrary(path: plugin).makeIndicator()
        let light = try render(indicator, frame(.eligible)), dark = try render(indicator, frame(.eligible, scheme: .dark))
        // The ring's blue: #0A84FF in the light file, #64D2FF in the dark one.
        func ringGreen(_ image: ImageSurface) -> Double? {
            let greens = (0..<image.height).flatMap { y in (0..<image.width).map { image.pixel(x: $0, y: y) } }
                .filter { $0.blue > 0.95 && $0.red < 0.45 }.map(\.green).sorted()
            return greens.isEmpty ? nil : greens[greens.count / 2]
        }
        #expect(try #require(ringGreen(light)) < 0.6)
        #expect(try #require(ringGreen(dark)) > 0.75)
    }

    @Test func aFileWithoutMarkersScrubsAndLoopsTheWholeAnimation() throws {
        let folder = scratchDirectory("lottie-plain")
        let path = try write(growingDisc(), "disc.json", in: folder)
        let indicator = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"file": "\#(path)"}"#)
        func ink(_ image: ImageSurface) -> Int { image.pixelWords().count { $0 & 0xFF > 0xC0 && $0 >> 16 & 0xFF < 0x40 } }
        // (At a pull of 0 nothing shows: the first frame is seen where refreshing loops back to it.)
        let small = ink(try render(indicator, frame(.refreshing, time: 0))), big = ink(try render(indicator, frame(.pulling(progress: 1))))
        #expect(small > 0 && big > small * 20, "the disc grows with the pull: \(small) → \(big) pixels")
        #expect(ink(try render(indicator, frame(.pulling(progress: 0.5)))) > small)
        // Eligible and results rest on the last frame of pulling; refreshing loops the whole file (1 s).
        #expect(ink(try render(indicator, frame(.eligible, time: 3))) == big)
        #expect(ink(try render(indicator, frame(.finished(.failure), time: 0.1))) == big)
        #expect(ink(try render(indicator, frame(.refreshing, time: 1.0))) == small)
    }

    @Test func anEditedFileIsReadAgain() throws {
        let folder = scratchDirectory("lottie-edit")
        let path = try write(growingDisc(color: "0, 0.5, 1"), "disc.json", in: folder)
        let blue = try render(try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"file": "\#(path)"}"#), frame(.eligible))
        _ = try write(growingDisc(color: "1, 0.2, 0"), "disc.json", in: folder)
        let red = try render(try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"file": "\#(path)"}"#), frame(.eligible))
        #expect(blue.pixelWords() != red.pixelWords(), "rlottie's cache must not hand back the old file")
    }

    @Test func rangesByFramesProgressAndMarker() throws {
        let byMarker = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"pulling": "marker:success"}"#)
        let byFrames = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"pulling": "frames:150-189"}"#)
        let byProgress = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"pulling": "progress:0.4178-0.5265"}"#)
        let reference = try render(try PluginLibrary(path: plugin).makeIndicator(), frame(.finished(.success), time: 5))
        for indicator in [byMarker, byFrames, byProgress] {
            #expect(try render(indicator, frame(.pulling(progress: 1))).pixelWords() == reference.pixelWords())
        }
    }

    @Test func markersNamedForAnEdgeAreUsedThere() throws {
        // The shipped ring's arrow points the way the finger moves: down at the top, up at the bottom.
        let automatic = try PluginLibrary(path: plugin).makeIndicator()
        let headerRange = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"pulling": "marker:pulling"}"#)
        let footerRange = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: #"{"pulling": "marker:pulling@bottom"}"#)
        let bottom = frame(.pulling(progress: 0.5), edge: .bottom), top = frame(.pulling(progress: 0.5))
        #expect(try render(automatic, bottom).pixelWords() == render(footerRange, bottom).pixelWords())
        #expect(try render(automatic, bottom).pixelWords() != render(headerRange, bottom).pixelWords())
        #expect(try render(automatic, top).pixelWords() == render(headerRange, top).pixelWords())
    }

    @Test func everyBadFileOrRangeIsNamed() throws {
        let folder = scratchDirectory("lottie-bad")
        let broken = try write("{\n  \"fr\": 30,\n  \"ip\": 0,,\n}", "broken.json", in: folder)
        let notLottie = try write(#"{"fr": 30, "ip": 0, "w": 10, "h": 10, "layers": []}"#, "no-op.json", in: folder)
        let layers = try write(#"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": 5}"#, "layers.json", in: folder)
        let rate = try write(#"{"fr": "fast", "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#, "rate.json", in: folder)
        let marker = try write(#"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [], "markers": [{"tm": 3}]}"#, "marker.json", in: folder)
        let list = try write("[1, 2]", "list.json", in: folder)
        let loop = folder + "/loop.json"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let refused = try write(#"{"v": "5", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "shapes": [{"ty": "gr", "it": 5}]}]}"#, "refused.json", in: folder)
        let cases: [(String, String)] = [
            (#"{"file": "/no/such.json"}"#, "parameter 'file': '/no/such.json' does not exist"),
            (#"{"file": "\#(folder)"}"#, "parameter 'file': '\(folder)' is a folder, not a Lottie JSON file"),
            (#"{"file": "\#(broken)"}"#, "parameter 'file': '\(broken)' is not valid JSON: line 3, column 11: invalid value"),
            (#"{"file": "\#(notLottie)"}"#, "parameter 'file': '\(notLottie)' is not a Lottie animation: 'op' (end frame) is missing"),
            (#"{"file": "\#(layers)"}"#, "parameter 'file': '\(layers)' is not a Lottie animation: 'layers' is not a list"),
            (#"{"file": "\#(rate)"}"#, "parameter 'file': '\(rate)' is not a Lottie animation: 'fr' (frame rate) is not a number"),
            (#"{"file": "\#(marker)"}"#, "parameter 'file': '\(marker)' is not a Lottie animation: 'markers[0].cm' is missing"),
            (#"{"file": "\#(list)"}"#, "parameter 'file': '\(list)' is not a Lottie animation: the top level is not a JSON object"),
            (#"{"file": "\#(refused)"}"#, "parameter 'file': '\(refused)' is JSON, but rlottie cannot load it as a Lottie animation"),
            (#"{"darkFile": "/no/dark.json"}"#, "parameter 'darkFile': '/no/dark.json' does not exist"),
            // It said "does not exist", where --params said "Too many levels of symbolic links".
            (#"{"file": "\#(loop)"}"#, "parameter 'file': '\(loop)' is a symbolic link that leads nowhere (a loop, or its file is gone)"),
            (#"{"refreshing": "marker:spin"}"#, "parameter 'refreshing': no marker 'spin' in 'Lottie/refresh.json' (it has 'pulling', 'eligible', 'refreshing', 'success', 'failure', 'noMoreData', 'pulling@bottom', 'eligible@bottom')"),
            (#"{"success": "frames:150-400"}"#, "parameter 'success': frames 150-400 are outside 'Lottie/refresh.json', which has frames 0-359"),
            (#"{"pulling": "frame:0-10"}"#, "parameter 'pulling': 'frame:0-10' is not a range"),
            (#"{"eligiblePlay": "bounce"}"#, "parameter 'eligiblePlay': 'bounce' is not one of hold, loop, pingPong"),
        ]
        for (parameters, expected) in cases {
            let error = try #require(createError(parameters), "\(parameters) was accepted")
            #expect(error.contains(expected), "\(parameters):\n  got      \(error)\n  expected \(expected)")
        }
    }

    /// Files that would make rlottie allocate or work without bound, or reach files elsewhere, are
    /// refused before rlottie sees them (input-hardening issue: untrusted files, work limits).
    @Test func hostileFilesAreRefusedBeforeRlottie() throws {
        let folder = scratchDirectory("lottie-hostile")
        let shipped = try String(contentsOfFile: Assets.path("Lottie/refresh.json")!, encoding: .utf8)
        let big = folder + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let header = #"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [], "assets": [{"id": "i", "w": 1, "h": 1, "u": "/../../../etc/", "p": "shadow.png"}]}"#
        let escaping = try write(header, "escaping.json", in: folder)
        let embedded = try write(header.replacingOccurrences(of: #""u": "/../../../etc/", "p": "shadow.png""#, with: #""u": "", "p": "data:image/png;base64,AAAA""#), "embedded.json", in: folder)
        let huge = try write("{\"fr\": 30, \"ip\": 0,\n \"op\": 10, \"w\": 10, \"h\": 10, \"layers\": [{\"x\": 1e9}]}", "huge.json", in: folder)
        let repeater = try write(#"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "shapes": [{"ty": "rp", "c": {"a": 0, "k": 1000000}}]}]}"#, "repeater.json", in: folder)
        let cases: [(String, String)] = [
            (#"{"file": "\#(big)"}"#, "parameter 'file': '\(big)' is 1.0 GB, over the 32 MB limit"),
            (#"{"file": "\#(escaping)"}"#, "parameter 'file': '\(escaping)' has an image outside its folder: assets[0] is '/../../../etc/shadow.png'"),
            (#"{"file": "\#(huge)"}"#, "parameter 'file': '\(huge)' has the number 1000000000.0 at line 2, column 47, beyond ±10000000"),
            (#"{"file": "\#(repeater)"}"#, "parameter 'file': '\(repeater)' has a repeater of 1000000.0 copies, over the limit of 1000"),
        ]
        for (parameters, expected) in cases {
            let error = try #require(createError(parameters), "\(parameters) was accepted")
            #expect(error.contains(expected), "\(parameters):\n  got      \(error)\n  expected \(expected)")
        }
        #expect(createError(#"{"file": "\#(embedded)"}"#)?.contains("outside its folder") != true, "an embedded image is fine")
        #expect(!shipped.isEmpty)
    }
}
