import CPangoCairo
import Foundation

/// SHA-256 digests, by GLib's checksum (which Pango already brings): a bundle's library, a
/// fingerprint's fonts.
public enum SHA256 {
    /// The digest of `data`, lowercase hex.
    public static func hex(of data: Data) -> String {
        data.withUnsafeBytes { bytes -> String in
            guard let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count)) else { return "" }
            defer { g_free(digest) }
            return String(cString: digest)
        }
    }
}
