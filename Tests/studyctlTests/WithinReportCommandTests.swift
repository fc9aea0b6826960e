import Foundation
import Testing

/// A pt-BR study built from the command line whose SUS was answered before and after a redesign and under three
/// prototypes: the report (markdown and LaTeX), the workbook and the CSV files carry the within-subject section and
/// tables, in the terminal's words. (The numbers are checked against pingouin in ReportsTests' WithinReportTests,
/// on the same answers.)
@Suite struct WithinReportCommandTests {
    static let answers: [String: [String]] = [
        "pre": ["3222434342", "3233333423", "3242313343", "3343434341", "3432423332", "4333434332", "3333233322", "4244342323", "3243233434", "2323334442", "4332233243", "3222423223"],
        "pos": ["2232423223", "3152324443", "4433344342", "3332433152", "4442234133", "3133334333", "3143534232", "4252433132", "2233424253", "3343434341", "3432222343"],
        "A": ["4442222342", "2341333242", "3333333342", "5342222334", "3322323342", "4253435232", "3433432444", "2333344453", "2432413323", "2333433332", "4342424342", "4253324322"],
        "B": ["3333333342", "3332434152", "4324433124", "3134435332", "3134443432", "4332435342", "4223433232", "3333534332", "4343422322", "3443534332", "3344324352", "3433324322"],
        "C": ["3131325232", "5254424343", "3243423241", "4253545121", "5331315242", "5151523142", "3242432333", "4241442221", "3242543233", "3323225342", "3341423142", "3442435233"],
    ]

