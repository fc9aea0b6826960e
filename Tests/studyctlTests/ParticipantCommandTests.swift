import Foundation
import Testing

@Suite struct InitAndStatusTests {
    @Test func helpReadsWell() throws {
        let cli = try StudyCtl()
        let help = try cli.succeed(["--help"])
        #expect(help.contains("USAGE: studyctl <subcommand>"))
        for command in ["init", "status", "participant"] { #expect(help.contains("  \(command) ")) }
        let participant = try cli.succeed(["participant", "--help"])
        for command in ["add", "import", "list", "show", "set", "derive", "remove"] {
            #expect(participant.contains("  \(command) "), "participant \(command) is listed")
            let sub = try cli.succeed(["participant", command, "--help"])
            #expect(sub.hasPrefix("OVERVIEW: "), "participant \(command) --help has an overview")
            #expect(sub.contains("--db <path>"))
        }
        #expect(try cli.succeed(["init", "--help"]).contains("--language <language>"))
        #expect(try cli.succeed(["init", "--help"]).contains("pt-BR, en; default: en"))
    }

    @Test func initCreatesAndRefusesToOverwrite() throws {
        let cli = try StudyCtl()
        let created = try cli.succeed(["init", "--title", "Avaliação do UITracking", "--language", "pt-BR"])
        #expect(created == "Created study \"Avaliação do UITracking\" (pt-BR) in study.sqlite\n")
        let again = try cli.fail(["init", "--title", "Other"])
        #expect(again.stderr.contains("study.sqlite already exists; studyctl never overwrites a file"))
        let status = try cli.succeed(["status"])
        #expect(status.contains("Study:    Avaliação do UITracking"))
        #expect(status.contains("Schema:   version 16 (v1-study, v2-attempt-reported-total, v3-confusable-codes-and-ranges, v4-eye-tracking, v5-gaze-media-and-filters, v6-identifying-attributes, v7-foreign-guids, v8-answer-checks-in-store, v9-answers-per-set, v10-answers-check-without-parse, v11-names-composed, v12-moderated-sessions, v13-consensus-coders, v14-form-start-times, v15-answer-count, v16-participant-and-set-counts)"))
        #expect(status.contains("Participants           0"))
    }

    @Test func dbOptionAndEnvironmentChooseTheFile() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "A", "--db", "a.sqlite"])
        try cli.succeed(["init", "--title", "B"], environment: ["STUDYCTL_DB": "b.sqlite"])
        #expect(try cli.succeed(["status", "--db", "a.sqlite"]).contains("Study:    A"))
        #expect(try cli.succeed(["status"], environment: ["STUDYCTL_DB": "b.sqlite"]).contains("Study:    B"))
        #expect(try cli.succeed(["status", "--db", "a.sqlite"], environment: ["STUDYCTL_DB": "b.sqlite"]).contains("Study:    A"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("study.sqlite")))
    }

    @Test func statusJSON() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "T", "--language", "en"])
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json"]).utf8)) as! [String: Any]
        #expect(json["title"] as? String == "T")
        #expect(json["language"] as? String == "en")
        #expect(json["schemaVersion"] as? Int == 16)
        #expect((json["counts"] as? [String: Int])?["participants"] == 0)
    }

    @Test func refusesMissingStudyNonStudiesAndBadArguments() throws {
        let cli = try StudyCtl()
        let missing = try cli.fail(["participant", "list"])
        #expect(missing.stderr.contains("No study at study.sqlite. Create one with 'studyctl init"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("study.sqlite")), "reading never creates a study")
        try cli.write("notes.txt", "just notes")
        let notStudy = try cli.fail(["status", "--db", "notes.txt"], study: "notes.txt")
        #expect(notStudy.stderr.contains("notes.txt is not a studyctl study: it is not an SQLite database."))
        let language = try cli.fail(["init", "--title", "T", "--language", "fr"])
        #expect(language.stderr.contains("The value 'fr' is invalid for '--language <language>'"))
        let title = try cli.fail(["init", "--title", "  "])
        #expect(title.stderr.contains("Please give the study a title"))
    }

    @Test func refusesStudyFromNewerStudyctl() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "T"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", cli.path("study.sqlite"), "INSERT INTO grdb_migrations VALUES ('v2-from-the-future'); PRAGMA user_version = 99"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let result = try cli.fail(["participant", "add", "P1"])
        #expect(result.stderr.contains("was written by a newer studyctl (schema steps this version does not know: v2-from-the-future)"))
    }
}

