import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal the test types into and reads back: a tmux server of its own (its own socket), one window of
/// 110 × 32 running a shell command.
struct TmuxTerminal {
    let socket = "studyctl-\(UUID().uuidString.prefix(8))"
    static let available: Bool = {
        let probe = TmuxTerminal()
        return ((try? probe.tmux(["-V"])) ?? "").hasPrefix("tmux")
    }()

    /// Runs `tmux -L socket arguments…` and returns what it printed. posix_spawn and waitpid rather than
    /// Foundation's Process: the tmux server that new-session starts keeps the descriptors it was given, and
    /// Process did not see its client end.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let line = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = line + " >'\(output)' 2>/dev/null </dev/null"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    func start(_ command: String, in folder: URL) throws {
        try tmux(["new-session", "-d", "-s", "s", "-x", "110", "-y", "32", "-c", folder.path, command])
        try tmux(["set-option", "-t", "s", "history-limit", "5000"])
    }

    /// Types characters as they are (a space, letters, accented words).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "s", "-l", text]) }
    /// Presses named keys (Enter, Up, Escape, C-c).
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "s"] + keys) }

    /// What the screen shows now (with the scroll-back when `history`).
    func screen(history: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "s"] + (history ? ["-S", "-"] : []))
    }

    /// Waits until the screen shows `text` (10 s at most) and returns it.
    @discardableResult
    func wait(for text: String, history: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var shown = ""
        for _ in 0..<200 {
            shown = try screen(history: history)
            if shown.contains(text) { return shown }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the screen never showed \"\(text)\":\n\(shown)", sourceLocation: sourceLocation)
        return shown
    }

    func stop() { _ = try? tmux(["kill-server"]) }
}

@Suite(.serialized) struct SessionCommandTests {
    /// A pt-BR study with three tasks (T2 with a 5 s penalty per error) and a condition.
    func study() throws -> StudyCtl {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Sessões moderadas", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["task", "add", "T1", "--title", "Encontrar o menu"])
        try cli.succeed(["task", "add", "T2", "--title", "Trocar a cor", "--penalty", "5"])
        try cli.succeed(["task", "add", "T3", "--title", "Salvar o arquivo"])
        try cli.succeed(["condition", "add", "aparelho", "--levels", "celular,tablet"])
        return cli
    }

