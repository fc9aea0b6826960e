import StudyBasics
import Surveys
import Wording

extension ResultTable {
    /// "95% CI" / "IC 95 %": the heading of an interval at `confidence`.
    public static func intervalLabel(_ confidence: Double, _ language: StudyLanguage) -> String {
        let level = String(Int((confidence * 100).rounded()))
        return ("\(level)% CI" as Sentence).text(language)
    }

    /// A traffic light as people read it: "● green" / "● verde", the dot bound to its word by a no-break space so a
    /// narrow column never parts them.
    public static func lightLabel(_ light: TrafficLight, _ language: StudyLanguage) -> String {
        let text: String
        switch light {
        case .green: text = ("● green" as Sentence).text(language)
        case .amber: text = ("● amber" as Sentence).text(language)
        case .red: text = ("● red" as Sentence).text(language)
        }
        return text.replacingOccurrences(of: "● ", with: "●\u{00A0}")
    }

    /// "above" / "below" the benchmark.
    public static func directionLabel(_ direction: BenchmarkTest.Direction, _ language: StudyLanguage) -> String {
        direction == .above ? ("above" as Sentence).text(language) : ("below" as Sentence).text(language)
    }

    /// Each task (and group) against the benchmarks: completion against `TaskBenchmarks.completion` (78 %, Sauro 2011)
    /// by the one-sided binomial test (mid-p) or its normal approximation with the adjusted-Wald interval, mean SEQ
    /// against `TaskBenchmarks.seq` (5.5, Sauro 2012) by the one-sided one-sample t-test with its t interval; each with
    /// its side of the benchmark, p and traffic light (`TrafficLight`). Intervals at the rows' confidence. `detail`
    /// (CSV, the workbook) writes the side and the light by machine name (`above`, `green`) and adds each test's method.
    public static func taskBenchmarks(_ rows: [TaskSummaryRow], factors: [String], language: StudyLanguage, detail: Bool = false,
                                    labels: StudyLabels = .plain, attribute: String? = nil) -> ResultTable {
        let style = NumberStyle(language)
        let confidence = rows.first?.confidence ?? 0.95
        let ci = intervalLabel(confidence, language)
        let completionBenchmark = style.percent(TaskBenchmarks.completion, decimals: 0)
        let seqBenchmark = style.number(TaskBenchmarks.seq, decimals: 1)
        var columns = [Column(.task, .text, language)] + factors.map { Column(StudyText.key($0), labels.groupingName($0, attribute: attribute), .text) }
        columns += [
            Column("completion_n", ("n (completion)" as Sentence).text(language), .count),
            Column(.completion, .percent(decimals: 0), language),
            Column("completion_ci", ("Completion \(ci)" as Sentence).text(language), .interval(decimals: 2)),
            Column("completion_side", ("vs \(completionBenchmark)" as Sentence).text(language), .text),
            Column("completion_p", ("p (one-sided)" as Sentence).text(language), .pValue),
            Column("completion_light", ("Completion light" as Sentence).text(language), .text),
            Column("seq_n", ("n (SEQ)" as Sentence).text(language), .count),
            Column(.seq_mean, .number(decimals: 2), language),
            Column("seq_ci", ("SEQ \(ci)" as Sentence).text(language), .interval(decimals: 2)),
            Column("seq_side", ("vs \(seqBenchmark)" as Sentence).text(language), .text),
            Column("seq_p", ("p (one-sided, SEQ)" as Sentence).text(language), .pValue),
            Column("seq_light", ("SEQ light" as Sentence).text(language), .text),
        ]
        let targeted = rows.contains { $0.target != nil }
        if targeted {
            columns += [Column("target_s", ("Target (s)" as Sentence).text(language), .number(decimals: 0)),
                        Column("under_target", ("Under target (successes)" as Sentence).text(language), .percent(decimals: 0)),
                        Column("under_target_ci", ("Under target \(ci)" as Sentence).text(language), .interval(decimals: 2))]
        }
        columns += [Column("sum", ("SUM" as Sentence).text(language), .percent(decimals: 0)),
                    Column("sum_ci", ("SUM \(ci)" as Sentence).text(language), .interval(decimals: 2)),
                    Column("sum_left_out", ("SUM leaves out" as Sentence).text(language), .text)]
        if detail {
            columns += [Column("sum_completion", ("SUM: completion" as Sentence).text(language), .percent(decimals: 1)),
                        Column("sum_time", ("SUM: time" as Sentence).text(language), .percent(decimals: 1)),
                        Column("sum_satisfaction", ("SUM: satisfaction" as Sentence).text(language), .percent(decimals: 1)),
                        Column("sum_errors", ("SUM: errors" as Sentence).text(language), .percent(decimals: 1))]
            columns += [Column("completion_method", ("Completion test" as Sentence).text(language), .text),
                        Column("seq_t", ("SEQ t" as Sentence).text(language), .number(decimals: 3)),
                        Column("confidence", ("Confidence level" as Sentence).text(language), .number(decimals: 2))]
        }
        // The machine words CSV and JSON keep (`above`, `green`, `binomial-mid-p`, a group part "(none)") read in the
        // study's language wherever people read the table: the report and the workbook.
        for (offset, index) in columns.indices.dropFirst().prefix(factors.count).enumerated() {
            columns[index].wording = ResultTable.groupWording(rows, part: offset, name: factors[offset], labels: labels, attribute: attribute, language: language)
        }
        if detail {
            let sides = Dictionary(uniqueKeysWithValues: [BenchmarkTest.Direction.above, .below].map { ($0.rawValue, directionLabel($0, language)) })
            // The light's word alone (the dot is the report's): "amber", "âmbar".
            let lights = Dictionary(uniqueKeysWithValues: [TrafficLight.green, .amber, .red].map {
                ($0.rawValue, lightLabel($0, language).replacingOccurrences(of: "●\u{00A0}", with: ""))
            })
            let methods: [BenchmarkTest.Method] = [.binomialMidP, .normal, .oneSampleT]
            let methodNames = Dictionary(uniqueKeysWithValues: methods.map { ($0.rawValue, Sentence(Sentence(stringLiteral: $0.rawValue), context: "benchmark test").text(language)) })
            for (index, column) in columns.enumerated() {
                switch column.name {
                case "completion_side", "seq_side": columns[index].wording = sides
                case "completion_light", "seq_light": columns[index].wording = lights
                case "completion_method": columns[index].wording = methodNames
                default: break
                }
            }
        }
        func side(_ direction: BenchmarkTest.Direction) -> String { detail ? direction.rawValue : directionLabel(direction, language) }
        func light(_ light: TrafficLight) -> String { detail ? light.rawValue : lightLabel(light, language) }
        var table = ResultTable(id: "task_benchmarks", title: ("Tasks against the benchmarks: completion \(completionBenchmark), SEQ \(seqBenchmark)" as Sentence).text(language),
                                language: language, columns: columns)
        for row in rows {
            var cells: [Value] = [.text(row.task)] + row.group.map { .text($0) }
            let completion = row.completionBenchmark
            cells += [Value(completion?.n), Value(share: completion?.value), Value(completion?.interval),
                      Value(completion.map { side($0.direction) }), Value(p: completion?.p),
                      Value(completion.map { light($0.light) })]
            let seq = row.seqBenchmark
            cells += [row.seqN > 0 ? Value.count(row.seqN) : Value.empty, Value(row.seqMean), Value(seq?.interval),
                      Value(seq.map { side($0.direction) }), Value(p: seq?.p),
                      Value(seq.map { light($0.light) })]
            if targeted { cells += [Value(row.target), Value(share: row.underTarget?.rate), Value(row.underTarget?.ci95)] }
            let sum = row.singleUsabilityMetric
            cells += [Value(share: sum?.score), Value(sum?.interval),
                      Value(sum.flatMap { $0.omitted.isEmpty ? nil : $0.omitted.map { componentLabel($0, language, machine: detail) }.joined(separator: detail ? ";" : ", ") })]
            if detail {
                cells += SingleUsabilityMetric.Component.allCases.map { Value(share: sum?.part($0)?.percent) }
            }
            if detail { cells += [Value(completion?.method.rawValue), Value(seq?.statistic), .number(row.confidence)] }
            table.append(cells)
        }
        table.notes = benchmarkNotes(confidence: confidence, language: language, targets: targeted, cite: plainCitation)
        return detail ? table : table.dropping(ResultTable.unusedGroupings(rows, factors: factors))
    }

