import Foundation
import RefreshContract
import ZIPFoundation

/// A dotLottie (`.lottie`): a zip of `manifest.json` and `animations/<id>.json`, as the dotLottie
/// format (version 1) describes and LottieFiles' players, lottie-ios and RefreshKit's Lottie
/// plugin read.
package enum DotLottieFile {
    /// Every entry's date: the same archive is the same bytes on every run (the zip's entries
    /// carried the moment they were written). 2000-01-01, UTC (ZIPFoundation writes it through `gmtime`).
    static let entryDate = Date(timeIntervalSince1970: 946_684_800)

    /// The archive of `animations` (id → Lottie JSON), the first the one shown first.
    package static func data(animations: [(id: String, json: Data)], generator: String = "RefreshKit") throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let manifest = try encoder.encode(DotLottieManifest(version1: animations.map(\.id), generator: generator))
        for (path, bytes) in [(DotLottieManifest.fileName, manifest)] + animations.map({ (DotLottieManifest.path(of: $0.id), $0.json) }) {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: entryDate, compressionMethod: .deflate) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }
}
