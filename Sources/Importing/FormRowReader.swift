import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// Reads a form export's records into `FormRow`s for `storeResponses`: the participant code trimmed, the task key,
/// the time stamps, and every item cell read as its item's answer (a Likert point, a choice, a label, "N/A") and
/// written as the answers column the store keeps; cells that cannot be read come with their problem. An occasion
/// column's cell is read here too (trimmed and composed; empty, or holding `;` or `=`, it names no occasion): the
/// file alone tells that, while whether a level names one of the study's conditions is the store's.
///
/// The answers are written into one pair of buffers kept from row to row: a row's `answers` and `raw` share them,
/// so the caller lets go of a row before asking for the next one (as a `while let row = try reader.next()` loop
/// does), and no row allocates for its answers.
public struct FormRowReader: FormRowSource {
    public let table: SourceTable
    private let source: RecordSource
    private let definition: InstrumentDefinition
    private let answerReader: AnswerReader
    private let plans: [ImportColumnPlan]
    /// Every item's key in the answers column (`"10":`), one after the other; each plan says where its own is.
    private let keys: [UInt8]
    private let participant: Int
    private let task: Int?
    private let submitted: Int?
    private let started: Int?
    /// The columns naming a row's condition levels and occasion, and the others that are no item.
    private let levels: [Int]
    private let occasion: Int?
    /// The occasion column's header, as its problems name it.
    private let occasionName: String
    private let context: [Int]
    private let sourcePrefix: String
    private var writer = AnswerColumn.Writer()

    /// `definition` is the instrument the store keeps under `options.instrument` (the study's, else the built-in
    /// one); item numbers it lacks are left out here, as the store refuses them before reading a row.
    public init(_ table: RecordSource, columns: FormColumns, definition: InstrumentDefinition, orientation: Orientation,
                labels: [String: Int]) {
        self.table = SourceTable(table)
        source = table
        self.definition = definition
        answerReader = AnswerReader(definition: definition, orientation: orientation, labels: labels)
        (plans, keys) = ImportColumnPlan.plans(columns.items, definition: definition, orientation: orientation)
        participant = columns.participant
        task = columns.task
        submitted = columns.timestamp
        started = columns.started
        levels = columns.conditions.map(\.column)
        occasion = columns.occasion
        occasionName = columns.occasion.map { table.header[$0].value } ?? ""
        context = columns.context
        sourcePrefix = table.file + ":"
    }

    public mutating func next() throws -> FormRow? {
        guard let record = try source.next() else { return nil }
        let participantField = record.fields[participant]
        let taskCell = task.map { FormRow.TaskCell(field: SourceCell(record.fields[$0]), key: TextSafety.trimmingSpaces(record.fields[$0].value)) }
        var (answered, failures) = (0, [AnswerFailure]())
        try readAnswers(record, answered: &answered, failures: &failures)
        var row = FormRow(participant: SourceCell(participantField), code: TextSafety.trimmingSpaces(participantField.value), task: taskCell,
                          line: record.line, submitted: Self.time(record, submitted), started: Self.time(record, started),
                          answers: writer.answers, raw: writer.raw, answered: answered, failures: failures)
        if !levels.isEmpty { row.levels = levels.map { SourceCell(record.fields[$0]) } }
        if let occasion { row.occasion = readOccasion(record.fields[occasion]) }
        if !context.isEmpty { row.context = context.map { SourceCell(record.fields[$0]) } }
        return row
    }

    /// An occasion cell read: the occasion trimmed and composed, or why the cell names none.
    private func readOccasion(_ field: Field) -> OccasionCell {
        let value = StudyText.composed(TextSafety.trimmingSpaces(field.value))
        if value.isEmpty {
            return .unreadable(.init(location: Sentence(verbatim: table.location(of: SourceCell(field))),
                                     message: "the cell of column '\(occasionName)' is empty; every row needs its occasion"))
        }
        if value.contains(";") || value.contains("=") {
            return .unreadable(.init(location: Sentence(verbatim: table.location(of: SourceCell(field))),
                                     message: "column '\(occasionName)': an occasion cannot hold ';' or '=' ('\(value)')"))
        }
        return .occasion(value)
    }

