import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// Every kind of file the tools write is a function of its inputs only: the same bytes for any
/// `--jobs`, whole or sharded, in one process or several, whatever else the machine is doing.
@Suite(.leavesNoPluginHost) struct DeterminismTests {
    func frames(_ file: String) throws -> [[UInt8]] {
        let search = PluginSearchPath(directories: [buildFolder])
        let player = try ScenarioPlayer(scenario: Scenario.load(path: "\(scenarioFolder)/\(file)"), searchPath: search,
                                        pluginOverride: PluginLibrary(path: search.resolve("dev.refreshkit.label")))
        var frames: [[UInt8]] = []
        while try player.advance() {
            if player.frameIndex % 7 == 0 { frames.append(try player.render().image.pngData()) }
        }
        return frames
    }

    @Test func theSameScenarioGivesTheSameBytesTwiceInOneProcess() async throws {
        #expect(try frames("refresh-fails.json") == frames("refresh-fails.json"))
    }

    /// Across two processes, one encoding on one thread and one on two: the same bytes.
    @Test func andAcrossTwoProcessesSerialAndParallel() async throws {
        let a = scratch("determinism-a"), b = scratch("determinism-b")
        for (folder, jobs) in [(a, "1"), (b, "2")] {
            let (status, output) = try await refreshDump(["run", "\(scenarioFolder)/pull-to-refresh.json", "--plugin", "dev.refreshkit.label", "--out", folder,
                                                    "--webp", "--jobs", jobs])
            #expect(status == 0, "\(output)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: a + "/frames").sorted()
        #expect(names.count == 174)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: "\(a)/frames/\(name)", andPath: "\(b)/frames/\(name)"), "\(name) differs")
        }
        #expect(FileManager.default.contentsEqual(atPath: "\(a)/pull-to-refresh.webp", andPath: "\(b)/pull-to-refresh.webp"))
        #expect(FileManager.default.fileExists(atPath: "\(a)/contact-sheet.png"))
        let webp = try #require(FileManager.default.contents(atPath: "\(a)/pull-to-refresh.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
    }

    /// The tools' outputs in three parts, each two copies at once: the frames and animation
    /// formats; the review page; verify results and a plugin bundle. (One test of all three took
    /// 51 s of CPU; each part is a test of its own, under the 20-s budget of one.)
    enum Part: String, CaseIterable, Sendable {
        case frames, reviewPage, verifyAndPack

        /// One copy's commands in groups that depend on what came before them, each run in the
        /// copy's own folder with relative output paths (so no path differs between copies), with
        /// the exit status each must give.
        func commands(jobs: Int) -> [[(arguments: [String], status: Int32)]] {
            let pullToRefresh = "\(scenarioFolder)/pull-to-refresh.json", pullShort = "\(scenarioFolder)/pull-short.json"
            switch self {
            case .frames:
                return [
                    [(["run", pullToRefresh, "--format", "mp4,gif,apng,webp", "--jobs", "\(jobs)", "--out", "run"], 0)],
                    [(["run", pullToRefresh, "--shard", "0/2", "--jobs", "\(jobs)", "--out", "run-shard-0"], 0),
                     (["run", pullToRefresh, "--shard", "1/2", "--jobs", "\(jobs)", "--out", "run-shard-1"], 0)],
                    [(["sweep", "--plugin", "Path Drawing", "--progress", "0:1:9", "--format", "mp4,gif,apng,webp", "--out", "sweep"], 0)],
                    [(["render", "--plugin", "Label", "--state", "refreshing", "--time", "0.3", "--locale", "ar", "--out", "render.png"], 0)],
                ]
            case .reviewPage:
                // Two plugins in the dark theme: two cells, whole and from shards.
                let report = ["report", "--plugin", "Spinner", "--plugin", "Rainbow", "--scenario", "pull-short", "--theme", "dark"]
                return [
                    [(report + ["--out", "report"], 0)],
                    [(report + ["--shard", "0/2", "--out", "report-shard-0"], 0),
                     (report + ["--shard", "1/2", "--out", "report-shard-1"], 0),
                     (["report", "--merge", "report-shard-0", "report-shard-1", "--out", "report-merged"], 0)],
                ]
            case .verifyAndPack:
                // Goldens of one plugin, another plugin failing against them, whole and sharded.
                let verify = ["verify", pullShort, "--plugin", "Rainbow", "--golden", "golden"]
                return [
                    [(["pack", "\(products)/libRefreshSpinner.so", "--out", "pack", "--archive"], 0)],
                    [(["verify", pullShort, "--plugin", "Spinner", "--golden", "golden", "--update"], 0),
                     (verify + ["--report", "verify", "--failures", "verify-failures"], 1),
                     (verify + ["--shard", "0/2", "--report", "verify-shard-0", "--failures", "verify-shard-failures"], 1),
                     (verify + ["--shard", "1/2", "--report", "verify-shard-1", "--failures", "verify-shard-failures"], 1),
                     (["verify", "--merge", "verify-shard-0", "verify-shard-1", "--report", "verify-merged"], 1)],
                ]
            }
        }

