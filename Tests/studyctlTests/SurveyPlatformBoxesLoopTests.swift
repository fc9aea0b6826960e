import Foundation
import Testing

/// Checkbox questions exported one column per box (REDCap `var___1`, KoboToolbox `question/option`) and Qualtrics'
/// loop & merge (`1_Q1`, `2_Q1`): each export must store the same answers as the equivalent plain CSV.
@Suite struct SurveyPlatformBoxesLoopTests {
    static func fixture(_ name: String) -> String { Repository.path("Tests/Fixtures/platforms/\(name)") }

    func study(codes: [String], language: String = "en", cliLanguage: String? = "en", tasks: [String] = []) throws -> StudyCtl {
        let cli = try StudyCtl(language: cliLanguage)
        try cli.succeed(["init", "--title", "Platforms", "--language", language])
        try cli.write("people.csv", "code\n" + codes.joined(separator: "\n") + "\n")
        try cli.succeed(["participant", "import", "people.csv"])
        try cli.succeed(["instrument", "add", Self.fixture("device-check.json")])
        try cli.succeed(["instrument", "add", Self.fixture("assistive-tech.json")])
        for task in tasks { try cli.succeed(["task", "add", task, "--title", "Task \(task)"]) }
        return cli
    }

    /// The stored answers as `export csv` writes them: participant, instrument, task, item, value, answer, N/A.
    func stored(_ cli: StudyCtl) throws -> [String] {
        try cli.succeed(["export", "csv", "out"])
        let text = try String(contentsOfFile: cli.path("out/responses.csv"), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            // Split on commas outside quotes (answers hold "Fast, ""clean""").
            var cells: [String] = [], cell = "", quoted = false
            for character in line {
                if character == "\"" { quoted.toggle(); cell.append(character) } else if character == ",", !quoted { cells.append(cell); cell = "" } else { cell.append(character) }
            }
            return cells + [cell]
        }
        let header = lines[0]
        let keep = ["participant", "instrument", "task", "item", "value", "answer", "not_applicable"].map { header.firstIndex(of: $0)! }
        return lines.dropFirst().map { row in keep.map { row[$0] }.joined(separator: ",") }.sorted()
    }

    static let codes = ["1", "2", "3"]
    /// The device each respondent ticked and what they wrote, as a plain CSV holds them.
    static let plainDevices = "code,device,comments\n1,Phone,Small screen.\n2,Laptop,\n3,Tablet,\"Fast, \"\"clean\"\"\"\n"
    /// The assistive technology each ticked (screen reader, magnification, voice control), as yes/no answers.
    static let plainAssist = """
        code,a1,a2,a3
        1,Yes,Yes,No
        2,No,No,No
        3,Yes,No,Yes

        """

    func plain(_ instrument: String, _ csv: String, codes: [String] = codes) throws -> [String] {
        let cli = try study(codes: codes)
        try cli.write("plain.csv", csv)
        try cli.succeed(["responses", "import", "plain.csv", "--instrument", instrument, "--participant-column", "code"])
        return try stored(cli)
    }

    @Test func redcapCheckboxJoinedIntoAChoiceItem() throws {
        let expected = try plain("device-check", Self.plainDevices)
        #expect(expected.contains("1,device-check,,1,,1,0"), "\(expected)")
        // Raw: device___1…3 and assist___1…3 both hold codes 1–3, so --map says which question is item 1.
        let raw = try study(codes: Self.codes)
        let output = try raw.succeed(["responses", "import", Self.fixture("redcap-checkbox-raw.csv"), "--instrument", "device-check",
                                      "--map", "1=device,2=comments"])
        #expect(output.contains("Checkbox columns joined into one answer 'device': 'device___1', 'device___2', 'device___3'"), "\(output)")
        #expect(output.contains("Imported 3 device-check response sets (5 answers)"), "\(output)")
        #expect(try stored(raw) == expected)
        // Labels: the field label is the item's text, so the columns are found without --map.
        let labels = try study(codes: Self.codes)
        let labelled = try labels.succeed(["responses", "import", Self.fixture("redcap-checkbox-labels.csv"), "--instrument", "device-check"])
        #expect(labelled.contains("Checkbox columns joined into one answer 'Which device did you use for the test?': 'Which device did you use for the test? (choice=Phone)'"), "\(labelled)")
        #expect(try stored(labels) == expected)
    }

