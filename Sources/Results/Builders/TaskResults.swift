import Statistics
import StudyBasics
import Surveys
import Wording

extension ResultTable {
    /// Task performance per task (and condition): attempts, completion with its adjusted-Wald interval (Sauro &
    /// Lewis 2005), time (mean, median, geometric mean with its interval), total time with penalties, errors,
    /// assistance and SEQ. The same table in `tasks summary`, the report, the workbook and `export csv`; `detail`
    /// adds the counts and spreads a data file wants (participants, partial successes, failures, timed attempts,
    /// time SD, penalty, total median and geometric mean, SEQ answers) under the same machine names.
    public static func taskSummary(_ rows: [TaskSummaryRow], factors: [String], language: StudyLanguage, detail: Bool = false,
                                    labels: StudyLabels = .plain, attribute: String? = nil) -> ResultTable {
        let hasTotals = detail || rows.contains { $0.total != nil }
        var columns = [Column(.task, .text, language)] + factors.map { Column(StudyText.key($0), labels.groupingName($0, attribute: attribute), .text) }
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
        if detail || rows.contains(where: { $0.abandoned > 0 }) { add(.abandoned, .count) { .count($0.abandoned) } }
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
        // A group part no attempt names ("(none)") reads in the study's language where people read it.
        // A group part no attempt names ("(none)") reads in the study's language where people read it; a level or a
        // value by its label.
        for (offset, index) in columns.indices.dropFirst().prefix(factors.count).enumerated() {
            columns[index].wording = ResultTable.groupWording(rows, part: offset, name: factors[offset], labels: labels, attribute: attribute, language: language)
        }
        var table = ResultTable(id: "task_summary", title: Phrase.tasksTitle.text(language), language: language, columns: columns)
        for row in rows {
            let groups: [Value] = factors.indices.map { Value(row.group.indices.contains($0) ? row.group[$0] : nil) }
            table.append([.text(row.task)] + groups + cells.map { $0(row) })
        }
        let shown = detail ? table : table.dropping(ResultTable.unusedGroupings(rows, factors: factors))
        return shown.atConfidence(rows.first?.confidence ?? 0.95)
    }
}

extension ResultTable {
    /// How the completion rate counts under the rows' `AbandonedPolicy`: the rule under every table that shows
    /// completion (`document`: worded for a report, with no command line); `nil` when no row has a completion rate.
    public static func completionNote(_ rows: [TaskSummaryRow], document: Bool = false) -> Sentence? {
        guard rows.contains(where: { $0.completion != nil }) else { return nil }
        let policy = rows.first?.abandonedPolicy ?? .exclude
        return document ? policy.documentNote : policy.completionNote
    }

    /// The notes under a task summary, the same under `tasks summary` and the report's table: how times are read,
    /// how completion counts, `flagged` (the task times flagged as too fast, where the caller says them), one value
    /// per participant in each row, and how many participants had several attempts in a row.
    public static func taskSummaryNotes(_ rows: [TaskSummaryRow], successfulOnly: Bool, flagged: Sentence? = nil,
                                        document: Bool = false) -> [Sentence] {
        var notes = [Phrase.taskTimesNote(successfulOnly: successfulOnly).sentence]
        if let note = completionNote(rows, document: document) { notes.append(note) }
        if let flagged { notes.append(flagged) }
        notes.append("One value per participant in each row: completion by their first attempt there, time by the geometric mean of their times, errors by their mean per attempt, SEQ by the mean of their answers; assisted counts the participants helped in any attempt; attempts and errors (total) count every attempt.")
        let several = rows.reduce(0) { $0 + $1.severalAttempts }
        if several > 0 { notes.append("Participants with several attempts in a row (counted once each): \(several).") }
        return notes
    }
}

