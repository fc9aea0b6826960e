import Testing
@testable import Surveys

@Suite struct FormDurationTests {
    /// Times as form exports write them, read in the same day/month order on both ends.
    @Test func durationsFromFormTimestamps() {
        #expect(FormDuration.seconds(from: "2026-11-24 10:00:00", to: "2026-11-24 10:00:08") == 8)
        #expect(FormDuration.seconds(from: "11/24/26 11:59:50 AM", to: "11/24/26 12:00:05 PM") == 15)
        #expect(FormDuration.seconds(from: "24/11/2026 23:59:00", to: "25/11/2026 00:02:10") == 190)
        #expect(FormDuration.seconds(from: "5/6/2026 10:00:00", to: "5/6/2026 10:01:00") == 60, "ambiguous order, same day: the same either way")
        #expect(FormDuration.seconds(from: "2026-11-24 10:00:08", to: "2026-11-24 10:00:00") == nil, "submitted before it started")
        #expect(FormDuration.seconds(from: "ontem", to: "2026-11-24 10:00:00") == nil)
        #expect(FormDuration.seconds(from: nil, to: "2026-11-24 10:00:00") == nil)
        // Stored as the export gave them: a number no date has is not read, and never overflows.
        #expect(FormDuration.seconds(from: "11/24/99999999999999999 9:15:02 AM", to: "11/24/99999999999999999 9:18:40 AM") == nil)
        #expect(FormDuration.seconds(from: "11/24/26 9:15:02 AM", to: "11/24/100000000000000 9:18:40 AM") == nil)
        #expect(FormDuration.seconds(from: "9999-12-31 23:59:00", to: "9999-12-31 23:59:59") == 59)
    }
}
