import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Wording
import ZIPFoundation

/// The text of a source file: UTF-8 (REFI-QDA 1.5 §9.1.2), with or without a BOM; UTF-16 with its BOM (little or big
/// endian), as some tools write it. One leading BOM is not part of the text (positions exclude it).
enum TextFile {
    static func decode(_ data: Data) -> String {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) { return String(decoding: utf16(data.dropFirst(2), bigEndian: false), as: UTF16.self) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(decoding: utf16(data.dropFirst(2), bigEndian: true), as: UTF16.self) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: data.dropFirst(3), as: UTF8.self) }
        return String(decoding: data, as: UTF8.self)
    }

    private static func utf16(_ data: Data, bigEndian: Bool) -> [UInt16] {
        let bytes = [UInt8](data)
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            units.append(bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index]))
            index += 2
        }
        return units
    }
}

/// The text of a Word document (`.docx`): each paragraph of `word/document.xml` a line, `w:tab` a tab, `w:br` a
/// line break (ECMA-376 Part 1, §17.3). For sources whose words another tool kept only there.
enum DocxText {
    /// The paragraphs, or why the document cannot be read (in words for an error message).
    static func paragraphs(_ data: Data) -> Result<String, Unreadable> {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read, pathEncoding: nil) } catch { return .failure(.notZip) }
        guard let entry = archive["word/document.xml"] else { return .failure(.noDocument) }
        var xml = Data()
        guard (try? archive.extract(entry) { xml.append($0) }) != nil else { return .failure(.notUnpacked) }
        let reader = Reader()
        // Through a stream: libxml2 refuses a document handed over in one chunk past 10 MB (`XMLParser(data:)`).
        let parser = XMLParser(stream: InputStream(data: xml))
        parser.delegate = reader
        guard parser.parse(), reader.depth == 0, reader.sawRoot else { return .failure(.malformed(line: parser.lineNumber)) }
        return .success(reader.paragraphs.joined(separator: "\n"))
    }

    /// Why a `.docx` gave no text.
    enum Unreadable: Error, Equatable {
        case notZip, noDocument, notUnpacked
        case malformed(line: Int)

        var sentence: Sentence {
            switch self {
            case .notZip: return "it is not a ZIP file, as a .docx is"
            case .noDocument: return "it has no word/document.xml (is it a Word document?)"
            case .notUnpacked: return "its word/document.xml cannot be unpacked"
            case let .malformed(line): return "its word/document.xml is not well-formed XML (line \(line))"
            }
        }
    }

    final class Reader: NSObject, XMLParserDelegate {
        var paragraphs: [String] = []
        var current = ""
        var inText = false
        /// Elements open, and whether the root was seen: XMLParser on Linux can finish a document cut short
        /// without an error, and elements left open tell it.
        var depth = 0
        var sawRoot = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            sawRoot = true
            switch name {
            case "w:t": inText = true
            case "w:tab": current += "\t"
            case "w:br", "w:cr": current += "\n"
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            if name == "w:t" { inText = false }
            if name == "w:p" {
                paragraphs.append(current)
                current = ""
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { current += string }
        }
    }
}