extension ResultTable {
    /// A condition's levels compared per task (`ConditionTaskComparisons`), as `tasks compare` does: times on the log
    /// scale (the ratio of geometric means B / A with its 95 % interval), errors as the difference of means B − A, a
    /// paired t-test when the same participants did both levels, Welch's otherwise; three levels or more within
    /// participants by Friedman's χ² with Kendall's W, then each pair by the paired t-test with Holm's adjustment;
    /// completion within participants by McNemar's exact test (two levels) or Cochran's Q (more).
    ///
    /// One row per test, in a stable order: per task, time, errors, completion; an omnibus test before its pairs.
    /// `detail` (the workbook and the CSV) gives the statistic, df, Kendall's W and the discordant pairs apart under
    /// machine names, the measure and test by machine name (`time`, `paired-t`, …; `testLabel` words them); the report
    /// words them and writes the statistic into the test's cell.
    public static func taskComparisons(_ comparisons: ConditionTaskComparisons, language: StudyLanguage, detail: Bool = false,
                                       labels: StudyLabels = .plain) -> ResultTable {
        let style = NumberStyle(language)
        var columns = [Column(.task, .text, language), Column(.measure, .text, language), Column(.test, .text, language)]
        if detail { columns.append(Column(.levels, .text, language)) }
        columns.append(Column(.n, .count, language))
        if detail { columns += [Column(.left_out, .count, language), Column(.several_attempts, .count, language)] }
        columns += [Column(.level_a, .text, language), Column(.typical_a, .number(decimals: 2), language), Column(.level_b, .text, language),
                    Column(.typical_b, .number(decimals: 2), language), Column(.effect, .number(decimals: 2), language),
                    Column(.ci95, .interval(decimals: 2), language)]
        if detail { columns += [Column(.statistic, .number(decimals: 2), language), Column(.df, .number(decimals: 1), language)] }
        columns += [Column(.p, .pValue, language), Column(.p_holm, .pValue, language)]
        if detail {
            columns += [Column(.kendall_w, .number(decimals: 2), language), Column(.only_a, .count, language), Column(.only_b, .count, language),
                        Column(.completed, .text, language)]
        }
        var table = ResultTable(id: "task_comparisons", title: Phrase.taskComparisonsTitle(labels.factor(comparisons.factor)).text(language),
                                language: language, columns: columns)
        /// One row: the cells by column name (absent: empty), the report's test cell worded with its statistic.
        func add(_ task: String, _ measure: String, test: String, worded: String, levels: [String], n: Int, leftOut: Int, several: Int,
                 a: String? = nil, typicalA: Value = .empty, b: String? = nil, typicalB: Value = .empty, effect: Value = .empty,
                 ci: ClosedRange<Double>? = nil, statistic: Double? = nil, df: Double? = nil, p: Double? = nil, pHolm: Double? = nil,
                 w: Double? = nil, onlyA: Int? = nil, onlyB: Int? = nil, completed: String? = nil) {
            let measureLabel = detail ? measure : Self.measureLabel(measure, language)
            var row: [Value] = [.text(task), .text(measureLabel), .text(detail ? test : worded)]
            if detail { row.append(.text(levels.joined(separator: ";"))) }
            row.append(.count(n))
            if detail { row += [.count(leftOut), .count(several)] }
            row += [Value(a), typicalA, Value(b), typicalB, effect, Value(ci)]
            if detail { row += [Value(statistic), Value(df)] }
            row += [Value(p: p), Value(p: pHolm)]
            if detail { row += [Value(w), Value(onlyA), Value(onlyB), Value(completed)] }
            table.append(row)
        }
        func decimals(_ measure: TaskMeasure) -> Int { measure == .errors ? 2 : 3 }
        for entry in comparisons.tasks {
            let task = entry.task
            for measured in entry.measures {
                switch measured {
                case let .twoLevels(c):
                    let paired = c.test.design == .paired
                    let worded = paired ? Sentence("paired t(\(style.number(c.test.df, decimals: 0))) = \(style.number(c.test.t))")
                                        : Sentence("Welch's t(\(style.number(c.test.df, decimals: 1))) = \(style.number(c.test.t))")
                    add(task, c.measure.rawValue, test: paired ? "paired-t" : "welch-t", worded: worded.text(language), levels: [c.levelA, c.levelB],
                        n: paired ? c.test.nA : c.test.nA + c.test.nB, leftOut: c.leftOut, several: c.averaged,
                        a: c.levelA, typicalA: .number(c.typicalA), b: c.levelB, typicalB: .number(c.typicalB), effect: .number(c.effect),
                        ci: c.effectCI, statistic: c.test.t, df: c.test.df, p: c.test.p)
                case let .severalLevels(w):
                    let worded: Sentence = w.friedman.map { f in
                        "Friedman χ²(\(f.df)) = \(style.number(f.chiSquared)), Kendall's W = \(style.number(f.kendallW))"
                    } ?? "Friedman: not defined (every participant ranks the levels alike with ties)"
                    add(task, w.measure.rawValue, test: "friedman", worded: worded.text(language), levels: w.levels, n: w.complete, leftOut: w.leftOut,
                        several: w.averaged, statistic: w.friedman?.chiSquared, df: w.friedman.map { Double($0.df) }, p: w.friedman?.p,
                        w: w.friedman?.kendallW)
                    for pair in w.pairs {
                        let typical = { (level: String) -> Value in w.levels.firstIndex(of: level).map { .number(w.typical[$0]) } ?? .empty }
                        add(task, w.measure.rawValue, test: "paired-t", worded: Sentence("paired t(\(pair.df)) = \(style.number(pair.t))").text(language),
                            levels: [pair.levelA, pair.levelB], n: w.complete, leftOut: w.leftOut, several: w.averaged,
                            a: pair.levelA, typicalA: typical(pair.levelA), b: pair.levelB, typicalB: typical(pair.levelB),
                            effect: .number(pair.effect), ci: pair.effectCI, statistic: pair.t, df: Double(pair.df), p: pair.p, pHolm: pair.pHolm)
                    }
                }
            }
            guard let completion = entry.completion else { continue }
            let n = completion.complete
            func share(_ count: Int) -> Value { n == 0 ? .empty : .percent(Double(count) / Double(n)) }
            let counts = completion.completed.map(String.init).joined(separator: ";")
            if completion.levels.count == 2 {
                let (a, b) = (completion.levels[0], completion.levels[1])
                let difference: Value = n == 0 ? .empty : .percent(Double(completion.completed[1] - completion.completed[0]) / Double(n))
                let worded: Sentence = completion.mcnemar.map { m in "McNemar's exact: completed under A only \(m.onlyA), under B only \(m.onlyB)" }
                    ?? "McNemar's exact test: not defined (no participant with an outcome under both levels)"
                add(task, "completion", test: "mcnemar-exact", worded: worded.text(language), levels: completion.levels, n: n,
                    leftOut: completion.leftOut, several: completion.firstOfSeveral, a: a, typicalA: share(completion.completed[0]), b: b,
                    typicalB: share(completion.completed[1]), effect: difference, statistic: completion.mcnemar.map { Double($0.statistic) },
                    p: completion.mcnemar?.p, onlyA: completion.mcnemar?.onlyA, onlyB: completion.mcnemar?.onlyB, completed: counts)
            } else {
                let rates = zip(completion.levels, completion.completed).map { "\($0) \($1)/\(n)" }.joined(separator: ", ")
                let worded: Sentence = completion.cochranQ.map { q in "Cochran's Q(\(q.df)) = \(style.number(q.q)); completed \(rates)" }
                    ?? "Cochran's Q: not defined (every participant has the same outcome under every level)"
                add(task, "completion", test: "cochran-q", worded: worded.text(language), levels: completion.levels, n: n,
                    leftOut: completion.leftOut, several: completion.firstOfSeveral, statistic: completion.cochranQ?.q,
                    df: completion.cochranQ.map { Double($0.df) }, p: completion.cochranQ?.p, completed: counts)
            }
        }
        table.notes = [Phrase.taskComparisonsNote.text(language)]
        let leftOut = comparisons.tasks.contains { entry in
            entry.completion.map { $0.leftOut > 0 } == true || entry.measures.contains { measured in
                switch measured {
                case let .twoLevels(c): return c.leftOut > 0
                case let .severalLevels(w): return w.leftOut > 0
                }
            }
        }
        if leftOut && !detail {
            table.notes.append(("Within participants, only those with attempts under every level compared enter (n); the others are left out (the workbook and task_comparisons.csv count them)." as Sentence).text(language))
        }
        if !comparisons.betweenSeveral.isEmpty {
            let tasks = comparisons.betweenSeveral.joined(separator: ", ")
            table.notes.append(("Not compared: \(tasks), done under three levels or more of \(labels.factor(comparisons.factor)) by different participants; this report compares two levels of a condition between participants, not three or more." as Sentence).text(language))
        }
        // The levels by their labels where people read them; CSV and JSON keep the names.
        let levelWording = Dictionary(comparisons.tasks.flatMap(\.levels).map { ($0, labels.level($0, of: comparisons.factor)) }, uniquingKeysWith: { a, _ in a })
        for index in table.columns.indices where [Term.level_a.rawValue, Term.level_b.rawValue].contains(table.columns[index].name) {
            table.columns[index].wording = levelWording
        }
        return table.atConfidence(comparisons.confidence)
    }

