import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FaultTests {
    /// A large import killed with SIGKILL at random moments leaves a sound study holding all of the import or none.
    @Test func importKilledMidwayLeavesAllOrNothing() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Crash"])
        try cli.succeed(["participant", "add", "P1"])
        let rows = 40_000
        var csv = "code,years,level\n"
        csv.reserveCapacity(rows * 20)
        for index in 0..<rows { csv += "U\(index),\(index % 20),L\(index % 3)\n" }
        try cli.write("big.csv", csv)
        var generator = SplitMix(seed: 20_261_122)
        var outcomes: [Int] = []
        for run in 0..<5 {
            // Kill at a random moment within the import's first seconds (the last run is left to finish).
            let delay = run == 4 ? nil : 0.05 + Double(generator.next() % 1_500) / 1_000
            try cli.runKilled(["participant", "import", "big.csv"], after: delay)
            #expect(try cli.succeed(["check"]).contains(": ok"), "run \(run): the study passes the integrity check")
            let status = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json"]).utf8)) as! [String: Any]
            let participants = (status["counts"] as! [String: Int])["participants"]!
            #expect(participants == 1 || participants == 1 + rows, "run \(run): \(participants) participants — all of the import or none")
            outcomes.append(participants)
            if participants == 1 + rows { break }
        }
        #expect(outcomes.last == 1 + rows, "an import left alone completes")
    }

    /// A form import (a bulk write: foreign keys checked once, the statement journal in memory) killed with SIGKILL
    /// at random moments: the study holds all of the import or none, and stays in WAL mode.
    @Test func bulkImportKilledMidwayLeavesAllOrNothingInWAL() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Crash"])
        let rows = 50_000
        var participants = "code\n", form = "participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n"
        for index in 0..<rows {
            participants += "U\(index)\n"
            form += "U\(index)," + (1...10).map { String((index + $0) % 5 + 1) }.joined(separator: ",") + "\n"
        }
        try cli.write("p.csv", participants)
        try cli.write("f.csv", form)
        try cli.succeed(["participant", "import", "p.csv"])
        let study = cli.folder.appendingPathComponent("study.sqlite")
        /// Bytes 18 and 19 of an SQLite header are 2 in WAL mode, 1 under a rollback journal.
        func inWAL() throws -> Bool { try Data(contentsOf: study)[18] == 2 }
        var generator = SplitMix(seed: 20_261_125)
        var outcomes: [Int] = []
        for run in 0..<5 {
            let delay = run == 4 ? nil : 0.05 + Double(generator.next() % 1_000) / 1_000
            try cli.runKilled(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "participant"], after: delay)
            #expect(try cli.succeed(["check"]).contains(": ok"), "run \(run): the study passes the integrity check")
            let status = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json"]).utf8)) as! [String: Any]
            let sets = (status["counts"] as! [String: Int])["response sets"]!
            #expect(sets == 0 || sets == rows, "run \(run): \(sets) response sets — all of the import or none")
            try cli.succeed(["participant", "add", "W\(run)"])
            #expect(try inWAL(), "run \(run): the study is in WAL mode after the import and a write")
            outcomes.append(sets)
            if sets == rows { break }
        }
        #expect(outcomes.last == rows, "an import left alone completes")
        #expect(!FileManager.default.fileExists(atPath: study.path + "-journal"))
    }

    /// An import while another connection reads the study (a read transaction held open): the reader is never
    /// waited for, and both finish.
    static let sqlite3 = ["/usr/bin/sqlite3", "/opt/homebrew/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: FaultTests.sqlite3 != nil, "no sqlite3 program to hold a read transaction (Debian sqlite3)"))
    func bulkImportBesideAReaderStaysInWAL() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Reader"])
        try cli.write("p.csv", "code\n" + (1...50_000).map { "P\($0)\n" }.joined())
        try cli.write("f.csv", "participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n" + (1...50_000).map { "P\($0),3,3,3,3,3,3,3,3,3,3\n" }.joined())
        try cli.succeed(["participant", "import", "p.csv"])
        let sqlite = try #require(Self.sqlite3)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: sqlite)
        // The reader holds its transaction until the test says the import ended (or two minutes, should the import
        // wait for it): no wall-clock limit that a loaded machine could miss.
        reader.arguments = ["study.sqlite", "BEGIN; SELECT count(*) FROM participant;",
                            ".shell touch reading; i=0; while [ ! -e import-ended ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done", "COMMIT;"]
        reader.currentDirectoryURL = cli.folder
        reader.standardOutput = FileHandle.nullDevice
        try reader.run()
        // The import starts once the reader's transaction holds its snapshot (the reader then leaves a file), however
        // late the reader starts: no clock decides when.
        let reading = cli.path("reading")
        while !FileManager.default.fileExists(atPath: reading) && reader.isRunning { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: reading), "the reader ended before it held its transaction")
        try cli.succeed(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "participant"])
        #expect(reader.isRunning, "the import ended while the reader still held its transaction: it did not wait for it")
        try cli.write("import-ended", "")
        reader.waitUntilExit()
        #expect(try Data(contentsOf: cli.folder.appendingPathComponent("study.sqlite"))[18] == 2)
        #expect(try cli.succeed(["check"]).contains(": ok"))
    }

    /// A large form import refused at its last row (the rows before it were stored as they were read) leaves the
    /// study file's bytes exactly as they were, header included, and says where.
    @Test func aLargeImportRefusedAtItsEndLeavesTheSameBytes() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Refused"])
        var participants = "code\n", form = "participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n"
        for index in 0..<60_000 {
            participants += "U\(index)\n"
            form += "U\(index)," + (1...10).map { String((index + $0) % 5 + 1) }.joined(separator: ",") + "\n"
        }
        form += "U5,3,3,3,3,3,3,3,3,3,3\n"  // a second row for U5, at line 60,002
        try cli.write("p.csv", participants)
        try cli.write("f.csv", form)
        try cli.succeed(["participant", "import", "p.csv"])
        let study = cli.folder.appendingPathComponent("study.sqlite")
        let before = try Data(contentsOf: study)
        let failure = try cli.fail(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "participant"])
        #expect(failure.stderr.contains("f.csv:60002:1"), "\(failure.stderr)")
        #expect(try Data(contentsOf: study) == before, "the same bytes")
    }

    /// Two processes each storing 200 response sets in the same study: 400 sets, no lock error.
    @Test func twoProcessesRespondingConcurrently() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Concurrency"])
        var csv = "code\n"
        for index in 1...400 { csv += "P\(index)\n" }
        try cli.write("p.csv", csv)
        try cli.succeed(["participant", "import", "p.csv"])
        let shells = try (0..<2).map { writer -> (Process, URL) in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            let first = writer * 200 + 1
            shell.arguments = ["-c", "for i in $(seq \(first) \(first + 199)); do \"\(StudyCtl.binary.path)\" respond P$i sus --answers 4,2,4,2,4,2,4,2,4,2 >/dev/null || echo FAIL $i; done"]
            shell.currentDirectoryURL = cli.folder
            let out = cli.folder.appendingPathComponent("writer\(writer).out")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            shell.standardOutput = try FileHandle(forWritingTo: out)
            shell.standardError = try FileHandle(forWritingTo: out)
            shell.standardInput = FileHandle.nullDevice
            return (shell, out)
        }
        for (shell, _) in shells { try shell.run() }
        for (shell, out) in shells {
            shell.waitUntilExit()
            #expect(try String(contentsOf: out, encoding: .utf8).isEmpty, "no command failed")
        }
        let status = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json"]).utf8)) as! [String: Any]
        #expect((status["counts"] as! [String: Int])["response sets"] == 400)
        #expect(try cli.succeed(["check"]).contains(": ok"))
    }

    /// score spools its rows to a temporary file until the summaries that come first are known: when the disk
    /// refuses them (here a 40 KB file-size limit), it fails naming the temporary file and prints nothing, instead of
    /// a document cut short.
    @Test func aSpoolTheDiskRefusesFailsBeforeAnyOutput() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Spool"])
        try cli.write("p.csv", "code\n" + (1...200).map { "P\($0)\n" }.joined())
        try cli.succeed(["participant", "import", "p.csv"])
        var form = "participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n"
        for participant in 1...200 {
            let answers: [String] = (1...10).map { item in String((participant + item) % 5 + 1) }
            form += "P\(participant)," + answers.joined(separator: ",") + "\n"
        }
        try cli.write("f.csv", form)
        try cli.succeed(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "participant"])
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f 40; \"\(StudyCtl.binary.path)\" score sus --json > out.json 2> err.txt"]
        shell.currentDirectoryURL = cli.folder
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus != 0)
        #expect(try String(contentsOf: cli.folder.appendingPathComponent("out.json"), encoding: .utf8).isEmpty, "nothing printed")
        #expect(try String(contentsOf: cli.folder.appendingPathComponent("err.txt"), encoding: .utf8).contains("the temporary file could not be written"))
        #expect(try cli.succeed(["score", "sus", "--json"]).utf8.count > 40 * 1024, "the document is larger than the limit")
    }

    /// A workbook the disk refuses (here a 300 KB file-size limit, which cuts libxlsxwriter's temporary copy of
    /// a sheet short: before, the workbook was written and named with two sheets truncated, exit 0): one message of
    /// studyctl's naming the file, none of libxlsxwriter's own lines ("[ERROR][./src/packager.c…]"), and nothing left
    /// under the workbook's name or beside it.
    @Test func aWorkbookTheDiskRefusesFailsInTheToolsWords() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Cheia"])
        try cli.write("p.csv", "code\n" + (1...2000).map { "P\($0)\n" }.joined())
        try cli.succeed(["participant", "import", "p.csv"])
        var form = "participant,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\n"
        for participant in 1...2000 {
            form += "P\(participant)," + (1...10).map { String((participant * $0) % 5 + 1) }.joined(separator: ",") + "\n"
        }
        try cli.write("f.csv", form)
        try cli.succeed(["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "participant"])
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f 300; \"\(StudyCtl.binary.path)\" export xlsx out.xlsx > out.txt 2> err.txt"]
        shell.currentDirectoryURL = cli.folder
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus != 0)
        let said = try String(contentsOf: cli.folder.appendingPathComponent("err.txt"), encoding: .utf8)
        #expect(!said.contains("[ERROR]") && !said.contains(".c:"), "\(said)")
        #expect(said.hasPrefix("Error: ") && said.contains("out.xlsx") && said.split(separator: "\n").count == 1, "\(said)")
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.contains("out.xlsx") }
        #expect(left.isEmpty, "\(left)")
        // Without the limit, the same workbook is written and is larger than it.
        try cli.succeed(["export", "xlsx", "again.xlsx"])
        #expect(try FileManager.default.attributesOfItem(atPath: cli.path("again.xlsx"))[.size] as! Int > 300 * 1024)
    }

    /// A file that is no SQLite database, a damaged study and a missing consent text are refused in the tool's words,
    /// in Portuguese when asked: no sentence of SQLite's ("database disk image is malformed", "not an SQLite
    /// database") or Foundation's ("The file doesn't exist"); across studies, in the first study's language.
    @Test func damagedAndMissingFilesAreRefusedInTheToolsWords() throws {
        let cli = try StudyCtl()
        let portuguese = ["STUDYCTL_LANGUAGE": "pt-BR"]
        try cli.write("texto.sqlite", "not a database, just words\n")
        let text = try cli.run(["status", "--db", "texto.sqlite"], environment: portuguese)
        #expect(text.status != 0 && text.stderr.contains("não é um banco de dados SQLite") && !text.stderr.contains("SQLite database"), "\(text.stderr)")
        try cli.succeed(["init", "--title", "Danificado", "--db", "d.sqlite"])
        let handle = try FileHandle(forWritingTo: cli.folder.appendingPathComponent("d.sqlite"))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xFF, count: 400))
        try handle.close()
        let damaged = try cli.run(["status", "--db", "d.sqlite"], environment: portuguese)
        #expect(damaged.status != 0 && damaged.stderr.contains("o arquivo está danificado") && !damaged.stderr.contains("malformed"), "\(damaged.stderr)")
        try cli.succeed(["init", "--title", "Consentimento", "--db", "c.sqlite"])
        let missing = try cli.run(["consent", "add", "termo.md", "--version", "1", "--db", "c.sqlite"], environment: portuguese)
        #expect(missing.status != 0 && missing.stderr.contains("termo.md: o arquivo não existe") && !missing.stderr.contains("doesn"), "\(missing.stderr)")
        // Across studies, a refusal said before any study is read speaks the first study's language.
        let studies = try StudyCtl(language: nil)
        try studies.succeed(["init", "--title", "Outra", "--language", "pt-BR", "--db", "o.sqlite"])
        try studies.succeed(["init", "--title", "Mais uma", "--language", "pt-BR", "--db", "m.sqlite"])
        try studies.write("citações.md", "")
        let exists = try studies.run(["export", "quotes", "citações.md", "--studies", "o.sqlite", "m.sqlite"])
        #expect(exists.status != 0 && exists.stderr.hasPrefix("Erro: citações.md já existe"), "\(exists.stderr)")
    }

    /// A backup taken while another process imports is a consistent, sound study.
    @Test func backupWhileAnotherProcessWrites() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Backup"])
        var csv = "code,years\n"
        for index in 0..<20_000 { csv += "U\(index),\(index % 9)\n" }
        try cli.write("big.csv", csv)
        let process = Process()
        process.executableURL = StudyCtl.binary
        process.arguments = ["participant", "import", "big.csv"]
        process.currentDirectoryURL = cli.folder
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The backup starts once the import writes (its write-ahead log grows), or has ended: a file says when.
        let wal = cli.path("study.sqlite-wal")
        func logged() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0 }
        while process.isRunning && logged() < 64 * 1024 { usleep(5_000) }
        try cli.succeed(["backup", "copy.sqlite"])
        process.waitUntilExit()
        #expect(try cli.succeed(["check", "--db", "copy.sqlite"]).contains(": ok"))
        let status = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["status", "--json", "--db", "copy.sqlite"]).utf8)) as! [String: Any]
        let participants = (status["counts"] as! [String: Int])["participants"]!
        #expect(participants == 0 || participants == 20_000, "the copy holds the import whole or not at all")
        // The import's last checkpoint may have waited for the backup's reader: a read of the study settles its log
        // first, so the refusal below is measured on a file at rest.
        try cli.succeed(["status"])
        #expect(try cli.fail(["backup", "copy.sqlite"]).stderr.contains("copy.sqlite already exists"))
    }
}

/// A small seeded random generator, so the kill moments are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
