import Foundation
import Testing
import QualCoding
@testable import StudyStore

/// A category changed after it was created, and a code's passage moved: each refusal names what and where and leaves
/// the study as it was.
@Suite struct CodebookChangeTests {
    @Test func updateCategoryChangesEachFieldAndRefusesACircle() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addCategory(name: "Aprendizagem", definition: nil, origin: .emergent)
        try study.addCategory(name: "Documentação", definition: "Velha", origin: .emergent, theme: "Aprendizagem")
        try study.addCategory(name: "Exemplos", definition: nil, origin: .emergent, theme: "Documentação")
        try study.updateCategory("documentação", CategoryChange(definition: "  ", origin: .literature(reference: "Myllärniemi et al. (2018)")))
        var documentation = try #require(try study.categories().first { $0.name == "Documentação" })
        #expect(documentation.definition == nil && documentation.reference == "Myllärniemi et al. (2018)" && documentation.theme == "Aprendizagem")
        let before = try study.categories()
        #expect(throws: StoreError.self) { try study.updateCategory("Aprendizagem", CategoryChange(definition: "nova", theme: "Exemplos")) }
        do {
            try study.updateCategory("Aprendizagem", CategoryChange(theme: "Exemplos"))
            Issue.record("a circle of themes was stored")
        } catch let StoreError.invalidInput(problems) {
            #expect(problems.count == 1 && problems[0].description.contains("Aprendizagem → Exemplos → Documentação → Aprendizagem"), "\(problems)")
        }
        #expect(throws: StoreError.self, "a name another category has") { try study.updateCategory("Exemplos", CategoryChange(rename: "aprendizagem")) }
        #expect(try study.categories() == before, "every refusal changed nothing, the definition sent beside the circle included")
        try study.updateCategory("Documentação", CategoryChange(theme: "", rename: "Docs"))
        documentation = try #require(try study.categories().first { $0.name == "Docs" })
        #expect(documentation.theme == nil)
        #expect(try study.categories().first { $0.name == "Exemplos" }?.theme == "Docs", "the categories under it follow the new name")
    }

    @Test func aShrunkPassageKeepsAnInVivoCodeOnlyWhereItStillOccurs() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addTranscript(participant: "P1", text: "O menu lateral some quando giro a cabeça.")
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        let code = try study.addCode(CodeEntry(participant: "P1", excerpt: "menu lateral some", code: "lateral", categories: ["Navegação"], coder: "ana"))
        let before = try study.codes()
        // "menu" no longer holds "lateral": refused, nothing changes.
        #expect(throws: StoreError.self) { try study.resizeCode(code.id, coder: "ana", span: 2..<6, excerpt: "menu") }
        // A passage outside the transcript, or one that does not read as sent.
        #expect(throws: StoreError.self) { try study.resizeCode(code.id, coder: "ana", span: 30..<90, excerpt: "x") }
        #expect(throws: StoreError.self) { try study.resizeCode(code.id, coder: "ana", span: 2..<14, excerpt: "menu central") }
        #expect(throws: StoreError.self) { try study.resizeCode(code.id, coder: "ana", span: 1..<14, excerpt: " menu lateral") }
        #expect(try study.codes() == before)
        let moved = try study.resizeCode(code.id, coder: "ana", span: 2..<14, excerpt: "menu lateral")
        #expect(moved.excerpt == "menu lateral" && moved.code == "lateral" && moved.spanStart == 2 && moved.spanEnd == 14)
        // Descriptive codes go anywhere in the participant's words.
        _ = try study.updateCode(code.id, coder: "ana", inVivo: false)
        #expect(try study.resizeCode(code.id, coder: "ana", span: 20..<40, excerpt: "quando giro a cabeça").code == "lateral")
    }
}
