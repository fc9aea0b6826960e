import Foundation
import Results
import Surveys
import Wording

/// The report as LaTeX, from the same template as the markdown one: the template's prose structure becomes LaTeX
/// (headings as sections, lists, figures as `\includegraphics` of the PDF charts), every table is drawn from the
/// results model by `LaTeXRenderer` (longtables that break across pages), and only then is each value written in,
/// escaped for LaTeX (`LaTeXRenderer.escape`) — the conversion never reads a value, so nothing a participant typed
/// is taken for markup. The file compiles on its own (article class, with `studyctl.sty` beside it) and its body
/// drops into an abnTeX2 thesis that loads `studyctl.sty`.
public enum LaTeXReport {
    /// A value as LaTeX text.
    static func escape(_ text: String) -> String {
        LaTeXRenderer.escape(text)
    }

    /// Renders `templatePath`, converts its structure, draws its tables and writes in its values.
    static func render(_ model: ReportModel, templatePath path: String, language: StudyLanguage) throws -> String {
        let (markdown, tables) = ReportWriter.placeTables(try ReportWriter.renderTemplate(model, templatePath: path, numbered: false), model,
                                                          line: { ReportWriter.isTablePlaceholder($0) ? "::latex " + $0 : $0 })
        let filled = StudyTextSlots.fill(convert(markdown, language: language, year: model.year)) { value, _ in escape(value) }
        let drawn = ReportWriter.drawTables(filled, tables) { table, number in
            LaTeXRenderer.render(table, caption: TableCaption(number: number, year: model.year))
        }
        let body = Mentions.restyle(drawn, before: "section{" + escape(Phrase.referencesHeading.text(language)) + "}", language: language,
                                    output: .text, escape: escape)
        return document(body, title: escape(model.title), language: language)
    }

    /// The report as a section of a thesis chapter (`report-body.tex`), for `\\input` in an abnTeX2 thesis that loads
    /// `studyctl.sty` and ends with `\\bibliography{…,studyctl}`: no title, date line or reference list of its own;
    /// its headings one level up (the report's sections are the chapter's `\\section`s); each citation a `\\cite`
    /// (abntex2cite in Portuguese, natbib's `\\citep` in English) of a key in `studyctl.bib` (each starting with
    /// `prefix`), a work named in a note or sentence `\\citeauthor`/`\\citeyear` (`Mentions`), and the references the
    /// researcher typed brought in by `\\nocite`.
    static func thesisBody(_ model: ReportModel, templatePath path: String, language: StudyLanguage,
                           prefix: String = BibTeX.defaultPrefix) throws -> String {
        let rendered = try ReportWriter.renderTemplate(model, templatePath: path, numbered: false)
        let (markdown, tables) = ReportWriter.placeTables(chapterPart(rendered, referencesHeading: Phrase.referencesHeading.text(language)), model,
                                                          line: { ReportWriter.isTablePlaceholder($0) ? "::latex " + $0 : $0 })
        let filled = StudyTextSlots.fill(convert(markdown, language: language, year: model.year, headingShift: 1)) { value, _ in escape(value) }
        var body = ReportWriter.drawTables(filled, tables) { table, number in
            LaTeXRenderer.render(table, caption: TableCaption(number: number, year: model.year))
        }
        body = citing(body, forms: model.citationForms, language: language, prefix: prefix)
        // The works named in the body in a fixed form (notes, captions) are cited in the style too.
        body = Mentions.restyle(body, language: language, output: .commands(prefix: prefix), escape: escape)
        // The works only mentioned (the researcher's own reference texts, as typed) are brought into the bibliography.
        let mentioned = model.citationForms.filter { !$0.parenthetical }.flatMap(\.keys).map { prefix + $0 }
        var unique: [String] = []
        for key in mentioned where !unique.contains(key) { unique.append(key) }
        let header = [
            "% studyctl report body, a section of a thesis chapter: \\input it under the chapter's heading in an abnTeX2 thesis",
            "% that loads studyctl.sty (\\usepackage{studyctl}, or [apa]{studyctl} in English) and lists its works from",
            "% studyctl.bib, whose keys start with \"\(prefix)\" (report --bib-prefix), beside the thesis's own .bib:",
            language.record.citationStyle == .abnt ? "% \\usepackage[alf]{abntex2cite} ... \\bibliography{referencias,studyctl}"
                : "% \\usepackage{natbib} ... \\bibliographystyle{apalike} \\bibliography{references,studyctl}",
        ]
        return (header + (unique.isEmpty ? [] : ["\\nocite{\(unique.joined(separator: ","))}"]) + ["", body]).joined(separator: "\n") + "\n"
    }

