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
        #expect(columns.aoiHits.keys.sorted() == ["Botão", "Menu"])
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
        #expect(columns.aoiHits.keys.sorted() == ["Menu"])
        let sample = try #require(columns.sample(["2500000", "Eye Tracker", "P2", "R", "home", "Fixation", "250", "7", "100", "200", "Valid", "Invalid", "1"]))
        #expect(sample.milliseconds == 2500)
        #expect(sample.valid && sample.aoiHits == ["Menu"])
        #expect(columns.sample(["2500001", "Gyroscope", "P2", "R", "home", "", "", "", "", "", "", "", ""]) == nil)
        let labelled = try TobiiColumns(header: ["Recording timestamp [ms]", "Eye movement type", "Eye movement type index"])
        #expect(labelled.timestampToMilliseconds == 1)
    }

    @Test func refusesWhatIsNotATobiiExport() {
        #expect(throws: TobiiColumns.Problem.self) { try TobiiColumns(header: ["time", "x", "y"]) }
        #expect(throws: TobiiColumns.Problem.missing(dialect: .studio, columns: ["GazeEventType", "FixationIndex"])) {
            try TobiiColumns(header: ["RecordingTimestamp", "GazePointX (ADCSpx)"])
        }
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
