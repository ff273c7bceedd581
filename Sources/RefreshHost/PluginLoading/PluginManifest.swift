import CPangoCairo
import CRefreshPlugin
import Foundation
import RefreshSystem
import RefreshPluginSDK

/// `plugin.json`: what a bundle says about its plugin, readable without running any of its code.
///
/// A bundle is a folder holding this file, the library it names, a thumbnail and `resources/`.
/// The host lists and looks up bundles by their manifests alone, and loads the library only when
/// its SHA-256 matches ``sha256`` and the id it reports matches ``id``.
public struct PluginManifest: Codable, Equatable, Sendable {
    /// The manifest's file name inside a bundle.
    public static let fileName = "plugin.json"
    /// The folder of the plugin's own files inside a bundle (handed to it as `resource_dir`).
    public static let resourcesFolder = "resources"
    /// The ending of a bundle folder's name.
    public static let bundleExtension = "refreshplugin"
    /// The manifest format this host writes and reads.
    public static let currentFormat = 1
    /// The largest manifest read: far above any honest one.
    static let sizeLimit = 1 << 20

    /// The range of plugin ABI versions the library works with.
    public struct ABIRange: Codable, Equatable, Sendable {
        /// The oldest host ABI it needs (the version it was built for).
        public var minimum: UInt32
        /// The newest it was built against.
        public var maximum: UInt32
    }

    /// One parameter as the manifest lists it.
    public struct Parameter: Codable, Equatable, Sendable {
        /// The parameter's name.
        public var name: String
        /// `number`, `color`, `bool`, `string` or `choice`.
        public var kind: String
        /// The default, as JSON (a number, bool or string; colours as `#RRGGBB`).
        public var `default`: ParameterValue
        /// A number's lower bound.
        public var minimum: Double?
        /// A number's upper bound.
        public var maximum: Double?
        /// A choice's options.
        public var options: [String]?
        /// One line for people.
        public var help: String
        /// True for a text parameter whose value names a file or folder the plugin reads; absent otherwise.
        public var file: Bool?
        /// A short name for people (the SDK's `ParameterSpec.label`); absent when the plugin gives none.
        public var label: String?
    }

    /// The manifest format (``currentFormat``).
    public var format: Int
    /// Reverse-DNS id, as the library reports it.
    public var id: String
    /// Display name.
    public var name: String
    /// The plugin's version.
    public var version: String
    /// One or two sentences.
    public var description: String
    /// Who made it.
    public var author: String
    /// Its licence (an SPDX identifier such as `MIT`).
    public var license: String
    /// The plugin ABI versions it works with.
    public var abi: ABIRange
    /// The SDK the library was built with, as it says (`RefreshPluginSDK 1.0.0`); nil for a plugin
    /// written against the C header alone, or a bundle packed before manifests said it.
    public var sdk: String?
    /// The library's file name inside the bundle (no folders).
    public var library: String
    /// SHA-256 of the library, lowercase hex.
    public var sha256: String
    /// The thumbnail's file name inside the bundle, if it has one.
    public var thumbnail: String?
    /// The parameters with their defaults and ranges.
    public var parameters: [Parameter]
    /// What `refresh-dump lint` said when the bundle was packed, a line a check (`✓ flash: …`,
    /// `✗ contrast at dark, refreshing, 0.00 s: …`); nil in bundles packed before lint.
    public var lint: [String]?
    /// What the plugin may do beyond drawing (files it may read); nil: nothing.
    public var permissions: PluginPermissions?
    /// The languages it draws words in (``PluginInfo/drawnLocales``); nil: none said, or a bundle
    /// packed before manifests said them.
    public var locales: [String]?

