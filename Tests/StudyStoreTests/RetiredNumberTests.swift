import Foundation
import GRDB
import Testing
@testable import StudyStore

/// A coding's, an excerpt's, a memo's and an annotation's number is never handed out twice: a removed number stays
/// retired, so a number printed earlier (an undo line, `code:21` in a memo) never comes to name something else.
@Suite struct RetiredNumberTests {
    /// A small deterministic generator (SplitMix64), so a failing seed can be run again.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let words = ["o menu some", "a tela inicial", "não achei o botão", "demorou muito", "gostei do tema escuro", "faltou ajuda",
                        "o menu voltou", "a busca falhou"]

    /// Random adds and removals of codings (with their memos), memos and annotations, transcripts replaced (their
    /// annotations kept under their numbers) and participants removed with everything attached: no number is ever
    /// given to a second thing, and every thing kept keeps its number.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func noNumberIsGivenTwice(_ seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        var random = SplitMix(state: seed)
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        var participants: [String] = []
        var nextParticipant = 1
        func newParticipant() throws {
            let code = "P\(nextParticipant)"
            nextParticipant += 1
            try study.addParticipant(code: code, attributes: [])
            try study.addTranscript(participant: code, text: Self.words.shuffled(using: &random).joined(separator: ". ") + ".")
            participants.append(code)
        }
        for _ in 0..<3 { try newParticipant() }

        var given: [String: Set<Int64>] = ["code": [], "memo": [], "annotation": []]
        func handedOut(_ kind: String, _ id: Int64) {
            #expect(!given[kind]!.contains(id), "seed \(seed): \(kind) number \(id) was given before")
            given[kind]!.insert(id)
        }
        for _ in 0..<160 {
            let participant = participants[random.pick(participants.count)]
            switch random.pick(10) {
            case 0, 1, 2:
                let words = Self.words[random.pick(Self.words.count)]
                let memo = random.pick(3) == 0 ? "why \(words)" : nil
                let result: CodeResult
                do {
                    result = try study.addCode(CodeEntry(participant: participant, excerpt: words, code: words, categories: ["Navegação"],
                                                         coder: ["Ana", "Bia"][random.pick(2)], memo: memo))
                } catch StoreError.codeProblem {
                    continue  // the same coder's code on the same words: refused, nothing stored
                }
                handedOut("code", result.id)
                if memo != nil, let stored = try study.memos(on: .code(result.id)).first { handedOut("memo", stored.id) }
            case 3, 4:
                let codes = try study.codes()
                guard !codes.isEmpty else { continue }
                // The highest number now and then: the one SQLite would hand out again.
                let id = random.pick(2) == 0 ? codes.map(\.id).max()! : codes[random.pick(codes.count)].id
                _ = try study.deleteCode(id)
            case 5:
                let codes = try study.codes()
                let target: MemoTarget = codes.isEmpty || random.pick(2) == 0 ? .participant(participant) : .code(codes[random.pick(codes.count)].id)
                handedOut("memo", try study.addMemo(on: target, text: "memo \(random.next())"))
            case 6:
                let memos = try study.memos()
                guard !memos.isEmpty else { continue }
                _ = try study.removeMemo(random.pick(2) == 0 ? memos.map(\.id).max()! : memos[random.pick(memos.count)].id)
            case 7:
                let (annotation, _) = try study.addAnnotation(participant: participant, excerpt: Self.words[random.pick(Self.words.count)],
                                                              text: "note \(random.next())")
                handedOut("annotation", annotation.id)
            case 8:
                let annotations = try study.annotations()
                if !annotations.isEmpty, random.pick(2) == 0 {
                    _ = try study.removeAnnotation(annotations.map(\.id).max()!)
                } else {
                    // The same words in another order: annotations move with their passages and keep their numbers.
                    let before = Set(try study.annotations(participant: participant).map(\.id))
                    try study.addTranscript(participant: participant, text: Self.words.shuffled(using: &random).joined(separator: ". ") + ".",
                                            replace: true, force: true)
                    #expect(Set(try study.annotations(participant: participant).map(\.id)) == before, "seed \(seed)")
                }
            default:
                if participants.count > 1, random.pick(3) == 0 {
                    _ = try study.removeParticipant(code: participant, cascade: true)
                    participants.removeAll { $0 == participant }
                } else {
                    try newParticipant()
                }
            }
        }
        #expect(given["code"]!.count > 20 && given["memo"]!.count > 5 && given["annotation"]!.count > 5, "seed \(seed): \(given.mapValues(\.count))")
        // Every live number is one handed out; the removed ones are retired.
        let retired = try study.read { db in try Row.fetchAll(db, sql: "SELECT kind, number FROM retired_number") }
        for row in retired {
            let kind: String = row["kind"]
            guard kind != "excerpt" else { continue }
            #expect(given[kind]!.contains(row["number"]), "seed \(seed): retired \(kind) \(row["number"] as Int64) was never given")
        }
        #expect(Set(try study.codes().map(\.id)).isSubset(of: given["code"]!))
    }

    /// The store numbers past every retired number, and the schema refuses a row under one should a path forget.
    @Test func theSchemaRefusesARetiredNumber() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addTranscript(participant: "P1", text: "O menu some. A tela inicial.")
        let first = try study.addCode(CodeEntry(participant: "P1", excerpt: "o menu some", code: "menu", categories: ["Navegação"], descriptive: true))
        let second = try study.addCode(CodeEntry(participant: "P1", excerpt: "a tela inicial", code: "tela", categories: ["Navegação"], descriptive: true))
        _ = try study.deleteCode(second.id)
        let third = try study.addCode(CodeEntry(participant: "P1", excerpt: "a tela inicial", code: "tela", categories: ["Navegação"], descriptive: true))
        #expect(third.id == second.id + 1)
        _ = try study.deleteCode(third.id)
        let before = try study.dump()
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO code (id, excerpt_id, label, created) SELECT ?, excerpt_id, 'x', 'now' FROM code WHERE id = ?", [third.id, first.id])
        }
        // SQLite's own numbering (the highest plus one) would give the retired number again: refused too.
        #expect(throws: StoreError.self) {
            try study.execute("INSERT INTO code (excerpt_id, label, created) SELECT excerpt_id, 'x', 'now' FROM code WHERE id = ?", [first.id])
        }
        #expect(try study.dump() == before)
    }

    /// A study written before numbers were retired keeps the numbers it remembers handing out: the GUIDs kept for
    /// imported codings and selections name removed codings and excerpts.
    @Test func anOlderStudyRetiresTheNumbersItRemembers() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v25.sqlite")
        let queue = try DatabaseQueue(path: path)
        let older = StudyDatabase.steps.prefix { $0.identifier != SchemaV27.identifier }
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for step in older {
                try step.migrate(db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.identifier])
            }
            try db.execute(sql: "PRAGMA user_version = \(older.count)")
            try db.execute(sql: """
                INSERT INTO study (id, title, language, created) VALUES (1, 'Old', 'pt-BR', 'now');
                INSERT INTO participant (id, code, created, skeleton) VALUES (1, 'P1', 'now', 'P1');
                INSERT INTO category (id, name, origin, position, created) VALUES (1, 'Navegação', 'emergent', 1, 'now');
                INSERT INTO excerpt (id, participant_id, text, created) VALUES (1, 1, 'o menu some', 'now'), (2, 1, 'a tela', 'now');
                INSERT INTO code (id, excerpt_id, label, created) VALUES (1, 1, 'menu', 'now'), (2, 2, 'tela', 'now');
                INSERT INTO foreign_guid (kind, key, guid) VALUES ('coding', '2' || char(31) || 'Navegação', 'a1'),
                    ('coding', '7' || char(31) || 'Navegação', 'a2'), ('excerpt', '9', 'b1'), ('excerpt', '2', 'b2');
                """)
        }
        try queue.close()
        let study = try StudyDatabase.open(at: path)
        let retired = try study.read { db in try Row.fetchAll(db, sql: "SELECT kind, number FROM retired_number ORDER BY kind, number") }
        #expect(retired.map { "\($0["kind"] as String) \($0["number"] as Int64)" } == ["code 7", "excerpt 9"])
        let added = try study.addCode(CodeEntry(participant: "P1", excerpt: "outra coisa", code: "outra", categories: ["Navegação"], descriptive: true))
        #expect(added.id == 8)
        #expect(try study.codes().first { $0.id == 8 }?.excerptID == 10)
    }
}
