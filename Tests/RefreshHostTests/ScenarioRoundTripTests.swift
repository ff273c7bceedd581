import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// One schema for reading and writing scenarios: what is read and written again reads back the
/// same, for every shipped scenario and for a scenario holding every field and kind of step.
@Suite(.leavesNoPluginHost) struct ScenarioRoundTripTests {
    static let shipped = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Assets/Scenarios").path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    /// Reads `data`, writes it, reads that: the same scenario, and writing it again the same bytes.
    func expectRoundTrip(_ data: Data, file: String) throws {
        let read = try Scenario.decode(data, file: file)
        let written = try read.fileData()
        let again = try Scenario.decode(written, file: file)
        #expect(again == read, "\(file) reads back differently:\n\(String(decoding: written, as: UTF8.self))")
        #expect(try again.fileData() == written)
    }

    @Test(arguments: shipped)
    func aShippedScenarioReadsBackTheSame(file: String) throws {
        #expect(Self.shipped.count >= 8)
        try expectRoundTrip(try Data(contentsOf: packageRoot.appendingPathComponent("Assets/Scenarios/\(file)")), file: file)
    }

    /// Every field a file may hold, every kind of step, optional values present and absent.
    static let everything = """
    { "name": "everything", "description": "All of it.", "viewport": { "width": 320, "height": 500 }, "axis": "vertical",
      "rows": 12, "rowHeight": 48, "offset": 150, "fps": 30, "theme": "dark", "locale": "ar", "reduceMotion": true, "window": "full",
      "checkpoints": [0.5, 1.25],
      "edges": {
        "top": { "plugin": "dev.refreshkit.spinner", "params": { "spokes": 10, "color": "#FF0000", "ios": true },
                 "triggerDistance": 70, "startOffset": 5, "holdExtent": 50, "policy": "onRelease", "resultHoldTime": 0.8,
                 "haptics": "thresholdAndStart", "placement": "behind",
                 "secondFloor": { "triggerDistance": 160, "openExtent": 400, "refreshesBelow": false } },
        "bottom": { "plugin": "dev.refreshkit.label", "policy": "onReach", "preloadDistance": 200, "haptics": "threshold",
                    "placement": "stretch" } },
      "steps": [
        { "drag": { "from": 10, "to": 200, "duration": 0.25, "easing": "easeInOut" } }, { "hold": 0.1 }, { "release": {} },
        { "release": { "velocity": -300 } }, { "fling": { "velocity": 1200 } }, { "wheel": { "delta": -40, "count": 3, "interval": 0.02 } },
        { "wait": { "duration": 0.5 } }, { "finish": { "edge": "top", "result": "failure" } }, { "begin": { "edge": "bottom" } },
        { "openSecondFloor": {} }, { "closeSecondFloor": { "edge": "top" } }, { "loadMore": { "rows": 5, "last": true } },
        { "setParameter": { "edge": "top", "name": "spokes", "value": 8 } }, { "placeholder": { "state": "failed", "message": "Offline." } },
        { "placeholder": { "state": "loading" } }, { "placeholder": { "state": "empty" } }, { "placeholder": { "state": "none" } } ] }
    """

    @Test func everyFieldAndStepReadsBackTheSame() throws {
        try expectRoundTrip(Data(Self.everything.utf8), file: "everything.json")
        let scenario = try Scenario.decode(Data(Self.everything.utf8))
        // The written file names every step kind the reader knows, so a new kind cannot skip the writer.
        let written = String(decoding: try scenario.fileData(), as: UTF8.self)
        for kind in ["drag", "hold", "release", "fling", "wheel", "wait", "finish", "begin", "openSecondFloor", "closeSecondFloor",
                     "loadMore", "setParameter", "placeholder"] {
            #expect(written.contains("\"\(kind)\""), "no \(kind) step written")
        }
        #expect(scenario.edges[.top]?.configuration.secondFloor?.openExtent == 400)
        #expect(scenario.environment.layoutDirection == .rightToLeft)
        #expect(scenario.offset == 150)
    }

    /// A scenario says its version: written as 1, read as 1 when absent (every file from before),
    /// refused by name when newer, before a field the newer format added is judged.
    @Test func aScenarioCarriesItsVersionAndANewerOneIsRefusedByName() throws {
        let written = String(decoding: try Scenario.decode(Data(Self.everything.utf8)).fileData(), as: UTF8.self)
        #expect(written.contains("\"version\" : 1") || written.contains("\"version\":1"), "\(written.prefix(200))")
        let minimal = #"{"edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#
        #expect(throws: Never.self) { try Scenario.decode(Data(minimal.utf8)) }
        #expect(throws: Never.self) { try Scenario.decode(Data(minimal.replacingOccurrences(of: "{\"edges", with: "{\"version\": 1, \"edges").utf8)) }
        let newer = #"{"version": 3, "edges": {"top": {"plugin": "Spinner"}}, "steps": [], "sparkles": true}"#
        do {
            _ = try Scenario.decode(Data(newer.utf8), file: "newer.json")
            Issue.record("a version 3 scenario was read")
        } catch {
            #expect(error.description == "scenario newer.json: line 1, column 2: version: made by a newer RefreshKit: version 3; this one reads up to version 2")
        }
        for bad in [#""2""#, "0", "1.5"] {
            #expect(throws: InputFileError.self) { try Scenario.decode(Data(#"{"version": \#(bad), "edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#.utf8)) }
        }
    }

    /// Present with the wrong type is not missing (issue 53 §5).
    @Test func stepsOfTheWrongTypeSayWhatTheyAre() throws {
        do {
            _ = try Scenario.decode(Data(#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": "drag"}"#.utf8), file: "s.json")
            Issue.record("read")
        } catch {
            #expect(error.description.hasSuffix("steps: expected an array of steps, found a string"), "\(error)")
        }
    }

    @Test func aFieldTheReaderDoesNotKnowIsNeverWritten() throws {
        // What the writer writes is what the reader accepts: an unknown field would fail this read.
        let written = try Scenario.decode(Data(Self.everything.utf8)).fileData()
        #expect(throws: Never.self) { try Scenario.decode(written) }
        #expect(throws: InputFileError.self) { try Scenario.decode(Data(Self.everything.replacingOccurrences(of: "\"fps\"", with: "\"framesPerSecond\"").utf8)) }
    }
}
