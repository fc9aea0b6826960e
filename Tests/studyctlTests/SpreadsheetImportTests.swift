import Foundation
import Testing

/// Survey data as researchers' tools export it: Excel and LibreOffice workbooks, Windows-1252 and UTF-16 CSV,
/// `|`-separated files, and each form tool's time stamps — through the binary, in both languages.
@Suite struct SpreadsheetImportTests {
    static let participants = """
        codigo,idade,grupo,nivel
        P01,34,controle,Intermediário
        P02,29,teste,Avançado
        P03,41,controle,Iniciante

        """
    /// A Google Forms export in Portuguese: its time stamps day first, one with a day over 12.
    static let responses = """
        Carimbo de data/hora,Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10
        18/11/2026 17:34:56,P01,4,2,5,1,4,2,5,1,4,2
        05/11/2026 09:00:00,P02,3,3,3,3,3,3,3,3,3,3
        19/11/2026 08:15:30,P03,5,1,5,1,5,1,5,1,5,1

        """
    static let attempts = """
        participante,tarefa,tempo,erros,resultado
        P01,T1,35.5,0,success
        P02,T1,80,2,failure
        P03,T1,42,1,success

        """

    /// `soffice`, from Debian's libreoffice-calc-nogui (`scripts/install-deps.sh --tests` installs it); nil, with
    /// the reason printed, where it is not there.
    static let soffice: String? = {
        for path in ["/usr/bin/soffice", "/usr/local/bin/soffice", "/opt/homebrew/bin/soffice"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        NeededTool.missing("soffice (libreoffice-calc-nogui)", skips: "reading LibreOffice's own workbooks")
        return nil
    }()

    static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path  // LibreOffice's profile, away from the user's
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A study with the three tables imported from `files` (participants, responses, attempts), and what it
    /// exports as CSV (participants and responses, the submitted time included).
    static func study(_ cli: StudyCtl, db: String, files: [String], extra: [String] = []) throws -> (outputs: [String], tables: [String]) {
        try cli.succeed(["init", "--title", "Planilhas", "--language", "pt-BR", "--db", db])
        try cli.succeed(["task", "add", "T1", "--title", "Cadastro", "--db", db])
        var outputs: [String] = []
        outputs.append(try cli.succeed(["participant", "import", files[0], "--db", db] + extra))
        outputs.append(try cli.succeed(["responses", "import", files[1], "--instrument", "sus", "--participant-column", "Participante",
                                        "--items-from", "Q1", "--db", db] + extra))
        outputs.append(try cli.succeed(["attempt", "import", files[2], "--db", db] + extra))
        let folder = "export-\(db)"
        try cli.succeed(["export", "csv", folder, "--db", db])
        let tables = try ["participants.csv", "responses.csv", "attempts.csv"].map {
            try String(contentsOfFile: cli.path("\(folder)/\($0)"), encoding: .utf8)
        }
        return (outputs, tables)
    }

    /// The same tables as CSV, as an .xlsx and an .ods that LibreOffice wrote from them, and as an .xlsx that
    /// openpyxl wrote with typed cells (numbers, a date-time cell for the time stamp, as Microsoft Forms writes
    /// it): each import stores what the CSV import stores.
    @Test func workbooksImportAsTheirCSVDoes() throws {
        let cli = try StudyCtl()
        let names = ["participants", "responses", "attempts"]
        for (name, text) in zip(names, [Self.participants, Self.responses, Self.attempts]) { try cli.write("\(name).csv", text) }
        let csv = try Self.study(cli, db: "csv.sqlite", files: names.map { "\($0).csv" })
        #expect(csv.outputs[0].contains("Read participants.csv as UTF-8 text, fields separated by ','."), "\(csv.outputs[0])")
        #expect(csv.outputs[1].contains("Time stamps in column 'Carimbo de data/hora' read day first (day/month/year): '18/11/2026 17:34:56' at responses.csv:2:1 has a day over 12"),
                "\(csv.outputs[1])")
        #expect(csv.tables[1].contains("2026-11-18T17:34:56") && csv.tables[1].contains("2026-11-05T09:00:00"), "\(csv.tables[1])")
        #expect(csv.tables[2].contains("35.5") || csv.tables[2].contains("35,5"), "\(csv.tables[2])")

        var checked = 0
        if let soffice = Self.soffice {
            for format in ["xlsx", "ods"] {
                let folder = cli.folder.appendingPathComponent(format)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                // Comma-separated UTF-8, pt-BR (1046), special numbers (dates) detected: the time stamps become date cells.
                let status = try Self.run([soffice, "--headless", "--infilter=CSV:44,34,76,1,,1046,false,true", "--convert-to", format,
                                           "--outdir", folder.path] + names.map { cli.path("\($0).csv") }, in: folder)
                #expect(status == 0, "soffice --convert-to \(format)")
                let files = names.map { "\(format)/\($0).\(format)" }
                let workbook = try Self.study(cli, db: "\(format).sqlite", files: files)
                #expect(workbook.tables == csv.tables, "\(format): \(workbook.tables) vs \(csv.tables)")
                #expect(workbook.outputs[1].contains(format == "xlsx" ? "sheet 'responses' of an Excel workbook" : "sheet 'responses' of an OpenDocument spreadsheet"),
                        "\(workbook.outputs[1])")
                checked += 1
            }
        }
        if let python = SlideChartsTests.openpyxl {
            try cli.write("make.py", """
                import sys, datetime, openpyxl
                def sheet(rows, name, path, typed):
                    wb = openpyxl.Workbook()
                    ws = wb.active
                    ws.title = name
                    for r, row in enumerate(rows):
                        values = []
                        for value in row:
                            if r > 0 and typed(value) is not None:
                                value = typed(value)
                            values.append(value)
                        ws.append(values)
                    for cell in ws["A"][1:]:
                        if isinstance(cell.value, datetime.datetime):
                            cell.number_format = "dd/mm/yyyy hh:mm:ss"
                    wb.save(path)
                def number(text):
                    try:
                        return int(text)
                    except ValueError:
                        try:
                            return float(text)
                        except ValueError:
                            return None
                def stamp(text):
                    try:
                        return datetime.datetime.strptime(text, "%d/%m/%Y %H:%M:%S")
                    except ValueError:
                        return number(text)
                read = lambda name: [line.split(",") for line in open(name + ".csv", encoding="utf-8").read().splitlines() if line]
                sheet(read("participants"), "Participantes", "py-participants.xlsx", number)
                sheet(read("responses"), "Form1", "py-responses.xlsx", stamp)
                sheet(read("attempts"), "Tentativas", "py-attempts.xlsx", number)
                """)
            #expect(try Self.run([python, "make.py"], in: cli.folder) == 0)
            let typed = try Self.study(cli, db: "py.sqlite", files: names.map { "py-\($0).xlsx" })
            #expect(typed.tables == csv.tables, "openpyxl: \(typed.tables) vs \(csv.tables)")
            #expect(typed.outputs[1].contains("Read py-responses.xlsx: sheet 'Form1' of an Excel workbook."), "\(typed.outputs[1])")
            checked += 1
        }
        if checked == 0 { print("SpreadsheetImportTests: neither LibreOffice nor openpyxl could be had; only the hand-made workbook is checked") }
    }

    /// A workbook made here, part by part (inline strings, shared strings with rich runs, a boolean, a formula's
    /// cached text, a date under a custom format, two sheets): `--sheet` by name and by number, a bad cell named
    /// as the sheet shows it (`Dados!C3`), a sheet that is not there named with the ones that are.
    @Test func aHandMadeWorkbookIsReadPartByPart() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Planilhas", "--language", "pt-BR"])
        try cli.write("make.py", #"""
            import zipfile
            def cell(ref, kind, body, style=None):
                s = f' s="{style}"' if style is not None else ""
                return f'<c r="{ref}" t="{kind}"{s}>{body}</c>' if kind else f'<c r="{ref}"{s}>{body}</c>'
            sheet1 = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                '<row r="1">' + cell("A1", "inlineStr", "<is><t>codigo</t></is>") + cell("B1", "s", "<v>0</v>") + cell("C1", "inlineStr", "<is><t>idade</t></is>")
                + cell("D1", "inlineStr", "<is><t>ativo</t></is>") + cell("E1", "inlineStr", "<is><t>entrada</t></is>") + '</row>'
                '<row r="2">' + cell("A2", "inlineStr", "<is><t>P01</t></is>") + cell("B2", "s", "<v>1</v>") + cell("C2", "", "<v>34</v>")
                + cell("D2", "b", "<v>1</v>") + cell("E2", "", "<v>46344.73259259259</v>", 1) + '</row>'
                '<row r="3">' + cell("A3", "str", "<f>\"P\"&amp;\"02\"</f><v>P02</v>") + cell("B3", "s", "<v>2</v>") + cell("C3", "", "<v>29.5</v>")
                + cell("D3", "b", "<v>0</v>") + cell("E3", "", "<v>46331</v>", 2) + '</row>'
                '</sheetData></worksheet>')
            sheet2 = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                '<row r="2">' + cell("B2", "inlineStr", "<is><t>codigo</t></is>") + '</row>'
                '<row r="3">' + cell("B3", "inlineStr", "<is><t>P09</t></is>") + '</row></sheetData></worksheet>')
            shared = ('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                '<si><t>nivel</t></si><si><r><t>Inter</t></r><r><rPr><b/></rPr><t>mediário</t></r></si><si><t xml:space="preserve">Avançado</t></si></sst>')
            styles = ('<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm:ss"/></numFmts>'
                '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>')
            workbook = ('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
                '<sheet name="Dados" sheetId="1" r:id="rId7"/><sheet name="Outros códigos" sheetId="2" r:id="rId8"/></sheets></workbook>')
            rels = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId7" Type="worksheet" Target="worksheets/dados.xml"/>'
                '<Relationship Id="rId8" Type="worksheet" Target="/xl/worksheets/outros.xml"/></Relationships>')
            with zipfile.ZipFile("hand.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
                z.writestr("xl/workbook.xml", workbook)
                z.writestr("xl/_rels/workbook.xml.rels", rels)
                z.writestr("xl/worksheets/dados.xml", sheet1)
                z.writestr("xl/worksheets/outros.xml", sheet2)
                z.writestr("xl/sharedStrings.xml", shared)
                z.writestr("xl/styles.xml", styles)
            """#)
        #expect(try Self.run(["python3", "make.py"], in: cli.folder) == 0, "python3 (the standard library's zipfile) writes the workbook")
        let imported = try cli.succeed(["participant", "import", "hand.xlsx"])
        #expect(imported.contains("Lido hand.xlsx: planilha 'Dados' de uma pasta de trabalho do Excel."), "\(imported)")
        let list = try cli.succeed(["participant", "list", "--json"])
        for value in ["Intermediário", "Avançado", "TRUE", "FALSE", "2026-11-18T17:34:56", "2026-11-05", "P02"] {
            #expect(list.contains(value), "\(value) in \(list)")
        }
        #expect(list.contains("29.5") || list.contains("29,5"), "\(list)")
        #expect(try cli.succeed(["participant", "import", "hand.xlsx", "--sheet", "2"]).contains("planilha 'Outros códigos'"))
        #expect(try cli.succeed(["participant", "list"]).contains("P09"))
        let missing = try cli.fail(["participant", "import", "hand.xlsx", "--sheet", "Respostas"]).stderr
        #expect(missing.contains("hand.xlsx: não há planilha 'Respostas'; a pasta de trabalho tem 2 planilhas: 'Dados', 'Outros códigos'"), "\(missing)")
        // A cell that breaks a rule is named as the sheet names it: the second import updates P01 and P02, whose
        // numeric age cannot take a word.
        let sheet = try String(contentsOfFile: cli.path("make.py"), encoding: .utf8)
        try cli.write("bad.py", sheet.replacingOccurrences(of: #"cell("C3", "", "<v>29.5</v>")"#, with: #"cell("C3", "inlineStr", "<is><t>vinte</t></is>")"#)
                                     .replacingOccurrences(of: "hand.xlsx", with: "bad.xlsx"))
        #expect(try Self.run(["python3", "bad.py"], in: cli.folder) == 0)
        let bad = try cli.fail(["participant", "import", "bad.xlsx", "--update"]).stderr
        #expect(bad.contains("bad.xlsx:Dados!C3"), "\(bad)")
        // --sheet on a CSV file, and the binary .xls, are refused with what to do.
        try cli.write("p.csv", "codigo\nP20\n")
        #expect(try cli.fail(["participant", "import", "p.csv", "--sheet", "1"]).stderr.contains("p.csv é um arquivo de texto, não uma pasta de trabalho; tire o --sheet"))
        try cli.write("old.xls", Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 504)))
        #expect(try cli.fail(["participant", "import", "old.xls"]).stderr.contains("old.xls: o arquivo é uma pasta de trabalho do Excel 97–2003 (.xls)"))
    }

    /// Excel's "CSV" on a Portuguese Windows (Windows-1252, `;`), UTF-16 with its mark, a `|`-separated file: read,
    /// and said in the study's language; a title row above the header is refused, naming the file and what was seen.
    @Test func csvEncodingsAndSeparatorsAreReadAndSaid() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Codificações", "--language", "pt-BR"])
        let latin = Data("código;nível\nP01;Intermediário\nP02;Avançado\n".unicodeScalars.map { UInt8($0.value) })
        try cli.write("excel.csv", latin)
        let read = try cli.succeed(["participant", "import", "excel.csv"])
        #expect(read.contains("Lido excel.csv como texto Windows-1252 (Latin-1), campos separados por ';'."), "\(read)")
        #expect(ForeignWordCheck.english(in: read).isEmpty, "\(read)")
        let list = try cli.succeed(["participant", "list", "--json"])
        #expect(list.contains("Intermediário") && list.contains("Avançado") && list.contains("nível"), "\(list)")
        try cli.write("u16.csv", Data([0xFF, 0xFE]) + "código,nível\nP03,Iniciante\n".data(using: .utf16LittleEndian)!)
        #expect(try cli.succeed(["participant", "import", "u16.csv"]).contains("como texto UTF-16 LE, campos separados por ','"))
        try cli.write("pipes.csv", "codigo|idade|grupo\nP11|33|controle\nP12|40|teste\n")
        #expect(try cli.succeed(["participant", "import", "pipes.csv"]).contains("campos separados por '|'"))
        let pipes = try cli.succeed(["participant", "list", "--json"])
        #expect(pipes.contains("\"P11\"") && pipes.contains("controle") && !pipes.contains("P11|33"), "\(pipes)")
        try cli.write("titled.csv", "Respostas do formulário\ncodigo;idade\nP21;33\nP22;40\n")
        let titled = try cli.fail(["participant", "import", "titled.csv"]).stderr
        #expect(titled.contains("titled.csv:1:1: o cabeçalho é lido como uma coluna só ('Respostas do formulário'), mas cada linha abaixo dele tem ';' uma vez"), "\(titled)")
        let english = try cli.run(["participant", "import", "titled.csv"], environment: ["STUDYCTL_LANGUAGE": "en"])
        #expect(english.stderr.contains("titled.csv:1:1: the header reads as one column ('Respostas do formulário'), but each line under it holds ';' once"), "\(english.stderr)")
        // Attempts and long answers read through the same door.
        try cli.succeed(["task", "add", "T1", "--title", "Cadastro"])
        try cli.write("log.csv", Data("participante;tarefa;tempo;observação\nP01;T1;35;lenta navegação\n".unicodeScalars.map { UInt8($0.value) }))
        let log = try cli.succeed(["attempt", "import", "log.csv", "--map", "note=observação"])
        #expect(log.contains("Lido log.csv como texto Windows-1252 (Latin-1)"), "\(log)")
        #expect(try cli.succeed(["attempt", "list"]).contains("lenta navegação"))
    }

    /// Each tool's time stamps stored in ISO 8601 and the day/month order said; the report's source line gives
    /// the collection year from them; a column written both ways is refused, naming both cells.
    @Test func formTimeStampsAreStoredAsTimesAndGiveTheReportsYear() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Carimbos", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3", "P4"] { try cli.succeed(["participant", "add", code]) }
        let items = (1...10).map { "Q\($0)" }.joined(separator: ",")
        let answers = "4,2,5,1,4,2,5,1,4,2"
        // Google Forms (pt-BR), no value deciding: day first, as Portuguese writes dates; said.
        try cli.write("google.csv", "Carimbo de data/hora,Participante,\(items)\n05/11/2026 17:34:56,P1,\(answers)\n")
        let google = try cli.succeed(["responses", "import", "google.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Q1"])
        #expect(google.contains("Datas e horas da coluna 'Carimbo de data/hora' lidas com o dia primeiro (dia/mês/ano), como a língua do estudo escreve datas"), "\(google)")
        #expect(ForeignWordCheck.english(in: google).isEmpty, "\(google)")
        // Microsoft Forms and SurveyMonkey, month first by a value; Google Forms in English with its zone.
        try cli.write("ms.csv", "ID,Start time,Completion time,Participante,\(items)\n1,11/18/26 17:30:00,11/18/26 17:34:56,P2,\(answers)\n")
        try cli.succeed(["responses", "import", "ms.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Q1"])
        try cli.write("monkey.csv", "Respondent ID,Date Created,Participante,\(items)\n1,11/19/2026 5:34:56 PM,P3,\(answers)\n")
        try cli.succeed(["responses", "import", "monkey.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Q1",
                         "--timestamp-column", "Date Created"])
        try cli.write("en.csv", "Timestamp,Participante,\(items)\n2026/11/20 5:34:56 PM GMT-3,P4,\(answers)\n")
        try cli.succeed(["responses", "import", "en.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Q1"])
        try cli.succeed(["export", "csv", "out"])
        let table = try String(contentsOfFile: cli.path("out/responses.csv"), encoding: .utf8)
        for stamp in ["2026-11-05T17:34:56", "2026-11-18T17:34:56", "2026-11-19T17:34:56", "2026-11-20T17:34:56-03:00"] {
            #expect(table.contains(stamp), "\(stamp) in \(table)")
        }
        // The report's source line: the year of collection, not "(05/1)".
        try cli.succeed(["report", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("Fonte: dados da pesquisa (2026)"), "\(report.prefix(3000))")
        #expect(!report.contains("(05/1)"))
        // Day first in one row, month first in another: refused, both cells named, nothing stored.
        try cli.write("both.csv", "Carimbo de data/hora,Participante,\(items)\n18/11/2026 10:00:00,P1,\(answers)\n11/19/2026 10:00:00,P2,\(answers)\n")
        let both = try cli.fail(["responses", "import", "both.csv", "--instrument", "sus", "--participant-column", "Participante", "--items-from", "Q1", "--replace"]).stderr
        #expect(both.contains("both.csv:3:1") && both.contains("coluna 'Carimbo de data/hora': '11/19/2026 10:00:00' está escrita com o mês primeiro, mas '18/11/2026 10:00:00' em both.csv:2:1 com o dia primeiro"),
                "\(both)")
    }
}
