import Foundation
import Testing
@testable import Gaze

@Suite struct TobiiExportTests {
    static let studioHeader = ["ParticipantName", "RecordingName", "MediaName", "RecordingTimestamp", "GazeEventType", "GazeEventDuration",
                               "FixationIndex", "FixationPointX (MCSpx)", "FixationPointY (MCSpx)", "ValidityLeft", "ValidityRight",
                               "AOI[Menu]Hit", "AOI[Botão]Hit"]

    @Test func readsTobiiStudioRows() throws {
        let columns = try TobiiColumns(header: Self.studioHeader)
        #expect(columns.dialect == .studio)
        #expect(columns.aoiHits.map(\.name).sorted() == ["Botão", "Menu"])
        #expect(columns.aoiHits.allSatisfy { $0.media == nil }, "Studio's hit columns do not name their media")
        let sample = try #require(columns.sample(["P1", "Rec 1", "home.png", "1250", "Fixation", "183", "4", "512,5", "300", "0", "4", "1", "0"]))
        #expect(sample.milliseconds == 1250)
        #expect(sample.event == .fixation && sample.eventIndex == 4 && sample.eventDuration == 183)
        #expect(sample.fixationX == 512.5, "decimal comma")
        #expect(sample.valid, "one eye with code 0 is enough")
        #expect(sample.aoiHits == ["Menu"])
        let invalid = try #require(columns.sample(["P1", "Rec 1", "home.png", "1267", "Saccade", "", "", "", "", "2", "4", "0", "0"]))
        #expect(!invalid.valid, "codes of 2 or more are invalid (Tobii's recommendation)")
    }

    @Test func readsTobiiProLabRowsAndSkipsOtherSensors() throws {
        let header = ["Recording timestamp", "Sensor", "Participant name", "Recording name", "Presented Stimulus name", "Eye movement type",
                      "Gaze event duration", "Eye movement type index", "Fixation point X", "Fixation point Y", "Validity left", "Validity right",
                      "AOI hit [home - Menu]"]
        let columns = try TobiiColumns(header: header)
        #expect(columns.dialect == .proLab)
        #expect(columns.timestampToMilliseconds == 0.001, "an unlabelled Pro Lab timestamp is in microseconds")
        #expect(columns.aoiHits == [TobiiColumns.AOIHitColumn(name: "Menu", media: "home", index: 12)])
        let sample = try #require(columns.sample(["2500000", "Eye Tracker", "P2", "R", "home", "Fixation", "250", "7", "100", "200", "Valid", "Invalid", "1"]))
        #expect(sample.milliseconds == 2500)
        #expect(sample.valid && sample.aoiHits == ["Menu"])
        #expect(columns.sample(["2500001", "Gyroscope", "P2", "R", "home", "", "", "", "", "", "", "", ""]) == nil)
        let labelled = try TobiiColumns(header: ["Recording timestamp [ms]", "Eye movement type", "Eye movement type index", "Fixation point X", "Fixation point Y"])
        #expect(labelled.timestampToMilliseconds == 1)
    }

    @Test func refusesWhatIsNotATobiiExport() throws {
        #expect(throws: TobiiColumns.Problem.self) { try TobiiColumns(header: ["time", "x", "y"]) }
        #expect(throws: TobiiColumns.Problem.self) { try TobiiColumns(header: ["RecordingTimestamp", "GazePointX (ADCSpx)"]) }
        let raw = try TobiiColumns(header: ["RecordingTimestamp", "GazePointX (MCSpx)", "GazePointY (MCSpx)"])
        #expect(!raw.hasFixations && raw.hasGaze, "raw gaze only: the I-VT filter finds the fixations")
    }
}

