import Foundation
import Surveys

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

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { row in column < row.count ? Self.width(row[column]) : 0 }.max() ?? 0
        }
        func line(_ row: [String]) -> String {
            header.indices.map { column in
                let cell = column < row.count ? row[column].replacingOccurrences(of: "\n", with: " ") : ""
                let padding = String(repeating: " ", count: widths[column] - Self.width(cell))
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// Display width: characters, so accented letters count once.
    static func width(_ text: String) -> Int {
        text.replacingOccurrences(of: "\n", with: " ").count
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
