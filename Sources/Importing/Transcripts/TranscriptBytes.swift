import Foundation
import Tabular

/// A transcript's bytes as text: UTF-8 (with or without a byte-order mark), else Windows-1252 — what Windows' Notepad
/// and older transcription tools save, and what Latin-1 text reads as for every letter Portuguese uses. Refuses
/// UTF-16, a NUL byte and the five bytes Windows-1252 leaves undefined, naming the line and column.
enum TranscriptBytes {
    /// Windows-1252's 0x80–0x9F; nil where the code page defines no character.
    static let high: [UInt32?] = [0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
                                  nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178]

    static func read(_ path: String, file: String) throws -> (text: String, encoding: TimedTranscript.Encoding, firstNonUTF8: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw TranscriptFileError.cannotRead(file: file, reason: !exists ? "no such file" : isDirectory.boolValue ? "it is a folder" : "permission denied")
        }
        return try decode([UInt8](data), file: file)
    }

    static func decode(_ input: [UInt8], file: String) throws -> (text: String, encoding: TimedTranscript.Encoding, firstNonUTF8: String?) {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // UTF-16 (Word's "Unicode" text) is said as such, with or without its byte-order mark.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw CSVError.notUTF8(SourcePosition(file: file, line: 1, column: 1), detail: "it is UTF-16 text")
        }
        if let order = utf16WithoutBOM(bytes) {
            throw CSVError.notUTF8(SourcePosition(file: file, line: 1, column: 1), detail: "it is UTF-16 \(order) text without a byte-order mark")
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw TranscriptFileError.nulCharacter(position(of: nul, in: bytes, file: file))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8, nil) }
        var firstInvalid = 0
        while firstInvalid < bytes.count {
            let length = validSequenceLength(bytes, at: firstInvalid)
            if length == 0 { break }
            firstInvalid += length
        }
        var scalars = String.UnicodeScalarView()
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80 && byte < 0xA0 {
                guard let value = high[Int(byte - 0x80)], let scalar = Unicode.Scalar(value) else {
                    throw TranscriptFileError.notText(position(of: index, in: bytes, file: file), byte: String(byte, radix: 16, uppercase: true))
                }
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        let place = position(of: firstInvalid, in: bytes, file: file)
        return (String(scalars), .windows1252, "\(place): byte 0x\(String(bytes[firstInvalid], radix: 16, uppercase: true))")
    }

    /// "little-endian" or "big-endian" when the start looks like UTF-16 without a byte-order mark: ASCII letters
    /// with a 0 beside each (as the CSV reader tells).
    static func utf16WithoutBOM(_ bytes: [UInt8]) -> String? {
        let sample = bytes.prefix(64)
        guard sample.count >= 4 else { return nil }
        let even = stride(from: 0, to: sample.count - 1, by: 2)
        let zeroOdd = even.filter { sample[$0 + 1] == 0 && sample[$0] != 0 }.count
        let zeroEven = even.filter { sample[$0] == 0 && sample[$0 + 1] != 0 }.count
        let pairs = sample.count / 2
        if zeroOdd * 4 >= pairs * 3 { return "little-endian" }
        if zeroEven * 4 >= pairs * 3 { return "big-endian" }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlongs, no surrogates, at most
    /// U+10FFFF), or 0.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            if byte < min || byte > max { return 0 }
        }
        return length
    }

    /// Line and column (in bytes that start a character, as the CSV reader counts) of byte `index`.
    static func position(of index: Int, in bytes: [UInt8], file: String) -> SourcePosition {
        let before = bytes[..<index]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = bytes[lineStart..<index].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourcePosition(file: file, line: line, column: column)
    }
}
