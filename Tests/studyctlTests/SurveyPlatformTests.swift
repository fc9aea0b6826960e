import Foundation
import Testing

/// `responses import` of survey platforms' exports (fixtures under Tests/Fixtures/platforms, written from each
/// platform's documented layout): each must store the same answers as the equivalent plain CSV.
@Suite struct SurveyPlatformTests {
    /// The answers every fixture holds (SUS, three respondents; nil is an unanswered item).
    static let answers: [[Int?]] = [[4, 2, 5, 1, 4, 2, 5, 1, 4, 2], [3, 3, 4, 2, 3, nil, 4, 2, 3, 3], [5, 1, 5, 1, 5, 1, 5, 1, 5, 1]]

    static func fixture(_ name: String) -> String { Repository.path("Tests/Fixtures/platforms/\(name)") }

    func study(codes: [String], language: String = "en", cliLanguage: String? = "en") throws -> StudyCtl {
        let cli = try StudyCtl(language: cliLanguage)
        try cli.succeed(["init", "--title", "Platforms", "--language", language])
        try cli.write("people.csv", "code\n" + codes.joined(separator: "\n") + "\n")
        try cli.succeed(["participant", "import", "people.csv"])
        return cli
    }

    /// The stored answers as `export csv` writes them: participant, item, value, text, N/A (not the time stamp).
    func stored(_ cli: StudyCtl) throws -> [String] {
        try cli.succeed(["export", "csv", "out"])
        let text = try String(contentsOfFile: cli.path("out/responses.csv"), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        let keep = ["participant", "instrument", "item", "value", "answer", "not_applicable"].map { header.firstIndex(of: $0)! }
        return lines.dropFirst().map { row in keep.map { row[$0] }.joined(separator: ",") }.sorted()
    }

    /// The same answers imported from a plain CSV with the given participant codes.
    func plain(codes: [String]) throws -> [String] {
        let cli = try study(codes: codes)
        let rows = zip(codes, Self.answers).map { code, answers in ([code] + answers.map { $0.map(String.init) ?? "" }).joined(separator: ",") }
        try cli.write("plain.csv", "code," + (1...10).map { "Q\($0)" }.joined(separator: ",") + "\n" + rows.joined(separator: "\n") + "\n")
        try cli.succeed(["responses", "import", "plain.csv", "--instrument", "sus", "--participant-column", "code"])
        let answers = try stored(cli)
        #expect(answers.count == 29)
        #expect(answers.contains("\(codes[1]),sus,6,,,0") == false)
        return answers
    }

    func check(_ file: String, codes: [String], arguments: [String] = [], platform: String, headerRows: String, leftOut: [String],
               respondent: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cli = try study(codes: codes)
        let output = try cli.succeed(["responses", "import", Self.fixture(file), "--instrument", "sus"] + arguments, sourceLocation: sourceLocation)
        #expect(output.contains("Recognised a \(platform) export (\(headerRows))"), "\(output)", sourceLocation: sourceLocation)
        if let respondent {
            #expect(output.contains("Participant codes read from the respondent id column '\(respondent)'"), "\(output)", sourceLocation: sourceLocation)
        }
        for column in leftOut {
            #expect(output.contains("'\(column)'"), "\(column) not listed as left out: \(output)", sourceLocation: sourceLocation)
        }
        #expect(output.contains("Imported 3 sus response sets (29 answers)"), "\(output)", sourceLocation: sourceLocation)
        #expect(try stored(cli) == (try plain(codes: codes)), sourceLocation: sourceLocation)
    }

    static let qualtricsCodes = ["R_1aBcD2eFgH3iJkL", "R_2mNoP3qRsT4uVwX", "R_3yZaB4cDeF5gHiJ"]

    @Test func qualtricsChoiceText() throws {
        try check("qualtrics-choice-text.csv", codes: Self.qualtricsCodes, platform: "Qualtrics", headerRows: "3 header rows",
                  leftOut: ["EndDate", "Duration (in seconds)", "DistributionChannel", "Q2_DO"], respondent: "Response ID")
    }

    @Test func qualtricsRecodeValuesAndSeenButUnanswered() throws {
        try check("qualtrics-recode.tsv", codes: Self.qualtricsCodes, arguments: ["--recode", "11=1,12=2,13=3,14=4,15=5"],
                  platform: "Qualtrics", headerRows: "3 header rows", leftOut: ["IPAddress"], respondent: "Response ID")
        // Without --recode the recode values are refused, naming the cell; nothing is stored.
        let cli = try study(codes: Self.qualtricsCodes)
        let before = try cli.dump("study.sqlite")
        let refused = try cli.fail(["responses", "import", Self.fixture("qualtrics-recode.tsv"), "--instrument", "sus"])
        #expect(refused.stderr.contains("qualtrics-recode.tsv:4:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("participant R_1aBcD2eFgH3iJkL, item 1"), "\(refused.stderr)")
        #expect(refused.stderr.contains("'14' is outside the 1–5 scale"), "\(refused.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
    }

    @Test func qualtricsLegacyTwoRows() throws {
        try check("qualtrics-legacy.csv", codes: Self.qualtricsCodes, platform: "Qualtrics", headerRows: "2 header rows",
                  leftOut: ["V2", "V7"], respondent: "ResponseID")
    }

    @Test func surveyMonkey() throws {
        try check("surveymonkey.csv", codes: ["114230915722", "114230987310", "114231004588"], platform: "SurveyMonkey",
                  headerRows: "2 header rows", leftOut: ["Collector ID", "IP Address", "Custom Data 1"], respondent: "Respondent ID")
    }

    @Test func redcapRawAndLabels() throws {
        // Raw variable names carry no item text, and the comment column is one more: the items are named.
        try check("redcap-raw.csv", codes: ["1", "2", "3"], arguments: ["--items-from", "sus_1"], platform: "REDCap", headerRows: "one header row",
                  leftOut: ["redcap_survey_identifier", "sus_complete"], respondent: "record_id")
        try check("redcap-labels.csv", codes: ["1", "2", "3"], platform: "REDCap", headerRows: "one header row",
                  leftOut: ["Survey Identifier", "Complete?"], respondent: "Record ID")
    }

    @Test func koboToolbox() throws {
        try check("kobo.csv", codes: ["48211", "48212", "48213"], platform: "KoboToolbox", headerRows: "one header row",
                  leftOut: ["deviceid", "_uuid", "Devices used/phone", "__version__"], respondent: "_id")
    }

    @Test func soSciSurvey() throws {
        try check("sosci.csv", codes: ["101", "102", "103"], platform: "SoSci Survey", headerRows: "one header row",
                  leftOut: ["SERIAL", "QUESTNNR", "TIME001", "TIME_SUM", "MISSREL"], respondent: "CASE")
    }

    @Test func fromNamesThePlatformAndPlainReadsTheFileAsItIs() throws {
        // --from qualtrics on the Qualtrics file is what detection finds; --from plain reads line 1 as the header
        // and the respondent column must then be named.
        try check("qualtrics-choice-text.csv", codes: Self.qualtricsCodes, arguments: ["--from", "qualtrics"], platform: "Qualtrics",
                  headerRows: "3 header rows", leftOut: ["Status"], respondent: "Response ID")
        let cli = try study(codes: Self.qualtricsCodes)
        let plain = try cli.fail(["responses", "import", Self.fixture("sosci.csv"), "--instrument", "sus", "--from", "plain"])
        #expect(plain.stderr.contains("is not an export of a survey platform this tool knows; say which column holds the participant codes with --participant-column"), "\(plain.stderr)")
    }

    @Test func participantCodeFromAnotherColumnByItsFieldID() throws {
        // A SoSci REF or a Qualtrics field named by its id: the named column is the participant, even a meta one.
        let cli = try study(codes: ["P1", "P2", "P3"])
        let text = try String(contentsOfFile: Self.fixture("sosci.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, code) in ["P1", "P2", "P3"].enumerated() {
            var cells = lines[index + 1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            cells[2] = code
            lines[index + 1] = cells.joined(separator: "\t")
        }
        try cli.write("sosci-ref.csv", lines.joined(separator: "\n"))
        let output = try cli.succeed(["responses", "import", "sosci-ref.csv", "--instrument", "sus", "--participant-column", "REF"])
        #expect(output.contains("Imported 3 sus response sets (29 answers)"), "\(output)")
        #expect(!output.contains("respondent id column"), "\(output)")
        #expect(try stored(cli) == (try plain(codes: ["P1", "P2", "P3"])))
    }

    @Test func badInputNamesWhereAndLeavesTheStudyUnchanged() throws {
        let cli = try study(codes: Self.qualtricsCodes)
        let before = try cli.dump("study.sqlite")
        let unknown = try cli.fail(["responses", "import", Self.fixture("qualtrics-choice-text.csv"), "--instrument", "sus", "--from", "surveygizmo"])
        #expect(unknown.stderr.contains("surveygizmo"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("qualtrics"), "the error lists the platforms: \(unknown.stderr)")
        let noID = try cli.fail(["responses", "import", Self.fixture("qualtrics-no-importid.csv"), "--instrument", "sus"])
        #expect(noID.stderr.contains("qualtrics-no-importid.csv:3:1: this Qualtrics export has field ids and question texts but no ImportId row on line 3"), "\(noID.stderr)")
        let text = try String(contentsOfFile: Self.fixture("qualtrics-choice-text.csv"), encoding: .utf8)
        let range = try #require(text.range(of: "EN,Agree,"))
        try cli.write("unknown-label.csv", text.replacingCharacters(in: range, with: "EN,Kind of agree,"))
        let label = try cli.fail(["responses", "import", "unknown-label.csv", "--instrument", "sus"])
        #expect(label.stderr.contains("unknown-label.csv:4:"), "\(label.stderr)")
        #expect(label.stderr.contains("participant R_1aBcD2eFgH3iJkL, item 1"), "\(label.stderr)")
        #expect(label.stderr.contains("'Kind of agree' is neither a number of the 1–5 scale nor one of its labels"), "\(label.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
    }

    @Test func portugueseStudySpeaksPortuguese() throws {
        let cli = try study(codes: ["114230915722", "114230987310", "114231004588"], language: "pt-BR", cliLanguage: nil)
        let output = try cli.succeed(["responses", "import", Self.fixture("surveymonkey.csv"), "--instrument", "sus"])
        #expect(output.contains("Exportação do SurveyMonkey reconhecida (2 linhas de cabeçalho)"), "\(output)")
        #expect(output.contains("Códigos de participante lidos da coluna de identificação do respondente 'Respondent ID'"), "\(output)")
        #expect(output.contains("Colunas próprias do SurveyMonkey deixadas de lado: 'Collector ID'"), "\(output)")
        #expect(output.contains("3 conjuntos de respostas de sus importados (29 respostas)"), "\(output)")
        let sentences = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Exportação") || $0.hasPrefix("Códigos") }
        for line in sentences { #expect(ForeignWordCheck.english(in: line.replacingOccurrences(of: "'Respondent ID'", with: "")).isEmpty, "\(line)") }
        let before = try cli.dump("study.sqlite")
        let noID = try cli.fail(["responses", "import", Self.fixture("qualtrics-no-importid.csv"), "--instrument", "sus"])
        #expect(noID.stderr.contains("qualtrics-no-importid.csv:3:1: esta exportação do Qualtrics tem identificadores de campo e textos das perguntas, mas não tem a linha de ImportId na linha 3"), "\(noID.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
    }

    @Test func participantsImportTakesTheRespondentIDAndLeavesMetaColumnsOut() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Platforms", "--language", "en"])
        try cli.write("demographics.csv", """
            CASE\tSERIAL\tREF\tQUESTNNR\tMODE\tSTARTED\tAge\tRole\tTIME001\tTIME_SUM\tLASTDATA\tFINISHED
            101\t\t\tbase\tinterview\t2026-03-02 10:00:00\t34\tdesigner\t20\t20\t2026-03-02 10:00:20\t1
            102\t\t\tbase\tinterview\t2026-03-03 10:00:00\t41\tdeveloper\t25\t25\t2026-03-03 10:00:25\t1

            """)
        let output = try cli.succeed(["participant", "import", "demographics.csv"])
        #expect(output.contains("Recognised a SoSci Survey export (one header row)"), "\(output)")
        #expect(output.contains("'QUESTNNR'"), "\(output)")
        let list = try cli.succeed(["participant", "list", "--json"])
        #expect(list.contains("\"101\""), "\(list)")
        #expect(list.contains("designer"), "\(list)")
        #expect(!list.contains("QUESTNNR"), "\(list)")
    }

    @Test func realQualtricsExportFromQualtRics() throws {
        // qualtRics' sample (a real export, German header texts): three header rows, one response.
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Platforms", "--language", "en"])
        let output = try cli.succeed(["participant", "import", Self.fixture("qualtrics-real-qualtRics-sample.csv")])
        #expect(output.contains("Recognised a Qualtrics export (3 header rows)"), "\(output)")
        #expect(output.contains("'EndDate'") && output.contains("'UserLanguage'"), "\(output)")
        #expect(output.contains("Participant codes read from the respondent id column 'Antwort-ID'"), "\(output)")
        let list = try cli.succeed(["participant", "list", "--json"])
        #expect(list.contains("R_2YPOQ602ER1jkf1"), "\(list)")
        #expect(list.contains("Hello World!"), "\(list)")
        #expect(!list.contains("130.92.34.66"), "\(list)")
    }
}