    /// The rendered template without what the thesis has already: the title (the first `# ` heading), the lines
    /// before the first section, and the reference list.
    static func chapterPart(_ markdown: String, referencesHeading: String) -> String {
        var kept: [Substring] = []
        var beforeFirstSection = true
        var inReferences = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                beforeFirstSection = false
                inReferences = StudyTextSlots.raw(String(line.dropFirst(3))).trimmingCharacters(in: .whitespaces) == referencesHeading
            }
            if beforeFirstSection || inReferences { continue }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// Each parenthetical citation of the report as a `\\cite` command of its works' keys.
    static func citing(_ body: String, forms: [CitationForm], language: StudyLanguage, prefix: String = BibTeX.defaultPrefix) -> String {
        let command = language.record.citationStyle == .abnt ? "\\cite" : "\\citep"
        var result = body
        for form in forms.filter(\.parenthetical).sorted(by: { $0.text.count > $1.text.count }) {
            result = result.replacingOccurrences(of: escape(form.text), with: "\(command){\(form.keys.map { prefix + $0 }.joined(separator: ","))}")
        }
        return result
    }

    /// The thesis body's file beside `report.tex`: `report-body.tex` (`report.en.tex`: `report-en-body.tex`, a name
    /// `\\include` takes).
    public static func bodyFileName(_ fileName: String) -> String {
        let base = fileName.hasSuffix(".tex") ? String(fileName.dropLast(4)) : fileName
        return base.replacingOccurrences(of: ".", with: "-") + "-body.tex"
    }

    /// `studyctl.bib` for the report: every work studyctl cites, and the references the study's researcher typed.
    static func bibliography(_ model: ReportModel, prefix: String = BibTeX.defaultPrefix) -> String {
        BibTeX.file(verbatim: model.verbatimReferences, language: StudyLanguage(rawValue: model.language) ?? .en, prefix: prefix)
    }

