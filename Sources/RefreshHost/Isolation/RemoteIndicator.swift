import CCairo
import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// An indicator whose plugin runs in a ``PluginHostProcess``: state changes and frames go to the
/// child; a frame comes back as pixels painted where the plugin would have drawn.
public final class RemoteIndicator: HostedIndicator {
    /// The child holding the plugin.
    public let host: PluginHostProcess
    /// The values it was made with.
    public let parameters: ParameterValues
    /// Its refresh length, checked to be finite and > 0.
    public let refreshLength: Double
    /// What the plugin says of its refreshing period (``HostedIndicator/refreshingPeriod``).
    public internal(set) var refreshingPeriod: Double?
    /// What the plugin says of its parameters that change nothing (``HostedIndicator/inactiveParameters``).
    public internal(set) var inactiveParameters: [String] = []
    private let instance: Int
    private var closed = false

    init(host: PluginHostProcess, instance: Int, parameters: ParameterValues, refreshLength: Double) {
        self.host = host
        self.instance = instance
        self.parameters = parameters
        self.refreshLength = refreshLength
    }

    deinit {
        // try?: a child that is gone or hung has nothing left to destroy; the host process reaps it.
        // Not while the child draws a frame not waited for: the instance goes with the child.
        if !closed && !host.isDrawing { _ = try? host.call(.destroy(instance: instance), deadline: host.frameLimit, step: "destroy") }
        host.forgetDrawn(instance)
    }

    /// Destroys the plugin's instance now and throws what went wrong in its `destroy` (a crash, a
    /// hang), for a command that reports the plugin's faults to the end; a second call does nothing.
    /// Without it, the instance is destroyed when the indicator goes away, and such a fault is silent.
    public func close() throws(PluginError) {
        guard !closed else { return }
        closed = true
        _ = try host.call(.destroy(instance: instance), deadline: host.frameLimit, step: "destroy")
    }

    /// The state the container set; passed on to the plugin when it changes.
    public var refreshState: RefreshState = .unknown {
        didSet {
            let codes = CFrame.codes(refreshState)
            guard codes != CFrame.codes(oldValue) else { return }
            // Not waiting on a frame being drawn: the state goes before the next render.
            if host.isDrawing { return stateUnsent = true }
            sendState()
        }
    }

    /// Whether a state set while the child drew a frame not waited for is still to be sent
    /// (before the next render).
    private var stateUnsent = false

    private func sendState() {
        stateUnsent = false
        let codes = CFrame.codes(refreshState)
        // try?: a child that fails here fails the next draw too, and that is where the failure is reported.
        try? host.send(withoutWaiting: .state(instance: instance, state: codes.state, result: codes.result, progress: Self.progress(of: refreshState)),
                       step: "set_state")
    }

    private static func progress(of state: RefreshState) -> Double {
        if case .pulling(let progress) = state { return progress }
        return 0
    }

    /// The plugin's identity.
    public var info: IndicatorInfo { host.info.indicator }

