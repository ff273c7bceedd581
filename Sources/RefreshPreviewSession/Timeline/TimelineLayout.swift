import RefreshPluginSDK
import RefreshHost

/// The timeline strip under the list, laid out (points from the strip's top-left): a row of
/// buttons, the track (the main edge's pull as a curve over its phases' bands, the events as
/// ticks, the playhead), the lane under it where a range is marked, and a line saying where the
/// playhead is. Drawing and hit-testing use the same layout.
package struct TimelineLayout {
    /// What a point of the strip is over.
    package enum Target: Equatable, Sendable {
        case stepBack, playPause, stepForward, speed, loop, clip, scenario, live
        /// The track: press and drag to scrub.
        case track
        /// The lane under the track: drag to mark a range, click to clear it.
        case rangeLane
    }

    /// One control: where, and what it is.
    package struct Control: Equatable, Sendable {
        package var rect: Rect
        package var target: Target
    }

    /// The strip's height.
    package static let height = 112.0
    static let margin = 6.0

    /// The strip's width (the list's).
    package let width: Double
    /// The buttons, the track and the lane.
    package private(set) var controls: [Control] = []
    /// Where the track's curve and bands go.
    package let track: Rect
    /// Where a range is marked.
    package let lane: Rect
    /// The line under the lane that says the playhead's time, phase and pull.
    package let caption: Rect
    /// The times the track spans (nil: no gesture yet).
    package let span: ClosedRange<Double>?

    /// The strip `width` wide for a track spanning `span`.
    package init(width: Double, span: ClosedRange<Double>?) {
        self.width = width
        self.span = span
        let m = Self.margin, inner = width - 2 * m
        let buttons: [(Target, Double)] = [(.stepBack, 30), (.playPause, 30), (.stepForward, 30), (.speed, 34), (.loop, 46),
                                            (.clip, 50), (.scenario, 74), (.live, 44)]
        let gap = 4.0
        let natural = buttons.reduce(0) { $0 + $1.1 } + gap * Double(buttons.count - 1)
        let fit = min(1, inner / natural)
        var x = m
        for (target, w) in buttons {
            controls.append(Control(rect: Rect(x: x, y: m, width: w * fit, height: 22), target: target))
            x += (w + gap) * fit
        }
        track = Rect(x: m, y: 34, width: inner, height: 44)
        lane = Rect(x: m, y: 80, width: inner, height: 10)
        caption = Rect(x: m, y: 92, width: inner, height: 16)
        controls.append(Control(rect: track, target: .track))
        controls.append(Control(rect: lane, target: .rangeLane))
    }

    /// The control at `point` (strip points), if any.
    package func target(at point: Point) -> Control? {
        controls.first { $0.rect.contains(point) }
    }

    /// The control for `target`.
    package func control(_ target: Target) -> Control? { controls.first { $0.target == target } }

    /// The track's time under x (clamped to the span).
    package func time(atX x: Double) -> Double? {
        guard let span else { return nil }
        let f = min(1, max(0, (x - track.minX) / track.width))
        return span.lowerBound + f * (span.upperBound - span.lowerBound)
    }

    /// The x of `time` on the track.
    package func x(at time: Double) -> Double {
        guard let span, span.upperBound > span.lowerBound else { return track.minX }
        return track.minX + (time - span.lowerBound) / (span.upperBound - span.lowerBound) * track.width
    }
}
