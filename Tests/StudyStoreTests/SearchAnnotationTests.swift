import Foundation
import Testing
import QualCoding
@testable import StudyStore

@Suite struct SearchAnnotationTests {
    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        for code in ["P1", "P2"] { try study.addParticipant(code: code, attributes: []) }
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addTranscript(participant: "P1", text: "O menu some.\nDepois o menu voltou; menu bom.")
        try study.addTranscript(participant: "P2", text: "Não vi menu nenhum.")
        return study
    }

    /// Every hit coded in one transaction, in vivo, where it was found; a second run leaves them as they were; the
    /// codes removed in one step.
    @Test func codesEveryHitAtOnceAndRemovesThemAtOnce() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let found = try study.searchTranscripts(try TranscriptSearch.compile("menu", ignoreCase: false))
        #expect(found.map(\.participant) == ["P1", "P2"] && found.map(\.hits.count) == [3, 1])
        let coded = try study.codeHits(found, category: "navegação", coder: "Ana")
        #expect(coded.coded.count == 4 && coded.alreadyCoded == 0)
        #expect(coded.coded.map(\.spanStart) == [2, 22, 35, 7] && coded.coded.allSatisfy { $0.code == "menu" && $0.inVivo && $0.categories == ["Navegação"] })
        let again = try study.codeHits(found, category: "Navegação", coder: "Ana")
        #expect(again.coded.isEmpty && again.alreadyCoded == 4)
        // Another coder's codes are their own.
        #expect(try study.codeHits(found, category: "Navegação", coder: "Bia").coded.count == 4)
        let before = try study.dump()
        #expect(throws: StoreError.self) { try study.deleteCodes(coded.coded.map(\.id) + [999]) }
        #expect(try study.dump() == before, "all or none")
        #expect(try study.deleteCodes(coded.coded.map(\.id), coder: "Ana").count == 4)
        #expect(try study.codes(coder: "Ana").isEmpty)
        #expect(try study.codes(coder: "Bia").count == 4)
        // An unknown category: nothing stored.
        let unchanged = try study.dump()
        #expect(throws: StoreError.self) { try study.codeHits(found, category: "Busca", coder: "Ana") }
        #expect(try study.dump() == unchanged)
    }

    /// A speaker's turns coded in one step, each turn's words a descriptive code.
    @Test func codesASpeakersTurns() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let text = "Ana: Como foi?\nJoão: Achei confuso.\nAna: E depois?\nJoão: Melhorou."
        let turns = [TranscriptTurn(speaker: "Ana", start: nil, end: nil, span: 5..<14), TranscriptTurn(speaker: "João", start: nil, end: nil, span: 21..<35),
                     TranscriptTurn(speaker: "Ana", start: nil, end: nil, span: 41..<50), TranscriptTurn(speaker: "João", start: nil, end: nil, span: 57..<66)]
        try study.addTranscript(participant: "P2", text: text, label: "grupo", timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        let coded = try study.codeSpeaker(participant: "P2", label: "grupo", speaker: "joao", category: "Navegação", code: nil, coder: "Ana")
        #expect(coded.coded.map(\.excerpt) == ["Achei confuso.", "Melhorou."] && coded.coded.allSatisfy { !$0.inVivo && $0.code == "Navegação" })
        #expect(throws: StoreError.self) { try study.codeSpeaker(participant: "P2", label: "grupo", speaker: "Bia", category: "Navegação", code: nil, coder: "Ana") }
    }

    /// Annotations found by their words (or offsets), refused when the words occur twice, edited, removed.
    @Test func annotations() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let (first, notes) = try study.addAnnotation(participant: "P1", excerpt: "menu some", text: "Primeira reclamação.", coder: "Ana")
        #expect(first.start == 2 && first.end == 11 && first.excerpt == "menu some" && notes.isEmpty)
        let (loose, looseNotes) = try study.addAnnotation(participant: "P1", excerpt: "DEPOIS  o", text: "Tempo.")
        #expect(loose.excerpt == "Depois o" && looseNotes.count == 1)
        let before = try study.dump()
        #expect(throws: StoreError.self) { try study.addAnnotation(participant: "P1", excerpt: "menu", text: "x") }
        #expect(throws: StoreError.self) { try study.addAnnotation(participant: "P1", excerpt: "teclado", text: "x") }
        #expect(throws: StoreError.self) { try study.addAnnotation(participant: "P1", span: 40..<99, text: "x") }
        #expect(throws: StoreError.self) { try study.addAnnotation(participant: "P1", excerpt: "menu some", text: "  ") }
        #expect(try study.dump() == before)
        let (byOffsets, _) = try study.addAnnotation(participant: "P1", span: 35..<39, text: "O segundo menu.")
        #expect(byOffsets.excerpt == "menu")
        #expect(try study.annotations(participant: "P1").map(\.id) == [first.id, loose.id, byOffsets.id])
        let edited = try study.editAnnotation(first.id, text: "Reclamação forte.")
        #expect(edited.text == "Reclamação forte." && edited.modified != nil)
        #expect(try study.removeAnnotation(loose.id).text == "Tempo.")
        #expect(try study.annotations().count == 2)
        #expect(throws: StoreError.self) { try study.editAnnotation(loose.id, text: "y") }
        // A replaced transcript keeps them on their passages (the third "menu" stays the third); a passage gone is refused,
        // then, with force, its annotation is not kept.
        try study.addTranscript(participant: "P1", text: "Antes. O menu some.\nDepois o menu voltou; menu bom.", replace: true)
        #expect(try study.annotations(participant: "P1").map { "\($0.start)-\($0.end) \($0.excerpt): \($0.text)" }
                == ["9-18 menu some: Reclamação forte.", "42-46 menu: O segundo menu."])
        let kept = try study.dump()
        #expect(throws: StoreError.self) { try study.addTranscript(participant: "P1", text: "O menu voltou.", replace: true) }
        #expect(try study.dump() == kept)
        try study.addTranscript(participant: "P1", text: "O menu voltou.", replace: true, force: true)
        #expect(try study.annotations(participant: "P1").map(\.excerpt) == ["menu"])
    }

    /// A bundle whose transcript the study holds already under another label (the same participant, the same words:
    /// a project imported again whose label was lost) is that transcript: no second copy, its codes and annotations
    /// go to the stored one, and the import says so. A bundle bringing nothing new leaves the file as it was.
    @Test func theSameWordsUnderAnotherLabelAreTheSameTranscript() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        var bundle = StudyBundle()
        bundle.transcripts = [.init(participant: "P1", label: "grupo", text: "O menu some.\nDepois o menu voltou; menu bom.")]
        bundle.codes = [CodeEntry(participant: "P1", excerpt: "menu some", code: "menu some", categories: ["Navegação"], coder: "Ana", memo: nil,
                                  descriptive: false, span: 2..<11, transcript: "grupo")]
        bundle.annotations = [.init(participant: "P1", label: "grupo", span: 2..<6, text: "Aqui.", coder: "Ana")]
        let summary = try study.importBundle(bundle)
        #expect(summary.transcriptsAdded == 0 && summary.codesAdded == 1 && summary.annotationsAdded == 1, "\(summary)")
        #expect(summary.skipped.contains { $0.pattern.contains("the study holds the same text as") }, "\(summary.skipped)")
        #expect(try study.transcriptList().filter { $0.participant == "P1" }.map(\.label) == [""])
        let code = try #require(try study.codes().first)
        #expect(code.transcript == nil && code.spanStart == 2 && code.spanEnd == 11, "\(code)")
        #expect(try study.annotations(participant: "P1").map(\.excerpt) == ["menu"])
        let before = try study.dump()
        #expect(try study.importBundle(bundle).isEmpty)
        #expect(try study.dump() == before, "nothing new: the study as it was (its kept GUIDs too)")
    }

    /// A merge carries the annotations on their passages, once.
    @Test func mergeCarriesAnnotations() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        _ = try study.addAnnotation(participant: "P1", excerpt: "menu some", text: "Primeira reclamação.", coder: "Ana")
        let other = try StudyDatabase.create(at: folder.path("other.sqlite"), title: "Outra", language: .ptBR)
        let summary = try other.importBundle(try study.bundle())
        #expect(summary.annotationsAdded == 1)
        #expect(try other.annotations().map { "\($0.participant) \($0.start)-\($0.end) \($0.excerpt): \($0.text) (\($0.coder ?? "-"))" }
                == ["P1 2-11 menu some: Primeira reclamação. (Ana)"])
        #expect(try other.importBundle(try study.bundle()).annotationsAdded == 0)
        #expect(try other.annotations().count == 1)
    }

    @Test func memosEditedRemovedAndSearched() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let id = try study.addMemo(on: .study, text: "Os iniciantes citaram UIKit.")
        try study.addMemo(on: .participant("P1"), text: "Muito confuso no começo.")
        #expect(try study.editMemo(id, text: "Os iniciantes citaram SwiftUI.").text == "Os iniciantes citaram SwiftUI.")
        #expect(try study.memos(matching: "swiftui").map(\.id) == [id])
        #expect(try study.memos(matching: "CONFUSO no comeco").count == 1, "case and accents aside")
        try study.removeMemo(id)
        #expect(try study.memos().count == 1)
        #expect(throws: StoreError.self) { try study.removeMemo(id) }
        #expect(throws: StoreError.self) { try study.editMemo(id, text: "x") }
    }
}