    /// Reads and checks the manifest of the bundle at `folder`. Errors name the file and the field.
    public static func read(bundle folder: String) throws(PluginError) -> PluginManifest {
        let path = (folder as NSString).appendingPathComponent(fileName)
        func fail(_ error: InputFileError) -> PluginError { PluginError(file: path, reason: .invalidManifest(error)) }
        let data: Data
        do {
            data = try InputFileError.json(at: path, limit: sizeLimit, kind: kind)
        } catch {
            throw fail(error)
        }
        let manifest: PluginManifest
        do {
            manifest = try JSONDecoder().decode(PluginManifest.self, from: data)
        } catch {
            let reason = switch error as? DecodingError {
            case .keyNotFound?: "missing"
            case .typeMismatch?, .valueNotFound?: "has the wrong type"
            default: "cannot be read"
            }
            throw fail(InputFileError.decoding(error, of: data, file: path, kind: kind, otherwise: reason))
        }
        if let (field, reason) = manifest.problem { throw fail(InputFileError(file: path, field: field, reason: reason, kind: kind).located(in: data)) }
        return manifest
    }

    /// What a manifest is called in messages.
    static let kind = "plugin manifest"

    /// The first field that is wrong and what is wrong with it; nil when nothing is.
    var problem: (field: String, reason: String)? {
        guard format == Self.currentFormat else { return ("format", "\(format); this host reads format \(Self.currentFormat)") }
        guard Self.isPlainID(id) else {
            return ("id", "\(InputFileError.quoted(id)) is not a reverse-DNS identifier")
        }
        for (field, text) in [("name", name), ("version", version), ("description", description), ("author", author), ("license", license)] {
            guard Self.isPlainText(text) else { return (field, "holds control characters or is over 4096 characters") }
        }
        guard !name.isEmpty else { return ("name", "is empty") }
        guard Self.isPlainFileName(library), library.hasSuffix(".so") else { return ("library", "\(InputFileError.quoted(library)) must be a file name ending in .so, with no folders") }
        if let thumbnail, !Self.isPlainFileName(thumbnail) { return ("thumbnail", "\(InputFileError.quoted(thumbnail)) must be a file name with no folders") }
        guard sha256.count == 64, sha256.allSatisfy({ "0123456789abcdef".contains($0) }) else { return ("sha256", "must be 64 lowercase hex digits") }
        guard abi.minimum <= abi.maximum else { return ("abi.minimum", "\(abi.minimum) is above abi.maximum \(abi.maximum)") }
        if let problem = permissions?.problem { return problem }
        if let locales, let problem = locales.isEmpty ? "is empty" : PluginInfo.localesProblem(locales) { return ("locales", problem) }
        guard parameters.count <= PluginLibrary.maximumParameters else { return ("parameters", "\(parameters.count) entries; the most is \(PluginLibrary.maximumParameters)") }
        for (i, parameter) in parameters.enumerated() {
            do {
                _ = try parameter.spec()
            } catch {
                return ("parameters[\(i)]", "\(error)")
            }
        }
        return nil
    }

    /// Whether the host's ABI range overlaps the plugin's.
    public var fitsThisHost: Bool {
        abi.maximum >= UInt32(REFRESH_PLUGIN_ABI_VERSION_MIN) && abi.minimum <= UInt32(REFRESH_PLUGIN_ABI_VERSION)
    }

