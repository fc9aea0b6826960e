import Foundation
import Importing
import GRDB
import Testing
import Surveys
@testable import StudyStore

@Suite struct ResponseTests {
    func studyWithParticipants(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        _ = try study.importParticipants(from: Fixtures.datasets.appendingPathComponent("uitracking/participants.csv").path)
        return study
    }

    @Test func storesAnswersAndKeepsNotApplicableApartFromMissing() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        var answers: [Int: Answer] = [:]
        for number in 1...16 where number != 9 { answers[number] = .value(2) }
        answers[7] = .notApplicable
        try study.recordResponses(instrument: "pssuq", ResponseSubmission(participant: "P1", answers: answers, raw: [1: "2"]), replace: false)
        let (definition, sets) = try study.responseSets(instrument: "PSSUQ")
        #expect(definition.id == "pssuq")
        #expect(sets.count == 1)
        #expect(sets[0].answers[7] == .notApplicable)
        #expect(sets[0].answers[9] == nil)
        let row = try study.read { db in try Row.fetchOne(db, sql: "SELECT answers, raw FROM response_set") }
        #expect(row?["answers"] as String? == #"{"1":2,"2":2,"3":2,"4":2,"5":2,"6":2,"7":null,"8":2,"10":2,"11":2,"12":2,"13":2,"14":2,"15":2,"16":2}"#,
                "a missing item has no entry; N/A has one")
        #expect(row?["raw"] as String? == nil, "what was typed is kept only where it is not the answer itself")
        #expect(try study.instruments().first { $0.id == "pssuq" }?.inStudy == true, "the definition is copied into the study")
    }

    @Test func refusesDuplicatesUnlessReplaceAndUnknownThings() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let sus = ResponseSubmission(participant: "P2", answers: answers([4, 1, 5, 2, 5, 1, 4, 2, 3, 1]))
        try study.recordResponses(instrument: "sus", sus, replace: false)
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.recordResponses(instrument: "sus", sus, replace: false) }
        guard case .responsesExist(participant: "P2", instrument: "sus", task: nil, measurement: "", recorded: _)? = error else {
            Issue.record("expected responsesExist, got \(String(describing: error))")
            return
        }
        #expect(try study.dump() == before)
        try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P2", answers: answers(Array(repeating: 3, count: 10))), replace: true)
        #expect(try study.responseSets(instrument: "sus").1.first?.answers[1] == .value(3))

        #expect(throws: StoreError.self) { try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P99", answers: [:]), replace: false) }
        #expect(throws: StoreError.self) { try study.recordResponses(instrument: "nope", sus, replace: false) }
        #expect(throws: StoreError.taskRequired(instrument: "seq")) {
            try study.recordResponses(instrument: "seq", ResponseSubmission(participant: "P2", answers: [1: .value(6)]), replace: false)
        }
        #expect(throws: StoreError.unknownTask(key: "T1", known: [])) {
            try study.recordResponses(instrument: "seq", ResponseSubmission(participant: "P2", answers: [1: .value(6)], task: "T1"), replace: false)
        }
    }

    @Test func remembersTheOrientation() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        #expect(try study.rememberedOrientation(instrument: "pssuq") == nil)
        try study.recordResponses(instrument: "pssuq", ResponseSubmission(participant: "P1", answers: [1: .value(1)], orientation: .inverted), replace: false)
        #expect(try study.rememberedOrientation(instrument: "pssuq") == .inverted)
        #expect(try study.responseSets(instrument: "pssuq").1[0].orientation == .inverted)
    }

    /// The reconstructed UITracking PSSUQ answers, entered as the inverted form recorded them, reproduce the
    /// thesis's Tabela 6 (published values truncated to two decimals); P4's Overall is the source's known inconsistency.
    @Test func uitrackingPSSUQReproducesThePublishedTable() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let summary = try study.importResponses(
            from: Fixtures.datasets.appendingPathComponent("uitracking/pssuq_answers.csv").path,
            options: .init(instrument: "pssuq", participantColumn: "Participante", orientation: .inverted))
        #expect(summary.responseSets == 10)
        #expect(summary.answers == 160)
        #expect(summary.columns[1] == "Q1" && summary.columns[16] == "Q16")
        let (definition, sets) = try study.responseSets(instrument: "pssuq")
        #expect(sets.first?.submitted == "2025-03-10T14:05:12", "Qualtrics' time stamp, stored in ISO 8601")
        let reader = try CSVTestReader(Fixtures.datasets.appendingPathComponent("uitracking/pssuq_published.csv").path)
        for (set, published) in zip(sets, reader.rows) {
            let scores = Dictionary(uniqueKeysWithValues: try definition.score(set.answers).map { ($0.id, $0.value) })
            func truncated(_ value: Double) -> Double { (value * 100 + 1e-9).rounded(.down) / 100 }
            #expect(set.participant == published["participant"])
            #expect(truncated(scores["SysUse"]!) == Double(published["sys_use"]!), "\(set.participant) SysUse")
            #expect(truncated(scores["InfoQual"]!) == Double(published["info_qual"]!), "\(set.participant) InfoQual")
            #expect(truncated(scores["IntQual"]!) == Double(published["int_qual"]!), "\(set.participant) IntQual")
            if set.participant == "P4" {
                #expect(scores["Overall"] == 1.5)
            } else {
                #expect(truncated(scores["Overall"]!) == Double(published["overall"]!), "\(set.participant) Overall")
            }
        }
    }

    @Test func importsGoogleFormsExportWithPortugueseLabels() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let header = "Carimbo de data/hora,Participante," + (1...10).map { "Pergunta \($0)" }.joined(separator: ",")
        let path = try folder.write("forms.csv", """
            \(header)
            2025/03/10 14:05:12 GMT-3,P1,Concordo,Discordo totalmente,Concordo totalmente,Discordo,Concordo totalmente,Discordo totalmente,Concordo,Discordo,Não concordo nem discordo,Discordo totalmente
            2025/03/10 15:00:00 GMT-3,P2,3,3,3,3,3,3,3,3,3,3
            """)
        let summary = try study.importResponses(from: path, options: .init(instrument: "sus", participantColumn: "participante"))
        #expect(summary.responseSets == 2)
        let (definition, sets) = try study.responseSets(instrument: "sus")
        #expect(try definition.score(sets[0].answers).first?.value == 85)
        #expect(sets[0].submitted == "2025-03-10T14:05:12-03:00", "Google Forms' time stamp, stored in ISO 8601 with its offset")
        let raw = try study.read { db in try String.fetchOne(db, sql: "SELECT json_extract(raw, '$.1') FROM response_set ORDER BY id") }
        #expect(raw == "Concordo", "what the form exported is kept verbatim")
    }

    @Test func reportsEveryBadCellAndStoresNothing() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let path = try folder.write("bad.csv", """
            participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10
            P1,4,1,5,2,5,1,4,2,3,1
            P77,4,1,5,2,5,1,4,2,3,1
            P2,6,1,5,Muy de acuerdo,5,1,4,2,3,n/a
            P1,4,1,5,2,5,1,4,2,3,1
            """)
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) {
            try study.importResponses(from: path, options: .init(instrument: "sus", participantColumn: "participant"))
        }
        guard case let .invalidInput(problems)? = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.location) == ["\(path):3:1", "\(path):4:4", "\(path):4:10", "\(path):4:35", "\(path):5:1", "labels"])
        #expect(problems[0].message == "no participant 'P77' in the study; add or import participants first ('studyctl participant import \(path)' registers the file's respondents), or name the column of the study's participant codes with --participant-column")
        #expect(problems[1].message == "participant P2, item 1 (column 'q1'): '6' is outside the 1–5 scale")
        #expect(problems[2].message.description.hasPrefix("participant P2, item 4 (column 'q4'): 'Muy de acuerdo' is neither a number"))
        #expect(problems[3].message == "participant P2, item 10 (column 'q10'): item 10 does not accept N/A")
        #expect(problems[4].message == "participant P1 has a second row (first on line 2); choose --duplicates keep-last or keep-first to keep one")
        #expect(problems[5].message.description.hasPrefix("the scale's labels are: 1 = "))
        #expect(try study.dump() == before)
    }

    /// A file longer than one insert batch (64 sets) keeps every rule of a row-by-row import: sets in file order,
    /// what was typed kept, a missing participant or a repeated row anywhere in a batch reported with its line and
    /// nothing stored, and --duplicates and --replace applied to the right row.
    @Test func largeFilesKeepTheRulesOfEveryRow() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for number in 1...200 { try study.addParticipant(code: "R\(number)", attributes: []) }
        func file(_ name: String, _ codes: [String], shift: Int = 0) throws -> String {
            var text = "participant,submitted,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n"
            for (index, code) in codes.enumerated() {
                let values = (1...10).map { item in String((index + item + shift) % 5 + 1) }
                // Every 50th row types its first answer as a label, which is kept as typed.
                let first = index % 50 == 7 ? "Concordo totalmente" : values[0]
                text += "\(code),2025-03-\(index % 28 + 1),\(first)," + values.dropFirst().joined(separator: ",") + "\n"
            }
            return try folder.write(name, text)
        }
        let codes = (1...150).map { "R\($0)" }
        let options = ResponseImportOptions(instrument: "sus", participantColumn: "participant")
        let summary = try study.importResponses(from: try file("all.csv", codes), options: options)
        #expect(summary.responseSets == 150)
        #expect(summary.answers == 1500)
        let rows = try study.read { db in
            try Row.fetchAll(db, sql: "SELECT p.code, r.source, r.submitted, r.answers, r.raw FROM response_set r JOIN participant p ON p.id = r.participant_id ORDER BY r.id")
        }
        #expect(rows.map { $0["code"] as String } == codes, "ids follow the file's order")
        #expect(rows.map { $0["source"] as String } == (2...151).map { folder.path("all.csv") + ":\($0)" })
        #expect(rows[100]["submitted"] as String == "2025-03-17")
        #expect(rows[100]["answers"] as String == #"{"1":2,"2":3,"3":4,"4":5,"5":1,"6":2,"7":3,"8":4,"9":5,"10":1}"#)
        #expect(rows[107]["answers"] as String == #"{"1":5,"2":5,"3":1,"4":2,"5":3,"6":4,"7":5,"8":1,"9":2,"10":3}"#)
        #expect(rows[107]["raw"] as String? == #"{"1":"Concordo totalmente"}"#)
        #expect(rows.filter { $0["raw"] as String? != nil }.count == 3)

        // A participant not in the study, in the middle of the second batch: named, nothing stored.
        var before = try study.dump()
        var missing = (151...200).map { "R\($0)" } + (1...50).map { "S\($0)" }
        missing[99] = "R150"  // also a set that exists already
        let refused = #expect(throws: StoreError.self) { try study.importResponses(from: try file("missing.csv", missing), options: options) }
        guard case let .invalidInput(problems)? = refused else { Issue.record("expected invalidInput, got \(String(describing: refused))"); return }
        #expect(problems.count == 50)
        #expect(problems.first?.location.description == folder.path("missing.csv") + ":52:1")
        #expect(problems.first?.message.description == "no participant 'S1' in the study; add or import participants first ('studyctl participant import \(folder.path("missing.csv"))' registers the file's respondents), or name the column of the study's participant codes with --participant-column")
        #expect(problems.last?.location.description == folder.path("missing.csv") + ":101:1")
        #expect(problems.last?.message.description.hasPrefix("participant R150 already has sus answers (recorded ") == true)
        #expect(try study.dump() == before)

        // A row repeated within the file, the second copy in a later batch.
        var repeated = (151...200).map { "R\($0)" } + (151...200).map { "R\($0)" }
        repeated.removeLast(30)
        let path = try file("repeated.csv", repeated)
        let duplicate = #expect(throws: StoreError.self) { try study.importResponses(from: path, options: options) }
        guard case let .invalidInput(duplicates)? = duplicate else { Issue.record("expected invalidInput"); return }
        #expect(duplicates.count == 20)
        #expect(duplicates.first?.location.description == path + ":52:1")
        #expect(duplicates.first?.message == "participant R151 has a second row (first on line 2); choose --duplicates keep-last or keep-first to keep one")
        #expect(try study.dump() == before)

        var keepLast = options
        keepLast.duplicates = .keepLast
        let last = try study.importResponses(from: path, options: keepLast)
        #expect(last.responseSets == 50)
        #expect(last.duplicatesDropped == 20)
        #expect(last.answers == 500)
        let kept = try study.read { db in try String.fetchOne(db, sql: "SELECT r.source FROM response_set r JOIN participant p ON p.id = r.participant_id WHERE p.code = 'R160'") }
        #expect(kept == path + ":61", "the last row of R160 (line 61; the first on line 11) is kept")
        before = try study.dump()

        // --replace over sets stored by an earlier import, across batches.
        var replace = options
        replace.replace = true
        let replaced = try study.importResponses(from: try file("again.csv", codes, shift: 1), options: replace)
        #expect(replaced.replaced == 150)
        #expect(replaced.responseSets == 150)
        let again = try study.read { db in try String.fetchOne(db, sql: "SELECT answers FROM response_set r JOIN participant p ON p.id = r.participant_id WHERE p.code = 'R101'") }
        #expect(again == #"{"1":3,"2":4,"3":5,"4":1,"5":2,"6":3,"7":4,"8":5,"9":1,"10":2}"#)
        #expect(try study.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM response_set") } == 200)
    }

    @Test func columnsByMapOrStartingColumn() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let path = try folder.write("ms.csv", "ID,Email,Code,A,B\n1,x@y,P1,7,6\n2,z@y,P2,4,4\n")
        let mismatch = #expect(throws: StoreError.self) {
            try study.importResponses(from: path, options: .init(instrument: "umux-lite", participantColumn: "Code"))
        }
        #expect(mismatch?.localizedDescription.contains("umux-lite has 2 items but the file has 4 other columns ('ID', 'Email', 'A', 'B')") == true)
        #expect(try study.importResponses(from: path, options: .init(instrument: "umux-lite", participantColumn: "Code", itemsFrom: "A")).responseSets == 2)
        let mapped = try study.importResponses(from: path, options: .init(instrument: "umux-lite", participantColumn: "Code",
                                                                           map: [1: "B", 2: "A"], occasion: "second"))
        #expect(mapped.columns == [1: "B", 2: "A"])
        let sets = try study.responseSets(instrument: "umux-lite").1.filter { $0.occasion == "second" }
        #expect(sets.first?.answers == [1: .value(6), 2: .value(7)])
    }

    @Test func customInstrumentsAreCheckedAndAdded() throws {
        let folder = try TemporaryFolder()
        let study = try studyWithParticipants(folder)
        let good = try InstrumentDefinition.load(path: Fixtures.root.appendingPathComponent("instruments/codeforall-perception.json").path)
        try study.addInstrument(good)
        #expect(throws: StoreError.instrumentExists(id: "codeforall-perception", builtin: false)) { try study.addInstrument(good) }
        var sus = try #require(try InstrumentCatalog.builtin("sus"))
        sus.title = LocalizedText(["en": "My SUS"])
        #expect(throws: StoreError.instrumentExists(id: "sus", builtin: true)) { try study.addInstrument(sus) }
        try study.recordResponses(instrument: "codeforall-perception",
                                  ResponseSubmission(participant: "P1", answers: [1: .choice("yes"), 2: .choice("maybe"), 3: .text("Mais exemplos")]),
                                  replace: false)
        // The store refuses a choice the item does not offer, whoever asks.
        #expect(throws: StoreError.self) {
            try study.recordResponses(instrument: "codeforall-perception",
                                      ResponseSubmission(participant: "P2", answers: [1: .choice("perhaps")]), replace: false)
        }
    }
}

func answers(_ values: [Double]) -> [Int: Answer] {
    Dictionary(uniqueKeysWithValues: values.enumerated().map { ($0.offset + 1, Answer.value($0.element)) })
}

/// A minimal CSV reader for expected values in tests.
struct CSVTestReader {
    var rows: [[String: String]]

    init(_ path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }
}
