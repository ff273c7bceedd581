import Foundation
import RefreshPluginSDK

/// A plugin file watched for changes: when it changes, the new build is loaded from a copy under
/// a fresh name and swapped in. If the new build fails to load, the old indicator stays and the
/// error is kept. In this process the old library stays mapped (a library already open cannot be
/// opened again, and Swift code cannot be unloaded); with ``PluginIsolation/childProcess(frameLimit:)`` each build
/// gets a new plugin-host child and the old one, library and all, ends.
///
/// The files its parameters name (an animation, a file of paths) are watched too: when one
/// changes, the indicator is made again from them, so a re-exported file shows without a restart.
public final class HotReloadingPlugin {
    /// The watched file.
    public let path: String
    /// Where the plugin runs.
    public let isolation: PluginIsolation
    /// The indicator in use: the last build that loaded.
    public private(set) var indicator: any HostedIndicator
    /// What made it: the library, or the child holding it.
    public private(set) var maker: any LoadedPlugin
    /// Why the last reload failed; nil after a successful one.
    public private(set) var lastError: PluginError?
    /// How many times a new build was swapped in.
    public private(set) var reloadCount = 0
    /// The parameter file whose change made the last reload, or nil when it was the library.
    public private(set) var changedInput: String?
    /// Why the indicator could not be made again from a changed parameter file (the old one
    /// stays in ``indicator``); nil once one is made.
    public private(set) var inputError: PluginError?
    private var parametersJSON: String
    private var signature: FileSignature?
    private var inputs: [String: FileSignature] = [:]
    /// A signature seen once but not yet twice in a row: the file may still be being written.
    private var settling: FileSignature?
    /// A rebuilt library starting in a new plugin-host child in the background, and the parameters
    /// its indicator is made with.
    private var pendingReload: (load: BackgroundLoad<(maker: any LoadedPlugin, indicator: any HostedIndicator)>, parametersJSON: String)?

    private struct FileSignature: Equatable {
        var modified: Date
        var size: Int
        var inode: Int
    }

    /// Loads the plugin at `path` with `parametersJSON`, in this process or in a child.
    public init(path: String, parametersJSON: String = "{}", isolation: PluginIsolation = .inProcess) throws(PluginError) {
        self.path = path
        self.parametersJSON = parametersJSON
        self.isolation = isolation
        signature = Self.signature(of: path)
        maker = try Self.load(path, isolation)
        indicator = try maker.makeIndicator(parametersJSON: parametersJSON)
        inputs = Self.inputs(of: indicator)
    }

    /// The plugin at `path`, from a private copy: loaded here, or in a new plugin-host child.
    private static func load(_ path: String, _ isolation: PluginIsolation) throws(PluginError) -> any LoadedPlugin {
        switch isolation {
        case .inProcess: try loadCopy(of: path)
        case .childProcess: try isolation.load(path)
        }
    }

    /// Checks the library and the files the parameters name; when one changed since the last look,
    /// loads the new build or makes the indicator again. Returns whether a new indicator was swapped
    /// in. Cheap when nothing changed (a `stat` per file).
    @discardableResult
    public func reloadIfChanged() -> Bool {
        if adoptReload() { return true }
        let current = Self.signature(of: path)
        if current != signature {
            // Seen for the first time: look again next time, and load it if it stayed the same.
            guard current == settling else {
                settling = current
                return false
            }
            settling = nil
            signature = current
            return reload()
        }
        settling = nil
        let now = Self.inputs(of: indicator)
        guard now != inputs, let changed = now.keys.sorted().first(where: { now[$0] != inputs[$0] }) else { return false }
        inputs = now
        inputError = setParameters(json: parametersJSON)
        guard inputError == nil else { return false }
        changedInput = changed
        return true
    }

    /// Recreates the indicator with new parameter values, from the library already loaded. On
    /// failure the old indicator stays and the error is returned.
    public func setParameters(json: String) -> PluginError? {
        do {
            adopt(try maker.makeIndicator(parametersJSON: json))
            parametersJSON = json
            return nil
        } catch {
            return error
        }
    }

    /// Puts `fresh` in place of the indicator, in the state the old one showed, and notes the
    /// files it reads as they are now.
    private func adopt(_ fresh: any HostedIndicator) {
        fresh.refreshState = indicator.refreshState
        indicator = fresh
        inputs = Self.inputs(of: fresh)
        inputError = nil
    }

