import Foundation
import StudyStore
import Surveys
import Testing
import ZIPFoundation
@testable import Interchange

/// REFI-QDA projects read back: studyctl's own (a round trip) and ones in the style of peers whose positions are
/// not code points.
@Suite struct REFIImportTests {
    func write(_ files: [String: Data]) throws -> String {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).qdpx").path
        try archive.data!.write(to: URL(fileURLWithPath: path))
        return path
    }

    func newStudy() throws -> StudyDatabase {
        try StudyDatabase.create(at: FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).sqlite").path,
                                 title: "Importado", language: .ptBR)
    }

    @Test func roundTripGivesBackTheCodebookCodesSpansCodersMemosAndAttributes() throws {
        let original = try REFIExportTests.study()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID().uuidString).qdpx").path
        try REFIExport(study: original).qdpx().write(to: URL(fileURLWithPath: path))
        let project = try REFIImport(path: path)
        let copy = try newStudy()
        let summary = try copy.importBundle(project.bundle)
        #expect(summary.codesAdded == 3 && summary.skipped.isEmpty)
        func codes(_ study: StudyDatabase) throws -> [String] {
            try study.codes().map { "\($0.participant)|\($0.excerpt)|\($0.code)|\($0.categories)|\($0.coder ?? "")|\($0.inVivo)|\($0.spanStart!)-\($0.spanEnd!)" }.sorted()
        }
        #expect(try codes(copy) == codes(original))
        func book(_ study: StudyDatabase) throws -> [String] {
            try study.categories().map { "\($0.name)|\($0.definition ?? "")|\($0.origin)|\($0.reference ?? "")|\($0.theme ?? "")" }.sorted()
        }
        #expect(try book(copy) == book(original))
        #expect(try copy.transcript(participant: "P1") == original.transcript(participant: "P1"))
        #expect(try copy.roster().participants.map { $0.attributes.map { "\($0.name)=\($0.value.display)" } }
                == original.roster().participants.map { $0.attributes.map { "\($0.name)=\($0.value.display)" } })
        func memos(_ study: StudyDatabase) throws -> [String] { try study.memos().map { "\($0.on.hasPrefix("code:") ? "code" : $0.on)|\($0.text)" }.sorted() }
        #expect(try memos(copy) == memos(original))
        // Importing the same project again adds nothing and says why.
        let again = try copy.importBundle(project.bundle)
        #expect(again.codesAdded == 0 && again.skipped.count == 3 && again.participantsAdded.isEmpty)
    }

    /// A moderated session's log goes out as a TextSource marked in its Description and comes back a session's log,
    /// not an interview (the coding analyses' denominators stay what they were), and the mark is no memo.
    @Test func aSessionLogComesBackASessionLog() throws {
        let original = try REFIExportTests.study()
        try original.addTask(key: "T9", title: "Achar o menu")
        let (session, _) = try original.openSession(participant: "P2")
        try original.logSessionEvent(session: session.id, SessionEvent(.note, offset: 3, value: "Procurou o menu no rodapé"), logLabel: "sessão 1")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).qdpx").path
        try REFIExport(study: original).qdpx().write(to: URL(fileURLWithPath: path))
        let copy = try newStudy()
        _ = try copy.importBundle(try REFIImport(path: path).bundle)
        func kinds(_ study: StudyDatabase) throws -> [String] { try study.transcriptKinds().map { "\($0.participant)|\($0.label)|\($0.kind)" }.sorted() }
        #expect(try kinds(copy) == kinds(original))
        #expect(try kinds(copy).contains("P2|sessão 1|sessionLog"))
        #expect(try !copy.memos().contains { $0.text.contains(REFIExport.sessionLogMark) })
    }

    /// QualCoder's habits: a BOM on the source, UTF-16 positions (Qt's cursor), braces and upper case in GUIDs,
    /// categories as codes that are not codable. One selection does not read its text: reported, not stored.
    @Test func utf16PositionsWithBOMArePlacedOnTheirText() throws {
        let text = "Gostei 😀 do menu, mas o ícone 🙂 some."
        func utf16(_ words: String) -> (Int, Int) {
            let range = text.range(of: words)!
            return (text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound), text.utf16.distance(from: text.utf16.startIndex, to: range.upperBound))
        }
        let (a, b) = utf16("ícone 🙂 some")
        let (c, d) = utf16("do menu")
        let qde = """
            <?xml version="1.0" encoding="utf-8"?>
            <Project xmlns="urn:QDA-XML:project:1.0" name="QC" origin="QualCoder 3.6">
            <Users><User guid="{AAAAAAAA-0000-4000-8000-000000000001}" name="carla"/></Users>
            <CodeBook><Codes><Code guid="{C0000000-0000-4000-8000-000000000001}" name="Interface" isCodable="false">
              <Code guid="{C0000000-0000-4000-8000-000000000002}" name="some" isCodable="true"/>
              <Code guid="{C0000000-0000-4000-8000-000000000003}" name="navegação" isCodable="true"/></Code></Codes></CodeBook>
            <Sources><TextSource guid="{50000000-0000-4000-8000-000000000001}" name="P7.txt" plainTextPath="internal://{50000000-0000-4000-8000-000000000001}.txt">
              <PlainTextSelection guid="{E0000000-0000-4000-8000-000000000001}" name="ícone 🙂 some" startPosition="\(a)" endPosition="\(b)">
                <Coding guid="{D0000000-0000-4000-8000-000000000001}" creatingUser="{aaaaaaaa-0000-4000-8000-000000000001}"><CodeRef targetGUID="{C0000000-0000-4000-8000-000000000002}"/></Coding></PlainTextSelection>
              <PlainTextSelection guid="{E0000000-0000-4000-8000-000000000002}" name="do menu" startPosition="\(c)" endPosition="\(d)">
                <Coding guid="{D0000000-0000-4000-8000-000000000002}" creatingUser="{AAAAAAAA-0000-4000-8000-000000000001}"><CodeRef targetGUID="{C0000000-0000-4000-8000-000000000003}"/></Coding></PlainTextSelection>
              <PlainTextSelection guid="{E0000000-0000-4000-8000-000000000003}" name="nada disso" startPosition="0" endPosition="6">
                <Coding guid="{D0000000-0000-4000-8000-000000000003}"><CodeRef targetGUID="{C0000000-0000-4000-8000-000000000002}"/></Coding></PlainTextSelection>
            </TextSource></Sources></Project>
            """
        let path = try write(["Project.QDE": Data(qde.utf8), "Sources/{50000000-0000-4000-8000-000000000001}.txt": Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))])
        let project = try REFIImport(path: path)
        #expect(project.report.contains("source P7.txt → P7: positions in UTF-16 units (2 of 3 selection names read true)"))
        // A selection's name is a label (REFI makes it optional free text): its positions are what is coded, and the
        // mismatch is reported once for the source.
        #expect(project.report.contains("source P7.txt: 1 selection name (“nada disso”) is a label, not the selected text; the positions were used"))
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        let codes = try study.codes().sorted { $0.spanStart! < $1.spanStart! }
        let scalars = Array(text.unicodeScalars)
        #expect(codes.count == 3)
        for code in codes {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[code.spanStart!..<code.spanEnd!])
            #expect(String(view) == code.excerpt)
        }
        #expect(codes[0].code == "some" && codes[0].excerpt == "Gostei" && !codes[0].inVivo, "the labelled selection, on its positions")
        #expect(codes[1].code == "navegação" && !codes[1].inVivo, "not in its excerpt: descriptive")
        #expect(codes[2].code == "some" && codes[2].inVivo && codes[2].coder == "carla")
        #expect(try study.categories().map(\.name) == ["Interface"])
        // Exported again, the project gives back QualCoder's own GUIDs (lowercase, without braces): its user, codes,
        // source, selections and codings are recognised on the way back.
        let exported = try REFIExport(study: study).projectXML().xml
        let xml = String(decoding: exported, as: UTF8.self)
        for guid in ["aaaaaaaa-0000-4000-8000-000000000001", "c0000000-0000-4000-8000-000000000001", "c0000000-0000-4000-8000-000000000002",
                     "50000000-0000-4000-8000-000000000001", "e0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000001",
                     "e0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000002"] {
            #expect(xml.contains("\"\(guid)\""), "\(guid) kept")
        }
    }

    /// NVivo's habit: a Windows text file whose positions count CRLF as two characters (and a plain source path) — code points on the text as
    /// it is; stored with LF, the span moves back by one per line end before it.
    @Test func crlfCountedTwiceIsPlacedOnTheStoredLFText() throws {
        let text = "Linha um.\r\nLinha dois com o menu.\r\nFim."
        let scalars = Array(text.unicodeScalars)
        let start = String(String.UnicodeScalarView(scalars)).unicodeScalars.count - "o menu.\r\nFim.".unicodeScalars.count
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="NV" origin="NVivo">
            <CodeBook><Codes><Code guid="c0000000-0000-4000-8000-000000000009" name="menu" isCodable="true"/></Codes></CodeBook>
            <Cases><Case guid="a0000000-0000-4000-8000-000000000001" name="P3"><SourceRef targetGUID="50000000-0000-4000-8000-000000000002"/></Case></Cases>
            <Sources><TextSource guid="50000000-0000-4000-8000-000000000002" name="Entrevista 3" plainTextPath="Sources/x.txt">
              <PlainTextSelection guid="e0000000-0000-4000-8000-000000000009" name="o menu" startPosition="\(start)" endPosition="\(start + 6)">
                <Coding guid="d0000000-0000-4000-8000-000000000009"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000009"/></Coding></PlainTextSelection>
            </TextSource></Sources></Project>
            """
        let project = try REFIImport(path: try write(["nvivo.qde": Data(qde.utf8), "sources/x.txt": Data(text.utf8)]))
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        let code = try #require(try study.codes().first)
        let stored = try study.transcript(participant: "P3")
        #expect(!stored.contains("\r"))
        #expect(code.spanStart == stored.unicodeScalars.count - "o menu.\nFim.".unicodeScalars.count && code.excerpt == "o menu")
        #expect(code.categories == ["menu"], "a codable code at the top is a category of its own")
    }

    /// A project as QualCoder exports it: sources named after the interview ("Entrevista João.txt", no cases), two
    /// coders, selections whose name is not their text, a coding memo as the selection's Description, a journal
    /// as a note with a plainTextPath. Every coding arrives with its coder; the participant code is made from the
    /// source's name by a stated rule.
    @Test func qualCoderStyleProjectWithSpacedAccentedSourceNames() throws {
        let text = "Eu achei o menu confuso.\nDepois gostei."
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="QC" origin="QualCoder">
            <Users><User guid="b0000000-0000-4000-8000-000000000001" name="ana"/><User guid="b0000000-0000-4000-8000-000000000002" name="bia"/></Users>
            <CodeBook><Codes><Code guid="c0000000-0000-4000-8000-000000000001" name="Navegação" isCodable="false">
              <Code guid="c0000000-0000-4000-8000-000000000002" name="menu confuso" isCodable="true"><Description>Quando o menu atrapalha</Description></Code></Code></Codes></CodeBook>
            <Sources><TextSource guid="50000000-0000-4000-8000-000000000001" name="Entrevista João.txt" plainTextPath="internal://j.txt">
              <NoteRef targetGUID="f0000000-0000-4000-8000-000000000002"/>
              <PlainTextSelection guid="e0000000-0000-4000-8000-000000000001" name="sel 1" startPosition="11" endPosition="23" creatingUser="b0000000-0000-4000-8000-000000000001">
                <Description>ficou perdido</Description>
                <Coding guid="d0000000-0000-4000-8000-000000000001" creatingUser="b0000000-0000-4000-8000-000000000001"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000002"/></Coding></PlainTextSelection>
              <PlainTextSelection guid="e0000000-0000-4000-8000-000000000002" name="sel 2" startPosition="11" endPosition="23" creatingUser="b0000000-0000-4000-8000-000000000002">
                <Coding guid="d0000000-0000-4000-8000-000000000002" creatingUser="b0000000-0000-4000-8000-000000000002"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000002"/></Coding></PlainTextSelection>
            </TextSource></Sources>
            <Notes><Note guid="f0000000-0000-4000-8000-000000000001" name="Diário" plainTextPath="internal://n.txt"></Note>
              <Note guid="f0000000-0000-4000-8000-000000000002"><PlainTextContent>hesitou aqui</PlainTextContent>
                <PlainTextSelection guid="e0000000-0000-4000-8000-000000000009" startPosition="0" endPosition="8"/></Note>
              <Note guid="f0000000-0000-4000-8000-000000000003" name="category:Navegação"><PlainTextContent>Só João</PlainTextContent></Note></Notes>
            </Project>
            """
        let project = try REFIImport(path: try write(["project.qde": Data(qde.utf8), "sources/j.txt": Data(text.utf8), "sources/n.txt": Data([0xEF, 0xBB, 0xBF] + Array("Primeiro dia de campo.".utf8))]))
        #expect(project.codingsInProject == 2)
        #expect(project.report.contains { $0.description.contains("participant Entrevista_João") })
        #expect(project.report.contains { $0.description.contains("2 selection names (e.g. “sel 1”) are labels") })
        let study = try newStudy()
        let summary = try study.importBundle(project.bundle)
        #expect(summary.codesAdded == 2 && summary.participantsAdded == ["Entrevista_João"], "\(summary)")
        let codes = try study.codes()
        #expect(Set(codes.compactMap(\.coder)) == ["ana", "bia"])
        #expect(codes.allSatisfy { $0.excerpt == "menu confuso" && $0.categories == ["Navegação"] })
        #expect(try study.memos().contains { $0.text == "ficou perdido" && $0.on.hasPrefix("code:") }, "the coding memo")
        let memos = try study.memos()
        #expect(memos.contains { $0.text == "Diário\n\nPrimeiro dia de campo." && $0.on == "study" }, "the journal, read from its file, BOM left out: \(memos)")
        #expect(memos.contains { $0.text == "Code “menu confuso”: Quando o menu atrapalha" && $0.on == "category:Navegação" }, "the code's definition")
        #expect(!memos.contains { $0.text.contains("hesitou aqui") }, "an annotation is not a memo: \(memos)")
        let annotations = try study.annotations()
        #expect(annotations.map(\.text) == ["hesitou aqui"] && annotations.first?.excerpt == "Eu achei" && annotations.first?.start == 0
                && annotations.first?.end == 8 && annotations.first?.participant == "Entrevista_João", "QualCoder's annotation on its passage: \(annotations)")
        #expect(memos.contains { $0.text == "Só João" && $0.on == "category:Navegação" }, "a note named after its category")
        // Two sources that make one participant code are refused, never merged.
        let twice = qde.replacingOccurrences(of: "</TextSource></Sources>", with: """
            </TextSource><TextSource guid="50000000-0000-4000-8000-000000000002" name="Entrevista  João" plainTextPath="internal://j.txt"/></Sources>
            """)
        #expect(throws: REFIImport.Problem.self) {
            _ = try REFIImport(path: try write(["project.qde": Data(twice.utf8), "sources/j.txt": Data(text.utf8)]))
        }
    }

    /// A video in the style of ATLAS.ti and NVivo: the source nameless (its transcript named), an external path on the
    /// project's basePath, sync points where the tool put them (neither paired nor at turns), a transcript selection
    /// coded, a coded time span (VideoSelection) and a second transcript, which are counted as not carried.
    @Test func peerVideoSourceWithSyncPointsAnywhereGivesStretchesAndCodings() throws {
        let text = "Ana: Eu gostei do menu.\r\nBruno: A busca sumiu."
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="AV" origin="ATLAS.ti" basePath="absolute:///dados/midia">
            <Users><User guid="b0000000-0000-4000-8000-000000000001" name="ana"/></Users>
            <CodeBook><Codes><Code guid="c0000000-0000-4000-8000-000000000001" name="busca" isCodable="true"/></Codes></CodeBook>
            <Sources><VideoSource guid="a0000000-0000-4000-8000-000000000001" name="" path="relative:///Sessão%201.mp4">
              <Transcript guid="a0000000-0000-4000-8000-000000000002" name="Sessão 1" plainTextPath="internal://t.txt">
                <SyncPoint guid="a0000000-0000-4000-8000-000000000010" timeStamp="0" position="0"/>
                <SyncPoint guid="a0000000-0000-4000-8000-000000000011" timeStamp="4000" position="25"/>
                <SyncPoint guid="a0000000-0000-4000-8000-000000000012" timeStamp="5200" position="32"/>
                <SyncPoint guid="a0000000-0000-4000-8000-000000000013" timeStamp="7000" position="46"/>
                <TranscriptSelection guid="a0000000-0000-4000-8000-000000000020" name="A busca sumiu." fromSyncPoint="a0000000-0000-4000-8000-000000000012"
                    toSyncPoint="a0000000-0000-4000-8000-000000000013" creatingUser="b0000000-0000-4000-8000-000000000001">
                  <Coding guid="d0000000-0000-4000-8000-000000000001"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000001"/></Coding>
                </TranscriptSelection>
              </Transcript>
              <Transcript guid="a0000000-0000-4000-8000-000000000003" name="outra" plainTextPath="internal://t.txt"/>
              <VideoSelection guid="a0000000-0000-4000-8000-000000000030" begin="100" end="900">
                <Coding guid="d0000000-0000-4000-8000-000000000002"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000001"/></Coding>
              </VideoSelection>
            </VideoSource></Sources>
            </Project>
            """
        let project = try REFIImport(path: try write(["project.qde": Data(qde.utf8), "sources/t.txt": Data(text.utf8)]))
        #expect(project.recordings == [.init(participant: "Sessão_1", label: "", name: "Sessão 1.mp4", kind: .video,
                                             location: .outside("/dados/midia/Sessão 1.mp4"), transcript: "")], "\(project.recordings)")
        let transcript = try #require(project.bundle.transcripts.first)
        #expect(transcript.text == "Ana: Eu gostei do menu.\nBruno: A busca sumiu.")
        // Each stretch between consecutive sync points is a turn (CRLF counted once in the stored text), its speaker
        // read from the label that opens it ("Ana: ") or precedes it; the stretch that is only "Bruno: " is no turn.
        let turns = transcript.timing?.turns ?? []
        #expect(turns.map { "\($0.speaker ?? "-") \($0.start!)-\($0.end!) \($0.spanStart)-\($0.spanEnd)" }
                == ["Ana 0-4000 5-23", "Bruno 5200-7000 31-45"], "\(turns)")
        let code = try #require(project.bundle.codes.first)
        #expect(project.bundle.codes.count == 1 && code.excerpt == "A busca sumiu." && code.span == 31..<45 && code.coder == "ana", "\(project.bundle.codes)")
        let report = project.report.map(\.description)
        #expect(report.contains { $0.contains("not carried: 1 coded time spans of recordings without text") }, "\(report)")
        #expect(report.contains { $0.contains("not carried: 1 further transcripts of a recording") }, "\(report)")
        // Into a study, without the recording (the caller registers it after ffprobe): the turns and the code.
        let study = try newStudy()
        let summary = try study.importBundle(project.bundle)
        #expect(summary.codesAdded == 1 && summary.transcriptsAdded == 1)
        #expect(try study.transcriptDetails(participant: "Sessão_1").turns.count == 2)
    }

    @Test func sourceNamesBecomeCodesAndUniquingSuffixesComeOff() {
        #expect(REFIImport.participantCode("Entrevista João") == "Entrevista_João")
        #expect(REFIImport.participantCode("  P 3\u{200B} ") == "P_3")
        #expect(REFIImport.participantCode("Jose\u{301}") == "José")
        #expect(REFIImport.uniquingBase("menu some (2)") == "menu some")
        #expect(REFIImport.uniquingBase("menu some (1)") == nil)
        #expect(REFIImport.uniquingBase("(2)") == nil)
        #expect(REFIImport.uniquingBase("nível (02)") == nil)
    }

    /// NVivo re-exports a codebook as a tree of codable codes and no codings: every one of the 262 codes is kept, as
    /// a category under its parent (studyctl keeps a wording only on an excerpt), and the rule is reported.
    @Test func nestedCodebookWithoutCodingsKeepsEveryCode() throws {
        var number = 0
        func code(_ name: String, _ children: String = "") -> String {
            number += 1
            return "<Code guid=\"c0000000-0000-4000-8000-\(String(format: "%012d", number))\" name=\"\(name)\" isCodable=\"true\">\(children)</Code>"
        }
        var top = ""
        for t in 1...2 {
            var middle = ""
            for m in 1...10 { middle += code("Tema \(t).\(m)", (1...12).map { code("Código \(t).\(m).\($0)") }.joined()) }
            top += code("Dimensão \(t)", middle)
        }
        #expect(number == 262)
        let qde = "<Project xmlns=\"urn:QDA-XML:project:1.0\" name=\"NV\" origin=\"NVivo\"><CodeBook><Codes>\(top)</Codes></CodeBook></Project>"
        let project = try REFIImport(path: try write(["project.qde": Data(qde.utf8)]))
        #expect(project.report.contains("240 codable codes without codings kept as categories under their parent (studyctl keeps a wording only on an excerpt)"))
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        let categories = try study.categories()
        #expect(categories.count == 262)
        #expect(categories.first { $0.name == "Código 2.10.12" }?.theme == "Tema 2.10")
        #expect(categories.first { $0.name == "Tema 1.3" }?.theme == "Dimensão 1")
    }

    /// NVivo keeps a source's words only in its .docx (the .txt is 1 byte); MAXQDA writes a document's variables as a
    /// case without a name; ATLAS.ti keeps a document's comment in its Description. All three arrive.
    @Test func docxTextNamelessCaseVariablesAndSourceComments() throws {
        let documentXML = """
            <w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
            <w:p><w:r><w:t>Entrevistador: tudo bem?</w:t></w:r></w:p>
            <w:p><w:r><w:t xml:space="preserve">Ana: o menu </w:t></w:r><w:r><w:t>some</w:t></w:r><w:r><w:tab/><w:t>às vezes.</w:t></w:r></w:p>
            </w:body></w:document>
            """
        let docx = try Archive(data: Data(), accessMode: .create)
        let bytes = Data(documentXML.utf8)
        try docx.addEntry(with: "word/document.xml", type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
            bytes.subdata(in: Data.Index(position)..<Data.Index(position) + size)
        }
        let text = "Entrevistador: tudo bem?\nAna: o menu some\tàs vezes."
        let start = text.unicodeScalars.count - "menu some\tàs vezes.".unicodeScalars.count
        let qde = """
            <Project xmlns="urn:QDA-XML:project:1.0" name="NV" origin="NVivo">
            <CodeBook><Codes><Code guid="c0000000-0000-4000-8000-000000000001" name="menu" isCodable="true"/></Codes></CodeBook>
            <Variables><Variable guid="a0000000-0000-4000-8000-000000000001" name="idade" typeOfVariable="Integer"/></Variables>
            <Cases><Case guid="a1000000-0000-4000-8000-000000000001"><VariableValue><VariableRef targetGUID="a0000000-0000-4000-8000-000000000001"/><IntegerValue>34</IntegerValue></VariableValue>
              <SourceRef targetGUID="50000000-0000-4000-8000-000000000001"/></Case></Cases>
            <Sources><TextSource guid="50000000-0000-4000-8000-000000000001" name="Ana" plainTextPath="internal://a.txt" richTextPath="internal://a.docx">
              <Description>Entrevista por vídeo</Description>
              <PlainTextSelection guid="e0000000-0000-4000-8000-000000000001" name="menu some" startPosition="\(start)" endPosition="\(start + 9)">
                <Coding guid="d0000000-0000-4000-8000-000000000001"><CodeRef targetGUID="c0000000-0000-4000-8000-000000000001"/></Coding></PlainTextSelection>
            </TextSource></Sources></Project>
            """
        let project = try REFIImport(path: try write(["project.qde": Data(qde.utf8), "sources/a.txt": Data(" ".utf8), "sources/a.docx": docx.data!]))
        #expect(project.report.contains("source Ana: text read from the .docx (word/document.xml paragraphs), the plain text file being empty"))
        let study = try newStudy()
        _ = try study.importBundle(project.bundle)
        #expect(try study.transcript(participant: "Ana") == text)
        #expect(try study.codes().first?.excerpt == "menu some")
        #expect(try study.roster().participants.first { $0.code == "Ana" }?.value(of: "idade") == .number(34))
        #expect(try study.memos().contains { $0.on == "participant:Ana" && $0.text == "Entrevista por vídeo" })
    }
}
