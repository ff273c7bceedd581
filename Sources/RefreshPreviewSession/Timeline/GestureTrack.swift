import Foundation
import RefreshCore
import RefreshPluginSDK
import RefreshHost

/// One gesture as the timeline keeps it: the list's moment after every simulation step from the
/// finger going down (or a wheel, or a refresh begun from the keyboard) until the list is back at
/// rest, the events on the way, and what the designer did (an ``InteractionLog``, to export as a
/// scenario). Any of its moments draws again exactly as it was shown.
package struct GestureTrack {
    /// Something the container said, at its time: a tick on the track.
    package struct Tick: Equatable, Sendable {
        /// Simulated seconds.
        package var time: Double
        /// What happened, in a word or two ("eligible", "refreshing", "success", "haptic").
        package var label: String
    }

    /// The longest a track keeps, in simulated seconds: older moments are let go (a list left
    /// refreshing for a minute keeps its last minute).
    package static let longest = 60.0

    /// The moments, oldest first, one a simulation step.
    package private(set) var moments: [ListMoment] = []
    /// The events, oldest first.
    package private(set) var ticks: [Tick] = []
    /// What the designer did since the gesture began.
    package private(set) var log: InteractionLog
    /// Whether the gesture is still going (the list not yet back at rest).
    package var isOpen = true

    /// A track beginning at `moment`, for a list of `rows` rows along `axis`.
    package init(first moment: ListMoment, axis: ScrollAxis, rows: Int) {
        moments = [moment]
        log = InteractionLog(start: moment.time, axis: axis, rows: rows, offset: moment.simulation.scrolled(along: axis))
    }

    /// The first moment's time.
    package var start: Double { moments.first?.time ?? 0 }
    /// The last moment's time.
    package var end: Double { moments.last?.time ?? 0 }
    /// The track's length in seconds.
    package var duration: Double { end - start }

    /// Adds the moment after a step (a moment no later than the last one is not kept).
    package mutating func append(_ moment: ListMoment) {
        guard moment.time > end else { return }
        moments.append(moment)
        if moment.time - start > Self.longest, let keep = moments.firstIndex(where: { moment.time - $0.time <= Self.longest }) {
            moments.removeFirst(keep)
            let first = start
            ticks.removeAll { $0.time < first }
        }
    }

    /// Notes an event at `time`.
    package mutating func tick(_ label: String, at time: Double) {
        ticks.append(Tick(time: time, label: label))
    }

    /// Notes what the designer did at `time`.
    package mutating func record(_ entry: InteractionLog.Entry, at time: Double) {
        log.record(entry, at: time)
    }

    /// The moment shown at `time`: the last one at or before it (the first before the track begins).
    package func moment(at time: Double) -> ListMoment {
        var low = 0, high = moments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if moments[mid].time <= time + 1e-9 { low = mid } else { high = mid - 1 }
        }
        return moments[low]
    }

    /// The edge the gesture is about: the one pulled furthest, else the first that left `none`.
    package var mainEdge: RefreshEdge? {
        var best: (edge: RefreshEdge, pull: Double)?
        for moment in moments {
            for (edge, status) in moment.statuses where status.pull.distance > (best?.pull ?? 0) || (best == nil && status.state.kind != .none) {
                best = (edge, status.pull.distance)
            }
        }
        return best?.edge ?? moments.first?.statuses.first?.edge
    }

    /// One stretch of time `edge` spent in one phase.
    package struct Band: Equatable, Sendable {
        /// The phase.
        package var phase: TrackPhase
        /// When it began and ended, in simulated seconds.
        package var start: Double, end: Double
    }

    /// The stretches of `edge`'s phases, oldest first (the edge at rest is left out).
    package func bands(of edge: RefreshEdge) -> [Band] {
        var bands: [Band] = []
        var previous: TrackPhase?, previousPull = 0.0
        for moment in moments {
            guard let status = moment.status(of: edge) else { continue }
            let phase = TrackPhase(status, after: previous, previousPull: previousPull)
            previousPull = status.pull.distance
            // The band open so far lasts until this moment; a new phase opens the next one.
            if previous != nil { bands[bands.count - 1].end = moment.time }
            if let phase, phase != previous { bands.append(Band(phase: phase, start: moment.time, end: moment.time)) }
            previous = phase
        }
        return bands
    }
}