    /// A scripted three-task session, keys only, on a clock the test sets: the attempts, SEQ answers and notes
    /// stored equal what was typed; a kill -9 in the middle of T3 loses nothing stored and the session resumes;
    /// `tasks summary` equals the same attempts imported from CSV; the screens hold no English word.
    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func scriptedSessionKilledAndResumedEqualsTheImportedLog() throws {
        let cli = try study()
        let clock = try cli.write("clock", "1800000000")
        func at(_ seconds: Double) throws { try cli.write("clock", String(1_800_000_000 + seconds)) }
        let binary = StudyCtl.binary.path
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        let environment = "NO_COLOR=1 STUDYCTL_CLOCK_FILE=\(clock)"
        // The first run writes its process id, so the test can kill it the way a power cut would.
        try terminal.start("sh -c 'echo $$ > pid; exec env \(environment) \(binary) session P1 --condition aparelho=celular --db study.sqlite'",
                           in: cli.folder)
        var screens: [String] = []
        screens.append(try terminal.wait(for: "Sessão iniciada"))

        // T1: 12.5 s, two errors, a note, success, SEQ 6.
        try at(2); try terminal.type(" "); try terminal.wait(for: "em andamento")
        try at(5); try terminal.type("e"); try terminal.wait(for: "Erro contado")
        try at(8); try terminal.type("e"); try terminal.wait(for: "Erro contado")
        try terminal.type("n"); try terminal.wait(for: "Observação: █")
        try terminal.type("Procurou no rodapé, ação não óbvia"); try terminal.press("Enter")
        screens.append(try terminal.wait(for: "Observação gravada"))
        try at(14.5); try terminal.type("s")
        screens.append(try terminal.wait(for: "De modo geral, quão difícil ou fácil"))
        try terminal.type("6"); try terminal.press("Enter")
        screens.append(try terminal.wait(for: "▶  T2"))

        // T2: 3 s, paused 17 s, then 4 s more with assistance and one error, partial, SEQ 5.
        try at(30); try terminal.type(" "); try terminal.wait(for: "em andamento")
        try at(33); try terminal.type("z"); try terminal.wait(for: "pausada")
        try at(50); try terminal.type("z"); try terminal.wait(for: "Cronômetro correndo de novo")
        try terminal.type("a"); try terminal.wait(for: "Ajuda marcada")
        try terminal.type("e"); try terminal.wait(for: "Erro contado")
        try at(54); try terminal.type("p"); try terminal.wait(for: "De modo geral")
        try terminal.type("5"); try terminal.press("Enter")
        try terminal.wait(for: "▶  T3")

        // T3 starts, one error, and the logger is killed.
        try at(60); try terminal.type(" ")
        screens.append(try terminal.wait(for: "em andamento"))
        try terminal.type("e"); try terminal.wait(for: "Erro contado")
        let pid = Int32(try String(contentsOfFile: cli.path("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))!
        kill(pid, SIGKILL)
        // Read once the logger is gone (the signal is delivered; the process no longer exists).
        while kill(pid, 0) == 0 { usleep(10_000) }
        let stored = try cli.succeed(["session", "show", "P1", "--json"])
        let session = try #require(((try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])?["sessions"] as? [[String: Any]])?.first)
        let kinds = (session["events"] as! [[String: Any]]).map { $0["kind"] as! String }
        #expect(kinds == ["start", "error", "error", "note", "outcome", "start", "pause", "resume", "assist", "error", "outcome", "start", "error"],
                "every key before the kill is stored: \(kinds)")
        #expect(session["ended"] == nil || session["ended"] is NSNull)

        // Resumed: T3 runs on with its error; it fails, its SEQ is left unanswered, the session ends.
        try terminal.tmux(["kill-server"])
        try at(70)
        try terminal.start("sh -c 'env \(environment) \(binary) session P1 --condition aparelho=celular --db study.sqlite; echo \"[saída $?]\"; sleep 600'",
                           in: cli.folder)
        let resumed = try terminal.wait(for: "Sessão retomada")
        screens.append(resumed)
        #expect(resumed.contains("00:10,0") && resumed.contains("em andamento"), "T3 runs on from its start: \(resumed)")
        try at(75); try terminal.type("f"); try terminal.wait(for: "De modo geral")
        try terminal.type("-"); try terminal.press("Enter")
        try terminal.wait(for: "✗ falha")
        try terminal.wait(for: "q encerra a sessão")
        try terminal.type("q"); try terminal.wait(for: "Encerrar a sessão? (s/n)")
        try terminal.type("s")
        let summary = try terminal.wait(for: "[saída 0]", history: true)
        screens.append(summary)
        #expect(summary.contains("Sessão encerrada."))
        #expect(summary.contains("No total: 34,5 s, 4 erros, 1 de 3 tarefas com sucesso; total com a penalidade 39,5 s"), "\(summary)")

        // What the study holds equals what was typed.
        let attempts = try cli.succeed(["attempt", "list", "--json"])
        let rows = ((try JSONSerialization.jsonObject(with: Data(attempts.utf8)) as! [String: Any])["attempts"] as! [[String: Any]])
        let seen = rows.map { "\($0["task"]!) \($0["seconds"]!) \($0["errors"]!) \($0["outcome"]!) \($0["assisted"]!) \(($0["conditions"] as! [String: String])["aparelho"]!)" }
        #expect(seen == ["T1 12.5 2 success 0 celular", "T2 7 1 partial 1 celular", "T3 15 1 fail 0 celular"]
                || seen == ["T1 12.5 2 success false celular", "T2 7 1 partial true celular", "T3 15 1 fail false celular"], "\(seen)")
        let seq = try cli.succeed(["tasks", "summary", "--csv"])
        #expect(seq.contains("seq_mean"), "the SEQ typed after each task is in the summary: \(seq)")
        let memos = try cli.succeed(["memo", "list", "--json"])
        #expect(memos.contains("\"task\" : \"T1\"") || memos.contains("\"task\":\"T1\""), "\(memos)")
        #expect(memos.contains("Procurou no rodapé, ação não óbvia"))
        let log = try cli.succeed(["transcript", "show", "P1", "--label", "sessão 1"])
        #expect(log.contains("[00:08] T1 · Procurou no rodapé, ação não óbvia"), "the session's log is a transcript: \(log)")

        // The log is coded like an interview and goes to REFI-QDA as a source of its own, its coding in it.
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--transcript", "sessão 1", "--excerpt", "Procurou no rodapé", "--code", "no rodapé",
                         "--category", "Navegação"])
        try cli.succeed(["export", "qdpx", "s.qdpx"])
        let read = Process()
        read.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        read.arguments = ["python3", "-c", """
            import re, sys, zipfile
            x = zipfile.ZipFile(sys.argv[1]).read('project.qde').decode()
            for name, body in re.findall(r'<TextSource[^>]*name="([^"]*)"(.*?)</TextSource>', x, re.S):
                print(name, body.count('<PlainTextSelection '))
            """, cli.path("s.qdpx")]
        let pipe = Pipe()
        read.standardOutput = pipe
        try read.run()
        let sources = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        read.waitUntilExit()
        #expect(sources == "P1 sessão 1 1\n", "\(sources)")

