import Foundation
import Testing
import RefreshHost
import TestSupport

/// What the probe found is kept between commands, for the file as it was, and only for libraries
/// that loaded.
@Suite(.leavesNoPluginHost)
struct PluginProbeCacheTests {
    /// Only the tools keep the cache: a program using RefreshHost as a library (this test process,
    /// a debug build) would otherwise replace the tools' cache in the user's home.
    @Test func aProgramUsingTheLibraryKeepsNoCache() {
        #expect(!PluginProbeCache.isEnabled)
    }

    /// A command reads a library from the cache while the file is the one probed, and probes it
    /// again once the file is another.
    @Test func aLibraryIsProbedAgainOnlyWhenItsFileChanged() async throws {
        let folder = scratch("probe-cache"), plugins = folder + "/plugins", cacheHome = folder + "/cache"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let library = plugins + "/libCopied.so"
        try FileManager.default.copyItem(atPath: products + "/libRefreshSpinner.so", toPath: library)
        let environment = ["XDG_CACHE_HOME": cacheHome]
        let cacheFile = cacheHome + "/refreshkit/plugin-probe.json"

        let (status, output) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(status == 0, "\(output)")
        /// Sets `field` of the library's record in the cache file to `value`.
        func forge(_ field: String, _ value: String) throws {
            var cache = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cacheFile))) as? [String: Any])
            var libraries = try #require(cache["libraries"] as? [String: [String: Any]])
            var entry = try #require(libraries[library], "\(libraries.keys.sorted())")
            var record = try #require(entry["record"] as? [String: Any])
            #expect(record["id"] as? String == "dev.refreshkit.spinner")
            record[field] = value
            entry["record"] = record
            libraries[library] = entry
            cache["libraries"] = libraries
            try JSONSerialization.data(withJSONObject: cache).write(to: URL(fileURLWithPath: cacheFile))
        }

        // The cache is what the next command reads: a name put there is the one listed.
        try forge("name", "Named By The Cache")
        let (_, cached) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(cached.contains("Named By The Cache"), "\(cached)")

        // A record read back is checked as a library's own words are: a name with an escape in it
        // is not printed raw; the library is probed again. (It printed "\u{1B}[2J" raw.)
        try forge("name", "Forged \u{1B}[2J\u{1B}[31mred")
        let (_, forged) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(!forged.contains("\u{1B}") && !forged.contains("Forged") && forged.contains("Spinner"), "\(forged)")

        // An id read back that the library does not report: asked for by that id, it is not used
        // (another library was loaded through a forged id, with nothing said).
        try forge("id", "dev.example.other")
        let (otherStatus, other) = try await refreshDump(["render", "--plugin", "dev.example.other", "--plugin-path", plugins, "--out", folder + "/other.png"],
                                                         environment: environment)
        #expect(otherStatus == 2 && other.contains("reports the id 'dev.refreshkit.spinner', not 'dev.example.other'"), "\(other)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.png"))

        // The same bytes written again are another file as far as the cache knows: probed again.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library))
        try FileManager.default.removeItem(atPath: library)
        try bytes.write(to: URL(fileURLWithPath: library))
        let (_, probed) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(!probed.contains("Named By The Cache") && probed.contains("\(library)"), "\(probed)")
    }

    /// A library that failed is looked at again each time, and a cache that is not JSON is
    /// replaced, not reported.
    /// The cache's folder is the user's own: a `refreshkit` folder that is a link to another is
    /// neither read nor written through (the cache was saved where the link pointed), and a
    /// relative XDG_CACHE_HOME is ignored, as the XDG spec says.
    @Test func aLinkedCacheFolderIsNotWrittenThrough() async throws {
        let folder = scratch("probe-cache-link"), cacheHome = folder + "/cache", elsewhere = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cacheHome + "/refreshkit", withDestinationPath: elsewhere)
        let (status, output) = try await refreshDump(["list"], environment: ["XDG_CACHE_HOME": cacheHome])
        #expect(status == 0, "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "the cache was written through the link")
        // Label draws text: fontconfig, through our fonts.conf, wrote its cache under a relative XDG_CACHE_HOME.
        let (relativeStatus, relativeOutput) = try await refreshDump(["render", "--plugin", "Label", "--state", "pulling:0.5", "--out", "label.png", "--no-sandbox"],
                                                                     in: folder, environment: ["XDG_CACHE_HOME": "relative-cache"])
        #expect(relativeStatus == 0, "\(relativeOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/relative-cache"), "something was written under the working folder")
    }

    @Test func failuresAreNotKeptAndABrokenCacheIsReplaced() async throws {
        let folder = scratch("probe-cache-failures"), plugins = folder + "/plugins", cacheHome = folder + "/cache"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cacheHome + "/refreshkit", withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: cacheHome + "/refreshkit/plugin-probe.json"))
        try Data(contentsOf: URL(fileURLWithPath: fixturePlugin("FixturePluginConstructorCrashes"))).write(to: URL(fileURLWithPath: plugins + "/libCrashes.so"))
        let environment = ["XDG_CACHE_HOME": cacheHome]

        for _ in 0..<2 {
            let (status, output) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
            #expect(status == 0 && output.contains("✗ plugin \(plugins)/libCrashes.so"), "\(output)")
        }
        let text = try String(contentsOfFile: cacheHome + "/refreshkit/plugin-probe.json", encoding: .utf8)
        #expect(text.contains("dev.refreshkit.spinner") && !text.contains("libCrashes.so"), "\(text)")

        // A cache over its limit is not read at all (a 1 GB one cost a command 1.08 GB of memory), and is replaced.
        try Data(count: PluginProbeCache.sizeLimit + 1).write(to: URL(fileURLWithPath: cacheHome + "/refreshkit/plugin-probe.json"))
        let (bigStatus, big) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(bigStatus == 0, "\(big)")
        let replaced = try FileManager.default.attributesOfItem(atPath: cacheHome + "/refreshkit/plugin-probe.json")[.size] as? Int ?? 0
        #expect(replaced < PluginProbeCache.sizeLimit, "\(replaced) bytes")

        // Off, nothing is written.
        let off = folder + "/off"
        let (status, _) = try await refreshDump(["list"], environment: ["XDG_CACHE_HOME": off, "REFRESHKIT_PROBE_CACHE": "off"])
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: off + "/refreshkit/plugin-probe.json"))
    }

    /// `list` says the languages a plugin draws words in wherever it reads the plugin from: its
    /// probe, the probe's cache (which kept no languages before, so a cached Label said none) and a
    /// bundle's manifest; a language forged into the cache is refused as a forged name is.
    @Test func listNamesThePluginsLanguagesFromEverySource() async throws {
        let folder = scratch("probe-cache-locales"), plugins = folder + "/plugins", cacheHome = folder + "/cache"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: products + "/libRefreshLabel.so", toPath: plugins + "/libLabel.so")
        let environment = ["XDG_CACHE_HOME": cacheHome], words = "draws words in en, zh-Hans, ar"
        let probed = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        let cached = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(probed.output.contains(words) && cached.output.contains(words), "\(probed.output)\n\(cached.output)")
        let cacheFile = cacheHome + "/refreshkit/plugin-probe.json"
        let text = try String(contentsOfFile: cacheFile, encoding: .utf8)
        try text.replacingOccurrences(of: #""zh-Hans""#, with: #""zh Hans; rm""#).write(toFile: cacheFile, atomically: true, encoding: .utf8)
        let forged = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(forged.output.contains(words) && !forged.output.contains("zh Hans"), "probed again: \(forged.output)")
        let bundles = folder + "/bundles"
        let packed = try await refreshDump(["pack", plugins + "/libLabel.so", "--out", bundles, "--author", "Tests", "--license", "MIT"])
        #expect(packed.status == 0, "\(packed.output)")
        try FileManager.default.removeItem(atPath: plugins + "/libLabel.so")
        let fromBundle = try await refreshDump(["list", "--plugin-path", bundles], environment: environment)
        #expect(fromBundle.output.contains(".refreshplugin") && fromBundle.output.contains(words), "\(fromBundle.output)")
    }
}
