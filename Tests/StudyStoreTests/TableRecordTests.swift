import Foundation
import GRDB
import Testing
@testable import StudyStore

/// Each table the store writes or reads whole has one Codable record naming its columns (`StudyTableRecords`), and
/// that record holds every column of the table as the migrations leave it, and no other: a migration that adds a
/// column fails here until the record has it.
@Suite struct TableRecordTests {
    /// The record's columns: a row of the table with a value in every column, decoded into the record and encoded again.
    static func columns<Record: StudyTableRecord>(of record: Record.Type, in db: Database) throws -> (table: [String], record: [String]) {
        let table = try db.columns(in: Record.databaseTableName)
        var values: [String: (any DatabaseValueConvertible)?] = [:]
        for column in table {
            switch column.type.uppercased() {
            case "INTEGER": values[column.name] = 1
            case "REAL": values[column.name] = 1.5
            default: values[column.name] = "x"
            }
        }
        let decoded = try Record(row: Row(values))
        return (table.map(\.name).sorted(), try decoded.databaseDictionary.keys.sorted())
    }

    @Test func everyRecordNamesEveryColumnOfItsTable() throws {
        let folder = try TemporaryFolder()
        let study = try StudyDatabase.create(at: folder.path("records.sqlite"), title: "Records", language: .en)
        func check<Record: StudyTableRecord>(_ record: Record.Type, _ db: Database) throws {
            let (table, columns) = try Self.columns(of: record, in: db)
            #expect(!table.isEmpty, "\(Record.databaseTableName) exists")
            #expect(columns == table, "\(Record.self) against table \(Record.databaseTableName)")
        }
        try study.read { db in
            for record in StudyTableRecords.all { try check(record, db) }
        }
        #expect(StudyTableRecords.all.count >= 9)
    }

    /// A record written is the row a reader finds: the withdrawals, in their order, through the store's public face.
    @Test func aWithdrawalWrittenByItsRecordReadsBack() throws {
        let folder = try TemporaryFolder()
        let study = try StudyDatabase.create(at: folder.path("records.sqlite"), title: "Records", language: .en)
        try study.write { db in
            try StudyDatabase.insert(db, WithdrawalRecord(participant: "P2", at: "2026-11-29T10:00:00-03:00", scope: .removed, consentVersion: "v1"))
            try StudyDatabase.insert(db, WithdrawalRecord(participant: "P1", at: "2026-11-29T11:00:00-03:00", scope: .removed, consentVersion: nil))
        }
        let read = try study.withdrawals()
        #expect(read.map(\.participant) == ["P2", "P1"])
        #expect(read.map(\.consentVersion) == ["v1", nil])
    }
}
