import Foundation
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// A survey platform whose exports `responses import` and `participants import` recognise, by the id `--platform`
/// takes: one of the registered exports (`SurveyExports.registered`, one file per platform in this folder), or
/// `plain` — a table with one header row and nothing platform-specific.
public struct SurveyPlatform: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The id, as `--platform` takes it: `qualtrics`, `plain`.
    public let rawValue: String

    /// The registered platform (or `plain`) with the id `rawValue`, or nil.
    public init?(rawValue: String) {
        guard rawValue == Self.plain.rawValue || SurveyExports.export(SurveyPlatform(id: rawValue)) != nil else { return nil }
        self.rawValue = rawValue
    }

    init(id: String) { rawValue = id }

    /// A table with one header row, nothing recognised.
    public static let plain = SurveyPlatform(id: "plain")

    /// The registered platforms in the order detection tries them, then `plain`.
    public static var allCases: [SurveyPlatform] { SurveyExports.registered.map { $0.platform } + [.plain] }

    /// The platform's own name, as people know it (the same in every language).
    public var displayName: String { SurveyExports.export(self)?.displayName ?? rawValue }
}

/// What was recognised in an export, for the command to say: the platform, how many header rows it had, and the
/// platform's own columns (times, devices, progress) left out of the import.
public struct PlatformReading: Sendable, Equatable {
    public var platform: SurveyPlatform
    public var headerRows: Int
    public var leftOut: [String]
    /// The column taken as the participant code when none was named (the respondent id).
    public var respondentColumn: String?
    /// Checkbox questions exported one column per box, each joined into one answer.
    public var joined: [JoinedColumns] = []
    /// Boxes of checkbox questions read one by one as yes/no items (their columns).
    public var ticked: [String] = []
    /// A Qualtrics loop & merge read as tasks: each iteration's prefix and the task its answers belong to.
    public var loop: [LoopIteration] = []
}

/// The first rows of a table, read before deciding what it is: the header and up to two records.
struct TablePeek {
    let file: String
    let header: [Field]
    let records: [Record]
    let folded: [String]

    init(_ source: RecordSource, rows: Int = 2) throws {
        file = source.file
        header = source.header
        var records: [Record] = []
        while records.count < rows, let record = try source.next() { records.append(record) }
        self.records = records
        folded = header.map { AnswerReader.fold($0.value) }
    }

    /// The cell of `record` (0: the first record after the header) at column `index`, or "".
    func cell(_ record: Int, _ index: Int) -> String {
        guard record < records.count, index < records[record].fields.count else { return "" }
        return records[record].fields[index].value
    }

    func has(_ name: String) -> Bool { folded.contains(name) }
    func index(_ name: String) -> Int? { folded.firstIndex(of: name) }
}

/// A table that gives back the records a peek read before the rest of the source, so a plain file streams as
/// if nothing had looked at it.
final class ReplayedSource: RecordSource {
    private let source: RecordSource
    private var pending: [Record]
    init(_ source: RecordSource, replaying records: [Record]) {
        self.source = source
        pending = records
    }
    var file: String { source.file }
    var header: [Field] { source.header }
    func next() throws -> Record? {
        if !pending.isEmpty { return pending.removeFirst() }
        return try source.next()
    }
    func position(of field: Field) -> SourcePosition { source.position(of: field) }
    var fractionRead: Double { source.fractionRead }
    /// The delimiter of the file underneath, for reading it again.
    var delimiter: Delimiter? { (source as? CSVReader)?.delimiter }
    /// The file's own reader under a replayed source (what was read, and how: `TableFile.reading`).
    static func underlying(_ source: RecordSource) -> RecordSource {
        (source as? ReplayedSource)?.source ?? source
    }
}

/// What a column of an export is for.
enum ColumnRole: Equatable {
    /// An answer, or anything else the researcher may name (kept).
    case data
    /// The platform's own bookkeeping: left out and listed.
    case meta
    case respondent, submitted, started
}

/// One column of an export once its header rows are read: the one header the import sees (`header`, with the
/// position of the cell it came from), the other names it answers to (field id, question text), and its role.
struct PlatformColumn {
    var index: Int
    var header: Field
    var aliases: [String]
    var role: ColumnRole
}

