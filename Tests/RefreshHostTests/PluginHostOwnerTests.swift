import Foundation
import Testing
import TestSupport
import RefreshSystem
@testable import RefreshHost
import RefreshGraphics

/// What `.leavesNoPluginHost` reads: the plugin hosts started for an owner (on its task, or on the
/// thread of a background load it began) are counted until what holds them is freed.
@Suite(.leavesNoPluginHost) struct PluginHostOwnerTests {
    @Test func aHostIsCountedForItsOwnerUntilItIsFreed() throws {
        let owner = "owner-\(UUID())"
        try TemporaryPaths.$pluginHostOwner.withValue(owner) {
            var host: PluginHostProcess? = try PluginHostProcess(path: library("RefreshSpinner"), spares: SparePluginHosts())
            #expect(TemporaryPaths.pluginHosts(ownedBy: owner).count == 1)
            #expect(TemporaryPaths.pluginHosts(ownedBy: "another owner").isEmpty)
            _ = try host?.makeIndicator(parametersJSON: "{}")
            host = nil
            #expect(TemporaryPaths.pluginHosts(ownedBy: owner).isEmpty)
        }
    }

    @Test func aBackgroundLoadStartsItsHostForTheSameOwner() throws {
        let owner = "owner-\(UUID())"
        let path = library("RefreshSpinner")
        let load = TemporaryPaths.$pluginHostOwner.withValue(owner) {
            BackgroundLoad { () throws(PluginError) in try PluginHostProcess(path: path, spares: SparePluginHosts()) }
        }
        load.wait()
        #expect(TemporaryPaths.pluginHosts(ownedBy: owner).count == 1)
        _ = try load.outcome?.get()
    }

    /// A host kept past the end of the scope (as a static or a reference cycle would keep it) is
    /// what the trait reports.
    @Test func theTraitReportsAHostKeptPastItsScope() async throws {
        final class Box: @unchecked Sendable { var host: PluginHostProcess? }
        let box = Box(), path = library("RefreshSpinner")
        let test = try #require(Test.current)
        await withKnownIssue("the trait reports the host the box keeps") {
            try await LeavesNoPluginHost().provideScope(for: test, testCase: nil) {
                box.host = try PluginHostProcess(path: path, spares: SparePluginHosts())
            }
        }
        box.host = nil
    }
}
