import Foundation
import Statistics
import StudyBasics
import Wording

/// One response set to score: whose it is, which group and task it belongs to, and its answers.
public struct ScoringInput: Sendable {
    public var participant: String
    public var group: String?
    public var task: String?
    /// When the set was answered (`responses import --occasion`): "" when no occasion was given.
    public var occasion: String
    public var answers: [Int: Answer]

    public init(participant: String, group: String? = nil, task: String? = nil, occasion: String = "", answers: [Int: Answer]) {
        self.participant = participant
        self.group = group
        self.task = task
        self.occasion = occasion
        self.answers = answers
    }
}

/// Scores of one instrument for every participant, with summaries per group and overall.
public struct ScoreReport: Sendable {
    public struct Row: Sendable {
        public var participant: String
        public var group: String?
        public var task: String?
        /// The set's occasion ("" when none was given).
        public var occasion: String = ""
        public var scores: [Score]
        /// Per participant, for scores on the SUS scale: adjective and acceptability (Bangor et al. 2008, 2009).
        /// The curved grade is left out: Sauro & Lewis define it for study means, not single scores.
        public var meanings: [String: ParticipantMeaning] = [:]

        public init(participant: String, group: String?, task: String?, scores: [Score]) {
            self.participant = participant
            self.group = group
            self.task = task
            self.scores = scores
        }

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
        /// The score's percentile rank on the curved grading scale (`SUSInterpretation.percentileRank`), inside the
        /// grade's percentile range.
        public var percentileRank: Int
        public var adjective: SUSInterpretation.Adjective
        public var acceptability: SUSInterpretation.Acceptability
        /// The grades at the two ends of the mean's 95 % interval: the grade the data can vouch for is anywhere
        /// between them ("B, the interval spans C to A−"); nil without an interval.
        public var gradeAtLow: SUSInterpretation.Grade?
        public var gradeAtHigh: SUSInterpretation.Grade?
        /// The adjectives (Bangor et al. 2009) at the interval's two ends.
        public var adjectiveAtLow: SUSInterpretation.Adjective?
        public var adjectiveAtHigh: SUSInterpretation.Adjective?

        public init(_ score: Double, interval: ClosedRange<Double>? = nil) {
            grade = SUSInterpretation.grade(score)
            percentileRank = SUSInterpretation.percentileRank(score)
            adjective = SUSInterpretation.adjective(score)
            acceptability = SUSInterpretation.Acceptability(score)
            gradeAtLow = interval.map { SUSInterpretation.grade($0.lowerBound) }
            gradeAtHigh = interval.map { SUSInterpretation.grade($0.upperBound) }
            adjectiveAtLow = interval.map { SUSInterpretation.adjective($0.lowerBound) }
            adjectiveAtHigh = interval.map { SUSInterpretation.adjective($0.upperBound) }
        }

        /// "C to A−": the grades the interval spans, or the one grade when both ends share it.
        public var gradeSpan: Sentence? {
            guard let gradeAtLow, let gradeAtHigh else { return nil }
            func shown(_ grade: SUSInterpretation.Grade) -> String { grade.grade.replacingOccurrences(of: "-", with: "−") }
            return gradeAtLow == gradeAtHigh ? Sentence(verbatim: shown(gradeAtLow)) : "\(shown(gradeAtLow)) to \(shown(gradeAtHigh))"
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

        public var sentence: Sentence {
            switch self {
            case .better: return "better than the norm (p < .05)"
            case .worse: return "worse than the norm (p < .05)"
            case .notSignificantlyDifferent: return "not significantly different from the norm"
            case .untested: return "not tested (no variation or fewer than two scores)"
            }
        }

        public func text(_ language: StudyLanguage) -> String { sentence.text(language) }
    }

    /// One score compared between the groups (`score --by ATTR --compare`).
    public struct ScoreComparison: Sendable {
        public var scoreID: String
        public var task: String?
        /// The occasion compared within, when the study's sets have more than one (`nil` otherwise).
        public var occasion: String?
        public var comparison: GroupComparison

        /// "T1 · ", "pós · ", "T1 · protótipo: atual · " or "": what goes before the score's name.
        public func prefix(noOccasion: String, labels: StudyLabels = .plain) -> String {
            // The task and the measurement as a reader reads them, each part kept apart: "T1 · protótipo: atual · ".
            let parts = [task, occasion.map { labels.measurement($0, none: noOccasion) }].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? "" : parts.joined(separator: " · ") + " · "
        }
    }

