import Foundation
import Gaze
import QualCoding
import StudyStore
import Surveys

/// Everything the exports show, read from a study once.
public struct StudySnapshot: Sendable {
    public struct Questionnaire: Sendable {
        public var definition: InstrumentDefinition
        public var sets: [StoredResponseSet]
        public var report: ScoreReport
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

    /// Reads the study. `groupBy` names the attribute to group by; by default the first derived attribute
    /// (a level derived by a rule), else none.
    public static func load(_ study: StudyDatabase, groupBy: String? = nil) throws -> StudySnapshot {
        let roster = try study.roster()
        var groupAttribute: AttributeDefinition?
        if let groupBy {
            guard let found = roster.attributes.first(where: { $0.name.caseInsensitiveCompare(groupBy) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: groupBy, known: roster.attributes.map(\.name))
            }
            groupAttribute = found
        } else {
            groupAttribute = roster.attributes.first { $0.rule != nil }
        }
        let groupOrder = groupAttribute?.rule.flatMap { try? DerivationRule(parsing: $0) }?.clauses.map(\.label) ?? []
        let profiles = Dictionary(roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        func group(_ participant: String) -> String? {
            groupAttribute.map { profiles[participant]?.value(of: $0.name)?.display ?? ScoreReport.noGroup }
        }

        var questionnaires: [Questionnaire] = []
        for summary in try study.instruments() where summary.responseSets > 0 {
            let (definition, sets) = try study.responseSets(instrument: summary.id)
            let inputs = sets.map { ScoringInput(participant: $0.participant, group: group($0.participant), task: $0.task, answers: $0.answers) }
            let report = try ScoreReport.build(definition, inputs: inputs, missing: .refuse, groupOrder: groupOrder, skipUnscorable: true)
            questionnaires.append(Questionnaire(definition: definition, sets: sets, report: report))
        }

        let factors = try study.factors()
        let dataset = try study.taskDataset(groupedBy: factors.map { "condition:" + $0.name })
        let taskSummary = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties,
                                            successfulOnly: false, seq: dataset.seq, groupOrders: dataset.groupOrders)

        let coders = try study.coders()
        let primary = coders.first
        let coding = try study.codingDataset(coder: primary, groupedBy: groupAttribute?.name)
        let frequencies = CodeAnalysis.frequencies(coding.segments, categories: coding.categories, participants: coding.denominator(.interviewed),
                                                   groupOrder: coding.groupOrder)
        var snapshot = StudySnapshot(
            path: study.path, info: try study.info(), roster: roster, groupAttribute: groupAttribute?.name, groupOrder: groupOrder,
            questionnaires: questionnaires, tasks: try study.tasks(), factors: factors, attempts: try study.attempts(),
            taskSummary: taskSummary, categories: try study.categories(coder: primary), codes: try study.codes(),
            primaryCoder: primary, coders: coders, frequencies: frequencies, memos: try study.memos())
        if let attribute = groupAttribute?.name {
            for participant in roster.participants { snapshot.groups[participant.code] = participant.value(of: attribute)?.display }
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

    /// A participant's value of the grouping attribute.
    public func group(of participant: String) -> String? {
        guard groupAttribute != nil else { return nil }
        return groups[participant] ?? ScoreReport.noGroup
    }
}
