import Foundation
import Testing
@testable import Gaze

/// What ties a gaze recording to other clocks: the export's recording start as a time of day, and AOI visits.
@Suite struct RecordingClockTests {
    /// Pro Lab writes the recording's start time of day on every row; Studio writes each sample's, from which the
    /// recording's zero follows (the sample's time of day less its RecordingTimestamp).
    @Test func theExportsStartTimeOfDay() throws {
        let proLab = try TobiiColumns(header: ["Recording timestamp [ms]", "Participant name", "Recording name", "Recording start time", "Eye movement type",
                                               "Eye movement type index", "Fixation point X", "Fixation point Y"])
        let row = try #require(proLab.sample(["1500", "P1", "R", "10:31:04.120", "Fixation", "1", "10", "10"]))
        #expect(row.recordingStartOfDay == ((10 * 60 + 31) * 60 + 4.12) * 1000)
        let studio = try TobiiColumns(header: ["RecordingTimestamp", "LocalTimeStamp", "ParticipantName", "GazeEventType", "FixationIndex",
                                               "FixationPointX (MCSpx)", "FixationPointY (MCSpx)"])
        let sample = try #require(studio.sample(["1000", "08:00:04,000", "P1", "Fixation", "1", "5", "5"]))
        #expect(sample.recordingStartOfDay == (8 * 3600 + 3) * 1000.0, "08:00:04 less 1 s")
        // Just after midnight, a recording that began before it: the day wraps.
        let early = try #require(studio.sample(["5000", "00:00:02.000", "P1", "Fixation", "1", "5", "5"]))
        #expect(early.recordingStartOfDay == (24 * 3600 - 3) * 1000.0)
        #expect(try #require(studio.sample(["1000", "não", "P1", "Fixation", "1", "5", "5"])).recordingStartOfDay == nil)
        #expect(TobiiColumns.timeOfDay("25:00:00") == nil && TobiiColumns.timeOfDay("10:61:00") == nil && TobiiColumns.timeOfDay("10:00") == nil)

        var collector = FixationCollector()
        collector.add(sample)
        #expect(collector.finish().first?.startOfDay == (8 * 3600 + 3) * 1000.0)
    }

    /// Visits as Tobii defines them (a run of fixations inside, ended by one outside), from the first fixation's start
    /// to the last's end: the same spans `AOIMetrics.totalVisitDuration` sums.
    @Test func visitsAreRunsOfFixationsInside() {
        let button = AOI(name: "Botão", shape: .rectangle(x: 0, y: 0, width: 100, height: 100))
        let fixations = [Fixation(index: 1, start: 1000, duration: 200, x: 50, y: 50),
                         Fixation(index: 2, start: 1500, duration: 300, x: 60, y: 60),
                         Fixation(index: 3, start: 1900, duration: 100, x: 300, y: 200),
                         Fixation(index: 4, start: 2100, duration: 150, x: 10, y: 10)]
        let visits = AOIVisit.visits(to: button, in: fixations)
        #expect(visits == [AOIVisit(aoi: "Botão", start: 1000, end: 1800, fixations: 2), AOIVisit(aoi: "Botão", start: 2100, end: 2250, fixations: 1)])
        let metrics = AOIMetrics(aoi: button, fixations: fixations, onset: 1000)
        #expect(metrics.visitCount == visits.count)
        #expect(metrics.totalVisitDuration == visits.reduce(0) { $0 + $1.end - $1.start })
        #expect(AOIVisit.visits(to: AOI(name: "Menu", shape: .exportHits), in: fixations).isEmpty)
    }
}
