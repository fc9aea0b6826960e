import Foundation
import Testing

/// A study whose open answers, excerpts, memos and names hold line breaks and the markup of every format, built and
/// reported through the command line: its report has every table and chart of the same study in plain words, in
/// markdown, HTML and LaTeX, in English and Portuguese; no placeholder of studyctl's shows; each text reads as typed
/// (markdown as GitHub renders it, the HTML page's text, the compiled PDF's text); the CSV export keeps each text whole.
@Suite struct ReportEscapingTests {
    /// The texts of a study.
    struct Texts {
        var title: String
        var participants: [String]
        var groups: [String]
        var instrument: String
        var reference: String
        var answers: [String]
        var categories: [String]
        var definitions: [String]
        var excerpts: [String]
        var memos: [String]

        /// Text set in paragraphs, list items and headings.
        var running: [String] { [title, instrument, reference] + answers + memos }
        var all: [String] { running + participants + groups + categories + definitions + excerpts }
    }

    /// What participants typed: a line break inside (LF and CR LF) and the markup of markdown, HTML and LaTeX. (No "f":
    /// pdftotext reads the fi and fl ligatures of the bitmap fonts back as nothing.)
    static let marked = Texts(
        title: "Estudo | *UX* #1 <b>100%</b> & {chaves} \\ ~ ^ [x](y)",
        participants: ["P_1*", "P#2<b>", "P&3\\%"],
        groups: ["A|B *x*", "C&D <y> {z}"],
        instrument: "Opinião <i>aberta</i> | 50% & _mais_",
        reference: "Autor, A. (2024). *Título* <i>x</i> | {1}: 10%.\nSegunda linha & [link](http://x)",
        answers: ["Primeira linha\nsegunda | *negrito* # <b>tag</b> & \\ 50% {x} _y_ ~z~ ^w [link](http://x) `code` $5",
                  "- lista?\r\n1. não\n> citação\n### título\n::result 0\nSTUDYCTLTABLE1 <!-- end",
                  "\"aspas\" it's -- ,, <br> &amp; &#60; 😀 😅 ❤️ \u{200F}שלום\u{200E} ok"],
        categories: ["Cat | *x* <b>", "Cat #2 {z} 100%"],
        definitions: ["Uma\ndenição | com <i>tags</i> & 10%", "[a](b) ~~riscado~~ $x$ \\section{y}"],
        excerpts: ["ele disse\n\"não\" | *sério* <i>", "it's 50% {ok} & <b>", "linha 1\r\nlinha 2 # ::result 1"],
        memos: ["Memo # um\n- dois\n> três | <b>quatro</b> & 5%", "Nota {a} \\b ~c ^d _e_ [f]"])

    /// The same study in plain words.
    static let plain = Texts(title: "Estudo", participants: ["P1", "P2", "P3"], groups: ["A", "C"], instrument: "Opinião",
                             reference: "Autor, A. (2024). Título.", answers: ["uma", "duas", "três"], categories: ["Cat um", "Cat dois"],
                             definitions: ["uma", "outra"], excerpts: ["ele disse", "ok", "linha"], memos: ["memo um", "memo dois"])

    /// A CSV field as RFC 4180 writes it.
    static func field(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Builds the study through the command line: participants in two groups with SUS answers, an instrument of open
    /// answers imported from a form export, a task with attempts, two categories with an excerpt per participant, memos.
    static func build(_ texts: Texts) throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", texts.title, "--language", "pt-BR"])
        let instrument: [String: Any] = ["id": "aberta", "title": texts.instrument, "reference": texts.reference, "scoring": "none",
                                         "items": [["number": 1, "kind": "text", "text": "Comentários"]]]
        try cli.write("aberta.json", try JSONSerialization.data(withJSONObject: instrument))
        try cli.succeed(["instrument", "add", "aberta.json"])
        try cli.succeed(["task", "add", "T1", "--title", "Tarefa"])
        var form = "Participante,Comentários\r\n"
        for (index, code) in texts.participants.enumerated() {
            try cli.succeed(["participant", "add", code, "--attr", "grupo=\(texts.groups[index % 2])"])
            try cli.succeed(["respond", code, "sus", "--answers", ["4,2,5,1,4,2,5,1,4,2", "3,2,4,2,4,2,4,2,4,2", "5,1,5,1,5,1,5,1,5,1"][index]])
            try cli.succeed(["attempt", "add", code, "T1", "--time", "\(30 + 10 * index)", "--errors", "\(index)", "--outcome", "success"])
            form += field(code) + "," + field(texts.answers[index]) + "\r\n"
        }
        try cli.write("form.csv", form)
        try cli.succeed(["responses", "import", "form.csv", "--instrument", "aberta", "--participant-column", "Participante"])
        for (index, category) in texts.categories.enumerated() {
            try cli.succeed(["category", "add", category, "--origin", "emergent", "--definition", texts.definitions[index]])
        }
        for (index, code) in texts.participants.enumerated() {
            try cli.succeed(["code", "add", code, "--excerpt", texts.excerpts[index], "--code", texts.excerpts[index],
                             "--category", texts.categories[index % 2]])
        }
        try cli.succeed(["memo", "add", "--on", "study", texts.memos[0]])
        try cli.succeed(["memo", "add", "--on", "participant:\(texts.participants[0])", texts.memos[1]])
        return cli
    }

