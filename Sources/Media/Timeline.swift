import Foundation
import Wording

/// One recorded session on one axis: the session's events, the transcript's turns, the coded excerpts and the gaze
/// recording's AOI visits, each at its milliseconds on the session's clock (0 = the session began).
///
/// Everything recorded on another clock (a recording, the transcript made from it, an eye tracker) is brought onto
/// the session's clock by a `ClockTie`: where that clock's zero lies on the session's.
public struct SessionTimeline: Sendable, Equatable, Codable {
    /// What a lane holds.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// A logged event of the session (task start, stop, error, assistance, note, outcome…).
        case event
        /// A transcript turn, one lane per speaker.
        case turn
        /// A coded excerpt, one lane per category (or per code, for a code in no category).
        case excerpt
        /// A visit to an area of interest, one lane per AOI.
        case gaze
    }

    /// One thing that happened: a mark (no end) or a bar from `startMs` to `endMs`.
    public struct Item: Sendable, Equatable, Codable {
        public var kind: Kind
        /// The lane's name within its kind: the speaker, the category, the AOI; for events, the task ("" for none).
        public var lane: String
        public var label: String
        public var startMs: Int
        public var endMs: Int?
        /// What the item came from, for people: the event's kind, the excerpt's codes, the gaze media.
        public var detail: String

        public init(kind: Kind, lane: String, label: String, startMs: Int, endMs: Int? = nil, detail: String = "") {
            self.kind = kind
            self.lane = lane
            self.label = label
            self.startMs = startMs
            self.endMs = endMs
            self.detail = detail
        }

        /// Milliseconds from start to end; nil for a mark.
        public var durationMs: Int? { endMs.map { $0 - startMs } }
    }

    /// A lane: its kind and name.
    public struct Lane: Sendable, Equatable, Hashable, Codable {
        public var kind: Kind
        public var name: String
        public init(kind: Kind, name: String) { self.kind = kind; self.name = name }
    }

    /// What could not be put on the axis, and why (with the command that ties it).
    public struct Unplaced: Sendable, Equatable, Codable {
        public var kind: Kind
        /// Which source: "transcript ''", "gaze recording Rec1 (home.png)".
        public var source: Sentence
        /// How many items it holds.
        public var items: Int
        public var reason: Sentence

        public init(kind: Kind, source: Sentence, items: Int, reason: Sentence) {
            self.kind = kind
            self.source = source
            self.items = items
            self.reason = reason
        }

        enum CodingKeys: String, CodingKey { case kind, source, items, reason }
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(source.description, forKey: .source)
            try container.encode(items, forKey: .items)
            try container.encode(reason.description, forKey: .reason)
        }
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(Kind.self, forKey: .kind)
            source = Sentence(verbatim: try container.decode(String.self, forKey: .source))
            items = try container.decode(Int.self, forKey: .items)
            reason = Sentence(verbatim: try container.decode(String.self, forKey: .reason))
        }
    }

    public var participant: String
    /// The session's number among the participant's (0 on a recording's own clock).
    public var session: Int
    /// For a participant interviewed without a moderated session: the recording whose own clock the time line is
    /// drawn on (0:00 = the recording's start; its transcript's label, "''" for the unlabelled one, when no recording
    /// is linked). Nil on a session's clock.
    public var recording: String?
    /// Wall clock when the session began (ISO 8601, UTC).
    public var started: String
    /// The session's last event, ms (0 for a session without events).
    public var endMs: Int
    public var items: [Item]
    /// How each other clock was tied to the session's.
    public var ties: [ClockTie]
    public var unplaced: [Unplaced]

    public init(participant: String, session: Int, started: String, endMs: Int, items: [Item], ties: [ClockTie] = [], unplaced: [Unplaced] = [],
                recording: String? = nil) {
        self.recording = recording
        self.participant = participant
        self.session = session
        self.started = started
        self.endMs = endMs
        self.items = items.sorted { ($0.startMs, Self.order($0.kind), $0.lane, $0.label) < ($1.startMs, Self.order($1.kind), $1.lane, $1.label) }
        self.ties = ties
        self.unplaced = unplaced
    }

    static func order(_ kind: Kind) -> Int { Kind.allCases.firstIndex(of: kind) ?? 0 }

    /// The lanes in drawing order: events, then turns per speaker, excerpts per category, AOI visits per AOI; within a
    /// kind, in the order their first item comes (events: the session's own lane first).
    public var lanes: [Lane] {
        var seen: [Lane] = []
        for kind in Kind.allCases {
            for item in items where item.kind == kind {
                let lane = Lane(kind: kind, name: item.lane)
                if !seen.contains(lane) { seen.append(lane) }
            }
        }
        return seen
    }

    /// The first and last moments on the axis: the session's span, widened to whatever lies outside it.
    public var span: ClosedRange<Int> {
        let low = min(0, items.map(\.startMs).min() ?? 0)
        let high = max(endMs, items.map { $0.endMs ?? $0.startMs }.max() ?? 0)
        return low...max(high, low + 1)
    }

    /// Only what overlaps `from`…`to` (ms on the session's clock; either end open when nil).
    public func window(from: Int?, to: Int?) -> SessionTimeline {
        var copy = self
        copy.items = items.filter { item in
            let end = item.endMs ?? item.startMs
            return (from.map { end >= $0 } ?? true) && (to.map { item.startMs <= $0 } ?? true)
        }
        return copy
    }
}

