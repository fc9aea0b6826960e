import Wording
import Foundation
import Surveys

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
    public static func source(year: String) -> String { "Dados da pesquisa (\(year))." }
}

/// A table as markdown: its caption, a pipe table with numeric columns right-aligned, its source and notes.
/// Every cell is escaped so text a participant typed cannot break the table or become markup.
public enum MarkdownRenderer {
    public static func render(_ table: ResultTable, caption: TableCaption) -> String {
        let style = NumberStyle(table.language)
        let pt = table.language == .ptBR
        var lines: [String] = []
        if pt {
            lines.append("**\(Term.table.text(.ptBR)) \(caption.number) – \(cell(table.title))**")
        } else {
            lines += ["**\(Term.table.text(.en)) \(caption.number)**", "", "*\(cell(table.title))*"]
        }
        lines.append("")
        lines.append("| " + table.columns.map { cell($0.label) }.joined(separator: " | ") + " |")
        lines.append("| " + table.columns.map { $0.kind.isNumeric ? "---:" : "---" }.joined(separator: " | ") + " |")
        for index in table.rows.indices {
            let bold = table.emphasised.contains(index)
            lines.append("| " + table.columns.indices.map { columnIndex in
                let text = cell(table.display(index, columnIndex, style))
                return bold && !text.isEmpty && text != "–" ? "**\(text)**" : text
            }.joined(separator: " | ") + " |")
        }
        if pt { lines += ["", "\(Term.source.text(.ptBR)): " + TableCaption.source(year: caption.year).prefix(1).lowercased()
                             + TableCaption.source(year: caption.year).dropFirst()] }
        for note in table.notes { lines += ["", ("*Note.* \(cell(note))" as Sentence).text(table.language)] }
        return lines.joined(separator: "\n")
    }

    /// A markdown table cell: `|` escaped, line breaks as `<br>`, markup characters and HTML tags neutralised.
    public static func cell(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            switch character {
            case "|": result += "\\|"
            case "\\": result += "\\\\"
            // Only a "<" that could open an HTML tag or comment is neutralised; "p < 0,05" stays readable.
            case "<" where next.isLetter || next == "/" || next == "!" || next == "?": result += "&lt;"
            case ">" where result.isEmpty: result += "\\>"
            case "*", "_", "`", "#": result += "\\\(character)"
            case "(" where result.hasSuffix("]"): result += "\\("
            case "\r": continue
            case "\n": result += "<br>"
            default: result.append(character)
            }
        }
        return result
    }
}

/// A table as HTML: a `<figure>` holding the numbered caption, the table (numbers right-aligned, intervals never
/// broken across lines, long text wrapping) and its source, kept together when printed.
public enum HTMLRenderer {
    public static func render(_ table: ResultTable, caption: TableCaption) -> String {
        let style = NumberStyle(table.language)
        let pt = table.language == .ptBR
        // A table of many columns prints on a landscape page of its own (the `wide` page of the report's stylesheet).
        let wide = table.columns.count > 10 ? " wide" : ""
        var out = "<figure class=\"result\(wide)\" id=\"\(escape(table.id))-\(caption.number)\">\n<figcaption>"
        out += pt ? "<strong>\(Term.table.text(.ptBR)) \(caption.number) – \(escape(table.title))</strong>"
                  : "<strong>\(Term.table.text(.en)) \(caption.number)</strong><br><em>\(escape(table.title))</em>"
        out += "</figcaption>\n<table>\n<thead><tr>"
        for column in table.columns { out += "<th class=\"\(kindClass(column.kind))\">\(escape(column.label))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for index in table.rows.indices {
            out += table.emphasised.contains(index) ? "<tr class=\"total\">" : "<tr>"
            for (columnIndex, column) in table.columns.enumerated() {
                out += "<td class=\"\(kindClass(column.kind))\">\(escape(table.display(index, columnIndex, style)))</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        if pt { out += "<p class=\"source\">\(Term.source.text(.ptBR)): " + escape(TableCaption.source(year: caption.year)) + "</p>\n" }
        for note in table.notes { out += "<p class=\"note\">" + (("<em>Note.</em> " as Sentence).text(table.language)) + escape(note) + "</p>\n" }
        return out + "</figure>"
    }

    static func kindClass(_ kind: Column.Kind) -> String {
        switch kind {
        case .text: return "text"
        case .prose: return "prose"
        case .interval: return "interval"
        case .count, .number, .percent, .pValue, .countShare: return "number"
        }
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "<br>"
            case "\r": continue
            default: out.append(character)
            }
        }
        return out
    }
}
