import Foundation
import Testing
@testable import Tabular

@Suite struct CSVReaderTests {
    func values(_ reader: CSVReader) throws -> [[String]] {
        try reader.readAll().map { $0.fields.map(\.value) }
    }

    @Test func readsCommaSeparatedFileWithHeader() throws {
        let reader = try CSVReader(text: "participant,years_ios,level\nP1,0.5,Iniciante\nP2,1,Iniciante\n")
        #expect(reader.delimiter == .comma)
        #expect(reader.header.map(\.value) == ["participant", "years_ios", "level"])
        #expect(try values(reader) == [["P1", "0.5", "Iniciante"], ["P2", "1", "Iniciante"]])
    }

    @Test func detectsSemicolonAsBrazilianExcelWritesIt() throws {
        let reader = try CSVReader(text: "participante;anos;nível\r\nP1;0,5;Iniciante\r\n")
        #expect(reader.delimiter == .semicolon)
        #expect(try values(reader) == [["P1", "0,5", "Iniciante"]])
    }

    @Test func detectsTab() throws {
        let reader = try CSVReader(text: "a\tb\n1\t2\n")
        #expect(reader.delimiter == .tab)
        #expect(try values(reader) == [["1", "2"]])
    }

    @Test func skipsByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("code,x\nP1,1\n".utf8)
        let url = try temporaryFile(bytes)
        let reader = try CSVReader(path: url.path)
        #expect(reader.header.first?.value == "code")
        #expect(reader.header.first?.column == 1)
    }

    @Test func quotedFieldsHoldDelimitersQuotesAndNewlines() throws {
        let text = "code,note,level\nP1,\"says \"\"hi\"\", then\nleaves\",A\r\nP2,plain,B\n"
        let reader = try CSVReader(text: text)
        let records = try reader.readAll()
        #expect(records.map { $0.fields.map(\.value) } == [["P1", "says \"hi\", then\nleaves", "A"], ["P2", "plain", "B"]])
        #expect(records[0].line == 2)
        #expect(records[1].line == 4, "a record after a quoted newline starts on the right physical line")
        #expect(records[1].fields[2].column == 10)
    }

    @Test func quotedCarriageReturnNewlineBecomesNewline() throws {
        let reader = try CSVReader(text: "a,b\r\n\"x\r\ny\",2\r\n")
        #expect(try values(reader) == [["x\ny", "2"]])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let reader = try CSVReader(text: "nível,ação,z\nIntermediário,é,\"unterminated\n")
        #expect(throws: CSVError.unterminatedQuote(SourcePosition(file: "<input>", line: 2, column: 17))) {
            try reader.readAll()
        }
    }

    @Test func reportsUnterminatedQuoteWhereItOpens() throws {
        let reader = try CSVReader(text: "code,note\nP1,ok\nP2,\"never closed\nP3,x\n", file: "p.csv")
        let error = #expect(throws: CSVError.self) { try reader.readAll() }
        #expect(error == .unterminatedQuote(SourcePosition(file: "p.csv", line: 3, column: 4)))
        #expect(error?.localizedDescription.hasPrefix("p.csv:3:4:") == true)
    }

    @Test func reportsTextAfterClosingQuote() throws {
        let reader = try CSVReader(text: "a,b\n\"x\"y,2\n", file: "f.csv")
        #expect(throws: CSVError.textAfterClosingQuote(SourcePosition(file: "f.csv", line: 2, column: 4), found: "y")) {
            try reader.readAll()
        }
    }

    /// Excel's "CSV" (not "CSV UTF-8") on a Windows set to Portuguese: Windows-1252, read and said.
    @Test func readsWindows1252WhenTheFirstNonASCIIBytesAreNotUTF8() throws {
        let bytes = Array("code;level;note\nP1;Intermedi".utf8) + [0xE1] + Array("rio;".utf8) + [0x80, 0x20, 0x93] + Array("ok".utf8) + [0x94, 0x0A]
        let reader = try CSVReader(path: try temporaryFile(bytes).path, displayName: "latin1.csv")
        #expect(try reader.readAll().map { $0.fields.map(\.value) } == [["P1", "Intermediário", "€ “ok”"]])
        #expect(reader.encoding == .windows1252 && reader.delimiter == .semicolon)
        // Decided late (after a megabyte of ASCII): the ASCII already read is the same text in both encodings.
        let late = Array("code,level\n".utf8) + Array(repeating: Array("P1,abc\n".utf8), count: 200_000).flatMap { $0 } + Array("P2,s".utf8) + [0xE9, 0x0A]
        let lateReader = try CSVReader(path: try temporaryFile(late).path)
        #expect(try lateReader.readAll().last?.fields[1].value == "sé")
        #expect(lateReader.encoding == .windows1252)
    }

    /// A file whose first non-ASCII text is UTF-8 stays UTF-8: a later Latin-1 byte is refused where it is.
    @Test func reportsInvalidUTF8AtTheOffendingByteOfAUTF8File() throws {
        let bytes = Array("code,level\nP0,Avançado\nP1,Intermedi".utf8) + [0xE1] + Array("rio\n".utf8)
        let reader = try CSVReader(path: try temporaryFile(bytes).path, displayName: "mixed.csv")
        let error = #expect(throws: CSVError.self) { try reader.readAll() }
        guard case let .notUTF8(position, detail)? = error else {
            Issue.record("expected notUTF8, got \(String(describing: error))")
            return
        }
        #expect(position == SourcePosition(file: "mixed.csv", line: 3, column: 13))
        #expect(detail.contains("0xE1"))
    }

    /// A UTF-8 character cut by the end of the first megabyte read is UTF-8, not Windows-1252.
    @Test func aCharacterCutByAChunkEndDecidesWithTheNextChunk() throws {
        let rows = (1_048_576 - 4) / 4 - 1
        let bytes = Array("a,b\n".utf8) + Array(repeating: Array("x,y\n".utf8), count: rows).flatMap { $0 } + Array("x,y".utf8) + [0xC3, 0xA9, 0x0A] + Array("z,w\n".utf8)
        #expect(bytes[1_048_575] == 0xC3)
        let reader = try CSVReader(path: try temporaryFile(bytes).path)
        #expect(try reader.readAll().suffix(2).map { $0.fields[1].value } == ["yé", "w"])
        #expect(reader.encoding == .utf8)
    }

    @Test func readsUTF16WithAByteOrderMark() throws {
        let url = try temporaryFile([0xFF, 0xFE] + Array("código;nível\nP1;ação\n".data(using: .utf16LittleEndian)!))
        let reader = try CSVReader(path: url.path)
        #expect(try values(reader) == [["P1", "ação"]])
        #expect(reader.encoding == .utf16LittleEndian && reader.header.map(\.value) == ["código", "nível"])
        let bom = try CSVReader(path: try temporaryFile([0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8)).path)
        #expect(try values(bom) == [["1", "2"]] && bom.encoding == .utf8WithBOM)
    }

    /// `|` separates when the header holds none of `,` `;` tab; a header read as one column over lines that each
    /// hold a separator the same number of times is refused, naming the file and what was seen.
    @Test func detectsPipesAndRefusesAOneColumnHeaderOverSeparatedLines() throws {
        let pipes = try CSVReader(text: "codigo|idade|grupo\nP11|33|controle\n", file: "p.csv")
        #expect(pipes.delimiter == .pipe && pipes.header.count == 3)
        #expect(try values(pipes) == [["P11", "33", "controle"]])
        let titled = try temporaryFile(Array("Respostas do formulário\ncodigo;idade;grupo\nP11;33;controle\n".utf8))
        #expect(throws: CSVError.oneColumn(SourcePosition(file: "t.csv", line: 1, column: 1), header: "Respostas do formulário", separator: "';'", count: 2)) {
            _ = try CSVReader(path: titled.path, displayName: "t.csv")
        }
        // One column of codes is a table.
        #expect(try values(try CSVReader(text: "code\nP1\nP2\n")) == [["P1"], ["P2"]])
        // A separator given is not second-guessed.
        #expect(try CSVReader(path: titled.path, delimiter: .semicolon).header.count == 1)
    }

    /// A workbook's place reads as the sheet shows it.
    @Test func positionsInASheetReadAsCellReferences() {
        #expect(SourcePosition(file: "f.xlsx", line: 5, column: 3, sheet: "Respostas").description == "f.xlsx:Respostas!C5")
        #expect(SourcePosition(file: "f.xlsx", line: 2, column: 28, sheet: "Form 1").description == "f.xlsx:'Form 1'!AB2")
        #expect(SourcePosition(file: "f.csv", line: 2, column: 3).description == "f.csv:2:3")
    }

    /// Tobii writes UTF-16: read when asked for, converted as it streams, characters cut by a chunk's end included.
    @Test func readsUTF16WhenAskedWithOrWithoutByteOrderMark() throws {
        // About 1.6 MB of UTF-16: chunk ends (every 1 MiB) fall inside rows with accents and surrogate pairs.
        var text = "nome\tvalor\r\n"
        for index in 0..<40_000 { text += "João 🙂 \(index)\tção\r\n" }
        let little = try temporaryFile([0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!))
        let reader = try CSVReader(path: little.path, delimiter: .tab, acceptUTF16: true)
        var count = 0
        while let record = try reader.next() {
            #expect(record.fields[0].value == "João 🙂 \(count)" && record.fields[1].value == "ção")
            count += 1
        }
        #expect(count == 40_000)
        let big = try temporaryFile(Array("a\tb\n1\t2\n".data(using: .utf16BigEndian)!))
        #expect(try values(try CSVReader(path: big.path, delimiter: .tab, acceptUTF16: true)) == [["1", "2"]])
        #expect(throws: CSVError.self) { _ = try CSVReader(path: big.path, delimiter: .tab) }
        // A lone surrogate is not text: its byte offset is named (after the BOM, "a" and "\n": byte 6).
        let lone = try temporaryFile([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x00, 0xD8, 0x62, 0x00, 0x0A, 0x00])
        #expect(throws: CSVError.cannotRead(file: lone.path, reason: "it is not valid UTF-16 text (a lone surrogate at byte 6)")) {
            let reader = try CSVReader(path: lone.path, acceptUTF16: true)
            while try reader.next() != nil {}
        }
    }

    @Test func skippedColumnsComeBackEmptyButAreStillChecked() throws {
        let reader = try CSVReader(text: "a,b,c\n1,2,3\n4,5,6\n")
        reader.columnsToKeep = [true, false, true]
        #expect(try values(reader) == [["1", "", "3"], ["4", "", "6"]])
        // UTF-8 (é) then a Latin-1 byte in the skipped column: still refused.
        let latin = try temporaryFile(Array("a,b\n1,é\n2,".utf8) + [0xE1] + Array("\n".utf8))
        let checked = try CSVReader(path: latin.path)
        checked.columnsToKeep = [true, false]
        #expect(throws: CSVError.self) { while try checked.next() != nil {} }
    }

    @Test func refusesEmptyFileAndMissingFile() throws {
        let url = try temporaryFile([])
        #expect(throws: CSVError.empty(file: url.path)) { _ = try CSVReader(path: url.path) }
        #expect(throws: CSVError.cannotRead(file: "/nonexistent/p.csv", reason: "no such file")) {
            _ = try CSVReader(path: "/nonexistent/p.csv")
        }
    }

    @Test func headerOnlyHasNoRecords() throws {
        let reader = try CSVReader(text: "code,level\n")
        #expect(try reader.readAll().isEmpty)
    }

    @Test func skipsBlankLinesAndEmptyTrailingRows() throws {
        let reader = try CSVReader(text: "a;b\n1;2\n\n;\n;;\n3;4")
        #expect(try values(reader) == [["1", "2"], ["3", "4"]])
    }

    @Test func reportsRowsWithTooFewFields() throws {
        let reader = try CSVReader(text: "a,b,c\n1,2\n", file: "f.csv")
        #expect(throws: CSVError.missingFields(SourcePosition(file: "f.csv", line: 2, column: 4), expected: 3, found: 2)) {
            try reader.readAll()
        }
    }

    @Test func reportsExtraValuesButToleratesTrailingEmptyFields() throws {
        #expect(try values(CSVReader(text: "a,b\n1,2,,\n")) == [["1", "2"]])
        let reader = try CSVReader(text: "a,b\n1,2,3\n", file: "f.csv")
        #expect(throws: CSVError.extraFields(SourcePosition(file: "f.csv", line: 2, column: 5), expected: 2, found: 3, value: "3")) {
            try reader.readAll()
        }
    }

    @Test func refusesDuplicateAndEmptyHeaderNames() throws {
        #expect(throws: CSVError.duplicateHeader(SourcePosition(file: "f.csv", line: 1, column: 5), name: "a", firstColumn: 1)) {
            _ = try CSVReader(text: "a,b,a\n", file: "f.csv")
        }
        #expect(throws: CSVError.emptyHeader(SourcePosition(file: "f.csv", line: 1, column: 3))) {
            _ = try CSVReader(text: "a,,b\n", file: "f.csv")
        }
    }

    @Test func readsAcrossChunkBoundaries() throws {
        // Longer than one read chunk (1 MiB), with quoted newlines and multi-byte text straddling boundaries.
        var text = "code,text\n"
        let count = 30_000
        for index in 1...count {
            text += "P\(index),\"linha com acentuação: ação\nsegunda, \"\"linha\"\" \(index)\"\n"
        }
        let url = try temporaryFile(Array(text.utf8))
        #expect(text.utf8.count > 1 << 20)
        let reader = try CSVReader(path: url.path)
        var seen = 0
        while let record = try reader.next() {
            seen += 1
            #expect(record.line == 2 * seen)
            if record.fields[1].value != "linha com acentuação: ação\nsegunda, \"linha\" \(seen)" {
                Issue.record("record \(seen) read as \(record.fields[1].value)")
                break
            }
        }
        #expect(seen == count)
    }

    @Test func writerQuotesOnlyWhatNeedsIt() throws {
        var writer = CSVWriter()
        writer.writeRow(["P1", "a,b", "say \"x\"", "two\nlines", "=1+1"])
        #expect(writer.text == "P1,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",=1+1\n")
        let reader = try CSVReader(text: "a,b,c,d,e\n" + writer.text)
        #expect(try reader.readAll().first?.fields.map(\.value) == ["P1", "a,b", "say \"x\"", "two\nlines", "=1+1"])
        // A Windows line break is one Character in Swift ("\r\n"): it must still be quoted, or the row would split.
        var crlf = CSVWriter(delimiter: .semicolon)
        crlf.writeRow(["a\r\nb", "c;d", "e,f", "lone\r"])
        #expect(crlf.text == "\"a\r\nb\";\"c;d\";e,f;\"lone\r\"\n")
    }
}

