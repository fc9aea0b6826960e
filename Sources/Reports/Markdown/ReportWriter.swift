import Figures
import Foundation
import Mustache
import QualCoding
import Results
import Surveys
import Templates
import Wording

/// Why a report could not be written.
public enum ReportError: Error, LocalizedError, Equatable, WordedError {
    case templateNotFound(name: String, searched: [String])
    case invalidTemplate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    /// The message in the command line's language; the reason of a file that could not be written is the system's.
    public var sentence: Sentence {
        switch self {
        case let .templateNotFound(name, searched):
            return "No report template '\(name)'; looked for \(searched.joined(separator: ", ")). Pass a template's path or a name under templates/reports."
        case let .invalidTemplate(path, reason):
            return "\(path) is not a valid Mustache template: \(reason)"
        case let .cannotWrite(path, reason):
            return "Cannot write \(path): \(Sentence(stringLiteral: reason))"
        }
    }

    public var errorDescription: String? {
        switch self {
        case let .templateNotFound(name, searched):
            return "No report template '\(name)'; looked for " + searched.joined(separator: ", ") + ". Pass a template's path or a name under templates/reports."
        case let .invalidTemplate(path, reason):
            return "\(path) is not a valid Mustache template: \(reason)"
        case let .cannotWrite(path, reason):
            return "Cannot write \(path): \(reason)"
        }
    }
}

