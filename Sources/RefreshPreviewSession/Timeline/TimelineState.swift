/// What the timeline under the list remembers: the last gesture's track, the playhead while a
/// moment of it is reviewed (the list then shows that moment, the live list waits), whether it
/// plays and loops, the range marked under the track, and the drag under way on the strip.
package struct TimelineState {
    /// A drag that began on the strip.
    package enum Drag: Equatable, Sendable {
        /// Scrubbing: the playhead follows the pointer.
        case scrub
        /// Marking a range from this time.
        case range(from: Double)
    }

    /// The last gesture (the one going on, or the last one until the next begins).
    package var track: GestureTrack?
    /// The time shown while reviewing; nil: the list is live.
    package var playhead: Double?
    /// Whether the playhead moves on (at the preview's speed).
    package var playing = false
    /// Whether playing goes back to the range's start (or the track's) at its end.
    package var loops = false
    /// The range marked under the track: what loops, what ● records and ⤓ saves.
    package var range: ClosedRange<Double>?
    /// The drag under way on the strip.
    package var dragging: Drag?

    /// Whether a moment of the track is shown instead of the live list.
    package var isReviewing: Bool { playhead != nil }

    /// What plays, loops, records and is saved: the range, else the whole track.
    package var span: ClosedRange<Double>? {
        guard let track else { return nil }
        return range ?? track.start...track.end
    }

    /// Moves the playhead on by `seconds` within ``span``: back to its start at the end when
    /// looping, else stopping there.
    package mutating func play(by seconds: Double) {
        guard let t = playhead, let span else { return }
        var next = t + seconds
        if next > span.upperBound + 1e-9 {
            if loops, span.upperBound > span.lowerBound {
                next = span.lowerBound + (next - span.upperBound).truncatingRemainder(dividingBy: span.upperBound - span.lowerBound)
            } else {
                next = span.upperBound
                playing = false
            }
        }
        playhead = next
    }
}
