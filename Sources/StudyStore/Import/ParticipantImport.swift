import Foundation
import GRDB
import GRDBSQLite
import StudyBasics
import Surveys
import Wording

/// What the store needs beside a participants file's rows: whether existing participants are updated and
/// look-alike codes accepted, the declared attribute types and the identifying columns
/// (`ParticipantImportOptions.storing` gives it).
public struct ParticipantStoreOptions: Sendable {
    /// Update participants that already exist instead of refusing them.
    public var update: Bool
    /// Accept codes that look like another participant's (TR39 skeleton) instead of refusing them.
    public var allowConfusable: Bool
    /// Declared types of attributes (column name → type, `--type NAME=text`).
    public var types: [String: AttributeType]
    /// Columns whose attributes identify a person (`--identifying name,email`).
    public var identifying: [String]

    public init(update: Bool = false, allowConfusable: Bool = false, types: [String: AttributeType] = [:], identifying: [String] = []) {
        self.update = update
        self.allowConfusable = allowConfusable
        self.types = types
        self.identifying = identifying
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
    ///
    /// `rows` is given how the store reads each column once it has decided each column's type, and returns the pull
    /// of the file's rows (a second pass, streamed): each call gives the next `ParticipantRow`, `nil` at the end.
    public func storeParticipants(_ table: SourceTable, columns: [ParticipantColumn], records: Int, options: ParticipantStoreOptions = .init(),
                                  rows makeRows: (ParticipantColumnReading) throws -> () throws -> ParticipantRow?) throws -> ParticipantImportSummary {
        let header = table.header
        var problems = columns.compactMap(\.problem)
        if records == 0 {
            problems.append(.init(location: "\(table.file):\(header.first?.line ?? 1)", message: "the file has a header row but no participants"))
        }
        return try write { db in
            var notes: [Sentence] = []
            let (reading, names) = try Self.participantColumnReading(db, table: table, columns: columns, options: options,
                                                                     problems: &problems, notes: &notes)
            let next = try makeRows(reading)
            var run = try ParticipantImportRun(db, options: options)
            while let row = try next() {
                try run.take(row, names: names, at: table)
            }
            // In the order a reader checks the file: header, codes line by line, then the cells of each column.
            problems += run.codeProblems
            for column in columns where column.name != nil {
                problems += (run.notNumbers[column.index] ?? []) + (run.losingDigits[column.index] ?? [])
            }
            var identifying: [String] = []
            for given in options.identifying {
                if let stored = names.values.first(where: { $0.caseInsensitiveCompare(StudyText.composed(given.trimmingCharacters(in: .whitespaces))) == .orderedSame }) {
                    identifying.append(stored)
                } else {
                    let listing = names.sorted { $0.key < $1.key }.map { "'\($0.value)'" }.joined(separator: ", ")
                    problems.append(.init(location: "--identifying \(given)", message: "the file has no column '\(given)' (its attribute columns: \(listing))"))
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            for name in identifying {
                try db.execute(sql: "UPDATE attribute SET identifying = 1 WHERE name = ?", arguments: [name])
            }
            try Self.count(db, .participants, run.added)

            let definitions = try Self.attributeDefinitions(db)
            let imported = Set(names.values.map { $0.lowercased() })
            return ParticipantImportSummary(
                added: run.added, updated: run.updated,
                attributes: definitions.filter { imported.contains($0.name.lowercased()) },
                notes: notes)
        }
    }

    /// Each attribute column's type — the study's for an attribute it has, else the declared one, else what the
    /// file's cells show — with the attributes declared (their names as the study keeps them, by column).
    static func participantColumnReading(_ db: Database, table: SourceTable, columns: [ParticipantColumn], options: ParticipantStoreOptions,
                                         problems: inout [StoreError.Problem], notes: inout [Sentence])
        throws -> (ParticipantColumnReading, names: [Int: String]) {
        let attributes = columns.compactMap { column in column.name.map { (index: column.index, name: $0, survey: column.contents) } }
        let header = table.header
        func at(_ field: SourceCell) -> String { table.location(of: field) }
        var columnTypes: [Int: AttributeType] = [:]
        // Columns of a numeric attribute whose type was declared (now or before): `4.10` reads as 4.1 there.
        var readsNumbers: Set<Int> = []
        let declared = Self.keyed(options.types)
        let columnKeys = Set(attributes.map { StudyText.key($0.name) })
        for (name, type) in options.types.sorted(by: { $0.key < $1.key }) where !columnKeys.contains(StudyText.key(name)) {
            problems.append(.init(location: "--type \(name)=\(type.rawValue)",
                                  message: "the file has no column '\(name)' (its attribute columns: \(attributes.map { "'\(header[$0.index].value)'" }.joined(separator: ", ")))"))
        }
        for (index, name, survey) in attributes {
            let given = declared[StudyText.key(name)]
            switch try Self.attributeType(db, name) {
            case let held?:
                // Where a numeric column holds text, the second pass names each such cell.
                columnTypes[index] = held
                // The study has the attribute (its type was just read), so it has its name.
                let stored = try Self.attributeName(db, name) ?? name
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
        for (index, name, _) in attributes {
            let given = declared[StudyText.key(name)]
            let type = columnTypes[index] ?? .text  // every attribute column got its type above
            let stored = try Self.declareAttribute(db, name: name, type: type, at: at(header[index]), explicitly: given != nil)
            names[index] = stored
            if let given, given == type { try Self.recordDeclaredType(db, attribute: stored, type: given) }
        }
        return (ParticipantColumnReading(types: columnTypes, readsNumbers: readsNumbers), names)
    }
}

/// The second pass of `storeParticipants`: each code checked against the study (and the participants stored so
/// far), stored as it goes. Codes repeated in the file or looking like another's are found through the study's own
/// indexes, which hold this import's participants too; only each stored participant's line number is kept (4
/// bytes each).
struct ParticipantImportRun {
    let db: Database
    let options: ParticipantStoreOptions
    let findCode: Statement
    let findLookAlike: Statement
    let insert: Statement
    let now = Timestamp.now()
    let firstID: Int64
    /// The line of each participant this import stored, by id - firstID.
    var lines: [Int32] = []
    var codeProblems: [StoreError.Problem] = []
    var notNumbers: [Int: [StoreError.Problem]] = [:]
    var losingDigits: [Int: [StoreError.Problem]] = [:]
    var added = 0
    var updated = 0

    init(_ db: Database, options: ParticipantStoreOptions) throws {
        self.db = db
        self.options = options
        // Prepared SQL, not ParticipantTableRow: run once per row of the file (bench/baseline.py, `participant import`
        // at 100,000 rows).
        findCode = try db.makeStatement(sql: "SELECT id, code FROM participant WHERE code = ?")
        findLookAlike = try db.makeStatement(sql: """
            SELECT id, code FROM participant WHERE skeleton = ? AND code <> ? ORDER BY id >= ? DESC, id LIMIT 1
            """)
        insert = try db.makeStatement(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)")
        firstID = (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) + 1 FROM participant")) ?? 1
    }

    func line(of id: Int64) -> Int? { id >= firstID && id - firstID < lines.count ? Int(lines[Int(id - firstID)]) : nil }

    /// Checks one row's code against the study, then adds or updates its participant with the row's values.
    mutating func take(_ row: ParticipantRow, names: [Int: String], at table: SourceTable) throws {
        for cell in row.cellProblems {
            if cell.losesDigits { losingDigits[cell.column, default: []].append(cell.problem) } else { notNumbers[cell.column, default: []].append(cell.problem) }
        }
        if let problem = row.codeProblem {
            codeProblems.append(problem)
            return
        }
        let code = row.code
        // Worded only for a problem (most rows have none).
        var location: Sentence { Sentence(verbatim: table.location(of: row.field)) }
        var id: Int64?
        if let found = try findCode.fastRow(db, .text(code), read: { sqlite3_column_int64($0, 0) }) {
            if let first = line(of: found) {
                codeProblems.append(.init(location: location, message: "participant \(code) appears twice (first on line \(first))"))
                return
            }
            id = found
        }
        let skeleton = Confusables.skeleton(code)
        if !options.allowConfusable,
           let other = try findLookAlike.fastRow(db, .text(skeleton), .text(code), .int(firstID), read: { (sqlite3_column_int64($0, 0), columnText($0, 1) ?? "") }) {
            let otherCode = other.1
            if let first = line(of: other.0) {
                codeProblems.append(.init(location: location, message: "participant code '\(code)' looks the same as '\(otherCode)' on line \(first) (\(StoreError.scalars(code)) vs \(StoreError.scalars(otherCode))); rerun with --allow-confusable if they are different people"))
            } else {
                codeProblems.append(.init(location: location, message: "participant code '\(code)' looks the same as the existing participant \(otherCode) (\(StoreError.scalars(code)) vs \(StoreError.scalars(otherCode))); rerun with --allow-confusable if they are different people"))
            }
            if id != nil { return }
        }
        let participantID: Int64
        if let id {
            guard options.update else {
                codeProblems.append(.init(location: location, message: "participant \(code) is already in the study; rerun with --update to update existing participants"))
                return
            }
            participantID = id
            updated += 1
        } else {
            // Stored even after a problem (it is all undone then), so a later repeat of it is named as one.
            try insert.fastExecute(db, .text(code), .text(now), .text(skeleton))
            participantID = db.lastInsertedRowID
            lines.append(Int32(clamping: row.line))
            added += 1
        }
        for (column, value) in row.values {
            guard let name = names[column] else { continue }  // every attribute column has its name (declared before the rows)
            try StudyDatabase.storeValue(db, participantID: participantID, attribute: name, value: value)
        }
    }
}
