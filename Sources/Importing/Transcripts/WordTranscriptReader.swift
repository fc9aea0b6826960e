import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualCoding
import Tabular
import Wording
import ZIPFoundation

/// A Word document (`.docx`, ECMA-376 WordprocessingML: a ZIP whose `word/document.xml` holds the body) as a
/// transcript: a table of time, speaker and text as NVivo imports (a header row naming the columns, or a first
/// column of times), else the paragraphs, read as text with QualCoder's stamps and `Name:` turns. Read with the SAX
/// parser, which keeps no tree of nodes alive.
enum WordTranscriptReader {
    /// A paragraph of the body, or a table of rows of cells (each cell's paragraphs joined by line breaks).
    enum Block {
        case paragraph(String)
        case table([[String]])
    }

    static func read(path: String, file: String, knownSpeakers: Set<String>) throws -> TimedTranscript {
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            throw TranscriptFileError.notWordDocument(file: file, reason: "it is not a ZIP file, as a .docx is")
        }
        guard let entry = archive["word/document.xml"] else {
            throw TranscriptFileError.notWordDocument(file: file, reason: "it has no word/document.xml (is it a Word document?)")
        }
        var data = Data()
        do { _ = try archive.extract(entry) { data.append($0) } } catch {
            throw TranscriptFileError.notWordDocument(file: file, reason: "its word/document.xml cannot be unpacked")
        }
        let blocks = try Self.blocks(data, file: file)
        return try transcript(blocks, file: file, knownSpeakers: knownSpeakers)
    }

    static func blocks(_ data: Data, file: String) throws -> [Block] {
        let reader = BodyReader()
        // Through a stream: `XMLParser(data:)` hands libxml2 the whole document as one chunk, which it refuses past
        // 10 MB without its huge option (a 12 MB word/document.xml failed at its last line); a stream feeds it pieces.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.delegate = reader
        guard parser.parse(), reader.depth == 0, reader.sawRoot else {
            throw TranscriptFileError.notWordDocument(file: file, reason: "its word/document.xml is not well-formed XML (line \(parser.lineNumber))")
        }
        return reader.blocks
    }

    /// The column names of a transcript table, folded (lower case, no accents), in every known language
    /// (`column.transcript.*` in the vocabularies: time/tempo/minutagem, speaker/falante, text/fala…).
    static var timeNames: Set<String> { Vocabulary.knownSet("column.transcript.time") }
    static var endNames: Set<String> { Vocabulary.knownSet("column.transcript.end") }
    static var speakerNames: Set<String> { Vocabulary.knownSet("column.transcript.speaker") }
    static var textNames: Set<String> { Vocabulary.knownSet("column.transcript.text") }

    static func transcript(_ blocks: [Block], file: String, knownSpeakers: Set<String>) throws -> TimedTranscript {
        let textNames = Self.textNames, timeNames = Self.timeNames, speakerNames = Self.speakerNames
        var tableNumber = 0
        var turns: [TimedTranscript.Turn] = []
        var tablesRead = 0
        for block in blocks {
            guard case let .table(rows) = block else { continue }
            tableNumber += 1
            guard let first = rows.first else { continue }
            let folded = first.map { TextMatchingFold.fold($0) }
            var columns: (time: Int?, end: Int?, speaker: Int?, text: Int)?
            var dataRows = rows.indices.dropFirst()
            if let text = folded.firstIndex(where: textNames.contains) {
                let time = folded.firstIndex(where: timeNames.contains)
                let speaker = folded.firstIndex(where: speakerNames.contains)
                if time != nil || speaker != nil { columns = (time, folded.firstIndex(where: Self.endNames.contains), speaker, text) }
            } else if first.count >= 3, timeRange(first[0]) != nil {
                columns = (0, nil, 1, 2)
                dataRows = rows.indices.dropFirst(0)
            }
            guard let columns else { continue }
            tablesRead += 1
            var tableTurns: [TimedTranscript.Turn] = []
            for index in dataRows {
                let row = rows[index]
                let place = TranscriptPlace.tableRow(file: file, table: tableNumber, row: index + 1)
                func cell(_ column: Int?) -> String { column.flatMap { $0 < row.count ? row[$0] : nil }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }
                let text = cell(columns.text).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                guard !text.isEmpty else { continue }
                var start: Int?
                var end: Int?
                let timeText = cell(columns.time)
                if !timeText.isEmpty {
                    guard let range = timeRange(timeText) else { throw TranscriptFileError.unreadableTime(place, found: timeText) }
                    (start, end) = range
                }
                let endText = cell(columns.end)
                if !endText.isEmpty {
                    guard let value = TranscriptSyntax.milliseconds(endText) else { throw TranscriptFileError.unreadableTime(place, found: endText) }
                    end = value
                }
                if let start, let end, end < start {
                    throw TranscriptFileError.endBeforeStart(place, start: TranscriptClock.text(start, milliseconds: true), end: TranscriptClock.text(end, milliseconds: true))
                }
                let speaker = cell(columns.speaker).trimmingCharacters(in: CharacterSet(charactersIn: ":").union(.whitespaces))
                tableTurns.append(TimedTranscript.Turn(speaker: speaker.isEmpty ? nil : TextNames.clean(speaker), start: start, end: end, text: text, place: place))
            }
            for index in tableTurns.indices where tableTurns[index].end == nil && tableTurns[index].start != nil {
                tableTurns[index].end = tableTurns[(index + 1)...].first(where: { $0.start != nil })?.start
            }
            turns += tableTurns
        }
        if tablesRead > 0 {
            guard !turns.isEmpty else { throw TranscriptFileError.noSpeech(file: file) }
            let (sorted, reordered) = TranscriptSyntax.sortedByStart(turns)
            var result = TimedTranscript(file: file, format: .wordTable, turns: sorted)
            result.reordered = reordered
            result.header = blocks.compactMap {
                guard case let .paragraph(text) = $0 else { return nil }
                let line = text.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
                return line.isEmpty ? nil : line
            }
            result.dropped.otherParagraphs = result.header.count
            return result
        }
        // No transcript table: the paragraphs (a table's cells among them, in order), one per line.
        var lines: [String] = []
        var places: [TranscriptPlace] = []
        var paragraph = 0
        for block in blocks {
            switch block {
            case let .paragraph(text):
                paragraph += 1
                lines.append(text)
                places.append(.paragraph(file: file, number: paragraph))
            case let .table(rows):
                for cell in rows.joined() {
                    for line in cell.split(separator: "\n", omittingEmptySubsequences: false) {
                        paragraph += 1
                        lines.append(String(line))
                        places.append(.paragraph(file: file, number: paragraph))
                    }
                }
            }
        }
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        var result = try StampedTextReader.read(text, file: file, format: .wordParagraphs, linesAreParagraphs: true,
                                                place: { line, _ in line - 1 < places.count ? places[line - 1] : .paragraph(file: file, number: line) },
                                                knownSpeakers: knownSpeakers)
        if result.verbatim != nil {
            result.format = .wordText
            // Empty paragraphs stay as blank lines; the text ends with a line break.
            result.verbatim = text.hasSuffix("\n") ? text : text + "\n"
        }
        return result
    }

    /// `00:01:02.5`, or a span `00:01:02.5 - 00:01:07` (`-`, `–`, `—` or `-->` between), in milliseconds.
    static func timeRange(_ text: String) -> (Int, Int?)? {
        var parts: [String] = []
        for separator in ["-->", "–", "—", "-"] where text.contains(separator) {
            parts = text.components(separatedBy: separator)
            break
        }
        if parts.isEmpty { parts = [text] }
        guard (1...2).contains(parts.count), let start = TranscriptSyntax.milliseconds(parts[0].trimmingCharacters(in: .whitespaces)) else { return nil }
        guard parts.count == 2 else { return (start, nil) }
        guard let end = TranscriptSyntax.milliseconds(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        return (start, end)
    }

    /// The SAX reader of `word/document.xml`'s body: paragraphs' text (`w:t`, tabs and breaks), tables' rows and
    /// cells (a table inside a cell read as that cell's text); deleted text and field codes left out.
    final class BodyReader: NSObject, XMLParserDelegate {
        var blocks: [Block] = []
        var paragraph = ""
        var inText = false
        var tableDepth = 0
        var rows: [[String]] = []
        var row: [String] = []
        var cell: [String] = []
        /// Elements open, and whether the root was seen: XMLParser on Linux can finish a document cut short
        /// without an error, and elements left open tell it.
        var depth = 0
        var sawRoot = false

        static func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            sawRoot = true
            switch Self.local(name) {
            case "p": paragraph = ""
            case "t": inText = true
            case "tab": paragraph += "\t"
            case "br", "cr": paragraph += "\n"
            case "noBreakHyphen": paragraph += "-"
            case "tbl":
                tableDepth += 1
                if tableDepth == 1 { rows = [] }
            case "tr": if tableDepth == 1 { row = [] }
            case "tc": if tableDepth == 1 { cell = [] }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            switch Self.local(name) {
            case "t": inText = false
            case "p":
                if tableDepth == 0 { blocks.append(.paragraph(paragraph)) } else { cell.append(paragraph) }
                paragraph = ""
            case "tc": if tableDepth == 1 { row.append(cell.joined(separator: "\n")) }
            case "tr": if tableDepth == 1 { rows.append(row) }
            case "tbl":
                if tableDepth == 1 { blocks.append(.table(rows)) }
                tableDepth -= 1
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { paragraph += string }
        }
    }
}

/// Folding for column names: lower case, accents off, spaces collapsed, a closing colon left out.
enum TextMatchingFold {
    static func fold(_ text: String) -> String {
        TextMatching.fold(text.replacingOccurrences(of: "_", with: " ")).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
    }
}
