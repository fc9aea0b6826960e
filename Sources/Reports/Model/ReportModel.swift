import Foundation
import QualCoding
import StudyStore
import Surveys

/// What a report template sees. Every value is text already formatted for the report's language; the
/// templates' README documents each field. (Fields are read by name through reflection, so they are `let`s.)
public struct ReportModel: Sendable {
    public struct Value: Sendable { public let value: String }
    public struct Named: Sendable { public let name: String }

    public struct GroupCount: Sendable { public let name: String; public let count: String; public let share: String }
    public struct ParticipantRow: Sendable { public let code: String; public let cells: [Value] }
    public struct Profile: Sendable {
        public let attributes: [Named]
        public let rows: [ParticipantRow]
        public let hasGroups: Bool
        public let groupAttribute: String
        public let groups: [GroupCount]
        public var chart: [Chart] = []
        /// In a study too large to list in a document: where the per-participant table is instead (one entry).
        public var apart: [TableApart] = [] { didSet { inline = apart.isEmpty } }
        /// Stored, not computed: templates see stored properties only.
        public private(set) var inline = true
    }

    /// Above this many participants the report lists no one individually: its per-participant tables go beside it
    /// as CSV files (a document of a million rows is read by no one, and would not fit in memory to write).
    public static let inlineLimit = 1_000
    public static let participantsFile = "tables/participants.csv"
    public static let scoresFile = "tables/scores.csv"

    /// A per-participant table written beside the report as a CSV file, because the study is too large to list
    /// it in a document (`ReportModel.inlineLimit`).
    public struct TableApart: Sendable, Equatable { public let file: String; public let rows: String }

    public struct ScoreRow: Sendable { public let participant: String; public let group: String; public let task: String; public let cells: [Value] }
    public struct GroupRow: Sendable { public let name: String; public let n: String; public let cells: [Value] }
    public struct NormRow: Sendable {
        public let score: String; public let norm: String; public let mean: String; public let ci: String
        public let t: String; public let p: String; public let comparison: String
    }
    public struct SUSRow: Sendable {
        public let group: String; public let n: String; public let mean: String; public let sd: String; public let median: String
        public let min: String; public let max: String; public let mode: String; public let ci: String; public let grade: String
        public let percentiles: String; public let adjective: String; public let acceptability: String
    }
    public struct ChoiceOptionRow: Sendable { public let label: String; public let count: String; public let percent: String }
    public struct ChoiceItem: Sendable { public let item: String; public let text: String; public let answered: String; public let options: [ChoiceOptionRow] }
    public struct OpenAnswer: Sendable { public let item: String; public let participant: String; public let text: String }
    public struct Chart: Sendable { public let file: String; public let caption: String }

    /// One item of a questionnaire with its statistics.
    public struct ItemRow: Sendable {
        public let number: String
        public let text: String
        public let recoded: Bool
        public let n: String
        public let mean: String
        public let sd: String
        public let recodedMean: String
        public let counts: [Value]
    }

    public struct Questionnaire: Sendable {
        public let id: String
        public let title: String
        public let reference: String
        public let n: String
        public let lowerIsBetter: Bool
        public let hasScores: Bool
        public let scoreHeaders: [Named]
        public let rows: [ScoreRow]
        /// Where the per-participant scores are when the study is too large to list them here.
        public var rowsApart: [TableApart] = []
        public let perTask: Bool
        public let hasGroups: Bool
        public let groupRows: [GroupRow]
        public let overall: GroupRow
        public let hasNorms: Bool
        public let normSource: String
        public let norms: [NormRow]
        public let normRow: GroupRow
        public let isSUS: Bool
        public let sus: [SUSRow]
        public let alpha: String
        public let hasAlpha: Bool
        public let hasChoices: Bool
        public let choices: [ChoiceItem]
        public let hasOpenAnswers: Bool
        public let openAnswers: [OpenAnswer]
        public let charts: [Chart]
        /// Per item: n, mean and SD (recoded too for reverse-worded items), and how many chose each point.
        /// The instrument's id as a name in running text (PSSUQ, SUS).
        public var shortName: String = ""
        /// A per-task instrument of choice items: the first choice's share per task and item.
        public var hasTaskChoices: Bool = false
        public var taskChoiceHeaders: [Named] = []
        public var taskChoiceRows: [ScoreRow] = []
        public var taskChoiceChart: [Chart] = []
        public var itemKey: [Value] = []
        public var hasItems: Bool = false
        public var itemPoints: [Named] = []
        public var items: [ItemRow] = []
        public let unscored: [Value]
        public let hasUnscored: Bool
    }

