import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG file's elements as a tree (names without namespace prefixes, attributes as written,
/// the line each starts on), read with Foundation's XMLParser: no external entities, no DTD
/// loading, at most ``elementLimit`` elements.
package struct SVGElementTree {
    /// One element.
    package final class Element {
        package let name: String
        package let attributes: [String: String]
        package let line: Int
        package var children: [Element] = []

        init(name: String, attributes: [String: String], line: Int) {
            self.name = name
            self.attributes = attributes
            self.line = line
        }
    }

    /// The most elements a file may have: far more than any icon.
    static let elementLimit = 100_000

    package let root: Element

    /// Parses `data`; throws what is wrong and where.
    package init(data: Data, file: String) throws(SVGDocumentError) {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let parsed = parser.parse() && builder.failure == nil
        if builder.tooMany { throw SVGDocumentError(file: file, line: parser.lineNumber, reason: "more than \(Self.elementLimit) elements") }
        guard parsed, let root = builder.root else {
            let why = builder.failure ?? parser.parserError.map { Self.words(forXMLError: ($0 as NSError).code) } ?? "no element"
            throw SVGDocumentError(file: file, line: parser.lineNumber, reason: "not well-formed XML (\(why))")
        }
        guard root.name == "svg" else { throw SVGDocumentError(file: file, line: root.line, reason: "the root element is <\(root.name)>, not <svg>") }
        self.root = root
    }

    /// libxml2's error number (what XMLParser reports on Linux) in words, the number kept for a search.
    static func words(forXMLError code: Int) -> String {
        let words: String? = switch code {
        case 4: "no element where the document should start ('<' not found)"
        case 5: "content after the root element ends, or the root element not closed"
        case 9: "a character XML does not allow"
        case 26, 27: "an entity that is not declared (only &amp; &lt; &gt; &quot; &apos; and &#…; are)"
        case 38: "'<' inside an attribute value"
        case 39: "an attribute value without quotes"
        case 40: "an attribute value whose quote is not closed"
        case 41: "an attribute without a value"
        case 42: "an attribute given twice"
        case 65: "a space missing between attributes"
        case 68: "a name expected after '<'"
        case 73: "'>' expected"
        case 76: "an end tag that does not match its start tag"
        case 77: "an element that is not closed"
        case 85: "tags that are not balanced"
        case 89: "entities that refer to each other without end (an entity loop)"
        case 201: "a namespace prefix that is not declared"
        default: nil
        }
        return words.map { "\($0) (XML error \(code))" } ?? "XML error \(code)"
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        var stack: [Element] = []
        var count = 0
        var tooMany = false
        /// The first error the parser reported (libxml2 may recover and go on; a file with one is not read).
        var failure: String?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if failure == nil { failure = "\(SVGElementTree.words(forXMLError: (parseError as NSError).code)) at line \(parser.lineNumber)" }
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
