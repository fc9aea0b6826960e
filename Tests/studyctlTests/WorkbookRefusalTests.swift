import Foundation
import Testing

/// What an import says of a workbook or a platform export it cannot take as it is: a formula saved without its
/// result, a sheet that is not there, a decimal cell off the scale, a whole platform export read as participants.
@Suite struct WorkbookRefusalTests {
    /// Writes `name` as an xlsx with one sheet 'Form1': a header row, then `rows` of cells written verbatim
    /// (`<c …>…</c>`), the way openpyxl writes a formula it could not compute (`<f>3+1</f><v />`).
    static func workbook(_ cli: StudyCtl, _ name: String, rows: [String]) throws {
        let header = ["Participante", "Os recursos deste sistema atendem às minhas necessidades.", "Este sistema é fácil de usar."]
        let headerRow = "<row r=\"1\">" + header.enumerated().map { index, text in
            "<c r=\"\(["A", "B", "C"][index])1\" t=\"inlineStr\"><is><t>\(text)</t></is></c>"
        }.joined() + "</row>"
        let body = rows.enumerated().map { "<row r=\"\($0.offset + 2)\">\($0.element)</row>" }.joined()
        try cli.write("make.py", #"""
            import sys, zipfile
            sheet = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + sys.argv[2] + '</sheetData></worksheet>')
            workbook = ('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
                '<sheet name="Form1" sheetId="1" r:id="rId1"/></sheets></workbook>')
            rels = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
                z.writestr("xl/workbook.xml", workbook)
                z.writestr("xl/_rels/workbook.xml.rels", rels)
                z.writestr("xl/worksheets/sheet1.xml", sheet)
            """#)
        #expect(try SpreadsheetImportTests.run(["python3", "make.py", name, headerRow + body], in: cli.folder) == 0)
    }

    static func row(_ number: Int, _ code: String, _ first: String, _ second: String) -> String {
        "<c r=\"A\(number)\" t=\"inlineStr\"><is><t>\(code)</t></is></c><c r=\"B\(number)\">\(first)</c><c r=\"C\(number)\">\(second)</c>"
    }

    @Test func aFormulaWithoutItsResultIsRefusedNamingTheCell() throws {
        for language in ["en", "pt-BR"] {
            let cli = try StudyCtl(language: nil)
            try cli.succeed(["init", "--title", "Fórmulas", "--language", language])
            for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
            try Self.workbook(cli, "ms.xlsx", rows: [Self.row(2, "P1", "<v>6</v>", "<v>5</v>"), Self.row(3, "P2", "<v>7</v>", "<v>5</v>"),
                                                     Self.row(4, "P3", "<f>3+1</f><v />", "<v>5</v>")])
            let refused = try cli.fail(["responses", "import", "ms.xlsx", "--instrument", "umux-lite", "--participant-column", "Participante"]).stderr
            #expect(refused.contains(language == "en"
                ? "ms.xlsx:Form1!B4: formula without a stored result: open and save the workbook in Excel or LibreOffice first"
                : "ms.xlsx:Form1!B4: fórmula sem resultado gravado: abra e salve a pasta de trabalho no Excel ou no LibreOffice antes"), "\(refused)")
            // A formula with its cached result is read as that result.
            try Self.workbook(cli, "ok.xlsx", rows: [Self.row(2, "P1", "<f>3+3</f><v>6</v>", "<v>5</v>")])
            #expect(try cli.succeed(["responses", "import", "ok.xlsx", "--instrument", "umux-lite", "--participant-column", "Participante"]).contains("2"))
        }
    }

    @Test func aMissingSheetSaysHowManySheetsThereAre() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Folhas", "--language", "pt-BR"])
        try Self.workbook(cli, "ms.xlsx", rows: [Self.row(2, "P1", "<v>6</v>", "<v>5</v>")])
        let refused = try cli.fail(["participant", "import", "ms.xlsx", "--sheet", "3"]).stderr
        #expect(refused.contains("ms.xlsx: não há planilha '3'; a pasta de trabalho tem uma só planilha, 'Form1'"), "\(refused)")
        let english = try StudyCtl()
        try english.succeed(["init", "--title", "Sheets"])
        try Self.workbook(english, "ms.xlsx", rows: [Self.row(2, "P1", "<v>6</v>", "<v>5</v>")])
        #expect(try english.fail(["participant", "import", "ms.xlsx", "--sheet", "3"]).stderr.contains("ms.xlsx: no sheet '3'; the workbook has one sheet, 'Form1'"))
    }

    @Test func aDecimalCellOffTheScaleIsSaidWithADecimalCommaInPortuguese() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Decimais", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try Self.workbook(cli, "ms.xlsx", rows: [Self.row(2, "P1", "<v>5.5</v>", "<v>5</v>")])
        let refused = try cli.fail(["responses", "import", "ms.xlsx", "--instrument", "umux-lite", "--participant-column", "Participante"]).stderr
        #expect(refused.contains("'5,5' não é um ponto da escala 1–7"), "\(refused)")
        #expect(!refused.contains("5.5"), "\(refused)")
        let run = try cli.run(["responses", "import", "ms.xlsx", "--instrument", "umux-lite", "--participant-column", "Participante"],
                              environment: ["STUDYCTL_LANGUAGE": "en"])
        #expect(run.status != 0)
        let english = run.stderr
        #expect(english.contains("'5.5' is not a point of the 1–7 scale"), "\(english)")
    }

    @Test func aWholeQualtricsExportImportsItsRespondentsLeavingOutTheQuestions() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Qualtrics"])
        let file = SurveyPlatformTests.fixture("qualtrics-long-question-texts.csv")
        let missing = try cli.fail(["responses", "import", file, "--instrument", "sus"]).stderr
        #expect(missing.contains("no participant 'R_abc0XyZ' in the study; add or import participants first ('studyctl participant import \(file)' registers the file's respondents), or name the column of the study's participant codes with --participant-column"), "\(missing)")
        let imported = try cli.succeed(["participant", "import", file])
        #expect(imported.contains("Recognised a Qualtrics export (3 header rows)"), "\(imported)")
        for leftOut in ["Start Date", "Recorded Date", "Avalie o aplicativo: [Acho que gostaria de utilizar este produto com frequência]"] {
            #expect(imported.contains("'\(leftOut)'"), "\(leftOut) listed as left out in \(imported)")
        }
        let list = try cli.succeed(["participant", "list", "--json"])
        for code in ["R_abc0XyZ", "R_abc3XyZ"] { #expect(list.contains(code), "\(list)") }
        #expect(!list.contains("Acho que gostaria") && !list.contains("Start Date"), "\(list)")
        #expect(try cli.succeed(["responses", "import", file, "--instrument", "sus"]).contains("4"))
    }
}
