import Foundation
import RefreshPluginSDK
import ZIPFoundation

/// A dotLottie (`.lottie`) archive, the zip LottieFiles hands out: `manifest.json`, animations
/// under `animations/` (version 1) or `a/` (version 2), images under `images/` or `i/`. Reading
/// one yields the JSON of the animation chosen (by id, else the manifest's initial, else its first),
/// the images it names written into it as data URIs. Safe against what a zip can carry: at
/// most ``entryLimit`` entries, ``sizeLimit`` bytes uncompressed in all (counted while inflating,
/// not taken from the headers), and no entry outside the archive's root (`..`, absolute, links).
package struct DotLottieArchive {
    package static let entryLimit = 2_000
    package static let sizeLimit = 64 << 20

    /// The animation's JSON.
    package let json: Data
    /// The id of the animation read.
    package let animationID: String

    /// Whether `data` starts as a zip archive does.
    package static func isArchive(_ head: Data) -> Bool { head.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// Reads the archive at `path`; throws why, in words for a parameter error.
    package init(path: String, animation wanted: String?, sizeLimit: Int = DotLottieArchive.sizeLimit) throws(DotLottieError) {
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch { throw DotLottieError("is not a zip archive a .lottie must be") }
        var entries: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= Self.entryLimit else { throw DotLottieError("has more than \(Self.entryLimit) entries") }
            let name = entry.path
            guard entry.type != .symlink, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw DotLottieError("has an entry outside the archive ('\(name.prefix(80))')")
            }
            if entry.type == .file { entries[name] = entry }
        }
        var budget = sizeLimit
        func read(_ entry: Entry) throws(DotLottieError) -> Data {
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    guard chunk.count <= budget else { throw DotLottieError("unpacks to more than \(sizeLimit >> 20) MB") }
                    budget -= chunk.count
                    data.append(chunk)
                }
            } catch let error as DotLottieError {
                throw error
            } catch {
                throw DotLottieError("has an entry that does not unpack ('\(entry.path.prefix(80))': \(error))")
            }
            return data
        }
        guard let manifestEntry = entries[DotLottieManifest.fileName] else { throw DotLottieError("has no manifest.json") }
        let manifest: DotLottieManifest
        let manifestData = try read(manifestEntry)
        // Words and a place, not the decoder's type dump.
        if let problem = JSONSyntax.problem(in: manifestData) {
            throw DotLottieError("has a manifest.json that is not valid JSON: \(problem.text(in: manifestData))")
        }
        do { manifest = try JSONDecoder().decode(DotLottieManifest.self, from: manifestData) } catch {
            let field = JSONSyntax.field(of: error)
            throw DotLottieError("has a manifest.json that is not a dotLottie manifest (expected \"animations\": [{\"id\": \"…\"}]\(field.isEmpty ? "" : "; at \(field)"))")
        }
        let ids = manifest.animations.map(\.id)
        guard let id = wanted.flatMap({ $0.isEmpty ? nil : $0 }) ?? manifest.firstShown else { throw DotLottieError("lists no animation") }
        guard ids.contains(id) else { throw DotLottieError("has no animation '\(id)' (it has \(ids.map { "'\($0)'" }.joined(separator: ", ")))") }
        guard let animation = entries[DotLottieManifest.path(of: id)] ?? entries["a/\(id).json"] else { throw DotLottieError("lists '\(id)' but holds no animations/\(id).json or a/\(id).json") }
        animationID = id
        // Its images go into the animation as data URIs, which rlottie reads as it reads a file's:
        // nothing is unpacked to disk (a plugin's sandbox may write nowhere, and a stop while
        // unpacking left a folder behind).
        json = try Self.embeddingImages(in: try read(animation)) { name throws(DotLottieError) in
            let file = (name as NSString).lastPathComponent
            guard let entry = entries[name] ?? entries["images/" + file] ?? entries["i/" + file] else { return nil }
            return try read(entry)
        }
    }

    /// `json` with each image asset the archive holds (`u` + `p`, or `p` under `images/` or `i/`)
    /// written into it as a data URI; `json` itself when it names none.
    private static func embeddingImages(in json: Data, image: (String) throws(DotLottieError) -> Data?) throws(DotLottieError) -> Data {
        // try?: JSON that does not parse here is rlottie's to refuse, with the plugin's message.
        guard var root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any], var assets = root["assets"] as? [[String: Any]] else { return json }
        var embedded = false
        for index in assets.indices {
            guard let file = assets[index]["p"] as? String, !file.isEmpty, !file.hasPrefix("data:") else { continue }
            let folder = (assets[index]["u"] as? String) ?? ""
            let name = (folder + file).split(separator: "/").joined(separator: "/")
            guard let data = try image(name) else { continue }
            let ending = (file as NSString).pathExtension.lowercased()
            let type = ["jpg": "jpeg", "jpeg": "jpeg", "webp": "webp", "gif": "gif"][ending] ?? "png"
            assets[index]["p"] = "data:image/\(type);base64," + data.base64EncodedString()
            assets[index]["u"] = ""
            assets[index]["e"] = 1
            embedded = true
        }
        guard embedded else { return json }
        root["assets"] = assets
        // try?: what was just parsed, with strings added, serializes again.
        return (try? JSONSerialization.data(withJSONObject: root, options: .withoutEscapingSlashes)) ?? json
    }

}

/// Why a `.lottie` archive could not be read, in words that follow its file name.
package struct DotLottieError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
