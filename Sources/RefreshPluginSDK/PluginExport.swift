import CRefreshPlugin
import Foundation

/// Turns a ``RefreshIndicator`` type into the C descriptor of `refresh_plugin.h`. A plugin's whole
/// export is:
///
/// ```swift
/// @_cdecl("refresh_plugin_entry")
/// public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
///     PluginExport.entry(MyIndicator.self, hostABI: hostABI, error: error, errorSize: errorSize)
/// }
/// ```
public enum PluginExport {
    /// The ABI version this SDK speaks.
    public static let abiVersion = UInt32(REFRESH_PLUGIN_ABI_VERSION)

    /// The body of a plugin's entry function: checks the host's ABI and returns the descriptor for
    /// `type`, built once per library and kept for its lifetime.
    public static func entry<Indicator: RefreshIndicator>(
        _ type: Indicator.Type, hostABI: UInt32, error: UnsafeMutablePointer<CChar>?, errorSize: Int
    ) -> UnsafeRawPointer? {
        guard hostABI >= UInt32(REFRESH_PLUGIN_ABI_VERSION_MIN) else {
            write("the host speaks plugin ABI \(hostABI); \(Indicator.info.id) needs \(REFRESH_PLUGIN_ABI_VERSION_MIN) or newer", error, errorSize)
            return nil
        }
        guard let descriptor = Registry.shared.descriptor(for: type) else {
            // The ABI's create has no room to say which type: a library (or a test's process) exports one.
            write("this library already exports \(Registry.shared.indicatorType.map { "\($0)" } ?? "another indicator"); it can export one indicator type, not also \(Indicator.self)", error, errorSize)
            return nil
        }
        return descriptor
    }

    static func write(_ message: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) {
        message.withCString { refresh_plugin_set_error(buffer, size, $0) }
    }
}

/// The one indicator type this library exports, and its C descriptor.
private final class Registry: @unchecked Sendable {
    static let shared = Registry()

    private let lock = NSLock()
    private var factory: (any RefreshIndicator.Type)?
    private var descriptor: UnsafeMutablePointer<refresh_plugin_descriptor>?

    /// The descriptor of `type`; nil when another type was registered first.
    func descriptor<Indicator: RefreshIndicator>(for type: Indicator.Type) -> UnsafeRawPointer? {
        lock.lock()
        defer { lock.unlock() }
        if let descriptor { return factory == type ? UnsafeRawPointer(descriptor) : nil }
        factory = type
        let made = Self.makeDescriptor(type)
        descriptor = made
        return UnsafeRawPointer(made)
    }

    var indicatorType: (any RefreshIndicator.Type)? {
        lock.lock()
        defer { lock.unlock() }
        return factory
    }

    /// Strings and arrays live as long as the library: the descriptor is built once and never freed.
    private static func makeDescriptor<Indicator: RefreshIndicator>(_ type: Indicator.Type) -> UnsafeMutablePointer<refresh_plugin_descriptor> {
        let specs = Indicator.parameters
        let params = UnsafeMutablePointer<refresh_param>.allocate(capacity: max(1, specs.count))
        for (i, spec) in specs.enumerated() {
            var param = refresh_param()
            param.struct_size = UInt32(MemoryLayout<refresh_param>.size)
            param.name = UnsafePointer(strdup(spec.name))
            param.help = UnsafePointer(strdup(spec.help))
            param.default_json = UnsafePointer(strdup(spec.defaultValue.json))
            param.flags = spec.namesFile ? REFRESH_PARAM_NAMES_FILE.rawValue : 0
            switch spec.kind {
            case .number(_, let range):
                param.type = REFRESH_PARAM_NUMBER.rawValue
                param.min = range.lowerBound
                param.max = range.upperBound
            case .color: param.type = REFRESH_PARAM_COLOR.rawValue
            case .bool: param.type = REFRESH_PARAM_BOOL.rawValue
            case .string: param.type = REFRESH_PARAM_STRING.rawValue
            case .choice(_, let options):
                param.type = REFRESH_PARAM_CHOICE.rawValue
                let choices = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, options.count))
                for (j, option) in options.enumerated() { choices[j] = UnsafePointer(strdup(option)) }
                param.choices = UnsafePointer(choices)
                param.choice_count = UInt32(options.count)
            }
            params[i] = param
        }
        var d = refresh_plugin_descriptor()
        d.struct_size = UInt32(MemoryLayout<refresh_plugin_descriptor>.size)
        d.abi_version = UInt32(REFRESH_PLUGIN_ABI_VERSION)
        d.id = UnsafePointer(strdup(Indicator.info.id))
        d.name = UnsafePointer(strdup(Indicator.info.name))
        d.version = UnsafePointer(strdup(Indicator.info.version))
        d.description = UnsafePointer(strdup(Indicator.info.summary))
        d.params = UnsafePointer(params)
        d.param_count = UInt32(specs.count)
        d.flags = (Indicator.mirrorsForRightToLeft ? REFRESH_PLUGIN_MIRRORS_FOR_RTL.rawValue : 0) | PlacementFlags.flags(for: Indicator.placement)
        d.create = createThunk
        d.create_with_host = createWithHostThunk
        d.destroy = destroyThunk
        d.refresh_length = refreshLengthThunk
        d.set_state = setStateThunk
        d.render = renderThunk
        d.describe = describeThunk
        d.sdk_version = UnsafePointer(strdup(SDKVersion.descriptorText))
        d.drawn_locales = Indicator.drawnLocales.isEmpty ? nil : UnsafePointer(strdup(Indicator.drawnLocales.joined(separator: ",")))
        d.refreshing_period = refreshingPeriodThunk
        d.inactive_params = inactiveParamsThunk
        if specs.contains(where: { $0.label != nil }) {
            let labels = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: specs.count)
            for (i, spec) in specs.enumerated() { labels[i] = spec.label.map { UnsafePointer(strdup($0)) } }
            d.param_labels = UnsafePointer(labels)
        }
        let descriptor = UnsafeMutablePointer<refresh_plugin_descriptor>.allocate(capacity: 1)
        descriptor.initialize(to: d)
        return descriptor
    }
}

