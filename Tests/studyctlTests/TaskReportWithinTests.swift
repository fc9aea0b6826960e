import Foundation
import Testing

/// The report, the CSV files and the workbook of a within-subject study of three devices: every level of the condition
/// compared per task with completion (Cochran's Q for three levels, McNemar's exact test for two), and no table or
/// figure counting a participant twice (a second trial of a task under one device counts once).
///
/// Reference values computed once with statsmodels 0.15.0 (python3 -m venv /tmp/sm-tasks && /tmp/sm-tasks/bin/pip
/// install statsmodels pandas), from each participant's first outcome below:
///
///     from statsmodels.stats.contingency_tables import mcnemar, cochrans_q
///     cochrans_q(np.array([t1["celular"], t1["desktop"], t1["tablet"]]).T)  → 4.333333333333333, df 2, p 0.11455884399268772
///     cochrans_q(np.array([t2["celular"], t2["desktop"], t2["tablet"]]).T)  → 1.0, df 2, p 0.6065306597126334
///     mcnemar([[5, 1], [4, 0]], exact=True)   (T3 celular × desktop)         → statistic 1.0, p 0.375
@Suite struct TaskReportWithinTests {
    static let codes = (1...10).map { String(format: "P%02d", $0) }
    /// First attempts' outcomes per task and device (1 success, 0 failure, 2 partial success: not completed).
    static let outcomes: [String: [String: [Int]]] = [
        "T1": ["celular": [1, 1, 0, 0, 1, 0, 1, 2, 1, 0], "desktop": [1, 1, 1, 1, 1, 1, 1, 1, 1, 0], "tablet": [1, 0, 1, 1, 1, 0, 1, 1, 0, 0]],
        "T2": ["celular": [1, 1, 1, 1, 1, 1, 1, 1, 0, 1], "desktop": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "tablet": [1, 1, 1, 1, 1, 1, 1, 0, 1, 1]],
        "T3": ["celular": [1, 0, 0, 1, 0, 1, 0, 1, 1, 1], "desktop": [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]],
    ]
    /// Second trials (a success, faster), recorded after every first attempt: P03, P04 and P08 on T1 with the phone,
    /// P06 on T1 with the tablet.
    static let seconds: [(code: String, task: String, device: String)] = [("P03", "T1", "celular"), ("P04", "T1", "celular"),
                                                                          ("P08", "T1", "celular"), ("P06", "T1", "tablet")]

