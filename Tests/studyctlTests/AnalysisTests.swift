import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a thesis committee checks: imports matched by item text, group comparisons, per-item results, exact edge
/// cases, interactive entry in the study's language, and the JSON contract.
@Suite struct AnalysisTests {
    func study(_ language: String = "pt-BR") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Análise", "--language", language])
        try cli.write("p.csv", "code,level\nP1,Iniciante\nP2,Iniciante\nP3,Iniciante\nP4,Avançado\nP5,Avançado\nP6,Avançado\n")
        try cli.succeed(["participant", "import", "p.csv"])
        return cli
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func scores(_ cli: StudyCtl, _ instrument: String) throws -> [String: Double] {
        let rows = try #require(try json(try cli.succeed(["score", instrument, "--json"]))["rows"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["participant"] as! String, ($0["scores"] as! [String: Double])["SUS"]!) })
    }

    static let susTexts = [
        "Acho que gostaria de utilizar este produto com frequência", "Considerei o produto mais complexo do que o necessário",
        "Achei o produto fácil de utilizar", "Acho que necessitaria de ajuda de um técnico para conseguir utilizar este produto",
        "Considerei que as várias funcionalidades deste produto estavam bem integradas", "Achei que este produto tinha muitas inconsistências",
        "Suponho que a maioria das pessoas aprenderia a utilizar rapidamente este produto", "Considerei o produto muito complicado de utilizar",
        "Senti-me muito confiante ao utilizar este produto", "Tive que aprender muito antes de conseguir lidar com este produto",
    ]
    static let answers: [String: [Int]] = [
        "P1": [4, 2, 4, 1, 5, 2, 4, 2, 4, 3], "P2": [3, 3, 2, 4, 3, 3, 3, 4, 2, 4], "P3": [5, 1, 5, 1, 4, 1, 5, 1, 5, 1],
        "P4": [2, 4, 3, 3, 2, 4, 2, 5, 3, 4],
    ]