/// An export made into one header row per column, the platform's meta columns left out, ready for the matcher
/// that finds the instrument's items. Records keep the lines and columns of the file.
struct PlatformTable {
    var reading: PlatformReading
    var source: RecordSource
    var respondent: Int?
    var submitted: Int?
    var started: Int?
    /// Per column of `source`: the folded names it answers to (its header, field id, question text).
    var names: [[String]]
    /// Cells that mean "not answered" on this platform (exact text).
    var missingCodes: Set<String>
    /// How an answer cell is read before the instrument's reader sees it (KoboToolbox's choice names).
    var rewrite: (@Sendable (String) -> String)?
    /// Checkbox questions still one column per box (columns of `source`).
    var checkboxes: [CheckboxGroup] = []
    /// Columns made of a checkbox question's boxes (their cells are choice keys already).
    var joinedColumns: Set<Int> = []
    /// A Qualtrics loop & merge left as it is (no `--loop`): its columns, and the iterations' prefixes.
    var loopColumns: [Int] = []
    var loopPrefixes: [Int] = []
    /// The column naming each row's task, when a loop's iterations were made rows.
    var loopTaskColumn: String?

    /// The header the import sees for a column the researcher named by any of its names (field id, question text,
    /// the header itself); `name` itself when no column answers to it.
    func header(for name: String) -> String {
        let wanted = AnswerReader.fold(name)
        if let index = names.firstIndex(where: { $0.contains(wanted) }) { return source.header[index].value }
        return name
    }

    /// A plain table: the source as it is, nothing recognised.
    static func plain(_ source: RecordSource) -> PlatformTable {
        PlatformTable(reading: PlatformReading(platform: .plain, headerRows: 1, leftOut: [], respondentColumn: nil),
                      source: source, respondent: nil, submitted: nil, started: nil,
                      names: source.header.map { [AnswerReader.fold($0.value)] }, missingCodes: [], rewrite: nil)
    }

    /// Builds the table from the columns a platform reader worked out and the data records (all of them, read into
    /// memory: exports from these platforms are a few thousand rows at most). Columns named in `keep` stay even
    /// when they are the platform's (a participant code in SurveyMonkey's "Custom Data 1"). Headers that read
    /// the same (a Qualtrics loop's iterations) get their field id added, so each can be named.
    static func build(platform: SurveyPlatform, file: String, headerRows: Int, columns: [PlatformColumn], records: [Record],
                      keep: [String], missingCodes: Set<String> = [], rewrite: (@Sendable (String) -> String)? = nil,
                      checkboxes: [CheckboxGroup] = []) -> PlatformTable {
        let wanted = Set(keep.map(AnswerReader.fold))
        var kept: [PlatformColumn] = []
        var leftOut: [String] = []
        for var column in columns {
            if column.role == .meta, !column.aliases.contains(where: { wanted.contains(AnswerReader.fold($0)) }) {
                leftOut.append(column.aliases.first ?? column.header.value)
                continue
            }
            if column.role == .meta { column.role = .data }
            kept.append(column)
        }
        let counts = Dictionary(kept.map { (AnswerReader.fold($0.header.value), 1) }, uniquingKeysWith: +)
        for index in kept.indices where counts[AnswerReader.fold(kept[index].header.value), default: 0] > 1 {
            if let id = kept[index].aliases.first, AnswerReader.fold(id) != AnswerReader.fold(kept[index].header.value) {
                kept[index].header.value += " (\(id))"
            }
        }
        let rows = records.map { record in
            Record(fields: kept.map { column in
                column.index < record.fields.count ? record.fields[column.index]
                    : Field(value: "", line: record.line, column: (record.fields.last?.column ?? 0) + 1)
            }, line: record.line)
        }
        let header = kept.map(\.header)
        let memory = MemoryTable(file: file, header: header, records: rows)
        let respondent = kept.firstIndex { $0.role == .respondent }
        let groups: [CheckboxGroup] = checkboxes.compactMap { group in
            var group = group
            group.options = group.options.compactMap { option in
                kept.firstIndex { $0.index == option.column }.map { CheckboxOption(column: $0, code: option.code, label: option.label, header: option.header) }
            }
            return group.options.isEmpty ? nil : group
        }
        var table = PlatformTable(
            reading: PlatformReading(platform: platform, headerRows: headerRows, leftOut: leftOut,
                                     respondentColumn: respondent.map { header[$0].value }),
            source: memory, respondent: respondent,
            submitted: kept.firstIndex { $0.role == .submitted }, started: kept.firstIndex { $0.role == .started },
            names: kept.map { column in Array(Set([AnswerReader.fold(column.header.value)] + column.aliases.map(AnswerReader.fold))) },
            missingCodes: missingCodes, rewrite: rewrite)
        table.checkboxes = groups
        return table
    }
}

