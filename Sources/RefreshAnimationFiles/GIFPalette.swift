import CGIF
import Foundation

/// A palette a GIF's frames are mapped to: made by libimagequant from one frame (with a
/// transparent entry, for the pixels differencing leaves unchanged), then reused by the frames
/// after it for as long as it fits them, which costs a mapping instead of a quantization.
///
/// A pixel maps to the nearest of the colours the file shows (least square distance in RGB, the
/// lower index on a tie), remembered by colour: a band's frames repeat their colours, so after
/// the first frames most pixels are a lookup (libimagequant's own remap, which refines its
/// palette as it goes, was two fifths of a GIF's CPU).
final class GIFPalette {
    /// The colours as giflib takes them (a power of two of them).
    let map: UnsafeMutablePointer<ColorMapObject>
    /// The transparent entry's index.
    let transparent: Int32
    /// The colours, for measuring how far a mapped frame is from its pixels.
    private let colors: [GifColorType]
    /// The opaque entries a pixel can map to: the palette's own, not the transparent one nor the
    /// padding up to a power of two.
    private let opaqueEntries: [UInt8]
    /// The entry each opaque colour (0xBBGGRR) met so far maps to.
    private var nearest: [UInt32: UInt8] = [:]
    /// The remapping error (mean square, 0…255 a channel) over which a frame is not fitted and
    /// gets a palette of its own: three times what this palette made of its own frame, at least 6.
    private(set) var tolerance = 6.0

    /// Quantizes `pixels` (straight RGBA, `width` × `height`) and maps them into `indices`.
    init(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, speed: Int32, into indices: inout [UInt8], path: String) throws {
        guard let attributes = liq_attr_create() else { throw AnimationFileError(path: path, reason: "libimagequant could not start") }
        defer { liq_attr_destroy(attributes) }
        liq_set_speed(attributes, speed)
        guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(width), Int32(height), 0) else {
            throw AnimationFileError(path: path, reason: "libimagequant refused a \(width)×\(height) image")
        }
        defer { liq_image_destroy(image) }
        liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0))
        var made: OpaquePointer?
        guard liq_image_quantize(image, attributes, &made) == LIQ_OK, let made else {
            throw AnimationFileError(path: path, reason: "libimagequant could not find a palette")
        }
        defer { liq_result_destroy(made) }
        // Pixels are mapped without dithering: on these bands (flat colours, anti-aliased edges)
        // libimagequant's dithering gained no PSNR (37.66 against 37.69 dB with one palette for
        // the whole clip) and cost a third of the time.
        var colors: [GifColorType] = [], opaqueEntries: [UInt8] = []
        var transparent: Int32 = NO_TRANSPARENT_COLOR
        let palette = liq_get_palette(made)!.pointee
        withUnsafeBytes(of: palette.entries) { raw in
            let entries = raw.bindMemory(to: liq_color.self)
            for i in 0..<Int(palette.count) {
                colors.append(GifColorType(Red: entries[i].r, Green: entries[i].g, Blue: entries[i].b))
                if entries[i].a < 128 {
                    if transparent == NO_TRANSPARENT_COLOR { transparent = Int32(i) }
                } else {
                    opaqueEntries.append(UInt8(i))
                }
            }
        }
        let size = Self.tableSize(colors.count)
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = colors.withUnsafeBufferPointer({ GifMakeMapObject(Int32(size), $0.baseAddress) }) else {
            throw AnimationFileError(path: path, reason: "giflib could not make a palette")
        }
        (self.map, self.transparent, self.colors, self.opaqueEntries) = (map, transparent, colors, opaqueEntries.isEmpty ? [0] : opaqueEntries)
        tolerance = max(6, 3 * mapped(pixels, into: &indices))
    }

    deinit {
        GifFreeMapObject(map)
    }

    /// Maps `pixels` to this palette into `indices`; false (indices undefined) when it does not
    /// fit them within ``tolerance``.
    func fits(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, into indices: inout [UInt8]) -> Bool {
        mapped(pixels, into: &indices) <= tolerance
    }

    /// Maps each pixel of `pixels` (straight RGBA) into `indices`: under half alpha to the
    /// transparent entry, else to the nearest colour. Returns the mean square error of the opaque
    /// pixels (0…255 a channel).
    private func mapped(_ pixels: UnsafeRawBufferPointer, into indices: inout [UInt8]) -> Double {
        var sum = 0, opaque = 0
        var last: UInt32?, lastIndex: UInt8 = 0, lastError = 0
        let count = pixels.count / 4
        indices.withUnsafeMutableBufferPointer { out in
            for i in 0..<count {
                let word = pixels.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self).littleEndian
                if word != last {
                    last = word
                    if word >> 24 < 128 {
                        lastIndex = transparent == NO_TRANSPARENT_COLOR ? opaqueEntries[0] : UInt8(transparent)
                        lastError = -1
                    } else {
                        let rgb = word & 0xFF_FFFF
                        lastIndex = nearest[rgb] ?? search(rgb)
                        lastError = Self.distance(rgb, colors[Int(lastIndex)])
                    }
                }
                out[i] = lastIndex
                if lastError >= 0 {
                    sum += lastError
                    opaque += 1
                }
            }
        }
        return opaque == 0 ? 0 : Double(sum) / Double(3 * opaque)
    }

    /// The nearest opaque entry to `rgb` (0xBBGGRR), remembered.
    private func search(_ rgb: UInt32) -> UInt8 {
        var best = opaqueEntries[0], bestDistance = Int.max
        for entry in opaqueEntries {
            let d = Self.distance(rgb, colors[Int(entry)])
            if d < bestDistance { (best, bestDistance) = (entry, d) }
        }
        nearest[rgb] = best
        return best
    }

    /// The size of a giflib colour table for `count` colours: the power of two at least 2 that holds them.
    static func tableSize(_ count: Int) -> Int {
        var size = 2
        while size < count { size *= 2 }
        return size
    }

    /// The square distance between `rgb` (0xBBGGRR) and `color`.
    private static func distance(_ rgb: UInt32, _ color: GifColorType) -> Int {
        let dr = Int(rgb & 0xFF) - Int(color.Red), dg = Int(rgb >> 8 & 0xFF) - Int(color.Green), db = Int(rgb >> 16 & 0xFF) - Int(color.Blue)
        return dr * dr + dg * dg + db * db
    }

    /// When `indices` use at most half of the palette's table (in powers of two), a table of just
    /// the colours they use, `indices` rewritten to it, and its transparent entry; nil otherwise.
    func compacted(_ indices: inout [UInt8]) -> (map: UnsafeMutablePointer<ColorMapObject>, transparent: Int32)? {
        var used = [Bool](repeating: false, count: 256)
        for index in indices { used[Int(index)] = true }
        let size = Self.tableSize(used.filter { $0 }.count)
        guard size * 2 <= Int(map.pointee.ColorCount) else { return nil }
        var table: [GifColorType] = [], to = [UInt8](repeating: 0, count: 256)
        var transparentEntry: Int32 = NO_TRANSPARENT_COLOR
        for (old, isUsed) in used.enumerated() where isUsed {
            if Int32(old) == transparent { transparentEntry = Int32(table.count) }
            to[old] = UInt8(table.count)
            table.append(colors[old])
        }
        table += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - table.count)
        guard let compact = table.withUnsafeBufferPointer({ GifMakeMapObject(Int32(size), $0.baseAddress) }) else { return nil }
        for i in indices.indices { indices[i] = to[Int(indices[i])] }
        return (compact, transparentEntry)
    }
}
