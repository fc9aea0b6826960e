import Foundation
import Testing

/// A quarterly benchmark built through the command line from Tests/Fixtures/benchmark (written by
/// scripts/benchmark-fixture.py): 40 remote participants, releases 4.2 (P001–P020) and 4.3 (P021–P040) between
/// subjects, five tasks with time, errors and outcome, the SEQ after each and the SUS. P034 is a speeder (every task in
/// 2.1 s; SUS all 3s); P007 T5, P025 T2 and P031 T4 have no outcome (abandoned: failures by default, left out with
/// --abandoned exclude); P012 left SUS item 4 unanswered and P040 gave no SUS.
///
/// Reference values from scipy 1.17.1 (python3 -m venv /tmp/bench-venv && /tmp/bench-venv/bin/pip install scipy;
/// /tmp/bench-venv/bin/python scripts/benchmark-fixture.py --check [--exclude] [--abandoned-exclude]), one value per
/// participant; Holm over the 20 tests with statsmodels 0.14's multipletests(method="holm"):
///
///     T2 completion 17/20 vs 10/20 (P025's abandoned attempt a failure): N−1 z (by hand from Campbell's formula)
///         −2.3333333333333335, 2·norm.sf(|z|) 0.019630657257290667, Holm 0.39261314514581336; adjusted-Wald interval
///         of the difference (Agresti & Caffo 2000, norm.ppf(0.975)) [−0.5820534630503493, −0.05431017331328719]
///     with --abandoned-exclude, 17/20 vs 10/19: z −2.1608897344483924, p 0.03070385807338017; fisher_exact
///         0.04074239502493117 (not used: every expected count ≥ 1)
///     T1 time, ttest_ind(log 4.3, log 4.2, equal_var=False): t −2.2875907293286684, df 21.66721552165086,
///         p 0.03230068951958863; Hedges' g (4.3 − 4.2, pooled SD × (1 − 3/(4N − 9))) −0.7090275263090874
///     T2 SEQ, ttest_ind(4.3, 4.2, equal_var=False): t −2.2197689748430967, df 36.8105184215985, p 0.032676919127491225
///     without P034: T1 time t −3.64265321698575, df 36.79098309181352, p 0.0008261904434282139, g −1.1438344701433147
@Suite(.serialized) struct BenchmarkCommandTests {
    static let fixture = Repository.path("Tests/Fixtures/benchmark")

