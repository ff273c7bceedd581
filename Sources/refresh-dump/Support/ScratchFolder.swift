import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics

/// A command's private scratch folder: a new name from `mkdtemp` (mode 0700), never a folder
/// someone else made first under a name that could be guessed, and removed with everything in it
/// by ``remove()``.
struct ScratchFolder {
    /// The folder's path.
    let path: String
    /// Its entry among the ``TemporaryPaths``: removed with the process if it ends first.
    private let remembered: Int

    /// Makes `refreshkit-PURPOSE-XXXXXX` in `parent` (a child's inside its parent's, so the parent
    /// removes it even when the child was killed), else in the temporary folder.
    init(_ purpose: String, in parent: String? = nil) throws {
        do {
            // Made and kept in one step: a stop signal in between would leave it behind.
            (path, remembered) = try TemporaryPaths.make { () -> Result<String, OutputError> in
                Result { () throws(OutputError) in try OutputFile.makeUniqueFolder((parent ?? NSTemporaryDirectory()) + "/refreshkit-\(purpose)-") }
            }
        } catch {
            throw ValidationError("no scratch folder: \(PlainErrorText.words(error))")
        }
    }

    /// Removes the folder and what is in it.
    func remove() {
        // try?: clean-up of a scratch folder when the command ends; a leftover is private to this user.
        try? FileManager.default.removeItem(atPath: path)
        TemporaryPaths.forget(remembered)
    }
}