    func study() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Aparelhos", "--language", "pt-BR"])
        for code in Self.codes { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["condition", "add", "aparelho", "--levels", "celular,desktop,tablet"])
        for (task, title) in [("T1", "Buscar"), ("T2", "Comprar"), ("T3", "Avaliar")] { try cli.succeed(["task", "add", task, "--title", title]) }
        let base = ["T1": 60.0, "T2": 35.0, "T3": 45.0], factor = ["celular": 1.3, "desktop": 1.0, "tablet": 1.15]
        let words = [0: "fail", 1: "success", 2: "partial"]
        var log = "participant,task,aparelho,time,errors,outcome\n"
        for task in ["T1", "T2", "T3"] {
            for device in ["celular", "desktop", "tablet"] {
                guard let outcomes = Self.outcomes[task]?[device] else { continue }
                for (index, code) in Self.codes.enumerated() {
                    let time = (base[task]! * factor[device]! + Double(index * 3 - 12) + Double(index * 7 % 11)).rounded()
                    log += "\(code),\(task),\(device),\(Int(time)),\((index + device.count) % 3),\(words[outcomes[index]]!)\n"
                }
            }
        }
        for (code, task, device) in Self.seconds { log += "\(code),\(task),\(device),30,0,success\n" }
        try cli.write("log.csv", log)
        try cli.succeed(["attempt", "import", "log.csv"])
        // The SEQ after every task under every device, stored under the device (as a session stores it).
        for task in ["T1", "T2", "T3"] {
            for device in ["celular", "desktop", "tablet"] where Self.outcomes[task]?[device] != nil {
                for (index, code) in Self.codes.enumerated() {
                    try cli.succeed(["respond", code, "seq", "--task", task, "--condition", "aparelho=\(device)",
                                     "--answers", String(3 + (index + device.count + task.count) % 5)])
                }
            }
        }
        return cli
    }

    /// A CSV file as rows of cells by column name (quoted cells read whole; no line breaks inside a cell here).
    func rows(_ path: String) throws -> [[String: String]] {
        func cells(_ line: String) -> [String] {
            var cells: [String] = [], cell = "", quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() } else if character == "," && !quoted { cells.append(cell); cell = "" } else { cell.append(character) }
            }
            return cells + [cell]
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = cells(lines[0])
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, cells($0))) }
    }

    @Test func reportAndFilesCompareEveryLevelWithCompletionAndCountEachParticipantOnce() throws {
        let cli = try study()
        try cli.succeed(["report", "-o", "rel", "--format", "md"])
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        // Every level and completion, in Portuguese: Cochran's Q for T1 and T2 (three devices), McNemar for T3 (two).
        #expect(report.contains("Tarefas comparadas entre os níveis de aparelho"), "\(report)")
        #expect(report.contains("| T1 | conclusão (diferença B − A) | Q de Cochran(2) = 4,33; concluíram celular 5/10, desktop 9/10, tablet 6/10 | 10 |"), "\(report)")
        #expect(report.contains("| T3 | conclusão (diferença B − A) | McNemar exato: concluíram só em A 1, só em B 4 | 10 | celular | 60 % | desktop | 90 % | 30 % |"), "\(report)")
        #expect(report.contains("| T1 | tempo (razão B / A) | χ² de Friedman(2) = "), "every level of T1's times: Friedman")
        #expect(report.contains("| T1 | tempo (razão B / A) | t pareado(9) = ") && report.contains("| celular | ") && report.contains("| tablet | "))
        #expect(!report.contains("| t de Welch("), "the same participants under every device: never Welch's t-test")
        // The task table and its rule: T1 on the phone has 13 attempts of 10 participants, 5 completions by the first.
        #expect(report.contains("| T1 | celular | 13 | 5 | 50 % |"), "\(report)")
        #expect(report.contains("Um valor por participante em cada linha"), "\(report)")
        #expect(report.contains("Participantes com várias tentativas numa linha (contados uma vez cada): 4."), "\(report)")
        #expect(report.contains("um resultado por participante, o de sua primeira tentativa"), "the completion figure says its rule")

        try cli.succeed(["export", "csv", "csv"])
        let comparisons = try rows(cli.path("csv/task_comparisons.csv"))
        let header = try String(contentsOfFile: cli.path("csv/task_comparisons.csv"), encoding: .utf8).split(separator: "\n")[0]
        #expect(header == "condition,by,cell,task,measure,test,levels,n,left_out,several_attempts,level_a,typical_a,level_b,typical_b,effect,ci95_low,ci95_high,statistic,df,p,p_holm,kendall_w,only_a,only_b,completed,n_a,n_b,hedges_g,higher")
        func row(_ task: String, _ measure: String, _ test: String) -> [String: String]? {
            comparisons.first { $0["task"] == task && $0["measure"] == measure && $0["test"] == test }
        }
        let t1 = try #require(row("T1", "completion", "cochran-q"), "\(comparisons)")
        #expect(abs(Double(t1["statistic"]!)! - 4.333333333333333) < 1e-12 && t1["df"].flatMap(Double.init) == 2)
        #expect(abs(Double(t1["p"]!)! - 0.11455884399268772) < 1e-10)
        #expect(t1["n"] == "10" && t1["several_attempts"] == "4" && t1["completed"] == "5;9;6" && t1["levels"] == "celular;desktop;tablet")
        let t2 = try #require(row("T2", "completion", "cochran-q"))
        #expect(abs(Double(t2["statistic"]!)! - 1.0) < 1e-12 && abs(Double(t2["p"]!)! - 0.6065306597126334) < 1e-10)
        let t3 = try #require(row("T3", "completion", "mcnemar-exact"))
        #expect(t3["only_a"] == "1" && t3["only_b"] == "4" && t3["statistic"].flatMap(Double.init) == 1 && abs(Double(t3["p"]!)! - 0.375) < 1e-12)
        #expect(t3["level_a"] == "celular" && t3["level_b"] == "desktop" && t3["typical_a"].flatMap(Double.init) == 0.6)
        // T1's times: Friedman, then the three pairs with Holm's p, the same numbers as `tasks compare`.
        #expect(comparisons.filter { $0["task"] == "T1" && $0["measure"] == "time" }.map { $0["test"]! } == ["friedman", "paired-t", "paired-t", "paired-t"])
        let cliJSON = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T1", "--condition", "aparelho", "--json"]).utf8)) as! [String: Any]
        let friedman = try #require(row("T1", "time", "friedman"))
        #expect(abs(Double(friedman["statistic"]!)! - (cliJSON["statistic"] as! Double)) < 1e-9)
        let pairs = cliJSON["pairs"] as! [[String: Any]]
        let csvPairs = comparisons.filter { $0["task"] == "T1" && $0["measure"] == "time" && $0["test"] == "paired-t" }
        for (pair, csvPair) in zip(pairs, csvPairs) {
            #expect(csvPair["level_a"] == (pair["levels"] as? [String])?.first && abs(Double(csvPair["p_holm"]!)! - (pair["pHolm"] as! Double)) < 1e-12)
        }
        let completion = cliJSON["completion"] as! [String: Any]
        #expect(abs((completion["p"] as! Double) - Double(t1["p"]!)!) < 1e-12)
        // Every row of the task summary counts each of the ten participants once, whatever their trials.
        let summary = try rows(cli.path("csv/task_summary.csv"))
        #expect(summary.count == 8 && summary.allSatisfy { $0["participants"] == "10" }, "\(summary)")
        let phone = try #require(summary.first { $0["task"] == "T1" && $0["aparelho"] == "celular" })
        #expect(phone["attempts"] == "13" && phone["successes"] == "5" && phone["completion"].flatMap(Double.init) == 0.5 && phone["time_n"] == "10")
        #expect(phone["several_attempts"] == "3")
        #expect(summary.allSatisfy { ($0["successes"].flatMap(Int.init) ?? 0) + ($0["partials"].flatMap(Int.init) ?? 0) + ($0["failures"].flatMap(Int.init) ?? 0) == 10 })
        // The SEQ under three devices: summarised per task and device, items and α left out (one per device and task).
        let items = try String(contentsOfFile: cli.path("csv/items.csv"), encoding: .utf8)
        #expect(items.split(separator: "\n").count == 1, "no per-item statistics over a participant's several answers: \(items)")

        try cli.succeed(["export", "xlsx", "estudo.xlsx"])
        let workbook = try ExportCommandTests.workbookText(cli.path("estudo.xlsx"), cells: true)
        #expect(workbook.contains("Q de Cochran") && workbook.contains("Teste exato de McNemar") && workbook.contains("χ² de Friedman"), "\(workbook)")
        #expect(workbook.contains("conclusão (diferença B − A)"))
        #expect(!workbook.contains("cochran-q") && !workbook.contains("mcnemar-exact"), "the workbook words the machine names")
        // (The SEQ norm's source is an English title, cited as written.)
        let worded = workbook.split(separator: "\n").filter { !$0.contains("Sauro, J. (2012)") }.joined(separator: "\n")
        #expect(ForeignWordCheck.english(in: worded).isEmpty, "\(Set(ForeignWordCheck.english(in: worded)).sorted())")
    }

    /// The SEQ asked after T1 and T2 without a condition (one occasion): its per-item statistics are per task, each
    /// participant once (n = 10, not 20), and α is said not to apply to its one item.
    @Test func perTaskItemsInTheReportAndFiles() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "SEQ", "--language", "pt-BR"])
        for code in Self.codes { try cli.succeed(["participant", "add", code]) }
        for task in ["T1", "T2"] { try cli.succeed(["task", "add", task, "--title", task]) }
        for (index, code) in Self.codes.enumerated() {
            try cli.succeed(["respond", code, "seq", "--task", "T1", "--answers", String(4 + index % 3)])
            try cli.succeed(["respond", code, "seq", "--task", "T2", "--answers", String(2 + index % 4)])
        }
        try cli.succeed(["report", "-o", "rel", "--format", "md"])
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        #expect(report.contains("| T1 | 1. De modo geral, quão difícil ou fácil foi concluir esta tarefa? | 10 |"), "\(report)")
        #expect(report.contains("| T2 | 1. De modo geral, quão difícil ou fácil foi concluir esta tarefa? | 10 |"), "\(report)")
        #expect(!report.contains("| 20 |"), "never both tasks' answers in one row")
        #expect(report.contains("O α de Cronbach não se aplica: o questionário tem um só item."), "\(report)")
        try cli.succeed(["export", "csv", "csv"])
        let items = try rows(cli.path("csv/items.csv"))
        #expect(Set(items.map { $0["task"]! }) == ["T1", "T2"] && items.allSatisfy { $0["n"] == "10" }, "\(items)")
        let score = try cli.succeed(["score", "seq"])
        #expect(!score.contains("α"), "one item: no α\n\(score)")
    }
}
