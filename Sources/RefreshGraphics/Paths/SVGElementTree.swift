import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG file's elements as a tree (names without namespace prefixes, attributes as written,
/// the line each starts on), read with Foundation's XMLParser: no external entities, no DTD
/// loading, at most ``elementLimit`` elements.
struct SVGElementTree {
    /// One element.
    final class Element {
        let name: String
        let attributes: [String: String]
        let line: Int
        var children: [Element] = []

        init(name: String, attributes: [String: String], line: Int) {
            self.name = name
            self.attributes = attributes
            self.line = line
        }
    }

    /// The most elements a file may have: far more than any icon.
    static let elementLimit = 100_000

    let root: Element

    /// Parses `data`; throws what is wrong and where.
    init(data: Data, file: String) throws(SVGDocumentError) {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let parsed = parser.parse() && builder.failure == nil
        if builder.tooMany { throw SVGDocumentError(file: file, line: parser.lineNumber, reason: "more than \(Self.elementLimit) elements") }
        guard parsed, let root = builder.root else {
            let why = builder.failure ?? parser.parserError.map { "error \(($0 as NSError).code)" } ?? "no element"
            throw SVGDocumentError(file: file, line: parser.lineNumber, reason: "not well-formed XML (\(why))")
        }
        guard root.name == "svg" else { throw SVGDocumentError(file: file, line: root.line, reason: "the root element is <\(root.name)>, not <svg>") }
        self.root = root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        var stack: [Element] = []
        var count = 0
        var tooMany = false
        /// The first error the parser reported (libxml2 may recover and go on; a file with one is not read).
        var failure: String?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if failure == nil { failure = "XML error \((parseError as NSError).code) at line \(parser.lineNumber)" }
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
                    attributes attributeDict: [String: String] = [:]) {
            count += 1
            guard count <= SVGElementTree.elementLimit else {
                tooMany = true
                return parser.abortParsing()
            }
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            var attributes: [String: String] = [:]
            for (key, value) in attributeDict { attributes[key == "xlink:href" ? "href" : key] = value }
            let element = Element(name: local, attributes: attributes, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(element) } else if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }
    }
}