/// Where another clock's zero lies on the session's clock, and what said so.
public struct ClockTie: Sendable, Equatable, Codable {
    public enum Basis: String, Sendable, Equatable, Codable {
        /// `--starts-at S`: typed.
        case startsAt = "starts-at"
        /// `--sync TIME=ANCHOR`: a time of the recording is a moment of the session.
        case sync
        /// The export's recording start time of day against the session's wall-clock start.
        case wallClock = "wall-clock"
        /// The recording's own clock: a participant interviewed without a moderated session.
        case own = "own clock"
    }

    /// What is tied: "recording 'tela'", "gaze recording Rec1".
    public var source: Sentence
    public var offsetMs: Int
    public var basis: Basis
    /// As typed or read: "--sync 0:05.000=event:start T1", "10:31:04.120 − 10:30:00.000 (America/Sao_Paulo)".
    public var how: String

    public init(source: Sentence, offsetMs: Int, basis: Basis, how: String) {
        self.source = source
        self.offsetMs = offsetMs
        self.basis = basis
        self.how = how
    }

    enum CodingKeys: String, CodingKey { case source, offsetMs, basis, how }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source.description, forKey: .source)
        try container.encode(offsetMs, forKey: .offsetMs)
        try container.encode(basis, forKey: .basis)
        try container.encode(how, forKey: .how)
    }
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = Sentence(verbatim: try container.decode(String.self, forKey: .source))
        offsetMs = try container.decode(Int.self, forKey: .offsetMs)
        basis = try container.decode(Basis.self, forKey: .basis)
        how = try container.decode(String.self, forKey: .how)
    }

    /// A time of the tied clock on the session's clock.
    public func sessionMs(_ recordingMs: Int) -> Int { offsetMs + recordingMs }
    public func sessionMs(_ recordingMs: Double) -> Int { offsetMs + Int(recordingMs.rounded()) }
}

/// The arithmetic of putting clocks side by side.
public enum ClockAlignment {
    static let day = 24 * 3_600_000

    /// Where a recording's zero lies on the session's clock when both are known as times of day (ms since midnight,
    /// the same local time): the difference, taken within half a day either way, so a recording started at 23:59:58
    /// for a session begun at 00:00:01 lies 3 s before it, not a day later.
    public static func offset(recordingStartOfDay: Double, sessionStartOfDay: Double) -> Int {
        var difference = Int((recordingStartOfDay - sessionStartOfDay).rounded()) % day
        if difference > day / 2 { difference -= day }
        if difference <= -day / 2 { difference += day }
        return difference
    }

    /// The time of day (ms since midnight) of an ISO 8601 instant in `zone`; nil when the text is no such instant.
    public static func startOfDay(iso: String, in zone: TimeZone) -> Double? {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var date = parser.date(from: iso)
        if date == nil {
            parser.formatOptions = [.withInternetDateTime]
            date = parser.date(from: iso)
        }
        guard let date else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        let seconds = Double((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0))
        return (seconds * 1000 + (Double(parts.nanosecond ?? 0) / 1_000_000).rounded()).rounded()
    }

    /// `HH:MM:SS.fff` of a time of day in ms.
    public static func timeOfDayText(_ ms: Double) -> String {
        let total = Int(ms.rounded())
        return String(format: "%02d:%02d:%02d.%03d", total / 3_600_000, total / 60_000 % 60, total / 1000 % 60, total % 1000)
    }
}
