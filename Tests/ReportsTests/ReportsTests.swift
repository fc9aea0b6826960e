import Figures
import Foundation
import Importing
import Results
import QualCoding
import Testing
import Surveys
@testable import Reports
@testable import StudyStore

/// A study like the UITracking demo, with text that tries to become a formula or break a table.
func sampleStudy() throws -> (StudyDatabase, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let datasets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("datasets/uitracking")
    let study = try StudyDatabase.create(at: folder.appendingPathComponent("study.sqlite").path, title: "UITracking | teste", language: .ptBR)
    _ = try study.importParticipants(from: datasets.appendingPathComponent("participants.csv").path)
    _ = try study.deriveAttribute("level", from: "years_ios", rule: try DerivationRule(parsing: "<2:Iniciante,<=3:Intermediário,>3:Avançado"), replace: false)
    _ = try study.importResponses(from: datasets.appendingPathComponent("pssuq_answers.csv").path,
                                  options: .init(instrument: "pssuq", participantColumn: "Participante", orientation: .inverted))
    _ = try study.importCategories(from: datasets.appendingPathComponent("categories.csv").path)
    _ = try study.importCodes(from: datasets.appendingPathComponent("coded_excerpts.csv").path, coder: "Autora")
    try study.addCode(CodeEntry(participant: "P3", excerpt: "=HYPERLINK(\"http://example.com\",\"x\") e mais", code: "HYPERLINK",
                                categories: ["Conceitualização"], coder: "Autora"))
    try study.addMemo(on: .study, text: "+SUM(A1:A2) | linha 1\nlinha 2 <b>negrito</b>")
    try study.addTask(key: "T1", title: "Instalar", penaltySeconds: 2)
    try study.addAttempt(AttemptEntry(participant: "P1", task: "T1", seconds: 90, errors: 2, outcome: .success))
    try study.addAttempt(AttemptEntry(participant: "P2", task: "T1", seconds: 120, errors: 0, outcome: .fail))
    return (study, folder)
}

