import Surveys

extension ResultTable {
    /// Task performance per task (and condition): attempts, completion with its adjusted-Wald interval (Sauro &
    /// Lewis 2005), time (mean, median, geometric mean with its interval), total time with penalties, errors,
    /// assistance and SEQ. The same table in `tasks summary`, the report, the workbook and `export csv`.
    public static func taskSummary(_ rows: [TaskSummaryRow], factors: [String], language: StudyLanguage) -> ResultTable {
        let hasTotals = rows.contains { $0.total != nil }
        var columns = [Column(.task, .text, language)] + factors.map { Column(StudyText.key($0), $0, .text) }
        columns += [Column(.attempts, .count, language), Column(.successes, .count, language), Column(.completion, .percent(decimals: 0), language),
                    Column(.completion_ci95, .interval(decimals: 2), language), Column(.time_mean, .number(decimals: 1), language),
                    Column(.time_median, .number(decimals: 1), language), Column(.time_geomean, .number(decimals: 1), language),
                    Column(.time_geomean_ci95, .interval(decimals: 1), language)]
        if hasTotals { columns.append(Column(.total_mean, .number(decimals: 1), language)) }
        columns += [Column(.errors_mean, .number(decimals: 2), language), Column(.errors_sd, .number(decimals: 2), language),
                    Column(.errors_total, .count, language), Column(.assisted, .count, language), Column(.seq_mean, .number(decimals: 2), language)]
        var table = ResultTable(id: "task_summary", title: Phrase.tasksTitle.text(language), language: language, columns: columns)
        for row in rows {
            var cells: [Value] = [.text(row.task)] + factors.indices.map { Value(row.group.indices.contains($0) ? row.group[$0] : nil) }
            cells += [.count(row.attempts), .count(row.successes), Value(share: row.completion?.rate), Value(row.completion?.ci95),
                      Value(row.time?.mean), Value(row.time?.median), Value(row.time?.geometricMean?.value), Value(row.time?.geometricMean?.ci95)]
            if hasTotals { cells.append(Value(row.total?.mean)) }
            cells += [Value(row.errorsMean), Value(row.errorsSD), .count(row.errorsTotal), .count(row.assisted), Value(row.seqMean)]
            table.append(cells)
        }
        return table
    }
}
