import Foundation
import Testing

/// The study's design decides every output: two studies of issue 54 built through the command line from
/// Tests/Fixtures/plan (written by scripts/plan-fixtures.py; SYNTHETIC data).
///
/// Reference values from scipy 1.17.1 (python3 -m venv /tmp/plan-venv && /tmp/plan-venv/bin/pip install scipy;
/// /tmp/plan-venv/bin/python scripts/plan-fixtures.py --check), one value per participant:
///
///     within-groups, Welch t on the logs of each participant's time, "60 anos ou mais" against "18 a 39 anos":
///       T1 atual: geometric means 104.87314376604363 vs 151.12788342618464, t 5.057548793150404,
///                 df 11.918042613564104, p 0.00028697171660525123
///       T1 novo:  55.89757565511137 vs 99.62950653227273, t 7.652825848617634, df 11.941615112364959,
///                 p 6.080539028908559e-06
///       T1 pooled over both prototypes (what the report must never give): 76.56470784801435 vs 122.70613859549832
///     sites, completion with give-ups as failures (N−1 two-proportion z by Campbell's formula, 2·norm.sf(|z|)):
///       T5 ours 22/25, rivalB 13/23 (two skipped): z −2.425983725779063, p 0.01526695487468992
///       T2 ours 23/25, rivalB 13/25: z −3.1180478223116177, p 0.0018205326093252568
///     datasets/redesign SUS pré and pós, scored (odd items x − 1, even 5 − x, × 2.5), stats.ttest_rel(pós, pré) over
///       the 11 with both: means 51.36363636363637 → 75.9090909090909, t 7.557808553233283, p 1.930649401974204e-05,
///       dz 2.278765018946689
@Suite(.serialized) struct AnalysisPlanTests {
    static let fixture = Repository.path("Tests/Fixtures/plan")