    /// The sources of the benchmark notes by author and year, for the command line (the report cites them in its own
    /// style, with a reference list).
    static func plainCitation(_ key: String) -> String {
        switch key {
        case "sauro2011": return "(Sauro 2011)"
        case "sauro2012": return "(Sauro 2012)"
        case "sauro2016": return "(Sauro & Lewis 2016)"
        case "saurokindlund2005": return "(Sauro & Kindlund 2005)"
        default: return ""
        }
    }

    /// A Single Usability Metric component as people read it ("time" / "tempo"), or by machine name.
    public static func componentLabel(_ component: SingleUsabilityMetric.Component, _ language: StudyLanguage, machine: Bool = false) -> String {
        if machine { return component.rawValue }
        switch component {
        case .completion: return ("completion" as Sentence).text(language)
        case .time: return ("time" as Sentence).text(language)
        case .satisfaction: return ("satisfaction" as Sentence).text(language)
        case .errors: return ("errors" as Sentence).text(language)
        }
    }

    /// The rules under a benchmark table: the benchmarks and their sources, the tests, the traffic light.
    public static func benchmarkNotes(confidence: Double, language: StudyLanguage, targets: Bool = false,
                                      cite: (String) -> String = { _ in "" }) -> [String] {
        let style = NumberStyle(language)
        let completion = style.percent(TaskBenchmarks.completion, decimals: 0)
        let seq = style.number(TaskBenchmarks.seq, decimals: 1)
        let level = String(Int((confidence * 100).rounded()))
        let notes: [Sentence] = [
            "Benchmarks: completion \(completion), the average over 1,189 tasks \(cite("sauro2011")); SEQ \(seq), the average task ease on the 7-point scale \(cite("sauro2012")).",
            "Completion against its benchmark: the one-sided exact binomial test with the mid-probability, or its normal approximation when n × 78 % and n × 22 % are both at least 15; SEQ against its benchmark: the one-sided one-sample t-test \(cite("sauro2016")). Each p tests the side of the benchmark the task lies on (above or below); completion intervals are adjusted-Wald, SEQ intervals t, both at \(level) %.",
            "Traffic light: ● green when the interval's lower bound is above the benchmark, ● red when its upper bound is below it, ● amber otherwise (the interval holds the benchmark).",
        ]
        var all = notes
        all.append("SUM, the Single Usability Metric \(cite("saurokindlund2005")): completion (the share completed), time (the share of the normal curve under the task's target time, from the mean and SD of the times), satisfaction (the share above the SEQ's specification limit of \(seq), three quarters up the 7-point scale as 4 is on the 5-point scale of Sauro and Kindlund) and errors (the share of error opportunities without an error), averaged; a component without its target time, SEQ answers or error opportunities is left out and named. Its interval averages the components' interval bounds at \(level) %.")
        if targets {
            all.append("Under target: of the participants who completed the task, those whose time (the geometric mean of their successful attempts) is at most the task's target; successful attempts only, as task times are reported \(cite("sauro2016")), with the adjusted-Wald interval at \(level) %.")
        }
        return all.map { $0.text(language) }
    }
}

