import Foundation
import GRDB

/// The result of checking a study file.
public struct IntegrityReport: Sendable, Equatable, Codable {
    /// What `PRAGMA integrity_check` found ("ok" when the file is sound).
    public var integrity: [String]
    /// Rows whose foreign keys point nowhere (`PRAGMA foreign_key_check`), as "table row id → parent".
    public var foreignKeyViolations: [String]
    public var schemaVersion: Int

    public var ok: Bool { integrity == ["ok"] && foreignKeyViolations.isEmpty }
}

extension StudyDatabase {
    /// Checks the file's structure (SQLite's integrity check) and every foreign key.
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
                                       schemaVersion: try Self.migrator.completedMigrations(db).count)
            }
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR].contains(error.resultCode) {
            report = IntegrityReport(integrity: ["the file cannot be read: \(error.message ?? "database disk image is malformed")"],
                                     foreignKeyViolations: [], schemaVersion: Self.schemaVersion)
        }
        if !isReadOnly {
            if report.ok {
                try? FileManager.default.removeItem(atPath: damageMarker)
            } else {
                let summary = (report.integrity.filter { $0 != "ok" } + report.foreignKeyViolations).prefix(3).joined(separator: "; ")
                try? Data((summary + "\n").utf8).write(to: URL(fileURLWithPath: damageMarker))
            }
        }
        return report
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
