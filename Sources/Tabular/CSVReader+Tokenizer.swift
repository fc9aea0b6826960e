import Foundation
import Wording

/// The scanning of `CSVReader`: records and fields out of the input's bytes (RFC 4180 quoting, line ends, the
/// UTF-8 check), with `ChunkedInput`'s fast path for plain ASCII records.
extension CSVReader {
    /// Reads one physical record; `nil` at end of input. Blank lines come back as a record of one empty field.
    func readRecord() throws -> Record? {
        try input.ensure()
        guard !input.isAtEnd else { return nil }
        let recordLine = line
        // The last record's array is filled again: once its reader has let go of it (a loop over the rows), its
        // storage is this reader's alone and is reused rather than allocated per row.
        var fields = recordFields
        recordFields = []
        let keep = columnsToKeep  // read once per record, not once per field
        if input.plainASCIIRecord(delimiter: delimiterByte, keep: keep, line: recordLine, into: &fields) {
            newLine()
            recordFields = fields
            return Record(fields: fields, line: recordLine)
        }
        fields.removeAll(keepingCapacity: true)
        fields.reserveCapacity(header.count)
        while true {
            let (field, endedRecord) = try readField(keep: keep.map { fields.count < $0.count && $0[fields.count] } ?? true)
            fields.append(field)
            if endedRecord { break }
        }
        recordFields = fields
        return Record(fields: fields, line: recordLine)
    }

    /// Reads one field and the delimiter or line end after it. Returns whether the record ended.
    func readField(keep: Bool = true) throws -> (Field, Bool) {
        let startLine = line
        let startColumn = column
        if !fieldBytes.isEmpty { fieldBytes.removeAll(keepingCapacity: true) }
        try input.ensure()
        if input.peek() == Self.quote {
            advance(Self.quote)
            while true {
                try input.ensure()
                guard let byte = input.peek() else {
                    throw CSVError.unterminatedQuote(SourcePosition(file: file, line: startLine, column: startColumn))
                }
                if byte == Self.quote {
                    advance(byte)
                    try input.ensure()
                    if input.peek() == Self.quote {
                        advance(Self.quote)
                        fieldBytes.append(Self.quote)
                        continue
                    }
                    break
                }
                if byte == Self.cr {
                    advance(byte)
                    try input.ensure()
                    if input.peek() == Self.lf { input.skip(1) }
                    fieldBytes.append(Self.lf)
                    newLine()
                    continue
                }
                if byte == 0 { throw CSVError.nulCharacter(SourcePosition(file: file, line: line, column: column)) }
                advance(byte)
                fieldBytes.append(byte)
                if byte == Self.lf { newLine() }
            }
            let value = try decode(line: startLine, column: startColumn + 1)
            let field = Field(value: value, line: startLine, column: startColumn)
            try input.ensure()
            guard let next = input.peek() else { return (field, true) }
            if next == delimiterByte {
                advance(next)
                return (field, false)
            }
            if next == Self.lf || next == Self.cr {
                consumeLineEnd()
                return (field, true)
            }
            var rest: [UInt8] = [next]
            input.skip(1)
            try input.ensure()
            while let more = input.peek(), more >= 0x80 && more < 0xC0 { rest.append(more); input.skip(1); try input.ensure() }
            throw CSVError.textAfterClosingQuote(SourcePosition(file: file, line: line, column: column),
                                                 found: String(decoding: rest, as: UTF8.self))
        }
        // Fast path: an unquoted field that ends inside the buffered chunk is decoded straight from the buffer.
        if let (value, scalars) = try input.scanPlainField(delimiter: delimiterByte, { bytes, ascii -> String in
            // ASCII is valid UTF-8 as it is: no validation to run (most cells of a data export are ASCII).
            if ascii { return keep ? String(decoding: bytes, as: UTF8.self) : "" }
            if let text = String(validating: bytes, as: UTF8.self) { return keep ? text : "" }
            fieldBytes.append(contentsOf: bytes)
            return try decode(line: startLine, column: startColumn)
        }) {
            column += scalars
            let field = Field(value: value, line: startLine, column: startColumn)
            if input.peek() == delimiterByte {
                advance(delimiterByte)
                return (field, false)
            }
            consumeLineEnd()
            return (field, true)
        }
        while true {
            try input.ensure()
            guard let byte = input.peek() else {
                return (Field(value: try decode(line: startLine, column: startColumn), line: startLine, column: startColumn), true)
            }
            if byte == 0 { throw CSVError.nulCharacter(SourcePosition(file: file, line: line, column: column)) }
            if byte == delimiterByte {
                advance(byte)
                return (Field(value: try decode(line: startLine, column: startColumn), line: startLine, column: startColumn), false)
            }
            if byte == Self.lf || byte == Self.cr {
                let value = try decode(line: startLine, column: startColumn)
                consumeLineEnd()
                return (Field(value: value, line: startLine, column: startColumn), true)
            }
            advance(byte)
            fieldBytes.append(byte)
        }
    }

    @inline(__always)
    func advance(_ byte: UInt8) {
        input.skip(1)
        // Columns count scalars: UTF-8 continuation bytes do not start a new one.
        if byte & 0xC0 != 0x80 { column += 1 }
    }

    func newLine() {
        line += 1
        column = 1
    }

    func consumeLineEnd() {
        if input.peek() == Self.cr {
            input.skip(1)
            try? input.ensure()
            if input.peek() == Self.lf { input.skip(1) }
        } else {
            input.skip(1)
        }
        newLine()
    }

    func decode(line: Int, column: Int) throws -> String {
        if let text = fieldBytes.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) {
            return text
        }
        // Find the first offending byte to point at it.
        var scalarColumn = column
        var lineNumber = line
        var index = 0
        while index < fieldBytes.count {
            let length = Self.validSequenceLength(fieldBytes, at: index)
            if length == 0 {
                let byte = String(fieldBytes[index], radix: 16, uppercase: true)
                throw CSVError.notUTF8(SourcePosition(file: file, line: lineNumber, column: scalarColumn),
                                       detail: "byte 0x\(byte); Latin-1 or Windows-1252 text perhaps")
            }
            if fieldBytes[index] == Self.lf { lineNumber += 1; scalarColumn = 1 } else { scalarColumn += 1 }
            index += length
        }
        throw CSVError.notUTF8(SourcePosition(file: file, line: line, column: column), detail: "malformed text")
    }

    /// Whether `bytes` (fewer than four) could begin a well-formed UTF-8 sequence that goes on past them.
    static func validPrefix(_ bytes: [UInt8]) -> Bool {
        guard let lead = bytes.first else { return false }
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return false
        }
        return bytes.count < length && bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or 0 when it is malformed.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let candidate = Array(bytes[index..<index + length])
        return String(validating: candidate, as: UTF8.self) == nil ? 0 : length
    }
}
