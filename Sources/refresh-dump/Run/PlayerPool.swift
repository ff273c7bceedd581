import Foundation
import RefreshHost
import RefreshPluginSDK

/// Renders one scenario's frames on several players at once and hands them back in frame order.
/// Each player has plugin-host children of its own, so `run --jobs N` draws N frames in parallel.
/// The first player is the caller's; the others are its siblings, each made on its own thread
/// while the first is already drawing, so their children start in parallel with the work.
///
/// Every player plays every frame (the physics is cheap) and draws only its share of the frames
/// asked for, round robin. A plugin draws a frame as a pure function of the frame it is given,
/// so each frame is the same bytes whichever player draws it, and for any number of players.
/// With one player (and always in-process, where a plugin is single-threaded) the caller's
/// thread plays and draws, as before the pool.
final class PlayerPool: @unchecked Sendable {
    /// One drawn frame and what a run shows beside it.
    struct Frame {
        /// The frame's number, from 1.
        var index: Int
        /// The scenario's time at the frame.
        var time: Double
        /// Each edge's state, in edge order, for the contact sheet's label.
        var states: String
        /// The pixels.
        var image: ImageSurface
        /// The indicators' errors (each drawn as a card).
        var errors: [PluginError]
        /// The first edge whose plugin could draw no more at this frame, and why.
        var stopped: (edge: RefreshEdge, error: PluginError)?
    }

    /// The first player: its events, frame count and plugins stand for all of them.
    let first: ScenarioPlayer
    private let lanes: Int
    private let wanted: @Sendable (Int) -> Bool
    private let draw: (ScenarioPlayer) throws -> (image: ImageSurface, errors: [PluginError])
    private let condition = NSCondition()
    /// Drawn frames (or the error a player met) by their place among the wanted frames.
    private var ready: [Int: Result<Frame, Error>] = [:]
    /// How many frames the caller has taken.
    private var taken = 0
    /// How many frames were wanted, once a player has played to the end.
    private var count: Int?
    private var cancelled = false
    private let workers = DispatchGroup()
    /// How far past the caller a player may draw: bounds the frames held in memory.
    private let ahead: Int

    /// A pool of `first` and `count - 1` siblings of it drawing the frames for which `wanted` is
    /// true, each with `draw`. With more than one, threads start at once. A plugin in this process
    /// is single-threaded: then `count` must be 1.
    init(first: ScenarioPlayer, count: Int, wanted: @escaping @Sendable (Int) -> Bool,
         draw: @escaping (ScenarioPlayer) throws -> (image: ImageSurface, errors: [PluginError])) {
        self.first = first
        lanes = max(1, count)
        self.wanted = wanted
        self.draw = draw
        ahead = 2 * lanes
        guard lanes > 1 else { return }
        let makeSibling = first.siblingMaker()
        for lane in 0..<lanes {
            workers.enter()
            let thread = Thread { [self] in
                play(lane: lane, makeSibling)
                workers.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The next wanted frame in order; nil after the last. Rethrows what a player met.
    func next() throws -> Frame? {
        if lanes == 1 {
            let player = first
            while try player.advance() {
                if wanted(player.frameIndex) { return try frame(of: player) }
            }
            return nil
        }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = ready.removeValue(forKey: taken) {
                taken += 1
                condition.broadcast()
                return try result.get()
            }
            if let count, taken >= count { return nil }
            condition.wait()
        }
    }

    /// Stops the players (the caller wants no more frames) and waits for their threads.
    func finish() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        workers.wait()
    }

    /// One player's thread: makes its player (lanes after the first), plays every frame and
    /// draws the wanted ones whose place is its own.
    private func play(lane: Int, _ makeSibling: () throws(InputFileError) -> ScenarioPlayer) {
        var place = 0
        do {
            // Its children go when the thread ends (the first player's stay with the caller).
            let player = lane == 0 ? first : try makeSibling()
            while try player.advance() {
                guard wanted(player.frameIndex) else { continue }
                guard place % lanes == lane else {
                    place += 1
                    continue
                }
                guard waitForRoom(place) else { return }
                let frame = try frame(of: player)
                deliver(place, .success(frame))
                if frame.stopped != nil { return }
                place += 1
            }
            condition.lock()
            count = place
            condition.broadcast()
            condition.unlock()
        } catch {
            // Every player meets a scenario's error at the same place; the caller sees it there.
            // A sibling that could not be made fails its first frame (its first place is its lane).
            deliver(place == 0 ? lane : place, .failure(error))
        }
    }

    /// Waits until the frame at `place` is within reach of the caller; false when cancelled.
    private func waitForRoom(_ place: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && place - taken >= ahead { condition.wait() }
        return !cancelled
    }

    private func deliver(_ place: Int, _ result: Result<Frame, Error>) {
        condition.lock()
        if ready[place] == nil && place >= taken { ready[place] = result }
        condition.broadcast()
        condition.unlock()
    }

    private func frame(of player: ScenarioPlayer) throws -> Frame {
        let (image, errors) = try draw(player)
        let states = player.scenario.edges.keys.sorted().map { "\(player.driver.container.state(of: $0))" }.joined(separator: " ")
        return Frame(index: player.frameIndex, time: player.time, states: states, image: image, errors: errors, stopped: player.stoppedPlugin)
    }
}
