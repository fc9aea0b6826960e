import Foundation
import Testing

/// The same participants measured on two occasions: never pooled into one sample, compared within participants.
@Suite struct WithinSubjectTests {
    /// Twelve participants answer the SUS before a redesign; eleven of them again after it.
    func prePost(_ cli: StudyCtl) throws {
        try cli.succeed(["init", "--title", "Reprojeto", "--language", "pt-BR"])
        let pre: [[Int]] = [[3, 3, 3, 3, 3, 3, 3, 3, 3, 3], [4, 2, 3, 3, 4, 2, 3, 3, 4, 2], [3, 3, 4, 2, 3, 3, 4, 2, 3, 3],
                            [2, 4, 2, 4, 2, 4, 2, 4, 2, 4], [3, 2, 3, 2, 3, 2, 3, 2, 3, 2], [4, 3, 4, 3, 4, 3, 4, 3, 4, 3],
                            [3, 4, 3, 4, 3, 4, 3, 4, 3, 4], [2, 3, 2, 3, 2, 3, 2, 3, 2, 3], [4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
                            [3, 3, 2, 2, 3, 3, 2, 2, 3, 3], [2, 2, 2, 2, 2, 2, 2, 2, 2, 2], [3, 2, 2, 3, 3, 2, 2, 3, 3, 2]]
        var preCSV = "participante," + (1...10).map { "q\($0)" }.joined(separator: ",") + "\n"
        var postCSV = preCSV
        for (index, answers) in pre.enumerated() {
            let code = String(format: "P%02d", index + 1)
            try cli.succeed(["participant", "add", code])
            preCSV += code + "," + answers.map(String.init).joined(separator: ",") + "\n"
            // After the redesign: odd items up by 0, 1 or 2 points, even items down by one point for every other
            // participant (where the scale allows).
            let post = answers.enumerated().map { $0.offset % 2 == 0 ? min(5, $0.element + index % 3) : max(1, $0.element - index % 2) }
            if index < 11 { postCSV += code + "," + post.map(String.init).joined(separator: ",") + "\n" }
        }
        try cli.write("pre.csv", preCSV)
        try cli.write("pos.csv", postCSV)
        try cli.succeed(["responses", "import", "pre.csv", "--instrument", "sus", "--participant-column", "participante", "--occasion", "pré"])
        try cli.succeed(["responses", "import", "pos.csv", "--instrument", "sus", "--participant-column", "participante", "--occasion", "pós"])
    }

    @Test func eachOccasionIsSummarisedApart() throws {
        let cli = try StudyCtl(language: nil)
        try prePost(cli)
        let text = try cli.succeed(["score", "sus"])
        // No "Todos" row pools the two occasions: one per occasion, n counted in participants.
        #expect(text.contains("pré · Todos  SUS           12"), "\(text)")
        #expect(text.contains("pós · Todos  SUS           11"), "\(text)")
        #expect(!text.contains("\nTodos "), "\(text)")
        #expect(text.contains("Cada ocasião é resumida à parte"))
        // Every row names its occasion: the participant table, CSV and JSON.
        #expect(text.contains("Ocasião"))
        let csv = try cli.succeed(["score", "sus", "--csv"])
        #expect(csv.hasPrefix("participant,task,occasion,group,SUS,"))
        #expect(csv.contains("\nP01,,pré,,") && csv.contains("\nP01,,pós,,"))
        let summary = try cli.succeed(["score", "sus", "--csv", "--summary"])
        #expect(summary.contains("\nall,,pré,SUS,12,") && summary.contains("\nall,,pós,SUS,11,"), "\(summary)")
        let json = try JSONSerialization.jsonObject(with: Data(cli.succeed(["score", "sus", "--json"]).utf8)) as! [String: Any]
        let overall = json["overall"] as! [[String: Any]]
        #expect(overall.map { $0["occasion"] as? String } == ["pré", "pós"])
        #expect((json["rows"] as! [[String: Any]]).allSatisfy { ($0["occasion"] as? String) != nil })
        // One occasion chosen: its sets alone, with per-item statistics and α.
        let post = try cli.succeed(["score", "sus", "--occasion", "PÓS"])
        #expect(post.contains("11 conjuntos de respostas") && post.contains("α de Cronbach"), "\(post)")
        let unknown = try cli.fail(["score", "sus", "--occasion", "depois"])
        #expect(unknown.stderr.contains("Nenhum conjunto de respostas de sus tem a ocasião 'depois' (ocasiões: pré, pós)"), "\(unknown.stderr)")
    }

    /// Paired t-test and Wilcoxon over the eleven complete pairs (P12 left out and said); values from scipy 1.17.1:
    ///   python3 -c "from scipy import stats; a=[...]; b=[...]; print(stats.ttest_rel(b, a), stats.wilcoxon(b, a))"
    /// with each participant's SUS pré (a) and pós (b) from `studyctl score sus --csv`.
    @Test func occasionsAreComparedWithinParticipants() throws {
        let cli = try StudyCtl(language: nil)
        try prePost(cli)
        let csv = try cli.succeed(["score", "sus", "--csv"])
        var pre: [String: Double] = [:], post: [String: Double] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            if cells[2] == "pré" { pre[String(cells[0])] = Double(cells[4]) } else { post[String(cells[0])] = Double(cells[4]) }
        }
        #expect(pre.count == 12 && post.count == 11)
        let out = try cli.succeed(["score", "sus", "--within", "occasion", "--compare"])
        #expect(out.contains("Ocasiões comparadas dentro dos participantes (pré → pós)"), "\(out)")
        #expect(out.contains("SUS: 11 participantes com todas as ocasiões"), "\(out)")
        #expect(out.contains("Deixados de fora (respostas em só algumas ocasiões): 1"))
        // scipy: ttest_rel t = 5.305557102719069, p = 0.0003447914623627496, CI [8.305072057748873, 20.331291578614763],
        // dz = 1.5996856557749306; wilcoxon T = 0.0, p = 0.00390625 (ties and zeros, ten or fewer pairs: permutation).
        #expect(out.contains("Teste t pareado: t(10) = 5,31; p < 0,001; dz = 1,60; diferença média 14,32, IC 95 % [8,31; 20,33]"), "\(out)")
        #expect(out.contains("Wilcoxon dos postos sinalizados: T = 0,0; p = 0,004 (exato sobre todas as combinações de sinais, pois há empates ou zeros)"), "\(out)")
        // Refusals say how to choose.
        #expect(try cli.fail(["score", "sus", "--within", "occasion"]).stderr.contains("--within junto com --compare"))
        try cli.succeed(["respond", "P01", "umux-lite", "--answers", "6,6"])
        #expect(try cli.fail(["score", "umux-lite", "--within", "occasion", "--compare"]).stderr.contains("têm uma só ocasião"))
    }

