import Foundation
import QualCoding
import Results
import Surveys
import Testing
import Wording
@testable import Reports
@testable import StudyStore

/// The property behind the templates' promise that nothing a participant said can break the page: a study whose
/// every text — its title, open answers, excerpts, memos, participant codes, group, category and instrument names,
/// definitions and references — is random text full of line breaks (LF, CR LF, CR, U+2028), markup of every format
/// (`| * # < & \ % { $ ~ [ ] \``), studyctl's own markers, emoji and right-to-left text gives, in every report
/// format and both languages, a document with the same structure as the same study written in plain words — every
/// table and every figure in its place — where each text reads exactly as typed: the markdown as GitHub renders it
/// (cmark-gfm), the HTML page's text, the LaTeX file compiled by pdflatex and read back by pdftotext.
@Suite struct StudyTextPropertyTests {
    /// SplitMix64: a small seeded generator, so a failing case can be run again.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// Markup of markdown, HTML and LaTeX, and studyctl's own markers and placeholders. (No "f": pdftotext reads the
    /// fi, fl and ff ligatures of the bitmap fonts back as nothing.)
    static let markup = ["|", "*", "**", "_", "#", "## ", "<", ">", "&", "&amp;", "&#60;", "\\", "%", "{", "}", "$", "~", "~~",
                         "^", "[", "]", "](x)", "![a](b.svg)", "`", "```", "\"", "'", "--", ",,", "!", "?", ":", "::result 0",
                         "::table T", "::source", "<br>", "</p>", "<b>", "<!--", "STUDYCTLTABLE1", "STUDYCTLTEXT41ZZ", "1. ",
                         "- ", "+ ", "> ", "=", "\\\\", "\\n", "\\section{x}", "\\\\[2pt]", "---", "| --- |"]
    static let words = ["ação", "sim", "não", "Olá", "ok", "UX", "P1", "100", "menu", "botão", "ñ", "é", "it's"]
    /// Emoji and right-to-left text with its direction marks: free text only (names refuse direction marks).
    static let wide = ["😀", "👍🏽", "שלום", "\u{200F}", "\u{200E}", "\u{202B}x\u{202C}", "\u{2067}y\u{2069}"]
    static let breaks = ["\n", "\r\n", "\n\n", "\r", "\u{2028}", "\t"]
    /// What pdflatex's fonts here lack, set as code points by studyctl.sty.
    static func unset(_ scalar: Unicode.Scalar) -> Bool {
        (0x0590...0x05FF).contains(scalar.value) || scalar.value >= 0x1F000
    }

