import Foundation
import Testing

/// Consent by version and withdrawal (issue "Access", item 3): a participant who withdraws leaves no row of their data,
/// their words in a focus group are masked letter for letter so everyone else's passages keep their places, the code
/// cannot come back by accident, the report's methods say it in the study's language, and the register exports.
@Suite(.serialized) struct ConsentWithdrawalTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The focus-group study (P6 holds the group; Ana = P6, Bruno = P7, Sara = P8), coded by auto-code, with consent
    /// version 2 agreed to by P6, P7 and P8.
    func study(_ words: FocusGroupTests.Words) throws -> StudyCtl {
        let cli = try StudyCtl()
        try FocusGroupTests().setUp(cli, words)
        try cli.succeed(["transcript", "search", words.pattern, "--code", words.category, "--coder", "ana"])
        try cli.write("tcle.md", "# Termo de Consentimento Livre e Esclarecido\n\nVocê está sendo convidado(a) a participar…\n")
        try cli.succeed(["consent", "add", "tcle.md", "--version", "2"])
        let recorded = try cli.succeed(["consent", "record", "P6", "--agreed", "--how", "recorded", "--at", "2026-11-03T14:05:00-03:00"])
        #expect(recorded.contains("in a recording (2026-11-03T14:05:00-03:00)"), "\(recorded)")
        // Without --how, paper: said back, so that a default not meant is seen.
        for code in ["P7", "P8"] { #expect(try cli.succeed(["consent", "record", code, "--agreed"]).contains(", on paper (")) }
        return cli
    }

    @Test(arguments: [FocusGroupTests.portuguese, FocusGroupTests.english])
    func withdrawalRemovesEverythingOfTheirsAndKeepsTheOthersInPlace(_ words: FocusGroupTests.Words) throws {
        let cli = try study(words)
        let before = try json(try cli.succeed(["transcript", "show", "P6", "--label", "grupo focal", "--json"]))
        let beforeText = try #require(before["text"] as? String)

        // What others wrote of them names them too.
        try cli.succeed(["memo", "add", "--on", "study", "Bruno pediu uma cópia do relatório; falar com bruno depois."])
        // --dry-run says what would go and changes nothing: the same figures, the study's bytes as they were.
        let untouched = try Data(contentsOf: cli.folder.appendingPathComponent("study.sqlite"))
        let rehearsed = try json(try cli.succeed(["participant", "withdraw", "P7", "--dry-run", "--json"]))
        #expect(rehearsed["dryRun"] as? Bool == true, "\(rehearsed)")
        let rehearsal = try cli.succeed(["participant", "withdraw", "P7", "--dry-run"])
        #expect(rehearsal.contains("--dry-run") && rehearsal.contains("P7") && rehearsal.contains("masked: 1"), "\(rehearsal)")
        #expect(try Data(contentsOf: cli.folder.appendingPathComponent("study.sqlite")) == untouched, "a dry run changed the study")
        let withdrawn = try json(try cli.succeed(["participant", "withdraw", "P7", "--json"]))
        #expect(withdrawn["dryRun"] as? Bool == false, "\(withdrawn)")
        #expect(rehearsed["maskedNames"] as? Int == withdrawn["maskedNames"] as? Int && rehearsed["maskedTurns"] as? Int == withdrawn["maskedTurns"] as? Int,
                "\(rehearsed) vs \(withdrawn)")
        #expect(withdrawn["maskedNames"] as? Int == 2, "\(withdrawn)")
        #expect((withdrawn["record"] as? [String: Any])?["consentVersion"] as? String == "2")
        #expect(withdrawn["maskedTurns"] as? Int == 1, "\(withdrawn)")

        // No row of P7's data: no participant, no coding, and their speaker name gone from the whole file.
        let dump = try cli.dump("study.sqlite")
        #expect(!dump.contains("Bruno"), "the withdrawn speaker's name is still in the study")
        let codes = try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]] ?? []
        #expect(!codes.isEmpty && codes.allSatisfy { $0["participant"] as? String != "P7" }, "\(codes)")
        #expect(!(try cli.succeed(["participant", "list"])).contains("P7"))

        // The group's text keeps its length; P7's words are masked, everyone else's passages still read as coded.
        let after = try json(try cli.succeed(["transcript", "show", "P6", "--label", "grupo focal", "--json"]))
        let afterText = try #require(after["text"] as? String)
        #expect(afterText.unicodeScalars.count == beforeText.unicodeScalars.count)
        let bruno = words.language == "en" ? "I get loan offers every day" : "Recebo ofertas de empréstimo todo dia"
        #expect(beforeText.contains(bruno) && !afterText.contains(bruno))
        let scalars = Array(afterText.unicodeScalars)
        for code in try #require(after["codings"] as? [[String: Any]]) {
            let start = try #require(code["spanStart"] as? Int), end = try #require(code["spanEnd"] as? Int)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            #expect(String(view) == code["excerpt"] as? String, "\(code)")
        }
        // The counts follow: P8 keeps their 3 passages, P7 has none.
        let freq = try json(try cli.succeed(["codes", "freq", "--json"]))
        #expect(((freq["rows"] as? [[String: Any]])?.first?["overall"] as? [String: Any])?["segments"] as? Int == 5, "\(freq)")

        // The code cannot come back by accident, by any door; the study stays as it was.
        let again = try cli.fail(["participant", "add", "P7"])
        #expect(again.stderr.contains("P7 withdrew from the study"), "\(again.stderr)")
        try cli.write("more.csv", "participant,age\nP7,30\n")
        let imported = try cli.fail(["participant", "import", "more.csv"])
        #expect(imported.stderr.contains("withdrew"), "\(imported.stderr)")

        // The register and the list say who withdrew, when, and under which consent.
        try cli.succeed(["export", "consent", "register.csv"])
        let register = try String(contentsOfFile: cli.path("register.csv"), encoding: .utf8)
        #expect(register.contains("withdrawal,P7,2,removed,"), "\(register)")
        #expect(register.contains("consent,P6,2,agreed,2026-11-03T14:05:00-03:00,recorded,"), "\(register)")
        #expect(register.contains("consent,P7,2,agreed,"), "the decision of who withdrew stays on record: \(register)")
        let listed = try json(try cli.succeed(["participant", "withdrawals", "--json"]))["withdrawals"] as? [[String: Any]]
        #expect(listed?.map { $0["participant"] as? String } == ["P7"])

        // The report's methods, in the study's language.
        try cli.succeed(["report", "--output", "report"])
        let report = try String(contentsOfFile: cli.path("report/report.md"), encoding: .utf8)
        let said = words.language == "en"
            ? "1 participant withdrew; their data was removed from the study and from every analysis."
            : "1 participante desistiu; seus dados foram removidos do estudo e de todas as análises."
        #expect(report.contains(said), "the methods do not say the withdrawal")
        let consent = words.language == "en" ? "3 participants agreed to the consent text version 2" : "3 participantes concordaram com o termo de consentimento versão 2"
        #expect(report.contains(consent), "the methods do not state the consent")
    }

    @Test func keptAnonymisedLosesTheNameButKeepsTheData() throws {
        let cli = try study(FocusGroupTests.english)
        try cli.succeed(["participant", "set", "P8", "name=Sara Lima", "age=31"])
        try cli.succeed(["memo", "add", "--on", "participant:P8", "Sara Lima asked for a copy; Lima works at the bank."])
        try cli.succeed(["participant", "attribute", "identifying", "name", "--identifying"])
        let result = try json(try cli.succeed(["participant", "withdraw", "P8", "--keep-anonymised", "--json"]))
        #expect(result["anonymisedCode"] as? String == "W1")
        #expect(result["removedIdentifying"] as? Int == 1)
        let dump = try cli.dump("study.sqlite")
        #expect(!dump.contains("Sara"), "the name is still in the study")
        let codes = try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]] ?? []
        #expect(codes.filter { $0["participant"] as? String == "W1" }.count == 3, "\(codes)")
        let shown = try json(try cli.succeed(["participant", "show", "W1", "--json"]))
        #expect(((shown["participant"] as? [String: Any])?["attributes"] as? [String: Any])?["age"] as? Double == 31)
        #expect(!dump.contains("Lima"), "the surname is still in the study")
        // Nothing links W1 back to P8; and P8 cannot come back by accident either.
        #expect(!(try cli.succeed(["participant", "withdrawals", "--json"])).contains("W1"))
        #expect(try cli.fail(["participant", "add", "P8"]).stderr.contains("P8 withdrew"))
        let report = try { try cli.succeed(["report", "--output", "report"]); return try String(contentsOfFile: cli.path("report/report.md"), encoding: .utf8) }()
        #expect(report.contains("1 participant withdrew; as their consent allowed, their data was kept anonymised."))
    }

    /// A transcript's header ("Speakers: …") names the speakers too: a withdrawal masks the name there as in the text.
    @Test func theHeaderLosesTheNameToo() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Header", "--language", "en"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("group.txt", "Group interview, app redesign\nSpeakers: Rosa, Bruno Teixeira\n\nRosa: What do you think?\nBruno Teixeira: It is slow.\nP1: It is fine.\n")
        try cli.succeed(["transcript", "add", "P1", "group.txt", "--speaker", "Rosa=moderator", "--speaker", "Bruno Teixeira=P2"])
        #expect(try cli.succeed(["transcript", "show", "P1"]).contains("Bruno Teixeira"))
        try cli.succeed(["participant", "withdraw", "P2"])
        #expect(!(try cli.dump("study.sqlite")).contains("Bruno"), "the withdrawn speaker's name is still in the study")
        let shown = try cli.succeed(["transcript", "show", "P1", "--plain"])
        #expect(shown.contains("P1: It is fine."), "\(shown)")
    }

    @Test func badConsentInputIsRefusedAndChangesNothing() throws {
        let cli = try study(FocusGroupTests.english)
        try cli.write("other.md", "Other words.\n")
        #expect(try cli.fail(["consent", "add", "other.md", "--version", "2"]).stderr.contains("already holds consent version 2"))
        #expect(try cli.fail(["consent", "record", "P1", "--agreed", "--version", "9"]).stderr.contains("No consent version 9"))
        #expect(try cli.fail(["consent", "record", "P1", "--agreed", "--at", "yesterday"]).stderr.contains("ISO 8601"))
        #expect(try cli.fail(["consent", "record", "P1"]).stderr.contains("--agreed"))
        #expect(try cli.fail(["consent", "record", "P1", "--agreed", "--declined"]).stderr.contains("only one of --agreed and --declined"))
        #expect(try cli.fail(["participant", "withdraw", "P99"]).stderr.contains("No participant P99"))
        // A refusal by someone whose data the study holds is a withdrawal; keeping data anonymised needs an agreement.
        let declined = try cli.fail(["consent", "record", "P6", "--declined"], study: "study.sqlite")
        #expect(declined.stderr.lowercased().contains("a refusal after taking part is a withdrawal") && declined.stderr.contains("participant withdraw P6"), "\(declined.stderr)")
        let unconsented = try cli.fail(["participant", "withdraw", "P1", "--keep-anonymised"], study: "study.sqlite")
        #expect(unconsented.stderr.lowercased().contains("no agreement to a consent text is recorded for p1"), "\(unconsented.stderr)")
        try cli.write("empty.md", "  \n")
        #expect(try cli.fail(["consent", "add", "empty.md", "--version", "3"]).stderr.contains("empty"))
        // The same words under the same version change nothing and succeed.
        try cli.succeed(["consent", "add", "tcle.md", "--version", "2"])
        #expect(try cli.succeed(["consent", "show", "2"]).hasPrefix("# Termo de Consentimento"))
    }
}
