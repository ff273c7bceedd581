import Foundation
import Testing
@testable import RefreshSystem
#if canImport(Glibc)
import Glibc
#endif

/// Files that outside input names are read within caps and never replaced unless regular.
@Suite struct OutsideFileTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "refreshkit-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func devicesFoldersAndOversizedFilesAreRefusedWithTheLimit() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: CappedFile.Failure(path: "/dev/zero", reason: "is not a regular file (a device, pipe or socket)")) {
            try CappedFile.contents(of: "/dev/zero", limit: 1 << 20)
        }
        #expect(throws: CappedFile.Failure(path: dir, reason: "is a folder, not a file")) { try CappedFile.contents(of: dir, limit: 100) }
        let big = dir + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 1 << 30)  // a sparse gigabyte
        try handle.close()
        #expect(throws: CappedFile.Failure(path: big, reason: "is 1.0 GB, over the 4 MB limit")) {
            try CappedFile.contents(of: big, limit: 4 << 20)
        }
        let small = dir + "/small.txt"
        try Data("M0 0 L1 1".utf8).write(to: URL(fileURLWithPath: small))
        #expect(try CappedFile.contents(of: small, limit: 9) == Data("M0 0 L1 1".utf8))
        #expect(throws: CappedFile.Failure.self) { try CappedFile.contents(of: dir + "/missing", limit: 9) }
    }

    /// A file where a folder must be made is named as such: `--out FILE/sub` said "cannot be read or
    /// written (file error 512)" for sweep, report, gallery, handoff, export, pack and verify.
    @Test func aFileOnTheWayToAFolderIsNamed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8)))
        #expect(throws: OutputError(path: dir + "/file/sub/deeper", reason: "cannot be created: \(dir)/file is a file, not a folder")) {
            try OutputFile.makeFolder(dir + "/file/sub/deeper")
        }
        #expect(throws: OutputError(path: dir + "/file", reason: "is a file, not a folder")) { try OutputFile.makeFolder(dir + "/file") }
        // A dangling link where the folder goes (`export --out` said "already exists").
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: dir + "/gone")
        #expect(throws: OutputError(path: dir + "/dangling", reason: "is a symbolic link that leads nowhere; refusing to make a folder through it")) {
            try OutputFile.makeFolder(dir + "/dangling")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/gone"))
    }

    @Test func outputsNeverReplaceDevicesOrLinks() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: OutputError(path: "/dev/null", reason: "is not a regular file (a device, pipe or socket); refusing to replace it")) {
            try OutputFile.write([1, 2, 3], to: "/dev/null")
        }
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: dir + "/target.png")
        #expect(throws: OutputError.self) { try OutputFile.write([1], to: dir + "/link.png") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/target.png"))
        try OutputFile.write([1, 2, 3], to: dir + "/frame.png")
        try OutputFile.write([4, 5], to: dir + "/frame.png")
        #expect(FileManager.default.contents(atPath: dir + "/frame.png") == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["frame.png", "link.png"], "no temporary file left")
        #expect(throws: OutputError.self) { try OutputFile.write([1], to: dir + "/no/such/folder/x.png") }
    }
}
