import Foundation
import StudyBasics
import Surveys
import Testing
@testable import Gaze

/// AOI metrics per recording and their summary over participants and groups, as `gaze metrics --summary` and the
/// report show them.
@Suite struct GazeSummaryTests {
    static let menu = AOI(name: "Menu", shape: .rectangle(x: 0, y: 0, width: 100, height: 100))

    static func set(_ participant: String, _ recording: String, _ fixations: [(start: Double, duration: Double, inside: Bool)]) -> GazeFixationSet {
        GazeFixationSet(participant: participant, media: "home", recording: recording, onset: 0,
                        fixations: fixations.enumerated().map { index, f in
                            Fixation(index: index + 1, start: f.start, duration: f.duration, x: f.inside ? 50 : 500, y: f.inside ? 50 : 500)
                        })
    }

    /// P1 saw the media twice (fixating the AOI each time), P2 never looked at the AOI, P3 once.
    static let recordings = [
        set("P1", "A", [(100, 200, true)]), set("P2", "A", [(0, 100, false)]), set("P3", "A", [(50, 100, true)]),
        set("P1", "B", [(0, 300, true)]),
    ]

    @Test func metricsPerRecordingMatchTheMediaIgnoringCase() {
        let rows = GazeMetricsRow.rows(for: Self.recordings, aois: [(media: "HOME", aoi: Self.menu), (media: "other", aoi: Self.menu)])
        #expect(rows.map(\.participant) == ["P1", "P2", "P3", "P1"])
        #expect(rows.map(\.metrics.fixationCount) == [1, 0, 1, 1])
        #expect(rows[0].metrics.totalFixationDuration == 200)
    }

    @Test func summaryCountsAParticipantOnceWithTheirRecordingsSummed() throws {
        let rows = GazeMetricsRow.rows(for: Self.recordings, aois: [(media: "home", aoi: Self.menu)])
        let summary = GazeSummaryRow.summaries(rows, groups: nil)
        #expect(summary.count == 1)
        let row = try #require(summary.first)
        #expect(row.group == nil && row.participants == 3 && row.fixated == 2)
        #expect(abs(row.percentFixated - 200.0 / 3) < 1e-9)
        // Total fixation duration per participant: P1 200 + 300, P2 0, P3 100.
        #expect(row.totalFixationDuration?.mean == 200)
        #expect(row.fixationCount?.mean == 1)
        // Time to first fixation only over those who fixated: P1's first recording (100 ms) and P3 (50 ms).
        #expect(row.timeToFirstFixation?.n == 2)
    }

    @Test func groupsFollowTheirOrderAndIntervalsStopAtZero() throws {
        let rows = GazeMetricsRow.rows(for: Self.recordings, aois: [(media: "home", aoi: Self.menu)])
        let groups = ParticipantGroups(attribute: "level", values: [("P1", "Novice"), ("P2", "Expert"), ("P3", "Novice"), ("P4", nil)], rule: nil)
        let summary = GazeSummaryRow.summaries(rows, groups: groups)
        #expect(summary.map(\.group) == ["Expert", "Novice"])
        #expect(summary.map(\.participants) == [1, 2])
        #expect(summary.map(\.percentFixated) == [0, 100])
        let novice = try #require(summary.last?.totalFixationDuration)
        #expect(novice.mean == 300)
        // 500 and 100 ms: the t interval (df 1) reaches far below 0, and a duration cannot.
        #expect(novice.ci95?.lowerBound == 0)
    }
}