    /// The report, CSV and workbook name the occasion of every score and mean; nothing averages the two occasions.
    @Test func reportAndTablesArePerOccasion() throws {
        let cli = try StudyCtl(language: nil)
        try prePost(cli)
        try cli.succeed(["report", "--detail", "full", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("| P01 | pré | ") && report.contains("| P01 | pós | "), "\(report)")
        #expect(report.contains("**Média pré (n = 12)**") && report.contains("**Média pós (n = 11)**"), "\(report)")
        #expect(report.contains("| pré · SUS | ") && report.contains("| pós · SUS | "), "norms per occasion")
        #expect(report.contains("**pré · Todos**") && report.contains("**pós · Todos**"))
        #expect(!report.contains("| **Todos** |") && !report.contains("Média geral"))
        // No histogram or per-item chart counting a participant twice; the means per occasion instead.
        #expect(!report.contains("sus-distribution") && !report.contains("sus-likert"))
        #expect(report.contains("Escores médios por ocasião"))
        try cli.succeed(["export", "csv", "tables"])
        let scores = try String(contentsOfFile: cli.path("tables/scores.csv"), encoding: .utf8)
        #expect(scores.hasPrefix("participant,group,instrument,task,score,value,items_answered,items,occasion\n"))
        #expect(scores.contains("\nP12,,sus,,SUS,") && scores.contains(",pré\n") && scores.contains(",pós\n"))
        let summary = try String(contentsOfFile: cli.path("tables/summary.csv"), encoding: .utf8)
        #expect(summary.contains("sus,all,,pré,SUS,12,") && summary.contains("sus,all,,pós,SUS,11,"), "\(summary)")
        try cli.succeed(["export", "xlsx", "estudo.xlsx"])
    }

    /// Codes meet one score per participant: with two occasions, triangulation refuses until one is chosen.
    @Test func triangulationChoosesAnOccasion() throws {
        let cli = try StudyCtl(language: nil)
        try prePost(cli)
        try cli.write("p1.txt", "Achei o menu confuso no começo.\n")
        try cli.succeed(["transcript", "add", "P01", "p1.txt"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P01", "--excerpt", "Achei o menu confuso", "--code", "menu confuso", "--category", "Navegação"])
        let refused = try cli.fail(["codes", "triangulate", "--instrument", "sus"])
        #expect(refused.stderr.contains("vários conjuntos de respostas de sus") && refused.stderr.contains("ocasiões: pré, pós"), "\(refused.stderr)")
        let chosen = try cli.succeed(["codes", "triangulate", "--instrument", "sus", "--occasion", "pós"])
        #expect(chosen.contains("Navegação"), "\(chosen)")
    }

    /// A mixed design: a level attribute between participants, the occasions within. pingouin 2 `mixed_anova` on the
    /// complete blocks of this study (each participant's SUS from `score sus --csv`, groups from the attribute):
    ///   F between = 0.0303…, within = 30.05…, interaction = 1.0135… (the lines checked below, rounded as printed).
    @Test func mixedDesignGroupsByOccasions() throws {
        let cli = try StudyCtl(language: nil)
        try prePost(cli)
        for index in 1...12 { try cli.succeed(["participant", "set", String(format: "P%02d", index), "nível=\(index <= 6 ? "Iniciante" : "Avançado")"]) }
        let out = try cli.succeed(["score", "sus", "--by", "nível", "--within", "occasion", "--compare"])
        #expect(out.contains("Grupos por nível × ocasiões (pré → pós)"), "\(out)")
        #expect(out.contains("ANOVA mista, entre grupos (nível): F(1, 9) = "), "\(out)")
        #expect(out.contains("ANOVA mista, entre ocasiões: F(1, 9) = "))
        #expect(out.contains("ANOVA mista, interação: F(1, 9) = "))
        let json = try JSONSerialization.jsonObject(with: Data(cli.succeed(["score", "sus", "--by", "nível", "--within", "occasion", "--compare", "--json"]).utf8)) as! [String: Any]
        let mixed = try #require((json["mixed"] as? [[String: Any]])?.first?["comparison"] as? [String: Any])
        #expect(mixed["n"] as? Int == 11 && mixed["leftOut"] as? Int == 1)
        #expect((mixed["sources"] as? [[String: Any]])?.count == 3)
    }
}