/// Reads one part of an xlsx (a zip) as text.
func xlsxPart(_ file: URL, _ part: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["unzip", "-p", file.path, part]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The worksheet part of each sheet, by name, in workbook order.
func sheetParts(_ file: URL) throws -> [String: String] {
    let workbook = try xlsxPart(file, "xl/workbook.xml")
    var parts: [String: String] = [:]
    var index = 1
    var rest = workbook[...]
    while let range = rest.range(of: "<sheet name=\"") {
        let after = rest[range.upperBound...]
        let name = String(after.prefix { $0 != "\"" })
        parts[name.replacingOccurrences(of: "&amp;", with: "&")] = "xl/worksheets/sheet\(index).xml"
        index += 1
        rest = after
    }
    return parts
}

@Suite struct WorkbookTests {
    @Test func sheetsCellTypesFormulasAndCharts() throws {
        let (study, folder) = try sampleStudy()
        let file = folder.appendingPathComponent("study.xlsx")
        try WorkbookWriter.write(try StudyData.load(study), to: file.path)
        let parts = try sheetParts(file)
        // In the study's language (pt-BR), with a contents sheet.
        #expect(Set(parts.keys) == ["Conteúdo", "Estudo", "Participantes", "Respostas", "Escores", "Resumo", "Itens", "Gráficos", "Tarefas",
                                     "Resumo das tarefas", "Referências das tarefas", "Livro de códigos", "Trechos", "Frequência das categorias", "Memorandos", "Dados dos gráficos",
                                     "Comparações", "Referências", "Descoberta", "Saturação"])
        let contents = try xlsxPart(file, parts["Conteúdo"]!)
        #expect(contents.contains("O que cada planilha contém"))

        // Numbers are numbers, text is text; the header is frozen and filtered; headers in Portuguese.
        let participants = try xlsxPart(file, parts["Participantes"]!)
        #expect(participants.contains("<t>Participante</t>") || participants.contains(">Participante<"))
        // Printed landscape on A4, one page wide, the header row on every page.
        #expect(participants.contains("<pageSetup paperSize=\"9\" fitToHeight=\"0\" orientation=\"landscape\"/>"))
        #expect(participants.contains("<pageSetUpPr fitToPage=\"1\"/>"))
        let workbookXML = try xlsxPart(file, "xl/workbook.xml")
        #expect(workbookXML.contains("_xlnm.Print_Titles"))
        // p-values: three decimals, and "< 0,001" below .001, never 0.000.
        let styles = try xlsxPart(file, "xl/styles.xml")
        #expect(styles.contains("[&lt;0.001]&quot;&lt; 0,001&quot;;0.000"))
        #expect(participants.contains("<pane ySplit=\"1\""))
        #expect(participants.contains("<autoFilter ref=\"A1:D11\"/>"))
        #expect(participants.range(of: "<c r=\"C2\" s=\"[0-9]+\"><v>0.5</v></c>", options: .regularExpression) != nil,
                "years_ios of P1 is the number 0.5")
        #expect(participants.contains("<c r=\"A2\" t=\"inlineStr\"><is><t>P1</t></is></c>"))

        // Text a participant said that looks like a formula stays text: no <f> anywhere.
        for (name, part) in parts {
            #expect(!(try xlsxPart(file, part)).contains("<f>"), "\(name) has a formula")
        }
        let excerpts = try xlsxPart(file, parts["Trechos"]!)
        #expect(excerpts.contains("<t>=HYPERLINK(&quot;http://example.com&quot;,&quot;x&quot;) e mais</t>") || excerpts.contains("<t>=HYPERLINK(\"http://example.com\",\"x\") e mais</t>"))
        let memos = try xlsxPart(file, parts["Memorandos"]!)
        #expect(memos.contains("+SUM(A1:A2) | linha 1"))

        // Native charts drawn from the Chart data sheet.
        var charts: [String] = []
        for index in 1...6 {
            let xml = try xlsxPart(file, "xl/charts/chart\(index).xml")
            if !xml.isEmpty { charts.append(xml) }
        }
        #expect(charts.count == 5, "category shares, PSSUQ by group, PSSUQ answers per item, completion and time per task")
        // Time per task in clustered columns; completion as dots capped at 100 % with the 78 % benchmark as a line.
        let time = try #require(charts.first { $0.contains("Tempo por tarefa (s, média geométrica)") })
        #expect(time.contains("<c:grouping val=\"clustered\"/>"))
        let completion = try #require(charts.first { $0.contains("Taxa de conclusão por tarefa") })
        #expect(completion.contains("<c:lineChart>") && completion.contains("<c:max val=\"1\"/>"), "\(completion)")
        let chartData = try xlsxPart(file, parts["Dados dos gráficos"]!)
        #expect(chartData.contains("Conclusão média 78 %"), "the benchmark's series on the chart data sheet")
        let shares = try #require(charts.first { $0.contains("<c:barChart>") && $0.contains("<c:barDir val=\"bar\"/>") && !$0.contains("stacked") })
        #expect(shares.contains("<c:f>'Dados dos gráficos'!$A$2:$A$10</c:f>"), "nine categories")
        #expect(shares.contains("<c:f>'Dados dos gráficos'!$B$2:$B$10</c:f>"))
        let groups = try #require(charts.first { $0.contains("<c:barDir val=\"col\"/>") })
        #expect(groups.contains("<c:f>'Dados dos gráficos'!$A$13:$A$16</c:f>"), "four PSSUQ scores")
        #expect(groups.contains("<c:f>'Dados dos gráficos'!$D$13:$D$16</c:f>"), "three level series")
        let likert = try #require(charts.first { $0.contains("<c:grouping val=\"stacked\"/>") })
        #expect(likert.contains("<c:f>'Dados dos gráficos'!$A$19:$A$34</c:f>"), "sixteen PSSUQ items")
        #expect(likert.contains("<c:f>'Dados dos gráficos'!$H$19:$H$34</c:f>"), "seven answer points")
        #expect(likert.contains("<a:srgbClr val=\"B2182B\"/>"), "a diverging palette: strong red for the first point")
        let chartsSheet = try xlsxPart(file, parts["Gráficos"]!)
        #expect(chartsSheet.contains("<rowBreaks count=\"4\""), "one chart per printed page")
        let data = try xlsxPart(file, parts["Dados dos gráficos"]!)
        #expect(data.contains("<t>Informações Insuficientes</t>"))
    }

    @Test func refusesAPathItCannotWrite() throws {
        let (study, _) = try sampleStudy()
        #expect(throws: WorkbookError.self) {
            try WorkbookWriter.write(try StudyData.load(study), to: "/nonexistent-folder/x.xlsx")
        }
    }
}

