import Foundation
import Surveys
import Wording

/// How numbers look in a human-readable output in a language: a decimal comma and "58,3 %" in Portuguese (ABNT),
/// a decimal point, "58.3%" and APA 7's p-values without a leading zero (".023", "< .001") in English.
/// CSV and JSON never use it: they carry the full-precision value.
public struct NumberStyle: Sendable, Equatable {
    public let language: StudyLanguage

    public init(_ language: StudyLanguage) {
        self.language = language
        record = language.record
    }

    /// The language's conventions: decimal mark, percent sign, list separator, p-values' leading zero.
    let record: LanguageRecord

    /// `value` with `decimals` digits after the separator, a half rounded away from zero as spreadsheets and
    /// statistics packages print it (60.125 → 60.13, where C's printf rounds the exact binary tie to even);
    /// "–" for a missing or non-finite value.
    public func number(_ value: Double?, decimals: Int = 2) -> String {
        guard let value, value.isFinite else { return "–" }
        let decimals = max(0, decimals)
        let scale = pow(10, Double(decimals))
        let scaled = value * scale
        let rounded = abs(scaled) < 1e15 ? scaled.rounded(.toNearestOrAwayFromZero) / scale : value
        var text = Self.fixed(rounded, decimals: decimals)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }  // no "-0.00"
        return record.decimal(text)
    }

    /// `value` with `decimals` decimals, as C's `%.*f` writes it (through `vsnprintf`: `String(format:)` goes
    /// through NSString and runtime type lookups, the slowest part of printing one figure).
    static func fixed(_ value: Double, decimals: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
            let count = withVaList([Int32(min(decimals, 30)), value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
            let length = max(0, min(Int(count), buffer.count - 1))
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        }
    }

    /// A share from 0 to 1 as a percentage: "58,3 %" / "58.3%".
    public func percent(_ share: Double?, decimals: Int = 0) -> String {
        guard let share, share.isFinite else { return "–" }
        return number(share * 100, decimals: decimals) + record.percentSuffix
    }

    /// "[1,20; 3,40]" / "[1.20, 3.40]": a semicolon where the comma is the decimal separator.
    public func interval(_ low: Double, _ high: Double, decimals: Int = 2) -> String {
        "[" + number(low, decimals: decimals) + record.listSeparator + number(high, decimals: decimals) + "]"
    }

    /// A p-value with three decimals, "< 0,001" below a thousandth; in English without the leading zero (APA 7, 6.36).
    public func p(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if value < 0.001 { return "< " + (record.pValueLeadingZero ? "0" : "") + record.decimal(".001") }
        let text = number(value, decimals: 3)
        let leadingZero = "0" + record.decimalSeparator
        return record.pValueLeadingZero || !text.hasPrefix(leadingZero) ? text : String(text.dropFirst())
    }

    /// A cell of `kind` as text.
    public func cell(_ value: Value, _ kind: Column.Kind) -> String {
        switch value {
        case .empty: return "–"
        case let .text(text): return text
        case let .count(count): return String(count)
        case let .number(number):
            switch kind {
            case let .number(decimals), let .interval(decimals), let .percent(decimals): return self.number(number, decimals: decimals)
            case .count: return self.number(number, decimals: 0)
            case .pValue: return p(number)
            case .text, .prose, .countShare, .figure: return self.number(number, decimals: 2)
            }
        case let .percent(share):
            if case let .percent(decimals) = kind { return percent(share, decimals: decimals) }
            return percent(share)
        case let .interval(low, high):
            if case let .interval(decimals) = kind { return interval(low, high, decimals: decimals) }
            if case let .number(decimals) = kind { return interval(low, high, decimals: decimals) }
            return interval(low, high)
        case let .pValue(value): return p(value)
        case let .countShare(count, share):
            if case let .countShare(decimals) = kind { return "\(count) (\(percent(share, decimals: decimals)))" }
            return "\(count) (\(percent(share)))"
        }
    }
}
