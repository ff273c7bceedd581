import Foundation
import Testing
import TestSupport
import RefreshGraphics
@testable import RefreshAnimationFiles
import RefreshGoldens
import CGIF

/// Every format writes a file whose frames add up to the animation's length exactly and that
/// decodes back close to the frames it was given.
@Suite struct AnimationEncoderTests {
    /// `count` frames of a disc moving across a light band, `width` × `height` pixels.
    func frames(count: Int, width: Int = 390, height: Int = 120) throws -> [ImageSurface] {
        try (0..<count).map { i in
            let image = try ImageSurface(width: width, height: height)
            let canvas = Canvas(surface: image)
            canvas.clear(Color(red: 0.96, green: 0.96, blue: 0.97))
            let x = 20 + Double(i) * Double(width - 40) / Double(max(1, count - 1))
            canvas.addEllipse(in: Rect(x: x - 12, y: Double(height) / 2 - 12, width: 24, height: 24))
            canvas.fill(.color(Color(red: 0.0, green: 0.48, blue: 1.0)))
            return image
        }
    }

    func folder(_ name: String) -> String { scratchDirectory("export-\(name)") }

    func write(_ format: AnimationFormat, _ images: [ImageSurface], frameRate: Double, in folder: String) throws -> String {
        let path = "\(folder)/a.\(format.fileExtension)"
        let encoder = try format.encoder(path: path, width: images[0].width, height: images[0].height, frameRate: frameRate)
        for image in images { try encoder.add(image, duration: 1 / frameRate) }
        try encoder.finish()
        return path
    }

    /// 2.8 s at 60 frames a second: 168 frames of 1/60 s, which no format's ticks divide evenly.
    @Test(arguments: [AnimationFormat.mp4, .apng, .gif])
    func theFileLastsExactlyAsLongAsItsFrames(format: AnimationFormat) throws {
        let images = try frames(count: 168)
        let path = try write(format, images, frameRate: 60, in: folder("length-\(format.rawValue)"))
        let (decoded, length) = try AnimationReader.read(path)
        // FFmpeg's APNG reader rounds each delay to 1/100000 s; the file holds them as fractions.
        let exact = format == .apng ? try AnimationReader.apngDelays(path).reduce(0) { $0 + $1 } : length
        #expect(abs(exact - 2.8) < 1e-9, "\(format): \(exact) s")
        #expect(decoded.count >= (format == .gif ? 140 : 168), "\(format): \(decoded.count) frames")
        if format == .gif {
            let delays = try AnimationReader.gifDelays(path)
            #expect(delays.reduce(0, +) == 280)
            #expect(delays.allSatisfy { $0 >= 2 }, "a delay under 2/100 s is played as 10/100 by browsers")
        }
    }

    @Test(arguments: [(AnimationFormat.mp4, 35.0), (.gif, 35.0), (.apng, 99.0)])
    func decodedFramesAreCloseToTheOriginals(format: AnimationFormat, minimumPSNR: Double) throws {
        let images = try frames(count: 30)
        let path = try write(format, images, frameRate: 30, in: folder("psnr-\(format.rawValue)"))
        let (decoded, _) = try AnimationReader.read(path)
        // Each frame of the file against the frame it shows (GIF shows a frame from the first
        // 1/50 s tick at or after its start).
        for shown in decoded {
            let source = images[min(images.count - 1, Int(shown.start * 30 + 0.01))]
            let comparison = try ImageComparison(expected: source, actual: shown.image)
            #expect(comparison.psnr >= minimumPSNR, "\(format) at \(shown.start) s: \(comparison.psnr) dB")
        }
    }

    /// A GIF reuses a palette while it fits: a clip whose disc turns from blue to red halfway
    /// still shows the red one (the blue frames' palette has no red; a new one is made).
    /// A frame over the formats' 16,383 px says so and what to change (it said "each side must be
    /// 1...32767", the drawing surface's limit, naming neither).
    @Test(arguments: AnimationFormat.allCases)
    func aFrameTooLargeForTheFileSaysWhatToChange(format: AnimationFormat) throws {
        let error = #expect(throws: AnimationFileError.self) { try format.encoder(path: "/tmp/x", width: 20_000, height: 240, frameRate: 30) }
        #expect(error?.reason.contains("frames of 20000×240 px are more than the 16,383 px a side") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("--scale") == true)
    }