@Suite struct FixationTests {
    func sample(_ t: Double, _ event: GazeSample.Event?, _ index: Int?, x: Double? = nil, y: Double? = nil, duration: Double? = nil,
                media: String = "home", valid: Bool = true) -> GazeSample {
        GazeSample(participant: "P1", recording: "R", media: media, milliseconds: t, event: event, eventIndex: index, eventDuration: duration,
                   fixationX: x, fixationY: y, valid: valid, aoiHits: [])
    }

    @Test func samplesCollapseIntoFixationsPerMedia() {
        var collector = FixationCollector()
        // 60 Hz-like samples: fixation 1 (3 samples, export duration 50 ms), a saccade, fixation 2 without duration.
        for t in [1000.0, 1016, 1033] { collector.add(sample(t, .fixation, 1, x: 100, y: 100, duration: 50)) }
        collector.add(sample(1050, .saccade, nil, valid: false))
        for t in [1066.0, 1083] { collector.add(sample(t, .fixation, 2, x: 400, y: 120)) }
        collector.add(sample(2000, .fixation, 1, x: 10, y: 10, duration: 80, media: "about"))
        let recordings = collector.finish()
        #expect(recordings.map(\.media) == ["home", "about"])
        let home = recordings[0]
        #expect(home.fixations.map(\.index) == [1, 2])
        #expect(home.fixations[0].duration == 50, "the export's own duration")
        #expect(home.fixations[1].duration == 1083 - 1066 + 16, "span plus one sample interval")
        #expect(home.samples == 6 && home.invalidSamples == 1)
        #expect(home.onset == 1000)
    }

    @Test func aoiMetricsFollowTobiisDefinitions() {
        let fixations = [
            Fixation(index: 1, start: 1200, duration: 200, x: 50, y: 50, aoiHits: []),
            Fixation(index: 2, start: 1500, duration: 300, x: 150, y: 150, aoiHits: []),
            Fixation(index: 3, start: 1900, duration: 100, x: 160, y: 140, aoiHits: []),
            Fixation(index: 4, start: 2100, duration: 250, x: 20, y: 30, aoiHits: []),
            Fixation(index: 5, start: 2500, duration: 150, x: 110, y: 190, aoiHits: []),
        ]
        let button = AOI(name: "Botão", shape: .rectangle(x: 100, y: 100, width: 100, height: 100))
        let metrics = AOIMetrics(aoi: button, fixations: fixations, onset: 1000)
        #expect(metrics.timeToFirstFixation == 500)
        #expect(metrics.fixationsBefore == 1)
        #expect(metrics.firstFixationDuration == 300)
        #expect(metrics.totalFixationDuration == 550)
        #expect(metrics.fixationCount == 3)
        #expect(metrics.visitCount == 2, "in, in, out, in: two visits")
        #expect(abs(metrics.averageFixationDuration! - 550.0 / 3) < 1e-12)
        let triangle = AOI(name: "Tri", shape: .polygon([.init(x: 0, y: 0), .init(x: 100, y: 0), .init(x: 0, y: 100)]))
        #expect(triangle.contains(x: 20, y: 20) && !triangle.contains(x: 80, y: 80))
        let never = AOIMetrics(aoi: AOI(name: "Rodapé", shape: .rectangle(x: 0, y: 900, width: 800, height: 100)), fixations: fixations, onset: 1000)
        #expect(never.timeToFirstFixation == nil && never.fixationCount == 0 && never.visitCount == 0 && never.averageFixationDuration == nil)
    }
}

/// The I-VT filter on hand-made gaze at 250 Hz (4 ms apart), every stage checked by hand.
@Suite struct IVTFilterTests {
    /// Feeds `samples` (time ms, x, y; `nil` x for an invalid sample) and returns the fixations.
    func run(_ samples: [(Double, Double?, Double?)], _ parameters: IVTParameters = IVTParameters()) -> [Fixation] {
        var filter = IVTFilter(parameters: parameters)
        for (t, x, y) in samples { filter.add(time: t, x: x, y: y, valid: x != nil) }
        return filter.finish()
    }

