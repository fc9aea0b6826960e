import Surveys

/// One row of a form export read for the store: what `storeResponses` stores as a response set once it has found
/// the participant and the task, or the problems that keep it from doing so.
public struct FormRow {
    /// A row's task cell, when a column names each row's task.
    public struct TaskCell {
        /// The cell itself, for where messages point.
        public var field: SourceCell
        /// Its text, trimmed.
        public var key: String
        public init(field: SourceCell, key: String) {
            self.field = field
            self.key = key
        }
    }

    /// The participant cell, for where messages point.
    public var participant: SourceCell
    /// The participant code, trimmed (empty when the cell is).
    public var code: String
    public var task: TaskCell?
    /// The row's line in the file (its source, `file:line`).
    public var line: Int
    /// When the form was submitted and opened (ISO 8601 as the importing layer wrote them), `nil` when not given.
    public var submitted: String?
    public var started: String?
    /// The answers column (`AnswerColumn`) and what was typed where it differs (empty: nothing to keep).
    public var answers: [UInt8]
    public var raw: [UInt8]
    /// How many items the row answers.
    public var answered: Int
    /// The cells that could not be read as answers, in item order.
    public var failures: [AnswerFailure]
    /// The cells naming the row's condition levels (`FormColumns.conditions`, in order) and its occasion.
    public var levels: [SourceCell] = []
    public var occasion: SourceCell? = nil
    /// The cells of the columns that are no item (`FormColumns.context`), to tell repeated rows apart.
    public var context: [SourceCell] = []

    public init(participant: SourceCell, code: String, task: TaskCell?, line: Int, submitted: String?, started: String?,
                answers: [UInt8], raw: [UInt8], answered: Int, failures: [AnswerFailure]) {
        self.participant = participant
        self.code = code
        self.task = task
        self.line = line
        self.submitted = submitted
        self.started = started
        self.answers = answers
        self.raw = raw
        self.answered = answered
        self.failures = failures
    }
}

/// A cell that could not be read as an answer to its item.
public struct AnswerFailure {
    public var field: SourceCell
    /// The item's number and the cell's column (its header names it in the message).
    public var number: Int
    public var column: Int
    public var problem: AnswerProblem
    public init(field: SourceCell, number: Int, column: Int, problem: AnswerProblem) {
        self.field = field
        self.number = number
        self.column = column
        self.problem = problem
    }
}

/// The rows of a form export, read one at a time: a row is let go of before the next is asked for (a reader may
/// write every row's answers into the same buffers).
public protocol FormRowSource {
    /// The table the rows come from: its name, header and cell positions are what messages name.
    var table: SourceTable { get }
    mutating func next() throws -> FormRow?
}