    func study(language: String = "en") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Benchmark Q3", "--language", language])
        try cli.succeed(["participant", "import", Self.fixture + "/participants.csv", "--type", "Release=text"])
        for task in 1...5 { try cli.succeed(["task", "add", "T\(task)", "--title", "Task \(task)"]) }
        try cli.succeed(["attempt", "import", Self.fixture + "/attempts.csv"])
        try cli.succeed(["responses", "import", Self.fixture + "/sus.csv", "--instrument", "sus", "--participant-column", "participant"])
        try cli.succeed(["responses", "import", Self.fixture + "/seq.csv", "--instrument", "seq", "--participant-column", "participant",
                         "--task-column", "task"])
        return cli
    }

    /// CSV text as rows of cells by column name (no quoted commas in these files).
    func table(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let first = lines.first else { return [] }
        let header = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init))) }
    }

    func rows(_ path: String) throws -> [[String: String]] { table(try String(contentsOfFile: path, encoding: .utf8)) }

    /// The workbook's sheets as XML (their numbers are `<v>` elements).
    func sheetXML(_ path: String) throws -> String {
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unzip.arguments = ["unzip", "-p", path, "xl/worksheets/*.xml"]
        let pipe = Pipe()
        unzip.standardOutput = pipe
        try unzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        unzip.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func close(_ text: String?, _ expected: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let text, let value = Double(text) else { return false }
        return abs(value - expected) < tolerance
    }

    @Test func tasksSplitByReleaseWithAbandonedAttemptsAndTheSpeederFlagged() throws {
        let cli = try study()
        // Ungrouped, T2 has 40 attempts and one participant with no outcome: a failure, 27 of 40, said as such.
        let cells = try #require(table(try cli.succeed(["tasks", "summary", "--csv"])).first { $0["task"] == "T2" })
        #expect(cells["attempts"] == "40" && cells["successes"] == "27" && cells["abandoned"] == "1" && cells["participants"] == "40", "\(cells)")
        #expect(cells["failures"] == "13" && close(cells["completion"], 27.0 / 40), "\(cells)")
        // Left out when asked: 27 of the 39 with an outcome, the choice said.
        let excluded = try #require(table(try cli.succeed(["tasks", "summary", "--csv", "--abandoned", "exclude"])).first { $0["task"] == "T2" })
        #expect(excluded["failures"] == "12" && excluded["abandoned"] == "1" && close(excluded["completion"], 27.0 / 39), "\(excluded)")
        #expect(try cli.succeed(["tasks", "summary", "--abandoned", "exclude"]).contains("left out of the denominator as asked (--abandoned exclude)"))
        let text = try cli.succeed(["tasks", "summary", "--by", "Release"])
        #expect(text.contains("Completion: successes over every participant who attempted the task, by their first attempt; an attempt with no outcome (abandoned or unfinished) counts as a failure"), "\(text)")
        #expect(text.contains("Task times flagged as too fast (under 25 % of the task's median time): P034 (SUS: straight-lined; task times: 5 of 5 under 25 % of the task's median)"), "\(text)")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("T2    4.3") }).split(separator: " ").map(String.init)
        #expect(line[2] == "20" && line[3] == "10" && line[4] == "1" && line[5] == "50%", "attempts, successes, abandoned, completion: \(line)")

        // Completion between the releases: the N−1 two-proportion test, B against A, the direction named.
        let completion = try cli.succeed(["tasks", "compare", "T2", "--by", "Release", "--measure", "completion"])
        #expect(completion.contains("4.2 = 17/20 (85%), 4.3 = 10/20 (50%)"), "\(completion)")
        #expect(completion.contains("N−1 two-proportion test (every expected count at least 1, the smallest 6.50; Campbell 2007): z = -2.33, p = .020"), "\(completion)")
        #expect(completion.contains("4.3 lower than 4.2"))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T2", "--by", "Release", "--measure", "completion", "--json"]).utf8)) as! [String: Any]
        #expect((json["statistic"] as? Double).map { abs($0 - -2.3333333333333335) < 1e-12 } == true, "\(json)")
        #expect((json["p"] as? Double).map { abs($0 - 0.019630657257290667) < 1e-12 } == true)
        let leftOut = try cli.succeed(["tasks", "compare", "T2", "--by", "Release", "--measure", "completion", "--abandoned", "exclude"])
        #expect(leftOut.contains("4.2 = 17/20 (85%), 4.3 = 10/19 (53%)") && leftOut.contains("z = -2.16, p = .031"), "\(leftOut)")
        #expect(json["test"] as? String == "n-1-two-proportion" && json["levels"] as? [String] == ["4.2", "4.3"] && json["completed"] as? [Int] == [17, 10])
        let seq = try cli.succeed(["tasks", "compare", "T2", "--by", "Release", "--measure", "seq"])
        #expect(seq.contains("mean SEQ: 4.2 = 5.00, 4.3 = 4.26") && seq.contains("t(36.81) = -2.220, p = .033"), "\(seq)")
        #expect(seq.contains("Hedges' g (4.3 − 4.2) = -0.70: 4.3 lower than 4.2"), "\(seq)")
        let time = try cli.succeed(["tasks", "compare", "T1", "--by", "Release"])
        #expect(time.contains("t(21.67) = -2.288, p = .032") && time.contains("Hedges' g (4.3 − 4.2) = -0.71: 4.3 lower than 4.2"), "\(time)")
        // The speeder out: the same comparison without P034, said on standard error.
        let without = try cli.run(["tasks", "compare", "T1", "--by", "Release", "--exclude-flagged"])
        #expect(without.status == 0 && without.stdout.contains("t(36.79) = -3.643, p < .001") && without.stdout.contains("Hedges' g (4.3 − 4.2) = -1.14"), "\(without.stdout)")
        #expect(without.stderr.contains("1 participant is left out of the questionnaire and task analyses: P034 (flagged: SUS: straight-lined; task times: 5 of 5 under 25 % of the task's median)."), "\(without.stderr)")
        // --exclude names them; an unknown code is refused with the known ones.
        let named = try cli.run(["tasks", "summary", "--by", "Release", "--csv", "--exclude", "P001,P034"])
        let t1 = table(named.stdout).filter { $0["task"] == "T1" }
        #expect(t1.map { $0["participants"] } == ["19", "19"], "one left out of each release: \(t1)")
        #expect(named.stderr.contains("2 participants are left out of the questionnaire and task analyses: P001 (named with --exclude); P034 (named with --exclude)."), "\(named.stderr)")
        #expect(try cli.fail(["tasks", "summary", "--exclude", "P999"]).stderr.contains("No participant P999"))
    }

    @Test func reportAndFilesByReleaseCarryTheSameNumbers() throws {
        let cli = try study()
        try cli.succeed(["report", "--by", "Release", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        // The task table by release, then every task and measure compared with the groups and directions named.
        #expect(report.contains("| Task | Release | Attempts | Successes | Abandoned | Completion |"), "\(report)")
        #expect(report.contains("| T2 | 4.3 | 20 | 10 | 1 | 50% |"), "\(report)")
        #expect(report.contains("*Tasks compared between the groups of Release*"))
        #expect(report.contains("| Task | Measure | n | 4.2 | 4.3 | Effect (B vs A) | 95% CI | Test | p | p (Holm) | Hedges' g (B − A) | Direction |"), "\(report)")
        #expect(report.contains("| T2 | completion (difference B − A) | 20 + 20 | 85% | 50% | -0.35 | [-0.58, -0.05] | N−1 two-proportion z = -2.33 | .020 | .393 | – | 4.3 lower than 4.2 |"), "\(report)")
        #expect(report.contains("| T1 | time (ratio B / A) | 20 + 20 | 59.50 | 40.59 | 0.68 | [0.48, 0.97] | Welch's t(21.7) = -2.29 | .032 | .614 | -0.71 | 4.3 lower than 4.2 |"), "\(report)")
        #expect(report.contains("| T2 | SEQ (difference B − A) | 20 + 19 | 5.00 | 4.26 | -0.74 |"), "\(report)")
        #expect(report.contains("Holm's correction (Holm, 1979) over the 20 tests of this table"))
        #expect(report.contains("None of the 20 differences tested between the groups of Release is significant after Holm's correction (p ≥ 0.05)."))
        #expect(report.contains("the N−1 two-proportion test (Campbell, 2007; Sauro & Lewis, 2016) when every expected count is at least 1 and by Fisher's exact test otherwise"))
        #expect(report.contains("Campbell, I. (2007). Chi-squared and Fisher–Irwin tests") && report.contains("Agresti, A., & Caffo, B. (2000)"))
        // The flag said to a reader, no command to run; the unscored set worded for a reader too.
        #expect(report.contains("Every participant enters the analyses, the flagged ones as recorded: P034 (SUS: straight-lined; task times: 5 of 5 under 25 % of the task's median)."), "\(report)")
        #expect(report.contains("P012: SUS item 4 has no answer; the set was not scored, since this analysis neither counts an unanswered item as the centre point nor prorates"), "\(report)")
        #expect(!report.contains("score with --missing") && !report.contains("--exclude-flagged leaves") && !report.contains("studyctl score"),
                "no command line in a report")
        // The SUS comparison names its groups and which is higher.
        #expect(report.range(of: #"Hedges' g = -?[0-9.]+ \(4\.2 (higher|lower) than 4\.3\)"#, options: .regularExpression) != nil, "\(report)")

        try cli.succeed(["export", "csv", "--by", "Release", "csv"])
        let summary = try rows(cli.path("csv/task_summary.csv"))
        let t2 = try #require(summary.first { $0["task"] == "T2" && $0["release"] == "4.3" }, "the group column: \(summary.first ?? [:])")
        #expect(t2["participants"] == "20" && t2["successes"] == "10" && t2["abandoned"] == "1" && close(t2["completion"], 10.0 / 20))
        #expect(summary.count == 10)
        let comparisons = try rows(cli.path("csv/task_comparisons.csv"))
        let byRelease = comparisons.filter { $0["by"] == "Release" }
        #expect(byRelease.count == 20, "\(comparisons.count)")
        let completion = try #require(byRelease.first { $0["task"] == "T2" && $0["measure"] == "completion" })
        #expect(completion["test"] == "n-1-two-proportion" && completion["level_a"] == "4.2" && completion["level_b"] == "4.3" && completion["completed"] == "17;10")
        #expect(close(completion["statistic"], -2.3333333333333335) && close(completion["p"], 0.019630657257290667) && completion["higher"] == "4.2")
        #expect(close(completion["ci95_low"], -0.5820534630503493) && close(completion["ci95_high"], -0.05431017331328719))
        let time = try #require(byRelease.first { $0["task"] == "T1" && $0["measure"] == "time" })
        #expect(close(time["statistic"], -2.2875907293286684) && close(time["df"], 21.66721552165086) && close(time["p"], 0.03230068951958863))
        #expect(close(time["hedges_g"], -0.7090275263090874) && time["n_a"] == "20" && time["n_b"] == "20")
        let seq = try #require(byRelease.first { $0["task"] == "T2" && $0["measure"] == "seq" })
        #expect(close(seq["statistic"], -2.2197689748430967) && close(seq["df"], 36.8105184215985) && close(seq["p"], 0.032676919127491225))
        #expect(close(seq["typical_a"], 5.0) && close(seq["typical_b"], 4.2631578947368425))
        #expect(close(completion["p_holm"], 0.39261314514581336, 1e-9), "Holm over the 20 tests: 20 × 0.0196…")
        // The SUS comparison names its groups: group_a, group_b and the higher one.
        let sus = try #require(try rows(cli.path("csv/comparisons.csv")).first { $0["score"] == "SUS" && $0["test"] == "welch-t" })
        #expect(sus["group_a"] == "4.2" && sus["group_b"] == "4.3" && ["4.2", "4.3"].contains(sus["higher"] ?? ""), "\(sus)")

        // The workbook: the same numbers, worded.
        try cli.succeed(["export", "xlsx", "--by", "Release", "b.xlsx"])
        let workbook = try ExportCommandTests.workbookText(cli.path("b.xlsx"), cells: true)
        let sheets = try sheetXML(cli.path("b.xlsx"))
        #expect(sheets.contains("<v>-2.33333333333333") && sheets.contains("<v>-2.28759072932866") && sheets.contains("<v>-0.70902752630908"),
                "the comparisons' statistics, as in task_comparisons.csv")
        #expect(workbook.contains("N−1 two-proportion test") && workbook.contains("SEQ (difference B − A)") && workbook.contains("Abandoned"))
    }

    @Test func analysisSetsLeaveParticipantsOutEverywhere() throws {
        let cli = try study()
        // Without the speeder: the report, the CSV files and the score agree.
        let flagged = try cli.run(["report", "--by", "Release", "-o", "rep", "--exclude-flagged"])
        #expect(flagged.status == 0 && flagged.stderr.contains("P034"), "\(flagged.stderr)")
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("1 participant is left out of the questionnaire and task analyses: P034 (flagged: SUS: straight-lined; task times: 5 of 5 under 25 % of the task's median)."), "\(report)")
        #expect(report.contains("A participant is flagged when a quality check flags one of their response sets"))
        #expect(report.contains("40 people took part in the study"), "everybody who took part is counted")
        #expect(report.contains("| T1 | 4.3 | 19 |"), "\(report)")
        #expect(report.contains("Welch's t(36.8) = -3.64"), "\(report)")
        try cli.succeed(["export", "csv", "--by", "Release", "--exclude-flagged", "csv"])
        let time = try #require(try rows(cli.path("csv/task_comparisons.csv")).first { $0["by"] == "Release" && $0["task"] == "T1" && $0["measure"] == "time" })
        #expect(close(time["statistic"], -3.64265321698575) && close(time["p"], 0.0008261904434282139) && close(time["hedges_g"], -1.1438344701433147))
        let scores = try String(contentsOfFile: cli.path("csv/scores.csv"), encoding: .utf8)
        let responses = try String(contentsOfFile: cli.path("csv/responses.csv"), encoding: .utf8)
        let attempts = try String(contentsOfFile: cli.path("csv/attempts.csv"), encoding: .utf8)
        #expect(!scores.contains("P034") && !responses.contains("P034") && !attempts.contains("P034") && scores.contains("P033"))
        let score = try cli.run(["score", "sus", "--json", "--missing", "prorate", "--exclude-flagged"])
        // No score row of P034; the document names them only in its analysis set.
        func scored(_ text: String) throws -> [String] {
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return (document?["rows"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String }
        }
        let rows = try scored(score.stdout)
        #expect(!rows.contains("P034") && rows.contains("P033"), "\(rows)")
        #expect(score.stderr.contains("1 participant is left out of the questionnaire and task analyses: P034"), "\(score.stderr)")

        // --exclude by name, said in the methods.
        try cli.succeed(["report", "-o", "named", "--exclude", "P001"])
        let named = try String(contentsOfFile: cli.path("named/report.md"), encoding: .utf8)
        #expect(named.contains("1 participant is left out of the questionnaire and task analyses: P001 (named with --exclude)."))
        #expect(try !scored(try cli.succeed(["score", "sus", "--json", "--missing", "prorate", "--exclude", "P001"])).contains("P001"))

        // --missing: the report's SUS n is the score's under the same policy (score refuses P012's set by default).
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["score", "sus", "--json", "--missing", "prorate"]).utf8)) as! [String: Any]
        let overall = (json["overall"] as? [[String: Any]])?.first
        let susStatistics = (overall?["summaries"] as? [[String: Any]])?.first { $0["score"] as? String == "SUS" }?["statistics"] as? [String: Any]
        let scoreN = susStatistics?["n"] as? Int
        #expect(scoreN == 39, "\(String(describing: overall))")
        #expect(try cli.fail(["score", "sus"]).stderr.contains("P012"))
        try cli.succeed(["report", "-o", "prorated", "--missing", "prorate", "--detail", "full"])
        let prorated = try String(contentsOfFile: cli.path("prorated/report.md"), encoding: .utf8)
        try cli.succeed(["report", "-o", "refused", "--detail", "full"])
        let refused = try String(contentsOfFile: cli.path("refused/report.md"), encoding: .utf8)
        #expect(prorated.contains("Overall mean (n = 39)") && refused.contains("Overall mean (n = 38)"), "the SUS scores' n")
        #expect(prorated.contains("A score with one unanswered item was prorated from the answered items (Lewis & Sauro, 2017)"), "\(prorated)")
        #expect(!prorated.contains("P012: SUS item 4 has no answer"))
        try cli.succeed(["export", "csv", "--missing", "prorate", "prorated-csv"])
        let proratedScores = try String(contentsOfFile: cli.path("prorated-csv/scores.csv"), encoding: .utf8)
        #expect(proratedScores.contains("P012,"))
    }

    /// The report in Portuguese: the comparisons' wording and the methods from the catalog.
    @Test func theReportInPortuguese() throws {
        let cli = try study(language: "pt-BR")
        try cli.succeed(["report", "--by", "Release", "-o", "rel"])
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        #expect(report.contains("Tarefas comparadas entre os grupos de Release"), "\(report)")
        #expect(report.contains("4.3 menor que 4.2") && report.contains("z de duas proporções N−1 = -2,33"), "\(report)")
        #expect(report.contains("Nenhuma das 20 diferenças testadas entre os grupos de Release é significativa após a correção de Holm"), "\(report)")
        #expect(report.contains("Todos os participantes entram nas análises"), "\(report)")
    }
}
