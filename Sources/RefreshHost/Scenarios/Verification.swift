import Foundation

extension ScenarioVerifier {
    /// What one `verify` of a scenario found: each checkpoint, and the motion between them.
    public struct Verification: Sendable {
        /// The checkpoints, in time order.
        public var checks: [Check]
        /// The motion golden's check; nil when motion was not checked.
        public var motion: MotionCheck?

        /// Whether every checkpoint and the motion passed.
        public var passed: Bool { checks.allSatisfy(\.passed) && motion?.passed != false }
    }

    /// The motion golden's outcome for one scenario.
    public struct MotionCheck: Sendable {
        /// The track's file name, e.g. `pull-to-refresh.motion.json`.
        public var name: String
        /// The comparison's outcome.
        public var outcome: MotionGolden.Outcome
        /// Indicator errors drawn in any frame (the first few, with their frames).
        public var pluginErrors: [String]
        /// The golden track, when there is one that reads.
        public var golden: MotionTrack?
        /// The track this run played.
        public var actual: MotionTrack

        /// Whether it passed.
        public var passed: Bool { outcome.passed && pluginErrors.isEmpty }
        /// What a person reads: the plugins' errors when there are any, then the outcome.
        public var detail: String { (pluginErrors + (outcome.passed && !pluginErrors.isEmpty ? [] : [outcome.description])).joined(separator: "; ") }

        /// The distinct errors of `errors` (at most three), each with the first frame it was drawn in.
        static func summary(of errors: [(frame: Int, text: String)], fps: Double) -> [String] {
            var seen: [String] = [], lines: [String] = []
            for (frame, text) in errors where !seen.contains(text) {
                seen.append(text)
                if lines.count < 3 { lines.append("frame \(frame) (\(String(format: "%.3f s", Double(frame) / fps))): \(text)") }
            }
            if seen.count > lines.count { lines.append("\(seen.count - lines.count) more plugin errors") }
            return lines
        }
    }
}
