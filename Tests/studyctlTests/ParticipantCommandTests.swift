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
        // Every upgrade step by name, as many as the count says, the first and the labels' among them.
        let schema = try #require(status.split(separator: "\n").first { $0.hasPrefix("Schema:   ") }, "\(status)")
        let steps = try #require(schema.firstRange(of: "(").map { schema[$0.upperBound...].dropLast() }).split(separator: ", ")
        #expect(schema.hasPrefix("Schema:   \(steps.count) upgrade steps applied (v1-study, v2-attempt-reported-total,") && steps.contains("v31-labels"), "\(schema)")
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
        #expect(json["schemaVersion"] as? Int == (json["migrations"] as? [String])?.count && (json["migrations"] as? [String])?.first == "v1-study")
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

        // UTF-8 first (Avançado), then a Latin-1 byte: no one encoding reads the file (a file Latin-1 throughout is read
        // as Windows-1252: SpreadsheetImportTests).
        try cli.write("latin1.csv", Data("code,level\nP2,Avançado\nP3,Intermedi".utf8) + Data([0xE1]) + Data("rio\n".utf8))
        #expect(try cli.fail(["participant", "import", "latin1.csv"]).stderr
            .contains("latin1.csv:3:13: the file is not valid UTF-8 (byte 0xE1"))

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

    /// `participant show --json` attributes of one participant.
    static func attributes(_ cli: StudyCtl, _ code: String) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["participant", "show", code, "--json"]).utf8)) as! [String: Any]
        return (json["participant"] as! [String: Any])["attributes"] as! [String: Any]
    }

    /// A version number is not a number: `--attr Release=4.10` stays 4.10 (never equal to release 4.1), as 007 and
    /// +5 stay as typed; a numeric attribute refuses it rather than store 4.1, saying how to keep it.
    @Test func versionNumbersKeepTheirDigits() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Releases", "--language", "en"])
        try cli.succeed(["participant", "add", "P099", "--attr", "Release=4.10", "--attr", "score=2.0", "--attr", "price=1,50", "--attr", "years=0.5"])
        let p099 = try Self.attributes(cli, "P099")
        #expect(p099["Release"] as? String == "4.10")
        #expect(p099["score"] as? String == "2.0")
        #expect(p099["price"] as? String == "1,50")
        #expect(p099["years"] as? Double == 0.5)
        #expect(try cli.succeed(["participant", "show", "P099"]).contains("Release  4.10"))
        try cli.succeed(["participant", "add", "P100", "--attr", "Release=4.1"])
        #expect(try Self.attributes(cli, "P100")["Release"] as? String == "4.1", "a text attribute keeps what was typed")

        // An attribute whose first value was a number: 4.10 would be 4.1, so it is refused, and the study is as it was.
        try cli.succeed(["participant", "add", "P001", "--attr", "Build=4.1"])
        let refused = try cli.fail(["participant", "add", "P002", "--attr", "Build=4.10"]).stderr
        #expect(refused.contains("Participant P002: attribute 'Build' holds numbers in this study, and '4.10' would be stored as the number 4.1, losing what was typed."), "\(refused)")
        #expect(refused.contains("make it text first: 'studyctl participant attribute type Build text'"))
        #expect(try cli.fail(["participant", "set", "P001", "Build=4.10"]).stderr.contains("'4.10' would be stored as the number 4.1"))
        #expect(try cli.fail(["participant", "set", "P001", "Build=007"]).stderr.contains("'007' would be stored as the number 7"))
        #expect(try cli.succeed(["participant", "attribute", "type", "Build", "text"]) == "Build now holds text, each value as it was shown (values converted: 1)\n")
        try cli.succeed(["participant", "add", "P002", "--attr", "Build=4.10"])
        #expect(try Self.attributes(cli, "P001")["Build"] as? String == "4.1")
        #expect(try Self.attributes(cli, "P002")["Build"] as? String == "4.10")
        let table = try cli.succeed(["participant", "list"]).split(separator: "\n")
        #expect(table.contains { $0.hasPrefix("P001") && $0.hasSuffix(" 4.1") } && table.contains { $0.hasPrefix("P002") && $0.hasSuffix(" 4.10") }, "\(table)")
        #expect(try cli.succeed(["check"]).contains("ok"))
    }

    /// Declaring a type: `participant attribute type`, or `--type` where values are given. A numeric attribute
    /// declared so reads 1.50 as 1.5; changing a type converts losslessly or refuses, changing nothing.
    @Test func attributeTypesAreDeclaredAndChangedLosslessly() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Tipos", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--type", "hours=number", "--attr", "hours=1.50", "--type", "code=text", "--attr", "code=42"])
        var p1 = try Self.attributes(cli, "P1")
        #expect(p1["hours"] as? Double == 1.5)
        #expect(p1["code"] as? String == "42")
        try cli.succeed(["participant", "set", "P1", "hours=2,0"])
        #expect(try Self.attributes(cli, "P1")["hours"] as? Double == 2, "a declared numeric attribute reads 2,0 as 2")
        #expect(try cli.succeed(["participant", "attribute", "type", "Release", "text"]) == "Declared attribute Release as text, with no values yet\n")
        try cli.succeed(["participant", "set", "P1", "Release=4.2"])
        #expect(try Self.attributes(cli, "P1")["Release"] as? String == "4.2")
        #expect(try cli.fail(["participant", "set", "P1", "--type", "code=number", "code=7"]).stderr
            .contains("Attribute 'code' holds text in this study, not numbers; nothing was stored. To change it, run 'studyctl participant attribute type code number'."))
        #expect(try cli.fail(["participant", "add", "P2", "--type", "hours=text", "--type", "hours=number"]).stderr
            .contains("Please declare hours only once with --type"))

        // Text to number: refused where a value is no number, or would change (unless --force); number to text keeps what is shown.
        try cli.succeed(["participant", "add", "P2", "--attr", "zip=007", "--attr", "level=Iniciante", "--attr", "v=4.10"])
        try cli.succeed(["participant", "add", "P3", "--attr", "zip=12", "--attr", "v=3"])
        let zip = try cli.fail(["participant", "attribute", "type", "zip", "number"]).stderr
        #expect(zip.contains("participant P2: zip = '007' would become the number 7; if that is what it means, rerun with --force"), "\(zip)")
        #expect(try cli.fail(["participant", "attribute", "type", "level", "number"]).stderr
            .contains("participant P2: level = 'Iniciante' is not a number; change it or remove it first"))
        #expect(try cli.succeed(["participant", "attribute", "type", "code", "number"]) == "code now holds numbers (values converted: 1)\n")
        #expect(try Self.attributes(cli, "P1")["code"] as? Double == 42)
        #expect(try cli.succeed(["participant", "attribute", "type", "v", "number", "--force"]) == "v now holds numbers (values converted: 2)\n")
        #expect(try Self.attributes(cli, "P2")["v"] as? Double == 4.1)
        try cli.succeed(["participant", "derive", "band", "--from", "hours", "--rule", "<2:low,*:high"])
        #expect(try cli.fail(["participant", "attribute", "type", "hours", "text"]).stderr
            .contains("Attribute 'hours' stays a number: band is derived from it by a rule on numbers."))
        #expect(try cli.succeed(["participant", "attribute", "type", "code", "text"]) == "code now holds text, each value as it was shown (values converted: 1)\n")
        p1 = try Self.attributes(cli, "P1")
        #expect(p1["code"] as? String == "42")
        #expect(try cli.succeed(["check"]).contains("ok"))

        // In the study's language: the refusal, the command's words and its help.
        let pt = try StudyCtl(language: nil)
        try pt.succeed(["init", "--title", "Versões", "--language", "pt-BR"])
        try pt.succeed(["participant", "add", "P1", "--attr", "Build=4.1"])
        let refused = try pt.fail(["participant", "add", "P2", "--attr", "Build=4.10"]).stderr
        #expect(refused.contains("Erro: Participante P2: o atributo 'Build' guarda números neste estudo, e '4.10' seria gravado como o número 4.1, perdendo o que foi digitado. Se Build guarda números de versão ou códigos, torne-o texto antes: 'studyctl participant attribute type Build text'."), "\(refused)")
        #expect(try pt.succeed(["participant", "attribute", "type", "Build", "text"]) == "Build agora guarda texto, cada valor como era mostrado (valores convertidos: 1)\n")
        #expect(try pt.succeed(["participant", "attribute", "type", "Horas", "number"]) == "Atributo Horas declarado numérico, ainda sem valores\n")
        func flat(_ text: String) -> String { text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression) }
        let help = flat(try pt.succeed(["participant", "attribute", "type", "--help"]))
        #expect(help.contains("Declara o tipo de um atributo: texto ou número.") && help.contains("4.10 continua 4.10"), "\(help)")
        #expect(flat(try pt.succeed(["participant", "add", "--help"])).contains("Declara o tipo de um atributo, text ou number"))
        #expect(flat(try pt.succeed(["participant", "import", "--help"])).contains("--type NOME=text mantém uma coluna como foi digitada"))
        #expect(ForeignWordCheck.english(in: refused).isEmpty, "\(ForeignWordCheck.english(in: refused))")
    }

    /// A participants file: a column's type comes from all its values (4.2 then 4.10 is text, with a note); into a
    /// numeric attribute 4.10 is refused at its file:line:column, naming participant and attribute and the fix.
    @Test func importTypesAColumnFromAllItsValues() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Releases", "--language", "en"])
        try cli.write("r.csv", "code,Release,years\nP1,4.2,1\nP2,4.10,2.5\n")
        let imported = try cli.run(["participant", "import", "r.csv"])
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("Imported 2 participants with attributes Release (text), years (number)"), "\(imported.stdout)")
        #expect(imported.stderr.contains("column 'Release' is stored as text because '4.10' at r.csv:3:4 would be the number 4.1, losing what was typed; to store the column as numbers, rerun with --type Release=number"), "\(imported.stderr)")
        #expect(try Self.attributes(cli, "P1")["Release"] as? String == "4.2")
        #expect(try Self.attributes(cli, "P2")["Release"] as? String == "4.10")

        // Into the numeric attribute `years`: 3.50 would be 3.5.
        try cli.write("more.csv", "code;years\nP3;3\nP4;3,50\n")
        let refused = try cli.fail(["participant", "import", "more.csv"]).stderr
        #expect(refused.contains("more.csv:3:4: participant P4: attribute 'years' holds numbers in this study; '3,50' would be stored as the number 3.5, losing what was typed. If years holds version numbers or codes, make it text first ('studyctl participant attribute type years text'); if it is a number, write 3.5 or rerun with --type years=number"), "\(refused)")
        #expect(try cli.fail(["participant", "import", "more.csv", "--type", "years=text"]).stderr
            .contains("more.csv:1:6: attribute 'years' holds numbers in this study, not text; to change its type, run 'studyctl participant attribute type years text'"))
        #expect(try cli.fail(["participant", "import", "more.csv", "--type", "yeras=number"]).stderr
            .contains("--type yeras=number: the file has no column 'yeras' (its attribute columns: 'years')"))
        try cli.succeed(["participant", "import", "more.csv", "--type", "years=number"])
        #expect(try Self.attributes(cli, "P4")["years"] as? Double == 3.5)

        // A new column declared text keeps every value as typed, numbers included.
        try cli.write("codes.csv", "code,postcode,Build\nP5,50670,4.2\nP6,01310,4.10\n")
        try cli.succeed(["participant", "import", "codes.csv", "--type", "postcode=text", "--type", "Build=number"])
        #expect(try Self.attributes(cli, "P5")["postcode"] as? String == "50670")
        #expect(try Self.attributes(cli, "P6")["postcode"] as? String == "01310")
        #expect(try Self.attributes(cli, "P6")["Build"] as? Double == 4.1, "declared numbers read 4.10 as 4.1")
        #expect(try cli.succeed(["check"]).contains("ok"))

        // The same refusal in Portuguese.
        let pt = try StudyCtl(language: nil)
        try pt.succeed(["init", "--title", "Versões", "--language", "pt-BR"])
        try pt.write("a.csv", "code,anos\nP1,3\n")
        try pt.write("b.csv", "code;anos\nP2;3,50\n")
        try pt.succeed(["participant", "import", "a.csv"])
        let pt1 = try pt.fail(["participant", "import", "b.csv"]).stderr
        #expect(pt1.contains("b.csv:2:4: participante P2: o atributo 'anos' guarda números neste estudo; '3,50' seria gravado como o número 3.5, perdendo o que foi digitado."), "\(pt1)")
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
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
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
