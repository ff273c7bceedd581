import Foundation
import Testing
import TestSupport

/// The template plugin package as an author has it: copied out of this repository, pointed at this
/// checkout, its own `swift test` (RefreshTestingCore: frames, the motion of a shipped scenario
/// and validate's checks) passes against the references it ships with, fails when the
/// indicator changes, and records new ones that then pass; the plugin it builds loads in the tools
/// and passes `refresh-dump validate`.
@Suite(.leavesNoPluginHost) struct AuthorPackageTests {
    /// `swift test` in `folder` with `environment` over this process's (no record mode, CI as given)
    /// and `arguments` after it.
    func swiftTest(in folder: String, _ environment: [String: String], _ arguments: [String] = []) async throws -> (status: Int32, output: String) {
        var merged = ProcessInfo.processInfo.environment
        for key in ["CI", "REFRESHKIT_RECORD", "SNAPSHOT_TESTING_RECORD"] { merged[key] = nil }
        // SwiftPM's lock files go to TMPDIR: in a scratch folder they go with the test process's.
        merged["TMPDIR"] = scratch("author-package-tmp")
        return try await runProgram("/usr/bin/env", ["swift", "test"] + arguments, in: folder, environment: merged.merging(environment) { $1 })
    }

    /// The package: the one `make test` built before the tests (`REFRESHKIT_AUTHOR_PACKAGE`, made by
    /// scripts/prepare-author-package.sh: the build, a minute of CPU, is not the test's), else a
    /// fresh copy of Examples/SwiftPlugin pointed at this checkout; and whether its build is as
    /// its files are (the prepared one with none written again).
    func authorPackage() throws -> (folder: String, built: Bool) {
        let manifestPath = "path: \"\(packageRoot.path)\""
        if let prepared = ProcessInfo.processInfo.environment["REFRESHKIT_AUTHOR_PACKAGE"], !prepared.isEmpty {
            #expect(try String(contentsOfFile: prepared + "/Package.swift", encoding: .utf8).contains(manifestPath), "\(prepared) is not this checkout's")
            // Its code and references as shipped, whatever an earlier run of this test changed; its
            // build stays, and so do the files that are as shipped (a file written again is built
            // again: SwiftPM goes by the file's time).
            var written = false
            for part in ["Sources", "Tests"] {
                written = try restore(packageRoot.appendingPathComponent("Examples/SwiftPlugin/" + part).path, into: prepared + "/" + part) || written
            }
            return (prepared, !written)
        }
        let package = scratch("author-package") + "/MyIndicator"
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Examples/SwiftPlugin").path, toPath: package)
        let manifest = package + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains("path: \"../..\""))
        try text.replacingOccurrences(of: "path: \"../..\"", with: manifestPath).write(toFile: manifest, atomically: true, encoding: .utf8)
        return (package, false)
    }

    /// Makes the files under `copy` those under `original`: a file that differs is written again,
    /// one the original does not have is removed, one that is the same is left alone. Whether any
    /// file was written or removed.
    func restore(_ original: String, into copy: String) throws -> Bool {
        var changed = false
        let files = FileManager.default
        let shipped = Set(try #require(files.subpaths(atPath: original)))
        for path in (files.subpaths(atPath: copy) ?? []) where !shipped.contains(path) {
            // try?: a file inside a folder removed a moment ago is gone already.
            try? files.removeItem(atPath: copy + "/" + path)
            changed = true
        }
        for path in shipped.sorted() {
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: original + "/" + path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try files.createDirectory(atPath: copy + "/" + path, withIntermediateDirectories: true)
            } else if files.contents(atPath: copy + "/" + path) != files.contents(atPath: original + "/" + path) {
                // try?: a file the copy does not have yet is simply written.
                try? files.removeItem(atPath: copy + "/" + path)
                try files.copyItem(atPath: original + "/" + path, toPath: copy + "/" + path)
                changed = true
            }
        }
        return changed
    }

    @Test func anAuthorsPackageTestsItsIndicator() async throws {
        let (package, isBuilt) = try authorPackage()
        let references = package + "/Tests/MyIndicatorTests"
        let shipped = try Data(contentsOf: URL(fileURLWithPath: references + "/__Frames__/MyIndicatorTests/every-state.png"))

        // As shipped, under CI: the references pass and nothing is recorded. A package built as
        // it is skips SwiftPM's look at the build (4 s of CPU when there is nothing to do).
        var (status, output) = try await swiftTest(in: package, ["CI": "true"], isBuilt ? ["--skip-build"] : [])
        #expect(status == 0 && output.contains("Test run with 3 tests in 1 suite passed"), "\(output.suffix(3000))")

        // The plugin it built (depending on this checkout's RefreshPluginSDK) loads in the tools
        // and passes validate: one build of the package serves both.
        let built = package + "/.build/debug/libMyIndicator.so"
        let validate = try await refreshDump(["validate", built, "--level", "1"])  // the indicator passed all of validate in its own test
        #expect(validate.status == 0 && validate.output.contains("PASS"), "\(validate.output)")
        let render = try await refreshDump(["render", "--plugin", built, "--state", "pulling:0.7", "--out", scratch("author-package-render") + "/dot.png"])
        #expect(render.status == 0 && render.output.contains("My Indicator pulling:0.70"), "\(render.output)")

        // The dot turns green: the frames fail with the comparator's words (the motion compares no pixels).
        let source = package + "/Sources/MyIndicator/MyIndicator.swift"
        let code = try String(contentsOfFile: source, encoding: .utf8)
        #expect(code.contains("\"#C75C00\""))
        try code.replacingOccurrences(of: "\"#C75C00\"", with: "\"#0A6E2D\"").write(toFile: source, atomically: true, encoding: .utf8)
        // Only the tests of references from here on: validation checked the indicator above, and
        // checks nothing a reference changes (about half of each run's CPU).
        let referenceTests = ["--filter", "framesLookAsRecorded|motionLooksAsRecorded"]
        (status, output) = try await swiftTest(in: package, ["CI": "true"], referenceTests)
        #expect(status != 0, "\(output.suffix(3000))")
        #expect(output.contains("every-state: ") && output.contains("pixels differ (colour"), "\(output.suffix(3000))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: references + "/__Frames__/MyIndicatorTests/every-state.png")) == shipped, "CI recorded")

        // Recorded again on purpose, the new look is the reference and passes.
        (status, output) = try await swiftTest(in: package, ["REFRESHKIT_RECORD": "all"], ["--skip-build"] + referenceTests)
        #expect(output.contains("every-state.png: recorded (record all)") && output.contains("pull-to-refresh.motion.json: recorded"), "\(output.suffix(3000))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: references + "/__Frames__/MyIndicatorTests/every-state.png")) != shipped)
        (status, output) = try await swiftTest(in: package, ["CI": "true"], ["--skip-build"] + referenceTests)
        #expect(status == 0 && output.contains("Test run with 2 tests in 1 suite passed"), "\(output.suffix(3000))")
    }
}