    /// One item's answers: raw, and recoded where the item is reverse-worded (or SUS's even items).
    public struct ItemStatistics: Sendable {
        /// The task the statistics are of, for a per-task instrument (each task apart: one answer per participant);
        /// `nil` otherwise.
        public var task: String? = nil
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
        /// The occasion this group's sets were answered on, when the study's sets have more than one (`nil`
        /// otherwise): a participant's sets of two occasions are never in one group.
        public var occasion: String?
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
    /// Cronbach's α of the instrument (key "all") and of each subscale with two items or more; for a per-task
    /// instrument, per task (`task`), never over the sets of several tasks (a participant counted once per task).
    public var alphas: [(scale: String, task: String?, alpha: CronbachAlpha)]
    /// Open-text answers, per item.
    public var texts: [(item: Int, participant: String, text: String)]
    /// Per-item statistics of the Likert and numeric items, over every scored response set; for a per-task
    /// instrument, per task (in task order, `ItemStatistics.task`), one answer per participant each.
    public var items: [ItemStatistics] = []
    /// Between-group comparisons of each score (when grouped into two or more named groups).
    public var comparisons: [ScoreComparison] = []
    /// Response sets left out because they could not be scored (with `skipUnscorable`), with the reason.
    public var unscored: [Sentence] = []
    /// The same sets worded for a reader of a report (what happened under the missing-item policy, no command).
    public var unscoredForReaders: [Sentence] = []
    /// The same sets, each with whose it is, its task and measurement, and the reason for a reader: the workbook's
    /// Exclusions sheet lists them.
    public var unscoredSets: [UnscoredSet] = []

    /// A response set left out because it could not be scored.
    public struct UnscoredSet: Sendable, Equatable {
        public var participant: String
        public var task: String?
        /// The measurement key it was answered under ("" for none).
        public var occasion: String
        public var reason: Sentence
    }
    /// Every score's values over all scored sets (all tasks), as value → how many sets have it: what a histogram
    /// of the scores needs, without the rows. Empty when the sets span several occasions (`pooledOccasions`).
    public var distributions: [String: [Double: Int]] = [:]
    /// The occasions the scored sets were answered on, in natural order ("" for sets without one).
    public var occasions: [String] = []
    /// The level of the intervals (the summaries' and the within-participant comparisons'): 0.95 unless asked.
    public var confidence = 0.95
    /// Whether the sets span several occasions: then groups, overall rows and comparisons are per occasion, and the
    /// per-item statistics, α and distributions (which would count a participant once per occasion) are left out.
    public var pooledOccasions: Bool { occasions.count > 1 }

    /// Scores every input. Throws, naming every participant concerned, when a set cannot be scored under
    /// `missing`; nothing is summarised from a partial set without the researcher choosing how.
    /// With `skipUnscorable`, such sets are left out and listed in `unscored` instead.
    public static func build(_ instrument: InstrumentDefinition, inputs allInputs: [ScoringInput], missing: MissingPolicy,
                             groupOrder: [String] = [], occasionOrder: [String] = [], skipUnscorable: Bool = false,
                             confidence: Double = 0.95) throws -> ScoreReport {
        var builder = Builder(instrument, missing: missing, groupOrder: groupOrder, occasionOrder: occasionOrder, skipUnscorable: skipUnscorable, keepsRows: true)
        builder.confidence = confidence
        for input in allInputs { builder.add(input) }
        return try builder.finish()
    }

