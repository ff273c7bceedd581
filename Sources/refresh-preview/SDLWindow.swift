import CSDL2
import Foundation
import RefreshGraphics
import RefreshHost
import RefreshPreviewSession

/// The preview's window: an SDL window whose whole content is one Cairo image, uploaded to a
/// streaming texture each frame. The only file that talks to SDL.
final class SDLWindow {
    /// Why the window could not open (no display, most often).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }


    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)
    /// Window size in points.
    private(set) var size: Size
    /// Pixels per point (the drawable size over the window size).
    private(set) var scale: Double
    /// Whether presenting waits for the display's refresh.
    let vsync: Bool

    /// Starts SDL's video and returns the display's refresh rate in Hz (0 when it does not say).
    static func start() throws -> Int {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw Failure(description: String(cString: SDL_GetError())) }
        // SDL put in handlers for SIGINT and SIGTERM, and ours go in front of them: they are the
        // host's now, not a plugin's doing.
        StopDeadline.install()
        PluginSideEffects.takeSnapshot()
        // Without a display SDL falls back to a window nobody can see; unless that was asked for
        // (SDL_VIDEODRIVER=offscreen), it means there is no display.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy"].contains(driver), ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            quit()
            throw Failure(description: "only SDL's \(driver) video driver is available")
        }
        var mode = SDL_DisplayMode()
        return SDL_GetCurrentDisplayMode(0, &mode) == 0 ? Int(mode.refresh_rate) : 0
    }

    /// Opens a window of `size` points (after ``start()``), presenting in step with the display
    /// when `vsync`, or throws why not.
    init(title: String, size: Size, vsync wantsVsync: Bool) throws {
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
        let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
            let reason = String(cString: SDL_GetError())
            Self.quit()
            throw Failure(description: reason)
        }
        self.window = window
        var renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | (wantsVsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0))
        if let accelerated = renderer, let rasterizer = Self.softwareOpenGL(accelerated) {
            // Every frame is drawn by Cairo already: OpenGL in software (Mesa's llvmpipe, as under
            // Xvfb) only adds an upload and a draw, about 40 % of a frame's CPU; SDL's own software
            // renderer copies the image to the window instead.
            SDL_DestroyRenderer(accelerated)
            // Without this SDL would show the software renderer's surface through OpenGL again.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
            print("note: OpenGL is \(rasterizer), drawn in software; the window is shown through SDL's software renderer instead")
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else {
            let reason = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            Self.quit()
            throw Failure(description: reason)
        }
        self.renderer = renderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // SDL's software renderer says it waits for the display when asked to, but nothing under it does.
        vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue == 0
        self.size = size
        var drawableWidth: Int32 = 0, drawableHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &drawableWidth, &drawableHeight)
        scale = max(1, Double(drawableWidth) / size.width)
    }

    /// The OpenGL renderer's name when `renderer` draws through OpenGL that a CPU rasterizes
    /// (Mesa's llvmpipe, softpipe or swrast); nil for a GPU or any other renderer.
    private static func softwareOpenGL(_ renderer: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name.map({ String(cString: $0) }), name.hasPrefix("opengl"),
              let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        // glGetString(GL_RENDERER), with the renderer's context current as SDL leaves it.
        let getString = unsafeBitCast(address, to: (@convention(c) (UInt32) -> UnsafePointer<UInt8>?).self)
        guard let text = getString(0x1F01) else { return nil }
        let rasterizer = String(cString: text)
        return ["llvmpipe", "softpipe", "swrast", "Software Rasterizer"].contains { rasterizer.contains($0) } ? rasterizer : nil
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        Self.quit()
    }

    /// Ends SDL, which puts back the signal handlers it replaced: the host's change again, so a
    /// plugin call after it (a scripted player dropped last) is not blamed for it.
    private static func quit() {
        StopDeadline.uninstall()
        SDL_Quit()
        PluginSideEffects.takeSnapshot()
    }

    /// Makes the window `size` points (the panel was shown or hidden).
    func resize(to newSize: Size) {
        guard newSize != size else { return }
        SDL_SetWindowSize(window, Int32(newSize.width), Int32(newSize.height))
        size = newSize
    }

    /// The largest window that fits the screen, in points.
    static func usableBounds() -> Size? {
        var rect = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &rect) == 0 else { return nil }
        return Size(width: Double(rect.w), height: Double(rect.h))
    }

    /// The events waiting, translated.
    /// Waits until an event is queued (it stays queued for ``poll()``) or `timeout` seconds pass;
    /// returns whether an event came.
    func waitForEvent(timeout: Double) -> Bool {
        SDL_WaitEventTimeout(nil, Int32(max(1, min(timeout, 10) * 1000))) == 1
    }

    /// Whether a quit is waiting among the events (the close button, SIGTERM or Q), left in
    /// the queue for ``poll()``: asked while the preview waits for a plugin's child, so a hung
    /// plugin never keeps the window from closing. False off the main thread (SDL's events are
    /// the main thread's).
    static func quitIsWaiting() -> Bool {
        guard Thread.isMainThread else { return false }
        SDL_PumpEvents()
        var events = [SDL_Event](repeating: SDL_Event(), count: 64)
        if SDL_PeepEvents(&events, 64, SDL_PEEKEVENT, SDL_QUIT.rawValue, SDL_QUIT.rawValue) > 0 { return true }
        let keys = Int(SDL_PeepEvents(&events, 64, SDL_PEEKEVENT, SDL_KEYDOWN.rawValue, SDL_KEYDOWN.rawValue))
        // Not Esc: it closes the help first, which the session decides, not the wait.
        return events.prefix(max(0, keys)).contains { UInt32(bitPattern: $0.key.keysym.sym) == UInt32(UInt8(ascii: "q")) }
    }

    /// The session's commands for the events waiting, each with the time it happened (on the
    /// clock of ``now``, to the millisecond SDL keeps): the mouse in window points, keys through
    /// the ``KeyMap`` (presses and text), the window's close button as quit.
    func poll(typing: Bool = false) -> [(command: PreviewCommand, time: Double)] {
        var commands: [PreviewCommand] = []
        var times: [Double] = []
        // SDL stamps events with its milliseconds since it started.
        let ticksToNow = Self.now - Double(SDL_GetTicks()) / 1000
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                StopDeadline.answer()
                commands.append(.quit)
            case SDL_KEYDOWN where typing:
                // A text field has the keys: only editing keys are commands.
                switch UInt32(bitPattern: event.key.keysym.sym) {
                case SDLK_BACKSPACE.rawValue: commands.append(.deleteBackward)
                case SDLK_a.rawValue where Int32(event.key.keysym.mod) & Int32(KMOD_CTRL.rawValue) != 0: commands.append(.selectAll)
                case SDLK_LEFT.rawValue: commands.append(.moveCaret(by: -1))
                case SDLK_RIGHT.rawValue: commands.append(.moveCaret(by: 1))
                case SDLK_HOME.rawValue: commands.append(.moveCaret(by: -Int(Int32.max)))
                case SDLK_END.rawValue: commands.append(.moveCaret(by: Int(Int32.max)))
                case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: commands.append(.retry)
                case SDLK_ESCAPE.rawValue: commands.append(.dismiss)
                default: break
                }
            case SDL_TEXTINPUT where typing:
                commands.append(.typed(withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }))
            case SDL_KEYDOWN:
                let shift = Int32(event.key.keysym.mod) & Int32(KMOD_SHIFT.rawValue) != 0
                if let key = Self.key(event.key.keysym.sym), let command = KeyMap.command(forPress: key, shift: shift) { commands.append(command) }
            case SDL_TEXTINPUT:
                let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if let command = KeyMap.command(forText: text) { commands.append(command) }
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                commands.append(.pointerDown(Point(x: Double(event.button.x), y: Double(event.button.y))))
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
                commands.append(.pointerUp)
            case SDL_MOUSEMOTION:
                commands.append(.pointerMoved(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
            case SDL_DROPFILE:
                // SDL hands over a copy the receiver frees.
                if let file = event.drop.file {
                    // Where it was dropped: the pointer, read now (a drag from another program sends no motion here).
                    var (px, py, wx, wy): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
                    SDL_GetGlobalMouseState(&px, &py)
                    SDL_GetWindowPosition(window, &wx, &wy)
                    commands.append(.pointerMoved(Point(x: Double(px - wx), y: Double(py - wy))))
                    commands.append(.open(String(cString: file)))
                    SDL_free(file)
                }
            case SDL_MOUSEWHEEL:
                // SDL's wheel is positive away from the user; 40 content points a notch.
                commands.append(.wheel(Point(x: -Double(event.wheel.preciseX) * 40, y: Double(event.wheel.preciseY) * 40)))
            default:
                break
            }
            // The commands this event made happened when SDL stamped it.
            times += Array(repeating: min(Self.now, Double(event.common.timestamp) / 1000 + ticksToNow), count: commands.count - times.count)
        }
        return Array(zip(commands, times))
    }

    /// Puts `text` on the system clipboard; false when SDL could not.
    static func setClipboard(_ text: String) -> Bool {
        SDL_SetClipboardText(text) == 0
    }

    /// The window-system-free key for an SDL key code.
    private static func key(_ code: Int32) -> KeyMap.Key? {
        switch UInt32(bitPattern: code) {
        case SDLK_ESCAPE.rawValue: return .escape
        case SDLK_LEFT.rawValue: return .left
        case SDLK_RIGHT.rawValue: return .right
        case SDLK_UP.rawValue: return .up
        case SDLK_DOWN.rawValue: return .down
        case SDLK_TAB.rawValue: return .tab
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: return .enter
        case SDLK_KP_PLUS.rawValue: return .keypadPlus
        case SDLK_KP_MINUS.rawValue: return .keypadMinus
        case 0x20..<0x7F: return .character(Character(Unicode.Scalar(UInt8(code))))
        default: return nil
        }
    }

    /// Shows `image` (the whole window, at the window's scale); with `capture`, returns the pixels
    /// the window shows as an image read back from the renderer.
    @discardableResult
    func present(_ image: ImageSurface, capture: Bool = false, beforeWaiting: () -> Void = {}) -> ImageSurface? {
        if texture == nil || textureSize != (image.width, image.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(image.width), Int32(image.height))
            textureSize = (image.width, image.height)
        }
        image.withPixels { pixels in
            _ = SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(image.bytesPerRow))
        }
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        var captured: ImageSurface?
        // try?: a shot that cannot be allocated leaves `captured` nil, and the caller says the window could not be read back.
        if capture, let shot = try? ImageSurface(width: image.width, height: image.height, scale: image.scale) {
            shot.withPixels { pixels in
                _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, pixels.baseAddress, Int32(shot.bytesPerRow))
            }
            captured = shot
        }
        beforeWaiting()
        SDL_RenderPresent(renderer)
        return captured
    }

    /// Seconds since SDL started, from its high-resolution counter.
    static var now: Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    /// Sleeps until `deadline` (seconds on ``now``): frame pacing where there is no vsync.
    static func wait(until deadline: Double) {
        // Sleep to within a fifth of a millisecond (the kernel's timers are that good), then spin:
        // a millisecond's spin each frame was CPU the recording's encoder could not have.
        let remaining = deadline - now
        if remaining > 0.0003 {
            var pause = timespec(tv_sec: 0, tv_nsec: Int((min(remaining, 0.5) - 0.0002) * 1e9))
            nanosleep(&pause, nil)
        }
        while now < deadline {}
    }
}
