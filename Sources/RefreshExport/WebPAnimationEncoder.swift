import RefreshGraphics

/// ``AnimationFormat/webp``: the lossless animated WebP (``AnimatedWebP``) as an ``AnimationEncoder``.
final class WebPAnimationEncoder: AnimationEncoder {
    private let path: String
    private let animation: AnimatedWebP

    init(path: String, width: Int, height: Int) throws {
        self.path = path
        animation = try AnimatedWebP(width: width, height: height)
    }

    func add(_ image: ImageSurface, duration: Double) throws {
        try animation.add(image, duration: duration)
    }

    func finish() throws {
        try animation.write(to: path)
    }
}