        // tasks summary of the session equals the same attempts imported from CSV (and the SEQ typed with respond).
        let other = try study()
        try other.write("log.csv", """
            participant,task,aparelho,time,errors,outcome,assisted
            P1,T1,celular,12.5,2,success,no
            P1,T2,celular,7,1,partial,yes
            P1,T3,celular,15,1,fail,no

            """)
        try other.succeed(["attempt", "import", "log.csv"])
        try other.succeed(["respond", "P1", "seq", "--task", "T1", "--condition", "aparelho=celular", "--answers", "6"])
        try other.succeed(["respond", "P1", "seq", "--task", "T2", "--condition", "aparelho=celular", "--answers", "5"])
        for arguments in [["tasks", "summary", "--csv"], ["tasks", "summary", "--by", "aparelho", "--csv"]] {
            #expect(try cli.succeed(arguments) == (try other.succeed(arguments)), "\(arguments)")
        }

        // Every screen in the study's language.
        for screen in screens {
            let english = ForeignWordCheck.english(in: screen.replacingOccurrences(of: "studyctl", with: ""))
            #expect(english.isEmpty, "English on a pt-BR screen: \(english)\n\(screen)")
        }
    }

    /// Keys the state does not allow are refused on the screen, and nothing is stored for them.
    /// Ctrl-C keeps the session open and names the command that resumes it exactly; a bare `session P1` resumes
    /// it with its condition, questionnaires and observer; `session close` ends it and `session list` reads
    /// local time with its offset, the session numbered per participant.
    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func aSessionResumesAsItBeganAndIsClosed() throws {
        let cli = try study()
        let clock = try cli.write("clock", "1800000000")
        let binary = StudyCtl.binary.path
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        let environment = "NO_COLOR=1 TZ=America/Sao_Paulo STUDYCTL_CLOCK_FILE=\(clock)"
        try terminal.start("sh -c 'env \(environment) \(binary) session P1 --condition aparelho=tablet --after sus --observer Ana --db study.sqlite; sleep 600'",
                           in: cli.folder)
        try terminal.wait(for: "Sessão iniciada")
        try terminal.type(" "); try terminal.wait(for: "em andamento")
        try cli.write("clock", "1800000012")
        try terminal.type("p"); try terminal.wait(for: "De modo geral")
        try terminal.type("4"); try terminal.press("Enter")
        try terminal.wait(for: "◐ parcial")
        try terminal.press("C-c")
        let kept = try terminal.wait(for: "a retoma", history: true)
        #expect(kept.contains("'studyctl session P1 --condition aparelho=tablet' a retoma"), "\(kept)")
        try terminal.tmux(["kill-server"])
        let shown = try JSONSerialization.jsonObject(with: Data(cli.succeed(["session", "show", "P1", "--json"]).utf8)) as! [String: Any]
        let session = (shown["sessions"] as! [[String: Any]])[0]
        #expect(session["observer"] as? String == "Ana" && session["after"] as? [String] == ["sus"] && session["number"] as? Int == 1, "\(session)")
        // A bare `session P1` joins it.
        let again = TmuxTerminal()
        defer { again.stop() }
        try again.start("sh -c 'env \(environment) \(binary) session P1 --db study.sqlite; sleep 600'", in: cli.folder)
        let resumed = try again.wait(for: "Sessão retomada")
        #expect(resumed.contains("◐ parcial"), "\(resumed)")
        try again.press("C-c")
        try again.wait(for: "a retoma", history: true)
        try again.tmux(["kill-server"])
        #expect(try cli.succeed(["session", "list", "--json"]).components(separatedBy: "\"participant\"").count == 2, "one session, not two")
        let closed = try cli.succeed(["session", "close", "P1"])
        #expect(closed.contains("Sessão 1 de P1 encerrada."), "\(closed)")
        let list = try cli.run(["session", "list"], environment: ["TZ": "America/Sao_Paulo"])
        #expect(list.stdout.contains("2027-01-15 05:00:00 −03:00"), "\(list.stdout)")
        #expect(list.stdout.contains("aparelho=tablet") && list.stdout.contains("America/Sao_Paulo"), "\(list.stdout)")
        let refused = try cli.fail(["session", "remove", "P1"])
        #expect(refused.stderr.contains("--cascade"), "\(refused.stderr)")
        #expect(try cli.succeed(["session", "remove", "P1", "--cascade"]).contains("Sessão 1 de P1 removida com a tentativa que ela gravou."))
        #expect(try cli.succeed(["attempt", "list", "--json"]).contains("\"attempts\" : [\n\n  ]"))
    }

    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func refusedKeysStoreNothing() throws {
        let cli = try study()
        let clock = try cli.write("clock", "1800000000")
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        try terminal.start("sh -c 'env STUDYCTL_CLOCK_FILE=\(clock) \(StudyCtl.binary.path) session P1 --tasks T2,T1 --after-task none --db study.sqlite; echo \"[saída $?]\"; sleep 600'",
                           in: cli.folder)
        let first = try terminal.wait(for: "Sessão iniciada")
        #expect(first.contains("▶  T2"), "the first task of --tasks is marked: \(first)")
        try terminal.type("e"); try terminal.wait(for: "nenhuma tarefa está aberta")
        try terminal.type("s"); try terminal.wait(for: "Nenhuma tarefa aberta")
        try terminal.type(" "); try terminal.wait(for: "T2 iniciada")
        try terminal.press("Down"); try terminal.wait(for: "Conclua ou cancele T2")
        try terminal.type("q"); try terminal.wait(for: "T2 ainda está aberta")
        try terminal.type("c"); try terminal.wait(for: "A tentativa foi cancelada")
        try terminal.press("C-c")
        let left = try terminal.wait(for: "[saída 0]", history: true)
        #expect(left.contains("A sessão fica aberta: 'studyctl session P1' a retoma."))
        let json = try cli.succeed(["session", "show", "P1", "--json"])
        let events = ((try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])["sessions"] as! [[String: Any]])[0]["events"] as! [[String: Any]]
        #expect(events.map { $0["kind"] as! String } == ["start", "cancel"])
        #expect(try cli.succeed(["attempt", "list", "--json"]).contains("[]") || !(try cli.succeed(["attempt", "list", "--json"])).contains("T2"))
    }

    /// A task restarted and done again is a second trial; the SUS of --after follows the last task, asked in the
    /// study's language and stored as the participant's answers.
    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func aSecondTrialAndThePostTestQuestionnaire() throws {
        let cli = try study()
        let clock = try cli.write("clock", "1800000000")
        func at(_ seconds: Double) throws { try cli.write("clock", String(1_800_000_000 + seconds)) }
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        try terminal.start("sh -c 'env STUDYCTL_CLOCK_FILE=\(clock) \(StudyCtl.binary.path) session P1 --tasks T1 --after-task none --after sus --db study.sqlite; echo \"[saída $?]\"; sleep 600'",
                           in: cli.folder)
        try terminal.wait(for: "Sessão iniciada")
        try at(1); try terminal.type(" "); try terminal.wait(for: "T1 iniciada")
        try at(4); try terminal.type("r"); try terminal.wait(for: "T1 recomeçada")
        try at(9); try terminal.type("s"); try terminal.wait(for: "✓ sucesso")
        try at(20); try terminal.type(" "); try terminal.wait(for: "T1 iniciada")
        try at(23); try terminal.type("f"); try terminal.wait(for: "2 tentativas")
        try terminal.type("q"); try terminal.wait(for: "Encerrar a sessão?")
        try terminal.type("s")
        try terminal.wait(for: "Escala de Usabilidade do Sistema", history: true)
        for answer in ["4", "2", "5", "1", "4", "2", "5", "1", "4", "2"] {
            try terminal.type(answer); try terminal.press("Enter")
        }
        let end = try terminal.wait(for: "[saída 0]", history: true)
        #expect(end.contains("Sessão encerrada."))
        let attempts = try cli.succeed(["attempt", "list", "--json"])
        let rows = ((try JSONSerialization.jsonObject(with: Data(attempts.utf8)) as! [String: Any])["attempts"] as! [[String: Any]])
        #expect(rows.map { "\($0["trial"]!) \($0["seconds"]!) \($0["outcome"]!)" } == ["1 5 success", "2 3 fail"], "the restart began a new try: \(rows)")
        let sus = try cli.succeed(["score", "sus", "--json"])
        #expect(sus.contains("\"P1\"") && sus.contains("85"), "the SUS typed at the end is stored: \(sus)")
    }

    /// In an English study the logger speaks English: no Portuguese word on its screens or in its summary.
    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func anEnglishStudysLoggerHasNoPortugueseWord() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Moderated", "--language", "en"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["task", "add", "T1", "--title", "Find the menu", "--penalty", "2"])
        let clock = try cli.write("clock", "1800000000")
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        try terminal.start("sh -c 'env STUDYCTL_CLOCK_FILE=\(clock) \(StudyCtl.binary.path) session P1 --db study.sqlite; echo \"[exit $?]\"; sleep 600'",
                           in: cli.folder)
        var screens = [try terminal.wait(for: "Session started")]
        try terminal.type(" "); screens.append(try terminal.wait(for: "T1 started"))
        try terminal.type("e"); try terminal.type("a"); screens.append(try terminal.wait(for: "Assistance marked"))
        try terminal.type("z"); screens.append(try terminal.wait(for: "paused"))
        try cli.write("clock", "1800000009.5")
        try terminal.type("s"); screens.append(try terminal.wait(for: "Overall, how difficult or easy"))
        try terminal.type("7"); try terminal.press("Enter")
        try terminal.wait(for: "q ends the session")
        try terminal.type("q"); try terminal.wait(for: "End the session? (y/n)")
        try terminal.type("y")
        let end = try terminal.wait(for: "[exit 0]", history: true)
        screens.append(end)
        #expect(end.contains("In all: 0.0 s, 1 error, 1 of 1 tasks succeeded; total with the penalty 2.0 s"), "\(end)")
        for screen in screens {
            let portuguese = ForeignWordCheck.portuguese(in: screen)
            #expect(portuguese.isEmpty, "Portuguese on an English screen: \(portuguese)\n\(screen)")
        }
    }

    /// A stored attempt is corrected afterwards with `attempt set`; a wrong one is refused naming it, the study unchanged.
    @Test func attemptsAreCorrectedAfterwards() throws {
        let cli = try study()
        try cli.succeed(["attempt", "add", "P1", "T2", "--condition", "aparelho=celular", "--time", "41", "--errors", "3", "--outcome", "success"])
        let said = try cli.succeed(["attempt", "set", "P1", "T2", "--errors", "2", "--outcome", "partial", "--assisted", "sim"])
        #expect(said.contains("Tentativa 1 de P1 em T2 corrigida."), "\(said)")
        let list = try cli.succeed(["attempt", "list", "--json"])
        #expect(list.contains("\"errors\" : 2") && list.contains("\"outcome\" : \"partial\"") && list.contains("\"seconds\" : 41"), "\(list)")
        let refused = try cli.fail(["attempt", "set", "P1", "T2", "--trial", "2", "--errors", "1"])
        #expect(refused.stderr.contains("não tem tentativa na tarefa T2 com o número 2 para corrigir"), "\(refused.stderr)")
        let empty = try cli.fail(["attempt", "set", "P1", "T2"])
        #expect(empty.stderr.contains("Informe ao menos um de --time"), "\(empty.stderr)")
    }

    /// Without a terminal the logger refuses, in the study's language, and leaves the study as it was; what it
    /// would refuse anyway (an unknown participant, task, condition or instrument, answers that could not be
    /// stored at the end) is said first, naming it.
    @Test func withoutATerminalTheLoggerRefuses() throws {
        let cli = try study()
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,2,5,1,4,2,5,1,4,2"])
        for (arguments, said) in [
            (["session", "P9"], "Nenhum participante P9 neste estudo. Participantes: P1."),
            (["session", "P1", "--tasks", "T1,T9"], "Nenhuma tarefa 'T9' neste estudo."),
            (["session", "P1", "--tasks", "T1,T1"], "--tasks: a tarefa T1 aparece duas vezes"),
            (["session", "P1", "--condition", "cor=azul"], "Nenhuma condição 'cor' neste estudo. Condições: aparelho."),
            (["session", "P1", "--condition", "aparelho=relógio"], "relógio"),
            (["session", "P1", "--after-task", "sus"], "sus não é aplicado por tarefa"),
            (["session", "P1", "--after-task", "nope"], "Nenhum instrumento 'nope'."),
            (["session", "P1", "--after", "seq"], "seq é aplicado após cada tarefa: informe-o com --after-task seq"),
            (["session", "P1", "--after", "sus"], "P1 já tem respostas a sus"),
            (["session", "P1", "--observer", "  "], "vazio"),
        ] {
            let refused = try cli.fail(arguments)
            #expect(refused.stderr.contains(said), "\(arguments): \(refused.stderr)")
            #expect(!refused.stderr.contains("SQLite"), "\(refused.stderr)")
        }
        // The questionnaires after the last task belong to the session's condition: answers under another
        // condition do not stand in the way, answers under the same one do, and the refusal names them.
        let device = "celular"
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,2,5,1,4,2,5,1,4,2", "--condition", "aparelho=\(device)"])
        let same = try cli.fail(["session", "P1", "--condition", "aparelho=\(device)", "--after", "sus"])
        #expect(same.stderr.contains("P1 já tem respostas a sus (aparelho=\(device))") && same.stderr.contains("--condition aparelho=\(device)"), "\(same.stderr)")
        let other = try cli.fail(["session", "P1", "--condition", "aparelho=tablet", "--after", "sus"])
        #expect(other.stderr.contains("precisa de um terminal"), "\(other.stderr)")
        try cli.succeed(["responses", "remove", "P1", "sus", "--condition", "aparelho=\(device)"])
        let before = try cli.dump("study.sqlite")
        let result = try cli.run(["session", "P1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("precisa de um terminal"), "\(result.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
    }
}
