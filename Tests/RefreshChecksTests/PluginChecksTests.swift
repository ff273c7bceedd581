import Testing
@testable import RefreshChecks

/// Validate's waiting line from measured waits, apart from any plugin: where preemption is left
/// out of the waits a quarter of a state's frames waiting fails it, elsewhere nine in ten must.
@Suite struct PluginChecksTests {
    /// Waits of `count` frames a state, `waiting` of them 5 ms, the rest none.
    static func samples(waiting: Int, of count: Int = 100, excludesPreemption: Bool, states: [String] = ["pulling", "refreshing"]) -> FrameCost.Samples {
        let waits = (Array(repeating: 0.0, count: count - waiting) + Array(repeating: 0.005, count: waiting)).sorted()
        return FrameCost.Samples(seconds: [0.0001], waits: Dictionary(uniqueKeysWithValues: states.map { ($0, waits) }),
                                 waitsExcludePreemption: excludesPreemption, width: 780, height: 240)
    }

    @Test func aQuarterWaitingFailsWherePreemptionIsLeftOut() {
        let most = PluginChecks.waitingLine(Self.samples(waiting: 85, excludesPreemption: true))
        #expect(most.hasPrefix("✗ waiting: a quarter of the frames while pulling wait 5.000 ms and while refreshing wait 5.000 ms"), "\(most)")
        #expect(PluginChecks.waitingLine(Self.samples(waiting: 30, excludesPreemption: true)).hasPrefix("✗ waiting: "))
        #expect(PluginChecks.waitingLine(Self.samples(waiting: 20, excludesPreemption: true)).hasPrefix("✓ waiting: in each state three quarters"))
        // Where the waits hold preemption too, 85 % is let pass (a busy machine's frames), all of them not.
        #expect(PluginChecks.waitingLine(Self.samples(waiting: 85, excludesPreemption: false)).hasPrefix("✓ waiting: in each state a tenth"))
        #expect(PluginChecks.waitingLine(Self.samples(waiting: 100, excludesPreemption: false)).hasPrefix("✗ waiting: 9 frames in 10 while pulling"))
        // Only the state that waits is named.
        var refreshingOnly = Self.samples(waiting: 0, excludesPreemption: true)
        refreshingOnly.waits["refreshing"] = Self.samples(waiting: 100, excludesPreemption: true).waits["refreshing"]
        let line = PluginChecks.waitingLine(refreshingOnly)
        #expect(line.contains("while refreshing wait") && !line.contains("while pulling"), "\(line)")
    }
}
