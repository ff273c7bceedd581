import Foundation
import RefreshSystem
import RefreshPluginSDK

/// Builds a scenario's ``MotionTrack`` as it is played, one frame at a time, and keeps the pictures
/// of the frames a golden film does not already hold in a film folder of its own (the actual film):
/// what the comparison, the film strip and a recording read.
package struct MotionCapture {
    /// The track so far.
    private(set) var track: MotionTrack
    /// The folder the pictures go to; nil keeps none (the track alone).
    let film: String?
    /// The indicators' errors, with the frame they were drawn in.
    private(set) var pluginErrors: [(frame: Int, text: String)] = []
    /// Hashes whose pictures need not be written: the golden film has them, or they are written.
    private var known: Set<String>
    private var eventsSeen = 0
    private var recycled: ImageSurface?

    /// A capture of `player`'s scenario writing pictures into `film` (emptied of an earlier run's
    /// pictures first, made when the first picture is written), except those of `known` hashes.
    init(_ player: ScenarioPlayer, film: String?, known: Set<String> = []) throws {
        track = MotionTrack(scenario: player.scenario.fileName, fps: player.scenario.fps)
        self.film = film
        self.known = known
        if let film, FileManager.default.fileExists(atPath: film) { try MotionFilm.empty(film) }
    }

    /// The track of `player`'s scenario played from where it stands to the end, keeping no pictures.
    package static func track(of player: ScenarioPlayer) throws -> MotionTrack {
        var capture = try MotionCapture(player, film: nil)
        try capture.add(player)
        while try player.advance() { try capture.add(player) }
        return capture.track
    }

    /// Adds `player`'s current frame.
    mutating func add(_ player: ScenarioPlayer) throws {
        let (image, errors) = try player.render(scale: track.scale, reusing: recycled)
        recycled = image
        let hash = MotionTrack.hash(of: image)
        if let film, known.insert(hash).inserted {
            try OutputFile.makeFolder(film)
            try image.writePNG(to: MotionTrack.picture(hash, in: film))
        }
        pluginErrors += errors.map { (player.frameIndex, $0.description) }
        let container = player.driver.container
        var edges: [String: MotionTrack.Edge] = [:]
        for edge in player.slots.keys {
            guard let status = container.status(of: edge) else { continue }
            // The progress has its own field: the state is its kind (`pulling`, `finished:success`).
            let state = status.state.kind == .pulling ? RefreshState.Kind.pulling.rawValue : status.state.description
            edges[edge.rawValue] = MotionTrack.Edge(state: state, progress: Self.rounded(status.progress, 4))
        }
        let events = player.events[eventsSeen...].map { $0.event.description }
        eventsSeen = player.events.count
        let offset = player.scenario.axis == .vertical ? player.driver.simulation.offset.y : player.driver.simulation.offset.x
        track.frames.append(MotionTrack.Frame(time: Self.rounded(Double(player.frameIndex) / track.fps, 4), offset: Self.rounded(offset, 2),
                                              edges: edges, events: events.isEmpty ? nil : events, hash: hash))
    }

    /// `value` rounded to `decimals` places (and never -0, which would print as a change).
    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let factor = pow(10, Double(decimals))
        let result = (value * factor).rounded() / factor
        return result == 0 ? 0 : result
    }
}
