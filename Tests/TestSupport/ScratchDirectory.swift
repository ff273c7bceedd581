import Foundation

/// The folder this test process's scratch folders go in, `refreshkit-tests-<pid>` in the temporary
/// folder, removed with everything in it when the process ends (a run of the suite used to leave
/// some 2,000 folders in /tmp). `REFRESHKIT_KEEP_SCRATCH=1` keeps it, to look at a failure's files.
let scratchRoot: String = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("refreshkit-tests-\(getpid())").path
    if ProcessInfo.processInfo.environment["REFRESHKIT_KEEP_SCRATCH"] != "1" {
        // try?: what cannot be removed when the tests end is left in /tmp, as before.
        atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    }
    return root
}()

/// A fresh, empty folder for one test, `<name>` in this process's ``scratchRoot`` (emptied if the
/// test made it before).
public func scratchDirectory(_ name: String) -> String {
    let path = (scratchRoot as NSString).appendingPathComponent("refreshkit-\(name)")
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