    /// A task comparison's measure in the study's language (`time`, `errors`, `completion`).
    public static func measureLabel(_ measure: String, _ language: StudyLanguage) -> String {
        switch measure {
        case "errors": return Phrase.errorsDifference.text(language)
        case "completion": return Phrase.completionDifference.text(language)
        case "seq": return ("SEQ (difference B − A)" as Sentence).text(language)
        default: return Phrase.timeRatio.text(language)
        }
    }

    /// A task comparison's test in the study's language (`paired-t`, `welch-t`, `friedman`, `mcnemar-exact`, `cochran-q`).
    public static func taskTestLabel(_ test: String, _ language: StudyLanguage) -> String {
        switch test {
        case "paired-t": return Phrase.pairedT.text(language)
        case "friedman": return ("Friedman's χ²" as Sentence).text(language)
        case "mcnemar-exact": return ("McNemar's exact test" as Sentence).text(language)
        case "cochran-q": return ("Cochran's Q" as Sentence).text(language)
        case "n-1-two-proportion": return ("N−1 two-proportion test" as Sentence).text(language)
        case "fisher-exact": return ("Fisher's exact test" as Sentence).text(language)
        default: return testName(test, language)
        }
    }
}

extension ResultTable {
    /// The tasks compared between the groups of an attribute (`GroupTaskComparisons`), "what changed": one row per
    /// task, measure and pair of groups — completion by the 'N − 1' two-proportion test or Fisher's exact test with
    /// the adjusted-Wald interval of the difference, time (log) errors and SEQ by Welch's t-test — each with its p,
    /// Holm's p over the whole table, Hedges' g (B − A) and its direction in words ("4.3 lower than 4.2"). With two
    /// groups the typical values are headed by the groups' names.
    public static func groupTaskComparisons(_ comparisons: GroupTaskComparisons, language: StudyLanguage, labels: StudyLabels = .plain) -> ResultTable {
        let style = NumberStyle(language)
        let pair = comparisons.groups.count == 2
        func group(_ value: String) -> String { labels.value(value, of: comparisons.grouping) }
        var columns = [Column(.task, .text, language)] + comparisons.strata.map { Column(StudyText.key($0), labels.factor($0), .text) }
        columns.append(Column(.measure, .text, language))
        if !pair { columns += [Column(.group_a, .text, language), Column(.group_b, .text, language)] }
        columns += [Column(.n, .text, language),
                    Column(Term.typical_a.rawValue, pair ? group(comparisons.groups[0]) : Term.typical_a.text(language), .number(decimals: 2)),
                    Column(Term.typical_b.rawValue, pair ? group(comparisons.groups[1]) : Term.typical_b.text(language), .number(decimals: 2)),
                    Column(.effect, .number(decimals: 2), language), Column(.ci95, .interval(decimals: 2), language),
                    Column(.test, .text, language), Column(.p, .pValue, language), Column(.p_holm, .pValue, language),
                    Column(.hedges_g, .number(decimals: 2), language), Column(.direction, .text, language)]
        let title: Sentence = comparisons.strata.isEmpty ? "Tasks compared between the groups of \(labels.attribute(comparisons.grouping))"
            : "Tasks compared between the groups of \(labels.attribute(comparisons.grouping)), within each level of \(comparisons.strata.map(labels.factor).joined(separator: " × "))"
        var table = ResultTable(id: "task_group_comparisons", title: title.text(language),
                                language: language, columns: columns)
        for row in comparisons.rows {
            var cells: [Value] = [.text(row.task)] + comparisons.strata.indices.map {
                Value(row.cell.indices.contains($0) ? labels.level(row.cell[$0], of: comparisons.strata[$0]) : nil)
            }
            cells.append(.text(groupMeasureLabel(row.measure, language)))
            if !pair { cells += [.text(group(row.groupA)), .text(group(row.groupB))] }
            let typical: (Double) -> Value = row.measure == .completion ? { .percent($0) } : { .number($0) }
            cells += [.text("\(row.nA) + \(row.nB)"), typical(row.typicalA), typical(row.typicalB),
                      .number(row.effect), Value(row.effectCI),
                      .text(groupTestWording(row, style).text(language)), .pValue(row.p), .pValue(row.pHolm), Value(row.hedgesG),
                      .text(direction(row, labels: labels, grouping: comparisons.grouping).text(language))]
            table.append(cells)
        }
        return table.atConfidence(comparisons.confidence)
    }