    func withinStudy(language: String = "pt-BR") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Protótipos por faixa etária", "--language", language])
        try cli.succeed(["participant", "import", Self.fixture + "/within-participants.csv", "--type", "faixa=text"])
        try cli.succeed(["condition", "add", "protótipo", "--levels", "atual,novo"])
        for task in ["T1", "T2"] { try cli.succeed(["task", "add", task, "--title", "Tarefa \(task)"]) }
        try cli.succeed(["attempt", "import", Self.fixture + "/within-attempts.csv"])
        return cli
    }

    func sitesStudy(language: String = "en") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Three-site benchmark", "--language", language])
        try cli.succeed(["participant", "import", Self.fixture + "/sites-participants.csv", "--type", "site=text"])
        try cli.succeed(["attempt", "import", Self.fixture + "/sites-attempts.csv", "--create-tasks"])
        return cli
    }

    /// CSV text as rows of cells by column name (the property test's reader, quoted cells read whole).
    func table(_ text: String) -> [[String: String]] { AnalysisPlanPropertyTests.table(text) }

    func close(_ text: String?, _ expected: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let text, let value = Double(text) else { return false }
        return abs(value - expected) <= tolerance * max(1, abs(expected))
    }

    /// Age groups compared on a task done under both prototypes: within each prototype, the cell named in the
    /// report's tables and sentences and in `export csv`; never the pooled value.
    @Test func groupsAreComparedWithinEachPrototype() throws {
        let cli = try withinStudy()
        try cli.succeed(["export", "csv", "--by", "faixa", "csv"])
        let rows = table(try String(contentsOfFile: cli.path("csv/task_comparisons.csv"), encoding: .utf8))
            .filter { $0["by"] == "faixa" && $0["task"] == "T1" && $0["measure"] == "time" }
        #expect(rows.map { $0["cell"] } == ["protótipo=atual", "protótipo=novo"], "\(rows)")
        let atual = try #require(rows.first { $0["cell"] == "protótipo=atual" })
        #expect(close(atual["typical_a"], 104.87314376604363) && close(atual["typical_b"], 151.12788342618464), "\(atual)")
        #expect(close(atual["statistic"], 5.057548793150404) && close(atual["df"], 11.918042613564104) && close(atual["p"], 0.00028697171660525123))
        #expect(atual["n_a"] == "7" && atual["n_b"] == "7", "one value per participant in the cell: \(atual)")
        let novo = try #require(rows.first { $0["cell"] == "protótipo=novo" })
        #expect(close(novo["typical_a"], 55.89757565511137) && close(novo["statistic"], 7.652825848617634) && close(novo["p"], 6.080539028908559e-06))

        try cli.succeed(["report", "--by", "faixa", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("Tarefas comparadas entre os grupos de faixa, dentro de cada nível de protótipo"), "\(report)")
        #expect(report.contains("| T1 | atual | tempo (razão B / A) | 7 + 7 | 104,87 | 151,13 |"), "\(report)")
        #expect(report.contains("| T1 | novo | tempo (razão B / A) | 7 + 7 | 55,90 | 99,63 |"), "\(report)")
        // Never the value averaged over the prototypes.
        #expect(!report.contains("76,56") && !report.contains("122,71"), "a pooled value is in the report")
        #expect(report.contains("T1 (protótipo: atual), tempo (18 a 39 anos vs. 60 anos ou mais: 104,9 s vs. 151,1 s;"), "the sentence names its cell: \(report)")

        // tasks compare --by: the cell chosen with --at, or refused naming the choice.
        let refused = try cli.fail(["tasks", "compare", "T1", "--by", "faixa"])
        #expect(refused.stderr.contains("--at protótipo=atual") && refused.stderr.contains("--condition protótipo"), "\(refused.stderr)")
        let compared = try cli.succeed(["tasks", "compare", "T1", "--by", "faixa", "--at", "protótipo=atual"])
        #expect(compared.hasPrefix("Compared within protótipo: atual.") && compared.contains("t(11.92) = 5.058"), "\(compared)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T1", "--by", "faixa", "--at", "protótipo=novo",
                                                                                 "--measure", "completion", "--json"]).utf8)) as? [String: Any]
        #expect(json?["cell"] as? [String: String] == ["protótipo": "novo"] && json?["design"] as? String == "between", "\(String(describing: json))")
        #expect(try cli.fail(["tasks", "compare", "T1", "--by", "faixa", "--at", "protótipo=futuro"]).stderr.contains("futuro"))
    }

    /// Give-ups from a Maze/UserZoom export are failures: completion's denominator holds them in the summary, the
    /// comparison, the report's tables and lights, the CSV and the workbook alike.
    @Test func giveUpsStayInTheDenominatorEverywhere() throws {
        let cli = try sitesStudy()
        let summary = table(try cli.succeed(["tasks", "summary", "--by", "site", "--csv"]))
        let t5 = try #require(summary.first { $0["task"] == "T5" && $0["site"] == "rivalB" })
        #expect(t5["attempts"] == "23" && t5["successes"] == "13" && t5["failures"] == "10" && close(t5["completion"], 13.0 / 23), "\(t5)")
        #expect(t5["seq_n"] == "0" && t5["participants"] == "23")

        let compared = try cli.succeed(["tasks", "compare", "T5", "--by", "site", "--levels", "ours,rivalB", "--measure", "completion"])
        #expect(compared.contains("ours = 22/25 (88%), rivalB = 13/23 (57%)") && compared.contains("z = -2.43, p = .015"), "\(compared)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T2", "--by", "site", "--levels", "ours,rivalB",
                                                                                 "--measure", "completion", "--json"]).utf8)) as? [String: Any]
        #expect((json?["statistic"] as? Double).map { abs($0 - -3.1180478223116177) < 1e-12 } == true, "\(String(describing: json))")
        #expect((json?["p"] as? Double).map { abs($0 - 0.0018205326093252568) < 1e-12 } == true)

        try cli.succeed(["report", "--by", "site", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("| T5 | rivalB | 23 | 13 | 57% |"), "\(report)")
        #expect(!report.contains("| 100% | [0.73, 1.00]"), "a completion of give-ups left out")
        #expect(report.contains("giving up, and an attempt with no outcome recorded (abandoned or unfinished), count as failures"), "the methods say it")
        #expect(!report.contains("--abandoned") && report.contains("counts as a failure, as does giving up; abandoned counts those participants."),
                "the rule worded for a reader, no command line")

        try cli.succeed(["export", "csv", "--by", "site", "csv"])
        let exported = table(try String(contentsOfFile: cli.path("csv/task_summary.csv"), encoding: .utf8))
        let row = try #require(exported.first { $0["task"] == "T5" && $0["site"] == "rivalB" })
        #expect(row["attempts"] == "23" && row["successes"] == "13" && close(row["completion"], 13.0 / 23), "\(row)")
    }

    /// Who was left out, and why, in the workbook, `exclusions.csv`, the Study sheet's counts and the report.
    @Test func theAnalysisSetIsToldInEveryOutput() throws {
        let cli = try sitesStudy()
        try cli.succeed(["export", "csv", "--by", "site", "--exclude", "R003,R050", "csv"])
        let exclusions = table(try String(contentsOfFile: cli.path("csv/exclusions.csv"), encoding: .utf8))
        #expect(exclusions.map { $0["participant"] } == ["R003", "R050"] && exclusions.allSatisfy { $0["excluded"] == "yes" && $0["rule"] == "named" }, "\(exclusions)")
        let study = table(try String(contentsOfFile: cli.path("csv/study.csv"), encoding: .utf8))
        let counts = Dictionary(study.compactMap { row in row["field"].map { ($0, row["value"] ?? "") } }, uniquingKeysWith: { a, _ in a })
        #expect(counts["participants recruited"] == "75" && counts["participants excluded"] == "2" && counts["participants"] == "73", "\(counts)")
        try cli.succeed(["report", "--by", "site", "--exclude", "R003,R050", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("75 participants recruited, 2 excluded, 73 analysed"), "\(report)")
        try cli.succeed(["export", "xlsx", "--by", "site", "--exclude", "R003,R050", "b.xlsx"])
        let workbook = try ExportCommandTests.workbookText(cli.path("b.xlsx"), cells: true)
        #expect(workbook.contains("Exclusions") && workbook.contains("named with --exclude") && workbook.contains("participants recruited"), "\(workbook)")
        // The --json documents say the set they took.
        for arguments in [["tasks", "summary", "--by", "site"], ["tasks", "benchmark"], ["tasks", "compare", "T2", "--by", "site", "--levels", "ours,rivalB", "--measure", "completion"]] {
            let document = try JSONSerialization.jsonObject(with: Data(try cli.succeed(arguments + ["--exclude", "R003,R050", "--json"]).utf8)) as? [String: Any]
            let set = document?["analysisSet"] as? [String: Any]
            let left = (set?["excluded"] as? [[String: Any]])?.compactMap { $0["participant"] as? String }
            #expect(left == ["R003", "R050"] && set?["abandoned"] as? String == "failure", "\(arguments): \(String(describing: set))")
        }
    }

    /// A within design's report opens with its main comparison: the paired result in the summary's first findings and
    /// its figure (each participant's scores joined, the means with intervals) right under them.
    @Test func theSummaryOpensWithTheWithinComparisonAndItsFigure() throws {
        let cli = try StudyCtl()
        let data = Repository.path("datasets/redesign")
        try cli.succeed(["init", "--title", "Antes e depois", "--language", "en"])
        try cli.succeed(["participant", "import", data + "/participants.csv"])
        try cli.succeed(["responses", "import", data + "/sus_pre.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "pré"])
        try cli.succeed(["responses", "import", data + "/sus_pos.csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", "pós"])
        try cli.succeed(["report", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        let summary = String(report[report.range(of: "## Executive summary")!.upperBound...].prefix(while: { $0 != "#" }))
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("- ") } == "- 12 participants analysed.", "\(summary)")
        #expect(lines.dropFirst().first { $0.hasPrefix("- ") } == "- SUS, occasions (n = 11): pré 51.4 → pós 75.9; paired t(10) = 7.56, p < .001, dz = 2.28.", "\(summary)")
        #expect(!summary.contains("Learnability, occasions"), "the subscales stay in the questionnaire's section")
        #expect(summary.contains("SUS by occasions, within participants: each line joins one participant's scores (n = 11)"), "\(summary)")
        #expect(FileManager.default.fileExists(atPath: cli.path("rep/charts/en/main-sus-SUS-occasion.png")))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["score", "sus", "--within", "occasion", "--compare", "--json"]).utf8))
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        #expect(text.contains("7.5578085532"), "the same t in score --json: \(text.prefix(400))")
    }

    /// The speeder rule is the researcher's to set, and every output says the one in force; the participants whose
    /// scores a missing-data policy touched are named. Tests/Fixtures/benchmark: P034 took 2.1 s on every task, P012
    /// left SUS item 4 unanswered.
    @Test func theSpeederRuleAndTheProratedAreSaid() throws {
        let cli = try StudyCtl()
        let fixture = Repository.path("Tests/Fixtures/benchmark")
        try cli.succeed(["init", "--title", "Benchmark", "--language", "en"])
        try cli.succeed(["participant", "import", fixture + "/participants.csv", "--type", "Release=text"])
        for task in 1...5 { try cli.succeed(["task", "add", "T\(task)", "--title", "Task \(task)"]) }
        try cli.succeed(["attempt", "import", fixture + "/attempts.csv"])
        try cli.succeed(["responses", "import", fixture + "/sus.csv", "--instrument", "sus", "--participant-column", "participant"])
        let before = try cli.dump("study.sqlite")
        let refused = try cli.fail(["tasks", "summary", "--speeder", "under 5 parsecs"])
        #expect(refused.stderr.contains("'under 5 parsecs' is not a speeder rule: write \"under 5s\""), "\(refused.stderr)")
        #expect(try cli.dump("study.sqlite") == before)

        try cli.succeed(["export", "csv", "--speeder", "under 5s", "--exclude-flagged", "csv"])
        let exclusions = table(try String(contentsOfFile: cli.path("csv/exclusions.csv"), encoding: .utf8))
        let times = try #require(exclusions.first { $0["participant"] == "P034" && $0["rule"] == "taskTimes" }, "\(exclusions)")
        #expect(times["excluded"] == "yes" && times["detail"] == "5 of 5 task times under 5 s", "\(times)")
        let text = try cli.run(["tasks", "summary", "--speeder", "under 5s"])
        #expect(text.stdout.contains("Task times flagged as too fast (under 5 s): P034"), "\(text.stdout)")

        try cli.succeed(["report", "--missing", "prorate", "--speeder", "under 5s", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("one of their task times is under 5 s (the speeder rule set for this analysis)"), "\(report)")
        #expect(report.contains("Scores prorated: SUS: P012."), "\(report)")
        // Under 1 s nobody's task time is flagged: P034 stays flagged by SUS alone.
        try cli.succeed(["export", "csv", "--speeder", "under 1s", "csv1"])
        let loose = table(try String(contentsOfFile: cli.path("csv1/exclusions.csv"), encoding: .utf8))
        #expect(loose.allSatisfy { $0["rule"] != "taskTimes" } && loose.contains { $0["participant"] == "P034" && $0["excluded"] == "no" }, "\(loose)")
    }

    /// Under a missing-item policy the researcher chose, a set it cannot score (two unanswered items; prorating takes
    /// one) is left out and listed by `score` as by the report and the exports: the same n everywhere, never a refusal
    /// of the whole command in one output and a figure in another.
    @Test func aSetTheMissingPolicyCannotScoreIsLeftOutEverywhere() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Prorate"])
        for code in ["P1", "P2", "P3", "P4"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("sus.csv", """
            participant,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10
            P1,4,2,4,2,4,2,4,2,4,2
            P2,5,1,,1,5,1,5,1,5,1
            P3,3,,3,3,,3,3,3,3,3
            P4,2,4,2,4,2,4,2,4,2,4

            """)
        try cli.succeed(["responses", "import", "sus.csv", "--instrument", "sus", "--participant-column", "participant"])
        // No policy chosen: refused, saying how to choose.
        let refused = try cli.fail(["score", "sus"])
        #expect(refused.stderr.contains("P2") && refused.stderr.contains("P3"), "\(refused.stderr)")
        let result = try cli.run(["score", "sus", "--missing", "prorate", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("--missing prorate: 1 response set cannot be scored under it and is left out: P3"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let scored = (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String }
        #expect(scored == ["P1", "P2", "P4"], "\(scored)")
        #expect((json["unscored"] as? [String])?.count == 1 && (json["unscored"] as? [String])?.first?.hasPrefix("P3") == true, "\(json["unscored"] ?? "nil")")
        let overall = (json["overall"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]]
        let n = (overall?.first { $0["score"] as? String == "SUS" }?["statistics"] as? [String: Any])?["n"] as? Int
        #expect(n == 3)
        let text = try cli.succeed(["score", "sus", "--missing", "prorate"])
        #expect(text.contains("Sets not scored (items unanswered):") && text.contains("  P3"), "\(text)")
        try cli.succeed(["export", "csv", "--missing", "prorate", "csv"])
        let summary = table(try String(contentsOfFile: cli.path("csv/summary.csv"), encoding: .utf8))
            .first { $0["instrument"] == "sus" && $0["group"] == "all" && $0["score"] == "SUS" }
        #expect(summary?["n"] == "3", "\(String(describing: summary))")
    }
}
