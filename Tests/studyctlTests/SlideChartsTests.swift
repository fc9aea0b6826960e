import Foundation
import Testing

/// Charts meant for slides: every value labelled, tasks by their titles, SEQ per task on its 1–7 scale with the
/// 5.5 average, completion with the 78 % average, the SUS items recoded, SVG with editable text, and the
/// workbook's native task charts.
@Suite struct SlideChartsTests {
    /// The texts of an SVG's `<text>` elements, unescaped.
    static func texts(_ svg: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: "<text[^>]*>([^<]*)</text>")
        return expression.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map {
            String(svg[Range($0.range(at: 1), in: svg)!]).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test func taskChartsOfTheRedesignDemoInBothLanguages() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        let folder = "out/redesign/charts"
        // Portuguese: the study's language.
        let completion = try String(contentsOfFile: cli.path("\(folder)/pt-BR/task-completion.svg"), encoding: .utf8)
        let completionTexts = try Self.texts(completion)
        #expect(completionTexts.contains("Conclusão média 78 % (Sauro 2011)"), "\(completionTexts)")
        for title in ["Encontrar o horário", "Remarcar a consulta", "Pagar a taxa"] {
            #expect(completionTexts.contains(title), "the task's title on the axis: \(title)")
        }
        #expect(!completionTexts.contains("T1") && !completionTexts.contains("T2"), "titles, not keys")
        // Two devices × three tasks: six bars, six value labels (a percentage each).
        let bars = completionTexts.filter { $0.range(of: "^[0-9]+$", options: .regularExpression) != nil }
        #expect(bars.count == 6 + 6, "six bar labels and the six ticks 0–100: \(completionTexts)")
        #expect(completionTexts.contains("aparelho: celular") && !completionTexts.contains { $0.contains("(none)") }, "groups named in the chart's language")
        let seq = try String(contentsOfFile: cli.path("\(folder)/pt-BR/task-seq.svg"), encoding: .utf8)
        let seqTexts = try Self.texts(seq)
        #expect(seqTexts.contains("SEQ médio 5,5 (Sauro 2012)"), "\(seqTexts)")
        #expect(seqTexts.contains("SEQ (média, IC 95 %; 1–7, 7 = muito fácil)"), "the axis says the interval drawn: \(seqTexts)")
        #expect((1...7).allSatisfy { seqTexts.contains(String($0)) }, "a 1–7 axis")
        #expect(!seqTexts.contains { $0.contains("discord") || $0.contains("Item 1") }, "no agreement axis, no pooled item")
        let seqLabels = seqTexts.filter { $0.range(of: "^[1-7],[0-9]$", options: .regularExpression) != nil }
        #expect(seqLabels.count == 6, "one label per task and device: \(seqLabels)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("\(folder)/pt-BR/seq-likert.svg")), "no diverging chart of the SEQ")
        // The SUS items recoded, with their texts (CodeForAll: one SUS set per participant).
        let sus = try String(contentsOfFile: cli.path("out/codeforall/charts/pt-BR/sus-likert.svg"), encoding: .utf8)
        let susTexts = try Self.texts(sus)
        #expect(susTexts.contains { $0.contains("mais favorável") } && susTexts.contains { $0.contains("menos favorável") }, "\(susTexts)")
        #expect(susTexts.contains { $0.hasPrefix("2ʳ. ") }, "item texts on the axis, negative items marked: \(susTexts)")
        #expect(sus.contains("<text"), "text kept as text")
        // English: its own charts with English words and decimal points.
        let seqEN = try Self.texts(try String(contentsOfFile: cli.path("\(folder)/en/task-seq.svg"), encoding: .utf8))
        #expect(seqEN.contains("Average SEQ 5.5 (Sauro 2012)"), "\(seqEN)")
        let completionEN = try Self.texts(try String(contentsOfFile: cli.path("\(folder)/en/task-completion.svg"), encoding: .utf8))
        #expect(completionEN.contains("Average completion 78% (Sauro 2011)"), "\(completionEN)")
        // The PNG is drawn from the same figure.
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("\(folder)/pt-BR/task-seq.png")))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// A virtual environment with openpyxl, made once per machine; nil (with the reason printed) when it cannot be.
    static let openpyxl: String? = {
        let venv = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-openpyxl-venv").path
        let python = venv + "/bin/python"
        func run(_ arguments: [String]) -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return -1 }
            process.waitUntilExit()
            return process.terminationStatus
        }
        if run([python, "-c", "import openpyxl"]) == 0 { return python }
        guard run(["python3", "-m", "venv", venv]) == 0, run([python, "-m", "pip", "install", "--quiet", "openpyxl"]) == 0,
              run([python, "-c", "import openpyxl"]) == 0 else {
            print("SlideChartsTests: openpyxl could not be installed in \(venv); the workbook's charts are checked from its XML only")
            return nil
        }
        return python
    }()

    @Test func workbookHasNativeTaskChartsPerGroup() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        let workbook = cli.path("out/redesign/redesign.xlsx")
        guard let python = Self.openpyxl else {
            let xml = try ExportCommandTests.workbookText(workbook)
            #expect(xml.contains("Taxa de conclusão por tarefa") && xml.contains("SEQ por tarefa (média, 1 a 7)"))
            return
        }
        let script = cli.folder.appendingPathComponent("charts.py").path
        try cli.write("charts.py", """
            import sys, openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb["Gráficos"]
            for chart in ws._charts:
                title = "".join(run.t for p in chart.title.tx.rich.p for run in (p.r or []))
                refs = [(s.tx.strRef.f, s.cat.strRef.f if s.cat.strRef else s.cat.numRef.f, s.val.numRef.f) for s in chart.series]
                print(title, "|", chart.tagname, "|", refs)
            data = wb["Dados dos gráficos"]
            for row in data.iter_rows(values_only=True):
                print("ROW", row)
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, workbook]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.hasPrefix("ROW") }
        for title in ["Taxa de conclusão por tarefa", "SEQ por tarefa (média, 1 a 7)", "Tempo por tarefa (s, média geométrica)"] {
            let chart = try #require(lines.first { $0.hasPrefix(title + " |") }, "\(title) in \(lines)")
            // Completion as dots with the 78 % benchmark as a third, line series (column H, after the intervals' ends).
            let completion = title == "Taxa de conclusão por tarefa"
            #expect(chart.contains(completion ? "| lineChart |" : "| barChart |"), "\(chart)")
            // Two series (celular, desktop), three tasks each, from the chart data sheet; the completion chart spreads
            // them (a place per task and device, each series' dots at its own places) so that their intervals part.
            let ranges = try NSRegularExpression(pattern: "\\$([A-Z])\\$([0-9]+):\\$[A-Z]\\$([0-9]+)")
                .matches(in: chart, range: NSRange(chart.startIndex..., in: chart))
                .map { match in (1...3).map { String(chart[Range(match.range(at: $0), in: chart)!]) } }
            let values = ranges.filter { $0[0] != "A" }
            #expect(values.map { $0[0] } == (completion ? ["B", "C", "H"] : ["B", "C"]), "\(chart)")
            #expect(values.allSatisfy { Int($0[2])! - Int($0[1])! == (completion ? 5 : 2) }, "three tasks per series: \(chart)")
            #expect(chart.contains("'Dados dos gráficos'!$B$") && chart.contains("'Dados dos gráficos'!$C$"))
        }
        #expect(rows.contains { $0.contains("'Encontrar o horário'") }, "tasks by their titles")
        #expect(rows.filter { $0.contains("'Tarefa', 'aparelho: celular', 'aparelho: computador'") }.count == 3, "a series per device in each task chart: \(rows)")
        // The completion chart's places: each task once per device, named by the task alone (the legend names the device).
        #expect(rows.filter { $0.contains("'Encontrar o horário'") }.count >= 3 && !rows.contains { $0.contains("'Encontrar o horário · aparelho") },
                "the completion chart's place per task and device: \(rows)")
        #expect(rows.contains { $0.contains("'aparelho: celular: IC 95 % ↓'") && $0.contains("'Conclusão média 78 %'") }, "\(rows)")
    }

    @Test func remoteTestingExportsImportEndToEnd() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Remote", "--language", "pt-BR"])
        for code in ["p-101", "p-102", "p-103"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("userzoom.csv", """
            Participant ID,Task ID,Task name,Time on task (s),Task outcome,Errors
            p-101,1,Find the return policy,48.2,Direct success,0
            p-101,2,Change the delivery address,95,Indirect success,2.0
            p-102,1,Find the return policy,120,Abandoned,1
            p-103,1,Find the return policy,,Skipped,
            """)
        // Unknown tasks refused without --create-tasks, the study unchanged (fail checks it).
        let refused = try cli.fail(["attempt", "import", "userzoom.csv"])
        #expect(refused.stderr.contains("userzoom.csv:2: column \"Task ID\": no task '1' in the study"), "\(refused.stderr)")
        let imported = try cli.succeed(["attempt", "import", "userzoom.csv", "--create-tasks"])
        #expect(imported.contains("Added task T1 'Find the return policy'."), "\(imported)")
        #expect(imported.contains("'Indirect success' → success, noted as indirect (1)"), "\(imported)")
        #expect(imported.contains("'Abandoned' → abandoned (no outcome: a failure unless --abandoned exclude) (1)") && imported.contains("'Skipped' → skipped (row left out) (1)"), "\(imported)")
        #expect(imported.contains("Rows of skipped tasks left out: 1."), "\(imported)")
        // A Maze-like export, read in Portuguese.
        try cli.write("maze.csv", """
            Tester,Mission,Mission outcome,Mission duration (s)
            p-101,Sign up for the newsletter,Direct Success,22.5
            p-102,Sign up for the newsletter,Give up / Bounce,70
            """)
        let maze = try cli.run(["attempt", "import", "maze.csv", "--create-tasks"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(maze.status == 0, "\(maze.stderr)")
        #expect(maze.stdout.contains("Tarefa T3 'Sign up for the newsletter' acrescentada."), "\(maze.stdout)")
        #expect(maze.stdout.contains("Resultados lidos: 'Direct Success' → sucesso (1); 'Give up / Bounce' → falha, anotada como desistência (1)."), "\(maze.stdout)")
        // Bad counts: named by line and column name, in both languages; nothing stored.
        try cli.write("novos.csv", "Participant ID,Task ID,Errors\np-103,T1,2.5\n")
        let bad = try cli.fail(["attempt", "import", "novos.csv"])
        #expect(bad.stderr.contains("novos.csv:2: column \"Errors\": '2.5' is not a count of errors"), "\(bad.stderr)")
        let badPT = try cli.run(["attempt", "import", "novos.csv"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(badPT.status != 0 && badPT.stderr.contains("novos.csv:2: coluna \"Errors\":"), "\(badPT.stderr)")
        try cli.write("novos2.csv", "Participant ID,Task ID,Errors\np-103,T1,\"2,0\"\n")
        try cli.succeed(["attempt", "import", "novos2.csv"])
        let list = try cli.succeed(["attempt", "list", "--json"])
        #expect(list.contains("\"errors\" : 2") || list.contains("\"errors\":2"), "\(list)")
    }
}