    /// `count` samples from `start` at one point.
    func still(_ start: Double, _ count: Int, _ x: Double, _ y: Double) -> [(Double, Double?, Double?)] {
        (0..<count).map { (start + 4 * Double($0), x, y) }
    }

    @Test func findsFixationsBetweenSaccadesWithTobiisTiming() {
        // 50 samples still at (100, 100), a 5-sample saccade to (700, 400), 40 samples still there.
        var samples = still(0, 50, 100, 100)
        for step in 1...5 { samples.append((196 + 4 * Double(step), 100 + 100 * Double(step), 100 + 50 * Double(step))) }
        samples += still(220, 40, 700, 400)
        let fixations = run(samples)
        #expect(fixations.count == 2)
        // The velocity window (±10 ms) reaches into the saccade for the last two still samples before it (t = 192, 196)
        // and the first two after it (t = 220, 224): those four are not fixation samples.
        // First: samples t = 0 … 188 (48 samples), from half a sample before the first to half after the last.
        #expect(fixations[0].start == -2 && fixations[0].duration == 192)
        #expect(fixations[0].x == 100 && fixations[0].y == 100)
        // Second: t = 228 … 376 (38 samples).
        #expect(fixations[1].start == 226 && fixations[1].duration == 152)
        #expect(fixations[1].x == 700)
    }

    @Test func fillsShortGapsMergesCloseFixationsAndDropsShortOnes() {
        // A 40 ms blink (10 invalid samples) inside a fixation is filled in: one fixation, not two.
        var samples = still(0, 30, 300, 300)
        samples += (0..<10).map { (120 + 4 * Double($0), nil, nil) }
        samples += still(160, 30, 300, 300)
        #expect(run(samples).count == 1)
        #expect(run(samples).first?.duration == 280, "(0 … 276) + one sample")
        // With gap fill-in off, the blink splits it; the halves are 40 ms apart and at the same place: merged again.
        var noFill = IVTParameters()
        noFill.gapFill = 0
        #expect(run(samples, noFill).count == 1)
        // And with merging off too, two fixations.
        noFill.mergeGap = 0
        #expect(run(samples, noFill).count == 2)
        // A fixation shorter than 60 ms (10 samples = 40 ms, between two saccades) is discarded.
        var short = still(0, 30, 100, 100)
        short += [(120, 300, 100), (124, 500, 100)]
        short += still(128, 10, 700, 100)
        short += [(168, 900, 100), (172, 1100, 100)]
        short += still(176, 30, 1200, 100)
        let found = run(short)
        #expect(found.map(\.x) == [100, 1200], "\(found)")
    }

    @Test func parametersAreStatedAndChecked() {
        let description = IVTParameters().description
        #expect(description == "studyctl I-VT (Olsen 2012): gap fill ≤ 75 ms, velocity window 20 ms, threshold 30 °/s, merge ≤ 75 ms and ≤ 0.5°, discard < 60 ms; eye–screen 650 mm, pixel 0.277 mm")
        var bad = IVTParameters()
        bad.velocityThreshold = 0
        #expect(bad.problem == "the I-VT velocity threshold must be a positive number, not 0.0")
        bad = IVTParameters()
        bad.distance = .nan
        #expect(bad.problem != nil)
        // 1 px at 650 mm with 0.277 mm pixels is about 0.0244°; 30 °/s over the 20 ms window is 0.6°, ~24.6 px.
        #expect(abs(IVTParameters().degrees(dx: 1, dy: 0) - 0.024417) < 1e-5)
    }

    @Test func memoryStaysBoundedOverALongRecording() {
        // An hour at 250 Hz of slow drift: the filter keeps a window, not the recording.
        var filter = IVTFilter()
        for index in 0..<900_000 {
            let t = 4 * Double(index)
            filter.add(time: t, x: Double(index / 100 % 2) * 400, y: 100, valid: index % 5000 != 0)
        }
        let fixations = filter.finish()
        #expect(fixations.count == 9000, "one fixation per 100-sample plateau")
    }
}