    /// Builds a report one response set at a time: each set is scored as it comes (and its row handed back, to be
    /// written out at once), while groups, items and α keep only counts of the distinct values they saw. Memory
    /// depends on how many distinct scores there are (a SUS score is a multiple of 2.5), not on how many
    /// respondents: a million response sets are summarised in the memory of a hundred.
    public struct Builder {
        public let instrument: InstrumentDefinition
        let missing: MissingPolicy
        /// The level of the score intervals (`Summary.statistics.ci95` holds the interval at this level): 0.95 or 0.90.
        public var confidence = 0.95
        let groupOrder: [String]
        /// The occasions in the order they were first recorded ("pré" before "pós"); others in natural order.
        let occasionOrder: [String]
        let skipUnscorable: Bool
        let keepsRows: Bool
        var rows: [Row] = []
        var failures: [Sentence] = []
        var readerFailures: [Sentence] = []
        var unscoredSets: [UnscoredSet] = []
        /// Per task (nil when not per task), per group name (nil when ungrouped): what the group summary needs.
        /// Buckets by key (their index in `bucketList`, mutated in place: one hash per set and bucket).
        var bucketIndex: [BucketKey: Int] = [:]
        var bucketList: [Bucket] = []
        private var bucketKeys: [BucketKey] = []
        /// The set being added, by item number.
        private var slots = ItemSlots()
        var buckets: [BucketKey: Bucket] { bucketIndex.mapValues { bucketList[$0] } }
        var anyGroup = false
        var tasks: Set<String> = []
        var occasions: Set<String> = []
        /// Each α's items as the loop over sets needs them: the item's number, and for a reversed item the sum of its
        /// scale's ends (its answer recoded is that sum minus the answer, as `InstrumentDefinition.recoded` computes).
        var alphas: [(scale: String, items: [(number: Int, flip: Double?)])] = []
        /// Per task slot (one, `nil`, unless the instrument is per task: each task apart), per α: its accumulator.
        var alphaAccumulators: [[CronbachAlpha.Accumulator]] = []
        /// Per task slot, per scored item (in `scoredItems` order): value → count.
        var itemHistograms: [[ValueCounts]] = []
        /// Each α's answers of the set being added (kept, not allocated per set).
        var alphaRow: [Double?] = []
        /// Per task slot: item number → answers "not applicable".
        var itemNotApplicable: [[Int: Int]] = []
        /// The task of each slot, and each task's slot (per-task instruments; otherwise one slot, `nil`).
        var slotTasks: [String?] = []
        var taskSlots: [String: Int] = [:]
        var noTaskSlot: Int?
        var texts: [Int: [(participant: String, text: String)]] = [:]
        let scoredItems: [ItemDefinition]
        let choiceItems: [ItemDefinition]
        let textItems: [ItemDefinition]
        /// The numbers of `scoredItems` and `textItems`, read once per set (no item definition copied per set).
        let scoredNumbers: [Int]
        let textNumbers: [Int]

        struct BucketKey: Hashable {
            var task: String?
            var occasion: String
            var group: String?
        }

        struct Bucket {
            var n = 0
            /// Each score's counts, in the order the scores come (looked up by position, not hashed, per set).
            var scores: [(id: String, counts: ValueCounts)] = []
            var choices: [Int: [String: Int]] = [:]
            var notApplicable: [Int: Int] = [:]

            /// Score id → value → how many sets have it.
            var values: [String: [Double: Int]] {
                Dictionary(scores.map { ($0.id, $0.counts.histogram) }, uniquingKeysWith: { first, _ in first })
            }

            mutating func count(_ scores: [Score]) {
                for (position, score) in scores.enumerated() {
                    if position < self.scores.count, self.scores[position].id == score.id {
                        self.scores[position].counts.add(score.value)
                    } else if let index = self.scores.firstIndex(where: { $0.id == score.id }) {
                        self.scores[index].counts.add(score.value)
                    } else {
                        var counts = ValueCounts()
                        counts.add(score.value)
                        self.scores.append((score.id, counts))
                    }
                }
            }
        }

        public init(_ instrument: InstrumentDefinition, missing: MissingPolicy, groupOrder: [String] = [], occasionOrder: [String] = [],
                    skipUnscorable: Bool = false, keepsRows: Bool = false) {
            self.instrument = instrument
            self.missing = missing
            self.groupOrder = groupOrder
            self.occasionOrder = occasionOrder
            self.skipUnscorable = skipUnscorable
            self.keepsRows = keepsRows
            scoredItems = instrument.items.filter { $0.kind == .likert || $0.kind == .numeric }
            choiceItems = instrument.items.filter { $0.kind == .choice }
            textItems = instrument.items.filter { $0.kind == .text }
            scoredNumbers = scoredItems.map(\.number)
            textNumbers = textItems.map(\.number)
            func recoding(_ items: [ItemDefinition]) -> [(number: Int, flip: Double?)] {
                items.map { item in
                    guard item.reversed, let range = instrument.range(of: item) else { return (item.number, nil) }
                    return (item.number, range.lowerBound + range.upperBound)
                }
            }
            // α over the items the participant rates (NASA-TLX: its six ratings, not the weights).
            let alphaItems = instrument.formula.ratedItems(of: instrument).filter { $0.kind == .likert || $0.kind == .numeric }
            alphas.append((allName, recoding(alphaItems)))
            if instrument.formula.scoresSubscales {
                for subscale in instrument.subscales where subscale.items.count >= 2 && subscale.items.count < alphaItems.count {
                    alphas.append((subscale.id, recoding(subscale.items.compactMap(instrument.item))))
                }
            }
            if !instrument.perTask { _ = slot(nil) }
        }

