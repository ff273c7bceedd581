import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK
import RefreshGoldens

@Suite(.leavesNoPluginHost) struct BuiltInRenderingTests {
    static let states: [RefreshState] = [.none, .pulling(progress: 0.1), .pulling(progress: 0.5), .pulling(progress: 0.95), .eligible, .refreshing,
                                         .finished(.success), .finished(.failure), .finished(.noMoreData), .noMoreData]

    func frame(_ state: RefreshState, time: Double = 0, scheme: IndicatorEnvironment.ColorScheme = .light, edge: RefreshEdge = .top,
               locale: String = "en", reduceMotion: Bool = false, size: Size = Size(width: 390, height: 120)) -> FrameSpec {
        var spec = FrameSpec(state: state)
        spec.time = time
        spec.stateTime = time
        spec.edge = edge
        spec.size = size
        spec.environment = IndicatorEnvironment(colorScheme: scheme, reduceMotion: reduceMotion,
                                                layoutDirection: IndicatorEnvironment.isRightToLeft(locale: locale) ? .rightToLeft : .leftToRight, locale: locale)
        return spec
    }

    func render(_ indicator: PluginIndicator, _ spec: FrameSpec) throws -> ImageSurface {
        let f = spec.frame(refreshLength: indicator.refreshLength)
        indicator.refreshState = f.state
        return try FrameRenderer.render(indicator, frame: f)
    }

    /// Pixels that differ from the background.
    func inkedPixels(_ image: ImageSurface, scheme: IndicatorEnvironment.ColorScheme) throws -> Int {
        let blank = try ImageSurface(width: image.width, height: image.height, scale: image.scale)
        Canvas(surface: blank).clear(FrameRenderer.background(for: scheme))
        return try ImageComparison(expected: blank, actual: image, tolerance: 8).pixelsOverTolerance
    }

    @Test(arguments: builtIns)
    func everyStateRendersDeterministicallyInBothThemes(product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        for scheme in IndicatorEnvironment.ColorScheme.allCases {
            for state in Self.states {
                for time in [0.0, 0.37, 1.9] {
                    let spec = frame(state, time: time, scheme: scheme)
                    let first = try render(indicator, spec), second = try render(indicator, spec)
                    #expect(try first.pngData() == second.pngData(), "\(product) \(state) t=\(time) \(scheme): not deterministic")
                    let ink = try inkedPixels(first, scheme: scheme)
                    let revealed = FrameRenderer.revealed(spec.frame(refreshLength: indicator.refreshLength)).height
                    if state == .none {
                        #expect(ink == 0, "\(product) draws for state none")
                    } else if revealed >= 20 {
                        // (A pull of a few points may show nothing yet, as in the list.)
                        #expect(ink > 4, "\(product) \(state) t=\(time) \(scheme): nothing drawn")
                    }
                }
            }
        }
    }

    /// At pull 0 the band is empty: at most 1 % of it inked, in both themes, at 1× and 3×, and at
    /// the band sizes of a phone and a carousel card (a sweep or contact sheet shows pull 0 in a
    /// full band; the list never shows it, so anything drawn there is a drawing left behind).
    @Test(arguments: builtIns)
    func nothingIsDrawnAtPullZero(product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        for scheme in IndicatorEnvironment.ColorScheme.allCases {
            for (size, scale) in [(Size(width: 390, height: 120), 1.0), (Size(width: 280, height: 80), 3.0)] {
                var spec = frame(.pulling(progress: 0), scheme: scheme, size: size)
                spec.scale = scale
                let image = try render(indicator, spec)
                let share = Double(try inkedPixels(image, scheme: scheme)) / Double(image.width * image.height)

                #expect(share <= 0.01, "\(product) \(scheme) \(size.width)×\(size.height) @\(scale)×: \(String(format: "%.1f", share * 100)) % inked at pull 0")
            }
        }
    }

