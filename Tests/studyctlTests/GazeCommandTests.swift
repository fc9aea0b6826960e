import Foundation
import Testing

/// Tobii exports imported from the command line: fixations and data quality stored per participant × recording ×
/// media, AOIs, and Tobii's AOI metrics; bad input refused with its position and the study unchanged.
@Suite struct GazeCommandTests {
    static let studio = """
        ParticipantName\tRecordingName\tMediaName\tRecordingTimestamp\tGazeEventType\tGazeEventDuration\tFixationIndex\tFixationPointX (MCSpx)\tFixationPointY (MCSpx)\tValidityLeft\tValidityRight
        P1\tRec1\thome.png\t1000\tFixation\t200\t1\t50\t50\t0\t0
        P1\tRec1\thome.png\t1017\tFixation\t200\t1\t50\t50\t0\t0
        P1\tRec1\thome.png\t1200\tSaccade\t\t\t\t\t4\t4
        P1\tRec1\thome.png\t1500\tFixation\t300\t2\t150,5\t150\t0\t1
        P1\tRec1\thome.png\t1900\tFixation\t100\t3\t160\t140\t0\t0

        """
    static let proLab = """
        Recording timestamp\tSensor\tParticipant name\tRecording name\tPresented Stimulus name\tEye movement type\tGaze event duration\tEye movement type index\tFixation point X\tFixation point Y\tValidity left\tValidity right
        2000000\tEye Tracker\tP2\tR\thome.png\tFixation\t250\t1\t120\t130\tValid\tValid
        2000500\tGyroscope\t\t\t\t\t\t\t\t\t\t
        2016000\tEye Tracker\tP2\tR\thome.png\tFixation\t250\t1\t120\t130\tValid\tInvalid
        2300000\tEye Tracker\tP2\tR\thome.png\tSaccade\t\t\t\t\tInvalid\tInvalid

        """

    @Test func importsBothDialectsAndComputesAOIMetrics() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Olhar"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("p1.tsv", Self.studio)
        try cli.write("p2.tsv", Self.proLab)
        #expect(try cli.fail(["gaze", "import", "p1.tsv", "p2.tsv"]).stderr.contains("no participant 'P2' in the study; add them first or rerun with --add-participants"))
        let imported = try cli.succeed(["gaze", "import", "p1.tsv", "p2.tsv", "--add-participants"])
        #expect(imported.contains("Imported 2 recordings (4 fixations from 8 samples) from 2 Tobii Pro Lab and Tobii Studio exports"), "\(imported)")
        #expect(imported.contains("Added participants: P2"))
        let list = try cli.succeed(["gaze", "list"])
        #expect(list.contains("home.png  P1           Rec1             5      20%          3"), "\(list)")
        #expect(list.contains("home.png  P2           R                3      33%          1"), "the gyroscope row is not a sample")
        try cli.succeed(["aoi", "add", "home.png", "Botão", "--rect", "100,100,100,100"])
        try cli.succeed(["aoi", "add", "home.png", "Canto", "--polygon", "0,0,120,0,0,120"])
        #expect(try cli.fail(["aoi", "add", "nada.png", "X", "--rect", "1,1,1,1"]).stderr.contains("media 'nada.png': no such media in the study"))
        #expect(try cli.fail(["aoi", "add", "home.png", "Botão", "--rect", "0,0,5,5"]).stderr.contains("already has an AOI of that name"))
        let csv = try cli.succeed(["gaze", "metrics", "--csv"])
        // P1 on the button: first fixation (index 2) 500 ms after the first sample, one fixation before, 300 + 100 ms,
        // one visit from 1500 ms to the end of the 100 ms fixation at 1900 ms: 500 ms of dwell.
        #expect(csv.contains("P1,home.png,Rec1,Botão,500.0,1,300.0,400.0,2,1,500.0,200.0"), "\(csv)")
        #expect(csv.contains("P1,home.png,Rec1,Canto,0.0,0,200.0,200.0,1,1,200.0,200.0"))
        // P2 (Pro Lab, µs): one 250 ms fixation at (120, 130) in the button, at the media's first sample.
        #expect(csv.contains("P2,home.png,R,Botão,0.0,0,250.0,250.0,1,1,250.0,250.0"))
        #expect(csv.contains("P2,home.png,R,Canto,,,,0.0,0,0,0.0,"), "never fixated: empty, not zero")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["gaze", "metrics", "--json"]).utf8)) as? [String: Any]
        let rows = try #require(json?["rows"] as? [[String: Any]])
        let never = try #require(rows.first { ($0["metrics"] as? [String: Any])?["aoi"] as? String == "Canto" && $0["participant"] as? String == "P2" })
        #expect((never["metrics"] as? [String: Any])?["timeToFirstFixation"] is NSNull)
        #expect(try cli.fail(["gaze", "import", "p1.tsv"]).stderr.contains("participant P1 already has recording 'Rec1' of home.png"))

