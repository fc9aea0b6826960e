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
        // Called what it is: a focus group, not an interview.
        #expect(shown.contains("Transcript of P6 (focus group)") && !shown.contains("(interview)"), "\(shown)")
        // A hit names its speaker once, not again with the turn's own "Name:".
        let hits = try cli.succeed(["transcript", "search", "Bruno"]) + (try cli.succeed(["transcript", "search", "[a-z]+"]))
        for line in hits.split(separator: "\n") where line.contains(": …") {
            let speaker = line.split(separator: ":")[3].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            #expect(!speaker.isEmpty && !line.contains("…\(speaker):"), "\(line)")
        }
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
                              "--occurrence", "4", "--transcript", "grupo focal"]).stderr.contains("only this often: 3"))
    }

    /// A study exported as REFI-QDA and imported into a new one gives the same frequencies, matrix and agreement (as
    /// JSON), the same speakers (the moderators too) and each participant's codings.
    /// A WhisperX JSON of one interview: two segments, each word with its time and score.
    static let whisperX = """
        {"segments": [
          {"start": 0.5, "end": 2.0, "text": " O app é bom?", "speaker": "SPEAKER_00", "words": [
            {"word": "O", "start": 0.5, "end": 0.6, "score": 0.9, "speaker": "SPEAKER_00"}, {"word": "app", "start": 0.7, "end": 1.0, "score": 0.8, "speaker": "SPEAKER_00"},
            {"word": "é", "start": 1.1, "end": 1.2, "score": 0.95, "speaker": "SPEAKER_00"}, {"word": "bom?", "start": 1.3, "end": 2.0, "score": 0.7, "speaker": "SPEAKER_00"}]},
          {"start": 2.5, "end": 5.0, "text": " Os empréstimos me cansam.", "speaker": "SPEAKER_01", "words": [
            {"word": "Os", "start": 2.5, "end": 2.7, "score": 0.9, "speaker": "SPEAKER_01"}, {"word": "empréstimos", "start": 2.8, "end": 3.6, "score": 0.85, "speaker": "SPEAKER_01"},
            {"word": "me", "start": 3.7, "end": 3.9, "score": 0.9, "speaker": "SPEAKER_01"}, {"word": "cansam.", "start": 4.0, "end": 5.0, "score": 0.88, "speaker": "SPEAKER_01"}]}
        ], "language": "pt"}
        """

    /// A Word document of `lines`, one paragraph each (the least a .docx holds: word/document.xml in a ZIP).
    static func docx(_ cli: StudyCtl, _ name: String, _ lines: [String]) throws {
        let body = lines.map { "<w:p><w:r><w:t xml:space=\"preserve\">\($0)</w:t></w:r></w:p>" }.joined()
        try cli.write("document.xml", "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>\(body)</w:body></w:document>")
        try FileManager.default.createDirectory(atPath: cli.path("docx/word"), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: cli.path("docx/word/document.xml"))
        try FileManager.default.moveItem(atPath: cli.path("document.xml"), toPath: cli.path("docx/word/document.xml"))
        try? FileManager.default.removeItem(atPath: cli.path(name))
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: try #require(Tool.locate("zip"), "zip is not on PATH"))
        zip.arguments = ["-q", "-r", cli.path(name), "word"]
        zip.currentDirectoryURL = URL(fileURLWithPath: cli.path("docx"))
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
    }

    @Test func aREFIRoundTripKeepsTheResults() throws {
        let cli = try study(Self.portuguese)
        let pattern = Self.portuguese.pattern
        try cli.succeed(["transcript", "search", pattern, "--code", Self.portuguese.category, "--coder", "ana"])
        try cli.succeed(["transcript", "search", pattern, "--code", Self.portuguese.category, "--coder", "bia", "--participant", "P6", "--participant", "P8"])
        // What else a study keeps of its people and transcripts: an identifying attribute, a WhisperX interview's word
        // times, a Word interview's header, and the group's recording (its transcript labelled "grupo focal").
        try cli.write("pessoas.csv", "participant,nome,idade\nP6,Ana Souza,31\nP7,Bruno Reis,45\nP8,Sara Lima,29\n")
        try cli.succeed(["participant", "import", "pessoas.csv", "--update", "--identifying", "nome"])
        try cli.write("p8.json", Self.whisperX)
        try cli.succeed(["transcript", "add", "P8", "p8.json", "--label", "entrevista", "--speaker", "SPEAKER_00=moderator", "--speaker", "SPEAKER_01=P8"])
        try Self.docx(cli, "p7.docx", ["Entrevista 7 – App bancário", "Falantes: Rui, Bruno", "Data: 10/03/2026", "Rui: O que achou?", "Bruno: Muitos empréstimos."])
        try cli.succeed(["transcript", "add", "P7", "p7.docx", "--label", "individual", "--speaker", "Rui=moderator", "--speaker", "Bruno=P7"])
        let withRecording = Tool.locate("ffmpeg") != nil && Tool.locate("ffprobe") != nil
        if withRecording {
            try Tool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=d=17", cli.path("grupo.m4a")])
            try cli.succeed(["media", "add", "P6", "grupo.m4a", "--transcript", "grupo focal"])
        }
        try cli.succeed(["export", "qdpx", "estudo.qdpx"])
        try cli.succeed(["init", "--title", "Cópia", "--language", "pt-BR", "--db", "copy.sqlite"])
        try cli.succeed(["import", "qdpx", "estudo.qdpx", "--db", "copy.sqlite"])
        // The identifying mark comes back with the attribute.
        for db in ["study.sqlite", "copy.sqlite"] {
            let attributes = try #require(try json(try cli.succeed(["participant", "list", "--json", "--db", db]))["attributes"] as? [[String: Any]])
            #expect(attributes.first { $0["name"] as? String == "nome" }?["identifying"] as? Bool == true, "\(db): \(attributes)")
            #expect(attributes.first { $0["name"] as? String == "idade" }?["identifying"] as? Bool == false, "\(db): \(attributes)")
        }
        // Word times, the header, the label: each transcript as it was, under its own label.
        for (participant, label) in [("P8", "entrevista"), ("P7", "individual"), ("P6", "grupo focal")] {
            let before = try json(try cli.succeed(["transcript", "show", participant, "--label", label, "--json"]))
            let after = try json(try cli.succeed(["transcript", "show", participant, "--label", label, "--json", "--db", "copy.sqlite"]))
            #expect(after["label"] as? String == label && after["participant"] as? String == before["participant"] as? String, "\(after)")
            for key in ["text", "header", "kind"] { #expect(before[key] as? String == after[key] as? String, "\(participant) \(label) \(key): \(after)") }
            for key in ["words", "turns", "speakers"] { #expect(before[key] as? NSArray == after[key] as? NSArray, "\(participant) \(label) \(key): \(after)") }
        }
        let words = try #require(try json(try cli.succeed(["transcript", "show", "P8", "--label", "entrevista", "--json", "--db", "copy.sqlite"]))["words"] as? [[String: Any]])
        #expect(words.count == 8 && words[5]["start"] as? Int == 2800 && words[5]["end"] as? Int == 3600 && words[5]["score"] as? Double == 0.85, "\(words)")
        let header = try json(try cli.succeed(["transcript", "show", "P7", "--label", "individual", "--json", "--db", "copy.sqlite"]))["header"] as? String
        #expect(header == "Entrevista 7 – App bancário\nFalantes: Rui, Bruno\nData: 10/03/2026")
        if withRecording {
            let media = try #require(try json(try cli.succeed(["media", "list", "--json", "--db", "copy.sqlite"]))["media"] as? [[String: Any]])
            #expect(media.count == 1 && media.first?["transcript"] as? String == "grupo focal", "\(media)")
        }
        // The same project imported again, into the copy or into the study it came from: recognised (the same sources,
        // codings and recording), said, and the study file left byte for byte as it was — no second focus group, no
        // second copy of the recording.
        for (db, language) in [("copy.sqlite", "pt-BR"), ("study.sqlite", "en")] {
            let before = try Data(contentsOf: URL(fileURLWithPath: cli.path(db)))
            let again = try cli.succeed(["import", "qdpx", "estudo.qdpx", "--db", db], environment: ["STUDYCTL_LANGUAGE": language])
            #expect(again.contains(language == "en" ? "estudo.qdpx holds nothing this study lacks (was it imported before?): nothing was changed."
                                   : "estudo.qdpx não traz nada que este estudo não tenha (já foi importado?): nada foi alterado."), "\(again)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path(db))) == before, "\(db) changed by importing the same project again")
            if withRecording { #expect(again.contains(language == "en" ? "already registered" : "já registrada"), "\(again)") }
        }
        if withRecording {
            let copied = try FileManager.default.contentsOfDirectory(atPath: cli.path("copy-gravações"))
            #expect(copied == ["P6 grupo focal.m4a"], "\(copied)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("study-gravações")), "no recording copied out for the study that holds it")
        }
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
    @Test(.enabled(if: REFIQualCoderMediaTests.unavailable == nil, "\(REFIQualCoderMediaTests.unavailable ?? "")"))
    func aQualCoderRoundTripKeepsTheResults() throws {
        let python = try #require(REFIQualCoderMediaTests.python(), "PyQt6 could not be installed for QualCoder")
        let source = try #require(REFIQualCoderMediaTests.source)
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

    /// One rule for the moderator: their words belong to no participant. `--participant` finds only that participant's
    /// words (the moderator's questions in their transcript are left out unless --moderator codes them), and a time
    /// line does not show codings of the moderator's words as the participant's, and says so.
    @Test(arguments: [FocusGroupTests.portuguese, FocusGroupTests.english])
    func theModeratorsWordsAreNoParticipants(_ words: Words) throws {
        let cli = try study(words)
        let six = try json(try cli.succeed(["transcript", "search", words.pattern, "--participant", "P6", "--json"]))
        #expect(try hitsPerParticipant(six) == ["P6": 1], "the moderator's question is not P6's: \(six)")
        let one = try json(try cli.succeed(["transcript", "search", words.pattern, "--participant", "P1", "--json"]))
        #expect(try hitsPerParticipant(one) == ["P1": 1], "the interviewer's question is not P1's: \(one)")
        // Asked for by their speaker, the moderator's words are found; --moderator codes them.
        let asked = try json(try cli.succeed(["transcript", "search", words.pattern, "--participant", "P6", "--speaker", "Mediadora", "--json"]))
        #expect(try hitsPerParticipant(asked) == ["moderator": 1], "\(asked)")
        let coded = try json(try cli.succeed(["transcript", "search", words.pattern, "--participant", "P6", "--code", words.category, "--moderator", "--json"]))
        #expect(((coded["coded"] as? [String: Any])?["coded"] as? [Any])?.count == 2, "\(coded)")
        // P6's time line: Ana's coded words only; the moderator's coding is not P6's, and the line says so.
        let line = try cli.run(["timeline", "P6", "--json"])
        let items = try #require(try json(line.stdout)["items"] as? [[String: Any]])
        let excerpts = items.filter { $0["kind"] as? String == "excerpt" }
        #expect(excerpts.count == 1 && (excerpts.first?["startMs"] as? Int ?? 0) >= 4_500, "\(items)")
        let table = try cli.run(["timeline", "P6"], environment: ["STUDYCTL_LANGUAGE": words.language])
        #expect(table.status == 0)
        #expect(table.stderr.contains(words.language == "en" ? "the moderator's words (1 coded excerpt): the moderator's words belong to no participant"
                                      : "as palavras da moderação (1 trecho codificado): as palavras da moderação não são de nenhum participante"), "\(table.stderr)")
    }

    /// A command that only reads never says "nothing was stored" after its error: a time line that cannot be drawn
    /// says why, and no more. Both languages.
    @Test(arguments: ["en", "pt-BR"])
    func aReadingCommandsErrorSaysNothingOfStoring(_ language: String) throws {
        let cli = try StudyCtl(language: language)
        try cli.succeed(["init", "--title", "T", "--language", language])
        try cli.succeed(["participant", "add", "P1"])
        let failed = try cli.fail(["timeline", "P1"])
        #expect(failed.stderr.contains(language == "en" ? "has neither a moderated session nor a transcript with times" : "não tem sessão moderada nem transcrição com tempos"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("nothing was stored") && !failed.stderr.contains("nada foi gravado") && !failed.stderr.contains("1 problem"), "\(failed.stderr)")
    }

    /// `export quotes --pseudonymise` alone keeps the speakers' names out of the quotes and their contexts: a mapped
    /// speaker's name becomes their participant's pseudonym, the moderator's `[…]`, a name kept in an identifying
    /// attribute its participant's pseudonym — said, and python-docx reads no name in the document (every paragraph
    /// and table cell).
    @Test func pseudonymisedQuotesNameNoSpeaker() throws {
        let cli = try study(Self.english)
        // P1's name, kept in an identifying attribute, said in a second interview.
        try cli.write("nomes.csv", "participant,name\nP1,Margaret Sousa\n")
        try cli.succeed(["participant", "import", "nomes.csv", "--update", "--identifying", "name"])
        try cli.write("p1b.txt", "Margaret Sousa here. The loans are too many, says Sousa.\n")
        try cli.succeed(["transcript", "add", "P1", "p1b.txt", "--label", "second"])
        try cli.succeed(["transcript", "search", Self.english.pattern, "--code", Self.english.category, "--coder", "ana"])
        let result = try cli.run(["export", "quotes", "quotes.docx", "--pseudonymise", "--context", "1s"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("speakers' names masked in the quotes and their contexts (as their participant's pseudonym, else […]): Ana, Bruno, Interviewer, Mediadora, P1, Sara"), "\(result.stderr)")
        let names = ["Ana", "Bruno", "Sara", "Mediadora", "Interviewer", "Margaret", "Sousa", "P1", "P6", "P7", "P8"]
        func leaks(_ text: String) -> [String] { names.filter { text.range(of: "\\b\($0)\\b", options: .regularExpression) != nil } }
        let xml = try Tool.run("unzip", ["-p", cli.path("quotes.docx"), "word/document.xml"]).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        #expect(xml.contains("Stop sending me loans") && xml.contains("are too many"), "the quotes are there: \(xml)")
        #expect(leaks(xml).isEmpty, "names in the document: \(leaks(xml)) in \(xml)")
        // Without --pseudonymise the contexts name them (the check above would see them).
        try cli.succeed(["export", "quotes", "plain.docx", "--context", "1s"])
        let plain = try Tool.run("unzip", ["-p", cli.path("plain.docx"), "word/document.xml"])
        #expect(plain.contains("Bruno") && plain.contains("Mediadora") && plain.contains("Margaret Sousa"), "\(plain)")
        if let python = DocumentTools.python() {
            let script = """
                import docx, sys
                d = docx.Document(sys.argv[1])
                parts = [p.text for p in d.paragraphs]
                for t in d.tables:
                    for row in t.rows:
                        for cell in row.cells:
                            parts += [p.text for p in cell.paragraphs]
                print("\\n".join(parts))
                """
            let read = DocumentTools.run(python, ["-c", script, cli.path("quotes.docx")])
            #expect(read.status == 0 && read.output.contains("Stop sending me loans"), "\(read.output)")
            #expect(leaks(read.output).isEmpty, "python-docx reads \(leaks(read.output)): \(read.output)")
        }
    }

    /// A count of one reads in the singular: "Coded 1 passage", "1 trecho codificado", never "1 trechos codificados".
    @Test func oneCodedPassageReadsInTheSingular() throws {
        let cli = try study(Self.portuguese)
        let english = try cli.succeed(["transcript", "search", "(?i)\\bdemais\\b", "--code", Self.portuguese.category, "--coder", "ana"])
        #expect(english.contains("Coded 1 passage as Excesso de ofertas in one step."), "\(english)")
        let portuguese = try cli.succeed(["transcript", "search", "(?i)\\bparem\\b", "--code", Self.portuguese.category, "--coder", "bia"],
                                         environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(portuguese.contains("1 trecho codificado como Excesso de ofertas de uma só vez."), "\(portuguese)")
        #expect(!portuguese.contains("1 trechos"), "\(portuguese)")
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
