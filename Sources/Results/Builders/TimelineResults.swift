import Media
import Surveys
import Wording

/// How a session's time line reads for people: each item's kind, lane and words, in a language (the table of
/// `timeline`, its figure's rows and legend).
public enum TimelineWording {
    /// The recording or transcript whose own clock the time line is drawn on, in `language` ("transcrição grupo
    /// focal"); `nil` for a moderated session. The JSON's `recording` keeps the machine words.
    public static func clockName(_ timeline: SessionTimeline, _ language: StudyLanguage) -> String? {
        guard let recording = timeline.recording else { return nil }
        return timeline.ties.first { $0.basis == .own }.map { $0.source.text(language) } ?? recording
    }

    /// "Session 2 of P3", or for a participant interviewed without a session, "P3, on the clock of recording P3.mp4".
    public static func title(_ timeline: SessionTimeline, _ language: StudyLanguage) -> String {
        if let recording = clockName(timeline, language) {
            return ("\(timeline.participant), on the clock of \(recording)" as Sentence).text(language)
        }
        return ("Session \(timeline.session) of \(timeline.participant)" as Sentence).text(language)
    }

    public static func kindWord(_ kind: SessionTimeline.Kind, _ language: StudyLanguage) -> String {
        switch kind {
        case .event: return Sentence("event").text(language)
        case .turn: return Sentence("turn").text(language)
        case .excerpt: return Sentence("coded excerpt").text(language)
        case .gaze: return Sentence("AOI visit").text(language)
        }
    }

    public static func laneTitle(_ kind: SessionTimeline.Kind, _ lane: String, _ language: StudyLanguage) -> String {
        switch kind {
        case .event: return lane.isEmpty ? Sentence("Session").text(language) : ("Task \(lane)" as Sentence).text(language)
        case .turn: return lane
        case .excerpt: return lane
        case .gaze: return lane
        }
    }

    public static func outcomeWord(_ value: String, _ language: StudyLanguage) -> String {
        switch value {
        case "success": return Sentence("success").text(language)
        case "partial": return Sentence("partial success").text(language)
        case "fail": return Sentence("failure").text(language)
        case "cancel": return Sentence("cancelled").text(language)
        case "open": return Sentence("still open").text(language)
        default: return value
        }
    }

    /// What an item says to people, in `language`.
    public static func text(_ item: SessionTimeline.Item, _ language: StudyLanguage) -> String {
        switch item.kind {
        case .event:
            switch item.label {
            case "attempt": return ("try: \(outcomeWord(item.detail, language))" as Sentence).text(language)
            case "error": return Sentence("error").text(language)
            case "assist": return Sentence("assistance").text(language)
            case "note": return ("note: \(item.detail)" as Sentence).text(language)
            case "pause": return Sentence("paused").text(language)
            case "resume": return Sentence("resumed").text(language)
            case "end": return Sentence("end of the session").text(language)
            default: return item.label
            }
        case .turn: return item.label
        case .excerpt: return item.label + " [" + item.detail + "]"
        case .gaze:
            let parts = item.detail.split(separator: "·").map { $0.trimmingCharacters(in: .whitespaces) }
            let fixations = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            return ("\(parts.first ?? "") (fixations: \(fixations))" as Sentence).text(language)
        }
    }
}

extension ResultTable {
    /// One session's time line for people: when (on the session's clock), what kind, which lane, what happened,
    /// when it ended and how long it took.
    public static func timeline(_ timeline: SessionTimeline, language: StudyLanguage) -> ResultTable {
        let style = NumberStyle(language)
        func word(_ text: Sentence) -> String { text.text(language) }
        var table = ResultTable(id: "timeline", title: TimelineWording.title(timeline, language), language: language,
                                // Times and durations are text as people read them (0:42, 3.5 s), right-aligned as numbers are.
                                columns: [Column("time", word("Time"), .count), Column("kind", word("Kind"), .text), Column("lane", word("Lane"), .text),
                                          Column("what", word("What"), .text), Column("end", word("End"), .count),
                                          Column("duration", word("Duration"), .count)])
        for item in timeline.items {
            table.append([.text(MediaTime.clock(item.startMs)), .text(TimelineWording.kindWord(item.kind, language)),
                          .text(TimelineWording.laneTitle(item.kind, item.lane, language)), .text(TimelineWording.text(item, language)),
                          .text(item.endMs.map(MediaTime.clock) ?? ""),
                          .text(item.durationMs.map { style.number(Double($0) / 1000, decimals: 1) + " s" } ?? "")])
        }
        return table
    }

    /// One session's time line as data (`timeline --csv`): start and end in milliseconds on the session's clock,
    /// the kind's and lane's machine names, the label and the detail.
    public static func timelineItems(_ timeline: SessionTimeline, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "timeline", title: TimelineWording.title(timeline, language),
                                language: language,
                                columns: [Column("start_ms", "start_ms", .count), Column("end_ms", "end_ms", .count), Column("kind", "kind", .text),
                                          Column("lane", "lane", .text), Column("label", "label", .text), Column("detail", "detail", .prose)])
        for item in timeline.items {
            table.append([.count(item.startMs), Value(item.endMs), .text(item.kind.rawValue), .text(item.lane), .text(item.label), .text(item.detail)])
        }
        return table
    }
}
