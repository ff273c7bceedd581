import CCairo
import Foundation
import RefreshSystem
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// A plugin loaded in a child process of its own (`refresh-plugin-host plugin-host`), so nothing it does
/// can take the host down. Each frame is a request on a socket and a reply; the pixels are drawn by
/// the child into memory both processes map (a `memfd`) and painted from there, so no image is
/// copied through the socket.
///
/// A frame that takes more than ``frameLimit`` of the child's CPU time ends the child (a hang),
/// as does one during which the child uses no CPU for `blockedSlack`, or a crash;
/// from then on every call fails with why and the step it was in, and the host's own state is
/// untouched. A new `PluginHostProcess` (after a rebuild, or `R` in the preview) starts a new child;
/// dropping this one ends its child, so a replaced library is really gone from memory.
public final class PluginHostProcess: LoadedPlugin {
    /// The library's file.
    public let path: String
    /// The plugin's metadata and parameters, as the child read them.
    public private(set) var info: PluginInfo
    /// Why the child is gone (a crash, a hang, a broken reply); nil while it serves.
    public private(set) var failure: PluginError?
    /// What the plugin wrote into the host's log, oldest first (the last 100 lines).
    public private(set) var logLines: [String] = []

    /// The most CPU time (seconds, the child's own) a frame may take before the child is taken for
    /// hung and ended. CPU, not wall time: a loaded machine slows a healthy plugin down, never makes
    /// it use more CPU.
    public let frameLimit: Double
    /// ``frameLimit`` unless the caller says: the preview's, short enough that a hung plugin's card
    /// shows within a blink.
    public static let defaultFrameLimit = 0.25
    /// The most CPU time loading or making an instance may take (the probe's limit).
    static var startDeadline: Double { PluginProbe.timeout }
    /// Seconds a call waits for a child that uses no CPU at all (blocked in a sleep or a lock): far
    /// beyond the time a busy scheduler leaves a runnable process without the CPU.
    static let blockedSlack = 5.0
    /// What a stopped child's message ends with: what the person reading it can do (the preview
    /// says "; rebuild it or press R to restart").
    nonisolated(unsafe) public static var stoppedHint = ""
    /// Asked every 20 ms while this host waits for its child; true ends the wait at once, the call
    /// abandoned and the child stopped (the preview: the user asked to quit while a plugin hung).
    public var abandonsWaiting: (() -> Bool)?
    /// What each new host starts with as ``abandonsWaiting`` (the preview sets it before it makes one).
    nonisolated(unsafe) public static var abandonsWaitingByDefault: (() -> Bool)?
    /// Whether a frame waits at most ``frameWait`` for the child: one not drawn by then shows the
    /// last frame drawn and the render goes on in the child, taken at a later frame (the
    /// interactive preview, whose keys must not wait for a plugin that blocks). Off, every frame is
    /// the one asked for (the commands, the scripted preview: their output is exact).
    public var answersWithoutWaiting = false
    /// What each new host starts with as ``answersWithoutWaiting`` (the interactive preview sets it).
    nonisolated(unsafe) public static var answersWithoutWaitingByDefault = false
    /// The longest a frame waits for its render when ``answersWithoutWaiting``: a frame at 60 Hz.
    public static let frameWait = 1.0 / 60
    /// Bytes of shared pixels: a frame as large as a command lets anyone ask for
    /// (``FrameSpec/maximumPixels``, 64 megapixels). Only the pages a frame writes take memory;
    /// at 8 megapixels, larger frames passed the commands' check and were refused here, naming no option.
    static let pixelCapacity = FrameSpec.maximumPixels * 4
    /// The child's subcommand.
    package static let subcommand = "plugin-host"
    /// The file descriptor the shared pixels arrive on in the child.
    package static let pixelDescriptor: Int32 = 3

    private var child: Child
    /// What the child's sandbox may read beside the system's files and the plugin's folder.
    private var readable: [String] = []
    /// The instances made and not destroyed: their parameters and last state, to be made again
    /// in a new child (``allowReading(_:)``).
    private var live: [Int: (parameters: String, state: PluginHostMessage.Request?)] = [:]
    /// What the plugin tried that its sandbox refused, in words, once per kind.
    public private(set) var refusals: [String] = []
    /// The CPU the child spent entering its sandbox, seconds (nil: it runs without one).
    package private(set) var sandboxSeconds: Double?
    private var pid: pid_t { child.pid }
    /// The child's process id (while it runs).
    public var processIdentifier: pid_t { pid }
    /// The CPU the zygote spent forking the child (nanoseconds), nil when it was spawned: with the
    /// child's own, its start's cost (`bench --only boundary`).
    package var zygoteNanoseconds: UInt64? { child.zygoteNanoseconds }
    private var socket: Int32 { child.socket }
    private var pixels: UnsafeMutableRawPointer { child.pixels }
    private var nextInstance = 0
    /// The child was waited for: its pid may belong to another process now, so it is never signalled again.
    private var reaped = false
    /// A render sent without waiting and not answered yet: its hang watch, its step's words and
    /// its size in pixels (``answersWithoutWaiting``).
    private var pending: (watch: HangWatch, step: String, instance: Int, width: Int, height: Int)?
    /// The last frame an unwaited render drew, by instance, to show while the next one is drawn.
    private var lastDrawn: [Int: (pixels: Data, width: Int, height: Int)] = [:]

