import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// The preview panel's lines for one moment: the plugin, every edge's state, progress and pull,
/// the velocity, placement, haptics, what a screen reader says, speed, theme, what drives the list,
/// the parameters and the last message. The front end adds its frame times below.
package struct PanelText {
    /// The indicator shown (also while its error card shows).
    var info: IndicatorInfo?
    /// Why the plugin did not load, if it did not.
    var loadError: String?
    /// What the plugin wrote through `refresh_host.log`, newest last.
    var pluginLog: [String] = []
    /// What the plugin tried that its sandbox refused.
    var refusals: [String] = []
    /// What its bundle's manifest lets it read, in words (nil: a library outside a bundle).
    var permissions: String?
    /// The languages it draws words in, in words (nil: none declared).
    var languages: String?
    /// How the indicators sit and whether the refresh edge has a second floor.
    var placement = IndicatorPlacement.push
    var hasSecondFloor = false
    /// The scrubbed progress while a scrub holds the pull.
    var scrubProgress: Double?
    /// What drives the list: the script's line, or the rows, paging and server's lines.
    var listLines: [String] = []
    /// The plugin's parameters, their values as JSON, and the one `+` and `−` change.
    var parameters: [(name: String, value: String)] = []
    var selectedParameter = 0
    /// What the parameter row under the pointer is for, in the plugin's words (its help): a row's
    /// label holds a word or two, and a value such as Path Drawing's Smoothing −1 needs its sentence.
    var rowHelp: String?

    /// The lines, read from `session` for what every session has.
    @MainActor func lines(for session: some PreviewSession) -> [String] {
        let container = session.driver.container
        // The edges as drawn: the live list's, or the moment the timeline shows.
        let moment = session.listMoment, reviewing = moment.time != session.time
        let axis = session.sceneLayout.axis
        var lines = ["RefreshKit preview", ""]
        lines.append("plugin   \(info?.name ?? "none") \(info?.version ?? "")")
        lines.append("         \(info?.id ?? "")")
        if let permissions { lines += Self.wrapped("  \(permissions)", indent: 4) }
        if let languages { lines += Self.wrapped("  \(languages)", indent: 4) }
        if let loadError { lines += Self.wrapped("  ✗ \(loadError)", indent: 4) }
        for refusal in refusals { lines += Self.wrapped("  ⚠ \(refusal)", indent: 4) }
        for line in pluginLog.suffix(2) { lines.append("  log: \(line)") }
        lines.append("edges    \(moment.statuses.map(\.edge.rawValue).joined(separator: " + ")) (\(axis))")
        if reviewing { lines.append("timeline t=\(Self.format(moment.time, 2)) s shown; live (or a touch on the list) goes back") }
        for (edge, status) in moment.statuses {
            lines.append("── \(edge.rawValue)")
            lines.append("state    \(status.state)")
            lines.append("progress \(Self.format(status.progress))   trigger \(Self.format(status.triggerDistance, 0)) pt")
            // While a second floor is open or closing the raw distance stands for no finger: the phase says more.
            let raw = (reviewing ? nil : container.secondFloorPhase(of: edge)).map { "second floor \($0.rawValue)" } ?? "raw \(Self.format(status.pull.rawDistance, 1)) pt"
            lines.append("pull     \(Self.format(status.pull.distance, 1)) pt  \(raw)")
            // A trigger further than the drag goes (Phoenix's 120 pt) is said while pulling, not guessed.
            if case .pulling = status.state { lines.append("         pull to \(Self.format(status.triggerDistance, 0)) pt to refresh") }
        }
        lines.append("velocity \(Self.format(moment.simulation.velocity[axis], 0)) pt/s")
        lines.append("place    \(placement.rawValue)  second floor \(hasSecondFloor ? "on" : "off")")
        let lastHaptic = session.lastHaptic
        let lit = lastHaptic.map { session.time - $0.time < Session.lampTime } ?? false
        lines.append("haptic   \(lit ? "●" : "○") \(lastHaptic.map { $0.kind.rawValue } ?? "–")  ×\(session.hapticCount)")
        lines.append("sound    \(!session.view.hasAudio ? "no audio device" : session.soundOn ? "on" : "off")")
        lines.append("says     \(session.lastAnnouncement?.text ?? "–")")
        lines.append("")
        lines.append("speed    \(session.view.speedName)\(session.paused ? "  paused" : "")\(scrubProgress.map { "  scrub \(Self.format($0))" } ?? "")")
        let environment = session.environment
        lines.append("theme    \(environment.colorScheme.rawValue)  motion \(environment.reduceMotion ? "reduced" : "full")")
        lines.append("locale   \(environment.locale)\(environment.layoutDirection == .rightToLeft ? "  right to left" : "")")
        lines += listLines
        if !parameters.isEmpty {
            lines.append("")
            lines.append("parameters (Tab, + −)")
            for (i, parameter) in parameters.enumerated() {
                lines.append("\(i == selectedParameter ? "›" : " ") \(parameter.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(parameter.value)")
            }
        }
        lines.append("")
        if let rowHelp { lines += Self.wrapped(rowHelp, indent: 2) + [""] }
        lines += Self.wrapped(session.message)
        if session.showsKeyHint { lines.append("? for keys") }
        return lines
    }

    /// The panel's lines in a designer's words, under the inspector when its numbers are hidden:
    /// the plugin, what each edge is doing, a load error, the last message, and how to see more.
    @MainActor func summaryLines(for session: some PreviewSession) -> [String] {
        var lines = ["\(info?.name ?? "no plugin") \(info?.version ?? "")"]
        if let permissions { lines += Self.wrapped(permissions, indent: 2) }
        if let languages { lines += Self.wrapped(languages, indent: 2) }
        if let loadError { lines += Self.wrapped("✗ \(loadError)", indent: 2) }
        for refusal in refusals { lines += Self.wrapped("⚠ \(refusal)", indent: 2) }
        for (edge, status) in session.listMoment.statuses {
            let words = status.state.kind == .none || status.state.kind == .unknown ? "at rest"
                : StateDescription.text(for: status.state, edge: edge, locale: "en") ?? "\(status.state)"
            var line = "\(edge.rawValue): \(words)"
            if case .pulling = status.state { line += " (refreshes past \(Self.format(status.triggerDistance, 0)) pt)" }
            lines.append(line)
        }
        lines.append("")
        if let rowHelp { lines += Self.wrapped(rowHelp, indent: 2) + [""] }
        lines += Self.wrapped(session.message)
        if session.showsKeyHint { lines.append("? for keys") }
        lines.append("D shows the numbers")
        return lines
    }

    /// The characters of the panel's monospace font a line holds: as many as fit its 280 pt inside
    /// the margins at 11 pt, measured with the pinned fonts as the front end draws them (a count of
    /// 42 from 6.6 pt a character left a line of 41 ending in an ellipsis).
    package static let columns: Int = {
        // try?: a surface of one pixel that cannot be made leaves the count that fitted here.
        guard let surface = try? ImageSurface(width: 1, height: 1) else { return 40 }
        let canvas = Canvas(surface: surface), style = TextStyle(fontFamily: "monospace", size: 11)
        var count = 1
        while count < 200, canvas.makeTextLayout(String(repeating: "M", count: count + 1), style: style).size.width <= SessionView.panelWidth - 20 { count += 1 }
        return count
    }()

    /// `text` broken at spaces into lines of at most ``columns`` characters, each after the first
    /// indented by `indent` spaces: a message reads whole where one line would end in an ellipsis.
    /// A word longer than a line keeps a line of its own (the panel shortens it, a path in the middle).
    package static func wrapped(_ text: String, indent: Int = 0) -> [String] {
        guard text.count > columns else { return [text] }
        let leading = text.prefix { $0 == " " }
        var lines: [String] = [], line = String(leading)
        for word in text.dropFirst(leading.count).split(separator: " ") {
            if line.allSatisfy({ $0 == " " }) {
                line += word
            } else if line.count + 1 + word.count <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            }
        }
        return lines + [line]
    }

    /// `value` with `decimals` decimals, in the C locale whatever a plugin set.
    package static func format(_ value: Double, _ decimals: Int = 2) -> String {
        DecimalText.fixed(value, decimals)
    }
}