    static func read(_ cli: StudyCtl, _ path: String) throws -> String {
        try String(contentsOfFile: cli.path(path), encoding: .utf8)
    }

    static func count(_ text: String, _ pattern: String) -> Int {
        (try? NSRegularExpression(pattern: pattern, options: .anchorsMatchLines))
            .map { $0.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) } ?? 0
    }

    @Test(arguments: ["pt-BR", "en"])
    func markupAndLineBreaksLeaveEveryTableAndChart(_ language: String) throws {
        let marked = try Self.build(Self.marked)
        let plain = try Self.build(Self.plain)
        for cli in [marked, plain] {
            for format in ["md", "html", "latex"] {
                try cli.succeed(["report", "-o", format, "--format", format, "--language", language, "--by", "grupo"])
            }
        }
        let charts = try FileManager.default.contentsOfDirectory(atPath: plain.path("html/charts/\(language)")).filter { $0.hasSuffix(".svg") }.count
        #expect(charts >= 8, "the study has charts of its questionnaire, task and categories")
        #expect(try FileManager.default.contentsOfDirectory(atPath: marked.path("html/charts/\(language)")).filter { $0.hasSuffix(".svg") }.count == charts)
        let (table, figure) = language == "pt-BR" ? ("Tabela", "Figura") : ("Table", "Figure")

        // Markdown: as many numbered tables, pipe tables and figures; as GitHub renders it, the same tables and
        // images, and each text as typed.
        let markdown = try Self.read(marked, "md/report.md")
        let plainMarkdown = try Self.read(plain, "md/report.md")
        for pattern in ["^\\*\\*\(table) \\d+", "^\\*\\*\(figure) \\d+", "^\\| ---", "^!\\[", "^- "] {
            #expect(Self.count(markdown, pattern) == Self.count(plainMarkdown, pattern), "markdown: \(pattern)")
        }
        #expect(Self.count(plainMarkdown, "^!\\[") == charts)
        if let github = try Rendered.github(markdown), let plainGithub = try Rendered.github(plainMarkdown) {
            for tag in ["<table>", "<img ", "<li>", "<h2>", "<h3>"] {
                #expect(github.components(separatedBy: tag).count == plainGithub.components(separatedBy: tag).count, "markdown on GitHub: \(tag)")
            }
            let text = Rendered.content(ofHTML: github)
            for value in Self.marked.all { #expect(text.contains(value.withLineFeeds), "markdown on GitHub lost \(value.debugDescription)") }
        }

        // HTML: every table and every chart embedded, each text as typed.
        let html = try Self.read(marked, "html/report.html")
        let plainHTML = try Self.read(plain, "html/report.html")
        for pattern in ["<figure class=\"result", "<img src=\"data:image/svg\\+xml;base64,", "<li>", "<h2>", "<h3>"] {
            #expect(Self.count(html, pattern) == Self.count(plainHTML, pattern), "HTML: \(pattern)")
        }
        #expect(Self.count(html, "<img src=\"data:image/svg\\+xml;base64,") == charts, "every chart embedded")
        #expect(!html.contains("src=\"charts/"))
        let page = Rendered.content(ofHTML: html.replacingOccurrences(of: "<style>[^<]*</style>", with: "", options: .regularExpression))
        for value in Self.marked.all { #expect(page.contains(value.withLineFeeds), "the HTML page lost \(value.debugDescription)") }
        #expect(html.contains("<li>P_1* (item 1): Primeira linha<br>segunda | *negrito* # &lt;b&gt;tag&lt;/b&gt; &amp; \\ 50% {x}"),
                "a line break stays in its list item, as a visible break")

        // LaTeX: every table and figure; it compiles, and its PDF has every numbered table and figure and the text.
        let latex = try Self.read(marked, "latex/report.tex")
        let plainLaTeX = try Self.read(plain, "latex/report.tex")
        // (A table's label, not its longtables: a wide table is set in parts, as many as its texts' widths need.)
        for pattern in ["\\\\label\\{tab:", "\\\\includegraphics", "\\\\item ", "\\\\(sub)*section\\{"] {
            #expect(Self.count(latex, pattern) == Self.count(plainLaTeX, pattern), "LaTeX: \(pattern)")
        }
        #expect(Self.count(latex, "\\\\includegraphics") == charts)
        // The body for a thesis, with the works it cites in studyctl.bib (the custom instrument's reference as typed),
        // compiles inside abnTeX2 with bibtex, emoji and all.
        try ExportCommandTests.checkThesis(marked.path("latex"), study: "marked", bodies: [(language == "pt-BR" ? "brazil" : "english", "report-body")])
        if let pdf = try Rendered.pdf("report.tex", in: marked.path("latex")), let plainPDF = try Rendered.pdf("report.tex", in: plain.path("latex")) {
            for word in [table, figure] {
                let numbers = Set(Self.numbers(word, plainPDF))
                #expect(numbers.count > 3 && Set(Self.numbers(word, pdf)) == numbers, "the PDF's \(word.lowercased())s")
            }
            let flat = pdf.withoutWhitespace
            for value in Self.marked.running + Self.marked.participants {
                let typeset = Rendered.typeset(value).withoutWhitespace
                #expect(flat.contains(typeset), "the PDF lost \(value.debugDescription) (looked for \(typeset))")
            }
        }

        // No placeholder or marker of studyctl's shows: only the one answer that holds such words, once.
        for (format, text) in [("markdown", markdown), ("HTML", html), ("LaTeX", latex)] {
            #expect(!text.contains("STUDYCTLTEXT") && !text.contains("::latex"), "\(format): a placeholder shows")
            #expect(text.components(separatedBy: "STUDYCTLTABLE").count == 2, "\(format): a table's placeholder shows")
            // "::result 0" is in one answer; "::result 1" in one excerpt (the codes and the quotes tables show it).
            #expect(Self.count(text, "::result 0") == 1 && Self.count(text, "::result 1") == 2 && Self.count(text, "::result [2-9]") == 0,
                    "\(format): a table's marker shows")
        }
    }

    /// The CSV export keeps each text whole: quoted, with its line breaks and quotes.
    @Test func csvKeepsLineBreaksAndQuotes() throws {
        let cli = try Self.build(Self.marked)
        try cli.succeed(["export", "csv", "csv"])
        func rows(_ file: String) throws -> [[String: String]] {
            let records = Self.csv(try Self.read(cli, "csv/\(file)"))
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0).map { ($0, $1) }) }
        }
        #expect(try Set(rows("memos.csv").compactMap { $0["text"] }) == Set(Self.marked.memos))
        #expect(try Set(rows("excerpts.csv").compactMap { $0["excerpt"] }) == Set(Self.marked.excerpts))
        #expect(try Set(rows("excerpts.csv").compactMap { $0["participant"] }) == Set(Self.marked.participants))
        #expect(try Set(rows("responses.csv").filter { $0["instrument"] == "aberta" }.compactMap { $0["answer"] })
                == Set(Self.marked.answers.map { $0.withLineFeeds }), "open answers as imported (a form's CR LF read as a line break)")
        #expect(try Set(rows("codebook.csv").compactMap { $0["definition"] }) == Set(Self.marked.definitions))
    }

    /// The numbers N of "Table N" (or Figure, Tabela, Figura) in a text.
    static func numbers(_ word: String, _ text: String) -> [Int] {
        let expression = try! NSRegularExpression(pattern: "\\b\(word) (\\d+)\\b")
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
        }
    }

    /// RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks.
    static func csv(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    if let next = scalars.next() {
                        if next == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field); field = ""
            } else if scalar == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else if scalar != "\r" {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}

