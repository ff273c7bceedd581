import CProcessControl
import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// What a plugin may do in its plugin host: draw, and nothing else. The child enters it before the
/// plugin's library is loaded (its constructors run confined too), for the rest of its life:
/// - **files** (Landlock): read what loading and drawing need — the folders of the libraries the
///   child has mapped, the system's library, share and font folders, fontconfig's configuration and
///   caches, the plugin's own folder, the assets folder, and the files and folders the user's
///   parameter values name (``paths(namedBy:defaults:)``) — and write nowhere; no TCP, and no
///   signal or abstract socket outside the sandbox where the kernel scopes them (ABI 4, 6);
/// - **system calls** (seccomp, through libseccomp): sockets, programs, processes, signals to
///   other processes, tracing, mounts, namespaces, keyrings, BPF, io_uring and the like fail with
///   EPERM, and each is named once to the person running the tool (``describe(_:)``).
///
/// The refusals are caught by a SIGSYS handler in the child (`SECCOMP_RET_TRAP`), not by a
/// supervisor on the tool's side (user notification): the call fails at once with no round trip,
/// and the child reports what it refused in its next reply, which every request waits for anyway.
/// A plugin cannot take SIGSYS's handler away (that call is refused too); it could at most hide a
/// refusal by writing over the child's memory, never undo one.
package enum PluginSandbox {
    /// The environment variable that turns the sandbox off in the children a tool starts
    /// (`--no-sandbox`; `--in-process` has no child to confine).
    package static let offSwitch = "REFRESHKIT_NO_SANDBOX"

    /// Whether children started from now on are confined.
    package static var isEnabled: Bool { getenv(offSwitch).map { String(cString: $0) } != "1" }

    /// Turns the sandbox off for the children this process starts from now on (the zygote, and
    /// so every child it forks, reads it as it starts), and says so once.
    package static func turnOff() {
        setenv(offSwitch, "1", 1)
        sayUnconfined(because: "--no-sandbox")
    }

    /// Says once, on standard error, that plugins run unconfined and why.
    package static func sayUnconfined(because why: String) {
        tell("\(why): plugins run unconfined (they may read and write your files, use the network and start programs)", once: "unconfined")
    }

    /// What every plugin may read, beside its own folder and the files its parameters name:
    /// found once in the zygote (``PluginHostServer/warmUp()``), so that a child forked from it
    /// starts with the list (finding it costs 10 ms of CPU; the sandbox itself under 1 ms).
    package static let systemReadable: [String] = findSystemReadable()

    /// In the zygote, before it forks: opens ``systemReadable`` once, so that a child forked after
    /// rules on places already open instead of walking each path again (some 150 µs a child).
    /// `/proc/self` is left to each child: opened here, it would be the zygote's.
    package static func prepare() {
        let pointers = systemReadable.filter { !isPerProcess($0) }.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        _ = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { refreshkit_sandbox_prepare_files($0.baseAddress, Int32($0.count)) }
    }

    /// Whether `path` names something of the process that opens it (`/proc/self`).
    private static func isPerProcess(_ path: String) -> Bool { path.hasPrefix("/proc/") }

    private static func findSystemReadable() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? ""
        // A relative XDG folder is invalid (the XDG spec): the default is used, as fontconfig does here.
        func xdg(_ name: String, _ fallback: String) -> String { environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + fallback }
        let cache = xdg("XDG_CACHE_HOME", "/.cache"), data = xdg("XDG_DATA_HOME", "/.local/share"), config = xdg("XDG_CONFIG_HOME", "/.config")
        var paths = ["/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32", "/usr/local/lib", "/usr/share",
                     "/usr/local/share", "/etc/fonts", "/etc/ld.so.cache", "/etc/localtime", "/etc/locale.alias", "/var/cache/fontconfig",
                     "/dev/null", "/dev/zero", "/dev/urandom", "/proc/self", "/sys/devices/system/cpu",
                     cache + "/fontconfig", data + "/fonts", config + "/fontconfig", home + "/.fonts", home + "/.fontconfig"]
        paths += mappedFolders()
        if let assets = Assets.directory { paths.append(assets) }
        return paths
    }

    /// The folders of the files this process has mapped (its own program, the Swift runtime,
    /// Cairo, Pango …): the plugin's library links against them.
    private static func mappedFolders() -> [String] {
        guard let maps = CappedFile.kernelText("/proc/self/maps", limit: 4 << 20) else { return [] }
        var folders = Set<String>()
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let file = String(line[slash...])
            guard !file.hasPrefix("/memfd:"), !file.hasPrefix("/dev/"), !file.hasSuffix("(deleted)") else { continue }
            folders.insert((file as NSString).deletingLastPathComponent)
        }
        return folders.sorted()
    }

    /// The paths a plugin's parameter values name, to be readable in its sandbox: the text value of
    /// each parameter declared to name a file (``ParameterSpec/namesFile``) that the user set (not a
    /// declared default: the plugin chose that) and that names an existing file or folder, absolute
    /// or as the plugin reads it (``Assets/resolve(_:)``: the assets folder, then the working folder).
    /// A plugin that declares no such parameter (built before the declaration) gets what any of its
    /// text values names, as before: it cannot say which of them are files.
    package static func paths(namedBy values: ParameterValues, defaults specs: [ParameterSpec]) -> [String] {
        var named: [String] = []
        let declaresFiles = specs.contains(where: \.namesFile)
        for spec in specs where spec.namesFile || !declaresFiles {
            guard case .string(let declared) = spec.kind else { continue }
            let value = values[Parameter.string(spec.name, default: declared, help: spec.help)]
            guard !value.isEmpty, value != declared else { continue }
            // Where the plugin finds it (HotReloadingPlugin watches the same): made absolute, since the child resolves nothing.
            let absolute = URL(fileURLWithPath: Assets.resolve(value)).standardizedFileURL.resolvingSymlinksInPath().path
            if FileManager.default.fileExists(atPath: absolute) { named += [absolute] + lottieImages(of: absolute) }
        }
        return named
    }

    /// The images a Lottie JSON file at `path` names beside or below it (an asset's `u` + `p`, as
    /// rlottie and every player join them): read with the file, so they are readable with it. Only
    /// names the Lottie plugin reads are taken (``LottieImageReference``), each within the file's
    /// folder after links are followed; nothing for another file, or one over 32 MB.
    package static func lottieImages(of path: String) -> [String] {
        guard path.lowercased().hasSuffix(".json"),
              // try?: a file this cannot read or parse names no images; the plugin reports it as it reads it.
              let data = try? CappedFile.contents(of: path, limit: 32 << 20),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let assets = document["assets"] as? [[String: Any]] else { return [] }
        let folder = (path as NSString).deletingLastPathComponent
        return assets.compactMap { asset in
            guard let name = asset["p"] as? String, !name.hasPrefix("data:") else { return nil }
            let reference = (asset["u"] as? String ?? "") + name
            guard LottieImageReference.staysInFolder(reference) else { return nil }
            let image = URL(fileURLWithPath: folder + "/" + reference).standardizedFileURL.resolvingSymlinksInPath().path
            return image.hasPrefix(folder + "/") && FileManager.default.fileExists(atPath: image) ? image : nil
        }
    }

    /// In the plugin-host child (or a probe's, or validate's), before a plugin's library is
    /// loaded: confines the process to reading `readable`, the folders of `libraries` and
    /// ``systemReadable``. Nil when fully confined; else what is missing, in words (an older
    /// kernel: the child goes on with what it has).
    package static func enter(libraries: [String], readable: [String]) -> String? {
        var missing: [String] = []
        // What the zygote holds open (prepare()) is ruled on as it is: only /proc/self is named again.
        let held = refreshkit_sandbox_holds_files() != 0
        let paths = (held ? systemReadable.filter(isPerProcess) : systemReadable) + libraries.map(PathText.folder(of:)) + readable
        let pointers = paths.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let abi = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            refreshkit_sandbox_files($0.baseAddress, Int32($0.count))
        }
        if abi < 0 {
            missing.append("Landlock (files)")
        } else if abi < 6 {
            missing.append(abi < 4 ? "Landlock's network and signal scopes (ABI \(abi) < 6)" : "Landlock's signal scope (ABI \(abi) < 6)")
        }
        if refreshkit_sandbox_calls() != 0 { missing.append("seccomp (system calls)") }
        // From now on a file the sandbox refuses is remembered (file_watch.h), to be named.
        if abi >= 0 { refreshkit_file_watch_start() }
        return missing.isEmpty ? nil : missing.joined(separator: " and ")
    }

    /// In the child: the names of the system calls refused since the last call, and the first file
    /// refused for reading and for writing (once each: `read-file:PATH`, `write-file:PATH`).
    package static func takeRefused() -> [String] {
        var names: [String] = []
        for (writing, kind) in [(0, "read-file"), (1, "write-file")] {
            var path = [CChar](repeating: 0, count: 1024)
            if refreshkit_file_watch_take(Int32(writing), &path, 1024) != 0 {
                names.append(kind + ":" + String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        var calls = [UInt64](repeating: 0, count: 8)
        guard calls.withUnsafeMutableBufferPointer({ refreshkit_sandbox_take_refused($0.baseAddress) }) != 0 else { return names }
        for call in 0..<512 where calls[call / 64] & (1 << UInt64(call % 64)) != 0 {
            var name = [CChar](repeating: 0, count: 64)
            names.append(refreshkit_syscall_name(Int32(call), &name, 64) == 0
                ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "system call \(call)")
        }
        return names
    }

    /// What a refused system call (or file) means, in words a plugin's user reads: the kind, and
    /// the file where it was one.
    static func describe(_ call: String) -> (kind: String, file: String?) {
        for (prefix, kind) in [("read-file:", "read a file it was not given"), ("write-file:", "write a file")] where call.hasPrefix(prefix) {
            return (kind, PluginError.printable(String(call.dropFirst(prefix.count))))
        }
        return (describeCall(call), nil)
    }

    private static func describeCall(_ call: String) -> String {
        switch call {
        case "socket", "connect", "bind", "listen", "accept", "accept4": "open a network socket"
        case "execve", "execveat": "start a program"
        case "fork", "vfork", "clone": "start a process"
        case "kill", "tgkill", "tkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_send_signal", "pidfd_open": "signal another process"
        case "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp": "reach into another process"
        case "setpgid", "setsid": "leave its process group"
        case "rt_sigaction": "take over the sandbox's signal handler"
        case "mount", "umount2", "unshare", "setns", "chroot", "pivot_root": "change its mounts or namespaces"
        default: "call \(call)"
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var told: Set<String> = []

    /// Says once per process, on standard error, what `plugin` tried that its sandbox refused
    /// (once per kind and plugin) or what part of the sandbox this kernel lacks (once in all).
    package static func tell(_ words: String, once key: String) {
        guard lock.withLock({ told.insert(key).inserted }) else { return }
        FileHandle.standardError.write(Data("warning: \(words)\n".utf8))
    }

    /// One phrase per kind of the `calls` a plugin tried and was refused ("tried to open a
    /// network socket: refused by its sandbox"; a file's kind with its first file: "tried to read a
    /// file it was not given: refused by its sandbox (/home/me/.ssh/id_rsa)"), for a place that
    /// names the plugin already.
    package static func refused(_ calls: [String]) -> [String] {
        kinds(calls).map(\.phrase)
    }

    /// Each kind of `calls` once, in order, with its phrase.
    private static func kinds(_ calls: [String]) -> [(kind: String, phrase: String)] {
        let described = calls.map(describe)
        var files: [String: String] = [:]
        for (kind, file) in described { if let file, files[kind] == nil { files[kind] = file } }
        return Set(described.map(\.kind)).sorted().map { kind in
            (kind, "tried to \(kind): refused by its sandbox" + (files[kind].map { " (\($0))" } ?? ""))
        }
    }

    /// Names each kind of the `calls` that `plugin` (its file) tried and was refused, on standard
    /// error once per kind and plugin in the process; the phrases (``refused(_:)``).
    static func tellRefused(_ calls: [String], plugin: String) -> [String] {
        let kinds = kinds(calls)
        for (kind, phrase) in kinds { tell("plugin \(PluginError.printable(plugin)) \(phrase)", once: plugin + kind) }
        return kinds.map(\.phrase)
    }
}