extension ResultTable {
    /// The table with its 95 % interval columns named and headed at `confidence` (`completion_ci95` → `completion_ci90`,
    /// "95% CI" → "90% CI", "IC 95 %" → "IC 90 %"); unchanged at 0.95. Only for tables whose intervals were computed
    /// at that level.
    public func atConfidence(_ confidence: Double) -> ResultTable {
        let level = String(Int((confidence * 100).rounded()))
        guard level != "95" else { return self }
        var table = self
        table.columns = columns.map { column in
            guard column.name.hasSuffix("ci95") else { return column }
            return Column(String(column.name.dropLast(2)) + level, column.label.replacingOccurrences(of: "95", with: level), column.kind)
        }
        return table
    }
}

extension ResultTable {
    /// The table without the columns named in `names` (their cells and marks with them): a narrower view of the same
    /// numbers, for a page.
    /// The machine names of the groupings no row has a value of ("(none)" in every row: a condition only the
    /// questionnaires were answered under), which a table for people leaves out.
    public static func unusedGroupings(_ rows: [TaskSummaryRow], factors: [String]) -> Set<String> {
        Set(factors.indices.filter { index in rows.allSatisfy { index >= $0.group.count || $0.group[index] == ScoreReport.noGroup } }
            .map { StudyText.key(factors[$0]) })
    }

    public func dropping(_ names: Set<String>) -> ResultTable {
        let kept = columns.indices.filter { !names.contains(columns[$0].name) }
        var table = self
        table.columns = kept.map { columns[$0] }
        table.rows = rows.map { row in kept.map { row[$0] } }
        table.marked = [:]
        for (row, marks) in marked {
            let moved = Set(marks.compactMap { kept.firstIndex(of: $0) })
            if !moved.isEmpty { table.marked[row] = moved }
        }
        return table
    }
}
