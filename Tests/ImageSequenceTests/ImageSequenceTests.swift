import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK
import RefreshGoldens

/// Image Sequence with no folder plays its own sequence: it grows with the pull, bounces while
/// refreshing, and on a dark band draws its dark frames, never a light box.
@Suite(.leavesNoPluginHost) struct ImageSequenceTests {
    let indicator: PluginIndicator

    init() throws { indicator = try PluginLibrary(path: library("RefreshImageSequence")).makeIndicator() }

    func render(_ state: RefreshState, time: Double = 0, scheme: IndicatorEnvironment.ColorScheme = .light) throws -> ImageSurface {
        var spec = FrameSpec(state: state)
        spec.time = time
        spec.stateTime = time
        spec.environment.colorScheme = scheme
        let frame = spec.frame(refreshLength: indicator.refreshLength)
        indicator.refreshState = frame.state
        return try FrameRenderer.render(indicator, frame: frame)
    }

    /// Pixels a channel brighter than `level` (0…255) in all three channels.
    func light(_ image: ImageSurface, over level: UInt32) -> Int {
        image.pixelWords().filter { ($0 >> 16) & 0xFF > level && ($0 >> 8) & 0xFF > level && $0 & 0xFF > level }.count
    }

    @Test func withNoFolderItAnimates() throws {
        let pulls = try [0.3, 0.6, 0.9].map { try render(.pulling(progress: $0)).pngData() }
        #expect(Set(pulls).count == 3, "the pull scrubs the sequence")
        let bounces = try stride(from: 0.0, to: 0.5, by: 0.1).map { try render(.refreshing, time: $0).pngData() }
        #expect(Set(bounces).count >= 4, "the refreshing frames loop")
    }

    /// Success and failure never look alike (they did: both were the pull's last frame): each has its
    /// badge, a tick or a cross, on both bands.
    @Test func successAndFailureLookApart() throws {
        for scheme in [IndicatorEnvironment.ColorScheme.light, .dark] {
            let success = try render(.finished(.success), time: 0.3, scheme: scheme).pngData()
            let failure = try render(.finished(.failure), time: 0.3, scheme: scheme).pngData()
            let eligible = try render(.eligible, scheme: scheme).pngData()
            #expect(success != failure && success != eligible && failure != eligible, "\(scheme)")
        }
    }

    @Test func aDarkBandGetsDarkFramesNotLightBoxes() throws {
        for state in [RefreshState.pulling(progress: 0.8), .refreshing, .finished(.success)] {
            let dark = try render(state, time: 0.2, scheme: .dark)
            #expect(light(dark, over: 200) == 0, "\(state): light pixels on the dark band")
            #expect(try render(state, time: 0.2).pngData() != dark.pngData(), "\(state): the dark frames are the sequence's own")
        }
    }
}
