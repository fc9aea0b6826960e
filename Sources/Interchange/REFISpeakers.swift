import Foundation
import QualCoding
import StudyStore

/// What studyctl writes into a text source's (or a recording's transcript's) `Description` so that a study read back
/// has the same transcripts: whether it is a moderated session's log, and its turns with each one's speaker, who that
/// speaker is in the study (the moderator, a participant, or not mapped), its times and where its words lie. REFI-QDA
/// has no element for speakers; the lines are prefixed `studyctl:` so other tools show them as a comment and studyctl
/// reads them back (any other line of the Description is the source's comment, as before). Which participant said a
/// coded passage travels the standard way too: the speaker's case holds a `SelectionRef` to the passage's selection.
enum REFISpeakers {
    /// One turn as written: offsets are Unicode code points of the source text (as REFI positions), times in ms.
    struct Turn: Codable, Equatable {
        var speaker: String?
        /// "moderator", a participant's code, or nil (not mapped: the source's participant's words).
        var role: String?
        var start: Int?
        var end: Int?
        var from: Int
        var to: Int
    }

    static let turnsMark = "studyctl: turns "

    /// The Description's lines for a transcript: the session-log mark, then its turns (one JSON line).
    static func description(sessionLog: Bool, turns: [TranscriptTurn], speakers: [TranscriptSpeaker]) -> String? {
        var lines: [String] = []
        if sessionLog { lines.append(REFIExport.sessionLogMark) }
        if !turns.isEmpty {
            let roles = Dictionary(speakers.map { ($0.name, $0.role == "moderator" ? "moderator" : $0.role == "participant" ? $0.participant : nil) },
                                   uniquingKeysWith: { first, _ in first })
            let written = turns.map { Turn(speaker: $0.speaker, role: $0.speaker.flatMap { roles[$0] ?? nil }, start: $0.start, end: $0.end,
                                           from: $0.spanStart, to: $0.spanEnd) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(written), let json = String(data: data, encoding: .utf8) { lines.append(turnsMark + json) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// A Description read: whether it marks a session's log, the turns it carries (nil when none), and the rest (the
    /// source's own comment).
    static func read(_ description: String?) -> (sessionLog: Bool, turns: [Turn]?, comment: String?) {
        guard let description else { return (false, nil, nil) }
        var sessionLog = false
        var turns: [Turn]?
        var rest: [Substring] = []
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == REFIExport.sessionLogMark {
                sessionLog = true
            } else if trimmed.hasPrefix(turnsMark), let read = try? JSONDecoder().decode([Turn].self, from: Data(trimmed.dropFirst(turnsMark.count).utf8)) {
                turns = read
            } else {
                rest.append(line)
            }
        }
        let comment = rest.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return (sessionLog, turns, comment.isEmpty ? nil : comment)
    }

    /// The turns and speakers' roles of a transcript, its positions mapped to the stored text by `place`; nil when a
    /// turn lies outside the text or before the one ahead of it (the project was changed by hand: the turns are left out).
    static func timing(_ turns: [Turn], place: (Int, Int) -> Range<Int>?) -> TranscriptTiming? {
        var made: [TranscriptTurn] = []
        var roles: [String: SpeakerRole] = [:]
        var previousEnd = 0
        for turn in turns {
            guard let span = place(turn.from, turn.to), span.lowerBound >= previousEnd else { return nil }
            previousEnd = span.upperBound
            made.append(TranscriptTurn(speaker: turn.speaker, start: turn.start, end: turn.end, span: span))
            if let name = turn.speaker, let role = turn.role {
                roles[name] = role == "moderator" ? .moderator : .participant(role)
            }
        }
        return made.isEmpty ? nil : TranscriptTiming(turns: made, roles: roles)
    }
}
