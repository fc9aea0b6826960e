import Foundation
import Testing

/// What reached the tool from outside its tests and crashed it or changed what was typed: each case fails on the
/// build before its fix.
@Suite struct TrustTests {
    func study(_ language: String = "en") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Confiança", "--language", language])
        return cli
    }

    // MARK: - One name however its accents were typed

    /// `experie\u{302}ncia` in a file's header and `experiência` typed later are one attribute (it was two, and
    /// `participant list` died on "Duplicate values for key").
    @Test func decomposedAndComposedNamesAreOneAttribute() throws {
        let cli = try study("pt-BR")
        try cli.write("p.csv", "code,experie\u{302}ncia\nP1,3\nP2,4\n")
        try cli.succeed(["participant", "import", "p.csv"])
        try cli.succeed(["participant", "set", "P1", "experi\u{EA}ncia=5"])
        let list = try cli.succeed(["participant", "list"])
        #expect(list.components(separatedBy: "experiência").count == 2, "one column: \(list)")
        #expect(try cli.dump("study.sqlite").contains("experi\u{EA}ncia"))
        // Bytes, not Characters: Swift's String.contains matches "ê" to a decomposed "e\u{302}".
        #expect(Data(try cli.dump("study.sqlite").utf8).range(of: Data("e\u{302}".utf8)) == nil)
        // Names are found however their accents are typed: a condition and level typed decomposed.
        try cli.succeed(["task", "add", "T1", "--title", "Tarefa"])
        try cli.succeed(["condition", "add", "posição", "--levels", "mão,mesa"])
        try cli.succeed(["attempt", "add", "P1", "T1", "--condition", "posic\u{327}a\u{303}o=ma\u{303}o", "--time", "30"])
        #expect(try cli.succeed(["attempt", "list"]).contains("mão"))
        try cli.readsSucceed()
    }

    /// Two columns of a participants file that are one attribute (case, or accents typed two ways) are refused at
    /// the second's position, with the rest of the file's problems.
    @Test func headerColumnsThatAreOneName() throws {
        let cli = try study()
        try cli.write("p.csv", "code,experiência,EXPERIÊNCIA,nível\nP1,1,2,\nP 2,1,2,a\n")
        let result = try cli.fail(["participant", "import", "p.csv"])
        #expect(result.stderr.contains("p.csv:1:18: column name 'EXPERIÊNCIA' is the same attribute as column 'experiência' at p.csv:1:6"), "\(result.stderr)")
        #expect(result.stderr.contains("p.csv:3:1: participant code 'P 2': a participant code cannot contain spaces"))
        // Accents typed two ways are one name to the file reader already.
        try cli.write("q.csv", "code,experiência,experie\u{302}ncia\nP1,1,2\n")
        #expect(try cli.fail(["participant", "import", "q.csv"]).stderr.contains("q.csv:1:18: the header names column 'experiência' twice (first at column 6)"))
    }

    /// A study written before names were composed, holding one attribute spelled two ways, is repaired on open
    /// when the values agree, and refused with the names and the study unchanged when they do not.
    @Test func upgradeJoinsOrRefusesTwoSpellings() throws {
        let cli = try study()
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["participant", "add", "P2"])
        try cli.succeed(["participant", "set", "P1", "experi\u{EA}ncia=3"])
        func olderStudy(_ name: String, values: [(Int, Int)]) throws {
            try FileManager.default.copyItem(atPath: cli.path("study.sqlite"), toPath: cli.path(name))
            let inserts = values.map { "INSERT INTO participant_attribute (participant_id, name, number_value) VALUES (\($0.0), 'experie\u{302}ncia', \($0.1));" }
            try sqlite(cli.path(name), """
                INSERT INTO attribute (name, type, position) VALUES ('experie\u{302}ncia', 'number', 9);
                \(inserts.joined(separator: "\n"))
                INSERT INTO participant (code, created, skeleton) VALUES ('Pe\u{301}', '2026-01-01T00:00:00Z', 'pe\u{301}');
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v11%';
                PRAGMA user_version = 10;
                """)
        }
        try olderStudy("agree.sqlite", values: [(2, 4), (1, 3)])
        let list = try cli.succeed(["participant", "list", "--db", "agree.sqlite"])
        #expect(list.contains("P2") && list.components(separatedBy: "experiência").count == 2, "\(list)")
        #expect(try cli.dump("agree.sqlite").contains("'P\u{E9}'"))
        try olderStudy("clash.sqlite", values: [(1, 9)])
        let before = try cli.dump("clash.sqlite")
        let refused = try cli.run(["participant", "list", "--db", "clash.sqlite"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("one attribute spelled 2 ways") && refused.stderr.contains("participants P1 have different values"), "\(refused.stderr)")
        #expect(try cli.dump("clash.sqlite") == before)
    }

    /// Another program writes a decomposed duplicate of a name past the door: `check` names it (it said the file
    /// was sound), and the reads that crashed on it work.
    @Test func checkFindsNamesWrittenPastTheDoor() throws {
        let cli = try study()
        try cli.succeed(["participant", "add", "P1", "--attr", "experi\u{EA}ncia=3"])
        try sqlite(cli.path("study.sqlite"), """
            INSERT INTO attribute (name, type, position) VALUES ('experie\u{302}ncia', 'number', 9);
            INSERT INTO participant_attribute (participant_id, name, number_value) VALUES (1, 'experie\u{302}ncia', 4);
            """)
        let check = try cli.run(["check"])
        #expect(check.status != 0)
        #expect(check.stdout.contains("names: attribute 'experie\u{302}ncia' is stored decomposed"), "\(check.stdout)")
        #expect(check.stdout.contains("are one name spelled two ways"))
        for command in [["participant", "list"], ["participant", "list", "--json"], ["participant", "show", "P1"], ["status"],
                        ["report", "-o", "r"], ["export", "xlsx", "x.xlsx"], ["export", "csv", "c"], ["export", "qdpx", "p.qdpx"]] {
            let result = try cli.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        // Not damage: writes go on.
        try cli.succeed(["participant", "add", "P2"])
    }

    // MARK: - Crashes

    /// NASA-TLX weighted without weights has no score in any group: `score --by --compare` died on `described.last!`.
    @Test func scoreByWithNoScoredGroup() throws {
        let cli = try study()
        try cli.succeed(["task", "add", "T1", "--title", "T"])
        for (code, level, answers) in [("P1", "a", "10,20,30,40,50,60,,,,,,"), ("P2", "b", "15,25,35,45,55,65,,,,,,")] {
            try cli.succeed(["participant", "add", code, "--attr", "level=\(level)"])
            try cli.succeed(["respond", code, "nasa-tlx", "--task", "T1", "--answers", answers])
        }
        let output = try cli.succeed(["score", "nasa-tlx", "--by", "level", "--compare"])
        #expect(output.contains("Weighted TLX: fewer than two groups with scores: no comparison."), "\(output)")
        try cli.succeed(["score", "nasa-tlx", "--by", "level", "--compare", "--json"])
    }

    // MARK: - Limits in code points, in the tool's words

    @Test func limitsAreTheToolsNotSQLites() throws {
        let cli = try study()
        try cli.succeed(["participant", "add", "P1"])
        let long = String(repeating: "c", count: 65)
        let condition = try cli.fail(["condition", "add", long, "--levels", "a,b"])
        #expect(condition.stderr.contains("a condition name has at most 64 characters (it has 65 code points)"), "\(condition.stderr)")
        try cli.write("wide.csv", "code,\(String(repeating: "a", count: 65))\nP2,1\n")
        let header = try cli.fail(["participant", "import", "wide.csv"])
        #expect(header.stderr.contains("wide.csv:1:6: column name"), "\(header.stderr)")
        #expect(header.stderr.contains("at most 64 characters (it has 65 code points)"))
        // 64 decomposed letters compose to 64 code points: accepted; the same with one more is refused.
        try cli.succeed(["participant", "set", "P1", String(repeating: "e\u{301}", count: 64) + "=1"])
        let over = try cli.fail(["participant", "set", "P1", String(repeating: "e\u{301}", count: 65) + "=1"])
        #expect(over.stderr.contains("(it has 65 code points)"))
        try cli.succeed(["task", "add", String(repeating: "t", count: 64), "--title", "T"])
        #expect(try cli.fail(["task", "add", String(repeating: "t", count: 65), "--title", "T"]).stderr.contains("a task key has at most 64 characters"))
        try cli.succeed(["category", "add", String(repeating: "k", count: 200), "--origin", "emergent"])
        #expect(try cli.fail(["category", "add", String(repeating: "k", count: 201), "--origin", "emergent"]).stderr.contains("a category name has at most 200 characters"))
        for result in [condition, header, over] {
            #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("CHECK"))
        }
        try cli.readsSucceed()
    }

    // MARK: - What the participant said

    /// `--excerpt "sao parecidas"` on a transcript that says "são parecidas" stores the transcript's words.
    @Test func excerptIsStoredAsTheParticipantSaidIt() throws {
        let cli = try study("pt-BR")
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("p1.txt", "Entrevistador: e as telas?\nP1: As telas são parecidas demais, eu me perco.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["category", "add", "Consistência", "--origin", "emergent"])
        let added = try cli.succeed(["code", "add", "P1", "--code", "sao parecidas", "--excerpt", "As telas sao parecidas demais", "--category", "Consistência"])
        _ = added
        let dump = try cli.dump("study.sqlite")
        #expect(dump.contains("'As telas são parecidas demais'"), "excerpt verbatim")
        #expect(dump.contains("'são parecidas'"), "in-vivo code verbatim")
        #expect(!dump.contains("sao parecidas"))
        // Words the transcript does not have are refused with the closest passage.
        let refused = try cli.fail(["code", "add", "P1", "--code", "telas", "--excerpt", "As telas são bonitas e claras", "--category", "Consistência"])
        #expect(refused.stderr.contains("closest passage"), "\(refused.stderr)")
    }

    // MARK: - Gaze decided from the data

    /// A Tobii Studio raw export keeps the fixation columns but leaves them empty ("Unclassified"): the I-VT filter
    /// classifies it, says so and records it; with no gaze points either, the import is refused.
    @Test func rawExportWithEmptyFixationColumns() throws {
        let cli = try study()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.path("scripts/gaze-synthetic.py"), cli.path("gz"), "--participants", "1", "--seconds", "10"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let original = try String(contentsOfFile: cli.path("gz/studio/P1.tsv"), encoding: .utf8)
        func blanking(_ prefixes: [String]) -> String {
            // Tobii writes CRLF, one Character in Swift: split on the string.
            let ending = original.contains("\r\n") ? "\r\n" : "\n"
            var lines = original.components(separatedBy: ending).map { $0.components(separatedBy: "\t") }
            let header = lines[0]
            let columns = header.indices.filter { index in prefixes.contains { header[index].hasPrefix($0) } }
            for row in lines.indices.dropFirst() where lines[row].count == header.count {
                for column in columns { lines[row][column] = header[column] == "GazeEventType" ? "Unclassified" : "" }
            }
            return lines.map { $0.joined(separator: "\t") }.joined(separator: ending)
        }
        let fixationColumns = ["GazeEventType", "FixationIndex", "GazeEventDuration", "FixationPointX", "FixationPointY"]
        try cli.write("raw.tsv", blanking(fixationColumns))
        try cli.write("neither.tsv", blanking(fixationColumns + ["GazePointX", "GazePointY"]))
        let refused = try cli.fail(["gaze", "import", "neither.tsv", "--add-participants"])
        #expect(refused.stderr.contains("has neither fixations (its fixation columns are empty) nor gaze points"), "\(refused.stderr)")
        let output = try cli.succeed(["gaze", "import", "raw.tsv", "--add-participants"])
        #expect(output.contains("Fixations: studyctl I-VT (Olsen 2012)"), "\(output)")
        #expect(!output.contains(" 0 fixations"), "\(output)")
        #expect(try cli.dump("study.sqlite").contains("studyctl I-VT (Olsen 2012)"))
    }

    // MARK: - Every write has its inverse

    @Test func everyWriteHasItsInverse() throws {
        let cli = try study()
        try cli.succeed(["participant", "add", "P1", "--attr", "anos=2"])
        try cli.succeed(["participant", "derive", "nivel", "--from", "anos", "--rule", "<1,5:Iniciante,*:Experiente"])
        try cli.succeed(["task", "add", "T1", "--title", "T"])
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,2,5,1,4,2,5,1,4,2"])
        try cli.succeed(["attempt", "add", "P1", "T1", "--time", "30"])
        try cli.succeed(["attempt", "add", "P1", "T1", "--time", "20"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Telas", "--origin", "emergent", "--theme", "Navegação"])
        try cli.succeed(["code", "add", "P1", "--code", "me perdi", "--excerpt", "eu me perdi no menu", "--category", "Navegação"])

        #expect(try cli.succeed(["responses", "remove", "P1", "sus"]) == "Removed P1's sus answers: 1 response set, 10 answers\n")
        #expect(try cli.fail(["responses", "remove", "P1", "sus"]).stderr.contains("participant P1: has no sus answers to remove"))
        #expect(try cli.fail(["responses", "remove", "P1", "nope"]).stderr.contains("No instrument 'nope'. Instruments: csuq, nasa-tlx"))
        #expect(try cli.succeed(["attempt", "remove", "P1", "T1", "--trial", "2"]) == "Removed P1's attempts at T1: 1 attempt\n")
        #expect(try cli.succeed(["attempt", "remove", "P1", "T1"]) == "Removed P1's attempts at T1: 1 attempt\n")
        let used = try cli.fail(["category", "remove", "Navegação"])
        #expect(used.stderr.contains("category Navegação: is used by 1 code, 1 sub-theme; nothing was removed"), "\(used.stderr)")
        #expect(try cli.succeed(["category", "remove", "Navegação", "--cascade"])
                == "Removed category Navegação with 1 category link, 1 code, 1 excerpt, 1 sub-theme\n")
        #expect(try cli.succeed(["category", "remove", "Telas"]) == "Removed category Telas\n")
        try cli.succeed(["category", "add", "Telas", "--origin", "emergent"])
        let stored = try cli.succeed(["code", "add", "P1", "--code", "menu", "--excerpt", "o menu", "--category", "Telas"])
        let id = try #require(stored.split(separator: " ").dropFirst(2).first.map(String.init), "\(stored)")
        #expect(try cli.succeed(["code", "remove", id]).hasPrefix("Removed code \(id) of P1: \"menu\""))
        #expect(try cli.fail(["code", "remove", id]).stderr.contains("No code \(id) in the study."))
        #expect(try cli.succeed(["participant", "attribute", "remove", "anos"]) == "Removed attribute anos with 1 value\nNo longer derived (values kept): nivel\n")
        #expect(try cli.succeed(["participant", "list"]).contains("Experiente"))
        // The older form still marks an attribute identifying.
        try cli.succeed(["participant", "attribute", "nivel", "--identifying"])
        // A workbook is not replaced unless asked.
        try cli.succeed(["export", "xlsx", "w.xlsx"])
        let again = try cli.run(["export", "xlsx", "w.xlsx"])
        #expect(again.status != 0 && again.stderr.contains("w.xlsx already exists; nothing was written. Rerun with --force"))
        try cli.succeed(["export", "xlsx", "w.xlsx", "--force"])
        try cli.readsSucceed()
    }

    // MARK: - Brazilian forms

    /// A Google Forms export with another common Brazilian SUS wording (not the one studyctl ships), a question
    /// with a comma named in quotes in --map, a rule with a decimal comma and --db before the subcommand.
    @Test func brazilianFormsImport() throws {
        let cli = try study("pt-BR")
        let wording = [
            "Eu acho que gostaria de usar esse sistema frequentemente", "Eu acho o sistema desnecessariamente complexo",
            "Eu achei o sistema fácil de usar", "Eu acho que precisaria de ajuda de um técnico para conseguir usar o sistema",
            "Eu acho que as várias funcionalidades do sistema estão muito bem integradas", "Eu acho que o sistema apresenta muitas inconsistências",
            "Eu imagino que a maioria das pessoas aprenderia a usar esse sistema rapidamente", "Eu achei o sistema muito complicado de usar",
            "Eu me senti muito confiante ao usar o sistema", "Eu precisei aprender muitas coisas antes de conseguir usar o sistema",
        ]
        var csv = "Carimbo de data/hora,Código,Anos de experiência," + wording.map { "\"\($0)\"" }.joined(separator: ",") + "\n"
        csv += "2026/05/02 10:00:00,P1,\"1,2\",4,2,5,1,4,2,5,1,4,2\n2026/05/02 10:05:00,P2,\"4,5\",3,3,3,3,3,3,3,3,3,3\n"
        try cli.write("forms.csv", csv)
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["participant", "add", "P2"])
        let imported = try cli.succeed(["responses", "import", "forms.csv", "--instrument", "sus", "--participant-column", "Código"])
        #expect(imported.contains("similarity"), "\(imported)")
        #expect(imported.contains("8 ← 'Eu achei o sistema muito complicado de usar'"), "\(imported)")
        #expect(try cli.succeed(["score", "sus"]).contains("85"))

        // --map with a quoted column name that has a comma.
        try cli.write("one.csv", "Código,\"Achei o sistema, no geral, fácil de usar\"\nP1,5\n")
        try cli.succeed(["instrument", "list"])
        let seq = try cli.run(["responses", "import", "one.csv", "--instrument", "umux-lite", "--participant-column", "Código",
                               "--map", "1=\"Achei o sistema, no geral, fácil de usar\",2=\"Achei o sistema, no geral, fácil de usar\""])
        #expect(!seq.stderr.contains("Please write --map"), "\(seq.stderr)")

        // A rule with decimal commas, and --db before the subcommand.
        try cli.succeed(["participant", "set", "P1", "anos=1,2"])
        try cli.succeed(["participant", "set", "P2", "anos=4,5"])
        try FileManager.default.moveItem(atPath: cli.path("study.sqlite"), toPath: cli.path("forms.sqlite"))
        let derived = try cli.succeed(["--db", "forms.sqlite", "participant", "derive", "nivel", "--from", "anos", "--rule", "<1,5:Iniciante,<=3:Intermediário,>3:Avançado"])
        #expect(derived.contains("Iniciante") && derived.contains("Avançado"), "\(derived)")
        #expect(try cli.succeed(["--db=forms.sqlite", "participant", "list"]).contains("Iniciante"))
    }

    /// Three independent Brazilian wordings of the SUS — the one most reprinted (Tenório et al., 2011), an
    /// adaptation for an app, and a free rewording for a site — each with the form's columns out of the items'
    /// order: every item is found by its text or its similarity (never by position, which would score another
    /// item's answer), and the score is the one of the answers in the items' order.
    @Test(arguments: [0, 1, 2])
    func brazilianWordingsInAnyOrderAreMatched(_ translation: Int) throws {
        let wordings = [
            ["Eu acho que gostaria de usar esse sistema com frequência.", "Eu acho o sistema desnecessariamente complexo.", "Eu achei o sistema fácil de usar.",
             "Eu acho que precisaria de ajuda de uma pessoa com conhecimentos técnicos para usar o sistema.",
             "Eu acho que as várias funções do sistema estão muito bem integradas.", "Eu acho que o sistema apresenta muita inconsistência.",
             "Eu imagino que as pessoas aprenderão como usar esse sistema rapidamente.", "Eu achei o sistema atrapalhado de usar.",
             "Eu me senti confiante ao usar o sistema.", "Eu precisei aprender várias coisas novas antes de conseguir usar o sistema."],
            ["Acho que gostaria de usar este aplicativo com frequência", "Achei o aplicativo desnecessariamente complicado", "Achei o aplicativo fácil de usar",
             "Acho que precisaria do apoio de um técnico para conseguir usar este aplicativo", "Achei que as diversas funções deste aplicativo estavam bem integradas",
             "Achei que havia muita inconsistência neste aplicativo", "Imagino que a maioria das pessoas aprenderia a usar este aplicativo muito rapidamente",
             "Achei o aplicativo muito pesado de usar", "Eu me senti muito seguro usando o aplicativo", "Precisei aprender muitas coisas antes de conseguir começar a usar este aplicativo"],
            ["Eu usaria este site com frequência", "O site é mais complexo do que precisava ser", "O site é fácil de usar",
             "Eu precisaria de ajuda de um especialista técnico para usar o site", "As funções do site estão bem integradas", "O site tem muitas inconsistências",
             "A maioria das pessoas aprenderia a usar o site rapidamente", "O site é muito trabalhoso de usar", "Eu me senti confiante usando o site",
             "Tive que aprender muitas coisas antes de conseguir usar o site"],
        ][translation]
        let cli = try study("pt-BR")
        try cli.succeed(["participant", "add", "P1"])
        // The items' answers, in the items' order: SUS 85 (one scored in another item's place gives less).
        let answers = ["4", "2", "5", "1", "4", "2", "5", "1", "4", "2"]
        let order = [2, 0, 1, 3, 4, 5, 6, 7, 9, 8]
        let csv = "Carimbo de data/hora,Código," + order.map { "\"\(wordings[$0])\"" }.joined(separator: ",") + "\n"
            + "18/11/2026 17:34:56,P1," + order.map { answers[$0] }.joined(separator: ",") + "\n"
        try cli.write("forms.csv", csv)
        let imported = try cli.succeed(["responses", "import", "forms.csv", "--instrument", "sus", "--participant-column", "Código"])
        #expect(!imported.contains("by position"), "\(imported)")
        for item in 0..<10 {
            #expect(imported.contains("\(item + 1) ← '\(wordings[item])'"), "item \(item + 1): \(imported)")
        }
        #expect(try cli.succeed(["score", "sus", "--csv"]).contains("P1,,,85.0"))
    }
}

/// Runs SQL on a study with the sqlite3 program (as another program, or an older studyctl, would have written it).
func sqlite(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(sql.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on \(sql)")
}
