import CCairo
import CProcessControl
import Foundation
import RefreshSystem
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// The child side of ``PluginHostProcess`` (`refresh-plugin-host plugin-host LIBRARY`): loads the plugin
/// from a private copy, says what it is, then answers requests until the host closes the socket.
/// Standard input and output are the socket; they are moved aside first, so a plugin that prints
/// writes to standard error instead of into the conversation.
package enum PluginHostServer {
    /// Serves the plugin at `path` (``PluginHostProcess/pathFollows``: at the path the first
    /// request names); returns the exit status.
    package static func serve(path given: String) -> Int32 {
        let socket = dup(0)
        Lifeline.exitWhenClosed(socket)  // the host holds the other end
        PluginCrashReport.uninstall()  // the host names a crash, with the step
        let quiet = open("/dev/null", O_RDONLY)
        dup2(quiet, 0)
        dup2(2, 1)
        close(quiet)
        let pixelsFD = PluginHostProcess.pixelDescriptor
        guard socket >= 0, let pixels = mmap(nil, PluginHostProcess.pixelCapacity, PROT_READ | PROT_WRITE, MAP_SHARED, pixelsFD, 0), pixels != MAP_FAILED else {
            FileHandle.standardError.write(Data("plugin-host: no socket or shared pixels (run by the preview, not by hand)\n".utf8))
            return 2
        }
        close(pixelsFD)

        var path = given
        var readable: [String] = []
        if given == PluginHostProcess.pathFollows {
            // A spare: started while the host was still finding out which plugin it needs.
            // try?: a host that closed the socket (or sent anything else) has no plugin for it; the child ends.
            guard case .load(let named, let files)? = try? PluginHostMessage.receiveRequest(from: socket) else { return 0 }
            (path, readable) = (named, files)
        }
        // Confined before the library is read, so its constructors are too.
        let entering = ProcessClock.seconds(CLOCK_THREAD_CPUTIME_ID)
        let unconfined = PluginSandbox.isEnabled ? PluginSandbox.enter(libraries: [path], readable: readable) : nil
        let sandboxSeconds = ProcessClock.seconds(CLOCK_THREAD_CPUTIME_ID) - entering
        let library: PluginLibrary
        do {
            library = try HotReloadingPlugin.loadCopy(of: path)
        } catch {
            var failed = PluginHostMessage.Reply(error: error.reasonDescription)
            failed.refused = refusedSinceLastReply()
            // try?: the parent reads a closed socket as the child's failure and names the plugin; nothing more can be said.
            try? PluginHostMessage.send(failed, on: socket)
            return 0
        }
        let i = library.info
        var hello = PluginHostMessage.Reply(id: i.indicator.id, name: i.indicator.name, version: i.indicator.version, summary: i.indicator.summary)
        hello.abiVersion = i.abiVersion
        hello.mirrors = i.mirrorsForRightToLeft ? true : nil
        hello.placement = i.placement == .push ? nil : i.placement.rawValue
        hello.sdkVersion = i.sdkVersion
        hello.locales = i.drawnLocales.isEmpty ? nil : i.drawnLocales
        hello.parameters = i.parameters.map(PluginManifest.Parameter.init(describing:))
        hello.unconfined = unconfined
        hello.sandboxSeconds = PluginSandbox.isEnabled ? sandboxSeconds : nil
        hello.refused = refusedSinceLastReply()
        // try?: a parent that stopped listening is gone; the child ends.
        guard (try? PluginHostMessage.send(hello, on: socket)) != nil else { return 0 }
        // The loop runs on the library's own thread: every call into the plugin is made there, without a hop.
        return library.thread.run { answerRequests(library, socket: socket, pixels: pixels) }
    }

    /// Runs once in the zygote, before it forks: each kind of message through a socket of its
    /// own, a reply with parameters and a parameters object read against specs of every kind, so
    /// the Swift runtime's metadata and Foundation's coders are made once there and every forked
    /// child starts with them (about a third of a forked child's start, made there each time).
    package static func warmUp() {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return }
        defer { ends.forEach { close($0) } }
        let specs = ParameterSpec.list(Parameter.number("n", default: 1, range: 0...2, help: ""), Parameter.color("c", default: "#000000", help: ""),
                                       Parameter.bool("b", default: true, help: ""), Parameter.choice("o", default: "a", options: ["a"], help: ""))
        // try?: a warm-up that fails only leaves the children to do the same work themselves.
        _ = try? ParameterValues(specs: specs, json: ##"{"n": 1.5, "c": "#FFFFFF", "b": false, "o": "a"}"##)
        let frame = PluginHostMessage.Frame(width: 1, height: 1, scale: 1, edge: "top", state: 0, result: 0, progress: 0, pull: 0, rawPull: 0, time: 0,
                                            stateTime: 0, dark: false, reduceMotion: false, rightToLeft: false, locale: "en", placement: 0,
                                            drawX: 0, drawY: 0, drawWidth: 0, drawHeight: 0, secondaryProgress: 0)
        let requests: [PluginHostMessage.Request] = [.load(path: "/", readable: ["/"]), .create(instance: 1, parameters: "{}"), .state(instance: 1, state: 0, result: 0, progress: 0),
                                                     .render(instance: 1, frame: frame, pixelWidth: 1, pixelHeight: 1, target: nil),
                                                     .record(instance: 1, frame: frame), .destroy(instance: 1),
                                                     .describe(instance: 1, state: 0, result: 0, edge: "top", locale: "en")]
        var hello = PluginHostMessage.Reply(id: "i", name: "n", version: "1", summary: "s")
        hello.parameters = specs.map(PluginManifest.Parameter.init(describing:))
        hello.log = ["l"]
        _ = PluginError.printable("/é")  // the crash label's words: Unicode's tables
        PluginSandbox.prepare()
        _ = refreshkit_sandbox_prepare_calls()  // every forked child loads this filter, not builds it
        func exchange() throws(PluginHostMessage.Failure) {
            for request in requests {
                try PluginHostMessage.send(request, on: ends[0])
                _ = try PluginHostMessage.receiveRequest(from: ends[1])
            }
            try PluginHostMessage.send(hello, on: ends[1])
            _ = try PluginHostMessage.receiveReply(from: ends[0], deadline: Date().addingTimeInterval(1))
        }
        // try?: as above, a failed warm-up costs each child its own.
        try? exchange()
    }

    /// The system calls the sandbox refused since the last reply; nil when none.
    private static func refusedSinceLastReply() -> [String]? {
        let refused = PluginSandbox.takeRefused()
        return refused.isEmpty ? nil : refused
    }

    /// Answers the host's requests until it closes the socket; the exit status.
    private static func answerRequests(_ library: PluginLibrary, socket: Int32, pixels: UnsafeMutableRawPointer) -> Int32 {
        var instances: [Int: PluginIndicator] = [:]
        var logged = library.log.written.total
        while true {
            let request: PluginHostMessage.Request
            do {
                request = try PluginHostMessage.receiveRequest(from: socket)
            } catch {
                return 0  // the host closed the socket (or sent nonsense): done
            }
            var reply = PluginHostMessage.Reply()
            switch request {
            case .load:
                reply.error = "the plugin is loaded already"
            case .create(let instance, let parameters):
                do {
                    let made = try library.makeIndicator(parametersJSON: parameters)
                    instances[instance] = made
                    reply.refreshLength = made.refreshLength
                    reply.refreshingPeriod = made.refreshingPeriod
                    reply.inactive = made.inactiveParameters.isEmpty ? nil : made.inactiveParameters
                } catch {
                    // The host wraps the answer as a create failure: its own words only.
                    if case .createFailed(let why) = error.reason { reply.error = PluginError.printable(why) } else { reply.error = error.reasonDescription }
                }
            case .state(let instance, let state, let result, let progress):
                instances[instance]?.refreshState = CFrame.state(state, result, progress: progress)
            case .render(let instance, let frame, let width, let height, let target):
                reply.error = render(instances[instance], frame.indicatorFrame, width: width, height: height, target: target, into: pixels)
            case .record(let instance, let frame):
                do throws(PluginError) {
                    guard let indicator = instances[instance] else { throw PluginError(file: library.info.path, reason: .renderFailed("no such instance")) }
                    let svg = try indicator.recordDrawing(frame: frame.indicatorFrame)
                    // Room for the rest of the reply within one message.
                    if svg.utf8.count > PluginHostMessage.sizeLimit - 65_536 {
                        reply.error = "the frame's drawing recorded as \(svg.utf8.count >> 10) KB of SVG, more than the \(PluginHostMessage.sizeLimit >> 20) MB a message may carry"
                    } else {
                        reply.text = svg
                    }
                } catch {
                    if case .renderFailed(let why) = error.reason { reply.error = PluginError.printable(why.isEmpty ? "(no reason given)" : why) } else { reply.error = error.reasonDescription }
                }
            case .destroy(let instance):
                instances[instance] = nil
            case .describe(let instance, let state, let result, let edge, let locale):
                reply.text = instances[instance]?.pluginDescription(CFrame.state(state, result), edge: RefreshEdge(rawValue: edge) ?? .top, locale: locale)
            }
            reply.refused = refusedSinceLastReply()
            let (total, lines) = library.log.written
            if total != logged {
                reply.log = Array(lines.suffix(min(lines.count, total - logged)))
                logged = total
            }
            // try?: a parent that stopped listening is gone; the child ends.
            guard (try? PluginHostMessage.send(reply, on: socket)) != nil else { return 0 }
        }
    }

    /// Draws `frame` on a transparent surface over the shared pixels; the error text, or nil.
    private static func render(_ indicator: PluginIndicator?, _ frame: IndicatorFrame, width: Int, height: Int, target: PluginHostMessage.Target?,
                               into pixels: UnsafeMutableRawPointer) -> String? {
        guard let indicator else { return "no such instance" }
        guard width > 0, height > 0, width * height * 4 <= PluginHostProcess.pixelCapacity else { return "a frame of \(width)×\(height) px does not fit" }
        if let target {
            // Over the host's pixels, set up as the host's canvas was.
            guard let canvas = SurfacePatch.canvas(over: pixels, width: width, height: height, target: target) else { return "the host's surface could not be copied" }
            do {
                try indicator.draw(in: canvas, frame: frame)
                cairo_surface_flush(cairo_get_target(canvas.cairoContext))
                return nil
            } catch {
                // The host wraps the answer as a render failure: its own words only, not "render failed: " twice.
                if case .renderFailed(let why) = error.reason { return PluginError.printable(why.isEmpty ? "(no reason given)" : why) }
                return error.reasonDescription
            }
        }
        guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(width * 4)) else { return "no surface" }
        let image = ImageSurface(owning: surface, scale: frame.scale)
        let canvas = Canvas(surface: image)
        canvas.clear(.clear)
        do {
            try indicator.draw(in: canvas, frame: frame)
            cairo_surface_flush(surface)
            return nil
        } catch {
            return error.reasonDescription
        }
    }
}
