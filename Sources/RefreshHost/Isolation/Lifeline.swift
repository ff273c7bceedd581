import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child of ours ends with its parent, whatever the child is doing (a plugin spinning in
/// `render` included): the parent hands the child a lifeline, a pipe or socket whose other end only
/// the parent holds, and a thread in the child ends the process when it hangs up. The kernel closes
/// the parent's end however the parent ends, SIGKILL included. Unlike `PR_SET_PDEATHSIG` this does
/// not depend on which of the parent's threads started the child (that signal fires when the
/// starting thread ends, and a dispatch thread may end at any time).
package enum Lifeline {
    /// For the parent: a pipe to give as the child's standard input. Keep it (and so its write end)
    /// until the child has ended; the child never reads it.
    package static func pipe() -> Pipe { Pipe() }

    /// For the child: ends this process, at once, as soon as `descriptor` hangs up.
    package static func exitWhenClosed(_ descriptor: Int32) {
        let thread = Thread {
            // POLLRDHUP: the other end closed; POLLHUP, POLLERR, POLLNVAL come whether asked or not.
            var entry = pollfd(fd: descriptor, events: Int16(0x2000), revents: 0)
            while true {
                entry.revents = 0
                if poll(&entry, 1, -1) < 0 && errno == EINTR { continue }
                if entry.revents != 0 { _exit(1) }
            }
        }
        thread.start()
    }
}
