import Foundation
import Importing
import GRDB
import Testing
import QualCoding
@testable import StudyStore

@Suite struct CodingTests {
    func uitracking(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        let data = Fixtures.datasets.appendingPathComponent("uitracking")
        _ = try study.importParticipants(from: data.appendingPathComponent("participants.csv").path)
        #expect(try study.importCategories(from: data.appendingPathComponent("categories.csv").path) == 9)
        let summary = try study.importCodes(from: data.appendingPathComponent("coded_excerpts.csv").path, coder: "Autora")
        #expect(summary.codes == 54 && summary.excerpts == 54)
        #expect(summary.columns["level"] == "level", "the level column is checked against the participants")
        return study
    }

    /// UITracking thesis, Figura 20: Informações Insuficientes raised by 9 of 10 participants (90 %); Exemplos de
    /// códigos e vídeos, Experiência em iOS, Interações com dispositivo 50 %; Capacidades da API, Informações não
    /// direcionadas e não organizadas, Aprendizado Interativo 20 %. "APIs especializadas": a priori, never observed.
    @Test func reproducesThePublishedCategoryShares() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        let dataset = try study.codingDataset()
        let table = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.participants)
        let shares = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.category, $0.overall.share) })
        #expect(shares["Informações Insuficientes"] == 0.9)
        for category in ["Exemplos de códigos e vídeos", "Experiência em iOS", "Interações com dispositivo"] { #expect(shares[category] == 0.5, "\(category)") }
        for category in ["Capacidades da API", "Informações não direcionadas e não organizadas", "Aprendizado Interativo"] { #expect(shares[category] == 0.2, "\(category)") }
        #expect(shares["APIs especializadas"] == 0)
        #expect(table.rows.first?.overall.denominator == 10)
        let codebook = try study.categories()
        #expect(codebook.first { $0.name == "APIs especializadas" }?.codes == 0)
        #expect(codebook.first { $0.name == "Conceitualização" }?.origin == "emergent")
        #expect(codebook.first { $0.name == "Capacidades da API" }?.origin == "Myllärniemi et al. (2018)")
    }

    /// The thesis's codes by level (Anexos B and C), counted per level.
    @Test func codesByLevel() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        let dataset = try study.codingDataset(groupedBy: "level")
        let table = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.participants)
        let insufficient = try #require(table.rows.first { $0.category == "Informações Insuficientes" })
        let byGroup = Dictionary(uniqueKeysWithValues: zip(table.groups, insufficient.groups).map { ($0, $1.segments) })
        #expect(byGroup == ["Iniciante": 5, "Intermediário": 9, "Avançado": 4])
        #expect(table.groups.count == 3)
        let total = table.rows.reduce(0) { $0 + $1.groups.reduce(0) { $0 + $1.segments } }
        #expect(total == 54)
    }

    @Test func inVivoCodesMustOccurInTheExcerptAndExcerptsInTheTranscript() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        let before = try study.dump()
        #expect(throws: StoreError.codeProblem("the in-vivo code 'piscar o olho' does not occur in the excerpt; check the wording, or use --descriptive for a code in your own words")) {
            try study.addCode(CodeEntry(participant: "P4", excerpt: "piscar os olhos", code: "piscar o olho", categories: ["Interações com dispositivo"]))
        }
        #expect(throws: StoreError.self) {
            try study.addCode(CodeEntry(participant: "P4", code: "qualquer", categories: ["Categoria inexistente"]))
        }
        #expect(try study.dump() == before)
        let loose = try study.addCode(CodeEntry(participant: "P4", excerpt: "Tive que PISCAR os olhos", code: "piscar os olhos",
                                                categories: ["Interações com dispositivo"]))
        // The in-vivo code is the participant's words: stored as the excerpt spells them, not as typed.
        #expect(loose.notes == ["the in-vivo code was typed 'piscar os olhos'; it is stored as the participant said it: 'PISCAR os olhos'"])
        #expect(try study.codes().contains { $0.code == "PISCAR os olhos" })
        #expect(try study.addCode(CodeEntry(participant: "P4", excerpt: "olhei pra cima", code: "interação pelo olhar",
                                            categories: ["Interações com dispositivo"], descriptive: true)).span == nil)

        // A transcript: existing excerpts found in it get their spans; new ones must be in it.
        let transcript = "Senti falta de um direcionamento das interações possíveis na documentação, tipo piscar os olhos, olhar pra cima."
        #expect(try study.addTranscript(participant: "P4", text: transcript) == 0)
        let located = try study.addCode(CodeEntry(participant: "P4", excerpt: "Senti falta de um direcionamento das interações possíveis",
                                                  code: "falta de um direcionamento das interações", categories: ["Interações com dispositivo"]))
        #expect(located.span == 0..<57)
        let missing = #expect(throws: StoreError.self) {
            try study.addCode(CodeEntry(participant: "P4", excerpt: "faltou direcionamento das interações", code: "direcionamento",
                                        categories: ["Interações com dispositivo"]))
        }
        #expect(missing?.localizedDescription.contains("The excerpt is not in P4's transcript; the closest passage is: \"") == true)
        #expect(throws: StoreError.transcriptExists(participant: "P4", label: "")) { try study.addTranscript(participant: "P4", text: "x") }
        #expect(try study.transcript(participant: "P4") == transcript)
    }

    @Test func transcriptLocatesExistingExcerpts() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        // P7's coded excerpt "o gap principal seria a questão do UIKit em si" is in the quote of section 6.1.2.
        let located = try study.addTranscript(participant: "P7", text: "Diria que o gap principal seria a questão do UIKit em si")
        #expect(located == 1)
        let code = try #require(try study.codes().first { $0.code == "o gap principal seria a questão do UIKit em si" })
        #expect(code.spanStart == 10 && code.spanEnd == 56)
    }

    @Test func mergeRenameMoveAndMemosLoseNothing() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        try study.addMemo(on: .category("Aprendizado Interativo"), text: "Só iniciantes.", coder: "Autora")
        let moved = try study.mergeCategory("Aprendizado Interativo", into: "Informações Insuficientes")
        #expect(moved == 3)
        let categories = try study.categories()
        #expect(!categories.contains { $0.name == "Aprendizado Interativo" })
        #expect(categories.first { $0.name == "Informações Insuficientes" }?.codes == 21)
        let memos = try study.memos(on: .category("Informações Insuficientes"))
        #expect(memos.map(\.text).first == "Só iniciantes.")
        #expect(memos.last?.text.hasPrefix("Merged category 'Aprendizado Interativo' (origin: emergent) into 'Informações Insuficientes'; 3 codes moved.") == true)
        #expect(try study.codes().count == 54)

        try study.renameCategory("Experiência em iOS", to: "Experiência com iOS")
        #expect(try study.categories().first { $0.name == "Experiência com iOS" }?.codes == 5)
        #expect(throws: StoreError.duplicateCategory(name: "Conceitualização")) { try study.renameCategory("Experiência com iOS", to: "Conceitualização") }

        let code = try #require(try study.codes().first { $0.categories == ["Conceitualização"] })
        try study.moveCode(code.id, from: nil, to: "Experiência com iOS")
        #expect(try study.codes().first { $0.id == code.id }?.categories == ["Experiência com iOS"])
        #expect(throws: StoreError.unknownCode(id: 9999)) { try study.moveCode(9999, from: nil, to: "Conceitualização") }

        try study.addMemo(on: .study, text: "Saturação após P8.")
        try study.addMemo(on: .participant("P2"), text: "Primeira vez com UIKit.")
        try study.addMemo(on: .code(code.id), text: "Conceito ou experiência?")
        #expect(try study.memos().map(\.on) == ["category:Informações Insuficientes", "category:Informações Insuficientes", "study", "participant:P2", "code:\(code.id)"])
        #expect(try study.memos(on: .participant("P2")).count == 1)
    }

    @Test func importReportsEveryBadRowAndStoresNothing() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        let path = try folder.write("bad.csv", """
            participant,level,excerpt,code,category
            P1,Iniciante,senti falta de exemplos,falta de exemplos,Exemplos de códigos e vídeos
            P1,Avançado,outra coisa,coisa,Conceitualização
            P42,Iniciante,algo,algo,Conceitualização
            P2,Iniciante,um trecho,não está,Conceitualização
            P3,Intermediário,um trecho,trecho,Sem categoria
            """)
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.importCodes(from: path) }
        guard case let .invalidInput(problems)? = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.location) == ["\(path):3:4", "\(path):4:1", "\(path):5:1", "\(path):6:1"])
        #expect(problems[0].message == "participant P1 has level = Iniciante in the study, but this row says 'Avançado'")
        #expect(problems[1].message == "no participant 'P42' in the study")
        #expect(problems[2].message.description.hasPrefix("The in-vivo code 'não está' does not occur in the excerpt"))
        #expect(problems[3].message.description.hasPrefix("No category 'Sem categoria' in the codebook"))
        #expect(try study.dump() == before)
    }

    @Test func secondCoderAgreement() throws {
        let folder = try TemporaryFolder()
        let study = try uitracking(folder)
        _ = try study.importCodes(from: Fixtures.datasets.appendingPathComponent("uitracking/second_coder.csv").path)
        #expect(try study.coders() == ["Autora", "Revisor"])
        let report = AgreementReport(coders: ["Autora", "Revisor"], categories: try study.categories().map(\.name),
                                     assignments: try study.codingAssignments(coders: ["Autora", "Revisor"]))
        #expect(report.units == 54)
        #expect(abs(report.overall.percentAgreement! - 46.0 / 54) < 1e-12)
        #expect(report.overall.kappa("Autora", "Revisor") != nil)
        #expect(report.categories.first { $0.category == "Capacidades da API" }?.percentAgreement == 1)
    }
}
