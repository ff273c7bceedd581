import CRefreshPlugin
import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// What a plugin says about itself.
public struct PluginInfo: Equatable, Sendable {
    /// Identity: id, name, version and summary.
    public var indicator: IndicatorInfo
    /// The parameters it accepts.
    public var parameters: [ParameterSpec]
    /// The plugin ABI it was built for.
    public var abiVersion: UInt32
    /// The file it was loaded from.
    public var path: String
    /// Whether it claims its right-to-left frames mirror its left-to-right ones (`REFRESH_PLUGIN_MIRRORS_FOR_RTL`).
    public var mirrorsForRightToLeft = false
    /// The placement it is drawn for where none was chosen (`REFRESH_PLUGIN_PLACEMENT_*`; push when it claims none).
    public var placement = IndicatorPlacement.push
    /// The SDK it was built with, as it says (`refresh_plugin_descriptor.sdk_version`, e.g.
    /// `RefreshPluginSDK 1.0.0`); nil for a plugin written against the C header alone.
    public var sdkVersion: String?
    /// The languages whose words it draws, BCP 47 tags (`refresh_plugin_descriptor.drawn_locales`);
    /// none for a plugin that draws no words or does not say.
    public var drawnLocales: [String] = []

    /// Why `locales` cannot be a plugin's languages (more than 16, one twice, or one that is no
    /// BCP 47 tag), or nil: what the descriptor, a bundle's manifest and the probe's cache are held to.
    package static func localesProblem(_ locales: [String]) -> String? {
        locales.count <= 16 && Set(locales).count == locales.count && locales.allSatisfy(Scenario.isLocaleTag) ? nil
            : "is not 1 to 16 different BCP 47 tags (en, zh-Hans, ar)"
    }

    /// Metadata as a plugin library reports it (or an in-process stand-in, for tests).
    package init(indicator: IndicatorInfo, parameters: [ParameterSpec], abiVersion: UInt32, path: String, mirrorsForRightToLeft: Bool = false,
                 placement: IndicatorPlacement = .push) {
        (self.indicator, self.parameters, self.abiVersion, self.path) = (indicator, parameters, abiVersion, path)
        self.mirrorsForRightToLeft = mirrorsForRightToLeft
        self.placement = placement
    }
}

/// A plugin library, opened and checked: its descriptor is valid and its metadata read.
///
/// Libraries are opened with `RTLD_NOW | RTLD_LOCAL` and never closed (Swift code cannot be
/// unloaded safely); a changed file is loaded again from a copy (see ``HotReloadingPlugin``).
public final class PluginLibrary: @unchecked Sendable {
    /// The symbol every plugin exports.
    public static let entrySymbol = REFRESH_PLUGIN_ENTRY_SYMBOL
    /// The oldest plugin ABI this host loads (`REFRESH_PLUGIN_ABI_VERSION_MIN`).
    public static let oldestABIVersion = UInt32(REFRESH_PLUGIN_ABI_VERSION_MIN)
    /// The smallest descriptor this host can use: up to and including `render`.
    static let minimumDescriptorSize = MemoryLayout<refresh_plugin_descriptor>.offset(of: \refresh_plugin_descriptor.render)! + MemoryLayout<UnsafeRawPointer>.size
    /// The smallest parameter entry this host can use: up to and including `choice_count`.
    static let minimumParameterSize = MemoryLayout<refresh_param>.offset(of: \refresh_param.choice_count)! + MemoryLayout<UInt32>.size
    /// The largest `struct_size` believed: a bigger one is a wild value, not a future ABI.
    static let maximumStructSize = 1 << 16

    /// The plugin's metadata.
    public let info: PluginInfo
    /// The descriptor as far as both sides know it (see ``ABIStruct``); the fields this host
    /// knows and the plugin does not are zero.
    let descriptor: refresh_plugin_descriptor
    /// What the plugin wrote into the host's log, oldest first (the last 100 lines).
    public var logLines: [String] { log.lines }
    let log = PluginLog()
    /// The descriptor's text fields that held bytes that are not UTF-8 or control characters (shown with `�` instead).
    public let unprintableFields: [String]
    /// What a crash inside this plugin prints (see ``PluginCrashReport``).
    let crashLabel: UnsafePointer<CChar>
    /// The plugin's own folder of files, as handed to it in `refresh_host`.
    public let resourceDirectory: String
    /// The thread every call into the library runs on (see ``PluginThread``).
    let thread: PluginThread