    /// "4.3 lower than 4.2", B named first (the effect is B against A).
    public static func direction(_ row: GroupTaskComparison, labels: StudyLabels = .plain, grouping: String = "") -> Sentence {
        let a = labels.value(row.groupA, of: grouping), b = labels.value(row.groupB, of: grouping)
        if row.typicalA == row.typicalB { return "\(b) equal to \(a)" }
        return row.typicalB > row.typicalA ? "\(b) higher than \(a)" : "\(b) lower than \(a)"
    }

    /// The test with its statistic: "N−1 two-proportion z = −2.19", "Fisher's exact test", "Welch's t(35.2) = −2.31".
    public static func groupTestWording(_ row: GroupTaskComparison, _ style: NumberStyle) -> Sentence {
        if row.test == IndependentProportions.Test.nMinusOne.rawValue { return "N−1 two-proportion z = \(style.number(row.statistic ?? 0))" }
        if row.test == IndependentProportions.Test.fisherExact.rawValue { return "Fisher's exact test" }
        return "Welch's t(\(style.number(row.df ?? 0, decimals: 1))) = \(style.number(row.statistic ?? 0))"
    }

    /// A between-group measure in the study's language: "completion (difference B − A)", "time (ratio B / A)", ….
    public static func groupMeasureLabel(_ measure: GroupTaskMeasure, _ language: StudyLanguage) -> String {
        switch measure {
        case .completion: return Phrase.completionDifference.text(language)
        case .time: return Phrase.timeRatio.text(language)
        case .errors: return Phrase.errorsDifference.text(language)
        case .seq: return ("SEQ (difference B − A)" as Sentence).text(language)
        }
    }