extension Session {
    /// The panel's text for this moment (the front end adds its frame times).
    package func panelLines() -> [String] { panelLines(parameters: true) }

    /// The panel's text, without the parameter lines when the inspector shows them as controls.
    package func panelLines(parameters: Bool) -> [String] {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        var text = pluginPanelText
        text.pluginLog = plugin?.hot?.maker.logLines ?? []
        text.placement = placement
        text.hasSecondFloor = hasSecondFloor
        text.scrubProgress = scrub?.progress
        text.listLines = ["rows     \(dataSource.rows)/\(dataSource.totalRows)  next: \(dataSource.forcedOutcome?.rawValue ?? "\(Int(dataSource.failureRate * 100))% fail")",
                          "paging   \(dataSource.store.state)"]
        if let lastAnswer { text.listLines.append(lastAnswer + retryHint) }
        if parameters, let plugin, let values = plugin.values {
            text.parameters = plugin.parameters.map { ($0.name, values.values[$0.name]?.json ?? "?") }
            text.selectedParameter = selectedParameter
        }
        return text.lines(for: self)
    }

    /// The panel in a designer's words (``PanelText/summaryLines(for:)``), when its numbers are hidden.
    package func summaryPanelLines() -> [String] { pluginPanelText.summaryLines(for: self) }

    /// What both panels say of the plugin shown: it (also while its error card shows), why it did
    /// not load, what its sandbox refused, what its bundle may read, its languages, and the row
    /// under the pointer.
    private var pluginPanelText: PanelText {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        var text = PanelText()
        text.info = plugin?.hot?.indicator.info ?? slots.values.first?.info
        text.loadError = plugin?.loadError.map { "\($0)" }
        text.refusals = plugin?.hot?.maker.refusals ?? []
        text.permissions = plugin?.permissionWords
        text.languages = plugin?.languageWords
        text.rowHelp = hoveredRowHelp
        return text
    }

    /// How to retry while a failed page stands.
    private var retryHint: String {
        switch dataSource.store.state {
        case .fullscreenError: " — Enter retries"
        case .pagingError: " — pull again or press Enter to retry"
        case .items where dataSource.store.items.isEmpty, .empty: ""
        default: ""
        }
    }
}
