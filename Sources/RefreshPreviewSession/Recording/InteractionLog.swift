import Foundation
import RefreshPluginSDK
import RefreshHost

/// What a designer did while the preview recorded (pointer, wheel, refreshes begun from the
/// keyboard) and how each refresh ended, on the session's clock, turned into a scenario that
/// replays it headless: `refresh-dump run` or `verify` on the same gestures.
///
/// Gestures become `drag`, `release`, `wheel` and `wait` steps whose frame counts add up to the
/// times they happened (each step ends on the frame nearest its true end). The pretend server's
/// answers become `finish` steps (a pull to refresh) and `loadMore` steps (a page at the end edge)
/// at the moment they came.
package struct InteractionLog {
    /// One thing that happened.
    package enum Entry: Equatable {
        /// The finger went down at this position along the scroll axis.
        case down(Double)
        /// The finger moved to this position along the axis.
        case move(Double)
        /// The finger lifted.
        case up
        /// A wheel event moving the content this far along the axis.
        case wheel(Double)
        /// A refresh began from the keyboard (not from a gesture).
        case begin(RefreshEdge)
        /// A refresh ended.
        case finished(RefreshEdge, RefreshResult)
        /// An open second floor was closed from the keyboard (a push closes it by the gesture itself).
        case closeSecondFloor(RefreshEdge)
        /// A parameter of the plugin shown took this value (the panel, a params file).
        case setParameter(String, ParameterValue)
    }

    /// What the list showed when the log began, which a scenario holds for its whole length: the
    /// plugin, its changed parameters (later changes are ``Entry/setParameter(_:_:)`` entries), the
    /// environment, and the edges' layout, placement and floor.
    package struct Setting: Equatable {
        /// The plugin's id.
        package var plugin: String
        /// Its parameters changed from their defaults.
        package var parameters: [String: ParameterValue]
        /// Theme, reduce motion, locale and direction.
        package var environment: IndicatorEnvironment
        /// The edges enabled.
        package var layout: EdgeLayout
        /// Where the indicators sit.
        package var placement: IndicatorPlacement
        /// Whether pulling far opens the second floor.
        package var hasSecondFloor: Bool

        /// Whether `other` has the same edges, placement and floor.
        func hasSameEdges(as other: Setting) -> Bool {
            (layout, placement, hasSecondFloor) == (other.layout, other.placement, other.hasSecondFloor)
        }
    }

    /// The setting the log began with; nil: the session's when the scenario is made.
    package var setting: Setting? {
        didSet { parameters = setting?.parameters ?? [:] }
    }
    /// The plugin's changed parameters as the log last noted them.
    package var parameters: [String: ParameterValue] = [:]

    /// Session time the log began at.
    package let start: Double
    /// The scroll axis the positions are along.
    package let axis: ScrollAxis
    /// Rows the list held when the log began (the scenario's starting rows).
    package let rows: Int
    /// How far the list was scrolled when the log began, along the axis (the scenario's `offset`).
    package let offset: Double
    /// What happened, oldest first.
    package private(set) var entries: [(time: Double, entry: Entry)] = []

    /// A log beginning at session time `start`, with `rows` rows in the list scrolled `offset` points.
    package init(start: Double, axis: ScrollAxis, rows: Int, offset: Double = 0) {
        self.start = start
        self.axis = axis
        self.rows = rows
        self.offset = offset
    }

    /// Notes `entry` at session time `time`.
    package mutating func record(_ entry: Entry, at time: Double) {
        entries.append((max(time, entries.last?.time ?? start), entry))
    }

    /// The steps that replay the log up to `end` at `fps` frames a second; `pageSize` rows arrive
    /// with each page at the end edge; a parameter change is set at each of `edges`.
    package func steps(until end: Double, fps: Double, pageSize: Int, edges: [RefreshEdge] = []) -> [Scenario.Step] {
        var steps: [Scenario.Step] = []
        var framesSoFar = 0
        var fingerDown = false, dragFrom = 0.0, position = 0.0
        func frames(until time: Double) -> Int { max(0, Int(((time - start) * fps).rounded()) - framesSoFar) }
        func seconds(_ frames: Int) -> Double { (Double(frames) / fps * 1_000_000).rounded() / 1_000_000 }
        func drag(to target: Double, frames n: Int) {
            steps.append(.drag(from: dragFrom, to: target, duration: seconds(n), easing: .linear))
            framesSoFar += n
            dragFrom = target
        }
        for (time, entry) in entries + [(end, Entry.up)] {
            let n = frames(until: time)
            if fingerDown {
                // The span up to this entry: the finger travels to where this entry puts it. A later
                // move within the same frame moves the span's end there (the finger is where the
                // last move of a frame put it, not one move behind).
                if case .move(let p) = entry {
                    position = p
                    if n == 0, case .drag(let from, _, let duration, let easing)? = steps.last {
                        steps[steps.count - 1] = .drag(from: from, to: p, duration: duration, easing: easing)
                        dragFrom = p
                    }
                }
                if n > 0 { drag(to: position, frames: n) }
            } else if n > 0 {
                steps.append(.wait(duration: seconds(n)))
                framesSoFar += n
            }
            switch entry {
            case .down(let p):
                fingerDown = true
                dragFrom = p
                position = p
            case .move:
                break
            case .up:
                guard fingerDown else { break }
                if position != dragFrom { drag(to: position, frames: 1) }
                steps.append(.release(velocity: nil))
                fingerDown = false
            case .wheel(let delta):
                steps.append(.wheel(delta: delta, count: 1, interval: seconds(1)))
                framesSoFar += 1
            case .begin(let edge):
                steps.append(.begin(edge: edge))
            case .closeSecondFloor(let edge):
                steps.append(.closeSecondFloor(edge: edge))
            case .setParameter(let name, let value):
                for edge in edges { steps.append(.setParameter(edge: edge, name: name, value: value)) }
            case .finished(let edge, let result):
                if edge.isAtEnd && result != .failure {
                    steps.append(.loadMore(edge: edge, rows: result == .noMoreData ? 0 : pageSize, last: result == .noMoreData))
                } else {
                    steps.append(.finish(edge: edge, result: result))
                }
            }
        }
        return steps
    }
}
