import CCairo
import CPangoCairo
import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// What a frame's pixels depend on besides the plugin: the libraries that draw (Cairo, Pango,
/// HarfBuzz, FreeType, fontconfig, rlottie), the font files, the machine. `verify` stores it
/// beside the goldens it records (``fileName``); when a compare fails and it differs, the message
/// names what changed ("pango 1.50.12 → 1.52.1"), so renderer drift is told from a regression.
public struct RenderingEnvironment: Codable, Equatable, Sendable {
    /// Each part and its version or hash: `cairo`, `pango`, `font DejaVuSans.ttf`, `architecture` …
    public var parts: [String: String]

    /// The file beside the goldens.
    public static let fileName = "fingerprint.json"

    /// This process's environment (worked out once: the fonts are hashed).
    public static let current = RenderingEnvironment(parts: currentParts())

    /// The fingerprint stored in `folder`; nil when there is none or it cannot be read.
    public static func stored(in folder: String) -> RenderingEnvironment? {
        // try?: a fingerprint that is missing or unreadable only means no names can be given for a change.
        guard let data = try? CappedFile.contents(of: (folder as NSString).appendingPathComponent(fileName), limit: 1 << 20) else { return nil }
        // try?: the same for one that is not a fingerprint.
        return try? JSONDecoder().decode(RenderingEnvironment.self, from: data)
    }

    /// Writes this fingerprint into `folder`.
    public func store(in folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try OutputFile.write(try encoder.encode(self), to: (folder as NSString).appendingPathComponent(Self.fileName))
    }

    /// What differs from `recorded`, one line a part: `pango 1.50.12 → 1.52.1`, `font X.ttf (gone)`.
    public func changes(since recorded: RenderingEnvironment) -> [String] {
        Set(parts.keys).union(recorded.parts.keys).sorted().compactMap { key in
            switch (recorded.parts[key], parts[key]) {
            case let (was?, now?) where was != now: "\(key) \(was) → \(now)"
            case (let was?, nil): "\(key) \(was) (gone)"
            case (nil, let now?): "\(key) \(now) (new)"
            default: nil
            }
        }
    }

    private static func currentParts() -> [String: String] {
        Fonts.pin()
        var parts: [String: String] = [
            "cairo": String(cString: cairo_version_string()),
            "pango": String(cString: pango_version_string()),
            "harfbuzz": String(cString: hb_version_string()),
            "fontconfig": { let v = FcGetVersion(); return "\(v / 10000).\(v / 100 % 100).\(v % 100)" }(),
            "architecture": architecture(),
        ]
        if let freetype = freeTypeVersion() { parts["freetype"] = freetype }
        if let rlottie = debianPackageVersion("librlottie0-1") { parts["rlottie"] = rlottie }
        for (name, hash) in fontHashes() { parts["font \(name)"] = hash }
        return parts
    }

    private static func architecture() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// FreeType's version, asked of the library Pango loaded (its headers are not ours to include).
    private static func freeTypeVersion() -> String? {
        typealias Initialise = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
        typealias Version = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Void
        typealias Done = @convention(c) (OpaquePointer?) -> Int32
        let library = dlopen(nil, RTLD_NOW)
        guard let initialise = dlsym(library, "FT_Init_FreeType"), let version = dlsym(library, "FT_Library_Version"),
              let done = dlsym(library, "FT_Done_FreeType") else { return nil }
        var handle: OpaquePointer?
        guard unsafeBitCast(initialise, to: Initialise.self)(&handle) == 0 else { return nil }
        defer { _ = unsafeBitCast(done, to: Done.self)(handle) }
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        unsafeBitCast(version, to: Version.self)(handle, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// The installed version of a Debian package, from dpkg's status file; nil elsewhere.
    private static func debianPackageVersion(_ package: String) -> String? {
        // try?: without dpkg's status (another distribution) the part is left out.
        guard let data = try? CappedFile.contents(of: "/var/lib/dpkg/status", limit: 64 << 20) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "Package: \(package)\n") else { return nil }
        let rest = text[start.upperBound...]
        let entry = rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)]
        return entry.split(separator: "\n").first { $0.hasPrefix("Version: ") }.map { String($0.dropFirst("Version: ".count)) }
    }

    /// A short SHA-256 of each font file in the folders fontconfig searches (``Fonts`` pinned them).
    private static func fontHashes() -> [(String, String)] {
        guard let config = FcConfigGetCurrent(), let folders = FcConfigGetFontDirs(config) else { return [] }
        defer { FcStrListDone(folders) }
        var hashes: [(String, String)] = []
        while let folder = FcStrListNext(folders).map({ String(cString: $0) }) {
            // try?: a folder that is not there holds no fonts.
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = (folder as NSString).appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                // try?: a font that cannot be read is hashed as empty, which differs from any real one.
                let data = (try? CappedFile.contents(of: path, limit: 256 << 20)) ?? Data()
                hashes.append((name, String(SHA256.hex(of: data).prefix(16))))
            }
        }
        return hashes
    }
}
