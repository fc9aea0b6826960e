import Foundation
import Testing

/// The benchmark study of Tests/Fixtures/benchmark (40 participants, releases 4.2 and 4.3; see BenchmarkCommandTests):
/// the report's executive summary, the per-participant appendix, `tasks benchmark`, `--confidence 90` and the same
/// numbers in `tasks summary --json`, `export csv` and the workbook.
///
/// Reference values from scipy 1.17.1, one value per participant (python3 -m venv /tmp/bench-venv &&
/// /tmp/bench-venv/bin/pip install scipy; the completion of a participant is their outcome, SEQ their answer):
///
///     d = stats.binom(n, 0.78); mid-p below = d.cdf(x - 1) + 0.5 * d.pmf(x), above = d.sf(x) + 0.5 * d.pmf(x)
///       T2 4.3: 10/20 (P025's abandoned attempt a failure) → below 0.0033605402986628236
///       T2 4.2: 17/20 → above 0.24004165182104012
///     stats.ttest_1samp(seq, 5.5, alternative='less'|'greater')
///       T2 4.3: n 19, mean 4.2631578947368425, t −5.155470590096269, p 3.3197588344792224e-05 (less)
///       T1 4.2: n 20, mean 6.0, t 2.1794494717703365, p 0.021043143355250874 (greater)
///     stats.t.interval(0.90, n − 1, loc=mean, scale=stats.sem(seq))
///       T2 4.3: (3.8471409968829047, 4.67917479259078)   T1 4.2: (5.603309727085158, 6.396690272914842)
@Suite(.serialized) struct ExecutiveSummaryTests {
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

