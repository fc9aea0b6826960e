import Foundation
import Testing

/// REFI-QDA export and import, and merging two coders' copies, from the command line.
@Suite struct ExchangeCommandTests {
    /// A study with two participants, transcripts, a codebook with a theme, and one coder's codes.
    func study(_ cli: StudyCtl, _ name: String = "study.sqlite", coder: String) throws {
        try cli.succeed(["init", "--title", "Oficina", "--language", "pt-BR", "--db", name])
        try cli.succeed(["participant", "add", "P1", "--attr", "anos=4", "--db", name])
        try cli.succeed(["participant", "add", "P2", "--attr", "anos=1", "--db", name])
        try cli.write("p1.txt", "O menu some 😕 quando giro a cabeça.\r\nO menu é pequeno.\r\n")
        try cli.write("p2.txt", "Gostei do ícone, mas o menu some.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt", "--db", name])
        try cli.succeed(["transcript", "add", "P2", "p2.txt", "--db", name])
        try cli.succeed(["category", "add", "Interface", "--definition", "O que se vê", "--origin", "emergent", "--db", name])
        try cli.succeed(["category", "add", "Navegação", "--definition", "Onde ir", "--origin", "emergent", "--theme", "Interface", "--db", name])
        try cli.succeed(["category", "add", "Estética", "--origin", "Nielsen (1994)", "--db", name])
        if coder == "ana" {
            try cli.succeed(["code", "add", "P1", "--code", "menu some", "--excerpt", "O menu some 😕 quando giro a cabeça", "--category", "Navegação", "--coder", "ana", "--db", name])
            try cli.succeed(["code", "add", "P2", "--code", "Gostei do ícone", "--category", "Estética", "--coder", "ana", "--db", name])
        } else {
            try cli.succeed(["code", "add", "P1", "--code", "quando giro", "--excerpt", "O menu some 😕 quando giro a cabeça", "--category", "Estética", "--coder", coder, "--db", name])
            try cli.succeed(["code", "add", "P2", "--code", "Gostei do ícone", "--category", "Estética", "--coder", coder, "--db", name])
        }
    }

    /// The study that crashed `export qdpx` in the `swift build -c release` binary (a freed libxml2 document read
    /// while its nodes were freed): P2 without attributes or transcript, one category, one code with a memo on P1's
    /// transcript. `make test` runs this suite against the release binary too (STUDYCTL_BIN).
    @Test func qdpxOfAParticipantWithNothingAttached() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Estudo", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--attr", "nível=Iniciante"])
        try cli.succeed(["participant", "add", "P2"])
        try cli.write("p1.txt", "Eu achei difícil encontrar o botão de voltar.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "difícil encontrar o botão", "--code", "difícil encontrar", "--category", "Navegação", "--memo", "Procurou no topo"])
        for round in 1...3 {
            let result = try cli.run(["export", "qdpx", "a\(round).qdpx"])
            #expect(result.status == 0, "export qdpx, round \(round): status \(result.status): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("a1.qdpx"))) == Data(contentsOf: URL(fileURLWithPath: cli.path("a3.qdpx"))))
        try cli.succeed(["export", "qdc", "a.qdc"])
        let imported = try cli.succeed(["import", "qdpx", "a1.qdpx", "--db", "copy.sqlite"])
        #expect(imported.contains("2"), "\(imported)")
        #expect(try cli.succeed(["participant", "list", "--json", "--db", "copy.sqlite"]).contains("\"P2\""))
        #expect(try cli.succeed(["code", "list", "--json", "--db", "copy.sqlite"]).contains("difícil encontrar"))
    }

    @Test func qdpxRoundTripAndIdenticalBytes() throws {
        let cli = try StudyCtl()
        try study(cli, coder: "ana")
        try cli.succeed(["memo", "add", "--on", "category:Estética", "Só P2"])
        let out = try cli.succeed(["export", "qdpx", "a.qdpx"])
        #expect(out.contains("Wrote a.qdpx (REFI-QDA project)"))
        try cli.succeed(["export", "qdpx", "b.qdpx"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("a.qdpx"))) == Data(contentsOf: URL(fileURLWithPath: cli.path("b.qdpx"))))
        try cli.succeed(["export", "qdc", "a.qdc"])
        let imported = try cli.succeed(["import", "qdpx", "a.qdpx", "--db", "copy.sqlite"])
        #expect(imported.contains("Imported a.qdpx: 2 new participants, 3 categories, 2 transcripts, 2 codes, 1 memo\n"), "\(imported)")
        // The same codes, on the same spans, by the same coder; the same codebook and transcripts.
        func normalised(_ json: String) throws -> [String] {
            let codes = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["codes"] as? [[String: Any]] ?? []
            return codes.map { "\($0["participant"]!)|\($0["code"]!)|\($0["categories"]!)|\($0["coder"]!)|\($0["spanStart"]!)-\($0["spanEnd"]!)|\($0["inVivo"]!)" }.sorted()
        }
        #expect(try normalised(cli.succeed(["code", "list", "--json"])) == normalised(cli.succeed(["code", "list", "--json", "--db", "copy.sqlite"])))
        #expect(try cli.succeed(["codebook", "--format", "json"]) == cli.succeed(["codebook", "--format", "json", "--db", "copy.sqlite"]))
        #expect(try cli.succeed(["transcript", "show", "P1", "--plain"]) == cli.succeed(["transcript", "show", "P1", "--plain", "--db", "copy.sqlite"]))
        // A file that is not a project is refused, and no study is left behind.
        try cli.write("bad.qdpx", "not a zip")
        #expect(try cli.fail(["import", "qdpx", "bad.qdpx", "--db", "never.sqlite"], study: "never.sqlite").stderr.contains("is not a REFI-QDA project"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("never.sqlite")))
        // A project whose XML is cut short is refused with its position, not read as far as it goes.
        try cli.write("cut.qde.txt", "<Project xmlns=\"urn:QDA-XML:project:1.0\" name=\"x\"><Sources><TextSource")
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = ["python3", "-c", "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.write(sys.argv[2],'project.qde'); z.close()",
                         cli.path("cut.qdpx"), cli.path("cut.qde.txt")]
        try zip.run()
        zip.waitUntilExit()
        let cut = try cli.fail(["import", "qdpx", "cut.qdpx", "--db", "never.sqlite"], study: "never.sqlite")
        #expect(cut.stderr.contains("project.qde:1:") && cut.stderr.contains("the XML is not well-formed"), "\(cut.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("never.sqlite")))
    }

    /// A .qdpx cut short (an unfinished download) is refused in the tool's own words, naming the file and what is
    /// wrong, never ZIPFoundation's "ArchiveError error 13"; the study is untouched. Both languages.
    @Test(arguments: ["en", "pt-BR"])
    func aTruncatedProjectIsRefusedInPlainWords(_ language: String) throws {
        let cli = try StudyCtl(language: language)
        try study(cli, coder: "ana")
        try cli.succeed(["export", "qdpx", "whole.qdpx"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: cli.path("whole.qdpx")))
        try cli.write("cut.qdpx", whole.prefix(whole.count / 2))
        let failed = try cli.fail(["import", "qdpx", "cut.qdpx"])
        #expect(!failed.stderr.contains("ZIPFoundation") && !failed.stderr.contains("error 13"), "\(failed.stderr)")
        #expect(failed.stderr.contains(language == "en" ? "cut.qdpx begins as a ZIP file (as a .qdpx is) but cannot be opened as one"
                                       : "cut.qdpx começa como um arquivo ZIP (como um .qdpx) mas não abre como um"), "\(failed.stderr)")
        #expect(failed.stderr.contains(language == "en" ? "cut short" : "cortado"), "\(failed.stderr)")
    }

    @Test func mergingTwoCodersCopiesGivesTheAgreementOfOneStudy() throws {
        let cli = try StudyCtl()
        try study(cli, "ana.sqlite", coder: "ana")
        try study(cli, "bia.sqlite", coder: "bia")
        // The same work in one study: both coders' codes.
        try study(cli, "both.sqlite", coder: "ana")
        try cli.succeed(["code", "add", "P1", "--code", "quando giro", "--excerpt", "O menu some 😕 quando giro a cabeça", "--category", "Estética", "--coder", "bia", "--db", "both.sqlite"])
        try cli.succeed(["code", "add", "P2", "--code", "Gostei do ícone", "--category", "Estética", "--coder", "bia", "--db", "both.sqlite"])
        let dry = try cli.succeed(["merge", "bia.sqlite", "--db", "ana.sqlite", "--dry-run"])
        #expect(dry.contains("Would merge bia.sqlite: 0 new participants, 0 new categories, 0 transcripts, 2 codes, 0 memos"), "\(dry)")
        #expect(try cli.succeed(["merge", "bia.sqlite", "--db", "ana.sqlite"]).contains("Merged bia.sqlite"))
        let merged = try cli.succeed(["codes", "agreement", "--coders", "ana,bia", "--json", "--db", "ana.sqlite"])
        #expect(merged == (try cli.succeed(["codes", "agreement", "--coders", "ana,bia", "--json", "--db", "both.sqlite"])))
        // Again: nothing changes, not even the memo that records the merge.
        let memos = try cli.succeed(["memo", "list", "--db", "ana.sqlite"])
        #expect(try cli.succeed(["merge", "bia.sqlite", "--db", "ana.sqlite"]).contains("0 codes, 0 memos, 2 already here"))
        #expect(try cli.succeed(["memo", "list", "--db", "ana.sqlite"]) == memos)
        // Conflicts are listed and refused, or settled by --prefer.
        try cli.succeed(["participant", "set", "P1", "anos=5", "--db", "bia.sqlite"])
        let refused = try cli.fail(["merge", "bia.sqlite", "--db", "ana.sqlite"], study: "ana.sqlite")
        #expect(refused.stderr.contains("participant P1: anos is '4' here and '5' there"))
        #expect(refused.stderr.contains("settle these with --prefer ours or --prefer theirs"))
        #expect(try cli.succeed(["merge", "bia.sqlite", "--db", "ana.sqlite", "--prefer", "theirs"]).contains("anos is '4' here and '5' there — took theirs"))
        #expect(try cli.succeed(["participant", "show", "P1", "--db", "ana.sqlite"]).contains("5"))
    }

    @Test func pseudonymisedExportsHoldNoCodeIdentifyingAttributeOrListedName() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Oficina", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--attr", "email=maria@exemplo.br", "--attr", "anos=4"])
        try cli.succeed(["participant", "add", "P2", "--attr", "email=joao@exemplo.br", "--attr", "anos=1"])
        try cli.write("p1.txt", "Entrevistadora: Maria, como foi?\nP1: A Maria Souza do suporte disse que P2 também achou o menu confuso.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--code", "menu confuso", "--excerpt", "A Maria Souza do suporte disse que P2 também achou o menu confuso", "--category", "Navegação", "--coder", "ana"])
        try cli.succeed(["memo", "add", "--on", "participant:P1", "Maria pediu retorno por e-mail"])
        try cli.succeed(["participant", "attribute", "email", "--identifying"])
        try cli.write("nomes.txt", "Maria Souza\nMaria\n")
        let before = try cli.dump("study.sqlite")
        #expect(try cli.fail(["export", "csv", "out", "--key", "k.csv"]).stderr.contains("--key goes with --pseudonymise"))
        try cli.succeed(["export", "csv", "csv", "--pseudonymise", "--redact", "nomes.txt"])
        try cli.succeed(["export", "qdpx", "p.qdpx", "--pseudonymise", "--redact", "nomes.txt", "--key", "key.csv"])
        try cli.succeed(["report", "-o", "rel", "--pseudonymise", "--redact", "nomes.txt"])
        #expect(try cli.dump("study.sqlite") == before, "the study itself is not touched")
        // Nothing written names a participant code, an identifying value or a listed name.
        try cli.succeed(["import", "qdpx", "p.qdpx", "--db", "back.sqlite"])
        var texts: [String] = []
        for folder in ["csv", "rel"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: cli.path(folder)) where name.hasSuffix(".csv") || name.hasSuffix(".md") {
                texts.append(try String(contentsOfFile: cli.path("\(folder)/\(name)"), encoding: .utf8))
            }
        }
        let key = try String(contentsOfFile: cli.path("key.csv"), encoding: .utf8)
        let first = try #require(key.split(separator: "\n").first { $0.hasPrefix("P1,") }?.dropFirst(3))
        texts.append(try cli.succeed(["transcript", "show", String(first), "--db", "back.sqlite"]))
        texts.append(try cli.succeed(["code", "list", "--json", "--db", "back.sqlite"]))
        texts.append(try cli.succeed(["memo", "list", "--db", "back.sqlite"]))
        for text in texts {
            #expect(text.range(of: #"\bP[12]\b"#, options: .regularExpression) == nil, "\(text.prefix(300))")
            #expect(!text.contains("maria@") && !text.contains("joao@") && !text.contains("Maria"), "\(text.prefix(300))")
        }
        // The coded span still reads its (redacted) excerpt, and the key links codes to pseudonyms.
        let codes = try cli.succeed(["code", "list", "--json", "--db", "back.sqlite"])
        #expect(codes.contains("A […] do suporte disse que S"))
        #expect(key.hasPrefix("code,pseudonym\nP1,S") && key.contains("\nP2,S"))
    }

    /// Labels for people are words the study keeps too: a redacted report or workbook names nobody through an
    /// attribute's, a value's, a condition's, an occasion's label or a task's title.
    @Test func redactedOutputsMaskNamesInLabels() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Equipes", "--language", "pt-BR"])
        try cli.succeed(["condition", "add", "protótipo", "--levels", "atual,novo"])
        for (code, team) in [("P1", "a"), ("P2", "b")] {
            try cli.succeed(["participant", "add", code, "--attr", "equipe=\(team)"])
            for proto in ["atual", "novo"] {
                try cli.succeed(["respond", code, "sus", "--answers", "4,2,4,2,4,2,4,2,4,2", "--occasion", "visita", "--condition", "protótipo=\(proto)"])
            }
        }
        try cli.succeed(["participant", "attribute", "label", "equipe", "equipe de Maria", "--value", "a", "time da Maria", "--value", "b", "time do Bruno"])
        try cli.succeed(["condition", "label", "protótipo", "protótipo da Maria", "--level", "novo", "versão de Maria"])
        try cli.succeed(["occasion", "label", "visita", "visita à Maria"])
        try cli.write("nomes.txt", "Maria\n")
        let before = try cli.dump("study.sqlite")
        try cli.succeed(["report", "-o", "rel", "--by", "equipe", "--redact", "nomes.txt"])
        try cli.succeed(["export", "csv", "csv", "--redact", "nomes.txt"])
        #expect(try cli.dump("study.sqlite") == before, "the study itself is not touched")
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        #expect(!report.contains("Maria"), "\(report.components(separatedBy: "\n").filter { $0.contains("Maria") }.prefix(5))")
        // The labels are there, masked: the report reads them, not the machine names.
        #expect(report.contains("equipe de […]") && report.contains("time do Bruno"), "\(report.prefix(1500))")
    }

    /// Attribute types travel: a text attribute's 4.10 stays 4.10 through a REFI-QDA project (a Text variable) and a
    /// merge, and a numeric one stays a number.
    @Test func attributeTypesSurviveExchangeAndMerge() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Versões", "--language", "pt-BR", "--db", "a.sqlite"])
        try cli.succeed(["participant", "add", "P1", "--attr", "Release=4.2", "--attr", "anos=3", "--type", "Release=text", "--db", "a.sqlite"])
        try cli.succeed(["participant", "add", "P2", "--attr", "Release=4.10", "--attr", "anos=1.5", "--db", "a.sqlite"])
        try cli.succeed(["export", "qdpx", "a.qdpx", "--db", "a.sqlite"])
        try cli.succeed(["import", "qdpx", "a.qdpx", "--db", "back.sqlite"])
        try cli.succeed(["init", "--title", "Outra", "--language", "pt-BR", "--db", "merged.sqlite"])
        try cli.succeed(["merge", "a.sqlite", "--db", "merged.sqlite"])
        for study in ["a.sqlite", "back.sqlite", "merged.sqlite"] {
            let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["participant", "list", "--json", "--db", study]).utf8)) as! [String: Any]
            let participants = json["participants"] as! [[String: Any]]
            let values = participants.map { $0["attributes"] as! [String: Any] }
            #expect(values.map { $0["Release"] as? String } == ["4.2", "4.10"], "\(study): \(values)")
            #expect(values.map { $0["anos"] as? Double } == [3, 1.5], "\(study): \(values)")
            #expect(try cli.succeed(["check", "--db", study]).contains("ok"))
        }
    }

    /// The UITracking demo study (54 excerpts coded by two coders): the qdpx round trip gives back its codebook and
    /// codes, and each coder's copy merged into the other's gives the agreement of the study that holds both.
    @Test func uitrackingRoundTripAndMerge() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "demo"])
        let full = "demo/uitracking/uitracking.sqlite"
        try cli.succeed(["export", "qdpx", "u.qdpx", "--db", full])
        try cli.succeed(["import", "qdpx", "u.qdpx", "--db", "back.sqlite"])
        #expect(try cli.succeed(["codebook", "--format", "json", "--db", full]) == cli.succeed(["codebook", "--format", "json", "--db", "back.sqlite"]))
        func codes(_ study: String) throws -> [String] {
            let json = try cli.succeed(["code", "list", "--json", "--db", study])
            let list = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["codes"] as? [[String: Any]] ?? []
            return list.map { "\($0["participant"]!)|\($0["excerpt"]!)|\($0["code"]!)|\($0["categories"]!)|\($0["coder"]!)|\($0["spanStart"]!)|\($0["inVivo"]!)" }.sorted()
        }
        #expect(try codes(full) == codes("back.sqlite"))
        #expect(try codes(full).count == 108)
        // Participants with their attributes (the derived level with its rule), and the memos with their dates.
        #expect(try cli.succeed(["participant", "list", "--json", "--db", full]) == cli.succeed(["participant", "list", "--json", "--db", "back.sqlite"]))
        func memos(_ study: String) throws -> [String] {
            let json = try cli.succeed(["memo", "list", "--json", "--db", study])
            let list = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["memos"] as? [[String: Any]] ?? []
            return list.map { "\($0["on"]!)|\($0["text"]!)|\($0["created"]!)" }.sorted()
        }
        #expect(try memos(full) == memos("back.sqlite"))
        // Each coder's copy: the other coder's codes removed.
        for (name, drop) in [("autora.sqlite", "Revisor"), ("revisor.sqlite", "Autora")] {
            try FileManager.default.copyItem(atPath: cli.path(full), toPath: cli.path(name))
            let sql = "DELETE FROM memo WHERE code_id IN (SELECT id FROM code WHERE coder_id = (SELECT id FROM coder WHERE name = '\(drop)'));"
                + "DELETE FROM code_category WHERE code_id IN (SELECT id FROM code WHERE coder_id = (SELECT id FROM coder WHERE name = '\(drop)'));"
                + "DELETE FROM code WHERE coder_id = (SELECT id FROM coder WHERE name = '\(drop)');"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sqlite3", cli.path(name), sql]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(try cli.succeed(["merge", "revisor.sqlite", "--db", "autora.sqlite"]).contains("54 codes"))
        #expect(try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--json", "--db", "autora.sqlite"])
                == cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--json", "--db", full]))
    }

    /// Taguette's codebook as it writes it (its .qdc with an empty <Sets/>, and its CSV: tag, description, counts)
    /// comes in; studyctl's codebook CSV has the columns Taguette takes (name, description). The same files are
    /// checked against Taguette itself in scripts/exchange-test.sh.
    @Test func taguetteCodebooks() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "T"])
        try cli.write("tg.qdc", """
            <?xml version="1.0" encoding="utf-8"?>
            <CodeBook xmlns="urn:QDA-XML:codebook:1.0" origin="Taguette 1.5.2"><Codes><Code guid="A6122E82-C369-5F57-8217-537BFA5D492F" name="interface" isCodable="true"/><Code guid="164F9D83-7D1B-582A-86E8-59AE7FEC4E6F" name="navegação" isCodable="true"/></Codes><Sets/></CodeBook>
            """)
        #expect(try cli.succeed(["import", "qdc", "tg.qdc"]).hasPrefix("Imported tg.qdc: 2 categories"))
        try cli.write("tg.csv", "tag,description,number of highlights,number of documents\n\"erro, mensagem\",com vírgula,3,1\n")
        try cli.succeed(["category", "import", "tg.csv"])
        let csv = try cli.succeed(["codebook", "--format", "csv"])
        #expect(csv.hasPrefix("name,description,theme,origin,codes,participants\n"))
        #expect(csv.contains("\"erro, mensagem\",com vírgula,,emergent,0,0"))
        // A project is not a codebook, and says which command reads it.
        try cli.write("p.qdc", "<Project xmlns=\"urn:QDA-XML:project:1.0\" name=\"x\"/>")
        #expect(try cli.fail(["import", "qdc", "p.qdc"]).stderr.contains("is not a REFI-QDA codebook"))
        try cli.write("x.qdc", "not xml")
        #expect(try cli.fail(["import", "qdc", "x.qdc"]).stderr.contains("x.qdc:1:1: the XML is not well-formed (the parser stopped with error"))
        #expect(try cli.fail(["category", "import", "none.xlsx"]).stderr.contains("none.xlsx: cannot read the file: no such file"))
        try cli.write("bad.xlsx", "x")
        #expect(try cli.fail(["category", "import", "bad.xlsx"]).stderr.contains("bad.xlsx is not an Excel workbook (.xlsx is a ZIP file)"))
    }

    /// A code's memo, given with `code add --memo` and with `memo add --on code:ID`, on a code in two categories, with
    /// a category memo beside it: `export qdpx` writes a complete project (it ended in a segmentation fault while the
    /// XML tree was freed), every memo a note with its text file, and the project reads back with its memos.
    @Test func codeMemosExport() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Memos"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("p1.txt", "eu me perdi no menu\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["category", "add", "K", "--origin", "emergent"])
        try cli.succeed(["category", "add", "L", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--code", "me perdi", "--excerpt", "eu me perdi", "--category", "K", "--category", "L", "--coder", "ana", "--memo", "primeira nota"])
        try cli.succeed(["memo", "add", "--on", "code:1", "segunda nota"])
        try cli.succeed(["memo", "add", "--on", "category:K", "sobre K"])
        let result = try cli.run(["export", "qdpx", "m.qdpx"])
        #expect(result.status == 0, "\(result.stderr)")
        let listing = try cli.run(["import", "qdpx", "m.qdpx", "--db", "back.sqlite"])
        #expect(listing.status == 0 && listing.stdout.contains("1 code"), "\(listing.stdout) \(listing.stderr)")
        let memos = try cli.succeed(["memo", "list", "--db", "back.sqlite"])
        #expect(memos.contains("primeira nota") && memos.contains("segunda nota") && memos.contains("sobre K"), "\(memos)")
    }

    /// MAXQDA's code table (Code with subcodes as a path, Memo), as an Excel workbook and as CSV: every code becomes
    /// a category under its parent, parents named only in a path included, memos as definitions.
    @Test(arguments: ["maxqda-codes.xlsx", "maxqda-codes.csv"])
    func maxqdaCodeTables(_ file: String) throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "M"])
        let source = Repository.path("Tests/Fixtures/codebooks/" + file)
        #expect(try cli.succeed(["category", "import", source]).hasPrefix("Imported 5 categories"))
        #expect(try cli.succeed(["codebook", "--format", "csv"]) == """
            name,description,theme,origin,codes,participants
            Usabilidade,Facilidade de uso,,emergent,0,0
            Navegação,Onde ir,Usabilidade,emergent,0,0
            Estética,,,emergent,0,0
            Cores,,Estética,emergent,0,0
            Contraste,Texto legível,Cores,emergent,0,0

            """)
    }
}
