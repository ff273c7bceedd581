import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// A stop signal (SIGINT, SIGTERM) ends the preview even when its main loop cannot answer. SDL's
/// handlers turn the signal into a quit event, which the loop reads between frames; a plugin that
/// hangs inside the preview (`--in-process`) keeps the loop from ever reading it. This puts a
/// handler in front of SDL's that notes the signal and its sender for a thread of its own, which
/// asks whether a plugin sent it (``TemporaryPaths/isPluginsSignal(from:_:)``: then the plugin's
/// host is stopped, its card shows why, and the preview goes on); else it passes the signal on to
/// SDL and starts a deadline: a loop that has not ended ``grace`` seconds later is ended as
/// refresh-dump ends a stopped command (``TemporaryPaths/endByStopSignal(_:)``: children ended,
/// temporary files removed, the signal's status); a loop that read the quit in time ends the
/// ordinary way, finishing its recordings. The other stop signals are the stop thread's
/// (``TemporaryPaths/removeOnStopSignals(leaving:)``).
enum StopDeadline {
    /// Seconds the main loop has to quit by itself after a stop signal.
    static let grace = 2.0
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// SDL's handlers, called first so the loop quits the ordinary way when it can.
    nonisolated(unsafe) private static var passedOn: [sigaction] = []
    /// Posted by the handler (`sem_post` is safe there); the deadline's thread waits on it.
    nonisolated(unsafe) private static var posted = sem_t()
    nonisolated(unsafe) private static var received: Int32 = 0
    /// Who sent it (0: the kernel, or a sender that did not say).
    nonisolated(unsafe) private static var sender: pid_t = 0
    /// Set once the loop has read the quit: it is ending by itself, recordings being finished
    /// included, and the deadline lets it.
    nonisolated(unsafe) private static var answered = false
    private static let answeredLock = NSLock()

    /// Puts the handlers in place; call after `SDL_Init`, whose handlers they pass signals on to.
    static func install() {
        if !started {
            started = true
            sem_init(&posted, 0, 0)
            startDeadline()
        }
        passedOn = signals.map { signal in
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            return previous
        }
        for signal in signals { takeOver(signal) }
    }

    /// Puts this handler in front of SDL's for `signal`.
    private static func takeOver(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, _ in
            StopDeadline.received = signal
            StopDeadline.sender = info.map { $0.pointee.si_code <= 0 ? $0.pointee._sifields._kill.si_pid : 0 } ?? 0
            sem_post(&StopDeadline.posted)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | SA_SIGINFO
        sigaction(signal, &action, nil)
    }

    /// Passes `signal` on to SDL's handler, from a thread (it only sets SDL's flag and puts its
    /// handler back in place of this one), then takes the signal over again.
    private static func passOn(_ signal: Int32) {
        if let index = signals.firstIndex(of: signal), let handler = passedOn[index].__sigaction_handler.sa_handler,
           unsafeBitCast(handler, to: Int.self) > 1 {  // not SIG_DFL (0) nor SIG_IGN (1)
            handler(signal)
        }
        takeOver(signal)
    }

    nonisolated(unsafe) private static var started = false

    private static func startDeadline() {
        let deadline = Thread {
            while true {
                while sem_wait(&posted) != 0 {}
                if received != 0, sender != 0, TemporaryPaths.isPluginsSignal(from: sender, received) { continue }
                break
            }
            passOn(received)
            var rest = timespec(tv_sec: Int(grace), tv_nsec: 0), left = timespec()
            while nanosleep(&rest, &left) != 0 { rest = left }
            if !answeredLock.withLock({ answered }) { TemporaryPaths.endByStopSignal(received) }
        }
        deadline.name = "refreshkit-stop-deadline"
        deadline.start()
    }

    /// Says the loop has read a quit and is ending by itself: the deadline does not end it.
    static func answer() { answeredLock.withLock { answered = true } }

    /// Puts SDL's handlers back, before SDL ends: SDL removes its handlers only where it finds them.
    static func uninstall() {
        for (signal, previous) in zip(signals, passedOn) {
            var previous = previous
            sigaction(signal, &previous, nil)
        }
    }
}
