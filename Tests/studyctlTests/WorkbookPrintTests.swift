import Foundation
import Testing

/// The workbook for print and for slides, read with openpyxl as a spreadsheet reads it: integers shown as integers
/// and decimals as the column has them; every sheet A4 landscape with its header row repeated, one page wide only
/// when that keeps it at 60 % or more (as LibreOffice and Excel compute a fit-to-width scale: the printable width
/// over the columns' width), else at full size with its first column repeated on every page; the completion chart
/// capped at 100 %, with the 78 % benchmark as a line series and each rate's interval drawn (several groups side by
/// side). Where
/// LibreOffice is installed, each demo workbook is printed to PDF.
@Suite struct WorkbookPrintTests {
    static let script = """
        import sys, openpyxl
        wb = openpyxl.load_workbook(sys.argv[1])
        for ws in wb.worksheets:
            setup, props = ws.page_setup, ws.sheet_properties.pageSetUpPr
            fit = bool(props is not None and props.fitToPage)
            widths = []
            for column in range(1, (ws.max_column or 1) + 1):
                letter = openpyxl.utils.get_column_letter(column)
                width = ws.column_dimensions[letter].width if letter in ws.column_dimensions else None
                widths.append(width if width else 8.43)
            # The stored width already holds the cell padding: 7 pixels a unit, 0.75 pt a pixel.
            points = sum(w * 7 * 0.75 for w in widths)
            printable = (29.7 / 2.54 - (ws.page_margins.left + ws.page_margins.right)) * 72
            if fit and (setup.fitToWidth or 1) == 1:
                scale = min(1.0, printable / points)
            else:
                scale = (setup.scale or 100) / 100
            print("SHEET", ws.title, "|", setup.orientation, "|", setup.paperSize, "|", "fit" if fit else "nofit", "|", round(scale, 2), "|",
                  ws.print_title_rows, "|", ws.print_title_cols)
            for row in ws.iter_rows(min_row=2, max_row=4):
                for cell in row:
                    if isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
                        print("CELL", ws.title, "|", ws.cell(1, cell.column).value, "|", repr(cell.value), "|", cell.number_format)
        for ws in wb.worksheets:
            for chart in ws._charts:
                title = "".join(run.t for p in chart.title.tx.rich.p for run in (p.r or []))
                names = [s.tx.strRef.f for s in chart.series]
                print("CHART", title, "|", chart.tagname, "|", chart.y_axis.scaling.max, "|", len(chart.series), "|",
                      chart.upDownBars is not None if hasattr(chart, "upDownBars") else False)
                # Error bars: their kind and each point's value with its distances up and down, read from the cells.
                def cells(ref):
                    sheet, area = ref.rsplit("!", 1)
                    ws2 = wb[sheet.strip("'").replace("''", "'")]
                    return [c.value for row in ws2[area.replace("$", "")] for c in row]
                for s in chart.series:
                    if s.errBars is not None:
                        bars = s.errBars
                        print("ERRBARS", title, "|", bars.errValType, "|", cells(s.val.numRef.f), "|",
                              cells(bars.plus.numRef.f) if bars.plus else None, "|", cells(bars.minus.numRef.f) if bars.minus else None)
        """