@Suite struct MarkdownReportTests {
    @Test func reportInBothLanguagesWithEscapedCellsAndCharts() throws {
        let (study, folder) = try sampleStudy()
        let snapshot = try StudyData.load(study)
        let pt = try ReportWriter.write(snapshot, language: .ptBR, to: folder.appendingPathComponent("pt").path)
        let report = try String(contentsOfFile: pt, encoding: .utf8)
        #expect(report.hasPrefix("# UITracking \\| teste\n"))
        // The PSSUQ per participant table (thesis Tabela 6; rounded here, truncated there) with group means and norms.
        #expect(report.contains("| P1 | Iniciante | 2,81 | 1,83 | 4,50 | 1,33 |"))
        #expect(report.contains("| Norma | – | 2,82 | 2,80 | 3,02 | 2,49 |"))
        #expect(report.contains("| **Média Iniciante (n = 2)** | – |"))
        // Category shares (Figura 20) and the never-used a priori category.
        #expect(report.contains("| Informações Insuficientes | 18 | 9 | 90 % | 2 (100 %) | 6 (100 %) | 1 (50 %) |"))
        #expect(report.contains("| Interações com dispositivo | 7 | 5 | 50 % |"))
        #expect(report.contains("| Aprendizado Interativo | 3 | 2 | 20 % |"))
        #expect(report.contains("| 0 | 0 (não observada) |"))
        // User text cannot break a table or become markup.
        #expect(report.contains("+SUM(A1:A2) \\| linha 1<br>linha 2 &lt;b>negrito&lt;/b>"))
        #expect(!report.contains("p &lt; 0"), "a '<' that opens no tag stays as typed")
        #expect(report.contains("![Porcentagem de participantes que citaram cada categoria](charts/pt-BR/category-shares.svg)"))
        // Tables and figures numbered in order with ABNT captions above and the source below.
        // The executive summary's tables first, the per-participant tables in the appendix at the end.
        #expect(report.contains("**Tabela 1 – Escores dos questionários (IC 95 %)**"))
        #expect(report.contains("**Tabela 3 – Participantes por level**"))
        #expect(report.contains("## Apêndice: tabelas por participante\n\n**Tabela 18 – Participantes e seus atributos**"))
        #expect(report.contains("**Tabela 19 – Escores de PSSUQ por participante**"))
        #expect(report.contains("**Figura 1 – "))
        #expect(report.contains("Fonte: dados da pesquisa ("))
        #expect(!report.contains("::table") && !report.contains("::figure") && !report.contains("::source"))
        let tableNumbers = report.components(separatedBy: "**Tabela ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(tableNumbers == Array(1...tableNumbers.count), "tables numbered 1, 2, 3… in order")
        #expect(report.contains("Myllärniemi et al. (2018)"))
        #expect(report.contains("Cronbach"))
        // Each chart in the report's language, as SVG, PNG (300 dpi, 16 cm wide) and PDF, drawn by Cairo.
        for format in ["svg", "png", "pdf"] {
            let data = try Data(contentsOf: folder.appendingPathComponent("pt/charts/pt-BR/category-shares.\(format)"))
            switch format {
            case "svg": #expect(String(decoding: data.prefix(200), as: UTF8.self).contains("<svg"))
            case "png":
                #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
                #expect(width == 1890, "453.5 pt at 300 dpi")
            default: #expect(data.prefix(5) == Data("%PDF-".utf8))
            }
        }

        let en = try String(contentsOfFile: try ReportWriter.write(snapshot, language: .en, to: folder.appendingPathComponent("en").path), encoding: .utf8)
        #expect(en.contains("| P1 | Iniciante | 2.81 | 1.83 | 4.50 | 1.33 |"))
        #expect(en.contains("## Methods"))
        #expect(!en.contains("Métodos"))
        #expect(en.contains("(charts/en/category-shares.svg)"), "the English report has its own charts")
        #expect(en.contains("**Table 3**\n\n*Participants by level*"), "APA: number in bold, title in italics")
        #expect(en.contains("**Figure 1**"))
        #expect(!en.contains("Fonte:") && !en.contains("Tabela"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("en/charts/en/category-shares.png").path))
    }

    @Test func customTemplatesByPathAndClearErrors() throws {
        let (study, folder) = try sampleStudy()
        let snapshot = try StudyData.load(study)
        let template = folder.appendingPathComponent("mine.mustache")
        try Data("{{% CONTENT_TYPE: MARKDOWN}}\n# {{title}}\n{{#questionnaires}}- {{id}}: n = {{n}}\n{{/questionnaires}}".utf8).write(to: template)
        let path = try ReportWriter.write(snapshot, language: .en, template: template.path, to: folder.appendingPathComponent("mine").path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# UITracking \\| teste\n- pssuq: n = 10\n")
        #expect(throws: ReportError.self) { try ReportWriter.templatePath("nonexistent", language: .en) }
    }

    @Test func chartsCarryTheirLabelsAndRenderEverywhere() throws {
        let figure = Charts.horizontalBars(labels: ["<script> & y"], values: [50], maximum: 100, valueText: { "\(Int($0)) %" }, axisTitle: "Participantes (%)")
        #expect(figure.texts.contains("<script> & y"))
        #expect(figure.texts.contains("50 %"))
        #expect(Charts.niceTicks(7) == [0, 2, 4, 6, 8])
        #expect(Charts.niceTicks(100) == [0, 20, 40, 60, 80, 100])
        #expect(Charts.niceTicks(5.6, whole: true) == [0, 2, 4, 6])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try figure.write(to: folder.appendingPathComponent("f.svg").path, format: .svg)
        let svg = try String(contentsOf: folder.appendingPathComponent("f.svg"), encoding: .utf8)
        #expect(!svg.contains("<script>") && svg.contains("&lt;script&gt; &amp; y</text>"), "text is escaped, never markup")
        // A diverging Likert chart of a scale running from "agree" (PSSUQ) puts disagreement on the left too.
        let likert = Charts.divergingLikert(items: ["Item 1"], points: ["1 Concordo", "2", "3 Discordo"], counts: [[3, 0, 1]], lowIsPositive: true, axisTitle: "")
        #expect(likert.texts.suffix(3) == ["3 Discordo", "2", "1 Concordo"], "the legend runs from disagreement to agreement")
    }

    @Test func numbersPerLanguage() {
        #expect(LocalNumber.format(2.8249, language: .ptBR) == "2,82")
        #expect(LocalNumber.format(2.8251, language: .en) == "2.83")
        #expect(LocalNumber.percent(0.9, language: .ptBR) == "90 %")
        #expect(LocalNumber.percent(0.9, language: .en) == "90%")
    }
}

@Suite struct CSVExportTests {
    @Test func writesEveryTableAsTidyCSV() throws {
        let (study, folder) = try sampleStudy()
        let files = try CSVExporter.write(try StudyData.load(study), to: folder.appendingPathComponent("csv").path)
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
            "study.csv", "participants.csv", "responses.csv", "scores.csv", "summary.csv", "items.csv", "response_quality.csv", "exclusions.csv", "benchmarks.csv",
            "comparisons.csv", "attempts.csv", "task_summary.csv", "task_benchmarks.csv", "task_comparisons.csv", "codebook.csv", "excerpts.csv", "category_frequencies.csv",
            "problem_discovery.csv", "code_saturation.csv", "memos.csv"])
        // Three levels: Welch's ANOVA and Kruskal–Wallis, then Games–Howell and Dunn–Holm per pair (values in PostHocTests).
        let comparisons = try String(contentsOfFile: folder.appendingPathComponent("csv/comparisons.csv").path, encoding: .utf8)
        #expect(comparisons.hasPrefix("instrument,task,score,test,group_a,group_b,statistic,df,df2,p,p_adjusted,effect,effect_value,higher\n"))
        #expect(comparisons.contains(",welch-anova,") && comparisons.contains(",kruskal-wallis,"))
        #expect(comparisons.contains(",games-howell,Iniciante,Intermediário,") && comparisons.contains(",dunn-holm,Iniciante,Avançado,"))
        // The task summary has the results model's machine names, the same as `tasks summary --csv` and the JSON; its
        // rows are split by the grouping attribute (level, derived), as the questionnaires' are.
        let tasks = try String(contentsOfFile: folder.appendingPathComponent("csv/task_summary.csv").path, encoding: .utf8)
        #expect(tasks.hasPrefix("task,level,attempts,participants,several_attempts,successes,partials,failures,abandoned,completion,completion_ci95_low,completion_ci95_high,time_n,time_mean,time_sd,time_median,time_geomean,time_geomean_ci95_low,time_geomean_ci95_high,"))
        let items = try String(contentsOfFile: folder.appendingPathComponent("csv/items.csv").path, encoding: .utf8)
        #expect(items.hasPrefix("instrument,task,item,text,recoded,n,not_applicable,mean,sd,recoded_mean,recoded_sd,point,count\n"))
        let responses = try String(contentsOfFile: folder.appendingPathComponent("csv/responses.csv").path, encoding: .utf8)
        #expect(responses.hasPrefix("participant,instrument,task,occasion,item,value,answer,not_applicable,orientation,submitted\nP1,pssuq,,,1,2.0,,0,inverted,2025-03-10T14:05:12\n"))
        let attempts = try String(contentsOfFile: folder.appendingPathComponent("csv/attempts.csv").path, encoding: .utf8)
        #expect(attempts.contains("P1,T1,1,90.0,2,94.0,success,0,"))
        let memos = try String(contentsOfFile: folder.appendingPathComponent("csv/memos.csv").path, encoding: .utf8)
        #expect(memos.contains("\"+SUM(A1:A2) | linha 1\nlinha 2 <b>negrito</b>\""))
    }
}

