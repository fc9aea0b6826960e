import Foundation
import Testing

/// Tasks done by the same participants under each level of a condition: the SEQ per task and level, never one
/// participant's answers pooled into one sample, and `tasks compare` within participants (completion by McNemar's
/// exact test or Cochran's Q, three levels or more by Friedman and paired tests with Holm).
@Suite struct TaskWithinCommandTests {
    /// Ten participants do T1 and T2 on a phone and on a desktop, and answer the SEQ after each (stored under the
    /// device, as a session stores it: occasion aparelho=celular). The SEQ of T1 differs between the devices.
    func devices() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Aparelhos", "--language", "pt-BR"])
        let codes = (1...10).map { String(format: "P%02d", $0) }
        for code in codes { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["task", "add", "T1", "--title", "Buscar um produto"])
        try cli.succeed(["task", "add", "T2", "--title", "Comprar"])
        try cli.succeed(["condition", "add", "aparelho", "--levels", "celular,desktop"])
        // T1 on the phone: P01–P04 and P10 succeed, P05 partly (not completed), P06–P09 fail; on the desktop all
        // but P10 succeed. T2: everyone succeeds on both.
        let t1Phone = ["success", "success", "success", "success", "partial", "fail", "fail", "fail", "fail", "success"]
        let t1Desktop = Array(repeating: "success", count: 9) + ["fail"]
        let times: [String: [Int]] = ["T1 celular": [62, 75, 58, 90, 70, 66, 81, 73, 59, 88], "T1 desktop": [40, 52, 45, 60, 48, 41, 55, 50, 39, 58],
                                      "T2 celular": [30, 35, 28, 40, 33, 31, 37, 29, 34, 36], "T2 desktop": [25, 30, 26, 33, 29, 27, 31, 24, 30, 32]]
        var log = "participant,task,aparelho,time,errors,outcome\n"
        for (index, code) in codes.enumerated() {
            log += "\(code),T1,celular,\(times["T1 celular"]![index]),\(index % 4 + 1),\(t1Phone[index])\n"
            log += "\(code),T1,desktop,\(times["T1 desktop"]![index]),\(index % 2),\(t1Desktop[index])\n"
            log += "\(code),T2,celular,\(times["T2 celular"]![index]),0,success\n"
            log += "\(code),T2,desktop,\(times["T2 desktop"]![index]),0,success\n"
        }
        try cli.write("log.csv", log)
        try cli.succeed(["attempt", "import", "log.csv"])
        let seq: [(String, String, [Int])] = [("T1", "celular", [4, 5, 3, 4, 5, 4, 3, 5, 4, 4]), ("T1", "desktop", [6, 6, 5, 7, 6, 6, 5, 7, 6, 6]),
                                              ("T2", "celular", [5, 5, 6, 5, 4, 5, 6, 5, 5, 5]), ("T2", "desktop", [6, 7, 6, 6, 7, 6, 7, 6, 6, 7])]
        for (task, device, answers) in seq {
            let file = "seq-\(task)-\(device).csv"
            try cli.write(file, "participante,q1\n" + zip(codes, answers).map { "\($0),\($1)\n" }.joined())
            try cli.succeed(["responses", "import", file, "--instrument", "seq", "--participant-column", "participante", "--items-from", "q1",
                             "--task", task, "--condition", "aparelho=\(device)"])
        }
        return cli
    }

    @Test func seqIsSummarisedPerTaskAndDevice() throws {
        let cli = try devices()
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "summary", "--by", "aparelho", "--json"]).utf8)) as! [String: Any]
        let rows = json["rows"] as! [[String: Any]]
        func row(_ task: String, _ device: String) -> [String: Any]? {
            rows.first { $0["task"] as? String == task && ($0["groups"] as? [String: String])?["aparelho"] == device }
        }
        // Each participant's own answer under each device (the mean of ten answers each), not one answer for both.
        #expect(abs((row("T1", "celular")?["seqMean"] as? Double ?? 0) - 4.1) < 1e-9, "\(rows)")
        #expect(abs((row("T1", "desktop")?["seqMean"] as? Double ?? 0) - 6.0) < 1e-9)
        #expect(abs((row("T2", "celular")?["seqMean"] as? Double ?? 0) - 5.1) < 1e-9)
        #expect(abs((row("T2", "desktop")?["seqMean"] as? Double ?? 0) - 6.4) < 1e-9)
        #expect(rows.allSatisfy { $0["seqN"] as? Int == 10 })
        let csv = try cli.succeed(["tasks", "summary", "--by", "aparelho", "--csv"])
        let header = csv.split(separator: "\n")[0].split(separator: ",").map(String.init)
        let seqColumn = try #require(header.firstIndex(of: "seq_mean"))
        let t1 = csv.split(separator: "\n").filter { $0.hasPrefix("T1,") }.map { $0.split(separator: ",", omittingEmptySubsequences: false)[seqColumn] }
        #expect(t1 == ["4.1", "6"] || t1 == ["4.10", "6.00"] || (t1.count == 2 && t1[0] != t1[1]), "\(csv)")
        // Ungrouped: the device was done within participants, so the rows are split by it all the same (said on
        // standard error), never one row pooling a participant's two devices.
        let ungrouped = try cli.run(["tasks", "summary", "--json"])
        let overall = (try JSONSerialization.jsonObject(with: Data(ungrouped.stdout.utf8)) as! [String: Any])["rows"] as! [[String: Any]]
        #expect(ungrouped.stderr.contains("Rows split by aparelho too"), "\(ungrouped.stderr)")
        let firstTask = overall.filter { $0["task"] as? String == "T1" }
        #expect(firstTask.count == 2 && firstTask.allSatisfy { $0["seqN"] as? Int == 10 }, "\(firstTask)")
        #expect(abs((firstTask.first { ($0["groups"] as? [String: String])?["aparelho"] == "celular" }?["seqMean"] as? Double ?? 0) - 4.1) < 1e-9)
        // On screen in the study's language.
        let screen = try cli.run(["tasks", "summary", "--by", "aparelho"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"]).stdout
        #expect(screen.contains("4,10") && screen.contains("6,00"), "\(screen)")
    }

    /// The report and the workbook give the SEQ per task and device, each test against the norm (5.5, Sauro 2012) over
    /// one answer per participant: T1 on the phone, mean 4.1, scipy.stats.ttest_1samp([4,5,3,4,5,4,3,5,4,4], 5.5)
    /// → t = -6.000000000000002 (df 9), p = 0.00020249932206764024; on the desktop, mean 6.0, t = 2.3717082451262845,
    /// p = 0.04179180077711303. (Pooling both devices' twenty answers gave t(19) = -1.69, p = 0.107.)
    @Test func reportAndWorkbookTestTheSEQPerTaskAndDevice() throws {
        let cli = try devices()
        try cli.succeed(["report", "--detail", "full", "-o", "rel"])
        let report = try String(contentsOfFile: cli.path("rel/report.md"), encoding: .utf8)
        #expect(!report.contains("Média geral (n = 10)") && !report.contains("Média geral (n = 20)"), "\(report)")
        #expect(report.contains("Média T1 · aparelho: celular (n = 10)"), "\(report)")
        #expect(report.contains("Média T2 · aparelho: desktop (n = 10)"))
        #expect(report.contains("| T1 · aparelho: celular · Facilidade | 4,10 | [3,57; 4,63] | 5,50 | t(9) = -6,00 | < 0,001 |"), "\(report)")
        #expect(report.contains("| T1 · aparelho: desktop · Facilidade | 6,00 | [5,52; 6,48] | 5,50 | t(9) = 2,37 | 0,042 |"))
        #expect(!report.contains("t(19)"), "no test over two answers of one participant")
        #expect(report.contains("| T1 | celular | 10 | 5 | 50 % |") && report.contains("| 0 | 4,10 |\n| T1 | desktop |"), "\(report)")
        try cli.succeed(["export", "csv", "csv"])
        let summary = try String(contentsOfFile: cli.path("csv/summary.csv"), encoding: .utf8)
        // The measurement split into tidy columns: the occasion, and one column per condition factor.
        #expect(summary.hasPrefix("instrument,group,task,occasion,aparelho,score,n,mean,"), "\(summary)")
        #expect(summary.contains("\nseq,all,T1,,celular,SEQ,10,4.1,"), "\(summary)")
        #expect(summary.contains("\nseq,all,T1,,desktop,SEQ,10,6.0,"), "\(summary)")
        #expect(!summary.contains(",SEQ,20,"), "\(summary)")
        let tasks = try String(contentsOfFile: cli.path("csv/task_summary.csv"), encoding: .utf8)
        let header = tasks.split(separator: "\n")[0].split(separator: ",").map(String.init)
        let seqColumn = try #require(header.firstIndex(of: "seq_mean"))
        let t1 = tasks.split(separator: "\n").filter { $0.hasPrefix("T1,") }.map { String($0.split(separator: ",", omittingEmptySubsequences: false)[seqColumn]) }
        #expect(t1.count == 2 && t1[0] != t1[1], "\(tasks)")
    }

    /// Completion of T1 between the devices within participants: 5 of 10 on the phone (P05's partial success is not
    /// a completion), 9 of 10 on the desktop; discordant pairs 1 (phone only, P10) and 5 (desktop only). statsmodels
    /// 0.15.0: mcnemar([[4, 1], [5, 0]], exact=True) → statistic 1.0, pvalue 0.21875.
    @Test func compareAddsCompletionByMcNemar() throws {
        let cli = try devices()
        let out = try cli.succeed(["tasks", "compare", "T1", "--condition", "aparelho"])
        #expect(out.contains("Task T1: aparelho celular vs desktop, time (log scale); paired t-test, 10 participants"), "\(out)")
        #expect(out.contains("Completion within participants (success = completed; partial success and failure = not), 10 participants with an outcome under every level: celular 5/10 (50%), desktop 9/10 (90%)"), "\(out)")
        #expect(out.contains("McNemar's exact test: 6 discordant pairs (1 completed under celular only, 5 under desktop only); p = .219"), "\(out)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T1", "--condition", "aparelho", "--json"]).utf8)) as! [String: Any]
        let completion = try #require(json["completion"] as? [String: Any])
        #expect(completion["test"] as? String == "mcnemar-exact" && completion["completedOnly"] as? [Int] == [1, 5] && completion["statistic"] as? Double == 1)
        #expect(abs((completion["p"] as? Double ?? 0) - 0.21875) < 1e-12)
        #expect(json["test"] as? String == "paired-t" && json["levels"] as? [String] == ["celular", "desktop"] && json["n"] as? [Int] == [10, 10])
        #expect(json["leftOut"] as? Int == 0)
        // In the study's language.
        let pt = try cli.run(["tasks", "compare", "T1", "--condition", "aparelho"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(pt.stdout.contains("Teste exato de McNemar: 6 pares discordantes (1 concluído só em celular, 5 só em desktop); p = 0,219"), "\(pt.stdout)")
        #expect(ForeignWordCheck.english(in: pt.stdout).isEmpty, "\(ForeignWordCheck.english(in: pt.stdout))\n\(pt.stdout)")
        // A participant with attempts under one device only is left out of the paired tests, and said.
        try cli.succeed(["participant", "add", "P11"])
        try cli.succeed(["attempt", "add", "P11", "T1", "--condition", "aparelho=celular", "--time", "70", "--outcome", "success"])
        let left = try cli.succeed(["tasks", "compare", "T1", "--condition", "aparelho"])
        #expect(left.contains("paired t-test, 10 participants") && left.contains("Left out (attempts under one of the two levels only): 1"), "\(left)")
        #expect(left.contains("Left out (an outcome under some of the levels only): 1"), "\(left)")
    }

    /// Three layouts of T1 done by the same eight participants (a ninth under layout A only, left out): Friedman on
    /// the log times with Kendall's W, each pair by the paired t-test with Holm, and completion by Cochran's Q.
    /// scipy 1.17.1: friedmanchisquare(log a, log b, log c) → 14.25, p = 0.000804733010124613; W = 14.25 / (8 × 2);
    /// ttest_rel(log b, log a) → t = -4.135366756278595, p = 0.004374473318111171, ratio exp(mean) 0.8791698829693458.
    /// statsmodels 0.15.0: cochrans_q of the outcomes below → Q = 2.8, df 2, p = 0.24659696394160646.
    @Test func threeLayoutsByFriedmanAndCochran() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Leiautes", "--language", "pt-BR"])
        try cli.succeed(["task", "add", "T1", "--title", "Buscar"])
        try cli.succeed(["condition", "add", "layout", "--levels", "A,B,C"])
        let a = [41, 55, 38, 62, 47, 51, 44, 58], b = [35, 49, 40, 50, 39, 45, 41, 47], c = [30, 42, 33, 47, 36, 40, 35, 44]
        let outcomes = [[1, 1, 1], [1, 0, 1], [0, 0, 1], [1, 1, 1], [0, 0, 0], [1, 0, 1], [0, 1, 1], [1, 0, 0]]
        var log = "participant,task,layout,time,outcome\n"
        for index in 0..<8 {
            let code = "P\(index + 1)"
            try cli.succeed(["participant", "add", code])
            for (level, times) in [("A", a), ("B", b), ("C", c)].enumerated() {
                log += "\(code),T1,\(times.0),\(times.1[index]),\(outcomes[index][level] == 1 ? "success" : "fail")\n"
            }
        }
        try cli.succeed(["participant", "add", "P9"])
        log += "P9,T1,A,50,success\n"
        try cli.write("log.csv", log)
        try cli.succeed(["attempt", "import", "log.csv"])
        let out = try cli.succeed(["tasks", "compare", "T1", "--condition", "layout"])
        #expect(out.contains("Task T1: layout A, B, C, time (log scale); within participants, 8 participants with attempts under every level"), "\(out)")
        #expect(out.contains("Left out (attempts under some of the levels only): 1"), "\(out)")
        #expect(out.contains("Friedman: χ²(2) = 14.25; p < .001; Kendall's W = 0.89"), "\(out)")
        #expect(out.contains("B / A = 0.879, 95% CI [0.817, 0.946]; t(7) = -4.135, p = .004, Holm p = .004"), "\(out)")
        #expect(out.contains("Cochran's Q(2) = 2.80; p = .247"), "\(out)")
        #expect(out.contains("8 participants with an outcome under every level: A 5/8 (63%), B 3/8 (38%), C 6/8 (75%)"), "\(out)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare", "T1", "--condition", "layout", "--json"]).utf8)) as! [String: Any]
        #expect(json["test"] as? String == "friedman" && abs((json["statistic"] as? Double ?? 0) - 14.25) < 1e-9)
        #expect((json["completion"] as? [String: Any])?["test"] as? String == "cochran-q")
        #expect(abs(((json["completion"] as? [String: Any])?["statistic"] as? Double ?? 0) - 2.8) < 1e-12)
        // T2 done under layouts A and C only: by default those two are compared (B has no attempt at T2).
        try cli.succeed(["task", "add", "T2", "--title", "Comprar"])
        try cli.write("t2.csv", "participant,task,layout,time,outcome\n" + (1...8).map { "P\($0),T2,A,\(30 + $0),success\nP\($0),T2,C,\(25 + $0 % 3),\($0 == 2 ? "fail" : "success")\n" }.joined())
        try cli.succeed(["attempt", "import", "t2.csv"])
        let t2 = try cli.succeed(["tasks", "compare", "T2", "--condition", "layout"])
        #expect(t2.contains("Task T2: layout A vs C, time (log scale); paired t-test, 8 participants") && t2.contains("McNemar's exact test"), "\(t2)")
        // Two levels chosen: McNemar over A and B.
        #expect(try cli.succeed(["tasks", "compare", "T1", "--condition", "layout", "--levels", "A,B"]).contains("McNemar's exact test"))
        let pt = try cli.run(["tasks", "compare", "T1", "--condition", "layout"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(pt.stdout.contains("Q de Cochran(2) = 2,80; p = 0,247"), "\(pt.stdout)")
        #expect(ForeignWordCheck.english(in: pt.stdout).isEmpty, "\(ForeignWordCheck.english(in: pt.stdout))\n\(pt.stdout)")
    }
}
