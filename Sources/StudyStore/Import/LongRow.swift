import Surveys
import Tabular

/// One row of a long answers file (one answer per row) read for the store: whose answer it is, to which
/// instrument, item and task, and the answer read by the instrument's own reader. Which rows make one response set,
/// and whether the participant, instrument and task exist in the study, is the store's (`storeLongResponses`).
public struct LongRow {
    /// The row as read from the file, and where its cells are: the row holds them rather than copies of them (a
    /// row is handed on a million times in a large file).
    public var record: Record
    public var columns: LongColumns
    /// The instrument's name: the instrument cell's, or the one every row answers (`--instrument`).
    public var instrument: String
    public var reading: LongAnswerReading

    public init(record: Record, columns: LongColumns, instrument: String, reading: LongAnswerReading) {
        self.record = record
        self.columns = columns
        self.instrument = instrument
        self.reading = reading
    }

    /// The participant cell, for where messages point, and the code as typed (the study's codes are matched
    /// exactly).
    public var participant: Field { record.fields[columns.participant] }
    public var code: String { record.fields[columns.participant].value }
    /// The instrument cell, when the file has an instrument column.
    public var instrumentCell: Field? { columns.instrument.map { record.fields[$0] } }
    /// The task cell, when the file has a task column, and its name (`nil` when the cell is empty).
    public var taskCell: Field? { columns.task.map { record.fields[$0] } }
    public var task: String? {
        guard let column = columns.task, !record.fields[column].value.isEmpty else { return nil }
        return record.fields[column].value
    }
    public var line: Int { record.line }
    /// The item and value cells, for where messages point.
    public var item: Field { record.fields[columns.item] }
    public var value: Field { record.fields[columns.value] }
}

/// Where a long answers file's columns are: participant, item and value always; instrument and task when it has them.
public struct LongColumns: Sendable, Equatable {
    public var participant: Int
    public var item: Int
    public var value: Int
    public var instrument: Int?
    public var task: Int?

    public init(participant: Int, item: Int, value: Int, instrument: Int? = nil, task: Int? = nil) {
        self.participant = participant
        self.item = item
        self.value = value
        self.instrument = instrument
        self.task = task
    }
}

/// What a long row's item and value cells say, read with the row's instrument.
public enum LongAnswerReading {
    /// The instrument is neither the study's nor built in (the store names the problem when it looks it up).
    case unknownInstrument
    /// The item cell is no item number of the instrument.
    case noItem
    /// An answer to item `number`; `typed` is what was typed when the study keeps it (it is not a plain number
    /// entered on the canonical scale).
    case answer(number: Int, Answer, typed: String?)
    /// An empty cell: no answer to item `number`.
    case blank(number: Int)
    /// A cell that cannot be read as an answer to item `number`.
    case unreadable(number: Int, AnswerProblem)
}

/// The rows of a long answers file, read one at a time.
public protocol LongRowSource {
    /// The table the rows come from: its name and cell positions are what messages name.
    var table: RecordSource { get }
    mutating func next() throws -> LongRow?
}