/// Renders the markdown report from a Mustache template and writes its SVG charts beside it.
public enum ReportWriter {
    /// The file a template name resolves to: a path, or `templates/reports/NAME.LANGUAGE.mustache` /
    /// `NAME.mustache`. A folder named like a template (`default/` where the report is run) is not a template.
    public static func templatePath(_ name: String, language: StudyLanguage) throws -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isFolder), !isFolder.boolValue { return name }
        var searched = [name]
        if let folder = TemplateFiles.reportsDirectory {
            for candidate in ["\(name).\(language.rawValue).mustache", "\(name).mustache"] {
                let path = folder.appendingPathComponent(candidate).path
                searched.append("templates/reports/\(candidate)")
                if FileManager.default.fileExists(atPath: path) { return path }
            }
        }
        throw ReportError.templateNotFound(name: name, searched: searched)
    }

    /// Renders `model` with the template at `path` as markdown, its tables drawn from the results model and every
    /// value escaped for markdown where it stands.
    public static func render(_ model: ReportModel, templatePath path: String) throws -> String {
        let (markdown, tables) = placeTables(try renderTemplate(model, templatePath: path), model)
        let filled = StudyTextSlots.fill(markdown) { value, _ in MarkdownRenderer.text(value) }
        let drawn = drawTables(filled, tables) { table, number in
            MarkdownRenderer.render(table, caption: TableCaption(number: number, year: model.year))
        }
        let language = StudyLanguage(rawValue: model.language) ?? .en
        return Mentions.restyle(drawn, before: "\n## " + Phrase.referencesHeading.text(language) + "\n", language: language, output: .text,
                                escape: MarkdownRenderer.cell)
    }

    /// A table's placeholder until the values are written in: it carries the slots' key, so no text of the study can
    /// pass for one.
    static func tablePlaceholder(_ index: Int) -> String {
        "STUDYCTLTABLE" + StudyTextSlots.key + "\(index)Z"
    }

    static func isTablePlaceholder(_ line: String) -> Bool {
        line.hasPrefix("STUDYCTLTABLE" + StudyTextSlots.key)
    }

    /// Replaces each marker line (`::result N`) with a placeholder line (`line` of `tablePlaceholder`), numbering
    /// the tables in the order they appear; returns the text and the tables with their numbers, in placeholder order.
    /// (A marker is a template of its own, never study text, so a value cannot make one.)
    static func placeTables(_ text: String, _ model: ReportModel,
                            line: (String) -> String = { $0 }) -> (text: String, tables: [(table: ResultTable, number: Int)]) {
        var tables: [(table: ResultTable, number: Int)] = []
        let placed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("::result "), let index = Int(line.dropFirst("::result ".count)), model.tables.indices.contains(index) else {
                return String(line)
            }
            tables.append((model.tables[index], tables.count + 1))
            return tablePlaceholder(tables.count - 1)
        }.map(line)
        return (placed.joined(separator: "\n"), tables)
    }

    /// `text` with the placeholder of each of `tables` (as `wrapped` leaves it) replaced by the table drawn by `draw`:
    /// done once the values are written in, so no table's text is read again.
    static func drawTables(_ text: String, _ tables: [(table: ResultTable, number: Int)], wrapped: (String) -> String = { $0 },
                           draw: (ResultTable, Int) -> String) -> String {
        var out = text
        for (index, entry) in tables.enumerated() {
            out = out.replacingOccurrences(of: wrapped(tablePlaceholder(index)), with: draw(entry.table, entry.number))
        }
        return out
    }

    /// The template rendered and its figures numbered, tables still as markers and every value still a slot
    /// (`StudyTextSlots`): the markdown of the document's structure, which each format finishes.
    /// `numbered: false` leaves the `::table` and `::figure` lines for the LaTeX conversion, which numbers them itself.
    static func renderTemplate(_ model: ReportModel, templatePath path: String, numbered: Bool = true) throws -> String {
        StudyTextSlots.register()
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ReportError.invalidTemplate(path: path, reason: "it cannot be read as UTF-8 text")
        }
        do {
            // A template that names no content type gets the report's: its values are slots too.
            let template = try MustacheTemplate(string: text.contains("CONTENT_TYPE") ? text : "{{% CONTENT_TYPE: MARKDOWN}}\n" + text)
            let markdown = template.render(model)
            return numbered ? Captions.number(markdown, language: StudyLanguage(rawValue: model.language) ?? .en, year: model.year) : markdown
        } catch {
            throw ReportError.invalidTemplate(path: path, reason: "\(error)")
        }
    }

    /// The report's file formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Markdown, renderable on GitHub, with the charts beside it.
        case md
        /// One self-contained HTML page (charts embedded) that prints well.
        case html
        /// LaTeX: booktabs tables and PDF figures, a document that compiles alone and whose body drops into abnTeX2.
        case latex

        var fileExtension: String { self == .latex ? "tex" : rawValue }
    }

    /// Writes `report.md` (or `report.LANGUAGE.md`, or `.html`) and `charts/LANGUAGE/*.{svg,png,pdf}` into `folder`
    /// (with `appendix: .separate`, the per-participant tables as `tables/ID.csv` too); returns the report's path.
    /// In LaTeX, every key of `studyctl.bib` and every `\\cite` of the thesis body starts with `bibPrefix`.
    @discardableResult
    public static func write(_ snapshot: StudyData, language: StudyLanguage, template: String = "default",
                             to folder: String, fileName: String? = nil,
                             format: Format = .md, force: Bool = false,
                             appendix: ReportModel.AppendixPlacement = .inline, quotes: ReportModel.QuoteAmount = .three,
                             detail: ReportModel.Detail = .full,
                             bibPrefix: String = BibTeX.defaultPrefix) throws -> String {
        let fileName = fileName ?? "report.\(format.fileExtension)"
        let path = try templatePath(template, language: language)
        let target = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
        if !force, FileManager.default.fileExists(atPath: target) {
            throw ReportError.cannotWrite(path: target, reason: "a report is already there; rerun with --force to replace it (its charts are replaced too)")
        }

        let (model, charts) = ReportModel.build(snapshot, language: language, appendix: appendix, quotes: quotes, detail: detail)
        let markdown = format == .md ? try render(model, templatePath: path) : ""
        let latex = format == .latex ? try LaTeXReport.render(model, templatePath: path, language: language) : ""
        let thesisBody = format == .latex ? try LaTeXReport.thesisBody(model, templatePath: path, language: language, prefix: bibPrefix) : ""
        let html = format == .html ? try HTMLReport.render(model, templatePath: path, language: language) : ""
        try AtomicOutput.folder(folder) { temporary in
            let base = URL(fileURLWithPath: temporary)
            let chartFolder = base.appendingPathComponent("charts").appendingPathComponent(language.rawValue)
            do {
                try FileManager.default.createDirectory(at: chartFolder, withIntermediateDirectories: true)
                if snapshot.isStreaming {
                    // Too many participants to list in a document: their tables go beside it, streamed from the study.
                    try FileManager.default.createDirectory(at: base.appendingPathComponent("tables"), withIntermediateDirectories: true)
                    for (table, file) in [(StudyTables.participants(snapshot), ReportModel.participantsFile), (StudyTables.scores(snapshot), ReportModel.scoresFile)] {
                        try CSVExporter.writeTable(table, to: base.appendingPathComponent(file).path, named: folder + "/" + file)
                    }
                }
                if !model.appendixTables.isEmpty {
                    // The appendix placed apart: each per-participant table as a CSV file beside the report.
                    try FileManager.default.createDirectory(at: base.appendingPathComponent("tables"), withIntermediateDirectories: true)
                    for table in model.appendixTables {
                        try Data(CSVRenderer.render(table).utf8).write(to: base.appendingPathComponent("tables/\(table.id).csv"))
                    }
                }
                for chart in charts {
                    for format in Figure.Format.allCases {
                        try chart.figure.write(to: chartFolder.appendingPathComponent("\(chart.name).\(format.rawValue)").path, format: format)
                    }
                }
                switch format {
                case .md:
                    try Data(markdown.utf8).write(to: base.appendingPathComponent(fileName))
                case .html:
                    let page = HTMLReport.page(body: html, title: snapshot.info.title, language: language, folder: base)
                    try Data(page.utf8).write(to: base.appendingPathComponent(fileName))
                case .latex:
                    try Data(latex.utf8).write(to: base.appendingPathComponent(fileName))
                    // The body for a thesis chapter and the works it cites, for \include and \bibliography{studyctl}.
                    try Data(thesisBody.utf8).write(to: base.appendingPathComponent(LaTeXReport.bodyFileName(fileName)))
                    try Data(LaTeXReport.bibliography(model, prefix: bibPrefix).utf8).write(to: base.appendingPathComponent("studyctl.bib"))
                    // What the body needs, beside it: the same file a thesis copies to use the body with abnTeX2.
                    if let style = TemplateFiles.latexStyleFile {
                        try FileManager.default.copyItem(at: style, to: base.appendingPathComponent("studyctl.sty"))
                    }
                }
            } catch {
                throw ReportError.cannotWrite(path: folder, reason: ReportError.reason(error))
            }
        }
        return URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
    }
}

