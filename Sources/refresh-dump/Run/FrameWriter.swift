import Foundation
import RefreshHost
import RefreshPluginSDK

/// Encodes and writes numbered PNG frames on a small pool of threads while the caller renders the
/// next ones in order (plugins are single-threaded; encoding is most of the work). Each file is
/// encoded alone, so the bytes are the same whatever the number of jobs. At most twice `jobs`
/// frames are in the writer at once, so memory does not grow with the length of a run.
///
/// One job is one core: the caller's thread encodes each frame before it renders the next, as
/// `make -j1` runs one thing at a time (overlapped, one job kept 1.2 cores busy).
final class FrameWriter: @unchecked Sendable {
    private let folder: String
    private let jobs: Int
    private let queue = OperationQueue()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?
    /// Frame images the encoders are done with, for the renderer to draw the next frames into.
    private var spare: [ImageSurface] = []

    /// A writer into `folder` with `jobs` encoding threads (none for one job: the caller encodes).
    init(folder: String, jobs: Int) {
        self.folder = folder
        self.jobs = jobs
        queue.maxConcurrentOperationCount = jobs
        queue.qualityOfService = .userInitiated
        // Two frames a thread: the caller hands over the next frame while both are busy instead of
        // waiting for one (on two cores, 2.43 → 2.33 s for 1,632 frames; the median of five runs).
        slots = DispatchSemaphore(value: 2 * jobs)
    }

    /// The file name of frame `index`.
    static func name(_ index: Int) -> String { String(format: "%04d.png", index) }

    /// Queues frame `index`: `image` is not touched by the caller again. `pixels`, when the caller
    /// already converted them (for the animation), are used as they are.
    func write(_ image: ImageSurface, pixels: [UInt32]?, index: Int) throws {
        try rethrowFailure()
        let path = (folder as NSString).appendingPathComponent(Self.name(index))
        guard jobs > 1 else {
            try Self.encode(image, pixels: pixels, to: path)
            recycle(image)
            return
        }
        slots.wait()
        let box = UncheckedImage(image: image)
        queue.addOperation { [self] in
            defer {
                recycle(box.image)
                slots.signal()
            }
            do {
                try Self.encode(box.image, pixels: pixels, to: path)
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    private static func encode(_ image: ImageSurface, pixels: [UInt32]?, to path: String) throws {
        let png = try pixels.map { try ImageSurface.pngData(straightPixels: $0, width: image.width, height: image.height) } ?? image.pngData()
        try ImageSurface.write(png, to: path)
    }

    /// Keeps `image`, which an encoder has finished with, for the renderer (four at most).
    private func recycle(_ image: ImageSurface) {
        lock.withLock { if spare.count < 4 { spare.append(image) } }
    }

    /// An image an encoder has finished with, to render the next frame into (nil: none yet).
    func recycledImage() -> ImageSurface? {
        lock.withLock { spare.popLast() }
    }

    /// Waits for every queued frame; throws the first failure.
    func finish() throws {
        queue.waitUntilAllOperationsAreFinished()
        try rethrowFailure()
    }

    private func rethrowFailure() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// An image handed from the rendering thread to one encoder; never shared after that.
    private struct UncheckedImage: @unchecked Sendable {
        let image: ImageSurface
    }
}
