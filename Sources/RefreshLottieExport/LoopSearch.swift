import Foundation

/// How an export finds its loops and says how visible a seam is.
extension LottieExport {
    /// How visible a loop's jump is.
    package struct Seam: Equatable, Sendable {
        /// The share of the frame's pixels that change at the jump, 0 to 1.
        package var changedShare: Double
        /// The largest change of one channel of one pixel, 0 to 255.
        package var largestStep: Int
        /// The sum of every channel's difference: what the least visible seam is chosen by.
        var distance: Int

        /// The jump in words a developer reads: "jumps once a loop: 4.1 % of the pixels change, by up to 180 of 255".
        package var words: String {
            "jumps once a loop: \(String(format: "%.1f", changedShare * 100)) % of the pixels change, by up to \(largestStep) of 255"
        }

        /// The jump from `shown` (the loop's first frame, shown again) to `drawn` (what the plugin draws there).
        init(_ drawn: [UInt32], _ shown: [UInt32]) {
            var changed = 0, largest = 0, sum = 0
            for (x, y) in zip(drawn, shown) where x != y {
                let steps = LottieExport.channelSteps(x, y)
                changed += 1
                largest = max(largest, steps.largest)
                sum += steps.sum
            }
            changedShare = drawn.isEmpty ? 0 : Double(changed) / Double(drawn.count)
            largestStep = largest
            distance = sum
        }
    }

    /// The shortest loop of frames with these fingerprints after a start that plays once (at
    /// most `longestStart` frames), the loop no longer than `longest`: every frame from the
    /// loop's second time round on is the one a period before it again. The start and the loop
    /// that are shortest together (no start when as short); nil when there is none. The frames after
    /// the loop must repeat it for `confirm` frames (or the whole loop, when shorter), at least 2.
    /// A loop found in fingerprints drawn at a lower scale is taken where `wraps(start, period)`
    /// (the frame a period after the start is the start again at the export's scale), from the
    /// first start on that does.
    /// `only`: that period alone (one the plugin declares).
    static func loop(_ fingerprints: [UInt64], longest: Int, longestStart: Int, confirm: Int, only: Int? = nil,
                     wraps: (Int, Int) throws -> Bool) rethrows -> (start: Int, period: Int)? {
        var found: [(start: Int, period: Int)] = []
        for period in only.map({ [$0] }) ?? Array(1...max(1, longest)) where period + 2 <= fingerprints.count {
            var last = fingerprints.count - 1
            while last >= period, fingerprints[last] == fingerprints[last - period] { last -= 1 }
            let start = last < period ? 0 : last - period + 1
            // The frames after the start must hold the loop and then repeat it for a while.
            guard start <= longestStart, start + period + max(2, min(period, confirm)) <= fingerprints.count else { continue }
            found.append((start, period))
        }
        for loop in found.sorted(by: { ($0.start + $0.period, $0.start) < ($1.start + $1.period, $1.start) }) {
            if let start = try (loop.start...min(longestStart, fingerprints.count - 1 - loop.period)).first(where: { try wraps($0, loop.period) }) {
                return (start, loop.period)
            }
        }
        return nil
    }

    /// ``loop(_:longest:longestStart:confirm:wraps:)`` of frames drawn at the export's scale.
    static func loop(_ fingerprints: [UInt64], longest: Int, longestStart: Int, confirm: Int = 2) -> (start: Int, period: Int)? {
        loop(fingerprints, longest: longest, longestStart: longestStart, confirm: confirm, wraps: { _, _ in true })
    }

    /// ``period(_:longest:wraps:)`` of frames drawn at the export's scale.
    static func period(_ fingerprints: [UInt64], longest: Int) -> Int? { period(fingerprints, longest: longest, wraps: { _ in true }) }

    /// The shortest period of frames with these fingerprints (drawn at 0, 1, 2 … frames into
    /// refreshing or a state's motion), up to `longest`: every frame drawn is the one a period
    /// before it again, and `wraps(period)` (the frame a period in is the first again at the
    /// export's scale). Nil when there is none.
    static func period(_ fingerprints: [UInt64], longest: Int, wraps: (Int) throws -> Bool) rethrows -> Int? {
        guard longest >= 1 else { return nil }
        return try (1...longest).first { period in try (period..<fingerprints.count).allSatisfy { fingerprints[$0] == fingerprints[$0 - period] } && wraps(period) }
    }

    /// A refreshing period the plugin declares (``HostedIndicator/refreshingPeriod``), and whether the
    /// export's loop is it.
    package struct DeclaredPeriod: Equatable, Sendable {
        /// What the plugin says, in seconds.
        package var seconds: Double
        /// Its frames (of the shortest multiple that is whole frames); nil when none is, up to the longest loop.
        package var frames: Int?
        /// Whether the drawing repeats there, so the loop is it.
        package var held: Bool

        /// In words, for the command's line about the loop.
        package var words: String {
            let said = "the \(String(format: "%g", seconds)) s the plugin declares"
            return held ? said : frames == nil ? "\(said) is no whole number of frames, up to the longest loop: looked for instead"
                : "the drawing does not repeat after \(said): looked for instead"
        }
    }

    /// The frames of a period the plugin declares (`seconds`) at `fps`: of the shortest multiple of
    /// it that is a whole number of frames, up to `longest` frames; nil when none is.
    /// Looked for frame by frame (at most `longest` tries, whatever the period: a period of 1e-300 s
    /// counted its multiples for ever): the first `frames` within a millionth of a whole multiple.
    static func frames(ofPeriod seconds: Double, fps: Double, upTo longest: Int) -> Int? {
        let period = seconds * fps
        return (1...max(1, longest)).first { frames in
            let multiple = Double(frames) / period
            return multiple.isFinite && multiple.rounded() >= 1 && abs(multiple - multiple.rounded()) * period < 1e-6 * Double(frames)
        }
    }

    /// How far apart two pixels' four channels (alpha, red, green, blue; 0...255 each) are: in all, and the most in one.
    static func channelSteps(_ x: UInt32, _ y: UInt32) -> (sum: Int, largest: Int) {
        var sum = 0, largest = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let step = abs(Int((x >> shift) & 0xFF) - Int((y >> shift) & 0xFF))
            sum += step
            largest = max(largest, step)
        }
        return (sum, largest)
    }
}
