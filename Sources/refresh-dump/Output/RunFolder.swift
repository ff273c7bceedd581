import ArgumentParser
import Foundation
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// glibc's `syncfs` (the module map does not export it): syncs the filesystem holding `fd`.
@_silgen_name("syncfs") private func syncFilesystem(_ fd: Int32) -> Int32

/// A run's output folder, made atomically: everything is written plainly (no sync per file) into
/// a fresh sibling folder, synced once, and renamed into place at the end. An interrupted run
/// leaves its `.partial-XXXXXX` folder, never a half-written result under the real name; a folder
/// a previous run made (it holds ``marker``, or only `frames/`, `contact-sheet.png` and WebP
/// files) is replaced, anything else is never touched.
struct RunFolder {
    /// The file that says a folder is a run's output and may be replaced by the next run.
    static let marker = ".refreshkit-run"

    /// Where the run's files go while it runs.
    let staging: String
    /// Where they end up.
    let final: String

    /// Checks that `final` may be written (new, empty, or a previous run's) and makes the staging folder.
    init(_ final: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: final, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ValidationError("--out \(final): is a file, not a folder") }
            // A run's folder: the marker, or (made before the marker existed) only what a run writes.
            let contents = try manager.contentsOfDirectory(atPath: final)
            let onlyRunFiles = contents.allSatisfy { $0 == "frames" || $0 == "contact-sheet.png" || $0.hasSuffix(".webp") }
            guard contents.contains(Self.marker) || onlyRunFiles else {
                throw ValidationError("--out \(final): the folder has files a run did not make; refusing to replace it (choose a new or empty folder)")
            }
        }
        self.final = final
        let parent = (final as NSString).deletingLastPathComponent
        if !parent.isEmpty { try manager.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        // A folder of a name nobody could know beforehand (mkdtemp), so nothing planted there is
        // written through; a run's folder gets the umask's permissions, not mkdtemp's 0700.
        var template = Array((final + ".partial-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw ValidationError("--out \(final): cannot make a folder beside it: \(PendingFile.words(errno))")
        }
        staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let mask = umask(0)
        umask(mask)
        chmod(staging, 0o777 & ~mask)
        do {
            try OutputFile.write("refresh-dump run\n", to: staging + "/" + Self.marker)
        } catch {
            throw ValidationError("--out \(final): \(error)")
        }
    }

    /// Syncs the staged files once and puts them in place of `final`.
    func commit() throws {
        let fd = open(staging, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            _ = syncFilesystem(fd)
            close(fd)
        }
        let manager = FileManager.default
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
        // try?: the new run is in place; the previous one is only what it replaced.
        if hadPrevious { try? manager.removeItem(atPath: previous) }
    }

    /// Removes the staged files of a run that failed.
    func abandon() {
        // try?: clean-up after a failure that is already being reported.
        try? FileManager.default.removeItem(atPath: staging)
    }
}
