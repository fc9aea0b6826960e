import Surveys

/// A table for the terminal: the title, then columns padded to their widest cell, numbers right-aligned, the
/// labels and numbers in the table's language. Long text is cut at `proseWidth` characters with "…".
///
/// On a terminal narrower than the table (`terminalWidth`, set by the command line from the terminal it writes
/// to), the column labels wrap onto several lines, each column as wide as its widest value or label word; a table
/// still too wide is printed in blocks of columns, each block repeating the first column so every row is named.
public enum TextRenderer {
    /// The width of the terminal the tables are printed on; nil (a pipe, a file) prints every table whole.
    nonisolated(unsafe) public static var terminalWidth: Int?

    public static func render(_ table: ResultTable, proseWidth: Int = 60, title: Bool = true) -> String {
        render(table, proseWidth: proseWidth, title: title, width: terminalWidth)
    }

    public static func render(_ table: ResultTable, proseWidth: Int = 60, title: Bool = true, width: Int?) -> String {
        let style = NumberStyle(table.language)
        let cells = table.rows.indices.map { rowIndex in
            table.columns.indices.map { columnIndex -> String in
                let column = table.columns[columnIndex]
                let text = table.display(rowIndex, columnIndex, style).oneLine
                if column.kind == .prose, text.count > proseWidth { return String(text.prefix(proseWidth - 1)) + "…" }
                return text
            }
        }
        let labels = table.columns.map(\.label.oneLine)
        let valueWidths = table.columns.indices.map { index in cells.map { $0[index].count }.max() ?? 0 }
        var widths = table.columns.indices.map { max(valueWidths[$0], labels[$0].count) }
        var header = labels.map { [$0] }
        let separator = 2
        func total(_ columns: [Int]) -> Int { columns.map { widths[$0] }.reduce(0, +) + separator * max(columns.count - 1, 0) }
        if let width, total(Array(table.columns.indices)) > width {
            // Labels wrap at their spaces, down to the widest value or the label's longest word.
            for index in table.columns.indices {
                let longestWord = labels[index].split(separator: " ").map(\.count).max() ?? 0
                let target = max(valueWidths[index], longestWord, 4)
                header[index] = wrap(labels[index], width: target)
                widths[index] = max(valueWidths[index], header[index].map(\.count).max() ?? 0)
            }
        }
        // Blocks of columns that fit, each after the first column.
        var blocks: [[Int]] = []
        if let width, table.columns.count > 1, total(Array(table.columns.indices)) > width {
            var current = [0]
            for index in 1..<table.columns.count {
                if current.count > 1, total(current + [index]) > width {
                    blocks.append(current)
                    current = [0]
                }
                current.append(index)
            }
            blocks.append(current)
        } else {
            blocks = [Array(table.columns.indices)]
        }
        var lines: [String] = []
        if title { lines.append(table.title) }
        for (blockIndex, block) in blocks.enumerated() {
            if blockIndex > 0 { lines.append("") }
            let headerLines = block.map { header[$0].count }.max() ?? 1
            for line in 0..<headerLines {
                // Wrapped labels sit on the last lines, over their column.
                let row = block.map { index -> String in
                    let label = header[index]
                    let offset = headerLines - label.count
                    return line >= offset ? label[line - offset] : ""
                }
                lines.append(format(row, block, widths: widths, table: table))
            }
            lines.append(rule(block.map { widths[$0] }))
            for row in cells { lines.append(format(block.map { row[$0] }, block, widths: widths, table: table)) }
        }
        // Notes wrap at their spaces on a terminal, rather than in the middle of a word.
        lines += width.map { width in table.notes.flatMap { wrap($0, width: max(width - 1, 20)) } } ?? table.notes
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ texts: [String], _ block: [Int], widths: [Int], table: ResultTable) -> String {
        line(texts, widths: block.map { widths[$0] }, rightAligned: { table.columns[block[$0]].kind.isNumeric })
    }

    /// One row of a terminal table: its cells padded to `widths`, two spaces apart, right-aligned where
    /// `rightAligned` says (numbers), with no spaces at the end. Every table the command line prints is drawn by it.
    public static func line(_ cells: [String], widths: [Int], rightAligned: (Int) -> Bool) -> String {
        var text = ""
        for (index, width) in widths.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let pad = String(repeating: " ", count: max(width - cell.count, 0))
            if index > 0 { text += "  " }
            text += rightAligned(index) ? pad + cell : cell + pad
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The rule under a table's labels.
    public static func rule(_ widths: [Int]) -> String {
        widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer than that is its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}

extension String {
    /// The text with its line breaks made spaces (itself, without a copy, when it has none): a terminal table's
    /// cell is one line.
    public var oneLine: String {
        // By scalar: a Windows line break is one Character, whose "\n" is replaced too.
        guard utf8.contains(UInt8(ascii: "\n")) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }
}
