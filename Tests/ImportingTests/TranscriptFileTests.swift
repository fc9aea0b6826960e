import Foundation
import Testing
@testable import Importing
import QualCoding
import Tabular

/// One interview as Zoom, Teams, an SRT file, stamped text and Word write it: read into the same turns and times.
enum Interview {
    /// Zoom's cloud-recording transcript: numbered cues, the speaker as `Name:` in the cue's text.
    static let zoomVTT = """
        WEBVTT

        1
        00:00:01.200 --> 00:00:04.000
        Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

        2
        00:00:04.500 --> 00:00:09.000
        João: Achei confuso no começo, a navegação não era óbvia.

        3
        00:00:09.000 --> 00:00:12.250
        João: Depois de uns dias ficou tranquilo.

        4
        00:00:12.500 --> 00:00:15.000
        Entrevistadora: E a busca?

        5
        00:00:15.100 --> 00:01:02.030
        João: A busca é ótima, ação rápida &amp; certeira.

        """

    static let srt = """
        1
        00:00:01,200 --> 00:00:04,000
        Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

        2
        00:00:04,500 --> 00:00:09,000
        João: Achei confuso no começo,
        a navegação não era óbvia.

        3
        00:00:09,000 --> 00:00:12,250
        João: Depois de uns dias ficou <i>tranquilo</i>.

        4
        00:00:12,500 --> 00:00:15,000
        Entrevistadora: E a busca?

        5
        00:00:15,100 --> 00:01:02,030
        João: A busca é ótima, ação rápida & certeira.

        """

    /// The turns all three give: speaker, start, end (ms), words.
    static let turns: [(String, Int, Int, String)] = [
        ("Entrevistadora", 1200, 4000, "Bom dia, João. Como foi usar o aplicativo?"),
        ("João", 4500, 9000, "Achei confuso no começo, a navegação não era óbvia."),
        ("João", 9000, 12250, "Depois de uns dias ficou tranquilo."),
        ("Entrevistadora", 12500, 15000, "E a busca?"),
        ("João", 15100, 62030, "A busca é ótima, ação rápida & certeira."),
    ]

    static let readable = """
        Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

        João: Achei confuso no começo, a navegação não era óbvia. Depois de uns dias ficou tranquilo.

        Entrevistadora: E a busca?

        João: A busca é ótima, ação rápida & certeira.

        """
}

/// Writes `text` to a new temporary file named `name` and returns its path.
func temporaryFile(_ name: String, _ data: Data) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try data.write(to: URL(fileURLWithPath: path))
    return path
}

func temporaryFile(_ name: String, _ text: String) throws -> String { try temporaryFile(name, Data(text.utf8)) }

/// The words of each turn as the readable text holds them.
func words(_ text: String, _ turns: [TranscriptTurn]) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return turns.map { turn in
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[turn.span])
        return String(view)
    }
}

func expectInterview(_ read: TimedTranscript, sourceLocation: SourceLocation = #_sourceLocation) {
    let (text, turns) = read.layout()
    #expect(text == Interview.readable, "\(text)", sourceLocation: sourceLocation)
    #expect(turns.map(\.speaker) == Interview.turns.map(\.0), sourceLocation: sourceLocation)
    #expect(turns.map(\.start) == Interview.turns.map(\.1), sourceLocation: sourceLocation)
    #expect(turns.map(\.end) == Interview.turns.map(\.2), sourceLocation: sourceLocation)
    #expect(words(text, turns) == Interview.turns.map(\.3), sourceLocation: sourceLocation)
}

@Suite struct TranscriptFileTests {
    @Test func zoomWebVTT() throws {
        let read = try TranscriptFile.read(try temporaryFile("P04.vtt", Interview.zoomVTT))
        #expect(read.format == .webVTT && read.encoding == .utf8)
        expectInterview(read)
        #expect(read.dropped.cueIDs == 5 && read.dropped.stylingTags == 0 && read.reordered == 0)
        #expect(read.speakers == ["Entrevistadora", "João"])
    }

