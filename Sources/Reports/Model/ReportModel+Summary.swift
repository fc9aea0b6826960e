import Figures
import Foundation
import Results
import Statistics
import StudyBasics
import Surveys
import Wording

extension ReportModel {
    /// The executive summary at the top of the report: who was analysed (flagged and excluded participants), the
    /// questionnaire scores with their interval and grade, every task (and group) against the completion and SEQ
    /// benchmarks with its traffic light, and with `--by` the largest changes between the groups. Every number is the
    /// one the tables of the report (and `tasks summary`, `score`) give.
    /// `detail` says what else the document holds: the appendix the scores' note points to (`full`), the tasks'
    /// section the benchmarks' note points to (not `brief`).
    mutating func buildSummary(_ s: StudyData, language: StudyLanguage, citations: CitationList, detail: Detail = .full,
                               chart: (String, Figure, String) -> Chart) {
        let style = NumberStyle(language)
        let ci = ResultTable.intervalLabel(s.confidence, language)

        // Who was analysed.
        var who: Sentence = "\(String(s.participantCount)) participants analysed."
        let flagged = s.analysis.flagged.count
        let excluded = s.analysis.excluded.count
        if excluded > 0 {
            // Who was recruited, left out and analysed: the same three numbers as the workbook's Study sheet.
            who = "\(String(s.participantCount + excluded)) participants recruited, \(String(excluded)) excluded, \(String(s.participantCount)) analysed; flagged by the quality checks: \(String(flagged))."
        } else if flagged > 0 {
            who = "\(String(s.participantCount)) participants analysed; flagged by the quality checks: \(String(flagged)); left out of the analyses: \(String(excluded))."
        }
        summary.findings.append(Value(value: who.text(language)))

        // The study's main comparison first: each questionnaire's levels compared within the same participants (the
        // prototypes, the occasions), over every participant with a set under every level.
        for finding in mainWithinComparisons(s, language: language) { summary.findings.append(Value(value: finding.sentence)) }
        summary.charts = mainWithinComparisons(s, language: language).compactMap { finding in
            finding.figure.map { chart(finding.name, $0, finding.caption) }
        }
        // Between groups of participants, each questionnaire's main score compared (per measurement where the sets
        // have several), the test and its size in one sentence.
        if s.groupAttribute != nil {
            for q in s.questionnaires where !q.definition.perTask {
                let main = q.definition.scoreIDs.first
                // A comparison with a group of fewer than `smallCell` participants stays in its section.
                for item in q.report.comparisons where item.task == nil && item.scoreID == main
                    && !item.comparison.groups.contains(where: { $0.n < Self.smallCell }) {
                    let name = ScoreNames.name(item.scoreID, q.definition, language, long: false)
                    let lead = item.prefix(noOccasion: Term.no_occasion.text(language), labels: s.labels)
                    summary.findings.append(Value(value: item.comparison.renamed(s.groupValue).wording(score: lead + name, language: language).text(language)))
                }
            }
        }
        // Between groups, which group is better on which task and measure (the comparisons that hold after Holm's
        // correction, with their test and size), as the tasks' section says it.
        if let groups = s.taskGroups, !groups.rows.isEmpty {
            for sentence in Self.groupTaskSentences(groups, language: language, labels: s.labels) { summary.findings.append(Value(value: sentence)) }
        }

        // Questionnaire scores: each score per group and overall, with its interval and, on the SUS scale, its grade.
        var scores = ResultTable(id: "summary_scores", title: ("Questionnaire scores (\(ci))" as Sentence).text(language), language: language,
                                 columns: [Column("questionnaire", ("Questionnaire" as Sentence).text(language), .text),
                                           Column(.score, .text, language), Column(.group, .text, language), Column(.n, .count, language),
                                           Column(.mean, .number(decimals: 2), language),
                                           Column("ci", ci, .interval(decimals: 2)), Column(.norm, .number(decimals: 2), language),
                                           Column(.grade, .text, language)])
        // Per-task instruments (the SEQ) are in the benchmark table, per task and group.
        for q in s.questionnaires where !q.definition.perTask {
            let d = q.definition
            for group in q.report.groups + q.report.overall where group.n > 0 {
                let name = group.name == ScoreReport.allName ? Term.all.text(language) : s.groupValue(group.name)
                for summary in group.summaries {
                    scores.append([.text(d.id.uppercased()), .text(ScoreNames.name(summary.scoreID, d, language, long: false)),
                                   .text(ScoreGroupLabel.prefix(group, language, labels: s.labels) + name), .count(summary.statistics.n),
                                   .number(summary.statistics.mean), Results.Value(summary.statistics.ci95), Results.Value(summary.norm),
                                   Results.Value(summary.meaning?.grade.grade)],
                                  emphasised: group.name == ScoreReport.allName)
                }
            }
        }
        if !scores.isEmpty {
            let level = String(Int((s.confidence * 100).rounded()))
            scores.notes = [(detail == .full
                ? "Intervals from the t distribution at \(level) %; grades on the Sauro–Lewis curved scale for SUS scores \(citations.cite("sauro2016")). The scores of each participant are in the appendix." as Sentence
                : "Intervals from the t distribution at \(level) %; grades on the Sauro–Lewis curved scale for SUS scores \(citations.cite("sauro2016")).").text(language)]
            summary.scores = place(scores)
        }

        // Tasks against the benchmarks, with the lights counted.
        if !s.taskSummary.isEmpty {
            // The full table (each test's side and one-sided p) in the tasks' section; here the values, their
            // intervals and lights.
            var table = ResultTable.taskBenchmarks(s.taskSummary, factors: s.taskGroupNames, language: language, labels: s.labels, attribute: s.groupAttribute)
            table.notes = ResultTable.benchmarkNotes(confidence: s.confidence, language: language,
                                                     targets: s.taskSummary.contains { $0.target != nil }, cite: { citations.cite($0) })
            // One n when completion and the SEQ count the same participants on every row; both, named, where a
            // participant's SEQ answer is missing (or an attempt is), so that each mean stands beside its own n.
            let oneN = s.taskSummary.allSatisfy { $0.seqN == 0 || $0.seqN == $0.completionBenchmark?.n }
            var compact = table.dropping(Set(["completion_side", "completion_p", "seq_side", "seq_p", "under_target_ci"] + (oneN ? ["seq_n"] : [])))
            compact.id = "summary_task_benchmarks"
            if oneN, let n = compact.columns.firstIndex(where: { $0.name == "completion_n" }) { compact.columns[n].label = "n" }
            compact.notes = [table.notes[0], table.notes[2]] + table.notes.dropFirst(3)
                + (detail == .brief ? [] : [("Each test against its benchmark, one-sided, with its p: in the tasks' section." as Sentence).text(language)])
            summary.benchmarks = place(compact)
            tasks.benchmarks = place(table)
            func count(_ lights: [TrafficLight]) -> Sentence {
                let green = lights.filter { $0 == .green }.count
                let amber = lights.filter { $0 == .amber }.count
                let red = lights.filter { $0 == .red }.count
                return "● green: \(String(green)), ● amber: \(String(amber)), ● red: \(String(red))"
            }
            // A cell of fewer than `smallCell` participants is in the tables, never a finding of the summary.
            let counted = s.taskSummary.filter { $0.participants >= Self.smallCell }
            let small = s.taskSummary.count - counted.count
            let completion = counted.compactMap { $0.completionBenchmark?.light }
            let seq = counted.compactMap { $0.seqBenchmark?.light }
            let rowsWord: Sentence = s.taskGroupNames.isEmpty ? "tasks" : "task rows (task × group)"
            if !completion.isEmpty {
                summary.findings.append(Value(value: ("Completion against \(style.percent(TaskBenchmarks.completion, decimals: 0)) over \(String(completion.count)) \(rowsWord): \(count(completion))." as Sentence).text(language).replacingOccurrences(of: "● ", with: "●\u{00A0}")))
            }
            if !seq.isEmpty {
                summary.findings.append(Value(value: ("SEQ against \(style.number(TaskBenchmarks.seq, decimals: 1)) over \(String(seq.count)) \(rowsWord): \(count(seq))." as Sentence).text(language).replacingOccurrences(of: "● ", with: "●\u{00A0}")))
            }
            // The SUM in one short sentence: its range over the rows, the lowest and highest named; each row is in
            // the benchmark table.
            let names = Charts.taskGroupNames(s.taskSummary.map(\.group), language: language, groupings: s.taskGroupNames,
                                              labels: s.labels, attribute: s.groupAttribute)
            func rowName(_ row: TaskSummaryRow) -> String {
                let title = s.tasks.first { $0.key == row.task }?.key ?? row.task
                let group = names[row.group.joined(separator: " · ")] ?? ""
                return s.taskGroupNames.isEmpty || group.isEmpty || group == ("All" as Sentence).text(language) ? title : "\(title), \(group)"
            }
            let sums = counted.compactMap { row in row.singleUsabilityMetric.map { (row, $0) } }
            if let low = sums.min(by: { $0.1.score < $1.1.score }), let high = sums.max(by: { $0.1.score < $1.1.score }) {
                let lowText = style.percent(low.1.score, decimals: 0), highText = style.percent(high.1.score, decimals: 0)
                let sentence: Sentence = sums.count == 1
                    ? "SUM, the Single Usability Metric \(citations.cite("saurokindlund2005")): \(lowText) (\(rowName(low.0)))."
                    : lowText == highText
                    ? "SUM, the Single Usability Metric \(citations.cite("saurokindlund2005")), over \(String(sums.count)) \(rowsWord): \(lowText) in every row."
                    : "SUM, the Single Usability Metric \(citations.cite("saurokindlund2005")), over \(String(sums.count)) \(rowsWord): from \(style.percent(low.1.score, decimals: 0)) (\(rowName(low.0))) to \(style.percent(high.1.score, decimals: 0)) (\(rowName(high.0))); every row is in the table of tasks against the benchmarks."
                summary.findings.append(Value(value: sentence.text(language)))
            }
            if small > 0 {
                summary.findings.append(Value(value: Sentence(count: small,
                    one: "\(String(small)) task row with fewer than \(String(Self.smallCell)) participants is in the tables only, not counted here.",
                    other: "\(String(small)) task rows with fewer than \(String(Self.smallCell)) participants are in the tables only, not counted here.").text(language)))
            }
        }

        // The largest changes between the groups: the smallest p-values of the "what changed" table.
        if let groups = s.taskGroups, !groups.rows.isEmpty {
            var largest = groups
            // Every comparison the sentence counts as significant is shown, and at least the five smallest p-values.
            let significantRows = groups.rows.filter { $0.pHolm < 0.05 }.count
            largest.rows = Array(groups.rows.sorted { ($0.p, -abs($0.hedgesG ?? 0)) < ($1.p, -abs($1.hedgesG ?? 0)) }.prefix(max(5, significantRows)))
            var table = ResultTable.groupTaskComparisons(largest, language: language, labels: s.labels)
            table.id = "summary_changes"
            table.title = ("Largest changes between the groups of \(s.labels.attribute(groups.grouping)): the \(String(largest.rows.count)) smallest p-values of \(String(groups.rows.count)) comparisons" as Sentence).text(language)
            table.notes = [("p (Holm) is corrected over all \(String(groups.rows.count)) comparisons of the tasks' section, where every comparison is listed." as Sentence).text(language)]
            let significant = groups.rows.filter { $0.pHolm < 0.05 }.count
            summary.changesIntro = [Value(value: ("Between the groups of \(s.labels.attribute(groups.grouping)), \(String(significant)) of \(String(groups.rows.count)) task comparisons differ at p (Holm) < \(style.number(0.05, decimals: 2))." as Sentence).text(language))]
            summary.changes = place(table)
        }
        hasSummary = !summary.findings.isEmpty
    }

