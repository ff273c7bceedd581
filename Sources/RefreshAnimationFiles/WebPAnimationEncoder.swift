import RefreshGraphics

/// ``AnimationFormat/webp``: the lossless animated WebP (``AnimatedWebP``) as an ``AnimationEncoder``,
/// written to its file as the frames come.
final class WebPAnimationEncoder: AnimationEncoder {
    private let animation: AnimatedWebP
    private let path: String

    init(path: String, width: Int, height: Int) throws {
        animation = try AnimatedWebP(width: width, height: height, writingTo: path)
        self.path = path
    }

    func add(_ image: ImageSurface, duration: Double) throws {
        try checkFrame(image, width: animation.width, height: animation.height, duration: duration, path: path)
        try animation.add(image, duration: duration)
    }

    func finish() throws {
        try animation.finish()
    }
}
