import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// What the preview and its plugin-host child say to each other over their socket: one JSON
/// message at a time, each behind its length (4 bytes, little-endian). Pixels do not travel here:
/// the child draws into memory both processes map (see ``PluginHostProcess``).
enum PluginHostMessage {
    /// The largest message read: far above any honest one (a parameters JSON, a few log lines).
    static let sizeLimit = 4 << 20

    /// A frame as it travels: the fields of ``IndicatorFrame``, states as the C ABI's codes.
    struct Frame: Codable, Equatable {
        var width, height, scale: Double
        var edge: String
        var state, result: UInt32
        var progress, pull, rawPull, time, stateTime: Double
        var dark, reduceMotion, rightToLeft: Bool
        var locale: String

        init(_ f: IndicatorFrame) {
            width = f.size.width
            height = f.size.height
            scale = f.scale
            edge = f.edge.rawValue
            (state, result) = CFrame.codes(f.state)
            progress = f.progress
            pull = f.pull.distance
            rawPull = f.pull.rawDistance
            time = f.time
            stateTime = f.stateTime
            dark = f.isDark
            reduceMotion = f.environment.reduceMotion
            rightToLeft = f.environment.layoutDirection == .rightToLeft
            locale = f.environment.locale
        }

        var indicatorFrame: IndicatorFrame {
            IndicatorFrame(size: Size(width: width, height: height), scale: scale, edge: RefreshEdge(rawValue: edge) ?? .top,
                           state: CFrame.state(state, result, progress: progress), progress: progress,
                           pull: EdgePull(distance: pull, rawDistance: rawPull), time: time, stateTime: stateTime,
                           environment: IndicatorEnvironment(colorScheme: dark ? .dark : .light, reduceMotion: reduceMotion,
                                                             layoutDirection: rightToLeft ? .rightToLeft : .leftToRight, locale: locale))
        }
    }

    /// From the host to the child.
    enum Request: Codable {
        /// Make instance `instance` from a parameters JSON object.
        case create(instance: Int, parameters: String)
        /// The container's state for an instance.
        case state(instance: Int, state: UInt32, result: UInt32, progress: Double)
        /// Draw a frame into the shared pixels, `pixelWidth` × `pixelHeight`, rows packed.
        case render(instance: Int, frame: Frame, pixelWidth: Int, pixelHeight: Int)
        /// Drop an instance.
        case destroy(instance: Int)
    }

    /// From the child to the host: the first message says who the plugin is (or why it did not
    /// load); each later one answers a request.
    struct Reply: Codable {
        /// Why the request failed; nil when it did not.
        var error: String?
        /// The plugin's metadata (the first message).
        var id, name, version, summary: String?
        var abiVersion: UInt32?
        var parameters: [PluginManifest.Parameter]?
        /// A made instance's refresh length.
        var refreshLength: Double?
        /// Log lines the plugin wrote since the last reply.
        var log: [String]?
    }

    /// Why nothing could be read.
    enum Failure: Error {
        /// The other side is gone (it exited, crashed or closed the socket).
        case closed
        /// Nothing came before the deadline.
        case timedOut
        /// What came was not a message.
        case malformed(String)
    }

    /// Sends `value` on `socket`; a closed peer is ``Failure/closed``, never a SIGPIPE.
    static func send<T: Encodable>(_ value: T, on socket: Int32) throws(Failure) {
        guard let body = try? JSONEncoder().encode(value), body.count <= sizeLimit else { throw .malformed("message too large") }
        var length = UInt32(body.count).littleEndian
        var packet = Data(bytes: &length, count: 4)
        packet.append(body)
        var sent = 0
        while sent < packet.count {
            let n = packet.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .closed }
            sent += n
        }
    }

    /// Reads one message from `socket`, waiting until `deadline` (forever when nil).
    static func receive<T: Decodable>(_ type: T.Type, from socket: Int32, deadline: Date?) throws(Failure) -> T {
        let header = try read(4, from: socket, deadline: deadline)
        let length = Int(header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
        guard length <= sizeLimit else { throw .malformed("a message of \(length) bytes") }
        let body = try read(length, from: socket, deadline: deadline)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw .malformed("\(error)")
        }
    }

    private static func read(_ count: Int, from socket: Int32, deadline: Date?) throws(Failure) -> Data {
        var data = Data(count: count)
        var got = 0
        while got < count {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { max(0, Int32(($0.timeIntervalSinceNow * 1000).rounded(.up))) } ?? -1
            let ready = poll(&poller, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw .timedOut }
            let n = data.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + got, count - got, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .closed }
            got += n
        }
        return data
    }
}
