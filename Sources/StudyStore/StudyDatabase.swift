import Foundation
import GRDB
import GRDBSQLite
import StudyBasics
import Surveys
import Wording

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

    /// The schema's steps, oldest first. Append only; never edit one that has landed.
    static let steps: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        (SchemaV1.identifier, { db in
            try SchemaV1.migrate(db)
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }),
        (SchemaV2.identifier, SchemaV2.migrate),
        (SchemaV3.identifier, SchemaV3.migrate),
        (SchemaV4.identifier, SchemaV4.migrate),
        (SchemaV5.identifier, SchemaV5.migrate),
        (SchemaV6.identifier, SchemaV6.migrate),
        (SchemaV7.identifier, SchemaV7.migrate),
        (SchemaV8.identifier, SchemaV8.migrate),
        (SchemaV9.identifier, SchemaV9.migrate),
        (SchemaV10.identifier, SchemaV10.migrate),
        (SchemaV11.identifier, SchemaV11.migrate),
        (SchemaV12.identifier, SchemaV12.migrate),
        (SchemaV13.identifier, SchemaV13.migrate),
        (SchemaV14.identifier, SchemaV14.migrate),
        (SchemaV15.identifier, SchemaV15.migrate),
        (SchemaV16.identifier, SchemaV16.migrate),
        (SchemaV17.identifier, SchemaV17.migrate),
        (SchemaV18.identifier, SchemaV18.migrate),
        (SchemaV19.identifier, SchemaV19.migrate),
        (SchemaV20.identifier, SchemaV20.migrate),
        (SchemaV21.identifier, SchemaV21.migrate),
        (SchemaV22.identifier, SchemaV22.migrate),
        (SchemaV23.identifier, SchemaV23.migrate),
        (SchemaV24.identifier, SchemaV24.migrate),
        (SchemaV25.identifier, SchemaV25.migrate),
        (SchemaV27.identifier, SchemaV27.migrate),
        (SchemaV29.identifier, SchemaV29.migrate),
        (SchemaV30.identifier, SchemaV30.migrate),
        (SchemaV31.identifier, SchemaV31.migrate),
        (SchemaV33.identifier, SchemaV33.migrate),
        (SchemaV35.identifier, SchemaV35.migrate),
    ]

    /// GRDB's view of the same steps, for reading which ones a file has (`grdb_migrations`). Upgrades run through
    /// `upgrade(_:)`, which re-checks the applied steps inside one exclusive transaction.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for step in steps { migrator.registerMigration(step.identifier, migrate: step.migrate) }
        return migrator
    }()

    /// Applies the missing steps in one exclusive transaction, reading what is applied inside it, so several
    /// processes opening an old study at once upgrade it once: the first does, the others find it done.
    static func upgrade(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                for step in steps where !applied.contains(step.identifier) {
                    try step.migrate(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.identifier])
                }
                // The header's user_version mirrors the steps applied, so opening a current study reads no table.
                try db.execute(sql: "PRAGMA user_version = \(steps.count)")
                if let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
                    throw StoreError.notAStudy(path: db.configuration.label ?? "study",
                                               reason: "the upgrade would leave a broken reference in table \(violation[0] as String? ?? "?")")
                }
                return .commit
            }
        }
    }

    /// The schema version this studyctl writes: the number of migrations it knows.
    public static var schemaVersion: Int { steps.count }

    /// Whether this study was opened read-only because its file or folder cannot be written (a read-only mount,
    /// a file without write permission): reads work; a write says why it cannot happen.
    public internal(set) var isReadOnly = false

    init(path: String, dbQueue: DatabaseQueue) {
        self.path = path
        self.dbQueue = dbQueue
    }

    static func configuration(readonly: Bool = false) -> Configuration {
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
    ///
    /// The study is built under a temporary name beside `path` and renamed into place only when complete, so an
    /// interrupted `init` (kill -9, a full disk) never leaves a half-made file under the study's name.
    public static func create(at path: String, title: String, language: StudyLanguage) throws -> StudyDatabase {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError.emptyTitle }
        if let problem = TextSafety.nulProblem(in: trimmed) { throw StoreError.invalidInput([.init(location: "--title", message: problem)]) }
        if FileManager.default.fileExists(atPath: path) {
            throw StoreError.studyExists(path: path)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.noFolder(path: path, folder: directory)
        }
        let temporary = URL(fileURLWithPath: directory)
            .appendingPathComponent(".\(URL(fileURLWithPath: path).lastPathComponent).init-\(getpid())").path
        func removeTemporary() {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        }
        removeTemporary()
        do {
            // Built in rollback-journal mode, switched to WAL as the last step, then closed: the file is complete
            // on its own (no -wal beside it) when it is renamed into place.
            let dbQueue = try DatabaseQueue(path: temporary, configuration: configuration())
            try upgrade(dbQueue)
            try dbQueue.write { db in
                try db.execute(
                    sql: "INSERT INTO study (id, title, language, created) VALUES (1, ?, ?, ?)",
                    arguments: [trimmed, language.rawValue, Timestamp.now()])
                try db.execute(sql: "UPDATE study SET pseudonym_secret = lower(hex(randomblob(16))) WHERE id = 1")
            }
            let mode = try dbQueue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            guard mode == "wal" else {
                throw StoreError.notAStudy(path: path, reason: "SQLite cannot use a write-ahead log in this folder")
            }
            try dbQueue.close()
            // link(2) refuses an existing target, so a study created meanwhile by another process is never replaced.
            if link(temporary, path) != 0 {
                var code = errno
                // File systems without hard links (FAT, exFAT, some network shares): rename, after a last look.
                if code != EEXIST, !FileManager.default.fileExists(atPath: path) {
                    code = rename(temporary, path) == 0 ? 0 : errno
                }
                if code != 0 {
                    removeTemporary()
                    if code == EEXIST { throw StoreError.studyExists(path: path) }
                    throw StoreError.storage(path: path, reason: "cannot create the file (\(Sentence(verbatim: String(cString: strerror(code)))))")
                }
            }
            removeTemporary()
            return try open(at: path)
        } catch let error as DatabaseError {
            removeTemporary()
            throw explain(error, path: path)
        } catch {
            removeTemporary()
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
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let writable = access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
        do {
            if writable {
                let dbQueue = try DatabaseQueue(path: path, configuration: configuration())
                let study = StudyDatabase(path: path, dbQueue: dbQueue)
                try study.checkAndMigrate()
                return study
            }
            // A read-only file or mount: SQLite cannot make the WAL index beside it, so the file is opened as
            // immutable. Every read works; a write is refused with the reason.
            let dbQueue = try DatabaseQueue(path: "file:\(uriPath(path))?immutable=1",
                                            configuration: configuration(readonly: true))
            let study = StudyDatabase(path: path, dbQueue: dbQueue)
            study.isReadOnly = true
            try study.checkAndMigrate()
            return study
        } catch let error as DatabaseError {
            throw explain(error, path: path)
        }
    }

    /// Opens another study to read only (`trend --studies`, `search --studies`, the Across tab): never upgraded,
    /// never written, its bytes left as they were. Without a write-ahead log beside it the file is opened immutable
    /// (SQLite makes no file beside it, and no process is writing it); with one (a studyctl writing it now, or one
    /// that was stopped), read-only through the log, so its last committed changes are read. Every read runs in one
    /// transaction begun here: the study as it stood when opened (a WAL snapshot), whatever another process commits
    /// meanwhile. A study made by an older studyctl is refused with how to upgrade it.
    public static func openForReading(at path: String) throws -> StudyDatabase {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StoreError.noStudy(path: path)
        }
        if isDirectory.boolValue { throw StoreError.notAStudy(path: path, reason: "it is a folder") }
        try checkHeader(path: path)
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        let uri = log > 0 ? "file:\(uriPath(path))?mode=ro" : "file:\(uriPath(path))?immutable=1"
        do {
            var readOnly = configuration(readonly: true)
            readOnly.allowsUnsafeTransactions = true
            let dbQueue = try DatabaseQueue(path: uri, configuration: readOnly)
            let study = StudyDatabase(path: path, dbQueue: dbQueue)
            study.isReadOnly = true
            try study.checkAndMigrate(upgradeAdvice: "it was made by an older studyctl and is opened here only to read; run 'studyctl status --db' on it once to upgrade it")
            try dbQueue.inDatabase { db in
                try db.execute(sql: "BEGIN DEFERRED")
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
            }
            return study
        } catch let error as DatabaseError {
            throw explain(error, path: path)
        }
    }

    /// The language of the study at `path`, read without changing the file (no upgrade, no WAL index: the file is
    /// opened immutable), or nil when there is no readable study there. For words said before a command opens it.
    public static func language(at path: String) -> StudyLanguage? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              (try? checkHeader(path: path)) != nil else { return nil }
        let uri = "file:\(uriPath(path))?immutable=1"
        // One row through SQLite's C API: every command asks this before it starts, and a database queue (its
        // dispatch queue, its configuration) for one row cost a millisecond of each command's start.
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else { return nil }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "SELECT language FROM study WHERE id = 1", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return StudyLanguage(rawValue: String(cString: text))
    }

    /// Says what an SQLite failure means for the study at `path`, in the researcher's terms.
    static func explain(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notAStudy(path: path, reason: "it is not an SQLite database")
        case .SQLITE_FULL:
            return .storage(path: path, reason: "the disk is full; free some space and try again (nothing was changed)")
        case .SQLITE_IOERR:
            return .storage(path: path, reason: "the disk reported an input/output error; nothing was changed")
        case .SQLITE_READONLY:
            return .storage(path: path, reason: "the file or its folder is read-only, so nothing can be written; reads still work")
        case .SQLITE_CORRUPT:
            return .storage(path: path, reason: "the file is damaged where SQLite cannot read it; restore it from a backup (a copy 'studyctl backup' made)")
        case .SQLITE_CANTOPEN:
            return .storage(path: path, reason: "SQLite cannot open it; check the file's permissions")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .storage(path: path, reason: "another program kept it locked for more than \(Int(busyTimeout)) s; try again")
        default:
            return .storage(path: path, reason: "the database engine failed (SQLite result code \(String(error.resultCode.rawValue)))")
        }
    }

    /// `path` as the path of an SQLite URI: every byte but letters, digits, `-._~` and `/` percent-encoded
    /// (SQLite decodes `%HH` anywhere in it). By hand: Foundation's `.urlPathAllowed` set was built anew on every
    /// command's start, a third of reading the study's language.
    static func uriPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Looks at the file's first bytes before SQLite opens it, so a file that is not a study is never altered.
    static func checkHeader(path: String) throws {
        // The C library's calls: every command reads these 100 bytes before it starts.
        guard let file = fopen(path, "rb") else {
            throw StoreError.notAStudy(path: path, reason: "it cannot be read (permission denied)")
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, 100, file) }
        guard count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw StoreError.notAStudy(path: path, reason: "it is not an SQLite database")
        }
        let id = header[68..<72].reduce(Int32(0)) { ($0 << 8) | Int32($1) }
        guard id == applicationID else {
            throw StoreError.notAStudy(path: path, reason: "it is an SQLite database, but not a studyctl study")
        }
    }

    private func checkAndMigrate(upgradeAdvice: Sentence? = nil) throws {
        let (applicationID, applied) = try dbQueue.read { db -> (Int32, Set<String>?) in
            let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            // `upgrade` records the number of steps applied in the header's user_version (read through SQLite, so
            // a change still in the write-ahead log counts): a study at this schema needs no look at its tables.
            if id == Self.applicationID, try Int.fetchOne(db, sql: "PRAGMA user_version") == Self.steps.count {
                return (id, Set(Self.steps.map(\.identifier)))
            }
            guard try db.tableExists("grdb_migrations") else { return (id, nil) }
            return (id, Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")))
        }
        guard applicationID == Self.applicationID, let applied else {
            throw StoreError.notAStudy(path: path, reason: "it is an SQLite database, but not a studyctl study")
        }
        let known = Set(Self.steps.map(\.identifier))
        let unknown = applied.subtracting(known).sorted()
        if !unknown.isEmpty {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
        }
        if applied.count < known.count {
            if isReadOnly {
                throw StoreError.storage(path: path, reason: upgradeAdvice ?? "it was made by an older studyctl and needs an upgrade, which a read-only file cannot take; copy it somewhere writable")
            }
            try Self.upgrade(dbQueue)
        }
    }

    // MARK: - Transactions

    /// Runs `updates` in one immediate transaction: all of it is stored, or none of it.
    ///
    /// `bulk` turns SQLite's per-row foreign-key checks off for the transaction (they are most of the engine's
    /// cost per answer in a large import); the caller then builds every reference from rows it looked up in the
    /// same transaction, deletes children itself instead of relying on cascades, and checks what it wrote once
    /// before returning (`verifyItems`).
    ///
    /// Refused when the study is read-only, or when the last `studyctl check` found the file damaged (see
    /// `damageMarker`): writing to a damaged file could spread the damage.
    func write<T>(bulk: Bool = false, _ updates: (Database) throws -> T) throws -> T {
        if isReadOnly {
            throw StoreError.storage(path: path, reason: "the file or its folder is read-only, so nothing can be written; reads still work")
        }
        if let damage = try? String(contentsOfFile: damageMarker, encoding: .utf8) {
            throw StoreError.damaged(path: path, found: damage.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            return try dbQueue.writeWithoutTransaction { db in
                // A bulk write also keeps SQLite's statement journal in memory: each multi-row insert statement
                // journals what it would undo, and on disk that was hundreds of megabytes of writes at a million
                // respondents. The transaction's own journal (the WAL) is untouched: a kill -9 still leaves all or
                // nothing, and a refused import leaves the file's bytes as they were. (Switching to a rollback journal
                // for large imports wrote their pages once instead of twice, but the switch rewrites the file's header,
                // so a refused import no longer left the same bytes.)
                if bulk { try db.execute(sql: "PRAGMA foreign_keys = OFF; PRAGMA temp_store = MEMORY") }
                defer { if bulk { try? db.execute(sql: "PRAGMA foreign_keys = ON; PRAGMA temp_store = DEFAULT") } }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try updates(db)
                    return .commit
                }
                // The transaction committed, so `updates` ran and returned.
                guard let result else { throw StoreError.refused(what: "the write", reason: "its transaction committed without running it") }
                return result
            }
        } catch let error as DatabaseError where [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CORRUPT, .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_BUSY].contains(error.resultCode) {
            throw Self.explain(error, path: path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT || error.resultCode == .SQLITE_TOOBIG {
            throw Self.refusal(error)
        }
    }

    /// The tables a researcher knows by another name.
    static let tableNouns = [
        "participant": "participant", "attribute": "attribute", "participant_attribute": "attribute value", "task": "task",
        "factor": "condition", "factor_level": "condition level", "task_attempt": "attempt", "instrument": "instrument",
        "response_set": "response set", "coder": "coder", "transcript": "transcript", "excerpt": "excerpt", "code": "code",
        "category": "category", "code_category": "code's category", "memo": "memo", "gaze_media": "media", "gaze_aoi": "AOI",
        "gaze_recording": "gaze recording", "gaze_fixation": "fixation", "media": "recording",
    ]

    /// What the study's constraints refused, in the tool's words: the second line of defence behind the checks
    /// every write makes first (a refusal here is a check that was missed, never a raw SQLite message).
    static func refusal(_ error: DatabaseError) -> StoreError {
        if error.message?.contains("studyctl: withdrawn participant") == true { return .withdrawnParticipantAgain }
        let sql = error.sql ?? ""
        var table = ""
        if let range = sql.range(of: #"(?i)(INSERT( OR [A-Z]+)? INTO|UPDATE|DELETE FROM)\s+([a-z_0-9]+)"#, options: .regularExpression) {
            table = String(sql[range].split(separator: " ").last ?? "")
        }
        let noun = tableNouns[table] ?? (table.isEmpty ? "a value" : table.replacingOccurrences(of: "_", with: " "))
        let message = error.message ?? ""
        let reason: String
        if let rule = message.range(of: "CHECK constraint failed: ") {
            let check = String(message[rule.upperBound...])
            if let limit = check.range(of: #"length\((trim\()?[a-z_]+\)?\) BETWEEN \d+ AND (\d+)"#, options: .regularExpression) {
                let text = String(check[limit])
                let maximum = text.split(separator: " ").last.map(String.init) ?? "?"
                reason = "a name or key there has 1 to \(maximum) characters (Unicode code points)"
            } else {
                reason = "a value breaks the rule \(check)"
            }
        } else if message.contains("UNIQUE constraint failed") {
            reason = "one with the same name or key exists already"
        } else if message.contains("FOREIGN KEY constraint failed") {
            reason = "it refers to something the study does not have"
        } else if message.contains("NOT NULL constraint failed") {
            reason = "a required value is missing (\(message.components(separatedBy: ": ").last ?? ""))"
        } else {
            reason = "a value is too large or breaks the study's rules"
        }
        return .refused(what: noun == "a value" ? noun : "a \(noun)", reason: reason)
    }

    /// The file beside the study where `check` records damage it found; writes are refused while it exists, and
    /// a later `check` that finds the file sound removes it.
    var damageMarker: String { path + ".damaged" }

    /// Runs `value` on a consistent snapshot of the study.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        do {
            return try dbQueue.read(value)
        } catch let error as DatabaseError where [.SQLITE_IOERR, .SQLITE_CORRUPT, .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_BUSY].contains(error.resultCode) {
            throw Self.explain(error, path: path)
        }
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
