import Foundation
import StudyStore
import Testing
import ZIPFoundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Interchange

/// Projects NVivo, MAXQDA and ATLAS.ti really wrote (Tests/Fixtures/refi-real/README.md names each one's source,
/// commit and licence). Those without a licence to redistribute are read from .build/refi-real/ when present.
@Suite struct REFIRealTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func local(_ name: String) -> String? {
        let path = root.appendingPathComponent(".build/refi-real/" + name).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static let elsewhere = "kept in .build/refi-real/ only when copied there: no licence to keep it in the repository (Tests/Fixtures/refi-real/README.md says where it comes from)"

    func newStudy() throws -> StudyDatabase {
        try StudyDatabase.create(at: REFIWildTests.temporary("study.sqlite"), title: "Real", language: .en)
    }

    /// NVivo for Windows 12.6: 303 selections with empty names, counted in UTF-16 units on a text with CRLF and a
    /// BOM, up to 7 on the same words. Each code lands on the words its selection counts out in the source file,
    /// and a re-export gives back every selection with its own GUID.
    @Test func nvivoWindowsProject() throws {
        let path = Self.root.appendingPathComponent("Tests/Fixtures/refi-real/nvivo12.6-windows.qdpx").path
        let project = try REFIImport(path: path)
        #expect(project.codingsInProject == 303)
        #expect(project.report.contains { $0.description.hasPrefix("source videos_10_selected → videos_10_selected: positions in UTF-16 units (") },
                "\(project.report)")
        // The words each selection counts out, read here independently: UTF-16 units of the file's text (BOM off),
        // CRLF as two, then stored as studyctl stores text (LF, trimmed).
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        func entry(_ name: String) throws -> Data {
            var data = Data()
            _ = try archive.extract(archive.first { $0.path == name }!) { data.append($0) }
            return data
        }
        var raw = String(decoding: try entry("Sources/68bbdc14-c361-4432-b4dd-ae1dbfc12890.txt"), as: UTF8.self)
        if raw.hasPrefix("\u{FEFF}") { raw.removeFirst() }
        let units = Array(raw.utf16)
        var expected: [String: String] = [:]
        var importedGUIDs = Set<String>()
        for selection in try REFISelectionGUIDTests.SelectionReader.read(try entry("project.qde")) {
            let start = Int(selection.attributes["startPosition"]!)!
            let end = Int(selection.attributes["endPosition"]!)!
            let words = String(decoding: units[start..<end], as: UTF16.self).replacingOccurrences(of: "\r\n", with: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            expected[selection.guid] = words
            importedGUIDs.insert(selection.guid)
        }
        #expect(importedGUIDs.count == 303)
        let study = try newStudy()
        let summary = try study.importBundle(project.bundle)
        #expect(summary.codesAdded + project.report.filter { $0.description.contains("duplicate coding") }.count > 0)
        let selections = try study.selectionGUIDs()
        let codes = try study.codes()
        #expect(!codes.isEmpty)
        var misplaced = 0
        for code in codes {
            guard let guid = selections[code.id], let words = expected[guid] else {
                Issue.record("code \(code.id) has no selection GUID")
                continue
            }
            if code.excerpt != words { misplaced += 1 }
        }
        #expect(misplaced == 0, "\(misplaced) of \(codes.count) codes not on their selection's words")
        #expect(try study.coders().sorted() == ["Gergo", "floriansipos"])
        // Re-export: the same selections (those not made only of duplicate codings), each with its own GUID.
        let exported = try REFISelectionGUIDTests.selections(in: try REFIExport(study: study).projectXML().xml)
        let kept = Set(selections.values)
        #expect(Set(exported.keys) == kept)
        #expect(kept.isSubset(of: importedGUIDs))
        print("NVivo 12.6: \(importedGUIDs.count) selections in, \(exported.count) out; \(codes.count) codes; report: \(project.report.map(\.description))")
    }

    /// MAXQDA 24, a bare project.qde beside its sources/, and the same project as MAXQDA packed it.
    @Test(.enabled(if: local("maxqda24/project.qde") != nil && local("maxqda24.qdpx") != nil, "MAXQDA 24's project is \(elsewhere)"),
          arguments: ["maxqda24/project.qde", "maxqda24.qdpx"])
    func maxqdaProject(file: String) throws {
        let path = try #require(Self.local(file))
        let project = try REFIImport(path: path)
        #expect(project.bundle.transcripts.count == 10)
        #expect(project.bundle.transcripts.allSatisfy { !$0.text.isEmpty && !$0.text.contains("\u{FEFF}") })
        let study = try newStudy()
        let summary = try study.importBundle(project.bundle)
        #expect(summary.transcriptsAdded == 10)
        // Its project holds a codebook and sources, no codings.
        #expect(project.codingsInProject == 0 && summary.codesAdded == 0)
        #expect(project.bundle.categories.count > 50)
        // Every code's excerpt is the words its span holds in the stored transcript.
        for code in try study.codes() {
            let text = Array(try study.transcript(participant: code.participant).unicodeScalars)
            var words = String.UnicodeScalarView()
            words.append(contentsOf: text[code.spanStart!..<code.spanEnd!])
            #expect(String(words) == code.excerpt)
        }
        let exported = try REFISelectionGUIDTests.selections(in: try REFIExport(study: study).projectXML().xml)
        #expect(Set(exported.keys) == Set(try study.selectionGUIDs().values))
        print("MAXQDA 24 (\(file)): \(project.codingsInProject) codings, \(summary.codesAdded) codes; report: \(project.report.map(\.description))")
    }

    /// ATLAS.ti 23 for Windows: a codebook whose codes hold codes, no sources.
    @Test(.enabled(if: local("atlas23-codebook.qdpx") != nil, "ATLAS.ti 23's codebook project is \(elsewhere)"))
    func atlasCodebookProject() throws {
        let path = try #require(Self.local("atlas23-codebook.qdpx"))
        let project = try REFIImport(path: path)
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        #expect(try study.categories().map(\.name).contains("Commits"))
        #expect(try study.coders().contains("Enric Llagostera"))
        let xml = String(decoding: try REFIExport(study: study).projectXML().xml, as: UTF8.self)
        #expect(xml.lowercased().contains("a182cd3a-d83c-4d8c-bc80-26d9103ec6d6"))
    }
}
