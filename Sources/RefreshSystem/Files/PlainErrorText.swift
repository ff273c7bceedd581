import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Foundation's file errors in a user's words: "out/run: read-only file system", never
/// `Error Domain=NSCocoaErrorDomain Code=642 …`.
public enum PlainErrorText {
    /// `error` as "PATH: what happened" when it is one of Foundation's file errors or a system
    /// error number; nil for any other error (its own description is already meant for people).
    public static func describe(_ error: Error) -> String? {
        let ns = error as NSError
        guard let reason = reason(ns) else { return nil }
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return path.map { "\($0): \(reason)" } ?? reason
    }

    /// What happened, without the path ("read-only file system"): for a message that names the
    /// path itself. Any other error by its own description.
    public static func reason(_ error: Error) -> String {
        reason(error as NSError) ?? "\(error)"
    }

    private static func reason(_ ns: NSError) -> String? {
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))).lowercased() }
        guard ns.domain == NSCocoaErrorDomain else { return nil }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return words(forCocoaCode: ns.code)
    }

    /// `error` in a user's words wherever it is quoted inside another message: a file error as
    /// ``describe(_:)`` says it, JSON of the wrong shape without Swift's type names, and any other
    /// error by its own description (already meant for people).
    public static func words(_ error: Error) -> String {
        if let plain = describe(error) { return plain }
        if error is DecodingError { return "not the JSON expected here" }
        return "\(error)"
    }

    private static func words(forCocoaCode code: Int) -> String {
        switch CocoaError.Code(rawValue: code) {
        case .fileWriteOutOfSpace: "no space left on device"
        case .fileWriteVolumeReadOnly: "read-only file system"
        case .fileWriteFileExists: "already exists"
        case .fileWriteNoPermission, .fileReadNoPermission: "permission denied"
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file or folder"
        case .fileReadTooLarge: "too large to read"
        case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: "not readable as text (bad UTF-8?)"
        case .fileWriteInvalidFileName, .fileReadInvalidFileName: "not a valid file name"
        default: "cannot be read or written (file error \(code))"
        }
    }
}