func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabular-\(UUID().uuidString).csv")
    try Data(bytes).write(to: url)
    return url
}

@Suite struct PlainLineTests {
    /// Plain ASCII lines are split in one pass, the others field by field: both give the same values, lines and
    /// columns, across a file that mixes them (CR LF, a quoted field, accents, an empty field, a blank line).
    @Test func plainAndQuotedLinesAgree() throws {
        let text = "a,bb,ccc\r\n1,,3\n\"x,y\",é,z\n\n4,5,6\nÁ,b,\"q\"\"\"\n7,8,9"
        let reader = try CSVReader(text: text)
        var seen: [[String]] = []
        var positions: [[String]] = []
        while let record = try reader.next() {
            seen.append(record.fields.map(\.value))
            positions.append(record.fields.map { "\($0.line):\($0.column)" })
        }
        #expect(reader.header.map(\.value) == ["a", "bb", "ccc"])
        #expect(seen == [["1", "", "3"], ["x,y", "é", "z"], ["4", "5", "6"], ["Á", "b", "q\""], ["7", "8", "9"]])
        #expect(positions == [["2:1", "2:3", "2:4"], ["3:1", "3:7", "3:9"], ["5:1", "5:3", "5:5"], ["6:1", "6:3", "6:5"], ["7:1", "7:3", "7:5"]])
    }

