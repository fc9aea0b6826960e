import Foundation
import Gaze
import QualCoding
import Results
import StudyStore
import Surveys

/// Everything the exports show, read from a study once.
public struct StudySnapshot: Sendable {
    public struct Questionnaire: Sendable {
        public var definition: InstrumentDefinition
        /// Every response set, in participant order; empty in a streaming snapshot (read them from the study).
        public var sets: [StoredResponseSet]
        public var report: ScoreReport
        /// How many response sets there are, and whether any was entered on the inverted scale.
        public var setCount: Int
        public var anyInverted: Bool
        /// The response sets the quality checks flag (`ResponseQuality`), scored as answered.
        public var flagged: [FlaggedResponseSet] = []
        /// Whether some sets carry the form's start and submission times (the too-fast check applies).
        public var timed = false
        /// Per factor the sets vary on within participants (`ScoreReport.withinFactors`): its levels compared.
        public var within: [WithinDesign] = []
    }

    /// One factor that varies within participants (the occasion, or a condition's levels): its levels and each
    /// score's comparison per task and stratum (complete blocks only); with a grouping attribute of two groups or
    /// more, the mixed design's cells and ANOVA too.
    public struct WithinDesign: Sendable {
        public var factor: String
        /// The levels compared somewhere, in the order first recorded.
        public var levels: [String]
        public var comparisons: [WithinScoreComparison]
        public var mixed: [MixedScoreComparison]

        /// Every factor of `report` with something to compare (a stratum with two levels or more). The report
        /// needs its rows; `grouped`: its groups are a grouping attribute's (a mixed design when two are named).
        static func designs(_ report: ScoreReport, grouped: Bool) -> [WithinDesign] {
            let named = Set(report.groups.map(\.name).filter { $0 != ScoreReport.noGroup })
            return report.withinFactors.compactMap { factor in
                let comparisons = report.withinComparisons(factor)
                guard !comparisons.isEmpty else { return nil }
                let used = Set(comparisons.flatMap(\.comparison.levels))
                return WithinDesign(factor: factor, levels: report.withinLevels(factor).filter(used.contains), comparisons: comparisons,
                                    mixed: grouped && named.count >= 2 ? report.mixedComparisons(factor) : [])
            }
        }
    }

    public var path: String
    public var info: StudyInfo
    public var roster: ParticipantRoster
    /// The attribute participants are grouped by (e.g. level), if any.
    public var groupAttribute: String?
    public var groupOrder: [String]
    public var questionnaires: [Questionnaire]
    public var tasks: [TaskInfo]
    public var factors: [FactorInfo]
    public var attempts: [AttemptRecord]
    /// Per task and condition (every factor), with each task's penalty.
    public var taskSummary: [TaskSummaryRow]
    public var categories: [CategoryInfo]
    public var codes: [CodeRecord]
    /// The coder whose codes the frequencies count (the first coder, when several coded).
    public var primaryCoder: String?
    public var coders: [String]
    public var frequencies: FrequencyTable
    public var memos: [MemoRecord]
    /// The interviewed participants in their order, each with the categories the primary coder found they raised:
    /// the rows of the discovery matrix and the interviews of the saturation table.
    public var interviews: [(participant: String, codes: Set<String>)] = []
    /// The agreement of the first two coders, when two or more coded the same excerpts.
    public var agreement: [AgreementReport] = []
    /// Eye tracking: recordings with their data quality, per-participant AOI metrics, per-AOI (and group) summaries,
    /// every recording's fixations, the AOIs and the media's images.
    public var gazeRecordings: [GazeRecordingInfo] = []
    public var gazeMetrics: [GazeMetricsRow] = []
    public var gazeSummary: [GazeSummaryRow] = []
    public var gazeFixations: [GazeFixationSet] = []
    public var gazeAOIs: [(media: String, aoi: AOI)] = []
    public var gazeMedia: [GazeMedia] = []
    public var gazeImages: [String: Data] = [:]
    /// Each participant's value of the grouping attribute.
    var groups: [String: String] = [:]
    /// How many participants the study has.
    public var participantCount = 0
    /// In a streaming snapshot: how many participants have each value of the grouping attribute.
    public var groupCounts: [String: Int] = [:]
    /// Set in a streaming snapshot (`load(_:groupBy:streaming:)`): the study the long tables are read from as they
    /// are written. Its roster then lists the attributes only, and questionnaires keep no sets and no rows.
    public var streamingFrom: StudyDatabase?
    /// In a streaming snapshot: every participant's scores as the summaries were built from them.
    public var scoreRows: ScoreRowSpool?
    /// Who the analyses take (`--exclude`, `--exclude-flagged`): the participants left out are in no table.
    public var analysis = AnalysisSet.everybody
    /// How unanswered items were treated when scoring (`--missing`).
    public var missing = MissingPolicy.refuse
    /// The level of every interval drawn from the snapshot (`--confidence`): 0.95 or 0.90.
    public var confidence = 0.95
    /// The attempts and SEQ answers the task tables read, grouped by the grouping attribute (when there is one) and
    /// then every condition factor; the participants left out are not in it.
    public var taskData: TaskDataset?
    /// With a grouping attribute of two groups or more: every task compared between its groups ("what changed").
    public var taskGroups: GroupTaskComparisons?