/// The instance the host holds an opaque pointer to.
private final class Instance {
    let indicator: any RefreshIndicator
    init(_ indicator: any RefreshIndicator) { self.indicator = indicator }
}

private func instance(_ pointer: UnsafeMutableRawPointer?) -> Instance? {
    pointer.map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
}

private let createWithHostThunk: @convention(c) (UnsafePointer<refresh_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> UnsafeMutableRawPointer? = { host, json, errorBuffer, size in
    PluginHost.adopt(host)
    return createThunk(json, errorBuffer, size)
}

private let createThunk: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> UnsafeMutableRawPointer? = { json, errorBuffer, size in
    guard let type = Registry.shared.indicatorType else {
        PluginExport.write("create called before the entry", errorBuffer, size)
        return nil
    }
    do {
        var values = try ParameterValues(specs: type.parameters, json: json.map { String(cString: $0) } ?? "{}")
        values.owner = type.info.name
        let indicator = try type.init(parameters: values)
        // A read of something not declared (a misspelt name) fails the creation, naming it.
        if let misread = values.misread { throw misread }
        return Unmanaged.passRetained(Instance(indicator)).toOpaque()
    } catch {
        PluginExport.write("\(error)", errorBuffer, size)
        return nil
    }
}

private let destroyThunk: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<Instance>.fromOpaque(pointer).release()
}

private let refreshLengthThunk: @convention(c) (UnsafeMutableRawPointer?) -> Double = { pointer in
    instance(pointer)?.indicator.refreshLength ?? .nan
}

private let refreshingPeriodThunk: @convention(c) (UnsafeMutableRawPointer?) -> Double = { pointer in
    instance(pointer)?.indicator.refreshingPeriod ?? 0
}

private let inactiveParamsThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int) -> Int32 = { pointer, names, size in
    guard let inactive = instance(pointer)?.indicator.inactiveParameters, !inactive.isEmpty else { return 0 }
    PluginExport.write(inactive.joined(separator: ","), names, size)
    return 1
}

private let describeThunk: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32 = {
    pointer, state, result, edge, locale, text, size in
    guard let indicator = instance(pointer)?.indicator else { return 0 }
    let edge = Int(edge) < CFrame.edges.count ? CFrame.edges[Int(edge)] : .top
    let refreshState = CFrame.state(state, result), localeName = locale.map { String(cString: $0) } ?? "en"
    let words = indicator.stateDescription(refreshState, edge: edge, locale: localeName)
    // The host's defaults are the SDK's: say them by leaving the words to the host.
    guard let words, !words.isEmpty, words != StateDescription.text(for: refreshState, edge: edge, locale: localeName) else { return 0 }
    PluginExport.write(words, text, size)
    return 1
}

/// Nothing to keep: a Swift indicator reads its state from each frame.
private let setStateThunk: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32) -> Void = { _, _, _ in }

private let renderThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<refresh_frame>?, UnsafeMutablePointer<CChar>?, Int) -> Int32 = { pointer, frame, error, size in
    guard let indicator = instance(pointer)?.indicator, let frame else {
        PluginExport.write("render called without an instance or a frame", error, size)
        return 1
    }
    guard let read = CFrame.read(frame), let cairo = read.cairo else {
        PluginExport.write("the host's frame is too small (\(ABIStruct.declaredSize(at: frame)) bytes, at least \(CFrame.minimumFrameSize) needed) or has no Cairo context", error, size)
        return 1
    }
    indicator.drawForEdge(in: Canvas(borrowing: cairo), frame: CFrame.indicatorFrame(read))
    return 0
}