        // AOIs from a CSV: all or nothing, positions named.
        try cli.write("aois.csv", "media,aoi,x,y,width,height,points\nhome.png,Topo,0,0,400,60,\nhome.png,Triângulo,,,,,0 0; 50 0; 0 50\n")
        #expect(try cli.succeed(["aoi", "import", "aois.csv"]) == "Imported 2 AOIs from aois.csv\n")
        try cli.write("bad.csv", "media,aoi,x,y,width,height\nhome.png,Novo,0,0,dez,60\nhome.png,Topo,0,0,10,10\n")
        #expect(try cli.fail(["aoi", "import", "bad.csv"]).stderr.contains("bad.csv:2:19: 'dez' is not a number of pixels"))
        try cli.write("dup.csv", "media,aoi,x,y,width,height\nhome.png,Novo,0,0,10,60\nhome.png,Topo,0,0,10,10\n")
        #expect(try cli.fail(["aoi", "import", "dup.csv"]).stderr.contains("dup.csv:3: AOI Topo: media home.png already has an AOI of that name"))
        #expect(try cli.succeed(["aoi", "list"]).contains("Triângulo  polygon of 3 points"))

        // Heat map and blind-spot map of the media, in the three formats, with their parameters written beside them.
        let drawn = try cli.succeed(["gaze", "heatmap", "home.png", "-o", "maps", "--size", "400x300"])
        #expect(drawn.contains("Wrote 2 maps (PNG, SVG, PDF) of home.png from 4 fixations into maps/: home-heatmap-all, home-blind-spot-all"), "\(drawn)")
        for name in ["home-heatmap-all", "home-blind-spot-all"] {
            for format in ["png", "svg", "pdf"] {
                #expect(FileManager.default.fileExists(atPath: cli.path("maps/\(name).\(format)")), "\(name).\(format)")
            }
        }
        #expect(try String(contentsOfFile: cli.path("maps/home-maps.txt"), encoding: .utf8).contains("kernel: Gaussian, SD 33.3 px"))
        #expect(try cli.fail(["gaze", "heatmap", "nada.png"]).stderr.contains("media 'nada.png': no such media in the study"))

        // The report holds the scan-path similarity of each media, as `gaze similarity` computes it, and cites its method.
        let similarity = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["gaze", "similarity", "home.png", "--json"]).utf8)) as? [String: Any]
        let mean = try #require(((similarity?["groups"] as? [[String: Any]])?.first)?["mean"] as? Double)
        try cli.succeed(["report", "-o", "r", "--language", "en"])
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        #expect(report.contains("*Scan-path similarity on home.png*"))
        #expect(report.contains("| All pairs | 1 | \(String(format: "%.2f", mean)) |"), "\(report)")
        #expect(report.contains("Brandt, S. A., & Stark, L. W. (1997)"))
    }

    /// Coordinates no screen has ("nan", 1e300) never reach the study, and no later command trips on them.
    @Test func extremeCoordinatesNeverMakeALaterCommandCrash() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Olhar"])
        let rows = Self.studio.replacingOccurrences(of: "1500\tFixation\t300\t2\t150,5\t150", with: "1500\tFixation\t300\t2\t1e300\tnan")
        try cli.write("x.tsv", rows)
        #expect(try cli.succeed(["gaze", "import", "x.tsv", "--add-participants"]).contains("2 fixations"), "the fixation without usable coordinates is left out")
        try cli.succeed(["gaze", "heatmap", "home.png", "-o", "maps"])
        try cli.succeed(["gaze", "metrics"])
        try cli.write("polygon.csv", "media,aoi,points\nhome.png,P,0 0; nan 0; 0 50\n")
        #expect(try cli.fail(["aoi", "import", "polygon.csv"]).stderr.contains("polygon.csv:2:12: '0 0; nan 0; 0 50' is not a polygon"))
        // A PNG header announcing an image far larger than any screen is refused before anything is drawn.
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        huge += Data([0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0]) + Data(repeating: 0, count: 9)
        try cli.write("huge.png", huge)
        #expect(try cli.fail(["gaze", "heatmap", "home.png", "--image", "huge.png"]).stderr.contains("at most 20000 pixels on a side"))
    }

    @Test func refusesWhatIsNotATobiiExport() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Olhar"])
        try cli.write("x.tsv", "time\tx\ty\n1\t2\t3\n")
        #expect(try cli.fail(["gaze", "import", "x.tsv"]).stderr.contains("x.tsv:1: the header is not a Tobii Studio or Tobii Pro Lab data export"))
        try cli.write("y.tsv", "RecordingTimestamp\tGazePointX (ADCSpx)\n1\t2\n")
        #expect(try cli.fail(["gaze", "import", "y.tsv"]).stderr.contains("y.tsv:1: this Tobii Studio export has neither GazeEventType + FixationIndex (the export's fixations) nor GazePointX + GazePointY"))
    }
}