/// Numbers tables and figures in the order they appear, with captions in the report language's thesis style.
///
/// A template marks a table with a line `::table TITLE` above it and `::source` below it, and a figure with
/// `::figure CAPTION|FILE`. In Portuguese they follow ABNT NBR 14724: "Tabela 1 – Título" above, "Fonte: …" below,
/// and likewise "Figura 1 – …"; in English, APA 7: "**Table 1**" with the title in italics on the next line, the
/// same for figures, no source line.
public enum Captions {
    public static func number(_ markdown: String, language: StudyLanguage, year: String) -> String {
        let abnt = language.record.citationStyle == .abnt
        var tables = 0
        var figures = 0
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            var result = ""
            if line.hasPrefix("::table ") {
                tables += 1
                let title = line.dropFirst("::table ".count)
                result += ("**Table \(tables)**\n\n*\(title)*\n" as Sentence).text(language)
            } else if line == "::source" {
                if abnt {
                    let source = TableCaption.source(year: year, language)
                    result += "\n" + Term.source.text(language) + ": " + source.prefix(1).lowercased() + source.dropFirst() + "\n"
                } else {
                    result += "\n"
                }
            } else if line.hasPrefix("::figure ") {
                figures += 1
                let body = line.dropFirst("::figure ".count)
                let split = body.lastIndex(of: "|") ?? body.endIndex
                let caption = body[..<split]
                // A chart's file is a path the report wrote, placed as it is.
                let file = split < body.endIndex ? StudyTextSlots.raw(String(body[body.index(after: split)...])) : ""
                let figure = Term.figure.text(language)
                if abnt {
                    let source = ("Made with studyctl from the research data (\(year))." as Sentence).text(language)
                    result += "**\(figure) \(figures) – \(caption)**\n\n![\(caption)](\(file))\n\n\(Term.source.text(language)): "
                        + source.prefix(1).lowercased() + source.dropFirst() + "\n"
                } else {
                    result += "**\(figure) \(figures)**\n\n*\(caption)*\n\n![\(caption)](\(file))\n"
                }
            } else {
                lines.append(String(line))
                continue
            }
            lines.append(String(result.dropLast()))
        }
        return lines.joined(separator: "\n")
    }
}
