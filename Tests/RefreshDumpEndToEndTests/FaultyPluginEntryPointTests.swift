import Foundation
import Testing
import TestSupport
import RefreshGraphics

/// A faulty plugin, through every command that runs plugin code: its child ends, the command does
/// not. Each ends with a documented code (2: the one plugin asked for could not render; 1: a check
/// or a cell failed), never a signal, and says what happened and where.
@Suite(.leavesNoPluginHost) struct FaultyPluginEntryPointTests {
    static let faulty = ["FixturePluginRenderCrashes", "FixturePluginCreateAborts", "FixturePluginConstructorCrashes", "FixturePluginRenderHangs"]
    static let pull = packageRoot.appendingPathComponent("Assets/Scenarios/pull-to-refresh.json").path

    static func fixture(_ name: String) -> String { fixturePlugin(name) }

    @Test(arguments: faulty)
    func renderAndSweepEndWithTwoNamingThePlugin(fixture: String) async throws {
        let render = try await refreshDump(["render", "--plugin", Self.fixture(fixture), "--out", scratch("faulty-render-\(fixture)") + "/frame.png"])
        #expect(render.status == 2, "\(render.output)")
        #expect(render.output.contains("plugin \(Self.fixture(fixture))"), "\(render.output)")
        let sweep = try await refreshDump(["sweep", "--plugin", Self.fixture(fixture), "--progress", "0:1:4", "--out", scratch("faulty-sweep-\(fixture)")])
        #expect(sweep.status == 2, "\(sweep.output)")
        #expect(sweep.output.contains("plugin \(Self.fixture(fixture))"), "\(sweep.output)")
    }

    @Test(arguments: faulty)
    func runEndsWithTwoAndKeepsWhatCameBefore(fixture: String) async throws {
        let out = scratch("faulty-run-\(fixture)")
        let (status, output) = try await refreshDump(["run", Self.pull, "--plugin", Self.fixture(fixture), "--out", out])
        #expect(status == 2, "\(output)")
        #expect(output.contains("plugin \(Self.fixture(fixture))"), "\(output)")
        if fixture.hasPrefix("FixturePluginRender") {
            // It fails drawing: the run says at which frame, and leaves a scenario that replays it.
            #expect(output.contains("at frame 1 ") && output.contains("run --in-process --allow-plugin-paths \(out)/reproducer.json"), "\(output)")
            let reproducer = try String(contentsOfFile: "\(out)/reproducer.json", encoding: .utf8)
            #expect(reproducer.contains(Self.fixture(fixture)), "the reproducer names the plugin's file: \(reproducer)")
            // Cut to the step that reaches frame 1: the scenario's first drag, nothing after it.
            let steps = try #require(JSONSerialization.jsonObject(with: Data(reproducer.utf8)) as? [String: Any])["steps"] as? [Any]
            #expect(steps?.count == 1, "\(reproducer)")
        }
    }

    /// A plugin that calls exit(0) in its third frame: the run stops there, keeps the two before,
    /// and says where; it is no silent success. With a pool of two players each child counts its
    /// own frames (the fixture breaks the pure-function rule on purpose), so the stop comes later,
    /// and still every frame before it is written, in order, and no frame after it.
    @Test func anEarlyExitStopsTheRunWhereItHappened() async throws {
        let out = scratch("faulty-run-exits")
        let (status, output) = try await refreshDump(["run", Self.pull, "--plugin", Self.fixture("FixturePluginExits"), "--out", out, "--jobs", "1"])
        #expect(status == 2, "\(output)")
        #expect(output.contains("the plugin host ended during render") && output.contains("(exit status 0)"), "\(output)")
        #expect(output.contains("plugin dev.refreshkit.fixture-misbehaving at the top edge, at frame 3 ") && output.contains("2 frames before it written"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(out)/frames").sorted() == ["0001.png", "0002.png"])

        let pooled = scratch("faulty-run-exits-pooled")
        let (pooledStatus, pooledOutput) = try await refreshDump(["run", Self.pull, "--plugin", Self.fixture("FixturePluginExits"), "--out", pooled, "--jobs", "2"])
        #expect(pooledStatus == 2, "\(pooledOutput)")
        let frame = try #require(pooledOutput.firstMatch(of: #/at the top edge, at frame (\d+) /#).flatMap { Int($0.1) }, "\(pooledOutput)")
        #expect(frame > 3 && pooledOutput.contains("\(frame - 1) frames before it written"), "\(pooledOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(pooled)/frames").sorted() == (1..<frame).map { String(format: "%04d.png", $0) })
    }

