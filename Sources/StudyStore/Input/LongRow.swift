import Surveys

/// The store's input for a long response import (`storeLongResponses`): one row of a long answers file (one answer
/// per row) as the importing layer read it — whose answer it is, to which instrument, item and task, and the answer
/// read by the instrument's own reader. Which rows make one response set, and whether the participant, instrument
/// and task exist in the study, is the store's.
public struct LongRow {
    /// The participant cell, for where messages point; its text is the code as typed (the study's codes are
    /// matched exactly).
    public var participant: SourceCell
    /// The item and value cells, for where messages point.
    public var item: SourceCell
    public var value: SourceCell
    /// The instrument cell, when the file has an instrument column.
    public var instrumentCell: SourceCell?
    /// The task cell, when the file has a task column.
    public var taskCell: SourceCell?
    public var line: Int
    /// The instrument's name: the instrument cell's, or the one every row answers (`--instrument`).
    public var instrument: String
    public var reading: LongAnswerReading

    public init(participant: SourceCell, item: SourceCell, value: SourceCell, instrumentCell: SourceCell?, taskCell: SourceCell?,
                line: Int, instrument: String, reading: LongAnswerReading) {
        self.participant = participant
        self.item = item
        self.value = value
        self.instrumentCell = instrumentCell
        self.taskCell = taskCell
        self.line = line
        self.instrument = instrument
        self.reading = reading
    }

    /// A row with nothing in it yet, for the importing layer to fill (the store refills one row for the whole file).
    public init() {
        let blank = SourceCell(value: "", line: 0, column: 0)
        self.init(participant: blank, item: blank, value: blank, instrumentCell: nil, taskCell: nil, line: 0, instrument: "",
                  reading: .unknownInstrument)
    }

    public var code: String { participant.value }
    /// The task's name (`nil` when there is no task column or its cell is empty).
    public var task: String? {
        guard let taskCell, !taskCell.value.isEmpty else { return nil }
        return taskCell.value
    }
}

/// Part of the store's input (`LongRow.reading`): what a long row's item and value cells say, read with the row's
/// instrument.
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
