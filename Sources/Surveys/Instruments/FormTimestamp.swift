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
            // Written byte by byte: an import writes one per row.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(25)
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 { bytes.append(UInt8(48 + value / divisor % 10)); divisor /= 10 }
            }
            digits(year, 4); bytes.append(45); digits(month, 2); bytes.append(45); digits(day, 2)
            if let time {
                bytes.append(84); digits(time.hour, 2); bytes.append(58); digits(time.minute, 2); bytes.append(58); digits(time.second, 2)
                if let offset {
                    if offset == 0 {
                        bytes.append(90)
                    } else {
                        bytes.append(offset < 0 ? 45 : 43); digits(abs(offset) / 60, 2); bytes.append(58); digits(abs(offset) % 60, 2)
                    }
                }
            }
            return String(decoding: bytes, as: UTF8.self)
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
        var text = text
        return text.withUTF8 { scan(bytes: $0) }
    }

    /// `scan` on the text's UTF-8 bytes (letters compared without case: ASCII only matters here).
    static func scan(bytes: UnsafeBufferPointer<UInt8>) -> Scanned? {
        var index = 0
        var end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        func lower(_ at: Int) -> UInt8 { let byte = bytes[at]; return byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0, digits = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard digits < maxDigits else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : (value, digits)
        }
        func skip(_ byte: UInt8) -> Bool {
            if index < end, bytes[index] == byte { index += 1; return true }
            return false
        }
        func skipSpaces() { while index < end, bytes[index] == 0x20 { index += 1 } }
        func skipWord(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard end - index >= count else { return false }
            let letters = word.utf8Start
            for offset in 0..<count where lower(index + offset) != letters[offset] { return false }
            index += count
            return true
        }
        guard let a = number(maxDigits: 4) else { return nil }
        guard index < end, bytes[index] == 0x2F || bytes[index] == 0x2D || bytes[index] == 0x2E else { return nil }
        let separator = bytes[index]
        index += 1
        guard let b = number(maxDigits: 2), skip(separator), let c = number(maxDigits: 4) else { return nil }
        let yearFirst = a.digits == 4
        guard yearFirst ? c.digits <= 2 : (a.digits <= 2 && (c.digits == 4 || c.digits == 2)) else { return nil }
        var scanned = Scanned(first: a.value, second: b.value, third: c.value, yearFirst: yearFirst, twoDigitYear: !yearFirst && c.digits == 2)
        if index < end, lower(index) == UInt8(ascii: "t") { index += 1 } else { _ = skip(UInt8(ascii: ",")) }
        skipSpaces()
        guard index < end else { return scanned }
        guard let hour = number(maxDigits: 2), skip(UInt8(ascii: ":")), let minute = number(maxDigits: 2) else { return nil }
        var second = 0
        if skip(UInt8(ascii: ":")) {
            guard let s = number(maxDigits: 2) else { return nil }
            second = s.value
            if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) { _ = number(maxDigits: 9) }
        }
        var h = hour.value
        skipSpaces()
        if skipWord("p.m.") || skipWord("pm") {
            guard (1...12).contains(h) else { return nil }
            h = h == 12 ? 12 : h + 12
        } else if skipWord("a.m.") || skipWord("am") {
            guard (1...12).contains(h) else { return nil }
            h = h == 12 ? 0 : h
        }
        guard h <= 23, minute.value <= 59, second <= 60 else { return nil }
        scanned.time = (h, minute.value, min(second, 59))
        skipSpaces()
        if index == end { return scanned }
        if skipWord("z") { return index == end ? { scanned.offset = 0; return scanned }() : nil }
        if skipWord("gmt") || skipWord("utc") { if index == end { scanned.offset = 0; return scanned } }
        guard index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
        let negative = bytes[index] == UInt8(ascii: "-")
        index += 1
        guard let first = number(maxDigits: 4) else { return nil }
        var hours = 0, minutes = 0
        if skip(UInt8(ascii: ":")) {
            guard first.digits <= 2, let second = number(maxDigits: 2), second.digits == 2 else { return nil }
            (hours, minutes) = (first.value, second.value)
        } else if first.digits <= 2 {
            hours = first.value
        } else if first.digits == 4 {
            (hours, minutes) = (first.value / 100, first.value % 100)
        } else {
            return nil
        }
        guard index == end, hours <= 14, minutes <= 59 else { return nil }
        scanned.offset = (negative ? -1 : 1) * (hours * 60 + minutes)
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