    /// Starts a child that loads the plugin at `path` (from a private copy) and says what it is.
    /// A spare child waiting in `SparePluginHosts.shared` is used when there is one: it has
    /// started already.
    public convenience init(path: String, frameLimit: Double = PluginHostProcess.defaultFrameLimit) throws(PluginError) {
        try self.init(path: path, frameLimit: frameLimit, spares: .shared)
    }

    /// ``init(path:frameLimit:)`` taking its child from `spares` when one waits there.
    package init(path: String, frameLimit: Double = PluginHostProcess.defaultFrameLimit, spares: SparePluginHosts) throws(PluginError) {
        self.path = path
        self.frameLimit = frameLimit
        abandonsWaiting = Self.abandonsWaitingByDefault
        answersWithoutWaiting = Self.answersWithoutWaitingByDefault
        func fail(_ why: String) -> PluginError { PluginError(file: path, reason: .reported(why)) }
        readable = PluginPermissions.declaredReadable(byBundleOf: path)
        child = try Self.child(loading: path, readable: readable, from: spares)
        info = PluginInfo(indicator: IndicatorInfo(id: "", name: "", version: "", summary: ""), parameters: [], abiVersion: 0, path: path)

        let hello = try receive(deadline: Self.startDeadline, step: "loading")
        if let error = hello.error { throw PluginError(file: path, reason: .reported(error)) }
        var specs: [ParameterSpec] = []
        for parameter in hello.parameters ?? [] {
            // try?: the decoding error is replaced by one naming the plugin's file.
            guard let spec = try? parameter.spec() else { throw fail("the plugin host reported a parameter it cannot describe") }
            specs.append(spec)
        }
        info = PluginInfo(indicator: IndicatorInfo(id: hello.id ?? "", name: hello.name ?? "", version: hello.version ?? "", summary: hello.summary ?? ""),
                          parameters: specs, abiVersion: hello.abiVersion ?? 0, path: path, mirrorsForRightToLeft: hello.mirrors ?? false,
                          placement: hello.placement.flatMap(IndicatorPlacement.init(rawValue:)) ?? .push)
        info.sdkVersion = hello.sdkVersion
        info.drawnLocales = hello.locales ?? []
        sandboxSeconds = hello.sandboxSeconds
    }

    deinit {
        // Whatever the child is doing, it ends now: its memory (the library) goes with it.
        child.end(reaped: reaped)
    }

    /// ``failure``: why the child can draw no more.
    public var stopped: PluginError? { failure }

    /// Makes an indicator in the child from a parameters JSON object.
    public func makeIndicator(parametersJSON: String) throws(PluginError) -> RemoteIndicator {
        let values: ParameterValues
        do {
            values = try ParameterValues(specs: info.parameters, json: parametersJSON)
        } catch {
            throw PluginError(file: path, reason: .invalidParameters(error.description))
        }
        try allowReading(PluginSandbox.paths(namedBy: values, defaults: info.parameters))
        nextInstance += 1
        let reply = try call(.create(instance: nextInstance, parameters: values.json), deadline: Self.startDeadline, step: "create")
        if let error = reply.error { throw PluginError(file: path, reason: .createFailed(error)) }
        live[nextInstance] = (values.json, nil)
        guard let length = reply.refreshLength, length.isFinite, length > 0 else {
            throw PluginError(file: path, reason: .invalidRefreshLength(reply.refreshLength ?? .nan))
        }
        let indicator = RemoteIndicator(host: self, instance: nextInstance, parameters: values, refreshLength: length)
        indicator.refreshingPeriod = RemoteIndicator.checkedPeriod(reply.refreshingPeriod)
        indicator.inactiveParameters = RemoteIndicator.checkedInactive(reply.inactive ?? [], declared: info.parameters)
        return indicator
    }

