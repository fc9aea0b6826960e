import Foundation
import Importing
import GRDB
import Testing
import Surveys
@testable import StudyStore
import StudyBasics

@Suite struct LongImportTests {
    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        for code in ["P1", "P2", "P3"] { try study.addParticipant(code: code, attributes: []) }
        return study
    }

    @Test func importsOneRowPerAnswer() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        var text = "participant,instrument,item,value\n"
        for (index, value) in [4, 1, 5, 2, 5, 1, 4, 2, 3, 1].enumerated() { text += "P1,sus,\(index + 1),\(value)\n" }
        for item in 1...16 { text += "P2,pssuq,\(item),\(item == 7 ? "N/A" : "2")\n" }
        let path = try folder.write("long.csv", text)
        let summary = try study.importLongResponses(from: path)
        #expect(summary.responseSets == 2)
        #expect(summary.answers == 26)
        let (sus, sets) = try study.responseSets(instrument: "sus")
        #expect(try sus.score(sets[0].answers).first?.value == 85)
        let pssuq = try study.responseSets(instrument: "pssuq").1
        #expect(pssuq[0].answers[7] == .notApplicable)
        var streamed = 0
        try study.forEachAnswer { _ in streamed += 1 }
        #expect(streamed == 26)
    }

    @Test func instrumentOptionAndInvertedOrientation() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let path = try folder.write("long.csv", "participant;item;value\nP1;1;7\nP1;2;1\n")
        _ = try study.importLongResponses(from: path, options: .init(instrument: "umux-lite", orientation: .inverted))
        let answers = try study.responseSets(instrument: "umux-lite").1[0].answers
        #expect(answers == [1: .value(1), 2: .value(7)])
        let raw = try study.read { db in try String.fetchOne(db, sql: "SELECT raw FROM response_set") }
        #expect(raw == #"{"1":"7","2":"1"}"#, "what was entered on the inverted form is kept")
    }

    @Test func reportsEveryBadRowAndStoresNothing() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        try study.recordResponses(instrument: "umux-lite", ResponseSubmission(participant: "P3", answers: [1: .value(5), 2: .value(5)]), replace: false)
        let path = try folder.write("bad.csv", """
            participant,instrument,item,value
            P1,sus,1,4
            P1,sus,11,4
            P1,sus,2,9
            P1,sus,2,1
            P1,sus,2,1
            P9,sus,1,3
            P2,nope,1,3
            P3,umux-lite,1,6
            """)
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.importLongResponses(from: path) }
        guard case let .invalidInput(problems)? = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.description) == [
            "\(path):3:8: sus has no item '11' (items 1–10)",
            "\(path):4:10: participant P1, sus item 2: '9' is outside the 1–5 scale",
            "\(path):6:8: participant P1 answers sus item 2 twice",
            "\(path):7:1: no participant 'P9' in the study",
            "\(path):8:4: No instrument 'nope'. Instruments: csuq, nasa-tlx, pssuq, pssuq-v2, seq, sus, umux, umux-lite. Add your own with 'studyctl instrument add FILE.json'.",
        ])
        #expect(try study.dump() == before)
        let missing = try folder.write("cols.csv", "participant,value\nP1,3\n")
        #expect(throws: StoreError.self) { try study.importLongResponses(from: missing) }
    }

    @Test func rowsOfOneSetMustBeTogether() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let path = try folder.write("split.csv", "participant,instrument,item,value\nP1,umux-lite,1,5\nP2,umux-lite,1,5\nP1,umux-lite,2,5\n")
        let error = #expect(throws: StoreError.self) { try study.importLongResponses(from: path) }
        #expect(error?.localizedDescription.contains("\(path):4: the rows of participant P1's umux-lite answers are not together (they also start on line 2)") == true)
        #expect(try study.responseSets(instrument: "umux-lite").1.isEmpty)
    }
}