    @Test func redcapCheckboxBoxesAsYesNoItems() throws {
        let expected = try plain("assistive-tech", Self.plainAssist)
        let raw = try study(codes: Self.codes)
        let output = try raw.succeed(["responses", "import", Self.fixture("redcap-checkbox-raw.csv"), "--instrument", "assistive-tech",
                                      "--items-from", "assist___1"])
        #expect(output.contains("Checkbox columns read one by one, a ticked box as yes: 'assist___1', 'assist___2', 'assist___3'"), "\(output)")
        #expect(output.contains("Imported 3 assistive-tech response sets (9 answers)"), "\(output)")
        #expect(try stored(raw) == expected)
        let labels = try study(codes: Self.codes)
        try labels.succeed(["responses", "import", Self.fixture("redcap-checkbox-labels.csv"), "--instrument", "assistive-tech",
                            "--items-from", "Assistive technology you use (choice=Screen reader)"])
        #expect(try stored(labels) == expected)
    }

    @Test func koboSelectMultipleOptionColumns() throws {
        let devices = try study(codes: Self.codes)
        let output = try devices.succeed(["responses", "import", Self.fixture("kobo-checkbox.csv"), "--instrument", "device-check",
                                          "--map", "1=device,2=comments"])
        #expect(output.contains("Recognised a KoboToolbox export (one header row)"), "\(output)")
        #expect(output.contains("Checkbox columns joined into one answer 'device': 'test/device/phone', 'test/device/laptop', 'test/device/tablet'"), "\(output)")
        #expect(try stored(devices) == (try plain("device-check", Self.plainDevices)))
        let assist = try study(codes: Self.codes)
        try assist.succeed(["responses", "import", Self.fixture("kobo-checkbox.csv"), "--instrument", "assistive-tech",
                            "--items-from", "test/assist/screen_reader"])
        #expect(try stored(assist) == (try plain("assistive-tech", Self.plainAssist)))
    }

    @Test func checkboxBadInputNamesTheCellAndLeavesTheStudyUnchanged() throws {
        let cli = try study(codes: Self.codes)
        // Two questions whose boxes are all the item's choices: which one is meant must be said.
        let ambiguous = try cli.fail(["responses", "import", Self.fixture("redcap-checkbox-raw.csv"), "--instrument", "device-check"])
        #expect(ambiguous.stderr.contains("redcap-checkbox-raw.csv:1:53: the boxes of the checkbox questions 'device', 'assist' are all choices of item 1 of device-check; say which question is that item with --map 1=device"), "\(ambiguous.stderr)")
        // Two boxes ticked for a choice item that holds one; a cell that is no tick.
        let text = try String(contentsOfFile: Self.fixture("redcap-checkbox-raw.csv"), encoding: .utf8)
        try cli.write("two.csv", text.replacingOccurrences(of: "2026-03-03 10:05:13,0,1,0,", with: "2026-03-03 10:05:13,0,1,1,")
            .replacingOccurrences(of: "2026-03-04 10:05:13,0,0,1,", with: "2026-03-04 10:05:13,0,maybe,1,"))
        let two = try cli.fail(["responses", "import", "two.csv", "--instrument", "device-check", "--map", "1=device,2=comments"])
        #expect(two.stderr.contains("two.csv:3:28: participant 2 ticked '2', '3' of 'device', but item 1 of device-check takes one choice"), "\(two.stderr)")
        #expect(two.stderr.contains("two.csv:4:26: 'maybe' in column 'device___2' is neither a ticked box (1, Checked) nor an empty one (0, Unchecked)"), "\(two.stderr)")
        // A box read as an item that has no yes and no.
        let noYes = try cli.fail(["responses", "import", Self.fixture("redcap-checkbox-labels.csv"), "--instrument", "device-check",
                                  "--map", "1=Assistive technology you use (choice=Screen reader),2=Anything else you would like to tell us about the device?"])
        #expect(noYes.stderr.contains("redcap-checkbox-labels.csv:1:210: column 'Assistive technology you use (choice=Screen reader)' is one box of a checkbox question, but item 1 of device-check has no yes and no choices to read it as"), "\(noYes.stderr)")
        // In Portuguese.
        let pt = try StudyCtl(language: "pt-BR")
        try pt.succeed(["init", "--title", "Plataformas", "--language", "pt-BR"])
        try pt.succeed(["instrument", "add", Self.fixture("device-check.json")])
        let portuguese = try pt.fail(["responses", "import", Self.fixture("redcap-checkbox-raw.csv"), "--instrument", "device-check"])
        #expect(portuguese.stderr.contains("as caixas das perguntas de caixas de seleção 'device', 'assist' são todas escolhas do item 1 de device-check; diga qual pergunta é esse item com --map 1=device"), "\(portuguese.stderr)")
    }