    /// The notes under the table: what each row compares, the tests and their rule, Holm's correction.
    public static func groupTaskNotes(_ comparisons: GroupTaskComparisons, language: StudyLanguage,
                                      cite: (String) -> String = { _ in "" }) -> [String] {
        var notes: [Sentence] = [
            "One value per participant in each comparison: completion by their first attempt with an outcome (success = completed; partial success and failure = not), time by the geometric mean of their times, errors by their mean per attempt, SEQ by their mean answer. Every effect is B against A: differences B − A, time as the ratio of geometric means B / A; Hedges' g is (B − A) over the pooled SD (on the log scale for time), negative when B is lower.",
            "Completion: the N−1 two-proportion test \(cite("campbell2007")) when every expected count is at least 1, otherwise Fisher's exact test (two-sided); the 95 % interval of the difference is adjusted-Wald \(cite("agresti2000")). Time (log scale), errors and SEQ: Welch's t-test \(cite("welch1947")); Hedges' g \(cite("hedges1981")).",
        ]
        if comparisons.rows.count > 1 {
            notes.append("p (Holm): Holm's correction \(cite("holm1979")) over the \(comparisons.rows.count) tests of this table, since with many tests some p-values are small by chance.")
        }
        return notes.map { $0.text(language) }
    }
}

/// `tasks summary --json` and `tasks benchmark --json` (docs/json.md), over the rows `taskSummary` draws its table from:
/// each row names its groups (grouping → value), never by position alone.
public struct TaskSummaryDocument: Encodable, Sendable, Equatable {
    /// A row with its groups by name and its benchmark tests (completion against 78 %, SEQ against 5.5; null where
    /// there is nothing to test).
    public struct Row: Encodable, Sendable, Equatable {
        public var row: TaskSummaryRow
        public var groups: [String: String]

        enum Keys: String, CodingKey { case groups, completionBenchmark, seqBenchmark, singleUsabilityMetric }

        public func encode(to encoder: any Encoder) throws {
            try row.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(groups, forKey: .groups)
            try container.encode(row.completionBenchmark, forKey: .completionBenchmark)
            try container.encode(row.seqBenchmark, forKey: .seqBenchmark)
            try container.encode(row.singleUsabilityMetric, forKey: .singleUsabilityMetric)
        }
    }

    public var groupedBy: [String]
    public var rows: [Row]

    public init(_ rows: [TaskSummaryRow], groupedBy: [String]) {
        self.groupedBy = groupedBy
        self.rows = rows.map { row in
            Row(row: row, groups: Dictionary(zip(groupedBy, row.group).map { ($0, $1) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

extension ResultTable {
    /// How people read the values of one grouping of task rows: "(none)" in the table's language, each level or
    /// value by its label. CSV and JSON keep the stored values.
    static func groupWording(_ rows: [TaskSummaryRow], part: Int, name: String, labels: StudyLabels, attribute: String?,
                             language: StudyLanguage) -> [String: String] {
        var wording = [ScoreReport.noGroup: Sentence("(none)", context: "group").text(language)]
        for row in rows where part < row.group.count && row.group[part] != ScoreReport.noGroup {
            let value = row.group[part]
            let label = labels.groupingValue(value, of: name, attribute: attribute)
            if label != value { wording[value] = label }
        }
        return wording
    }
}
