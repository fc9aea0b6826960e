import Foundation

/// One response set to score: whose it is, which group and task it belongs to, and its answers.
public struct ScoringInput: Sendable {
    public var participant: String
    public var group: String?
    public var task: String?
    public var answers: [Int: Answer]

    public init(participant: String, group: String? = nil, task: String? = nil, answers: [Int: Answer]) {
        self.participant = participant
        self.group = group
        self.task = task
        self.answers = answers
    }
}

/// Scores of one instrument for every participant, with summaries per group and overall.
public struct ScoreReport: Sendable {
    public struct Row: Sendable {
        public var participant: String
        public var group: String?
        public var task: String?
        public var scores: [Score]
        /// Per participant, for scores on the SUS scale: adjective and acceptability (Bangor et al. 2008, 2009).
        /// The curved grade is left out: Sauro & Lewis define it for study means, not single scores.
        public var meanings: [String: ParticipantMeaning] = [:]

        public func value(_ id: String) -> Double? { scores.first { $0.id == id }?.value }
    }

    /// What one participant's SUS-scale score means.
    public struct ParticipantMeaning: Sendable, Equatable {
        public var adjective: SUSInterpretation.Adjective
        public var acceptability: SUSInterpretation.Acceptability
    }

    /// What a score means by the published scales (SUS and scores on its scale).
    public struct SUSMeaning: Sendable, Equatable {
        public var grade: SUSInterpretation.Grade
        public var adjective: SUSInterpretation.Adjective
        public var acceptability: SUSInterpretation.Acceptability

        public init(_ score: Double) {
            grade = SUSInterpretation.grade(score)
            adjective = SUSInterpretation.adjective(score)
            acceptability = SUSInterpretation.Acceptability(score)
        }
    }

    /// One score summarised over a group.
    public struct Summary: Sendable {
        public var scoreID: String
        public var statistics: Descriptive
        /// The published reference value (norm or benchmark) and the test of the mean against it.
        public var norm: Double?
        public var test: OneSampleTTest?
        /// For SUS-scale scores: grade, adjective and acceptability of the mean.
        public var meaning: SUSMeaning?
        /// Whether the mean is better than the norm, given the instrument's direction.
        public var betterThanNorm: Bool?
        /// Why there is a norm but no test ("no variation: test undefined"), or `nil`.
        public var testUndefined: String?
        /// Whether the 95 % interval was cut to the score's possible range (it is then no longer symmetric).
        public var ciClipped = false

        /// How the mean stands against the norm: "better", "worse" (p < .05), or "not significantly different".
        public var normVerdict: NormVerdict? {
            guard norm != nil else { return nil }
            guard let test else { return .untested }
            guard test.p < 0.05 else { return .notSignificantlyDifferent }
            return betterThanNorm == true ? .better : .worse
        }
    }

    public enum NormVerdict: String, Sendable, Codable {
        case better
        case worse
        case notSignificantlyDifferent = "not significantly different"
        case untested

        public func text(_ language: StudyLanguage) -> String {
            switch (self, language) {
            case (.better, .ptBR): return "melhor que a norma (p < 0,05)"
            case (.worse, .ptBR): return "pior que a norma (p < 0,05)"
            case (.notSignificantlyDifferent, .ptBR): return "não difere significativamente da norma"
            case (.untested, .ptBR): return "sem teste (sem variação ou menos de dois escores)"
            case (.better, _): return "better than the norm (p < .05)"
            case (.worse, _): return "worse than the norm (p < .05)"
            case (.notSignificantlyDifferent, _): return "not significantly different from the norm"
            case (.untested, _): return "not tested (no variation or fewer than two scores)"
            }
        }
    }

    /// One score compared between the groups (`score --by ATTR --compare`).
    public struct ScoreComparison: Sendable {
        public var scoreID: String
        public var task: String?
        public var comparison: GroupComparison
    }

    /// One item's answers: raw, and recoded where the item is reverse-worded (or SUS's even items).
    public struct ItemStatistics: Sendable {
        public var item: Int
        public var text: LocalizedText
        public var reversed: Bool
        public var n: Int
        public var notApplicable: Int
        public var raw: Descriptive?
        public var recoded: Descriptive?
        /// Scale point → count of raw answers (every point of the scale, zeros included); empty for numeric items.
        public var distribution: [(point: Int, count: Int)]
    }

    /// Counts of one choice item's answers.
    public struct Tally: Sendable {
        public var item: Int
        public var text: LocalizedText
        public var counts: [(choice: ChoiceOption, count: Int)]
        public var notApplicable: Int
        /// Respondents who chose something (the denominator of the percentages).
        public var answered: Int

