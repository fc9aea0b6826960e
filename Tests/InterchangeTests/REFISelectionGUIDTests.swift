import Foundation
import StudyStore
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Interchange

/// Several selections on the same words — two coders, or one coder's codes selected apart — are one excerpt in the
/// study; each keeps its own GUID and its own codings, so a re-export gives back every selection that came in.
@Suite struct REFISelectionGUIDTests {
    /// A project of 97 selections on 20 passages (17 passages with 5 selections, 3 with 4), in NVivo's units
    /// (UTF-16, empty names): per passage ana codes `menu`, bia codes `menu`, ana codes `busca` in a selection of
    /// its own, bia codes `busca` and `preço` in one selection, ana codes `preço` with a memo.
    static func project() -> (qde: String, text: String, selections: [String: Set<String>]) {
        let passages = (0..<20).map { "Trecho \($0) 😀 com o menu e a busca" }
        let text = passages.joined(separator: "\r\n")
        var selections: [String: Set<String>] = [:]
        var xml = ""
        var serial = 0
        func id(_ prefix: String) -> String {
            serial += 1
            return String(format: "%@-0000-4000-8000-%012d", prefix, serial)
        }
        let users = ["ana": "aaaaaaaa-0000-4000-8000-000000000001", "bia": "aaaaaaaa-0000-4000-8000-000000000002"]
        let codes = ["menu": "c0000000-0000-4000-8000-000000000001", "busca": "c0000000-0000-4000-8000-000000000002", "preço": "c0000000-0000-4000-8000-000000000003"]
        let shapes: [(user: String, codes: [String], memo: String?)] = [("ana", ["menu"], nil), ("bia", ["menu"], nil), ("ana", ["busca"], nil),
                                                                        ("bia", ["busca", "preço"], nil), ("ana", ["preço"], "caro demais")]
        for (index, passage) in passages.enumerated() {
            let range = text.range(of: passage)!
            let start = text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound)
            let end = start + passage.utf16.count
            for shape in shapes.prefix(index < 17 ? 5 : 4) {
                let selection = id("eeeeeeee")
                var codings: Set<String> = []
                var body = shape.memo.map { "<Description>\($0)</Description>" } ?? ""
                for code in shape.codes {
                    let coding = id("dddddddd")
                    codings.insert(coding)
                    body += "<Coding guid=\"\(coding)\" creatingUser=\"\(users[shape.user]!)\" creationDateTime=\"2021-06-0\(index % 9 + 1)T10:00:00Z\"><CodeRef targetGUID=\"\(codes[code]!)\"/></Coding>"
                }
                selections[selection] = codings
                xml += "<PlainTextSelection guid=\"\(selection)\" name=\"\" startPosition=\"\(start)\" endPosition=\"\(end)\" creatingUser=\"\(users[shape.user]!)\">\(body)</PlainTextSelection>\n"
            }
        }
        let qde = """
            <?xml version="1.0" encoding="utf-8"?>
            <Project xmlns="urn:QDA-XML:project:1.0" name="Duas codificadoras" origin="NVivo 12.6 (Windows)">
            <Users><User guid="\(users["ana"]!)" name="ana"/><User guid="\(users["bia"]!)" name="bia"/></Users>
            <CodeBook><Codes><Code guid="c0000000-0000-4000-8000-000000000000" name="Uso" isCodable="false">
            \(codes.sorted { $0.key < $1.key }.map { "<Code guid=\"\($0.value)\" name=\"\($0.key)\" isCodable=\"true\"/>" }.joined())
            </Code></Codes></CodeBook>
            <Sources><TextSource guid="50000000-0000-4000-8000-000000000001" name="P1" plainTextPath="internal://p1.txt">
            \(xml)</TextSource></Sources></Project>
            """
        return (qde, text, selections)
    }

    /// Every PlainTextSelection of a project: its GUID and the GUIDs of its codings (read with a plain SAX parser,
    /// apart from the import's reader).
    static func selections(in xml: Data) throws -> [String: Set<String>] {
        try SelectionReader.read(xml).reduce(into: [:]) { found, selection in
            #expect(found[selection.guid] == nil, "selection \(selection.guid) written twice")
            found[selection.guid] = Set(selection.codings)
        }
    }

    /// The PlainTextSelections of a project in document order, with their attributes and codings' GUIDs.
    final class SelectionReader: NSObject, XMLParserDelegate {
        struct Selection { var guid: String; var attributes: [String: String]; var codings: [String] }
        var selections: [Selection] = []
        var inSelection = false

        static func read(_ xml: Data) throws -> [Selection] {
            let reader = SelectionReader()
            let parser = XMLParser(data: xml)
            parser.delegate = reader
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
            return reader.selections
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let name = elementName.split(separator: ":").last.map(String.init) ?? elementName
            if name == "PlainTextSelection" {
                inSelection = true
                selections.append(Selection(guid: (attributes["guid"] ?? "").lowercased(), attributes: attributes, codings: []))
            } else if name == "Coding", inSelection {
                selections[selections.count - 1].codings.append((attributes["guid"] ?? "").lowercased())
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if (elementName.split(separator: ":").last.map(String.init) ?? elementName) == "PlainTextSelection" { inSelection = false }
        }
    }

    static func qdpx(_ qde: String, text: String) throws -> String {
        let path = REFIWildTests.temporary("selections.qdpx")
        try REFIWildTests.zip(["project.qde": Data(qde.utf8), "sources/p1.txt": Data(text.utf8)]).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everySelectionOnTheSameWordsComesBackWithItsGUIDAndCodings() throws {
        let (qde, text, imported) = Self.project()
        #expect(imported.count == 97)
        let project = try REFIImport(path: try Self.qdpx(qde, text: text))
        let study = try StudyDatabase.create(at: REFIWildTests.temporary("study.sqlite"), title: "Seleções", language: .ptBR)
        let summary = try study.importBundle(project.bundle)
        // 20 passages: 20 excerpts; per passage 2 + 2 + 2 codes (ana and bia × menu, busca, preço), bia's preço
        // missing on the last 3.
        #expect(summary.codesAdded == 17 * 6 + 3 * 5, "\(summary)")
        #expect(Set(try study.codes().map(\.excerptID)).count == 20)
        let exported = try Self.selections(in: try REFIExport(study: study).projectXML().xml)
        #expect(exported.count == 97)
        #expect(Set(exported.keys) == Set(imported.keys))
        #expect(exported == imported, "each selection gives back its own codings")

        // Again through a .qdpx written by the export: the same selections once more.
        let again = try StudyDatabase.create(at: REFIWildTests.temporary("again.sqlite"), title: "De novo", language: .ptBR)
        let path = REFIWildTests.temporary("export.qdpx")
        try REFIExport(study: study).qdpx().write(to: URL(fileURLWithPath: path))
        _ = try again.importBundle(try REFIImport(path: path).bundle)
        #expect(try Self.selections(in: try REFIExport(study: again).projectXML().xml) == imported)
    }

    /// One coder's same-named codes under two parents on the same words, selected apart: one code in both
    /// categories (the study holds a wording once per coder and excerpt), neither coding lost.
    @Test func sameWordingUnderTwoParentsOnTheSameWords() throws {
        let text = "O menu some às vezes."
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="Dois pais" origin="NVivo 14">
            <Users><User guid="u1" name="ana"/></Users>
            <CodeBook><Codes>
              <Code guid="a" name="Tema A" isCodable="true"><Code guid="a1" name="Outros" isCodable="true"/></Code>
              <Code guid="b" name="Tema B" isCodable="true"><Code guid="b1" name="Outros" isCodable="true"/></Code>
            </Codes></CodeBook>
            <Sources><TextSource guid="s1" name="P1" plainTextPath="internal://p1.txt">
              <PlainTextSelection guid="e1" name="" startPosition="2" endPosition="11"><Coding guid="d1" creatingUser="u1"><CodeRef targetGUID="a1"/></Coding></PlainTextSelection>
              <PlainTextSelection guid="e2" name="" startPosition="2" endPosition="11"><Coding guid="d2" creatingUser="u1"><CodeRef targetGUID="b1"/></Coding></PlainTextSelection>
            </TextSource></Sources></Project>
            """
        let project = try REFIImport(path: try Self.qdpx(qde, text: text))
        let study = try StudyDatabase.create(at: REFIWildTests.temporary("study.sqlite"), title: "Pais", language: .ptBR)
        let summary = try study.importBundle(project.bundle)
        #expect(summary.skipped.isEmpty, "\(summary.skipped)")
        #expect(try study.codes().map { "\($0.excerpt)|\($0.code)|\($0.categories.sorted())" } == ["menu some|Outros|[\"Tema A\", \"Tema B\"]"])
        let exported = try Self.selections(in: try REFIExport(study: study).projectXML().xml)
        #expect(exported.values.reduce(Set<String>()) { $0.union($1) } == ["d1", "d2"])
    }

    /// A code removed from the study takes its kept selection GUID with it; the codes left keep theirs.
    @Test func aRemovedCodeLeavesNoSelectionBehind() throws {
        let (qde, text, imported) = Self.project()
        let study = try StudyDatabase.create(at: REFIWildTests.temporary("study.sqlite"), title: "Seleções", language: .ptBR)
        _ = try study.importBundle(try REFIImport(path: try Self.qdpx(qde, text: text)).bundle)
        let kept = try study.selectionGUIDs()
        let gone = try study.codes().first { $0.code == "busca" && $0.coder == "ana" }!
        try study.deleteCode(gone.id)
        #expect(try study.selectionGUIDs().count == kept.count - 1)
        #expect(try study.selectionGUIDs()[gone.id] == nil)
        let exported = try Self.selections(in: try REFIExport(study: study).projectXML().xml)
        #expect(exported.count == 96 && exported[kept[gone.id]!] == nil)
        #expect(Set(exported.keys).isSubset(of: Set(imported.keys)))
    }
}
