import Foundation
import Testing

/// Every demo study's report body, and the within design with age groups, `\\input` in a minimal abnTeX2 thesis beside
/// the thesis's own `referencias.bib` (which defines `brooke1996`, as a thesis about the SUS does), compiled as a
/// student would (pdflatex, bibtex, pdflatex twice): BibTeX finds no repeated entry, the log no line more than 1 pt
/// past the text block, and no page but the body's last holds less than a quarter of a page (measured as the share of
/// the text block that the page's ink spans, so a page with only a heading, or only a table's note, is found, and a
/// page of figure is not).
@Suite struct ThesisLayoutTests {
    static let tools = ["/usr/bin/pdflatex", "/usr/bin/bibtex", "/usr/bin/pdftotext", "/usr/bin/pdftoppm"]
    static let abntex2 = "/usr/share/texlive/texmf-dist/tex/latex/abntex2/abntex2.cls"
    static var available: Bool {
        tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } && FileManager.default.fileExists(atPath: abntex2)
    }

    @Test(.enabled(if: ThesisLayoutTests.available, "needs pdflatex, bibtex, pdftotext, pdftoppm and abnTeX2 (texlive-publishers; scripts/install-deps.sh --tests)"))
    func everyDemoStudyFitsTheThesisPage() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        // The within design with age groups: the redesign study grouped by a banded age.
        try FileManager.default.copyItem(atPath: cli.path("out/redesign/redesign.sqlite"), toPath: cli.path("age.sqlite"))
        try cli.succeed(["participant", "derive", "grupo_etário", "--from", "Idade", "--rule", "<30:18–29,*:30 ou mais", "--db", "age.sqlite"])
        try cli.succeed(["report", "--by", "grupo_etário", "--format", "latex", "-o", "out/age", "--db", "age.sqlite"])
        try cli.succeed(["report", "--by", "grupo_etário", "--format", "latex", "--language", "en", "-o", "out/age-en", "--db", "age.sqlite"])
        // Three age groups of four: the tasks compared between three groups within each prototype, the widest table.
        try FileManager.default.copyItem(atPath: cli.path("out/redesign/redesign.sqlite"), toPath: cli.path("age3.sqlite"))
        try cli.succeed(["participant", "derive", "faixa", "--from", "Idade", "--rule", "<27:22–26,<34:27–33,*:34 ou mais", "--db", "age3.sqlite"])
        try cli.succeed(["report", "--by", "faixa", "--format", "latex", "--detail", "full", "-o", "out/age3", "--db", "age3.sqlite"])
        var folders: [(String, String, String)] = []
        for name in ["uitracking", "codeforall", "game-controls", "redesign"] {
            folders += [(name, "report-body", "brazil"), (name, "report-en-body", "english")]
        }
        folders += [("age", "report-body", "brazil"), ("age-en", "report-body", "english"), ("age3", "report-body", "brazil")]
        // The three-site benchmark (Tests/Fixtures/plan), in English and in Portuguese, grouped by site.
        let plan = AnalysisPlanTests.fixture
        try cli.succeed(["init", "--title", "Three-site benchmark", "--language", "en", "--db", "sites.sqlite"])
        try cli.succeed(["participant", "import", plan + "/sites-participants.csv", "--type", "site=text", "--db", "sites.sqlite"])
        try cli.succeed(["attempt", "import", plan + "/sites-attempts.csv", "--create-tasks", "--db", "sites.sqlite"])
        try cli.succeed(["report", "--by", "site", "--format", "latex", "--detail", "full", "-o", "out/sites", "--db", "sites.sqlite"])
        try cli.succeed(["report", "--by", "site", "--format", "latex", "--language", "pt-BR", "-o", "out/sites-pt", "--db", "sites.sqlite"])
        folders += [("sites", "report-body", "english"), ("sites-pt", "report-body", "brazil")]
        // Random designs (the analysis plan's property studies: attributes, conditions within or between, occasions,
        // exclusions), each grouped by its first attribute.
        for seed in [54, 1_234] as [UInt64] {
            let design = AnalysisPlanPropertyTests.generate(seed)
            let random = try StudyCtl()
            try AnalysisPlanPropertyTests().build(design, random)
            let by = design.by.map { ["--by", $0] } ?? []
            try random.succeed(["report", "--format", "latex", "--detail", "full", "--language", "pt-BR", "-o", cli.path("out/random-\(seed)")] + by)
            folders.append(("random-\(seed)", "report-body", "brazil"))
        }
        for (name, body, language) in folders {
            let folder = cli.path("out/\(name)")
            let result = try Self.compile(folder: folder, body: body, language: language)
            #expect(!result.bibtex.contains("Repeated entry"), "\(name)/\(body): \(result.bibtex)")
            #expect(result.overfull.isEmpty, "\(name)/\(body): \(result.overfull.count) overfull lines over 1 pt: \(result.overfull.prefix(5))")
            #expect(result.nearlyEmpty.isEmpty, "\(name)/\(body): pages less than a quarter full: \(result.nearlyEmpty) of \(result.pages)")
            // The thesis's own work and studyctl's are both in the list, each once.
            #expect(result.bbl.contains("\\bibitem") && result.bbl.contains("{brooke1996}") && result.bbl.contains("studyctl:"), "\(name)/\(body)")
        }
    }

    /// The brief chapter of the within design with age groups (14 participants, two occasions, three prototypes),
    /// compiled in abnTeX2, is a chapter a committee reads: at most 15 pages before the references, and its text holds
    /// no machine name (no underscore, no `name=value`) and no English word.
    @Test(.enabled(if: ThesisLayoutTests.available, "needs pdflatex, bibtex, pdftotext, pdftoppm and abnTeX2 (texlive-publishers; scripts/install-deps.sh --tests)"))
    func theBriefChapterIsShortAndPortuguese() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        try cli.succeed(["participant", "derive", "grupo_etário", "--from", "Idade", "--rule", "<30:18–29,*:30 ou mais", "--db", "out/redesign/redesign.sqlite"])
        try cli.succeed(["report", "--by", "grupo_etário", "--format", "latex", "--detail", "brief", "-o", "out/brief", "--db", "out/redesign/redesign.sqlite"])
        let folder = cli.path("out/brief")
        let result = try Self.compile(folder: folder, body: "report-body", language: "brazil")
        #expect(result.overfull.isEmpty, "\(result.overfull.prefix(5))")
        #expect(result.nearlyEmpty.isEmpty, "pages less than a quarter full: \(result.nearlyEmpty)")
        let text = try Self.run("/usr/bin/pdftotext", ["-layout", "thesis-brazil.pdf", "-"], in: folder)
        let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        let references = pages.firstIndex { $0.split(separator: "\n").contains { ["Referências", "REFERÊNCIAS"].contains($0.trimmingCharacters(in: .whitespaces)) } } ?? pages.count
        #expect(references > 3 && references <= 15, "the chapter fills \(references) pages")
        let body = pages[..<references].joined(separator: "\n")
        #expect(!body.contains("_"), "\(body.split(separator: "\n").filter { $0.contains("_") })")
        #expect(body.range(of: "[^\\s=]=[^\\s=]", options: .regularExpression) == nil,
                "\(body.split(separator: "\n").filter { $0.range(of: "[^\\s=]=[^\\s=]", options: .regularExpression) != nil })")
        #expect(ForeignWordCheck.english(in: body).isEmpty, "\(ForeignWordCheck.english(in: body))")
    }

    /// `report --bib-prefix` sets what every key of studyctl.bib and every citation of the body start with; a prefix
    /// BibTeX cannot hold in a key is refused before anything is written.
    @Test func theBibliographyPrefixIsTheResearchers() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Prefixos", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        // A folder named like the default template where the report is run is not taken for the template.
        try FileManager.default.createDirectory(atPath: cli.path("default"), withIntermediateDirectories: true)
        try cli.succeed(["report", "--format", "latex", "-o", "standard"])
        let standard = try String(contentsOfFile: cli.path("standard/studyctl.bib"), encoding: .utf8)
        #expect(standard.contains("@incollection{studyctl:brooke1996,") && !standard.contains("{brooke1996,"))
        try cli.succeed(["report", "--format", "latex", "--bib-prefix", "sc-", "-o", "tex"])
        let bib = try String(contentsOfFile: cli.path("tex/studyctl.bib"), encoding: .utf8)
        let body = try String(contentsOfFile: cli.path("tex/report-body.tex"), encoding: .utf8)
        #expect(bib.contains("@incollection{sc-brooke1996,"), "\(bib.prefix(400))")
        #expect(body.contains("\\cite{sc-brooke1996}"), "\(body.prefix(2000))")
        let refused = try cli.run(["report", "--format", "latex", "--bib-prefix", "a b", "-o", "bad"])
        #expect(refused.status != 0 && refused.stderr.contains("--bib-prefix"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("bad")))
    }

    struct Compiled {
        var bibtex: String
        var overfull: [String]
        /// The pages (1-based) whose ink spans less than a quarter of the text block, the body's last page aside.
        var nearlyEmpty: [Int]
        var pages: Int
        var bbl: String
    }

    /// Writes `thesis-LANGUAGE.tex` (and the thesis's own `referencias.bib`) into `folder` and compiles it.
    static func compile(folder: String, body: String, language: String) throws -> Compiled {
        let english = language == "english"
        let own = """
            @incollection{brooke1996,
              author = {Brooke, J.}, year = {1996}, title = {{SUS}: a quick and dirty usability scale},
              booktitle = {Usability evaluation in industry}, publisher = {Taylor \\& Francis}, address = {London}, pages = {189--194}
            }
            """
        try Data(own.utf8).write(to: URL(fileURLWithPath: folder + "/referencias.bib"))
        let thesis = ["\\documentclass[12pt,a4paper,oneside,\(language)]{abntex2}", "\\usepackage[T1]{fontenc}", "\\usepackage[utf8]{inputenc}",
                      english ? "\\usepackage[apa]{studyctl}\n\\usepackage{natbib}" : "\\usepackage{studyctl}\n\\usepackage[alf]{abntex2cite}",
                      "\\begin{document}", "\\textual", "\\chapter{Resultados}",
                      // The thesis cites its own work by its own key, as studyctl's never clashes with it.
                      english ? "As \\citet{brooke1996} proposed." : "Conforme \\citeonline{brooke1996}.",
                      "\\input{\(body)}", "\\postextual",
                      english ? "\\bibliographystyle{apalike}" : "", "\\bibliography{referencias,studyctl}", "\\end{document}"].joined(separator: "\n")
        let base = "thesis-\(language)"
        try Data(thesis.utf8).write(to: URL(fileURLWithPath: folder + "/\(base).tex"))
        _ = try run("/usr/bin/pdflatex", ["-interaction=nonstopmode", base + ".tex"], in: folder)
        let bibtex = try run("/usr/bin/bibtex", [base], in: folder)
        _ = try run("/usr/bin/pdflatex", ["-interaction=nonstopmode", base + ".tex"], in: folder)
        _ = try run("/usr/bin/pdflatex", ["-interaction=nonstopmode", base + ".tex"], in: folder)
        let log = try String(contentsOfFile: folder + "/\(base).log", encoding: .isoLatin1)
        let overfull = log.split(separator: "\n").filter { line in
            guard line.hasPrefix("Overfull \\hbox ("), let end = line.range(of: "pt too wide") else { return false }
            return (Double(line[line.index(line.startIndex, offsetBy: 16)..<end.lowerBound]) ?? 0) > 1
        }.map(String.init)
        let fills = try pageFills(folder + "/\(base).pdf")
        // The reference list starts a page of its own: the body ends on the page before it.
        var references = fills.count + 1
        for page in 1...max(fills.count, 1) {
            let text = try run("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", base + ".pdf", "-"], in: folder)
            if text.split(separator: "\n").contains(where: { ["Referências", "References", "REFERÊNCIAS", "REFERENCES"].contains($0.trimmingCharacters(in: .whitespaces)) }) {
                references = page
                break
            }
        }
        let nearlyEmpty = fills.enumerated().filter { $0.offset + 1 < references - 1 && $0.element < 0.25 }.map { $0.offset + 1 }
        let bbl = (try? String(contentsOfFile: folder + "/\(base).bbl", encoding: .isoLatin1)) ?? ""
        return Compiled(bibtex: bibtex, overfull: overfull, nearlyEmpty: nearlyEmpty, pages: fills.count, bbl: bbl)
    }

    /// Per page, the share of the text block (A4 with ABNT margins: 3 cm top and left, 2 cm bottom and right) that the
    /// page's ink spans: the area of the box around every dark pixel inside it, over the block's area.
    static func pageFills(_ pdf: String) throws -> [Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try run("/usr/bin/pdftoppm", ["-gray", "-r", "20", pdf, folder.appendingPathComponent("p").path], in: folder.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pgm") }
            .sorted { Int($0.filter(\.isNumber)) ?? 0 < Int($1.filter(\.isNumber)) ?? 0 }
        return try files.map { file in
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            // P5 (binary greymap): "P5\nW H\n255\n" then W × H bytes.
            var fields: [Int] = []
            var index = 2
            while fields.count < 3 {
                while index < data.count, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
                var number = 0
                while index < data.count, (0x30...0x39).contains(data[index]) { number = number * 10 + Int(data[index] - 0x30); index += 1 }
                fields.append(number)
            }
            let (width, height) = (fields[0], fields[1])
            let pixels = data.suffix(width * height)
            let start = pixels.startIndex
            let (top, bottom) = (Int(Double(height) * 2.8 / 29.7), Int(Double(height) * 27.9 / 29.7))
            let (left, right) = (Int(Double(width) * 2.8 / 21), Int(Double(width) * 19.2 / 21))
            var (lowX, highX, lowY, highY) = (Int.max, -1, Int.max, -1)
            for y in top..<bottom {
                for x in left..<right where pixels[start + y * width + x] < 200 {
                    lowX = min(lowX, x); highX = max(highX, x); lowY = min(lowY, y); highY = max(highY, y)
                }
            }
            guard highX >= 0 else { return 0 }
            return Double((highX - lowX + 1) * (highY - lowY + 1)) / Double((right - left) * (bottom - top))
        }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