        /// The slot of a task's item counts and α (a new one the first time a task is met).
        private mutating func slot(_ task: String?) -> Int {
            if let known = task.map({ taskSlots[$0] }) ?? noTaskSlot { return known }
            slotTasks.append(task)
            if let task { taskSlots[task] = slotTasks.count - 1 } else { noTaskSlot = slotTasks.count - 1 }
            alphaAccumulators.append(alphas.map { .init(items: $0.items.count) })
            itemHistograms.append(Array(repeating: ValueCounts(), count: scoredItems.count))
            itemNotApplicable.append([:])
            return slotTasks.count - 1
        }

        /// Scores one response set and counts it in its group; returns its row, or `nil` when it cannot be scored
        /// (the reason is kept for `finish`).
        @discardableResult
        public mutating func add(_ input: ScoringInput) -> Row? {
            slots.load(input.answers)
            let scores: [Score]
            do {
                scores = try instrument.score(slots, missing: missing)
            } catch let error as ScoringError {
                failures.append(input.task.map { "\(input.participant) (task \($0)): \(error.sentence)" } ?? "\(input.participant): \(error.sentence)")
                readerFailures.append(input.task.map { "\(input.participant) (task \($0)): \(error.readerSentence)" } ?? "\(input.participant): \(error.readerSentence)")
                unscoredSets.append(UnscoredSet(participant: input.participant, task: input.task, occasion: input.occasion, reason: error.readerSentence))
                return nil
            } catch {
                failures.append("\(input.participant): \(Sentence(verbatim: error.localizedDescription))")
                readerFailures.append("\(input.participant): \(Sentence(verbatim: error.localizedDescription))")
                unscoredSets.append(UnscoredSet(participant: input.participant, task: input.task, occasion: input.occasion,
                                                reason: Sentence(verbatim: error.localizedDescription)))
                return nil
            }
            var row = Row(participant: input.participant, group: input.group, task: input.task, scores: scores)
            row.occasion = input.occasion
            for score in scores where isOnSUSScale(score.id, instrument) {
                row.meanings[score.id] = ParticipantMeaning(adjective: SUSInterpretation.adjective(score.value),
                                                            acceptability: SUSInterpretation.Acceptability(score.value))
            }
            if keepsRows { rows.append(row) }

            let task = instrument.perTask ? input.task : nil
            if let task { tasks.insert(task) }
            if input.group != nil { anyGroup = true }
            occasions.insert(input.occasion)
            count(input, scores: scores, in: BucketKey(task: task, occasion: input.occasion, group: input.group ?? noGroup))
            count(input, scores: scores, in: BucketKey(task: task, occasion: input.occasion, group: nil))

            // Items and α per task for a per-task instrument: one answer per participant in each.
            let taskSlot = slot(task)
            for index in alphas.indices {
                alphaRow.removeAll(keepingCapacity: true)
                for (number, flip) in alphas[index].items {
                    alphaRow.append(slots[number]?.value.map { value in flip.map { $0 - value } ?? value })
                }
                alphaAccumulators[taskSlot][index].add(alphaRow)
            }
            for (position, number) in scoredNumbers.enumerated() {
                switch slots[number] {
                case let .value(value)?: itemHistograms[taskSlot][position].add(value)
                case .notApplicable?: itemNotApplicable[taskSlot][number, default: 0] += 1
                default: break
                }
            }
            for number in textNumbers {
                if case let .text(text)? = slots[number] { texts[number, default: []].append((input.participant, text)) }
            }
            return row
        }

        private mutating func count(_ input: ScoringInput, scores: [Score], in key: BucketKey) {
            // A report has a few buckets: comparing keys is cheaper than hashing their texts for every set.
            let index: Int
            if bucketList.count <= 16, let known = bucketKeys.firstIndex(of: key) {
                index = known
            } else if bucketList.count > 16, let known = bucketIndex[key] {
                index = known
            } else {
                index = bucketList.count
                bucketIndex[key] = index
                bucketKeys.append(key)
                bucketList.append(Bucket())
            }
            bucketList[index].n += 1
            bucketList[index].count(scores)
            for item in choiceItems {
                switch slots[item.number] {
                case let .choice(choice)?: bucketList[index].choices[item.number, default: [:]][choice, default: 0] += 1
                case .notApplicable?: bucketList[index].notApplicable[item.number, default: 0] += 1
                default: break
                }
            }
        }

