import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import RefreshHost
@testable import RefreshPreviewSession

/// Bundles: `pack` makes them, `install` puts them in place, the search path reads their manifests
/// without running code, and a library that is not the one packed is refused.
@Suite(.leavesNoPluginHost) struct PluginBundleTests {
    /// The Spinner packed once (pack runs validate, seconds of work) for the tests that only use a bundle.
    static let packedSpinner: Result<String, Error> = Result {
        let folder = scratch("packed-spinner")
        let (status, output) = try refreshDumpWaiting(["pack", "\(products)/libRefreshSpinner.so", "--out", folder, "--author", "Tests", "--license", "MIT", "--archive"])
        guard status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: output]) }
        return "\(folder)/dev.refreshkit.spinner.refreshplugin"
    }

    /// A copy of the packed Spinner (bundle and archive) in `folder`; the bundle's path.
    func spinnerBundle(in folder: String) throws -> String {
        let bundle = try Self.packedSpinner.get()
        let copy = "\(folder)/dev.refreshkit.spinner.refreshplugin"
        try FileManager.default.copyItem(atPath: bundle, toPath: copy)
        try FileManager.default.copyItem(atPath: bundle + ".tar.gz", toPath: copy + ".tar.gz")
        return copy
    }

    /// The archive is written as every file is: a link planted at its name is not written through,
    /// a named pipe there does not hang the command, a folder there fails it; each before the bundle
    /// beside it is replaced (issue 53 §2).
    @Test(arguments: ["link", "pipe", "folder"])
    func aThingPlantedAtTheArchivesNameIsNeverWrittenThrough(planted: String) async throws {
        let folder = scratch("pack-planted-\(planted)")
        let archive = "\(folder)/dev.refreshkit.spinner-c.refreshplugin.tar.gz", victim = "\(folder)/victim"
        try "victim".write(toFile: victim, atomically: true, encoding: .utf8)
        switch planted {
        case "link": try FileManager.default.createSymbolicLink(atPath: archive, withDestinationPath: victim)
        case "pipe": #expect(mkfifo(archive, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        }
        let (status, output) = try await refreshDump(["pack", "\(products)/libRefreshSpinnerC.so", "--out", folder, "--author", "Tests", "--license", "MIT", "--archive"])
        #expect(status != 0 && output.contains(archive), "\(output)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/dev.refreshkit.spinner-c.refreshplugin"), "the bundle was not made either")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".refreshkit-") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Packs the built `product` into `folder`; the bundle's path.
    func pack(_ product: String, into folder: String, extra: [String] = []) async throws -> String {
        let (status, output) = try await refreshDump(["pack", "\(products)/lib\(product).so", "--out", folder, "--author", "Tests", "--license", "MIT"] + extra)
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("packed ") })
        return String(line[line.range(of: " into ")!.upperBound...])
    }

    @Test func packWritesABundleWithItsManifestThumbnailAndHash() async throws {
        let bundle = try Self.packedSpinner.get()
        let folder = (bundle as NSString).deletingLastPathComponent
        let manifest = try PluginManifest.read(bundle: bundle)
        #expect(manifest.id == "dev.refreshkit.spinner" && manifest.author == "Tests" && manifest.license == "MIT")
        #expect(manifest.parameters.map(\.name).contains("spokes"))
        let library = try Data(contentsOf: URL(fileURLWithPath: "\(bundle)/libRefreshSpinner.so"))
        #expect(manifest.sha256 == PluginManifest.sha256(of: library))
        let thumbnail = try Data(contentsOf: URL(fileURLWithPath: "\(bundle)/thumbnail.png"))
        #expect(thumbnail.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // Nothing half-made is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["dev.refreshkit.spinner.refreshplugin", "dev.refreshkit.spinner.refreshplugin.tar.gz"])
    }

    @Test func packRefusesAPluginThatFailsValidate() async throws {
        let folder = scratch("pack-untidy")
        let (status, output) = try await refreshDump(["pack", fixturePlugin("FixturePluginUntidy"), "--out", folder])
        #expect(status == 1)
        #expect(output.contains("not packed"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The manifest is all listing reads: a bundle whose library crashes when loaded is listed from
    /// its manifest, while the same library bare in the path is probed in a child and reported.
    @Test func listingABundleRunsNoCode() async throws {
        let folder = scratch("list-manifest")
        let bundle = "\(folder)/test.crashes.refreshplugin"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let library = try Data(contentsOf: URL(fileURLWithPath: fixturePlugin("FixturePluginConstructorCrashes")))
        try library.write(to: URL(fileURLWithPath: "\(bundle)/libCrashes.so"))
        let manifest = PluginManifest(describing: PluginInfo(indicator: .init(id: "test.crashes", name: "Crashes On Load", version: "1", summary: ""), parameters: [], abiVersion: 1, path: ""),
                                      library: "libCrashes.so", sha256: PluginManifest.sha256(of: library), author: "Tests", license: "MIT", thumbnail: nil)
        try manifest.encoded().write(to: URL(fileURLWithPath: "\(bundle)/plugin.json"))
        try library.write(to: URL(fileURLWithPath: "\(folder)/libBareCrashes.so"))

        let (status, output) = try await refreshDump(["list", "--plugin-path", folder])
        #expect(status == 0, "\(output)")
        #expect(output.contains("test.crashes") && output.contains("Crashes On Load"), "\(output)")
        #expect(output.contains("✗ plugin \(folder)/libBareCrashes.so"), "\(output)")
        // Asked for, it is loaded in a plugin-host child, and the crash is reported, not suffered.
        let (renderStatus, renderOutput) = try await refreshDump(["render", "--plugin", bundle, "--out", "\(folder)/x.png"])
        #expect(renderStatus == 2 && renderOutput.contains("crashed with signal 11 (Segmentation fault) during loading"), "\(renderOutput)")
    }

    @Test func aLibraryReplacedAfterPackingIsRefused() async throws {
        let folder = scratch("pack-tampered")
        let bundle = try spinnerBundle(in: folder)
        let handle = try #require(FileHandle(forWritingAtPath: "\(bundle)/libRefreshSpinner.so"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let (status, output) = try await refreshDump(["list", "--plugin-path", folder])
        #expect(status == 0)
        #expect(output.contains("does not match its bundle's manifest"), "\(output)")
        let (renderStatus, renderOutput) = try await refreshDump(["render", "--plugin", bundle, "--out", "\(folder)/x.png"])
        #expect(renderStatus == 2)
        #expect(renderOutput.contains("SHA-256"), "\(renderOutput)")
    }

    /// install's errors name the bundle the user gave, never the staging copy deleted on exit.
    @Test func installNamesTheBundleGivenNotItsStagingCopy() async throws {
        let folder = scratch("install-names")
        let bundle = try spinnerBundle(in: folder)
        let manifest = "\(bundle)/plugin.json"
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "\"id\"", with: "\"identity\"").write(toFile: manifest, atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(["install", bundle, "--to", scratch("install-names-to")])
        #expect(status != 0 && output.contains("\(bundle)/plugin.json") && !output.contains(".install-"), "\(output)")
    }

    @Test func installPutsTheBundleFirstInTheSearchPath() async throws {
        let folder = scratch("install")
        let dataHome = scratch("install-home")
        _ = try spinnerBundle(in: folder)
        let archive = "\(folder)/dev.refreshkit.spinner.refreshplugin.tar.gz"
        let (status, output) = try await refreshDump(["install", archive], environment: ["XDG_DATA_HOME": dataHome])
        #expect(status == 0, "\(output)")
        let installed = "\(dataHome)/refreshkit/plugins/dev.refreshkit.spinner.refreshplugin"
        #expect(PluginBundle.isBundle(installed))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dataHome)/refreshkit/plugins") == ["dev.refreshkit.spinner.refreshplugin"])
        // The installed bundle is found before the build's own Spinner; one folder wins, no ambiguity.
        let (listStatus, list) = try await refreshDump(["list"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(listStatus == 0)
        #expect(list.contains("\(installed)/libRefreshSpinner.so"), "\(list)")
        let (renderStatus, render) = try await refreshDump(["render", "--plugin", "Spinner", "--out", "\(folder)/x.png"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(renderStatus == 0, "\(render)")
        // Installing again replaces it.
        let (again, _) = try await refreshDump(["install", "\(folder)/dev.refreshkit.spinner.refreshplugin"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(again == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dataHome)/refreshkit/plugins") == ["dev.refreshkit.spinner.refreshplugin"])
    }

    /// A bundle archive opened in the preview (`--open`, or dropped) is unpacked and checked as
    /// install does, probed in a child and shown; one whose library is not the one packed, or that
    /// holds a link, is refused with the reason, and the session goes on.
    @MainActor @Test func anArchiveOpenedInThePreviewIsCheckedAndShown() async throws {
        let folder = scratch("open-archive-\(UUID().uuidString.prefix(8))")
        let bundle = try spinnerBundle(in: folder)
        let session = try Session(pluginPaths: ["\(products)/libRefreshRainbow.so"])
        #expect(session.open(bundle + ".tar.gz") == .opened("opened dev.refreshkit.spinner.refreshplugin.tar.gz: Spinner"))
        let shown = session.plugins[session.current]
        #expect(shown.id == "dev.refreshkit.spinner" && shown.loadError == nil)
        #expect(shown.path.contains("/refreshkit-opened-") && shown.path.hasSuffix("/libRefreshSpinner.so"), "\(shown.path)")

        // Another library in place of the one packed: the manifest's SHA-256 refuses it.
        let library = "\(bundle)/libRefreshSpinner.so"
        try FileManager.default.removeItem(atPath: library)
        try FileManager.default.copyItem(atPath: "\(products)/libRefreshRainbow.so", toPath: library)
        #expect(try await runProgram("/usr/bin/tar", ["-czf", "\(folder)/swapped.refreshplugin.tar.gz", "-C", folder, "dev.refreshkit.spinner.refreshplugin"]).status == 0)
        guard case .failed(let swapped) = session.open("\(folder)/swapped.refreshplugin.tar.gz") else { Issue.record("a swapped library opened"); return }
        #expect(swapped.contains("SHA-256"), "\(swapped)")
        try FileManager.default.createSymbolicLink(atPath: "\(bundle)/resources/passwd", withDestinationPath: "/etc/passwd")
        #expect(try await runProgram("/usr/bin/tar", ["-czf", "\(folder)/linked.refreshplugin.tar.gz", "-C", folder, "dev.refreshkit.spinner.refreshplugin"]).status == 0)
        guard case .failed(let linked) = session.open("\(folder)/linked.refreshplugin.tar.gz") else { Issue.record("a linked archive opened"); return }
        #expect(linked.contains("other than files and folders"), "\(linked)")
        #expect(session.view.openFailure == linked)
        #expect(session.plugins[session.current].id == "dev.refreshkit.spinner", "the plugin shown stays")
    }

    @Test func installRefusesAnArchiveThatPointsElsewhere() async throws {
        let folder = scratch("install-link")
        let bundle = try spinnerBundle(in: folder)
        try FileManager.default.createSymbolicLink(atPath: "\(bundle)/resources/passwd", withDestinationPath: "/etc/passwd")
        #expect(try await runProgram("/usr/bin/tar", ["-czf", "\(folder)/linked.tar.gz", "-C", folder, "dev.refreshkit.spinner.refreshplugin"]).status == 0)
        let dataHome = scratch("install-link-home")
        let (status, output) = try await refreshDump(["install", "\(folder)/linked.tar.gz"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(status == 2)
        #expect(output.contains("other than files and folders"), "\(output)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(dataHome)/refreshkit/plugins")) ?? []).isEmpty)
    }

    /// An archive is measured before it is unpacked: a few hundred bytes of `.tar.gz` that hold a
    /// 300 MB file (sparse here, zeros in an attack: 2 GiB installed before) are refused, naming the
    /// limit, and nothing is written; so is one with more entries than a bundle may hold.
    @Test func installRefusesAnArchiveThatUnpacksToTooMuch() async throws {
        let folder = scratch("install-big")
        let bundle = try spinnerBundle(in: folder)
        #expect(try await runProgram("/usr/bin/truncate", ["-s", "300M", "\(bundle)/resources/zeros"]).status == 0)
        #expect(try await runProgram("/usr/bin/tar", ["-S", "-czf", "\(folder)/big.tar.gz", "-C", folder, "dev.refreshkit.spinner.refreshplugin"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: "\(folder)/big.tar.gz")[.size] as? Int ?? .max < 1 << 20)
        let dataHome = scratch("install-big-home")
        let (status, output) = try await refreshDump(["install", "\(folder)/big.tar.gz"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(status == 2)
        #expect(output.contains("big.tar.gz: unpacks to more than 256 MB, more than a plugin bundle may; nothing was unpacked"), "\(output)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(dataHome)/refreshkit/plugins")) ?? []).isEmpty)
        // Entries are counted too (a limit of 3 here; 4,000 by default).
        let into = scratch("install-big-into")
        #expect(throws: PluginArchive.Failure.self) { try PluginArchive.unpack("\(folder)/big.tar.gz", into: into, limit: (bytes: 1 << 30, entries: 3)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: into).isEmpty, "nothing was unpacked")
    }

    /// A bundled plugin finds its files through the host's resource folder: a bundle whose
    /// `refresh.json` is the dark animation draws what the build draws with that file named.
    @Test func aBundledPluginFindsItsFilesInItsResources() async throws {
        let folder = scratch("pack-resources")
        let resources = "\(folder)/resources-in"
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        let dark = packageRoot.appendingPathComponent("Assets/Lottie/refresh-dark.json").path
        try FileManager.default.copyItem(atPath: dark, toPath: "\(resources)/refresh.json")
        let bundle = try await pack("RefreshLottie", into: "\(folder)/out", extra: ["--resources", resources])
        #expect(FileManager.default.fileExists(atPath: "\(bundle)/resources/refresh.json"))
        let frame = ["--state", "pulling:0.7", "--theme", "light"]
        let (s1, o1) = try await refreshDump(["render", "--plugin", bundle, "--out", "\(folder)/bundled.png"] + frame)
        let (s2, o2) = try await refreshDump(["render", "--plugin", "Lottie", "--param", "file=\(dark)", "--out", "\(folder)/named.png"] + frame)
        let (s3, o3) = try await refreshDump(["render", "--plugin", "Lottie", "--out", "\(folder)/shipped.png"] + frame)
        #expect(s1 == 0 && s2 == 0 && s3 == 0, "\(o1)\(o2)\(o3)")
        let bundled = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/bundled.png"))
        #expect(bundled == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/named.png"))))
        #expect(bundled != (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/shipped.png"))))
    }

    /// `scripts/install.sh` (what `make install` runs) lays out a prefix that keeps working when moved:
    /// plugins from its bundles, assets from its share folder, shipped scenarios by name.
    @Test func anInstalledPrefixWorksFromAnyFolder() async throws {
        let root = scratch("prefix")
        let (installStatus, installOutput) = try await runProgram(packageRoot.appendingPathComponent("scripts/install.sh").path,
                                                            ["\(root)/first", products, "RefreshSpinner"], in: packageRoot.path)
        #expect(installStatus == 0, "\(installOutput)")
        try FileManager.default.moveItem(atPath: "\(root)/first", toPath: "\(root)/moved")
        let tool = "\(root)/moved/bin/refresh-dump"
        func installed(_ arguments: [String]) async throws -> (Int32, String) {
            try await runProgram(tool, arguments, in: root, environment: ["PATH": "/usr/bin:/bin", "HOME": root])
        }
        let (listStatus, list) = try await installed(["list"])
        #expect(listStatus == 0)
        #expect(list.contains("assets: \(root)/moved/share/refreshkit"), "\(list)")
        #expect(list.contains("\(root)/moved/lib/refreshkit/plugins/dev.refreshkit.spinner.refreshplugin/libRefreshSpinner.so"), "\(list)")
        let (runStatus, run) = try await installed(["run", "pull-to-refresh", "--plugin", "Spinner", "--out", "\(root)/run", "--no-frames"])
        #expect(runStatus == 0, "\(run)")

        // A stranger's C plugin, built with cc (strict C11, as the guide builds it) against the
        // installed header in a folder of its own, validated, linted and packed by the installed
        // tool, then listed from its bundle: the example an author copies passes what we ship.
        let work = "\(root)/my-plugin"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Examples/CPlugin/dot.c").path, toPath: "\(work)/dot.c")
        let cairo = try await shell("pkg-config --cflags --libs cairo").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try await shell("cd \(work) && cc -std=c11 -shared -fPIC -fvisibility=hidden -O2 -Wall -Wextra -Werror -I \(root)/moved/include/refreshkit dot.c -o libDot.so \(cairo) -lm")
        let (validateStatus, validate) = try await installed(["validate", "\(work)/libDot.so"])
        #expect(validateStatus == 0 && validate.contains("PASS"), "\(validate)")
        let (lintStatus, lint) = try await installed(["lint", "--plugin", "\(work)/libDot.so", "--only", "contrast"])
        #expect(lintStatus == 0 && lint.contains("✓ contrast") && !lint.contains("✗"), "\(lint)")
        let (packStatus, pack) = try await installed(["pack", "\(work)/libDot.so", "--out", "\(work)/dist", "--author", "A Stranger", "--license", "MIT"])
        #expect(packStatus == 0, "\(pack)")
        let (_, listed) = try await installed(["list", "--plugin-path", "\(work)/dist"])
        #expect(listed.contains("com.example.dot-c") && listed.contains("Dot (C)"), "\(listed)")
    }

    /// Runs `command` with bash; its output, or an error with the output when it fails.
    func shell(_ command: String) async throws -> String {
        let (status, output) = try await runProgram("/bin/bash", ["-c", command])
        #expect(status == 0, "\(command): \(output)")
        return output
    }
}
