// The indicator's own tests: its frames and its motion against references recorded beside this
// file. The first run records what is missing (look at the pictures before committing them); under
// CI nothing is recorded and a missing reference fails. REFRESHKIT_RECORD=all records again.
import MyIndicator
import RefreshTesting
import Testing

@Suite struct MyIndicatorTests {
    /// Every state on one sheet, and a frame mid-breath, against `__Frames__/MyIndicatorTests/`.
    @Test func framesLookAsRecorded() throws {
        try expectFrames(of: try MyIndicator.make(), named: "every-state")
        try expectFrame(of: try MyIndicator.make(), .frame(.refreshing, time: 0.25, colorScheme: .dark), named: "refreshing-dark")
    }

    /// The same through swift-snapshot-testing (`__Snapshots__/`): a frame, and the motion of the
    /// pull-to-refresh scenario RefreshKit ships (every frame's state, progress, offset and events;
    /// `.motion(scenario: …, pixels: .exact)` also fails any changed picture).
    @Test func snapshots() throws {
        let indicator = try MyIndicator.make()
        assertSnapshot(of: indicator, as: .frame(.pulling(progress: 0.6)))
        assertSnapshot(of: indicator, as: .motion(scenario: "pull-to-refresh"))
    }

    /// What `refresh-dump validate` checks, in this process: a refusal fails the test with its words.
    @Test func passesValidation() throws {
        try validateIndicator(MyIndicator.self)
    }
}
