import Foundation
import Testing

@Suite struct QuestionnaireCommandTests {
    func study() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "UITracking", "--language", "pt-BR"])
        try cli.succeed(["participant", "import", Repository.path("datasets/uitracking/participants.csv")])
        return cli
    }

    func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    @Test func instrumentsListAndShowInBothLanguages() throws {
        let cli = try study()
        let list = try cli.succeed(["instrument", "list"])
        for id in ["sus", "pssuq", "pssuq-v2", "csuq", "umux", "umux-lite", "seq", "nasa-tlx"] { #expect(list.contains("\n\(id) ")) }
        // In the study's language (pt-BR) unless --language says otherwise.
        let pt = try cli.succeed(["instrument", "show", "sus"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(pt.contains("Pontuação: a fórmula do SUS [sus]; escores: SUS, Aprendizagem, Usabilidade"), "\(pt)")
        #expect(pt.contains(" 1. Acho que gostaria de utilizar este produto com frequência"))
        #expect(pt.contains("1 = Discordo totalmente"))
        let en = try cli.succeed(["instrument", "show", "pssuq", "--language", "en"])
        #expect(en.contains("16. Overall, I am satisfied with this system."))
        #expect(en.contains("Norms: Overall 2.82, SysUse 2.8, InfoQual 3.02, IntQual 2.49"))
        #expect(try cli.fail(["instrument", "show", "attrakdiff"]).stderr.contains("No instrument 'attrakdiff'."))
    }

    @Test func respondWithAnswersAndScoreByLevel() throws {
        let cli = try study()
        try cli.succeed(["participant", "derive", "level", "--from", "years_ios", "--rule", "<2:Iniciante,<=3:Intermediário,>3:Avançado"])
        let stored = try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        #expect(stored.contains("Stored sus answers of P1 (10 of 10 items)"))
        #expect(stored.contains("SUS 85.00, Learnability 87.50, Usability 84.38"))
        #expect(stored.contains("grade A+, Excellent, acceptable"), "in the command line's language (pinned to English in these tests)")
        try cli.succeed(["respond", "P2", "sus", "--answers", "3;3;3;3;3;3;3;3;3;3"])
        try cli.succeed(["respond", "P9", "sus", "--answers", "5,1,5,1,5,1,5,1,5,1"])
        try cli.succeed(["respond", "P10", "sus", "--answers", "1,2,3,1,2,3,1,2,3,1"])

        let result = try json(try cli.succeed(["score", "sus", "--by", "level", "--json"]))
        let rows = result["rows"] as! [[String: Any]]
        #expect(rows.map { ($0["scores"] as! [String: Double])["SUS"]! } == [85, 50, 100, 52.5])
        let groups = try #require(result["groups"] as? [[String: Any]])
        let beginnerGroup = try #require(groups.first { $0["name"] as? String == "Iniciante" })
        #expect(beginnerGroup["attribute"] as? String == "level")
        let beginners = try #require((beginnerGroup["summaries"] as? [[String: Any]])?.first { $0["score"] as? String == "SUS" })
        #expect((beginners["statistics"] as? [String: Any])?["mean"] as? Double == 67.5)
        #expect(beginners["grade"] as? String == "C")
        let overall = try #require((result["overall"] as? [[String: Any]])?.first)
        let all = try #require((overall["summaries"] as? [[String: Any]])?.first { $0["score"] as? String == "SUS" })
        #expect((all["statistics"] as? [String: Any])?["n"] as? Int == 4)
        #expect((all["test"] as? [String: Any])?["benchmark"] as? Double == 68)
        let names = groups.compactMap { $0["name"] as? String }
        #expect(names.firstIndex(of: "Iniciante")! < names.firstIndex(of: "Avançado")!, "groups follow the derivation rule's order")
        let interpretation = try #require((rows[0]["interpretation"] as? [String: Any])?["SUS"] as? [String: Any])
        #expect(interpretation["adjective"] as? String == "Excellent")
        #expect(interpretation["grade"] == nil, "no grade per participant")

        let table = try cli.succeed(["score", "sus", "--by", "level"])
        #expect(table.range(of: "Iniciante +SUS +67\\.50 +C +F to A\\+ +41–59 +48 +Good +marginal", options: .regularExpression) != nil, "\(table)")
        let csv = try cli.succeed(["score", "sus", "--csv"])
        #expect(csv.hasPrefix("participant,task,group,SUS,Learnability,Usability\nP1,,,85.0,87.5,84.375\n"))
        #expect(try cli.succeed(["score", "sus", "--csv", "--summary"]).contains("all,,SUS,4,71.875,"))
    }

    @Test func refusedAnswersStoreNothing() throws {
        let cli = try study()
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        #expect(try cli.fail(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"]).stderr
            .contains("Participant P1 already has sus answers"))
        let bad = try cli.fail(["respond", "P2", "sus", "--answers", "4,1,9,2,5,1,4,n,3,x"]).stderr
        #expect(bad.contains("participant P2, sus item 3: '9' is outside the 1–5 scale"))
        #expect(bad.contains("participant P2, sus item 8: item 8 does not accept N/A"))
        #expect(bad.contains("participant P2, sus item 10: 'x' is neither a number"))
        #expect(try cli.fail(["respond", "P2", "sus", "--answers", "4,1,5"]).stderr.contains("sus has 10 items; --answers gives 3 values"))
        #expect(try cli.fail(["respond", "P42", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3"]).stderr.contains("No participant P42"))
        #expect(try cli.fail(["respond", "P2", "seq", "--answers", "6"]).stderr.contains("seq is answered once per task; say which with --task KEY."))
        try cli.succeed(["respond", "P1", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3", "--replace"])
        let rows = try json(try cli.succeed(["score", "sus", "--json"]))["rows"] as! [[String: Any]]
        #expect((rows[0]["scores"] as! [String: Double])["SUS"] == 50)
    }

    @Test func interactiveEntryThroughAPipe() throws {
        let cli = try study()
        // 4, then a wrong 2 corrected with b, an out-of-range 9 re-asked, an N/A refused, then the rest.
        let input = "4\n2\nb\n1\n5\n9\nn\n2\n5\n1\n4\n2\n3\n1\n"
        let result = try cli.run(["--language", "pt-BR", "respond", "P3", "sus"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("[1/10] Acho que gostaria de utilizar este produto com frequência"))
        // The study is in Portuguese, so the session is too.
        #expect(result.stdout.contains("'9' está fora da escala 1–5. Tente de novo."))
        #expect(result.stdout.contains("o item 4 não aceita N/A. Tente de novo."))
        #expect(result.stdout.contains("Respostas: 1=4 2=1 3=5 4=2 5=5 6=1 7=4 8=2 9=3 10=1"))
        #expect(result.stdout.contains("SUS 85,00"))

        let before = try cli.dump("study.sqlite")
        let interrupted = try cli.run(["respond", "P4", "sus"], stdin: "4\n1\n5\n")
        #expect(interrupted.status != 0)
        #expect(interrupted.stderr.contains("Entrada interrompida antes do último item: nada foi gravado."))
        #expect(try cli.dump("study.sqlite") == before)
    }

    @Test func importsTheUITrackingPSSUQFormWithInvertedOrientation() throws {
        let cli = try study()
        let imported = try cli.succeed(["responses", "import", Repository.path("datasets/uitracking/pssuq_answers.csv"),
                                        "--instrument", "pssuq", "--participant-column", "Participante", "--orientation", "inverted"])
        #expect(imported.hasPrefix("Imported 10 pssuq response sets (160 answers)"))
        #expect(imported.contains("1 ← 'Q1'"))
        let rows = (try json(try cli.succeed(["score", "pssuq", "--json"]))["rows"] as! [[String: Any]])
        let p1 = rows[0]["scores"] as! [String: Double]
        // Tabela 6, P1: SysUse 11/6, InfoQual 27/6, IntQual 4/3, Overall 45/16.
        #expect(abs(p1["SysUse"]! - 11.0 / 6) < 1e-12)
        #expect(abs(p1["InfoQual"]! - 27.0 / 6) < 1e-12)
        #expect(abs(p1["IntQual"]! - 4.0 / 3) < 1e-12)
        #expect(abs(p1["Overall"]! - 45.0 / 16) < 1e-12)
        // The study remembers the orientation for the next entry.
        let next = try cli.run(["respond", "P1", "pssuq", "--occasion", "retest", "--answers", "7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,n"])
        #expect(next.status == 0)
        #expect(next.stderr.contains("inverted orientation this study used before"))
        #expect(next.stdout.contains("Overall 1.00"))
    }

    @Test func importReportsBadCellsWithPositions() throws {
        let cli = try study()
        try cli.write("forms.csv", "Timestamp,Código,Q1,Q2\n2025-01-01,P1,Concordo totalmente,8\n2025-01-01,P99,1,1\n")
        let result = try cli.fail(["responses", "import", "forms.csv", "--instrument", "umux-lite", "--participant-column", "Código"])
        #expect(result.stderr.contains("forms.csv:2:35: participant P1, item 2 (column 'Q2'): '8' is outside the 1–7 scale"))
        #expect(result.stderr.contains("forms.csv:3:12: no participant 'P99' in the study"))
        #expect(result.stderr.contains("2 problems; nothing was stored."))
    }

    @Test func customInstrumentWithChoicesAndOpenAnswers() throws {
        let cli = try study()
        let fixtures = Repository.path("Tests/Fixtures/instruments")
        let broken = try cli.fail(["instrument", "add", fixtures + "/broken.json"])
        #expect(broken.stderr.contains("broken.json is not a valid instrument:"))
        #expect(broken.stderr.contains("10 problems."))
        #expect(try cli.succeed(["instrument", "add", fixtures + "/codeforall-perception.json"])
            .contains("Added instrument codeforall-perception (3 items, scoring none)"))
        try cli.succeed(["respond", "P1", "codeforall-perception", "--answers", "Sim,Sim,Mais exemplos"])
        try cli.succeed(["respond", "P2", "codeforall-perception", "--answers", "Talvez,sim,"])
        // In the study's language: the choices as the instrument words them, decimal commas.
        let report = try cli.succeed(["score", "codeforall-perception"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(report.range(of: "Sim +1 +50,0", options: .regularExpression) != nil, "\(report)")
        #expect(report.range(of: "Talvez +1 +50,0", options: .regularExpression) != nil)
        #expect(report.range(of: "Sim +2 +100,0", options: .regularExpression) != nil)
        #expect(report.contains("3. P1: Mais exemplos"))
    }
}

@Suite struct QualityCommandTests {
    /// Flags with their rules, in the study's language; score --exclude-flagged leaves them out and says which.
    @Test func flaggedRespondentsAreNamedAndLeftOutOnlyWhenAsked() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Qualidade", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,2,5,1,4,2,5,1,4,2"])
        try cli.succeed(["respond", "P2", "sus", "--answers", "5,5,5,4,4,4,5,5,4,4"])
        try cli.succeed(["respond", "P3", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3"])
        try cli.succeed(["participant", "add", "P4"])
        try cli.succeed(["respond", "P4", "sus", "--answers", "4,2,4,2,4,2,4,2,,"])
        let report = try cli.succeed(["quality", "sus"])
        #expect(report.contains("4 conjuntos de respostas verificados, 2 sinalizados."), "\(report)")
        #expect(report.contains("contraditório      itens positivos 4,60, itens negativos 4,40, ponto médio 3"), "\(report)")
        #expect(report.contains("resposta uniforme  10 respostas, todas 3"), "\(report)")
        let itemTen = report.split(separator: "\n").first { $0.hasPrefix("  10 ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(itemTen == ["10", "3", "1", "0"], "item 10 answered 3 times, unanswered once: \(report)")
        #expect(ForeignWordCheck.english(in: report.replacingOccurrences(of: "MeasuringU's SUS", with: "")).isEmpty,
                "\(ForeignWordCheck.english(in: report))")
        let json = try cli.succeed(["quality", "sus", "--json"])
        #expect(json.contains("\"positiveMean\" : 4.6") && json.contains("\"rule\" : \"straightLined\""), "\(json)")
        let all = try cli.run(["score", "sus", "--json", "--missing", "centre"])
        #expect(all.stdout.contains("\"P2\""), "nothing is left out unless asked")
        #expect(all.stderr.contains("2 conjuntos de respostas pontuados foram sinalizados pelas verificações de qualidade: P2 (contraditório); P3 (resposta uniforme)"),
                "the score says which answers the checks doubt: \(all.stderr)")
        let kept = try cli.run(["score", "sus", "--json", "--missing", "centre", "--exclude-flagged"])
        // Left out of the rows; named in the document's analysis set only.
        let keptRows = ((try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String }
        #expect(kept.status == 0 && !keptRows.contains("P2") && !keptRows.contains("P3") && keptRows.contains("P1"), "\(keptRows)")
        #expect(kept.stderr.contains("--exclude-flagged deixou de fora 2 conjuntos de respostas sinalizados: P2 (contraditório); P3 (resposta uniforme)"),
                "\(kept.stderr)")
        // Fewer than 20 respondents: the BCa bootstrap interval, seeded and said, beside the t interval.
        let scored = try cli.succeed(["score", "sus", "--missing", "centre"])
        #expect(scored.contains("Com menos de 20 respondentes, o IC 95 % bootstrap BCa da média do SUS é ["), "\(scored)")
        #expect(scored.contains("(10000 reamostragens, semente 1; Efron 1987)"), "\(scored)")
        #expect(try cli.succeed(["score", "sus", "--missing", "centre", "--seed", "7"]).contains("semente 7"))
        #expect(try cli.succeed(["score", "sus", "--missing", "centre"]) == scored, "the same seed, the same interval")
        // The report lists the flagged sets with their rules; the CSV keeps the rules' machine names and numbers.
        try cli.succeed(["report", "-o", "rep"])
        let document = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(document.contains("2 de 4 conjuntos de respostas foram sinalizados pelas verificações de qualidade e pontuados como respondidos"), "\(document)")
        #expect(document.contains("| sus | P2 | – | contraditório | itens positivos 4,60, itens negativos 4,40, ponto médio 3 |"), "\(document)")

        try cli.succeed(["export", "csv", "tables"])
        let csv = try String(contentsOfFile: cli.path("tables/response_quality.csv"), encoding: .utf8)
        #expect(csv == """
            instrument,participant,task,rule,positive_mean,negative_mean,midpoint,answers,value,seconds,excluded
            sus,P2,,contradictory,4.6,4.4,3.0,,,,no
            sus,P3,,straightLined,,,,10,3.0,,no

            """, "\(csv)")
    }
}

@Suite struct TooFastTests {
    /// A Microsoft Forms export (Start time, Completion time, US order with AM/PM) and a LimeSurvey one (startdate,
    /// submitdate): a form submitted in under 2 s per answered item is flagged with its rule (Huang et al. 2012);
    /// the others, and a form that crosses midnight, are not.
    @Test func formsSubmittedFasterThanTheItemsCanBeReadAreFlagged() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Rapidez", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3", "P4", "P5"] { try cli.succeed(["participant", "add", code]) }
        let items = (1...10).map { "Item \($0)" }.joined(separator: ",")
        try cli.write("ms.csv", """
            ID,Start time,Completion time,Email,Participante,\(items)
            1,11/24/26 9:15:02 AM,11/24/26 9:18:40 AM,a@x,P1,4,2,5,1,4,2,5,1,4,2
            2,11/24/26 11:59:50 AM,11/24/26 12:00:05 PM,b@x,P2,4,2,4,2,4,2,4,2,4,1
            3,11/24/26 11:59:00 PM,11/25/26 12:02:10 AM,c@x,P3,3,2,4,2,4,3,4,2,3,2

            """)
        try cli.succeed(["responses", "import", "ms.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Item 1"])
        let report = try cli.succeed(["quality", "sus"])
        #expect(report.contains("3 conjuntos de respostas verificados, 1 sinalizados."), "\(report)")
        #expect(report.contains("rápido demais"), "\(report)")
        #expect(report.contains("15 s para 10 respostas, 1,50 s cada"), "\(report)")
        #expect(report.contains("rápido demais: enviado em menos de 2 segundos por item respondido"), "\(report)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["quality", "sus", "--json"]).utf8)) as! [String: Any]
        let flagged = try #require(json["flagged"] as? [[String: Any]])
        #expect(flagged.map { $0["participant"] as? String } == ["P2"], "P3's form crossed midnight in 3 min 10 s: not flagged")
        #expect(((flagged.first?["flags"] as? [[String: Any]])?.first?["seconds"] as? Double) == 15)
        try cli.write("lime.csv", """
            id,submitdate,startdate,Participante,\(items)
            7,2026-11-24 10:00:08,2026-11-24 10:00:00,P4,5,1,5,1,5,1,5,1,5,1
            8,2026-11-24 10:05:00,2026-11-24 10:01:00,P5,4,2,4,1,4,2,5,2,4,2

            """)
        try cli.succeed(["responses", "import", "lime.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Item 1"])
        let both = try cli.run(["score", "sus", "--json"])
        #expect(both.stderr.contains("P2 (rápido demais)") && both.stderr.contains("P4 (rápido demais)"), "\(both.stderr)")
        #expect(!both.stderr.contains("P5"))
        let kept = try cli.run(["score", "sus", "--json", "--exclude-flagged"])
        let keptRows = ((try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String }
        #expect(!keptRows.contains("P4") && keptRows.contains("P5"), "\(keptRows)")
        // Times no date has are stored as given and never read as a duration: no later command trips on them.
        try cli.succeed(["participant", "add", "P6"])
        try cli.write("odd.csv", "ID,Start time,Completion time,Participante,\(items)\n1,11/24/99999999999999999 9:15:02 AM,11/24/99999999999999999 9:18:40 AM,P6,4,2,5,1,4,2,5,1,4,2\n")
        try cli.succeed(["responses", "import", "odd.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Item 1"])
        #expect(try cli.succeed(["quality", "sus"]).contains("6 conjuntos de respostas verificados"))
        try cli.succeed(["report", "-o", "rep"])
    }
}

@Suite struct BootstrapCommandTests {
    /// The report's SUS table carries the same seeded BCa interval as `score` prints.
    @Test func scoreAndReportGiveTheSameBootstrapInterval() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Bootstrap", "--language", "pt-BR"])
        let answers = ["4,2,5,1,4,2,5,1,4,2", "3,2,4,2,4,3,4,2,3,2", "5,1,5,1,5,1,5,2,5,1", "2,4,3,3,3,4,2,4,3,3", "4,1,4,2,5,2,4,1,4,2"]
        for (index, line) in answers.enumerated() {
            try cli.succeed(["participant", "add", "P\(index + 1)"])
            try cli.succeed(["respond", "P\(index + 1)", "sus", "--answers", line])
        }
        let scored = try cli.succeed(["score", "sus"])
        let line = try #require(scored.split(separator: "\n").first { $0.hasPrefix("Com menos de 20 respondentes") }.map(String.init), "\(scored)")
        try cli.succeed(["report", "-o", "rep"])
        let document = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        // The same sentence, its citation in the report's style (ABNT).
        let cited = line.replacingOccurrences(of: "Efron 1987", with: "EFRON, 1987")
        #expect(line != cited && document.contains(cited), "\(cited)\n\(document)")
    }
}
