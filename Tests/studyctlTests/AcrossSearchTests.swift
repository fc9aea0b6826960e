import Foundation
import Testing

/// `studyctl search --studies`: a full-text search over several study files, run through the binary. The hits equal
/// a reference query in Python's own sqlite3 (FTS5, the same tokenizer) over the same texts; the studies' bytes are
/// unchanged; a study another process is writing is read as it stood; bad queries are refused in the tool's words.
@Suite(.serialized) struct AcrossSearchTests {
    /// Three demo-size studies: the demo's UITracking interviews three times (as three releases), each with texts of
    /// its own — memos, annotations and an open answer — and the second with its categories and attribute spelled
    /// otherwise (case and accents), the third without the level attribute.
    static let releases = Result { try Releases() }

    struct Releases {
        let cli: StudyCtl
        let paths: [String]

        init() throws {
            cli = try StudyCtl()
            try cli.succeed(["demo", "--output", "demo"])
            var paths: [String] = []
            for index in 1...3 {
                let path = cli.path("release-\(index).sqlite")
                try FileManager.default.copyItem(atPath: cli.path("demo/uitracking/uitracking.sqlite"), toPath: path)
                paths.append(path)
            }
            try cli.succeed(["memo", "add", "--on", "participant:P1", "O onboarding confundiu: não sabia por onde começar.", "--db", paths[0]])
            try cli.succeed(["memo", "add", "--on", "study", "Onboarding melhorou muito nesta versão.", "--db", paths[1]])
            try cli.succeed(["memo", "add", "--on", "participant:P2", "Sem menção ao onboarding; dificuldade com exemplos.", "--db", paths[2]])
            try cli.succeed(["annotate", "P1", "--start", "0", "--end", "5", "--text", "Primeira impressão do ONBOARDING.", "--db", paths[0]])
            try cli.succeed(["annotate", "P3", "--start", "0", "--end", "5", "--text", "Exemplos faltando na documentação.", "--db", paths[2]])
            // The second release names its categories and the level attribute otherwise.
            let categories = try Self.json(try cli.succeed(["codebook", "--format", "json", "--db", paths[1]]))
            let names = (categories["categories"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            // A category spelled with accents, renamed without them and in capitals.
            if let first = names.first(where: { $0 != Self.unaccented($0) }) ?? names.first {
                try cli.succeed(["category", "set", first, "--rename", Self.unaccented(first).uppercased(), "--db", paths[1]])
            }
            self.paths = paths
        }

        static func json(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        static func unaccented(_ text: String) -> String { text.folding(options: .diacriticInsensitive, locale: nil) }
    }

    func json(_ text: String) throws -> [String: Any] { try Releases.json(text) }

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The reference: Python's sqlite3 reads each study (read-only) with its own SQL — every coded excerpt once, every
    /// memo, annotation and open answer — indexes the texts in FTS5 with the same tokenizer and runs the query.
    static let reference = #"""
    import json, sqlite3, sys
    query, paths = sys.argv[1], sys.argv[2:]
    hits = []
    for path in paths:
        study = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
        texts = [("quote", i, None, t) for i, t in db.execute("SELECT DISTINCT e.id, e.text FROM excerpt e JOIN code k ON k.excerpt_id = e.id")]
        texts += [("memo", i, None, t) for i, t in db.execute("SELECT id, text FROM memo")]
        texts += [("annotation", i, None, t) for i, t in db.execute("SELECT id, text FROM annotation")]
        texts += [("answer", i, n, t) for i, n, t in db.execute(
            "SELECT r.id, CAST(a.key AS INTEGER), json_extract(a.value, '$.t') FROM response_set r, json_each(r.answers) a "
            "WHERE a.type = 'object' AND json_type(a.value, '$.t') = 'text'")]
        db.close()
        index = sqlite3.connect(":memory:")
        index.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
        index.executemany("INSERT INTO t (rowid, body) VALUES (?, ?)", [(n + 1, text[3]) for n, text in enumerate(texts)])
        for (rowid,) in index.execute("SELECT rowid FROM t WHERE t MATCH ?", (query,)):
            kind, i, item, _ = texts[rowid - 1]
            hits.append([study, kind, i, item])
    print(json.dumps(sorted(hits, key=lambda h: (h[0], h[1], h[2], h[3] or 0))))
    """#

    /// The hits of `search --json` as [study, kind, id, item], sorted as the reference sorts them.
    func ours(_ query: String, _ releases: Releases) throws -> [[String]] {
        let found = try json(try releases.cli.succeed(["search", query, "--studies"] + releases.paths + ["--json"]))
        let hits = try #require(found["hits"] as? [[String: Any]])
        return hits.map { [$0["study"] as! String, $0["kind"] as! String, String($0["id"] as! Int), ($0["item"] as? Int).map(String.init) ?? "-"] }
            .sorted { ($0[0], $0[1], Int($0[2])!, Int($0[3]) ?? 0) < ($1[0], $1[1], Int($1[2])!, Int($1[3]) ?? 0) }
    }

    @Test(.enabled(if: python != nil, "needs python3 with its sqlite3 module (FTS5)"))
    func hitsEqualPythonSQLiteOverTheSameTexts() throws {
        let releases = try Self.releases.get()
        let script = try releases.cli.write("reference.py", Self.reference)
        var compared = 0
        // Words, a word's beginning, accents folded both ways, a phrase, OR, NOT and parentheses: each also valid FTS5,
        // so Python runs the query as typed.
        for query in ["onboarding", "onboard*", "exemplo*", "dificuldade", "DIFICULDADE", "nao", "\"não sei\"", "exemplos OR documentação",
                      "exemplo* NOT documentação", "(swift OR uikit) AND exemplo*", "informaç*", "rápido"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.python!)
            process.arguments = [script, query] + releases.paths
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "the reference failed on \(query)")
            let theirs = try #require(try JSONSerialization.jsonObject(with: data) as? [[Any]]).map { row in
                [row[0] as! String, row[1] as! String, String(row[2] as! Int), (row[3] as? Int).map(String.init) ?? "-"]
            }
            let ours = try ours(query, releases)
            #expect(ours == theirs, "\(query): studyctl \(ours.count) hits, Python's sqlite3 \(theirs.count)")
            compared += theirs.count
        }
        // The queries found something in every study and every kind the studies hold.
        #expect(compared > 50, "too few hits to compare: \(compared)")
        let kinds = Set(try ours("onboarding", releases).map { $0[1] })
        #expect(kinds.isSuperset(of: ["memo", "annotation"]), "\(kinds)")
        let studies = Set(try ours("exemplo*", releases).map { $0[0] })
        #expect(studies == ["release-1", "release-2", "release-3"], "\(studies)")
    }

    /// Search, its JSON and CSV, and export quotes across the studies leave every study's bytes as they were, and
    /// write nothing beside them but SQLite's shared-memory index.
    @Test func theStudiesAreNeverWritten() throws {
        let releases = try Self.releases.get()
        func bytes() throws -> [Data] { try releases.paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } }
        let before = try bytes()
        let dumps = try releases.paths.map { try releases.cli.dump(URL(fileURLWithPath: $0).lastPathComponent) }
        try releases.cli.succeed(["search", "exemplo*", "--studies"] + releases.paths)
        try releases.cli.succeed(["search", "exemplo*", "--studies"] + releases.paths + ["--json"])
        try releases.cli.succeed(["search", "exemplo*", "--studies"] + releases.paths + ["--csv"])
        try releases.cli.succeed(["export", "quotes", "q.md", "--search", "exemplo*", "--studies"] + releases.paths)
        _ = try releases.cli.run(["search", "\"broken", "--studies"] + releases.paths)
        #expect(try bytes() == before, "a study's bytes changed")
        #expect(try releases.paths.map { try releases.cli.dump(URL(fileURLWithPath: $0).lastPathComponent) } == dumps)
        for path in releases.paths {
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }

    /// While another process holds a write transaction on a study, search reads the study as it stood (the memo
    /// being written is not there) without waiting; once committed, the next search finds it.
    @Test(.enabled(if: python != nil, "needs python3 with its sqlite3 module"))
    func aStudyBeingWrittenIsReadFromASnapshot() throws {
        let releases = try Self.releases.get()
        let writer = try releases.cli.write("writer.py", #"""
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=60)
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO memo (id, target, text, created) VALUES ((SELECT coalesce(max(id), 0) + 1000 FROM memo), 'study', 'zebrafish onboarding', '2026-11-29T12:00:00Z')")
            print("written", flush=True)
            time.sleep(float(sys.argv[2]))
            db.execute("COMMIT")
            print("committed", flush=True)
            """#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [writer, releases.paths[2], "4"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Waits for the writer's transaction to hold the study.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("written") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        let started = Date()
        let during = try json(try releases.cli.succeed(["search", "zebrafish", "--studies"] + releases.paths + ["--json"]))
        #expect(Date().timeIntervalSince(started) < 3.5, "search waited for the writer")
        #expect((during["hits"] as? [Any])?.isEmpty == true, "an uncommitted memo was read")
        #expect(try ours("exemplo*", releases).count > 0)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let after = try json(try releases.cli.succeed(["search", "zebrafish", "--studies"] + releases.paths + ["--json"]))
        #expect((after["hits"] as? [[String: Any]])?.map { $0["study"] as? String } == ["release-3"])
        try releases.cli.succeed(["memo", "remove", String(try #require(((after["hits"] as? [[String: Any]])?.first?["id"]) as? Int)), "--db", releases.paths[2]])
    }

    @Test func badQueriesAreRefusedInTheToolsWords() throws {
        let releases = try Self.releases.get()
        for (query, says) in [("\"menu", "quotation mark at character 1 is never closed"), ("menu OR", "OR at character 6 needs words on both sides"),
                              ("NOT menu", "NOT at character 1 needs words"), ("(menu", "parenthesis at character 1 has no partner"),
                              ("menu)", "parenthesis at character 5"), ("*", "the * at character 1 follows no word"), ("\"\"", "hold nothing")] {
            let result = try releases.cli.run(["search", query, "--studies"] + releases.paths)
            #expect(result.status != 0, "\(query) was accepted")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(says), "\(query): \(result.stderr)")
            #expect(!result.stderr.contains("fts5") && !result.stderr.contains("SQLite") && !result.stderr.contains("syntax error"), "\(result.stderr)")
        }
        // A hyphen, a colon or a caret is part of a word, never FTS5's syntax.
        for query in ["e-mail", "nota:", "^menu", "menu-lateral*"] {
            try releases.cli.succeed(["search", query, "--studies"] + releases.paths)
        }
        let missing = try releases.cli.run(["search", "menu", "--studies", releases.paths[0], cli("nowhere.sqlite", releases)])
        #expect(missing.status != 0 && missing.stderr.contains("nowhere.sqlite"), "\(missing.stderr)")
    }

    func cli(_ name: String, _ releases: Releases) -> String { releases.cli.path(name) }

    /// Categories and attributes are matched by name in each study, ignoring case and accents; a table says what each
    /// name is called in each study; a name no study has is refused.
    @Test func namesAreMatchedAcrossStudies() throws {
        let releases = try Self.releases.get()
        let codebook = try json(try releases.cli.succeed(["codebook", "--format", "json", "--db", releases.paths[0]]))
        let names = (codebook["categories"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let first = try #require(names.first(where: { $0 != Releases.unaccented($0) }) ?? names.first)
        let typed = Releases.unaccented(first).lowercased()
        let found = try json(try releases.cli.succeed(["search", "a*", "--studies"] + releases.paths + ["--category", typed, "--json"]))
        let matches = try #require(found["matches"] as? [[String: Any]])
        #expect(matches.first?["kind"] as? String == "category")
        let spelled = matches.first?["found"] as? [String?]
        #expect(spelled == [first, Releases.unaccented(first).uppercased(), first], "\(String(describing: spelled))")
        let hits = try #require(found["hits"] as? [[String: Any]])
        #expect(!hits.isEmpty)
        #expect(Set(hits.compactMap { $0["study"] as? String }) == ["release-1", "release-2", "release-3"])
        for hit in hits {
            let categories = (hit["categories"] as? [String] ?? []).map { Releases.unaccented($0).lowercased() }
            #expect(categories.contains(typed), "\(hit)")
        }
        let text = try releases.cli.succeed(["search", "a*", "--studies"] + releases.paths + ["--category", typed])
        #expect(text.contains("Names matched in each study"), "\(text)")
        #expect(text.contains(Releases.unaccented(first).uppercased()), "\(text)")
        let refused = try releases.cli.run(["search", "a*", "--studies"] + releases.paths + ["--category", "Nenhuma categoria assim"])
        #expect(refused.status != 0 && refused.stderr.contains("no study has a category 'Nenhuma categoria assim'"), "\(refused.stderr)")
        let noAttribute = try releases.cli.run(["search", "a*", "--studies"] + releases.paths + ["--where", "altura=1"])
        #expect(noAttribute.status != 0 && noAttribute.stderr.contains("no study has a participant attribute 'altura'"), "\(noAttribute.stderr)")
    }

    /// The hits' time in the recording, participant and kind, in the table, the JSON and the CSV.
    @Test func eachHitSaysWhereItIs() throws {
        let releases = try Self.releases.get()
        let found = try json(try releases.cli.succeed(["search", "onboarding", "--studies"] + releases.paths + ["--json"]))
        #expect(found["command"] as? String == "search")
        let hits = try #require(found["hits"] as? [[String: Any]])
        let annotation = try #require(hits.first { $0["kind"] as? String == "annotation" && $0["study"] as? String == "release-1" })
        #expect(annotation["participant"] as? String == "P1")
        #expect((annotation["snippet"] as? String)?.contains("[ONBOARDING]") == true, "\(annotation)")
        #expect((annotation["snippetParts"] as? [String])?.contains("ONBOARDING") == true)
        let memo = try #require(hits.first { $0["kind"] as? String == "memo" && $0["study"] as? String == "release-2" })
        #expect(memo["participant"] is NSNull)
        let csv = try releases.cli.succeed(["search", "onboarding", "--studies"] + releases.paths + ["--csv"])
        #expect(csv.hasPrefix("study,participant,kind,id,item,categories,time_s,transcript,place,text,snippet"), "\(csv)")
        let table = try releases.cli.succeed(["search", "onboarding", "--studies"] + releases.paths)
        #expect(table.contains("release-1") && table.contains("annotation") && table.contains("[ONBOARDING]"), "\(table)")
    }

    /// A study in Portuguese: the command line speaks it (the hits' count, the table's headings, the kinds).
    @Test func portugueseOutput() throws {
        let releases = try Self.releases.get()
        let portuguese = try StudyCtl(language: nil)
        let result = try portuguese.run(["search", "onboarding", "--studies"] + releases.paths)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ocorrências de onboarding") && result.stdout.contains("anotação") && result.stdout.contains("Participante"), "\(result.stdout)")
        let english = try releases.cli.succeed(["search", "onboarding", "--studies"] + releases.paths)
        #expect(english.contains("hits for onboarding") && english.contains("Participant"), "\(english)")
        let refused = try portuguese.run(["search", "\"menu", "--studies"] + releases.paths)
        #expect(refused.stderr.contains("aspas") && refused.stderr.hasPrefix("Erro"), "\(refused.stderr)")
    }

    /// export quotes over the same selection: the quotes of every study holding the words, each participant named with
    /// their study.
    @Test func exportQuotesAcrossStudies() throws {
        let releases = try Self.releases.get()
        let found = try json(try releases.cli.succeed(["search", "exemplo*", "--studies"] + releases.paths + ["--json"]))
        let quotes = (found["hits"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "quote" }
        #expect(!quotes.isEmpty)
        let output = try releases.cli.succeed(["export", "quotes", "across.md", "--search", "exemplo*", "--studies"] + releases.paths + ["--force"])
        let document = try String(contentsOfFile: releases.cli.path("across.md"), encoding: .utf8)
        for study in ["release-1", "release-2", "release-3"] { #expect(document.contains("\(study)/P"), "\(study) missing") }
        for hit in quotes.prefix(5) {
            let words = (hit["text"] as? String ?? "").split(separator: " ").prefix(4).joined(separator: " ")
            #expect(document.contains(words), "\(words) not quoted")
        }
        #expect(output.contains("Wrote"), "\(output)")
        let refused = try releases.cli.run(["export", "quotes", "x.md", "--studies"] + releases.paths + ["--pseudonymise"])
        #expect(refused.status != 0 && refused.stderr.contains("one study at a time"), "\(refused.stderr)")
    }

    static let curl: String? = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `serve --studies` naming the served study itself and another: the Across tab's search reads both, and what the
    /// page codes and undoes afterwards is seen by another process at once (a second connection to the served file,
    /// opened and closed in the server, once left the workspace writing into a log no other process read).
    @Test(.enabled(if: curl != nil, "needs curl"))
    func theWorkspaceSearchesItsOwnStudyAndOthersWhileItWrites() throws {
        let releases = try Self.releases.get()
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Served", "--language", "en"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["category", "add", "Cat", "--origin", "emergent"])
        try cli.write("t.txt", "P1: alpha beta gamma\n")
        try cli.succeed(["transcript", "add", "P1", "t.txt"])
        let process = Process()
        process.executableURL = StudyCtl.binary
        process.arguments = ["serve", "--port", "0", "--db", cli.path("study.sqlite"), "--studies", cli.path("study.sqlite"), releases.paths[0]]
        process.currentDirectoryURL = cli.folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var printed = ""
        while !printed.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let match = try #require(printed.firstMatch(of: try Regex(#"(http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{32})"#)))
        let base = String(try #require(match.output[1].substring)), token = String(try #require(match.output[2].substring))
        func call(_ path: String, post body: String? = nil) throws -> [String: Any] {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: Self.curl!)
            curl.arguments = ["-s", "-H", "X-Studyctl-Token: \(token)", "-H", "Origin: \(base)"]
                + (body.map { ["-H", "Content-Type: application/json", "-X", "POST", "-d", $0] } ?? []) + [base + path]
            let out = Pipe()
            curl.standardOutput = out
            try curl.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            return try json(String(decoding: data, as: UTF8.self))
        }
        let studies = (try call("/api/across/studies")["studies"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(studies == ["study", "release-1"], "\(studies)")
        let found = try call("/api/across/search?q=exemplo*")
        #expect(((found["hits"] as? [[String: Any]]) ?? []).contains { $0["study"] as? String == "release-1" }, "\(found)")
        let bad = try call("/api/across/search?q=%22menu")
        #expect((bad["error"] as? String)?.contains("never closed") == true, "\(bad)")
        _ = try call("/api/codings", post: #"{"participant":"P1","start":4,"end":9,"excerpt":"alpha","code":"alpha","category":"Cat","coder":"dora","page":"pg"}"#)
        #expect(try cli.succeed(["code", "list", "--coder", "dora"]).contains("alpha"))
        let served = try call("/api/across/search?q=alpha")
        #expect((served["hits"] as? [[String: Any]])?.map { $0["study"] as? String } == ["study"], "\(served)")
        _ = try call("/api/undo", post: #"{"coder":"dora","page":"pg"}"#)
        #expect(try cli.succeed(["code", "list", "--coder", "dora"]).contains("No codes"), "the undo was not seen by another process")
    }
}
