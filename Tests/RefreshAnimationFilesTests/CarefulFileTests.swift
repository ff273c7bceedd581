import Foundation
import Testing
@testable import RefreshSystem
@testable import RefreshGraphics
import TestSupport
@testable import RefreshAnimationFiles

/// Every animation encoder writes the one careful way (``PendingFile``): a link, a folder or a
/// pipe under the final name is refused and left as it was, and a full or read-only disk leaves
/// nothing behind, neither the final name nor a temporary file, with a message in plain words.
@Suite struct CarefulFileTests {
    /// A frame of noise (it does not compress, so a small disk fills).
    func noise(_ seed: UInt64, width: Int = 160, height: Int = 120) throws -> ImageSurface {
        let image = try ImageSurface(width: width, height: height)
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        image.withPixels { bytes in
            for i in 0..<bytes.count {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                bytes[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state)
            }
        }
        return image
    }

    /// Writes `frames` noisy frames as `format` to `path`; the error, if any.
    func write(_ format: AnimationFormat, to path: String, frames: Int) -> Error? {
        do {
            let encoder = try format.encoder(path: path, width: 160, height: 120, frameRate: 30)
            for k in 0..<frames { try encoder.add(try noise(UInt64(k + 1)), duration: 1.0 / 30) }
            try encoder.finish()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: AnimationFormat.allCases)
    func aLinkAFolderOrAPipeUnderTheNameIsRefusedAndKept(format: AnimationFormat) throws {
        let folder = scratchDirectory("careful-\(format.rawValue)")
        let target = "\(folder)/somebody-elses-file"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        let link = "\(folder)/link.\(format.fileExtension)", pipe = "\(folder)/pipe.\(format.fileExtension)", dir = "\(folder)/dir.\(format.fileExtension)"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(mkfifo(pipe, 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        for (path, words) in [(link, "symbolic link"), (pipe, "not a regular file"), (dir, "is a folder")] {
            let error = try #require(write(format, to: path, frames: 3), "\(path) was written")
            #expect("\(error)".contains(path) && "\(error)".contains(words), "\(error)")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["dir.\(format.fileExtension)", "link.\(format.fileExtension)", "pipe.\(format.fileExtension)", "somebody-elses-file"], "a temporary file was left: \(names)")
        // A regular file of that name is replaced whole, with the umask's permissions (not 0600).
        let plain = "\(folder)/plain.\(format.fileExtension)"
        try Data("old".utf8).write(to: URL(fileURLWithPath: plain))
        #expect(write(format, to: plain, frames: 3) == nil)
        var info = stat()
        let mask = try currentUmask()
        #expect(stat(plain, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)).count > 100)
    }

    /// A disk that fills while the animation is written: the encoder fails, saying so in plain
    /// words, and neither the file nor its temporary is left. Where no small filesystem can be
    /// mounted, a folder this process may not write in stands in (the failure comes earlier).
    @Test(arguments: AnimationFormat.allCases)
    func aFullDiskLeavesNothing(format: AnimationFormat) throws {
        let small = SmallFilesystem("full-\(format.rawValue)", kilobytes: 64)
        let folder = small?.path ?? scratchDirectory("careful-denied-\(format.rawValue)")
        if small == nil { chmod(folder, 0o555) }
        defer { chmod(folder, 0o755) }
        let error = try #require(write(format, to: "\(folder)/animation.\(format.fileExtension)", frames: 60), "60 frames of noise fit in 64 KB")
        let text = "\(error)"
        #expect(text.contains("\(folder)/animation.\(format.fileExtension)"), "\(text)")
        #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain"), "\(text)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.isEmpty, "left behind: \(left)")
        if small != nil, format == .webp { #expect(text.contains("no space left on device"), "\(text)") }
    }

    /// A read-only disk: nothing can be made, and the message says why.
    @Test func aReadOnlyDiskSaysSo() throws {
        guard let small = SmallFilesystem("read-only", kilobytes: 64), small.makeReadOnly() else {
            // Without a filesystem of its own the test still checks a plain write's refusal.
            #expect(throws: OutputError.self) { try OutputFile.write([1, 2, 3], to: "/proc/version") }
            return
        }
        for format in AnimationFormat.allCases {
            let error = try #require(write(format, to: "\(small.path)/a.\(format.fileExtension)", frames: 2))
            #expect("\(error)".contains("read-only file system"), "\(format): \(error)")
        }
        #expect(throws: OutputError.self) { try OutputFile.write(Data("x".utf8), to: "\(small.path)/spec.json") }
        #expect(small.names.isEmpty)
    }

    /// A recording stopped before its first frame makes no file and says so.
    @Test func aRecordingStoppedBeforeItsFirstFrameLeavesNothing() throws {
        let folder = scratchDirectory("careful-empty-recording")
        let recorder = try Recorder(path: "\(folder)/recording-1.gif", format: .gif, rate: 60)
        #expect(throws: AnimationFileError.self) { try recorder.finish(at: 1) }
        if case .failure(let error)? = recorder.result { #expect("\(error)".contains("nothing was recorded"), "\(error)") } else { Issue.record("no failure") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The umask as the kernel reports it (asking umask(2) would set it for a moment under the
    /// other tests running beside this one).
    func currentUmask() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    /// Every file read has a cap: an animation that is not a regular file (a device that never
    /// ends) is refused before a decoder sees it, with the reason.
    @Test func animationsAreReadWithinACap() {
        #expect(throws: CappedFile.Failure(path: "/dev/zero", reason: "is not a regular file")) { try AnimationReader.read("/dev/zero") }
        #expect(throws: CappedFile.Failure(path: "/dev/zero", reason: "is not a regular file")) { try AnimationReader.gifDelays("/dev/zero") }
        #expect(throws: CappedFile.Failure(path: "/dev/zero", reason: "is not a regular file (a device, pipe or socket)")) { try AnimationReader.apngDelays("/dev/zero") }
    }

    /// A file the kernel makes up says its size is 0; it is read to its end, or to the cap.
    @Test func kernelFilesAreReadToTheirEndOrTheCap() {
        #expect(CappedFile.kernelText("/proc/self/status")?.contains("Umask:") == true)
        #expect(CappedFile.kernelText("/proc/self/status", limit: 10)?.utf8.count == 10)
        #expect(CappedFile.kernelText("/proc/no-such-file") == nil)
    }

    /// A PNG read (a golden, an image sequence's frame) is capped before it is decoded: its header
    /// may not promise more pixels than a frame has, and a pipe is never opened to wait on.
    @Test func pngsAreReadWithinACap() throws {
        let folder = scratchDirectory("careful-png")
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0]  // 100000 × 100000, RGBA
        try Data(header).write(to: URL(fileURLWithPath: "\(folder)/bomb.png"))
        #expect(throws: GraphicsError.png(path: "\(folder)/bomb.png", reason: "is 100000×100000 pixels, over the limit of 64 megapixels")) {
            try ImageSurface.readPNG(at: "\(folder)/bomb.png")
        }
        #expect(mkfifo("\(folder)/pipe.png", 0o644) == 0)
        #expect(throws: GraphicsError.png(path: "\(folder)/pipe.png", reason: "is not a regular file (a device, pipe or socket)")) {
            try ImageSurface.readPNG(at: "\(folder)/pipe.png")
        }
    }
}