    /// Zoom's other layout: the speaker's name on a line of its own.
    @Test func zoomWebVTTWithTheNameOnItsOwnLine() throws {
        let vtt = """
            WEBVTT

            1
            00:00:01.000 --> 00:00:03.000
            Ana Souza:
            Vamos começar.

            2
            00:00:03.500 --> 00:00:06.000
            Bruno Lima:
            Pode ser.

            """
        let (text, turns) = try TranscriptFile.read(try temporaryFile("g.vtt", vtt)).layout()
        #expect(text == "Ana Souza: Vamos começar.\n\nBruno Lima: Pode ser.\n")
        #expect(turns.map(\.speaker) == ["Ana Souza", "Bruno Lima"])
    }

    /// Teams: GUID cue ids, voice tags, a NOTE block, a class span, cues out of order.
    @Test func teamsWebVTTOutOfOrder() throws {
        let vtt = """
            WEBVTT

            NOTE Transcrição gerada pelo Microsoft Teams

            5b1f7c1e-2a3d-4c5e-9f00-1a2b3c4d5e6f/12-0
            00:00:04.500 --> 00:00:09.000
            <v João Silva>Achei confuso no começo.</v>

            5b1f7c1e-2a3d-4c5e-9f00-1a2b3c4d5e6f/11-0
            00:00:01.200 --> 00:00:04.000
            <v Ana Costa>Como foi usar o aplicativo?</v>

            5b1f7c1e-2a3d-4c5e-9f00-1a2b3c4d5e6f/13-1
            00:00:09.000 --> 00:00:12.250 align:start position:10%
            <v João Silva>Depois <c.yellow>ficou</c> tranquilo: ação.</v>

            """
        let read = try TranscriptFile.read(try temporaryFile("teams.vtt", vtt))
        let (text, turns) = read.layout()
        #expect(text == "Ana Costa: Como foi usar o aplicativo?\n\nJoão Silva: Achei confuso no começo. Depois ficou tranquilo: ação.\n")
        #expect(turns.map(\.start) == [1200, 4500, 9000])
        #expect(turns.map(\.speaker) == ["Ana Costa", "João Silva", "João Silva"])
        #expect(read.reordered == 1, "one cue came before an earlier one")
        #expect(read.dropped.cueIDs == 3 && read.dropped.blocks == 1 && read.dropped.stylingTags == 1)
    }

    @Test func srt() throws {
        let read = try TranscriptFile.read(try temporaryFile("P04.srt", Interview.srt))
        #expect(read.format == .srt)
        expectInterview(read)
        #expect(read.dropped.cueIDs == 5 && read.dropped.stylingTags == 1)
    }

