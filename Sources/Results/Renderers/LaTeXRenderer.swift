import Foundation
import Surveys
import Wording

/// A table as LaTeX for a thesis page: a `longtable` that breaks across pages with its caption and header repeated
/// ("continuação" / "continued"), booktabs rules, numbers right-aligned, intervals never broken, and a width that
/// fits the text block — natural columns when the table fits, wrapping `p` columns at a smaller size when it does
/// not, a landscape page when even that cannot fit. Needs `studyctl.sty` (longtable, booktabs, array, pdflscape,
/// `\fonte`, `\nota`), which the report writes beside itself; the same body drops into an abnTeX2 thesis.
public enum LaTeXRenderer {
    /// A way to set a table: the size command, the average width of a character at that size (Computer Modern,
    /// regular weight) in points, `\tabcolsep` in points, and whether on a landscape page.
    struct Setting: Equatable {
        var size: String
        var character: Double
        var separation: Double
        var landscape: Bool
        /// Headings turned 90° so a column is only as wide as its cells (for tables of many short numbers).
        var rotated = false
        /// The text block's width on an A4 page with ABNT margins (3 cm and 2 cm): 16 cm, or 24.7 cm turned.
        var line: Double { landscape ? 700 : 453 }
    }

    /// Settings tried in order until every column's unbreakable text fits the line.
    static let settings = [Setting(size: "\\small", character: 5.5, separation: 6, landscape: false),
                           Setting(size: "\\footnotesize", character: 5.0, separation: 5, landscape: false),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 4, landscape: false),
                           Setting(size: "\\footnotesize", character: 5.0, separation: 4, landscape: false, rotated: true),
                           // A landscape page is wide enough for upright headings more often than not: tried first.
                           Setting(size: "\\footnotesize", character: 5.0, separation: 4, landscape: true),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 3, landscape: true),
                           Setting(size: "\\footnotesize", character: 5.0, separation: 4, landscape: true, rotated: true),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 3, landscape: true, rotated: true)]

    /// How a table is laid out: its setting and per column a share of the line (`nil`: natural widths).
    struct Layout: Equatable {
        var setting: Setting
        var shares: [Double]?
    }

    public static func render(_ table: ResultTable, caption: TableCaption) -> String {
        let style = NumberStyle(table.language)
        let abnt = table.language.record.citationStyle == .abnt
        let texts = table.rows.indices.map { row in table.columns.indices.map { table.display(row, $0, style) } }
        let layout = layout(table, texts)
        let count = table.columns.count
        let spec: String
        if let shares = layout.shares {
            spec = zip(table.columns, shares).map { column, share in
                let share = String(format: "%.4f", share)
                let align = column.kind.isNumeric ? "\\raggedleft" : "\\raggedright"
                return ">{\(align)\\arraybackslash}p{\\dimexpr\(share)\\linewidth-2\\tabcolsep\\relax}"
            }.joined()
        } else {
            spec = table.columns.map { $0.kind.isNumeric ? "r" : "l" }.joined()
        }
        let header = table.columns.map { column -> String in
            let label = "\\textbf{\(escape(column.label))}"
            return layout.setting.rotated ? "\\rotatebox{90}{\(label)}" : label
        }.joined(separator: " & ") + " \\\\"
        let title = escape(table.title)
        var lines: [String] = []
        if layout.setting.landscape { lines.append("\\begin{landscape}") }
        lines.append("{\(layout.setting.size)\\setlength{\\tabcolsep}{\(Int(layout.setting.separation))pt}")
        lines.append("\\begin{longtable}{@{}\(spec)@{}}")
        lines.append("\\caption{\(title)}\\label{tab:\(table.id)-\(caption.number)} \\\\")
        lines += ["\\toprule", header, "\\midrule", "\\endfirsthead"]
        lines.append("\\caption[]{\(title) (\(Term.continued.text(table.language)))} \\\\")
        lines += ["\\toprule", header, "\\midrule", "\\endhead"]
        lines += ["\\midrule", "\\multicolumn{\(count)}{@{}r@{}}{\\footnotesize\\itshape \(Term.continues.text(table.language))} \\\\", "\\endfoot"]
        lines += ["\\bottomrule", "\\endlastfoot"]
        for (index, row) in texts.enumerated() {
            let bold = table.emphasised.contains(index)
            lines.append(zip(row, table.columns).map { text, column -> String in
                var cell = escape(text)
                // A number, a share ("10,0 %") or an interval never breaks across lines.
                if column.kind.isNumeric || column.kind.isInterval { cell = cell.replacingOccurrences(of: " ", with: "~") }
                return bold && text != "–" ? "\\textbf{\(cell)}" : cell
            }.joined(separator: " & ") + " \\\\")
        }
        lines.append("\\end{longtable}")
        lines.append("}")
        if abnt { lines.append("\\fonte{\(escape(TableCaption.source(year: caption.year, table.language)))}") }
        for note in table.notes { lines.append(("\\studyctlnote{\(escape(note))}" as Sentence).text(table.language)) }
        if layout.setting.landscape { lines.append("\\end{landscape}") }
        return lines.joined(separator: "\n")
    }

    /// Chooses the setting and column widths: natural columns at `\\small` when the longest cells fit on a line;
    /// otherwise wrapping columns with the first setting where every column's unbreakable text fits, each column
    /// given the rest of the line in proportion to how much longer its longest cell is.
    static func layout(_ table: ResultTable, _ texts: [[String]]) -> Layout {
        let count = table.columns.count
        // In characters of regular weight: headings are bold (up to a third wider), digits wider than the average letter.
        var natural = table.columns.map { Double($0.label.count) * 1.3 }
        var shortest = table.columns.map { Double(longestWord($0.label)) * 1.3 }
        var cellsOnly = table.columns.map { _ in 0.0 }
        for (rowIndex, row) in texts.enumerated() {
            // Totals are bold, as wide as headings.
            let bold = table.emphasised.contains(rowIndex) ? 1.15 : 1
            for index in 0..<count {
                let text = row[index]
                let kind = table.columns[index].kind
                let width = Double(text.count) * (kind.isNumeric || kind.isInterval ? 1.15 : 1) * bold
                natural[index] = max(natural[index], width)
                // Numbers and intervals never break; a short name breaks only when longer than 24 characters, long text
                // between words (a very long word overflows a little).
                let unbreakable: Double
                switch kind {
                case .text: unbreakable = min(width, max(Double(longestWord(text)), 24))
                case .prose: unbreakable = Double(min(longestWord(text), 24))
                default: unbreakable = width
                }
                shortest[index] = max(shortest[index], unbreakable)
                cellsOnly[index] = max(cellsOnly[index], unbreakable)
            }
        }
        // A character's margin per column: the widths are estimates from average letters, and short words vary most.
        natural = natural.map { $0 + 1 }
        shortest = shortest.map { $0 + 1 }
        cellsOnly = cellsOnly.map { $0 + 1 }
        let first = settings[0]
        if natural.reduce(0, +) * first.character + 2 * first.separation * Double(count) <= first.line {
            return Layout(setting: first, shares: nil)
        }
        // A turned heading is as wide as one line of text.
        func unbreakable(_ setting: Setting) -> [Double] { setting.rotated ? cellsOnly.map { max($0, 2) } : shortest }
        // `settings` is never empty (its first was read above): the last, the tightest, is what is left.
        let setting = settings.first { unbreakable($0).reduce(0, +) * $0.character + 2 * $0.separation * Double(count) <= $0.line } ?? settings[settings.count - 1]
        // Points: every column gets its unbreakable width, then the slack goes to the columns that want more.
        let least = unbreakable(setting)
        var widths = least.map { $0 * setting.character }
        let slack = setting.line - 2 * setting.separation * Double(count) - widths.reduce(0, +)
        let wants = zip(setting.rotated ? cellsOnly : natural, least).map { max($0 - $1, 0) * setting.character }
        let wanted = wants.reduce(0, +)
        if slack > 0, wanted > 0 {
            for index in widths.indices { widths[index] += min(wants[index], slack * wants[index] / wanted) }
        }
        return Layout(setting: setting, shares: widths.map { ($0 + 2 * setting.separation) / setting.line })
    }

    static func longestWord(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "/" || $0 == "-" }).map(\.count).max() ?? 0
    }

    /// Text escaped for LaTeX, to be set exactly as typed: every special character (\\ { } $ & # ^ _ ~ %), the ones
    /// T1 fonts draw otherwise (| < > " ' `, and [ ] that a command before them would read as its option), the
    /// ligatures TeX would make of "--", ",," and "!`" broken, line breaks as spaces, control characters left out.
    /// Read code point by code point, as TeX reads: a "\\" with a combining mark on it is still a backslash.
    /// `extra` escapes more characters.
    public static func escape(_ text: String, extra: [Unicode.Scalar: String] = [:]) -> String {
        var result = String.UnicodeScalarView()
        func add(_ text: String) { result.append(contentsOf: text.unicodeScalars) }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if let replacement = extra[scalar] { add(replacement); continue }
            switch scalar {
            case "\\": add("\\textbackslash{}")
            case "{": add("\\{")
            case "}": add("\\}")
            case "$": add("\\$")
            case "&": add("\\&")
            case "#": add("\\#")
            case "^": add("\\textasciicircum{}")
            case "_": add("\\_")
            case "~": add("\\textasciitilde{}")
            case "%": add("\\%")
            case "|": add("\\textbar{}")
            case "<": add("\\textless{}")
            case ">": add("\\textgreater{}")
            case "\"": add("\\textquotedbl{}")
            case "'": add("\\textquotesingle{}")
            case "`": add("\\textasciigrave{}")
            case "[": add("{[}")
            case "]": add("{]}")
            // "--" would be an en dash, ",," a low quote.
            case "-" where next == "-", "," where next == ",": result.append(scalar); add("{}")
            case "\r" where next == "\n": continue
            case _ where scalar.isLineBreak: add(" ")
            case "\t": add(" ")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
