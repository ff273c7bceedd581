import Foundation
import Testing
import TestSupport

/// `make demo` falls back to the headless demo when the preview cannot open a display (exit 3):
/// with a DISPLAY that cannot be opened (SSH, WSL) it used to test the status of another command
/// and fail. A stand-in for `swift` plays the preview's exit status; the recipe is the real one.
@Suite(.leavesNoPluginHost) struct MakeDemoTests {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `make demo` with the stand-in; returns make's status, its output and the commands run.
    func demo(display: String?, previewStatus: Int32) async throws -> (status: Int32, output: String, commands: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refreshkit-make-demo-\(UUID().uuidString)").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fake = "\(folder)/swift", log = "\(folder)/log"
        try """
        #!/bin/sh
        echo "$*" >> "\(log)"
        case "$*" in *refresh-preview*) exit \(previewStatus);; esac
        exit 0
        """.write(toFile: fake, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["MAKEFLAGS"] = nil
        // The stand-in is read by sh, never executed itself: a test beside this one that forks while
        // the script's file is open for writing hands that descriptor to its child, and exec of a
        // file open for writing fails ("Text file busy", which failed this suite about one run in four).
        let (status, output) = try await runProgram("/usr/bin/make", ["-s", "-C", repository, "demo", "SWIFT=/bin/sh \(fake)"], environment: environment)
        let commands = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        try? FileManager.default.removeItem(atPath: folder)
        return (status, output, commands)
    }

    @Test func aDisplayThatCannotBeOpenedFallsBackToTheHeadlessDemo() async throws {
        let (status, output, commands) = try await demo(display: ":97", previewStatus: 3)
        #expect(status == 0, "\(output)")
        #expect(output.contains("No display"), "\(output)")
        #expect(commands.filter { $0.contains("refresh-dump run") }.count == 3, "\(commands)")
    }

    @Test func noDisplayRunsNoPreview() async throws {
        let (status, output, commands) = try await demo(display: nil, previewStatus: 0)
        #expect(status == 0, "\(output)")
        #expect(!commands.contains { $0.contains("refresh-preview") })
        #expect(commands.filter { $0.contains("refresh-dump run") }.count == 3)
    }

    @Test func aPreviewThatRanOrFailedIsNotFollowedByTheHeadlessDemo() async throws {
        let ran = try await demo(display: ":97", previewStatus: 0)
        #expect(ran.status == 0, "\(ran.output)")
        #expect(!ran.commands.contains { $0.contains("refresh-dump") })
        let failed = try await demo(display: ":97", previewStatus: 2)
        #expect(failed.status != 0, "a preview error is make's error")
        #expect(!failed.commands.contains { $0.contains("refresh-dump") })
    }
}
