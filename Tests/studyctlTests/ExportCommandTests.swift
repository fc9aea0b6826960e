import Foundation
import Testing

@Suite struct ExportCommandTests {
    @Test func demoBuildsEveryExampleStudyWithReportsAndWorkbooks() throws {
        let cli = try StudyCtl()
        let output = try cli.succeed(["demo", "--output", "out"])
        for name in ["uitracking", "codeforall", "game-controls", "redesign"] {
            #expect(output.contains("out/\(name)/report.md"))
            for file in ["\(name).sqlite", "report.md", "report.en.md", "report.html", "report.en.html", "report.tex", "report.en.tex",
                         "\(name).xlsx", "csv/participants.csv"] {
                #expect(FileManager.default.fileExists(atPath: cli.path("out/\(name)/\(file)")), "\(name)/\(file)")
            }
        }
        let uitracking = try String(contentsOfFile: cli.path("out/uitracking/report.md"), encoding: .utf8)
        // The thesis's PSSUQ table (Tabela 6) and category shares (Figura 20).
        #expect(uitracking.contains("| P1 | Iniciante | 2,81 | 1,83 | 4,50 | 1,33 |"))
        #expect(uitracking.contains("| P10 | Avançado | 1,38 | 1,33 | 1,67 | 1,00 |"))
        #expect(uitracking.contains("| Informações Insuficientes | 18 | 9 | 90 % |"))
        for category in ["Exemplos de códigos e vídeos", "Experiência em iOS", "Interações com dispositivo"] {
            #expect(uitracking.contains("| \(category) |") && uitracking.contains(" | 5 | 50 % |"), "\(category)")
        }
        #expect(uitracking.contains("### Concordância entre codificadores (Autora, Revisor)"))
        // Every section has its figure: participants, questionnaire (items, groups), interviews, agreement.
        for chart in ["participants-by-group", "pssuq-likert", "pssuq-by-group", "category-shares", "agreement"] {
            #expect(uitracking.contains("(charts/pt-BR/\(chart).svg)"), "\(chart)")
        }
        #expect(!uitracking.contains("(SysUse)") && !uitracking.contains("Learnability"), "no English labels in the Portuguese report")
        // Every Portuguese report and workbook holds no English word from the list (the cited works' titles and the
        // charts' file names and the words quoted from participants and forms aside).
        for name in ["uitracking", "codeforall", "game-controls", "redesign"] {
            let report = try String(contentsOfFile: cli.path("out/\(name)/report.md"), encoding: .utf8)
            let body = (report.components(separatedBy: "\n## Referências\n").first ?? report)
                .replacingOccurrences(of: "\\]\\(charts/[^)]*\\)", with: "]", options: .regularExpression)
                .replacingOccurrences(of: "\"[^\"\\n]*\"", with: "", options: .regularExpression)  // the participants' and forms' words
            #expect(ForeignWordCheck.english(in: body).isEmpty, "\(name): \(Set(ForeignWordCheck.english(in: body)).sorted())")
            let workbook = try Self.workbookText(cli.path("out/\(name)/\(name).xlsx"))
            #expect(ForeignWordCheck.english(in: workbook).isEmpty, "\(name).xlsx: \(Set(ForeignWordCheck.english(in: workbook)).sorted())")
        }
        // The redesign study: every SUS mean per occasion or prototype, never pooling a participant's sets.
        let redesign = try String(contentsOfFile: cli.path("out/redesign/report.md"), encoding: .utf8)
        #expect(redesign.contains("| antes do redesenho · SUS | 52,08 |") && redesign.contains("| depois do redesenho · SUS | 75,91 |") && redesign.contains("| protótipo: B · SUS | 76,46 |"), "\(redesign)")
        #expect(!redesign.contains("| **Todos** |"), "no row pools the occasions and prototypes")
        // Quotes per category, and the pairwise tests of three levels (values in PostHocTests).
        #expect(uitracking.contains("| Informações Insuficientes | P1 | “traduzir a documentação para português” |"))
        #expect(uitracking.contains("| Iniciante | Intermediário | 1,17 | 4,02 | 2,8 | 0,062 | 4,67 | 1,89 | 0,143 |"))
        // How many participants were enough: discovery (Lewis 2001) and saturation (Guest et al. 2020), each with a
        // figure, in both languages; α's bootstrapped interval in the agreement table (values in CodingCommandTests).
        #expect(uitracking.contains("### Quantos participantes bastaram"))
        #expect(uitracking.contains("| p ajustado (média dos dois; LEWIS, 2001) | 0,359 |"))
        #expect(uitracking.contains("Saturação em 5 entrevistas: as entrevistas 6–7 citaram 0 categorias ainda não citadas, 0 % das 6 da base."))
        #expect(uitracking.contains("IC 95 % do α (bootstrap)"))
        #expect(uitracking.contains("GUEST, G.; NAMEY, E.; CHEN, M."))
        let uitrackingEnglish = try String(contentsOfFile: cli.path("out/uitracking/report.en.md"), encoding: .utf8)
        #expect(uitrackingEnglish.contains("### How many participants were enough"))
        #expect(uitrackingEnglish.contains("Saturation at 5 interviews: interviews 6–7 raised 0 categories not raised before, 0% of the 6 in the base."))
        #expect(uitrackingEnglish.contains("Hayes, A. F., & Krippendorff, K. (2007)."))
        for language in ["pt-BR", "en"] {
            for chart in ["discovery", "saturation"] {
                #expect(FileManager.default.fileExists(atPath: cli.path("out/uitracking/charts/\(language)/\(chart).pdf")), "\(language)/\(chart)")
            }
        }
        let uitrackingBook = try Self.workbookText(cli.path("out/uitracking/uitracking.xlsx"), cells: true)
        for sheet in ["Concordância", "Descoberta", "Saturação", "Referências"] { #expect(uitrackingBook.contains(sheet), "\(sheet)") }
        #expect(uitrackingBook.contains("IC 95 % do α (bootstrap) ↓"))
        #expect(uitrackingBook.contains("Informações não direcionadas e não organizadas"))
        let codeforallBook = try Self.workbookText(cli.path("out/codeforall/codeforall.xlsx"), cells: true)
        #expect(codeforallBook.contains("IC 95 % BCa ↓") && codeforallBook.contains("Nota no extremo inferior do IC"))
        let benchmarks = try String(contentsOfFile: cli.path("out/codeforall/csv/benchmarks.csv"), encoding: .utf8)
        #expect(benchmarks.contains("sus,all,,,SUS,11,86.36"), "\(benchmarks)")
        let codeforall = try String(contentsOfFile: cli.path("out/codeforall/report.md"), encoding: .utf8)
        // Published: mean 86.36, lowest 72.5, highest 100, most frequent 92.5; grade A+.
        #expect(codeforall.contains("| **Todos** | **11** | **86,36** | **8,32** | **87,50** | **72,50** | **100,00** | **92,50** |"))
        // The mean's grade, and the grades at its 95 % interval's ends (80.77 is an A−, 91.95 an A+).
        #expect(codeforall.contains("| **A+** | **A− a A+** | **96–100** | **96** | **Excelente** | **aceitável** |"))
        // The adjectives at the interval's ends too (80.77 is nearest Excellent's 85.5, 91.95 Best Imaginable's 90.9).
        #expect(codeforall.contains("O IC 95 % da média do SUS vai do adjetivo \"Excelente\" a \"Melhor imaginável\" (BANGOR et al., 2009)."))
        #expect(codeforall.contains("| Talvez | 1 | 9,1 % |"))
        // Per-component evaluations (synthetic, consistent with the published aggregates): 88 evaluations, 87
        // successful, 7 of 88 "Não" to using the component again; a table and a figure.
        #expect(codeforall.contains("| FAText | 11/11 (100 %) | 11/11 (100 %) | 11/11 (100 %) |"))
        #expect(codeforall.contains("| **Todas as respostas** | **87/88 (98,9 %)** | **87/88 (98,9 %)** | **81/88 (92,0 %)** |"))
        #expect(codeforall.contains("uma contagem de avaliações, não de participantes"))
        #expect(codeforall.contains("(charts/pt-BR/codeforall-component-by-task.svg)"))
        // Citations in the text and a reference list at the end: ABNT in Portuguese, APA in English.
        #expect(codeforall.contains("Escala de Usabilidade do Sistema (SUS) (BROOKE, 1996)"))
        #expect(codeforall.contains("## Referências"))
        #expect(codeforall.contains("BROOKE, J. SUS: a \"quick and dirty\" usability scale. In: JORDAN, P. W. et al. (ed.). **Usability evaluation in industry**. London: Taylor & Francis, 1996. p. 189-194."))
        let codeforallEnglish = try String(contentsOfFile: cli.path("out/codeforall/report.en.md"), encoding: .utf8)
        #expect(codeforallEnglish.contains("## References"))
        #expect(codeforallEnglish.contains("Bangor, A., Kortum, P. T., & Miller, J. T. (2008). An empirical evaluation of the System Usability Scale. *International Journal of Human-Computer Interaction*, *24*(6), 574–594."))
        #expect(codeforallEnglish.contains("(Brooke, 1996)"))
        let game = try String(contentsOfFile: cli.path("out/game-controls/report.md"), encoding: .utf8)
        #expect(game.contains("| fase-1 | 0-50 | 15 |"))
        // Each task's two settings compared as `tasks compare fase-1 --condition setting` does (ratio 0.886 [0.820, 0.957], p = .005).
        #expect(game.contains("| fase-1 | tempo (razão B / A) | t pareado(14) = -3,35 | 15 | 0-50 | 41,00 | 0-100 | 36,32 | 0,89 | [0,82; 0,96] | 0,005 | – |"), "\(game)")
        // And completion within participants, by McNemar's exact test (everyone completed fase-1 under both: p = 1).
        #expect(game.contains("| fase-1 | conclusão (diferença B − A) | McNemar exato: concluíram só em A 0, só em B 0 | 15 | 0-50 | 100 % | 0-100 | 100 % | 0 % | – | 1,000 | – |"))
        // Every section has its figure, in each language: tasks too.
        for language in ["pt-BR", "en"] {
            for chart in ["task-completion", "task-time", "task-errors"] {
                for format in ["svg", "png", "pdf"] {
                    #expect(FileManager.default.fileExists(atPath: cli.path("out/game-controls/charts/\(language)/\(chart).\(format)")), "\(language)/\(chart).\(format)")
                }
            }
        }
        #expect(game.contains("**Figura 1 – Taxa de conclusão por tarefa"))
        let gameEnglish = try String(contentsOfFile: cli.path("out/game-controls/report.en.md"), encoding: .utf8)
        #expect(gameEnglish.contains("(charts/en/task-time.svg)"))
        #expect(!gameEnglish.contains("Tarefa") && !gameEnglish.contains("Figura"), "no Portuguese in the English report")
        // Each demo report's LaTeX compiles (where pdflatex is installed: the Makefile installs it on Debian) with no
        // float too large and no line more than 3 pt past the margin, and its body compiles inside an abnTeX2 thesis.
        for name in ["uitracking", "codeforall", "game-controls"] {
            for file in ["report.tex", "report.en.tex"] {
                if let failure = try Self.pdflatex(file, in: cli.path("out/\(name)")) { Issue.record("\(name)/\(file): \(failure)"); continue }
                guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex") else { continue }
                _ = try Self.pdflatex(file, in: cli.path("out/\(name)"))  // longtable settles its widths on the second run
                let log = try String(contentsOfFile: cli.path("out/\(name)/\(file.dropLast(4)).log"), encoding: .isoLatin1)
                #expect(!log.contains("Float too large"), "\(name)/\(file)")
                let overfull = log.split(separator: "\n").filter { line in
                    guard line.hasPrefix("Overfull \\hbox ("), let end = line.range(of: "pt too wide") else { return false }
                    return (Double(line[line.index(line.startIndex, offsetBy: 16)..<end.lowerBound]) ?? 0) > 3
                }
                #expect(overfull.isEmpty, "\(name)/\(file): \(overfull)")
            }
            guard FileManager.default.fileExists(atPath: "/usr/share/texlive/texmf-dist/tex/latex/abntex2/abntex2.cls") else {
                NeededTool.missing("abnTeX2 (texlive-publishers)", skips: "the thesis check of \(name)"); continue
            }
            try Self.checkThesis(cli.path("out/\(name)"), study: name)
        }
        // Running it again replaces the demo's own files.
        try cli.succeed(["demo", "--output", "out"])
    }

    /// Every text a workbook shows: its shared strings, sheet names and chart titles (unzip, then the XML's text);
    /// with `cells`, the sheets' own strings too (libxlsxwriter's constant-memory mode writes them inline).
    static func workbookText(_ path: String, cells: Bool = false) throws -> String {
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unzip.arguments = ["unzip", "-p", path, "xl/sharedStrings.xml", "xl/workbook.xml", "xl/charts/*.xml"] + (cells ? ["xl/worksheets/*.xml"] : [])
        let pipe = Pipe()
        unzip.standardOutput = pipe
        try unzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        unzip.waitUntilExit()
        let xml = String(decoding: data, as: UTF8.self)
        var texts: [String] = []
        for pattern in ["<t[^>]*>([^<]*)</t>", "<sheet name=\"([^\"]*)\"", "<a:t>([^<]*)</a:t>"] {
            let expression = try NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)) {
                if let range = Range(match.range(at: 1), in: xml) { texts.append(String(xml[range])) }
            }
        }
        return texts.joined(separator: "\n").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The LaTeX report: booktabs tables in floats with captions and ABNT sources, PDF figures, every special
    /// character of the study's text escaped; it compiles with pdflatex where the Makefile installed it.
    @Test func latexReportCompiles() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Estudo 100% & #1 {teste}", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P_1", "--attr", "grupo=A&B"])
        try cli.succeed(["participant", "add", "P2", "--attr", "grupo=C~D"])
        try cli.succeed(["respond", "P_1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        try cli.succeed(["respond", "P2", "sus", "--answers", "3,2,4,2,4,2,4,2,4,2"])
        try cli.succeed(["report", "-o", "tex", "--format", "latex", "--by", "grupo", "--detail", "full"])
        let tex = try String(contentsOfFile: cli.path("tex/report.tex"), encoding: .utf8)
        #expect(tex.contains("\\section{Estudo 100\\% \\& \\#1 \\{teste\\}}"))
        #expect(tex.contains("P\\_1"))
        #expect(tex.contains("\\toprule") && tex.contains("\\bottomrule"))
        #expect(tex.contains("\\caption{Escores de SUS por participante}"))
        #expect(tex.contains("\\fonte{Dados da pesquisa ("))
        #expect(tex.contains("\\begin{figure}[H]") && tex.contains("\\includegraphics[width=\\textwidth,height=0.45\\textheight,keepaspectratio]{charts/pt-BR/sus-distribution.pdf}"))
        #expect(FileManager.default.fileExists(atPath: cli.path("tex/charts/pt-BR/sus-distribution.pdf")))
        if let failure = try Self.pdflatex("report.tex", in: cli.path("tex")) { Issue.record("\(failure)") }
    }

    /// The report's thesis bodies (`report-body.tex` in Portuguese, `report-en-body.tex` in English) `\\include`d in a
    /// minimal abnTeX2 thesis that ends with `\\bibliography{studyctl}`, compiled with pdflatex and bibtex
    /// (abntex2cite in Portuguese, natbib with apalike in English): each compiles with no undefined citation, its
    /// reference list has exactly the works its `\\cite` and `\\nocite` name, each a key of `studyctl.bib`; the body has
    /// no title, date line or reference list of its own.
    static func checkThesis(_ folder: String, study name: String,
                            bodies: [(String, String)] = [("brazil", "report-body"), ("english", "report-en-body")]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex"), FileManager.default.isExecutableFile(atPath: "/usr/bin/bibtex") else {
            NeededTool.missing("pdflatex or bibtex", skips: "the thesis check of \(name)"); return
        }
        let bib = try String(contentsOfFile: folder + "/studyctl.bib", encoding: .utf8)
        let bibKeys = Set(bib.matches(of: /@[a-z]+\{([^,]+),/).map { String($0.output.1) })
        for (language, body) in bodies {
            let text = try String(contentsOfFile: folder + "/\(body).tex", encoding: .utf8)
            let cited = Set(text.matches(of: /\\(?:no)?cite[p]?\{([^}]*)\}/).flatMap { $0.output.1.split(separator: ",").map(String.init) })
            #expect(!cited.isEmpty, "\(name)/\(body): no \\cite")
            #expect(cited.isSubset(of: bibKeys), "\(name)/\(body): not in studyctl.bib: \(cited.subtracting(bibKeys).sorted())")
            #expect(!text.contains("\\section{Referências}") && !text.contains("\\section{References}") && !text.contains("Relatório gerado")
                    && !text.contains("Report generated"), "\(name)/\(body): a title, date line or reference list of its own")
            #expect(!text.contains("(BROOKE, 1996)") && !text.contains("(Brooke, 1996)"), "\(name)/\(body): a citation left as text")
            let english = language == "english"
            let thesis = ["\\documentclass[12pt,a4paper,oneside,\(language)]{abntex2}", "\\usepackage[T1]{fontenc}", "\\usepackage[utf8]{inputenc}",
                          english ? "\\usepackage[apa]{studyctl}\n\\usepackage{natbib}" : "\\usepackage{studyctl}\n\\usepackage[alf]{abntex2cite}",
                          "\\begin{document}", "\\textual", "\\chapter{Resultados}", "\\include{\(body)}", "\\postextual",
                          english ? "\\bibliographystyle{apalike}" : "", "\\bibliography{studyctl}", "\\end{document}"].joined(separator: "\n")
            let file = "thesis-\(language).tex"
            try Data(thesis.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
            _ = try Self.pdflatex(file, in: folder)
            let bibtex = Process()
            bibtex.executableURL = URL(fileURLWithPath: "/usr/bin/bibtex")
            bibtex.arguments = [String(file.dropLast(4))]
            bibtex.currentDirectoryURL = URL(fileURLWithPath: folder)
            bibtex.standardOutput = FileHandle.nullDevice
            try bibtex.run()
            bibtex.waitUntilExit()
            _ = try Self.pdflatex(file, in: folder)
            if let failure = try Self.pdflatex(file, in: folder) { Issue.record("\(name)/\(body) inside abnTeX2: \(failure)"); continue }
            let log = try String(contentsOfFile: folder + "/thesis-\(language).log", encoding: .isoLatin1)
            #expect(!log.contains("undefined"), "\(name)/\(body): undefined citations")
            let bbl = try String(contentsOfFile: folder + "/thesis-\(language).bbl", encoding: .isoLatin1)
            #expect(bbl.components(separatedBy: "\\bibitem").count - 1 == cited.count, "\(name)/\(body): \(cited.count) works cited, the list differs")
        }
    }

