import Foundation
import Testing

/// `studyctl timeline`: a moderated session logged on a clock the test sets, an interview recording (a tone made by
/// ffmpeg) with its WebVTT transcript tied to the session by a sync point, a coded excerpt, and a Tobii Studio export
/// placed first by its LocalTimeStamp against the session's wall clock, then by `gaze sync`: each kind at its second.
@Suite(.serialized) struct TimelineCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The session: T1 starts at 2 s, an error at 5 s, a note at 8 s, success at 14.5 s; the session ends at 20 s.
    /// The clock file starts at 1800000000 s (2027-01-15 08:00:00 UTC).
    func loggedSession(_ cli: StudyCtl) throws {
        let clock = try cli.write("clock", "1800000000")
        func at(_ seconds: Double) throws { try cli.write("clock", String(1_800_000_000 + seconds)) }
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        try terminal.start("sh -c 'env NO_COLOR=1 STUDYCTL_CLOCK_FILE=\(clock) \(StudyCtl.binary.path) session P1 --tasks T1 --after-task none --db study.sqlite; echo \"[saída $?]\"; sleep 600'",
                           in: cli.folder)
        try terminal.wait(for: "Sessão iniciada")
        try at(2); try terminal.type(" "); try terminal.wait(for: "em andamento")
        try at(5); try terminal.type("e"); try terminal.wait(for: "Erro contado")
        try at(8); try terminal.type("n"); try terminal.wait(for: "Observação: █")
        try terminal.type("Procurou no rodapé"); try terminal.press("Enter")
        try terminal.wait(for: "Observação gravada")
        try at(14.5); try terminal.type("s")
        try terminal.wait(for: "q encerra a sessão")
        try at(20); try terminal.type("q"); try terminal.wait(for: "Encerrar a sessão? (s/n)")
        try terminal.type("s")
        try terminal.wait(for: "[saída 0]", history: true)
    }

    /// A Studio export: fixations 1 and 2 (1000–1200 ms, 1500–1800 ms) on the button, 3 (1900–2000 ms) off it. Its
    /// LocalTimeStamp says the sample at 1000 ms was taken at 08:00:04.000, so the recording began at 08:00:03.000.
    static let studio = """
        ParticipantName\tRecordingName\tMediaName\tRecordingTimestamp\tLocalTimeStamp\tGazeEventType\tGazeEventDuration\tFixationIndex\tFixationPointX (MCSpx)\tFixationPointY (MCSpx)\tValidityLeft\tValidityRight\tAOI[Botão]Hit
        P1\tRec1\thome.png\t1000\t08:00:04.000\tFixation\t200\t1\t50\t50\t0\t0\t1
        P1\tRec1\thome.png\t1017\t08:00:04.017\tFixation\t200\t1\t50\t50\t0\t0\t1
        P1\tRec1\thome.png\t1300\t08:00:04.300\tSaccade\t\t\t\t\t0\t0\t0
        P1\tRec1\thome.png\t1500\t08:00:04.500\tFixation\t300\t2\t60\t60\t0\t0\t1
        P1\tRec1\thome.png\t1900\t08:00:04.900\tFixation\t100\t3\t300\t200\t0\t0\t0

        """

    /// The interview: the moderator from 1 s to 4 s, Bruno from 6 s to 9.5 s of the recording.
    static let interview = """
        WEBVTT

        1
        00:00:01.000 --> 00:00:04.000
        Moderadora: Pode começar a primeira tarefa.

        2
        00:00:06.000 --> 00:00:09.500
        Bruno: Não acho o menu em lugar nenhum.

        """

    func item(_ items: [[String: Any]], kind: String, lane: String, label: String? = nil) -> [String: Any]? {
        items.first { $0["kind"] as? String == kind && $0["lane"] as? String == lane && (label == nil || $0["label"] as? String == label) }
    }

    @Test(.enabled(if: TmuxTerminal.available && Tool.locate("ffmpeg") != nil && Tool.locate("ffprobe") != nil,
                   "tmux, ffmpeg and ffprobe are needed (scripts/install-deps.sh installs them)"))
    func eachKindLandsAtItsSecondAndAPortugueseStudySpeaksPortuguese() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Linha do tempo", "--language", "pt-BR"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["task", "add", "T1", "--title", "Encontrar o menu"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try loggedSession(cli)

        // A 12 s tone stands for the interview's recording; the recording shows the start of T1 at 3 s, so its zero is
        // at -1 s on the session's clock.
        try Tool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=12", cli.path("P1.wav")])
        try cli.write("P1.vtt", Self.interview)
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Moderadora=moderator", "--speaker", "Bruno=P1"])
        try cli.succeed(["media", "add", "P1", "P1.wav", "--transcript", "", "--sync", "00:00:03=event:start T1"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Não acho o menu", "--code", "menu escondido", "--descriptive", "--category", "Navegação"])
        try cli.write("P1.tsv", Self.studio)
        try cli.succeed(["gaze", "import", "P1.tsv"])
        // A transcript without times cannot be placed: said, not dropped.
        try cli.write("notas.txt", "Bruno disse que o menu some.")
        try cli.succeed(["transcript", "add", "P1", "notas.txt", "--label", "notas"])

        // Gaze placed by the export's LocalTimeStamp against the session's start, both read in UTC here.
        let utc = ["TZ": "UTC"]
        let placed = try cli.run(["timeline", "P1", "--json"], environment: utc)
        #expect(placed.status == 0, "\(placed.stderr)")
        let document = try json(placed.stdout)
        let items = try #require(document["items"] as? [[String: Any]], "\(document)")
        func at(_ found: [String: Any]?) -> [Int?] { [found?["startMs"] as? Int, found?["endMs"] as? Int] }
        #expect(at(item(items, kind: "event", lane: "T1", label: "attempt")) == [2000, 14500])
        #expect(item(items, kind: "event", lane: "T1", label: "attempt")?["detail"] as? String == "success")
        #expect(at(item(items, kind: "event", lane: "T1", label: "error")) == [5000, nil])
        #expect(at(item(items, kind: "event", lane: "T1", label: "note")) == [8000, nil])
        #expect(at(item(items, kind: "event", lane: "", label: "end")) == [20000, nil])
        // Turns: recording time + (-1000 ms).
        #expect(at(item(items, kind: "turn", lane: "Moderadora")) == [0, 3000], "\(items)")
        #expect(at(item(items, kind: "turn", lane: "Bruno")) == [5000, 8500])
        #expect(item(items, kind: "turn", lane: "Bruno")?["label"] as? String == "Não acho o menu em lugar nenhum.")
        // The coded excerpt lies in Bruno's turn: its share of it, 15 of the turn's 32 characters (5000 + 3500 × 15 / 32).
        #expect(at(item(items, kind: "excerpt", lane: "Navegação")) == [5000, 6641])
        #expect(item(items, kind: "excerpt", lane: "Navegação")?["detail"] as? String == "menu escondido")
        // One visit to the button from fixation 1's start to fixation 2's end (1000–1800 ms), + 3000 ms.
        let visits = items.filter { $0["kind"] as? String == "gaze" }
        #expect(visits.count == 1 && at(visits.first) == [4000, 4800], "\(visits)")
        let ties = document["ties"] as? [[String: Any]] ?? []
        #expect(ties.contains { $0["basis"] as? String == "sync" && $0["offsetMs"] as? Int == -1000 }, "\(ties)")
        #expect(ties.contains { $0["basis"] as? String == "wall-clock" && $0["offsetMs"] as? Int == 3000 }, "\(ties)")
        let unplaced = document["unplaced"] as? [[String: Any]] ?? []
        #expect(unplaced.count == 1 && unplaced.first?["kind"] as? String == "turn", "\(unplaced)")

        // A sync point overrides the wall clock: the recording shows the start of T1 at 2 s, so its zero is the session's.
        try cli.succeed(["gaze", "sync", "P1", "--sync", "0:02=event:start T1"])
        let synced = try json(try cli.succeed(["timeline", "P1", "--json"], environment: utc))
        let syncedVisit = (synced["items"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "gaze" }
        #expect(at(syncedVisit) == [1000, 1800], "\(synced)")

        // --from/--to keep what overlaps the window; CSV holds the same items.
        let window = try json(try cli.succeed(["timeline", "P1", "--json", "--from", "0:04", "--to", "0:06"]))
        let kinds = Set((window["items"] as? [[String: Any]] ?? []).map { "\($0["kind"]!) \($0["lane"]!)" })
        #expect(kinds == ["event T1", "turn Bruno", "excerpt Navegação"], "\(kinds)")
        let csv = try cli.succeed(["timeline", "P1", "--csv"])
        #expect(csv.hasPrefix("start_ms,end_ms,kind,lane,label,detail\n") && csv.contains("5000,6641,excerpt,Navegação,"), "\(csv)")

        // What a person reads, in Portuguese only: the table, the notes, the figure's words, refusals.
        var said: [String] = []
        func run(_ arguments: [String], succeeds: Bool = true) throws {
            let result = try cli.run(arguments, environment: utc)
            #expect((result.status == 0) == succeeds, "\(arguments): \(result.stdout)\(result.stderr)")
            said.append((result.stdout + result.stderr).replacingOccurrences(of: cli.folder.path, with: "")
                .replacingOccurrences(of: "<[^>\\n]*>", with: "", options: .regularExpression))
        }
        try run(["timeline", "P1", "--figure", "P1-linha.png"])
        try run(["timeline", "P1", "--figure", "P1-linha.svg", "--from", "0:00", "--to", "0:10"])
        try run(["timeline", "P2"], succeeds: false)
        try run(["timeline", "P1", "--session", "3"], succeeds: false)
        try run(["timeline", "P1", "--from", "dez"], succeeds: false)
        try run(["gaze", "sync", "P2", "--starts-at", "1"], succeeds: false)
        try run(["gaze", "sync", "P1", "--recording", "Rec9", "--starts-at", "1"], succeeds: false)
        try run(["gaze", "sync", "P1", "--starts-at=-1,5"])
        try run(["timeline", "--help"])
        try run(["gaze", "sync", "--help"])
        let table = said[0]
        #expect(table.contains("Sessão 1 de P1") && table.contains("0:05") && table.contains("tentativa: sucesso") && table.contains("Tarefa T1"), "\(table)")
        #expect(table.contains("fora da linha do tempo: transcrição notas (1 fala): ela não tem tempos"), "\(table)")
        #expect(said[2].contains("não tem sessão moderada"), "\(said[2])")
        #expect(said[7].contains("começa em -0:01,500"), "\(said[7])")
        let all = said.joined(separator: "\n")
        #expect(ForeignWordCheck.english(in: all).isEmpty, "\(Set(ForeignWordCheck.english(in: all)).sorted())\n\(all)")
        let svg = try String(contentsOfFile: cli.path("P1-linha.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("P1-linha.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        if let keep = ProcessInfo.processInfo.environment["STUDYCTL_KEEP_FIGURE"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: cli.path("P1-linha.png"), toPath: keep)
        }
        // Nothing half-written is left beside the figure.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).allSatisfy { !$0.hasPrefix(".") })
    }
}

/// A time line on a transcript's own clock names that clock in the reader's language; JSON keeps the machine words.
@Suite struct TimelineClockWordingTests {
    @Test func theClockIsNamedInTheStudysLanguage() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Relógio", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("g.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Oi, tudo bem?</v>\n")
        try cli.succeed(["transcript", "add", "P1", "g.vtt", "--label", "grupo focal", "--speaker", "Ana=P1"])
        let said = try cli.run(["timeline", "P1"])
        #expect(said.status == 0)
        #expect((said.stdout + said.stderr).contains("no relógio de transcrição grupo focal"), "\(said.stdout)\(said.stderr)")
        #expect(try cli.succeed(["timeline", "P1", "--json"]).contains(#""recording" : "transcript grupo focal""#))
    }
}