        /// Fewer files than a copy holds (374, 97 and 237 when counted), so that commands that stopped
        /// writing most of their files are not a pass.
        var leastFiles: Int {
            switch self {
            case .frames: 300
            case .reviewPage: 80
            case .verifyAndPack: 200
            }
        }

        /// The file kinds the copies must hold, so that a command that stopped writing one is not a pass.
        var kinds: [String] {
            switch self {
            case .frames:
                ["run/frames/0001.png", "run/contact-sheet.png", "run/pull-to-refresh.mp4", "run/pull-to-refresh.gif",
                 "run/pull-to-refresh.apng", "run/pull-to-refresh.webp", "run-shard-1/run-shard-1-of-2.json", "sweep/sweep.gif", "render.png"]
            case .reviewPage:
                ["report/index.html", "report/spec.json", "report/cells/dark/pull-short/dev.refreshkit.spinner.mp4",
                 "report-shard-0/report-shard-0-of-2.json", "report-merged/index.html"]
            case .verifyAndPack:
                ["pack/dev.refreshkit.spinner.refreshplugin.tar.gz", "verify/verify-result.json", "verify/index.html",
                 "verify-failures/t0.300.diff.png", "verify-merged/verify-result.json"]
            }
        }
    }

    /// Two copies of a part at once: one lane in order, and more lanes than this machine has cores
    /// in the other order (a third copy, at two lanes, proved nothing these two do not and cost a
    /// third more).
    @Test(arguments: Part.allCases) func twoCopiesAtOnceWithDifferentJobsWriteTheSameBytes(part: Part) async throws {
        let base = scratch("determinism-\(part.rawValue)")
        let jobs = [1, 3]
        let results = Locked([Int: [String]]())
        // The copies run at the same time: each loads the machine for the others.
        await withTaskGroup(of: Void.self) { group in for copy in jobs.indices { group.addTask {
            let folder = "\(base)/copy-\(copy)"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var problems: [String] = []
            // The second copy runs the groups in the other order: a command's copies run seconds
            // apart, so a time written into a file would show.
            let groups = part.commands(jobs: jobs[copy])
            for (arguments, expected) in (copy == 1 ? groups.reversed() : groups).joined() {
                do {
                    let (status, output) = try await refreshDump(arguments, in: folder)
                    if status != expected { problems.append("\(arguments.joined(separator: " ")): exit \(status), expected \(expected)\n\(output)") }
                } catch {
                    problems.append("\(arguments.joined(separator: " ")): \(error)")
                }
            }
            results.withLock { $0[copy] = problems }
        } } }
        for copy in jobs.indices { #expect(results.withLock { $0[copy] } == [], "copy \(copy)") }

        let reference = try files(in: "\(base)/copy-0")
        for kind in part.kinds { #expect(reference.contains(kind), "no \(kind)") }
        #expect(reference.count > part.leastFiles, "\(reference.count) files")
        for copy in 1..<jobs.count {
            let folder = "\(base)/copy-\(copy)"
            #expect(try files(in: folder) == reference, "copy \(copy) (--jobs \(jobs[copy])) wrote other files")
            let differing = reference.filter {
                FileManager.default.contents(atPath: "\(base)/copy-0/\($0)") != FileManager.default.contents(atPath: "\(folder)/\($0)")
            }
            #expect(differing.isEmpty, "copy \(copy) (--jobs \(jobs[copy])) differs from copy 0 (--jobs 1) in \(differing.count) files: \(differing.prefix(12))")
        }
    }

    /// The regular files under `folder`, as paths relative to it, sorted.
    func files(in folder: String) throws -> [String] {
        let all = try #require(FileManager.default.subpaths(atPath: folder))
        return all.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(folder)/\($0)", isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}

/// A value several threads fill in.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
