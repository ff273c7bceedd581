import ArgumentParser
import Foundation

/// A command's private scratch folder: a new name from `mkdtemp` (mode 0700), never a folder
/// someone else made first under a name that could be guessed, and removed with everything in it
/// by ``remove()``.
struct ScratchFolder {
    /// The folder's path.
    let path: String

    /// Makes `refreshkit-PURPOSE-XXXXXX` in `parent` (a child's inside its parent's, so the parent
    /// removes it even when the child was killed), else in the temporary folder.
    init(_ purpose: String, in parent: String? = nil) throws {
        let folder = parent ?? NSTemporaryDirectory()
        var template = Array((folder + "/refreshkit-\(purpose)-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ValidationError("no scratch folder in \(folder): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Removes the folder and what is in it.
    func remove() {
        // try?: clean-up of a scratch folder when the command ends; a leftover is private to this user.
        try? FileManager.default.removeItem(atPath: path)
    }
}
