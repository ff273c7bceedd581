import CGIF
import Foundation

/// A palette a GIF's frames are mapped to: made by libimagequant from one frame (with a
/// transparent entry, for the pixels differencing leaves unchanged), then reused by the frames
/// after it for as long as it fits them, which costs a remap instead of a quantization.
final class GIFPalette {
    private let attributes: OpaquePointer
    private let result: OpaquePointer
    /// The colours as giflib takes them (a power of two of them).
    let map: UnsafeMutablePointer<ColorMapObject>
    /// The transparent entry's index.
    let transparent: Int32
    /// The colours, for measuring how far a mapped frame is from its pixels.
    private let colors: [GifColorType]
    /// The remapping error (mean square, 0…255 a channel) over which a frame is not fitted and
    /// gets a palette of its own: three times what this palette made of its own frame, at least 6.
    private(set) var tolerance = 6.0

    /// Quantizes `pixels` (straight RGBA, `width` × `height`) and maps them into `indices`.
    init(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, speed: Int32, into indices: inout [UInt8], path: String) throws {
        guard let attributes = liq_attr_create() else { throw ExportError(path: path, reason: "libimagequant could not start") }
        liq_set_speed(attributes, speed)
        guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(width), Int32(height), 0) else {
            liq_attr_destroy(attributes)
            throw ExportError(path: path, reason: "libimagequant refused a \(width)×\(height) image")
        }
        defer { liq_image_destroy(image) }
        liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0))
        var made: OpaquePointer?
        guard liq_image_quantize(image, attributes, &made) == LIQ_OK, let made else {
            liq_attr_destroy(attributes)
            throw ExportError(path: path, reason: "libimagequant could not find a palette")
        }
        // Without dithering: on these bands (flat colours, anti-aliased edges) it gained no PSNR
        // (37.66 against 37.69 dB with one palette for the whole clip) and cost a third of the time.
        liq_set_dithering_level(made, 0)
        var colors: [GifColorType] = []
        var transparent: Int32 = NO_TRANSPARENT_COLOR
        let palette = liq_get_palette(made)!.pointee
        withUnsafeBytes(of: palette.entries) { raw in
            let entries = raw.bindMemory(to: liq_color.self)
            for i in 0..<Int(palette.count) {
                colors.append(GifColorType(Red: entries[i].r, Green: entries[i].g, Blue: entries[i].b))
                if entries[i].a < 128 && transparent == NO_TRANSPARENT_COLOR { transparent = Int32(i) }
            }
        }
        // giflib wants a power-of-two palette.
        var size = 2
        while size < colors.count { size *= 2 }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = colors.withUnsafeBufferPointer({ GifMakeMapObject(Int32(size), $0.baseAddress) }) else {
            liq_result_destroy(made)
            liq_attr_destroy(attributes)
            throw ExportError(path: path, reason: "giflib could not make a palette")
        }
        (self.attributes, self.result, self.map, self.transparent, self.colors) = (attributes, made, map, transparent, colors)
        guard liq_write_remapped_image(made, image, &indices, indices.count) == LIQ_OK else {
            throw ExportError(path: path, reason: "libimagequant could not map the frame")
        }
        let own = Self.error(pixels, indices, colors)
        tolerance = max(6, 3 * own)
    }

    deinit {
        GifFreeMapObject(map)
        liq_result_destroy(result)
        liq_attr_destroy(attributes)
    }

    /// Maps `pixels` to this palette into `indices`; false (indices undefined) when it does not
    /// fit them within ``tolerance``.
    func fits(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, into indices: inout [UInt8]) -> Bool {
        guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(width), Int32(height), 0) else { return false }
        defer { liq_image_destroy(image) }
        guard liq_write_remapped_image(result, image, &indices, indices.count) == LIQ_OK else { return false }
        let error = Self.error(pixels, indices, colors)
        return error <= tolerance
    }

    /// When `indices` use at most half of the palette's table (in powers of two), a table of just
    /// the colours they use, `indices` rewritten to it, and its transparent entry; nil otherwise.
    func compacted(_ indices: inout [UInt8]) -> (map: UnsafeMutablePointer<ColorMapObject>, transparent: Int32)? {
        var used = [Bool](repeating: false, count: 256)
        for index in indices { used[Int(index)] = true }
        let count = used.filter { $0 }.count
        var size = 2
        while size < count { size *= 2 }
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

    /// The mean square difference (0…255 a channel) between the opaque pixels and the colours they were mapped to.
    static func error(_ pixels: UnsafeRawBufferPointer, _ indices: [UInt8], _ colors: [GifColorType]) -> Double {
        var sum = 0, count = 0
        let bytes = pixels.bindMemory(to: UInt8.self)
        for (i, index) in indices.enumerated() where bytes[4 * i + 3] >= 128 {
            let c = colors[Int(index)]
            let dr = Int(bytes[4 * i]) - Int(c.Red), dg = Int(bytes[4 * i + 1]) - Int(c.Green), db = Int(bytes[4 * i + 2]) - Int(c.Blue)
            sum += dr * dr + dg * dg + db * db
            count += 1
        }
        return count == 0 ? 0 : Double(sum) / Double(3 * count)
    }
}