@Suite struct HeatMapTests {
    /// The binned, separable blur gives what stamping a 2-D kernel at every point gives (PyGazeAnalyser's way),
    /// points off the map and at its edges included.
    @Test func separableBlurEqualsStampingEachPoint() {
        var generator = SystemRandomNumberGenerator()
        let points = (0..<60).map { _ in
            HeatMap.Point(x: Double.random(in: -120...260, using: &generator).rounded(), y: Double.random(in: -120...200, using: &generator).rounded(),
                          weight: Double.random(in: 50...600, using: &generator))
        }
        let sigma = 12.0
        // And points exactly at the kernel's reach (3σ = 36 px) off every edge, which still warm the edge pixels.
        let edges = [(-36.0, 40.0), (185, 40), (70, -36), (70, 125), (-36, -36), (185, 125)].map { HeatMap.Point(x: $0.0, y: $0.1, weight: 400) }
        let map = HeatMap(width: 150, height: 90, points: points + edges, sigma: sigma)
        let radius = Int((3 * sigma).rounded(.up))
        var stamped = [Double](repeating: 0, count: 150 * 90)
        for point in points + edges {
            let cx = Int(point.x), cy = Int(point.y)
            for dy in -radius...radius where (0..<90).contains(cy + dy) {
                for dx in -radius...radius where (0..<150).contains(cx + dx) {
                    stamped[(cy + dy) * 150 + cx + dx] += point.weight * exp(-Double(dx * dx) / (2 * sigma * sigma)) * exp(-Double(dy * dy) / (2 * sigma * sigma))
                }
            }
        }
        let worst = zip(map.density, stamped).map { abs($0 - $1) / max(1, abs($1)) }.max()!
        #expect(worst < 1e-9)
    }

