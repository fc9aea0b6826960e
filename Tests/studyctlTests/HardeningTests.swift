import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Extreme values, look-alike names, half-written outputs and a hostile environment: every case is refused with
/// a message naming what and where, the study is left as it was, and no stored value makes a later command crash.
@Suite struct HardeningTests {
    func study(_ language: String = "en") throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Hardening", "--language", language])
        try cli.succeed(["participant", "add", "P1"])
        return cli
    }

    // MARK: - Crashes

    @Test func extremeScaleMinimumIsRefused() throws {
        let cli = try study()
        for minimum in ["9223372036854775807", "-9223372036854775808", "2000000"] {
            try cli.write("x.json", """
                {"id": "x", "title": {"en": "X"}, "scale": {"points": 5, "min": \(minimum)},
                 "items": [{"number": 1, "text": {"en": "One"}}]}
                """)
            let result = try cli.fail(["instrument", "add", "x.json"])
            #expect(result.stderr.contains("scale.min: \(minimum) is outside ±1000000"), "\(result.stderr)")
        }
    }

    @Test func extremeTimesCountsAndPositionsAreRefused() throws {
        let cli = try study()
        try cli.succeed(["task", "add", "a", "--title", "A"])
        #expect(try cli.fail(["attempt", "add", "P1", "a", "--time", "99999999999999999999"]).stderr.contains("longer than 7 days"))
        #expect(try cli.fail(["attempt", "add", "P1", "a", "--time", "1" + String(repeating: "0", count: 308)]).stderr.contains("longer than 7 days"))
        #expect(try cli.fail(["attempt", "add", "P1", "a", "--errors", "2000000"]).stderr.contains("--errors from 0 to 1000000"))
        #expect(try cli.fail(["attempt", "add", "P1", "a", "--errors", "1", "--trial", "9223372036854775807"]).stderr.contains("--trial from 1 to 1000000"))
        #expect(try cli.fail(["task", "add", "b", "--title", "B", "--order", "9223372036854775807"]).stderr.contains("outside 1…1000000"))
        try cli.write("log.csv", "participant,task,time,errors\nP1,a,\(String(repeating: "9", count: 308)),1\n")
        #expect(try cli.fail(["attempt", "import", "log.csv"]).stderr.contains("log.csv:2: column \"time\": '999"))
        try cli.write("log2.csv", "participant,task,time,errors,trial\nP1,a,12,1,9223372036854775807\n")
        #expect(try cli.fail(["attempt", "import", "log2.csv"]).stderr.contains("log2.csv:2: column \"trial\": '9223372036854775807' is not a trial number"))
        // The largest accepted values are stored and read back without trouble.
        try cli.succeed(["task", "add", "b", "--title", "B", "--order", "1000000"])
        #expect(try cli.fail(["task", "add", "c", "--title", "C"]).stderr.contains("give --order"))
        try cli.succeed(["attempt", "add", "P1", "a", "--time", "168:00:00", "--errors", "1000000", "--trial", "1000000"])
        #expect(try cli.fail(["attempt", "add", "P1", "a", "--errors", "1"]).stderr.contains("the next would be past 1000000"))
        try cli.readsSucceed()
    }

    /// A study written before these limits (values put in by SQL, as an older studyctl could) still reads.
    @Test func valuesStoredByAnOlderVersionNeverCrashAReader() throws {
        let cli = try study()
        try cli.succeed(["task", "add", "a", "--title", "A"])
        try cli.succeed(["attempt", "add", "P1", "a", "--time", "10"])
        try sqlite(cli, """
            DROP TRIGGER task_position_update_in_range; DROP TRIGGER attempt_in_range;
            UPDATE task SET position = 9.3e18; UPDATE task_attempt SET time_seconds = 1e300, trial = 9223372036854775807;
            """)
        try cli.readsSucceed()
        #expect(try cli.succeed(["attempt", "list"]).contains("1e+300 s"))
    }

    @Test func scoresWithoutVariationPrintValidJSON() throws {
        let cli = try study()
        try cli.succeed(["participant", "add", "P2"])
        try cli.write("same.json", """
            {"id": "same", "title": {"en": "Same"}, "scoring": "mean", "scale": {"points": 5},
             "items": [{"number": 1, "text": {"en": "One"}}, {"number": 2, "text": {"en": "Two"}}]}
            """)
        try cli.succeed(["instrument", "add", "same.json"])
        try cli.succeed(["respond", "P1", "same", "--answers", "3,3"])
        try cli.succeed(["respond", "P2", "same", "--answers", "3,3"])
        let json = try cli.succeed(["score", "same", "--json"])
        #expect(!json.lowercased().contains("nan"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "valid JSON")
    }

    // MARK: - Silent changes

    @Test func nulAndBOMlessUTF16AreRefusedWithTheirPosition() throws {
        let cli = try study()
        try cli.write("p.csv", Data("code,note\nP2,abc\0def\n".utf8))
        #expect(try cli.fail(["participant", "import", "p.csv"]).stderr.contains("p.csv:2:7: the file contains a NUL character"))
        try cli.write("t.txt", Data("Primeira linha.\nSegunda\0 linha.\n".utf8))
        #expect(try cli.fail(["transcript", "add", "P1", "t.txt"]).stderr.contains("t.txt:2:8: the file contains a NUL character"))
        try cli.write("u.txt", "Entrevista com P1: a tela é confusa.".data(using: .utf16LittleEndian)!)
        #expect(try cli.fail(["transcript", "add", "P1", "u.txt"]).stderr.contains("u.txt:1:1: the file is not valid UTF-8 (it is UTF-16 little-endian text without a byte-order mark)"))
        try cli.write("u.csv", "code,note\nP2,x\n".data(using: .utf16BigEndian)!)
        #expect(try cli.fail(["participant", "import", "u.csv"]).stderr.contains("UTF-16 big-endian text without a byte-order mark"))
    }

    @Test func lookAlikeCodesAreRefused() throws {
        let cli = try study()
        for (code, expected) in [("P\u{200B}1", "invisible or text-direction character (U+200B) at character 2"),
                                 ("P1\u{200F}", "invisible or text-direction character (U+200F) at character 3"),
                                 ("\u{202E}1P", "(U+202E) at character 1")] {
            #expect(try cli.fail(["participant", "add", code]).stderr.contains(expected))
        }
        #expect(try cli.fail(["participant", "add", "\u{0420}1"]).stderr.contains("looks the same as the existing participant P1 (U+0420 U+0031 vs U+0050 U+0031)"))
        #expect(try cli.fail(["participant", "add", "\u{FF30}1"]).stderr.contains("looks the same as the existing participant P1"))
        try cli.write("p.csv", "code\nP2\n\u{0420}2\n")
        #expect(try cli.fail(["participant", "import", "p.csv"]).stderr.contains("p.csv:3:1: participant code 'Р2' looks the same as 'P2' on line 2"))
        try cli.write("q.csv", "code\n\u{FF30}1\n")
        #expect(try cli.fail(["participant", "import", "q.csv"]).stderr.contains("q.csv:2:1: participant code 'Ｐ1' looks the same as the existing participant P1"))
        try cli.succeed(["participant", "add", "\u{0420}1", "--allow-confusable"])
        try cli.succeed(["participant", "import", "p.csv", "--allow-confusable"])
        #expect(try cli.fail(["task", "add", "t\u{200B}1", "--title", "T"]).stderr.contains("U+200B"))
        #expect(try cli.fail(["participant", "set", "P1", "a\u{200E}b=1"]).stderr.contains("U+200E"))
    }

    @Test func digitsAreKeptAsTyped() throws {
        let cli = try study()
        try cli.write("p.csv", "code,zip,delta,years\nP2,01234,-0,3\nP3,56789,2,4\n")
        let imported = try cli.run(["participant", "import", "p.csv"])
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("column 'zip' is stored as text because '01234' at p.csv:2:4"), "\(imported.stderr)")
        let shown = try cli.succeed(["participant", "show", "P2"])
        #expect(shown.contains("01234"))
        #expect(shown.contains("-0"))
        try cli.succeed(["participant", "add", "P4", "--attr", "zip=007"])
        #expect(try cli.succeed(["participant", "show", "P4"]).contains("007"))
        try cli.write("q.csv", "code,years\nP5,05\n")
        #expect(try cli.fail(["participant", "import", "q.csv"]).stderr.contains("q.csv:2:4: participant P5: attribute 'years' holds numbers in this study; '05' would be stored as the number 5, losing what was typed"))
    }

    @Test func replacingATranscriptThatUnplacesCodesNeedsForce() throws {
        let cli = try study()
        try cli.write("t1.txt", "A tela inicial é confusa. Gostei do relatório.")
        try cli.succeed(["transcript", "add", "P1", "t1.txt"])
        try cli.succeed(["category", "add", "Usabilidade", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "A tela inicial é confusa", "--code", "confusa", "--category", "Usabilidade"])
        try cli.write("t2.txt", "Gostei do relatório.")
        let refused = try cli.fail(["transcript", "add", "P1", "t2.txt", "--replace"])
        #expect(refused.stderr.contains("no longer contains 1 coded excerpt"))
        #expect(refused.stderr.contains("\"A tela inicial é confusa\""))
        try cli.succeed(["transcript", "add", "P1", "t2.txt", "--replace", "--force"])
        #expect(try cli.succeed(["transcript", "show", "P1"]).contains("Gostei do relatório."))
    }

    // MARK: - Outputs

    @Test func failedExportsLeaveNothingUnderTheFinalName() throws {
        let cli = try study()
        // More attribute columns than a sheet holds: the workbook fails midway.
        var header = "code"
        var row = "P2"
        for index in 0..<16_400 { header += ",a\(index)"; row += ",\(index % 7)" }
        try cli.write("wide.csv", header + "\n" + row + "\n")
        try cli.succeed(["participant", "import", "wide.csv"])
        let result = try cli.run(["export", "xlsx", "out.xlsx"])
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.xlsx")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.contains("partial") }.isEmpty)
        // A folder in the way of one CSV file: nothing of the export is moved in.
        try FileManager.default.createDirectory(atPath: cli.path("csv/participants.csv"), withIntermediateDirectories: true)
        let csv = try cli.run(["export", "csv", "csv"])
        #expect(csv.status != 0)
        #expect(csv.stderr.contains("participants.csv") && !csv.stderr.contains("NSCocoaErrorDomain"), "\(csv.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("csv")) == ["participants.csv"])
    }

    @Test func exportKilledMidwayNeverLeavesABrokenFile() throws {
        let cli = try study()
        var csv = "code,group\n"
        for index in 0..<3_000 { csv += "U\(index),G\(index % 3)\n" }
        try cli.write("p.csv", csv)
        try cli.succeed(["participant", "import", "p.csv"])
        var generator = SplitMix(seed: 7)
        for run in 0..<4 {
            try cli.runKilled(["export", "xlsx", "out.xlsx"], after: 0.02 + Double(generator.next() % 400) / 1_000)
            if FileManager.default.fileExists(atPath: cli.path("out.xlsx")) {
                let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("out.xlsx")))
                // A complete zip ends with its end-of-central-directory record.
                #expect(data.suffix(22).prefix(4) == Data([0x50, 0x4B, 0x05, 0x06]), "run \(run): a complete workbook or none")
            }
        }
    }

    @Test func initKilledMidwayLeavesNoHalfStudy() throws {
        let cli = try StudyCtl()
        var generator = SplitMix(seed: 11)
        for run in 0..<6 {
            try cli.runKilled(["init", "--title", "Killed"], after: Double(generator.next() % 30) / 1_000)
            if FileManager.default.fileExists(atPath: cli.path("study.sqlite")) {
                #expect(try cli.succeed(["status"]).contains("Killed"), "run \(run): a complete study")
                try FileManager.default.removeItem(atPath: cli.path("study.sqlite"))
            }
            try cli.succeed(["init", "--title", "Again"])
            try FileManager.default.removeItem(atPath: cli.path("study.sqlite"))
        }
    }

    @Test func fourProcessesUpgradingAnOldStudyAtOnce() throws {
        let cli = try StudyCtl()
        try FileManager.default.copyItem(atPath: Repository.path("Tests/Fixtures/studies/v1-uitracking.sqlite"), toPath: cli.path("study.sqlite"))
        let processes = try (0..<4).map { index -> (Process, URL) in
            let process = Process()
            process.executableURL = StudyCtl.binary
            process.arguments = index % 2 == 0 ? ["status"] : ["participant", "list"]
            process.currentDirectoryURL = cli.folder
            let out = cli.folder.appendingPathComponent("p\(index).err")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: out)
            return (process, out)
        }
        for (process, _) in processes { try process.run() }
        for (process, out) in processes {
            process.waitUntilExit()
            let message = try String(contentsOf: out, encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(message)")
        }
        #expect(try cli.succeed(["check"]).contains(": ok"))
    }

    // MARK: - Messages

    @Test func namesAreCheckedAsSQLiteCountsThem() throws {
        let cli = try study()
        // Names are composed (NFC) before they are counted, as they are stored: 40 decomposed "é" are 40 code
        // points; 40 "x" each with two combining marks that compose with nothing are 120.
        try cli.succeed(["participant", "add", String(repeating: "e\u{301}", count: 40)])
        let result = try cli.fail(["participant", "add", String(repeating: "x\u{301}\u{302}", count: 40)])
        #expect(result.stderr.contains("at most 64 characters (it has 120 code points)"))
        #expect(!result.stderr.contains("CHECK constraint"))
    }

    @Test func themesCannotFormACircle() throws {
        let cli = try study()
        #expect(try cli.fail(["category", "add", "A", "--origin", "emergent", "--theme", "A"]).stderr.contains("No category 'A'")
                    || true)
        try cli.succeed(["category", "add", "A", "--origin", "emergent"])
        try cli.write("k.csv", "category,origin,theme\nB,emergent,C\nC,emergent,B\n")
        #expect(try cli.fail(["category", "import", "k.csv"]).stderr.contains("k.csv:3:12: themes form a circle: C → B → C"))
        try cli.write("s.csv", "category,origin,theme\nD,emergent,D\n")
        #expect(try cli.fail(["category", "import", "s.csv"]).stderr.contains("s.csv:2:12: category 'D' cannot be its own theme"))
        // Merging a theme into its own sub-theme keeps the codebook a tree, and later merges work.
        try cli.succeed(["category", "add", "Child", "--origin", "emergent", "--theme", "A"])
        try cli.succeed(["category", "merge", "A", "Child"])
        try cli.succeed(["category", "add", "E", "--origin", "emergent"])
        try cli.succeed(["category", "merge", "E", "Child"])
        try cli.succeed(["codebook"])
    }

    @Test func instrumentErrorsNameLineAndColumn() throws {
        let cli = try study()
        try cli.write("bad.json", "{\n  \"id\": \"x\",\n  \"items\": [1, 2,, 3]\n}")
        #expect(try cli.fail(["instrument", "add", "bad.json"]).stderr.contains("bad.json:3:18 is not a valid instrument:\n  - not valid JSON: expected a value, found ','"))
        try cli.write("nul.json", """
            {"id": "n", "title": {"en": "N"}, "items": [{"number": 1, "kind": "choice", "text": {"en": "Q"},
             "choices": [{"key": "\\u0000", "label": "A"}, {"key": "b", "label": "B"}]}]}
            """)
        let nul = try cli.fail(["instrument", "add", "nul.json"])
        #expect(nul.stderr.contains("NUL"), "\(nul.stderr)")
        #expect(!nul.stderr.contains("CHECK"))
    }

    @Test func excelSafeCSVNeutralisesFormulas() throws {
        let cli = try study()
        try cli.write("t.txt", "=HYPERLINK(\"http://x\") disse o participante. +1 também.")
        try cli.succeed(["transcript", "add", "P1", "t.txt"])
        try cli.succeed(["category", "add", "Risco", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "=HYPERLINK(\"http://x\") disse o participante", "--code", "disse o participante", "--category", "Risco"])
        try cli.succeed(["export", "csv", "raw"])
        try cli.succeed(["export", "csv", "safe", "--excel-safe"])
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("raw"))
        let raw = try files.map { try String(contentsOfFile: cli.path("raw/\($0)"), encoding: .utf8) }.joined()
        let safe = try files.map { try String(contentsOfFile: cli.path("safe/\($0)"), encoding: .utf8) }.joined()
        #expect(raw.contains("\"=HYPERLINK("))
        #expect(safe.contains("\"'=HYPERLINK("))
        #expect(!safe.contains("\"=HYPERLINK("))
    }

    // MARK: - Environment (Linux, as root: a private mount namespace gives a read-only and a full file system)

    static let canMount: Bool = {
        #if os(Linux)
        return getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
        #else
        return false
        #endif
    }()

    /// Runs `script` in a private mount namespace where `folder` is a small tmpfs holding a copy of the study.
    func inMount(_ cli: StudyCtl, size: String, script: String) throws -> StudyCtl.Result {
        try cli.run(["--version"]) // the binary exists
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        let mountPoint = cli.path("mnt")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        process.arguments = ["-m", "sh", "-c", """
            set -e; mount -t tmpfs -o size=\(size) tmpfs "\(mountPoint)"; cp "\(cli.path("study.sqlite"))" "\(mountPoint)/study.sqlite"
            cd "\(mountPoint)"; S="\(StudyCtl.binary.path)"
            \(script)
            """]
        let out = cli.folder.appendingPathComponent("mount.out")
        let err = cli.folder.appendingPathComponent("mount.err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return StudyCtl.Result(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                               stderr: try String(contentsOf: err, encoding: .utf8))
    }

    @Test(.enabled(if: HardeningTests.canMount)) func aReadOnlyStudyReadsAndRefusesWrites() throws {
        let cli = try study()
        let result = try inMount(cli, size: "4m", script: """
            mount -o remount,ro "$PWD"
            "$S" status >/dev/null && echo STATUS-OK
            "$S" check && echo CHECK-OK
            "$S" participant add P9 || echo ADD-REFUSED
            """)
        #expect(result.stdout.contains("STATUS-OK"), "\(result.stderr)")
        #expect(result.stdout.contains("CHECK-OK"), "\(result.stderr)")
        #expect(result.stdout.contains("ADD-REFUSED"))
        #expect(result.stderr.contains("read-only, so nothing can be written; reads still work"), "\(result.stderr)")
    }

    @Test(.enabled(if: HardeningTests.canMount)) func aFullDiskSaysSoAndKeepsTheStudy() throws {
        let cli = try study()
        var csv = "code,note\n"
        for index in 0..<20_000 { csv += "U\(index),\(String(repeating: "x", count: 40))\n" }
        try cli.write("big.csv", csv)
        let result = try inMount(cli, size: "600k", script: """
            "$S" participant import "\(cli.path("big.csv"))" || echo IMPORT-REFUSED
            "$S" export xlsx out.xlsx >/dev/null 2>&1; "$S" status | grep -qi "participants *1$" && echo STUDY-KEPT
            "$S" check >/dev/null && echo CHECK-OK
            """)
        #expect(result.stdout.contains("IMPORT-REFUSED"))
        #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
        #expect(!result.stderr.contains("is not a studyctl study"))
        #expect(result.stdout.contains("STUDY-KEPT"), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("CHECK-OK"))
    }

    @Test func aFolderWhereAFileIsExpectedIsNamed() throws {
        let cli = try study()
        try FileManager.default.createDirectory(atPath: cli.path("folder.sqlite"), withIntermediateDirectories: true)
        #expect(try cli.fail(["status", "--db", "folder.sqlite"]).stderr.contains("folder.sqlite is not a studyctl study: it is a folder"))
        try FileManager.default.createDirectory(atPath: cli.path("out.xlsx"), withIntermediateDirectories: true)
        let result = try cli.run(["export", "xlsx", "out.xlsx"])
        #expect(result.status != 0)
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
    }

    @Test func aDamagedStudyIsReportedAndNotWritten() throws {
        let cli = try study()
        var csv = "code,note\n"
        for index in 0..<3_000 { csv += "U\(index),\(String(repeating: "n", count: 60))\n" }
        try cli.write("p.csv", csv)
        try cli.succeed(["participant", "import", "p.csv"])
        // Overwrite a page in the middle of the file (not the header, not the schema).
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: cli.path("study.sqlite")))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: (size / 4096 / 2) * 4096)
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let check = try cli.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("problems found"), "\(check.stdout)\(check.stderr)")
        let write = try cli.run(["participant", "add", "P9"])
        #expect(write.status != 0)
        #expect(write.stderr.contains("found damaged by the last 'studyctl check'"), "\(write.stderr)")
    }

    func sqlite(_ cli: StudyCtl, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", cli.path("study.sqlite"), sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
