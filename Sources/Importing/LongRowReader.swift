import StudyStore
import Surveys
import Tabular

/// Reads a long answers file's records into `LongRow`s for `storeLongResponses`: the participant, instrument and
/// task cells, the item number, and the value read as an answer to that item by the instrument's reader.
///
/// The instrument of each row is looked up as the store will resolve it (the study's definition under that name,
/// in any case, else the built-in one), from definitions read before the import's transaction begins.
public struct LongRowReader: LongRowSource {
    public let table: SourceTable
    private let source: RecordSource
    private let columns: LongColumns
    /// The instrument of every row, when the file has no instrument column.
    private let fixedInstrument: String?
    private let orientation: Orientation
    /// The study's definitions, by name folded to lower case (the study's instrument names ignore case).
    private let stored: [String: InstrumentDefinition]
    /// Each instrument name met so far with its definition and reader (`nil`: neither the study's nor built in),
    /// and the last one met: a file's consecutive rows mostly answer one instrument, which is then neither looked
    /// up nor copied (copying a definition and its reader per row made the import a third slower).
    private var readers: [String: Int?] = [:]
    private var last: (name: String, index: Int?)?
    /// The instruments found, in the order met.
    private var resolved: [ResolvedInstrument] = []

    /// `columns` names the participant, item and value columns (and the instrument and task ones when the file has
    /// them); `instrument` is every row's instrument when there is no instrument column; `stored` is the study's
    /// instrument definitions.
    public init(_ table: RecordSource, columns: LongColumns, instrument: String?, orientation: Orientation, stored: [InstrumentDefinition]) {
        self.table = SourceTable(table)
        source = table
        self.columns = columns
        fixedInstrument = instrument
        self.orientation = orientation
        self.stored = Dictionary(stored.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    public mutating func next(into row: inout LongRow) throws -> Bool {
        guard let record = try source.next() else { return false }
        let fields = record.fields
        // `LongColumns` has an instrument column or a fixed instrument (`importLongResponses` refuses a file with neither).
        let instrument = columns.instrument.map { fields[$0].value } ?? fixedInstrument ?? ""
        row.reading = try read(fields[columns.item].value, fields[columns.value].value, instrument: instrument)
        row.participant = SourceCell(fields[columns.participant])
        row.item = SourceCell(fields[columns.item])
        row.value = SourceCell(fields[columns.value])
        row.instrumentCell = columns.instrument.map { SourceCell(fields[$0]) }
        row.taskCell = columns.task.map { SourceCell(fields[$0]) }
        row.line = record.line
        row.instrument = instrument
        return true
    }

    /// The value cell read as an answer to the item the item cell names.
    private mutating func read(_ itemText: String, _ valueText: String, instrument: String) throws -> LongAnswerReading {
        guard let index = try resolvedIndex(instrument) else { return .unknownInstrument }
        return resolved[index].read(itemText, valueText)
    }

    /// Reads a row's item and value cells with `definition` and `reader`: a closure made once per instrument,
    /// which holds them (called on a struct or class that holds them, the definition and the reader were copied,
    /// every reference in them retained, per row: a sixth of a long import).
    private static func reading(_ definition: InstrumentDefinition, _ reader: AnswerReader, orientation: Orientation)
        -> @Sendable (String, String) -> LongAnswerReading {
        { itemText, valueText in
            guard let number = Int(itemText), let item = definition.item(number) else { return .noItem }
            switch reader.read(valueText, item: item) {
            case let .success(answer?):
                // A plain number entered on the canonical scale is its own record; anything else is kept verbatim.
                let plain = orientation == .canonical && valueText.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                return .answer(number: number, answer, typed: plain ? nil : valueText)
            case .success(nil):
                return .blank(number: number)
            case let .failure(problem):
                return .unreadable(number: number, problem)
            }
        }
    }

    /// The position in `resolved` of the instrument `name`, found the first time it is met; `nil` when it is
    /// neither the study's nor built in.
    private mutating func resolvedIndex(_ name: String) throws -> Int? {
        if let last, last.name == name { return last.index }
        if let known = readers[name] {
            last = (name, known)
            return known
        }
        // The store's order: the study's copy under this name (in any case), else the built-in one (a built-in file
        // that cannot be read stops the import, as it would when the store resolves it).
        let definition = try stored[name.lowercased()] ?? InstrumentCatalog.builtin(name)
        let index = definition.map { definition -> Int in
            resolved.append(ResolvedInstrument(read: Self.reading(definition, AnswerReader(definition: definition, orientation: orientation), orientation: orientation)))
            return resolved.count - 1
        }
        readers[name] = index
        last = (name, index)
        return index
    }
}

/// An instrument a long file names: how its answers are read.
private struct ResolvedInstrument {
    let read: @Sendable (String, String) -> LongAnswerReading
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
