import Foundation
import RefreshPluginSDK
import ZIPFoundation

/// A dotLottie (`.lottie`) archive, the zip LottieFiles hands out: `manifest.json`, animations
/// under `animations/` (version 1) or `a/` (version 2), images under `images/` or `i/`. Reading
/// one yields the JSON of the animation chosen (by id, else the manifest's initial, else its first)
/// and a private folder holding the images it may name. Safe against what a zip can carry: at
/// most ``entryLimit`` entries, ``sizeLimit`` bytes uncompressed in all (counted while inflating,
/// not taken from the headers), and no entry outside the archive's root (`..`, absolute, links).
struct DotLottieArchive {
    static let entryLimit = 2_000
    static let sizeLimit = 64 << 20

    /// The animation's JSON.
    let json: Data
    /// The folder its images were extracted to (rlottie's resource path); the caller removes it.
    let resources: String
    /// The id of the animation read.
    let animationID: String

    /// Whether `data` starts as a zip archive does.
    static func isArchive(_ head: Data) -> Bool { head.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// Reads the archive at `path`; throws why, in words for a parameter error.
    init(path: String, animation wanted: String?, sizeLimit: Int = DotLottieArchive.sizeLimit) throws(DotLottieError) {
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
        guard let manifestEntry = entries["manifest.json"] else { throw DotLottieError("has no manifest.json") }
        let manifest: Manifest
        let manifestData = try read(manifestEntry)
        // Words and a place, not the decoder's type dump.
        if let problem = JSONSyntax.problem(in: manifestData) {
            throw DotLottieError("has a manifest.json that is not valid JSON: \(problem.text(in: manifestData))")
        }
        do { manifest = try JSONDecoder().decode(Manifest.self, from: manifestData) } catch {
            let field = JSONSyntax.field(of: error)
            throw DotLottieError("has a manifest.json that is not a dotLottie manifest (expected \"animations\": [{\"id\": \"…\"}]\(field.isEmpty ? "" : "; at \(field)"))")
        }
        let ids = manifest.animations.map(\.id)
        guard let id = wanted.flatMap({ $0.isEmpty ? nil : $0 }) ?? manifest.initial?.animation ?? ids.first else { throw DotLottieError("lists no animation") }
        guard ids.contains(id) else { throw DotLottieError("has no animation '\(id)' (it has \(ids.map { "'\($0)'" }.joined(separator: ", ")))") }
        guard let animation = entries["animations/\(id).json"] ?? entries["a/\(id).json"] else { throw DotLottieError("lists '\(id)' but holds no animations/\(id).json or a/\(id).json") }
        json = try read(animation)
        animationID = id
        resources = NSTemporaryDirectory() + "refreshkit-dotlottie-\(getpid())-\(UUID().uuidString.prefix(8))"
        do throws(DotLottieError) {
            for (name, entry) in entries where name.hasPrefix("images/") || name.hasPrefix("i/") {
                let target = "\(resources)/\(name)"
                let data = try read(entry)
                do {
                    try FileManager.default.createDirectory(atPath: PathText.folder(of: target), withIntermediateDirectories: true)
                    try data.write(to: URL(fileURLWithPath: target))
                } catch {
                    throw DotLottieError("has an image that could not be unpacked ('\(name.prefix(80))': \(error.localizedDescription))")
                }
            }
        } catch {
            // try?: what was unpacked of an archive that failed goes with it; a folder never made is nothing to remove.
            try? FileManager.default.removeItem(atPath: resources)
            throw error
        }
    }

    /// The parts of `manifest.json` read: the animations' ids and the initial one (version 2).
    private struct Manifest: Decodable {
        struct Animation: Decodable { var id: String }
        struct Initial: Decodable { var animation: String? }
        var animations: [Animation]
        var initial: Initial?
    }
}

/// Why a `.lottie` archive could not be read, in words that follow its file name.
struct DotLottieError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