/// A report read back as a person sees it (as the Reports tests' RenderedText, for the built binary's output).
enum Rendered {
    static func github(_ markdown: String) throws -> String? {
        guard let tool = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm", "/opt/homebrew/bin/cmark-gfm"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("md-\(UUID().uuidString).md")
        try Data(markdown.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try run(tool, ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", input.path])
    }

    static func content(ofHTML html: String) -> String {
        var text = html.replacingOccurrences(of: "<br\\s*/?>\\n?", with: "\n", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Compiles with pdflatex (hyphenation off) and returns pdftotext's text; nil when either is missing.
    static func pdf(_ file: String, in folder: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            NeededTool.missing("pdflatex or pdftotext", skips: "reading \(file) as a PDF"); return nil
        }
        _ = try run("/usr/bin/pdflatex", ["-interaction=nonstopmode", "-halt-on-error",
                                          "\\AtBeginDocument{\\hyphenpenalty=10000\\exhyphenpenalty=10000}\\input{\(file)}"], in: folder)
        let pdf = folder + "/" + String(file.dropLast(4)) + ".pdf"
        guard FileManager.default.fileExists(atPath: pdf) else {
            let log = (try? String(contentsOfFile: folder + "/" + String(file.dropLast(4)) + ".log", encoding: .utf8)) ?? ""
            let errors = log.components(separatedBy: "\n").filter { $0.hasPrefix("!") }.prefix(3).joined(separator: " ")
            Issue.record(Comment(rawValue: "pdflatex failed in \(folder): \(errors)"))
            return nil
        }
        return try run("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"])
    }

    /// What pdflatex with studyctl.sty sets: line breaks as spaces, direction marks and variation selectors as
    /// nothing, emoji, dingbats (❤) and Hebrew (which no font here has) as their code points.
    static func typeset(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFE0F: continue
            case 0x0A, 0x0D: out += " "
            case 0x0590...0x05FF, 0x2700...0x27BF, 0x1F000...: out += "U+" + String(format: "%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func run(_ tool: String, _ arguments: [String], in folder: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}

extension String {
    var withoutWhitespace: String { String(String.UnicodeScalarView(unicodeScalars.filter { !$0.properties.isWhitespace })) }

    /// Every line break (LF, CR LF, CR) as one LF.
    var withLineFeeds: String { replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
}
