import Foundation
import Gaze
import QualCoding
import Surveys
import Wording

// The task tables and the comparisons between groups.
extension StudyTables {
    /// Each condition's levels compared per task (every level someone did the task under; three or more within
    /// participants), time, errors and completion, as `tasks compare` computes them (`ConditionTaskComparisons`):
    /// one per condition with a task to compare, for the report's tables and the workbook's sheet.
    public static func conditionComparisons(_ s: StudyData) -> [ConditionTaskComparisons] {
        s.factors.filter { $0.levels.count >= 2 }.compactMap { factor in
            // The attempts as the task statistics read them, in the order recorded (the first attempt under a level
            // gives the participant's completion there), each with its level of the condition; an attempt with no
            // outcome counts as the analysis set says (a failure by default), as in `tasks compare --condition`.
            let recorded = s.attempts.map { attempt in
                TaskObservation(participant: attempt.participant, task: attempt.task, group: [attempt.conditions[factor.name] ?? ""],
                                seconds: attempt.seconds, errors: attempt.errors, outcome: attempt.outcome, assisted: attempt.assisted)
            }
            let observations = TaskDataset(observations: recorded, taskOrder: s.tasks.map(\.key), penalties: [:], groupNames: [factor.name],
                                           groupOrders: [factor.levels], seq: []).prepared(for: s.analysis).observations
            let comparisons = ConditionTaskComparisons(factor: factor.name, levels: factor.levels, taskOrder: s.tasks.map(\.key),
                                                       observations: observations, confidence: s.confidence,
                                                       level: { $0.group[0].isEmpty ? nil : $0.group[0] })
            return comparisons.tasks.isEmpty && comparisons.betweenSeveral.isEmpty ? nil : comparisons
        }
    }

    static func taskSummary(_ s: StudyData) -> ResultTable {
        sheet(ResultTable.taskSummary(s.taskSummary, factors: s.taskGroupNames, language: s.info.language, detail: true, labels: s.labels, attribute: s.groupAttribute), "Task summary", about: "per task and condition, one value per participant: completion with adjusted-Wald CI, times, errors")
    }

    /// Each task (and group) against the completion and SEQ benchmarks, as the report's executive summary gives them.
    /// The components SUM leaves out keep their machine names in the CSV (`time;errors`) and are worded in the workbook.
    static func taskBenchmarks(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        var table = sheet(ResultTable.taskBenchmarks(s.taskSummary, factors: s.taskGroupNames, language: language, detail: true, labels: s.labels, attribute: s.groupAttribute), "Task benchmarks", about: "per task and group: completion against 78 % (one-sided binomial mid-p or normal approximation, adjusted-Wald CI) and SEQ against 5.5 (one-sided one-sample t, t CI), each with its side, p and traffic light")
        if let column = table.columns.firstIndex(where: { $0.name == "sum_left_out" }) {
            var worded: [String: String] = [:]
            for row in s.taskSummary {
                guard let omitted = row.singleUsabilityMetric?.omitted, !omitted.isEmpty else { continue }
                worded[omitted.map(\.rawValue).joined(separator: ";")] = omitted.map { ResultTable.componentLabel($0, language) }.joined(separator: ", ")
            }
            table.columns[column].wording = worded
        }
        return table
    }

