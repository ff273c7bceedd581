import Foundation
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// A stop signal (SIGINT, SIGTERM) ends the preview even when its main loop cannot answer. SDL's
/// handlers turn the signal into a quit event, which the loop reads between frames; a plugin that
/// hangs inside the preview (`--in-process`) keeps the loop from ever reading it. This puts a
/// handler in front of SDL's that passes the signal on and starts a deadline: a loop that has not
/// ended ``grace`` seconds later is ended as refresh-dump ends a stopped command
/// (``TemporaryPaths/endByStopSignal(_:)``: children ended, temporary files removed, the signal's
/// status); a loop that read the quit in time ends the ordinary way, finishing its recordings.
enum StopDeadline {
    /// Seconds the main loop has to quit by itself after a stop signal.
    static let grace = 2.0
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// SDL's handlers, called first so the loop quits the ordinary way when it can.
    nonisolated(unsafe) private static var passedOn: [sigaction] = []
    /// Posted by the handler (`sem_post` is safe there); the deadline's thread waits on it.
    nonisolated(unsafe) private static var posted = sem_t()
    nonisolated(unsafe) private static var received: Int32 = 0
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
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                StopDeadline.received = signal
                if let index = StopDeadline.signals.firstIndex(of: signal),
                   let handler = StopDeadline.passedOn[index].__sigaction_handler.sa_handler,
                   unsafeBitCast(handler, to: Int.self) > 1 {  // not SIG_DFL (0) nor SIG_IGN (1)
                    handler(signal)
                }
                sem_post(&StopDeadline.posted)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    nonisolated(unsafe) private static var started = false

    private static func startDeadline() {
        let deadline = Thread {
            while sem_wait(&posted) != 0 {}
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
