import Foundation
import GRDB
import Surveys

/// A study file: one SQLite database holding participants, tasks, questionnaires, transcripts and codes.
///
/// Owns the schema's migrations (named, append-only) and exposes writes as intent-named methods, each one
/// immediate transaction, so a failed command leaves the file exactly as it was and two processes writing the
/// same study wait for each other instead of failing.
public final class StudyDatabase: @unchecked Sendable {
    /// The file this study lives in.
    public let path: String
    let dbQueue: DatabaseQueue

    /// Written in the SQLite header (`PRAGMA application_id`) so other SQLite files are told apart: "STDY".
    static let applicationID: Int32 = 0x5354_4459

    /// How long a command waits for another studyctl process to finish writing before giving up.
    static let busyTimeout: TimeInterval = 60

    /// The schema's migrations, oldest first. Append only; never edit one that has landed.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(SchemaV1.identifier) { db in
            try SchemaV1.migrate(db)
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        migrator.registerMigration(SchemaV2.identifier, migrate: SchemaV2.migrate)
        return migrator
    }()

    /// The schema version this studyctl writes: the number of migrations it knows.
    public static var schemaVersion: Int { migrator.migrations.count }

    private init(path: String, dbQueue: DatabaseQueue) {
        self.path = path
        self.dbQueue = dbQueue
    }

    private static func configuration(readonly: Bool = false) -> Configuration {
        // WAL is set once when the study is created and persists in the file; asking for it on every open (as
        // GRDB's `journalMode = .wal` does) would write to the file even for a command that only reads or fails.
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.readonly = readonly
        config.label = "study"
        return config
    }

    /// Creates a new study file. Refuses to touch an existing file.
    public static func create(at path: String, title: String, language: StudyLanguage) throws -> StudyDatabase {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError.emptyTitle }
        if FileManager.default.fileExists(atPath: path) {
            throw StoreError.studyExists(path: path)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.noFolder(path: path, folder: directory)
        }
        do {
            let dbQueue = try DatabaseQueue(path: path, configuration: configuration())
            let study = StudyDatabase(path: path, dbQueue: dbQueue)
            let mode = try dbQueue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            guard mode == "wal" else {
                throw StoreError.notAStudy(path: path, reason: "SQLite cannot use a write-ahead log in this folder")
            }
            try migrator.migrate(dbQueue)
            try study.write { db in
                try db.execute(
                    sql: "INSERT INTO study (id, title, language, created) VALUES (1, ?, ?, ?)",
                    arguments: [trimmed, language.rawValue, Timestamp.now()])
            }
            return study
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }

    /// Opens an existing study, upgrading a study made by an older studyctl in place.
    ///
    /// Refuses a missing file (it is never created here), a file that is not a studyctl study, and a study
    /// made by a newer studyctl.
    public static func open(at path: String) throws -> StudyDatabase {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StoreError.noStudy(path: path)
        }
        if isDirectory.boolValue { throw StoreError.notAStudy(path: path, reason: "it is a folder") }
        try checkHeader(path: path)
        let dbQueue: DatabaseQueue
        do {
            dbQueue = try DatabaseQueue(path: path, configuration: configuration())
        } catch let error as DatabaseError {
            throw StoreError.notAStudy(path: path, reason: error.message ?? "SQLite cannot open it")
        }
        let study = StudyDatabase(path: path, dbQueue: dbQueue)
        try study.checkAndMigrate()
        return study
    }

    /// Looks at the file's first bytes before SQLite opens it, so a file that is not a study is never altered.
    private static func checkHeader(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.notAStudy(path: path, reason: "it cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            throw StoreError.notAStudy(path: path, reason: "it is not an SQLite database")
        }
        let id = header[68..<72].reduce(Int32(0)) { ($0 << 8) | Int32($1) }
        guard id == applicationID else {
            throw StoreError.notAStudy(path: path, reason: "it is an SQLite database, but not a studyctl study")
        }
    }

    private func checkAndMigrate() throws {
        do {
            let (applicationID, hasMigrations) = try dbQueue.read { db in
                (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                 try db.tableExists("grdb_migrations"))
            }
            guard applicationID == Self.applicationID, hasMigrations else {
                throw StoreError.notAStudy(path: path, reason: "it is an SQLite database, but not a studyctl study")
            }
            let (superseded, applied) = try dbQueue.read { db in
                (try Self.migrator.hasBeenSuperseded(db), try Self.migrator.appliedIdentifiers(db))
            }
            if superseded {
                let unknown = applied.subtracting(Self.migrator.migrations).sorted()
                throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
            }
            if applied.count < Self.migrator.migrations.count {
                try Self.migrator.migrate(dbQueue)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notAStudy(path: path, reason: "it is not an SQLite database")
        }
    }

    // MARK: - Transactions

    /// Runs `updates` in one immediate transaction: all of it is stored, or none of it.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try dbQueue.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try updates(db)
                return .commit
            }
            return result!
        }
    }

    /// Runs `value` on a consistent snapshot of the study.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try dbQueue.read(value)
    }
}

/// Timestamps as stored in a study: ISO 8601 in UTC, to the second.
enum Timestamp {
    /// Formatted with the C library: cheap enough to call for every row of a large import.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