    /// Starts the child again with `paths` readable too when its sandbox cannot read them (a
    /// sandbox only ever narrows, so a file the child was not started with needs a new child),
    /// and makes its live instances again there, each in its last state.
    private func allowReading(_ paths: [String]) throws(PluginError) {
        guard PluginSandbox.isEnabled, !Set(paths).isSubset(of: readable) else { return }
        if pending != nil { _ = try collect(waitingUpTo: nil) }
        try takeOwedReplies()
        let widened = Array(Set(readable + paths)).sorted()
        let fresh = try Self.child(loading: path, readable: widened, from: .shared)
        child.end(reaped: reaped)
        (child, reaped, readable) = (fresh, false, widened)
        let hello = try receive(deadline: Self.startDeadline, step: "loading")
        if let error = hello.error { throw PluginError(file: path, reason: .reported(error)) }
        for (instance, made) in live.sorted(by: { $0.key < $1.key }) {
            let reply = try call(.create(instance: instance, parameters: made.parameters), deadline: Self.startDeadline, step: "create")
            if let error = reply.error { throw PluginError(file: path, reason: .createFailed(error)) }
            if let state = made.state { try send(withoutWaiting: state, step: "set_state") }
        }
    }

    /// Sends `request` and waits for its reply; a hang or a crash ends the child and becomes ``failure``.
    func call(_ request: PluginHostMessage.Request, deadline: Double, step: String) throws(PluginError) -> PluginHostMessage.Reply {
        try post(request, step: step)
        try takeOwedReplies()
        return try receive(deadline: deadline, step: step)
    }

    /// Sends `request` to a child that has not failed, after the reply to a render not waited
    /// for (replies come in order).
    private func post(_ request: PluginHostMessage.Request, step: String) throws(PluginError) {
        if let failure { throw failure }
        if pending != nil { _ = try collect(waitingUpTo: nil) }
        do { try PluginHostMessage.send(request, on: socket) } catch { throw stopped(step: step, because: .closed) }
        switch request {
        case .state(let instance, _, _, _): live[instance]?.state = request
        case .destroy(let instance): live[instance] = nil
        default: break
        }
    }

    /// The steps of requests sent without waiting (``send(withoutWaiting:step:)``), oldest first.
    private var owed: [String] = []

    /// Sends `request` and goes on: its reply is taken, in order, by the next request's exchange.
    /// For a state change, which the next frame follows at once: the child sets the state while
    /// the host prepares the frame, and the frame costs one round trip, not two. A crash or hang
    /// while the child handles it is still reported with `step`.
    func send(withoutWaiting request: PluginHostMessage.Request, step: String) throws(PluginError) {
        try post(request, step: step)
        owed.append(step)
    }

    /// Takes the replies to requests sent without waiting (their errors were never waited for either).
    private func takeOwedReplies() throws(PluginError) {
        while !owed.isEmpty { _ = try receive(deadline: frameLimit, step: owed.removeFirst()) }
    }

    private func receive(deadline: Double, step: String) throws(PluginError) -> PluginHostMessage.Reply {
        if let overrun = waitForAnswer(cpuLimit: deadline) { throw stopped(step: step, because: .timedOut, overrun: overrun) }
        let reply: PluginHostMessage.Reply
        do {
            // It has begun to answer: the rest of the reply follows at once.
            reply = try PluginHostMessage.receiveReply(from: socket, deadline: Date(timeIntervalSinceNow: deadline + Self.blockedSlack))
        } catch {
            throw stopped(step: step, because: error, overrun: "did not finish its reply in \(HangWatch.seconds(deadline + Self.blockedSlack))")
        }
        // A signal the plugin sent this process before it answered is pending by now: its fault, whatever it answered.
        TemporaryPaths.takePendingStopSignals()
        if TemporaryPaths.signalSent(by: pid) != nil { throw stopped(step: step, because: .closed) }
        if let lines = reply.log, !lines.isEmpty { logLines = Array((logLines + lines.map(PluginError.printable)).suffix(100)) }
        if let refused = reply.refused {
            refusals += PluginSandbox.tellRefused(refused, plugin: path).filter { !refusals.contains($0) }
        }
        if let missing = reply.unconfined {
            PluginSandbox.tell("plugins run without \(missing): this kernel lacks it", once: "unconfined")
        }
        return reply
    }

