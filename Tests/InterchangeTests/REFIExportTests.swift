import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StudyStore
import Testing
import ZIPFoundation
@testable import Interchange

/// REFI-QDA exports: valid against the standard's schemas, the same bytes every time, every selection on its text.
@Suite struct REFIExportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Two coders on transcripts with an emoji, a decomposed accent and CRLF; themes, memos of every kind, attributes.
    static func study() throws -> StudyDatabase {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("refi-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Oficina & \"testes\" <1>", language: .ptBR)
        try study.addParticipant(code: "P1", attributes: [("anos", "4"), ("papel", "dev")])
        try study.addParticipant(code: "P2", attributes: [("anos", "1"), ("papel", "design")])
        try study.addTranscript(participant: "P1", text: "Olá 👍 cafe\u{301}!\r\nO menu some 😕 quando giro.\r\nO menu some de novo.")
        try study.addTranscript(participant: "P2", text: "Gostei do ícone, mas o menu some.")
        try study.addCategory(name: "Interface", definition: "Tudo o que se vê", origin: .emergent)
        try study.addCategory(name: "Navegação", definition: "Onde ir e como voltar", origin: .emergent, theme: "Interface")
        try study.addCategory(name: "Estética", definition: nil, origin: .literature(reference: "Nielsen (1994)"), theme: "Interface")
        try study.addCategory(name: "Outros", definition: nil, origin: .emergent)
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu some 😕 quando giro", code: "menu some", categories: ["Navegação"], coder: "ana", memo: "emoji no trecho"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu some 😕 quando giro", code: "quando giro", categories: ["Navegação", "Outros"], coder: "bia"))
        _ = try study.addCode(CodeEntry(participant: "P2", excerpt: "Gostei do ícone", code: "Gostei do ícone", categories: ["Estética"], coder: "ana"))
        try study.addMemo(on: .study, text: "Memo do estudo <com> & marcas")
        try study.addMemo(on: .participant("P2"), text: "Falou pouco")
        try study.addMemo(on: .category("Estética"), text: "Só P2")
        return study
    }

    func xmllint(_ data: Data, schema: String) throws -> (Bool, String) {
        guard let tool = ["/usr/bin/xmllint", "/opt/homebrew/bin/xmllint", "/usr/local/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("xmllint is missing: make test installs it (libxml2-utils)")
            return (false, "")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("refi-\(UUID().uuidString).xml")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--noout", "--schema", Self.root.appendingPathComponent("Tests/Fixtures/refi-qda/\(schema)").path, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// An attribute's value, looked up through the attribute list (FoundationXML's `attribute(forName:)` misses some
    /// attributes of namespaced documents on Linux).
    func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }

    func entries(_ qdpx: Data) throws -> [String: Data] {
        let archive = try Archive(data: qdpx, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        return files
    }

    @Test func projectIsValidDeterministicAndPlacesEverySelectionOnItsText() throws {
        let study = try Self.study()
        let first = try REFIExport(study: study).qdpx()
        let second = try REFIExport(study: try StudyDatabase.open(at: study.path)).qdpx()
        #expect(first == second, "the same study exports the same bytes")
        let files = try entries(first)
        let qde = try #require(files["project.qde"])
        let (valid, errors) = try xmllint(qde, schema: "Project.xsd")
        #expect(valid, "\(errors)")
        #expect(files.keys.filter { $0.hasPrefix("sources/") }.count == 6, "two transcripts and the four memos' texts")
        // Sources: UTF-8 without BOM, LF; every selection's positions (code points, end exclusive) read its name.
        let document = try XMLDocument(data: qde)
        let sources = try document.nodes(forXPath: "//*[local-name()='TextSource']").compactMap { $0 as? XMLElement }
        var selections = 0
        for source in sources {
            let path = try #require(attr(source, "plainTextPath"))
            #expect(path.hasPrefix("internal://"))
            let bytes = try #require(files["sources/" + path.dropFirst("internal://".count)])
            #expect(!bytes.starts(with: [0xEF, 0xBB, 0xBF]) && !bytes.contains(0x0D))
            let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
            for selection in (source.children ?? []).compactMap({ $0 as? XMLElement }).filter({ $0.localName == "PlainTextSelection" }) {
                let start = Int(try #require(attr(selection, "startPosition")))!
                let end = Int(try #require(attr(selection, "endPosition")))!
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[start..<end])
                #expect(String(text) == attr(selection, "name"))
                selections += 1
            }
        }
        // What QualCoder's importer needs (it reads the coder from the selection, keeps code names unique and reads a
        // coding memo from the selection's Description, journals from a note's plainTextPath): one selection per
        // excerpt and coder, each with its coder and date.
        #expect(selections == 3, "P1's excerpt coded by ana and by bia is two selections, P2's one")
        let selectionElements = try document.nodes(forXPath: "//*[local-name()='PlainTextSelection']").compactMap { $0 as? XMLElement }
        let userNames = Dictionary(uniqueKeysWithValues: try document.nodes(forXPath: "//*[local-name()='User']").compactMap { $0 as? XMLElement }
            .map { (attr($0, "guid")!, attr($0, "name")!) })
        #expect(selectionElements.map { attr($0, "creatingUser").flatMap { userNames[$0] } } == ["ana", "bia", "ana"])
        #expect(selectionElements.allSatisfy { attr($0, "creationDateTime")?.hasSuffix("Z") == true })
        for selection in selectionElements {
            let coders = Set((selection.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == "Coding" }.compactMap { attr($0, "creatingUser") })
            #expect(coders == [attr(selection, "creatingUser")!], "a selection holds one coder's codings")
        }
        #expect(selectionElements[0].children?.first.flatMap { $0 as? XMLElement }.map { $0.localName == "Description" && $0.stringValue == "emoji no trecho" } == true,
                "the coding memo as the selection's Description")
        let codable = try document.nodes(forXPath: "//*[local-name()='Code'][@isCodable='true']").compactMap { ($0 as? XMLElement).flatMap { attr($0, "name") } }
        #expect(Set(codable).count == codable.count, "codable code names are unique: \(codable)")
        #expect(codable.contains("quando giro (2)"), "the second category's 'quando giro'")
        for note in try document.nodes(forXPath: "//*[local-name()='Note']").compactMap({ $0 as? XMLElement }) {
            let path = try #require(attr(note, "plainTextPath"))
            let text = try #require(files["sources/" + path.dropFirst("internal://".count)])
            let content = (note.children ?? []).compactMap { $0 as? XMLElement }.first { $0.localName == "PlainTextContent" }?.stringValue
            #expect(String(decoding: text, as: UTF8.self) == content, "a note's file holds its text")
        }
        let codings = try document.nodes(forXPath: "//*[local-name()='Coding']")
        #expect(codings.count == 4, "menu some × Navegação, quando giro × Navegação and Outros, Gostei do ícone × Estética")
        // Coders are users, and each coding names its coder.
        let users = try document.nodes(forXPath: "//*[local-name()='User']").compactMap { ($0 as? XMLElement).flatMap { attr($0, "name") } }
        #expect(users == ["ana", "bia"])
        #expect(codings.allSatisfy { ($0 as? XMLElement).flatMap { attr($0, "creatingUser") } != nil })
        #expect(codings.allSatisfy { ($0 as? XMLElement).flatMap { attr($0, "creationDateTime") }?.hasSuffix("Z") == true }, "each coding with its date")
        // Themes hold categories, categories hold one codable code per wording.
        let interface = try #require(try document.nodes(forXPath: "//*[local-name()='Code'][@name='Interface']").first as? XMLElement)
        #expect(attr(interface, "isCodable") == "false")
        #expect((interface.children ?? []).compactMap { ($0 as? XMLElement).flatMap { attr($0, "name") } } == ["Navegação", "Estética"])
        let navigation = try #require(try document.nodes(forXPath: "//*[local-name()='Code'][@name='Navegação']").first as? XMLElement)
        #expect((navigation.children ?? []).compactMap { ($0 as? XMLElement).flatMap { attr($0, "name") } } == ["menu some", "quando giro"])
        let others = try #require(try document.nodes(forXPath: "//*[local-name()='Code'][@name='Outros']").first as? XMLElement)
        #expect((others.children ?? []).compactMap { ($0 as? XMLElement).flatMap { attr($0, "name") } } == ["quando giro (2)"])
        // Memos are notes, referred to where they belong; participants are cases with typed variables.
        let aesthetics = try #require(try document.nodes(forXPath: "//*[local-name()='Code'][@name='Estética']").first as? XMLElement)
        #expect((aesthetics.children ?? []).contains { ($0 as? XMLElement)?.localName == "NoteRef" }, "the category memo")
        #expect(try document.nodes(forXPath: "//*[local-name()='Coding']/*[local-name()='NoteRef']").count == 1, "the code memo")
        #expect(try document.nodes(forXPath: "//*[local-name()='Note']").count == 4)
        #expect(try document.nodes(forXPath: "//*[local-name()='FloatValue']").map { $0.stringValue } == ["4", "1"])
        #expect(try document.nodes(forXPath: "//*[local-name()='Case']").count == 2)
    }

    @Test func codebookIsValidAndAnEmptyOneIsRefused() throws {
        let export = try REFIExport(study: try Self.study())
        let (valid, errors) = try xmllint(try export.codebookXML(), schema: "Codebook.xsd")
        #expect(valid, "\(errors)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("refi-empty-\(UUID().uuidString).sqlite").path
        let empty = try REFIExport(study: try StudyDatabase.create(at: path, title: "Vazio", language: .en))
        #expect(throws: REFIError.self) { try empty.codebookXML() }
        // An empty study still exports a valid project (empty containers are left out, as the schema requires).
        let qde = try #require(try entries(try empty.qdpx())["project.qde"])
        #expect(try xmllint(qde, schema: "Project.xsd").0)
    }
}
