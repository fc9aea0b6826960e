import Surveys

extension ResultTable {
    /// Task performance per task (and condition): attempts, completion with its adjusted-Wald interval (Sauro &
    /// Lewis 2005), time (mean, median, geometric mean with its interval), total time with penalties, errors,
    /// assistance and SEQ. The same table in `tasks summary`, the report, the workbook and `export csv`; `detail`
    /// adds the counts and spreads a data file wants (participants, partial successes, failures, timed attempts,
    /// time SD, penalty, total median and geometric mean, SEQ answers) under the same machine names.
    public static func taskSummary(_ rows: [TaskSummaryRow], factors: [String], language: StudyLanguage, detail: Bool = false) -> ResultTable {
        let hasTotals = detail || rows.contains { $0.total != nil }
        var columns = [Column(.task, .text, language)] + factors.map { Column(StudyText.key($0), $0, .text) }
        var cells: [(TaskSummaryRow) -> Value] = []
        func add(_ term: Term, _ kind: Column.Kind, _ value: @escaping (TaskSummaryRow) -> Value) {
            columns.append(Column(term, kind, language))
            cells.append(value)
        }
        add(.attempts, .count) { .count($0.attempts) }
        if detail {
            add(.participants, .count) { .count($0.participants) }
            add(.several_attempts, .count) { .count($0.severalAttempts) }
        }
        add(.successes, .count) { .count($0.successes) }
        if detail {
            add(.partials, .count) { .count($0.partials) }
            add(.failures, .count) { .count($0.failures) }
        }
        add(.completion, .percent(decimals: 0)) { Value(share: $0.completion?.rate) }
        add(.completion_ci95, .interval(decimals: 2)) { Value($0.completion?.ci95) }
        if detail { add(.time_n, .count) { Value($0.time?.n) } }
        add(.time_mean, .number(decimals: 1)) { Value($0.time?.mean) }
        if detail { add(.time_sd, .number(decimals: 1)) { Value($0.time?.sd) } }
        add(.time_median, .number(decimals: 1)) { Value($0.time?.median) }
        add(.time_geomean, .number(decimals: 1)) { Value($0.time?.geometricMean?.value) }
        add(.time_geomean_ci95, .interval(decimals: 1)) { Value($0.time?.geometricMean?.ci95) }
        if detail { add(.penalty, .number(decimals: 1)) { Value($0.penalty) } }
        if hasTotals { add(.total_mean, .number(decimals: 1)) { Value($0.total?.mean) } }
        if detail {
            add(.total_median, .number(decimals: 1)) { Value($0.total?.median) }
            add(.total_geomean, .number(decimals: 1)) { Value($0.total?.geometricMean?.value) }
        }
        add(.errors_mean, .number(decimals: 2)) { Value($0.errorsMean) }
        add(.errors_sd, .number(decimals: 2)) { Value($0.errorsSD) }
        add(.errors_total, .count) { .count($0.errorsTotal) }
        add(.assisted, .count) { .count($0.assisted) }
        add(.seq_mean, .number(decimals: 2)) { Value($0.seqMean) }
        if detail { add(.seq_n, .count) { .count($0.seqN) } }
        var table = ResultTable(id: "task_summary", title: Phrase.tasksTitle.text(language), language: language, columns: columns)
        for row in rows {
            let groups: [Value] = factors.indices.map { Value(row.group.indices.contains($0) ? row.group[$0] : nil) }
            table.append([.text(row.task)] + groups + cells.map { $0(row) })
        }
        return table
    }
}

extension ResultTable {
    /// Two levels of a condition compared per task, as `tasks compare` does: times on the log scale (the ratio of
    /// geometric means B / A with its 95 % interval), errors as the difference of means B − A; a paired t-test when
    /// the same participants did both, Welch's otherwise.
    public static func taskComparisons(_ comparisons: [TaskComparison], condition: String, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "task_comparisons", title: Phrase.taskComparisonsTitle(condition).text(language), language: language,
                                columns: [Column(.task, .text, language), Column(.measure, .text, language), Column(.group_a, .text, language),
                                          Column(.typical_a, .number(decimals: 2), language), Column(.group_b, .text, language),
                                          Column(.typical_b, .number(decimals: 2), language), Column(.effect, .number(decimals: 2), language),
                                          Column(.ci95, .interval(decimals: 2), language), Column(.test, .text, language),
                                          Column(.t, .number(decimals: 2), language), Column(.df, .number(decimals: 1), language),
                                          Column(.p, .pValue, language)])
        for c in comparisons {
            let measure = c.measure == .errors ? Phrase.errorsDifference.text(language) : Phrase.timeRatio.text(language)
            let test = c.test.design == .paired ? Phrase.pairedT.text(language) : ResultTable.testName("welch-t", language)
            table.append([.text(c.task), .text(measure), .text(c.levelA), .number(c.typicalA), .text(c.levelB), .number(c.typicalB),
                          .number(c.effect), Value(c.effectCI), .text(test), .number(c.test.t), .number(c.test.df), .pValue(c.test.p)])
        }
        table.notes = [Phrase.taskComparisonsNote.text(language)]
        return table
    }
}
