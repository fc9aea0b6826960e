import Foundation
import Surveys
import Wording

/// The caption and source lines of a numbered table in a thesis style: ABNT (NBR 14724) in Portuguese —
/// "Tabela 3 – Título" above, "Fonte: dados da pesquisa (2025)." below, "Nota: …" —, APA 7 in English — "Table 3"
/// in bold, the title in italics on the next line, "Note. …" below, no source line.
public struct TableCaption: Sendable, Equatable {
    /// The table's number in its document.
    public var number: Int
    /// The year the data were collected, for the source line.
    public var year: String

    public init(number: Int, year: String) {
        self.number = number
        self.year = year
    }

    /// "Dados da pesquisa (2025)." — the ABNT source of a table built from the study's data.
    /// The source line ABNT NBR 14724 asks under every table: "Dados da pesquisa (2026)." in Portuguese.
    public static func source(year: String, _ language: StudyLanguage) -> String { ("Research data (\(year))." as Sentence).text(language) }
}

/// A table as markdown: its caption, a pipe table with numeric columns right-aligned, its source and notes.
/// Every cell is escaped so text a participant typed cannot break the table or become markup.
public enum MarkdownRenderer {
    public static func render(_ table: ResultTable, caption: TableCaption) -> String {
        let style = NumberStyle(table.language)
        // ABNT NBR 14724: "Tabela 1 – Title" above, the source below; APA 7: "Table 1" in bold, the title in italics.
        let abnt = table.language.record.citationStyle == .abnt
        var lines: [String] = []
        if abnt {
            lines.append("**\(Term.table.text(table.language)) \(caption.number) – \(cell(table.title))**")
        } else {
            lines += ["**\(Term.table.text(table.language)) \(caption.number)**", "", "*\(cell(table.title))*"]
        }
        lines.append("")
        lines.append(self.table(table, style: style))
        if abnt {
            let source = TableCaption.source(year: caption.year, table.language)
            lines += ["", "\(Term.source.text(table.language)): " + source.prefix(1).lowercased() + source.dropFirst()]
        }
        for note in table.notes { lines += ["", ("*Note.* \(cell(note))" as Sentence).text(table.language)] }
        return lines.joined(separator: "\n")
    }

    /// The table alone, without caption, source or notes: its header, the alignment row and its rows (totals in bold).
    public static func table(_ table: ResultTable) -> String {
        self.table(table, style: NumberStyle(table.language))
    }

