import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// What the preview and its plugin-host child say to each other over their socket: one message at
/// a time, each behind its length (4 bytes, little-endian). Pixels do not travel here:
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
        /// The C ABI's placement code, the draw rectangle (width 0: none) and second-floor progress.
        var placement: UInt32
        var drawX, drawY, drawWidth, drawHeight, secondaryProgress: Double

        var indicatorFrame: IndicatorFrame {
            IndicatorFrame(size: Size(width: width, height: height), scale: scale, edge: RefreshEdge(rawValue: edge) ?? .top,
                           state: CFrame.state(state, result, progress: progress), progress: progress,
                           pull: EdgePull(distance: pull, rawDistance: rawPull), time: time, stateTime: stateTime,
                           environment: IndicatorEnvironment(colorScheme: dark ? .dark : .light, reduceMotion: reduceMotion,
                                                             layoutDirection: rightToLeft ? .rightToLeft : .leftToRight, locale: locale),
                           placement: Int(placement) < CFrame.placements.count ? CFrame.placements[Int(placement)] : .push,
                           drawRect: drawWidth > 0 && drawHeight >= 0 && [drawX, drawY, drawWidth, drawHeight].allSatisfy(\.isFinite)
                               ? Rect(x: drawX, y: drawY, width: drawWidth, height: drawHeight) : nil,
                           secondaryProgress: secondaryProgress.isFinite ? secondaryProgress : 0)
        }
    }

    /// Where a frame is drawn over the host's pixels (see ``SurfacePatch``): user space → the
    /// box's pixels, the host's clip extents in user space, and its antialiasing, tolerance and
    /// pixel format.
    struct Target: Codable, Equatable {
        var matrix: [Double]
        var clip: [Double]
        var tolerance: Double
        var antialias: UInt32
        var format: UInt32
    }

    /// From the host to the child.
    enum Request: Codable {
        /// Load the plugin at `path` (the first request to a spare child, started before the
        /// plugin was known: ``SparePluginHosts``), in a sandbox that may read `readable` too
        /// (the files its parameters name: ``PluginSandbox``).
        case load(path: String, readable: [String])
        /// Make instance `instance` from a parameters JSON object.
        case create(instance: Int, parameters: String)
        /// The container's state for an instance.
        case state(instance: Int, state: UInt32, result: UInt32, progress: Double)
        /// Draw a frame into the shared pixels, `pixelWidth` × `pixelHeight`, rows packed: over
        /// them as `target` says, or (nil) on a clear surface at the frame's scale.
        case render(instance: Int, frame: Frame, pixelWidth: Int, pixelHeight: Int, target: Target?)
        /// Record a frame's drawing as SVG (``HostedIndicator/recordDrawing(frame:)``); the
        /// reply's text.
        case record(instance: Int, frame: Frame)
        /// Drop an instance.
        case destroy(instance: Int)
        /// What a screen reader should say for a state (C codes) at an edge in a locale.
        case describe(instance: Int, state: UInt32, result: UInt32, edge: String, locale: String)
    }

    /// From the child to the host: the first message says who the plugin is (or why it did not
    /// load); each later one answers a request.
    struct Reply: Codable {
        /// Why the request failed; nil when it did not.
        var error: String?
        /// The plugin's metadata (the first message).
        var id, name, version, summary: String?
        var abiVersion: UInt32?
        /// Whether it claims to mirror for right-to-left (nil: no).
        var mirrors: Bool?
        /// The placement it is drawn for (nil: push).
        var placement: String?
        /// The SDK it was built with (nil: none said).
        var sdkVersion: String?
        var parameters: [PluginManifest.Parameter]?
        /// A made instance's refresh length.
        var refreshLength: Double?
        /// A made instance's refreshing period (nil: not said).
        var refreshingPeriod: Double?
        /// A made instance's parameters that change nothing (nil: none).
        var inactive: [String]?
        /// The languages whose words the plugin draws (the first message; nil: none).
        var locales: [String]?
        /// Log lines the plugin wrote since the last reply.
        var log: [String]?
        /// A description's words; nil: the plugin leaves them to the host.
        var text: String?
        /// The system calls the sandbox refused since the last reply (their names).
        var refused: [String]?
        /// The part of the sandbox the kernel lacks, in words (the first message; nil: none).
        var unconfined: String?
        /// The CPU the child spent entering its sandbox, seconds (the first message; nil: none entered).
        var sandboxSeconds: Double?
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

    /// How a message's body is written (its first byte): the frequent ones (a frame to draw, a
    /// state change, a reply with nothing to say) in a fixed binary layout, since JSON would cost more than drawing
    /// a simple indicator; everything else as JSON.
    private enum Kind: UInt8 {
        case json = 0, render = 1, done = 2, state = 3
    }

    /// Sends `request` on `socket` (a render in binary, the rest as JSON).
    static func send(_ request: Request, on socket: Int32) throws(Failure) {
        if case .state(let instance, let state, let result, let progress) = request {
            // Every frame of a pull changes the state: binary, as a render is.
            var body = Data([Kind.state.rawValue])
            withUnsafeBytes(of: Int64(instance).littleEndian) { body.append(contentsOf: $0) }
            for n in [state, result] { withUnsafeBytes(of: n.littleEndian) { body.append(contentsOf: $0) } }
            withUnsafeBytes(of: progress.bitPattern.littleEndian) { body.append(contentsOf: $0) }
            return try send(body: body, on: socket)
        }
        guard case .render(let instance, let f, let width, let height, let target) = request else { return try send(json: request, on: socket) }
        var body = Data([Kind.render.rawValue])
        body.reserveCapacity(160)
        for n in [instance, width, height] { withUnsafeBytes(of: Int64(n).littleEndian) { body.append(contentsOf: $0) } }
        for d in [f.width, f.height, f.scale, f.progress, f.pull, f.rawPull, f.time, f.stateTime, f.drawX, f.drawY, f.drawWidth, f.drawHeight, f.secondaryProgress] {
            withUnsafeBytes(of: d.bitPattern.littleEndian) { body.append(contentsOf: $0) }
        }
        for n in [f.state, f.result, f.placement] { withUnsafeBytes(of: n.littleEndian) { body.append(contentsOf: $0) } }
        body.append(contentsOf: [f.dark ? 1 : 0, f.reduceMotion ? 1 : 0, f.rightToLeft ? 1 : 0, UInt8(RefreshEdge.allCases.firstIndex(of: RefreshEdge(rawValue: f.edge) ?? .top)!)])
        body.append(target == nil ? 0 : 1)
        if let target, target.matrix.count == 6, target.clip.count == 4 {
            for d in target.matrix + target.clip + [target.tolerance] { withUnsafeBytes(of: d.bitPattern.littleEndian) { body.append(contentsOf: $0) } }
            for n in [target.antialias, target.format] { withUnsafeBytes(of: n.littleEndian) { body.append(contentsOf: $0) } }
        }
        body.append(contentsOf: f.locale.utf8.prefix(64))
        try send(body: body, on: socket)
    }

    /// Sends `reply` on `socket`; one with nothing in it is a single byte.
    static func send(_ reply: Reply, on socket: Int32) throws(Failure) {
        let empty = reply.error == nil && reply.id == nil && reply.refreshLength == nil && (reply.log ?? []).isEmpty && reply.parameters == nil
            && reply.text == nil && reply.refused == nil && reply.unconfined == nil && reply.sandboxSeconds == nil
        try empty ? send(body: Data([Kind.done.rawValue]), on: socket) : send(json: reply, on: socket)
    }

    private static func send<T: Encodable>(json value: T, on socket: Int32) throws(Failure) {
        // try?: the encoder's error names Swift types; the message thrown instead says what failed.
        guard let encoded = try? JSONEncoder().encode(value) else { throw .malformed("cannot encode a message") }
        try send(body: Data([Kind.json.rawValue]) + encoded, on: socket)
    }

    /// Sends one message; a closed peer is ``Failure/closed``, never a SIGPIPE.
    private static func send(body: Data, on socket: Int32) throws(Failure) {
        guard body.count <= sizeLimit else { throw .malformed("message too large") }
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

    /// Reads one request from `socket`, waiting as long as it takes.
    static func receiveRequest(from socket: Int32) throws(Failure) -> Request {
        let body = try receiveBody(from: socket, deadline: nil)
        switch Kind(rawValue: body[body.startIndex]) {
        case .json?: return try decode(Request.self, body.dropFirst())
        case .state?:
            guard body.count == 1 + 8 + 4 + 4 + 8 else { throw .malformed("a state request of \(body.count) bytes") }
            let at = body.startIndex + 1
            let instance = Int(truncatingIfNeeded: Int64(littleEndian: body[at..<at + 8].withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
            let state = UInt32(littleEndian: body[at + 8..<at + 12].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
            let result = UInt32(littleEndian: body[at + 12..<at + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
            let progress = Double(bitPattern: UInt64(littleEndian: body[at + 16..<at + 24].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
            return .state(instance: instance, state: state, result: result, progress: progress)
        case .render?:
            guard body.count >= 1 + 24 + 104 + 12 + 4 + 1 else { throw .malformed("a short render request") }
            var at = body.startIndex + 1
            func int() -> Int { defer { at += 8 }; return Int(truncatingIfNeeded: Int64(littleEndian: body[at..<at + 8].withUnsafeBytes { $0.loadUnaligned(as: Int64.self) })) }
            func double() -> Double { defer { at += 8 }; return Double(bitPattern: UInt64(littleEndian: body[at..<at + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })) }
            func uint32() -> UInt32 { defer { at += 4 }; return UInt32(littleEndian: body[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }) }
            let instance = int(), width = int(), height = int()
            let w = double(), h = double(), scale = double(), progress = double(), pull = double(), rawPull = double(), time = double(), stateTime = double()
            let drawX = double(), drawY = double(), drawWidth = double(), drawHeight = double(), secondaryProgress = double()
            let state = uint32(), result = uint32(), placement = uint32()
            let flags = body[at..<at + 4].map { $0 }
            at += 4
            guard Int(flags[3]) < RefreshEdge.allCases.count else { throw .malformed("an edge out of range") }
            let edge = RefreshEdge.allCases[Int(flags[3])]
            var target: Target?
            at += 1
            if body[at - 1] != 0 {
                guard body.count - (at - body.startIndex) >= 11 * 8 + 8 else { throw .malformed("a short render target") }
                let numbers = (0..<11).map { _ in double() }
                target = Target(matrix: Array(numbers[0..<6]), clip: Array(numbers[6..<10]), tolerance: numbers[10], antialias: uint32(), format: uint32())
            }
            let locale = String(decoding: body[at...], as: UTF8.self)
            let frame = Frame(width: w, height: h, scale: scale, edge: edge.rawValue, state: state, result: result, progress: progress,
                              pull: pull, rawPull: rawPull, time: time, stateTime: stateTime,
                              dark: flags[0] != 0, reduceMotion: flags[1] != 0, rightToLeft: flags[2] != 0, locale: locale,
                              placement: placement, drawX: drawX, drawY: drawY, drawWidth: drawWidth, drawHeight: drawHeight,
                              secondaryProgress: secondaryProgress)
            return .render(instance: instance, frame: frame, pixelWidth: width, pixelHeight: height, target: target)
        default: throw .malformed("unknown message kind \(body[body.startIndex])")
        }
    }

    /// Reads one reply from `socket`, waiting until `deadline`.
    static func receiveReply(from socket: Int32, deadline: Date) throws(Failure) -> Reply {
        let body = try receiveBody(from: socket, deadline: deadline)
        switch Kind(rawValue: body[body.startIndex]) {
        case .done?: return Reply()
        case .json?: return try decode(Reply.self, body.dropFirst())
        default: throw .malformed("unknown reply kind \(body[body.startIndex])")
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .malformed(PlainErrorText.words(error))
        }
    }

    private static func receiveBody(from socket: Int32, deadline: Date?) throws(Failure) -> Data {
        let header = try read(4, from: socket, deadline: deadline)
        let length = Int(header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
        guard length >= 1, length <= sizeLimit else { throw .malformed("a message of \(length) bytes") }
        return try read(length, from: socket, deadline: deadline)
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

extension PluginHostMessage.Frame {
    /// `f` as it travels (the memberwise initializer stays for the binary reader).
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
        placement = UInt32(CFrame.placements.firstIndex(of: f.placement) ?? 0)
        let rect = f.drawRect ?? Rect(x: 0, y: 0, width: 0, height: 0)
        (drawX, drawY, drawWidth, drawHeight) = (rect.minX, rect.minY, rect.width, rect.height)
        secondaryProgress = f.secondaryProgress
    }
}
