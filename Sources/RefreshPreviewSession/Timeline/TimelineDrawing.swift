import Foundation
import RefreshPluginSDK
import RefreshHost

extension TimelineLayout {
    /// Draws the strip at `origin` (its top-left in the canvas): the buttons, the track of
    /// `state`'s gesture, the range and the playhead, and the caption line.
    package func draw(in canvas: Canvas, at origin: Point, state: TimelineState, speed: Double, dark: Bool) {
        let ink = dark ? Color(red: 0.9, green: 0.9, blue: 0.92) : Color(red: 0.1, green: 0.1, blue: 0.12)
        let faint = dark ? Color(red: 0.6, green: 0.6, blue: 0.64) : Color(red: 0.42, green: 0.42, blue: 0.46)
        let accent = Color(red: 0, green: 0.48, blue: 1), playheadColor = Color(red: 0.9, green: 0.16, blue: 0.2)
        let field = dark ? Color(red: 0.2, green: 0.2, blue: 0.22) : Color.white
        let line = dark ? Color(red: 0.35, green: 0.35, blue: 0.38) : Color(red: 0.78, green: 0.78, blue: 0.8)
        canvas.withSavedState {
            canvas.translate(x: origin.x, y: origin.y)
            canvas.addRect(Rect(x: 0, y: 0, width: width, height: Self.height))
            canvas.fill(.color(dark ? Color(red: 0.13, green: 0.13, blue: 0.15) : Color(red: 0.95, green: 0.95, blue: 0.96)))
            canvas.addRect(Rect(x: 0, y: 0, width: width, height: 1))
            canvas.fill(.color(line))
            func text(_ string: String, _ rect: Rect, color: Color, size: Double = 11, center: Bool = true, lines: Int? = nil) {
                var style = TextStyle(size: size, alignment: center ? .center : .leading, width: max(1, rect.width - 4), truncation: .end)
                style.maxLines = lines
                let layout = canvas.makeTextLayout(string, style: style)
                canvas.draw(layout, at: Point(x: rect.minX + 2, y: rect.minY + (rect.height - layout.size.height) / 2), color: color)
            }
            let hasTrack = state.track != nil
            for control in controls where control.target != .track && control.target != .rangeLane {
                let selected = (control.target == .loop && state.loops) || (control.target == .live && !state.isReviewing && hasTrack)
                    || (control.target == .playPause && state.playing)
                canvas.addRoundedRect(control.rect, radius: 5)
                canvas.fill(.color(selected ? accent : field))
                canvas.addRoundedRect(control.rect.insetBy(0.5), radius: 5)
                canvas.stroke(.color(selected ? accent : line), style: StrokeStyle(lineWidth: 1))
                let label: String = switch control.target {
                case .stepBack: "|◀"
                case .playPause: state.playing ? "❚❚" : "▶"
                case .stepForward: "▶|"
                case .speed: InspectorLayout.speedName(speed)
                case .loop: "↻ loop"
                case .clip: "● clip"
                case .scenario: "↓ scenario"
                default: "live"
                }
                text(label, control.rect, color: selected ? .white : hasTrack ? ink : faint)
            }
            canvas.addRect(track)
            canvas.fill(.color(field))
            canvas.addRect(lane)
            canvas.fill(.color(field))
            guard let gesture = state.track, let span else {
                // Two lines: the track is 44 pt tall, and one line of it was cut ("…see any moment a…").
                text("Each gesture shows here: drag on the track to see any moment again, ▶ plays it.", track, color: faint, lines: 2)
                return
            }
            // The main edge and its bands, found once a frame (each is a pass over every moment kept).
            let edge = gesture.mainEdge
            let bands = edge.map(gesture.bands) ?? []
            if let edge { drawTrack(gesture, edge: edge, bands: bands, in: canvas, ink: ink, faint: faint) }
            if let range = state.range {
                let r = Rect(x: x(at: range.lowerBound), y: track.minY, width: max(1, x(at: range.upperBound) - x(at: range.lowerBound)), height: lane.maxY - track.minY)
                canvas.addRect(r)
                canvas.fill(.color(accent.withAlpha(0.18)))
                canvas.addRect(Rect(x: r.minX, y: lane.minY + 2, width: r.width, height: lane.height - 4))
                canvas.fill(.color(accent))
            }
            let shown = state.playhead ?? span.upperBound
            if state.isReviewing {
                let px = x(at: shown).rounded() + 0.5
                canvas.move(to: Point(x: px, y: track.minY - 2))
                canvas.line(to: Point(x: px, y: lane.maxY))
                canvas.stroke(.color(playheadColor), style: StrokeStyle(lineWidth: 2))
            }
            text(captionText(gesture, edge: edge, bands: bands, at: shown, state: state), caption, color: ink, size: 10, center: false)
        }
    }

