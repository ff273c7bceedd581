import RefreshGraphics

/// ``AnimationFormat/webp``: the lossless animated WebP (``AnimatedWebP``) as an ``AnimationEncoder``,
/// written to its file as the frames come.
final class WebPAnimationEncoder: AnimationEncoder {
    private let animation: AnimatedWebP

    init(path: String, width: Int, height: Int) throws {
        animation = try AnimatedWebP(width: width, height: height, writingTo: path)
    }

    func add(_ image: ImageSurface, duration: Double) throws {
        try animation.add(image, duration: duration)
    }

    func finish() throws {
        try animation.finish()
    }
}