    /// Waits until the child's answer begins (or the child is gone); what it overran when it is hung
    /// (``HangWatch``: `cpuLimit` of CPU time, or ``blockedSlack`` without using the CPU).
    private func waitForAnswer(cpuLimit: Double) -> String? {
        var watch = HangWatch(pid: pid, cpuLimit: cpuLimit, blockedLimit: Self.blockedSlack)
        while true {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 20)
            if ready > 0 || (ready < 0 && errno != EINTR) { return nil }
            if abandonsWaiting?() == true { return "was abandoned: the host is quitting" }
            if let overrun = watch.overrun() { return "took over \(overrun)" }
        }
    }

    /// Ends the child after a failed exchange and records why, naming the signal of a crash.
    private func stopped(step: String, because failure: PluginHostMessage.Failure, overrun: String = "") -> PluginError {
        var why: String
        switch failure {
        case .timedOut: why = "\(step) \(overrun); the plugin host was stopped"
        case .malformed(let detail): why = "\(step): the plugin host answered nonsense (\(detail)); it was stopped"
        case .closed: why = "the plugin host ended during \(step)"
        }
        kill(-pid, SIGKILL)  // and what its plugin started
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        let signal = status & 0x7f
        if case .closed = failure {
            if let sent = TemporaryPaths.signalSent(by: pid) {
                why = "sent the process hosting it \(String(cString: strsignal(sent))) (signal \(sent)) during \(step); a plugin must not signal its host, so its plugin host was stopped"
            } else if signal != 0 && signal != SIGKILL {
                why = "crashed with signal \(signal) (\(strsignal(signal).map { String(cString: $0) } ?? "?")) during \(step)"
            } else if signal == 0 {
                why += " (exit status \((status >> 8) & 0xff))"
            }
        }
        TemporaryPaths.forgetPluginHost(pid)  // reaped: the number may be another process's soon
        let error = PluginError(file: path, reason: .reported(why + Self.stoppedHint))
        self.failure = error
        return error
    }

    /// Whether a render sent without waiting is still being drawn.
    public var isDrawing: Bool { pending != nil }

    /// Sends a render and waits for it at most ``frameWait``; see ``collect(waitingUpTo:)``.
    func renderWithoutWaiting(_ request: PluginHostMessage.Request, step: String, instance: Int, width: Int, height: Int) throws(PluginError) -> Bool {
        precondition(pending == nil, "a render is still being drawn")
        try post(request, step: step)
        try takeOwedReplies()
        pending = (HangWatch(pid: pid, cpuLimit: frameLimit, blockedLimit: Self.blockedSlack), step, instance, width, height)
        return try collect(waitingUpTo: Self.frameWait)
    }

    /// Takes the answer to the render sent without waiting when it comes within `wait` seconds
    /// (nil: however long, as the hang watch allows); true when it came (its pixels are kept as the
    /// last drawn). A render over its CPU limit, or blocked past ``blockedSlack``, stops the child
    /// as a waited-for call would.
    func collect(waitingUpTo wait: Double?) throws(PluginError) -> Bool {
        guard let waiting = pending else { return true }
        var watch = waiting.watch
        let (step, instance, width, height) = (waiting.step, waiting.instance, waiting.width, waiting.height)
        let started = ProcessClock.monotonic
        while true {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = wait.map { max(0, $0 - (ProcessClock.monotonic - started)) } ?? 0.02
            let ready = poll(&poller, 1, Int32(min(left, 0.02) * 1000))
            if ready > 0 || (ready < 0 && errno != EINTR) { break }
            if let overrun = watch.overrun() {
                pending = nil
                throw stopped(step: step, because: .timedOut, overrun: "took over \(overrun)")
            }
            if let wait, ProcessClock.monotonic - started >= wait {
                pending = (watch, step, instance, width, height)  // the watch goes on from where it was
                return false
            }
        }
        pending = nil
        let reply = try receive(deadline: frameLimit, step: step)
        if let error = reply.error { throw PluginError(file: path, reason: .renderFailed(error)) }
        lastDrawn[instance] = (Data(bytes: pixels, count: width * height * 4), width, height)
        return true
    }

    /// Lets go of the last frame `instance` drew (it is destroyed).
    func forgetDrawn(_ instance: Int) { lastDrawn[instance] = nil }

    /// Paints the last frame an unwaited render of `instance` drew (if any, and of this size) onto `canvas`.
    func paintLastDrawn(of instance: Int, width: Int, height: Int, scale: Double, onto canvas: Canvas) {
        guard var last = lastDrawn[instance], last.width == width, last.height == height else { return }
        last.pixels.withUnsafeMutableBytes { bytes in
            Self.paint(bytes.baseAddress!, width: width, height: height, scale: scale, onto: canvas)
        }
    }

    /// Puts `patch`'s pixels where the child will draw over them.
    func copyIn(_ patch: SurfacePatch) { patch.copy(into: pixels) }

    /// Puts back what the child drew over `patch`'s pixels.
    func copyOut(_ patch: SurfacePatch) { patch.copyBack(from: pixels) }

    /// Paints the shared pixels, `width` × `height`, onto `canvas` at its origin, one pixel per device pixel at `scale`.
    func paint(width: Int, height: Int, scale: Double, onto canvas: Canvas) {
        Self.paint(pixels, width: width, height: height, scale: scale, onto: canvas)
    }

    /// Paints `bytes`, `width` × `height` premultiplied ARGB pixels, onto `canvas` at its origin.
    private static func paint(_ bytes: UnsafeMutableRawPointer, width: Int, height: Int, scale: Double, onto canvas: Canvas) {
        guard let surface = cairo_image_surface_create_for_data(bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(width * 4)) else { return }
        defer { cairo_surface_destroy(surface) }
        let cr = canvas.cairoContext
        cairo_save(cr)
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