/// What the bulk path (per-row foreign keys off, answers checked by the store, multi-row inserts) must still guarantee.
@Suite struct BulkWriteGuaranteeTests {
    @Test func replacingLeavesNoOrphanAnswersAndEveryReferenceHolds() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for code in ["P1", "P2"] { try study.addParticipant(code: code, attributes: []) }
        var text = "participant,instrument,item,value\n"
        for code in ["P1", "P2"] { for item in 1...16 { text += "\(code),pssuq,\(item),3\n" } }
        let path = try folder.write("long.csv", text)
        _ = try study.importLongResponses(from: path)
        let again = try folder.write("again.csv", text.replacingOccurrences(of: ",3\n", with: ",2\n"))
        let summary = try study.importLongResponses(from: again, options: .init(replace: true))
        #expect(summary.replaced == 2)
        func count(_ sql: String) throws -> Int? { try study.read { db in try Int.fetchOne(db, sql: sql) } }
        #expect(try count("SELECT count(*) FROM response_set, json_each(answers)") == 32)
        #expect(try count("SELECT count(*) FROM response_set, json_each(answers) WHERE value = 2") == 32)
        #expect(try study.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try count("PRAGMA foreign_keys") == 1, "foreign keys are back on after the import")
        // The wide import's --replace deletes the old answers the same way.
        let wide = try folder.write("wide.csv", "participant," + (1...16).map { "q\($0)" }.joined(separator: ",") + "\nP1," + Array(repeating: "5", count: 16).joined(separator: ",") + "\n")
        _ = try study.importResponses(from: wide, options: .init(instrument: "pssuq", participantColumn: "participant", replace: true))
        #expect(try count("SELECT count(*) FROM response_set, json_each(answers)") == 32)
        #expect(try study.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }

    @Test func theStoreRefusesAnAnswerThatDoesNotFitItsItem() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        let before = try study.dump()
        for answers: [Int: Answer] in [[1: .value(9)], [1: .choice("x")], [1: .text("hi")], [11: .value(3)], [1: .notApplicable]] {
            #expect(throws: StoreError.self) {
                try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P1", answers: answers), replace: false)
            }
        }
        #expect(try study.dump() == before)
        // The refusal names the item and the answer as typed, also for an item the instrument does not have.
        for (answers, message) in [([1: Answer.value(9)], "sus item 1: the answer 9 does not fit the item"),
                                   ([1: .value(3), 11: .value(3)], "sus item 11: the answer 3 does not fit the item")] {
            let error = #expect(throws: StoreError.self) {
                try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P1", answers: answers), replace: false)
            }
            #expect(error?.localizedDescription.contains(message) == true, "\(error?.localizedDescription ?? "")")
        }
        #expect(try study.dump() == before)
        // Many answers in one set (70 items) are all stored, in item order.
        let items = (1...70).map { #"{"number": \#($0), "kind": "numeric", "min": 0, "max": 10, "text": {"en": "Item \#($0)", "pt-BR": "Item \#($0)"}}"# }
        let json = #"{"id": "long-form", "title": {"en": "Long form", "pt-BR": "Longo"}, "version": "1", "reference": "test", "scoring": "none", "items": ["#
            + items.joined(separator: ",") + "]}"
        let definition = try InstrumentDefinition.load(from: Data(json.utf8), file: "long-form.json")
        try study.addInstrument(definition)
        let answers = Dictionary(uniqueKeysWithValues: (1...70).map { ($0, Answer.value(Double($0 % 5 + 1))) })
        try study.recordResponses(instrument: "long-form", ResponseSubmission(participant: "P1", answers: answers), replace: false)
        #expect(try study.responseSets(instrument: "long-form").1.first?.answers == answers)
    }

    @Test func aCurrentStudyRecordsItsSchemaInTheHeader() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        func count(_ sql: String) throws -> Int? { try study.read { db in try Int.fetchOne(db, sql: sql) } }
        #expect(try count("PRAGMA user_version") == StudyDatabase.schemaVersion)
        #expect(try count("SELECT count(*) FROM sqlite_master WHERE name LIKE 'item_answer%'") == 0)
        #expect(try count("SELECT count(*) FROM sqlite_master WHERE name = 'response_set_answers_replaced'") == 1)
    }
}

@Suite struct StreamedReadingTests {
    /// SQLite sorts response sets by `natural_key(code), code`: that must be NaturalOrder's order exactly.
    @Test func naturalKeyOrdersAsNaturalOrder() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbB0123456789-_ é/:")
        var samples = ["P1", "P2", "P10", "p3", "P01", "P001", "P1a", "P1A", "P1-2", "A", "", "10", "9", "P0", "P00", "x9y", "x10y", "Ä1", "P 1"]
        for _ in 0..<400 {
            samples.append(String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        let byKey = samples.sorted { a, b in
            let (x, y) = (NaturalOrderKey.key(a), NaturalOrderKey.key(b))
            return x == y ? Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) : x.lexicographicallyPrecedes(y)
        }
        for (a, b) in zip(byKey, byKey.dropFirst()) {
            #expect(!NaturalOrder.areInIncreasingOrder(b, a), "\(a) before \(b)")
        }
    }