    /// The bands of the main edge's phases, its pull as a curve against the trigger distance, and
    /// the events as ticks.
    private func drawTrack(_ gesture: GestureTrack, edge: RefreshEdge, bands: [GestureTrack.Band], in canvas: Canvas, ink: Color, faint: Color) {
        canvas.withSavedState {
            canvas.addRect(track)
            canvas.clip()
            for band in bands {
                let r = Rect(x: x(at: band.start), y: track.minY, width: max(1, x(at: band.end) - x(at: band.start)), height: track.height)
                canvas.addRect(r)
                canvas.fill(.color(band.phase.color.withAlpha(0.3)))
            }
            let trigger = gesture.moments.first?.status(of: edge)?.triggerDistance ?? 0
            let highest = max(trigger, gesture.moments.map { $0.status(of: edge)?.pull.distance ?? 0 }.max() ?? 0) * 1.15
            func y(_ pull: Double) -> Double { track.maxY - 3 - (highest > 0 ? pull / highest : 0) * (track.height - 14) }
            if trigger > 0 {
                canvas.move(to: Point(x: track.minX, y: y(trigger).rounded() + 0.5))
                canvas.line(to: Point(x: track.maxX, y: y(trigger).rounded() + 0.5))
                canvas.stroke(.color(faint), style: StrokeStyle(lineWidth: 1, dashes: [3, 3]))
            }
            var px = track.minX
            while px <= track.maxX {
                let pull = time(atX: px).flatMap { gesture.moment(at: $0).status(of: edge)?.pull.distance } ?? 0
                if px == track.minX { canvas.move(to: Point(x: px, y: y(pull))) } else { canvas.line(to: Point(x: px, y: y(pull))) }
                px += 1
            }
            canvas.stroke(.color(ink), style: StrokeStyle(lineWidth: 1.5, join: .round))
            // The phases' names over the curve, where their bands are wide enough.
            for band in bands where x(at: band.end) - x(at: band.start) >= 48 {
                let label = canvas.makeTextLayout(band.phase.rawValue, style: TextStyle(size: 8, width: x(at: band.end) - x(at: band.start) - 4, truncation: .end))
                canvas.draw(label, at: Point(x: x(at: band.start) + 2, y: track.maxY - label.size.height - 1), color: faint)
            }
            var lastLabelEnd = -Double.infinity
            for tick in gesture.ticks {
                let tx = x(at: tick.time).rounded() + 0.5
                let isHaptic = tick.label == "haptic"
                canvas.move(to: Point(x: tx, y: track.minY))
                canvas.line(to: Point(x: tx, y: track.minY + (isHaptic ? 4 : 9)))
                canvas.stroke(.color(ink), style: StrokeStyle(lineWidth: 1))
                guard !isHaptic, tx + 2 > lastLabelEnd else { continue }
                let label = canvas.makeTextLayout(tick.label, style: TextStyle(size: 8))
                canvas.draw(label, at: Point(x: tx + 2, y: track.minY + 1), color: ink)
                lastLabelEnd = tx + 2 + label.size.width + 4
            }
        }
    }

    /// The caption: where the playhead is and what the main edge does there, or how to begin.
    private func captionText(_ gesture: GestureTrack, edge: RefreshEdge?, bands: [GestureTrack.Band], at time: Double, state: TimelineState) -> String {
        let length = "\(PanelText.format(gesture.duration, 2)) s"
        guard state.isReviewing else {
            return (gesture.isOpen ? "live · this gesture \(length)" : "live · last gesture \(length)") + " · drag on the track to scrub, under it to mark a range"
        }
        var words = ["t \(PanelText.format(time - gesture.start, 2)) of \(length)"]
        if let edge, let status = gesture.moment(at: time).status(of: edge) {
            let band = bands.last { $0.start <= time + 1e-9 && time <= $0.end + 1e-9 }
            words.append(band?.phase.rawValue ?? "at rest")
            words.append("pull \(PanelText.format(status.pull.distance, 1)) pt")
            words.append("progress \(PanelText.format(status.progress, 2))")
        }
        if let range = state.range { words.append("range \(PanelText.format(range.lowerBound - gesture.start, 2))–\(PanelText.format(range.upperBound - gesture.start, 2)) s") }
        return words.joined(separator: " · ")
    }
}