/// The synthetic sessions of `scripts/gaze-synthetic.py` (the demo's generator, at a shorter length): the same
/// sessions exported by Tobii Studio (one of them as UTF-16) and by Tobii Pro Lab give the same study, and raw gaze
/// classified by the I-VT filter comes close to the export's own fixations.
@Suite struct GazeSessionTests {
    /// Generates two participants' 30-second sessions into the test's folder.
    func generate(_ cli: StudyCtl) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.path("scripts/gaze-synthetic.py"), cli.path("gz"), "--participants", "2", "--seconds", "30", "--utf16", "P1"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    func study(_ cli: StudyCtl, _ name: String, _ files: String, _ extra: [String] = []) throws -> String {
        try cli.succeed(["init", "--title", "Loja", "--db", name])
        try cli.succeed(["participant", "import", "gz/participants.csv", "--db", name])
        return try cli.succeed(["gaze", "import", "gz/\(files)/P1.tsv", "gz/\(files)/P2.tsv", "--db", name, "--media-dir", "gz/stimuli"] + extra)
    }

    @Test func studioAndProLabExportsOfTheSameSessionsGiveTheSameStudy() throws {
        let cli = try StudyCtl()
        try generate(cli)
        let studio = try study(cli, "studio.sqlite", "studio")
        #expect(studio.contains("Registered home.png: gz/stimuli/home.png"))
        #expect(studio.contains("from 2 Tobii Studio exports"))
        #expect(studio.contains("Fixations: Tobii: I-VT filter"), "Studio's FixationFilter column is kept")
        let proLab = try study(cli, "prolab.sqlite", "prolab")
        #expect(proLab.contains("from 2 Tobii Pro Lab exports"))
        // Same recordings, samples (the Pro Lab mouse rows are not samples), fixations, AOIs and metrics.
        let sampleLine = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("Imported") }.map { String($0.split(separator: " from ")[0]) } }
        #expect(sampleLine(studio) == sampleLine(proLab))
        for command in [["gaze", "metrics", "--csv"], ["gaze", "metrics", "--by", "level", "--csv"], ["gaze", "similarity", "home.png", "--csv"], ["aoi", "list"]] {
            let a = try cli.succeed(command + ["--db", "studio.sqlite"])
            let b = try cli.succeed(command + ["--db", "prolab.sqlite"])
            #expect(a == b, "\(command.joined(separator: " "))")
        }
        let metrics = try cli.succeed(["gaze", "metrics", "--csv", "--db", "studio.sqlite"])
        #expect(metrics.split(separator: "\n").count == 1 + 2 * 10, "2 participants × (6 AOIs of home + 4 of checkout)")
        // The per-group summary's percentage fixated and mean agree with the per-participant rows.
        let rows = metrics.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let menu = rows.filter { $0[1] == "home.png" && $0[3] == "Menu" }
        let summary = try cli.succeed(["gaze", "metrics", "--summary", "--csv", "--db", "studio.sqlite"])
        let menuSummary = try #require(summary.split(separator: "\n").first { $0.hasPrefix("home.png,Menu,") }).split(separator: ",").map(String.init)
        let fixated = menu.filter { Int($0[8])! > 0 }.count
        // The export's aoi_summary: media, aoi, group ("all" when not grouped), participants, fixated, …
        #expect(menuSummary[2] == "all" && menuSummary[3] == "2" && menuSummary[4] == String(fixated))
        let meanTotal = menu.map { Double($0[7])! }.reduce(0, +) / 2
        #expect(abs(Double(menuSummary[17])! - meanTotal) < 0.5, "total fixation mean: \(menuSummary[17]) vs \(meanTotal)")

        // Pictures: same input, same bytes; drawn over the registered stimulus.
        try cli.succeed(["gaze", "heatmap", "home.png", "--db", "studio.sqlite", "-o", "a", "--by", "level"])
        try cli.succeed(["gaze", "heatmap", "home.png", "--db", "prolab.sqlite", "-o", "b", "--by", "level"])
        for name in ["home-heatmap-novice.png", "home-blind-spot-expert.png"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: cli.path("a/\(name)")))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: cli.path("b/\(name)")))), "\(name)")
        }
        let about = try String(contentsOfFile: cli.path("a/home-maps.txt"), encoding: .utf8)
        #expect(about.contains("drawn over: the stimulus image (PNG, 1280 × 800 px)"))
        let paths = try cli.succeed(["gaze", "scanpath", "checkout.png", "--db", "studio.sqlite", "-o", "s", "--simplify"])
        #expect(paths.contains("checkout-scanpath-visits-P1, checkout-scanpath-visits-P2"))
        let together = try cli.succeed(["gaze", "scanpath", "home.png", "--db", "studio.sqlite", "-o", "s", "--together", "--first", "10"])
        #expect(together.contains("home-scanpath-all"))
        let similarity = try cli.succeed(["gaze", "similarity", "home.png", "--by", "level", "--db", "studio.sqlite"])
        #expect(similarity.contains("Between expert × novice: mean similarity"))
        if let out = ProcessInfo.processInfo.environment["STUDYCTL_FIGURE_OUT"] {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for name in ["a/home-heatmap-novice.png", "a/home-blind-spot-expert.png", "s/checkout-scanpath-visits-P1.png", "s/home-scanpath-all.png"] {
                try? FileManager.default.removeItem(atPath: out + "/" + (name as NSString).lastPathComponent)
                try FileManager.default.copyItem(atPath: cli.path(name), toPath: out + "/" + (name as NSString).lastPathComponent)
            }
        }
    }

    @Test func rawGazeIsClassifiedByTheIVTFilterAndItsParametersKept() throws {
        let cli = try StudyCtl()
        try generate(cli)
        let studio = try study(cli, "studio.sqlite", "studio")
        let raw = try study(cli, "raw.sqlite", "raw")
        #expect(raw.contains("Fixations: studyctl I-VT (Olsen 2012): gap fill ≤ 75 ms, velocity window 20 ms, threshold 30 °/s"))
        let count = { (text: String) -> Double in
            Double(text.split(separator: "(")[1].split(separator: " ")[0])!
        }
        // The generator's own fixations (what the Studio export carries) against the I-VT's: within 15 %.
        #expect(abs(count(raw) / count(studio) - 1) < 0.15, "\(raw) vs \(studio)")
        #expect(try cli.succeed(["gaze", "list", "--db", "raw.sqlite"]).contains("Fixations: studyctl I-VT"))
        // The parameters can be changed; nonsense is refused before anything is read.
        try cli.succeed(["init", "--title", "X", "--db", "strict.sqlite"])
        try cli.succeed(["participant", "import", "gz/participants.csv", "--db", "strict.sqlite"])
        let strict = try cli.succeed(["gaze", "import", "gz/studio/P2.tsv", "--ivt", "--velocity-threshold", "15", "--db", "strict.sqlite"])
        #expect(strict.contains("threshold 15 °/s"))
        #expect(try cli.fail(["gaze", "import", "gz/raw/P2.tsv", "--pixel-mm", "0", "--db", "strict.sqlite"], study: "strict.sqlite").stderr
            .contains("the I-VT pixel size must be a positive number, not 0.0"))
    }

    @Test func stimulusImagesPNGAndJPEG() throws {
        let cli = try StudyCtl()
        try generate(cli)
        _ = try study(cli, "study.sqlite", "studio")
        let jpeg = Repository.path("Tests/Fixtures/gaze/home.jpg")
        #expect(try cli.succeed(["gaze", "media", "add", "home.png", jpeg]) == "Registered home.png: JPEG image of 320 × 200 px\n")
        #expect(try cli.succeed(["gaze", "media", "add", "home.png", Repository.path("Tests/Fixtures/gaze/home-progressive.jpg")]).contains("JPEG image of 320 × 200 px"))
        #expect(try cli.succeed(["gaze", "media"]).contains("home.png      home-progressive.jpg  320 × 200"))
        let drawn = try cli.succeed(["gaze", "heatmap", "home.png", "-o", "m"])
        #expect(drawn.contains("home-heatmap-all"))
        #expect(try String(contentsOfFile: cli.path("m/home-maps.txt"), encoding: .utf8).contains("drawn over: the stimulus image (JPEG, 320 × 200 px)"))
        // A JPEG cut short, a text file named .png, and an unknown media are refused; the study stays as it was.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        try cli.write("cut.jpg", bytes.prefix(600))
        #expect(try cli.fail(["gaze", "media", "add", "home.png", "cut.jpg"]).stderr.contains("cut.jpg: the image cannot be read"))
        try cli.write("fake.png", "not an image")
        #expect(try cli.fail(["gaze", "media", "add", "home.png", "fake.png"]).stderr.contains("fake.png: not a PNG or JPEG image"))
        #expect(try cli.fail(["gaze", "heatmap", "home.png", "--image", "fake.png"]).stderr.contains("not a PNG or JPEG image"))
        // An import whose media folder holds a broken image stores nothing: not the recordings, not the image.
        try cli.succeed(["init", "--title", "Outro", "--db", "other.sqlite"])
        try cli.succeed(["participant", "import", "gz/participants.csv", "--db", "other.sqlite"])
        try FileManager.default.createDirectory(atPath: cli.path("broken"), withIntermediateDirectories: true)
        try cli.write("broken/home.png", "not an image")
        let refused = try cli.fail(["gaze", "import", "gz/studio/P2.tsv", "--media-dir", "broken", "--db", "other.sqlite"], study: "other.sqlite")
        #expect(refused.stderr.contains("broken/home.png: not a PNG or JPEG image"), "\(refused.stderr)")
        #expect(try cli.succeed(["gaze", "list", "--db", "other.sqlite"]).contains("No eye-tracking recordings yet"))
    }

    @Test func brokenExportsAreRefusedWithTheirPositionAndTheStudyUnchanged() throws {
        let cli = try StudyCtl()
        try generate(cli)
        try cli.succeed(["init", "--title", "Loja"])
        try cli.succeed(["participant", "import", "gz/participants.csv"])
        let text = try String(contentsOfFile: cli.path("gz/prolab/P2.tsv"), encoding: .utf8)
        var lines = text.components(separatedBy: "\r\n")
        // A line cut in the middle (a copy that stopped early).
        let cut = lines[0..<40].joined(separator: "\r\n") + "\r\n" + lines[40].prefix(60)
        try cli.write("cut.tsv", cut)
        let failure = try cli.fail(["gaze", "import", "cut.tsv"])
        #expect(failure.stderr.contains("cut.tsv:41:61: this row has 10 fields but the header has 74"), "\(failure.stderr)")
        // An unknown participant.
        lines[5] = lines[5].replacingOccurrences(of: "\tP2\t", with: "\tP9\t")
        try cli.write("unknown.tsv", lines.joined(separator: "\r\n"))
        #expect(try cli.fail(["gaze", "import", "unknown.tsv"]).stderr.contains("no participant 'P9' in the study"))
        // Latin-1 bytes in a UTF-8 export.
        var latin = Data(lines.prefix(10).joined(separator: "\r\n").utf8)
        latin.append(contentsOf: [0x0D, 0x0A] + Array("1\tEye Tracker\tJo\u{E3}o".utf8.prefix(15)) + [0xE3, 0x6F])
        try cli.write("latin.tsv", latin)
        #expect(try cli.fail(["gaze", "import", "latin.tsv"]).stderr.contains("latin.tsv:11:"))
        // A missing required column.
        try cli.write("nocols.tsv", "Recording timestamp\tSensor\tParticipant name\n1\tEye Tracker\tP1\n")
        #expect(try cli.fail(["gaze", "import", "nocols.tsv"]).stderr.contains("nocols.tsv:1: this Tobii Pro Lab export has neither"))
        // UTF-16 with a lone surrogate.
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("RecordingTimestamp\tParticipantName\tGazePointX (MCSpx)\tGazePointY (MCSpx)\r\n1\tP1\t".data(using: .utf16LittleEndian)!)
        utf16.append(contentsOf: [0x00, 0xD8, 0x31, 0x00])
        try cli.write("surrogate.tsv", utf16)
        #expect(try cli.fail(["gaze", "import", "surrogate.tsv"]).stderr.contains("not valid UTF-16"))
        #expect(try cli.succeed(["gaze", "list"]).contains("No eye-tracking recordings yet"))
    }
}