    /// Loads the file from a fresh copy: now in this process; in a new plugin-host child in the
    /// background (the old indicator draws meanwhile, and a later ``reloadIfChanged()`` swaps the
    /// new one in, so a build slow to start never holds up the window).
    @discardableResult
    public func reload() -> Bool {
        if case .childProcess = isolation {
            guard pendingReload == nil else { return false }
            let path = path, isolation = isolation, json = parametersJSON
            let load = BackgroundLoad { () throws(PluginError) -> (maker: any LoadedPlugin, indicator: any HostedIndicator) in
                let maker = try Self.load(path, isolation)
                return (maker, try maker.makeIndicator(parametersJSON: json))
            }
            pendingReload = (load, json)
            return false
        }
        // A new build that crashes or hangs while loading is found out in a child, not here.
        if case .failure(let error) = PluginProbe.probe([path])[0] {
            lastError = error
            return false
        }
        do {
            let freshMaker = try Self.load(path, isolation)
            adopt(try freshMaker.makeIndicator(parametersJSON: parametersJSON))  // made from the files as they are now
            maker = freshMaker
            lastError = nil
            changedInput = nil
            reloadCount += 1
            return true
        } catch {
            lastError = error
        }
        return false
    }

    /// Takes a background reload that finished: its indicator in place of the old one (made again
    /// if the parameters changed meanwhile), or its error kept. True when a new indicator came in.
    private func adoptReload() -> Bool {
        guard let pending = pendingReload, let outcome = pending.load.outcome else { return false }
        pendingReload = nil
        switch outcome {
        case .success(let fresh):
            adopt(fresh.indicator)
            maker = fresh.maker
            lastError = nil
            changedInput = nil
            reloadCount += 1
            if parametersJSON != pending.parametersJSON { inputError = setParameters(json: parametersJSON) }
            return true
        case .failure(let error):
            lastError = error
            return false
        }
    }

    /// Waits for a background reload to finish; the next ``reloadIfChanged()`` takes it (for tests).
    public func waitForReload() {
        pendingReload?.load.wait()
    }

    /// Copies `path` (checked first) into memory that no folder holds (a memfd) and loads the copy
    /// from there: a library whose constructor crashes or hangs the process leaves no copy behind
    /// (a copy in a temporary folder stayed there, megabytes each attempt). Where the kernel has no
    /// memfd, the copy goes into a new private folder, removed after loading.
    static func loadCopy(of path: String) throws(PluginError) -> PluginLibrary {
        let source = try PluginLibrary.openChecked(path, name: path)
        defer { close(source) }
        let memory = memfd_create("refreshkit-plugin", 1)  // MFD_CLOEXEC
        if memory >= 0 {
            defer { close(memory) }  // the library keeps a descriptor of its own
            guard copy(from: source, to: memory) else {
                throw PluginError(file: path, reason: .notASharedObject("cannot copy: \(String(cString: strerror(errno)))"))
            }
            fchmod(memory, 0o700)  // a memfd starts world-writable, which the loader's check refuses
            return try PluginLibrary(path: "/proc/self/fd/\(memory)", displayPath: path)
        }
        var template = Array((NSTemporaryDirectory() + "/refreshkit-plugin-XXXXXX").utf8CString)
        guard let folderPointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PluginError(file: path, reason: .notASharedObject("no private folder for a copy: \(String(cString: strerror(errno)))"))
        }
        let folder = String(cString: folderPointer)
        let copy = folder + "/" + (path as NSString).lastPathComponent
        defer {
            unlink(copy)
            rmdir(folder)
        }
        // Copy from the descriptor that was checked, not from the path again.
        let target = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard target >= 0 else { throw PluginError(file: path, reason: .notASharedObject("cannot copy: \(String(cString: strerror(errno)))")) }
        let copied = Self.copy(from: source, to: target)
        close(target)
        if !copied { throw PluginError(file: path, reason: .notASharedObject("cannot copy: \(String(cString: strerror(errno)))")) }
        return try PluginLibrary(path: copy, displayPath: path)
    }

    /// Copies what is left to read of `source` into `target`; false on a failure (errno says which).
    private static func copy(from source: Int32, to target: Int32) -> Bool {
        // In the kernel when it can (every plugin-host child's start copies its library), else
        // through a buffer; sendfile moves both offsets, so the buffer goes on where it stopped.
        while true {
            let n = sendfile(target, source, nil, 1 << 30)
            if n < 0 && errno == EINTR { continue }
            if n == 0 { return true }
            if n < 0 { break }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n == 0 }
            if buffer.withUnsafeBytes({ write(target, $0.baseAddress, n) }) != n { return false }
        }
    }

    /// The regular files that `indicator`'s text parameters name, found as the plugins find them.
    private static func inputs(of indicator: any HostedIndicator) -> [String: FileSignature] {
        var files: [String: FileSignature] = [:]
        for case .string(let text) in indicator.parameters.values.values where !text.isEmpty && text.count < 4096 {
            let path = Assets.resolve(text)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = signature(of: path)
        }
        return files
    }

    private static func signature(of path: String) -> FileSignature? {
        // try?: a library that is missing for a moment (being rebuilt) has no signature; the next check looks again.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return FileSignature(
            modified: attributes[.modificationDate] as? Date ?? .distantPast,
            size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? 0
        )
    }
}

/// memfd_create(2), which Swift's Glibc module does not show (it needs _GNU_SOURCE); glibc 2.27 and later.
@_silgen_name("memfd_create") private func memfd_create(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