    @Test func heatAndBlindSpotMapsAreDeterministicAndLocal() throws {
        let points = [HeatMap.Point(x: 100, y: 80, weight: 300), HeatMap.Point(x: 300, y: 200, weight: 100)]
        let map = HeatMap(width: 400, height: 300, points: points)
        // The density peaks at the longer fixation and is zero beyond three standard deviations of both.
        let peak = map.density.indices.max { map.density[$0] < map.density[$1] }!
        #expect(peak == 80 * 400 + 100)
        #expect(map.density[299 * 400 + 0] == 0)
        let first = try map.heatPNG()
        let second = try HeatMap(width: 400, height: 300, points: points).heatPNG()
        #expect(first == second, "same fixations, same bytes")
        #expect(first.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let fog = try map.blindSpotPNG()
        #expect(fog.count > 100 && fog != first)
        // Over a stimulus, drawn to the three formats like any figure.
        let figure = Figure.overlay(width: 400, height: 300, background: nil, overlay: first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in Figure.Format.allCases {
            try figure.write(to: folder.appendingPathComponent("heat.\(format.rawValue)").path, format: format)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("heat.\(format.rawValue)").path))
        }
        // STUDYCTL_FIGURE_OUT=DIR keeps the pictures, for a person to look at them.
        if let out = ProcessInfo.processInfo.environment["STUDYCTL_FIGURE_OUT"] {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try figure.write(to: out + "/heat.png", format: .png)
            try Figure.overlay(width: 400, height: 300, background: nil, overlay: fog).write(to: out + "/blind-spot.png", format: .png)
        }
    }
}