    /// Reads the study. `groupBy` names the attribute to group by; by default the first derived attribute
    /// (a level derived by a rule), else none. With `streaming`, what grows with the number of respondents (the
    /// participants, every response set, every score) is not read here but by the tables as they are written, and
    /// the summaries are built from counts: memory stays flat however large the study (exports use this).
    ///
    /// `analysis` leaves participants out of every table (their response sets, scores and attempts); `missing` says
    /// how unanswered items are scored (a set that cannot be scored under it is listed, not scored).
    public static func load(_ study: StudyDatabase, groupBy: String? = nil, streaming: Bool = false,
                            analysis: AnalysisSet = .everybody, missing: MissingPolicy = .refuse,
                            confidence: Double = 0.95) throws -> StudySnapshot {
        let attributes = try study.attributeDefinitions()
        var groupAttribute: AttributeDefinition?
        if let groupBy {
            guard let found = attributes.first(where: { $0.name.caseInsensitiveCompare(groupBy) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: groupBy, known: attributes.map(\.name))
            }
            groupAttribute = found
        } else {
            groupAttribute = attributes.first { $0.rule != nil }
        }
        let groupOrder = groupAttribute?.rule.flatMap { try? DerivationRule(parsing: $0) }?.clauses.map(\.label) ?? []
        var roster = streaming ? ParticipantRoster(attributes: attributes, participants: []) : try study.roster()
        if analysis.leavesOutSomeone { roster.participants = roster.participants.filter { analysis.includes($0.code) } }
        let profiles = Dictionary(roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        func group(_ participant: String) -> String? {
            groupAttribute.map { profiles[participant]?.value(of: $0.name)?.display ?? ScoreReport.noGroup }
        }

        var questionnaires: [Questionnaire] = []
        // A streaming snapshot keeps each participant's scores as it computes them, for the scores table.
        let scoreRows = streaming ? try ScoreRowSpool() : nil
        for summary in try study.instruments() where summary.responseSets > 0 {
            var timed = false
            if streaming {
                var builder: ScoreReport.Builder?
                var count = 0
                var inverted = false
                var flagged: [FlaggedResponseSet] = []
                var read: InstrumentDefinition?
                var quality: ResponseQuality.Checker?
                let position = questionnaires.count
                let occasionOrder = try study.occasions(instrument: summary.id)
                let definition = try study.forEachResponseSet(instrument: summary.id, groupBy: groupAttribute?.name) { set in
                    if !analysis.includes(set.participant) { return }
                    count += 1
                    if let read, let quality {
                        let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                        timed = timed || seconds != nil
                        let flags = quality.flags(set.answers, seconds: seconds)
                        if !flags.isEmpty { flagged.append(FlaggedResponseSet(instrument: read.id, participant: set.participant, task: set.task, flags: flags)) }
                    }
                    inverted = inverted || set.orientation == .inverted
                    let row = builder!.add(ScoringInput(participant: set.participant, group: groupAttribute == nil ? nil : set.group ?? ScoreReport.noGroup,
                                                        task: set.task, occasion: set.occasion, answers: set.answers))
                    if let row { scoreRows!.append(row, instrument: position) }
                } start: { definition in
                    read = definition
                    quality = ResponseQuality.Checker(definition)
                    // Occasions and conditions in the order they were recorded ("pré" before "pós").
                    builder = ScoreReport.Builder(definition, missing: missing, groupOrder: groupOrder, occasionOrder: occasionOrder,
                                                  skipUnscorable: true)
                    builder!.confidence = confidence
                }
                var finishing = builder ?? ScoreReport.Builder(definition, missing: missing, groupOrder: groupOrder, occasionOrder: occasionOrder,
                                                               skipUnscorable: true)
                finishing.confidence = confidence
                let report = try finishing.finish()
                var questionnaire = Questionnaire(definition: definition, sets: [], report: report, setCount: count, anyInverted: inverted,
                                                  flagged: flagged, timed: timed)
                if !report.withinFactors.isEmpty {
                    // The comparisons pair each participant's sets: this instrument's rows, read back from the spool
                    // for them and let go after.
                    var withRows = report
                    try scoreRows!.forEach { instrument, row in if instrument == position { withRows.rows.append(row) } }
                    questionnaire.within = WithinDesign.designs(withRows, grouped: groupAttribute != nil)
                }
                questionnaires.append(questionnaire)
            } else {
                var (definition, sets) = try study.responseSets(instrument: summary.id)
                if analysis.leavesOutSomeone { sets = sets.filter { analysis.includes($0.participant) } }
                guard !sets.isEmpty else { continue }
                let inputs = sets.map { ScoringInput(participant: $0.participant, group: group($0.participant), task: $0.task, occasion: $0.occasion, answers: $0.answers) }
                let report = try ScoreReport.build(definition, inputs: inputs, missing: missing, groupOrder: groupOrder,
                                                   occasionOrder: try study.occasions(instrument: definition.id), skipUnscorable: true,
                                                   confidence: confidence)
                let quality = ResponseQuality.Checker(definition)
                let flagged = sets.compactMap { set -> FlaggedResponseSet? in
                    let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                    timed = timed || seconds != nil
                    let flags = quality.flags(set.answers, seconds: seconds)
                    return flags.isEmpty ? nil : FlaggedResponseSet(instrument: definition.id, participant: set.participant, task: set.task, flags: flags)
                }
                var questionnaire = Questionnaire(definition: definition, sets: sets, report: report, setCount: sets.count,
                                                  anyInverted: sets.contains { $0.orientation == .inverted }, flagged: flagged, timed: timed)
                questionnaire.within = WithinDesign.designs(report, grouped: groupAttribute != nil)
                questionnaires.append(questionnaire)
            }
        }

        let factors = try study.factors()
        // Tasks split as the questionnaires are: by the grouping attribute first, then by every condition.
        let groupings = (groupAttribute.map { ["attribute:" + $0.name] } ?? []) + factors.map { "condition:" + $0.name }
        let dataset = try study.taskDataset(groupedBy: groupings).restricted(to: analysis)
        let taskSummary = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties,
                                            successfulOnly: false, seq: dataset.seq, groupFactors: dataset.groupFactors, groupOrders: dataset.groupOrders,
                                            confidence: confidence, targets: dataset.targets, errorOpportunities: dataset.errorOpportunities)

        let coders = try study.coders()
        let primary = coders.first
        let coding = try study.codingDataset(coder: primary, groupedBy: groupAttribute?.name, interviewedOnly: streaming)
        let frequencies = CodeAnalysis.frequencies(coding.segments, categories: coding.categories, participants: coding.denominator(.interviewed),
                                                   groupOrder: coding.groupOrder, tree: coding.tree)
        var snapshot = StudySnapshot(
            path: study.path, info: try study.info(), roster: roster, groupAttribute: groupAttribute?.name, groupOrder: groupOrder,
            questionnaires: questionnaires, tasks: try study.tasks(), factors: factors,
            attempts: try study.attempts().filter { analysis.includes($0.participant) },
            taskSummary: taskSummary, categories: try study.categories(coder: primary), codes: try study.codes(),
            primaryCoder: primary, coders: coders, frequencies: frequencies, memos: try study.memos())
        snapshot.interviews = CodeAnalysis.raised(coding.segments, interviewed: coding.interviewed.sorted(by: NaturalOrder.areInIncreasingOrder))
        if coders.count >= 2 {
            let pair = Array(coders.prefix(2))
            let report = try study.agreementReport(coders: pair)
            if report.units > 0 { snapshot.agreement = [report] }
        }
        snapshot.analysis = analysis
        snapshot.missing = missing
        snapshot.confidence = confidence
        snapshot.taskData = dataset
        if let attribute = groupAttribute?.name {
            let values = NaturalOrder.distinct(dataset.observations.map { $0.group[0] }.filter { $0 != "(none)" }, preferring: groupOrder)
            if values.count >= 2 {
                snapshot.taskGroups = GroupTaskComparisons(grouping: attribute, groups: values, taskOrder: dataset.taskOrder,
                                                           observations: dataset.observations, seq: dataset.seq, confidence: confidence)
            }
        }
        // The participants left out are not counted (those in the study: a streaming snapshot counts them there).
        snapshot.participantCount = streaming ? try study.participantCount() - analysis.excluded.count : roster.participants.count
        snapshot.streamingFrom = streaming ? study : nil
        snapshot.scoreRows = scoreRows
        if let attribute = groupAttribute?.name {
            if streaming {
                snapshot.groupCounts = try study.participantCounts(by: attribute, none: ScoreReport.noGroup)
                for (participant, value) in try study.attributeValues(attribute, of: analysis.excluded) {
                    snapshot.groupCounts[value, default: 1] -= 1
                }
                // Only the participants the small tables name (codes, eye tracking) need their group here.
                snapshot.groups = try study.attributeValues(attribute, of: Set(snapshot.codes.map(\.participant)).union(try study.gazeRecordings().map(\.participant)))
            } else {
                for participant in roster.participants { snapshot.groups[participant.code] = participant.value(of: attribute)?.display }
            }
        }
        snapshot.gazeRecordings = try study.gazeRecordings()
        if !snapshot.gazeRecordings.isEmpty {
            snapshot.gazeMetrics = try study.gazeMetrics()
            snapshot.gazeSummary = try study.gazeSummary(by: groupAttribute?.name)
            snapshot.gazeFixations = try study.gazeFixationSets()
            snapshot.gazeAOIs = try study.aois()
            snapshot.gazeMedia = try study.gazeMedia()
            for media in snapshot.gazeMedia where media.imageType != nil { snapshot.gazeImages[media.name] = try study.mediaImage(media.name) }
        }
        return snapshot
    }

    /// The columns that split the task summary's rows: the grouping attribute (when there is one), then each condition.
    public var taskGroupNames: [String] { taskData?.groupNames ?? factors.map(\.name) }

    /// A participant's value of the grouping attribute.
    public func group(of participant: String) -> String? {
        guard groupAttribute != nil else { return nil }
        return groups[participant] ?? ScoreReport.noGroup
    }
}
