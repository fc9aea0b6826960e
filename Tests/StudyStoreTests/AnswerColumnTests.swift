import Foundation
import GRDB
import Surveys
import Testing
@testable import StudyStore

@Suite struct AnswerColumnTests {
    @Test func writesOneJSONObjectInItemOrder() {
        let (answers, raw) = AnswerColumn.text([10: .value(3), 2: .value(2.5), 1: .notApplicable, 3: .choice("sim"), 4: .text("Disse \"não\"\n\u{1}ok")],
                                               typed: [2: "2,5", 10: "3", 3: "Sim"])
        #expect(answers == #"{"1":null,"2":2.5,"3":{"c":"sim"},"4":{"t":"Disse \"não\"\n\u0001ok"},"10":3}"#)
        #expect(raw == #"{"2":"2,5","3":"Sim"}"#, "what was typed is kept where it is not the answer's own text")
        #expect(AnswerColumn.text([1: .value(4)], typed: [1: "4"]).raw == nil)
        #expect(AnswerColumn.text([:]).answers == "{}")
    }

    @Test func readsBackWhatItWrote() throws {
        let samples: [[Int: Answer]] = [
            [:], [1: .value(-0.0)], [1: .value(1e-5), 2: .value(-7), 3: .value(123_456_789_012_345_680)],
            [1: .text("emoji 😀, \\ barra, \t tab"), 2: .choice("não"), 70: .notApplicable],
        ]
        for sample in samples {
            #expect(try AnswerColumn.decode(AnswerColumn.text(sample).answers) == sample)
        }
        #expect(try AnswerColumn.decodeTyped(#"{"2":"2,5","3":"Sim"}"#) == [2: "2,5", 3: "Sim"])
    }