        /// The report: group and overall summaries, α, items and comparisons. Throws when a set could not be
        /// scored (unless `skipUnscorable`); its rows are those kept (`keepsRows`), else empty.
        public func finish() throws -> ScoreReport {
            if !failures.isEmpty && !skipUnscorable { throw ScoreReportError.unscorable(failures) }
            let taskList: [String?] = instrument.perTask ? NaturalOrder.distinct(Array(tasks)).map { $0 } : [nil]
            let groupNames = anyGroup
                ? NaturalOrder.distinct(buckets.keys.compactMap(\.group), preferring: groupOrder, last: noGroup) : []
            let occasionList = NaturalOrder.distinct(Array(occasions.isEmpty ? [""] : occasions), preferring: occasionOrder)
            let several = occasionList.count > 1
            var groups: [Group] = []
            var overall: [Group] = []
            for task in taskList {
                for occasion in occasionList {
                    for name in groupNames {
                        var made = group(name, task: task, buckets[BucketKey(task: task, occasion: occasion, group: name)] ?? Bucket())
                        made.occasion = several ? occasion : nil
                        groups.append(made)
                    }
                    var all = group(allName, task: task, buckets[BucketKey(task: task, occasion: occasion, group: nil)] ?? Bucket())
                    all.occasion = several ? occasion : nil
                    overall.append(all)
                }
            }
            // Per task in task order (one slot, `nil`, unless per task).
            let slotOrder = taskList.compactMap { task in task.map { taskSlots[$0] } ?? noTaskSlot }
            let alphaResults = slotOrder.flatMap { slot in
                alphas.indices.compactMap { index in
                    alphaAccumulators[slot][index].result.map { (scale: alphas[index].scale, task: slotTasks[slot], alpha: $0) }
                }
            }
            var report = ScoreReport(instrument: instrument, missing: missing, rows: rows, groups: groups, overall: overall,
                                     alphas: alphaResults,
                                     texts: textItems.flatMap { item in (texts[item.number] ?? []).map { (item.number, $0.participant, $0.text) } },
                                     unscored: failures)
            report.unscoredForReaders = readerFailures
            report.unscoredSets = unscoredSets
            report.confidence = confidence
            report.occasions = occasions.isEmpty ? [] : occasionList
            if several {
                // Per item, α and the distributions would count a participant once per occasion: left out, said by
                // every output (`pooledOccasions`), and had per occasion with `score --occasion`.
                report.alphas = []
                return withComparisons(report, taskList: taskList, occasionList: occasionList, groupNames: groupNames)
            }
            report.items = slotOrder.flatMap { slot in scoredItems.enumerated().map { position, item in
                let histogram = itemHistograms[slot][position].histogram
                // From the counts of each answer: memory does not grow with the number of respondents.
                let runs = histogram.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) }
                var distribution: [(Int, Int)] = []
                if item.kind == .likert, let scale = instrument.scale {
                    distribution = (scale.min...scale.max).map { point in (point, histogram[Double(point)] ?? 0) }
                }
                return ItemStatistics(task: slotTasks[slot], item: item.number, text: item.text, reversed: instrument.isRecoded(item),
                                      n: runs.reduce(0) { $0 + $1.count },
                                      notApplicable: itemNotApplicable[slot][item.number] ?? 0,
                                      raw: Descriptive(runs: runs),
                                      recoded: Descriptive(runs: runs.map { (value: instrument.recoded($0.value, item: item), count: $0.count) }),
                                      distribution: distribution)
            } }
            for (key, bucket) in buckets where key.group == nil {
                for (id, histogram) in bucket.values {
                    report.distributions[id, default: [:]].merge(histogram, uniquingKeysWith: +)
                }
            }
            return withComparisons(report, taskList: taskList, occasionList: occasionList, groupNames: groupNames)
        }