    /// The clock of the CPU time spent in the library's calls (its thread's), for measuring a
    /// plugin's frames: the asking thread's own clock would only see it wait.
    package var cpuClock: clockid_t { thread.cpuClock }

    /// The seconds the library's thread has waited for a CPU while runnable, or nil where the
    /// kernel does not say: with ``cpuClock``, what tells a render that blocks from one preempted.
    package var runQueueSeconds: Double? { thread.runQueueSeconds }

    /// Opens and checks the plugin at `path`. `displayPath` names it in errors (the original
    /// file when `path` is a hot-reload copy).
    public convenience init(path: String, displayPath: String? = nil) throws(PluginError) {
        let name = displayPath ?? path
        func fail(_ reason: PluginError.Reason) -> PluginError { PluginError(file: name, reason: reason) }
        // Open once, check what was opened (the file and every folder above it), and load exactly
        // that through /proc/self/fd: a path swapped in between cannot slip another file in.
        // The descriptor stays open once loaded: the loader knows the library by this name, and a
        // later library must not be given the same number (it would be taken for this one).
        let fd = try Self.openChecked(path, name: name)
        // A library in a bundle must be the file its manifest describes, byte for byte.
        let bundle: PluginBundle?
        do {
            bundle = try PluginBundle.enclosing(library: name)
            try bundle?.checkLibrary(openAt: fd)
        } catch {
            close(fd)
            throw error
        }
        let crashLabel = PluginCrashReport.label(name)
        _ = dlerror()
        guard let handle = PluginWatchdog.guarding("plugin \(name): loading (its constructors)", crashLabel: crashLabel, { dlopen("/proc/self/fd/\(fd)", RTLD_NOW | RTLD_LOCAL) }) else {
            close(fd)
            let detail = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            let short = detail.replacingOccurrences(of: "/proc/self/fd/\(fd): ", with: "").replacingOccurrences(of: path + ": ", with: "")
            throw fail(short.contains("ELF class") || short.contains("machine") || short.contains("architecture")
                       ? .wrongArchitecture(short) : .notASharedObject(short))
        }
        guard let symbol = dlsym(handle, Self.entrySymbol) else { throw fail(.missingEntrySymbol) }
        let entry = unsafeBitCast(symbol, to: refresh_plugin_entry_fn.self)
        let thread = PluginThread.shared(by: handle, name: "plugin-calls")
        var message = [CChar](repeating: 0, count: PluginError.textCapacity)
        let raw = thread.run {
            PluginWatchdog.guarding("plugin \(name): its entry function", crashLabel: crashLabel) {
                message.withUnsafeMutableBufferPointer { entry(UInt32(REFRESH_PLUGIN_ABI_VERSION), $0.baseAddress, $0.count) }
            }
        }
        guard let descriptor = raw else { throw fail(.declined(String(errorBuffer: message))) }
        try self.init(descriptor: descriptor, name: name, bundle: bundle, crashLabel: crashLabel, thread: thread)
    }