    /// A footer at the end of the data says so in words, in the frame's language: its picture in
    /// Chinese and in Arabic differs from its picture in English (a mark would not). The C spinner
    /// (Cairo alone), Lottie (its animation decides) and the Template keep their marks.
    @Test(arguments: builtIns.filter { !["RefreshSpinnerC", "RefreshLottie", "ExampleTemplate"].contains($0) })
    func theEndOfTheDataIsSaidInWords(product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        for state in [RefreshState.noMoreData, .finished(.noMoreData)] {
            let english = try render(indicator, frame(state, edge: .bottom)).pngData()
            for locale in ["zh-Hans", "ar"] {
                #expect(try render(indicator, frame(state, edge: .bottom, locale: locale)).pngData() != english, "\(product) \(state) \(locale)")
            }
        }
    }

    @Test(arguments: builtIns)
    func refreshingAnimatesAndReduceMotionStillShows(product: String) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        let early = try render(indicator, frame(.refreshing, time: 0.05)), later = try render(indicator, frame(.refreshing, time: 0.61))
        #expect(try early.pngData() != later.pngData(), "\(product) does not animate while refreshing")
        let calm = try render(indicator, frame(.refreshing, time: 0.61, reduceMotion: true))
        #expect(try inkedPixels(calm, scheme: .light) > 20)
    }

    @Test(arguments: builtIns, [RefreshEdge.bottom, .leading, .trailing])
    func everyEdgeRenders(product: String, edge: RefreshEdge) throws {
        let indicator = try PluginLibrary(path: library(product)).makeIndicator()
        let size = edge.axis == .horizontal ? Size(width: 120, height: 390) : Size(width: 390, height: 120)
        for state in [RefreshState.pulling(progress: 0.8), .refreshing, .finished(.success)] {
            let image = try render(indicator, frame(state, time: 0.3, edge: edge, size: size))
            #expect(try inkedPixels(image, scheme: .light) > 20, "\(product) \(edge) \(state)")
        }
    }

    /// StoreHouse's text fits its band at any width from 280 pt: a long one shrinks, leaving the
    /// band's sides clear; a short one keeps its size.
    @Test func aLongStoreHouseTextFitsItsBand() throws {
        let long = try PluginLibrary(path: library("RefreshStoreHouse")).makeIndicator(parametersJSON: #"{"text": "Pull to refresh your feed now"}"#)
        for width in [280.0, 390, 600] {
            var spec = frame(.refreshing, time: 0.5, size: Size(width: width, height: 100))
            spec.scale = 1
            let image = try render(long, spec)
            let background = FrameRenderer.background(for: .light)
            let inked = (0..<image.width).filter { x in
                (0..<image.height).contains { y in let c = image.pixel(x: x, y: y); return abs(c.red - background.red) + abs(c.green - background.green) + abs(c.blue - background.blue) > 0.1 }
            }
            let first = try #require(inked.first), last = try #require(inked.last)
            #expect(first >= 12 && last < image.width - 12, "at \(width) pt the text runs \(first)–\(last)")
            #expect(Double(last - first) > width * 0.5, "and still fills most of the band: \(first)–\(last)")
        }
    }

    /// When the refresh ends StoreHouse's bars fly out the way they came, the last to land (the
    /// right) the first to go, and are gone in half a second, but never while the band is still
    /// open: there they stay and leave as it closes (the band stood open and blank for half a
    /// second, the rest of the result hold and the retraction); `band: dark` is the original's #333 band.
    @Test func storeHouseBarsFlyOutAndTheDarkBand() throws {
        let store = try PluginLibrary(path: library("RefreshStoreHouse")).makeIndicator(parametersJSON: "{}")
        /// The inked pixels `time` into the result, with the band `open` (1: as held, 0: closed).
        func inked(_ time: Double, open: Double = 0) throws -> Set<[Int]> {
            var spec = frame(.finished(.success), time: time, size: Size(width: 390, height: 100))
            spec.progress = open
            spec.scale = 1
            let image = try render(store, spec)
            let background = FrameRenderer.background(for: .light)
            return Set((0..<image.width).flatMap { x in (0..<image.height).map { [x, $0] } }.filter { p in
                let c = image.pixel(x: p[0], y: p[1])
                return abs(c.red - background.red) + abs(c.green - background.green) + abs(c.blue - background.blue) > 0.1
            })
        }
        // Pixels of the landed text still inked (bars still in place), in its left and right thirds.
        let landed = try inked(0)
        let xs = landed.map { $0[0] }, first = xs.min() ?? 0, span = (xs.max() ?? 0) - first
        func thirds(_ pixels: Set<[Int]>) -> (left: Int, right: Int) {
            (pixels.count { $0[0] < first + span / 3 }, pixels.count { $0[0] > first + span * 2 / 3 })
        }
        let leaving = thirds(try inked(0.1).intersection(landed)), whole = thirds(landed)
        #expect(whole.left > 100 && whole.right > 100, "\(whole)")
        #expect(leaving.right < whole.right * 3 / 4 && leaving.left > whole.left * 9 / 10, "the right goes first: \(leaving) of \(whole) still in place")
        #expect(try inked(0.5).isEmpty, "gone in half a second")
        #expect(try inked(0.5, open: 1) == landed, "the band held open is never blank: the text stays")
        let closing = thirds(try inked(0.5, open: 0.85).intersection(landed))
        #expect(closing.right < whole.right / 2 && closing.left > whole.left * 9 / 10, "leaving as the band closes, the right first: \(closing) of \(whole)")
        let banded = try PluginLibrary(path: library("RefreshStoreHouse")).makeIndicator(parametersJSON: #"{"band": "dark"}"#)
        var spec = frame(.refreshing, time: 0.5, size: Size(width: 390, height: 100))
        spec.scale = 1
        let image = try render(banded, spec)
        // The original's #333 (StoreHouseHeader.java:83), not black.
        let band = image.pixel(x: 2, y: 98)
        #expect([band.red, band.green, band.blue].allSatisfy { abs($0 - 0.2) < 0.01 }, "the original's #333 band in the light theme: \(band)")
    }

    /// StoreHouse's Latin letters are single strokes (bars along a letter's centre line, as the
    /// original's), not bars around a bold glyph's outline: a row across the middle of an "I" meets
    /// one bar; across a Cyrillic "И" (drawn from its outline: our letters are Latin) it meets the
    /// two edges of each stem.
    @Test func storeHouseLettersAreSingleStrokes() throws {
        func runs(_ text: String) throws -> Int {
            let store = try PluginLibrary(path: library("RefreshStoreHouse")).makeIndicator(parametersJSON: #"{"text": "\#(text)", "fontSize": 60}"#)
            var spec = frame(.eligible, size: Size(width: 390, height: 120))
            spec.scale = 1
            let image = try render(store, spec)
            let background = FrameRenderer.background(for: .light)
            let inked = { (x: Int, y: Int) -> Bool in
                let c = image.pixel(x: x, y: y)
                return abs(c.red - background.red) + abs(c.green - background.green) + abs(c.blue - background.blue) > 0.1
            }
            let rows = (0..<image.height).filter { y in (0..<image.width).contains { inked($0, y) } }
            let middle = try #require(rows.isEmpty ? nil : rows[rows.count / 2], "\(text): no ink")
            return (0..<image.width).count { x in inked(x, middle) && (x == 0 || !inked(x - 1, middle)) }
        }
        #expect(try runs("I") == 1, "an I is one stroke")
        #expect(try runs("И") >= 4, "a glyph our letters lack is drawn around its outline")
    }

    /// Phoenix's scene is fixed to the viewport, as the original's: a third of the way down, the
    /// strip the list uncovers at the top edge is sky and clouds (no building's outline); at three
    /// quarters the tower's top and the sun are in it; at the bottom edge the town stands on the
    /// viewport's bottom, so a short pull shows buildings.
    @Test func phoenixsSceneIsFixedToTheViewport() throws {
        let phoenix = try PluginLibrary(path: library("RefreshPhoenix")).makeIndicator(parametersJSON: "{}")
        func outlinePixels(_ progress: Double, edge: RefreshEdge = .top) throws -> Int {
            var spec = frame(.pulling(progress: progress), edge: edge, size: Size(width: 390, height: 120))
            spec.scale = 1
            let image = try render(phoenix, spec)
            // The buildings' outline is a dark grey (0.27); sky, clouds, sun and the list's background are light.
            return (0..<image.height).reduce(0) { sum, y in
                sum + (0..<image.width).count { x in
                    let c = image.pixel(x: x, y: y)
                    return c.red < 0.35 && c.green < 0.35 && c.blue < 0.35
                }
            }
        }
        #expect(try outlinePixels(0.25) == 0, "the list uncovers the sky first")
        #expect(try outlinePixels(0.75) > 50, "the tower's top is out by three quarters")
        #expect(try outlinePixels(0.25, edge: .bottom) > 50, "at the bottom edge the town stands on the viewport's bottom")
    }

    /// Taurus' clouds stay low, as the original's: up, beside the plane, nothing but sky in the
    /// upper half of the scene.
    @Test func taurusCloudsStayLow() throws {
        let taurus = try PluginLibrary(path: library("RefreshTaurus")).makeIndicator(parametersJSON: "{}")
        var spec = frame(.eligible, size: Size(width: 390, height: 120))
        spec.scale = 1
        let image = try render(taurus, spec)
        let sky = image.pixel(x: 2, y: 2)
        let sides = Array(0..<110) + Array(280..<390)
        let firstCloudRow = try #require((0..<image.height).first { y in
            sides.contains { x in
                let c = image.pixel(x: x, y: y)
                return abs(c.red - sky.red) + abs(c.green - sky.green) + abs(c.blue - sky.blue) > 0.06
            }
        })
        #expect(firstCloudRow >= 60, "the clouds reach row \(firstCloudRow) of 120")
    }

    /// The same picture in every state but the end of the data, where the Swift spinner says it in
    /// words (Pango) and the C one, which needs only Cairo, keeps its dash.
    @Test func swiftAndCSpinnersDrawTheSamePicture() throws {
        let swift = try PluginLibrary(path: library("RefreshSpinner")).makeIndicator(parametersJSON: #"{"spokes": 10, "radius": 14}"#)
        let c = try PluginLibrary(path: library("RefreshSpinnerC")).makeIndicator(parametersJSON: #"{"spokes": 10, "radius": 14}"#)
        var compared = 0
        for edge in RefreshEdge.allCases {
            for state in Self.states where state != .noMoreData && state != .finished(.noMoreData) {
                for time in [0.0, 0.3, 0.9] {
                    for scheme in IndicatorEnvironment.ColorScheme.allCases {
                        let size = edge.axis == .horizontal ? Size(width: 120, height: 390) : Size(width: 390, height: 120)
                        let spec = frame(state, time: time, scheme: scheme, edge: edge, reduceMotion: time > 0.5, size: size)
                        let comparison = try ImageComparison(expected: render(swift, spec), actual: render(c, spec), tolerance: 1)
                        #expect(comparison.matches, "\(edge) \(state) t=\(time) \(scheme): \(comparison.pixelsOverTolerance) pixels differ")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 192)
        let footer = frame(.noMoreData, edge: .bottom)
        #expect(try inkedPixels(render(swift, footer), scheme: .light) > 3 * inkedPixels(render(c, footer), scheme: .light), "words, not a dash")
    }

    @Test func labelSpeaksTheFramesLanguage() throws {
        let label = try PluginLibrary(path: library("RefreshLabel")).makeIndicator()
        let english = try render(label, frame(.eligible)), arabic = try render(label, frame(.eligible, locale: "ar"))
        let chinese = try render(label, frame(.eligible, locale: "zh-CN"))
        #expect(try english.pngData() != arabic.pngData())
        #expect(try english.pngData() != chinese.pngData())
        // Arabic reads right to left: the arrow sits on the right of the text.
        func inkRange(_ image: ImageSurface) -> (Int, Int) {
            let columns = (0..<image.width).filter { x in (0..<image.height).contains { y in image.pixel(x: x, y: y).red < 0.5 } }
            return (columns.first ?? 0, columns.last ?? 0)
        }
        let (_, arabicRight) = inkRange(arabic)
        let arrowColumn = (0..<arabic.height).contains { y in arabic.pixel(x: arabicRight - 3, y: y).red < 0.5 }
        #expect(arrowColumn)
    }

    @Test func goldenFrames() throws {
        let cases: [(String, String, FrameSpec, String)] = [
            ("spinner-pulling-0.6", "RefreshSpinner", frame(.pulling(progress: 0.6)), "{}"),
            ("spinner-refreshing", "RefreshSpinner", frame(.refreshing, time: 0.3), "{}"),
            ("spinner-success-dark", "RefreshSpinner", frame(.finished(.success), time: 0.5, scheme: .dark), "{}"),
            ("rainbow-refreshing", "RefreshRainbow", frame(.refreshing, time: 0.4), "{}"),
            ("path-drawing-pulling-0.7", "RefreshPathDrawing", frame(.pulling(progress: 0.7)), "{}"),
            ("path-drawing-refreshing-dark", "RefreshPathDrawing", frame(.refreshing, time: 0.5, scheme: .dark), "{}"),
            ("label-eligible-en", "RefreshLabel", frame(.eligible), #"{"lastUpdated": "19:42"}"#),
            ("label-refreshing-ar", "RefreshLabel", frame(.refreshing, time: 0.2, locale: "ar"), "{}"),
            ("label-no-more-zh", "RefreshLabel", frame(.noMoreData, edge: .bottom, locale: "zh-Hans"), "{}"),
            // The finger moves sideways at a trailing edge: "Pull left", not "Pull up".
            ("label-pulling-trailing", "RefreshLabel", frame(.pulling(progress: 0.6), edge: .trailing, size: Size(width: 120, height: 390)), "{}"),
        ]
        for (name, product, spec, parameters) in cases {
            let indicator = try PluginLibrary(path: library(product)).makeIndicator(parametersJSON: parameters)
            try expectMatchesGolden(try render(indicator, spec), name, in: goldenFolder(), tolerance: 3)
        }
    }
}

/// An indicator defined in the test itself, hosted without a library.
final class Bar: RefreshIndicator {
    static let info = IndicatorInfo(id: "dev.refreshkit.test.bar", name: "Bar", version: "1", summary: "A bar as wide as the progress.")
    static let color = Parameter.color("color", default: "#FF0000", help: "Bar colour")
    static let parameters = ParameterSpec.list(color)
    let refreshLength = 40.0
    let color: Color
    init(parameters: ParameterValues) throws { color = parameters[Self.color] }
    func draw(in canvas: Canvas, frame: IndicatorFrame) {
        canvas.addRect(Rect(x: 0, y: 0, width: frame.size.width * min(1, max(0, frame.progress)), height: 10))
        canvas.fill(.color(color))
    }
}

@Suite(.leavesNoPluginHost) struct LocalIndicatorTests {
    @Test func inProcessIndicatorsAreHostedLikePlugins() throws {
        let hosted: any HostedIndicator = LocalIndicator(try Bar(parameters: ParameterValues(specs: Bar.parameters)))
        hosted.refreshState = .pulling(progress: 0.5)
        #expect(hosted.refreshState == .pulling(progress: 0.5))
        let image = try FrameRenderer.render(hosted, frame: IndicatorFrame(size: Size(width: 100, height: 40), scale: 1, state: .pulling(progress: 0.5), progress: 0.5))
        #expect(image.pixel(x: 49, y: 5) == Color(red: 1, green: 0, blue: 0))
        #expect(image.pixel(x: 51, y: 5) != Color(red: 1, green: 0, blue: 0))
    }

    @Test func horizontalEdgesTurnTheCanvas() throws {
        let hosted = LocalIndicator(try Bar(parameters: ParameterValues(specs: Bar.parameters)))
        // Leading: the bar's top (away from the content) is on the left, running bottom to top.
        let image = try FrameRenderer.render(hosted, frame: IndicatorFrame(size: Size(width: 40, height: 100), scale: 1, edge: .leading,
                                                                          state: .pulling(progress: 0.5), progress: 0.5))
        #expect(image.pixel(x: 5, y: 95) == Color(red: 1, green: 0, blue: 0))
        #expect(image.pixel(x: 5, y: 5) != Color(red: 1, green: 0, blue: 0))
        #expect(image.pixel(x: 35, y: 95) != Color(red: 1, green: 0, blue: 0))
    }
}

@Suite(.leavesNoPluginHost) struct ParameterTests {
    /// A read names a declared parameter of its kind, or the indicator fails at creation: a
    /// misspelt name never draws with 0, black, false or "". Reads need no `try`: the first misread
    /// is kept (`misread`, shared by the values' copies) and PluginExport fails the creation with it.
    @Test func readingWhatWasNotDeclaredFailsNamingTheIndicator() throws {
        let spokes = Parameter.number("spokes", default: 12, range: 3...24, help: "")
        var values = try ParameterValues(specs: ParameterSpec.list(spokes, ParameterSpec.color("tint", default: "#FF0000", help: "")))
        values.owner = "Spinner"
        #expect(values[spokes] == 12)
        #expect(values.misread == nil)
        let unlisted = Parameter.number("spoks", default: 5, range: 0...9, help: "")
        let copy = values
        #expect(copy[unlisted] == 5, "a handle not listed reads as its own default")
        #expect(values.misread == ParameterError(parameter: "spoks", reason: "Spinner reads it as a number but does not declare it (declared: spokes, tint)"))
    }

    /// The reads by name of the SDK before 1.0.0 still work, deprecated, and fail the same way.
    @available(*, deprecated, message: "exercises the deprecated reads by name")
    @Test func theDeprecatedReadsByNameStillReadAndStillFail() throws {
        var values = try ParameterValues(specs: [.number("spokes", default: 12, range: 3...24, help: ""), .color("tint", default: "#FF0000", help: "")])
        values.owner = "Spinner"
        #expect(values.number("spokes") == 12)
        #expect(values.color("tint") == (try Color(hex: "#FF0000")))
        #expect(values.misread == nil)
        #expect(values.number("tint") == 0)
        #expect(values.misread == ParameterError(parameter: "tint", reason: "Spinner reads it as a number but declares a colour"))
        #expect(values.string("spokes") == "")
        #expect(values.misread?.parameter == "tint", "the first misread is the one kept")
    }

    /// A declaration that cannot be used fails when values are made from it (at creation), not
    /// silently: a colour default that is no colour, a number default outside its range, a choice
    /// default not among the options, a name declared twice.
    @Test func aBadDeclarationFailsAtCreation() throws {
        #expect(throws: ParameterError.self) { try ParameterValues(specs: [.color("tint", default: "#GG0000", help: "")]) }
        #expect(throws: ParameterError(parameter: "n", reason: "the default 30.0 is outside 0.0...10.0")) {
            try ParameterValues(specs: [.number("n", default: 30, range: 0...10, help: "")])
        }
        #expect(throws: ParameterError(parameter: "k", reason: "the default 'c' is not one of a, b")) {
            try ParameterValues(specs: [.choice("k", default: "c", options: ["a", "b"], help: "")])
        }
        #expect(throws: ParameterError(parameter: "n", reason: "declared twice")) {
            try ParameterValues(specs: [.bool("n", default: true, help: ""), .bool("n", default: false, help: "")])
        }
        let bad = ParameterSpec.color("tint", default: "#GG0000", help: "")
        #expect(bad.declarationProblem?.hasPrefix("the default is not a colour") == true)
    }

    @Test func valuesFromJSONAreTypedAndChecked() throws {
        let n = Parameter.number("n", default: 1, range: 0...10, help: ""), b = Parameter.bool("b", default: false, help: "")
        let c = Parameter.color("c", default: "#000", help: ""), k = Parameter.choice("k", default: "a", options: ["a", "b"], help: "")
        let specs = ParameterSpec.list(n, b, c, k)
        let values = try ParameterValues(specs: specs, json: ##"{"n": 3, "b": true, "c": "#0A84FF", "k": "b"}"##)
        #expect(values[n] == 3)
        #expect(values[b])
        #expect(values[k] == "b")
        #expect(values[c] == (try Color(hex: "#0A84FF")))
        #expect(values.misread == nil)
        #expect(values.json == ##"{"b": true, "c": "#0A84FF", "k": "b", "n": 3}"##)
        #expect(throws: ParameterError(parameter: "b", reason: "expected true or false, got a number")) { try ParameterValues(specs: specs, json: #"{"b": 1}"#) }
        #expect(throws: ParameterError(parameter: "k", reason: "'z' is not one of a, b")) { try ParameterValues(specs: specs, json: #"{"k": "z"}"#) }
        #expect(throws: ParameterError(parameter: "n", reason: "expected a number, string or bool")) { try ParameterValues(specs: specs, json: #"{"n": [1]}"#) }
    }
}
