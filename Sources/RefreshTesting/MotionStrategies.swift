import Foundation
import RefreshHost
import RefreshPluginSDK
import RefreshTestingCore
import SnapshotTesting

extension Diffing where Value == String {
    /// Motion tracks compared as `verify` compares them: events in order and in time (allowed to
    /// move `frameTolerance` frames), each frame's states, progress and offset, and with
    /// `pixels: .exact` each frame's pixel hash. A track holds hashes, not pictures, so pixels are
    /// either exact or not checked (`.ignore`, the default; `.compare` is taken as `.exact`): a
    /// renderer that differs by a hinted pixel would fail every frame, and the frames' own
    /// references (``Snapshotting/frame(_:progress:time:size:scale:colorScheme:direction:reduceMotion:edge:tolerance:options:)``) compare pictures with a tolerance.
    public static func motionTrack(frameTolerance: Int = 0, pixels: MotionComparison.PixelCheck = .ignore) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
            MotionSnapshot.differences(reference: reference, actual: actual, frameTolerance: frameTolerance, pixels: pixels).map { ($0, []) }
        }
    }
}

extension Snapshotting where Value: RefreshIndicator, Format == String {
    /// The motion of `scenario` (a path, or a shipped scenario's name such as `pull-to-refresh`)
    /// with the indicator at every edge: `assertSnapshot(of: try MyIndicator.make(), as: .motion(scenario: "pull-to-refresh"))`.
    /// The reference is the track (`.motion.json`), one line a frame; see
    /// ``Diffing/motionTrack(frameTolerance:pixels:)`` for what is compared.
    public static func motion(scenario: String, frameTolerance: Int = 0, pixels: MotionComparison.PixelCheck = .ignore) -> Snapshotting {
        Snapshotting(pathExtension: "motion.json", diffing: .motionTrack(frameTolerance: frameTolerance, pixels: pixels)) { indicator in
            do {
                return try MotionSnapshot.track(of: indicator, scenario: scenario).fileText()
            } catch {
                return "the motion could not be played: \(error)"
            }
        }
    }
}
