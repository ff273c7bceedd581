import Testing
import RefreshGraphics
import RefreshCore

/// Seeded random inputs for the parser: every input parses to a drawable path with finite
/// coordinates, or fails with an offset inside the data. Never a crash, never a partial result.
@Suite struct SVGPathFuzzTests {
    static let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789011.-+eE ,\t\n#x".utf8)
    static let seeds = ["M10 10 L20 20 Z", "M0 0a1 1 0 00 1 1", "M1247 161q-5 154 -110 259t-261 105", "m5 5c10 0 20 10 20 20s30 40 40 40",
                        "M.5.5-1-2h3v4H0V0z", "M0 0 A20 10 90 1 1 0 40 T 5 5 Q1 2 3 4"].map { Array($0.utf8) }
    static let randomInputs = 30_000, mutatedInputs = 30_000

    func check(_ bytes: [UInt8]) -> Bool {
        do {
            let path = try SVGPathParser.parse(bytes: bytes)
            guard path.hasSegments else { return false }
            for element in path.elements {
                let points: [Point] = switch element {
                case .move(let p), .line(let p): [p]
                case .cubic(let a, let b, let c): [a, b, c]
                case .close: []
                }
                if points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { return false }
            }
            return true
        } catch {
            return error.offset >= 0 && error.offset <= bytes.count && !error.expected.isEmpty
        }
    }

    @Test func randomBytesNeverCrashOrGiveHalfResults() {
        var g = SeededRandom(seed: 2026)
        var failures: [String] = []
        for _ in 0..<Self.randomInputs {
            let count = Int.random(in: 0...48, using: &g)
            let bytes = (0..<count).map { _ in Self.alphabet.randomElement(using: &g)! }
            if !check(bytes) { failures.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func mutatedValidPathsNeverCrashOrGiveHalfResults() {
        var g = SeededRandom(seed: 7)
        var failures: [String] = []
        var parsed = 0
        for _ in 0..<Self.mutatedInputs {
            var bytes = Self.seeds.randomElement(using: &g)!
            for _ in 0...Int.random(in: 0...3, using: &g) {
                let position = Int.random(in: 0...bytes.count, using: &g)
                switch Int.random(in: 0..<3, using: &g) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1 where position < bytes.count: bytes[position] = Self.alphabet.randomElement(using: &g)!
                default: bytes.insert(Self.alphabet.randomElement(using: &g)!, at: position)
                }
            }
            if (try? SVGPathParser.parse(bytes: bytes)) != nil { parsed += 1 }
            if !check(bytes) { failures.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(parsed > Self.mutatedInputs / 10, "mutations should leave many inputs valid, got \(parsed)")
    }
}
