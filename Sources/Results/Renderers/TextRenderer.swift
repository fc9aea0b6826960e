import Surveys

/// A table for the terminal: the title, then columns padded to their widest cell, numbers right-aligned, the
/// labels and numbers in the table's language. Long text is cut at `proseWidth` characters with "…".
public enum TextRenderer {
    public static func render(_ table: ResultTable, proseWidth: Int = 60, title: Bool = true) -> String {
        let style = NumberStyle(table.language)
        var cells = table.rows.indices.map { rowIndex in
            table.columns.indices.map { columnIndex -> String in
                let column = table.columns[columnIndex]
                let text = table.display(rowIndex, columnIndex, style)
                if column.kind == .prose, text.count > proseWidth { return String(text.prefix(proseWidth - 1)) + "…" }
                return text
            }
        }
        cells.insert(table.columns.map(\.label), at: 0)
        let widths = table.columns.indices.map { index in cells.map { $0[index].count }.max() ?? 0 }
        var lines: [String] = []
        if title { lines.append(table.title) }
        for (rowIndex, row) in cells.enumerated() {
            var parts: [String] = []
            for (index, text) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - text.count)
                let last = index == row.count - 1
                parts.append(table.columns[index].kind.isNumeric ? pad + text : (last ? text : text + pad))
            }
            lines.append(parts.joined(separator: "  "))
            if rowIndex == 0 { lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")) }
        }
        lines += table.notes
        return lines.joined(separator: "\n") + "\n"
    }
}