    @Test func aColourThePaletteLacksGetsAPaletteOfItsOwn() throws {
        let blue = try frames(count: 30)
        let images = try blue.enumerated().map { i, image -> ImageSurface in
            guard i >= 15 else { return image }
            let red = try ImageSurface(width: image.width, height: image.height)
            let canvas = Canvas(surface: red)
            canvas.drawImage(image, in: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
            canvas.addEllipse(in: Rect(x: 150, y: 40, width: 40, height: 40))
            canvas.fill(.color(Color(red: 0.9, green: 0.1, blue: 0.1)))
            return red
        }
        let path = try write(.gif, images, frameRate: 30, in: folder("gif-palettes"))
        let (decoded, _) = try AnimationReader.read(path)
        for shown in decoded {
            let source = images[min(images.count - 1, Int(shown.start * 30 + 0.01))]
            let comparison = try ImageComparison(expected: source, actual: shown.image)
            #expect(comparison.psnr >= 35, "at \(shown.start) s: \(comparison.psnr) dB")
        }
    }

    /// Each pixel of a GIF frame shows the palette colour nearest the frame's own pixel (least
    /// square distance in RGB; another colour only when it is as near): the mapping, not just a
    /// close picture. Checked on the first frame, whole, and on a later one, which reuses the palette.
    @Test func everyPixelShowsTheNearestColourOfItsPalette() throws {
        let images = try frames(count: 30)
        let path = try write(.gif, images, frameRate: 30, in: folder("gif-nearest"))
        var error: Int32 = 0
        let gif = try #require(DGifOpenFileName(path, &error))
        defer { DGifCloseFile(gif, &error) }
        try #require(DGifSlurp(gif) == GIF_OK)
        let starts = try AnimationReader.read(path).frames.map(\.start)
        #expect(gif.pointee.ImageCount >= 20 && starts.count == Int(gif.pointee.ImageCount))
        var checked = 0
        for frame in [0, 10] {
            let saved = gif.pointee.SavedImages[frame]
            let map = try #require(saved.ImageDesc.ColorMap ?? gif.pointee.SColorMap)
            var control = GraphicsControlBlock()
            _ = DGifSavedExtensionToGCB(gif, Int32(frame), &control)
            let colors = (0..<Int(map.pointee.ColorCount)).map { map.pointee.Colors[$0] }
            let source = images[min(images.count - 1, Int(starts[frame] * 30 + 0.01))].straightPixels()
            let desc = saved.ImageDesc
            for y in 0..<Int(desc.Height) {
                for x in 0..<Int(desc.Width) {
                    let index = Int(saved.RasterBits[y * Int(desc.Width) + x])
                    guard index != Int(control.TransparentColor) else { continue }
                    let pixel = source[(Int(desc.Top) + y) * images[0].width + Int(desc.Left) + x]
                    func distance(_ c: GifColorType) -> Int {
                        let dr = Int(pixel >> 16 & 0xFF) - Int(c.Red), dg = Int(pixel >> 8 & 0xFF) - Int(c.Green), db = Int(pixel & 0xFF) - Int(c.Blue)
                        return dr * dr + dg * dg + db * db
                    }
                    let nearest = colors.indices.filter { $0 != Int(control.TransparentColor) }.map { distance(colors[$0]) }.min()!
                    if distance(colors[index]) != nearest {
                        Issue.record("frame \(frame), pixel (\(Int(desc.Left) + x), \(Int(desc.Top) + y)): shows entry \(index) at \(distance(colors[index])), one is at \(nearest)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 390 * 120)
    }

    /// An APNG of frames promised opaque is written without alpha and is still lossless: every
    /// decoded frame is the frame given, pixel for pixel.
    @Test func anOpaqueAPNGIsTheSamePixels() throws {
        let images = try frames(count: 30)
        let path = "\(folder("apng-opaque"))/a.apng"
        let encoder = try AnimationFormat.apng.encoder(path: path, width: images[0].width, height: images[0].height, frameRate: 30, opaque: true)
        for image in images { try encoder.add(image, duration: 1.0 / 30) }
        try encoder.finish()
        let (decoded, _) = try AnimationReader.read(path)
        #expect(decoded.count == 30)
        for (i, shown) in decoded.enumerated() {
            let comparison = try ImageComparison(expected: images[i], actual: shown.image, tolerance: 0)
            #expect(comparison.matches, "frame \(i): \(comparison.pixelsOverTolerance) pixels differ")
        }
    }

    /// A frame of no time, or of more time than a tick clock counts (1e300 s), is refused by
    /// name, in every format, instead of ending the process; a frame of almost two hours is taken
    /// and lasts its time (a GIF frame holds at most 655.35 s: the rest goes in unchanged frames).
    @Test(arguments: AnimationFormat.allCases)
    func aFrameOfNoTimeOrOfAlmostForeverIsRefused(format: AnimationFormat) throws {
        let images = try frames(count: 3, width: 40, height: 20)
        let path = "\(folder("duration-\(format.rawValue)"))/a.\(format.fileExtension)"
        let encoder = try format.encoder(path: path, width: 40, height: 20, frameRate: 30)
        try encoder.add(images[0], duration: 1.0 / 30)
        for duration in [0, -1, 1e300, .infinity, .nan] {
            #expect(throws: AnimationFileError.self, "\(format), \(duration) s") { try encoder.add(images[1], duration: duration) }
        }
        try encoder.add(images[1], duration: 7000)
        try encoder.add(images[2], duration: 1.0 / 30)
        try encoder.finish()
        if format == .gif { #expect(try AnimationReader.gifDelays(path).reduce(0, +) == 700_007) }
        if format == .apng { #expect(abs(try AnimationReader.apngDelays(path).reduce(0, +) - (7000 + 2.0 / 30)) < 1e-9) }
    }

    @Test func aWebPLastsExactlyAsLongAsItsFrames() throws {
        let images = try frames(count: 60, width: 80, height: 20)
        let path = try write(.webp, images, frameRate: 60, in: folder("webp"))
        // The animation's frames end at whole milliseconds nearest their true ends: 60 × 1/60 s is 1000 ms, not 60 × 17.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var durations = 0, at = 12
        while at + 8 <= data.count {
            let tag = String(decoding: data[at..<at + 4], as: UTF8.self)
            let size = Int(data[at + 4]) | Int(data[at + 5]) << 8 | Int(data[at + 6]) << 16 | Int(data[at + 7]) << 24
            if tag == "ANMF" { durations += Int(data[at + 20]) | Int(data[at + 21]) << 8 | Int(data[at + 22]) << 16 }
            at += 8 + (tag == "ANMF" || tag == "VP8X" || tag == "ANIM" ? (tag == "ANMF" ? size + (size & 1) : size + (size & 1)) : size + (size & 1))
        }
        #expect(durations == 1000)
    }
}
