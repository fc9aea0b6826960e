import Foundation

/// Reads whole text files (transcripts) as UTF-8, with or without a byte-order mark, naming the line and column
/// of the first byte that is not UTF-8.
public enum TextFile {
    public static func read(_ path: String, displayName: String? = nil) throws -> String {
        let name = displayName ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw CSVError.cannotRead(file: name, reason: !exists ? "no such file" : isDirectory.boolValue ? "it is a folder" : "permission denied")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw CSVError.notUTF8(SourcePosition(file: name, line: 1, column: 1), detail: "it is UTF-16 text")
        }
        if bytes.count >= 4, let order = ChunkedInput(bytes: Array(bytes.prefix(64)), file: name).utf16WithoutBOM() {
            throw CSVError.notUTF8(SourcePosition(file: name, line: 1, column: 1), detail: "it is UTF-16 \(order) text without a byte-order mark")
        }
        if let nul = bytes.firstIndex(of: 0) {
            let before = bytes[..<nul]
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let column = bytes[lineStart..<nul].filter { $0 & 0xC0 != 0x80 }.count + 1
            throw CSVError.nulCharacter(SourcePosition(file: name, line: line, column: column))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let length = CSVReader.validSequenceLength(bytes, at: index)
            if length == 0 {
                throw CSVError.notUTF8(SourcePosition(file: name, line: line, column: column),
                                       detail: "byte 0x\(String(bytes[index], radix: 16, uppercase: true)); Latin-1 or Windows-1252 text perhaps")
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