/// A cell holds at most 32,767 characters in Excel: longer text is cut with "…", counted in characters, so text of
/// two-byte characters under the limit is kept whole.
@Test func longTextIsCutToWhatACellHolds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cells-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("cells.xlsx")
    let long = String(repeating: "a", count: 40_000)
    let accented = String(repeating: "é", count: 20_000)  // 40,000 bytes, 20,000 characters
    let table = ResultTable(id: "study", title: "Study", language: .en, columns: [Column("long", "long", .text), Column("accented", "accented", .text)],
                            rows: [[.text(long), .text(accented)]])
    try WorkbookWriter.write(tables: [table], charts: [], to: path.path)
    let sheet = try xlsxPart(path, "xl/worksheets/sheet2.xml")  // after the Contents sheet
    #expect(sheet.contains(String(repeating: "a", count: 32_766) + "…</t>"))
    #expect(!sheet.contains(String(repeating: "a", count: 32_767)))
    #expect(sheet.contains(">" + accented + "</t>"))
}

/// Exports read the long tables from the study as they write them (`streaming`); what they write must be what the
/// in-memory snapshot writes.
@Suite struct StreamedExportTests {
    @Test func streamedCSVFilesEqualTheInMemoryOnes() throws {
        let (study, folder) = try sampleStudy()
        try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P1", answers: Dictionary(uniqueKeysWithValues: (1...10).map { ($0, Answer.value(Double($0 % 5 + 1))) })), replace: false)
        try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P2", answers: [1: .value(3)]), replace: false)  // unscorable
        for grouping in [nil, "level"] {
            let memory = folder.appendingPathComponent("memory-\(grouping ?? "none")").path
            let streamed = folder.appendingPathComponent("streamed-\(grouping ?? "none")").path
            let files = try CSVExporter.write(try StudyData.load(study, groupBy: grouping), to: memory)
            _ = try CSVExporter.write(try StudyData.load(study, groupBy: grouping, streaming: true), to: streamed)
            for file in files {
                let name = URL(fileURLWithPath: file).lastPathComponent
                let expected = try String(contentsOfFile: file, encoding: .utf8)
                let actual = try String(contentsOfFile: streamed + "/" + name, encoding: .utf8)
                #expect(actual == expected, "\(name) (\(grouping ?? "ungrouped"))")
            }
            #expect(try String(contentsOfFile: streamed + "/responses.csv", encoding: .utf8).split(separator: "\n").count > 100)
        }
    }

