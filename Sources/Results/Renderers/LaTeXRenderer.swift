import Foundation
import Surveys
import Wording

/// A table as LaTeX for a thesis page: a `longtable` that breaks across pages with its caption and header repeated
/// ("continuação" / "continued"), booktabs rules, numbers right-aligned, intervals never broken, and a width that
/// fits the text block — natural columns when the table fits, wrapping `p` columns at a smaller size when it does
/// not, parts by columns (the columns naming a row repeated, "continuação") when even that cannot fit, and a
/// landscape page only when one column beside those cannot fit the portrait line. Needs `studyctl.sty` (longtable, booktabs, array, pdflscape,
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

    /// Settings tried in order until every column's unbreakable text fits the line: the portrait ones first, since a
    /// landscape page stops the text around it (pdflscape starts and ends it on a page of its own).
    static let settings = [Setting(size: "\\small", character: 5.5, separation: 6, landscape: false),
                           Setting(size: "\\footnotesize", character: 5.0, separation: 5, landscape: false),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 4, landscape: false),
                           // Only when even one column beside the table's key columns cannot fit the portrait line.
                           Setting(size: "\\footnotesize", character: 5.0, separation: 4, landscape: true),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 3, landscape: true),
                           Setting(size: "\\footnotesize", character: 5.0, separation: 4, landscape: true, rotated: true),
                           Setting(size: "\\scriptsize", character: 4.1, separation: 3, landscape: true, rotated: true)]

    static var portrait: [Setting] { settings.filter { !$0.landscape } }

    /// How a table is laid out: its setting and per column a share of the line (`nil`: natural widths).
    struct Layout: Equatable {
        var setting: Setting
        var shares: [Double]?
    }

    /// A table too wide for the portrait line is set in parts, each with the key columns (what names a row) and as
    /// many of the others as fit: "Tabela 3 – Título" then "Tabela 3 – Título (continuação)".
    struct Part: Equatable {
        var columns: [Int]
        var layout: Layout
    }

    public static func render(_ table: ResultTable, caption: TableCaption) -> String {
        let style = NumberStyle(table.language)
        let abnt = table.language.record.citationStyle == .abnt
        let texts = table.rows.indices.map { row in table.columns.indices.map { table.display(row, $0, style) } }
        let parts = plan(table, texts)
        let title = escape(table.title)
        var lines: [String] = []
        let landscape = parts.contains { $0.layout.setting.landscape }
        if landscape { lines.append("\\begin{landscape}") }
        for (number, part) in parts.enumerated() {
            let layout = part.layout
            let columns = part.columns.map { table.columns[$0] }
            let spec: String
            if let shares = layout.shares {
                spec = zip(columns, shares).map { column, share in
                    let share = String(format: "%.4f", share)
                    let align = column.kind.isNumeric ? "\\raggedleft" : "\\raggedright"
                    return ">{\(align)\\arraybackslash}p{\\dimexpr\(share)\\linewidth-2\\tabcolsep\\relax}"
                }.joined()
            } else {
                spec = columns.map { $0.kind.isNumeric ? "r" : "l" }.joined()
            }
            let header = columns.map { column -> String in
                let label = "\\textbf{\(escape(column.label))}"
                return layout.setting.rotated ? "\\rotatebox{90}{\(label)}" : label
            }.joined(separator: " & ") + " \\\\"
            // A later part continues the table under the same number. (No \\needspace or conditional break before a
            // longtable: next to a waiting float, pdflatex then drops the longtable or leaves it an empty first page.)
            if number > 0 { lines.append("\\addtocounter{table}{-1}") }
            lines.append("{\(layout.setting.size)\\setlength{\\tabcolsep}{\(Int(layout.setting.separation))pt}")
            lines.append("\\begin{longtable}{@{}\(spec)@{}}")
            if number == 0 {
                lines.append("\\caption{\(title)}\\label{tab:\(table.id)-\(caption.number)} \\\\")
            } else {
                lines.append("\\caption[]{\(title) (\(Term.continued.text(table.language)))} \\\\")
            }
            lines += ["\\toprule", header, "\\midrule", "\\endfirsthead"]
            lines.append("\\caption[]{\(title) (\(Term.continued.text(table.language)))} \\\\")
            lines += ["\\toprule", header, "\\midrule", "\\endhead"]
            lines += ["\\midrule", "\\multicolumn{\(columns.count)}{@{}r@{}}{\\footnotesize\\itshape \(Term.continues.text(table.language))} \\\\", "\\endfoot"]
            lines += ["\\bottomrule", "\\endlastfoot"]
            for (index, row) in texts.enumerated() {
                let bold = table.emphasised.contains(index)
                lines.append(part.columns.map { column -> String in
                    let text = row[column]
                    let kind = table.columns[column].kind
                    var cell = escape(text)
                    // A number, a share ("10,0 %") or an interval never breaks across lines.
                    if kind.isNumeric || kind.isInterval { cell = cell.replacingOccurrences(of: " ", with: "~") }
                    return bold && text != "–" ? "\\textbf{\(cell)}" : cell
                }.joined(separator: " & ") + " \\\\")
            }
            lines.append("\\end{longtable}")
            lines.append("}")
        }
        if abnt { lines.append("\\fonte{\(escape(TableCaption.source(year: caption.year, table.language)))}") }
        for note in table.notes { lines.append(("\\studyctlnote{\(escape(note))}" as Sentence).text(table.language)) }
        if landscape { lines.append("\\end{landscape}") }
        return lines.joined(separator: "\n")
    }

    /// The columns that name a row, repeated in every part of a table set in parts: every leading text column (a
    /// task, its group, each condition: without one of them two rows would read alike), or the first column.
    static func keyColumns(_ table: ResultTable) -> [Int] {
        let leading = table.columns.prefix { $0.kind == .text }.count
        return Array(0..<min(max(leading, 1), max(table.columns.count - 1, 1)))
    }

    /// The table whole on the portrait line when it fits; else in parts by columns, the fewest that fit, as even as
    /// they can be; a landscape page only when one column beside the key columns does not fit the portrait line.
    static func plan(_ table: ResultTable, _ texts: [[String]]) -> [Part] {
        let all = Array(table.columns.indices)
        if let whole = layout(table, texts, columns: all, settings: portrait) { return [Part(columns: all, layout: whole)] }
        // Every column naming a row repeated when the parts can hold them, else fewer (the first ones) before a
        // landscape page.
        let candidates = keyColumns(table)
        for keys in (1...max(candidates.count, 1)).reversed().map({ Array(candidates.prefix($0)) }) {
            if let parts = plan(table, texts, keys: keys) { return parts }
        }
        let turned = layout(table, texts, columns: all, settings: settings.filter(\.landscape))
            ?? layout(table, texts, columns: all, settings: [settings[settings.count - 1]], force: true)
        // `force` always gives a layout: the tightest setting, whatever overflows.
        return [Part(columns: all, layout: turned ?? Layout(setting: settings[settings.count - 1], shares: nil))]
    }

    /// The table in portrait parts, each with `keys` and as many other columns as fit; nil when one does not fit.
    static func plan(_ table: ResultTable, _ texts: [[String]], keys: [Int]) -> [Part]? {
        let rest = table.columns.indices.filter { !keys.contains($0) }
        func fits(_ columns: [Int], _ setting: Setting) -> Bool { layout(table, texts, columns: keys + columns, settings: [setting]) != nil }
        // The smaller sizes, where more columns fit a part; each part is then set at the largest size it fits.
        for setting in portrait.dropFirst() where !rest.isEmpty {
            var groups: [[Int]] = []
            var current: [Int] = []
            var possible = true
            for column in rest {
                if fits(current + [column], setting) { current.append(column); continue }
                if current.isEmpty || !fits([column], setting) { possible = false; break }
                groups.append(current)
                current = [column]
            }
            guard possible else { continue }
            groups.append(current)
            // As many parts, the columns shared out evenly when that fits too.
            let size = (rest.count + groups.count - 1) / groups.count
            let even = stride(from: 0, to: rest.count, by: size).map { Array(rest[$0..<min($0 + size, rest.count)]) }
            if even.count == groups.count, even.allSatisfy({ fits($0, setting) }) { groups = even }
            return groups.compactMap { group in
                layout(table, texts, columns: keys + group, settings: portrait).map { Part(columns: keys + group, layout: $0) }
            }
        }
        return nil
    }

    /// Chooses the setting and column widths of `columns`: the first setting where the longest cells fit on a line
    /// (natural columns) or where every column's unbreakable text does (wrapping columns, each given the rest of the
    /// line in proportion to how much longer its longest cell is); `nil` when no setting fits (with `force`, the
    /// last setting anyway).
    static func layout(_ table: ResultTable, _ texts: [[String]], columns indices: [Int], settings: [Setting], force: Bool = false) -> Layout? {
        guard !settings.isEmpty else { return nil }
        let count = indices.count
        let columns = indices.map { table.columns[$0] }
        // In characters of regular weight: headings are bold (up to 40 % wider), digits wider than the average letter.
        var natural = columns.map { Double($0.label.count) * 1.4 }
        var shortest = columns.map { Double(longestWord($0.label)) * 1.4 }
        var cellsOnly = columns.map { _ in 0.0 }
        for (rowIndex, fullRow) in texts.enumerated() {
            // Totals are bold, as wide as headings.
            let bold = table.emphasised.contains(rowIndex) ? 1.15 : 1
            for (index, column) in indices.enumerated() {
                let text = fullRow[column]
                let kind = columns[index].kind
                // Digits are wider than the average letter; words vary (an underscore, capitals), so a little margin.
                let width = Double(text.count) * (kind.isNumeric || kind.isInterval ? 1.2 : 1.08) * bold
                natural[index] = max(natural[index], width)
                // Numbers and intervals never break; a short name breaks only when longer than 24 characters, long text
                // between words (a very long word overflows a little).
                let unbreakable: Double
                switch kind {
                case .text: unbreakable = min(width, max(Double(longestWord(text)) * 1.08, 24))
                case .prose: unbreakable = Double(min(longestWord(text), 24)) * 1.08
                default: unbreakable = width
                }
                shortest[index] = max(shortest[index], unbreakable)
                cellsOnly[index] = max(cellsOnly[index], unbreakable)
            }
        }
        // A character's margin per column: the widths are estimates from average letters, and short words vary most.
        natural = natural.map { $0 + 1.5 }
        shortest = shortest.map { $0 + 1.5 }
        cellsOnly = cellsOnly.map { $0 + 1.5 }
        // A turned heading is as wide as one line of text.
        func unbreakable(_ setting: Setting) -> [Double] { setting.rotated ? cellsOnly.map { max($0, 2) } : shortest }
        func fits(_ widths: [Double], _ setting: Setting) -> Bool {
            widths.reduce(0, +) * setting.character + 2 * setting.separation * Double(count) <= setting.line
        }
        // At each size in turn: natural columns when they fit, else wrapping ones when every unbreakable text fits.
        guard let setting = settings.first(where: { fits(natural, $0) || fits(unbreakable($0), $0) }) ?? (force ? settings.last : nil) else {
            return nil
        }
        if fits(natural, setting), !setting.rotated { return Layout(setting: setting, shares: nil) }
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
