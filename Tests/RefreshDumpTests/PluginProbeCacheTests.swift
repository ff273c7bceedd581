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
        var cache = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cacheFile))) as? [String: Any])
        var libraries = try #require(cache["libraries"] as? [String: [String: Any]])
        var entry = try #require(libraries[library], "\(libraries.keys.sorted())")
        #expect((entry["record"] as? [String: Any])?["id"] as? String == "dev.refreshkit.spinner")

        // The cache is what the next command reads: a name put there is the one listed.
        var record = try #require(entry["record"] as? [String: Any])
        record["name"] = "Named By The Cache"
        entry["record"] = record
        libraries[library] = entry
        cache["libraries"] = libraries
        try JSONSerialization.data(withJSONObject: cache).write(to: URL(fileURLWithPath: cacheFile))
        let (_, cached) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(cached.contains("Named By The Cache"), "\(cached)")

        // The same bytes written again are another file as far as the cache knows: probed again.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library))
        try FileManager.default.removeItem(atPath: library)
        try bytes.write(to: URL(fileURLWithPath: library))
        let (_, probed) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
        #expect(!probed.contains("Named By The Cache") && probed.contains("\(library)"), "\(probed)")
    }

    /// A library that failed is looked at again each time, and a cache that is not JSON is
    /// replaced, not reported.
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

        // Off, nothing is written.
        let off = folder + "/off"
        let (status, _) = try await refreshDump(["list"], environment: ["XDG_CACHE_HOME": off, "REFRESHKIT_PROBE_CACHE": "off"])
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: off + "/refreshkit/plugin-probe.json"))
    }
}