    func json(_ cli: StudyCtl, _ arguments: [String]) throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(try cli.succeed(arguments).utf8)) as! [String: Any]
        return document["rows"] as! [[String: Any]]
    }

    func row(_ rows: [[String: Any]], _ task: String, _ release: String) -> [String: Any]? {
        rows.first { $0["task"] as? String == task && ($0["groups"] as? [String: String])?["Release"] == release }
    }

    func csvRows(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let first = lines.first else { return [] }
        let header = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init))) }
    }

    func close(_ value: Any?, _ expected: Double, _ tolerance: Double = 1e-9) -> Bool {
        if let number = value as? Double { return abs(number - expected) < tolerance }
        if let number = value as? Int { return abs(Double(number) - expected) < tolerance }
        if let text = value as? String, let number = Double(text) { return abs(number - expected) < tolerance }
        return false
    }

    /// A JSON value that is missing or null.
    func absent(_ value: Any?) -> Bool { value == nil || value is NSNull }

    /// The report's lines from `start` up to the next second-level heading.
    func section(_ report: String, _ start: String) -> String {
        guard let range = report.range(of: start) else { return "" }
        let rest = report[range.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func benchmarkTestsMatchScipyAndTheSummaryJSON() throws {
        let cli = try study()
        let rows = try json(cli, ["tasks", "summary", "--by", "Release", "--json", "--confidence", "90"])
        let t2 = try #require(row(rows, "T2", "4.3"))
        let completion = try #require(t2["completionBenchmark"] as? [String: Any])
        #expect(completion["method"] as? String == "binomial-mid-p" && completion["direction"] as? String == "below")
        #expect(close(completion["p"], 0.0033605402986628236, 1e-12) && close(completion["value"], 10.0 / 20))
        #expect(completion["light"] as? String == "red", "\(completion)")
        let seq = try #require(t2["seqBenchmark"] as? [String: Any])
        #expect(close(seq["statistic"], -5.155470590096269, 1e-9) && close(seq["p"], 3.3197588344792224e-05, 1e-12))
        let interval = try #require(seq["interval"] as? [Double])
        #expect(close(interval[0], 3.8471409968829047) && close(interval[1], 4.67917479259078))
        #expect(seq["light"] as? String == "red" && close(t2["confidence"], 0.90))
        let t1 = try #require(row(rows, "T1", "4.2")?["seqBenchmark"] as? [String: Any])
        #expect(t1["direction"] as? String == "above" && close(t1["p"], 0.021043143355250874, 1e-12) && t1["light"] as? String == "green")
        let above = try #require(row(rows, "T2", "4.2")?["completionBenchmark"] as? [String: Any])
        #expect(above["direction"] as? String == "above" && close(above["p"], 0.24004165182104012, 1e-12) && above["light"] as? String == "amber")

        // tasks benchmark: the same tests as a table, the level in its headers, the light rule under it.
        let text = try cli.succeed(["tasks", "benchmark", "--by", "Release", "--confidence", "90"])
        #expect(text.contains("Completion 90% CI") && text.contains("SEQ 90% CI") && text.contains("●\u{00A0}red") && text.contains("●\u{00A0}green"), "\(text)")
        #expect(text.contains("Traffic light: ● green when the interval's lower bound is above the benchmark"), "\(text)")
        #expect(text.contains("(Sauro, 2011)") == false, "no citation marks on the command line")
        let benchmarkJSON = try json(cli, ["tasks", "benchmark", "--by", "Release", "--json", "--confidence", "90"])
        #expect(close((row(benchmarkJSON, "T2", "4.3")?["completionBenchmark"] as? [String: Any])?["p"], 0.0033605402986628236, 1e-12))
        // A target time on T1, set after the task was added: of the participants who completed T1 (one attempt each in
        // attempts.csv), 7 of 15 under 60 s in 4.2 and 13 of 15 in 4.3, counted from the fixture.
        #expect(try cli.succeed(["task", "edit", "T1", "--target", "60s"]).contains("T1"))
        #expect(try cli.succeed(["task", "list"]).contains("60 s"))
        let targeted = try json(cli, ["tasks", "benchmark", "--by", "Release", "--json"])
        let under42 = try #require(row(targeted, "T1", "4.2")?["underTarget"] as? [String: Any])
        let under43 = try #require(row(targeted, "T1", "4.3")?["underTarget"] as? [String: Any])
        #expect(under42["successes"] as? Int == 7 && under42["attempts"] as? Int == 15, "\(under42)")
        #expect(under43["successes"] as? Int == 13 && under43["attempts"] as? Int == 15)
        #expect(absent(row(targeted, "T2", "4.2")?["underTarget"]), "no target on T2")
        let withTarget = try cli.succeed(["tasks", "benchmark", "--by", "Release"])
        #expect(withTarget.contains("Under target (successes)") && withTarget.contains("successful attempts only"), "\(withTarget)")
        // A bad target is refused, naming the task and the option, and leaves the study as it was.
        let bad = try cli.run(["task", "edit", "T1", "--target", "0s"])
        #expect(bad.status != 0 && bad.stderr.contains("task T1, --target"), "\(bad.stderr)")
        #expect(try cli.succeed(["task", "list"]).contains("60 s"))
        let unknown = try cli.run(["task", "edit", "T9", "--target", "30s"])
        #expect(unknown.status != 0 && unknown.stderr.contains("T9"))
        try cli.succeed(["task", "edit", "T1", "--no-target"])
        #expect(absent(row(try json(cli, ["tasks", "benchmark", "--by", "Release", "--json"]), "T1", "4.2")?["underTarget"]))
    }

    @Test func reportOpensWithTheSummaryAndEndsWithTheAppendix() throws {
        let cli = try study()
        try cli.succeed(["report", "--by", "Release", "-o", "rep", "--confidence", "90", "--detail", "full"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        let summaryAt = try #require(report.range(of: "## Executive summary")?.lowerBound, "\(report)")
        let participantsAt = try #require(report.range(of: "## Participants")?.lowerBound)
        let appendixAt = try #require(report.range(of: "## Appendix: tables per participant")?.lowerBound)
        let referencesAt = try #require(report.range(of: "## References")?.lowerBound)
        #expect(summaryAt < participantsAt && referencesAt < appendixAt)
        let summary = section(report, "## Executive summary")
        #expect(summary.contains("- 40 participants analysed; flagged by the quality checks: 1; left out of the analyses: 0."), "\(summary)")
        // The SUS score per release and overall with its 90 % interval and grade.
        #expect(summary.contains("*Questionnaire scores (90% CI)*") && summary.contains("| SUS | SUS | 4.2 | 19 | 74.74 |") && summary.contains("| **SUS** | **SUS** | **All** | **38** |")
                && !summary.contains("| SEQ | SEQ |"), "\(summary)")
        // Each task and release against the benchmarks: the numbers of tasks summary --json, formatted.
        // Two participants answered no SEQ after one task (T2 and T4 at 4.3, T5 at 4.2): each mean beside its own n.
        #expect(summary.contains("| Task | Release | n (completion) | Completion | Completion 90% CI | Completion light | n (SEQ) | SEQ (mean) | SEQ 90% CI | SEQ light |"), "\(summary)")
        let tasksSection = section(report, "\n## Tasks\n")
        #expect(tasksSection.contains("| Task | Release | n (completion) | Completion | Completion 90% CI | vs 78% | p (one-sided) | Completion light |"), "\(tasksSection)")
        let rows = try json(cli, ["tasks", "summary", "--by", "Release", "--json", "--confidence", "90"])
        for task in ["T1", "T2", "T3", "T4", "T5"] {
            for release in ["4.2", "4.3"] {
                let r = try #require(row(rows, task, release))
                let completion = try #require(r["completionBenchmark"] as? [String: Any])
                let seq = r["seqBenchmark"] as? [String: Any]
                let rate = Int(((completion["value"] as! Double) * 100).rounded())
                let ci = completion["interval"] as! [Double]
                let interval = "[\(String(format: "%.2f", ci[0])), \(String(format: "%.2f", ci[1]))]"
                let light = "●\u{00A0}" + (completion["light"] as! String)
                let seqMean = String(format: "%.2f", r["seqMean"] as! Double)
                let seqInterval = (seq?["interval"] as? [Double]).map { "[\(String(format: "%.2f", $0[0])), \(String(format: "%.2f", $0[1]))]" } ?? "–"
                let seqLight = seq.map { "●\u{00A0}" + ($0["light"] as! String) } ?? "–"
                let line = "| \(task) | \(release) | \(completion["n"] as! Int) | \(rate)% | \(interval) | \(light) | \(r["seqN"] as! Int) | \(seqMean) | \(seqInterval) | \(seqLight) |"
                #expect(summary.contains(line), "\(line)\n\(summary)")
                // The tasks' section: the same with each test's side and one-sided p.
                let p = completion["p"] as! Double
                let full = "| \(task) | \(release) | \(completion["n"] as! Int) | \(rate)% | \(interval) | \(completion["direction"] as! String) | \(p < 0.001 ? "< .001" : String(format: "%.3f", p).replacingOccurrences(of: "0.", with: ".")) | \(light) | \(r["seqN"] as! Int) | \(seqMean) | \(seqInterval) |"
                #expect(tasksSection.contains(full), "\(full)\n\(tasksSection)")
            }
        }
        #expect(summary.contains("Each test against its benchmark, one-sided, with its p: in the tasks' section."))
        #expect(summary.contains("Traffic light: ● green when the interval's lower bound is above the benchmark, ● red when its upper bound is below it, ● amber otherwise"))
        #expect(summary.contains("completion 78%, the average over 1,189 tasks (Sauro, 2011); SEQ 5.5, the average task ease on the 7-point scale (Sauro, 2012)"), "\(summary)")
        #expect(report.contains("Sauro, J. (2011). *What is a good task-completion rate?*") || report.contains("Sauro, J. (2011)."), "the reference list names the source")
        // The largest changes between the releases: T2's completion first (the smallest p of the what-changed table).
        #expect(summary.contains("### Largest changes between groups") && summary.contains("Between the groups of Release, 0 of 20 task comparisons differ at p (Holm) < 0.05."), "\(summary)")
        #expect(summary.contains("| T1 | time (ratio B / A) | 20 + 20 | 59.50 | 40.59 |") && summary.contains("| T2 | completion (difference B − A) | 20 + 20 | 85% | 50% |"))
        // Counted lights, as findings.
        let lights = rows.compactMap { ($0["completionBenchmark"] as? [String: Any])?["light"] as? String }
        // Each dot bound to its word by a no-break space.
        let counted = "Completion against 78% over 10 task rows (task × group): ●\u{00A0}green: \(lights.filter { $0 == "green" }.count), ●\u{00A0}amber: \(lights.filter { $0 == "amber" }.count), ●\u{00A0}red: \(lights.filter { $0 == "red" }.count)."
        #expect(summary.contains(counted), "\(counted)\n\(summary)")
        // The intervals of the body at the same level: the task table and the charts' captions.
        #expect(report.contains("Completion 90% CI") && report.contains("Geometric mean 90% CI") && !report.contains("Completion 95% CI"))
        #expect(report.contains("adjusted-Wald 90% confidence intervals"))
        // The per-participant tables only in the appendix.
        let appendix = String(report[appendixAt...])
        #expect(appendix.contains("| P001 | 4.2 |") && !report[..<appendixAt].contains("| P001 |"), "every participant's row is in the appendix")
        #expect(appendix.contains("| P034 |"))
    }

    /// One more missing SEQ answer (P001 after T2, at 4.2) lowers that row's SEQ n and leaves its completion n; a
    /// study where completion and the SEQ count the same participants shows one n.
    @Test func eachMeanOfTheSummaryStandsBesideItsOwnN() throws {
        let cli = try study()
        try cli.succeed(["responses", "remove", "P001", "seq", "--task", "T2"])
        try cli.succeed(["report", "--by", "Release", "-o", "rep"])
        let summary = section(try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8), "## Executive summary")
        let rows = try json(cli, ["tasks", "summary", "--by", "Release", "--json"])
        let t2 = try #require(row(rows, "T2", "4.2"))
        let completionN = try #require((t2["completionBenchmark"] as? [String: Any])?["n"] as? Int)
        let seqN = try #require(t2["seqN"] as? Int)
        #expect(completionN == 20 && seqN == 19, "P001 answered no SEQ for T2")
        let mean = String(format: "%.2f", try #require(t2["seqMean"] as? Double))
        #expect(summary.contains("| T2 | 4.2 | 20 | 85% |") && summary.contains(" | 19 | \(mean) | "), "\(summary)")
        // Where no row's SEQ n differs from its completion n (here, no SEQ asked), the summary shows a single n.
        let plain = try StudyCtl()
        try plain.succeed(["init", "--title", "Benchmark Q3"])
        try plain.succeed(["participant", "import", Self.fixture + "/participants.csv", "--type", "Release=text"])
        for task in 1...5 { try plain.succeed(["task", "add", "T\(task)", "--title", "Task \(task)"]) }
        try plain.succeed(["attempt", "import", Self.fixture + "/attempts.csv"])
        try plain.succeed(["report", "--by", "Release", "-o", "rep"])
        let plainSummary = section(try String(contentsOfFile: plain.path("rep/report.md"), encoding: .utf8), "## Executive summary")
        #expect(plainSummary.contains("| Task | Release | n | Completion |") && !plainSummary.contains("n (SEQ)"), "\(plainSummary)")
    }

    @Test func theSameNumbersInTheCSVFilesAndTheWorkbook() throws {
        let cli = try study()
        try cli.succeed(["export", "csv", "--by", "Release", "--confidence", "90", "csv"])
        let benchmarks = try csvRows(cli.path("csv/task_benchmarks.csv"))
        #expect(benchmarks.count == 10)
        let t2 = try #require(benchmarks.first { $0["task"] == "T2" && $0["release"] == "4.3" }, "\(benchmarks.first ?? [:])")
        #expect(close(t2["completion"], 10.0 / 20) && close(t2["completion_p"], 0.0033605402986628236, 1e-12) && t2["completion_side"] == "below")
        #expect(t2["completion_light"] == "red" && t2["completion_method"] == "binomial-mid-p" && close(t2["confidence"], 0.9))
        #expect(close(t2["seq_ci_low"], 3.8471409968829047) && close(t2["seq_ci_high"], 4.67917479259078) && close(t2["seq_p"], 3.3197588344792224e-05, 1e-12))
        let summary = try csvRows(cli.path("csv/task_summary.csv"))
        let row = try #require(summary.first { $0["task"] == "T2" && $0["release"] == "4.3" })
        #expect(row["completion_ci90_low"] != nil && row["completion_ci95_low"] == nil, "the level in the machine names: \(row.keys.sorted())")
        #expect(close(row["completion_ci90_low"], Double(t2["completion_ci_low"] ?? "") ?? -1))
        // The questionnaire's summary and benchmarks at the same level, named so; the report's SUS interval is the same.
        let scoreSummary = try csvRows(cli.path("csv/summary.csv"))
        let sus = try #require(scoreSummary.first { $0["score"] == "SUS" && $0["group"] == "all" }, "\(scoreSummary.first ?? [:])")
        #expect(sus["ci95_low"] == nil && close(sus["ci90_low"], 69.63, 0.005) && close(sus["ci90_high"], 73.39, 0.005), "\(sus)")
        #expect(try String(contentsOfFile: cli.path("csv/benchmarks.csv"), encoding: .utf8).contains("ci90_low,ci90_high,margin95"))
        // score --confidence 90: the SUS interval over 39 prorated sets, narrower than at 95 % by
        // stats.t.ppf(0.95, 38) / stats.t.ppf(0.975, 38) = 0.8328192652505843 (scipy 1.17.1).
        func susInterval(_ level: String) throws -> (confidence: Any?, interval: [Double]) {
            let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["score", "sus", "--json", "--missing", "prorate", "--confidence", level]).utf8)) as! [String: Any]
            let summaries = (json["overall"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]] ?? []
            let statistics = summaries.first { $0["score"] as? String == "SUS" }?["statistics"] as? [String: Any]
            return (json["confidence"], statistics?["ci"] as? [Double] ?? [])
        }
        let (level90, ninety) = try susInterval("90")
        let (level95, ninetyFive) = try susInterval("95")
        #expect(close(level90, 0.9) && close(level95, 0.95) && ninety.count == 2 && ninetyFive.count == 2)
        if ninety.count == 2, ninetyFive.count == 2 {
            #expect(close((ninety[1] - ninety[0]) / (ninetyFive[1] - ninetyFive[0]), 0.8328192652505843, 1e-9))
        }
        #expect(try cli.succeed(["score", "sus", "--missing", "prorate", "--confidence", "90"]).contains("90% CI"))

        try cli.succeed(["export", "xlsx", "--by", "Release", "--confidence", "90", "b.xlsx"])
        let workbook = try ExportCommandTests.workbookText(cli.path("b.xlsx"), cells: true)
        #expect(workbook.contains("Task benchmarks") && workbook.contains("binomial-mid-p") && workbook.contains("Completion 90% CI"), "the sheet and its headers")
    }

    /// The Single Usability Metric (Sauro & Kindlund 2005) of T1 with a 60 s target and 5 error opportunities, and of
    /// T2 without either, at 90 %. Computed by hand from the fixture with scipy 1.17.1, run once
    /// (`python3 /tmp/sum_fixture.py`: per release and task, one value per participant; completion x/n with its
    /// adjusted-Wald interval; time norm.cdf((60 − mean) / sd); SEQ norm.cdf((mean − 5.5) / sd); errors 1 − mean / 5;
    /// each interval the t interval of the mean, or adjusted-Wald, mapped the same way; SUM and its bounds averaged):
    ///
    ///     T1 4.2: parts 0.75, 0.4811108993, 0.686991197, 0.7 → SUM 0.6545255240672887 (0.512198949897603, 0.7764015486986304)
    ///     T1 4.3: parts 0.75, 0.8456451638, 0.5524920353, 0.8 → SUM 0.7370342997917845 (0.6086081816295934, 0.8398634677997117)
    ///     T2 4.3 without time and errors, completion 10/20 (the abandoned attempt a failure), SEQ part
    ///       0.11845490012984417 (0.056988475884347335, 0.21624889066341363): SUM 0.3092274500649221
    ///       (0.19219612188475166, 0.44442256138912883)
    @Test func singleUsabilityMetricTheSameInTheCommandTheCSVAndTheReport() throws {
        let cli = try study()
        let edited = try cli.succeed(["task", "edit", "T1", "--target", "60s", "--error-opportunities", "5"])
        #expect(edited.contains("T1: 5 error opportunities"), "\(edited)")
        let rows = try json(cli, ["tasks", "benchmark", "--by", "Release", "--json", "--confidence", "90"])
        let t1 = try #require(row(rows, "T1", "4.2")?["singleUsabilityMetric"] as? [String: Any])
        #expect(close(t1["score"], 0.6545255240672887, 1e-9) && close(t1["confidence"], 0.9))
        let t1Interval = try #require(t1["interval"] as? [Double])
        #expect(close(t1Interval[0], 0.512198949897603, 1e-9) && close(t1Interval[1], 0.7764015486986304, 1e-9))
        #expect((t1["omitted"] as? [String]) == [])
        let t143 = try #require(row(rows, "T1", "4.3")?["singleUsabilityMetric"] as? [String: Any])
        #expect(close(t143["score"], 0.7370342997917845, 1e-9))
        let t2 = try #require(row(rows, "T2", "4.3")?["singleUsabilityMetric"] as? [String: Any])
        #expect(close(t2["score"], 0.3092274500649221, 1e-9) && (t2["omitted"] as? [String]) == ["time", "errors"])
        let t2Interval = try #require(t2["interval"] as? [Double])
        #expect(close(t2Interval[0], 0.19219612188475166, 1e-9) && close(t2Interval[1], 0.44442256138912883, 1e-9))

        // The command's CSV and text, and export csv's task_benchmarks.csv: the same numbers.
        try cli.succeed(["export", "csv", "--by", "Release", "--confidence", "90", "csv"])
        for benchmarks in [try csvRows(cli.path("csv/task_benchmarks.csv"))] {
            let r = try #require(benchmarks.first { $0["task"] == "T1" && $0["release"] == "4.2" }, "\(benchmarks.first ?? [:])")
            #expect(close(r["sum"], 0.6545255240672887, 1e-9) && close(r["sum_ci_low"], t1Interval[0], 1e-9) && close(r["sum_ci_high"], t1Interval[1], 1e-9), "\(r)")
            #expect(close(r["sum_time"], 0.4811108993, 1e-9) && close(r["sum_errors"], 0.7, 1e-9) && r["sum_left_out"] == "", "\(r)")
            let r2 = try #require(benchmarks.first { $0["task"] == "T2" && $0["release"] == "4.3" })
            #expect(close(r2["sum"], 0.3092274500649221, 1e-9) && r2["sum_left_out"] == "time;errors" && r2["sum_time"] == "", "\(r2)")
        }
        let commandCSV = try cli.succeed(["tasks", "benchmark", "--by", "Release", "--csv", "--confidence", "90"])
        #expect(commandCSV.split(separator: "\n").first?.contains("sum,sum_ci_low,sum_ci_high,sum_left_out") == true, "\(commandCSV)")
        let text = try cli.succeed(["tasks", "benchmark", "--by", "Release", "--confidence", "90"])
        #expect(text.contains("SUM 90% CI") && text.contains("SUM leaves out") && text.contains("time, errors"), "\(text)")
        #expect(text.contains("SUM, the Single Usability Metric"), "the rule under the table")

        // The report: the benchmark tables and the executive summary, and the paper in the references.
        try cli.succeed(["report", "--by", "Release", "-o", "rep", "--confidence", "90"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        let summary = section(report, "## Executive summary")
        #expect(summary.contains("| SUM | SUM 90% CI | SUM leaves out |"), "\(summary)")
        #expect(summary.contains("| 65% | [0.51, 0.78] |"), "T1 4.2's SUM and interval: \(summary)")
        // One short sentence, the range with its rows named; every row is in the table above it.
        #expect(summary.contains("SUM, the Single Usability Metric (Sauro & Kindlund, 2005), over 10 task rows (task × group): from 31% (T2, Release: 4.3) to 77% (T3, Release: 4.2); every row is in the table of tasks against the benchmarks."), "\(summary)")
        #expect(report.contains("Sauro, J., & Kindlund, E. (2005)") || report.contains("Kindlund, E. (2005)"), "the reference list names the paper")
        #expect(report.contains("A method to standardize usability metrics into a single score"))
        // The SEQ chart with its t interval at 90 %: three lines per whisker over the ten bars, besides the grid.
        #expect(report.contains("on the 1–7 scale with its t confidence interval at 90 %"), "the chart's caption")
        let seqChart = try String(contentsOfFile: cli.path("rep/charts/en/task-seq.svg"), encoding: .utf8)
        #expect(seqChart.components(separatedBy: "<line").count - 1 >= 35 && seqChart.contains("90% CI"), "\(seqChart.prefix(400))")

        // The workbook's sheet.
        try cli.succeed(["export", "xlsx", "--by", "Release", "--confidence", "90", "b.xlsx"])
        let workbook = try ExportCommandTests.workbookText(cli.path("b.xlsx"), cells: true)
        #expect(workbook.contains("SUM 90% CI") && workbook.contains("SUM: time"), "the sheet's SUM columns")

        // A bad count is refused, naming the task and the option, and the study keeps the one it had.
        let bad = try cli.run(["task", "edit", "T1", "--error-opportunities", "0"])
        #expect(bad.status != 0 && bad.stderr.contains("task T1, --error-opportunities"), "\(bad.stderr)")
        #expect(try cli.succeed(["task", "list"]).contains("60 s"))
        let listed = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["task", "list", "--json"]).utf8)) as? [String: Any]
        let tasks = listed?["tasks"] as? [[String: Any]] ?? []
        #expect(tasks.first { $0["key"] as? String == "T1" }?["errorOpportunities"] as? Int == 5, "\(tasks)")
        try cli.succeed(["task", "edit", "T1", "--no-error-opportunities"])
        let cleared = try json(cli, ["tasks", "benchmark", "--by", "Release", "--json"])
        #expect((row(cleared, "T1", "4.2")?["singleUsabilityMetric"] as? [String: Any])?["omitted"] as? [String] == ["errors"])
    }

    /// tasks compare --confidence 90: the interval at 90 %, narrower, and said so; the what-changed tables too.
    @Test func tasksCompareAtNinetyPercent() throws {
        let cli = try study()
        func effect(_ arguments: [String]) throws -> (ci: [Double], confidence: Any?) {
            let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(arguments).utf8)) as! [String: Any]
            return (json["ci"] as? [Double] ?? [], json["confidence"])
        }
        for measure in ["completion", "seq", "time"] {
            let base = ["tasks", "compare", "T2", "--by", "Release", "--levels", "4.2,4.3", "--measure", measure, "--json"]
            let at95 = try effect(base)
            let at90 = try effect(base + ["--confidence", "90"])
            #expect(at95.ci.count == 2 && at90.ci.count == 2, "\(measure)")
            if at95.ci.count == 2, at90.ci.count == 2 {
                #expect(at90.ci[0] > at95.ci[0] && at90.ci[1] < at95.ci[1], "\(measure): 90 % inside 95 %")
            }
            #expect(close(at90.confidence, 0.9) && close(at95.confidence, 0.95), "\(measure)")
            let text = try cli.succeed(Array(base.dropLast()) + ["--confidence", "90"])
            #expect(text.contains("90% CI") && !text.contains("95% CI"), "\(measure): \(text)")
            #expect(try cli.succeed(Array(base.dropLast())).contains("95% CI"), "\(measure): the default unchanged")
        }
        try cli.succeed(["report", "--by", "Release", "-o", "rep", "--confidence", "90"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        let changes = section(report, "### Largest changes between groups")
        #expect(changes.contains("| 90% CI |") && !changes.contains("95% CI"), "\(changes)")
        try cli.succeed(["export", "csv", "--by", "Release", "--confidence", "90", "csv"])
        let header = try String(contentsOfFile: cli.path("csv/task_comparisons.csv"), encoding: .utf8).split(separator: "\n").first ?? ""
        #expect(header.contains(",ci90_low,ci90_high,") && !header.contains("ci95"), "\(header)")
    }

    @Test func appendixApartAndTheSummaryInPortuguese() throws {
        let cli = try study(language: "pt-BR")
        try cli.succeed(["report", "--by", "Release", "-o", "rel", "--appendix", "separate", "--confidence", "90"])
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        let summary = section(report, "## Resumo executivo")
        #expect(!summary.isEmpty, "\(report)")
        #expect(summary.contains("40 participantes analisados; sinalizados pelas verificações de qualidade: 1; deixados fora das análises: 0."), "\(summary)")
        #expect(summary.contains("IC 90 % da conclusão") && summary.contains("●\u{00A0}vermelho") && summary.contains("Conclusão frente a 78 %"), "\(summary)")
        #expect(section(report, "\n## Tarefas\n").contains("| frente a 78 % | p (unilateral) |"))
        #expect(summary.contains("Sinal: ● verde quando o limite inferior do intervalo está acima da referência"))
        #expect(summary.contains("| T2 | 4.3 | 20 | 50 % | [0,33; 0,67] | ●\u{00A0}vermelho | 19 | 4,26 | [3,85; 4,68] | ●\u{00A0}vermelho |"), "decimal commas: \(summary)")
        #expect(summary.contains("| n (conclusão) |") && summary.contains("| n (SEQ) |"), "\(summary)")
        #expect(summary.contains("(SAURO, 2011)") && summary.contains("(SAURO, 2012)"), "ABNT citations")
        let words = ForeignWordCheck.english(in: summary.replacingOccurrences(of: "SEQ", with: ""))
        #expect(words.isEmpty, "English in the Portuguese summary: \(words)")
        // SUM in Portuguese: the command's table, its rule, and task compare's interval.
        try cli.succeed(["task", "edit", "T1", "--target", "60s", "--error-opportunities", "5"])
        let benchmark = try cli.succeed(["tasks", "benchmark", "--by", "Release", "--confidence", "90"])
        #expect(benchmark.contains("SUM IC 90 %") && benchmark.contains("tempo, erros"), "\(benchmark)")
        let english = ForeignWordCheck.english(in: benchmark.replacingOccurrences(of: "SEQ", with: "").replacingOccurrences(of: "SUM", with: ""))
        #expect(english.isEmpty, "English in tasks benchmark: \(english)\n\(benchmark)")
        let compared = try cli.succeed(["tasks", "compare", "T2", "--by", "Release", "--levels", "4.2,4.3", "--measure", "completion", "--confidence", "90"],
                                       environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(compared.contains("IC 90 %"), "\(compared)")
        let comparedWords = ForeignWordCheck.english(in: compared)
        #expect(comparedWords.isEmpty, "English in tasks compare: \(comparedWords)\n\(compared)")
        // The appendix apart: the tables as CSV files beside the report, named in it.
        #expect(report.contains("## Apêndice: tabelas por participante") && report.contains("tables/participants.csv, ao lado deste relatório."), "\(report)")
        #expect(!report.contains("| P001 |"))
        let participants = try csvRows(cli.path("rel/tables/participants.csv"))
        #expect(participants.count == 40)
        #expect(FileManager.default.fileExists(atPath: cli.path("rel/tables/sus_scores.csv")))
    }
}