    /// Free text: pieces of every kind, never starting or ending with white space (a form trims its cells).
    static func freeText(_ g: inout Generator) -> String {
        var text = ""
        for _ in 0..<(1 + g.below(9)) {
            switch g.below(10) {
            case 0..<4: text += g.pick(markup)
            case 4..<6: text += g.pick(words)
            case 6..<8: text += g.pick(breaks)
            default: text += g.pick(wide)
            }
            if g.below(3) == 0 { text += " " }
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "x" : trimmed
    }

    /// A name: markup and words on one line, no direction marks; `oneWord` leaves spaces out.
    static func name(_ g: inout Generator, oneWord: Bool, suffix: Int) -> String {
        let pieces = (markup + words + ["😀"]).filter { !oneWord || !$0.contains(" ") }.filter { !$0.contains("=") }
        var name = ""
        for _ in 0..<(1 + g.below(4)) { name += g.pick(pieces) + (!oneWord && g.below(3) == 0 ? " " : "") }
        return name.trimmingCharacters(in: .whitespaces) + "k\(suffix)"
    }

    /// The texts of one study, and which are set as running text (paragraphs, list items, headings) rather than in
    /// table cells.
    struct Texts {
        var title: String
        var participants: [String]
        var groups: [String]
        var instrumentTitle: String
        var reference: String
        var answers: [String]
        var categories: [String]
        var definitions: [String]
        var origin: String
        var codes: [String]
        var memos: [String]

        /// Running text, which each format must show as typed (PDF included).
        var running: [String] { [title, instrumentTitle, reference] + answers + memos }
        /// Text in table cells.
        var cells: [String] { participants + groups + categories + definitions + [origin] + codes }
        var all: [String] { running + cells }

        static func random(_ g: inout Generator) -> Texts {
            Texts(title: freeText(&g), participants: (1...3).map { name(&g, oneWord: true, suffix: $0) },
                  groups: (1...2).map { name(&g, oneWord: false, suffix: $0) }, instrumentTitle: freeText(&g), reference: freeText(&g),
                  answers: (1...3).map { _ in freeText(&g) }, categories: (1...2).map { name(&g, oneWord: false, suffix: $0) },
                  definitions: (1...2).map { _ in freeText(&g) }, origin: freeText(&g), codes: (1...3).map { _ in freeText(&g) },
                  memos: (1...2).map { _ in freeText(&g) })
        }

        /// The same study in plain words.
        static let plain = Texts(title: "Plain study", participants: ["P1", "P2", "P3"], groups: ["Group one", "Group two"],
                                 instrumentTitle: "Opinion", reference: "Author, A. (2024). Title.", answers: ["one answer", "two", "three"],
                                 categories: ["Category one", "Category two"], definitions: ["a definition", "another"],
                                 origin: "Someone (2020)", codes: ["code one", "code two", "code three"], memos: ["memo one", "memo two"])
    }

    /// A study holding `texts`: participants in two groups with SUS answers, an instrument of open answers, a task,
    /// two categories (one from the literature) with a code per participant, and memos.
    static func study(_ texts: Texts, language: StudyLanguage) throws -> (StudyData, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("study-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let study = try StudyDatabase.create(at: folder.appendingPathComponent("study.sqlite").path, title: texts.title, language: language)
        let definition: [String: Any] = ["id": "aberta", "title": texts.instrumentTitle, "reference": texts.reference, "scoring": "none",
                                         "items": [["number": 1, "kind": "text", "text": "Comments"]]]
        try study.addInstrument(try InstrumentDefinition.load(from: try JSONSerialization.data(withJSONObject: definition), file: "aberta.json"))
        try study.addTask(key: "T1", title: "Task")
        for (index, code) in texts.participants.enumerated() {
            try study.addParticipant(code: code, attributes: [(name: "grupo", value: texts.groups[index % 2])])
            let sus = [4, 2, 5, 1, 4, 2, 5, 1, 4, 2].enumerated().map { ($0.offset + 1, Answer.value(Double(($0.element + index) % 5 + 1))) }
            try study.recordResponses(instrument: "sus", ResponseSubmission(participant: code, answers: Dictionary(uniqueKeysWithValues: sus)), replace: false)
            try study.recordResponses(instrument: "aberta", ResponseSubmission(participant: code, answers: [1: .text(texts.answers[index])],
                                                                                raw: [1: texts.answers[index]]), replace: false)
            try study.addAttempt(AttemptEntry(participant: code, task: "T1", seconds: Double(30 + 10 * index), errors: index, outcome: .success))
        }
        try study.addCategory(name: texts.categories[0], definition: texts.definitions[0], origin: .emergent)
        try study.addCategory(name: texts.categories[1], definition: texts.definitions[1], origin: .literature(reference: texts.origin))
        for (index, code) in texts.participants.enumerated() {
            try study.addCode(CodeEntry(participant: code, code: texts.codes[index], categories: [texts.categories[index % 2]]))
        }
        _ = try study.addMemo(on: .study, text: texts.memos[0])
        _ = try study.addMemo(on: .participant(texts.participants[0]), text: texts.memos[1])
        return (try StudyData.load(study, groupBy: "grupo"), folder)
    }

    /// One study's report in every format: the markdown as GitHub renders it, the HTML body, the LaTeX file and the
    /// text of its PDF (nil where the tool is missing).
    struct Reports {
        var markdown: String
        var github: String?
        var html: String
        var latex: String
        var pdf: String?
    }

    static func reports(_ texts: Texts, language: StudyLanguage, compile: Bool) throws -> Reports {
        let (snapshot, folder) = try study(texts, language: language)
        defer { if ProcessInfo.processInfo.environment["STUDYCTL_KEEP_LATEX"] == nil { try? FileManager.default.removeItem(at: folder) } else { print("kept \(folder.path)") } }
        let (model, _) = ReportModel.build(snapshot, language: language)
        let template = try ReportWriter.templatePath("default", language: language)
        let markdown = try ReportWriter.render(model, templatePath: template)
        var pdf: String?
        if compile {
            let output = folder.appendingPathComponent("tex").path
            try ReportWriter.write(snapshot, language: language, to: output, format: .latex)
            pdf = try RenderedText.pdf("report.tex", in: output)
        }
        return Reports(markdown: markdown, github: try RenderedText.github(markdown),
                       html: try HTMLReport.render(model, templatePath: template, language: language),
                       latex: try LaTeXReport.render(model, templatePath: template, language: language), pdf: pdf)
    }

    /// The LaTeX commands that make a document's structure: sections, lists and items, tables, figures and captions.
    static func structure(ofLaTeX latex: String) -> [String] {
        // A table set in parts (its columns too many for the page, how many depending on the texts' widths) is one
        // table: its later parts, each after "\\addtocounter{table}{-1}", are left out.
        let latex = latex.replacingOccurrences(of: "(?s)\\\\addtocounter\\{table\\}\\{-1\\}.*?\\\\end\\{longtable\\}", with: "",
                                               options: .regularExpression)
        let expression = try! NSRegularExpression(pattern: "\\\\(?:(?:begin|end)\\{(?:longtable|itemize|figure|table|tabularx?)\\}|(?:sub)*section|item\\b|caption|includegraphics)")
        return expression.matches(in: latex, range: NSRange(latex.startIndex..., in: latex)).compactMap { Range($0.range, in: latex).map { String(latex[$0]) } }
    }

    /// The numbers of the captions "Table N" (or Figure, Tabela, Figura) in a PDF's text.
    static func numbers(of word: String, in text: String) -> Set<Int> {
        let expression = try! NSRegularExpression(pattern: "\\b\(word) (\\d+)\\b")
        return Set(expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
        })
    }

    /// Where two structures part, or nil when they are the same. The reference list (the section before the
    /// appendix) is compared as a multiset: a custom instrument's reference sorts by its text.
    static func difference(_ tags: [String], _ plain: [String]) -> String? {
        func split(_ tags: [String]) -> ([String], [String]) {
            let headings = tags.indices.filter { tags[$0] == "h2" }
            guard headings.count >= 2 else { return (tags, []) }
            let (start, end) = (headings[headings.count - 2], headings[headings.count - 1])
            return (Array(tags[..<start]) + Array(tags[end...]), Array(tags[start..<end]).sorted())
        }
        let (body, references) = split(tags)
        let (plainBody, plainReferences) = split(plain)
        if references != plainReferences { return "the reference list has \(references) instead of \(plainReferences)" }
        guard let index = zip(body, plainBody).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? (body.count == plainBody.count ? nil : min(body.count, plainBody.count)) else { return nil }
        func window(_ tags: [String]) -> String { tags[max(0, index - 6)..<min(tags.count, index + 6)].joined(separator: " ") }
        return "at tag \(index) of \(plainBody.count): …\(window(body))… instead of …\(window(plainBody))…"
    }

    static let baselines: [StudyLanguage: Reports] = {
        var reports: [StudyLanguage: Reports] = [:]
        for language in [StudyLanguage.en, .ptBR] { reports[language] = try? Self.reports(Texts.plain, language: language, compile: true) }
        return reports
    }()

    /// Random studies, alternately in English and Portuguese; every other one compiled with pdflatex.
    @Test(arguments: 0..<16)
    func studyTextReadsAsTypedInEveryFormat(_ seed: Int) throws {
        var g = Generator(state: 0x5EED_7E47 &+ UInt64(seed))
        let language: StudyLanguage = seed % 2 == 0 ? .en : .ptBR
        let texts = Texts.random(&g)
        let shown = texts.all.map { $0.debugDescription }.joined(separator: ", ")
        let baseline = try #require(Self.baselines[language], "the plain study's reports")
        let reports = try Self.reports(texts, language: language, compile: seed % 4 < 2)

        for (format, text) in [("markdown", reports.markdown), ("HTML", reports.html), ("LaTeX", reports.latex)] {
            for leak in ["STUDYCTLTABLE", "::result", "::figure", "::source", "::table ", "::latex"] {
                let expected = texts.all.contains { $0.contains(leak) } ? "" : leak
                #expect(expected.isEmpty || !text.contains(expected), "seed \(seed): \(format) shows '\(leak)'")
            }
        }
        #expect(!reports.markdown.contains(StudyTextSlots.opening + "7"), "seed \(seed): a slot left in the markdown")

        // Markdown, as GitHub shows it: the same tags as the plain study's (every table, figure, list item and
        // heading), and every text as typed.
        if let github = reports.github, let plain = baseline.github {
            let change = Self.difference(RenderedText.tags(ofHTML: github), RenderedText.tags(ofHTML: plain))
            #expect(change == nil, "seed \(seed): the markdown's structure changed \(change ?? "") [\(shown)]")
            #expect(github.components(separatedBy: "<table>").count == plain.components(separatedBy: "<table>").count)
            let content = RenderedText.content(ofHTML: github)
            for value in texts.all {
                #expect(content.contains(value.withLineFeeds), "seed \(seed): markdown lost \(value.debugDescription)")
            }
        }

        // The HTML page: the same tags as the plain study's, every text as typed.
        let change = Self.difference(RenderedText.tags(ofHTML: reports.html), RenderedText.tags(ofHTML: baseline.html))
        #expect(change == nil, "seed \(seed): the HTML page's structure changed \(change ?? "") [\(shown)]")
        let page = RenderedText.content(ofHTML: reports.html)
        for value in texts.all {
            #expect(page.contains(value.withLineFeeds), "seed \(seed): the HTML page lost \(value.debugDescription)")
        }

        // LaTeX: the same sections, lists, tables and figures; every text escaped where it stands.
        let latexChange = Self.difference(Self.structure(ofLaTeX: reports.latex), Self.structure(ofLaTeX: baseline.latex))
        #expect(latexChange == nil, "seed \(seed): the LaTeX document's structure changed \(latexChange ?? "") [\(shown)]")
        for value in texts.all {
            #expect(reports.latex.contains(LaTeXRenderer.escape(value)), "seed \(seed): LaTeX lost \(value.debugDescription)")
        }
        // Compiled: every numbered table and figure, and the running text as typed.
        if let pdf = reports.pdf, let plain = baseline.pdf {
            let (table, figure) = language == .ptBR ? ("Tabela", "Figura") : ("Table", "Figure")
            for word in [table, figure] {
                let numbers = Self.numbers(of: word, in: plain)
                #expect(numbers.count > 2 && numbers == Set(1...(numbers.max() ?? 0)), "the plain study's \(word.lowercased())s: \(numbers.sorted())")
                let missing = numbers.subtracting(Self.numbers(of: word, in: pdf))
                #expect(missing.isEmpty, "seed \(seed): the PDF has no \(word) \(missing.sorted())")
            }
            let flat = pdf.withoutWhitespace
            for value in texts.running + texts.participants {
                let typeset = RenderedText.typeset(value, unset: Self.unset).withoutWhitespace
                #expect(flat.contains(typeset), "seed \(seed): the PDF lost \(value.debugDescription) (looked for \(typeset.debugDescription))")
            }
        }
    }
}