@Suite struct ParticipantCommandTests {
    /// The UITracking thesis (UFPE, 2025), Tabela 1: the published level of each participant.
    static let thesisLevels = ["P1": "Iniciante", "P2": "Iniciante", "P3": "Intermediário", "P4": "Intermediário",
                               "P5": "Intermediário", "P6": "Intermediário", "P7": "Intermediário",
                               "P8": "Intermediário", "P9": "Avançado", "P10": "Avançado"]

    func uitrackingStudy() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "UITracking", "--language", "pt-BR"])
        return cli
    }

    @Test func importsDerivesAndListsTheExampleDataset() throws {
        let cli = try uitrackingStudy()
        let imported = try cli.succeed(["participant", "import", Repository.path("datasets/uitracking/participants.csv")])
        #expect(imported.hasPrefix("Imported 10 participants with attributes years_experience (number), years_ios (number), level (text)"))
        let derived = try cli.succeed(["participant", "derive", "nivel", "--from", "years_ios",
                                       "--rule", "<2:Iniciante,<=3:Intermediário,>3:Avançado"])
        #expect(derived.contains("Iniciante                 2"))
        #expect(derived.contains("Intermediário             6"))
        #expect(derived.contains("Avançado                  2"))

        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["participant", "list", "--json"]).utf8)) as! [String: Any]
        let participants = json["participants"] as! [[String: Any]]
        #expect(participants.map { $0["code"] as! String } == (1...10).map { "P\($0)" })
        for participant in participants {
            let code = participant["code"] as! String
            let attributes = participant["attributes"] as! [String: Any]
            #expect(attributes["nivel"] as? String == Self.thesisLevels[code], "\(code)")
            #expect(attributes["level"] as? String == Self.thesisLevels[code], "\(code)")
        }
        let p9 = participants[8]["attributes"] as! [String: Any]
        #expect(p9["years_ios"] as? Double == 3.5)
        #expect(p9["years_experience"] as? Double == 10)
        let attributes = json["attributes"] as! [[String: Any]]
        #expect(attributes.last?["derivedFrom"] as? String == "years_ios")
        #expect(attributes.last?["rule"] as? String == "<2:Iniciante,<=3:Intermediário,>3:Avançado")

        let table = try cli.succeed(["participant", "list"])
        #expect(table.contains("P9                         10        3.5  Avançado       Avançado"))
        #expect(table.hasSuffix("10 participants\n"))
    }

    @Test func addShowSetAndRemove() throws {
        let cli = try uitrackingStudy()
        try cli.succeed(["participant", "add", "P1", "--attr", "years_ios=0,5", "--attr", "occupation=Eng. de Software"])
        let shown = try cli.succeed(["participant", "show", "p1"])
        #expect(shown.contains("years_ios   0.5"))
        #expect(shown.contains("occupation  Eng. de Software"))
        #expect(shown.contains("nothing attached yet"))
        try cli.succeed(["participant", "set", "P1", "years_ios=2", "--unset", "occupation"])
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["participant", "show", "P1", "--json"]).utf8)) as! [String: Any]
        #expect((json["participant"] as! [String: Any])["attributes"] as? [String: Double] == ["years_ios": 2])
        #expect(try cli.succeed(["participant", "remove", "P1"]) == "Removed participant P1\n")
        #expect(try cli.succeed(["participant", "list"]).hasPrefix("No participants yet."))
    }

    @Test func badInputFailsClearlyAndChangesNothing() throws {
        let cli = try uitrackingStudy()
        try cli.succeed(["participant", "add", "P1", "--attr", "years_ios=1"])

        #expect(try cli.fail(["participant", "add", "P1"]).stderr.contains("Participant P1 already exists."))
        #expect(try cli.fail(["participant", "show", "P7"]).stderr.contains("No participant P7 in this study. Participants: P1."))
        #expect(try cli.fail(["participant", "set", "P7", "a=b"]).stderr.contains("No participant P7"))
        #expect(try cli.fail(["participant", "remove", "P7"]).stderr.contains("No participant P7"))
        #expect(try cli.fail(["participant", "set", "P1", "years_ios=muitos"]).stderr
            .contains("Participant P1: attribute 'years_ios' holds number values in this study; 'muitos' is not a number."))
        #expect(try cli.fail(["participant", "set", "P1"]).stderr.contains("Please give at least one key=value"))
        #expect(try cli.fail(["participant", "derive", "level", "--from", "years_ios", "--rule", "<2Iniciante"]).stderr
            .contains("Please correct the rule: rule clause 1 '<2Iniciante': expected CONDITION:LABEL"))

        let missing = try cli.fail(["participant", "import", "nowhere.csv"])
        #expect(missing.stderr.contains("nowhere.csv: cannot read the file: no such file"))

        try cli.write("unterminated.csv", "code,note\nP2,ok\nP3,\"never closed\nP4,x\n")
        #expect(try cli.fail(["participant", "import", "unterminated.csv"]).stderr
            .contains("unterminated.csv:3:4: a quoted field starts here and is never closed"))

        try cli.write("latin1.csv", Data("code,level\nP2,Intermedi".utf8) + Data([0xE1]) + Data("rio\n".utf8))
        #expect(try cli.fail(["participant", "import", "latin1.csv"]).stderr
            .contains("latin1.csv:2:13: the file is not valid UTF-8 (byte 0xE1"))

        try cli.write("dupes.csv", "code;years_ios\nP2;1\nP2;2\nP1;3\nP5;três\n")
        let dupes = try cli.fail(["participant", "import", "dupes.csv"]).stderr
        #expect(dupes.contains("dupes.csv:3:1: participant P2 appears twice (first on line 2)"))
        #expect(dupes.contains("dupes.csv:4:1: participant P1 is already in the study; rerun with --update"))
        #expect(dupes.contains("dupes.csv:5:4: attribute 'years_ios' holds numbers in this study; 'três' is not a number"))
        #expect(dupes.contains("3 problems; nothing was stored."))

        try cli.write("short.csv", "code,a,b\nP2,1\n")
        #expect(try cli.fail(["participant", "import", "short.csv"]).stderr
            .contains("short.csv:2:5: this row has 2 fields but the header has 3"))
        try cli.write("empty.csv", "")
        #expect(try cli.fail(["participant", "import", "empty.csv"]).stderr.contains("empty.csv: the file is empty"))
    }

    @Test func removeRefusesAttachedDataUnlessCascade() throws {
        let cli = try uitrackingStudy()
        try cli.succeed(["participant", "add", "P1"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", cli.path("study.sqlite"),
                            "INSERT INTO excerpt (participant_id, text, created) VALUES (1, 'senti falta de exemplos', 'now')"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let refused = try cli.fail(["participant", "remove", "P1"])
        #expect(refused.stderr.contains("Participant P1 has 1 coded excerpt; nothing was removed. Rerun with --cascade"))
        #expect(try cli.succeed(["participant", "remove", "P1", "--cascade"]) == "Removed participant P1 with 1 coded excerpt\n")
    }

    @Test func importsSemicolonBOMAndCRLFFromBrazilianExcel() throws {
        let cli = try uitrackingStudy()
        let bom = Data([0xEF, 0xBB, 0xBF])
        try cli.write("excel.csv", bom + Data("Código;Experiência Swift;Ocupação\r\nP1;4,5;\"Eng. de Software;\r\nSênior\"\r\nP2;0,5;Líder Técnico\r\n".utf8))
        #expect(try cli.succeed(["participant", "import", "excel.csv"])
            .hasPrefix("Imported 2 participants with attributes Experiência Swift (number), Ocupação (text)"))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["participant", "list", "--json"]).utf8)) as! [String: Any]
        let first = (json["participants"] as! [[String: Any]])[0]["attributes"] as! [String: Any]
        #expect(first["Experiência Swift"] as? Double == 4.5)
        #expect(first["Ocupação"] as? String == "Eng. de Software;\nSênior")
    }

    /// Two studyctl processes writing the same study at once both succeed.
    @Test func twoProcessesWritingAtOnceBothSucceed() throws {
        let cli = try uitrackingStudy()
        // Two shells, each adding 25 participants one command at a time, started together.
        let shells = try (0..<2).map { writer -> (Process, URL) in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "for i in $(seq 1 25); do \"\(StudyCtl.binary.path)\" participant add W\(writer)-$i --attr n=$i >/dev/null || echo FAIL; done"]
            shell.currentDirectoryURL = cli.folder
            let outURL = cli.folder.appendingPathComponent("shell\(writer).out")
            FileManager.default.createFile(atPath: outURL.path, contents: nil)
            shell.standardOutput = try FileHandle(forWritingTo: outURL)
            shell.standardInput = FileHandle.nullDevice
            return (shell, outURL)
        }
        for (shell, _) in shells { try shell.run() }
        for (shell, outURL) in shells {
            shell.waitUntilExit()
            #expect(try String(contentsOf: outURL, encoding: .utf8).isEmpty, "no command failed")
        }
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json"]).utf8)) as! [String: Any]
        #expect((json["counts"] as? [String: Int])?["participants"] == 50)
    }
}
