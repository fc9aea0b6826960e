import Testing
@testable import Surveys

/// Form tools' time stamps, as their exports write them, read into ISO 8601.
@Suite struct FormTimestampTests {
    @Test func eachToolsTimeStampReadsAsISO8601() {
        // Google Forms in English and in Portuguese.
        #expect(FormTimestamp.parse("2026/11/18 5:34:56 PM GMT-3", order: .monthFirst)?.iso == "2026-11-18T17:34:56-03:00")
        #expect(FormTimestamp.parse("18/11/2026 17:34:56", order: .dayFirst)?.iso == "2026-11-18T17:34:56")
        // Microsoft Forms (two-digit year), SurveyMonkey (AM/PM), Qualtrics and ISO itself.
        #expect(FormTimestamp.parse("11/18/26 17:34:56", order: .monthFirst)?.iso == "2026-11-18T17:34:56")
        #expect(FormTimestamp.parse("11/18/2026 5:34:56 PM", order: .monthFirst)?.iso == "2026-11-18T17:34:56")
        #expect(FormTimestamp.parse("11/18/2026 12:04:00 AM", order: .monthFirst)?.iso == "2026-11-18T00:04:00")
        #expect(FormTimestamp.parse("2026-11-18 17:34:56", order: .dayFirst)?.iso == "2026-11-18T17:34:56")
        #expect(FormTimestamp.parse("2026-11-18T17:34:56.250Z", order: .dayFirst)?.iso == "2026-11-18T17:34:56Z")
        #expect(FormTimestamp.parse("2026-11-18T17:34:56+05:30", order: .dayFirst)?.iso == "2026-11-18T17:34:56+05:30")
        #expect(FormTimestamp.parse("2025-03-17", order: .dayFirst)?.iso == "2025-03-17")
        // Not a date: a day the month lacks, a year of 17 digits, words.
        #expect(FormTimestamp.parse("31/11/2026 10:00", order: .dayFirst) == nil)
        #expect(FormTimestamp.parse("11/24/99999999999999999 9:15:02 AM", order: .monthFirst) == nil)
        #expect(FormTimestamp.parse("ontem", order: .dayFirst) == nil)
        #expect(FormTimestamp.parse("18/11/2026 17:34:56", order: .monthFirst) == nil)
    }

    /// A column's order: a value with a first number over 12 makes it day first, a second over 12 month first;
    /// else the language's; both in one column is refused with the two values.
    @Test func aColumnsDayMonthOrderIsDecidedFromAllItsValues() throws {
        let dayFirst = FormTimestamp.decide(["05/11/2026 10:00", "18/11/2026 10:00"], fallback: .monthFirst)
        #expect(try dayFirst.get().0 == .dayFirst && dayFirst.get().1 == .value("18/11/2026 10:00", index: 1))
        let monthFirst = FormTimestamp.decide(["05/11/2026 10:00", "11/18/2026 10:00"], fallback: .dayFirst)
        #expect(try monthFirst.get().0 == .monthFirst)
        #expect(try FormTimestamp.decide(["05/11/2026 10:00"], fallback: .dayFirst).get() == (.dayFirst, .language))
        #expect(try FormTimestamp.decide(["2026-11-05 10:00"], fallback: .dayFirst).get() == (.dayFirst, .yearFirst))
        guard case let .failure(conflict) = FormTimestamp.decide(["11/18/2026 1:00", "18/11/2026 1:00"], fallback: .dayFirst) else {
            Issue.record("a column with both orders is refused")
            return
        }
        #expect(conflict == .init(dayFirst: "18/11/2026 1:00", dayFirstIndex: 1, monthFirst: "11/18/2026 1:00", monthFirstIndex: 0))
    }
}