    /// A time stamp cell, trimmed; `nil` when there is no such column or the cell is empty.
    private static func time(_ record: Record, _ column: Int?) -> String? {
        guard let column else { return nil }
        let text = TextSafety.trimmingSpaces(record.fields[column].value)
        return text.isEmpty ? nil : text
    }

    /// Writes the record's answers into `writer`, item by item; the common answer (a whole number in the item's
    /// range, typed as such) is written without the general reader.
    ///
    /// The plans hold no reference and the keys are read from one buffer, so a row's hundreds of cells cost no
    /// reference counting (copying a plan that held its own key array was 4 % of a wide import).
    private mutating func readAnswers(_ record: Record, answered: inout Int, failures: inout [AnswerFailure]) throws {
        writer.reset()
        try keys.withUnsafeBufferPointer { keys in
            for plan in plans {
                let field = record.fields[plan.column]
                if plan.wholeNumbers, let value = NumberParser.wholeNumber(field.value.utf8), value >= plan.low, value <= plan.high {
                    if plan.inverted {
                        writer.append(plan.number, .value(Double(plan.low + plan.high - value)), typed: field.value)
                    } else {
                        writer.append(key: UnsafeBufferPointer(rebasing: keys[plan.key]), whole: value)
                    }
                    answered += 1
                    continue
                }
                try readOther(field, plan, line: record.line, answered: &answered, failures: &failures)
            }
        }
        writer.finish()
    }

    /// A cell the common path does not take: read by the general reader (labels, decimals, N/A, choices).
    private mutating func readOther(_ field: Field, _ plan: ImportColumnPlan, line: Int, answered: inout Int,
                                    failures: inout [AnswerFailure]) throws {
        let item = definition.items[plan.item]
        switch answerReader.read(field.value, item: item) {
        case let .success(answer?):
            // The store's own guarantee (no Likert 9, no choice the item does not offer).
            guard definition.accepts(answer, item: item) else {
                throw StoreError.invalidInput([.init(location: Sentence(verbatim: sourcePrefix + String(line)),
                                                     message: "\(definition.id) item \(plan.number): the answer \(answer.display) does not fit the item")])
            }
            writer.append(plan.number, answer, typed: field.value)
            answered += 1
        case .success(nil):
            break
        case let .failure(problem):
            failures.append(AnswerFailure(field: SourceCell(field), number: plan.number, column: plan.column, problem: problem))
        }
    }
}

/// One item column of a form export, with what reading its most common answer needs: a whole number typed as
/// such, within the item's whole-number range, taken without the general reader (labels, decimals, N/A).
struct ImportColumnPlan {
    let number: Int
    /// Where the item's key in the answers column lies in the reader's key buffer.
    let key: Range<Int>
    /// The column in the file.
    let column: Int
    /// The item's position in the definition.
    let item: Int
    let wholeNumbers: Bool
    let low: Int
    let high: Int
    /// The form's 1 is the scale's maximum (Likert items under `--orientation inverted`).
    let inverted: Bool

    /// A plan per item column, in item order, and the buffer of their keys; a number the definition lacks has none.
    static func plans(_ columns: [Int: Int], definition: InstrumentDefinition, orientation: Orientation) -> ([ImportColumnPlan], keys: [UInt8]) {
        var keys: [UInt8] = []
        let plans = columns.sorted { $0.key < $1.key }.compactMap { number, column -> ImportColumnPlan? in
            guard let position = definition.items.firstIndex(where: { $0.number == number }) else { return nil }
            let item = definition.items[position]
            let range = (item.kind == .likert || item.kind == .numeric) ? definition.range(of: item) : nil
            let bounds = range.flatMap { range -> (low: Int, high: Int)? in
                guard range.lowerBound == range.lowerBound.rounded(), range.upperBound == range.upperBound.rounded(),
                      abs(range.lowerBound) < 1e9, abs(range.upperBound) < 1e9 else { return nil }
                return (Int(range.lowerBound), Int(range.upperBound))
            }
            let start = keys.count
            keys.append(contentsOf: AnswerColumn.key(number))
            return ImportColumnPlan(number: number, key: start..<keys.count, column: column, item: position,
                                    wholeNumbers: bounds != nil, low: bounds?.low ?? 0, high: bounds?.high ?? 0,
                                    inverted: orientation == .inverted && item.kind == .likert)
        }
        return (plans, keys)
    }
}