    @Test func responseSetsComeInNaturalParticipantOrderOneAtATime() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        let codes = ["P10", "P2", "p1", "P1b", "P03"]
        for code in codes { try study.addParticipant(code: code, attributes: []) }
        for (index, code) in codes.enumerated() {
            try study.recordResponses(instrument: "umux-lite", ResponseSubmission(participant: code, answers: [1: .value(Double(index + 1)), 2: .value(7)]), replace: false)
        }
        var seen: [String] = []
        let definition = try study.forEachResponseSet(instrument: "umux-lite") { set in
            seen.append(set.participant)
            #expect(set.answers[2] == .value(7))
        }
        #expect(definition.id == "umux-lite")
        #expect(seen == ["p1", "P1b", "P2", "P03", "P10"])
        #expect(try study.responseSets(instrument: "umux-lite").1.map(\.participant) == seen)
    }
}

/// `status` reads the item answers (schema v15), the participants and the response sets (v16) from counts kept as they
/// are stored; after every kind of write each count equals what the tables hold.
@Suite struct AnswerCountTests {
    @Test func theCountFollowsEveryWrite() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for code in ["P1", "P2", "P3", "P4"] { try study.addParticipant(code: code, attributes: []) }
        func held() throws -> Int { try study.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM response_set, json_each(answers)") ?? -1 } }
        func held(_ table: String) throws -> Int { try study.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 } }
        func shown(_ kind: String = "item answers") throws -> Int { try study.status().counts.first { $0.kind == kind }?.count ?? -1 }
        func agree(_ moment: Comment) throws {
            #expect(try shown() == held(), moment)
            #expect(try shown("participants") == held("participant"), moment)
            #expect(try shown("response sets") == held("response_set"), moment)
        }
        try agree("after participants were added one by one")
        _ = try study.importParticipants(from: try folder.write("more.csv", "code,level\nP5,A\nP6,B\nP1,A\n"), options: .init(update: true))
        #expect(try shown("participants") == 6)
        try agree("after a participant import that added two and updated one")
        // Wide form, batched and one by one (a refused row sends the batch through one set at a time).
        let header = "participant," + (1...10).map { "q\($0)" }.joined(separator: ",") + "\n"
        let wide = try folder.write("wide.csv", header + "P1,4,2,5,1,4,2,5,1,4,2\nP2,3,3,3,3,3,3,3,3,,\n")
        _ = try study.importResponses(from: wide, options: .init(instrument: "sus", participantColumn: "participant"))
        #expect(try held() == 18)
        try agree("after a wide import")
        // Long, with a replacement.
        var long = "participant,instrument,item,value\n"
        for item in 1...16 { long += "P3,pssuq,\(item),2\n" }
        _ = try study.importLongResponses(from: try folder.write("long.csv", long))
        try agree("after a long import")
        _ = try study.importLongResponses(from: try folder.write("again.csv", long.replacingOccurrences(of: "P3,pssuq,16,2\n", with: "")), options: .init(replace: true))
        #expect(try held() == 33)
        try agree("after a long import replaced a set")
        // One set typed, one replaced, one removed, a participant removed with their sets.
        try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P4", answers: [1: .value(5), 2: .value(1)]), replace: false)
        try agree("after respond")
        try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P4", answers: [1: .value(5)]), replace: true)
        try agree("after respond --replace")
        _ = try study.removeResponses(participant: "P2", instrument: "sus")
        try agree("after responses remove")
        _ = try study.removeParticipant(code: "P3", cascade: true)
        #expect(try held() == 11)
        try agree("after a participant was removed with their answers")
        // A refused import changes nothing, the count included.
        let bad = try folder.write("bad.csv", header + "P9,1,1,1,1,1,1,1,1,1,1\n")
        #expect(throws: StoreError.self) { try study.importResponses(from: bad, options: .init(instrument: "sus", participantColumn: "participant")) }
        try agree("after a refused import")
        #expect(try study.check().countProblems.isEmpty)
        // Another program inserting a set without the count: check says so.
        try study.write { db in
            try db.execute(sql: "UPDATE study_count SET n = n + 3 WHERE kind = 'item answers'")
        }
        #expect(try study.check().countProblems.contains { $0.contains("the study counts 14 item answers where its response sets hold 11") })
        try study.write { db in
            try db.execute(sql: "UPDATE study_count SET n = n - 3 WHERE kind = 'item answers'")
            try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES ('P99', '2026-01-01', 'p99')")
        }
        #expect(try study.check().countProblems == ["the study counts 5 participants where it holds 6: another program added participants without the count"])
    }
}