@Suite struct ScanPathTests {
    let left = AOI(name: "A", shape: .rectangle(x: 0, y: 0, width: 100, height: 100))
    let right = AOI(name: "B", shape: .rectangle(x: 200, y: 0, width: 100, height: 100))

    @Test func levenshteinAndSimilarity() {
        #expect(ScanPath.levenshtein(Array("kitten"), Array("sitting")) == 3)
        #expect(ScanPath.levenshtein([String](), ["A"]) == 1)
        #expect(ScanPath.similarity(["A", "B", "C"], ["A", "B", "C"]) == 1)
        #expect(ScanPath.similarity(["A", "B"], ["C", "D"]) == 0)
        #expect(ScanPath.similarity(["A", "B", "C", "D"], ["A", "C", "D"]) == 0.75, "one deletion over 4")
        #expect(ScanPath.similarity([String](), []) == nil)
    }

    @Test func visitsCollapseConsecutiveFixationsAndSkipTheOutside() {
        let fixations = [(50.0, 50.0), (60, 40), (500, 500), (250, 50), (20, 20), (30, 30)].enumerated().map {
            Fixation(index: $0.offset + 1, start: Double($0.offset) * 300, duration: 250, x: $0.element.0, y: $0.element.1)
        }
        #expect(ScanPath.visits(fixations, aois: [left, right]) == ["A", "B", "A"])
    }

    @Test func similarityMatrixAndGroupMeans() {
        let result = ScanPath.Similarity(participants: ["P1", "P2", "P3", "P4"],
                                         sequences: [["A", "B"], ["A", "B"], ["B", "A"], ["A", "B", "C"]],
                                         groupOf: ["P1": "x", "P2": "x", "P3": "y", "P4": "y"], groupOrder: ["x", "y"])
        #expect(result.values[0][1] == 1)
        #expect(result.values[0][2] == 0, "A B → B A: two substitutions over 2")
        #expect(abs(result.values[2][3]! - 1.0 / 3) < 1e-12, "B A → A B A → A B C: an insertion and a substitution over 3")
        #expect(abs(result.values[0][3]! - 2.0 / 3) < 1e-12, "A B → A B C: one insertion over 3")
        #expect(result.groups.map(\.name) == ["x", "y", "x × y"])
        #expect(result.groups[0].mean == 1 && result.groups[0].pairs == 1)
        // Between: P1–P3 0, P1–P4 2/3, P2–P3 0, P2–P4 2/3 → mean 1/3.
        #expect(abs(result.groups[2].mean! - 1.0 / 3) < 1e-12 && result.groups[2].pairs == 4)
    }

    @Test func visitDurationCountsTheSaccadesInsideTheVisit() {
        // In A at 0 (200 ms) and 300 (100 ms), out at 500, in again at 900 (100 ms): two visits, 400 + 100 ms of dwell.
        let fixations = [Fixation(index: 1, start: 0, duration: 200, x: 10, y: 10), Fixation(index: 2, start: 300, duration: 100, x: 20, y: 20),
                         Fixation(index: 3, start: 500, duration: 300, x: 500, y: 500), Fixation(index: 4, start: 900, duration: 100, x: 30, y: 30)]
        let metrics = AOIMetrics(aoi: left, fixations: fixations, onset: 0)
        #expect(metrics.visitCount == 2 && metrics.totalVisitDuration == 500 && metrics.totalFixationDuration == 400)
        // An AOI from the export's hit column follows the export's flags, not the coordinates.
        var flagged = fixations
        flagged[2].aoiHits = ["Menu"]
        let menu = AOIMetrics(aoi: AOI(name: "Menu", shape: .exportHits), fixations: flagged, onset: 0)
        #expect(menu.fixationCount == 1 && menu.timeToFirstFixation == 500 && menu.fixationsBefore == 2)
    }
}
