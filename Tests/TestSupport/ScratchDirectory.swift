import Foundation

/// A fresh, empty folder for one test, `refreshkit-<name>-<pid>` in the temporary folder (emptied
/// if an earlier run of this process id left it).
public func scratchDirectory(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("refreshkit-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