    static let loopCodes = ["R_1aBcD2eFgH3iJkL", "R_2mNoP3qRsT4uVwX", "R_3yZaB4cDeF5gHiJ"]

    @Test func qualtricsLoopIterationsAreTasks() throws {
        // The same answers imported task by task from plain CSVs (the second respondent saw no second iteration).
        let plain = try study(codes: Self.loopCodes, tasks: ["T1", "T2"])
        try plain.write("t1.csv", "code,seq\nR_1aBcD2eFgH3iJkL,6\nR_2mNoP3qRsT4uVwX,5\nR_3yZaB4cDeF5gHiJ,7\n")
        try plain.write("t2.csv", "code,seq\nR_1aBcD2eFgH3iJkL,4\nR_3yZaB4cDeF5gHiJ,3\n")
        try plain.succeed(["responses", "import", "t1.csv", "--instrument", "seq", "--participant-column", "code", "--task", "T1"])
        try plain.succeed(["responses", "import", "t2.csv", "--instrument", "seq", "--participant-column", "code", "--task", "T2"])
        let expected = try stored(plain)
        #expect(expected.count == 5)
        #expect(expected.contains("R_3yZaB4cDeF5gHiJ,seq,T1,1,7.0,,0"), "\(expected)")

        let cli = try study(codes: Self.loopCodes, tasks: ["T1", "T2"])
        let output = try cli.succeed(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq", "--loop", "1=T1,2=T2"])
        #expect(output.contains("Recognised a Qualtrics export (3 header rows)"), "\(output)")
        #expect(output.contains("Loop & merge iterations read as tasks: 1 → T1, 2 → T2"), "\(output)")
        #expect(output.contains("Imported 5 seq response sets (5 answers)"), "\(output)")
        #expect(try stored(cli) == expected)

        // pt-BR says the same in Portuguese.
        let pt = try study(codes: Self.loopCodes, language: "pt-BR", cliLanguage: nil, tasks: ["T1", "T2"])
        let portuguese = try pt.succeed(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq", "--loop", "1=T1,2=T2"])
        #expect(portuguese.contains("Repetições do bloco Repetir e mesclar lidas como tarefas: 1 → T1, 2 → T2"), "\(portuguese)")
        let line = portuguese.split(separator: "\n").first { $0.hasPrefix("Repetições") }.map(String.init) ?? ""
        #expect(ForeignWordCheck.english(in: line).isEmpty, "\(line)")
        #expect(try stored(pt) == expected)
    }

    @Test func qualtricsLoopWithoutMappingIsRefused() throws {
        let cli = try study(codes: Self.loopCodes, tasks: ["T1", "T2"])
        let refused = try cli.fail(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq"])
        #expect(refused.stderr.contains("qualtrics-loop.csv:2:265: this Qualtrics export asks its questions in a loop & merge, once per iteration (prefixes 1_, 2_: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("say which task each iteration answers with --loop 1=T1,2=T2"), "\(refused.stderr)")
        let partial = try cli.fail(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq", "--loop", "1=T1"])
        #expect(partial.stderr.contains("the loop in"), "\(partial.stderr)")
        #expect(partial.stderr.contains("has iterations 1, 2, but --loop gives no task for 2; give each iteration its task: --loop 1=T1,2=T2"), "\(partial.stderr)")
        let unknown = try cli.fail(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq", "--loop", "1=T1,2=T9"])
        #expect(unknown.stderr.contains("T9"), "\(unknown.stderr)")
        let notLoop = try cli.fail(["responses", "import", Self.fixture("qualtrics-choice-text.csv"), "--instrument", "sus", "--loop", "1=T1"])
        #expect(notLoop.stderr.contains("has no loop & merge columns (field ids such as 1_Q1, 2_Q1); leave --loop out"), "\(notLoop.stderr)")
        let pt = try study(codes: Self.loopCodes, language: "pt-BR", cliLanguage: nil, tasks: ["T1", "T2"])
        let portuguese = try pt.fail(["responses", "import", Self.fixture("qualtrics-loop.csv"), "--instrument", "seq"])
        #expect(portuguese.stderr.contains("esta exportação do Qualtrics faz as perguntas num bloco Repetir e mesclar, uma vez por repetição (prefixos 1_, 2_: "), "\(portuguese.stderr)")
    }
}
