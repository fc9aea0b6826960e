import Foundation
import Testing

@Suite struct TaskCommandTests {
    func gameStudy() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Controles de jogo", "--language", "pt-BR"])
        try cli.succeed(["participant", "import", Repository.path("datasets/game-controls/participants.csv")])
        for level in 1...3 { try cli.succeed(["task", "add", "fase-\(level)", "--title", "Fase \(level)", "--penalty", "2s"]) }
        try cli.succeed(["condition", "add", "setting", "--levels", "0-50,0-100"])
        return cli
    }

    @Test func loadsATaskLogAndSummarisesPerLevelAndSetting() throws {
        let cli = try gameStudy()
        let imported = try cli.succeed(["attempt", "import", Repository.path("datasets/game-controls/attempts.csv"),
                                        "--map", "setting=Config,errors=Colisões,outcome=Concluiu,time=Tempo (s),total=Total (s)"])
        #expect(imported.hasPrefix("Imported 90 attempts"))
        let summary = try cli.succeed(["tasks", "summary", "--by", "setting"])
        // In the study's language (pt-BR): labels, decimal commas, the rule.
        #expect(summary.contains("Tempo total médio (s)") && summary.contains("IC 95 % da conclusão"))
        #expect(summary.contains("Tempo total = tempo + erros × penalidade (fase-1 2 s, fase-2 2 s, fase-3 2 s por erro)."))
        #expect(ForeignWordCheck.english(in: summary).isEmpty, "\(ForeignWordCheck.english(in: summary))")
        let rows = (try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "summary", "--by", "setting", "--json"]).utf8)) as! [String: Any])["rows"] as! [[String: Any]]
        #expect(rows.count == 6)
        #expect(rows.map { $0["task"] as! String } == ["fase-1", "fase-1", "fase-2", "fase-2", "fase-3", "fase-3"])
        #expect(rows.allSatisfy { $0["attempts"] as? Int == 15 })
        #expect((rows[0]["groups"] as? [String: String])?["setting"] == "0-50", "each row names its groups")
        let csv = try cli.succeed(["tasks", "summary", "--by", "setting", "--csv"])
        #expect(csv.hasPrefix("task,setting,attempts,participants,successes,partials,failures,completion,completion_ci95_low,completion_ci95_high,"))
        #expect(csv.split(separator: "\n").count == 7)

        let compared = try cli.succeed(["tasks", "compare", "fase-1", "--condition", "setting"])
        #expect(compared.contains("paired t-test, 15 participants"))
        #expect(compared.contains("ratio (0-100 / 0-50) = "))
        let errors = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "fase-3", "--condition", "setting", "--measure", "errors", "--json"]).utf8)) as! [String: Any]
        #expect(errors["measure"] as? String == "errors")
    }

    @Test func attemptsFromTheCommandLineWithSEQ() throws {
        let cli = try gameStudy()
        #expect(try cli.succeed(["attempt", "add", "U01", "fase-1", "--condition", "setting=0-50", "--time", "1:32", "--errors", "3", "--outcome", "success"])
            == "Recorded trial 1 of fase-1 for U01\n")
        try cli.succeed(["attempt", "add", "U01", "fase-1", "--condition", "setting=0-50", "--time", "80,5", "--outcome", "partial", "--assisted"])
        try cli.succeed(["attempt", "add", "U02", "fase-1", "--time", "0:01:10", "--outcome", "fail", "--note", "desistiu"])
        try cli.succeed(["respond", "U01", "seq", "--task", "fase-1", "--answers", "Muito fácil"])
        try cli.succeed(["respond", "U02", "seq", "--task", "fase-1", "--answers", "4"])
        let list = try cli.succeed(["attempt", "list"])
        #expect(list.contains("U01          fase-1  0-50         1    1:32       3  success"))
        #expect(list.contains("desistiu"))
        let rows = (try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "summary", "--json"]).utf8)) as! [String: Any])["rows"] as! [[String: Any]]
        #expect(rows.count == 1)
        #expect(rows[0]["attempts"] as? Int == 3)
        #expect(rows[0]["successes"] as? Int == 1)
        #expect(rows[0]["assisted"] as? Int == 1)
        #expect(rows[0]["seqMean"] as? Double == 5.5)
        let seq = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["score", "seq", "--json"]).utf8)) as! [String: Any]
        #expect((seq["rows"] as! [[String: Any]]).map { $0["task"] as? String } == ["fase-1", "fase-1"])
    }

    @Test func badTaskInputFailsClearly() throws {
        let cli = try gameStudy()
        #expect(try cli.fail(["attempt", "add", "U01", "fase-1", "--time", "abc"]).stderr.contains("Please give --time as seconds or m:ss"))
        #expect(try cli.fail(["attempt", "add", "U01", "fase-9", "--time", "10"]).stderr.contains("No task 'fase-9' in this study. Tasks: fase-1, fase-2, fase-3."))
        #expect(try cli.fail(["attempt", "add", "U01", "fase-1", "--condition", "setting=0-75", "--time", "10"]).stderr
            .contains("Condition 'setting' has no level '0-75'; its levels are 0-50, 0-100."))
        #expect(try cli.fail(["attempt", "add", "U01", "fase-1"]).stderr.contains("Please give at least one of --time, --errors and --outcome."))
        #expect(try cli.fail(["task", "add", "fase-1", "--title", "x"]).stderr.contains("Task fase-1 already exists."))
        try cli.write("log.csv", "Usuário;Fase;Config;Tempo (s);Colisões;Total (s)\nU01;Fase 1;0-50;55,0;3;60,0\n")
        let mismatch = try cli.fail(["attempt", "import", "log.csv", "--map", "setting=Config,errors=Colisões,time=Tempo (s),total=Total (s)"])
        #expect(mismatch.stderr.contains("log.csv:2:24: total 60,0 ≠ time 55 + 3 errors × 2 s = 61"))
        #expect(try cli.fail(["tasks", "compare", "fase-1", "--condition", "setting"]).stderr.contains("condition 0-50 has 0 usable attempts"))
    }
}
