import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
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
    static func paragraphs(_ data: Data) -> String? {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read, pathEncoding: nil) } catch { return nil }
        guard let entry = archive["word/document.xml"] else { return nil }
        var xml = Data()
        guard (try? archive.extract(entry) { xml.append($0) }) != nil else { return nil }
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return reader.paragraphs.joined(separator: "\n")
    }

    final class Reader: NSObject, XMLParserDelegate {
        var paragraphs: [String] = []
        var current = ""
        var inText = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "w:t": inText = true
            case "w:tab": current += "\t"
            case "w:br", "w:cr": current += "\n"
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
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
