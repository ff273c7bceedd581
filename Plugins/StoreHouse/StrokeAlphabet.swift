import RefreshPluginSDK

/// StoreHouse's own single-stroke letters: Latin capitals (small letters drawn as capitals, as the
/// original's are), digits and a little punctuation, each a few straight strokes on a grid four
/// units wide and six high, y down, in the manner of a segment display. Long strokes are cut in
/// pieces of at most ``longest`` units, so every bar is short, as the original's are.
enum StrokeAlphabet {
    /// The grid's height (a capital's), in units.
    static let height = 6.0
    /// A glyph's advance, in units: four wide and two between glyphs; a space is four.
    static let advance = 6.0, spaceAdvance = 4.0
    /// The longest bar, in units.
    static let longest = 3.0

    /// Each glyph as polylines of grid points.
    static let glyphs: [Character: [[(Double, Double)]]] = [
        "A": [[(0, 6), (0, 2), (2, 0), (4, 2), (4, 6)], [(0, 3.5), (4, 3.5)]],
        "B": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)], [(3, 3), (4, 4), (4, 5), (3, 6), (0, 6)]],
        "C": [[(4, 0), (1, 0), (0, 1), (0, 5), (1, 6), (4, 6)]],
        "D": [[(0, 0), (0, 6), (2, 6), (4, 4), (4, 2), (2, 0), (0, 0)]],
        "E": [[(4, 0), (0, 0), (0, 6), (4, 6)], [(0, 3), (3, 3)]],
        "F": [[(4, 0), (0, 0), (0, 6)], [(0, 3), (3, 3)]],
        "G": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3), (2, 3)]],
        "H": [[(0, 0), (0, 6)], [(4, 0), (4, 6)], [(0, 3), (4, 3)]],
        "I": [[(1, 0), (3, 0)], [(2, 0), (2, 6)], [(1, 6), (3, 6)]],
        "J": [[(4, 0), (4, 5), (3, 6), (1, 6), (0, 5)]],
        "K": [[(0, 0), (0, 6)], [(4, 0), (0, 3.5)], [(1.5, 2.5), (4, 6)]],
        "L": [[(0, 0), (0, 6), (4, 6)]],
        "M": [[(0, 6), (0, 0), (2, 3), (4, 0), (4, 6)]],
        "N": [[(0, 6), (0, 0), (4, 6), (4, 0)]],
        "O": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)]],
        "P": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)]],
        "Q": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)], [(2, 4), (4, 6)]],
        "R": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)], [(2, 3), (4, 6)]],
        "S": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 2), (1, 3), (3, 3), (4, 4), (4, 5), (3, 6), (1, 6), (0, 5)]],
        "T": [[(0, 0), (4, 0)], [(2, 0), (2, 6)]],
        "U": [[(0, 0), (0, 5), (1, 6), (3, 6), (4, 5), (4, 0)]],
        "V": [[(0, 0), (2, 6), (4, 0)]],
        "W": [[(0, 0), (1, 6), (2, 3), (3, 6), (4, 0)]],
        "X": [[(0, 0), (4, 6)], [(4, 0), (0, 6)]],
        "Y": [[(0, 0), (2, 3), (4, 0)], [(2, 3), (2, 6)]],
        "Z": [[(0, 0), (4, 0), (0, 6), (4, 6)]],
        "0": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)], [(3, 1.5), (1, 4.5)]],
        "1": [[(1, 1), (2, 0), (2, 6)], [(1, 6), (3, 6)]],
        "2": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (0, 6), (4, 6)]],
        "3": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1, 3)], [(3, 3), (4, 4), (4, 5), (3, 6), (1, 6), (0, 5)]],
        "4": [[(3, 6), (3, 0), (0, 4), (4, 4)]],
        "5": [[(4, 0), (0, 0), (0, 3), (3, 3), (4, 4), (4, 5), (3, 6), (0, 6)]],
        "6": [[(3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 4), (3, 3), (0, 3)]],
        "7": [[(0, 0), (4, 0), (1, 6)]],
        "8": [[(1, 3), (0, 2), (0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1, 3), (0, 4), (0, 5), (1, 6), (3, 6), (4, 5), (4, 4), (3, 3)]],
        "9": [[(4, 3), (1, 3), (0, 2), (0, 1), (1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6)]],
        ".": [[(2, 5.4), (2, 6)]],
        "-": [[(1, 3), (3, 3)]],
        "!": [[(2, 0), (2, 4)], [(2, 5.4), (2, 6)]],
        "?": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (2, 3.5), (2, 4.2)], [(2, 5.4), (2, 6)]],
    ]

    /// Whether every character of `text` has a glyph here (a space included).
    static func covers(_ text: String) -> Bool {
        text.uppercased().allSatisfy { $0 == " " || glyphs[$0] != nil }
    }

    /// The bars of `text` at `size` points a capital, centred on the origin, each shortened by
    /// `gap` points at both ends so that the bars read as bars; and the text's size.
    static func bars(_ text: String, size: Double, gap: Double) -> (bars: [(Point, Point)], size: Size) {
        let unit = size / height
        let characters = Array(text.uppercased())
        let width = characters.enumerated().reduce(0.0) { sum, item in
            sum + (item.element == " " ? spaceAdvance : item.offset == characters.count - 1 ? 4 : advance)
        } * unit
        var bars: [(Point, Point)] = []
        var x = -width / 2
        for character in characters {
            defer { x += (character == " " ? spaceAdvance : advance) * unit }
            for line in glyphs[character] ?? [] {
                for (a, b) in zip(line, line.dropFirst()) {
                    let start = Point(x: x + a.0 * unit, y: (a.1 - height / 2) * unit), end = Point(x: x + b.0 * unit, y: (b.1 - height / 2) * unit)
                    let dx = end.x - start.x, dy = end.y - start.y, length = (dx * dx + dy * dy).squareRoot()
                    let pieces = max(1, Int((length / unit / longest).rounded(.up)))
                    for piece in 0..<pieces {
                        let from = Double(piece) / Double(pieces), to = Double(piece + 1) / Double(pieces)
                        let trim = min(0.3, gap / max(length * (to - from), 0.001))
                        let f = from + (to - from) * trim, t = to - (to - from) * trim
                        bars.append((Point(x: start.x + dx * f, y: start.y + dy * f), Point(x: start.x + dx * t, y: start.y + dy * t)))
                    }
                }
            }
        }
        return (bars, Size(width: width, height: size))
    }
}