    /// The scores a streaming snapshot keeps come back as they went in (texts with and without a value, every bit
    /// of the numbers), in order, as often as a table reads them.
    @Test func keptScoresReadBackExactly() throws {
        let spool = try ScoreRowSpool()
        let rows = [
            ScoreReport.Row(participant: "José", group: "Avançado", task: nil, scores: [Score(id: "SUS", value: 72.5, answered: 10, of: 10)]),
            ScoreReport.Row(participant: "P2", group: nil, task: "T1", scores: [Score(id: "Overall", value: 2.666666666666667, answered: 15, of: 16),
                                                                                  Score(id: "SysUse", value: -0.0, answered: 0, of: 6)]),
            ScoreReport.Row(participant: "", group: "", task: "", scores: []),
        ]
        for (index, row) in rows.enumerated() { spool.append(row, instrument: index % 2) }
        #expect(spool.count == 3)
        for _ in 0..<2 {
            var read: [(Int, ScoreReport.Row)] = []
            try spool.forEach { read.append(($0, $1)) }
            #expect(read.map(\.0) == [0, 1, 0])
            #expect(read.map(\.1.participant) == rows.map(\.participant))
            #expect(read.map(\.1.group) == rows.map(\.group))
            #expect(read.map(\.1.task) == rows.map(\.task))
            #expect(read.map(\.1.scores) == rows.map(\.scores))
            #expect(read[1].1.scores[1].value.sign == .minus)
        }
    }

    @Test func streamedWorkbookHoldsTheSameSheets() throws {
        let (study, folder) = try sampleStudy()
        let memory = folder.appendingPathComponent("memory.xlsx")
        let streamed = folder.appendingPathComponent("streamed.xlsx")
        try WorkbookWriter.write(try StudyData.load(study), to: memory.path)
        try WorkbookWriter.write(try StudyData.load(study, streaming: true), to: streamed.path)
        for sheet in 1...14 {
            let part = "xl/worksheets/sheet\(sheet).xml"
            #expect(try xlsxPart(streamed, part) == xlsxPart(memory, part), "\(part)")
        }
        #expect(try xlsxPart(streamed, "xl/workbook.xml") == xlsxPart(memory, "xl/workbook.xml"))
    }
}

