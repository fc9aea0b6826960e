import Foundation
import Gaze
import QualCoding
import Surveys

/// Everything the study-wide tables show (the report's, the workbook's, the CSV export's), read from a study once:
/// domain values only. The store fills it (`StudyData.load` in Reports); `StudyTables` builds the tables from it.
public struct StudyData: Sendable {
    public struct Questionnaire: Sendable {
        public var definition: InstrumentDefinition
        /// Every response set, in participant order; empty when streamed (`streams` reads them).
        public var sets: [StoredResponseSet]
        public var report: ScoreReport
        /// How many response sets there are, and whether any was entered on the inverted scale.
        public var setCount: Int
        public var anyInverted: Bool
        /// The response sets the quality checks flag (`ResponseQuality`), scored as answered.
        public var flagged: [FlaggedResponseSet] = []
        /// The flagged response sets of the participants the analysis set leaves out (not scored).
        public var flaggedLeftOut: [FlaggedResponseSet] = []
        /// Whether some sets carry the form's start and submission times (the too-fast check applies).
        public var timed = false
        /// Per factor the sets vary on within participants (`ScoreReport.withinFactors`): its levels compared.
        public var within: [WithinDesign] = []

        public init(definition: InstrumentDefinition, sets: [StoredResponseSet], report: ScoreReport, setCount: Int, anyInverted: Bool,
                    flagged: [FlaggedResponseSet] = [], timed: Bool = false, within: [WithinDesign] = []) {
            self.definition = definition
            self.sets = sets
            self.report = report
            self.setCount = setCount
            self.anyInverted = anyInverted
            self.flagged = flagged
            self.timed = timed
            self.within = within
        }
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
        public static func designs(_ report: ScoreReport, grouped: Bool) -> [WithinDesign] {
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

    /// What grows with the number of respondents, read as the long tables are written (a streamed study): the
    /// participants and every response set.
    public struct Streams: Sendable {
        /// Calls `body` with every participant of the study (the left-out ones too) and their attribute values by
        /// lowercased name (`StudyText.key`).
        public var participants: @Sendable (_ body: (String, [String: AttributeValue]) throws -> Void) throws -> Void
        /// Calls `body` with every response set of the instrument (by id), in participant order.
        public var responseSets: @Sendable (_ instrument: String, _ body: (StoredResponseSet) throws -> Void) throws -> Void

        public init(participants: @escaping @Sendable (_ body: (String, [String: AttributeValue]) throws -> Void) throws -> Void,
                    responseSets: @escaping @Sendable (_ instrument: String, _ body: (StoredResponseSet) throws -> Void) throws -> Void) {
            self.participants = participants
            self.responseSets = responseSets
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
    /// The suggesters of suggested codings, with what people decided of their suggestions (the methods say so).
    public var suggesters: [SuggesterSummary] = []
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
    public var groups: [String: String] = [:]
    /// How many participants the study has.
    public var participantCount = 0
    /// When streamed: how many participants have each value of the grouping attribute.
    public var groupCounts: [String: Int] = [:]
    /// Set when streamed (`StudyData.load(_:groupBy:streaming:)`): the long tables read their rows from it as they
    /// are written. The roster then lists the attributes only, and questionnaires keep no sets and no rows.
    public var streams: Streams?
    /// When streamed: every participant's scores as the summaries were built from them.
    public var scoreRows: ScoreRowSpool?
    /// The run's analysis plan: the groups compared, the conditions done within participants, who counts, the
    /// missing-item policy and the intervals' level. Every table, chart and sentence is drawn under it.
    public var plan = AnalysisPlan.standard
    /// Who the analyses take (`--exclude`, `--exclude-flagged`): the participants left out are in no table.
    public var analysis: AnalysisSet {
        get { plan.set }
        set { plan.set = newValue }
    }
    /// How unanswered items were treated when scoring (`--missing`).
    public var missing: MissingPolicy {
        get { plan.missing }
        set { plan.missing = newValue }
    }
    /// The level of every interval drawn from the data (`--confidence`): 0.95 or 0.90.
    public var confidence: Double {
        get { plan.confidence }
        set { plan.confidence = newValue }
    }
    /// The attempts and SEQ answers the task tables read, grouped by the grouping attribute (when there is one) and
    /// then every condition factor; the participants left out are not in it.
    public var taskData: TaskDataset?
    /// With a grouping attribute of two groups or more: every task compared between its groups ("what changed").
    public var taskGroups: GroupTaskComparisons?
    /// The repeated rows form imports dropped (`--duplicates keep-first|keep-last`), which the methods list.
    public var droppedResponses: [DroppedResponse] = []
    /// The consent versions decided on and the withdrawals (`consent`, `participant withdraw`).
    public var consent = ConsentSummary()
    /// What people call the attributes, their values, the conditions, their levels and the occasions: every table,
    /// caption and sentence for people uses them; CSV and JSON keep the names.
    public var labels = StudyLabels.plain

    public init(path: String, info: StudyInfo, roster: ParticipantRoster, groupAttribute: String?, groupOrder: [String],
                questionnaires: [Questionnaire], tasks: [TaskInfo], factors: [FactorInfo], attempts: [AttemptRecord],
                taskSummary: [TaskSummaryRow], categories: [CategoryInfo], codes: [CodeRecord], primaryCoder: String?, coders: [String],
                frequencies: FrequencyTable, memos: [MemoRecord]) {
        self.path = path
        self.info = info
        self.roster = roster
        self.groupAttribute = groupAttribute
        self.groupOrder = groupOrder
        self.questionnaires = questionnaires
        self.tasks = tasks
        self.factors = factors
        self.attempts = attempts
        self.taskSummary = taskSummary
        self.categories = categories
        self.codes = codes
        self.primaryCoder = primaryCoder
        self.coders = coders
        self.frequencies = frequencies
        self.memos = memos
    }

    /// Whether what grows with the number of respondents is streamed (`streams`) rather than held.
    public var isStreaming: Bool { streams != nil }

    /// The columns that split the task summary's rows: the grouping attribute (when there is one), then each condition.
    public var taskGroupNames: [String] { taskData?.groupNames ?? factors.map(\.name) }

    /// The grouping attribute as people call it ("faixa etária" for `grupo_etário`).
    public var groupLabel: String? { groupAttribute.map(labels.attribute) }

    /// A value of the grouping attribute as people call it ("18 a 39 anos" for `18-39`).
    public func groupValue(_ value: String) -> String {
        guard let groupAttribute, value != ScoreReport.noGroup, value != ScoreReport.allName else { return value }
        return labels.value(value, of: groupAttribute)
    }

    /// A stored measurement (occasion and conditions) as people read it: "pós · protótipo: versão atual".
    public func measurement(_ key: String, none: String) -> String { labels.measurement(key, none: none) }

    /// A participant's value of the grouping attribute.
    public func group(of participant: String) -> String? {
        guard groupAttribute != nil else { return nil }
        return groups[participant] ?? ScoreReport.noGroup
    }
}

/// A suggester as the report's methods describe it: how it suggested and what people decided.
public struct SuggesterSummary: Sendable, Equatable {
    public var name: String
    /// "logistic regression", "naive Bayes" or "external".
    public var method: String
    public var trainingCoder: String?
    public var unit: String?
    public var pending: Int
    public var accepted: Int
    public var rejected: Int
    public init(name: String, method: String, trainingCoder: String?, unit: String?, pending: Int, accepted: Int, rejected: Int) {
        self.name = name
        self.method = method
        self.trainingCoder = trainingCoder
        self.unit = unit
        self.pending = pending
        self.accepted = accepted
        self.rejected = rejected
    }
}
