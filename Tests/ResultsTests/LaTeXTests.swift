import Foundation
import Results
import Surveys
import Templates
import Testing
import Wording

/// LaTeX tables compiled by pdflatex (where installed: `make test` installs texlive and abnTeX2 on Debian), alone
/// and inside a minimal abnTeX2 thesis: no row lost, no overfull line past a few points, no float too large.
@Suite struct LaTeXTests {
    /// A codebook-like table: 120 rows of wrapping text, more than three pages.
    static func long(_ language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "codebook", title: "Livro de códigos", language: language,
                                columns: [Column(.category, .text, language), Column(.definition, .prose, language),
                                          Column(.codes, .count, language), Column(.share, .percent(decimals: 1), language)])
        for index in 1...120 {
            table.append([.text("Categoria \(index)"),
                          .text("Trecho longo que o participante disse sobre a tarefa \(index), com acentuação, 50 % & um_sublinhado, κ e α."),
                          .count(index), .percent(Double(index) / 120)])
        }
        return table
    }

    /// A task summary as wide as the one the issue found 743 pt past the margin: 16 columns.
    static func wide(_ language: StudyLanguage) -> ResultTable {
        let terms: [(Term, Column.Kind)] = [(.task, .text), (.condition, .text), (.attempts, .count), (.successes, .count),
                                            (.completion, .percent(decimals: 0)), (.completion_ci95, .interval(decimals: 2)),
                                            (.time_mean, .number(decimals: 1)), (.time_median, .number(decimals: 1)),
                                            (.time_geomean, .number(decimals: 1)), (.time_geomean_ci95, .interval(decimals: 1)),
                                            (.total_mean, .number(decimals: 1)), (.errors_mean, .number(decimals: 2)),
                                            (.errors_sd, .number(decimals: 2)), (.errors_total, .count), (.assisted, .count), (.seq_mean, .number(decimals: 2))]
        var table = ResultTable(id: "task_summary", title: "Resumo das tarefas", language: language,
                                columns: terms.map { Column($0.0, $0.1, language) })
        for index in 1...30 {
            table.append([.text("T\(index)"), .text("interface=nova"), .count(12), .count(9), .percent(0.75), .interval(0.4671, 0.9167),
                          .number(123.45), .number(110.2), .number(101.7), .interval(80.12, 140.9), .number(150.3), .number(1.25),
                          .number(0.87), .count(15), .count(2), .number(5.5)])
        }
        return table
    }

    struct LaTeXFailure: Error, CustomStringConvertible {
        var errors: String
        var description: String { "pdflatex failed: \(errors)" }
    }

    /// pdflatex, pdftotext and abnTeX2, which `make test-deps` installs (texlive-latex-extra, texlive-publishers, poppler-utils).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex") && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")
            && FileManager.default.fileExists(atPath: "/usr/share/texlive/texmf-dist/tex/latex/abntex2/abntex2.cls")
    }

    static func compile(_ body: String, abntex2: Bool, language: StudyLanguage) throws -> (log: String, text: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-latex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["STUDYCTL_KEEP_LATEX"] == nil { try? FileManager.default.removeItem(at: folder) } else { print("kept \(folder.path)") } }
        try FileManager.default.copyItem(at: try #require(TemplateFiles.latexStyleFile), to: folder.appendingPathComponent("studyctl.sty"))
        let babel = language == .ptBR ? "brazil" : "english"
        let option = language == .ptBR ? "" : "[apa]"
        let document = abntex2
            ? "\\documentclass[12pt,a4paper,oneside,\(babel)]{abntex2}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage\(option){studyctl}\n\\begin{document}\n\\textual\n\\chapter{Resultados}\n\(body)\n\\end{document}\n"
            : "\\documentclass[12pt,a4paper]{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage[\(babel)]{babel}\n\\usepackage[a4paper,top=3cm,left=3cm,bottom=2cm,right=2cm]{geometry}\n\\usepackage\(option){studyctl}\n\\begin{document}\n\(body)\n\\end{document}\n"
        try Data(document.utf8).write(to: folder.appendingPathComponent("t.tex"))
        for _ in 0..<2 {  // longtable settles its column widths on the second run
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pdflatex")
            process.arguments = ["-interaction=nonstopmode", "-halt-on-error", "t.tex"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let log = (try? String(contentsOf: folder.appendingPathComponent("t.log"), encoding: .isoLatin1)) ?? ""
            if process.terminationStatus != 0 {
                throw LaTeXFailure(errors: log.split(separator: "\n").filter { $0.hasPrefix("!") }.prefix(5).joined(separator: "\n"))
            }
        }
        let log = try String(contentsOf: folder.appendingPathComponent("t.log"), encoding: .isoLatin1)
        var text = ""
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
            process.arguments = ["-layout", "t.pdf", "t.txt"]
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            text = try String(contentsOf: folder.appendingPathComponent("t.txt"), encoding: .utf8)
        }
        return (log, text)
    }

    /// Overfull boxes wider than `limit` points in a pdflatex log.
    static func overfull(_ log: String, limit: Double = 3) -> [String] {
        log.split(separator: "\n").filter { line in
            guard line.hasPrefix("Overfull \\hbox ("), let end = line.range(of: "pt too wide") else { return false }
            let number = line[line.index(line.startIndex, offsetBy: "Overfull \\hbox (".count)..<end.lowerBound]
            return (Double(number) ?? 0) > limit
        }.map(String.init)
    }

    @Test func layoutChoosesNaturalWrappedOrLandscape() {
        let narrow = RendererTests.sample(.ptBR)
        // Natural columns at the largest size they fit (here \\footnotesize: the interval column is long).
        #expect(LaTeXRenderer.render(narrow, caption: TableCaption(number: 1, year: "2025")).contains("\\begin{longtable}{@{}lrrlrr@{}}"))
        let long = LaTeXRenderer.render(Self.long(.ptBR), caption: TableCaption(number: 1, year: "2025"))
        #expect(long.contains("p{\\dimexpr"))
        #expect(!long.contains("landscape"))
        #expect(long.contains("\\endhead"))
        // Sixteen columns: portrait parts with the task and condition repeated, one table number, never landscape.
        let wide = LaTeXRenderer.render(Self.wide(.ptBR), caption: TableCaption(number: 2, year: "2025"))
        #expect(!wide.contains("landscape"))
        let parts = wide.components(separatedBy: "\\begin{longtable}").count - 1
        #expect(parts >= 2 && wide.components(separatedBy: "\\addtocounter{table}{-1}").count - 1 == parts - 1, "\(wide)")
        #expect(wide.components(separatedBy: "\\textbf{Tarefa} & \\textbf{Condição}").count - 1 == parts * 2, "the key columns head every part")
        #expect(wide.contains("\\caption[]{Resumo das tarefas (continuação)}"))
    }

    @Test(.enabled(if: LaTeXTests.available, "needs pdflatex, pdftotext and abnTeX2 (texlive-latex-extra, texlive-publishers, poppler-utils; scripts/install-deps.sh --tests)"),
          arguments: [StudyLanguage.ptBR, .en], [false, true])
    func longAndWideTablesLoseNothingOnPaper(language: StudyLanguage, abntex2: Bool) throws {
        let long = Self.long(language)
        let wide = Self.wide(language)
        let body = LaTeXRenderer.render(long, caption: TableCaption(number: 1, year: "2025")) + "\n\n"
            + LaTeXRenderer.render(wide, caption: TableCaption(number: 2, year: "2025"))
        let (log, text) = try Self.compile(body, abntex2: abntex2, language: language)
        #expect(!log.contains("Float too large"))
        #expect(Self.overfull(log).isEmpty, "\(Self.overfull(log).count) overfull lines: \(Self.overfull(log).prefix(3))")
        if !text.isEmpty {
            for index in [1, 60, 119, 120] { #expect(text.contains("Categoria \(index) "), "row \(index) of the long table not on paper") }
            #expect(text.contains("T30"))
            // pdftotext drops the en dash of "Tabela 1 – Livro de códigos" (T1 fonts carry no Unicode map).
            // (abnTeX2 names tables "Tabela" whatever the language: its captions are its own.)
            #expect(text.range(of: language == .ptBR || abntex2 ? "Tabela 1 .{0,3}Livro de códigos" : "Table 1", options: .regularExpression) != nil)
            #expect(text.contains(language == .ptBR ? "(continuação)" : "(continued)"))
            if language == .ptBR { #expect(text.contains("Fonte: Dados da pesquisa (2025).")) }
        }
    }
}