    /// Whether `id` is a reverse-DNS identifier a manifest or the probe's cache may hold: 1–200
    /// ASCII letters, digits, `.`, `_` and `-`.
    static func isPlainID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 200 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }

    /// Whether `text` is printable as it is and at most 4,096 characters.
    static func isPlainText(_ text: String) -> Bool {
        text.count <= 4096 && PluginError.printable(text) == text
    }

    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && !name.contains("/") && name != "." && name != ".." && PluginError.printable(name) == name
    }

    /// What a manifest says, as the plugin info listing and lookup use: `path` is the library's.
    func info(libraryPath: String) throws(PluginError) -> PluginInfo {
        var specs: [ParameterSpec] = []
        for parameter in parameters {
            do {
                specs.append(try parameter.spec())
            } catch {
                throw PluginError(file: libraryPath, reason: .invalidManifest(InputFileError(file: libraryPath, field: "parameters", reason: "\(error)", kind: Self.kind)))
            }
        }
        var info = PluginInfo(indicator: IndicatorInfo(id: id, name: name, version: version, summary: description),
                              parameters: specs, abiVersion: abi.minimum, path: libraryPath)
        info.sdkVersion = sdk
        info.drawnLocales = locales ?? []
        return info
    }

    /// The manifest of a loaded library: its descriptor's fields, with what a descriptor does not hold.
    public init(describing info: PluginInfo, library: String, sha256: String, author: String, license: String, thumbnail: String?, lint: [String]? = nil,
                permissions: PluginPermissions? = nil) {
        format = Self.currentFormat
        id = info.indicator.id
        name = info.indicator.name
        version = info.indicator.version
        description = info.indicator.summary
        self.author = author
        self.license = license
        abi = ABIRange(minimum: info.abiVersion, maximum: max(info.abiVersion, UInt32(REFRESH_PLUGIN_ABI_VERSION)))
        sdk = info.sdkVersion
        self.library = library
        self.sha256 = sha256
        self.thumbnail = thumbnail
        parameters = info.parameters.map(Parameter.init(describing:))
        self.lint = lint
        self.permissions = permissions
        locales = info.drawnLocales.isEmpty ? nil : info.drawnLocales
    }

    /// The manifest as pretty JSON, keys sorted (a stable file to diff).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // try?: a manifest holds strings and finite numbers (the reader refuses others), which always encode.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// SHA-256 of `data`, lowercase hex (`SHA256`).
    public static func sha256(of data: Data) -> String { SHA256.hex(of: data) }
}

extension PluginManifest.Parameter {
    /// The manifest entry of `spec`.
    init(describing spec: ParameterSpec) {
        name = spec.name
        help = spec.help
        `default` = spec.defaultValue
        switch spec.kind {
        case .number(_, let range): kind = "number"; minimum = range.lowerBound; maximum = range.upperBound
        case .color: kind = "color"
        case .bool: kind = "bool"
        case .string: kind = "string"
        case .choice(_, let options): kind = "choice"; self.options = options
        }
        file = spec.namesFile ? true : nil
        label = spec.label
    }

    /// The declaration this entry describes; the error names what does not fit.
    func spec() throws(ParameterError) -> ParameterSpec {
        func fail(_ why: String) -> ParameterError { ParameterError(parameter: name, reason: why) }
        guard ParameterSpec.isValidName(name) else {
            throw fail("the name must be 1–64 letters, digits, '_' or '-'")
        }
        guard PluginError.printable(help) == help, help.count <= 4096 else { throw fail("'help' holds control characters or is over 4096 characters") }
        let spec: ParameterSpec
        switch kind {
        case "number":
            guard case .number(let value) = `default` else { throw fail("a number's default must be a number") }
            guard let minimum, let maximum, minimum.isFinite, maximum.isFinite, minimum <= maximum else { throw fail("a number needs finite 'minimum' ≤ 'maximum'") }
            spec = .number(name, default: value, range: minimum...maximum, help: help)
        case "color":
            // try?: the colour error is replaced by one naming the parameter.
            guard case .string(let text) = `default`, let color = try? Color(hex: text) else { throw fail("a colour's default must be #RRGGBB or #RRGGBBAA") }
            spec = ParameterSpec(name, .color(default: color), help: help)
        case "bool":
            guard case .bool(let value) = `default` else { throw fail("a bool's default must be true or false") }
            spec = .bool(name, default: value, help: help)
        case "string":
            guard case .string(let value) = `default` else { throw fail("a string's default must be a string") }
            spec = .string(name, default: value, help: help)
        case "choice":
            guard case .string(let value) = `default`, let options, !options.isEmpty, options.count <= 1000 else { throw fail("a choice needs 1–1000 'options' and a string default") }
            spec = .choice(name, default: value, options: options, help: help)
        default:
            throw fail("kind '\(PluginError.printable(kind))' is not number, color, bool, string or choice")
        }
        var declared = spec
        if file == true {
            guard kind == "string" else { throw fail("only a string can name a file ('file': true)") }
            declared.namesFile = true
        }
        if let label {
            if let problem = ParameterSpec.labelProblem(label) { throw fail(problem) }
            declared.label = label
        }
        _ = try declared.validate(declared.defaultValue)
        return declared
    }
}
