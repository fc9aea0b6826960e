import Foundation
import StudyStore
import Surveys
import Testing
import ZIPFoundation
@testable import Interchange

/// Projects as NVivo, MAXQDA and ATLAS.ti write them (shared/research/refi-qda.md §A.2–A.6): UTF-16 positions with
/// empty selection names, emoji and CRLF, a source whose words are only in its .docx, the same code name under two
/// parents, a case named with a space, short ids, coding dates, a user who coded nothing.
@Suite struct REFIWildTests {
    static func zip(_ files: [String: Data]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        return archive.data!
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wild-\(UUID().uuidString)-\(name)").path
    }

    func newStudy() throws -> StudyDatabase {
        try StudyDatabase.create(at: Self.temporary("study.sqlite"), title: "Importado", language: .ptBR)
    }

    /// `words`' bounds in `text` counted in UTF-16 units (as NVivo counts).
    static func utf16(_ words: String, in text: String) -> (Int, Int) {
        let range = text.range(of: words)!
        let start = text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound)
        return (start, start + words.utf16.count)
    }

    static let interview = "Entrevista 😀 com a Ana\r\nEu gosto do menu 🎉 novo.\r\nOutros pontos: preço alto 💸 demais.\r\n"
    static let docxLines = ["Primeira linha 🙂 aqui", "Segunda: o menu some às vezes."]

    static func docx(_ lines: [String]) throws -> Data {
        let body = lines.map { "<w:p><w:r><w:t xml:space=\"preserve\">\($0)</w:t></w:r></w:p>" }.joined()
        let xml = "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>\(body)</w:body></w:document>"
        return try zip(["word/document.xml": Data(xml.utf8)])
    }

    /// An NVivo-like project; `origin` empty to make the import find the unit from where the bounds fall.
    static func nvivoProject(origin: String) throws -> (qde: String, sources: [String: Data]) {
        let (a0, a1) = utf16("menu 🎉 novo", in: interview)
        let (b0, b1) = utf16("preço alto 💸 demais", in: interview)
        let docText = docxLines.joined(separator: "\n")
        let (c0, c1) = utf16("o menu some", in: docText)
        let qde = """
            <?xml version="1.0" encoding="utf-8"?>
            <Project xmlns="urn:QDA-XML:project:1.0" name="NV wild" origin="\(origin)">
            <Users><User guid="{AAAAAAAA-0000-4000-8000-000000000001}" name="chrisp" id="CP"/><User guid="aaaaaaaa-0000-4000-8000-000000000002" name="maria" id="MA"/></Users>
            <CodeBook><Codes>
              <Code guid="10000000-0000-4000-8000-000000000001" name="Tema A" isCodable="true">
                <Code guid="10000000-0000-4000-8000-000000000002" name="Outros" isCodable="true"/>
                <Code guid="10000000-0000-4000-8000-000000000003" name="Vazio" isCodable="true"/>
              </Code>
              <Code guid="20000000-0000-4000-8000-000000000001" name="Tema B" isCodable="true">
                <Code guid="20000000-0000-4000-8000-000000000002" name="Outros" isCodable="true"/>
                <Code guid="20000000-0000-4000-8000-000000000003" name="Vazio" isCodable="true"/>
              </Code>
              <Code guid="c001" name="Curto" isCodable="true"/>
            </Codes></CodeBook>
            <Cases><Case guid="c0000000-0000-4000-8000-000000000001" name="Facebook comments"><SourceRef targetGUID="50000000-0000-4000-8000-000000000001"/></Case></Cases>
            <Sources>
              <TextSource guid="50000000-0000-4000-8000-000000000001" name="Comentários" plainTextPath="internal://50000000-0000-4000-8000-000000000001.txt" creatingUser="aaaaaaaa-0000-4000-8000-000000000001">
                <PlainTextSelection guid="e0000000-0000-4000-8000-000000000001" name="" startPosition="\(a0)" endPosition="\(a1)" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2019-03-04T10:11:12Z">
                  <Coding guid="d0000000-0000-4000-8000-000000000001" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2019-03-04T10:11:12Z"><CodeRef targetGUID="10000000-0000-4000-8000-000000000002"/></Coding>
                  <Coding guid="d0000000-0000-4000-8000-000000000002" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2019-03-04T10:11:12Z"><CodeRef targetGUID="10000000-0000-4000-8000-000000000002"/></Coding>
                </PlainTextSelection>
                <PlainTextSelection guid="e0000000-0000-4000-8000-000000000002" name="" startPosition="\(b0)" endPosition="\(b1)" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2019-05-06T07:08:09+02:00">
                  <Coding guid="d0000000-0000-4000-8000-000000000003" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2019-05-06T07:08:09+02:00"><CodeRef targetGUID="20000000-0000-4000-8000-000000000002"/></Coding>
                </PlainTextSelection>
              </TextSource>
              <TextSource guid="50000000-0000-4000-8000-000000000002" name="Entrevista Bia" richTextPath="internal://50000000-0000-4000-8000-000000000002.docx">
                <PlainTextSelection guid="e0000000-0000-4000-8000-000000000003" name="" startPosition="\(c0)" endPosition="\(c1)">
                  <Coding guid="d0000000-0000-4000-8000-000000000004" creatingUser="aaaaaaaa-0000-4000-8000-000000000001" creationDateTime="2020-01-02T03:04:05Z"><CodeRef targetGUID="c001"/></Coding>
                </PlainTextSelection>
              </TextSource>
            </Sources></Project>
            """
        return (qde, ["sources/50000000-0000-4000-8000-000000000001.txt": Data(interview.utf8),
                      "sources/50000000-0000-4000-8000-000000000002.docx": try docx(docxLines)])
    }

    func importNVivo(origin: String) throws -> (REFIImport, StudyDatabase) {
        let (qde, sources) = try Self.nvivoProject(origin: origin)
        var files = sources
        files["project.qde"] = Data(qde.utf8)
        let path = Self.temporary("nvivo.qdpx")
        try Self.zip(files).write(to: URL(fileURLWithPath: path))
        let project = try REFIImport(path: path)
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        return (project, study)
    }

    @Test(arguments: ["NVivo 12.6 (Windows)", ""])
    func nvivoProjectPlacesEveryCodingOnItsWords(origin: String) throws {
        let (project, study) = try importNVivo(origin: origin)
        let codes = try study.codes().map { "\($0.participant)|\($0.excerpt)|\($0.code)|\($0.categories)|\($0.coder ?? "")|\($0.created ?? "")" }.sorted()
        #expect(codes == [
            "Entrevista_Bia|o menu some|Curto|[\"Curto\"]|chrisp|2020-01-02T03:04:05Z",
            "Facebook_comments|menu 🎉 novo|Outros|[\"Tema A\"]|chrisp|2019-03-04T10:11:12Z",
            "Facebook_comments|preço alto 💸 demais|Outros|[\"Tema B\"]|chrisp|2019-05-06T05:08:09Z",
        ])
        let unitLine = project.report.first { $0.description.hasPrefix("source Comentários → Facebook_comments: positions in UTF-16 units (") }
        #expect(unitLine != nil, "\(project.report)")
        if origin.isEmpty { #expect(unitLine?.description.contains("selection bounds on word or line breaks") == true) }
        #expect(project.report.contains("1 duplicate coding (the same code by the same coder on the same words) counted once"))
        #expect(project.report.contains("source Entrevista Bia: text read from the .docx (word/document.xml paragraphs), the project having no plain text file"))
        #expect(try study.transcript(participant: "Entrevista_Bia") == Self.docxLines.joined(separator: "\n"))
        #expect(try study.transcript(participant: "Facebook_comments") == Self.interview.replacingOccurrences(of: "\r\n", with: "\n"))
        // Same-named codes under two parents stay apart; the user who coded nothing is a coder.
        let categories = try study.categories().map { "\($0.name)|\($0.theme ?? "")" }.sorted()
        #expect(categories == ["Curto|", "Tema A|", "Tema B|", "Vazio (Tema B)|Tema B", "Vazio|Tema A"])
        #expect(project.report.contains("code Tema B › Vazio: kept apart from another code of the same name as category “Vazio (Tema B)”"))
        #expect(try study.coders().sorted() == ["chrisp", "maria"])
    }

    @Test func reExportGivesBackEveryGUIDAndDate() throws {
        let (_, study) = try importNVivo(origin: "NVivo 12.6 (Windows)")
        let xml = String(decoding: try REFIExport(study: study).projectXML().xml, as: UTF8.self)
        for guid in ["aaaaaaaa-0000-4000-8000-000000000001", "aaaaaaaa-0000-4000-8000-000000000002",
                     "10000000-0000-4000-8000-000000000001", "10000000-0000-4000-8000-000000000002", "10000000-0000-4000-8000-000000000003",
                     "20000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000002", "20000000-0000-4000-8000-000000000003",
                     "\"c001\"", "c0000000-0000-4000-8000-000000000001",
                     "50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002",
                     "e0000000-0000-4000-8000-000000000001", "e0000000-0000-4000-8000-000000000002", "e0000000-0000-4000-8000-000000000003",
                     "d0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000003", "d0000000-0000-4000-8000-000000000004",
                     "2019-03-04T10:11:12Z", "2019-05-06T05:08:09Z", "2020-01-02T03:04:05Z"] {
            #expect(xml.contains(guid), "\(guid) is not in the re-export")
        }
    }

    /// Dates without a zone (NVivo writes some) are the project's stated local time — the zone of its own dates,
    /// else the one most of its dates carry — else UTC; the summary says which.
    @Test(arguments: [
        ("creationDateTime=\"2019-01-01T09:00:00+02:00\"", "", "2019-03-04T08:11:12Z", "2 dates without a time zone taken as local time UTC+02:00, the zone the project's other dates state"),
        ("", "creationDateTime=\"2019-03-05T10:00:00-03:00\"", "2019-03-04T13:11:12Z", "2 dates without a time zone taken as local time UTC-03:00, the zone the project's other dates state"),
        ("", "creationDateTime=\"2019-03-05T10:00:00Z\"", "2019-03-04T10:11:12Z", "2 dates without a time zone taken as UTC, the zone the project's other dates state"),
        ("", "", "2019-03-04T10:11:12Z", "2 dates without a time zone taken as UTC: the project states no local time"),
    ])
    func datesWithoutAZone(project: String, source: String, stored: String, said: String) throws {
        let text = "O menu some às vezes."
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="Datas" origin="NVivo 14" \(project)>
            <Users><User guid="u1" name="ana"/></Users>
            <CodeBook><Codes><Code guid="c1" name="menu" isCodable="true"/></Codes></CodeBook>
            <Sources><TextSource guid="s1" name="P1" plainTextPath="internal://s1.txt" \(source)>
              <PlainTextSelection guid="e1" name="" startPosition="2" endPosition="11" creationDateTime="2019-03-04T10:11:12">
                <Coding guid="d1" creatingUser="u1" creationDateTime="2019-03-04T10:11:12"><CodeRef targetGUID="c1"/></Coding></PlainTextSelection>
            </TextSource></Sources></Project>
            """
        let path = Self.temporary("dates.qdpx")
        try Self.zip(["project.qde": Data(qde.utf8), "sources/s1.txt": Data(text.utf8)]).write(to: URL(fileURLWithPath: path))
        let imported = try REFIImport(path: path)
        #expect(imported.bundle.codes.map(\.created) == [stored])
        #expect(imported.report.map(\.description).contains(said), "\(imported.report)")
    }

    /// A bare `.qde` beside its `sources/` folder, with a UTF-16 (BOM) source counted in code points and named.
    @Test func bareProjectFileWithUTF16Source() throws {
        let folder = Self.temporary("bare")
        try FileManager.default.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        let text = "Olá, ação rápida 😀.\nO menu some."
        let start = text.unicodeScalars.count - "menu some.".unicodeScalars.count
        for (name, bigEndian) in [("le.txt", false), ("be.txt", true)] {
            var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            for unit in text.utf16 { data.append(contentsOf: bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
            try data.write(to: URL(fileURLWithPath: folder + "/Sources/" + name))
        }
        let sources = [("le", "P1"), ("be", "P2")].map { file, name in """
            <TextSource guid="\(UUID().uuidString)" name="\(name)" plainTextPath="internal://\(file).txt">
              <PlainTextSelection guid="\(UUID().uuidString)" name="menu some" startPosition="\(start)" endPosition="\(start + 9)">
                <Coding guid="\(UUID().uuidString)"><CodeRef targetGUID="c1"/></Coding></PlainTextSelection></TextSource>
            """ }.joined()
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="MAX" origin="MAXQDA 2022">
            <CodeBook><Codes><Code guid="c1" name="menu" isCodable="true"/></Codes></CodeBook>
            <Sources>\(sources)</Sources></Project>
            """
        try Data(qde.utf8).write(to: URL(fileURLWithPath: folder + "/project.qde"))
        let project = try REFIImport(path: folder + "/project.qde")
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        #expect(try study.transcript(participant: "P1") == text)
        #expect(try study.transcript(participant: "P2") == text)
        #expect(try study.codes().map(\.excerpt) == ["menu some", "menu some"])
    }

    /// A text (`SourceText`) read in each unit: CRLF counted once or twice, UTF-8 bytes, UTF-16 units.
    @Test func unitsPlaceTheSameWords() throws {
        let raw = "Çà 😀\r\nmenu some"
        let text = SourceText(raw)
        #expect(text.stored == "Çà 😀\nmenu some")
        let words = "menu some"
        let scalarStart = raw.unicodeScalars.count - 9
        let cases: [(SourceText.Unit, Int)] = [
            (.init(count: .scalars, crlfOnce: false), scalarStart), (.init(count: .scalars, crlfOnce: true), scalarStart - 1),
            (.init(count: .utf16, crlfOnce: false), raw.utf16.count - 9), (.init(count: .utf8, crlfOnce: false), raw.utf8.count - 9),
            (.init(count: .utf8, crlfOnce: true), raw.utf8.count - 10),
        ]
        for (unit, start) in cases {
            let placed = text.place(start, start + 9, positions: text.positions(unit))
            #expect(placed.map { text.words($0.span) } == words, "\(unit)")
        }
        // Named selections decide; then the producer; else the breaks.
        let named = text.unit(for: [(raw.utf8.count - 9, raw.utf8.count, "menu some")], preferred: nil)
        #expect(named.0 == .init(count: .utf8, crlfOnce: false))
    }

    /// 400 codings on a 620,000-character source are placed in linear time (was quadratic: 28 s for 330 codings).
    /// Every coding of a long source placed (its speed is measured by `make bench-refi`, not here: timed unit tests
    /// fail on a shared, loaded machine).
    @Test func aLongSourceWithManyCodingsIsPlaced() throws {
        let line = "Participante: o menu some às vezes 😀 e volta depois de um tempo.\r\n"
        let raw = String(repeating: line, count: 620_000 / line.count + 1)
        let lineUnits = line.utf16.count
        let selections = (0..<400).map { index -> String in
            let at = (index * 23) * lineUnits + 14
            return """
                <PlainTextSelection guid="\(UUID().uuidString)" name="" startPosition="\(at)" endPosition="\(at + 14)">
                <Coding guid="\(UUID().uuidString)"><CodeRef targetGUID="c1"/></Coding></PlainTextSelection>
                """
        }.joined(separator: "\n")
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="Long" origin="NVivo 12.7 (Mac)">
            <CodeBook><Codes><Code guid="c1" name="menu" isCodable="true"/></Codes></CodeBook>
            <Sources><TextSource guid="s1" name="Longo" plainTextPath="internal://s1.txt">\(selections)</TextSource></Sources></Project>
            """
        let path = Self.temporary("long.qdpx")
        try Self.zip(["project.qde": Data(qde.utf8), "sources/s1.txt": Data(raw.utf8)]).write(to: URL(fileURLWithPath: path))
        let project = try REFIImport(path: path)
        #expect(project.bundle.codes.count == 400)
        #expect(Set(project.bundle.codes.compactMap(\.excerpt)) == ["o menu some às"])
    }
}