        public func percent(_ count: Int) -> Double { answered == 0 ? 0 : Double(count) / Double(answered) * 100 }
    }

    /// A group's summaries (one group "all" when not grouped; per task for per-task instruments).
    public struct Group: Sendable {
        public var name: String
        public var task: String?
        public var n: Int
        public var summaries: [Summary]
        public var tallies: [Tally]
    }

    public var instrument: InstrumentDefinition
    public var missing: MissingPolicy
    public var rows: [Row]
    /// Per group (in group order), then overall.
    public var groups: [Group]
    public var overall: [Group]
    /// Cronbach's α of the instrument (key "all") and of each subscale with two items or more.
    public var alphas: [(scale: String, alpha: CronbachAlpha)]
    /// Open-text answers, per item.
    public var texts: [(item: Int, participant: String, text: String)]
    /// Per-item statistics of the Likert and numeric items, over every scored response set.
    public var items: [ItemStatistics] = []
    /// Between-group comparisons of each score (when grouped into two or more named groups).
    public var comparisons: [ScoreComparison] = []
    /// Response sets left out because they could not be scored (with `skipUnscorable`), with the reason.
    public var unscored: [String] = []

    /// Scores every input. Throws, naming every participant concerned, when a set cannot be scored under
    /// `missing`; nothing is summarised from a partial set without the researcher choosing how.
    /// With `skipUnscorable`, such sets are left out and listed in `unscored` instead.
    public static func build(_ instrument: InstrumentDefinition, inputs allInputs: [ScoringInput], missing: MissingPolicy,
                             groupOrder: [String] = [], skipUnscorable: Bool = false) throws -> ScoreReport {
        var rows: [Row] = []
        var failures: [String] = []
        var inputs: [ScoringInput] = []
        for input in allInputs {
            do {
                rows.append(Row(participant: input.participant, group: input.group, task: input.task,
                                scores: try instrument.score(input.answers, missing: missing)))
                inputs.append(input)
            } catch let error as ScoringError {
                failures.append("\(input.participant)" + (input.task.map { " (task \($0))" } ?? "") + ": \(error.localizedDescription)")
            }
        }
        if !failures.isEmpty && !skipUnscorable { throw ScoreReportError.unscorable(failures) }

        let tasks: [String?] = instrument.perTask ? NaturalOrder.distinct(inputs.compactMap(\.task)).map { $0 } : [nil]
        let groupNames = inputs.contains { $0.group != nil }
            ? NaturalOrder.distinct(inputs.map { $0.group ?? noGroup }, preferring: groupOrder, last: noGroup) : []
        var groups: [Group] = []
        var overall: [Group] = []
        for task in tasks {
            let inTask = inputs.indices.filter { task == nil || inputs[$0].task == task }
            for name in groupNames {
                let members = inTask.filter { (inputs[$0].group ?? noGroup) == name }
                groups.append(group(name, task: task, members, rows: rows, inputs: inputs, instrument: instrument))
            }
            overall.append(group(allName, task: task, inTask, rows: rows, inputs: inputs, instrument: instrument))
        }

        var alphas: [(String, CronbachAlpha)] = []
        let alphaItems = instrument.scoring == .nasaTLX ? Array(instrument.scoredItems.prefix(6)) : instrument.scoredItems
        if let alpha = CronbachAlpha(matrix(alphaItems.map(\.number), inputs: inputs, instrument: instrument)) {
            alphas.append((allName, alpha))
        }
        if instrument.scoring == .mean || instrument.scoring == .sum {
            for subscale in instrument.subscales where subscale.items.count >= 2 && subscale.items.count < alphaItems.count {
                if let alpha = CronbachAlpha(matrix(subscale.items, inputs: inputs, instrument: instrument)) {
                    alphas.append((subscale.id, alpha))
                }
            }
        }
        var texts: [(Int, String, String)] = []
        for item in instrument.items where item.kind == .text {
            for input in inputs {
                if case let .text(text)? = input.answers[item.number] { texts.append((item.number, input.participant, text)) }
            }
        }
        for index in rows.indices {
            for score in rows[index].scores where isOnSUSScale(score.id, instrument) {
                rows[index].meanings[score.id] = ParticipantMeaning(adjective: SUSInterpretation.adjective(score.value),
                                                                   acceptability: SUSInterpretation.Acceptability(score.value))
            }
        }
        var report = ScoreReport(instrument: instrument, missing: missing, rows: rows, groups: groups, overall: overall,
                                 alphas: alphas, texts: texts, unscored: failures)
        report.items = itemStatistics(instrument, inputs: inputs)
        let named = groupNames.filter { $0 != noGroup }
        if named.count >= 2 {
            for task in tasks {
                for id in instrument.scoreIDs {
                    let samples = named.map { name in
                        (name, rows.indices.filter { (inputs[$0].group ?? noGroup) == name && (task == nil || inputs[$0].task == task) }
                            .compactMap { rows[$0].value(id) })
                    }
                    report.comparisons.append(ScoreComparison(scoreID: id, task: task, comparison: GroupComparison(samples)))
                }
            }
        }
        return report
    }

