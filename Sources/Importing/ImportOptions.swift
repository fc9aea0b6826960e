import StudyStore
import Surveys
import Tabular

// What the command line asks of an import: how to read the file (its separator, which columns hold what) and how
// the store settles its rows. The store takes the second part only (`storing`).

/// How to read a form export (Google Forms, Microsoft Forms, LimeSurvey) into response sets.
public struct ResponseImportOptions: Sendable {
    public var instrument: String
    /// The column holding participant codes.
    public var participantColumn: String
    /// Item number → column name, for files whose item columns are not simply in order.
    public var map: [Int: String]
    /// The column of item 1; items follow in consecutive columns.
    public var itemsFrom: String?
    /// The column holding the submission time; detected by name (Timestamp, Carimbo de data/hora…) when `nil`.
    public var timestampColumn: String?
    /// Every row answers this task (per-task instruments)…
    public var task: String?
    /// …or a column names the task of each row.
    public var taskColumn: String?
    public var occasion: String
    public var orientation: Orientation
    public var replace: Bool
    public var delimiter: Delimiter?
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?
    /// Extra answer labels: label → canonical scale point (`--labels "Discordo totalmente=1,…"`).
    public var labels: [String: Int] = [:]
    /// What to do with a participant's second row in the file.
    public var duplicates: DuplicatePolicy = .refuse
    /// Columns naming each row's level of a condition (`--condition-column`): each row is stored under its own
    /// measurement, as if the file had been split by level and imported with `--condition factor=level`.
    public var conditionColumns: [ConditionColumn] = []
    /// The column naming each row's occasion (`--occasion-column`), as `--occasion` names every row's.
    public var occasionColumn: String?

    public init(instrument: String, participantColumn: String, map: [Int: String] = [:], itemsFrom: String? = nil,
                timestampColumn: String? = nil, task: String? = nil, taskColumn: String? = nil, occasion: String = "",
                orientation: Orientation = .canonical, replace: Bool = false, delimiter: Delimiter? = nil) {
        self.instrument = instrument
        self.participantColumn = participantColumn
        self.map = map
        self.itemsFrom = itemsFrom
        self.timestampColumn = timestampColumn
        self.task = task
        self.taskColumn = taskColumn
        self.occasion = occasion
        self.orientation = orientation
        self.replace = replace
        self.delimiter = delimiter
    }
}

/// A column whose cells are the levels of a condition factor: the factor named by `factor`, else by the column's
/// header (case and accents aside).
public struct ConditionColumn: Sendable, Equatable {
    public var column: String
    public var factor: String?
    public init(column: String, factor: String? = nil) {
        self.column = column
        self.factor = factor
    }
}


/// How to read answers in long format: one row per item answer.
public struct LongResponseImportOptions: Sendable {
    /// The instrument of every row, when the file has no instrument column.
    public var instrument: String?
    public var orientation: Orientation
    public var replace: Bool
    public var delimiter: Delimiter?
    /// The measurement every set belongs to (`StudyDatabase.measurementKey`: occasion and conditions).
    public var occasion: String = ""
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?

    public init(instrument: String? = nil, orientation: Orientation = .canonical, replace: Bool = false,
                delimiter: Delimiter? = nil, progress: (@Sendable (Double) -> Void)? = nil) {
        self.instrument = instrument
        self.orientation = orientation
        self.replace = replace
        self.delimiter = delimiter
        self.progress = progress
    }
}


/// How to read a participants CSV.
public struct ParticipantImportOptions: Sendable {
    /// The column holding participant codes; the first column when `nil`.
    public var codeColumn: String?
    /// The field separator; detected from the header row when `nil`.
    public var delimiter: Delimiter?
    /// Update participants that already exist instead of refusing them.
    public var update: Bool
    /// Accept codes that look like another participant's (TR39 skeleton) instead of refusing them.
    public var allowConfusable: Bool
    /// Declared types of attributes (column name → type, `--type NAME=text`): a declared text column keeps every
    /// value as typed, a declared number column reads `1.50` as 1.5. Other columns take the type their values show.
    public var types: [String: AttributeType]
    /// Columns whose attributes identify a person (`--identifying name,email`): marked so in the study, left out of
    /// pseudonymised and redacted exports and never cited by a quote.
    public var identifying: [String]

    public init(codeColumn: String? = nil, delimiter: Delimiter? = nil, update: Bool = false, allowConfusable: Bool = false,
                types: [String: AttributeType] = [:], identifying: [String] = []) {
        self.codeColumn = codeColumn
        self.delimiter = delimiter
        self.update = update
        self.allowConfusable = allowConfusable
        self.types = types
        self.identifying = identifying
    }
}


/// How to read a task log.
public struct AttemptImportOptions: Sendable {
    /// Field (participant, task, time, errors, outcome, assisted, note, trial, total, or a condition's name) →
    /// column. Fields not given are looked for under their own name or a usual Portuguese one.
    public var map: [String: String]
    /// Seconds per error for checking a total column (default: each task's own penalty).
    public var penalty: Double?
    /// Import rows whose total disagrees with time + errors × penalty (the disagreements are listed as notes).
    public var acceptTotals: Bool
    public var delimiter: Delimiter?
    /// The trial every row is (`--trial 2`: a second session's log), for a file without a trial column.
    public var trial: Int?
    /// Rows without a trial number that differ from every stored attempt of their participant, task and conditions
    /// become its next trials (without it they are refused).
    public var newTrials: Bool
    /// A row whose trial is stored with other values replaces those values (without it the row is refused).
    public var replace: Bool
    /// Tasks the log names that the study lacks are added (key from the task column, title from a task-name
    /// column), in the order the log first names them; without it such rows are refused.
    public var createTasks: Bool

    public init(map: [String: String] = [:], penalty: Double? = nil, acceptTotals: Bool = false, delimiter: Delimiter? = nil,
                trial: Int? = nil, newTrials: Bool = false, replace: Bool = false, createTasks: Bool = false) {
        self.map = map
        self.penalty = penalty
        self.acceptTotals = acceptTotals
        self.delimiter = delimiter
        self.trial = trial
        self.newTrials = newTrials
        self.replace = replace
        self.createTasks = createTasks
    }
}

extension ResponseImportOptions {
    /// What the store needs to store the rows.
    public var storing: ResponseStoreOptions {
        ResponseStoreOptions(instrument: instrument, task: task, occasion: occasion, orientation: orientation, replace: replace,
                             duplicates: duplicates, labels: labels, progress: progress)
    }
}

extension LongResponseImportOptions {
    /// What the store needs to store the rows.
    public var storing: LongResponseStoreOptions {
        LongResponseStoreOptions(orientation: orientation, replace: replace, occasion: occasion, progress: progress)
    }
}

extension ParticipantImportOptions {
    /// What the store needs to store the rows.
    public var storing: ParticipantStoreOptions {
        ParticipantStoreOptions(update: update, allowConfusable: allowConfusable, types: types, identifying: identifying)
    }
}

extension AttemptImportOptions {
    /// What the store needs to store the rows.
    public var storing: AttemptStoreOptions {
        AttemptStoreOptions(penalty: penalty, acceptTotals: acceptTotals, trial: trial, newTrials: newTrials, replace: replace,
                            createTasks: createTasks)
    }
}
