import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// glibc's `syncfs` (the module map does not export it): syncs the filesystem holding `fd`.
@_silgen_name("syncfs") private func syncFilesystem(_ fd: Int32) -> Int32

/// A run's output folder, made atomically: everything is written plainly (no sync per file) into
/// a fresh sibling folder (`NAME.partial-XXXXXX`), synced once, and renamed into place at the end.
/// A run that fails or is stopped (Ctrl-C, SIGTERM: ``TemporaryPaths``) removes that folder, and
/// nothing half-written ever has the real name; only SIGKILL can leave it. A folder a previous
/// run made (it holds ``marker``, or only `frames/`, `contact-sheet.png` and WebP files, all
/// regular files) is replaced, anything else is never touched.
struct RunFolder {
    /// The file that says a folder is a run's output and may be replaced by the next run.
    static let marker = ".refreshkit-run"

    /// Where the run's files go while it runs.
    let staging: String
    /// Where they end up.
    let final: String
    /// The staging folder's entry among the ``TemporaryPaths``: removed with the process if it ends first.
    private let remembered: Int

    /// Checks that `final` may be written (new, empty, or a previous run's) and makes the staging folder.
    init(_ given: String) throws {
        // `NEW/` is the folder NEW: its staging folder is a sibling, not a folder inside one not made yet.
        var final = given
        while final.count > 1, final.hasSuffix("/") { final.removeLast() }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: final, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ValidationError("--out \(final): is a file, not a folder") }
            // A run's folder: the marker, or (made before the marker existed) only what a run writes.
            let contents = try manager.contentsOfDirectory(atPath: final)
            let onlyRunFiles = contents.allSatisfy { Self.isRunOutput($0, in: final) }
            guard contents.contains(Self.marker) || onlyRunFiles else {
                throw ValidationError("--out \(final): the folder has files a run did not make; refusing to replace it (choose a new or empty folder)")
            }
        }
        self.final = final
        let parent = PathText.folder(of: final)
        if !parent.isEmpty { try OutputFile.makeFolder(parent) }
        do {
            // A run's folder gets the umask's permissions, not mkdtemp's 0700: it is renamed into
            // place. Made and kept in one step: a stop signal in between would leave it behind.
            (staging, remembered) = try TemporaryPaths.make { () -> Result<String, OutputError> in
                Result { () throws(OutputError) in try OutputFile.makeUniqueFolder(final + ".partial-", mode: 0o777) }
            }
        } catch {
            throw ValidationError("--out \(final): \(error.reason)")
        }
        OutputRoots.add(staging)  // below it no link is followed
        // The marker, with the list of what the folder holds, is written once, by commit().
    }

    /// Whether `name` in `folder` is what a run made before runs left a marker: `contact-sheet.png`
    /// or a `.webp` that is a regular file, or a real folder `frames` holding only regular files.
    /// Anything else (a link, a pipe, a folder under a file's name) is not a run's, and a folder
    /// holding it is never replaced.
    static func isRunOutput(_ name: String, in folder: String) -> Bool {
        switch name {
        case "frames":
            guard type(of: folder + "/frames") == S_IFDIR else { return false }
            // try?: a frames folder that cannot be read is not known to be a run's.
            guard let frames = try? FileManager.default.contentsOfDirectory(atPath: folder + "/frames") else { return false }
            return frames.allSatisfy { type(of: folder + "/frames/" + $0) == S_IFREG }
        case "contact-sheet.png": return type(of: folder + "/" + name) == S_IFREG
        default: return name.hasSuffix(".webp") && type(of: folder + "/" + name) == S_IFREG
        }
    }

    /// The type bits of what is at `path`, the link itself for a link; 0 when nothing is.
    private static func type(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// The names an earlier run in `folder` wrote: the marker's list (one name a line after its
    /// first), or, for a marker without one, everything in the folder.
    static func earlierOutputs(in folder: String) -> [String] {
        let manager = FileManager.default
        // try?: a folder that cannot be read holds no outputs to keep.
        guard let all = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        // try?: a marker that cannot be read (or is over 1 MB, or not a file) lists nothing, and the folder's names stand in.
        let listed = (try? CappedFile.contents(of: folder + "/" + marker, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n").dropFirst().map(String.init) ?? []
        let names = listed.isEmpty ? all : listed.filter { all.contains($0) }
        return names.filter { $0 != marker && !$0.contains("/") && !$0.hasPrefix(".") }.sorted()
    }

    /// Syncs the staged files once and puts them in place of `final`. What an earlier run left in
    /// `final` and this one did not write (an MP4 when this run makes a GIF) is kept, unless
    /// `clean`; returns the names kept. The marker lists everything the folder then holds.
    @discardableResult
    func commit(clean: Bool = false) throws -> [String] {
        let manager = FileManager.default
        // try?: an unreadable staging folder lists nothing, and the rename below names the problem.
        let written = Set((try? manager.contentsOfDirectory(atPath: staging)) ?? [])
        var kept: [String] = []
        if !clean, manager.fileExists(atPath: final) {
            // Only regular files and the frames folder are kept: a link or a pipe under an earlier output's name is dropped with the folder.
            for name in Self.earlierOutputs(in: final) where !written.contains(name) && [S_IFREG, name == "frames" ? S_IFDIR : S_IFREG].contains(Self.type(of: "\(final)/\(name)")) {
                // Kept by a hard link (files) or a move (the frames folder); the earlier folder goes below.
                if link("\(final)/\(name)", "\(staging)/\(name)") == 0 || rename("\(final)/\(name)", "\(staging)/\(name)") == 0 { kept.append(name) }
            }
        }
        do {
            try OutputFile.write((["refresh-dump run"] + (written.subtracting([Self.marker]).sorted() + kept).sorted()).joined(separator: "\n") + "\n",
                                 to: staging + "/" + Self.marker)
        } catch {
            throw ValidationError("--out \(final): \(PlainErrorText.words(error))")
        }
        let fd = open(staging, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            _ = syncFilesystem(fd)
            close(fd)
        }
        let previous = final + ".old-\(getpid())"
        let hadPrevious = manager.fileExists(atPath: final)
        if hadPrevious {
            // Empty, or a previous run's (checked when the run began).
            guard rename(final, previous) == 0 else { throw ValidationError("--out \(final): cannot be replaced: \(String(cString: strerror(errno)))") }
        }
        guard rename(staging, final) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadPrevious { rename(previous, final) }
            throw ValidationError("--out \(final): cannot be put in place: \(reason)")
        }
        TemporaryPaths.forget(remembered)
        // try?: the new run is in place; the previous one is only what it replaced.
        if hadPrevious { try? manager.removeItem(atPath: previous) }
        return kept
    }

    /// `error` with every staging folder in its text (`out.partial-XXXXXX/pull-short.gif`) named as
    /// the folder the user asked for (`out/pull-short.gif`): the staging name is gone by the time
    /// anyone reads the message. Other errors come back as they are.
    static func namingFinalPaths(_ error: Error) -> Error {
        let text = PlainErrorText.words(error)
        let pattern = #"\.partial-[A-Za-z0-9]{6}"#
        guard text.range(of: pattern, options: .regularExpression) != nil else { return error }
        return StoppedError(description: text.replacingOccurrences(of: pattern, with: "", options: .regularExpression))
    }

    /// Removes the staged files of a run that failed.
    func abandon() {
        // try?: clean-up after a failure that is already being reported.
        try? FileManager.default.removeItem(atPath: staging)
        TemporaryPaths.forget(remembered)
    }
}
