import Foundation
import Media
import Testing

/// Clocks side by side: a recording's times on the session's clock by a sync point at an event, by a negative
/// --starts-at, and an eye tracker's by its export's start time of day against the session's wall-clock start.
@Suite struct TimelineTests {
    /// `00:00:05=event:start T1` with T1 started 12 s into the session: the recording began at 7 s, so its 3 s is the
    /// session's 10 s.
    @Test func aSyncPointAtAnEventShiftsTheRecordingsTimes() throws {
        let point = try SyncPoint(parsing: "00:00:05=event:start T1")
        let offset = point.recordingStart(anchorAtMs: 12_000)
        #expect(offset == 7_000)
        let tie = ClockTie(source: "recording ''", offsetMs: offset, basis: .sync, how: point.text)
        #expect(tie.sessionMs(3_000) == 10_000)
        #expect(tie.sessionMs(2_499.6) == 9_500)
    }

    /// A recording begun 2.5 s before the session: its first second is at -1.5 s, and its 2.5 s is the session's start.
    @Test func aNegativeStartPutsTheRecordingBeforeTheSession() {
        let tie = ClockTie(source: "recording ''", offsetMs: -2_500, basis: .startsAt, how: "--starts-at -2.5")
        #expect(tie.sessionMs(1_000) == -1_500)
        #expect(tie.sessionMs(2_500) == 0)
    }

    /// An export whose recording began at 10:31:04.120 for a session begun at 10:30:00.000 lies 64.12 s in; across
    /// midnight the nearer way round is taken.
    @Test func theEyeTrackersStartTimeOfDayGivesItsOffset() throws {
        func ms(_ h: Double, _ m: Double, _ s: Double) -> Double { ((h * 60 + m) * 60 + s) * 1000 }
        #expect(ClockAlignment.offset(recordingStartOfDay: ms(10, 31, 4.12), sessionStartOfDay: ms(10, 30, 0)) == 64_120)
        #expect(ClockAlignment.offset(recordingStartOfDay: ms(10, 29, 58.5), sessionStartOfDay: ms(10, 30, 0)) == -1_500)
        #expect(ClockAlignment.offset(recordingStartOfDay: ms(23, 59, 58), sessionStartOfDay: ms(0, 0, 1)) == -3_000)
        #expect(ClockAlignment.offset(recordingStartOfDay: ms(0, 0, 2), sessionStartOfDay: ms(23, 59, 59)) == 3_000)
        // The session's start is kept in UTC; São Paulo is three hours behind it (no daylight saving since 2019).
        let zone = try #require(TimeZone(identifier: "America/Sao_Paulo"))
        #expect(ClockAlignment.startOfDay(iso: "2027-01-15T13:30:00.250Z", in: zone) == ms(10, 30, 0.25))
        #expect(ClockAlignment.startOfDay(iso: "2027-01-15T13:30:00Z", in: try #require(TimeZone(identifier: "UTC"))) == ms(13, 30, 0))
        #expect(ClockAlignment.startOfDay(iso: "yesterday", in: zone) == nil)
        #expect(ClockAlignment.timeOfDayText(ms(8, 0, 3.5)) == "08:00:03.500")
        let gaze = ClockTie(source: "gaze recording Rec1", offsetMs: 64_120, basis: .wallClock, how: "")
        #expect(gaze.sessionMs(1_500.0) == 65_620)
    }

    /// Lanes come in kind order, each in the order of its first item; a window keeps what overlaps it; the span
    /// reaches before the session for a recording that began first.
    @Test func lanesWindowAndSpan() {
        let timeline = SessionTimeline(participant: "P1", session: 1, started: "2027-01-15T08:00:00.000Z", endMs: 20_000, items: [
            .init(kind: .gaze, lane: "Botão", label: "Botão", startMs: 4_000, endMs: 4_800),
            .init(kind: .turn, lane: "Bruno", label: "Não acho", startMs: 5_000, endMs: 8_500),
            .init(kind: .turn, lane: "Moderadora", label: "Pode", startMs: -1_000, endMs: 3_000),
            .init(kind: .event, lane: "T1", label: "attempt", startMs: 2_000, endMs: 14_500, detail: "success"),
            .init(kind: .event, lane: "", label: "end", startMs: 20_000),
        ])
        #expect(timeline.lanes.map { "\($0.kind.rawValue) \($0.name)" } == ["event T1", "event ", "turn Moderadora", "turn Bruno", "gaze Botão"])
        #expect(timeline.span == -1_000...20_000)
        #expect(timeline.items.first?.lane == "Moderadora")
        let window = timeline.window(from: 4_900, to: 6_000)
        #expect(window.items.map(\.lane) == ["T1", "Bruno"])
        #expect(timeline.window(from: nil, to: 0).items.map(\.lane) == ["Moderadora"])
    }
}