    static func read(_ workbook: String, in cli: StudyCtl) throws -> [String]? {
        guard let python = SlideChartsTests.openpyxl else { return nil }
        try cli.write("print.py", script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [cli.path("print.py"), workbook]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: SlideChartsTests.openpyxl != nil, "openpyxl could not be installed in a virtual environment"))
    func demoWorkbooksPrintReadably() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        for name in ["uitracking", "codeforall", "game-controls", "redesign"] {
            let lines = try #require(try Self.read(cli.path("out/\(name)/\(name).xlsx"), in: cli))
            let sheets = lines.filter { $0.hasPrefix("SHEET ") }
            #expect(!sheets.isEmpty)
            for sheet in sheets {
                let fields = sheet.dropFirst(6).components(separatedBy: " | ")
                #expect(fields[1] == "landscape" && fields[2] == "9", "\(name): \(sheet)")
                #expect((Double(fields[4]) ?? 0) >= 0.6, "\(name): printed below 60 %: \(sheet)")
                if fields[3] == "nofit" { #expect(fields[6] != "None", "\(name): a sheet across pages repeats its first column: \(sheet)") }
            }
            // Every table sheet repeats its header row (the contents, charts and chart data sheets have none to repeat).
            for sheet in sheets where !["SHEET Conteúdo |", "SHEET Gráficos |", "SHEET Dados dos gráficos |"].contains(where: sheet.hasPrefix) {
                #expect(sheet.contains("| $1:$1 |"), "\(name): a table sheet without its header repeated: \(sheet)")
            }
        }
        // Integers as integers: ages and counts "0", a mean with its two decimals, a task time with one.
        let redesign = try #require(try Self.read(cli.path("out/redesign/redesign.xlsx"), in: cli))
        #expect(redesign.contains("CELL Participantes | Idade | 22 | 0"), "\(redesign.filter { $0.hasPrefix("CELL Participantes") })")
        #expect(redesign.contains { $0.hasPrefix("CELL Resumo | Média |") && $0.hasSuffix("| 0.00") }, "\(redesign.filter { $0.hasPrefix("CELL Resumo") })")
        #expect(!redesign.contains { $0.hasPrefix("CELL Participantes") && $0.hasSuffix("0.00") })
        // The wide sheets (the summaries of 21 and 29 columns) go across pages at full size rather than shrink below 60 %.
        for sheet in ["Resumo", "Resumo das tarefas"] {
            #expect(redesign.contains("SHEET \(sheet) | landscape | 9 | nofit | 1.0 | $1:$1 | $A:$A"), "\(redesign.filter { $0.hasPrefix("SHEET") })")
        }
        // Completion per task: a line chart to 100 %, a series per device named in full, and the 78 % line.
        let completion = try #require(redesign.first { $0.hasPrefix("CHART Taxa de conclusão por tarefa |") }, "\(redesign.filter { $0.hasPrefix("CHART") })")
        #expect(completion.contains("| lineChart | 1.0 | 3 |"), "\(completion)")
        let data = try ExportCommandTests.workbookText(cli.path("out/redesign/redesign.xlsx"), cells: true)
        #expect(data.contains("aparelho: celular") && data.contains("aparelho: computador") && data.contains("Conclusão média 78 %"), "\(data)")
        #expect(data.contains("aparelho: celular: IC 95 % ↓") && data.contains("aparelho: computador: IC 95 % ↑"), "each series' interval on the data sheet: \(data)")
        // Each device's rates drawn with their intervals, at places of their own (blank at the other device's).
        let bars = redesign.filter { $0.hasPrefix("ERRBARS Taxa de conclusão por tarefa |") }
        #expect(bars.count == 2, "\(redesign.filter { $0.hasPrefix("ERRBARS") })")
        for (index, line) in bars.enumerated() {
            let fields = line.components(separatedBy: " | ")
            #expect(fields[1] == "cust", "\(line)")
            let rates = fields[2].trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).components(separatedBy: ", ")
            #expect(rates.count == 6 && rates.enumerated().allSatisfy { ($0.offset % 2 == index) == ($0.element != "None") }, "\(line)")
            let plus = fields[3].trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).components(separatedBy: ", ")
            #expect(plus.enumerated().allSatisfy { ($0.offset % 2 == index) == ($0.element != "None") }, "a distance at each of its rates: \(line)")
        }
    }

    /// One group: the completion chart draws each rate's interval (lower and upper ends as series, up–down bars
    /// between them) around the 78 % line.
    @Test(.enabled(if: SlideChartsTests.openpyxl != nil, "openpyxl could not be installed in a virtual environment"))
    func oneGroupCompletionChartDrawsItsIntervals() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Loja", "--language", "pt-BR"])
        try cli.succeed(["task", "add", "T1", "--title", "Achar o produto"])
        try cli.succeed(["task", "add", "T2", "--title", "Pagar"])
        for (index, code) in ["P1", "P2", "P3", "P4", "P5"].enumerated() {
            try cli.succeed(["participant", "add", code, "--attr", "idade=\(20 + index)"])
            try cli.succeed(["attempt", "add", code, "T1", "--time", "\(30 + index)", "--outcome", "success"])
            try cli.succeed(["attempt", "add", code, "T2", "--time", "\(50 + index)", "--outcome", index < 3 ? "success" : "fail"])
        }
        try cli.succeed(["export", "xlsx", "loja.xlsx"])
        let lines = try #require(try Self.read(cli.path("loja.xlsx"), in: cli))
        let completion = try #require(lines.first { $0.hasPrefix("CHART Taxa de conclusão por tarefa |") }, "\(lines.filter { $0.hasPrefix("CHART") })")
        // The rates and the benchmark; each rate's adjusted-Wald interval as error bars reading its distances (no
        // up–down bars, which LibreOffice leaves out).
        #expect(completion.contains("| lineChart | 1.0 | 2 | False"), "\(completion)")
        let bars = try #require(lines.first { $0.hasPrefix("ERRBARS Taxa de conclusão por tarefa |") }, "\(lines.filter { $0.hasPrefix("CHART") || $0.hasPrefix("ERR") })")
        let fields = bars.components(separatedBy: " | ")
        #expect(fields[1] == "cust", "\(bars)")
        func numbers(_ field: String) -> [Double] {
            field.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).components(separatedBy: ", ").compactMap { Double($0) }
        }
        let (rates, plus, minus) = (numbers(fields[2]), numbers(fields[3]), numbers(fields[4]))
        // Adjusted Wald (Agresti & Coull 1998; Sauro & Lewis 2005), capped at 0 and 1: 5/5 → [0.511, 1]; 3/5 → [0.229, 0.884].
        #expect(rates == [1, 0.6], "\(bars)")
        let expected = [(0.5110, 1.0), (0.2290, 0.8841)]
        for (index, (low, high)) in expected.enumerated() where index < rates.count && index < plus.count && index < minus.count {
            #expect(abs(rates[index] + plus[index] - high) < 0.002 && abs(rates[index] - minus[index] - low) < 0.002, "\(bars)")
        }
        #expect(lines.contains("CELL Participantes | idade | 20 | 0"), "\(lines.filter { $0.hasPrefix("CELL") })")
    }

    /// Each demo workbook printed by LibreOffice to PDF (where installed): it prints, and no page is empty.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
                   "LibreOffice (soffice) and pdftotext are not installed"))
    func libreOfficePrintsTheWorkbooks() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        for name in ["codeforall", "redesign"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/soffice")
            process.arguments = ["-env:UserInstallation=file://" + cli.path("lo-profile"), "--headless", "--convert-to", "pdf", "--outdir", cli.path("pdf"),
                                 cli.path("out/\(name)/\(name).xlsx")]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let pdf = cli.path("pdf/\(name).pdf")
            #expect(FileManager.default.fileExists(atPath: pdf), "\(name): LibreOffice printed nothing")
            let text = try ThesisLayoutTests.run("/usr/bin/pdftotext", ["-layout", pdf, "-"], in: cli.folder.path)
            #expect(text.contains(name == "redesign" ? "Encontrar o horário" : "SUS"), "\(name): \(text.prefix(300))")
        }
    }
}
