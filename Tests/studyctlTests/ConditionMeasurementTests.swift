import Foundation
import Testing

/// A measurement is occasion × condition levels: `respond` and `responses import` take `--condition`, every output
/// names the condition, and `score --within FACTOR --compare` compares its levels within participants.
@Suite struct ConditionMeasurementTests {
    /// Eight participants answer the SUS after prototypes A, B and C; P08 never saw C. The files are those the
    /// reference script below writes.
    static let files = [
        "A": "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP01,3,2,3,2,3,2,3,2,3,2\nP02,4,3,4,3,4,3,4,3,4,3\nP03,5,2,5,2,5,2,5,2,5,2\nP04,3,3,3,3,3,3,3,3,3,3\nP05,4,2,4,2,4,2,4,2,4,2\nP06,5,3,5,3,5,3,5,3,5,3\nP07,3,2,3,2,3,2,3,2,3,2\nP08,4,3,4,3,4,3,4,3,4,3\n",
        "B": "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP01,5,1,5,1,5,1,5,1,5,1\nP02,5,2,5,2,5,2,5,2,5,2\nP03,4,1,4,1,4,1,4,1,4,1\nP04,5,2,5,2,5,2,5,2,5,2\nP05,5,1,5,1,5,1,5,1,5,1\nP06,4,2,4,2,4,2,4,2,4,2\nP07,5,1,5,1,5,1,5,1,5,1\nP08,5,2,5,2,5,2,5,2,5,2\n",
        "C": "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP01,4,3,4,3,4,3,4,3,4,3\nP02,2,4,2,4,2,4,2,4,2,4\nP03,3,3,3,3,3,3,3,3,3,3\nP04,4,4,4,4,4,4,4,4,4,4\nP05,2,3,2,3,2,3,2,3,2,3\nP06,3,4,3,4,3,4,3,4,3,4\nP07,4,3,4,3,4,3,4,3,4,3\n",
    ]

    func prototypes(_ cli: StudyCtl) throws {
        try cli.succeed(["init", "--title", "Protótipos", "--language", "pt-BR"])
        for n in 1...8 { try cli.succeed(["participant", "add", String(format: "P%02d", n)]) }
        try cli.succeed(["condition", "add", "protótipo", "--levels", "A,B,C"])
        for level in ["A", "B", "C"] {
            try cli.write("sus_\(level).csv", Self.files[level]!)
            try cli.succeed(["responses", "import", "sus_\(level).csv", "--instrument", "sus", "--participant-column", "Participante",
                             "--condition", "protótipo=\(level.lowercased())"])
        }
    }