@Suite struct LargeReportTests {
    /// Above `inlineLimit` participants the report lists no one: the per-participant tables are CSV files beside it.
    @Test func aLargeStudysReportPutsItsPerParticipantTablesBesideIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("large-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let study = try StudyDatabase.create(at: folder.appendingPathComponent("study.sqlite").path, title: "Painel", language: .ptBR)
        let count = ReportModel.inlineLimit + 5
        let participants = "code,nivel\n" + (1...count).map { "R\($0),\($0 % 3 == 0 ? "A" : "B")" }.joined(separator: "\n") + "\n"
        try Data(participants.utf8).write(to: folder.appendingPathComponent("p.csv"))
        _ = try study.importParticipants(from: folder.appendingPathComponent("p.csv").path)
        for code in ["R1", "R2", "R3"] {
            try study.recordResponses(instrument: "sus", ResponseSubmission(participant: code, answers: Dictionary(uniqueKeysWithValues: (1...10).map { ($0, Answer.value(3)) })), replace: false)
        }
        let snapshot = try StudyData.load(study, groupBy: "nivel", streaming: true)
        let out = folder.appendingPathComponent("report").path
        let path = try ReportWriter.write(snapshot, language: .ptBR, to: out)
        let report = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!report.contains("| R1 |"), "no participant is listed in the document")
        #expect(report.contains("\n\(count) participantes.\n"), "the study's count, not the (empty) roster's")
        #expect(report.contains("(\(count) participantes) estão em tables/participants.csv, ao lado deste relatório."))
        #expect(report.contains("estão em tables/scores.csv, ao lado deste relatório"))
        #expect(report.contains("| A | \(count / 3) |"), "group counts stay")
        let table = try String(contentsOfFile: out + "/tables/participants.csv", encoding: .utf8).split(separator: "\n")
        #expect(table.count == count + 1 && table[0] == "participant,nivel" && table[1] == "R1,B" && table[2] == "R2,B" && table[10] == "R10,B")
        let scores = try String(contentsOfFile: out + "/tables/scores.csv", encoding: .utf8)
        #expect(scores.contains("R3,A,sus,,SUS,50.0,10,10"))
        // The same study in memory still lists everyone in the document.
        let inline = try ReportWriter.write(try StudyData.load(study, groupBy: "nivel"), language: .ptBR, to: folder.appendingPathComponent("inline").path)
        #expect(try String(contentsOfFile: inline, encoding: .utf8).contains("| R1 |"))
    }
}

/// Every workbook header and sheet studyctl names has its Portuguese wording in the message catalog: a sheet's name
/// and description, and each column named by a term, read otherwise in Portuguese than in English.
@Suite struct WorkbookWordingTests {
    @Test func everyHeaderAndSheetIsWordedInPortuguese() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let study = try StudyDatabase.create(at: folder.appendingPathComponent("study.sqlite").path, title: "Estudo", language: .ptBR)
        var snapshot = try StudyData.load(study)
        let portuguese = StudyTables.make(snapshot)
        snapshot.info.language = .en
        let english = StudyTables.make(snapshot)
        #expect(portuguese.count == english.count && portuguese.count > 10)
        // Symbols and names that read the same in both languages.
        let same: Set<String> = ["n", "p", "t", "item", "in_vivo", "aoi", "not_applicable", "dz", "hedges_g"]
        let symbols: Set<String> = ["A", "B", "%", "n A", "n B", "n (SEQ)", "p (Holm)"]
        for (pt, en) in zip(portuguese, english) {
            let ptSheet = try #require(pt.sheet, "\(pt.id) has no sheet"), enSheet = try #require(en.sheet)
            #expect(ptSheet.name != enSheet.name || pt.id == "aoi_metrics", "sheet \(pt.id)")
            #expect(ptSheet.about != enSheet.about, "about \(pt.id)")
            for (ptColumn, enColumn) in zip(pt.columns, en.columns) where Term(rawValue: ptColumn.name) != nil && !same.contains(ptColumn.name) && !symbols.contains(enColumn.label) {
                #expect(ptColumn.label != enColumn.label, "\(pt.id).\(ptColumn.name) has no Portuguese header")
            }
        }
    }
}

@Suite struct SUSHistogramTests {
    /// The bins come from the report's counts of distinct scores, never an expanded array: 0–9.9 … 80–89.9, and
    /// 90–100 holding the top scores, as the chart sheet and the report's figure label them.
    @Test func binsCountsOfDistinctScores() {
        let bins = Histogram.susBins([0: 2, 9.9: 1, 10: 4, 67.5: 3, 70: 5, 89.9: 1, 90: 6, 100: 7])
        #expect(bins.map(\.label) == ["0–9", "10–19", "20–29", "30–39", "40–49", "50–59", "60–69", "70–79", "80–89", "90–100"])
        #expect(bins.map(\.count) == [3, 4, 0, 0, 0, 0, 3, 5, 1, 13])
        #expect(Histogram.susBins([:]).map(\.count) == Array(repeating: 0, count: 10))
    }
}