    /// A column edited by hand in SQLite is read as JSON allows (spaces, escapes, exponents); SQLite's own
    /// json_group_object output (the migration's) too.
    @Test func readsAnyValidJSONOfTheShape() throws {
        #expect(try AnswerColumn.decode(" { \"1\" : 4.0 ,\n\"2\":null, \"3\": {\"t\": \"a\\u00e7\\ud83d\\ude00\\/\"}, \"4\": 2E1 } ")
                == [1: .value(4), 2: .notApplicable, 3: .text("aç😀/"), 4: .value(20)])
    }

    @Test func refusesWhatIsNotTheShape() {
        for text in ["", "[]", "{\"1\":4", "{\"x\":4}", "{\"1\":\"4\"}", "{\"1\":{\"k\":\"a\"}}", "{\"1\":4} x", "{\"1\":tru}", "{\"1\":\"\\ud800\"}", "{\"1\":1e400}", "{\"1\":-1e999}"] {
            #expect(throws: AnswerColumn.Malformed.self, "\(text)") { _ = try AnswerColumn.decode(text) }
        }
    }

    /// A study written before answers were kept per set (schema step 8) upgrades in place: every answer, N/A,
    /// choice, open answer and what was typed come through, and the old table is gone.
    @Test func upgradesAStudyWithAnswersPerRow() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v8.sqlite")
        let queue = try DatabaseQueue(path: path)
        let perception = try InstrumentDefinition.load(path: Fixtures.root.appendingPathComponent("instruments/codeforall-perception.json").path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for step in StudyDatabase.steps.prefix(8) {
                try step.migrate(db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.identifier])
            }
            try db.execute(sql: "PRAGMA user_version = 8")
            try db.execute(sql: "INSERT INTO study (id, title, language, created) VALUES (1, 'Old', 'pt-BR', 'now')")
            try db.execute(sql: "INSERT INTO participant (id, code, created) VALUES (1, 'P1', 'now'), (2, 'P2', 'now'), (3, 'P3', 'now')")
            let sus = try StudyDatabase.insertInstrument(db, InstrumentCatalog.builtin("sus")!, builtin: true)
            let custom = try StudyDatabase.insertInstrument(db, perception, builtin: false)
            try db.execute(sql: """
                INSERT INTO response_set (id, participant_id, instrument_id, recorded) VALUES (1, 1, \(sus), 'now'), (2, 2, \(sus), 'now'),
                    (3, 1, \(custom), 'now'), (4, 3, \(sus), 'now');
                INSERT INTO item_answer (response_set_id, instrument_id, item_number, value, raw) VALUES
                    (1, \(sus), 1, 4, 'Concordo'), (1, \(sus), 10, 2, '2'), (1, \(sus), 2, 1.5, NULL), (2, \(sus), 3, 5, '5');
                INSERT INTO item_answer (response_set_id, instrument_id, item_number, not_applicable, raw) VALUES (2, \(sus), 4, 1, 'N/A');
                INSERT INTO item_answer (response_set_id, instrument_id, item_number, choice, raw) VALUES (3, \(custom), 1, 'yes', 'Sim');
                INSERT INTO item_answer (response_set_id, instrument_id, item_number, text, raw) VALUES (3, \(custom), 3, 'Mais "exemplos"', 'Mais "exemplos"');
                """)
        }
        try queue.close()

        let study = try StudyDatabase.open(at: path)
        #expect(try study.status().schemaVersion == StudyDatabase.schemaVersion)
        let sus = try study.responseSets(instrument: "sus").1
        #expect(sus.map(\.participant) == ["P1", "P2", "P3"])
        #expect(sus.map(\.answers) == [[1: .value(4), 2: .value(1.5), 10: .value(2)], [3: .value(5), 4: .notApplicable], [:]])
        #expect(try study.responseSets(instrument: "codeforall-perception").1.map(\.answers) == [[1: .choice("yes"), 3: .text("Mais \"exemplos\"")]])
        let rows = try study.read { db in try Row.fetchAll(db, sql: "SELECT answers, raw FROM response_set ORDER BY id") }
        #expect(rows.map { $0["answers"] as String } == [#"{"1":4,"2":1.5,"10":2}"#, #"{"3":5,"4":null}"#, #"{"1":{"c":"yes"},"3":{"t":"Mais \"exemplos\""}}"#, "{}"])
        #expect(rows.map { $0["raw"] as String? } == [#"{"1":"Concordo"}"#, #"{"4":"N/A"}"#, #"{"1":"Sim"}"#, nil])
        #expect(try study.read { db in try db.tableExists("item_answer") } == false)
        #expect(try study.status().counts.first { $0.kind == "item answers" }?.count == 7)
        var streamed: [String] = []
        try study.forEachAnswer { streamed.append("\($0.participant) \($0.instrument) \($0.item) \($0.value.map { "\($0)" } ?? $0.answer ?? "N/A")") }
        #expect(streamed == ["P1 sus 1 4.0", "P1 sus 2 1.5", "P1 sus 10 2.0", "P2 sus 3 5.0", "P2 sus 4 N/A",
                             "P1 codeforall-perception 1 yes", "P1 codeforall-perception 3 Mais \"exemplos\""])
    }

    /// The rebuilt table (step 10) refuses an answers column that does not open a JSON object without parsing
    /// it, and keeps its unique index and its refusal of updates.
    @Test func theColumnMustOpenAnObject() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addParticipant(code: "P2", attributes: [])
        try study.recordResponses(instrument: "umux-lite", ResponseSubmission(participant: "P1", answers: [1: .value(6), 2: .value(7)]), replace: false)
        let before = try study.dump()
        let instrument = "(SELECT id FROM instrument WHERE key = 'umux-lite')"
        for answers in ["'[1]'", "'5'", "5", "''", "x'7B7D'", "' {}'", "'|'"] {
            #expect(throws: StoreError.self, "\(answers)") {
                try study.execute("INSERT INTO response_set (participant_id, instrument_id, recorded, answers) VALUES (2, \(instrument), 'now', \(answers))")
            }
        }
        #expect(throws: StoreError.self, "one set per participant, instrument, task and occasion") {
            try study.execute("INSERT INTO response_set (participant_id, instrument_id, recorded, answers) VALUES (1, \(instrument), 'now', '{}')")
        }
        #expect(throws: StoreError.self, "answers are replaced, not updated") {
            try study.execute("UPDATE response_set SET answers = '{\"1\":1}'")
        }
        #expect(try study.dump() == before)
        try study.execute("INSERT INTO response_set (participant_id, instrument_id, recorded, answers) VALUES (2, \(instrument), 'now', '{}')")
    }

    /// A set whose column was broken by hand is an error naming the set, not a crash or a silently empty set.
    @Test func aDamagedColumnIsNamed() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for code in ["P1", "P2"] {
            try study.addParticipant(code: code, attributes: [])
            try study.recordResponses(instrument: "umux-lite", ResponseSubmission(participant: code, answers: [1: .value(6), 2: .value(7)]), replace: false)
        }
        try study.execute("""
            DROP TRIGGER response_set_answers_replaced;
            UPDATE response_set SET answers = '{"1":"six"}' WHERE id = 1;
            UPDATE response_set SET answers = '{"1":9,"2":7,"5":1}' WHERE id = 2;
            """)
        let error = #expect(throws: StoreError.self) { _ = try study.responseSets(instrument: "umux-lite") }
        #expect(error?.localizedDescription.contains("response set 1: its answers cannot be read (expected an answer") == true)
        #expect(error?.localizedDescription.hasPrefix(folder.path("study.sqlite") + ": ") == true, "the error names the study file")
        // `check` names it, and an answer that reads but does not fit its item (a Likert 9, an item the instrument lacks).
        let report = try study.check()
        #expect(report.answerProblems == [#"response set 1 (P1, umux-lite): the answers cannot be read (expected an answer (a number, null, {"c": …} or {"t": …}) at character 6)"#,
                                          "response set 2 (P2, umux-lite): item 1: the answer 9 does not fit the item",
                                          "response set 2 (P2, umux-lite): item 5 is not an item of umux-lite"])
        #expect(!report.ok)
    }
}