    /// Compiles `file` in `folder` with pdflatex; the errors when it fails, `nil` when it compiled or pdflatex is missing.
    static func pdflatex(_ file: String, in folder: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex") else {
            NeededTool.missing("pdflatex", skips: "compiling \(file)"); return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdflatex")
        process.arguments = ["-interaction=nonstopmode", "-halt-on-error", file]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let base = String(file.dropLast(4))
        guard process.terminationStatus != 0 || !FileManager.default.fileExists(atPath: folder + "/" + base + ".pdf") else { return nil }
        let log = (try? String(contentsOfFile: folder + "/" + base + ".log", encoding: .utf8)) ?? ""
        return "pdflatex failed: " + log.components(separatedBy: "\n").filter { $0.hasPrefix("!") }.prefix(5).joined(separator: " ")
    }

    @Test func reportAndExportsFromTheCommandLine() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Estudo", "--language", "en"])
        try cli.succeed(["participant", "add", "P1", "--attr", "group=A"])
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        try cli.succeed(["memo", "add", "--on", "participant:P1", "=1+1 | pipe"])
        #expect(try cli.succeed(["report", "-o", "r", "--detail", "full"]) == "Wrote \(cli.path("r/report.md")) and its charts (SVG, PNG 300 dpi, PDF) in r/charts/en\n")
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        #expect(report.contains("| P1 | 85.00 | 87.50 | 84.38 |"))
        #expect(report.contains("=1+1 \\| pipe"))
        let again = try cli.fail(["report", "-o", "r", "--language", "pt-BR"])
        #expect(again.stderr.contains("a report is already there; rerun with --force to replace it"))
        #expect(try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8).contains("| P1 | 85.00 |"), "the report was left as it was")
        #expect(try cli.succeed(["report", "-o", "r", "--language", "pt-BR", "--force", "--detail", "full"]).contains("report.md"))
        #expect(FileManager.default.fileExists(atPath: cli.path("r/charts/pt-BR/sus-distribution.pdf")))
        #expect(FileManager.default.fileExists(atPath: cli.path("r/charts/en/sus-distribution.png")), "the English charts are kept")
        // One self-contained HTML page: tables, numbered captions, charts embedded.
        try cli.succeed(["report", "-o", "h", "--format", "html"])
        let html = try String(contentsOfFile: cli.path("h/report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<table>"))
        #expect(html.contains("<strong>Table 1</strong>"))
        #expect(html.contains("src=\"data:image/svg+xml;base64,"))
        #expect(!html.contains("src=\"charts/"), "no image left as a link")
        #expect(html.contains("@page { size: A4"))
        #expect(try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8).contains("| P1 | 85,00 |"))
        #expect(try cli.fail(["report", "-o", "r", "--template", "nothing-here"]).stderr.contains("No report template 'nothing-here'"))
        #expect(try cli.succeed(["export", "xlsx", "s.xlsx"]) == "Wrote s.xlsx\n")
        #expect(try cli.succeed(["export", "csv", "tables"]).hasPrefix("Wrote 20 CSV files to tables"))
        #expect(try cli.fail(["export", "xlsx", "missing/dir/s.xlsx"]).stderr.contains("Cannot create missing/dir/s.xlsx"))
        #expect(try cli.fail(["report", "--by", "nope"]).stderr.contains("No attribute 'nope'"))
    }

    @Test func longAnswersImportAndStreamedAnswersWorkbook() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Longo"])
        try cli.write("p.csv", "code\nR1\nR2\n")
        try cli.succeed(["participant", "import", "p.csv"])
        var long = "participant,instrument,item,value\n"
        for code in ["R1", "R2"] { for item in 1...10 { long += "\(code),sus,\(item),\(item % 2 == 1 ? 4 : 2)\n" } }
        try cli.write("long.csv", long)
        #expect(try cli.succeed(["responses", "import", "long.csv", "--long"]) == "Imported 2 sus response sets (20 answers) from long.csv\nRead long.csv as UTF-8 text, fields separated by ','.\n")
        #expect(try cli.succeed(["export", "xlsx", "answers.xlsx", "--only", "responses"]) == "Wrote answers.xlsx\n")
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unzip.arguments = ["unzip", "-p", cli.path("answers.xlsx"), "xl/worksheets/sheet1.xml"]
        let pipe = Pipe()
        unzip.standardOutput = pipe
        try unzip.run()
        let xml = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        unzip.waitUntilExit()
        #expect(xml.contains("<autoFilter ref=\"A1:J21\"/>"), "a header and 20 answers")
        #expect(xml.contains("<c r=\"F2\"><v>4</v></c>"))
        #expect(try cli.fail(["responses", "import", "long.csv"]).stderr.contains("Please give --instrument (or --long"))

        // --only scores: the contents sheet, each participant's scores, and the summaries.
        #expect(try cli.succeed(["export", "xlsx", "scores.xlsx", "--only", "scores"]) == "Wrote scores.xlsx\n")
        func part(_ name: String) throws -> String {
            let unzip = Process()
            unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            unzip.arguments = ["unzip", "-p", cli.path("scores.xlsx"), name]
            let pipe = Pipe()
            unzip.standardOutput = pipe
            try unzip.run()
            defer { unzip.waitUntilExit() }
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        let workbook = try part("xl/workbook.xml")
        #expect(workbook.contains("name=\"Scores\"") && workbook.contains("name=\"Summary\"") && !workbook.contains("name=\"Responses\""))
        let strings = try part("xl/sharedStrings.xml") + part("xl/worksheets/sheet2.xml")
        #expect(strings.contains("R1") && strings.contains("R2"))
        #expect(try part("xl/worksheets/sheet2.xml").contains("<autoFilter ref=\"A1:I7\"/>"), "a header and 2 participants × 3 SUS scores, nine columns (the occasion last)")
    }

    /// A response set that cannot be scored (two SUS items unanswered, no missing-item policy) is named in the
    /// workbook's Exclusions sheet with its measurement and reason, as the report lists it: never dropped silently.
    @Test func anUnscoredSetIsNamedInTheWorkbook() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Não pontuados", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("s.csv", "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP1,4,2,4,2,4,2,4,2,4,2\nP2,5,1,5,1,5,1,5,1,5,1\nP3,4,2,4,2,,,4,2,4,2\n")
        try cli.succeed(["responses", "import", "s.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "pré"])
        try cli.succeed(["export", "xlsx", "w.xlsx"])
        let text = try Self.workbookText(cli.path("w.xlsx"), cells: true)
        #expect(text.contains("conjunto não pontuado") && text.contains("pré: SUS: os itens 5, 6 estão sem resposta"), "\(text)")
    }
}
