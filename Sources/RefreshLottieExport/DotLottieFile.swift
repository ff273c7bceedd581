import Foundation
import ZIPFoundation

/// A dotLottie (`.lottie`): a zip of `manifest.json` and `animations/<id>.json`, as the dotLottie
/// format (version 1) describes and LottieFiles' players, lottie-ios and RefreshKit's Lottie
/// plugin read.
package enum DotLottieFile {
    /// The archive of `animations` (id → Lottie JSON), the first the one shown first.
    package static func data(animations: [(id: String, json: Data)], generator: String = "RefreshKit") throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let list = animations.map { ["id": $0.id] }
        let manifest = try JSONSerialization.data(withJSONObject: ["version": "1", "generator": generator, "animations": list,
                                                                   "activeAnimationId": animations.first?.id ?? ""] as [String: Any],
                                                  options: [.sortedKeys])
        for (path, bytes) in [("manifest.json", manifest)] + animations.map({ ("animations/\($0.id).json", $0.json) }) {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }
}
