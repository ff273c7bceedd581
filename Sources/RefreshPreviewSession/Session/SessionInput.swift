import RefreshPluginSDK
import RefreshCore
import RefreshHost

extension Session {
    /// Carries out `command`, which happened at wall time `time` (the window system's time of the
    /// input, on the clock ``advance(toWallTime:)`` is given): an input to the list (pointer, wheel,
    /// and the keys that begin or end a refresh or close the second floor) is taken in at the
    /// simulation step of that moment, not at the frame that found it, so the list moves, and is
    /// recorded, the same however few frames the window draws.
    @discardableResult
    package func perform(_ command: PreviewCommand, atWallTime time: Double) -> PreviewEffect {
        inputTime = driver.time + view.clock.simulatedSeconds(until: time, rate: view.paused ? 0 : view.speed)
        defer { inputTime = nil }
        return perform(command)
    }

    /// An input to the list: kept for its step when it has a time, else taken in now.
    func takeListInput(_ command: PreviewCommand) {
        guard let inputTime else { return apply(command) }
        timedInputs.append((max(inputTime, timedInputs.last?.time ?? inputTime), command))
    }

    /// Takes in, in order, the timed inputs that happened before session time `time`.
    func takeTimedInputs(before time: Double) {
        while let first = timedInputs.first, first.time < time {
            timedInputs.removeFirst()
            apply(first.command)
        }
    }

    private func apply(_ command: PreviewCommand) {
        switch command {
        case .pointerDown(let p):
            guard scrub == nil, p.x >= 0, p.y >= 0, p.x < viewport.width, p.y < viewport.height else { break }
            pointer = p
            driver.simulation.dragBegan()
            note(.down(along(p)))
        case .pointerMoved(let p):
            guard let last = pointer else { break }
            driver.simulation.dragMoved(by: Point(x: p.x - last.x, y: p.y - last.y))
            pointer = p
            note(.move(along(p)))
        case .pointerUp:
            guard pointer != nil else { break }
            pointer = nil
            driver.simulation.dragEnded()
            note(.up)
        case .wheel(let delta):
            guard scrub == nil, delta.x.isFinite, delta.y.isFinite else { break }
            driver.simulation.wheel(by: delta)
            note(.wheel(along(delta)))
        case .closeSecondFloor:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .secondaryOpen {
                driver.container.closeSecondFloor(edge)
                note(.closeSecondFloor(edge))
            }
        case .beginRefresh:
            let began = dataSource.store.refresh() != nil
            view.message = began ? "refreshing" : "a refresh is already running"
            if began, let edge = layout.edges.first { note(.begin(edge)) }
        case .endRefresh:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .refreshing {
                driver.container.end(edge, result: dataSource.forcedOutcome ?? .success)
            }
        default:
            break
        }
    }
}
