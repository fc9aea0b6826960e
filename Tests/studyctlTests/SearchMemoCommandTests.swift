import Foundation
import Testing

/// `transcript search` (grep -P semantics, coding every hit in one step), `transcript code-speaker`, memos edited,
/// removed and searched, annotations on passages, the journal export, and annotations through REFI-QDA — run through
/// the binary as a researcher would.
@Suite(.serialized) struct SearchMemoCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Runs a program and returns what it printed.
    func output(_ program: String, _ arguments: [String], in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = folder
        // grep reads UTF-8 as characters only in a UTF-8 locale.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// On the demo's UITracking interviews: per participant, the hits of `transcript search` are the matches of
    /// `grep -P -o` (and `grep -P -i -o` for --ignore-case; Unicode word characters, as ICU has them) over the
    /// transcript's text as `transcript show --plain` prints it.
    @Test func hitsEqualGrepOnTheDemoTranscripts() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "demo"])
        let db = "demo/uitracking/uitracking.sqlite"
        let (_, listed) = try output("sqlite3", ["-readonly", cli.path(db), "SELECT p.code FROM transcript t JOIN participant p ON p.id = t.participant_id WHERE t.label = ''"], in: cli.folder)
        let participants = listed.split(separator: "\n").map(String.init)
        #expect(participants.count >= 9, "the demo's transcripts: \(participants)")
        for code in participants {
            let text = try cli.succeed(["transcript", "show", code, "--plain", "--db", db])
            // `print` adds a line break after the text; grep reads the same lines.
            try cli.write("\(code).txt", text)
        }
        var compared = 0
        for (pattern, ignoreCase) in [("\\bexempl\\w*", false), ("(?<=o )\\w+ção", false), ("API|Swift(UI)?", false), ("\\bn[ãa]o\\b", true), ("^\\w+", false),
                                      ("eye[ -]tracking", true), ("[.!?]$", false)] {
            let found = try json(try cli.succeed(["transcript", "search", pattern, "--json", "--db", db] + (ignoreCase ? ["--ignore-case"] : [])))
            let transcripts = try #require(found["transcripts"] as? [[String: Any]])
            var ours: [String: Int] = [:]
            for transcript in transcripts { ours[transcript["participant"] as! String, default: 0] += (transcript["hits"] as? [[String: Any]])?.count ?? 0 }
            var total = 0
            for code in participants {
                // (*UCP): \w, \b and classes over Unicode letters in PCRE2, as ICU reads them (grep before 3.10 reads them as ASCII).
                let (status, matched) = try output("grep", ["-P", "-o"] + (ignoreCase ? ["-i"] : []) + ["--", "(*UCP)" + pattern, "\(code).txt"], in: cli.folder)
                #expect(status <= 1, "grep -P failed on \(pattern)")
                let theirs = matched.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count
                #expect(ours[code, default: 0] == theirs, "\(pattern) in \(code): studyctl \(ours[code, default: 0]), grep -P -o \(theirs)")
                total += theirs
            }
            #expect(found["hits"] as? Int == total)
            compared += total
        }
        #expect(compared > 50, "the patterns found something to compare: \(compared)")

        // Coding every hit: one step, listed, taken back with the command it prints.
        let before = try cli.succeed(["code", "list", "--json", "--db", db])
        let out = try cli.succeed(["transcript", "search", "(?i)exempl\\w*", "--code", "Exemplos de códigos e vídeos", "--coder", "Robô", "--db", db])
        let hits = try json(try cli.succeed(["transcript", "search", "(?i)exempl\\w*", "--json", "--db", db]))["hits"] as! Int
        #expect(out.contains("Coded \(hits) passages as Exemplos de códigos e vídeos in one step."), "\(out)")
        let undo = try #require(out.split(separator: "\n").first { $0.hasPrefix("To undo: studyctl code remove ") })
        let ids = undo.dropFirst("To undo: studyctl code remove ".count).split(separator: " ").map(String.init)
        #expect(ids.count == hits)
        let robot = try json(try cli.succeed(["code", "list", "--coder", "Robô", "--json", "--db", db]))["codes"] as? [[String: Any]] ?? []
        #expect(robot.count == hits && robot.allSatisfy { ($0["code"] as? String)?.lowercased().hasPrefix("exempl") == true && $0["inVivo"] as? Bool == true })
        let again = try cli.succeed(["transcript", "search", "(?i)exempl\\w*", "--code", "Exemplos de códigos e vídeos", "--coder", "Robô", "--db", db])
        #expect(again.contains("Coded 0 passages") && again.contains("Already coded so by the coder, left as they were: \(hits)."), "\(again)")
        try cli.succeed(["code", "remove"] + ids + ["--db", db])
        #expect(try cli.succeed(["code", "list", "--json", "--db", db]) == before, "the removal took back the whole step")

        // Bad input: named, non-zero, study unchanged.
        let bad = try cli.fail(["transcript", "search", "(exempl", "--code", "Exemplos de códigos e vídeos", "--db", db], study: db)
        #expect(bad.stderr.contains("'(exempl'"), "\(bad.stderr)")
        let unknown = try cli.fail(["transcript", "search", "exempl", "--code", "Nenhuma", "--db", db], study: db)
        #expect(unknown.stderr.contains("Nenhuma"), "\(unknown.stderr)")
        try cli.fail(["transcript", "search", "exempl", "--participant", "P99", "--code", "Exemplos de códigos e vídeos", "--db", db], study: db)
        try cli.fail(["code", "remove", ids[0], "999999", "--db", db], study: db)
    }

    static let group = """
        WEBVTT

        00:00:01.000 --> 00:00:03.000
        Entrevistadora: Como foi usar o menu?

        00:00:03.500 --> 00:00:08.000
        João: Achei o menu confuso no começo.

        00:00:08.500 --> 00:00:10.000
        Entrevistadora: E a busca?

        00:00:10.500 --> 00:00:14.000
        João: A busca é ótima, o menu nem tanto.

        """

    func portugueseStudy() throws -> StudyCtl {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Entrevistas", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P04"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Perguntas", "--origin", "emergent"])
        try cli.write("P04.vtt", Self.group)
        try cli.succeed(["transcript", "add", "P04", "P04.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "João=P04"])
        return cli
    }

    /// In a pt-BR study: search, speaker filter, coding a speaker's turns, annotations, memos and the journal speak
    /// Portuguese only.
    @Test func portugueseSessionWithAnnotationsMemosAndJournal() throws {
        let cli = try portugueseStudy()
        var said = ""
        let search = try cli.succeed(["transcript", "search", "menu", "--speaker", "João"])
        #expect(search.contains("P04:") && search.contains("[menu]") && search.contains("ocorrências"), "\(search)")
        #expect(try json(try cli.succeed(["transcript", "search", "menu", "--speaker", "João", "--json"]))["hits"] as? Int == 2,
                "the moderator's question is left out with --speaker João")
        #expect(try json(try cli.succeed(["transcript", "search", "menu", "--json"]))["hits"] as? Int == 3)
        said += search
        let turns = try cli.succeed(["transcript", "code-speaker", "P04", "Entrevistadora", "--category", "Perguntas", "--coder", "Ana"])
        #expect(turns.contains("2 trechos codificados como Perguntas de uma só vez"), "\(turns)")
        said += turns
        let annotated = try cli.succeed(["annotate", "P04", "--at", "menu confuso", "--text", "Primeira reclamação sobre o menu.", "--coder", "Ana"])
        #expect(annotated.contains("Anotação 1 gravada"), "\(annotated)")
        said += annotated
        let twice = try cli.fail(["annotate", "P04", "--at", "menu", "--text", "x"])
        #expect(twice.stderr.contains("(--at ") && twice.stderr.contains("3 vezes"), "\(twice.stderr)")
        said += twice.stderr
        let absent = try cli.fail(["annotate", "P04", "--at", "teclado quebrado", "--text", "x"])
        said += absent.stderr
        try cli.succeed(["annotation", "edit", "1", "--text", "Reclamação forte sobre o menu."])
        let list = try cli.succeed(["annotation", "list"])
        #expect(list.contains("[anotação 1] P04") && list.contains("\"menu confuso\"") && list.contains("Reclamação forte sobre o menu."), "\(list)")
        said += list
        let listed = try json(try cli.succeed(["annotation", "list", "--json"]))["annotations"] as? [[String: Any]] ?? []
        #expect(listed.first?["excerpt"] as? String == "menu confuso" && listed.first?["coder"] as? String == "Ana")

        try cli.succeed(["memo", "add", "--on", "study", "Os iniciantes citaram o menu."])
        try cli.succeed(["memo", "add", "--on", "participant:P04", "Muito confuso no começo."])
        said += try cli.succeed(["memo", "edit", "1", "--text", "Os iniciantes citaram o menu e a busca."])
        try cli.write("memo.txt", "Confuso só no começo.\n")
        try cli.succeed(["memo", "edit", "2", "--file", "memo.txt"])
        // $EDITOR: a script that writes the new text over the file it is given.
        try cli.write("editor.sh", "#!/bin/sh\nprintf 'Editado no editor.' > \"$1\"\n")
        chmod(cli.path("editor.sh"), 0o755)
        let edited = try cli.run(["memo", "edit", "2"], environment: ["EDITOR": cli.path("editor.sh")])
        #expect(edited.status == 0, "\(edited.stderr)")
        let found = try cli.succeed(["memo", "search", "BUSCA"])
        #expect(found.contains("Os iniciantes citaram o menu e a busca.") && !found.contains("Editado"), "\(found)")
        said += found
        let searchedAnnotation = try cli.succeed(["memo", "search", "reclamacao"])
        #expect(searchedAnnotation.contains("Reclamação forte"), "annotations are searched too, accents aside: \(searchedAnnotation)")
        said += try cli.succeed(["memo", "remove", "1"])
        try cli.fail(["memo", "remove", "1"])
        try cli.fail(["memo", "edit", "9", "--text", "x"])

        for (file, by) in [("diario.md", "participant"), ("diario.html", "category"), ("dia.md", "date")] {
            said += try cli.succeed(["export", "journal", file, "--by", by])
        }
        let markdown = try String(contentsOfFile: cli.path("diario.md"), encoding: .utf8)
        #expect(markdown.contains("# Diário de pesquisa: Entrevistas") && markdown.contains("## P04") && markdown.contains("> menu confuso")
                && markdown.contains("Reclamação forte sobre o menu.") && markdown.contains("Editado no editor."), "\(markdown)")
        let html = try String(contentsOfFile: cli.path("diario.html"), encoding: .utf8)
        #expect(html.contains("<html lang=\"pt-BR\">") && html.contains("<blockquote><p>menu confuso</p></blockquote>") && html.contains("<h2>sem categoria</h2>"), "\(html)")
        try cli.fail(["export", "journal", "diario.md"])
        try cli.fail(["export", "journal", "diario.pdf"])
        said += markdown
        #expect(ForeignWordCheck.english(in: said).isEmpty, "English in the pt-BR session: \(ForeignWordCheck.english(in: said))")

        said = try cli.succeed(["annotation", "remove", "1"])
        let left = try json(try cli.succeed(["annotation", "list", "--json"]))["annotations"] as? [Any]
        #expect(left?.isEmpty ?? true, "\(said)")
    }

    /// Annotations go out in studyctl's REFI-QDA export (a Note attached to a selection of their own) and come back
    /// as the same annotations on the same passages.
    @Test func annotationsRoundTripThroughREFI() throws {
        let cli = try portugueseStudy()
        try cli.succeed(["transcript", "search", "menu", "--code", "Navegação", "--coder", "Ana"])
        try cli.succeed(["annotate", "P04", "--at", "menu confuso", "--text", "Primeira reclamação <sobre> o menu & a busca.", "--coder", "Ana"])
        try cli.succeed(["annotate", "P04", "--start", "0", "--end", "14", "--text", "Pergunta aberta."])
        try cli.succeed(["export", "qdpx", "p.qdpx"])
        let (_, xml) = try output("unzip", ["-p", "p.qdpx", "project.qde"], in: cli.folder)
        #expect(xml.contains("<NoteRef targetGUID="), "\(xml)")
        #expect(xml.contains("Primeira reclamação &lt;sobre&gt; o menu &amp; a busca."))
        try cli.succeed(["import", "qdpx", "p.qdpx", "--db", "copy.sqlite"])
        func annotations(_ db: String) throws -> [String] {
            (try json(try cli.succeed(["annotation", "list", "--json", "--db", db]))["annotations"] as? [[String: Any]] ?? []).map {
                "\($0["participant"]!) \($0["start"]!)–\($0["end"]!) \($0["excerpt"]!) | \($0["text"]!) | \($0["coder"] ?? "-")"
            }
        }
        let original = try annotations("study.sqlite")
        #expect(original.count == 2)
        #expect(try annotations("copy.sqlite") == original)
        let memos = try cli.succeed(["memo", "list", "--db", "copy.sqlite"])
        #expect(!memos.contains("reclamação"), "annotations are not memos after the round trip: \(memos)")
        // Imported again into the copy: nothing twice.
        try cli.succeed(["import", "qdpx", "p.qdpx", "--db", "copy.sqlite"])
        #expect(try annotations("copy.sqlite") == original)
    }
}
