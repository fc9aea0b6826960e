import Foundation
import Testing

/// The counts a study keeps as it stores (participants, response sets, item answers: `status` reads them, `check`
/// compares them with the tables) stay right whatever writes come through the command line, in whatever order:
/// answers entered, imported under each --duplicates policy and with --replace, in wide and long files, small and
/// batched; answers and participants removed, with their cascades; attempts, codes, merges and REFI-QDA imports
/// in between. A refused write changes nothing, so it keeps them right too.
@Suite struct CountPropertyTests {
    /// A `responses import --duplicates keep-last` of a file repeating a participant once left the count of response
    /// sets one short: the earlier row's set was taken off twice (by the trigger and by the import's own tally).
    @Test func keepLastAndReplaceKeepTheStoredCounts() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Counts"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("d.csv", "Participante,Q1,Q2\nP1,5,3\nP2,4,4\nP1,7,7\nP3,6,\n")
        for policy in ["keep-last", "keep-first"] {
            let imported = try cli.succeed(["responses", "import", "d.csv", "--instrument", "umux-lite", "--participant-column", "Participante",
                                            "--duplicates", policy, "--replace"])
            #expect(imported.contains("Imported 3 umux-lite response sets (5 answers)"), "\(imported)")
            let check = try cli.run(["check"])
            #expect(check.status == 0 && check.stdout.contains(": ok"), "after --duplicates \(policy): \(check.stdout)\(check.stderr)")
            let status = try cli.succeed(["status"])
            #expect(status.contains("Response sets          3") && status.contains("Item answers           5"), "\(status)")
        }
        // A participant removed with their answers takes them off every count.
        try cli.succeed(["participant", "remove", "P1", "--cascade"])
        try cli.succeed(["responses", "remove", "P3", "umux-lite"])
        #expect(try cli.succeed(["check"]).contains(": ok"))
        let status = try cli.succeed(["status"])
        #expect(status.contains("Participants           2") && status.contains("Response sets          1") && status.contains("Item answers           2"), "\(status)")
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func storedCountsStayRightThroughRandomWrites(_ seed: UInt64) throws {
        let cli = try StudyCtl()
        var random = SplitMix(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        func chance(_ percent: Int) -> Bool { pick(100) < percent }

        // A second coder's copy, with participants of its own, to merge and to import as a REFI-QDA project.
        try cli.write("q.txt", "A tela inicial é confusa e o menu some.\n")
        try cli.succeed(["init", "--title", "Other", "--db", "other.sqlite"])
        for code in ["Q1", "Q2"] {
            try cli.succeed(["participant", "add", code, "--db", "other.sqlite"])
            try cli.succeed(["transcript", "add", code, "q.txt", "--db", "other.sqlite"])
        }
        try cli.succeed(["category", "add", "Clareza", "--origin", "emergent", "--db", "other.sqlite"])
        try cli.succeed(["code", "add", "Q1", "--excerpt", "tela inicial é confusa", "--code", "confusa", "--category", "Clareza",
                         "--coder", "B", "--db", "other.sqlite"])
        try cli.succeed(["export", "qdpx", "other.qdpx", "--db", "other.sqlite"])

        try cli.succeed(["init", "--title", "Counts"])
        // Enough participants for an import of more rows than one batched insert takes (64).
        let pool = (1...80).map { "P\($0)" }
        try cli.write("people.csv", "participant\n" + pool.joined(separator: "\n") + "\n")
        try cli.succeed(["participant", "import", "people.csv"])
        try cli.succeed(["task", "add", "t1", "--title", "T1"])
        try cli.succeed(["category", "add", "Clareza", "--origin", "emergent"])

        func someone() -> String { chance(90) ? pool[pick(12)] : pool[pick(pool.count)] }
        func umux() -> String { "\(1 + pick(7)),\(chance(15) ? "" : String(1 + pick(7)))" }
        func sus() -> String { (0..<10).map { _ in chance(10) ? "" : String(1 + pick(5)) }.joined(separator: ",") }
        var file = 0
        func write(_ text: String) throws -> String {
            file += 1
            return try cli.write("f\(file).csv", text)
        }

        let formExport: () throws -> [String] = {
            // A form export: a few rows, or more than a batch (distinct participants, or repeated ones); blank cells.
            let rows = chance(25) ? Array(pool[12...]) : (0..<(chance(20) ? 70 : 1 + pick(6))).map { _ in someone() }
            let body = rows.map { "\($0),\(umux())" }.joined(separator: "\n")
            let policy = ["refuse", "keep-first", "keep-last", "keep-last"][pick(4)]
            return ["responses", "import", try write("Participante,Q1,Q2\n" + body + "\n"), "--instrument", "umux-lite",
                    "--participant-column", "Participante", "--duplicates", policy] + (chance(50) ? ["--replace"] : [])
        }
        let writes: [() throws -> [String]] = [
            formExport, formExport, formExport,
            { ["respond", someone(), "umux-lite", "--answers", umux()] + (chance(50) ? ["--replace"] : []) },
            { ["respond", someone(), "sus", "--answers", sus()] + (chance(50) ? ["--replace"] : []) + (chance(30) ? ["--occasion", "b"] : []) },
            {
                // Long format: one row per answer, a set's rows together.
                let body = (0..<(1 + pick(3))).flatMap { _ -> [String] in
                    let code = someone()
                    return (1...(1 + pick(10))).map { "\(code),sus,\($0),\(1 + pick(5))" }
                }.joined(separator: "\n")
                return ["responses", "import", try write("participant,instrument,item,value\n" + body + "\n"), "--long"] + (chance(50) ? ["--replace"] : [])
            },
            { ["responses", "remove", someone(), ["umux-lite", "sus"][pick(2)]] },
            { ["participant", "remove", chance(15) ? "Q1" : someone(), "--cascade"] },
            { ["participant", "remove", someone()] },
            { ["participant", "add", someone()] },
            {
                let body = (0..<(1 + pick(4))).map { _ in "\(someone()),\(pick(40))" }.joined(separator: "\n")
                return ["participant", "import", try write("participant,age\n" + body + "\n")] + (chance(70) ? ["--update"] : [])
            },
            { ["attempt", "add", someone(), "t1", "--time", String(5 + pick(60))] },
            { ["attempt", "import", try write("participant,task,time,errors,outcome\n\(someone()),t1,\(5 + pick(60)),\(pick(3)),success\n")] },
            { ["attempt", "remove", someone(), "t1"] },
            {
                let words = "menu \(pick(5))"
                return ["code", "add", someone(), "--excerpt", words, "--code", words, "--category", "Clareza", "--coder", ["A", "B"][pick(2)]]
            },
            { ["code", "remove", String(1 + pick(8))] },
            { ["merge", "other.sqlite", "--prefer", "ours"] },
            { ["import", "qdpx", "other.qdpx"] },
        ]
        var stored = 0
        var sound = true
        for step in 0..<60 {
            let command = try writes[pick(writes.count)]()
            let result = try cli.run(command)
            if result.status == 0 { stored += 1 }
            if ProcessInfo.processInfo.environment["STUDYCTL_TEST_TRACE"] != nil {
                print("seed \(seed) step \(step): \(result.status) studyctl \(command.joined(separator: " ")) \(result.stderr.prefix(200))")
            }
            let check = try cli.run(["check"])
            let ok = check.status == 0 && check.stdout.contains(": ok")
            #expect(ok, "seed \(seed), step \(step): after 'studyctl \(command.joined(separator: " "))' (exit \(result.status): \(result.stderr.prefix(300))), check says: \(check.stdout)\(check.stderr)")
            if !ok { sound = false; break }
        }
        guard sound else { return }
        // Not a run of refusals: most writes store something.
        #expect(stored >= 25, "seed \(seed): only \(stored) of 60 writes stored anything")
        try cli.readsSucceed()
    }
}