    public struct TaskRow: Sendable {
        public let task: String; public let conditions: [Value]; public let attempts: String; public let successes: String
        public let completion: String; public let completionCI: String; public let timeMean: String; public let timeMedian: String
        public let geometricMean: String; public let geometricCI: String; public let totalMean: String; public let errorsMean: String
        public let errorsSD: String; public let errorsTotal: String; public let assisted: String; public let seq: String
    }
    public struct Tasks: Sendable {
        public let factors: [Named]
        public let rows: [TaskRow]
        public let hasTotals: Bool
        public let penaltyNote: String
        /// Completion with adjusted-Wald intervals, geometric-mean time with its interval, mean errors: per task × condition.
        public var charts: [Chart] = []
    }

    public struct CodebookRow: Sendable {
        public let name: String; public let origin: String; public let definition: String; public let theme: String
        public let codes: String; public let participants: String; public let unused: Bool
    }
    public struct ShareGroup: Sendable { public let participants: String; public let share: String }
    public struct ShareRow: Sendable {
        public let category: String; public let segments: String; public let participants: String; public let share: String
        public let groups: [ShareGroup]
    }
    public struct Shares: Sendable {
        public let denominator: String
        public let groups: [GroupCount]
        public let rows: [ShareRow]
        public let chart: Chart?
        public let coder: String?
    }
    public struct CodeRow: Sendable { public let participant: String; public let group: String; public let code: String; public let category: String }
    public struct AgreementRow: Sendable { public let category: String; public let agreement: String; public let kappa: String; public let alpha: String }
    public struct Agreement: Sendable {
        public let coders: String; public let units: String; public let rows: [AgreementRow]; public let overall: AgreementRow; public let method: String
        public var chart: [Chart] = []
    }
    public struct GazeQualityRow: Sendable {
        public let media: String; public let participant: String; public let samples: String; public let invalid: String; public let fixations: String
    }
    public struct GazeAOIRow: Sendable {
        public let media: String; public let aoi: String; public let group: String; public let n: String; public let fixated: String
        public let ttff: String; public let ttffCI: String; public let total: String; public let totalCI: String; public let count: String
        public let visits: String
    }
    public struct Gaze: Sendable {
        public var quality: [GazeQualityRow] = []
        public var filters: String = ""
        public var grouped = false
        public var groupAttribute = ""
        public var rows: [GazeAOIRow] = []
        public var figures: [Chart] = []
        public var note = ""
    }
    public struct Memo: Sendable { public let on: String; public let text: String; public let coder: String?; public let created: String }

    public let title: String
    public let language: String
    public let generated: String
    public let file: String
    public let participantCount: String
    public let profile: Profile
    public let questionnaires: [Questionnaire]
    public let hasQuestionnaires: Bool
    public let hasTasks: Bool
    public let tasks: Tasks
    public let hasCoding: Bool
    public let codebook: [CodebookRow]
    public let shares: Shares
    public let codes: [CodeRow]
    public let hasAgreement: Bool
    public let agreement: [Agreement]
    public let hasMemos: Bool
    public let memos: [Memo]
    public let methods: [Value]
    /// The works cited, formatted for the reference list (ABNT in Portuguese, APA in English), as markdown.
    public let references: [Value]
    public var hasReferences = false
    public var hasGaze = false
    public var gaze = Gaze()
}
