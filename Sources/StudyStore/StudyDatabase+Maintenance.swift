import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// The result of checking a study file.
public struct IntegrityReport: Sendable, Equatable, Codable {
    /// What `PRAGMA integrity_check` found ("ok" when the file is sound).
    public var integrity: [String]
    /// Rows whose foreign keys point nowhere (`PRAGMA foreign_key_check`), as "table row id → parent".
    public var foreignKeyViolations: [String]
    /// Response sets whose answers cannot be read or do not fit their instrument (a column edited by hand), as
    /// "response set N (participant, instrument): what".
    public var answerProblems: [String] = []
    /// Names another program wrote past the study's door: decomposed (not NFC), or one name spelled two ways.
    public var nameProblems: [String] = []
    /// Counts the study keeps (schema v15) that no longer match what it holds: another program changed rows.
    public var countProblems: [String] = []
    /// Registered recordings whose files are gone or changed (`media add` keeps their size and SHA-256).
    public var mediaProblems: [MediaFileProblem] = []
    public var schemaVersion: Int

    public var ok: Bool {
        integrity == ["ok"] && foreignKeyViolations.isEmpty && answerProblems.isEmpty && nameProblems.isEmpty && countProblems.isEmpty
            && mediaProblems.isEmpty
    }
}

extension StudyDatabase {
    /// Checks the file's structure (SQLite's integrity check), every foreign key, and every response set's answers
    /// against its instrument (SQLite checks that they are a JSON object; the store checks each against its item).
    ///
    /// A damaged file is reported, never thrown as a raw SQLite error: pages SQLite cannot even read become lines
    /// of the report. While the last check found damage, writes are refused (a marker file beside the study,
    /// removed by the next check that finds the file sound).
    public func check() throws -> IntegrityReport {
        let report: IntegrityReport
        do {
            report = try dbQueue.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row -> String in
                    let table: String = row[0]
                    let id: Int64? = row[1]
                    let parent: String = row[2]
                    return "\(table) row \(id.map(String.init) ?? "?") → \(parent)"
                }
                return IntegrityReport(integrity: integrity, foreignKeyViolations: violations,
                                       answerProblems: integrity == ["ok"] ? try Self.answerProblems(db) : [],
                                       nameProblems: integrity == ["ok"] ? try Self.nameProblems(db) : [],
                                       countProblems: integrity == ["ok"] ? try Self.countProblems(db) : [],
                                       mediaProblems: integrity == ["ok"] ? try Self.mediaProblems(db) : [],
                                       schemaVersion: try Self.migrator.completedMigrations(db).count)
            }
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR].contains(error.resultCode) {
            report = IntegrityReport(integrity: ["the file cannot be read: \(error.message ?? "database disk image is malformed")"],
                                     foreignKeyViolations: [], schemaVersion: Self.schemaVersion)
        }
        if !isReadOnly {
            // Names written past the door are reported, not damage: writes go on (the next upgrade or a rename fixes them).
            if report.integrity == ["ok"] && report.foreignKeyViolations.isEmpty && report.answerProblems.isEmpty {
                try? FileManager.default.removeItem(atPath: damageMarker)
            } else {
                let summary = (report.integrity.filter { $0 != "ok" } + report.foreignKeyViolations).prefix(3).joined(separator: "; ")
                try? Data((summary + "\n").utf8).write(to: URL(fileURLWithPath: damageMarker))
            }
        }
        return report
    }

    /// Every stored name that did not pass the study's door (`StudyText.name`): one not in NFC, or two that are one
    /// name (accents typed two ways, or case in letters SQLite's NOCASE does not fold). `studyctl` never writes such
    /// names; another program editing the file can, and later commands would then read two things as one.
    /// The count `status` shows (schema v15) against the answers the sets hold: only another program inserting
    /// sets can set them apart.
    static func countProblems(_ db: Database) throws -> [String] {
        var problems: [String] = []
        guard try db.tableExists("study_count") else { return problems }
        for kind in Counted.allCases {
            guard let counted = try Int.fetchOne(db, sql: "SELECT n FROM study_count WHERE kind = ?", arguments: [kind.rawValue]),
                  let held = try Int.fetchOne(db, sql: kind.heldSQL), counted != held else { continue }
            switch kind {
            case .itemAnswers:
                problems.append("the study counts \(counted) item answers where its response sets hold \(held): another program changed response sets without the count")
            case .responseSets:
                problems.append("the study counts \(counted) response sets where it holds \(held): another program added response sets without the count")
            case .participants:
                problems.append("the study counts \(counted) participants where it holds \(held): another program added participants without the count")
            }
        }
        return problems
    }

    static func nameProblems(_ db: Database) throws -> [String] {
        var problems: [String] = []
        let columns = [("attribute", "name", "attribute", nil as String?, true)] + SchemaV11.nameColumns.map { ($0.table, $0.column, $0.noun, $0.scope, $0.nocase) }
        for (table, column, noun, scope, folds) in columns where try db.tableExists(table) {
            var seen: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT \(column) AS name, \(scope ?? "0") AS scope FROM \(table)") {
                let name: String = row["name"]
                if !StudyText.composed(name).utf8.elementsEqual(name.utf8) {
                    problems.append("\(noun) '\(name)' is stored decomposed (\(StoreError.scalars(name))); studyctl stores names in NFC")
                }
                // Attributes are matched by the store regardless of case in any letter; other names as their UNIQUE sees them.
                let key = "\(row["scope"] as Int64? ?? 0)\u{1F}" + (table == "attribute" ? StudyText.key(name) : SchemaV11.uniqueKey(name, nocase: folds))
                if let first = seen[key] {
                    problems.append("\(noun) '\(name)' and '\(first)' are one name spelled two ways")
                } else {
                    seen[key] = name
                }
            }
        }
        return problems
    }

    /// Every response set whose answers do not read back or do not fit their instrument's items.
    static func answerProblems(_ db: Database) throws -> [String] {
        var definitions: [Int64: InstrumentDefinition?] = [:]
        var problems: [String] = []
        let sets = try Row.fetchCursor(db, sql: """
            SELECT r.id, r.instrument_id, ifnull(p.code, '?'), ifnull(i.key, '?'), r.answers
            FROM response_set r LEFT JOIN participant p ON p.id = r.participant_id LEFT JOIN instrument i ON i.id = r.instrument_id
            ORDER BY r.id
            """)
        while let row = try sets.next() {
            let id: Int64 = row[0]
            let instrumentID: Int64 = row[1]
            let key: String = row[3]
            let at = "response set \(id) (\(row[2] as String), \(key))"
            if definitions[instrumentID] == nil {
                definitions[instrumentID] = .some(try? storedInstrument(db, key)?.definition)
            }
            let answers: [Int: Answer]
            do {
                answers = try AnswerColumn.decode(row[4] as String)
            } catch {
                problems.append("\(at): the answers cannot be read (\(error))")
                continue
            }
            guard let definition = definitions[instrumentID] ?? nil else {
                problems.append("\(at): the instrument's definition cannot be read")
                continue
            }
            for (number, answer) in answers.sorted(by: { $0.key < $1.key }) {
                guard let item = definition.item(number) else {
                    problems.append("\(at): item \(number) is not an item of \(definition.id)")
                    continue
                }
                if !definition.accepts(answer, item: item) {
                    problems.append("\(at): item \(number): the answer \(answer.display) does not fit the item")
                }
            }
        }
        return problems
    }

    /// Copies the study to `path` with SQLite's online backup: a consistent copy even while another process
    /// writes. Refuses to overwrite an existing file.
    public func backup(to path: String) throws {
        if FileManager.default.fileExists(atPath: path) { throw StoreError.studyExists(path: path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.noFolder(path: path, folder: folder)
        }
        do {
            let destination = try DatabaseQueue(path: path)
            try dbQueue.backup(to: destination)
            try destination.close()
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }
}