    @Test func everyOutputNamesTheCondition() throws {
        let cli = try StudyCtl(language: nil)
        try prototypes(cli)
        let text = try cli.succeed(["score", "sus"])
        #expect(text.contains("protótipo: A · Todos  SUS           8"), "\(text)")
        #expect(text.contains("protótipo: C · Todos  SUS           7"), "\(text)")
        #expect(!text.contains("\nTodos "), "\(text)")
        #expect(text.contains("Cada ocasião e condição é resumida à parte"), "\(text)")
        // Tidy CSV: one column per factor, the level as the study spells it.
        let csv = try cli.succeed(["score", "sus", "--csv"])
        #expect(csv.hasPrefix("participant,task,protótipo,group,SUS,"), "\(csv)")
        #expect(csv.contains("\nP01,,A,,62.5,") && csv.contains("\nP01,,B,,100.0,") && csv.contains("\nP07,,C,,62.5,"), "\(csv)")
        let json = try JSONSerialization.jsonObject(with: Data(cli.succeed(["score", "sus", "--json"]).utf8)) as! [String: Any]
        let rows = json["rows"] as! [[String: Any]]
        #expect(rows.count == 23)
        #expect(rows.allSatisfy { ($0["conditions"] as? [String: String])?["protótipo"] != nil && $0["occasion"] == nil })
        let overall = json["overall"] as! [[String: Any]]
        #expect(overall.map { ($0["conditions"] as? [String: String])?["protótipo"] } == ["A", "B", "C"])
        // One condition chosen: its sets alone, with per-item statistics and α.
        let b = try cli.succeed(["score", "sus", "--condition", "protótipo=b"])
        #expect(b.contains("8 conjuntos de respostas") && b.contains("α de Cronbach") && b.contains("\nTodos "), "\(b)")
        let none = try cli.fail(["score", "sus", "--condition", "protótipo=D"])
        #expect(none.stderr.contains("Nenhum conjunto de respostas de sus foi dado em protótipo=D (os conjuntos: protótipo=A, protótipo=B, protótipo=C)"), "\(none.stderr)")
        // A participant holds one set per measurement, and the refusal names it.
        let again = try cli.fail(["respond", "P01", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3", "--condition", "protótipo=A"])
        #expect(again.stderr.contains("já tem respostas de sus (protótipo=A)"), "\(again.stderr)")
        try cli.succeed(["respond", "P08", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3", "--condition", "protótipo=C", "--occasion", "pós"])
        #expect(try cli.succeed(["score", "sus", "--csv"]).hasPrefix("participant,task,occasion,protótipo,group,SUS,"))
        // Unknown levels and occasions that would read back as conditions are refused, and nothing is stored.
        let unknown = try cli.fail(["respond", "P08", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3", "--condition", "protótipo=Z"])
        #expect(unknown.stderr.contains("não tem o nível 'Z'"), "\(unknown.stderr)")
        let equals = try cli.fail(["responses", "import", "sus_A.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "protótipo=A"])
        #expect(equals.stderr.contains("uma ocasião não pode conter ';' nem '='"), "\(equals.stderr)")
        #expect(try cli.succeed(["score", "sus", "--json"]).components(separatedBy: "\"participant\"").count - 1 == 24)
    }

    /// Values from pingouin 0.7.0 / scipy 1.17.1 over the seven complete blocks:
    ///   /tmp/pg/bin/python ref.py   (writes the three files above; then)
    ///   pg.rm_anova(data=complete, dv="sus", within="proto", subject="p", correction=True)
    ///     → F = 25.125, p_unc = 0.000051, p_GG_corr = 0.000269, ng2 = 0.729393, eps = 0.783217, W_spher = 0.723214
    ///   st.friedmanchisquare(A, B, C) → 11.565217391304348, p = 0.0030806683904541776
    ///   pg.pairwise_tests(..., within="proto", subject="p", padjust="holm")
    ///     → A–B T = -3.652685 p_corr 0.021344; A–C T = 2.828427 p_corr 0.030020; B–C T = 9.682458 p_corr 0.000209
    @Test func levelsAreComparedWithinParticipants() throws {
        let cli = try StudyCtl(language: nil)
        try prototypes(cli)
        let out = try cli.succeed(["score", "sus", "--within", "protótipo", "--compare"])
        #expect(out.contains("Níveis de protótipo comparados dentro dos participantes (A → B → C)"), "\(out)")
        #expect(out.contains("SUS: 7 participantes com todos os níveis de protótipo"), "\(out)")
        #expect(out.contains("Deixados de fora (respostas em só alguns níveis de protótipo): 1"), "\(out)")
        let json = try JSONSerialization.jsonObject(with: Data(cli.succeed(["score", "sus", "--within", "PROTÓTIPO", "--compare", "--json"]).utf8)) as! [String: Any]
        let within = (json["within"] as! [[String: Any]]).first { $0["score"] as? String == "SUS" }!
        #expect(within["factor"] as? String == "protótipo")
        let comparison = within["comparison"] as! [String: Any]
        #expect(comparison["levels"] as? [String] == ["A", "B", "C"])
        #expect(comparison["n"] as? Int == 7 && comparison["leftOut"] as? Int == 1)
        // Numbers, Mauchly's flags (mauchlySingular, mauchlyUndefined: null when the test is defined) beside them.
        let anova = (comparison["anova"] as! [String: Any]).compactMapValues { $0 as? Double }
        func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-5) -> Bool { a.map { abs($0 - b) <= tolerance * max(1, abs(b)) } ?? false }
        #expect(close(anova["statistic"], 25.125) && close(anova["epsilon"], 0.783217) && close(anova["generalisedEtaSquared"], 0.729393))
        #expect(close(anova["pGreenhouseGeisser"], 0.000269, 1e-3) && close(anova["mauchlyW"], 0.723214))
        #expect((comparison["anova"] as! [String: Any])["mauchlySingular"] as? Bool == false)
        let friedman = comparison["friedman"] as! [String: Any]
        #expect(close(friedman["statistic"] as? Double, 11.565217391304348, 1e-12) && close(friedman["p"] as? Double, 0.0030806683904541776, 1e-12))
        let pairs = comparison["pairs"] as! [[String: Any]]
        let holm = pairs.map { $0["pHolm"] as! Double }
        #expect(close(holm[0], 0.021344, 1e-4) && close(holm[1], 0.030020, 1e-4) && close(holm[2], 0.000209, 1e-3), "\(holm)")
        // A factor no set has is refused with the factors there are.
        let unknown = try cli.fail(["score", "sus", "--within", "tamanho", "--compare"])
        #expect(unknown.stderr.contains("--within aceita occasion, protótipo"), "\(unknown.stderr)")
        #expect(try cli.fail(["score", "sus", "--within", "protótipo", "--compare", "--condition", "protótipo=A"]).stderr.contains("Escolha um de --within protótipo e --condition"))
    }

    /// A stratum: the prototypes compared on each occasion apart (never pré and pós in one sample).
    @Test func levelsAreComparedWithinEachOccasion() throws {
        let cli = try StudyCtl(language: "en")
        try cli.succeed(["init", "--title", "Strata"])
        for n in 1...4 { try cli.succeed(["participant", "add", "P\(n)"]) }
        try cli.succeed(["condition", "add", "layout", "--levels", "A,B"])
        let answers = ["3,3,3,3,3,3,3,3,3,3", "4,2,4,2,4,2,4,2,4,2", "5,1,5,1,5,1,5,1,5,1", "4,3,4,3,4,3,4,3,4,3"]
        for (n, pre) in answers.enumerated() {
            try cli.succeed(["respond", "P\(n + 1)", "sus", "--answers", pre, "--condition", "layout=A", "--occasion", "pre"])
            try cli.succeed(["respond", "P\(n + 1)", "sus", "--answers", answers[(n + 1) % 4], "--condition", "layout=B", "--occasion", "pre"])
            try cli.succeed(["respond", "P\(n + 1)", "sus", "--answers", answers[(n + 2) % 4], "--condition", "layout=A", "--occasion", "post"])
            try cli.succeed(["respond", "P\(n + 1)", "sus", "--answers", answers[(n + 3) % 4], "--condition", "layout=B", "--occasion", "post"])
        }
        let out = try cli.succeed(["score", "sus", "--within", "layout", "--compare"])
        #expect(out.contains("pre · SUS: 4 participants with every level of layout"), "\(out)")
        #expect(out.contains("post · SUS: 4 participants with every level of layout"), "\(out)")
        let byOccasion = try cli.succeed(["score", "sus", "--within", "occasion", "--compare"])
        #expect(byOccasion.contains("layout: A · SUS: 4 participants with every occasion"), "\(byOccasion)")
        let csv = try cli.succeed(["score", "sus", "--csv", "--summary"])
        #expect(csv.hasPrefix("group,task,occasion,layout,score,"), "\(csv)")
        #expect(csv.contains("\nall,,pre,A,SUS,4,") && csv.contains("\nall,,post,B,SUS,4,"), "\(csv)")
    }

    /// `respond --condition` stores a per-task questionnaire under the key the session logger uses, so the SEQ is
    /// read per device by `tasks summary`, and `responses import --long` takes the condition too.
    @Test func perTaskAnswersLineUpWithSessions() throws {
        let cli = try StudyCtl(language: "en")
        try cli.succeed(["init", "--title", "Devices"])
        try cli.succeed(["task", "add", "T1", "--title", "Find"])
        try cli.succeed(["condition", "add", "device", "--levels", "phone,desktop"])
        for n in 1...3 {
            try cli.succeed(["participant", "add", "P\(n)"])
            for (device, seq) in [("phone", 3), ("desktop", 6)] {
                try cli.succeed(["attempt", "add", "P\(n)", "T1", "--condition", "device=\(device)", "--time", "30", "--outcome", "success"])
                try cli.succeed(["respond", "P\(n)", "seq", "--task", "T1", "--condition", "device=\(device)", "--answers", String(seq + n % 2)])
            }
        }
        let summary = try cli.succeed(["tasks", "summary", "--by", "device", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(summary.utf8)) as! [String: Any]
        let text = String(describing: json)
        #expect(text.contains("3.666666666666") && text.contains("6.666666666666"), "\(summary)")
        // The long format: one row per answer, all under one condition.
        try cli.succeed(["participant", "add", "P4"])
        try cli.write("long.csv", "participant,instrument,task,item,value\nP4,seq,T1,1,5\n")
        try cli.succeed(["responses", "import", "long.csv", "--long", "--condition", "device=phone"])
        let seq = try cli.succeed(["score", "seq", "--csv"])
        #expect(seq.contains("\nP4,T1,phone,,5.0"), "\(seq)")
        let twice = try cli.fail(["responses", "import", "long.csv", "--long", "--condition", "device=phone"])
        #expect(twice.stderr.contains("P4") && twice.stderr.contains("device=phone"), "\(twice.stderr)")
    }
}
