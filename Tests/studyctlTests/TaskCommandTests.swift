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
        #expect(csv.hasPrefix("task,setting,attempts,participants,several_attempts,successes,partials,failures,abandoned,completion,completion_ci95_low,completion_ci95_high,"))
        #expect(csv.split(separator: "\n").count == 7)

        let compared = try cli.succeed(["tasks", "compare", "fase-1", "--condition", "setting"])
        #expect(compared.contains("paired t-test, 15 participants"))
        #expect(compared.contains("ratio (0-100 / 0-50) = "))
        let errors = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "fase-3", "--condition", "setting", "--measure", "errors", "--json"]).utf8)) as! [String: Any]
        #expect(errors["measure"] as? String == "errors")
    }

    /// Importing the same task log twice adds nothing: every row is already in the study, skipped and counted, and
    /// the summary (15 attempts per task and setting) stays as it was.
    @Test func importingTheSameAttemptsTwiceAddsNothing() throws {
        let cli = try gameStudy()
        let log = Repository.path("datasets/game-controls/attempts.csv")
        let map = ["--map", "setting=Config,errors=Colisões,outcome=Concluiu,time=Tempo (s),total=Total (s)"]
        #expect(try cli.succeed(["attempt", "import", log] + map).hasPrefix("Imported 90 attempts"))
        let before = try cli.succeed(["tasks", "summary", "--by", "setting", "--json"])
        let again = try cli.succeed(["attempt", "import", log] + map)
        #expect(again.hasPrefix("Imported 0 attempts from \(log)\nSkipped 90 attempts already in the study (identical rows)\n"), "\(again)")
        #expect(try cli.succeed(["tasks", "summary", "--by", "setting", "--json"]) == before)
        let rows = (try JSONSerialization.jsonObject(with: Data(before.utf8)) as! [String: Any])["rows"] as! [[String: Any]]
        #expect(rows.allSatisfy { $0["attempts"] as? Int == 15 })
        #expect(!(try cli.succeed(["attempt", "list"])).contains("fase-1  0-50             2 "), "no second trial")
        #expect(try cli.succeed(["check"]).contains("ok"))
        // In the study's language.
        let pt = try cli.run(["attempt", "import", log] + map, environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(pt.status == 0)
        #expect(pt.stdout.contains("0 tentativas importadas de \(log)\n90 tentativas já no estudo, não importadas de novo (linhas idênticas)\n"), "\(pt.stdout)")
    }

    /// A row that differs from a participant's stored attempts at a task is not silently a new trial: it is refused at
    /// its file:line, and added only as the file (a trial column) or the researcher (--trial N, --new-trials) says;
    /// a stored trial with other values is replaced only with --replace.
    @Test func aDifferentRowBecomesATrialOnlyWhenSaidSo() throws {
        let cli = try gameStudy()
        let map = ["--map", "setting=Config,errors=Colisões,time=Tempo (s)"]
        try cli.write("s1.csv", "Usuário;Fase;Config;Tempo (s);Colisões\nU01;Fase 1;0-50;55,0;3\nU02;Fase 1;0-50;40;1\n")
        try cli.succeed(["attempt", "import", "s1.csv"] + map)
        // The log grown by a second session of U01.
        try cli.write("s2.csv", "Usuário;Fase;Config;Tempo (s);Colisões\nU01;Fase 1;0-50;55,0;3\nU02;Fase 1;0-50;40;1\nU01;Fase 1;0-50;48,5;2\n")
        let refused = try cli.fail(["attempt", "import", "s2.csv"] + map).stderr
        #expect(refused.contains("s2.csv:4: participant U01 already has attempts at fase-1 under setting=0-50 (stored trials: 1) and none is the same as this row; to add it as the next trial, rerun with --new-trials, or give its trial number (a trial column, or --trial N)"), "\(refused)")
        #expect(refused.contains("1 problem; nothing was stored."))
        let added = try cli.succeed(["attempt", "import", "s2.csv", "--new-trials"] + map)
        #expect(added.hasPrefix("Imported 1 attempt from s2.csv\nSkipped 2 attempts already in the study (identical rows)\n"), "\(added)")
        #expect(try cli.succeed(["attempt", "import", "s2.csv", "--new-trials"] + map).hasPrefix("Imported 0 attempts"), "and only once")
        /// The attempt list's rows, as their cells.
        func rows() throws -> [[String]] {
            try cli.succeed(["attempt", "list"]).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        }
        var list = try rows()
        #expect(list.contains(["U01", "fase-1", "0-50", "2", "0:48.5", "2"]), "\(list)")

        // A trial column: a new trial is added; a stored one with other values is refused, or replaced with --replace.
        try cli.write("t.csv", "Usuário;Fase;Config;Tempo (s);Colisões;Tentativa\nU02;Fase 1;0-50;38;1;2\nU01;Fase 1;0-50;50;2;2\n")
        let other = try cli.fail(["attempt", "import", "t.csv"] + map).stderr
        #expect(other.contains("t.csv:3: participant U01 already has trial 2 of fase-1 under setting=0-50 with other values (time 48.5 in the study, 50 in this row); rerun with --replace to replace it with this row, or correct it with 'studyctl attempt set'"), "\(other)")
        let replaced = try cli.succeed(["attempt", "import", "t.csv", "--replace"] + map)
        #expect(replaced.hasPrefix("Imported 1 attempt from t.csv\nReplaced the values of 1 stored trial with the file's\n"), "\(replaced)")
        list = try rows()
        #expect(list.contains(["U01", "fase-1", "0-50", "2", "0:50", "2"]), "\(list)")
        #expect(list.contains(["U02", "fase-1", "0-50", "2", "0:38", "1"]), "\(list)")
        #expect(try cli.succeed(["attempt", "import", "t.csv"] + map).hasPrefix("Imported 0 attempts from t.csv\nSkipped 2 attempts"))

        // --trial N for a whole file (a third session's log), refused beside a trial column or --new-trials.
        try cli.write("s3.csv", "Usuário;Fase;Config;Tempo (s);Colisões\nU01;Fase 1;0-50;45;1\n")
        #expect(try cli.succeed(["attempt", "import", "s3.csv", "--trial", "3"] + map).hasPrefix("Imported 1 attempt"))
        #expect(try cli.succeed(["attempt", "import", "s3.csv", "--trial", "3"] + map).hasPrefix("Imported 0 attempts from s3.csv\nSkipped 1 attempt already"))
        #expect(try cli.fail(["attempt", "import", "t.csv", "--trial", "3"] + map).stderr
            .contains("--trial 3: the file gives each row's trial in column 'Tentativa'; leave out --trial"))
        #expect(try cli.fail(["attempt", "import", "s3.csv", "--replace"] + map).stderr
            .contains("--replace: replaces stored trials, so it needs each row's trial: a trial column, or --trial N"))
        #expect(try cli.fail(["attempt", "import", "s3.csv", "--trial", "3", "--new-trials"] + map).stderr
            .contains("Please give either --trial or --new-trials"))
        #expect(try cli.succeed(["check"]).contains("ok"))

        // The refusal in the study's language (pt-BR), the study left as it was.
        try cli.write("s4.csv", "Usuário;Fase;Config;Tempo (s);Colisões\nU02;Fase 1;0-50;30;0\n")
        let before = try cli.dump("study.sqlite")
        let refusedPT = try cli.run(["attempt", "import", "s4.csv"] + map, environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(refusedPT.status != 0)
        #expect(refusedPT.stderr.contains("Erro: s4.csv:2: o participante U02 já tem tentativas em fase-1 em setting=0-50 (tentativas gravadas: 1, 2) e nenhuma é igual a esta linha; para acrescentá-la como a próxima tentativa, rode de novo com --new-trials"), "\(refusedPT.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
    }

    @Test func attemptsFromTheCommandLineWithSEQ() throws {
        let cli = try gameStudy()
        #expect(try cli.succeed(["attempt", "add", "U01", "fase-1", "--condition", "setting=0-50", "--time", "1:32", "--errors", "3", "--outcome", "success"])
            == "Recorded trial 1 of fase-1 for U01\n")
        try cli.succeed(["attempt", "add", "U01", "fase-1", "--condition", "setting=0-50", "--time", "80,5", "--outcome", "partial", "--assisted"])
        // In a study with conditions an attempt names its level, or says it has none.
        let unnamed = try cli.fail(["attempt", "add", "U02", "fase-1", "--time", "0:01:10", "--outcome", "fail"])
        #expect(unnamed.stderr.contains("The study has conditions (setting: 0-50, 0-100): say the attempt's with --condition setting=0-50, or --without-condition."), "\(unnamed.stderr)")
        try cli.succeed(["attempt", "add", "U02", "fase-1", "--time", "0:01:10", "--outcome", "fail", "--note", "desistiu", "--without-condition"])
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

    /// A trial number names one attempt per condition: removing it without saying which condition is refused,
    /// naming them, and nothing goes; with --condition (or --without-condition) exactly that attempt goes.
    @Test func removingATrialNamesItsCondition() throws {
        let cli = try gameStudy()
        try cli.succeed(["attempt", "add", "U01", "fase-2", "--without-condition", "--time", "20"])
        try cli.succeed(["attempt", "add", "U01", "fase-2", "--condition", "setting=0-50", "--time", "21"])
        try cli.succeed(["attempt", "add", "U01", "fase-2", "--condition", "setting=0-100", "--time", "22"])
        let before = try cli.dump("study.sqlite")
        let refused = try cli.fail(["attempt", "remove", "U01", "fase-2", "--trial", "1"])
        #expect(refused.stderr.contains("is an attempt under 3 conditions; nothing was removed. Say which: --without-condition; --condition setting=0-100; --condition setting=0-50"), "\(refused.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
        #expect(try cli.succeed(["attempt", "remove", "U01", "fase-2", "--trial", "1", "--condition", "setting=0-50"]).contains("1 attempt"))
        #expect(try cli.succeed(["attempt", "remove", "U01", "fase-2", "--trial", "1", "--without-condition"]).contains("1 attempt"))
        let left = try cli.succeed(["attempt", "list", "--json"])
        #expect(left.contains("22") && !left.contains("\"seconds\" : 21") && !left.contains("\"seconds\" : 20"), "\(left)")
        #expect(try cli.fail(["attempt", "remove", "U01", "fase-2", "--trial", "1", "--condition", "setting=0-50"]).stderr
            .contains("has no attempt at task fase-2 (trial 1) (setting=0-50) to remove"))
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
        #expect(mismatch.stderr.contains("log.csv:2: column \"Total (s)\": total 60,0 ≠ time 55 + 3 errors × 2 s = 61"))
        #expect(try cli.fail(["tasks", "compare", "fase-1", "--condition", "setting"]).stderr.contains("condition 0-50 has 0 usable attempts"))
    }
}
