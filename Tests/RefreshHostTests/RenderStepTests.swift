import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// A message names the frame a plugin failed in as a person reads it, not as raw doubles.
@Suite(.leavesNoPluginHost) struct RenderStepTests {
    @Test func theStepIsRoundedAndNamesTheState() {
        #expect(RenderStep.describe(.pulling(progress: 0.5000000001), time: 0.00625000000000031) == "render (pulling 0.50, t=0.006 s)")
        #expect(RenderStep.describe(.refreshing, time: 2) == "render (refreshing, t=2.000 s)")
        #expect(RenderStep.describe(.finished(.failure), time: 0.1) == "render (finished(failure), t=0.100 s)")
    }
}
