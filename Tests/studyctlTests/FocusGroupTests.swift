import Foundation
import Testing

/// A focus group's speakers are participants everywhere: search, auto-code, `codes freq`, the matrix and the quote
/// export count each passage for the participant who said it; a REFI-QDA round trip and a merge in either order keep
/// the results; auto-code takes each hit on its own terms.
@Suite(.serialized) struct FocusGroupTests {
    /// The words of one study: a focus group of three speakers and a moderator held by P6, and P1's interview.
    struct Words {
        var language: String
        var vtt: String
        var interview: String
        var pattern: String
        var category: String
        var moderator: String
    }

    static let portuguese = Words(language: "pt-BR", vtt: """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Mediadora>O que vocês acham dos empréstimos oferecidos?</v>

        00:00:04.500 --> 00:00:08.000
        <v Ana>Os empréstimos não param de chegar.</v>

        00:00:08.000 --> 00:00:12.000
        <v Bruno>Recebo ofertas de empréstimo todo dia. Parem de mandar empréstimos.</v>

        00:00:12.500 --> 00:00:16.000
        <v Sara>Empréstimo, empréstimo, empréstimo. É demais.</v>

        """, interview: "Entrevistadora: Os empréstimos incomodam?\nP1: Os empréstimos são úteis para mim.\n",
        pattern: "(?i)\\bempréstimos?\\b", category: "Excesso de ofertas", moderator: "Entrevistadora")

    static let english = Words(language: "en", vtt: """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Mediadora>What do you think of the loans offered?</v>

        00:00:04.500 --> 00:00:08.000
        <v Ana>The loans never stop coming.</v>

        00:00:08.000 --> 00:00:12.000
        <v Bruno>I get loan offers every day. Stop sending me loans.</v>

        00:00:12.500 --> 00:00:16.000
        <v Sara>loan, loan, loan. It is too much.</v>

        """, interview: "Interviewer: Do the loans bother you?\nP1: The loans are useful to me.\n",
        pattern: "(?i)\\bloans?\\b", category: "Marketing overload", moderator: "Interviewer")

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The study of `words`, in its language, with the focus group and the interview stored.
    func study(_ words: Words, name: String = "study.sqlite") throws -> StudyCtl {
        let cli = try StudyCtl()
        try setUp(cli, words, name: name)
        return cli
    }

    func setUp(_ cli: StudyCtl, _ words: Words, name: String = "study.sqlite") throws {
        try cli.succeed(["init", "--title", "Grupo focal", "--language", words.language, "--db", name])
        for code in ["P1", "P6", "P7", "P8"] { try cli.succeed(["participant", "add", code, "--db", name]) }
        try cli.succeed(["category", "add", words.category, "--origin", "emergent", "--db", name])
        try cli.write("grupo.vtt", words.vtt)
        try cli.write("p1.txt", words.interview)
        try cli.succeed(["transcript", "add", "P6", "grupo.vtt", "--label", "grupo focal", "--speaker", "Mediadora=moderator",
                         "--speaker", "Ana=P6", "--speaker", "Bruno=P7", "--speaker", "Sara=P8", "--db", name])
        try cli.succeed(["transcript", "add", "P1", "p1.txt", "--speaker", "\(words.moderator)=moderator", "--db", name])
    }

