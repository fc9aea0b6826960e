import GRDB
import Surveys
import Wording

/// What a study holds, for `studyctl status`.
///
/// It is `status --json`'s document (docs/json.md): the terminal table is drawn from the same value.
public struct StudyStatus: Sendable, Equatable, Encodable {
    /// The study file's path, as it was opened.
    public var file: String
    public var title: String
    public var language: StudyLanguage
    public var created: String
    public var schemaVersion: Int
    public var migrations: [String]
    /// Counts per kind, in a fixed, readable order.
    public var counts: [(kind: String, count: Int)]

    enum CodingKeys: String, CodingKey { case file, title, language, created, schemaVersion, migrations, counts }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(title, forKey: .title)
        try container.encode(language.rawValue, forKey: .language)
        try container.encode(created, forKey: .created)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(migrations, forKey: .migrations)
        try container.encode(Dictionary(counts.map { ($0.kind, $0.count) }, uniquingKeysWith: { first, _ in first }), forKey: .counts)
    }

    public static func == (lhs: StudyStatus, rhs: StudyStatus) -> Bool {
        lhs.file == rhs.file && lhs.title == rhs.title && lhs.language == rhs.language && lhs.created == rhs.created
            && lhs.schemaVersion == rhs.schemaVersion && lhs.migrations == rhs.migrations
            && lhs.counts.map(\.kind) == rhs.counts.map(\.kind) && lhs.counts.map(\.count) == rhs.counts.map(\.count)
    }
}

extension StudyDatabase {
    /// Title, language and creation time.
    public func info() throws -> StudyInfo {
        try read { db in try Self.info(db) }
    }

    static func info(_ db: Database) throws -> StudyInfo {
        guard let row = try Row.fetchOne(db, sql: "SELECT title, language, created FROM study WHERE id = 1") else {
            throw StoreError.notAStudy(path: db.configuration.label ?? "study", reason: "its study record is missing")
        }
        return StudyInfo(title: row["title"], language: StudyLanguage(rawValue: row["language"]) ?? .en, created: row["created"])
    }

    /// Counts of everything the study holds, and its schema version.
    public func status() throws -> StudyStatus {
        try read { db in
            let info = try Self.info(db)
            let kinds: [(String, String)] = [
                ("participants", "participant"),
                ("attributes", "attribute"),
                ("tasks", "task"),
                ("conditions", "factor"),
                ("task attempts", "task_attempt"),
                ("sessions", "session"),
                ("instruments", "instrument"),
                ("response sets", "response_set"),
                ("item answers", ""),
                // Interviews only: a moderated session's log is counted apart.
                ("transcripts", "transcript WHERE kind = 'interview'"),
                ("session logs", "transcript WHERE kind = 'session log'"),
                ("excerpts", "excerpt"),
                ("codes", "code"),
                ("categories", "category"),
                ("coders", "coder"),
                ("memos", "memo"),
                ("gaze recordings", "gaze_recording"),
                ("fixations", "gaze_fixation"),
                ("areas of interest", "gaze_aoi"),
            ]
            // Participants, response sets and item answers are counted as they are stored (`study_count`): no table
            // that grows with the respondents is walked, and no set is parsed, here.
            let counts = try kinds.map { kind, table in
                let counted = Counted(rawValue: kind).map { "SELECT n FROM study_count WHERE kind = '\($0.rawValue)'" }
                return (kind, try Int.fetchOne(db, sql: counted ?? "SELECT count(*) FROM \(table)") ?? 0)
            }
            let applied = try Self.migrator.completedMigrations(db)
            return StudyStatus(file: path, title: info.title, language: info.language, created: info.created,
                               schemaVersion: applied.count, migrations: applied, counts: counts)
        }
    }
}