    /// Inline markdown of the template (**bold**, *italic*, `code`, <br>) as LaTeX.
    static func inline(_ text: String) -> String {
        // The template's own text ("95% CI", "Q&A") is not escaped by the content type: escape what is left bare.
        var result = text.replacingOccurrences(of: "(?<!\\\\)([%&#$_])", with: "\\\\$1", options: .regularExpression)
        for (pattern, template) in [("\\*\\*(.+?)\\*\\*", "\\\\textbf{$1}"), ("\\*(.+?)\\*", "\\\\emph{$1}"), ("`(.+?)`", "\\\\texttt{$1}")] {
            result = result.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return result.replacingOccurrences(of: "<br>", with: "; ")
    }

    /// The sectioning commands `convert` writes, from the highest level.
    static let headingCommands = ["section", "subsection", "subsubsection", "paragraph"]

    static func convert(_ markdown: String, language: StudyLanguage, year: String, headingShift: Int = 0) -> String {
        // ABNT NBR 14724 puts the source under every table and figure; APA does not.
        let abnt = language.record.citationStyle == .abnt
        let source = abnt ? "\\fonte{" + TableCaption.source(year: year, language) + "}" : ""
        var out: [String] = []
        var pendingCaption: String?
        var tableRows: [[String]] = []
        var inTable = false
        var inList = false
        var paragraph: [String] = []

        func flushParagraph() {
            if !paragraph.isEmpty { out.append(inline(paragraph.joined(separator: " "))); out.append(""); paragraph = [] }
        }
        func closeList() { if inList { out.append("\\end{itemize}"); out.append(""); inList = false } }
        func cells(_ line: String) -> [String] {
            var parts = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.first == "" { parts.removeFirst() }
            if parts.last == "" { parts.removeLast() }
            return parts
        }
        func flushTable(withSource: Bool) {
            guard inTable else { return }
            let header = tableRows.first ?? []
            let body = tableRows.dropFirst()
            let columns = max(header.count, body.map(\.count).max() ?? 0)
            out.append("\\begin{table}[H]")
            out.append("\\centering\\small")
            if let caption = pendingCaption { out.append("\\caption{\(inline(caption))}") }
            // Columns of long text wrap (tabularx X columns) so the table fits the text width; the others stay on one line.
            func visible(_ text: String) -> Int {
                StudyTextSlots.raw(text).replacingOccurrences(of: "\\\\[a-zA-Z]+\\{?", with: "", options: .regularExpression)
                    .replacingOccurrences(of: "[{}]", with: "", options: .regularExpression).count
            }
            let widths = (0..<max(columns, 1)).map { column in tableRows.map { column < $0.count ? visible($0[column]) : 0 }.max() ?? 0 }
            let total = widths.reduce(0, +)
            let wraps = total > 70 ? widths.map { $0 > 22 } : widths.map { _ in false }
            let spec = wraps.map { $0 ? "X" : "l" }.joined()
            let environment = wraps.contains(true) ? "tabularx" : "tabular"
            out.append(environment == "tabularx" ? "\\begin{tabularx}{\\linewidth}{@{}\(spec)@{}}" : "\\begin{tabular}{@{}\(spec)@{}}")
            out.append("\\toprule")
            out.append(header.map { "\\textbf{\(inline($0))}" }.joined(separator: " & ") + " \\\\")
            out.append("\\midrule")
            for row in body { out.append(row.map(inline).joined(separator: " & ") + " \\\\") }
            out.append("\\bottomrule")
            out.append("\\end{\(environment)}")
            if withSource, !source.isEmpty { out.append(source) }
            out.append("\\end{table}")
            out.append("")
            tableRows = []
            inTable = false
            pendingCaption = nil
        }

        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("::latex ") {
                // A table's placeholder, drawn by LaTeXRenderer once the values are written in.
                flushParagraph(); closeList()
                let placeholder = String(line.dropFirst("::latex ".count))
                out.append(placeholder)
                out.append("")
                continue
            }
            if inTable && !line.hasPrefix("|") {
                flushTable(withSource: line == "::source")
                if line == "::source" { continue }
            }
            if line.hasPrefix("::table ") {
                flushParagraph(); closeList()
                pendingCaption = String(line.dropFirst("::table ".count))
            } else if line == "::source" {
                continue
            } else if line.hasPrefix("::figure ") {
                flushParagraph(); closeList()
                let body = line.dropFirst("::figure ".count)
                let split = body.lastIndex(of: "|") ?? body.endIndex
                let caption = String(body[..<split])
                // A chart's file is a path the report wrote, placed as it is.
                var file = split < body.endIndex ? StudyTextSlots.raw(String(body[body.index(after: split)...])) : ""
                if file.hasSuffix(".svg") { file = String(file.dropLast(4)) + ".pdf" }
                // Set where it stands ([H], the float package), at most about half the text block high: a floating
                // figure next to a longtable can overfill pdflatex's page and lose the heading and table after it,
                // and a figure never waits for a page of its own.
                out += ["\\begin{figure}[H]", "\\centering", "\\caption{\(inline(caption))}",
                        "\\includegraphics[width=\\textwidth,height=0.45\\textheight,keepaspectratio]{\(file)}"]
                if abnt { out.append("\\fonte{" + ("Made with studyctl from the research data (\(year))." as Sentence).text(language) + "}") }
                out += ["\\end{figure}", ""]
            } else if line.hasPrefix("|") {
                flushParagraph(); closeList()
                if line.replacingOccurrences(of: " ", with: "").allSatisfy({ "|-:".contains($0) }) { continue }
                inTable = true
                tableRows.append(cells(line))
            } else if line.hasPrefix("### ") || line.hasPrefix("## ") || line.hasPrefix("# ") {
                flushParagraph(); closeList()
                let level = line.prefix { $0 == "#" }.count
                let command = headingCommands[min(max(level - 1 - headingShift, 0), 3)]
                out.append("\\\(command){\(inline(String(line.dropFirst(level + 1))))}")
                out.append("")
            } else if line.hasPrefix("- ") {
                flushParagraph()
                if !inList { out.append("\\begin{itemize}"); inList = true }
                out.append("\\item " + inline(String(line.dropFirst(2))))
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flushParagraph(); closeList()
            } else {
                closeList()
                paragraph.append(line)
            }
        }
        flushTable(withSource: false)
        flushParagraph(); closeList()
        return out.joined(separator: "\n")
    }

    static func document(_ body: String, title: String, language: StudyLanguage) -> String {
        """
        % studyctl report. Its body as a section of a thesis chapter, with \\cite keys of studyctl.bib, is the
        % -body.tex file beside this one (\\input it in an abnTeX2 thesis that loads studyctl.sty).
        \\documentclass[12pt,a4paper]{article}
        \\usepackage[T1]{fontenc}
        \\usepackage[utf8]{inputenc}
        \\usepackage[\(language.record.babelName)]{babel}
        \\usepackage[a4paper,top=3cm,left=3cm,bottom=2cm,right=2cm]{geometry}
        \\usepackage\(language.record.citationStyle == .abnt ? "" : "[apa]"){studyctl}
        % Long titles and URLs in the reference list (ABNT: left-aligned) may stretch a line rather than overflow it.
        \\setlength{\\emergencystretch}{3em}
        \\title{\(title)}
        \\date{}
        \\begin{document}
        % --- studyctl report body: begin ---
        \(body)
        % --- studyctl report body: end ---
        \\end{document}

        """
    }
}
