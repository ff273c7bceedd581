/// The colours an animation has shown so far, each with its palette index, while there are at
/// most 256 of them: a PNG palette (PLTE, with tRNS for alpha) stores them, and each pixel is
/// then one byte instead of three or four.
struct ColourTable {
    /// The colours in index order (0xAARRGGBB, straight alpha).
    private(set) var colours: [UInt32] = []
    /// Open addressing: slot → index + 1 (0: empty); twice the most colours, so probes stay short.
    private var slots = [UInt16](repeating: 0, count: 512)

    /// The most colours a palette holds.
    static let capacity = 256

    /// `colour`'s index, added if new; nil when it is new and the table is full.
    mutating func index(of colour: UInt32) -> UInt8? {
        var slot = Int((colour &* 0x9E37_79B1) >> 23)  // the top 9 bits of a multiplicative hash
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if colours[Int(entry) - 1] == colour { return UInt8(entry - 1) }
            slot = (slot + 1) & 511
        }
        guard colours.count < Self.capacity else { return nil }
        colours.append(colour)
        slots[slot] = UInt16(colours.count)
        return UInt8(colours.count - 1)
    }

    /// Rows of `rectangle` of `pixels` (`stride` pixels a row) as PNG scanlines of palette indices,
    /// each after its filter byte (0, none); nil as soon as a colour does not fit, the colours seen
    /// before it kept.
    mutating func scanlines(_ pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ rectangle: PixelRectangle) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: (rectangle.width + 1) * rectangle.height)
        var lastColour: UInt32 = 0, lastIndex: UInt8? = nil
        for y in 0..<rectangle.height {
            let from = (rectangle.y + y) * stride + rectangle.x, to = y * (rectangle.width + 1) + 1
            for x in 0..<rectangle.width {
                let colour = pixels[from + x]
                // Neighbours are mostly the same colour: skip the lookup for a run.
                if colour != lastColour || lastIndex == nil {
                    guard let found = index(of: colour) else { return nil }
                    (lastColour, lastIndex) = (colour, found)
                }
                out[to + x] = lastIndex!
            }
        }
        return out
    }
}
