import Surveys
import Wording

/// The store's input for an attempt import (`storeAttempts`): one row of a task log as the importing layer read it,
/// each cell read as its field (times, counts, outcome, yes/no, trial, each condition's level), with the cells that
/// could not be read. What needs the study (the participant, the task, a total against the task's penalty, trials
/// already stored) is the store's.
public struct AttemptRow {
    public var line: Int
    /// The participant code, trimmed (empty when the cell is).
    public var code: String
    /// The task column's and the task-name column's texts, trimmed; `nil` when there is no such column or the
    /// cell is empty.
    public var task: String?
    public var title: String?
    /// The outcome as typed (trimmed) and how it reads (`nil`: not an outcome, a problem in `problems`).
    public var outcomeText: String?
    public var outcome: OutcomeReading?
    public var seconds: Double?
    public var errors: Int?
    public var assisted: Bool
    /// The row's own trial (a trial column), and whether the row gives one at all (read or not).
    public var trial: Int?
    public var trialGiven: Bool
    /// Condition → the level the row names, as the study spells it.
    public var conditions: [String: String]
    /// The total column as typed, and as seconds (`nil`: not a duration, a problem in `problems`).
    public var total: (text: String, seconds: Double?)?
    public var note: String?
    /// The cells that could not be read, in the order a reader checks the row: time, errors, outcome, assisted,
    /// trial, conditions, total.
    public var problems: [StoreError.Problem]

    public init(line: Int, code: String, task: String?, title: String?, outcomeText: String?, outcome: OutcomeReading?,
                seconds: Double?, errors: Int?, assisted: Bool, trial: Int?, trialGiven: Bool, conditions: [String: String],
                total: (text: String, seconds: Double?)?, note: String?, problems: [StoreError.Problem]) {
        self.line = line
        self.code = code
        self.task = task
        self.title = title
        self.outcomeText = outcomeText
        self.outcome = outcome
        self.seconds = seconds
        self.errors = errors
        self.assisted = assisted
        self.trial = trial
        self.trialGiven = trialGiven
        self.conditions = conditions
        self.total = total
        self.note = note
        self.problems = problems
    }
}
