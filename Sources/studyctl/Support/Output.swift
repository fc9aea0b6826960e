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
func printJSON<T: Encodable>(_ value: T, command: String, key: String? = nil, analysis: AnalysisSet? = nil, plan: AnalysisPlan? = nil) throws {
    print(try JSONOutput.document(value, command: command, key: key, analysis: analysis, plan: plan))
}


/// Prints a listing (`participant list`, `task list`, …) as a terminal table without its title. A listing is
/// printed whole at any terminal width, as scripts and people scrolling it read it, rather than in blocks of columns.
func printListing(_ table: ResultTable) {
    print(TextRenderer.render(table, title: false, width: nil), terminator: "")
}

/// A terminal table whose rows wait in a temporary file: the column widths grow as rows come, and the rows are
/// padded as they are read back, so a table of a million participants takes the memory of one row. Its columns
/// (labels, alignment, how a value reads) are a `ResultTable`'s, each line drawn by `TextRenderer.line`: it prints
/// what `TextRenderer.render(table, title: false, width: nil)` prints for the same rows (long prose, which the
/// renderer cuts, is left whole: score's table has none).
final class SpooledTextTable {
    let table: ResultTable
    private let style: NumberStyle
    private let rightAligned: [Bool]
    private var widths: [Int]
    private(set) var count = 0
    private let spool: Spool
    private var buffer: [UInt8] = []

    /// A spooled table of `table`'s columns (its rows, if any, are not drawn).
    init(_ table: ResultTable) throws {
        self.table = table
        style = NumberStyle(table.language)
        rightAligned = table.columns.map(\.kind.isNumeric)
        widths = table.columns.map { $0.label.oneLine.count }
        spool = try Spool()
    }

    /// Keeps `row`, one value per column: each cell as people read it, kept as its length in bytes, a colon and
    /// its text (line breaks made spaces), the row ended by a line break.
    func append(_ row: [Value]) {
        buffer.removeAll(keepingCapacity: true)
        for column in widths.indices {
            let cell = column < row.count ? table.display(row[column], column: column, style).oneLine : ""
            widths[column] = max(widths[column], cell.count)
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
        let aligned = rightAligned
        let labels = table.columns.map(\.label.oneLine)
        Output.write(TextRenderer.line(labels, widths: widths, rightAligned: { aligned[$0] }) + "\n" + TextRenderer.rule(widths) + "\n")
        var out: [UInt8] = []
        var cells: [String] = []
        try spool.forEachLine { line in
            cells.removeAll(keepingCapacity: true)
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
            out.append(contentsOf: TextRenderer.line(cells, widths: widths, rightAligned: { aligned[$0] }).utf8)
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
        // Only an empty buffer has no base address, and it has nothing to write.
        guard let base = bytes.baseAddress else { return }
        while offset < bytes.count {
            let written = Foundation.write(1, base + offset, bytes.count - offset)
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
