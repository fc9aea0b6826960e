import Foundation

/// Times as a person reads them: the stored UTC stamp (ISO 8601) in the machine's time zone with its offset,
/// "2026-11-26 03:39:28 −03:00", so a moderator in São Paulo reads the hour on the wall clock and a reader
/// elsewhere still knows which instant it was. The zone is the process's (`TZ` when set).
public enum LocalTime {
    /// `stamp` in local time with its offset; the stamp as it is when it cannot be read.
    public static func text(_ stamp: String) -> String {
        guard let date = parse(stamp) else { return stamp }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss xxx"
        return formatter.string(from: date).replacingOccurrences(of: "-", with: "−", options: [], range: offsetRange(formatter.string(from: date)))
    }

    /// The local zone's name ("America/Sao_Paulo", or "UTC").
    public static var zoneName: String { TimeZone.current.identifier }

    static func parse(_ stamp: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: stamp) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: stamp)
    }

    /// The range of the offset's sign (the last 6 characters, "-03:00"), so only it becomes a minus sign.
    static func offsetRange(_ text: String) -> Range<String.Index>? {
        guard text.count >= 6 else { return nil }
        let start = text.index(text.endIndex, offsetBy: -6)
        return start..<text.index(after: start)
    }
}