    /// A Google Forms export whose item columns come shuffled, with grid-style headers, an e-mail column and
    /// numbered, punctuated item texts, scores exactly as the ordered file does.
    @Test func shuffledGoogleFormsColumnsScoreTheSameAsOrdered() throws {
        let ordered = try study()
        var csv = "Carimbo de data/hora,Participante," + Self.susTexts.map { "\"\($0)\"" }.joined(separator: ",") + "\n"
        for (code, values) in Self.answers.sorted(by: { $0.key < $1.key }) {
            csv += "2026-11-01 10:00:00,\(code)," + values.map(String.init).joined(separator: ",") + "\n"
        }
        try ordered.write("ordered.csv", csv)
        let imported = try ordered.succeed(["responses", "import", "ordered.csv", "--instrument", "sus", "--participant-column", "Participante"])
        #expect(imported.contains("(by item text)"))

        let shuffled = try study()
        let order = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4]
        var header = ["Carimbo de data/hora", "Endereço de e-mail", "Participante"]
        header += order.enumerated().map { position, item in
            position % 2 == 0 ? "Avalie o produto [\(Self.susTexts[item])]" : "\(item + 1). \(Self.susTexts[item].uppercased())?"
        }
        var rows = header.map { "\"\($0)\"" }.joined(separator: ",") + "\n"
        for (code, values) in Self.answers.sorted(by: { $0.key < $1.key }) {
            rows += "2026-11-01 10:00:00,\(code.lowercased())@exemplo.br,\(code)," + order.map { String(values[$0]) }.joined(separator: ",") + "\n"
        }
        try shuffled.write("shuffled.csv", rows)
        let output = try shuffled.succeed(["responses", "import", "shuffled.csv", "--instrument", "sus", "--participant-column", "Participante"])
        #expect(output.contains("Columns that are no item, left out: 'Endereço de e-mail'"))
        #expect(try scores(shuffled, "sus") == (try scores(ordered, "sus")))
        // P1: odd items (4−1)+(4−1)+(5−1)+(4−1)+(4−1) = 16, even items (5−2)+(5−1)+(5−2)+(5−2)+(5−3) = 15; 31 × 2.5.
        #expect(try scores(shuffled, "sus")["P1"] == 77.5)
    }

    @Test func headersThatLookLikeItemsButDoNotMatchAreRefused() throws {
        let cli = try study()
        var header = Self.susTexts.prefix(8).map { "\"\($0)\"" }
        header += ["\"Gostei das cores\"", "\"Voltaria a usar amanhã\""]
        try cli.write("f.csv", "Participante," + header.joined(separator: ",") + "\nP1,4,2,4,1,5,2,4,2,4,3\n")
        let result = try cli.fail(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "Participante"])
        #expect(result.stderr.contains("the headers carry the texts of 8 of sus's 10 items, but no column has the text of items 9, 10"))
        #expect(result.stderr.contains("columns that match no item: 'Gostei das cores', 'Voltaria a usar amanhã'"))
        // --map names the two; the others are still found by text.
        try cli.succeed(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "Participante",
                         "--map", "9=Gostei das cores,10=Voltaria a usar amanhã"])
        #expect(try scores(cli, "sus")["P1"] == 77.5)
    }

    @Test func repeatedSubmissionsAndLabels() throws {
        let cli = try study()
        try cli.write("d.csv", """
            Participante,Q1,Q2
            P1,Concordo parcialmente,Discordo parcialmente
            P2,Nem concordo nem discordo,Concordo bastante
            P1,Concordo totalmente,Concordo totalmente
            P3,Concordo bastante,Concordo bastante

            """)
        let refused = try cli.fail(["responses", "import", "d.csv", "--instrument", "umux-lite", "--participant-column", "Participante"])
        #expect(refused.stderr.contains("d.csv:4:1: participant P1 has a second row (first on line 2); choose --duplicates keep-last or keep-first"))
        #expect(refused.stderr.contains("d.csv:3:30: participant P2, item 2 (column 'Q2'): 'Concordo bastante' is neither a number of the 1–7 scale nor one of its labels (3 cells in all)"))
        #expect(refused.stderr.components(separatedBy: "Concordo bastante").count == 3, "the unknown label is reported once (plus the --labels example)")
        #expect(refused.stderr.contains("labels: the scale's labels are: 1 = "))
        let kept = try cli.succeed(["responses", "import", "d.csv", "--instrument", "umux-lite", "--participant-column", "Participante",
                                    "--duplicates", "keep-last", "--labels", "Concordo bastante=6"])
        #expect(kept.contains("Imported 3 umux-lite response sets"))
        #expect(kept.contains("Repeated submissions: 1 row dropped, keeping each participant's last"))
        let rows = try #require(try json(try cli.succeed(["score", "umux-lite", "--json"]))["rows"] as? [[String: Any]])
        let p1 = try #require(rows.first { $0["participant"] as? String == "P1" }?["scores"] as? [String: Double])
        #expect(p1["UMUX-Lite"] == 100, "the last row (7, 7) was kept")
        let other = try study()
        try other.write("d.csv", try String(contentsOfFile: cli.path("d.csv"), encoding: .utf8))
        let first = try other.succeed(["responses", "import", "d.csv", "--instrument", "umux-lite", "--participant-column", "Participante",
                                       "--duplicates", "keep-first", "--labels", "Concordo bastante=6"])
        #expect(first.contains("keeping each participant's first"))
        let firstRows = try #require(try json(try other.succeed(["score", "umux-lite", "--json"]))["rows"] as? [[String: Any]])
        // "Concordo parcialmente" = 5 and "Discordo parcialmente" = 3 on the 7-point scale: ((5−1)+(3−1))/12 × 100 = 50.
        #expect((firstRows.first { $0["participant"] as? String == "P1" }?["scores"] as? [String: Double])?["UMUX-Lite"] == 50)
        // With time stamps, keep-last keeps the latest submission, wherever its row is in the file (Google Forms'
        // day-first stamps; the export was sorted by name, so P1's later answer comes first).
        let stamped = try study()
        try stamped.write("s.csv", """
            Carimbo de data/hora,Participante,Q1,Q2
            18/11/2026 17:34:56,P1,7,7
            18/11/2026 09:02:10,P1,1,1
            18/11/2026 10:00:00,P2,4,4

            """)
        try stamped.succeed(["responses", "import", "s.csv", "--instrument", "umux-lite", "--participant-column", "Participante", "--items-from", "Q1",
                             "--duplicates", "keep-last"])
        let latest = try #require(try json(try stamped.succeed(["score", "umux-lite", "--json"]))["rows"] as? [[String: Any]])
        #expect((latest.first { $0["participant"] as? String == "P1" }?["scores"] as? [String: Double])?["UMUX-Lite"] == 100,
                "the 17:34 submission is kept, not the file's last row")
    }

    @Test func groupComparisonFromTheCommandLine() throws {
        let cli = try study()
        for (code, answers) in [("P1", "4,2,4,2,4,2,4,2,4,2"), ("P2", "5,1,4,2,5,1,4,2,5,1"), ("P3", "3,3,3,3,3,3,3,3,3,3"),
                                ("P4", "5,1,5,1,5,1,5,1,5,1"), ("P5", "4,1,5,1,4,2,5,1,5,2"), ("P6", "5,2,5,1,4,1,5,1,5,1")] {
            try cli.succeed(["respond", code, "sus", "--answers", answers])
        }
        let text = try cli.succeed(["score", "sus", "--by", "level", "--compare"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(text.contains("SUS não diferiu significativamente entre Avançado (n = 3; M = 95,00; DP = 5,00) e Iniciante (n = 3; M = 71,67; DP = 20,21): t de Welch(2,2) = 1,94; p = 0,178; g de Hedges = 1,27 (Avançado maior que Iniciante); U de Mann-Whitney = 8,5; p = 0,121; r = 0,89."), "\(text)")
        let result = try json(try cli.succeed(["score", "sus", "--by", "level", "--compare", "--json"]))
        let comparison = try #require((result["comparisons"] as? [[String: Any]])?.first)
        let tests = try #require(comparison["tests"] as? [[String: Any]])
        // Groups in natural order (Avançado, Iniciante). scipy.stats.ttest_ind([100,90,95],[75,90,50], equal_var=False):
        // t = 1.9414506867883017, p = 0.17768082691239762.
        #expect(abs((tests[0]["statistic"] as! Double) - 1.9414506867883017) < 1e-9)
        #expect(abs((tests[0]["p"] as! Double) - 0.17768082691239762) < 1e-8)
        // scipy.stats.mannwhitneyu([100,90,95],[75,90,50]): U = 8.5, p = 0.12118327283746319.
        #expect(tests[1]["statistic"] as? Double == 8.5)
        #expect(abs((tests[1]["p"] as! Double) - 0.12118327283746319) < 1e-8)
        #expect(text.contains("nota") || text.contains("Grades (Sauro & Lewis 2016) are defined for study means"))
        #expect(try cli.fail(["score", "sus", "--compare"]).stderr.contains("--by ATTRIBUTE"))
    }

    /// The participants' table is written row by row through a temporary file while its columns' widths are
    /// found, and prints as an aligned table would: widths in characters (an accented code counts once), numbers
    /// to the right, in participant order.
    @Test func theParticipantTableIsAlignedOverEveryRow() throws {
        let cli = try study("en")
        for (code, answers) in [("P10", "3,3,3,3,3,3,3,3,3,3"), ("José", "4,2,4,2,4,2,4,2,4,1"), ("P1", "5,1,5,1,5,1,5,1,5,1")] {
            if code != "P1" { try cli.succeed(["participant", "add", code]) }
            try cli.succeed(["respond", code, "sus", "--answers", answers])
        }
        let lines = try cli.succeed(["score", "sus"]).components(separatedBy: "\n")
        #expect(lines.first == "System Usability Scale (SUS) — 3 response sets")
        let start = try #require(lines.firstIndex { $0.hasPrefix("Participant") })
        #expect(Array(lines[start..<(start + 6)]) == [
            "Participant     SUS  Learnability  Usability  Adjective        Acceptability",
            "───────────  ──────  ────────────  ─────────  ───────────────  ─────────────",
            "José          77.50         87.50      75.00  Good             acceptable",
            "P1           100.00        100.00     100.00  Best Imaginable  acceptable",
            "P10           50.00         50.00      50.00  OK               marginal",
            "",
        ])
    }

    @Test func itemsParticipantsIntervalsAndNoVariation() throws {
        let cli = try study("en")
        try cli.succeed(["respond", "P1", "sus", "--answers", "5,1,5,1,5,1,5,1,5,1"])
        try cli.succeed(["respond", "P2", "sus", "--answers", "4,2,4,2,4,2,4,2,4,1"])
        let text = try cli.succeed(["score", "sus"])
        #expect(text.contains("[") && text.contains("100.00]*"), "the interval is cut at 100")
        #expect(text.contains("* The 95 % interval is cut to the score's possible range"))
        #expect(text.contains("P1           100.00        100.00     100.00  Best Imaginable  acceptable"))
        #expect(text.range(of: "2ʳ\\. I found the system unnecessarily complex\\. +2 +1\\.50 +0\\.71 +4\\.50 +0\\.71 +1 +1 +0 +0 +0 +0",
                           options: .regularExpression) != nil, "\(text)")
        let summary = try #require(((try json(try cli.succeed(["score", "sus", "--json"]))["overall"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]])?.first)
        #expect(summary["ciClipped"] as? Bool == true)
        #expect(((summary["statistics"] as? [String: Any])?["ci"] as? [Double])?.last == 100)
        #expect(summary["verdict"] as? String == "not significantly different")

        // UMUX-Lite of 1,1 for three participants: every score 0, no t-test.
        for code in ["P3", "P4", "P5"] { try cli.succeed(["respond", code, "umux-lite", "--answers", "1,1"]) }
        let umux = try cli.succeed(["score", "umux-lite"])
        #expect(umux.contains("no variation: test undefined"))
        let umuxJSON = try #require(((try json(try cli.succeed(["score", "umux-lite", "--json"]))["overall"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]]))
        #expect(umuxJSON.allSatisfy { $0["test"] is NSNull })
    }

    @Test func nasaTLXCentreCountsTheCentrePoint() throws {
        let cli = try study("en")
        try cli.succeed(["respond", "P1", "nasa-tlx", "--answers", "80,20,60,40,,10,,,,,,"])
        let text = try cli.succeed(["score", "nasa-tlx", "--missing", "centre", "--csv"])
        // Five ratings and the centre (50) for the missing one: (80+20+60+40+50+10)/6 = 43.33…
        #expect(text.contains("P1,,,43.333333333333336"), "\(text)")
        let prorated = try cli.succeed(["score", "nasa-tlx", "--missing", "prorate", "--csv"])
        #expect(prorated.contains("P1,,,42.0"), "\(prorated)")
    }

    @Test func tasksCompareBetweenGroupsOfParticipants() throws {
        let cli = try study("en")
        try cli.succeed(["task", "add", "t1", "--title", "Install"])
        for (code, time) in [("P1", "60"), ("P2", "80"), ("P3", "75"), ("P4", "30"), ("P5", "40"), ("P6", "35")] {
            try cli.succeed(["attempt", "add", code, "t1", "--time", time])
        }
        let output = try cli.succeed(["tasks", "compare", "t1", "--by", "level"])
        #expect(output.contains("Task t1: level Avançado vs Iniciante, time (log scale); Welch's t-test, 3 and 3 participants"), "\(output)")
        #expect(try cli.fail(["tasks", "compare", "t1"]).stderr.contains("--condition NAME"))
    }

    @Test func categorySharesAreOfInterviewedParticipants() throws {
        let cli = try study("en")
        try cli.write("t.txt", "A tela é confusa.")
        try cli.succeed(["transcript", "add", "P1", "t.txt"])
        try cli.succeed(["transcript", "add", "P2", "t.txt"])
        try cli.succeed(["category", "add", "Clareza", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "A tela é confusa", "--code", "confusa", "--category", "Clareza"])
        let interviewed = try cli.succeed(["codes", "freq"])
        #expect(interviewed.contains("Clareza          1             1  50%"), "\(interviewed)")
        #expect(interviewed.contains("÷ 2 participants interviewed"))
        let everyone = try cli.succeed(["codes", "freq", "--denominator", "study"])
        #expect(everyone.contains("17%"))
        #expect(everyone.contains("÷ 6 participants in the study"))
    }

    @Test func interactiveEntrySpeaksTheStudysLanguage() throws {
        let cli = try study()
        let result = try cli.run(["respond", "P1", "umux-lite"], stdin: "5\nb\n?\n6\n7\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("De volta ao item 1 (resposta anterior: 5)."))
        #expect(result.stdout.contains("Digite a resposta"))
        #expect(result.stdout.components(separatedBy: "Escala 1–7").count == 3, "the scale at the start and after ?")
        #expect(result.stdout.contains("Respostas de umux-lite de P1 gravadas (2 de 2 itens)"))
        let before = try cli.dump("study.sqlite")
        let ended = try cli.run(["respond", "P2", "umux-lite"], stdin: "4\n")
        #expect(ended.status != 0)
        #expect(ended.stderr.contains("Entrada interrompida antes do último item: nada foi gravado."))
        #expect(try cli.dump("study.sqlite") == before)
    }

    /// A wrong number of arguments prints the subcommand's usage, not the top level's.
    @Test func wrongArgumentCountShowsTheSubcommandsUsage() throws {
        let cli = try study()
        for (arguments, usage) in [(["respond", "P1"], "Usage: studyctl respond <participant> <instrument>"),
                                   (["respond", "P1", "sus", "extra"], "Usage: studyctl respond <participant> <instrument>"),
                                   (["score"], "Usage: studyctl score [<options>] <instrument>"),
                                   (["participant", "add"], "Usage: studyctl participant add <code>")] {
            let result = try cli.fail(arguments)
            #expect(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SUBCOMMANDS"), "not the top-level help")
        }
        #expect(try cli.fail(["respond", "P1", "sus", "--answers", "4,1,5"]).stderr.contains("sus has 10 items; --answers gives 3 values"))
    }

    @Test func ctrlCDuringEntryStoresNothingAndSaysSo() throws {
        let cli = try study()
        let before = try cli.dump("study.sqlite")
        let process = Process()
        process.executableURL = StudyCtl.binary
        process.arguments = ["respond", "P1", "sus"]
        process.currentDirectoryURL = cli.folder
        let input = Pipe()
        let errors = cli.folder.appendingPathComponent("err.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        input.fileHandleForWriting.write(Data("4\n2\n".utf8))
        // Interrupted while it waits at the third item's prompt (printed once two answers are read), however late
        // the process starts: no clock decides when.
        var shown = Data()
        while !String(decoding: shown, as: UTF8.self).contains("[3/10]") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            shown.append(chunk)
        }
        #expect(String(decoding: shown, as: UTF8.self).contains("[3/10]"), "\(String(decoding: shown, as: UTF8.self))")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try String(contentsOf: errors, encoding: .utf8).contains("Entrada interrompida antes do último item: nada foi gravado."))
        #expect(try cli.dump("study.sqlite") == before)
    }

    /// The shapes every `--json` promises (docs/json.md): an object with jsonVersion and command, nulls present.
    @Test func theJSONContract() throws {
        let cli = try study("en")
        try cli.succeed(["task", "add", "t1", "--title", "Install"])
        try cli.succeed(["attempt", "add", "P1", "t1", "--outcome", "success"])
        try cli.succeed(["respond", "P1", "sus", "--answers", "5,1,5,1,5,1,5,1,5,1"])
        try cli.succeed(["category", "add", "Clareza", "--origin", "emergent"])
        let commands: [([String], String, [String])] = [
            (["status"], "status", ["counts", "schemaVersion", "title"]),
            (["participant", "list"], "participant list", ["attributes", "participants"]),
            (["participant", "show", "P1"], "participant show", ["participant", "attached"]),
            (["instrument", "list"], "instrument list", ["instruments"]),
            (["task", "list"], "task list", ["tasks"]),
            (["condition", "list"], "condition list", ["conditions"]),
            (["attempt", "list"], "attempt list", ["attempts"]),
            (["tasks", "summary"], "tasks summary", ["rows", "groupedBy"]),
            (["score", "sus", "--by", "level"], "score", ["rows", "groups", "overall", "items", "comparisons", "alphas"]),
            (["codebook"], "codebook", ["categories"]),
            (["codes", "freq"], "codes freq", ["rows", "groupOrder", "participants", "denominatorBase"]),
            (["memo", "list"], "memo list", ["memos"]),
            (["check"], "check", ["integrity", "foreignKeyViolations", "answerProblems"]),
        ]
        for (arguments, command, keys) in commands {
            var args = arguments
            if arguments.first == "codebook" { args += ["--format", "json"] } else { args.append("--json") }
            let document = try json(try cli.succeed(args))
            #expect(document["jsonVersion"] as? Int == 3, "\(command)")
            #expect(document["command"] as? String == command)
            for key in keys { #expect(document[key] != nil, "\(command) has \(key)") }
        }
        let attempts = try #require(try json(try cli.succeed(["attempt", "list", "--json"]))["attempts"] as? [[String: Any]])
        #expect(attempts[0]["seconds"] is NSNull, "an absent time is null, not left out")
        let score = try json(try cli.succeed(["score", "sus", "--by", "level", "--json"]))
        let group = try #require((score["groups"] as? [[String: Any]])?.first)
        #expect(Set(group.keys) == ["attribute", "name", "task", "occasion", "conditions", "n", "summaries", "choices"])
        #expect(group["occasion"] is NSNull, "one occasion: null")
        #expect(group["conditions"] is NSNull, "no condition: null")
        #expect(group["attribute"] as? String == "level")
        let summary = try #require((group["summaries"] as? [[String: Any]])?.first)
        #expect(Set(summary.keys) == ["score", "statistics", "ciClipped", "norm", "test", "testUndefined", "verdict", "grade",
                                      "percentiles", "percentileRank", "adjective", "acceptability"])
        #expect((summary["statistics"] as? [String: Any])?["sd"] is NSNull, "one score: SD undefined, null")
        let all = try cli.succeed(["score", "sus", "--by", "level", "--json"])
        #expect(all.unicodeScalars.allSatisfy { $0.isASCII || !"–—".unicodeScalars.contains($0) } || !all.contains("\"A–B\""))
        // Agreement with no shared units fails in JSON mode as in the table mode.
        try cli.succeed(["code", "add", "P1", "--excerpt", "tela confusa", "--code", "confusa", "--category", "Clareza", "--coder", "A"])
        try cli.succeed(["code", "add", "P2", "--excerpt", "tela boa", "--code", "boa", "--category", "Clareza", "--coder", "B"])
        let table = try cli.run(["codes", "agreement", "--coders", "A,B"])
        let jsonMode = try cli.run(["codes", "agreement", "--coders", "A,B", "--json"])
        #expect(table.status != 0 && jsonMode.status == table.status)
        #expect(jsonMode.stdout.isEmpty)
    }
}
