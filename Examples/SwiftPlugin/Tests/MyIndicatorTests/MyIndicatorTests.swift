// The indicator's own tests: its frames and its motion against references recorded beside this
// file. The first run records what is missing (look at the pictures before committing them); under
// CI nothing is recorded and a missing reference fails. REFRESHKIT_RECORD=all records again.
import MyIndicator
import RefreshTestingCore
import Testing

@Suite struct MyIndicatorTests {
    /// Every state on one sheet, and a frame mid-breath, against `__Frames__/MyIndicatorTests/`.
    @Test func framesLookAsRecorded() throws {
        try expectFrames(of: try MyIndicator.make(), named: "every-state")
        try expectFrame(of: try MyIndicator.make(), .frame(.refreshing, time: 0.25, colorScheme: .dark), named: "refreshing-dark")
    }

    /// The motion of the pull-to-refresh scenario RefreshKit ships, against `__Motion__/MyIndicatorTests/`:
    /// every frame's state, progress, offset and events (`pixels: .exact` also fails any changed picture).
    @Test func motionLooksAsRecorded() throws {
        try expectMotion(of: try MyIndicator.make(), scenario: "pull-to-refresh", named: "pull-to-refresh")
    }

    /// What `refresh-dump validate` checks, in this process: a refusal fails the test with its words.
    @Test func passesValidation() throws {
        try validateIndicator(MyIndicator.self)
    }
}
