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
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        let reason: String
        if ns.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(ns.code))).lowercased()
        } else if ns.domain == NSCocoaErrorDomain {
            if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                reason = String(cString: strerror(Int32(underlying.code))).lowercased()
            } else {
                reason = words(forCocoaCode: ns.code)
            }
        } else {
            return nil
        }
        return path.map { "\($0): \(reason)" } ?? reason
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