    /// Hits per participant as `transcript search --json` credits them (the moderator's under "moderator").
    func hitsPerParticipant(_ found: [String: Any]) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for transcript in try #require(found["transcripts"] as? [[String: Any]]) {
            for hit in try #require(transcript["hits"] as? [[String: Any]]) {
                counts[(hit["participant"] as? String) ?? "moderator", default: 0] += 1
            }
        }
        return counts
    }

    @Test(arguments: [FocusGroupTests.portuguese, FocusGroupTests.english])
    func everyCountFollowsTheSpeaker(_ words: Words) throws {
        let cli = try study(words)
        let expected = ["P1": 1, "P6": 1, "P7": 2, "P8": 3]

        // transcript search: each hit credited to who said it; the table counts them so.
        let found = try json(try cli.succeed(["transcript", "search", words.pattern, "--json"]))
        #expect(try hitsPerParticipant(found) == expected.merging(["moderator": 2]) { $1 }, "\(found)")
        let table = try cli.succeed(["transcript", "search", words.pattern])
        #expect(table.contains("Bruno → P7:") && table.range(of: #"P8\s+3"#, options: .regularExpression) != nil, "\(table)")
        // --participant P8: P8's turns in P6's focus group.
        let eight = try json(try cli.succeed(["transcript", "search", words.pattern, "--participant", "P8", "--json"]))
        #expect(try hitsPerParticipant(eight) == ["P8": 3], "\(eight)")
        #expect((eight["transcripts"] as? [[String: Any]])?.first?["participant"] as? String == "P6")

        // Auto-code: each hit for its speaker, the moderator's questions left out.
        let coded = try json(try cli.succeed(["transcript", "search", words.pattern, "--code", words.category, "--coder", "ana", "--json"]))
        let batch = try #require(coded["coded"] as? [String: Any])
        let codes = try #require(batch["coded"] as? [[String: Any]])
        #expect(Dictionary(grouping: codes, by: { $0["participant"] as! String }).mapValues(\.count) == expected, "\(codes)")
        #expect(batch["moderatorHits"] as? Int == 2 && (batch["notCoded"] as? [Any])?.isEmpty == true)

        // codes freq, the matrix and the quote export say the same.
        let freq = try json(try cli.succeed(["codes", "freq", "--json"]))
        let row = try #require((freq["rows"] as? [[String: Any]])?.first?["overall"] as? [String: Any])
        #expect(row["segments"] as? Int == 7 && row["participants"] as? Int == 4 && row["denominator"] as? Int == 4, "\(row)")
        let matrix = try json(try cli.succeed(["codes", "matrix", "--json"]))
        let participants = try #require(matrix["participants"] as? [String])
        let counts = try #require((matrix["counts"] as? [[Int]])?.first)
        #expect(Dictionary(uniqueKeysWithValues: zip(participants, counts)) == expected, "\(matrix)")
        try cli.succeed(["export", "quotes", "quotes.md"])
        let quotes = try String(contentsOfFile: cli.path("quotes.md"), encoding: .utf8)
        var quoted: [String: Int] = [:]
        for line in quotes.split(separator: "\n") {
            if let match = line.range(of: #"” \((P\d+)\)$"#, options: .regularExpression) {
                quoted[String(line[match].dropFirst(3).dropLast()), default: 0] += 1
            }
        }
        #expect(quoted == expected, "\(quotes)")

        // The group's transcript opens from each of its participants, and takes their annotations.
        let shown = try cli.succeed(["transcript", "show", "P7"])
        #expect(shown.contains("Bruno") && shown.contains("(P7)"), "\(shown)")
        #expect(shown.hasPrefix("P7 speaks in P6's transcript 'grupo focal'."), "\(shown)")
        try cli.succeed(["annotate", "P8", "--at", words.language == "en" ? "It is too much" : "É demais", "--text", "ironia"])
        // Listed for each participant of the group, held by P6.
        let annotations = try json(try cli.succeed(["annotation", "list", "--participant", "P8", "--json"]))
        #expect((annotations["annotations"] as? [[String: Any]])?.first?["participant"] as? String == "P6", "\(annotations)")

        // The time line of a speaker: the group's turns on its own clock, and their own coded passages only.
        let line = try json(try cli.succeed(["timeline", "P7", "--json"]))
        let items = try #require(line["items"] as? [[String: Any]])
        let excerpts = items.filter { $0["kind"] as? String == "excerpt" }
        #expect(excerpts.count == expected["P7"], "\(items)")
        #expect(excerpts.allSatisfy { ($0["startMs"] as? Int ?? 0) >= 8_000 && ($0["endMs"] as? Int ?? .max) <= 12_000 }, "\(excerpts)")
        #expect(items.filter { $0["kind"] as? String == "turn" }.count == 4, "\(items)")
    }

    /// A corrected focus-group transcript put in the old one's place keeps every coded passage in the same speaker's
    /// words, each at the occurrence nearest where it was — never on the moderator's question that says the same word,
    /// never two passages on one occurrence. Auto-coding the same words into a second category lists them as hits it
    /// cannot code (with how to move the code), never as "already coded".
    @Test func aReplacedGroupTranscriptKeepsEachPassageInItsSpeakersWords() throws {
        let cli = try study(Self.english)
        try cli.succeed(["transcript", "search", Self.english.pattern, "--code", Self.english.category, "--coder", "ana"])
        let before = try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]] ?? []
        let spans = before.compactMap { $0["spanStart"] as? Int }.sorted()
        #expect(spans.count == 7 && Set(spans).count == 7, "\(before)")
        // The same group, one word changed in Bruno's turn (after the loans: positions shift by one).
        try cli.write("grupo2.vtt", Self.english.vtt.replacingOccurrences(of: "I get loan offers", with: "I got loan offers"))
        let replaced = try cli.run(["transcript", "add", "P6", "grupo2.vtt", "--label", "grupo focal", "--replace", "--speaker", "Mediadora=moderator",
                                    "--speaker", "Ana=P6", "--speaker", "Bruno=P7", "--speaker", "Sara=P8"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let after = try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]] ?? []
        #expect(after.compactMap { $0["spanStart"] as? Int }.sorted() == spans, "\(after)")
        let matrix = try json(try cli.succeed(["codes", "matrix", "--json"]))
        let counts = try #require((matrix["counts"] as? [[Int]])?.first)
        #expect(Dictionary(uniqueKeysWithValues: zip(matrix["participants"] as? [String] ?? [], counts)) == ["P1": 1, "P6": 1, "P7": 2, "P8": 3], "\(matrix)")

        try cli.succeed(["category", "add", "Loans", "--origin", "emergent"])
        // Replaced again without --speaker: the old speakers are kept, so the counts stay each speaker's.
        try cli.succeed(["transcript", "add", "P6", "grupo2.vtt", "--label", "grupo focal", "--replace"])
        let again = try json(try cli.succeed(["codes", "matrix", "--json"]))
        #expect((again["counts"] as? [[Int]])?.first == counts && again["participants"] as? [String] == matrix["participants"] as? [String], "\(again)")
        let hits = try json(try cli.succeed(["transcript", "search", Self.english.pattern, "--json"]))
        #expect(try hitsPerParticipant(hits) == ["P1": 1, "P6": 1, "P7": 2, "P8": 3, "moderator": 2], "\(hits)")

        let second = try cli.run(["transcript", "search", Self.english.pattern, "--code", "Loans", "--coder", "ana", "--participant", "P7"])
        #expect(second.status != 0 && second.stderr.contains("move it with 'studyctl code move"), "\(second.stdout) \(second.stderr)")
    }

    /// A participant whose one interview has a label opens it without naming the label (show, annotate), and one who
    /// has an interview of their own and speaks in a group opens their own first.
    @Test func aParticipantsOwnInterviewOpensWhateverItsLabel() throws {
        let cli = try study(Self.english)
        try cli.write("p7.txt", "P7: My own interview about loans.\n")
        try cli.succeed(["transcript", "add", "P7", "p7.txt", "--label", "solo"])
        let shown = try cli.succeed(["transcript", "show", "P7"])
        #expect(shown.contains("My own interview about loans.") && !shown.contains("Bruno"), "\(shown)")
        try cli.succeed(["annotate", "P7", "--at", "My own interview", "--text", "own words"])
        let group = try cli.succeed(["transcript", "show", "P7", "--label", "grupo focal"])
        #expect(group.contains("Bruno"), "\(group)")
    }

    /// Auto-code over hits that begin with a space, hits in the moderator's words, and two hits in one sentence:
    /// the right words for the right participants; a hit that cannot be coded stops the batch unless --partial.
    @Test func autoCodeTakesEachHitOnItsOwnTerms() throws {
        let cli = try study(Self.english)
        // " Stop" begins with a space: coded as "Stop", for P7.
        let spaced = try json(try cli.succeed(["transcript", "search", "(?i) stop\\w*", "--code", "Marketing overload", "--json"]))
        let stop = try #require(((spaced["coded"] as? [String: Any])?["coded"] as? [[String: Any]]))
        #expect(stop.map { $0["code"] as? String } == ["stop", "Stop"] && stop.map { $0["participant"] as? String } == ["P6", "P7"], "\(stop)")
        try cli.succeed(["code", "remove"] + stop.map { String($0["id"] as! Int) })

        // --unit sentence: Sara's three hits are one sentence, coded once for P8; the moderator's too with --moderator.
        let widened = try json(try cli.succeed(["transcript", "search", "(?i)\\bloans?\\b", "--code", "Marketing overload", "--unit", "sentence",
                                                "--moderator", "--participant", "P6", "--participant", "P8", "--json"]))
        let batch = try #require(widened["coded"] as? [String: Any])
        let sentences = try #require(batch["coded"] as? [[String: Any]])
        #expect(sentences.map { $0["excerpt"] as? String } == ["What do you think of the loans offered?", "The loans never stop coming.", "loan, loan, loan."],
                "\(sentences)")
        #expect(sentences.map { $0["participant"] as? String } == ["P6", "P6", "P8"])
        #expect(sentences.map { $0["code"] as? String } == ["loans", "loans", "loan"])
        #expect(sentences.first?["moderatorWords"] as? Bool == true)
        #expect(batch["samePassage"] as? Int == 2 && batch["unit"] as? String == "sentence")
        let frequencies = try json(try cli.succeed(["codes", "freq", "--json"]))
        let overall = try #require((frequencies["rows"] as? [[String: Any]])?.first?["overall"] as? [String: Any])
        #expect(overall["participants"] as? Int == 2, "the moderator's words count for no participant: \(overall)")

        // P7 leaves the study: Bruno's hits cannot be coded. All or nothing, every reason listed; --partial codes the rest.
        try cli.succeed(["participant", "remove", "P7", "--cascade"])
        let before = try cli.succeed(["code", "list", "--json"])
        let refused = try cli.fail(["transcript", "search", "(?i)\\bloans?\\b", "--code", "Marketing overload", "--coder", "bia"])
        #expect(refused.stderr.contains("P6 (grupo focal) line 5, column 14") && refused.stderr.contains("P6 (grupo focal) line 5, column 53"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is no longer a participant") && refused.stderr.contains("--partial"), "\(refused.stderr)")
        #expect(try cli.succeed(["code", "list", "--json"]) == before, "nothing is stored when one hit cannot be coded")
        let partial = try cli.succeed(["transcript", "search", "(?i)\\bloans?\\b", "--code", "Marketing overload", "--coder", "bia", "--partial"])
        #expect(partial.contains("Not coded (2):") && partial.contains("Coded 5 passages"), "\(partial)")

        // code add: which occurrence of a repeated phrase, or the passage by its offsets.
        let second = try cli.succeed(["code", "add", "P8", "--excerpt", "loan", "--code", "loan", "--category", "Marketing overload", "--coder", "caio",
                                      "--occurrence", "2", "--transcript", "grupo focal"])
        let list = try #require(try json(try cli.succeed(["code", "list", "--json", "--coder", "caio"]))["codes"] as? [[String: Any]])
        let text = try #require(try json(try cli.succeed(["transcript", "show", "P6", "--label", "grupo focal", "--json"]))["text"] as? String)
        let firstLoan = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: text.range(of: "loan, loan")!.lowerBound)
        #expect(list.first?["spanStart"] as? Int == firstLoan + 6, "\(second) \(list)")
        try cli.succeed(["code", "add", "P8", "--code", "too much", "--category", "Marketing overload", "--coder", "caio",
                         "--at", "\(firstLoan + 18)-\(firstLoan + 33)", "--transcript", "grupo focal"])
        let excerpts = try #require(try json(try cli.succeed(["code", "list", "--json", "--coder", "caio"]))["codes"] as? [[String: Any]])
        #expect(excerpts.map { $0["excerpt"] as? String } == ["loan", "It is too much."], "\(excerpts)")
        // Words selected by their place are stored for the participant who said them, whoever is named.
        let named = try cli.run(["code", "add", "P6", "--code", "loan", "--category", "Marketing overload", "--coder", "dora",
                                 "--at", "\(firstLoan)-\(firstLoan + 4)", "--transcript", "grupo focal"])
        #expect(named.status == 0 && (named.stdout + named.stderr).contains("it is stored for P8"), "\(named.stdout) \(named.stderr)")
        #expect((try json(try cli.succeed(["code", "list", "--json", "--coder", "dora"]))["codes"] as? [[String: Any]])?.first?["participant"] as? String == "P8")
        #expect(try cli.fail(["code", "add", "P8", "--excerpt", "loan", "--code", "loan", "--category", "Marketing overload", "--coder", "dora",
                              "--occurrence", "4", "--transcript", "grupo focal"]).stderr.contains("occurs 3 times"))
    }

    /// A study exported as REFI-QDA and imported into a new one gives the same frequencies, matrix and agreement (as
    /// JSON), the same speakers (the moderators too) and each participant's codings.
    @Test func aREFIRoundTripKeepsTheResults() throws {
        let cli = try study(Self.portuguese)
        let pattern = Self.portuguese.pattern
        try cli.succeed(["transcript", "search", pattern, "--code", Self.portuguese.category, "--coder", "ana"])
        try cli.succeed(["transcript", "search", pattern, "--code", Self.portuguese.category, "--coder", "bia", "--participant", "P6", "--participant", "P8"])
        try cli.succeed(["export", "qdpx", "estudo.qdpx"])
        try cli.succeed(["init", "--title", "Cópia", "--language", "pt-BR", "--db", "copy.sqlite"])
        try cli.succeed(["import", "qdpx", "estudo.qdpx", "--db", "copy.sqlite"])
        for command in [["codes", "freq"], ["codes", "freq", "--coder", "ana"], ["codes", "matrix"], ["codes", "agreement", "--coders", "ana,bia"]] {
            let before = try cli.succeed(command + ["--json"])
            let after = try cli.succeed(command + ["--json", "--db", "copy.sqlite"])
            #expect(before == after, "\(command)")
        }
        for participant in ["P1", "P6"] {
            let label = participant == "P6" ? ["--label", "grupo focal"] : []
            let before = try json(try cli.succeed(["transcript", "show", participant, "--json"] + label))
            let after = try json(try cli.succeed(["transcript", "show", participant, "--json", "--db", "copy.sqlite"] + label))
            #expect(before["speakers"] as? NSArray == after["speakers"] as? NSArray, "\(after)")
            #expect(before["turns"] as? NSArray == after["turns"] as? NSArray)
            #expect(before["kind"] as? String == after["kind"] as? String)
        }
        let speakers = try #require(try json(try cli.succeed(["transcript", "show", "P1", "--json", "--db", "copy.sqlite"]))["speakers"] as? [[String: Any]])
        #expect(speakers.first?["role"] as? String == "moderator", "the interviewer comes back as the moderator: \(speakers)")
        let whose = { (db: String) throws -> [String] in
            try #require(try self.json(try cli.succeed(["code", "list", "--json", "--db", db]))["codes"] as? [[String: Any]])
                .map { "\($0["participant"]!) \($0["coder"]!) \($0["excerpt"]!)" }.sorted()
        }
        #expect(try whose("study.sqlite") == whose("copy.sqlite"))
    }

    /// The focus-group study through QualCoder's own REFI-QDA import and export (scripts/qualcoder-roundtrip.py, which
    /// fails unless every coding comes back with its participant, wording, categories, coder and span) and back: the
    /// same frequencies, matrix and agreement (as JSON), the group's transcript its holder's again, its speakers and
    /// moderator kept. QualCoder keeps a source's Description as its memo (studyctl's turns and owner lines), not a
    /// case's SelectionRef or SourceRef. Needs QualCoder's source and PyQt6, as `REFIQualCoderMediaTests`.
    @Test(.enabled(if: REFIQualCoderMediaTests.source != nil, "QualCoder's source is not here: set QUALCODER_SRC, or check out https://github.com/ccbogel/QualCoder into .build/qualcoder"))
    func aQualCoderRoundTripKeepsTheResults() throws {
        guard let python = REFIQualCoderMediaTests.python(), let source = REFIQualCoderMediaTests.source else { return }
        let cli = try study(Self.english)
        try cli.succeed(["transcript", "search", Self.english.pattern, "--code", Self.english.category, "--coder", "ana"])
        try cli.succeed(["transcript", "search", Self.english.pattern, "--code", Self.english.category, "--coder", "bia", "--participant", "P7",
                         "--participant", "P8"])
        try FileManager.default.createDirectory(atPath: cli.path("qualcoder"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Repository.path("scripts/qualcoder-roundtrip.py"), source, StudyCtl.binary.path, cli.path("study.sqlite"), cli.path("qualcoder")]
        process.environment = ProcessInfo.processInfo.environment.merging(["STUDYCTL_LANGUAGE": "en", "QT_QPA_PLATFORM": "offscreen"]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && printed.contains("identical: True"), "\(printed.suffix(2000)) \(errors.suffix(2000))")
        let back = cli.path("qualcoder/back.sqlite")
        for command in [["codes", "freq"], ["codes", "matrix"], ["codes", "agreement", "--coders", "ana,bia"]] {
            #expect(try cli.succeed(command + ["--json"]) == cli.succeed(command + ["--json", "--db", back]), "\(command)")
        }
        #expect(try cli.succeed(["participant", "list", "--json"]) == cli.succeed(["participant", "list", "--json", "--db", back]))
        let speakers = try #require(try json(try cli.succeed(["transcript", "show", "P6", "--label", "grupo focal", "--json", "--db", back]))["speakers"] as? [[String: Any]])
        #expect(speakers.map { "\($0["name"]!)=\($0["participant"] ?? "–")/\($0["role"] ?? "–")" } == ["Mediadora=<null>/moderator", "Ana=P6/participant",
                "Bruno=P7/participant", "Sara=P8/participant"], "\(speakers)")
    }

    /// `merge A B` and `merge B A` give studies with the same content.
    @Test func mergeInEitherOrderGivesTheSameStudy() throws {
        let cli = try study(Self.english, name: "base.sqlite")
        try FileManager.default.copyItem(atPath: cli.path("base.sqlite"), toPath: cli.path("a.sqlite"))
        try FileManager.default.copyItem(atPath: cli.path("base.sqlite"), toPath: cli.path("b.sqlite"))
        try cli.succeed(["transcript", "search", "(?i)\\bloans?\\b", "--code", "Marketing overload", "--coder", "ana", "--db", "a.sqlite"])
        try cli.succeed(["memo", "add", "--on", "participant:P7", "Bruno is tired of offers", "--coder", "ana", "--db", "a.sqlite"])
        try cli.succeed(["category", "add", "Usefulness", "--origin", "emergent", "--db", "b.sqlite"])
        try cli.succeed(["transcript", "search", "(?i)\\bloans?\\b", "--code", "Marketing overload", "--coder", "bia", "--participant", "P1",
                         "--participant", "P6", "--participant", "P8", "--db", "b.sqlite"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "The loans are useful to me", "--code", "useful", "--category", "Usefulness",
                         "--coder", "bia", "--memo", "a positive view", "--db", "b.sqlite"])
        try FileManager.default.copyItem(atPath: cli.path("a.sqlite"), toPath: cli.path("ab.sqlite"))
        try FileManager.default.copyItem(atPath: cli.path("b.sqlite"), toPath: cli.path("ba.sqlite"))
        try cli.succeed(["merge", "b.sqlite", "--db", "ab.sqlite"])
        try cli.succeed(["merge", "a.sqlite", "--db", "ba.sqlite"])

        /// The study's content without the numbers and order each copy gave it.
        func content(_ db: String) throws -> [String] {
            var lines: [String] = []
            for code in try #require(try json(try cli.succeed(["code", "list", "--json", "--db", db]))["codes"] as? [[String: Any]]) {
                lines.append(["code", "participant", "transcriptParticipant", "transcript", "spanStart", "spanEnd", "excerpt", "coder", "categories", "inVivo", "created"]
                    .map { "\(code[$0] ?? "–")" }.joined(separator: " | "))
            }
            for memo in try #require(try json(try cli.succeed(["memo", "list", "--json", "--db", db]))["memos"] as? [[String: Any]])
            where !((memo["text"] as? String) ?? "").hasPrefix("Merged") {
                let on = (memo["on"] as? String ?? "").hasPrefix("code:") ? "code" : memo["on"] as? String ?? ""
                lines.append("memo | \(on) | \(memo["text"] ?? "") | \(memo["coder"] ?? "–")")
            }
            lines.append(try cli.succeed(["codes", "freq", "--json", "--db", db]))
            for participant in ["P1", "P6"] {
                let label = participant == "P6" ? ["--label", "grupo focal"] : []
                let shown = try json(try cli.succeed(["transcript", "show", participant, "--json", "--db", db] + label))
                let parts = try ["speakers", "turns"].map { String(decoding: try JSONSerialization.data(withJSONObject: shown[$0] ?? [], options: [.sortedKeys]), as: UTF8.self) }
                lines.append("transcript \(participant) | \(shown["text"] ?? "") | \(parts.joined(separator: " | "))")
            }
            lines.append(try cli.succeed(["codes", "agreement", "--coders", "ana,bia", "--json", "--db", db]))
            return lines.sorted()
        }
        let ab = try content("ab.sqlite"), ba = try content("ba.sqlite")
        #expect(ab == ba, "\(Set(ab).symmetricDifference(ba))")
        #expect(ab.filter { $0.contains("| bia | [") }.count == 6 && ab.filter { $0.contains("| ana | [") }.count == 7, "\(ab)")
    }
}
