import Foundation
import Testing

/// The folder holding the fixture plugins (Tests/Fixtures, a package of its own so that no package
/// depending on RefreshKit sees them among its products): `REFRESHKIT_FIXTURES` when set (`make
/// test` builds them there before the clock starts), else built once by this test process into
/// .build/fixtures (a second build of an unchanged package takes about a second).
public let fixturesFolder: String = {
    if let folder = ProcessInfo.processInfo.environment["REFRESHKIT_FIXTURES"], !folder.isEmpty {
        return URL(fileURLWithPath: folder, relativeTo: packageRoot).standardizedFileURL.path
    }
    let scratchPath = packageRoot.appendingPathComponent(".build/fixtures").path
    var environment = ProcessInfo.processInfo.environment
    // SwiftPM's lock files go to TMPDIR: in a scratch folder they go with the test process's.
    environment["TMPDIR"] = scratchDirectory("fixtures-build-tmp")
    do {
        let (status, output) = try runProgram("/usr/bin/env", ["swift", "build", "--package-path", "Tests/Fixtures", "--scratch-path", scratchPath],
                                              environment: environment)
        if status != 0 { fixturesBuildFailure = "building Tests/Fixtures failed (status \(status)):\n\(output.suffix(3000))" }
    } catch {
        fixturesBuildFailure = "building Tests/Fixtures: \(error)"
    }
    return scratchPath + "/debug"
}()

/// Why the fixtures could not be built, when they could not (read after ``fixturesFolder``).
nonisolated(unsafe) private var fixturesBuildFailure: String?

/// The path of the fixture plugin built as `product` (e.g. "FixturePluginRenderCrashes"); a test
/// that asks for one when the fixtures did not build records why.
public func fixturePlugin(_ product: String) -> String {
    let path = "\(fixturesFolder)/lib\(product).so"
    if let failure = fixturesBuildFailure { Issue.record(Comment(rawValue: failure)) }
    return path
}