    func build(_ cli: StudyCtl) throws {
        try cli.succeed(["init", "--title", "Protótipos", "--language", "pt-BR"])
        for index in 1...12 { try cli.succeed(["participant", "add", String(format: "P%02d", index)]) }
        try cli.succeed(["condition", "add", "protótipo", "--levels", "A,B,C"])
        for (name, rows) in Self.answers {
            var csv = "Participante," + (1...10).map { "q\($0)" }.joined(separator: ",") + "\n"
            for (index, row) in rows.enumerated() { csv += String(format: "P%02d", index + 1) + "," + row.map(String.init).joined(separator: ",") + "\n" }
            try cli.write("\(name).csv", csv)
        }
        try cli.succeed(["responses", "import", "pre.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "pré"])
        try cli.succeed(["responses", "import", "pos.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "pós"])
        for level in ["A", "B", "C"] {
            try cli.succeed(["responses", "import", "\(level).csv", "--instrument", "sus", "--participant-column", "Participante",
                             "--condition", "protótipo=\(level)"])
        }
    }

    @Test func reportWorkbookAndCSVCarryTheWithinSection() throws {
        let cli = try StudyCtl(language: nil)
        try build(cli)

        // The terminal and the report say each comparison alike.
        let terminal = try cli.succeed(["score", "sus", "--within", "protótipo", "--compare"])
        let line = "SUS: 12 participantes com todos os níveis de protótipo, médias 57,92 → 59,17 → 69,17"
        #expect(terminal.contains(line), "\(terminal)")
        #expect(terminal.contains("  ANOVA de medidas repetidas: F(2, 22) = 13,24; p < 0,001; ε de Greenhouse–Geisser = 0,906, p < 0,001 corrigido; W de Mauchly = 0,896, p = 0,578; η² generalizado = 0,315"))
        #expect(terminal.contains("    A → C: t pareado(11) = 5,61; p < 0,001 ajustado por Holm; dz = 1,62"), "\(terminal)")
        let occasions = try cli.succeed(["score", "sus", "--within", "occasion", "--compare"])
        #expect(occasions.contains("SUS: 11 participantes com todas as ocasiões, médias 55,23 → 62,50"), "\(occasions)")

        try cli.succeed(["report", "--detail", "full", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("**Dentro dos participantes: ocasião (pré → pós)**"))
        #expect(report.contains("**Dentro dos participantes: protótipo (A → B → C)**"))
        #expect(report.contains("| Escore | n | Deixados de fora | Médias (pré → pós) | Teste | Estatística | gl | p | Diferença das médias | IC 95 % da diferença | Tamanho de efeito |"))
        #expect(report.contains("| SUS | 11 | 1 | 55,23 → 62,50 | t pareado | 1,86 | 10 | 0,092 | 7,27 | [-1,44; 15,98] | dz = 0,56 |"), "\(report)")
        #expect(report.contains("| SUS | 12 | 0 | 57,92 → 59,17 → 69,17 | F da ANOVA-MR | 13,24 | 2; 22 | < 0,001 | η²G = 0,315 |"))
        #expect(report.contains(line + ". ANOVA de medidas repetidas: F(2, 22) = 13,24;"))
        #expect(report.contains("| SUS | A | C | 12 | 11,25 | [6,83; 15,67] | 5,61 | 11 | < 0,001 | < 0,001 | 1,62 |"), "the Holm pairs")
        // The measurement as people read it; the methods state the design and cite the tests.
        #expect(report.contains("| P01 | protótipo: A | 57,50 |") && !report.contains("pós;"))
        #expect(report.contains("SUS foi respondido pelos mesmos participantes sob as ocasiões (pré, pós) e os níveis de protótipo (A, B, C), que variam dentro dos participantes."))
        #expect(report.contains("ocasiões: 11 participantes com todos os níveis, deixados de fora: 1"))
        #expect(report.contains("(GREENHOUSE; GEISSER, 1959)") && report.contains("GREENHOUSE, S. W.; GEISSER, S. On methods in the analysis of profile data."))

        // LaTeX: the same tables as longtables, the heading in bold, the labels plain ASCII.
        try cli.succeed(["report", "-o", "tex", "--format", "latex"])
        let latex = try String(contentsOfFile: cli.path("tex/report.tex"), encoding: .utf8)
        #expect(latex.contains("\\textbf{Dentro dos participantes: protótipo (A → B → C)}"))
        #expect(latex.contains("\\caption{Dentro dos participantes: SUS por protótipo (A → B → C)}\\label{tab:sus_within_prototipo-"))
        #expect(latex.contains("\\label{tab:sus_within_prototipo_pairs-"))

        // The workbook's sheets, and the CSV files (the measurement split into occasion and protótipo).
        #expect(try cli.succeed(["export", "xlsx", "estudo.xlsx"]).contains("estudo.xlsx"))
        let workbook = try unzip(cli.path("estudo.xlsx"), "xl/workbook.xml")
        #expect(workbook.contains("name=\"Dentro dos participantes\"") && workbook.contains("name=\"Pares (Holm)\"") && !workbook.contains("ANOVA mista"))
        let written = try cli.succeed(["export", "csv", "tabelas"])
        #expect(written.contains("within_comparisons.csv, within_pairs.csv"), "\(written)")
        let within = try String(contentsOfFile: cli.path("tabelas/within_comparisons.csv"), encoding: .utf8)
        #expect(within.hasPrefix("instrument,factor,task,occasion,protótipo,score,levels,n_complete,left_out,means,"))
        #expect(within.contains("\nsus,occasion,,,,SUS,pré;pós,11,1,") && within.contains("\nsus,protótipo,,,,SUS,A;B;C,12,0,"))
        let scores = try String(contentsOfFile: cli.path("tabelas/scores.csv"), encoding: .utf8)
        #expect(scores.hasPrefix("participant,group,instrument,task,score,value,items_answered,items,occasion,protótipo\n"))
        #expect(scores.contains("\nP01,,sus,,SUS,57.5,10,10,,A\n") && scores.contains("\nP01,,sus,,SUS,62.5,10,10,pré,\n"))
        // The answers alone, streamed: the same split.
        try cli.succeed(["export", "xlsx", "respostas.xlsx", "--only", "responses"])
        let answers = try unzip(cli.path("respostas.xlsx"), "xl/worksheets/sheet1.xml")
        #expect(answers.contains(">protótipo<") && !answers.contains("protótipo=A"), "\(answers.prefix(2000))")
    }

    /// A part of a zip (an xlsx) as text.
    func unzip(_ file: String, _ part: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-p", file, part]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
