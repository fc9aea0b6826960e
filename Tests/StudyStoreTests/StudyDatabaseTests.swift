import Foundation
import GRDB
import Testing
@testable import StudyStore

@Suite struct StudyDatabaseTests {
    @Test func createsStudyWithSchemaAndSettings() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder, title: "  Avaliação do UITracking ")
        let status = try study.status()
        #expect(status.title == "Avaliação do UITracking")
        #expect(status.language == .ptBR)
        #expect(status.schemaVersion == StudyDatabase.schemaVersion)
        #expect(status.migrations == ["v1-study", "v2-attempt-reported-total", "v3-confusable-codes-and-ranges", "v4-eye-tracking", "v5-gaze-media-and-filters", "v6-identifying-attributes", "v7-foreign-guids", "v8-answer-checks-in-store", "v9-answers-per-set", "v10-answers-check-without-parse", "v11-names-composed", "v12-moderated-sessions", "v13-consensus-coders", "v14-form-start-times", "v15-answer-count", "v16-participant-and-set-counts", "v17-session-after-and-observer", "v18-transcript-turns", "v19-media", "v20-gaze-session-clock", "v21-task-target-time", "v22-task-error-opportunities", "v23-foreign-ids-any-length-and-selection-guids", "v24-transcript-annotations", "v25-dropped-responses", "v27-retired-numbers", "v29-transcript-words", "v30-transcript-header", "v31-labels", "v33-consent-withdrawal", "v35-suggested-codings"])
        #expect(status.counts.allSatisfy { $0.count == 0 })
        let (journal, foreignKeys, applicationID) = try study.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try Int32.fetchOne(db, sql: "PRAGMA application_id"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(applicationID == StudyDatabase.applicationID)
    }

    /// The study's language is read through an SQLite URI: a path with spaces, `?`, `#`, `%` and accents still
    /// names the file, and so does the read-only open of a file that cannot be written.
    @Test func pathsWithURICharactersOpen() throws {
        #expect(StudyDatabase.uriPath("/tmp/a b/ç?#%.sqlite") == "/tmp/a%20b/%C3%A7%3F%23%25.sqlite")
        #expect(StudyDatabase.uriPath("/x/Study_1-final.v2~.sqlite") == "/x/Study_1-final.v2~.sqlite")
        let folder = try TemporaryFolder()
        let path = folder.path("Avaliação #2 ?100% (final).sqlite")
        _ = try StudyDatabase.create(at: path, title: "T", language: .ptBR)
        #expect(StudyDatabase.language(at: path) == .ptBR)
        chmod(path, 0o444)
        defer { chmod(path, 0o644) }
        if access(path, W_OK) != 0 {  // as root every file is writable: the read-only open is not reached
            let study = try StudyDatabase.open(at: path)
            #expect(study.isReadOnly)
            #expect(try study.status().title == "T")
        }
    }

    @Test func refusesToOverwriteAnExistingFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("study.sqlite", "my thesis notes")
        #expect(throws: StoreError.studyExists(path: path)) {
            _ = try StudyDatabase.create(at: path, title: "T", language: .en)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my thesis notes")
    }

    @Test func refusesFolderThatDoesNotExist() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing/study.sqlite")
        #expect(throws: StoreError.noFolder(path: path, folder: folder.path("missing"))) {
            _ = try StudyDatabase.create(at: path, title: "T", language: .en)
        }
    }

    @Test func openNeverCreatesAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("none.sqlite")
        #expect(throws: StoreError.noStudy(path: path)) { _ = try StudyDatabase.open(at: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func refusesFilesThatAreNotStudiesAndLeavesThemAlone() throws {
        let folder = try TemporaryFolder()
        let text = try folder.write("notes.sqlite", String(repeating: "not a database\n", count: 20))
        #expect(throws: StoreError.notAStudy(path: text, reason: "it is not an SQLite database")) {
            _ = try StudyDatabase.open(at: text)
        }
        let empty = try folder.write("empty.sqlite", "")
        #expect(throws: StoreError.notAStudy(path: empty, reason: "it is not an SQLite database")) {
            _ = try StudyDatabase.open(at: empty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)

        let other = folder.path("other.sqlite")
        try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(throws: StoreError.notAStudy(path: other, reason: "it is an SQLite database, but not a studyctl study")) {
            _ = try StudyDatabase.open(at: other)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
    }

    @Test func refusesStudyFromANewerStudyctlUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("study.sqlite")
        do {
            let study = try StudyDatabase.create(at: path, title: "T", language: .en)
            // As a newer studyctl's upgrade leaves it: one more step, counted in the header's user_version.
            try study.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v9-future-feature')")
            try study.execute("PRAGMA user_version = \(StudyDatabase.schemaVersion + 1)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { _ = try StudyDatabase.open(at: path) }
        #expect(error == .newerSchema(path: path, unknownMigrations: ["v9-future-feature"]))
        #expect(error?.localizedDescription.contains("newer studyctl") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A study written by the first schema version (committed under Tests/Fixtures/studies) opens, upgrades in
    /// place, and keeps every participant and attribute.
    @Test func upgradesAStudyFromTheFirstSchemaVersion() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v1.sqlite")
        try FileManager.default.copyItem(atPath: Fixtures.root.appendingPathComponent("studies/v1-uitracking.sqlite").path, toPath: path)
        let study = try StudyDatabase.open(at: path)
        let status = try study.status()
        #expect(status.schemaVersion == StudyDatabase.schemaVersion)
        #expect(status.migrations == StudyDatabase.migrator.migrations)
        let roster = try study.roster()
        #expect(roster.participants.map(\.code) == (1...10).map { "P\($0)" })
        #expect(roster.participants[8].value(of: "years_ios") == .number(3.5))
        #expect(roster.participants.map { $0.value(of: "level_rule") } == roster.participants.map { $0.value(of: "level") })
        #expect(roster.attributes.first { $0.name == "level_rule" }?.derivedFrom == "years_ios")
    }

    /// "Trust SQLite more than yourself": the schema itself refuses impossible data.
    @Test func schemaRefusesImpossibleData() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.execute("""
            INSERT INTO instrument (id, key, version, title, definition, added) VALUES (1, 'sus', '1996', 'SUS', '{}', 'now');
            INSERT INTO instrument_item (instrument_id, number, kind, scale_min, scale_max) VALUES (1, 1, 'likert', 1, 5);
            INSERT INTO response_set (id, participant_id, instrument_id, recorded) VALUES (1, 1, 1, 'now');
            """)
        // Answers that are not a JSON object keyed by item, or changed in place instead of replaced.
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO response_set (id, participant_id, instrument_id, recorded, answers) VALUES (2, 1, 1, 'now', '{\"1\":')")
        }
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO response_set (id, participant_id, instrument_id, recorded, answers) VALUES (2, 1, 1, 'now', '[4]')")
        }
        #expect(throws: StoreError.self) {
            try study.execute("UPDATE response_set SET answers = '{\"1\":4}' WHERE id = 1")
        }
        // An orphan set.
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO response_set (participant_id, instrument_id, recorded) VALUES (99, 1, 'now')")
        }
        // Two answer sets of the same instrument for the same participant and occasion.
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO response_set (participant_id, instrument_id, recorded) VALUES (1, 1, 'now')")
        }
        // A literature category without its reference; an attempt with negative time.
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO category (name, origin, position, created) VALUES ('X', 'literature', 1, 'now')")
        }
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO task (id, key, title, position) VALUES (1, 'T1', 'Task', 1)")
            try study.execute("INSERT INTO task_attempt (participant_id, task_id, time_seconds, recorded) VALUES (1, 1, -3, 'now')")
        }
        #expect(try study.status().counts.first { $0.kind == "item answers" }?.count == 0)
    }

    /// Two connections (as two studyctl processes) writing at once both succeed: the busy timeout makes the
    /// second wait for the first instead of failing.
    @Test func concurrentWritersBothSucceed() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("study.sqlite")
        _ = try StudyDatabase.create(at: path, title: "T", language: .en)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let study = try StudyDatabase.open(at: path)
                    for index in 0..<50 {
                        try study.addParticipant(code: "W\(writer)-\(index)", attributes: [("n", "\(index)")])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try StudyDatabase.open(at: path).roster().participants.count == 100)
    }
}
