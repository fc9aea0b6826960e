import Foundation
import QualCoding
import StudyStore

/// What studyctl writes into a text source's (or a recording's transcript's) `Description` so that a study read back
/// has the same transcripts: whether it is a moderated session's log, and its turns with each one's speaker, who that
/// speaker is in the study (the moderator, a participant, or not mapped), its times and where its words lie; the
/// words a recogniser timed (WhisperX, noScribe) with their times; the header its file held before the speech. REFI-QDA
/// has no element for speakers; the lines are prefixed `studyctl:` so other tools show them as a comment and studyctl
/// reads them back (any other line of the Description is the source's comment, as before); a line names whose
/// transcript it is and its label, for tools that keep no case's `SourceRef`. Which participant said a
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

    /// One word with its own time: offsets in code points of the source text, times in ms, the recogniser's score.
    struct Word: Codable, Equatable {
        var from: Int
        var to: Int
        var start: Int
        var end: Int
        var score: Double?
    }

    static let turnsMark = "studyctl: turns "
    static let transcriptMark = "studyctl: transcript "
    static let wordsMark = "studyctl: words "
    static let headerMark = "studyctl: header "

    /// A Description read: studyctl's lines, and the rest (the source's own comment).
    struct Described {
        var sessionLog = false
        var turns: [Turn]?
        var transcript: Owner?
        var words: [Word]?
        var header: String?
        var comment: String?
    }

    /// Whose transcript a source is, and its label: a tool that keeps no case's `SourceRef` (QualCoder) still gives it
    /// back to its participant.
    struct Owner: Codable, Equatable {
        var participant: String
        var label: String
    }

    /// The Description's lines for a transcript: the session-log mark, then its turns (one JSON line).
    /// Written for a session's log, a transcript with turns, or a labelled one (whose owner a name cannot say).
    static func description(sessionLog: Bool, turns: [TranscriptTurn], speakers: [TranscriptSpeaker], owner: Owner,
                            words: [TimedWord] = [], header: String? = nil) -> String? {
        var lines: [String] = []
        if sessionLog { lines.append(REFIExport.sessionLogMark) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if sessionLog || !turns.isEmpty || !owner.label.isEmpty || header != nil,
           let data = try? encoder.encode(owner), let json = String(data: data, encoding: .utf8) {
            lines.append(transcriptMark + json)
        }
        // The header as one JSON string (its line breaks escaped), so it stays one line of the Description.
        if let header, let data = try? encoder.encode(header), let json = String(data: data, encoding: .utf8) { lines.append(headerMark + json) }
        if !turns.isEmpty {
            let roles = Dictionary(speakers.map { ($0.name, $0.role == "moderator" ? "moderator" : $0.role == "participant" ? $0.participant : nil) },
                                   uniquingKeysWith: { first, _ in first })
            let written = turns.map { Turn(speaker: $0.speaker, role: $0.speaker.flatMap { roles[$0] ?? nil }, start: $0.start, end: $0.end,
                                           from: $0.spanStart, to: $0.spanEnd) }
            if let data = try? encoder.encode(written), let json = String(data: data, encoding: .utf8) { lines.append(turnsMark + json) }
        }
        if !words.isEmpty {
            let written = words.map { Word(from: $0.spanStart, to: $0.spanEnd, start: $0.start, end: $0.end, score: $0.score) }
            if let data = try? encoder.encode(written), let json = String(data: data, encoding: .utf8) { lines.append(wordsMark + json) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// A Description read: whether it marks a session's log, the turns, owner, timed words and header it carries (nil
    /// when none), and the rest (the source's own comment).
    static func read(_ description: String?) -> Described {
        var described = Described()
        guard let description else { return described }
        var rest: [Substring] = []
        let decoder = JSONDecoder()
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            func json<T: Decodable>(_ mark: String, _ type: T.Type) -> T? {
                trimmed.hasPrefix(mark) ? try? decoder.decode(type, from: Data(trimmed.dropFirst(mark.count).utf8)) : nil
            }
            if trimmed == REFIExport.sessionLogMark {
                described.sessionLog = true
            } else if let read = json(transcriptMark, Owner.self) {
                described.transcript = read
            } else if let read = json(turnsMark, [Turn].self) {
                described.turns = read
            } else if let read = json(wordsMark, [Word].self) {
                described.words = read
            } else if let read = json(headerMark, String.self) {
                described.header = read
            } else {
                rest.append(line)
            }
        }
        let comment = rest.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        described.comment = comment.isEmpty ? nil : comment
        return described
    }

    /// The turns and speakers' roles of a transcript, its positions mapped to the stored text by `place`; nil when a
    /// turn lies outside the text or before the one ahead of it (the project was changed by hand: the turns are left out).
    /// Words that do not fit (outside the text, out of order) leave the words out and keep the turns.
    static func timing(_ turns: [Turn], words: [Word] = [], place: (Int, Int) -> Range<Int>?) -> TranscriptTiming? {
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
        guard !made.isEmpty else { return nil }
        var timed: [TimedWord] = []
        var wordEnd = 0
        for word in words {
            guard let span = place(word.from, word.to), !span.isEmpty, span.lowerBound >= wordEnd, word.start >= 0, word.end >= word.start else {
                timed = []
                break
            }
            wordEnd = span.upperBound
            timed.append(TimedWord(span: span, start: word.start, end: word.end, score: word.score))
        }
        return TranscriptTiming(turns: made, roles: roles, words: timed)
    }
}
