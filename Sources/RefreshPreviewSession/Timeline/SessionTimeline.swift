import Foundation
import RefreshCore
import RefreshPluginSDK
import RefreshHost

extension Session {
    /// The strip under the list laid out for the gesture kept.
    package var timelineLayout: TimelineLayout {
        TimelineLayout(width: viewport.width, span: timeline.track.map { $0.start...$0.end })
    }

    /// The list as drawn now: the moment reviewed on the timeline, else the live list.
    package var listMoment: ListMoment {
        guard let t = timeline.playhead, let track = timeline.track else { return liveMoment }
        return track.moment(at: t)
    }

    /// Shows the timeline's moment at `time` (clamped to the gesture) instead of the live list.
    package func review(at time: Double) {
        guard let track = timeline.track else { return }
        timeline.playhead = min(track.end, max(track.start, time))
    }

    /// Back to the live list, which goes on from where it waited.
    package func leaveReview() {
        timeline.playhead = nil
        timeline.playing = false
        timeline.dragging = nil
    }

    /// Notes what the designer did: in the recording's log (at `loggedAt`, when it happened before
    /// now), and in the timeline's gesture (an input after the list came to rest begins a new gesture).
    func note(_ entry: InteractionLog.Entry, loggedAt: Double? = nil) {
        interactionLog?.record(entry, at: loggedAt ?? time)
        if case .finished = entry {} else if timeline.track?.isOpen != true {
            leaveReview()
            timeline = TimelineState(track: GestureTrack(first: liveMoment, axis: layout.axis, rows: dataSource.rows), loops: timeline.loops)
        }
        timeline.track?.record(entry, at: time)
    }

    /// Keeps the live list's moment in the open gesture: every 120 Hz frame's worth of steps, and
    /// `always` at the end of an advance (the frame the window shows).
    func keepMoment(always: Bool) {
        guard let track = timeline.track, track.isOpen, always || time - track.end >= Defaults.frameInterval - 1e-9 else { return }
        timeline.track?.append(liveMoment)
    }

    /// A pointer command over the strip (or a drag begun there), or a key that moves the playhead
    /// while reviewing: the timeline's, with what the front end must do; nil when it is not. A
    /// press on the list while reviewing goes back to the live list (and to the list).
    func performInTimeline(_ command: PreviewCommand) -> PreviewEffect? {
        let top = viewport.height
        switch command {
        case .pointerDown(let p):
            guard view.showsTimeline, !view.showsGallery, p.x < viewport.width, p.y >= top, p.y < top + TimelineLayout.height else {
                if timeline.isReviewing, p.x < viewport.width, p.y < top { leaveReview() }
                return nil
            }
            let local = Point(x: p.x, y: p.y - top)
            guard let control = timelineLayout.target(at: local) else { return PreviewEffect.none }
            return click(control.target, at: local)
        case .pointerMoved(let p):
            guard let drag = timeline.dragging, let t = timelineLayout.time(atX: p.x) else { return nil }
            switch drag {
            case .scrub: review(at: t)
            case .range(let from): timeline.range = min(from, t)...max(from, t)
            }
            return PreviewEffect.none
        case .pointerUp:
            guard let drag = timeline.dragging else { return nil }
            timeline.dragging = nil
            if case .range = drag, let range = timeline.range, timelineLayout.x(at: range.upperBound) - timelineLayout.x(at: range.lowerBound) < 2 {
                timeline.range = nil
                view.message = "range cleared"
            } else if let range = timeline.range, case .range = drag {
                view.message = "range \(PanelText.format(range.upperBound - range.lowerBound, 2)) s: ↻ loops it, ● records it, ↓ saves it as a scenario"
            }
            return PreviewEffect.none
        case .togglePause where timeline.isReviewing:
            playOrPause()
            return PreviewEffect.none
        case .step where timeline.isReviewing:
            stepPlayhead(by: 1)
            return PreviewEffect.none
        default:
            return nil
        }
    }

    private func click(_ target: TimelineLayout.Target, at point: Point) -> PreviewEffect {
        if target == .speed {
            let speeds = InspectorLayout.speeds
            _ = perform(.setSpeed(speeds[((speeds.firstIndex(of: speed) ?? -1) + 1) % speeds.count]))
            return .none
        }
        guard let track = timeline.track, let span = timeline.span else {
            view.message = "drag the list first: its gesture shows on the timeline"
            return .none
        }
        switch target {
        case .track:
            timeline.playing = false
            timeline.dragging = .scrub
            timelineLayout.time(atX: point.x).map(review)
        case .rangeLane:
            timeline.dragging = timelineLayout.time(atX: point.x).map { .range(from: $0) }
            timeline.range = nil
        case .playPause: playOrPause()
        case .stepBack: stepPlayhead(by: -1)
        case .stepForward: stepPlayhead(by: 1)
        case .loop:
            timeline.loops.toggle()
            view.message = timeline.loops ? "loop on: ▶ plays \(timeline.range == nil ? "the gesture" : "the range") again and again" : "loop off"
        case .clip:
            do {
                return .recordClip(span, scenario: try timelineScenario(track, span: span).fileData())
            } catch {
                view.message = "the clip's scenario could not be made: \(error)"
            }
        case .scenario:
            do {
                return .saveScenario(try timelineScenario(track, span: span).fileData())
            } catch {
                view.message = "the scenario could not be made: \(error)"
            }
        case .live:
            leaveReview()
            view.message = "live"
        case .speed:
            break
        }
        return .none
    }

    /// ▶: plays from the playhead (from the span's start when it stands at the end, or when live); ❚❚ stops.
    private func playOrPause() {
        guard let span = timeline.span else { return }
        if timeline.playing { return timeline.playing = false }
        if let t = timeline.playhead, t < span.upperBound - 1e-9, t >= span.lowerBound - 1e-9 {} else { timeline.playhead = span.lowerBound }
        timeline.playing = true
    }

    /// Moves the playhead one 120 Hz frame (`frames` of them), stopping playback; from live, a step
    /// back starts at the gesture's end and a step forward at its start.
    private func stepPlayhead(by frames: Int) {
        guard let track = timeline.track else { return }
        timeline.playing = false
        let from = timeline.playhead ?? (frames < 0 ? track.end : track.start - Defaults.frameInterval)
        review(at: from + Double(frames) * Defaults.frameInterval)
    }

    /// The gesture as a scenario that replays it from its start to `span`'s end, with `span`'s
    /// ends (in the scenario's seconds) as checkpoints.
    func timelineScenario(_ track: GestureTrack, span: ClosedRange<Double>) -> Scenario {
        var scenario = scenario(of: track.log, name: "timeline", until: span.upperBound)
        scenario.description = "A gesture kept on the preview's timeline, replayed up to \(PanelText.format(span.upperBound - track.start, 3)) s."
        let duration = Double(ScenarioPlayer.totalFrames(of: scenario)) / scenario.fps
        scenario.checkpoints = [span.lowerBound - track.start, span.upperBound - track.start].map { min(duration, max(0, ($0 * 1000).rounded() / 1000)) }
        return scenario
    }
}

extension TimelineState {
    /// Marks `event` on the open gesture's track.
    mutating func note(_ event: RefreshEvent, at time: Double) {
        guard track?.isOpen == true else { return }
        let label: String? = switch event {
        case .becameEligible: "eligible"
        case .beganRefreshing: "refreshing"
        case .finished(_, let result): result.rawValue
        case .haptic: "haptic"
        case .openedSecondFloor: "second floor"
        default: nil
        }
        if let label { track?.tick(label, at: time) }
    }
}
