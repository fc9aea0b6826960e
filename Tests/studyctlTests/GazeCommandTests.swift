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
        #expect(csv.contains("P1,home.png,Rec1,Botão,500,1,300,400,2,1,500,200"), "\(csv)")
        #expect(csv.contains("P1,home.png,Rec1,Canto,0,0,200,200,1,1,200,200"))
        // P2 (Pro Lab, µs): one 250 ms fixation at (120, 130) in the button, at the media's first sample.
        #expect(csv.contains("P2,home.png,R,Botão,0,0,250,250,1,1,250,250"))
        #expect(csv.contains("P2,home.png,R,Canto,,,,0,0,0,0,"), "never fixated: empty, not zero")
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
        #expect(try cli.fail(["gaze", "import", "y.tsv"]).stderr.contains("y.tsv:1: this Tobii Studio export has neither GazeEventType and FixationIndex (the export's fixations) nor GazePointX and GazePointY"))
    }
}
