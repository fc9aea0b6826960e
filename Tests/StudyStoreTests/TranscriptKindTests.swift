import Foundation
import GRDB
import QualCoding
import Surveys
import Testing
@testable import StudyStore

/// Interviews and session logs apart; turns with their speakers and times.
@Suite struct TranscriptKindTests {
    /// Two interviews and a moderated session's log with a coded note: the coding analyses count the two interviewed
    /// participants and leave the log's code out, saying so; status counts the log apart.
    @Test func aSessionLogIsNoInterview() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for code in ["P1", "P2", "P3"] { try study.addParticipant(code: code, attributes: []) }
        try study.addTask(key: "T1", title: "Encontrar o menu")
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addTranscript(participant: "P1", text: "Achei o menu escondido.\n")
        try study.addTranscript(participant: "P2", text: "O menu estava no lugar certo.\n")
        let (session, _) = try study.openSession(participant: "P3")
        try study.logSessionEvent(session: session.id, SessionEvent(.note, offset: 3, value: "Procurou o menu no rodapé"), logLabel: "sessão 1")
        try study.addCode(CodeEntry(participant: "P1", excerpt: "menu escondido", code: "menu escondido", categories: ["Navegação"]))
        try study.addCode(CodeEntry(participant: "P3", excerpt: "menu no rodapé", code: "menu no rodapé", categories: ["Navegação"], transcript: "sessão 1"))
        let dataset = try study.codingDataset()
        #expect(dataset.interviewed == ["P1", "P2"])
        #expect(dataset.segments.map(\.participant) == ["P1"])
        #expect(dataset.leftOut.inSessionLogs == 1 && dataset.leftOut.moderatorWords == 0)
        let frequencies = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.denominator(.interviewed))
        #expect(frequencies.participants == 2 && frequencies.rows[0].overall.participants == 1)
        let counts = Dictionary(uniqueKeysWithValues: try study.status().counts.map { ($0.kind, $0.count) })
        #expect(counts["transcripts"] == 2 && counts["session logs"] == 1)
        #expect(try study.transcriptKinds().map(\.kind) == [.interview, .interview, .sessionLog])
        #expect(try study.codes().first { $0.participant == "P3" }?.transcriptKind == .sessionLog)
    }

    /// A study made before transcripts had kinds: its session logs are found by their source when upgraded.
    @Test func anOlderStudysSessionLogsAreFoundOnUpgrade() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v1.sqlite")
        try FileManager.default.copyItem(atPath: Fixtures.root.appendingPathComponent("studies/v1-uitracking.sqlite").path, toPath: path)
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in
            try db.execute(sql: """
                INSERT INTO transcript (participant_id, label, text, source, added) VALUES
                    ((SELECT id FROM participant WHERE code = 'P1'), '', 'Entrevista.', 'p1.txt', '2026-01-01T00:00:00Z'),
                    ((SELECT id FROM participant WHERE code = 'P2'), 'sessão 4', '[00:08] nota', 'session 4', '2026-01-01T00:00:00Z'),
                    ((SELECT id FROM participant WHERE code = 'P3'), 'x', 'Outra.', 'session 4b.txt', '2026-01-01T00:00:00Z')
                """)
        }
        try raw.close()
        let study = try StudyDatabase.open(at: path)
        #expect(try study.transcriptKinds().map { "\($0.participant) \($0.kind.rawValue)" } == ["P1 interview", "P2 session log", "P3 interview"])
    }

    /// Turns are stored with their speakers; a mapped speaker's excerpt counts for their participant, the moderator's
    /// for nobody; a name that is not a speaker, or a participant not in the study, is refused with nothing stored.
    @Test func turnsAndSpeakers() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        for code in ["P1", "P2"] { try study.addParticipant(code: code, attributes: []) }
        try study.addCategory(name: "Busca", definition: nil, origin: .emergent)
        let text = "Ana: Como foi a busca?\n\nBia: A busca foi boa.\n\nCaio: A busca falhou.\n"
        let turns = [TranscriptTurn(speaker: "Ana", start: 0, end: 2000, span: 5..<22), TranscriptTurn(speaker: "Bia", start: 2000, end: 4000, span: 29..<45),
                     TranscriptTurn(speaker: "Caio", start: 4500, end: 7250, span: 53..<68)]
        let before = try study.dump()
        #expect(throws: StoreError.self) {
            try study.addTranscript(participant: "P1", text: text, label: "grupo", timing: TranscriptTiming(turns: turns, roles: ["Duda": .moderator]))
        }
        #expect(throws: StoreError.self) {
            try study.addTranscript(participant: "P1", text: text, label: "grupo", timing: TranscriptTiming(turns: turns, roles: ["Bia": .participant("P9")]))
        }
        #expect(try study.dump() == before)
        try study.addTranscript(participant: "P1", text: text, label: "grupo",
                                timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator, "Bia": .participant("P1"), "Caio": .participant("P2")]))
        let details = try study.transcriptDetails(participant: "P1", label: "grupo")
        #expect(details.turns == turns && details.speakers.map(\.participant) == [nil, "P1", "P2"])
        // P2 has no transcript of their own: the focus group's is found, and the phrase where it is P2's words.
        let result = try study.addCode(CodeEntry(participant: "P2", excerpt: "A busca", code: "A busca", categories: ["Busca"]))
        #expect(result.span == 53..<60, "Caio's turn, not Bia's earlier 'A busca'")
        try study.addCode(CodeEntry(participant: "P1", excerpt: "Como foi a busca", code: "busca", categories: ["Busca"], transcript: "grupo"))
        #expect(throws: StoreError.self) {
            try study.addCode(CodeEntry(participant: "P1", excerpt: "A busca falhou", code: "falhou", categories: ["Busca"], transcript: "grupo"))
        }
        let codes = try study.codes()
        #expect(codes.map(\.participant) == ["P1", "P2"])
        // "A busca" is the first 7 of Caio's 15 characters, said from 4.5 to 7.25 s: its share of the turn.
        #expect(codes.first { $0.participant == "P2" }.map { [$0.startTime, $0.endTime] } == [4.5, 5.783])
        #expect(codes.first { $0.participant == "P1" }?.moderatorWords == true)
        let dataset = try study.codingDataset()
        #expect(dataset.interviewed == ["P1", "P2"] && dataset.segments.map(\.participant) == ["P2"] && dataset.leftOut.moderatorWords == 1)
    }
}
