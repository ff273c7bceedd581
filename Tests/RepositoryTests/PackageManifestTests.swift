import Foundation
import Testing
import TestSupport

/// What a package that depends on RefreshKit sees: the real products only. The plugins broken on
/// purpose are a package of their own under Tests/Fixtures, which builds every one of them.
@Suite struct PackageManifestTests {
    /// The product and target names of the manifest in `folder` (relative to the package's folder),
    /// as `swift package dump-package` reads it (a scratch path of its own: the running `swift test`
    /// holds the package's build folder).
    static func manifest(_ folder: String) async throws -> (products: [String], targets: [String]) {
        let scratch = scratchDirectory("dump-package-\(folder.replacingOccurrences(of: "/", with: "-"))")
        let (status, output) = try await runProgram("/usr/bin/env", ["swift", "package", "--package-path", folder, "--scratch-path", scratch, "dump-package"],
                                              environment: ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { $1 })
        try #require(status == 0, "\(output)")
        // The JSON starts at its first line that opens an object (SwiftPM may note things before it).
        let json = try #require(output.range(of: "\n{").map { String(output[$0.lowerBound...]) } ?? (output.hasPrefix("{") ? output : nil), "\(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let names = { (key: String) in ((object[key] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String } }
        return (names("products"), names("targets"))
    }

    @Test func noFixtureIsAProductOfThePackage() async throws {
        let products = try await Self.manifest(".").products
        #expect(products.contains("RefreshPluginSDK") && products.contains("RefreshSpinner"), "\(products)")
        #expect(products.filter { $0.contains("Fixture") }.isEmpty, "\(products)")
    }

    @Test func theFixturePackageBuildsEveryFixtureFolder() async throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures").path
        let (products, _) = try await Self.manifest("Tests/Fixtures")
        let folders = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasPrefix("Plugin") && !$0.hasSuffix("Common") }
        let compat = try FileManager.default.contentsOfDirectory(atPath: fixtures + "/SDKCompat")
        #expect(folders.count > 20 && compat.count >= 2)
        for folder in folders { #expect(products.contains("Fixture" + folder), "Tests/Fixtures/\(folder) is built by no product") }
        for folder in compat { #expect(products.contains("FixturePluginCompat" + folder), "Tests/Fixtures/SDKCompat/\(folder) is built by no product") }
    }
}
