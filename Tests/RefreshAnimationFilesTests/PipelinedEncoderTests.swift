import Foundation
import Testing
import RefreshGraphics
@testable import RefreshAnimationFiles
import TestSupport

/// An encoder on a thread of its own writes the same bytes as the encoder alone, and its error
/// is not lost.
@Suite struct PipelinedEncoderTests {
    func frames(_ count: Int) throws -> [ImageSurface] {
        try (0..<count).map { i in
            let image = try ImageSurface(width: 120, height: 40)
            let canvas = Canvas(surface: image)
            canvas.clear(Color(red: 0.96, green: 0.96, blue: 0.97))
            canvas.addRect(Rect(x: Double(i * 3), y: 10, width: 20, height: 20))
            canvas.fill(.color(Color(red: 0.9, green: 0.2, blue: 0.1)))
            return image
        }
    }

    @Test(arguments: [AnimationFormat.gif, .apng, .mp4])
    func theSameBytesAsWithoutTheThread(format: AnimationFormat) throws {
        let folder = scratchDirectory("pipelined-\(format.rawValue)")
        let images = try frames(40)
        var files: [Data] = []
        for pipelined in [false, true] {
            let path = "\(folder)/\(pipelined).\(format.fileExtension)"
            let plain = try format.encoder(path: path, width: 120, height: 40, frameRate: 30, opaque: true)
            let encoder: any AnimationEncoder = pipelined ? PipelinedEncoder(plain, limit: 2) : plain
            for image in images { try encoder.add(image, duration: 1.0 / 30) }
            try encoder.finish()
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0] == files[1])
        #expect(files[0].count > 100)
    }

    /// An encoder that fails on its third frame.
    final class FailsOnThird: AnimationEncoder {
        var added = 0, finished = false
        func add(_ image: ImageSurface, duration: Double) throws {
            added += 1
            if added == 3 { throw AnimationFileError(path: "x.gif", reason: "the disk is full") }
        }
        func finish() throws { finished = true }
    }

    @Test func anErrorOnTheThreadComesOutOfFinish() throws {
        let inner = FailsOnThird()
        let encoder = PipelinedEncoder(inner, limit: 8)
        let images = try frames(5)
        // A later add may already see the error (the thread may have reached the third frame): either way it is said.
        for image in images {
            do { try encoder.add(image, duration: 0.1) } catch { break }
        }
        #expect(throws: AnimationFileError.self) { try encoder.finish() }
        #expect(inner.added == 3, "after the error the rest are only drained")
        #expect(!inner.finished)
    }
}
