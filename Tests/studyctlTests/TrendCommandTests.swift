import Foundation
import Testing

/// `studyctl trend` end to end on the fixture of Tests/Fixtures/trend (six releases of 20–30 respondents, a shift
/// planted in 4.5; written by its generate.py): every per-release figure and every comparison of consecutive
/// releases against scipy and statsmodels (Tests/Fixtures/trend/reference.py, run in a venv under .build), the BCa
/// intervals replayed exactly from studyctl's SplitMix64 index stream through scipy.stats.bootstrap's own BCa code;
/// the control chart flags 4.5 and nothing else; the studies' bytes are unchanged and nothing is written beside them.
@Suite(.serialized) struct TrendCommandTests {
    static let releases = ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6"]
    static let fixture = Repository.path("Tests/Fixtures/trend")

    /// Six studies, one per release, each made from the fixture's files.
    static func makeStudies(_ cli: StudyCtl) throws -> [String] {
        var paths: [String] = []
        for release in releases {
            let db = cli.path("\(release).sqlite")
            try cli.succeed(["init", "--title", "Release \(release)", "--language", "en", "--db", db])
            try cli.succeed(["participant", "import", "\(fixture)/participants-\(release).csv", "--code-column", "code", "--db", db])
            try cli.succeed(["responses", "import", "\(fixture)/sus-\(release).csv", "--instrument", "sus", "--participant-column", "participant", "--db", db])
            try cli.succeed(["attempt", "import", "\(fixture)/attempts-\(release).csv", "--create-tasks", "--db", db])
            paths.append(db)
        }
        return paths
    }

