import Surveys

/// The store's input for a response import (`storeResponses`): one row of a form export as the importing layer read
/// it, what the store stores as a response set once it has found the participant and the task, or the problems
/// that keep it from doing so.
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
    /// The cells naming the row's condition levels (`ResponseColumns.conditions`, in order).
    public var levels: [SourceCell] = []
    /// The row's occasion as its occasion column names it (`ResponseColumns.occasion`; `nil` without that column).
    public var occasion: OccasionCell? = nil
    /// The cells of the columns that are no item (`ResponseColumns.context`), to tell repeated rows apart.
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

/// Part of the store's input (`FormRow.occasion`): an occasion cell as the importing layer read it.
public enum OccasionCell: Sendable {
    /// The occasion it names, trimmed and composed (NFC).
    case occasion(String)
    /// A cell that names no occasion (empty, or holding `;` or `=`), with its problem: the row is not stored.
    case unreadable(StoreError.Problem)
}

/// Part of the store's input (`FormRow.failures`): a cell that could not be read as an answer to its item.
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

/// The store's input for a response import (`storeResponses`), beside the rows: what the store needs of where a form
/// export's columns are, as the importing layer found them. The importing layer names the columns in the summary;
/// the store uses these to check the items against the instrument, to find each row's task and measurement, and to
/// tell repeated rows apart.
public struct ResponseColumns: Sendable {
    /// The instrument's item numbers the rows answer (each is refused before a row is read when the instrument has
    /// no such item).
    public var items: [Int]
    /// Whether a column names each row's task.
    public var perRowTask: Bool
    /// Columns naming each row's condition level (`--condition-column`): the column and the factor it names
    /// (`nil`: its header does).
    public var conditions: [(column: Int, factor: String?)]
    /// The column naming each row's occasion (`--occasion-column`); each row's cell is read into `FormRow.occasion`.
    public var occasion: Int?
    /// The other columns that are no item (e-mail, a prototype's name…): read only to tell repeated rows apart.
    public var context: [Int]
    /// Problems in the columns that the importing layer found from the file and its options alone (an occasion
    /// column beside `--occasion`), reported with the store's own, after those it finds in the columns.
    public var problems: [StoreError.Problem]

    public init(items: [Int], perRowTask: Bool, conditions: [(column: Int, factor: String?)] = [], occasion: Int? = nil, context: [Int] = [],
                problems: [StoreError.Problem] = []) {
        self.items = items
        self.perRowTask = perRowTask
        self.conditions = conditions
        self.occasion = occasion
        self.context = context
        self.problems = problems
    }
}