    /// The plugin's `describe` in the child, or `StateDescription`'s words when it has none or
    /// the child does not answer.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        let codes = CFrame.codes(state)
        // A child drawing a frame not waited for is not waited for here either: the standard words.
        if host.isDrawing { return StateDescription.text(for: state, edge: edge, locale: locale) }
        // try?: a child that cannot describe the state gets the standard words, as the doc comment says.
        let reply = try? host.call(.describe(instance: instance, state: codes.state, result: codes.result, edge: edge.rawValue, locale: locale),
                                   deadline: host.frameLimit, step: "describe")
        return reply?.text ?? StateDescription.text(for: state, edge: edge, locale: locale)
    }

    /// Has the child draw `frame` and paints the result at the canvas's origin.
    public func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) {
        let width = Int((frame.size.width * frame.scale).rounded(.up)), height = Int((frame.size.height * frame.scale).rounded(.up))
        guard width > 0, height > 0 else { return }
        guard width * height * 4 <= PluginHostProcess.pixelCapacity else {
            throw PluginError(file: host.path, reason: .renderFailed("a frame of \(width)×\(height) px is larger than the plugin host's \(PluginHostProcess.pixelCapacity >> 20) MB of pixels"))
        }
        if host.answersWithoutWaiting && !waitsForEveryFrame { return try drawWithoutWaiting(in: canvas, frame: frame, width: width, height: height) }
        // Over the host's own pixels when it has them (the same bytes as in-process), else on a
        // clear surface painted over the canvas.
        let patch = SurfacePatch(canvas: canvas, size: frame.size).flatMap { $0.byteCount <= PluginHostProcess.pixelCapacity ? $0 : nil }
        patch.map(host.copyIn)
        let reply = try host.call(.render(instance: instance, frame: PluginHostMessage.Frame(frame), pixelWidth: patch?.width ?? width,
                                          pixelHeight: patch?.height ?? height, target: patch?.target),
                                  deadline: host.frameLimit, step: RenderStep.describe(frame.state, time: frame.stateTime))
        if let error = reply.error { throw PluginError(file: host.path, reason: .renderFailed(error)) }
        if let patch { host.copyOut(patch) } else { host.paint(width: width, height: height, scale: frame.scale, onto: canvas) }
    }

    /// Has the child record `frame`'s drawing (``HostedIndicator/recordDrawing(frame:)``) and
    /// returns the SVG it wrote; a frame still being drawn is waited for first.
    public func recordDrawing(frame: IndicatorFrame) throws(PluginError) -> String {
        _ = try host.collect(waitingUpTo: nil)
        if stateUnsent { sendState() }
        let reply = try host.call(.record(instance: instance, frame: PluginHostMessage.Frame(frame)), deadline: host.frameLimit,
                                  step: "recording " + RenderStep.describe(frame.state, time: frame.stateTime))
        if let error = reply.error { throw PluginError(file: host.path, reason: .renderFailed(error)) }
        return reply.text ?? ""
    }

    private var waitsForEveryFrame = false

    /// Runs `body` with every frame of this indicator waited for, whatever its host's
    /// ``PluginHostProcess/answersWithoutWaiting``: for a frame that is kept (a thumbnail).
    public func waitingForEveryFrame<T>(_ body: () throws -> T) rethrows -> T {
        let before = waitsForEveryFrame
        waitsForEveryFrame = true
        defer { waitsForEveryFrame = before }
        return try body()
    }

    /// Whether the last frame drawn was an earlier one: the child had not answered within a
    /// frame (``PluginHostProcess/answersWithoutWaiting``).
    public private(set) var isWaiting = false

    /// ``draw(in:frame:)`` for a host that answers without waiting: the render goes to the child
    /// on a clear surface; what it has not drawn within a frame is taken at a later frame, and
    /// meanwhile the last frame it drew is shown.
    private func drawWithoutWaiting(in canvas: Canvas, frame: IndicatorFrame, width: Int, height: Int) throws(PluginError) {
        // A render still being drawn: its frame when it has come, else the last one.
        if host.isDrawing {
            isWaiting = !(try host.collect(waitingUpTo: PluginHostProcess.frameWait))
            host.paintLastDrawn(of: instance, width: width, height: height, scale: frame.scale, onto: canvas)
            return
        }
        if stateUnsent { sendState() }
        let request = PluginHostMessage.Request.render(instance: instance, frame: PluginHostMessage.Frame(frame), pixelWidth: width,
                                                       pixelHeight: height, target: nil)
        isWaiting = !(try host.renderWithoutWaiting(request, step: RenderStep.describe(frame.state, time: frame.stateTime), instance: instance,
                                                          width: width, height: height))
        host.paintLastDrawn(of: instance, width: width, height: height, scale: frame.scale, onto: canvas)
    }
}