    /// QualCoder's three stamp styles, and `Name:` turns.
    @Test func stampedText() throws {
        let text = """
            [00:00:01] Entrevistadora: Bom dia, João. Como foi usar o aplicativo?
            [00:04] João: Achei confuso no começo,
            a navegação não era óbvia.
            #00:00:09.250# João: Depois de uns dias ficou tranquilo.

            [00.12.50] Entrevistadora: E a busca? [00:00:15]
            """
        let read = try TranscriptFile.read(try temporaryFile("P04.txt", text))
        #expect(read.format == .text)
        let (readable, turns) = read.layout()
        #expect(readable == """
            Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

            João: Achei confuso no começo,
            a navegação não era óbvia.

            João: Depois de uns dias ficou tranquilo.

            Entrevistadora: E a busca?

            """)
        #expect(turns.map(\.start) == [1000, 4000, 9250, 770_000])
        #expect(turns.map(\.end) == [4000, 9250, 770_000, 15000])
        #expect(words(readable, turns)[1] == "Achei confuso no começo,\na navegação não era óbvia.")
        #expect(read.dropped.stamps == 4 && read.dropped.inlineTimes == 1)
    }

    /// Text with neither stamps nor speakers is stored as it is, without turns.
    @Test func plainTextStaysAsItIs() throws {
        let text = "Senti falta de um direcionamento: tipo piscar os olhos.\r\nOlhar pra cima.\n"
        let read = try TranscriptFile.read(try temporaryFile("p4.txt", text))
        #expect(read.layout().text == text && read.layout().turns.isEmpty)
    }

    /// Notepad's ANSI: "ação" as Windows-1252 bytes (ç 0xE7, ã 0xE3) is read, and said.
    @Test func windows1252Text() throws {
        let bytes: [UInt8] = Array("Ana: Como foi a ".utf8) + [0x61, 0xE7, 0xE3, 0x6F] + Array("?\nJo".utf8) + [0xE3, 0x6F] + Array(": A a".utf8)
            + [0xE7, 0xE3, 0x6F, 0x20, 0x96, 0x20] + Array("r".utf8) + [0xE1] + Array("pida.\nAna: Certo.\n".utf8)
        let read = try TranscriptFile.read(try temporaryFile("cp1252.txt", Data(bytes)), displayName: "cp1252.txt")
        #expect(read.encoding == .windows1252)
        #expect(read.firstNonUTF8 == "cp1252.txt:1:18: byte 0xE7")
        let (text, turns) = read.layout()
        #expect(text == "Ana: Como foi a ação?\n\nJoão: A ação – rápida.\n\nAna: Certo.\n")
        #expect(turns.map(\.speaker) == ["Ana", "João", "Ana"])
    }

    /// Bad input names the file, line and column.
    @Test func badInputIsLocated() throws {
        func failure(_ name: String, _ text: String) -> String {
            do { _ = try TranscriptFile.read(try temporaryFile(name, text), displayName: name); return "" } catch { return "\(error.localizedDescription)" }
        }
        #expect(failure("p.vtt", "WEBVTT\n\n1\n00:00:0x.200 --> 00:00:04.000\nAna: oi\n")
                == "p.vtt:4:1: '00:00:0x.200' is not a time (hh:mm:ss.ttt, mm:ss.ttt or hh:mm:ss,ttt)")
        #expect(failure("p.vtt", "WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.5x\nAna: oi\n")
                == "p.vtt:4:18: '00:00:04.5x' is not a time (hh:mm:ss.ttt, mm:ss.ttt or hh:mm:ss,ttt)" )
        #expect(failure("p.vtt", "WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nAna: oi\n") == "p.vtt:3:1: the cue ends (00:00:04.000) before it starts (00:00:05.000)")
        #expect(failure("p.vtt", "1\n00:00:01.000 --> 00:00:04.000\nAna: oi\n") == "p.vtt:1:1: a WebVTT file starts with the line WEBVTT, not '1'")
        #expect(failure("p.srt", "1\n00:00:01,000 --> 00:00:04,000\nAna: oi\n\n2\nAna: sem tempo\n")
                == "p.srt:6:1: expected the cue's time (00:00:01.000 --> 00:00:04.000), found 'Ana: sem tempo'")
        #expect(failure("p.txt", "Ana: oi\n[00:75:00] João: tchau\n") == "p.txt:2:1: '00:75:00' is not a time (hh:mm:ss.ttt, mm:ss.ttt or hh:mm:ss,ttt)")
        #expect(failure("p.txt", "Ana: oi\u{0}\n") == "p.txt:1:8: the file contains a NUL character (byte 0x00), so it is not a text file; save the transcript as text (UTF-8), WebVTT, SRT or Word .docx")
        #expect(failure("p.vtt", "WEBVTT\n\nNOTE só uma nota\n") == "p.vtt: the transcript holds no speech (no cue, row or paragraph with words)")
        #expect(failure("p.docx", "não é um zip") == "p.docx: cannot read it as a Word document (.docx): it is not a ZIP file, as a .docx is")
    }
}

/// Word documents made by python-docx (a real program writing the format), in a virtual environment of the test's own.
@Suite(.serialized) struct WordTranscriptTests {
    /// A Python with python-docx, or why there is none.
    static let python: Result<String, PythonMissing> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-docx-venv")
        let python = folder.appendingPathComponent("bin/python").path
        if FileManager.default.fileExists(atPath: python), run(python, ["-c", "import docx"]).status == 0 { return .success(python) }
        let made = run("/usr/bin/env", ["python3", "-m", "venv", folder.path])
        guard made.status == 0 else { return .failure(PythonMissing(reason: "python3 -m venv failed: \(made.output)")) }
        let installed = run(folder.appendingPathComponent("bin/pip").path, ["install", "--quiet", "python-docx"])
        guard installed.status == 0 else { return .failure(PythonMissing(reason: "pip install python-docx failed: \(installed.output)")) }
        return .success(python)
    }()

    struct PythonMissing: Error { var reason: String }

    /// Whether python-docx (which writes the Word documents these tests read) is installed.
    static var docx: Bool { (try? python.get()) != nil }

    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes the interview as a .docx: `paragraphs` one per paragraph, else a table of `rows` under `header`.
    static func document(paragraphs: [String] = [], header: [String]? = nil, rows: [[String]] = [], title: String? = nil) throws -> String {
        let python = try Self.python.get()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("interview-\(UUID().uuidString).docx").path
        let spec = try JSONSerialization.data(withJSONObject: ["paragraphs": paragraphs, "header": header as Any, "rows": rows, "title": title as Any, "path": path])
        let script = """
            import docx, json, sys
            spec = json.loads(sys.argv[1])
            d = docx.Document()
            if spec["title"]: d.add_heading(spec["title"], 1)
            for p in spec["paragraphs"]: d.add_paragraph(p)
            if spec["rows"]:
                header = spec["header"]
                t = d.add_table(rows=0, cols=len(spec["rows"][0]))
                for row in ([header] if header else []) + spec["rows"]:
                    cells = t.add_row().cells
                    for i, text in enumerate(row):
                        cells[i].text = text
            d.save(spec["path"])
            """
        let result = run(python, ["-c", script, String(decoding: spec, as: UTF8.self)])
        #expect(result.status == 0, "\(result.output)")
        return path
    }

    /// The same interview as a Word table (NVivo's time | speaker | text), as WebVTT and as SRT: the same turns, times
    /// and text.
    @Test(.enabled(if: WordTranscriptTests.docx, "python-docx could not be installed in a virtual environment"))
    func wordTableVTTAndSRTGiveTheSameTurns() throws {
        let rows = Interview.turns.map { turn -> [String] in
            [TranscriptClock.text(turn.1, milliseconds: true) + " - " + TranscriptClock.text(turn.2, milliseconds: true), turn.0, turn.3]
        }
        let path = try Self.document(header: ["Tempo", "Falante", "Texto"], rows: rows, title: "Entrevista P04")
        let word = try TranscriptFile.read(path)
        #expect(word.format == .wordTable)
        #expect(word.dropped.otherParagraphs == 1, "the title is not speech")
        expectInterview(word)
        let vtt = try TranscriptFile.read(try temporaryFile("P04.vtt", Interview.zoomVTT)).layout()
        let srt = try TranscriptFile.read(try temporaryFile("P04.srt", Interview.srt)).layout()
        #expect(word.layout().turns == vtt.turns && vtt.turns == srt.turns)
        #expect(word.layout().text == vtt.text && vtt.text == srt.text)
    }

    /// A table without a header whose first column is times is read as time | speaker | text; an unreadable time
    /// names its table and row.
    @Test(.enabled(if: WordTranscriptTests.docx, "python-docx could not be installed in a virtual environment"))
    func wordTableWithoutHeaderAndABadTime() throws {
        let path = try Self.document(rows: [["0:01.2", "Ana", "Oi."], ["0:04.0", "João", "Olá."]])
        let (text, turns) = try TranscriptFile.read(path).layout()
        #expect(text == "Ana: Oi.\n\nJoão: Olá.\n")
        #expect(turns.map(\.start) == [1200, 4000] && turns.map(\.end) == [4000, nil])
        let bad = try Self.document(header: ["Time", "Speaker", "Text"], rows: [["00:00:01", "Ana", "Oi."], ["00:00:0x", "João", "Olá."]])
        #expect(throws: TranscriptFileError.unreadableTime(.tableRow(file: bad, table: 1, row: 3), found: "00:00:0x")) { try TranscriptFile.read(bad) }
    }

    /// Paragraphs "Name: …" as MAXQDA and Google Docs exports have them: the same speakers and text, no times.
    @Test(.enabled(if: WordTranscriptTests.docx, "python-docx could not be installed in a virtual environment"))
    func wordParagraphs() throws {
        let paragraphs = ["Entrevistadora: Bom dia, João. Como foi usar o aplicativo?",
                          "João: Achei confuso no começo, a navegação não era óbvia. Depois de uns dias ficou tranquilo.",
                          "Entrevistadora: E a busca?", "", "João: A busca é ótima, ação rápida & certeira."]
        let path = try Self.document(paragraphs: paragraphs)
        let read = try TranscriptFile.read(path)
        #expect(read.format == .wordParagraphs)
        let (text, turns) = read.layout()
        #expect(text == Interview.readable)
        #expect(turns.map(\.speaker) == ["Entrevistadora", "João", "Entrevistadora", "João"])
        #expect(turns.allSatisfy { $0.start == nil })
        // With QualCoder's stamps in the paragraphs, each turn has its start.
        let stamped = try Self.document(paragraphs: ["[00:00:01] Ana: Oi.", "[00:00:04] João: Olá."])
        #expect(try TranscriptFile.read(stamped).layout().turns.map(\.start) == [1000, 4000])
    }

    /// A title and header lines before the speech ("Speakers: …", "Data: 10/03/2026") are no speakers and no turns:
    /// they are the transcript's header, kept as typed, and counted.
    @Test(.enabled(if: WordTranscriptTests.docx, "python-docx could not be installed in a virtual environment"))
    func wordHeaderLinesAreNoSpeakers() throws {
        let paragraphs = ["Entrevista P04", "Speakers: Entrevistadora, João", "Data: 10/03/2026", "",
                          "Entrevistadora: Bom dia, João. Como foi usar o aplicativo?",
                          "João: Achei confuso no começo, a navegação não era óbvia. Depois de uns dias ficou tranquilo.",
                          "Entrevistadora: E a busca?", "João: A busca é ótima, ação rápida & certeira."]
        let path = try Self.document(paragraphs: paragraphs)
        let read = try TranscriptFile.read(path)
        #expect(read.speakers == ["Entrevistadora", "João"], "\(read.speakers)")
        #expect(read.dropped.headerLines == 3)
        #expect(read.header == ["Entrevista P04", "Speakers: Entrevistadora, João", "Data: 10/03/2026"], "\(read.header)")
        let (text, turns) = read.layout()
        #expect(!text.contains("10/03/2026") && !text.contains("Speakers") && !text.contains("Entrevista P04"), "\(text)")
        #expect(turns.first?.speaker == "Entrevistadora", "the title is no turn: \(turns)")
        // The same lines as plain text.
        let plain = try TranscriptFile.read(try temporaryFile("p.txt", paragraphs.joined(separator: "\n")))
        #expect(plain.speakers == ["Entrevistadora", "João"] && plain.dropped.headerLines == 3 && plain.header == read.header)
    }
}

/// Speech recognisers' JSON and noScribe's HTML.
struct RecogniserTranscriptTests {
    /// WhisperX: segments with speakers, words with times and scores (one word unaligned); each timed word is placed
    /// on its letters in the readable text.
    @Test func whisperXSegmentsAndWords() throws {
        let json = """
            {"segments": [
              {"start": 0.5, "end": 2.0, "text": " Como foi?", "speaker": "SPEAKER_01",
               "words": [{"word": "Como", "start": 0.5, "end": 0.9, "score": 0.9, "speaker": "SPEAKER_01"}, {"word": "foi?", "start": 1.0, "end": 2.0, "score": 0.8}]},
              {"start": 2.5, "end": 6.0, "text": " Achei o menu confuso em 2024.",
               "words": [{"word": "Achei", "start": 2.5, "end": 3.0, "speaker": "SPEAKER_00"}, {"word": "o", "start": 3.0, "end": 3.1, "speaker": "SPEAKER_00"},
                         {"word": "menu", "start": 3.2, "end": 3.6, "speaker": "SPEAKER_00"}, {"word": "confuso", "start": 3.7, "end": 4.4, "speaker": "SPEAKER_00"},
                         {"word": "em", "start": 4.5, "end": 4.7}, {"word": "2024."}]}
            ], "language": "pt"}
            """
        let read = try TranscriptFile.read(try temporaryFile("p.json", json))
        #expect(read.format == .whisperJSON)
        #expect(read.speakers == ["SPEAKER_01", "SPEAKER_00"], "the second segment's speaker is its words'")
        let (text, turns, timed) = read.layoutWithWords()
        #expect(text == "SPEAKER_01: Como foi?\n\nSPEAKER_00: Achei o menu confuso em 2024.\n")
        #expect(turns.map(\.start) == [500, 2500] && turns.map(\.end) == [2000, 6000])
        #expect(timed.count == 7, "the unaligned '2024.' keeps no time")
        let scalars = Array(text.unicodeScalars)
        #expect(timed.map { String(String.UnicodeScalarView(scalars[$0.span])) } == ["Como", "foi?", "Achei", "o", "menu", "confuso", "em"])
        #expect(timed[4].start == 3200 && timed[4].end == 3600 && timed[0].score == 0.9)
        // An excerpt's time is that of its words.
        let span = try #require(text.range(of: "menu confuso")).lowerBound
        let at = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: span)
        #expect(ExcerptTiming.time(of: at..<(at + 12), turns: turns, words: timed) == .init(start: 3200, end: 4400, basis: .words))
        // Without them, its share of the segment: characters 8 to 20 of 29 in 2.5–6.0 s.
        #expect(ExcerptTiming.time(of: at..<(at + 12), turns: turns) == .init(start: 3466, end: 4914, basis: .share))
    }

    /// whisper.cpp's JSON: offsets in milliseconds; bad input names the file and the segment.
    @Test func whisperCppAndBadJSON() throws {
        let cpp = """
            {"transcription": [{"timestamps": {"from": "00:00:00,000", "to": "00:00:02,000"}, "offsets": {"from": 0, "to": 2000}, "text": " Olá."},
                               {"offsets": {"from": 2000, "to": 4500}, "text": " Tudo bem?"}]}
            """
        let read = try TranscriptFile.read(try temporaryFile("c.json", cpp))
        #expect(read.layout().text == "Olá.\n\nTudo bem?\n" && read.layout().turns.map(\.end) == [2000, 4500])
        #expect(throws: TranscriptFileError.endBeforeStart(.segment(file: "b.json", number: 1), start: "00:00:03.000", end: "00:00:01.000")) {
            try TranscriptFile.read(try temporaryFile("b.json", #"{"segments": [{"start": 3, "end": 1, "text": "x"}]}"#), displayName: "b.json")
        }
        #expect(throws: TranscriptFileError.notWhisperJSON(file: "n.json", reason: "it is not well-formed JSON")) {
            try TranscriptFile.read(try temporaryFile("n.json", "{\"segments\": ["), displayName: "n.json")
        }
    }

    /// noScribe's HTML: the title and settings left out, a turn per speaker's paragraph with each anchor's time, the
    /// "S00:" label and the "[00:00:04]" stamp left out of the text.
    @Test func noScribeHTML() throws {
        let html = """
            <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0//EN" "http://www.w3.org/TR/REC-html40/strict.dtd">
            <html ><head ><meta charset="UTF-8" /><style type="text/css" >p { font-size: 0.9em; }</style></head>
            <body style="font-family: 'Arial'" >
            <p ><span style="font-weight: 600;" >entrevista-p4</span></p>
            <p ><span style="color: #909090; font-size: 0.8em" >Transcribed with noScribe vers. 0.6<br />Audio source: p4.mp3<br />(Language: pt)</span></p>
            <p ></p>
            <p ><a name="ts_0_2100_S00" >S00: Como foi usar o aplicativo?</a></p>
            <p ><a name="ts_2300_5000_S01" >S01: <span style="color: #78909C" >[00:00:02]</span> Achei o menu confuso</a><a name="ts_5000_7200_S01" > no come&ccedil;o &amp; depois &#233; tranquilo.</a></p>
            </body></html>
            """
        let read = try TranscriptFile.read(try temporaryFile("p4.html", html))
        #expect(read.format == .noScribeHTML)
        #expect(read.dropped.headerLines == 2 && read.dropped.stamps == 1)
        let (text, turns) = read.layout()
        #expect(text == "S00: Como foi usar o aplicativo?\n\nS01: Achei o menu confuso no começo & depois é tranquilo.\n", "\(text)")
        #expect(turns.map(\.start) == [0, 2300, 5000] && turns.map(\.end) == [2100, 5000, 7200])
        #expect(turns.map(\.speaker) == ["S00", "S01", "S01"])
        #expect(throws: TranscriptFileError.notNoScribeHTML(file: "x.html")) {
            try TranscriptFile.read(try temporaryFile("x.html", "<html><body><p>Oi</p></body></html>"), displayName: "x.html")
        }
    }
}