        /// `report` with the between-group comparisons of each score, per task and occasion.
        private func withComparisons(_ report: ScoreReport, taskList: [String?], occasionList: [String], groupNames: [String]) -> ScoreReport {
            var report = report
            let named = groupNames.filter { $0 != noGroup }
            guard named.count >= 2 else { return report }
            for task in taskList {
                for occasion in occasionList {
                    for id in instrument.scoreIDs {
                        // From each group's counts of distinct scores (flat memory at any size).
                        let samples = named.map { name in
                            (name: name, runs: (buckets[BucketKey(task: task, occasion: occasion, group: name)]?.values[id] ?? [:])
                                .sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) })
                        }
                        report.comparisons.append(ScoreComparison(scoreID: id, task: task, occasion: occasionList.count > 1 ? occasion : nil,
                                                                  comparison: GroupComparison(runs: samples)))
                    }
                }
            }
            return report
        }

        private func group(_ name: String, task: String?, _ bucket: Bucket) -> Group {
            let summaries = instrument.scoreIDs.compactMap { id -> Summary? in
                // From the bucket's counts of each score, not the scores themselves (flat memory at any size).
                guard var statistics = Descriptive(histogram: bucket.values[id] ?? [:], confidence: confidence) else { return nil }
                let unclipped = statistics
                let norm = instrument.norms?.values[id] ?? instrument.formula.publishedNorm(id, of: instrument)
                var clipped = false
                if let ci = statistics.ci95, let range = instrument.scoreRange(id),
                   ci.lowerBound < range.lowerBound || ci.upperBound > range.upperBound {
                    statistics.ci95 = max(ci.lowerBound, range.lowerBound)...min(ci.upperBound, range.upperBound)
                    clipped = true
                }
                let test = norm.flatMap { OneSampleTTest(unclipped, benchmark: $0) }
                return Summary(
                    scoreID: id, statistics: statistics, norm: norm, test: test,
                    meaning: isOnSUSScale(id, instrument) ? SUSMeaning(statistics.mean, interval: statistics.ci95) : nil,
                    betterThanNorm: norm.map { instrument.lowerIsBetter ? statistics.mean < $0 : statistics.mean > $0 },
                    testUndefined: norm != nil && test == nil ? OneSampleTTest.undefinedReason(unclipped) ?? "test undefined" : nil,
                    ciClipped: clipped)
            }
            let tallies = choiceItems.map { item -> Tally in
                let chosen = bucket.choices[item.number] ?? [:]
                let counts = (item.choices ?? []).map { choice in (choice, chosen[choice.key] ?? 0) }
                return Tally(item: item.number, text: item.text, counts: counts,
                             notApplicable: bucket.notApplicable[item.number] ?? 0,
                             answered: counts.reduce(0) { $0 + $1.1 })
            }
            return Group(name: name, task: task, n: bucket.n, summaries: summaries, tallies: tallies)
        }
    }

    public static func isOnSUSScale(_ id: String, _ instrument: InstrumentDefinition) -> Bool {
        instrument.formula.isOnSUSScale(id, of: instrument)
    }

    /// The name of the overall group.
    public static let allName = "all"
    /// The group of participants without a value of the grouping attribute.
    public static let noGroup = "(none)"

}

/// Why a score report could not be made.
public enum ScoreReportError: Error, WordedError, Equatable, LocalizedError {
    case unscorable([Sentence])

    public var errorDescription: String? { sentence.description }


    public var sentence: Sentence {
        switch self {
        case let .unscorable(failures):
            return (failures.count == 1 ? "Cannot score 1 response set:\n" : "Cannot score \(failures.count) response sets:\n")
                + Sentence.joined(failures.map { "  \($0)" }, separator: "\n")
        }
    }
}

/// How many times each value was seen, as a `[Double: Int]` histogram holds it, without hashing the values
/// scores and answers mostly take: multiples of ⅛ from 0 to 511.875 (scale points, SUS scores in steps of 2.5 and
/// its sub-scores, means of two, four or eight items) are counted in an array indexed by 8 × value (exact: 8 is a
/// power of two); any other value in a dictionary.
struct ValueCounts {
    private var eighths: [Int] = []
    private var others: [Double: Int] = [:]

    mutating func add(_ value: Double) {
        // Eighths: SUS's sub-scores step by 12.5 (Learnability) and 3.125 (Usability), both whole in eighths;
        // multiplying by 8 is exact in binary floating point. -0 counts as 0 (one key, as in a dictionary).
        let scaled = value * 8
        if scaled >= 0, scaled < 4096, scaled == scaled.rounded(.towardZero) {
            let index = Int(scaled)
            if index >= eighths.count { eighths.append(contentsOf: repeatElement(0, count: index + 1 - eighths.count)) }
            eighths[index] += 1
        } else {
            others[value, default: 0] += 1
        }
    }

    /// Value → count, for every value seen.
    var histogram: [Double: Int] {
        var histogram = others
        for (index, count) in eighths.enumerated() where count > 0 { histogram[Double(index) / 8] = count }
        return histogram
    }
}