    /// bench measures each plugin in a child of its own: one that crashes in render gets a row
    /// saying so, the built-ins beside it are measured, and bench ends normally, with the load average.
    @Test func benchMeasuresThePluginsBesideOneThatCrashes() async throws {
        let folder = scratch("faulty-bench")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = "\(folder)/libCrashesInRender.so"
        if !FileManager.default.fileExists(atPath: copy) { try FileManager.default.copyItem(atPath: Self.fixture("FixturePluginRenderCrashes"), toPath: copy) }
        let (status, output) = try await refreshDump(["bench", "--only", "plugins", "--frames", "10", "--plugin-path", folder])
        #expect(status == 0, "\(output)")
        #expect(output.contains("not measured") && output.contains("status 11") && output.contains(copy), "\(output)")
        #expect(output.contains("frame Spinner (median)") && output.contains("Swift spinner / C spinner"), "\(output)")
        // The machine's load once before the figures and once after, not again for each child.
        #expect(output.components(separatedBy: "load average (1 min) at the start").count == 2, "\(output)")
        #expect(output.components(separatedBy: "load average (1 min) at the end").count == 2, "\(output)")
    }

    /// `bench --only boundary` measures a plugin-host child's start three ways: spawned, forked
    /// by the zygote, and the anchor (a C program loading the same plugin), each a CPU time.
    @Test func benchMeasuresAPluginHostsStartEachWay() async throws {
        let json = scratch("bench-start") + ".json"
        let (status, output) = try await refreshDump(["bench", "--only", "boundary", "--frames", "10", "--json", json])
        #expect(status == 0, "\(output)")
        struct Row: Decodable { var name: String; var value: Double }
        let rows = try JSONDecoder().decode([Row].self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        for way in ["host start, spawned (CPU)", "host start, forked by the zygote (CPU)", "anchor: a C host loading it (CPU)"] {
            let row = rows.first { $0.name == "Spinner: \(way)" }
            #expect(row.map { $0.value > 0 && $0.value.isFinite } == true, "Spinner: \(way): \(row.map { "\($0.value)" } ?? "no row")\n\(output)")
        }
    }

    @Test func theReproducerReplaysTheCrashInProcess() async throws {
        let out = scratch("faulty-replay")
        #expect(try await refreshDump(["run", Self.pull, "--plugin", Self.fixture("FixturePluginRenderCrashes"), "--out", out]).status == 2)
        // In this process, as under a debugger: the crash is the process's own.
        let (status, output) = try await refreshDump(["run", "--in-process", "--allow-plugin-paths", "\(out)/reproducer.json", "--out", scratch("faulty-replayed")],
                                               environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(status != 0 && output.contains("crashed inside plugin \(Self.fixture("FixturePluginRenderCrashes"))"), "\(status): \(output)")
    }

    @Test func reportKeepsTheGoodCellsAndShowsTheBadOnesAsCards() async throws {
        let out = scratch("faulty-report")
        var arguments = ["report", "--plugin-path", products, "--plugin", "dev.refreshkit.spinner", "--scenario", Self.pull, "--out", out]
        for fixture in ["FixturePluginRenderCrashes", "FixturePluginConstructorCrashes"] { arguments += ["--plugin", Self.fixture(fixture)] }
        let (status, output) = try await refreshDump(arguments)
        #expect(status == 1, "\(output)")
        #expect(output.contains("2 of 3 cells have a plugin that crashed, hung or did not load"), "\(output)")
        let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        #expect(page.contains("dev.refreshkit.spinner.mp4") && page.contains("crashed with signal 11"), "the page has the good cell and the cards")
        #expect(FileManager.default.fileExists(atPath: "\(out)/cells/light/pull-to-refresh/dev.refreshkit.spinner.mp4"))
        // The card of the plugin that did not load is the size of the other cells' frames.
        let good = try ImageSurface.readPNG(at: "\(out)/cells/light/pull-to-refresh/dev.refreshkit.spinner.png")
        let card = try ImageSurface.readPNG(at: "\(out)/cells/light/pull-to-refresh/libFixturePluginConstructorCrashes.so.png")
        #expect(card.width == good.width && card.height == good.height, "\(card.width)×\(card.height) beside \(good.width)×\(good.height)")
    }

    @Test func verifyFailsTheCheckpointsAndGoesOn() async throws {
        let golden = scratch("faulty-verify-golden")
        #expect(try await refreshDump(["verify", Self.pull, "--plugin", "dev.refreshkit.spinner", "--golden", golden, "--update"]).status == 0)
        let (status, output) = try await refreshDump(["verify", Self.pull, "--plugin", Self.fixture("FixturePluginRenderCrashes"), "--golden", golden])
        #expect(status == 1, "\(output)")
    }

    /// A plugin that aborts in destroy has drawn its frames: render and sweep write them, then name
    /// the fault and end with 2 (before, the abort went unsaid and the command ended 0).
    @Test func anAbortInDestroyIsNamedAfterTheFramesAreWritten() async throws {
        let out = scratch("faulty-destroy")
        let render = try await refreshDump(["render", "--plugin", Self.fixture("FixturePluginDestroyAborts"), "--out", "\(out)/frame.png"])
        #expect(render.status == 2, "\(render.output)")
        #expect(render.output.contains("plugin \(Self.fixture("FixturePluginDestroyAborts")): crashed with signal 6 (Aborted) during destroy"), "\(render.output)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/frame.png"))
        let sweep = try await refreshDump(["sweep", "--plugin", Self.fixture("FixturePluginDestroyAborts"), "--progress", "0:1:3", "--out", "\(out)/sweep"])
        #expect(sweep.status == 2 && sweep.output.contains("during destroy"), "\(sweep.output)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/sweep/contact-sheet.png"))
    }

    /// A render that waits 5 ms a frame without using CPU (the fixture sleeps) fails validate's
    /// waiting check, though its CPU time is far under the budget; a built-in passes it.
    @Test func validateFailsARenderThatWaits() async throws {
        // Where the kernel counts the time a thread waits for a CPU, it is left out of the waits and a
        // quarter of a state's frames waiting fails; elsewhere only nine in ten can (validate says which).
        let counted = FileManager.default.fileExists(atPath: "/proc/thread-self/schedstat")
        let rule = counted ? "a quarter of the frames" : "9 frames in 10"
        let blocks = try await refreshDump(["validate", Self.fixture("FixturePluginBlocks")])
        #expect(blocks.status == 1, "\(blocks.output)")
        #expect(blocks.output.contains("✗ waiting: \(rule) while pulling wait ") && blocks.output.contains(" and while refreshing wait "), "\(blocks.output)")
        #expect(blocks.output.contains("without using CPU (a sleep, I/O or a lock in render)"), "\(blocks.output)")
        #expect(blocks.output.contains("✓ frame time: median "), "the CPU it uses is within the budget: \(blocks.output)")
        // Waiting only while refreshing, half the frames, is named too (it passed: the frames were taken together).
        let refreshing = try await refreshDump(["validate", Self.fixture("FixturePluginBlocks")], environment: ["REFRESHKIT_FIXTURE_BLOCK_WHILE": "refreshing"])
        #expect(refreshing.status == 1, "\(refreshing.output)")
        #expect(refreshing.output.contains("✗ waiting: \(rule) while refreshing wait ") && !refreshing.output.contains("while pulling"), "\(refreshing.output)")
        // Waiting on 85 frames in 100 is named too (nine in ten counted, it passed): the time the
        // threads waited for a CPU is left out of the waits, so a busy machine cannot fail a plugin.
        let most = try await refreshDump(["validate", Self.fixture("FixturePluginBlocks")], environment: ["REFRESHKIT_FIXTURE_BLOCK_WHILE": "most"])
        if counted {
            #expect(most.status == 1, "\(most.output)")
            #expect(most.output.contains("✗ waiting: a quarter of the frames while pulling wait ") && most.output.contains(" and while refreshing wait "), "\(most.output)")
        } else {
            #expect(most.output.contains("✓ waiting: in each state a tenth of the frames"), "without run-queue times 85 % cannot be told from a busy machine: \(most.output)")
        }
    }
}