    /// The fewest participants a cell (a task row, a group) needs to be a finding of the summary.
    static let smallCell = 5

    /// One sentence (and figure) per questionnaire's main score compared within participants, over the whole study (no task, no other
    /// factor held): "SUS, levels of protótipo (n = 14): atual 50.5 → novo 65.9; paired t(13) = 3.24, p = .006,
    /// dz = 0.87." — the paired t-test for two levels, the repeated-measures ANOVA with its Greenhouse–Geisser p for more.
    func mainWithinComparisons(_ s: StudyData, language: StudyLanguage) -> [(sentence: String, name: String, figure: Figure?, caption: String)] {
        let style = NumberStyle(language)
        var findings: [(sentence: String, name: String, figure: Figure?, caption: String)] = []
        for q in s.questionnaires where !q.definition.perTask {
            for design in q.within {
                // The instrument's main score (SUS, not its subscales): the subscales are in the questionnaire's section.
                for item in design.comparisons where item.task == nil && item.stratum.isEmpty && item.scoreID == q.definition.scoreIDs.first {
                    let c = item.comparison
                    let name = ScoreNames.name(item.scoreID, q.definition, language, long: false)
                    let means = zip(c.levels, c.means).map { "\(WithinWording.levelName($0, of: design.factor, language, labels: s.labels)) \(style.number($1, decimals: 1))" }.joined(separator: " → ")
                    let head: Sentence = "\(name), \(WithinWording.plural(design.factor, labels: s.labels)) (n = \(String(c.complete))): \(means)"
                    let sentence: Sentence
                    if let t = c.pairedT {
                        sentence = "\(head); paired t(\(String(t.df))) = \(style.number(t.t)), \(style.pEquals(t.p)), dz = \(style.number(t.dz))."
                    } else if let a = c.anova {
                        sentence = "\(head); repeated-measures ANOVA F(\(String(a.df1)), \(String(a.df2))) = \(style.number(a.f)), Greenhouse–Geisser \(style.pEquals(a.pGreenhouseGeisser)), generalised η² = \(style.number(a.generalisedEtaSquared, decimals: 3))."
                    } else {
                        sentence = "\(head); not tested (fewer than two complete participants, or every difference the same)."
                    }
                    // The figure: each participant's values joined, the means with their t intervals at the report's level.
                    let blocks = item.values.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.compactMap { _, byLevel -> [Double]? in
                        let row = c.levels.compactMap { byLevel[$0] }
                        return row.count == c.levels.count ? row : nil
                    }
                    var figure: Figure?
                    if blocks.count >= 2 {
                        // The score's own scale, as the questionnaire's chart draws it.
                        let d = q.definition
                        let highest = blocks.joined().max() ?? 1
                        let range: ClosedRange<Double>
                        switch d.formula.scoreScale {
                        case .items: range = Double(d.scale?.min ?? 1)...Double(d.scale?.max ?? 7)
                        case .percent: range = 0...100
                        case .open: range = 0...(Charts.niceTicks(highest * 1.05).last ?? highest)
                        }
                        let intervals = c.levels.indices.map { index in Descriptive(blocks.map { $0[index] }, confidence: s.confidence)?.ci95 }
                        figure = Charts.paired(levels: c.levels.map { WithinWording.levelName($0, of: design.factor, language, labels: s.labels) }, blocks: blocks, means: c.means,
                                               intervals: intervals, minimum: range.lowerBound, maximum: range.upperBound,
                                               xTitle: WithinWording.factorName(design.factor, labels: s.labels).text(language), yTitle: name, valueText: { style.number($0, decimals: 1) })
                    }
                    let level = String(Int((s.confidence * 100).rounded()))
                    let caption: Sentence = "\(name) by \(WithinWording.plural(design.factor, labels: s.labels)), within participants: each line joins one participant's scores (n = \(String(blocks.count))); the points are the means with their \(level) % t confidence intervals"
                    findings.append((sentence.text(language), "main-\(q.definition.id)-\(item.scoreID)-\(Self.idPart(design.factor))", figure, caption.text(language)))
                }
            }
        }
        return findings
    }
}
