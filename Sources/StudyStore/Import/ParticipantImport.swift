import Foundation
import GRDB
import GRDBSQLite
import Surveys
import Wording
import Tabular

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

    public init(codeColumn: String? = nil, delimiter: Delimiter? = nil, update: Bool = false, allowConfusable: Bool = false,
                types: [String: AttributeType] = [:]) {
        self.codeColumn = codeColumn
        self.delimiter = delimiter
        self.update = update
        self.allowConfusable = allowConfusable
        self.types = types
    }
}

extension StudyDatabase {
    /// Stores the participants of a table the importing layer opened and read once (`Importing`): one code
    /// column, every other column an attribute whose name already passed the study's door.
    ///
    /// All or nothing: every problem in the file (bad codes, duplicates, non-numbers in a numeric attribute) is
    /// reported with its `file:line:column`, and then nothing is stored. A column becomes a numeric attribute when
    /// every value in it is a number (decimal point or comma) that keeps what was typed (`4.10`, `007` do not), a
    /// text attribute otherwise; an attribute the study already has keeps its type, and `options.types` declares
    /// types (a numeric attribute declared so reads `4.10` as 4.1; one that is not refuses it).
    public func storeParticipants(_ source: RecordSource, codeIndex: Int, columns: [ParticipantColumn], records: Int,
                                  options: ParticipantImportOptions = .init()) throws -> ParticipantImportSummary {
        // The importing layer read the file once to learn what each column holds (`ParticipantColumn.contents`)
        // and hands over a fresh source; this second pass stores, streamed. Codes repeated in the file or looking like another's are found through
        // the study's own indexes, which hold this import's participants too; only each stored participant's line
        // number is kept (4 bytes each).
        let reader = source
        func at(_ field: Field) -> String { reader.position(of: field).description }
        var problems = columns.compactMap(\.problem)
        let header = reader.header
        let attributeColumns = columns.filter { $0.name != nil }.map(\.index)
        var columnNames: [Int: String] = [:]
        var surveys: [Int: ColumnContents] = [:]
        for column in columns {
            columnNames[column.index] = column.name
            surveys[column.index] = column.contents
        }
        if records == 0 {
            problems.append(.init(location: "\(reader.file):\(header.first?.line ?? 1)", message: "the file has a header row but no participants"))
        }

        return try write { db in
            var notes: [Sentence] = []
            var columnTypes: [Int: AttributeType] = [:]
            var notNumbers: [Int: [StoreError.Problem]] = [:]
            var losingDigits: [Int: [StoreError.Problem]] = [:]
            // Columns of a numeric attribute whose type was declared (now or before): `4.10` reads as 4.1 there.
            var readsNumbers: Set<Int> = []
            let declared = Self.keyed(options.types)
            let columnKeys = Set(attributeColumns.map { StudyText.key(columnNames[$0]!) })
            for (name, type) in options.types.sorted(by: { $0.key < $1.key }) where !columnKeys.contains(StudyText.key(name)) {
                problems.append(.init(location: "--type \(name)=\(type.rawValue)",
                                      message: "the file has no column '\(name)' (its attribute columns: \(attributeColumns.map { "'\(header[$0].value)'" }.joined(separator: ", ")))"))
            }
            for index in attributeColumns {
                let name = columnNames[index]!
                let survey = surveys[index]!
                let given = declared[StudyText.key(name)]
                switch try Self.attributeType(db, name) {
                case let held?:
                    // Where a numeric column holds text, the second pass names each such cell.
                    columnTypes[index] = held
                    let stored = try Self.attributeName(db, name)!
                    if let given, given != held {
                        let holds: Sentence = held == .number ? "attribute '\(stored)' holds numbers in this study, not text" : "attribute '\(stored)' holds text in this study, not numbers"
                        problems.append(.init(location: Sentence(verbatim: at(header[index])),
                                              message: "\(holds); to change its type, run 'studyctl participant attribute type \(stored) \(given.rawValue)' (or leave out --type \(name)=\(given.rawValue))"))
                        readsNumbers.insert(index)  // the cells are not checked against a type the column is not to keep
                    } else if held == .number {
                        let declaredBefore = try Self.declaredNumber(db, attribute: stored)
                        if given == .number || declaredBefore { readsNumbers.insert(index) }
                    }
                case nil:
                    if let given {
                        columnTypes[index] = given
                        if given == .number { readsNumbers.insert(index) }
                        continue
                    }
                    if let firstText = survey.firstText, survey.hasNumber {
                        notes.append("column '\(name)' is stored as text because '\(firstText.value)' at \(at(firstText)) is not a number")
                    }
                    if survey.firstText == nil, let firstKept = survey.firstKept {
                        let number = NumberParser.format(NumberParser.parse(firstKept.value) ?? 0)
                        notes.append("column '\(name)' is stored as text because '\(firstKept.value)' at \(at(firstKept)) would be the number \(number), losing what was typed; to store the column as numbers, rerun with --type \(name)=number")
                    }
                    columnTypes[index] = !survey.hasCells || survey.firstText != nil || survey.firstKept != nil ? .text : .number
                }
            }
            var names: [Int: String] = [:]
            for index in attributeColumns {
                let given = declared[StudyText.key(columnNames[index]!)]
                names[index] = try Self.declareAttribute(db, name: columnNames[index]!, type: columnTypes[index]!, at: at(header[index]),
                                                         explicitly: given != nil)
                if let given, given == columnTypes[index] { try Self.recordDeclaredType(db, attribute: names[index]!, type: given) }
            }

            // Pass 2: check every code against the study (and the participants stored so far), store as we go.
            let second = source
            let findCode = try db.makeStatement(sql: "SELECT id, code FROM participant WHERE code = ?")
            let findLookAlike = try db.makeStatement(sql: """
                SELECT id, code FROM participant WHERE skeleton = ? AND code <> ? ORDER BY id >= ? DESC, id LIMIT 1
                """)
            let insert = try db.makeStatement(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)")
            let now = Timestamp.now()
            let firstID = (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) + 1 FROM participant")) ?? 1
            var lines: [Int32] = []  // the line of each participant this import stored, by id - firstID
            func line(of id: Int64) -> Int? { id >= firstID && id - firstID < lines.count ? Int(lines[Int(id - firstID)]) : nil }
            var codeProblems: [StoreError.Problem] = []
            var added = 0
            var updated = 0
            while let record = try second.next() {
                for index in attributeColumns where columnTypes[index] == .number {
                    let cell = record.fields[index]
                    guard !cell.value.trimmedSpaces.isEmpty else { continue }
                    let name = header[index].value
                    guard let number = NumberParser.parse(cell.value) else {
                        notNumbers[index, default: []].append(.init(location: Sentence(verbatim: at(cell)),
                            message: "attribute '\(name)' holds numbers in this study; '\(cell.value)' is not a number"))
                        continue
                    }
                    if !readsNumbers.contains(index), NumberParser.losesDigits(cell.value) {
                        let code = record.fields[codeIndex].value.trimmedSpaces
                        let shown = NumberParser.format(number)
                        losingDigits[index, default: []].append(.init(location: Sentence(verbatim: at(cell)),
                            message: "participant \(code): attribute '\(name)' holds numbers in this study; '\(cell.value)' would be stored as the number \(shown), losing what was typed. If \(name) holds version numbers or codes, make it text first ('studyctl participant attribute type \(name) text'); if it is a number, write \(shown) or rerun with --type \(name)=number"))
                    }
                }
                let field = record.fields[codeIndex]
                let code = StudyText.composed(field.value.trimmedSpaces)
                if let reason = ParticipantNaming.problem(withCode: code) {
                    codeProblems.append(.init(location: Sentence(verbatim: at(field)), message: "participant code '\(field.value)': \(reason)"))
                    continue
                }
                var id: Int64?
                if let found = try findCode.fastRow(db, .text(code), read: { sqlite3_column_int64($0, 0) }) {
                    if let first = line(of: found) {
                        codeProblems.append(.init(location: Sentence(verbatim: at(field)), message: "participant \(code) appears twice (first on line \(first))"))
                        continue
                    }
                    id = found
                }
                let skeleton = Confusables.skeleton(code)
                if !options.allowConfusable,
                   let other = try findLookAlike.fastRow(db, .text(skeleton), .text(code), .int(firstID), read: { (sqlite3_column_int64($0, 0), columnText($0, 1) ?? "") }) {
                    let otherCode = other.1
                    if let first = line(of: other.0) {
                        codeProblems.append(.init(location: Sentence(verbatim: at(field)), message: "participant code '\(code)' looks the same as '\(otherCode)' on line \(first) (\(StoreError.scalars(code)) vs \(StoreError.scalars(otherCode))); rerun with --allow-confusable if they are different people"))
                    } else {
                        codeProblems.append(.init(location: Sentence(verbatim: at(field)), message: "participant code '\(code)' looks the same as the existing participant \(otherCode) (\(StoreError.scalars(code)) vs \(StoreError.scalars(otherCode))); rerun with --allow-confusable if they are different people"))
                    }
                    if id != nil { continue }
                }
                if id != nil {
                    guard options.update else {
                        codeProblems.append(.init(location: Sentence(verbatim: at(field)),
                                                  message: "participant \(code) is already in the study; rerun with --update to update existing participants"))
                        continue
                    }
                    updated += 1
                } else {
                    // Stored even after a problem (it is all undone then), so a later repeat of it is named as one.
                    try insert.fastExecute(db, .text(code), .text(now), .text(skeleton))
                    id = db.lastInsertedRowID
                    lines.append(Int32(clamping: record.line))
                    added += 1
                }
                for index in attributeColumns {
                    let cell = record.fields[index]
                    let raw = cell.value.trimmedSpaces
                    guard !raw.isEmpty else { continue }
                    let value: AttributeValue
                    if columnTypes[index] == .number {
                        guard let number = NumberParser.parse(raw) else { continue }  // reported above
                        value = .number(number)
                    } else {
                        value = .text(StudyText.composed(raw))
                    }
                    try Self.storeValue(db, participantID: id!, attribute: names[index]!, value: value)
                }
            }
            // In the order a reader checks the file: header, codes line by line, then the cells of each column.
            problems += codeProblems
            for index in attributeColumns { problems += (notNumbers[index] ?? []) + (losingDigits[index] ?? []) }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            try Self.count(db, .participants, added)

            let definitions = try Self.attributeDefinitions(db)
            let imported = Set(names.values.map { $0.lowercased() })
            return ParticipantImportSummary(
                added: added, updated: updated,
                attributes: definitions.filter { imported.contains($0.name.lowercased()) },
                notes: notes)
        }
    }
}

/// One column of a participants file, as the importing layer found it: where it is, the attribute name it
/// carries (nil when the name was refused, with the problem), and what its cells hold.
public struct ParticipantColumn: Sendable {
    public var index: Int
    public var name: String?
    public var problem: StoreError.Problem?
    public var contents: ColumnContents

    public init(index: Int, name: String?, problem: StoreError.Problem?, contents: ColumnContents) {
        self.index = index
        self.name = name
        self.problem = problem
        self.contents = contents
    }
}

/// What a first pass over a column learns: whether it has cells, numbers, a cell that is no number, a number that
/// would lose digits (leading zeros, a sign); and how many records the file has.
public struct ColumnContents: Sendable {
    public var hasCells = false
    public var hasNumber = false
    public var firstText: Field?
    public var firstKept: Field?

    public init() {}

    public mutating func add(_ cell: Field) {
        hasCells = true
        if NumberParser.parse(cell.value) == nil {
            if firstText == nil { firstText = cell }
        } else {
            hasNumber = true
            if firstKept == nil, NumberParser.losesDigits(cell.value) { firstKept = cell }
        }
    }
}

private extension String {
    var trimmedSpaces: String { TextSafety.trimmingSpaces(self) }
}
