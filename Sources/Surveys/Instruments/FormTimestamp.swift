import Foundation

/// A form export's time stamp read into ISO 8601 (`2026-11-18T17:34:56`, with its UTC offset when the export gives
/// one: `2026-11-18T17:34:56-03:00`), from the ways form tools write it:
/// - Google Forms: `2026/11/18 5:34:56 PM GMT-3` (English), `18/11/2026 17:34:56` (Portuguese);
/// - Microsoft Forms: `11/18/26 17:34:56` (Start time, Completion time), or a workbook's date cell (already ISO);
/// - SurveyMonkey: `11/18/2026 5:34:56 PM`;
/// - Qualtrics and LimeSurvey: `2026-11-18 17:34:56`; ISO 8601 itself, with `T`, fractions and `Z` or an offset.
///
/// A date written day and month first is ambiguous (`05/11/2026`): `DateOrder.decide` settles a column's order
/// from all its values.
public enum FormTimestamp {
    /// How a column writes a date whose year is last.
    public enum DateOrder: String, Sendable, Equatable {
        case dayFirst, monthFirst
    }

    /// A time stamp's parts, as written.
    public struct Parts: Sendable, Equatable {
        public var year: Int, month: Int, day: Int
        public var time: (hour: Int, minute: Int, second: Int)?
        /// Minutes east of UTC, when written.
        public var offset: Int?
        public static func == (a: Parts, b: Parts) -> Bool {
            a.year == b.year && a.month == b.month && a.day == b.day && a.offset == b.offset
                && a.time?.hour == b.time?.hour && a.time?.minute == b.time?.minute && a.time?.second == b.time?.second
        }

        /// ISO 8601: `2026-11-18`, `2026-11-18T17:34:56`, `2026-11-18T17:34:56-03:00`.
        public var iso: String {
            var text = String(format: "%04d-%02d-%02d", year, month, day)
            guard let time else { return text }
            text += String(format: "T%02d:%02d:%02d", time.hour, time.minute, time.second)
            if let offset {
                text += offset == 0 ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
            }
            return text
        }
    }

    /// The pieces of a time stamp before the order of an ambiguous date is known.
    struct Scanned {
        var first: Int, second: Int, third: Int
        var yearFirst: Bool
        var twoDigitYear: Bool
        var time: (hour: Int, minute: Int, second: Int)?
        var offset: Int?
    }

    /// The time stamp read with `order` for a date whose year comes last (ignored when the year comes first), or
    /// nil when `text` is no date this reads.
    public static func parse(_ text: String, order: DateOrder) -> Parts? {
        guard let scanned = scan(text) else { return nil }
        return parts(scanned, order: order)
    }