    static func table(_ table: ResultTable, style: NumberStyle) -> String {
        var lines = ["| " + table.columns.map { cell($0.label) }.joined(separator: " | ") + " |",
                     "| " + table.columns.map { $0.kind.isNumeric ? "---:" : "---" }.joined(separator: " | ") + " |"]
        for index in table.rows.indices {
            let bold = table.emphasised.contains(index)
            lines.append("| " + table.columns.indices.map { columnIndex in
                let text = cell(table.display(index, columnIndex, style))
                return bold && !text.isEmpty && text != "–" ? "**\(text)**" : text
            }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// A markdown table cell: `|` escaped, line breaks as `<br>`, markup characters and HTML tags neutralised.
    public static func cell(_ text: String) -> String {
        escape(text, startsABlock: false)
    }

    /// Text of a markdown paragraph, list item or heading, as a report template places a value: escaped like a cell,
    /// and what would open a block at the start of a line (a list, a quote, a heading, a rule, indented code, a link
    /// definition) neutralised too. Rendered by any CommonMark or GitHub renderer, it reads as typed.
    public static func text(_ text: String) -> String {
        escape(text, startsABlock: true)
    }

    /// Escapes `text` for markdown: every character that would open markup backslash-escaped (CommonMark lets any
    /// ASCII punctuation be), "<" that could open a tag and "&" that could spell an entity written as entities,
    /// line breaks (any: LF, CR LF, CR, U+2028…) as `<br>` so the text stays on its line, in its paragraph or cell.
    /// Characters that open nothing where they stand ("p < 0,05", "[60; 85]", "50 %") are left as typed. Read code
    /// point by code point, as a markdown parser reads: a "|" with a combining mark on it still splits a cell.
    static func escape(_ text: String, startsABlock: Bool) -> String {
        var scalars = Array(text.unicodeScalars)
        if startsABlock {
            // Leading spaces would make indented code or nest a list; a rendered page shows none of them.
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        }
        var result = String.UnicodeScalarView()
        func add(_ text: String) { result.append(contentsOf: text.unicodeScalars) }
        for (index, scalar) in scalars.enumerated() {
            let next: Unicode.Scalar = index + 1 < scalars.count ? scalars[index + 1] : " "
            let atStart = index == 0 && startsABlock
            switch scalar {
            case "|": add("\\|")
            case "\\": add("\\\\")
            // Only a "<" that could open an HTML tag, comment or autolink is neutralised; "p < 0,05" stays readable.
            case "<" where next.properties.isAlphabetic || next == "/" || next == "!" || next == "?": add("&lt;")
            case "&" where spellsAnEntity(scalars[(index + 1)...]): add("&amp;")
            case "*", "_", "`", "#", "~", "$": add("\\\(scalar)")
            // A link is text in brackets followed by its address: the bracket before "(" or "[" is escaped.
            case "]" where next == "(" || next == "[": add("\\]")
            case "[" where atStart: add("\\[")
            // A quote, a list item, a rule or a heading's underline at the start of a line.
            case ">" where atStart || (index == 0 && !startsABlock), "-" where atStart, "+" where atStart, "=" where atStart:
                add("\\\(scalar)")
            // "1986. A good year" would start an ordered list.
            case "." where startsABlock && index > 0 && scalars[..<index].allSatisfy({ ("0"..."9").contains($0) }),
                 ")" where startsABlock && index > 0 && scalars[..<index].allSatisfy({ ("0"..."9").contains($0) }):
                add("\\\(scalar)")
            // CR LF is one line break.
            case "\r" where next == "\n": continue
            case _ where scalar.isLineBreak: add("<br>")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether the characters after an "&" make an entity or character reference ("amp;", "#38;", "#x26;").
    static func spellsAnEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        var name = rest
        if name.first == "#" { name = name.dropFirst(); if name.first == "x" || name.first == "X" { name = name.dropFirst() } }
        let body = name.prefix { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return !body.isEmpty && name.dropFirst(body.count).first == ";"
    }
}

extension Unicode.Scalar {
    /// Whether the scalar ends a line: LF, CR, vertical tab, form feed, NEL, U+2028 or U+2029 (the line breaks
    /// `Character.isNewline` tells).
    public var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}

/// A table as HTML: a `<figure>` holding the numbered caption, the table (numbers right-aligned, intervals never
/// broken across lines, long text wrapping) inside a box that scrolls sideways when the table is wider than the
/// page (its first column staying in sight), and its source, kept together when printed. A folded table (a
/// per-participant one) sits in a `<details>` whose summary is its caption.
public enum HTMLRenderer {
    public static func render(_ table: ResultTable, caption: TableCaption, folded: Bool = false) -> String {
        let style = NumberStyle(table.language)
        let abnt = table.language.record.citationStyle == .abnt
        // A table of many columns prints on a landscape page of its own (the `wide` page of the report's stylesheet).
        let wide = table.columns.count > 10 ? " wide" : ""
        let captionText = abnt ? "<strong>\(Term.table.text(table.language)) \(caption.number) – \(escape(table.title))</strong>"
                               : "<strong>\(Term.table.text(table.language)) \(caption.number)</strong><br><em>\(escape(table.title))</em>"
        var out = "<figure class=\"result\(wide)\" id=\"\(escape(table.id))-\(caption.number)\">\n<figcaption>" + captionText
        out += "</figcaption>\n<div class=\"scroll\">\n<table>\n<thead><tr>"
        for column in table.columns { out += "<th class=\"\(kindClass(column.kind))\">\(escape(column.label))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for index in table.rows.indices {
            out += table.emphasised.contains(index) ? "<tr class=\"total\">" : "<tr>"
            for (columnIndex, column) in table.columns.enumerated() {
                out += "<td class=\"\(kindClass(column.kind))\">\(escape(table.display(index, columnIndex, style)))</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n"
        if abnt {
            out += "<p class=\"source\">\(Term.source.text(table.language)): " + escape(TableCaption.source(year: caption.year, table.language)) + "</p>\n"
        }
        for note in table.notes { out += "<p class=\"note\">" + (("<em>Note.</em> " as Sentence).text(table.language)) + escape(note) + "</p>\n" }
        out += "</figure>"
        guard folded else { return out }
        return "<details class=\"result\">\n<summary>\(captionText.replacingOccurrences(of: "<br>", with: " "))</summary>\n\(out)\n</details>"
    }

    static func kindClass(_ kind: Column.Kind) -> String {
        switch kind {
        case .text: return "text"
        case .prose: return "prose"
        case .interval: return "interval"
        case .count, .number, .percent, .pValue, .countShare, .figure: return "number"
        }
    }

    /// HTML text: `& < > "` as entities, each line break (LF, CR LF, CR, U+2028…) as `<br>`.
    public static func escape(_ text: String) -> String {
        escape(text, lineBreak: "<br>")
    }

    /// An HTML attribute's value (between double quotes): `& < > "` as entities, line breaks as spaces.
    public static func attribute(_ text: String) -> String {
        escape(text, lineBreak: " ")
    }

    static func escape(_ text: String, lineBreak: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n": continue
            case _ where scalar.isLineBreak: out.append(contentsOf: lineBreak.unicodeScalars)
            // NUL and the C0 controls HTML forbids are left out.
            case _ where scalar.value < 0x20 && scalar != "\t": continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
