import Testing
@testable import RefreshTestingCore

/// A motion reference compared as `verify` compares tracks, apart from any indicator: a text
/// that is no track never passes, and a played text that is none (the error that stopped the play)
/// is said as it is.
@Suite struct MotionSnapshotTests {
    @Test func aTextThatIsNoTrackNeverMatches() {
        #expect(MotionSnapshot.differences(reference: "not json", actual: "not json") == "cannot compare: the reference is not a motion track")
        #expect(MotionSnapshot.differences(reference: "{}", actual: "{}") == "cannot compare: the reference is not a motion track")
    }
}
