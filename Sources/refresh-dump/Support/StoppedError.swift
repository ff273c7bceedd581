/// A command that stopped part-way because a plugin could draw no more: what happened, where the
/// command stopped, and what it kept (printed without the usage text a bad option gets; exit 2).
struct StoppedError: Error, CustomStringConvertible {
    /// The plugin's error, then where the command stopped.
    var description: String
}