    /// Random rows of every length (delimiters at every offset of the eight-byte words the plain-line reader scans),
    /// some with an accented letter at a random place (read field by field): values and columns as written.
    @Test func randomRowsReadBackAsWritten() throws {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcxyz0123456789 .-_:/")
        for delimiter in [Delimiter.comma, .tab, .semicolon] {
            let width = Int.random(in: 1...40, using: &generator)
            var rows: [[String]] = []
            for _ in 0..<300 {
                rows.append((0..<width).map { _ in
                    var cell = String((0..<Int.random(in: 0...11, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
                    if Int.random(in: 0..<25, using: &generator) == 0 { cell.insert("é", at: cell.startIndex) }
                    return cell
                })
            }
            let separator = delimiter.rawValue
            let header = (0..<width).map { "h\($0)" }
            let text = ([header] + rows).map { $0.joined(separator: separator) }.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n") + "\n"
            let reader = try CSVReader(text: text, delimiter: delimiter)
            var index = 0
            while let record = try reader.next() {
                // Rows of empty cells only are skipped, as blank lines are.
                while rows[index].allSatisfy(\.isEmpty) { index += 1 }
                #expect(record.fields.map(\.value) == rows[index], "row \(index)")
                var column = 1
                for (offset, field) in record.fields.enumerated() {
                    #expect(field.column == column && field.line == index + 2, "row \(index) field \(offset)")
                    column += rows[index][offset].unicodeScalars.count + 1
                }
                index += 1
            }
            #expect(index == rows.count - rows.reversed().prefix { $0.allSatisfy(\.isEmpty) }.count)
        }
    }

    /// With a column mask, a plain line gives the masked columns empty, as the field-by-field reader does.
    @Test func maskedColumnsComeBackEmpty() throws {
        let reader = try CSVReader(text: "a\tb\tc\n1\t2\t3\nç\t5\t6\n", delimiter: .tab)
        reader.columnsToKeep = [true, false]
        #expect(try reader.next()?.fields.map(\.value) == ["1", "", ""])
        #expect(try reader.next()?.fields.map(\.value) == ["ç", "", ""])
    }
}
