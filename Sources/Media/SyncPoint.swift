import Foundation
import Wording

/// Times of a recording as people type and read them.
public enum MediaTime {
    /// A time on a session's clock as people read it: `m:ss`, `h:mm:ss` from an hour, a minus before 0:00.
    public static func clock(_ ms: Int) -> String {
        let negative = ms < 0
        let seconds = abs(ms) / 1000
        let body = seconds >= 3600 ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
        return (negative ? "-" : "") + body
    }

    /// Milliseconds from `12.5`, `12,5`, `00:12.5`, `1:02:03.250` or `00:00:05`; nil when it is none of these or negative.
    public static func milliseconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), !trimmed.isEmpty else { return nil }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (last && $0 == ".")) }),
                  let value = Double(part), value.isFinite else { return nil }
            // Minutes and seconds after the first place are below 60 (12:75 is a typo, not 13:15).
            if index > 0, value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        guard seconds <= 7 * 24 * 3600 else { return nil }
        return Int((seconds * 1000).rounded())
    }

    /// `m:ss.ttt`, or `h:mm:ss.ttt` from an hour on.
    public static func text(_ milliseconds: Int) -> String {
        let negative = milliseconds < 0
        let total = abs(milliseconds)
        let (h, m, s, ms) = (total / 3_600_000, total / 60_000 % 60, total / 1000 % 60, total % 1000)
        let body = h > 0 ? String(format: "%d:%02d:%02d.%03d", h, m, s, ms) : String(format: "%d:%02d.%03d", m, s, ms)
        return (negative ? "-" : "") + body
    }

    /// Seconds with up to three decimals, for machines: "12.5", "3".
    public static func seconds(_ milliseconds: Int) -> String {
        var text = String(format: "%.3f", Double(milliseconds) / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// What moment of a moderated session a recording's time is tied to.
public enum SessionAnchor: Sendable, Equatable, Hashable {
    /// The session's start (its clock's zero).
    case sessionStart
    /// The session's first event of a kind (`start`, `stop`, `outcome`…), of a task when one is named.
    case event(kind: String, task: String?)

    /// As written after `=` in a sync point: "session", "event:start T1".
    public var text: String {
        switch self {
        case .sessionStart: return "session"
        case let .event(kind, task): return "event:\(kind)" + (task.map { " \($0)" } ?? "")
        }
    }

    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "session" { self = .sessionStart; return }
        guard trimmed.lowercased().hasPrefix("event:") else { return nil }
        let words = trimmed.dropFirst("event:".count).split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let kind = words.first, !kind.isEmpty else { return nil }
        self = .event(kind: kind.lowercased(), task: words.count > 1 && !words[1].isEmpty ? words[1] : nil)
    }
}

/// A recording's time tied to a moment of a session: `00:00:05=event:start T1` says the recording shows the start of T1
/// five seconds in, so the recording began five seconds before that event on the session's clock.
public struct SyncPoint: Sendable, Equatable {
    public var mediaMs: Int
    public var anchor: SessionAnchor

    public init(mediaMs: Int, anchor: SessionAnchor) {
        self.mediaMs = mediaMs
        self.anchor = anchor
    }

    /// Reads `MEDIA-TIME=ANCHOR`.
    public init(parsing text: String) throws(MediaError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw .badSync(text: text, reason: "it has no '='")
        }
        let time = String(text[..<equals])
        guard let ms = MediaTime.milliseconds(time) else {
            throw .badSync(text: text, reason: "'\(time.trimmingCharacters(in: .whitespaces))' is not a time of the recording")
        }
        let rest = String(text[text.index(after: equals)...])
        guard let anchor = SessionAnchor(parsing: rest) else {
            throw .badSync(text: text, reason: "'\(rest.trimmingCharacters(in: .whitespaces))' is neither 'session' nor 'event:KIND TASK'")
        }
        self.init(mediaMs: ms, anchor: anchor)
    }

    /// As typed back: "0:05.000=event:start T1".
    public var text: String { "\(MediaTime.text(mediaMs))=\(anchor.text)" }

    /// Where the recording's zero lies on the session's clock (milliseconds since the session began, negative when the
    /// recording began before the session), given where the anchor lies on it.
    public func recordingStart(anchorAtMs: Int) -> Int { anchorAtMs - mediaMs }
}
