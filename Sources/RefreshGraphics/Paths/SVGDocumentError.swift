/// Why an SVG file could not be read: the file, the line, and what is wrong there.
public struct SVGDocumentError: Error, Equatable, CustomStringConvertible {
    /// The file as named.
    public var file: String
    /// The line (1-based) of the element or the parser's position; 0 when unknown.
    public var line: Int
    public var reason: String

    /// `FILE, line N: REASON`.
    public var description: String { line > 0 ? "\(file), line \(line): \(reason)" : "\(file): \(reason)" }
}
