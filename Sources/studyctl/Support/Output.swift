import Foundation
import ArgumentParser
import Surveys
import Tabular
import Wording
import Results

/// Writes diagnostics and progress to standard error, leaving standard output to results.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Prints `value` as pretty, key-sorted JSON on standard output.
///
/// JSON has no NaN or infinity: a figure that is not a finite number (an undefined α, a test with no variation)
/// is written as `null`, never as text and never as an encoding failure.
func printJSON<T: Encodable>(_ value: T, command: String, key: String? = nil) throws {
    print(try JSONOutput.document(value, command: command, key: key))
}


/// A plain-text table with aligned columns, as people read in a terminal.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []

    init(_ header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    /// A table whose header is the tool's words, in the command line's language.
    init(words header: [Sentence], rightAligned: Set<Int> = []) {
        self.init(header.map { $0.text(Voice.language) }, rightAligned: rightAligned)
    }

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { row in column < row.count ? Self.width(row[column]) : 0 }.max() ?? 0
        }
        var lines = [Self.line(header, widths: widths, rightAligned: rightAligned), Self.rule(widths)]
        lines += rows.map { Self.line($0, widths: widths, rightAligned: rightAligned) }
        return lines.joined(separator: "\n")
    }

    /// One row, drawn as every terminal table is (`TextRenderer.line`).
    static func line(_ row: [String], widths: [Int], rightAligned: Set<Int>) -> String {
        TextRenderer.line(row.map(\.oneLine), widths: widths, rightAligned: rightAligned.contains)
    }

    /// The rule under the header (`TextRenderer.rule`).
    static func rule(_ widths: [Int]) -> String {
        TextRenderer.rule(widths)
    }

    /// Display width: characters, so accented letters count once.
    static func width(_ text: String) -> Int {
        text.oneLine.count
    }
}

/// A `TextTable` whose rows wait in a temporary file: the column widths grow as rows come, and the rows are padded
/// as they are read back, so a table of a million participants takes the memory of one row. Prints what
/// `print(TextTable.render())` prints.
final class SpooledTextTable {
    let header: [String]
    let rightAligned: Set<Int>
    private var widths: [Int]
    private(set) var count = 0
    private let spool: Spool
    private var buffer: [UInt8] = []

    init(_ header: [String], rightAligned: Set<Int> = []) throws {
        self.header = header
        self.rightAligned = rightAligned
        widths = header.map(TextTable.width)
        spool = try Spool()
    }

    /// Keeps `row`: each cell as its length in bytes, a colon and its text (line breaks made spaces), the row ended
    /// by a line break.
    func append(_ row: [String]) {
        buffer.removeAll(keepingCapacity: true)
        for column in header.indices {
            let cell = column < row.count ? row[column].oneLine : ""
            widths[column] = max(widths[column], TextTable.width(cell))
            buffer.append(contentsOf: String(cell.utf8.count).utf8)
            buffer.append(UInt8(ascii: ":"))
            buffer.append(contentsOf: cell.utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
        spool.write(bytes: buffer)
        count += 1
    }

    /// Throws if a row could not be kept (a full disk), before anything is printed.
    func check() throws {
        try spool.check()
    }

    /// Prints the table on standard output.
    func print() throws {
        try spool.check()
        Output.write(TextTable.line(header, widths: widths, rightAligned: rightAligned) + "\n" + TextTable.rule(widths) + "\n")
        var out: [UInt8] = []
        try spool.forEachLine { line in
            var cells: [String] = []
            var index = line.startIndex
            while index < line.endIndex {
                var length = 0
                while line[index] != UInt8(ascii: ":") {
                    length = length * 10 + Int(line[index] - UInt8(ascii: "0"))
                    index += 1
                }
                index += 1
                cells.append(String(decoding: line[index..<(index + length)], as: UTF8.self))
                index += length
            }
            out.append(contentsOf: TextTable.line(cells, widths: widths, rightAligned: rightAligned).utf8)
            out.append(UInt8(ascii: "\n"))
            if out.count >= 1 << 16 {
                out.withUnsafeBufferPointer { Output.write(bytes: $0) }
                out.removeAll(keepingCapacity: true)
            }
        }
        out.withUnsafeBufferPointer { Output.write(bytes: $0) }
    }
}

extension String {
    /// The text with its line breaks made spaces (itself, without a copy, when it has none).
    var oneLine: String {
        // By scalar: a Windows line break is one Character, whose "\n" is replaced too.
        guard utf8.contains(UInt8(ascii: "\n")) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }

    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// Standard output written straight to file descriptor 1, after flushing what `print` has buffered, so the two
/// stay in order.
enum Output {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    static func write(bytes: UnsafeBufferPointer<UInt8>) {
        fflush(nil)
        var offset = 0
        while offset < bytes.count {
            // bytes.count > 0 here, so the buffer has a base address.
            let written = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe (`| head`): nothing more can be shown
            }
            offset += written
        }
    }
}

extension Spool {
    /// Copies the spooled text, from the start, to standard output.
    func copyToStandardOutput() throws {
        try forEachBlock { Output.write(bytes: $0) }
    }
}