    public static func isOnSUSScale(_ id: String, _ instrument: InstrumentDefinition) -> Bool {
        (instrument.scoring == .sus && id == "SUS") || id == "SUS-equivalent"
    }

    private static func itemStatistics(_ instrument: InstrumentDefinition, inputs: [ScoringInput]) -> [ItemStatistics] {
        instrument.items.filter { $0.kind == .likert || $0.kind == .numeric }.map { item in
            let answers = inputs.compactMap { $0.answers[item.number] }
            let values = answers.compactMap(\.value)
            var distribution: [(Int, Int)] = []
            if item.kind == .likert, let scale = instrument.scale {
                distribution = (scale.min...scale.max).map { point in (point, values.filter { $0 == Double(point) }.count) }
            }
            return ItemStatistics(item: item.number, text: item.text, reversed: instrument.isRecoded(item), n: values.count,
                                  notApplicable: answers.filter { $0 == .notApplicable }.count,
                                  raw: Descriptive(values), recoded: Descriptive(values.map { instrument.recoded($0, item: item) }),
                                  distribution: distribution)
        }
    }

    /// The name of the overall group.
    public static let allName = "all"
    /// The group of participants without a value of the grouping attribute.
    public static let noGroup = "(none)"

    private static func matrix(_ numbers: [Int], inputs: [ScoringInput], instrument: InstrumentDefinition) -> [[Double?]] {
        inputs.map { input in
            numbers.map { number in
                guard let item = instrument.item(number), let value = input.answers[number]?.value else { return nil }
                return instrument.recoded(value, item: item)
            }
        }
    }

    private static func group(_ name: String, task: String?, _ members: [Int], rows: [Row], inputs: [ScoringInput],
                              instrument: InstrumentDefinition) -> Group {
        let memberRows = members.map { rows[$0] }
        let summaries = instrument.scoreIDs.compactMap { id -> Summary? in
            let values = memberRows.compactMap { $0.value(id) }
            guard var statistics = Descriptive(values) else { return nil }
            let norm = instrument.norms?.values[id] ?? (instrument.scoring == .sus && id == "SUS" ? SUSInterpretation.benchmark : nil)
            var clipped = false
            if let ci = statistics.ci95, let range = instrument.scoreRange(id),
               ci.lowerBound < range.lowerBound || ci.upperBound > range.upperBound {
                statistics.ci95 = max(ci.lowerBound, range.lowerBound)...min(ci.upperBound, range.upperBound)
                clipped = true
            }
            let test = norm.flatMap { OneSampleTTest(values, benchmark: $0) }
            return Summary(
                scoreID: id, statistics: statistics, norm: norm, test: test,
                meaning: isOnSUSScale(id, instrument) ? SUSMeaning(statistics.mean) : nil,
                betterThanNorm: norm.map { instrument.lowerIsBetter ? statistics.mean < $0 : statistics.mean > $0 },
                testUndefined: norm != nil && test == nil ? OneSampleTTest.undefinedReason(values) ?? "test undefined" : nil,
                ciClipped: clipped)
        }
        let tallies = instrument.items.filter { $0.kind == .choice }.map { item -> Tally in
            let answers = members.compactMap { inputs[$0].answers[item.number] }
            let counts = (item.choices ?? []).map { choice in
                (choice, answers.filter { $0 == .choice(choice.key) }.count)
            }
            return Tally(item: item.number, text: item.text, counts: counts,
                         notApplicable: answers.filter { $0 == .notApplicable }.count,
                         answered: counts.reduce(0) { $0 + $1.1 })
        }
        return Group(name: name, task: task, n: members.count, summaries: summaries, tallies: tallies)
    }
}

/// Why a score report could not be made.
public enum ScoreReportError: Error, Equatable, LocalizedError {
    case unscorable([String])

    public var errorDescription: String? {
        switch self {
        case let .unscorable(failures):
            return "Cannot score \(failures.count) response set\(failures.count == 1 ? "" : "s"):\n"
                + failures.map { "  \($0)" }.joined(separator: "\n")
        }
    }
}
