import RefreshContract

/// A picture of one or several paths drawn progressively as progress goes from 0 to 1 — the
/// idea of MRefresh's `SVGConnectedPath`, measured by length rather than by node count.
///
/// Each part starts drawing at its own ``Part/startProportion`` of the overall progress and is
/// complete at 1: at progress p a part starting at s shows `(p − s)/(1 − s)` of its length.
public struct ProgressivePath: Sendable {
    /// One path of the picture.
    public struct Part: Sendable {
        /// The path, already placed where it is drawn.
        public var path: Path
        /// When in the overall progress (0..<1) this part starts drawing.
        public var startProportion: Double
        /// How the part is flattened: MRefresh's `depth` is ``Flattening/depth(_:)``; nil, a
        /// tolerance relative to the part's size (``PathMeasure``'s default).
        public var flattening: Flattening?

        /// A part starting at `startProportion`.
        public init(path: Path, startProportion: Double = 0, flattening: Flattening? = nil) {
            self.path = path
            self.startProportion = startProportion
            self.flattening = flattening
        }
    }

    /// The parts, in drawing order.
    public let parts: [Part]
    private let measures: [PathMeasure]

    /// A picture of `parts`; measures each once.
    public init(parts: [Part]) {
        self.parts = parts
        measures = parts.map { PathMeasure($0.path, flattening: $0.flattening) }
    }

    /// How much of part `index` shows at `progress` (0...1).
    public func fraction(ofPart index: Int, at progress: Double) -> Double {
        let start = min(max(parts[index].startProportion, 0), 0.999_999)
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return max(0, (p - start) / (1 - start))
    }

    /// The visible piece of every part at `progress`, in order (empty paths for parts not begun).
    public func paths(at progress: Double) -> [Path] {
        parts.indices.map { measures[$0].trimmed(from: 0, to: fraction(ofPart: $0, at: progress)) }
    }

    /// The measure of part `index`, for effects that travel along it.
    public func measure(ofPart index: Int) -> PathMeasure { measures[index] }
}