    /// Checks the plugin whose entry function returned `descriptor` (named `name` in errors; its
    /// id must be `bundle`'s when there is one): a library just opened, or an indicator compiled
    /// into this process (RefreshTesting's in-process validation).
    /// `thread` is the one its entry was called on; by default, the descriptor's own.
    package init(descriptor: UnsafeRawPointer, name: String, bundle: PluginBundle? = nil,
                 crashLabel: UnsafePointer<CChar>? = nil, thread: PluginThread? = nil) throws(PluginError) {
        func fail(_ reason: PluginError.Reason) -> PluginError { PluginError(file: name, reason: reason) }
        self.crashLabel = crashLabel ?? PluginCrashReport.label(name)
        let declared = ABIStruct.declaredSize(at: descriptor)
        guard declared >= Self.minimumDescriptorSize else {
            throw fail(.structTooSmall(size: declared, needed: Self.minimumDescriptorSize))
        }
        guard declared <= Self.maximumStructSize else { throw fail(.invalidDescriptor("struct_size \(declared) is not a size")) }
        let d = ABIStruct.read(refresh_plugin_descriptor.self, at: descriptor, declaredSize: declared)
        guard d.abi_version >= UInt32(REFRESH_PLUGIN_ABI_VERSION_MIN) else { throw fail(.abiTooOld(plugin: d.abi_version, oldest: UInt32(REFRESH_PLUGIN_ABI_VERSION_MIN))) }
        guard d.abi_version <= UInt32(REFRESH_PLUGIN_ABI_VERSION) else { throw fail(.abiTooNew(plugin: d.abi_version, newest: UInt32(REFRESH_PLUGIN_ABI_VERSION))) }
        for (field, present) in [("id", d.id != nil), ("name", d.name != nil), ("create", d.create != nil), ("destroy", d.destroy != nil),
                                 ("refresh_length", d.refresh_length != nil), ("render", d.render != nil)] where !present {
            throw fail(.invalidDescriptor("\(field) is NULL"))
        }
        let id = String(cString: d.id)
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw fail(.invalidDescriptor("id '\(id)' is not a reverse-DNS identifier"))
        }
        guard PlacementFlags.claimCount(in: d.flags) <= 1 else {
            throw fail(.invalidDescriptor("flags claim more than one placement (REFRESH_PLUGIN_PLACEMENT_ABOVE, _STRETCH, _BEHIND: at most one)"))
        }
        if let bundle, bundle.manifest.id != id {
            throw fail(.libraryDoesNotMatchManifest("it reports the id '\(PluginError.printable(id))', the manifest '\(bundle.manifest.id)'"))
        }
        let parameters: [ParameterSpec]
        do {
            parameters = try Self.readParameters(d)
        } catch let error as ParameterError {
            throw fail(.invalidDescriptor(error.description))
        } catch {
            throw fail(.invalidDescriptor("\(error)"))
        }
        self.descriptor = d
        self.thread = thread ?? PluginThread.shared(by: descriptor, name: "plugin-calls")
        unprintableFields = [("name", d.name), ("version", d.version), ("description", d.description)].compactMap { field, text in
            guard let text else { return nil }
            guard let string = String(validatingCString: text) else { return field }  // not UTF-8
            return PluginError.printable(string) == string ? nil : field
        }
        resourceDirectory = Self.resourceDirectory(forLibraryAt: name)
        var info = PluginInfo(
            indicator: IndicatorInfo(id: id, name: PluginError.printable(String(cString: d.name)),
                                     version: d.version.map { PluginError.printable(String(cString: $0)) } ?? "?",
                                     summary: d.description.map { PluginError.printable(String(cString: $0)) } ?? ""),
            parameters: parameters, abiVersion: d.abi_version, path: name,
            mirrorsForRightToLeft: d.flags & REFRESH_PLUGIN_MIRRORS_FOR_RTL.rawValue != 0,
            placement: PlacementFlags.placement(in: d.flags)
        )
        info.sdkVersion = d.sdk_version.map { PluginError.printable(String(cString: $0)) }
        if let locales = d.drawn_locales {
            let text = String(decoding: UnsafeRawBufferPointer(start: locales, count: strnlen(locales, 600)), as: UTF8.self)
            info.drawnLocales = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if info.drawnLocales.isEmpty || PluginInfo.localesProblem(info.drawnLocales) != nil {
                throw fail(.invalidDescriptor("drawn_locales '\(PluginError.printable(text))' is not 1 to 16 different BCP 47 tags separated by commas (en,zh-Hans,ar)"))
            }
        }
        self.info = info
    }

    /// Makes an indicator from parameter values given as a JSON object (missing names take their
    /// defaults). Values are checked against the declared parameters before the plugin sees them.
    public func makeIndicator(parametersJSON json: String = "{}") throws(PluginError) -> PluginIndicator {
        let values: ParameterValues
        do {
            values = try ParameterValues(specs: info.parameters, json: json)
        } catch {
            throw PluginError(file: info.path, reason: .invalidParameters(error.description))
        }
        return try makeIndicator(values)
    }

    /// Makes an indicator from validated values.
    public func makeIndicator(_ values: ParameterValues) throws(PluginError) -> PluginIndicator {
        try PluginIndicator(library: self, parameters: values)
    }

    /// Runs `body`, a call into the plugin that `what` names, on the library's thread, after any call
    /// another thread made first, under the watchdog and the crash report.
    func call<T>(_ what: @escaping @Sendable @autoclosure () -> String, _ body: () -> T) -> T {
        let crashLabel = crashLabel
        return thread.run { PluginWatchdog.guarding(what(), crashLabel: crashLabel, body) }
    }

    /// Calls `body` with the `refresh_host` this host offers the plugin: its log, its resource
    /// folder and the host's ABI version.
    func withHostServices<R>(_ body: (UnsafePointer<refresh_host>) -> R) -> R {
        resourceDirectory.withCString { folder in
            hostName.withCString { name in
                var host = refresh_host()
                host.struct_size = UInt32(MemoryLayout<refresh_host>.size)
                host.abi_version = UInt32(REFRESH_PLUGIN_ABI_VERSION)
                host.context = Unmanaged.passUnretained(log).toOpaque()
                host.log = PluginLog.callback
                host.resource_dir = folder
                host.host_name = name
                return withUnsafePointer(to: &host, body)
            }
        }
    }

    private var hostName: String { (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) ?? "refreshkit" }

    // MARK: Checks

    /// A plugin is native code: only a regular file the user (or root) owns and others cannot
    /// change, in folders others cannot change either (a world-writable folder only with the sticky
    /// bit, as /tmp). Returns the open file; its descriptor is what gets loaded.
    static func openChecked(_ path: String, name: String) throws(PluginError) -> Int32 {
        func refuse(_ why: String) -> PluginError { PluginError(file: name, reason: .unsafeFile(why)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PluginError(file: name, reason: .noSuchFile) }
        do throws(PluginError) {
            var status = stat()
            guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                throw PluginError(file: name, reason: .notASharedObject("not a regular file"))
            }
            if status.st_mode & S_IWOTH != 0 { throw refuse("the file is world-writable") }
            if status.st_uid != getuid() && status.st_uid != 0 {
                throw refuse("the file is owned by uid \(status.st_uid), not by you (uid \(getuid())) or root")
            }
            // The folders of the file actually opened (symbolic links resolved), up to the root.
            // try?: without /proc the folders of the path as given are checked instead.
            var folder = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? path
            while true {
                folder = PathText.folder(of: folder)
                if folder.isEmpty { folder = "." }
                var info = stat()
                guard stat(folder as String, &info) == 0 else { throw refuse("its folder \(folder) cannot be read") }
                if info.st_uid != getuid() && info.st_uid != 0 { throw refuse("its folder \(folder) is owned by uid \(info.st_uid)") }
                if info.st_mode & S_IWOTH != 0 && info.st_mode & S_ISVTX == 0 {
                    throw refuse("its folder \(folder) is writable by others")
                }
                if folder.count <= 1 { break }
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The folder a plugin's files live in: `resources/` beside the library when there is one (a
    /// bundle, or one being packed), else the library's own folder.
    package static func resourceDirectory(forLibraryAt path: String) -> String {
        let folder = PathText.folder(of: path)
        let resources = (folder.isEmpty ? "." : folder) + "/" + PluginManifest.resourcesFolder
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: resources, isDirectory: &isFolder) && isFolder.boolValue ? resources : (folder.isEmpty ? "." : folder)
    }

    /// The most parameters a plugin may declare.
    static let maximumParameters = 256

    /// Reads the parameter array by the element size the plugin declares (each entry's
    /// `struct_size`), never by this host's own, so entries with fields appended or cut read right.
    private static func readParameters(_ d: refresh_plugin_descriptor) throws -> [ParameterSpec] {
        guard d.param_count > 0 else { return [] }
        guard let params = d.params else { throw ParameterError(parameter: "", reason: "param_count is \(d.param_count) but params is NULL") }
        guard Int(d.param_count) <= maximumParameters else { throw ParameterError(parameter: "", reason: "param_count \(d.param_count) is over \(maximumParameters)") }
        let base = UnsafeRawPointer(params)
        let stride = ABIStruct.declaredSize(at: base)
        guard stride >= minimumParameterSize, stride <= maximumStructSize else {
            throw ParameterError(parameter: "#0", reason: "struct_size \(stride) is not a parameter entry's size (at least \(minimumParameterSize))")
        }
        var specs: [ParameterSpec] = []
        for i in 0..<Int(d.param_count) {
            let entry = base + i * stride
            guard ABIStruct.declaredSize(at: entry) == stride else {
                throw ParameterError(parameter: "#\(i)", reason: "struct_size \(ABIStruct.declaredSize(at: entry)) differs from the first entry's \(stride)")
            }
            let p = ABIStruct.read(refresh_param.self, at: entry, declaredSize: stride)
            guard let rawName = p.name else { throw ParameterError(parameter: "#\(i)", reason: "has no name") }
            let name = String(cString: rawName)
            func fail(_ reason: String) -> ParameterError { ParameterError(parameter: name, reason: reason) }
            let defaultText = p.default_json.map { String(cString: $0) } ?? ""
            // try?: the decoder's error names Swift types; the one thrown instead quotes the default.
            guard let defaultValue = try? JSONDecoder().decode(ParameterValue.self, from: Data(defaultText.utf8)) else {
                throw fail("default '\(defaultText)' is not a JSON number, string or bool")
            }
            let help = p.help.map { String(cString: $0) } ?? ""
            let kind: ParameterSpec.Kind
            switch (refresh_param_type(rawValue: p.type), defaultValue) {
            case (REFRESH_PARAM_NUMBER, .number(let v)):
                guard p.min.isFinite, p.max.isFinite, p.min <= p.max, (p.min...p.max).contains(v) else {
                    throw fail("default \(v) or range \(p.min)...\(p.max) is invalid")
                }
                kind = .number(default: v, range: p.min...p.max)
            case (REFRESH_PARAM_COLOR, .string(let hex)):
                // try?: the colour error is replaced by one naming the parameter and its default.
                guard let color = try? Color(hex: hex) else { throw fail("default '\(hex)' is not a colour") }
                kind = .color(default: color)
            case (REFRESH_PARAM_BOOL, .bool(let b)): kind = .bool(default: b)
            case (REFRESH_PARAM_STRING, .string(let s)): kind = .string(default: s)
            case (REFRESH_PARAM_CHOICE, .string(let s)):
                guard p.choice_count <= 1000 else { throw fail("choice_count \(p.choice_count) is over 1000") }
                let options = (0..<Int(p.choice_count)).compactMap { j in p.choices?[j].map { String(cString: $0) } }
                guard options.count == Int(p.choice_count), options.contains(s) else { throw fail("default '\(s)' is not among its choices") }
                kind = .choice(default: s, options: options)
            default:
                throw fail("type \(p.type) does not match its default '\(defaultText)'")
            }
            guard !specs.contains(where: { $0.name == name }) else { throw fail("is declared twice") }
            var spec = ParameterSpec(name, kind, help: help)
            spec.namesFile = p.flags & REFRESH_PARAM_NAMES_FILE.rawValue != 0
            if spec.namesFile { guard case .string = kind else { throw fail("is flagged as naming a file (REFRESH_PARAM_NAMES_FILE) but is not text") } }
            if let label = d.param_labels?[i] {
                // A C string of at most 32 characters: read no further than 32 × 4 bytes and its end.
                let text = String(decoding: UnsafeRawBufferPointer(start: label, count: strnlen(label, 129)), as: UTF8.self)
                if let problem = ParameterSpec.labelProblem(text) { throw fail("param_labels[\(i)]: \(problem)") }
                spec.label = text
            }
            specs.append(spec)
        }
        return specs
    }
}
