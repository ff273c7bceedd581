import Testing
import RefreshSystem
import RefreshGraphics

/// A suite that leaves no plugin-host child behind: every child started for it (on its tests'
/// tasks, or a background load they began) has ended when its last test has, because whatever
/// held it (a session, a host, a player) was freed. A child lives as long as what holds it, so a
/// suite that keeps one in a static, or in a reference cycle, fails here, naming the pids.
public struct LeavesNoPluginHost: SuiteTrait, TestScoping {
    /// A check of the suite as a whole, not of each test in it.
    public var isRecursive: Bool { false }

    /// The trait; `.leavesNoPluginHost` says it in a `@Suite`.
    public init() {}

    /// Runs the suite with its name as the owner of the plugin hosts it starts, then checks none is left.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let owner = "\(test.id)"
        try await TemporaryPaths.$pluginHostOwner.withValue(owner) { try await function() }
        let left = TemporaryPaths.pluginHosts(ownedBy: owner)
        #expect(left.isEmpty, "\(test.name) left \(left.count) plugin-host children running: \(left)")
    }
}

extension Trait where Self == LeavesNoPluginHost {
    /// After the suite, no plugin-host child started for it is left (``LeavesNoPluginHost``).
    public static var leavesNoPluginHost: Self { LeavesNoPluginHost() }
}
