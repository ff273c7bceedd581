import ArgumentParser
import RefreshCore
import RefreshHost

/// `refresh-dump trace`: plays a pull-to-refresh through the real physics and state machine and
/// prints what the indicator is told, frame by frame.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print the scroll offset, pull and refresh state of a simulated pull, frame by frame.",
        discussion: """
            A finger pulls the top of a list down by --pull points over --drag-time seconds and lets go.
            If the pull passed the trigger distance the list refreshes for --load-time seconds and ends \
            with --result; the result shows for --hold seconds, then the edge retracts.
            """
    )

    @Option(help: "Finger travel in points (the list moves less: rubber band).")
    var pull: Double = 220
    @Option(help: "Seconds the drag takes.")
    var dragTime: Double = 0.4
    @Option(help: "Seconds the refresh takes before it ends.")
    var loadTime: Double = 1.0
    @Option(help: "How the refresh ends: success, failure or noMoreData.")
    var result: String = "success"
    @Option(help: "Trigger distance in points.")
    var trigger: Double = 60
    @Option(help: "Seconds the result is shown.")
    var hold: Double = EdgeConfiguration.defaultResultHoldTime
    @Option(help: "Printed frames per second (the simulation runs at 120).")
    var fps: Int = 20
    @Option(help: "Haptic events to list: off, threshold or thresholdAndStart.")
    var haptics: String = "off"

    func validate() throws {
        guard RefreshResult(rawValue: result) != nil else {
            throw ValidationError("--result must be one of \(RefreshResult.allCases.map(\.rawValue).joined(separator: ", ")), not '\(result)'")
        }
        guard pull >= 0, pull <= 100_000 else { throw ValidationError("--pull must be 0...100000 points") }
        guard dragTime > 0, dragTime <= 60 else { throw ValidationError("--drag-time must be more than 0 and at most 60 seconds") }
        guard loadTime >= 0, loadTime <= 600, hold >= 0, hold <= 600 else { throw ValidationError("--load-time and --hold must be 0...600 seconds") }
        guard trigger >= 1, trigger <= 100_000 else { throw ValidationError("--trigger must be 1...100000 points") }
        guard (1...120).contains(fps) else { throw ValidationError("--fps must be between 1 and 120") }
    }

    final class Indicator: AnimatableRefresh {
        let refreshLength: Double
        var refreshState = RefreshState.unknown
        init(refreshLength: Double) { self.refreshLength = refreshLength }
    }

    func run() throws {
        let indicator = Indicator(refreshLength: trigger)
        let container = RefreshContainer()
        var startedAt: Double?
        var completion: RefreshCompletion?
        var pendingEvents: [String] = []
        let hapticFeedback = try HapticFeedback.option(haptics)
        try container.enable(.top, indicator: indicator, configuration: EdgeConfiguration(resultHoldTime: hold, haptics: hapticFeedback)) { _, done in
            completion = done
        }
        container.onEvent = { pendingEvents.append("\($0)") }
        let simulation = try ScrollSimulation(.init(viewportSize: Defaults.viewport, contentSize: Size(width: Defaults.viewport.width, height: 2400)))
        let driver = RefreshDriver(simulation: simulation, container: container)

        let step = Defaults.frameInterval, dragFrames = Int((dragTime / step).rounded())
        let printEvery = max(1, Int((1 / step).rounded()) / fps)
        print("  time   offset    pull     raw  progress  state")
        var frame = 0
        driver.simulation.dragBegan()
        while frame < 120 * 30 {
            if frame < dragFrames { driver.simulation.dragMoved(by: Point(x: 0, y: pull / Double(dragFrames))) }
            if frame == dragFrames { driver.simulation.dragEnded(velocity: .zero) }
            driver.advance(by: step)
            if indicator.refreshState == .refreshing, startedAt == nil { startedAt = driver.time }
            if let start = startedAt, driver.time - start >= loadTime, let done = completion {
                done(RefreshResult(rawValue: result)!)
                completion = nil
            }
            frame += 1
            let status = container.status(of: .top)!
            if frame % printEvery == 0 || !pendingEvents.isEmpty {
                let line = [
                    pad(driver.time, 6, 3), pad(driver.simulation.offset.y, 8, 1), pad(status.pull.distance, 7, 1),
                    pad(status.pull.rawDistance, 7, 1), pad(status.progress, 9, 2), "  \(status.state)",
                ].joined()
                print(line + (pendingEvents.isEmpty ? "" : "   ← " + pendingEvents.joined(separator: ", ")))
                pendingEvents.removeAll()
            }
            if frame > dragFrames && driver.simulation.isResting && completion == nil
                && [RefreshState.none, .noMoreData].contains(indicator.refreshState) { break }
        }
    }

    private func pad(_ value: Double, _ width: Int, _ decimals: Int) -> String {
        var scaled = (abs(value) * pow10(decimals)).rounded()
        if scaled == 0 { scaled = 0 }
        let whole = Int(saturating: scaled) / Int(pow10(decimals))
        var text = "\(value < 0 && scaled > 0 ? "-" : "")\(whole)"
        if decimals > 0 {
            let fraction = String(Int(saturating: scaled) % Int(pow10(decimals)))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