    /// Each condition's levels compared per task (the report's tables with their details, one condition after the
    /// other, named in a first column), then the tasks compared between the groups of the grouping attribute (named
    /// in `by`; `GroupTaskComparisons`): the measure and the test by machine name, worded in the workbook. Every
    /// effect is B against A (`level_a`, `level_b`); `higher` names the group with the higher value, and `hedges_g`
    /// (B − A) is given for the groups' Welch tests; `cell` names the levels of the conditions varying within
    /// participants that a between-group row was compared within.
    static func taskComparisons(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let empty = ConditionTaskComparisons(factor: "", levels: [], taskOrder: [], observations: [], confidence: s.confidence, level: { _ in nil })
        let ci = "ci" + String(Int((s.confidence * 100).rounded()))
        let conditions = conditionComparisons(s)
        let tables = conditions.map { ResultTable.taskComparisons($0, language: language, detail: true) }
        let template = tables.first ?? ResultTable.taskComparisons(empty, language: language, detail: true)
        let extra = [Column(.n_a, .count, language), Column(.n_b, .count, language), Column(.hedges_g, .number(decimals: 2), language),
                     Column(.higher, .text, language)]
        var merged = ResultTable(id: template.id, title: template.title, language: language,
                                 columns: [Column(.condition, .text, language), Column(.by, .text, language), Column(.cell, .text, language)]
                                    + template.columns + extra)
        for (table, comparisons) in zip(tables, conditions) {
            for row in table.rows { merged.append([.text(comparisons.factor), .empty, .empty] + row + Array(repeating: .empty, count: extra.count)) }
        }
        if let groups = s.taskGroups {
            let names = merged.columns.map(\.name)
            for row in groups.rows {
                var cells: [Term: Value] = [
                    .by: .text(groups.grouping), .task: .text(row.task),
                    // The levels the groups were compared within, where the tasks were done under several ("protótipo=atual").
                    .cell: row.cell.isEmpty ? .empty : .text(zip(groups.strata, row.cell).map { "\($0)=\($1)" }.joined(separator: ";")), .measure: .text(row.measure.rawValue), .test: .text(row.test),
                    .levels: .text("\(row.groupA);\(row.groupB)"), .n: .count(row.nA + row.nB), .left_out: .count(0),
                    .level_a: .text(row.groupA), .level_b: .text(row.groupB), .typical_a: .number(row.typicalA), .typical_b: .number(row.typicalB),
                    .effect: .number(row.effect), .statistic: Value(row.statistic), .df: Value(row.df),
                    .p: .pValue(row.p), .p_holm: .pValue(row.pHolm), .n_a: .count(row.nA), .n_b: .count(row.nB),
                    .hedges_g: Value(row.hedgesG), .higher: Value(row.higher)]
                if let a = row.successesA, let b = row.successesB { cells[.completed] = .text("\(a);\(b)") }
                // The effect's interval is named at the study's level (ci95, ci90).
                merged.append(names.map { $0 == ci ? Value(row.effectCI) : Term(rawValue: $0).flatMap { cells[$0] } ?? .empty })
            }
        }
        var table = sheet(merged, "Task comparisons", about: "every level of each condition per task: time as a ratio of geometric means, errors as a difference, paired or Welch's t, Friedman with Holm-adjusted pairs for three levels or more; completion by McNemar's exact test or Cochran's Q")
        let measures = ["time", "errors", "completion", "seq"]
        let tests = ["paired-t", "welch-t", "friedman", "mcnemar-exact", "cochran-q", "n-1-two-proportion", "fisher-exact"]
        if let measure = table.columns.firstIndex(where: { $0.name == Term.measure.rawValue }),
           let test = table.columns.firstIndex(where: { $0.name == Term.test.rawValue }) {
            table.word([measure: Dictionary(uniqueKeysWithValues: measures.map { ($0, ResultTable.measureLabel($0, language)) }),
                             test: Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.taskTestLabel($0, language)) })])
        }
        table.word(taskComparisonLabels(table, conditions: conditions, groups: s.taskGroups, labels: s.labels))
        return table
    }

    /// The task comparisons' keys as people read them in the workbook (the CSV keeps them as stored): the condition
    /// and the grouping by their labels, the levels and groups compared ("versão atual", "18 a 39 anos"), and the
    /// cell a between-group row was compared within ("protótipo: versão atual" for `protótipo=atual`).
    static func taskComparisonLabels(_ table: ResultTable, conditions: [ConditionTaskComparisons], groups: GroupTaskComparisons?,
                                     labels: StudyLabels) -> [Int: [String: String]] {
        var names: [String: String] = [:], values: [String: String] = [:], lists: [String: String] = [:], cells: [String: String] = [:]
        for comparisons in conditions {
            names[comparisons.factor] = labels.factor(comparisons.factor)
            for level in comparisons.tasks.flatMap(\.levels) { values[level] = labels.level(level, of: comparisons.factor) }
        }
        func list(_ stored: String, _ word: (String) -> String) {
            lists[stored] = stored.split(separator: ";", omittingEmptySubsequences: false).map { word(String($0)) }.joined(separator: "; ")
        }
        for comparisons in conditions {
            for row in table.rows {
                guard let index = table.columns.firstIndex(where: { $0.name == Term.levels.rawValue }), case let .text(stored) = row[index],
                      row.first == .text(comparisons.factor) else { continue }
                list(stored) { labels.level($0, of: comparisons.factor) }
            }
        }
        if let groups {
            names[groups.grouping] = labels.groupingName(groups.grouping, attribute: groups.grouping)
            for group in groups.groups { values[group] = labels.value(group, of: groups.grouping) }
            for row in groups.rows {
                list("\(row.groupA);\(row.groupB)") { labels.value($0, of: groups.grouping) }
                guard !row.cell.isEmpty else { continue }
                let stored = zip(groups.strata, row.cell).map { "\($0)=\($1)" }.joined(separator: ";")
                cells[stored] = zip(groups.strata, row.cell).map { "\(labels.factor($0)): \(labels.level($1, of: $0))" }.joined(separator: " · ")
            }
        }
        var wording: [Int: [String: String]] = [:]
        for (index, column) in table.columns.enumerated() {
            switch column.name {
            case Term.condition.rawValue, Term.by.rawValue: wording[index] = names
            case Term.level_a.rawValue, Term.level_b.rawValue, Term.higher.rawValue: wording[index] = values
            case Term.levels.rawValue: wording[index] = lists
            case Term.cell.rawValue: wording[index] = cells
            default: break
            }
        }
        return wording
    }

    /// Every between-group comparison of a score: the omnibus tests, then the pairwise post-hoc tests (Games–Howell,
    /// Dunn with Holm's adjustment) for three groups or more.
    static func comparisons(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        // A study whose sets have occasions or conditions compares the groups per measurement: the rows name it, in
        // columns after the others (`occasion` and one per condition factor).
        let measurement = measurementColumns(s)
        let measured = !measurement.isEmpty
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for item in questionnaire.report.comparisons {
                let measuredCells = measured ? measurementCells(item.occasion, measurement) : []
                // Two groups: the test names them (its statistic and effect are A against B), and the higher one.
                let groups = item.comparison.groups
                let pair = groups.count == 2
                let higher: Value = pair && groups[0].mean != groups[1].mean ? .text(groups[0].mean > groups[1].mean ? groups[0].name : groups[1].name) : .empty
                for test in item.comparison.tests {
                    rows.append([.text(questionnaire.definition.id), Value(item.task), .text(item.scoreID), .text(test.name),
                                 pair ? .text(groups[0].name) : .empty, pair ? .text(groups[1].name) : .empty,
                                 .number(test.statistic), Value(test.df.first), Value(test.df.count > 1 ? test.df[1] : nil), .number(test.p), .empty,
                                 Value(test.effectName), Value(test.effect), higher] + measuredCells)
                }
                for postHoc in item.comparison.postHoc {
                    for pair in postHoc.pairs {
                        rows.append([.text(questionnaire.definition.id), Value(item.task), .text(item.scoreID), .text(postHoc.name), .text(pair.a),
                                     .text(pair.b), .number(pair.statistic), Value(pair.df), .empty, .number(pair.p), Value(pair.pAdjusted),
                                     .text(postHoc.name == "games-howell" ? "mean_difference" : "mean_rank_difference"), .number(pair.difference),
                                     pair.difference == 0 ? .empty : .text(pair.difference > 0 ? pair.a : pair.b)] + measuredCells)
                    }
                }
            }
        }
        let columns: [Term] = [.instrument, .task, .score, .test, .group_a, .group_b, .statistic, .df, .df2, .p, .p_adjusted, .effect, .effect_value,
                               .higher]
        var table = ResultTable(exported: "comparisons", sheet: "Comparisons", about: "between groups, per score: Welch / Mann–Whitney or Welch's ANOVA / Kruskal–Wallis, and the pairwise Games–Howell and Dunn (Holm) tests", language: s.info.language,
                              columns: ResultTable.names(columns) + (measured ? [Term.occasion.rawValue] + measurement.factors : []), rows: rows)
        // The effect's name is headed as an effect size; the factors as the study names them.
        table.label(columns.map { $0 == .effect ? Term.effect_size.text(language) : $0.text(language) }
            + (measured ? [Term.occasion.text(language)] + measurement.factors : []))
        let tests = ["welch-t", "mann-whitney-u", "welch-anova", "kruskal-wallis", "games-howell", "dunn-holm", "hedges-g", "rank-biserial-r",
                     "epsilon-squared"]
        let effects = ["mean_difference": Term.mean_difference.text(language), "mean_rank_difference": Term.rank_difference.text(language)]
        table.word([2: scoreNames(s), 3: Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.testName($0, language)) }),
                         11: effects.merging(Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.testName($0, language)) })) { a, _ in a }])
        return table
    }
}