    static func parts(_ s: Scanned, order: DateOrder) -> Parts? {
        var (year, month, day): (Int, Int, Int)
        if s.yearFirst {
            (year, month, day) = (s.first, s.second, s.third)
        } else {
            (year, month, day) = order == .dayFirst ? (s.third, s.second, s.first) : (s.third, s.first, s.second)
            if s.twoDigitYear { year += 2000 }
        }
        guard (1...12).contains(month), (1...daysIn(month, year)).contains(day), (1...9999).contains(year) else { return nil }
        return Parts(year: year, month: month, day: day, time: s.time, offset: s.offset)
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Splits `text` into a date (three numbers with `/`, `-` or `.` between), an optional time (`H:MM`, `H:MM:SS`,
    /// a fraction of a second dropped, `AM`/`PM`) and an optional zone (`Z`, `GMT-3`, `UTC+05:30`, `-03:00`).
    static func scan(_ text: String) -> Scanned? {
        let characters = Array(text.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars)
        var index = 0
        func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0, digits = 0
            while index < characters.count, (48...57).contains(characters[index].value) {
                guard digits < maxDigits else { return nil }
                value = value * 10 + Int(characters[index].value - 48)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : (value, digits)
        }
        func skip(_ scalar: Character) -> Bool {
            if index < characters.count, Character(characters[index]) == scalar { index += 1; return true }
            return false
        }
        func skipSpaces() { while index < characters.count, characters[index] == " " { index += 1 } }
        guard let a = number(maxDigits: 4) else { return nil }
        guard index < characters.count, "/-.".unicodeScalars.contains(characters[index]) else { return nil }
        let separator = Character(characters[index])
        index += 1
        guard let b = number(maxDigits: 2), skip(separator), let c = number(maxDigits: 4) else { return nil }
        let yearFirst = a.digits == 4
        guard yearFirst ? c.digits <= 2 : (a.digits <= 2 && (c.digits == 4 || c.digits == 2)) else { return nil }
        var scanned = Scanned(first: a.value, second: b.value, third: c.value, yearFirst: yearFirst, twoDigitYear: !yearFirst && c.digits == 2)
        if index < characters.count, characters[index] == "t" { index += 1 } else { _ = skip(",") }
        skipSpaces()
        guard index < characters.count else { return scanned }
        guard let hour = number(maxDigits: 2), skip(":"), let minute = number(maxDigits: 2) else { return nil }
        var second = 0
        if skip(":") {
            guard let s = number(maxDigits: 2) else { return nil }
            second = s.value
            if skip(".") || skip(",") { _ = number(maxDigits: 9) }
        }
        var h = hour.value
        skipSpaces()
        let rest = String(String.UnicodeScalarView(characters[index...]))
        var zone = Substring(rest)
        for (marker, afternoon) in [("p.m.", true), ("a.m.", false), ("pm", true), ("am", false)] where zone.hasPrefix(marker) {
            guard (1...12).contains(h) else { return nil }
            h = afternoon ? (h == 12 ? 12 : h + 12) : (h == 12 ? 0 : h)
            zone = zone.dropFirst(marker.count)
            break
        }
        guard h <= 23, minute.value <= 59, second <= 60 else { return nil }
        scanned.time = (h, minute.value, min(second, 59))
        zone = zone.drop { $0 == " " }
        if zone.isEmpty { return scanned }
        if zone == "z" { scanned.offset = 0; return scanned }
        for name in ["gmt", "utc"] where zone.hasPrefix(name) { zone = zone.dropFirst(3); if zone.isEmpty { scanned.offset = 0; return scanned } }
        guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
        let digits = zone.dropFirst()
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
        var hours = 0, minutes = 0
        if parts.count == 2, let hh = Int(parts[0]), let mm = Int(parts[1]), parts[0].count <= 2, parts[1].count == 2 {
            (hours, minutes) = (hh, mm)
        } else if parts.count == 1, digits.allSatisfy(\.isASCII), let value = Int(digits) {
            if digits.count <= 2 { hours = value } else if digits.count == 4 { (hours, minutes) = (value / 100, value % 100) } else { return nil }
        } else {
            return nil
        }
        guard hours <= 14, minutes <= 59 else { return nil }
        scanned.offset = (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
        return scanned
    }

    /// How a column's dates were ordered, and why.
    public enum OrderReason: Sendable, Equatable {
        /// No value is ambiguous: every year comes first.
        case yearFirst
        /// A value whose first number is over 12 (a day) or whose second is (a day, the month first): the value and
        /// its row index among `values`.
        case value(String, index: Int)
        /// Every value reads either way: the order the study's language writes.
        case language
    }

    /// The order a column's dates are read in: a value with a first number over 12 makes it day first, one with a
    /// second over 12 month first; when none decides, `fallback` (the study's language's order). Nil, with the
    /// two values, when the column has both.
    public static func decide(_ values: [String], fallback: DateOrder) -> Result<(DateOrder, OrderReason), Conflict> {
        var dayFirst: (String, Int)?
        var monthFirst: (String, Int)?
        var ambiguous = false
        for (index, value) in values.enumerated() {
            guard let scanned = scan(value), !scanned.yearFirst else { continue }
            ambiguous = true
            if scanned.first > 12, scanned.second <= 12, dayFirst == nil { dayFirst = (value, index) }
            if scanned.second > 12, scanned.first <= 12, monthFirst == nil { monthFirst = (value, index) }
        }
        switch (dayFirst, monthFirst) {
        case let ((day, dayIndex)?, (month, monthIndex)?):
            return .failure(Conflict(dayFirst: day, dayFirstIndex: dayIndex, monthFirst: month, monthFirstIndex: monthIndex))
        case let ((value, index)?, nil): return .success((.dayFirst, .value(value, index: index)))
        case let (nil, (value, index)?): return .success((.monthFirst, .value(value, index: index)))
        case (nil, nil): return .success((fallback, ambiguous ? .language : .yearFirst))
        }
    }

    /// A column whose dates read day first in one row and month first in another.
    public struct Conflict: Error, Sendable, Equatable {
        public var dayFirst: String, dayFirstIndex: Int
        public var monthFirst: String, monthFirstIndex: Int
    }
}