/// One survey platform's export format: how to tell its files from others, and how to make one into the table an
/// import reads. A new platform is one file conforming to this (its facts cited from the platform's own pages)
/// plus its entry in `SurveyExports.registered`.
protocol SurveyExport: Sendable {
    /// The platform's id, for `--platform` (declared beside the conformance: `extension SurveyPlatform`).
    static var platform: SurveyPlatform { get }
    /// The platform's own name, as people know it, for messages ("Recognised a Qualtrics export…").
    static var displayName: String { get }
    /// Whether the first rows of a table (its header and up to two records) are this platform's export.
    static func recognises(_ peek: TablePeek) -> Bool
    /// The export made into one header row per column, the platform's meta columns left out. `rest`: the records
    /// after the peeked ones; `keep`: columns the researcher named, kept even when they are the platform's;
    /// `loop`: a Qualtrics-style loop's iterations as tasks (`--loop`), for a platform that has loops.
    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop: [Int: String]?) throws -> PlatformTable
    /// Whether the export's first row may have blank or repeated cells (a question's text over only its first
    /// column), so that a file refused as a plain table is read again with that row as data.
    static var headerMayRepeat: Bool { get }
}

extension SurveyExport {
    static var headerMayRepeat: Bool { false }
}

/// The survey platforms studyctl knows, and recognising which one exported a table.
enum SurveyExports {
    /// Every platform, in the order detection tries them (the first that recognises the header wins) and
    /// `--platform` lists them.
    static let registered: [any SurveyExport.Type] = [Qualtrics.self, SurveyMonkey.self, REDCap.self, Kobo.self, SoSci.self]

    /// The registered export of `platform`; nil for `plain`.
    static func export(_ platform: SurveyPlatform) -> (any SurveyExport.Type)? {
        registered.first { $0.platform == platform }
    }

    /// The table as the import should read it: detected from the header rows (or the platform `from` names;
    /// `.plain` skips detection). Refuses a file that `from` names as a platform's when it lacks what that
    /// platform always writes, saying what is missing and where.
    static func recognise(_ source: RecordSource, from: SurveyPlatform?, keep: [String], loop: [Int: String]? = nil) throws -> PlatformTable {
        let peek = try TablePeek(source)
        // A platform named: its export (none for `plain`, which skips detection); else the first that recognises the table.
        guard let format = from.map(export) ?? detect(peek) else { return .plain(ReplayedSource(source, replaying: peek.records)) }
        return try format.normalise(peek, rest: source.readAll(), keep: keep, loop: loop)
    }

    /// The first registered platform that recognises the table.
    static func detect(_ peek: TablePeek) -> (any SurveyExport.Type)? {
        registered.first { $0.recognises(peek) }
    }

    /// Opens a delimited file for recognition: as usual, or, when its first row has blank or repeated cells
    /// (SurveyMonkey's question row), with that row kept as data, provided a platform then recognises it.
    static func open(_ file: TableFile, from: SurveyPlatform?, keep: [String], loop: [Int: String]? = nil) throws -> PlatformTable {
        let path = file.path, delimiter = file.delimiter
        do {
            return try recognise(try file.open(), from: from, keep: keep, loop: loop)
        } catch let error as CSVError {
            switch error {
            case .emptyHeader, .duplicateHeader:
                guard from != .plain else { throw error }
                let reader = try CSVReader(path: path, delimiter: delimiter, headerAsData: true)
                let peek = try TablePeek(reader)
                guard let format = from.map(export) ?? detect(peek), format.headerMayRepeat else { throw error }
                return try format.normalise(peek, rest: try reader.readAll(), keep: keep, loop: loop)
            default:
                throw error
            }
        }
    }
}

/// An export's item cells as the instrument's reader should see them: the platform's missing codes blank, its
/// choice names readable, numeric codes recoded to scale points (`--recode`). Other columns pass untouched.
final class PlatformCells: RecordSource {
    private let source: RecordSource
    private let columns: Set<Int>
    private let missing: Set<String>
    private let recode: [String: String]
    private let rewrite: (@Sendable (String) -> String)?
    private let readers: [Int: @Sendable (String) -> String]

    init(_ source: RecordSource, items: Set<Int>, missing: Set<String>, recode: [String: Int], rewrite: (@Sendable (String) -> String)?,
         readers: [Int: @Sendable (String) -> String] = [:]) {
        self.source = source
        self.readers = readers
        columns = items
        self.missing = missing
        self.recode = Dictionary(recode.map { (AnswerReader.fold($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
        self.rewrite = rewrite
    }

    var file: String { source.file }
    var header: [Field] { source.header }
    func position(of field: Field) -> SourcePosition { source.position(of: field) }
    var fractionRead: Double { source.fractionRead }

    func next() throws -> Record? {
        guard var record = try source.next() else { return nil }
        for index in columns where index < record.fields.count {
            let value = TextSafety.trimmingSpaces(record.fields[index].value)
            if missing.contains(value) {
                record.fields[index].value = ""
            } else if let read = readers[index] {
                record.fields[index].value = read(value)
            } else if let point = recode[AnswerReader.fold(value)] {
                record.fields[index].value = point
            } else if let rewrite {
                record.fields[index].value = rewrite(value)
            }
        }
        return record
    }
}
