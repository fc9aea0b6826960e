import Foundation
import StudyBasics
import Wording

/// Task times as researchers note them: `92`, `92.5`, `92,5`, `1:32`, `0:01:32`, `1:32,5`, `92s`.
public enum Duration {
    /// Why `text` is not a task time studyctl accepts, or `nil` when it is one (a duration of at most 7 days).
    public static func problem(_ text: String) -> Sentence? {
        guard let seconds = parse(text) else { return "'\(text)' is not a time (use 92, 92.5, 1:32 or 0:01:32)" }
        if seconds > Limits.maximumSeconds { return "'\(text)' is longer than 7 days, the longest task time studyctl accepts" }
        return nil
    }

    /// Seconds, or `nil` when `text` is not a duration.
    public static func parse(_ text: String) -> Double? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("s") { trimmed.removeLast() }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("-"), !trimmed.hasPrefix("+") else { return nil }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 3 else { return nil }
        guard let last = parts.last, let seconds = NumberParser.parse(last), seconds >= 0 else { return nil }
        var wholes: [Int] = []
        for part in parts.dropLast() {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let value = Int(part) else { return nil }
            wholes.append(value)
        }
        if !wholes.isEmpty && seconds >= 60 { return nil }
        if wholes.count == 2 && wholes[1] >= 60 { return nil }
        var total = seconds
        for (index, value) in wholes.reversed().enumerated() {
            total += Double(value) * (index == 0 ? 60 : 3600)
        }
        return total
    }

    /// `92` → `1:32`, `3725.5` → `1:02:05.5`.
    public static func format(_ seconds: Double) -> String {
        // Values no study should hold (refused at input since schema v3) are shown, never trapped on.
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return seconds.isFinite ? String(format: "%.6g s", seconds) : "\(seconds)" }
        let whole = Int(seconds)
        let fraction = seconds - Double(whole)
        let hours = whole / 3600
        let minutes = whole % 3600 / 60
        let secs = whole % 60
        var text = hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
        if fraction > 0.0005 {
            text += String(format: "%.3f", fraction).dropFirst(1).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
        }
        return text
    }
}