    /// Every file in the test's folder with its bytes (hidden files of the harness aside).
    static func snapshot(_ cli: StudyCtl) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cli.folder.path) where !name.hasPrefix(".") && !name.hasSuffix(".png") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: cli.path(name)))
        }
        return files
    }

    /// scipy and statsmodels in a venv under .build, made when missing; nil (the reason printed) where they cannot be installed.
    static let python: String? = {
        let venv = Repository.path(".build/trend-venv")
        let python = venv + "/bin/python"
        if DocumentTools.run(python, ["-c", "import scipy, statsmodels, numpy"]).status == 0 { return python }
        guard let python3 = Tool.locate("python3"), DocumentTools.run(python3, ["-m", "venv", venv]).status == 0,
              DocumentTools.run(venv + "/bin/pip", ["install", "--quiet", "scipy", "statsmodels", "numpy"]).status == 0 else {
            print("trend reference skipped: scipy and statsmodels could not be installed from PyPI into \(venv)")
            return nil
        }
        return python
    }()

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text.prefix(400))")
    }

    static func close(_ a: Any?, _ b: Any?, _ tolerance: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch (a, b) {
        case let (x as Double, y as Double):
            #expect(abs(x - y) <= tolerance * max(1, abs(y)), "\(what): studyctl \(x), reference \(y)", sourceLocation: sourceLocation)
        case let (x as [Double], y as [Double]):
            #expect(x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) },
                    "\(what): studyctl \(x), reference \(y)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(what): studyctl \(String(describing: a)), reference \(String(describing: b))", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: TrendCommandTests.python != nil, "scipy and statsmodels could not be installed in a venv (python3 missing or PyPI unreachable)"))
    func releasesAndComparisonsAsScipyComputesThem() throws {
        let cli = try StudyCtl()
        let studies = try Self.makeStudies(cli)
        let before = try Self.snapshot(cli)
        let python = try #require(Self.python)
        let baseline = "4.1,4.2,4.3,4.4"
        let run = DocumentTools.run(python, ["\(Self.fixture)/reference.py", Self.fixture, baseline])
        #expect(run.status == 0, "reference.py failed")
        let reference = try Self.json(run.output)
        for (measure, extra) in [("sus", [String]()), ("completion", ["--task", "T1"]), ("time", ["--task", "T1"])] {
            let out = try cli.succeed(["trend", measure, "--studies"] + studies + ["--baseline", baseline, "--json"] + extra)
            let document = try Self.json(out)
            let expected = try #require(reference[measure] as? [String: Any])
            let releases = try #require(document["releases"] as? [[String: Any]])
            let wanted = try #require(expected["releases"] as? [[String: Any]])
            #expect(releases.map { $0["name"] as? String } == Self.releases, "ordered by the studies' dates")
            // SUS scores and outcomes are exact in binary (multiples of 2.5, 0 and 1): every resampled mean is the same
            // number in both, so the BCa ends agree to rounding; times are sums of decimals, their means a few ulps apart.
            let tolerance = measure == "time" ? 1e-9 : 1e-12
            for (got, want) in zip(releases, wanted) {
                let name = "\(measure) \(want["name"] ?? "")"
                #expect(got["n"] as? Int == want["n"] as? Int, "\(name) n")
                Self.close(got["estimate"], want["estimate"], 1e-12, "\(name) estimate")
                Self.close(got["ci"], want["ci"], 1e-9, "\(name) interval")
                Self.close(got["bca"], want["bca"], tolerance, "\(name) BCa")
            }
            let previous = try #require(document["comparisons"] as? [[String: Any]]).filter { $0["against"] as? String == "previous" }
            let wantedPrevious = try #require(expected["previous"] as? [[String: Any]])
            #expect(previous.count == 5)
            for (got, want) in zip(previous, wantedPrevious) {
                let name = "\(measure) → \(want["to"] ?? "")"
                #expect(got["to"] as? String == want["to"] as? String)
                for key in ["difference", "statistic", "p", "effect"] { Self.close(got[key], want[key], 1e-9, "\(name) \(key)") }
                if measure != "completion" {
                    Self.close(got["df"], want["df"], 1e-9, "\(name) df")
                    Self.close(got["ci"], want["ci"], 1e-9, "\(name) ci")
                }
            }
            let chart = try #require(document["chart"] as? [String: Any])
            let wantedChart = try #require(expected["chart"] as? [String: Any])
            for key in ["centre", "lower", "upper"] { Self.close(chart[key], wantedChart[key], 1e-12, "\(measure) chart \(key)") }
            let flagged = releases.filter { !(($0["flags"] as? [String]) ?? []).isEmpty }.map { $0["name"] as? String }
            #expect(flagged == (wantedChart["flagged"] as? [String]), "\(measure): flagged \(flagged)")
            if measure == "sus" { #expect(flagged == ["4.5"], "the planted shift, and nothing else") }
            #expect((chart["rule"] as? String)?.contains("eighth in a row") == true)
        }
        #expect(try Self.snapshot(cli) == before, "the studies' bytes are unchanged and nothing was written beside them")
    }

    /// The same six releases as one study split by its participants' release attribute: the same figures.
    @Test func oneStudySplitByAnAttributeGivesTheSameTrend() throws {
        let cli = try StudyCtl()
        let studies = try Self.makeStudies(cli)
        try cli.succeed(["init", "--title", "All releases", "--language", "en"])
        for release in Self.releases {
            try cli.succeed(["participant", "import", "\(Self.fixture)/participants-\(release).csv", "--code-column", "code"])
            try cli.succeed(["responses", "import", "\(Self.fixture)/sus-\(release).csv", "--instrument", "sus", "--participant-column", "participant"])
        }
        let apart = try Self.json(try cli.succeed(["trend", "sus", "--studies"] + studies + ["--json"]))
        let together = try Self.json(try cli.succeed(["trend", "sus", "--by", "release", "--json"]))
        let a = try #require(apart["releases"] as? [[String: Any]]), b = try #require(together["releases"] as? [[String: Any]])
        #expect(a.map { $0["name"] as? String } == b.map { $0["name"] as? String })
        for (x, y) in zip(a, b) {
            #expect(x["n"] as? Int == y["n"] as? Int)
            Self.close(x["estimate"], y["estimate"], 0, "estimate")
            Self.close(x["bca"], y["bca"], 0, "BCa")
        }
        // The default baseline is every release but the last.
        #expect((together["chart"] as? [String: Any])?["baseline"] as? [String] == Array(Self.releases.dropLast()))
        // Text in both languages, the rule stated under the table, a figure in each format.
        let text = try cli.succeed(["trend", "sus", "--by", "release", "--baseline", "4.1,4.2,4.3,4.4", "--figure", "t.png", "--figure", "t.svg", "--figure", "t.pdf"])
        #expect(text.contains("outside the limits") && text.contains("eighth in a row") && text.contains("Welch"), "\(text)")
        for name in ["t.png", "t.svg", "t.pdf"] { #expect(FileManager.default.fileExists(atPath: cli.path(name)), "\(name)") }
        let svg = try String(contentsOfFile: cli.path("t.svg"), encoding: .utf8)
        #expect(svg.contains("benchmark 68") && svg.contains("UCL (3σ)") && svg.contains("4.5"))
        let portuguese = try cli.succeed(["--language", "pt-BR", "trend", "sus", "--by", "release", "--baseline", "4.1,4.2,4.3,4.4"])
        #expect(portuguese.contains("fora dos limites") && portuguese.contains("Lançamento"), "\(portuguese)")
        let csv = try cli.succeed(["trend", "sus", "--by", "release", "--csv"])
        #expect(csv.hasPrefix("release,n,estimate,sd,ci_low,ci_high,bca_low,bca_high,grade,percentile_rank,"), "\(csv.prefix(200))")
        #expect(csv.split(separator: "\n").count == 7)
    }

    /// `--by occasion`: the occasions of the answers are the releases while each participant answered on one only;
    /// a participant on two is a within-participant design, refused with the command that compares it.
    @Test func occasionsAsReleasesOnlyForDifferentPeople() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Occasions", "--language", "en"])
        let answers = ["4,2,4,2,4,2,4,2,4,2", "5,1,5,1,5,1,5,1,5,1", "3,3,3,3,3,3,3,3,3,3", "4,1,4,2,5,2,4,1,4,2"]
        for (index, occasion) in ["q1", "q1", "q2", "q2"].enumerated() {
            try cli.succeed(["participant", "add", "P\(index + 1)"])
            try cli.succeed(["respond", "P\(index + 1)", "sus", "--answers", answers[index], "--occasion", occasion])
        }
        let document = try Self.json(try cli.succeed(["trend", "sus", "--by", "occasion", "--json"]))
        let releases = try #require(document["releases"] as? [[String: Any]])
        #expect(releases.map { $0["name"] as? String } == ["q1", "q2"] && releases.map { $0["n"] as? Int } == [2, 2])
        // P1's SUS 75 and P2's 100: the mean 87.5, grade A+.
        Self.close(releases.first?["estimate"], 87.5, 0, "q1 mean")
        #expect(releases.first?["grade"] as? String == "A+")
        try cli.succeed(["respond", "P1", "sus", "--answers", answers[2], "--occasion", "q2"])
        let refused = try cli.fail(["trend", "sus", "--by", "occasion"])
        #expect(refused.stderr.contains("P1 answered in q1 and q2") && refused.stderr.contains("score --within occasion --compare"), "\(refused.stderr)")
        // In Portuguese the list reads with "e", not with an English word inside the sentence.
        let portuguese = try cli.run(["trend", "sus", "--by", "occasion"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(portuguese.status != 0 && portuguese.stderr.contains("P1 respondeu em q1 e q2"), "\(portuguese.stderr)")
        #expect(try cli.run(["trend", "time", "--by", "occasion"]).stderr.contains("no occasion"))
        #expect(try cli.run(["trend", "sus", "--by", "nothing"]).stderr.contains("no attribute 'nothing'"))
    }

    /// A study another program is writing (its last commit still in the write-ahead log beside it) is read with
    /// that commit, and neither the study file nor its log changes (the log's shared-memory index is SQLite's to mark).
    @Test(.enabled(if: Tool.locate("python3") != nil, "python3 holds the study open while writing"))
    func aStudyBeingWrittenIsReadThroughItsLog() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "All releases", "--language", "en"])
        for release in ["4.1", "4.2"] {
            try cli.succeed(["participant", "import", "\(Self.fixture)/participants-\(release).csv", "--code-column", "code"])
            try cli.succeed(["responses", "import", "\(Self.fixture)/sus-\(release).csv", "--instrument", "sus", "--participant-column", "participant"])
        }
        // A writer moves R41-P01 to release 4.2, commits, and keeps its connection (so the log is not checkpointed).
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: try #require(Tool.locate("python3")))
        writer.arguments = ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE participant_attribute SET number_value = 4.2 WHERE name = 'release' AND participant_id = (SELECT id FROM participant WHERE code = 'R41-P01')")
            db.commit()
            print("ready", flush=True)
            sys.stdin.readline()
            """, cli.path("study.sqlite")]
        let input = Pipe(), output = Pipe()
        writer.standardInput = input
        writer.standardOutput = output
        try writer.run()
        defer { try? input.fileHandleForWriting.close(); writer.waitUntilExit() }
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(ready.hasPrefix("ready"), "\(ready)")
        let log = cli.path("study.sqlite-wal")
        let logSize = (try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(logSize > 0, "the commit waits in the write-ahead log")
        // The log's index (-shm) is shared memory every reader marks as it reads: not the study, and left out here.
        let before = try Self.snapshot(cli).filter { !$0.key.hasSuffix("-shm") }
        let document = try Self.json(try cli.succeed(["trend", "sus", "--by", "release", "--json"]))
        let releases = try #require(document["releases"] as? [[String: Any]])
        #expect(releases.map { $0["n"] as? Int } == [23, 21], "the writer's commit is read")
        #expect(try Self.snapshot(cli).filter { !$0.key.hasSuffix("-shm") } == before, "neither the study nor its log changed")
    }

    /// Studies that measure different things are refused, every difference named with its study; nothing is written.
    @Test func studiesThatDifferAreRefusedByName() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "A", "--language", "en", "--db", "a.sqlite"])
        try cli.succeed(["task", "add", "T1", "--title", "Checkout", "--db", "a.sqlite"])
        try cli.succeed(["task", "add", "T2", "--title", "Search", "--db", "a.sqlite"])
        try cli.succeed(["init", "--title", "B", "--language", "en", "--db", "b.sqlite"])
        try cli.succeed(["task", "add", "Checkout", "--title", "Checkout", "--db", "b.sqlite"])
        try cli.succeed(["task", "add", "T2", "--title", "Search", "--db", "b.sqlite"])
        let before = try Self.snapshot(cli)
        let refused = try cli.run(["trend", "seq", "--studies", "a.sqlite", "b.sqlite"])
        #expect(refused.status != 0 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("b's tasks differ from a's: it lacks T1 and has Checkout besides"), "\(refused.stderr)")
        let task = try cli.run(["trend", "completion", "--task", "T1", "--studies", "a.sqlite", "b.sqlite"])
        #expect(task.status != 0 && task.stderr.contains("b has no task T1 (its tasks: Checkout, T2)"), "\(task.stderr)")
        // --match names the first study's T1 in the other: then they measure the same tasks, and what is left to say
        // is that neither has an SEQ answer to follow (never an empty point).
        let matched = try cli.run(["trend", "seq", "--studies", "a.sqlite", "b.sqlite", "--match", "T1=Checkout", "--json"])
        #expect(matched.status != 0 && matched.stderr.contains("a has no seq to follow") && matched.stderr.contains("b has no seq to follow"),
                "\(matched.stderr)")
        // The same study named twice (under another spelling) is refused: its people would count twice.
        let twice = try cli.run(["trend", "sus", "--studies", "a.sqlite", "./a.sqlite"])
        #expect(twice.status != 0 && twice.stderr.contains("are the same study file"), "\(twice.stderr)")
        let searchedTwice = try cli.run(["search", "checkout", "--studies", "a.sqlite", "./a.sqlite"])
        #expect(searchedTwice.status != 0 && searchedTwice.stderr.contains("are the same study file"), "\(searchedTwice.stderr)")
        #expect(try cli.run(["trend", "completion", "--studies", "a.sqlite", "b.sqlite"]).stderr.contains("--task"))
        #expect(try cli.run(["trend", "sus", "--studies", "a.sqlite"]).status != 0, "one study without --by")
        let order = try cli.run(["trend", "sus", "--studies", "a.sqlite", "b.sqlite", "--order", "a,c"])
        #expect(order.status != 0 && order.stderr.contains("'c'"), "\(order.stderr)")
        #expect(try Self.snapshot(cli) == before, "refusals write nothing")
    }

    /// A within design split by an attribute: each participant's SUS under two prototypes is one value per person,
    /// and the notes say whose value pools which levels; `--condition` follows one level (and a level the study does
    /// not have is refused, naming the levels). The interval is cut to the scale and starred, the percentile rank is
    /// `score`'s, the test named in the table's language, the benchmark's source only the measure's.
    @Test func aWithinDesignSplitByAnAttributeSaysWhatItPools() throws {
        let cli = try StudyCtl()
        let portuguese = ["STUDYCTL_LANGUAGE": "pt-BR"]
        try cli.succeed(["init", "--title", "Protótipos", "--language", "pt-BR"])
        try cli.write("p.csv", "code,faixa\nP1,jovem\nP2,jovem\nP3,jovem\nP4,sênior\nP5,sênior\nP6,sênior\n")
        try cli.succeed(["participant", "import", "p.csv", "--code-column", "code", "--type", "faixa=text"])
        try cli.succeed(["condition", "add", "protótipo", "--levels", "atual,novo"])
        let answers = ["atual": ["3,3,3,3,3,3,3,3,3,3", "4,2,3,3,4,2,3,3,4,2", "3,2,3,2,3,2,3,2,3,2"],
                       "novo": ["5,1,5,1,5,1,5,1,5,1", "5,1,5,1,5,1,5,1,4,2", "4,2,5,1,4,1,5,1,4,2"]]
        for (level, sets) in answers {
            for (index, code) in ["P1", "P2", "P3", "P4", "P5", "P6"].enumerated() {
                try cli.succeed(["respond", code, "sus", "--answers", sets[index % 3], "--condition", "protótipo=\(level)"])
            }
        }
        // The releases and the conditions by their labels; JSON keeps the names.
        try cli.succeed(["participant", "attribute", "label", "faixa", "faixa etária", "--value", "sênior", "60 anos ou mais"])
        try cli.succeed(["condition", "label", "protótipo", "protótipo", "--level", "novo", "versão nova"])
        let pooled = try cli.succeed(["trend", "sus", "--by", "faixa"], environment: portuguese)
        #expect(pooled.contains("60 anos ou mais") && pooled.contains("(protótipo: atual; protótipo: versão nova)") && !pooled.contains("sênior"), "\(pooled)")
        #expect(pooled.contains("jovem: 3 participantes foram medidos em várias ocasiões ou condições (protótipo: atual; protótipo: versão nova)"), "\(pooled)")
        #expect(pooled.contains("t de Welch") && !pooled.contains("welch-t"), "\(pooled)")
        #expect(pooled.contains("Linha de referência: 68,0, o escore SUS médio (Sauro e Lewis, 2016).") && !pooled.contains("SEQ: Sauro"), "\(pooled)")
        let json = try Self.json(try cli.succeed(["trend", "sus", "--by", "faixa", "--json"]))
        let releases = try #require(json["releases"] as? [[String: Any]])
        #expect(releases.map { $0["averaged"] as? Int } == [3, 3] && (releases[0]["measurements"] as? [String]) == ["protótipo=atual", "protótipo=novo"])
        // One level: one set per person, nothing pooled; the new prototype's high scores reach past 100 in t.
        let novo = try cli.succeed(["trend", "sus", "--by", "faixa", "--condition", "protótipo=novo"], environment: portuguese)
        #expect(!novo.contains("várias ocasiões"), "\(novo)")
        #expect(novo.contains("100,00]*") && novo.contains("* O intervalo é cortado à faixa possível da medida"), "\(novo)")
        let novoJSON = try Self.json(try cli.succeed(["trend", "sus", "--by", "faixa", "--condition", "protótipo=novo", "--json"]))
        let first = try #require((novoJSON["releases"] as? [[String: Any]])?.first)
        #expect((first["ci"] as? [Double])?.last == 100 && first["averaged"] as? Int == 0, "\(first)")
        // The percentile rank is the one `score` gives for the same sets (a whole, truncated rank).
        let score = try Self.json(try cli.succeed(["score", "sus", "--condition", "protótipo=novo", "--by", "faixa", "--json"]))
        let groups = try #require(score["groups"] as? [[String: Any]])
        let young = try #require(groups.first { $0["name"] as? String == "jovem" })
        let rank = try #require((young["summaries"] as? [[String: Any]])?.first?["percentileRank"] as? Int)
        #expect(first["percentile"] as? Double == Double(rank), "trend \(String(describing: first["percentile"])) vs score \(rank)")
        let wrong = try cli.run(["trend", "sus", "--by", "faixa", "--condition", "protótipo=velho"])
        #expect(wrong.status != 0 && wrong.stderr.contains("protótipo=velho") && wrong.stderr.contains("atual|novo"), "\(wrong.stderr)")
        #expect(try cli.run(["trend", "sus", "--by", "faixa", "--condition", "protótipo"], environment: portuguese).stderr.contains("FATOR=NÍVEL"))
    }

    /// The SEQ is followed as the SUS is: each participant's answer (their mean over the tasks unless --task), per
    /// release (found by a new user: `trend seq` read the SEQ's score under another name and found nothing to follow).
    @Test func theSEQIsFollowedAcrossReleases() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "SEQ"])
        try cli.succeed(["task", "add", "T1", "--title", "Checkout"])
        try cli.succeed(["task", "add", "T2", "--title", "Search"])
        let answers: [(String, String, Int, Int)] = [("P1", "4.1", 5, 3), ("P2", "4.1", 6, 4), ("P3", "4.1", 4, 4),
                                                     ("P4", "4.2", 7, 6), ("P5", "4.2", 6, 6), ("P6", "4.2", 7, 5)]
        for (code, release, t1, t2) in answers {
            try cli.succeed(["participant", "add", code, "--attr", "release=\(release)"])
            try cli.succeed(["respond", code, "seq", "--task", "T1", "--answers", String(t1)])
            try cli.succeed(["respond", code, "seq", "--task", "T2", "--answers", String(t2)])
        }
        let both = try Self.json(try cli.succeed(["trend", "seq", "--by", "release", "--json"]))
        let releases = try #require(both["releases"] as? [[String: Any]])
        // Each participant's mean over T1 and T2, then the release's mean: 4.1 → (4 + 5 + 4) / 3, 4.2 → (6.5 + 6 + 6) / 3.
        #expect(releases.map { $0["n"] as? Int } == [3, 3], "\(releases)")
        Self.close(releases[0]["estimate"], 13.0 / 3, 1e-12, "4.1")
        Self.close(releases[1]["estimate"], 18.5 / 3, 1e-12, "4.2")
        let first = try Self.json(try cli.succeed(["trend", "seq", "--by", "release", "--task", "T1", "--json"]))
        let t1 = try #require(first["releases"] as? [[String: Any]])
        Self.close(t1[0]["estimate"], 5.0, 1e-12, "4.1 T1")
        Self.close(t1[1]["estimate"], 20.0 / 3, 1e-12, "4.2 T1")
    }
}
