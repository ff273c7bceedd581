import Foundation
import RefreshSystem
import RefreshPluginSDK

/// A film folder: one PNG for each distinct frame of a ``MotionTrack``, named by its hash.
enum MotionFilm {
    /// Makes `folder` and removes the pictures in it (regular files named `<hash>.png`; anything
    /// else — a link, a folder, a pipe under such a name — is left, and a write to it is refused).
    static func empty(_ folder: String) throws {
        try OutputFile.makeFolder(folder)
        for name in pictures(in: folder) { try remove((folder as NSString).appendingPathComponent(name)) }
    }

    /// The picture files in `folder` (regular files named `<hash>.png`), none when there is no folder.
    static func pictures(in folder: String) -> [String] {
        // try?: no folder is a film of no pictures.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            name.hasSuffix(".png") && MotionTrack.isHash(String(name.dropLast(4))) && isRegularFile((folder as NSString).appendingPathComponent(name))
        }.sorted()
    }

    /// Whether `path` is a regular file itself (not a link to one).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw GraphicsError.output(path: path, reason: "cannot be removed: \(String(cString: strerror(errno)))")
        }
    }

    /// The picture of `hash`: from `films` in order, the first that has it as a regular file; nil
    /// when none does.
    static func picture(_ hash: String, in films: [String]) -> String? {
        films.map { MotionTrack.picture(hash, in: $0) }.first(where: isRegularFile)
    }

    /// Makes `track` the golden in `folder` for the scenario `name`: each of its pictures copied
    /// from `sources` (the actual film, then the golden's own), the pictures no frame uses any more
    /// removed, and the track written last, so a stopped recording leaves the old track in charge.
    static func record(_ track: MotionTrack, name: String, in folder: String, from sources: [String]) throws {
        let film = MotionTrack.filmPath(in: folder, name: name)
        try OutputFile.makeFolder(film)
        let used = Set(track.frames.map(\.hash))
        for hash in used.sorted() {
            let target = MotionTrack.picture(hash, in: film)
            // A picture of that hash is that frame; anything else under its name is refused by the write.
            guard !isRegularFile(target) else { continue }
            guard let source = picture(hash, in: sources), let bytes = FileManager.default.contents(atPath: source) else {
                throw GraphicsError.output(path: target, reason: "has no picture to copy (frame \(hash) is in neither \(sources.joined(separator: " nor ")))")
            }
            try OutputFile.write(bytes, to: target)
        }
        try track.write(to: MotionTrack.path(in: folder, name: name))
        for name in pictures(in: film) where !used.contains(String(name.dropLast(4))) {
            try remove((film as NSString).appendingPathComponent(name))
        }
    }
}
