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
    static func loop(_ fingerprints: [UInt64], longest: Int, longestStart: Int, confirm: Int = 2) -> (start: Int, period: Int)? {
        var best: (start: Int, period: Int)?
        for period in 1...max(1, longest) where period + 2 <= fingerprints.count {
            var last = fingerprints.count - 1
            while last >= period, fingerprints[last] == fingerprints[last - period] { last -= 1 }
            let start = last < period ? 0 : last - period + 1
            // The frames after the start must hold the loop and then repeat it for a while.
            guard start <= longestStart, start + period + max(2, min(period, confirm)) <= fingerprints.count else { continue }
            if best.map({ (start + period, start) < ($0.start + $0.period, $0.start) }) ?? true { best = (start, period) }
        }
        return best
    }

    /// The shortest period of frames with these fingerprints (drawn at 0, 1, 2 … frames into
    /// refreshing or a state's motion), up to `longest`: every frame drawn is the one a period
    /// before it again. Nil when there is none.
    static func period(_ fingerprints: [UInt64], longest: Int) -> Int? {
        guard longest >= 1 else { return nil }
        return (1...longest).first { period in (period..<fingerprints.count).allSatisfy { fingerprints[$0] == fingerprints[$0 - period] } }
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
