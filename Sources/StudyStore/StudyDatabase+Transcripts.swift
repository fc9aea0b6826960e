import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// The turns of a transcript read from a timed file, and who its speakers are in the study.
public struct TranscriptTiming: Sendable, Equatable {
    /// In the order of the text, their spans in the text given with them.
    public var turns: [TranscriptTurn]
    /// Speaker name (as in `turns`) → the moderator or a participant; a speaker not listed is not mapped, and their
    /// words are the transcript's participant's.
    public var roles: [String: SpeakerRole]
    /// The words with their own times (a whisper JSON's), in text order, their spans in the text given with them.
    public var words: [TimedWord]

    public init(turns: [TranscriptTurn], roles: [String: SpeakerRole] = [:], words: [TimedWord] = []) {
        self.turns = turns
        self.roles = roles
        self.words = words
    }
}

/// A speaker of a stored transcript.
public struct TranscriptSpeaker: Sendable, Equatable, Codable {
    public var name: String
    /// "moderator", "participant", or nil when not mapped.
    public var role: String?
    /// The participant the speaker is (a mapped participant), or whose words an unmapped speaker's count as.
    public var participant: String?
    public var turns: Int
}

/// A stored transcript with its kind, speakers and turns.
public struct TranscriptDetails: Sendable, Equatable {
    public var participant: String
    public var label: String
    public var kind: TranscriptKind
    public var text: String
    public var source: String?
    public var speakers: [TranscriptSpeaker]
    public var turns: [TranscriptTurn]
    /// The words with their own times, where the transcript was read from a file that gives them.
    public var words: [TimedWord] = []
    /// What the file held before the speech (a title, "Speakers: …", "Data: …"), as typed; nil when nothing.
    public var header: String?
}

/// `transcript show --json` (docs/json.md): a transcript with its speakers, turns (times in milliseconds, spans in
/// Unicode scalars of `text`) and the codes placed in it.
public struct TranscriptDocument: Sendable, Equatable, Encodable {
    public var participant: String
    public var label: String
    public var kind: TranscriptKind
    public var text: String
    public var speakers: [TranscriptSpeaker]
    public var turns: [TranscriptTurn]
    public var codings: [CodeRecord]
    /// The words a recogniser timed, with their spans in `text` and times in ms.
    public var words: [TimedWord]
    /// What the file held before the speech (a title, "Speakers: …"), as typed; `null` when nothing.
    public var header: String?

    public init(_ details: TranscriptDetails, codings: [CodeRecord]) {
        participant = details.participant
        label = details.label
        kind = details.kind
        text = details.text
        speakers = details.speakers
        turns = details.turns
        self.codings = codings
        words = details.words
        header = details.header
    }
}

/// Whose words a span of a transcript is, from the turns it overlaps.
struct SpanWords {
    /// Whether the transcript has turns at all (without, the whole text is its participant's).
    var hasTurns = false
    /// The participants whose words the span holds, in order of appearance.
    var participants: [Int64] = []
    /// The names of the speakers the span overlaps.
    var speakers: [String] = []
    /// The span overlaps a speaker mapped to a participant who has since been removed from the study.
    var formerParticipant = false
    /// The span overlaps the moderator's turns only.
    var moderatorOnly: Bool { hasTurns && participants.isEmpty && !speakers.isEmpty && !formerParticipant }
}

extension StudyDatabase {
    // MARK: - Transcripts

    /// Stores a participant's transcript verbatim (NFC), and locates the participant's existing excerpts in it.
    /// Returns how many excerpts were located.
    ///
    /// With `timing` (a file with turns: WebVTT, SRT, a Word table, stamped text), the text is the readable text
    /// laid out from them (NFC, LF) and each turn is kept with its speaker and time; its speakers are mapped to the
    /// moderator or to participants (`timing.roles`), so excerpts of a focus group count for the participant who
    /// said them. Replacing a transcript (`replace`) is refused when coded excerpts placed in the old text would not
    /// be found in the new one, unless `force`: the error lists them.
    @discardableResult
    /// `header` is what the file held before the speech (a title, "Speakers: …", "Data: …"), kept apart from the words.
    public func addTranscript(participant: String, text: String, label: String = "", source: String? = nil, replace: Bool = false,
                              force: Bool = false, timing: TranscriptTiming? = nil, header: String? = nil) throws -> Int {
        let place = Sentence(verbatim: source ?? "transcript")
        if let problem = TextSafety.nulProblem(in: text) {
            throw StoreError.invalidInput([.init(location: place, message: problem)])
        }
        // Line endings become LF (Windows' CRLF and old Mac CR alike): a browser's HTML parser does the same to any
        // text it is given, so offsets counted in the coding workspace agree with the stored text.
        let normalized = TextMatching.nfc(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        guard !normalized.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StoreError.invalidInput([.init(location: place, message: "the transcript is empty")])
        }
        if let timing, !timing.turns.isEmpty {
            // Turns point into the text as given: it must already be what is stored.
            guard normalized.utf8.elementsEqual(text.utf8) else {
                throw StoreError.invalidInput([.init(location: place, message: "the text of a transcript with turns must be in NFC with LF line endings")])
            }
            let length = normalized.unicodeScalars.count
            var previousEnd = 0
            for turn in timing.turns {
                guard turn.spanStart >= previousEnd, turn.spanEnd >= turn.spanStart, turn.spanEnd <= length else {
                    throw StoreError.invalidInput([.init(location: place, message: "turn \(turn.spanStart)–\(turn.spanEnd) lies outside the text or before the turn ahead of it")])
                }
                previousEnd = turn.spanEnd
            }
            let names = Set(timing.turns.compactMap(\.speaker))
            var problems: [StoreError.Problem] = []
            for name in timing.roles.keys.sorted() where !names.contains(name) {
                problems.append(.init(location: "--speaker \(name)",
                                      message: "no speaker '\(name)' in \(source ?? "the transcript") (speakers: \(names.isEmpty ? "none named" : Self.speakerList(timing.turns)))"))
            }
            previousEnd = 0
            for word in timing.words {
                guard word.spanStart >= previousEnd, word.spanEnd > word.spanStart, word.spanEnd <= length, word.start >= 0, word.end >= word.start else {
                    throw StoreError.invalidInput([.init(location: place, message: "word \(word.spanStart)–\(word.spanEnd) lies outside the text or before the word ahead of it")])
                }
                previousEnd = word.spanEnd
            }
            if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        }
        return try write { db in
            try Self.insertTranscript(db, participant: participant, normalized: normalized, label: label, source: source, replace: replace, force: force,
                                      timing: timing, header: header)
        }
    }

    /// The speakers of `turns` in the order they first speak, comma-separated.
    static func speakerList(_ turns: [TranscriptTurn]) -> String {
        var seen: Set<String> = []
        return turns.compactMap(\.speaker).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// Stores a transcript already normalised (NFC, LF) inside the caller's transaction; see `addTranscript`.
    static func insertTranscript(_ db: Database, participant: String, normalized: String, label typedLabel: String, source: String?, replace: Bool,
                                 force: Bool, timing given: TranscriptTiming? = nil, kind: TranscriptKind = .interview, header typedHeader: String? = nil) throws -> Int {
        let header = typedHeader.map { TextMatching.nfc($0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
            .trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        let label = try Self.name(typedLabel, .transcriptLabel)
        let participantID = try Self.participantID(db, code: participant)
        // A corrected transcript put in the old one's place without --speaker keeps the old one's speakers: who is
        // the moderator and which participant each speaker is (never every speaker's words the holder's).
        var timing = given
        if replace, var kept = timing, kept.roles.isEmpty, !kept.turns.isEmpty,
           let old = try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?", arguments: [participantID, label]) {
            let names = Set(kept.turns.compactMap(\.speaker))
            for row in try Row.fetchAll(db, sql: """
                SELECT s.name, s.role, p.code FROM transcript_speaker s LEFT JOIN participant p ON p.id = s.participant_id
                WHERE s.transcript_id = ? AND s.role IS NOT NULL
                """, arguments: [old]) {
                let name: String = row["name"]
                guard names.contains(name) else { continue }
                if (row["role"] as String?) == "moderator" {
                    kept.roles[name] = .moderator
                } else if let code: String = row["code"] {
                    kept.roles[name] = .participant(code)
                }
            }
            timing = kept
        }
        // Every participant a speaker is mapped to must be in the study: all are named at once.
        var speakerParticipants: [String: Int64] = [:]
        var unknown: [String] = []
        for (name, role) in (timing?.roles ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let code = role.participant else { continue }
            do { speakerParticipants[name] = try Self.participantID(db, code: code) } catch StoreError.unknownParticipant {
                unknown.append("\(name)=\(code)")
            }
        }
        if !unknown.isEmpty {
            let known = try String.fetchAll(db, sql: "SELECT code FROM participant").sorted(by: NaturalOrder.areInIncreasingOrder)
            throw StoreError.invalidInput(unknown.map {
                .init(location: "--speaker \($0)", message: "no such participant in the study (participants: \(known.prefix(20).joined(separator: ", "))\(known.count > 20 ? ", …" : ""))")
            })
        }
        var recordings: [Int64] = []
        var annotations: [Row] = []
        var previous: [Int64: (start: Int, moderator: Bool)] = [:]
        if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?",
                                             arguments: [participantID, label]) {
            guard replace else { throw StoreError.transcriptExists(participant: participant, label: label) }
            if !force {
                let lost = try Row.fetchAll(db, sql: "SELECT id, text FROM excerpt WHERE transcript_id = ? ORDER BY span_start", arguments: [existing])
                    .filter { TextMatching.locate($0["text"], in: normalized) == nil }
                    .map { row -> String in
                        let text: String = row["text"]
                        return "excerpt \(row["id"] as Int64): \"\(text.count > 70 ? text.prefix(70) + "…" : text)\""
                    }
                if !lost.isEmpty { throw StoreError.unlinksExcerpts(participant: participant, excerpts: lost) }
                try Self.checkAnnotationsKept(db, transcript: existing, in: normalized)
            }
            // Where each excerpt was, and whether in the moderator's words: the new text places it at the same kind
            // of words, nearest its old place (never the moderator's question for a participant's answer).
            for row in try Row.fetchAll(db, sql: "SELECT id, span_start, span_end FROM excerpt WHERE transcript_id = ? AND span_start IS NOT NULL",
                                        arguments: [existing]) {
                let start: Int = row["span_start"], end: Int = row["span_end"]
                let words = try spanWords(db, transcriptID: existing, ownerID: participantID, span: start..<max(start, end))
                previous[row["id"]] = (start, words.moderatorOnly)
            }
            try db.execute(sql: "UPDATE excerpt SET transcript_id = NULL, span_start = NULL, span_end = NULL WHERE transcript_id = ?", arguments: [existing])
            // The recording the old text was made from is the new text's too (a corrected transcript of it).
            recordings = try Int64.fetchAll(db, sql: "SELECT id FROM media WHERE transcript_id = ?", arguments: [existing])
            annotations = try Self.annotationRows(db, transcript: existing)
            try db.execute(sql: "DELETE FROM transcript WHERE id = ?", arguments: [existing])
        }
        try TranscriptRow(participantId: participantID, label: label, text: normalized, source: source, added: Timestamp.now(), kind: kind.rawValue,
                          header: header).insert(db)
        let transcriptID = db.lastInsertedRowID
        for recording in recordings {
            try db.execute(sql: "UPDATE media SET transcript_id = ? WHERE id = ?", arguments: [transcriptID, recording])
        }
        try Self.placeAnnotations(db, annotations, transcript: transcriptID, text: normalized)
        if let timing {
            var speakerIDs: [String: Int64] = [:]
            for turn in timing.turns {
                guard let name = turn.speaker, speakerIDs[name] == nil else { continue }
                let role = timing.roles[name]
                if let problem = TextSafety.nulProblem(in: name) { throw StoreError.invalidInput([.init(location: "speaker", message: problem)]) }
                try TranscriptSpeakerRow(transcriptId: transcriptID, name: TextMatching.nfc(name),
                                         role: role.map { $0 == .moderator ? "moderator" : "participant" }, participantId: speakerParticipants[name]).insert(db)
                speakerIDs[name] = db.lastInsertedRowID
            }
            let statement = try db.makeStatement(sql: """
                INSERT INTO transcript_turn (transcript_id, position, speaker_id, start_ms, end_ms, span_start, span_end) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for (position, turn) in timing.turns.enumerated() {
                try statement.execute(arguments: [transcriptID, position, turn.speaker.flatMap { speakerIDs[$0] }, turn.start, turn.end,
                                                  turn.spanStart, turn.spanEnd])
            }
            try Self.insertWords(db, timing.words, transcript: transcriptID)
        }
        // The unplaced excerpts of the transcript's participant and of the participants who speak in it, each where
        // it is that participant's words.
        var located = 0
        let owners = [participantID] + speakerParticipants.values.sorted().filter { $0 != participantID }
        for owner in owners {
            for row in try Row.fetchAll(db, sql: "SELECT id, text FROM excerpt WHERE participant_id = ? AND transcript_id IS NULL", arguments: [owner]) {
                let before = previous[row["id"] as Int64]
                // An excerpt that was the participant's words stays theirs; one in the moderator's words (coded with
                // --moderator) stays the moderator's; one placed nowhere before may be either, the participant's first.
                let moderator = before.map { $0.moderator ? [true] : [false] } ?? (owner == participantID ? [false, true] : [false])
                var found: (TextMatching.Match, SpanWords)?
                for acceptModerator in moderator where found == nil {
                    found = try placement(db, of: row["text"], in: normalized, transcriptID: transcriptID, ownerID: participantID,
                                          for: owner, acceptModerator: acceptModerator, moderatorOnly: acceptModerator, near: before?.start)
                }
                if let (match, _) = found {
                    try db.execute(sql: "UPDATE excerpt SET transcript_id = ?, span_start = ?, span_end = ? WHERE id = ?",
                                   arguments: [transcriptID, match.start, match.end, row["id"]])
                    located += 1
                }
            }
        }
        return located
    }

    /// Where `excerpt` is `participantID`'s words in a transcript: the first passage matching it (exactly, else
    /// ignoring case, accents and spacing) that lies in that participant's turns — or, when the transcript has no
    /// turns, the first passage. With `acceptModerator`, a passage of the moderator's words alone will do.
    ///
    /// `moderatorOnly`: only the moderator's words will do. `near`: of every passage that will do, the one starting
    /// nearest this position (a transcript replaced by a corrected one keeps each excerpt where it was, not at the
    /// first occurrence of its words).
    static func placement(_ db: Database, of excerpt: String, in text: String, transcriptID: Int64, ownerID: Int64, for participantID: Int64,
                          acceptModerator: Bool, occurrence: Int = 1, moderatorOnly: Bool = false,
                          near: Int? = nil) throws -> (TextMatching.Match, SpanWords)? {
        let scalars = Array(text.unicodeScalars)
        var from = 0
        var tries = 0
        var left = max(1, occurrence)
        var nearest: (TextMatching.Match, SpanWords)?
        while from < scalars.count, tries < 200 + occurrence {
            tries += 1
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[from...])
            guard var match = TextMatching.locate(excerpt, in: String(rest)) else { return nearest }
            match.start += from
            match.end += from
            let words = try spanWords(db, transcriptID: transcriptID, ownerID: ownerID, span: match.start..<match.end)
            let fits = moderatorOnly ? words.moderatorOnly
                : !words.hasTurns || words.participants == [participantID] || (acceptModerator && words.moderatorOnly)
            if fits, let near {
                if nearest.map({ abs(match.start - near) < abs($0.0.start - near) }) ?? true { nearest = (match, words) }
                from = max(match.end, match.start + 1)
                continue
            }
            if fits {
                left -= 1
                if left == 0 { return (match, words) }
                from = max(match.end, match.start + 1)
                continue
            }
            from = match.start + 1
        }
        return nearest
    }

    /// Stores a transcript's timed words (its rows replaced).
    static func insertWords(_ db: Database, _ words: [TimedWord], transcript transcriptID: Int64) throws {
        guard !words.isEmpty, try db.tableExists("transcript_word") else { return }
        try db.execute(sql: "DELETE FROM transcript_word WHERE transcript_id = ?", arguments: [transcriptID])
        let statement = try db.makeStatement(sql: """
            INSERT INTO transcript_word (transcript_id, position, span_start, span_end, start_ms, end_ms, score) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, word) in words.enumerated() {
            try statement.execute(arguments: [transcriptID, position, word.spanStart, word.spanEnd, word.start, word.end,
                                              word.score.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }])
        }
    }

    /// A transcript's timed words in text order.
    static func timedWords(_ db: Database, transcript transcriptID: Int64) throws -> [TimedWord] {
        try Row.fetchAll(db, sql: "SELECT span_start, span_end, start_ms, end_ms, score FROM transcript_word WHERE transcript_id = ? ORDER BY position",
                         arguments: [transcriptID]).map {
            TimedWord(span: ($0["span_start"] as Int)..<($0["span_end"] as Int), start: $0["start_ms"], end: $0["end_ms"], score: $0["score"])
        }
    }

    /// Whose words `span` of a transcript holds: each overlapping turn's mapped participant, the transcript's
    /// participant (`ownerID`) for a speaker not mapped or a turn without a speaker, nobody for the moderator. A span
    /// between turns (a speaker's label) is the next turn's.
    static func spanWords(_ db: Database, transcriptID: Int64, ownerID: Int64, span: Range<Int>) throws -> SpanWords {
        var words = SpanWords()
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM transcript_turn WHERE transcript_id = ?", arguments: [transcriptID]) ?? 0 > 0 else { return words }
        words.hasTurns = true
        let columns = "s.name, s.role, s.participant_id"
        var rows = try Row.fetchAll(db, sql: """
            SELECT \(columns) FROM transcript_turn u LEFT JOIN transcript_speaker s ON s.id = u.speaker_id
            WHERE u.transcript_id = ? AND u.span_start < ? AND u.span_end > ? ORDER BY u.position
            """, arguments: [transcriptID, span.upperBound, span.lowerBound])
        if rows.isEmpty {
            rows = try Row.fetchAll(db, sql: """
                SELECT \(columns) FROM transcript_turn u LEFT JOIN transcript_speaker s ON s.id = u.speaker_id
                WHERE u.transcript_id = ? AND u.span_start >= ? ORDER BY u.position LIMIT 1
                """, arguments: [transcriptID, span.lowerBound])
        }
        for row in rows {
            let name: String? = row["name"]
            if let name, !words.speakers.contains(name) { words.speakers.append(name) }
            let role: String? = row["role"]
            let participant: Int64?
            switch role {
            case "moderator": participant = nil
            case "participant":
                participant = row["participant_id"]
                if participant == nil { words.formerParticipant = true }
            default: participant = ownerID
            }
            if let participant, !words.participants.contains(participant) { words.participants.append(participant) }
        }
        return words
    }

    /// Which participants have a transcript, with its label, length in characters (Unicode scalars) and kind.
    public func transcriptList() throws -> [(participant: String, label: String, characters: Int)] {
        try transcriptKinds().map { ($0.participant, $0.label, $0.characters) }
    }

    /// Every transcript: its participant, label, length in characters (Unicode scalars) and kind, in participant order.
    public func transcriptKinds() throws -> [(participant: String, label: String, characters: Int, kind: TranscriptKind)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.code, t.label, length(t.text) AS characters, t.kind FROM transcript t JOIN participant p ON p.id = t.participant_id
                """).map { ($0["code"], $0["label"], $0["characters"], TranscriptKind(rawValue: $0["kind"]) ?? .interview) }
                .sorted { NaturalOrder.areInIncreasingOrder($0.0, $1.0) }
        }
    }

    /// A participant's transcript (the one with `label`).
    public func transcript(participant: String, label: String = "") throws -> String {
        try transcriptDetails(participant: participant, label: label).text
    }

    /// The transcript a participant's words are in: their own with `label`, else one they speak in as a mapped speaker
    /// (a focus group's, held by another participant) — the one with `label`, or, with no label given, the first.
    /// Its `id`, `participant_id` (whose transcript it is), `label`, `text`, `kind`, `source` and `header`.
    static func spokenTranscript(_ db: Database, participantID: Int64, label: String) throws -> Row? {
        let columns = "t.id, t.participant_id, t.label, t.text, t.kind, t.source, t.header"
        let label = StudyText.composed(label)
        if let own = try Row.fetchOne(db, sql: "SELECT \(columns) FROM transcript t WHERE t.participant_id = ? AND t.label = ?",
                                      arguments: [participantID, label]) { return own }
        // No label asked and none unlabelled: their one interview, whatever its label, before any group they speak in.
        if label.isEmpty {
            let interviews = try Row.fetchAll(db, sql: "SELECT \(columns) FROM transcript t WHERE t.participant_id = ? AND t.kind = ? LIMIT 2",
                                              arguments: [participantID, TranscriptKind.interview.rawValue])
            if interviews.count == 1 { return interviews[0] }
        }
        return try Row.fetchOne(db, sql: """
            SELECT \(columns) FROM transcript t
            WHERE t.participant_id <> ? AND t.id IN (SELECT transcript_id FROM transcript_speaker WHERE participant_id = ? AND role = 'participant')
              AND (t.label = ? OR ? = '')
            ORDER BY t.label <> ?, t.label, t.id LIMIT 1
            """, arguments: [participantID, participantID, label, label, label])
    }

    /// The transcripts each participant's words are in: their own, then those they speak in as a mapped speaker (a
    /// focus group is listed under each of its participants), each group by label; by participant code, each with
    /// whose transcript it is.
    public func spokenTranscripts() throws -> [String: [(owner: String, label: String, characters: Int, kind: TranscriptKind)]] {
        try read { db in
            var result: [String: [(owner: String, label: String, characters: Int, kind: TranscriptKind)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT p.code AS speaker, o.code AS owner, t.label, length(t.text) AS characters, t.kind, 0 AS borrowed
                FROM transcript t JOIN participant p ON p.id = t.participant_id JOIN participant o ON o.id = t.participant_id
                UNION
                SELECT p.code, o.code, t.label, length(t.text), t.kind, 1
                FROM transcript_speaker s JOIN transcript t ON t.id = s.transcript_id JOIN participant p ON p.id = s.participant_id
                JOIN participant o ON o.id = t.participant_id
                WHERE s.role = 'participant' AND s.participant_id <> t.participant_id
                ORDER BY 6, 3
                """) {
                result[row["speaker"], default: []].append((row["owner"], row["label"], row["characters"], TranscriptKind(rawValue: row["kind"]) ?? .interview))
            }
            return result
        }
    }

    /// A participant's transcript (the one with `label`) with its kind, speakers and turns; for a participant who
    /// speaks in another's transcript (a focus group), that transcript (`participant` then names whose it is).
    public func transcriptDetails(participant: String, label: String = "") throws -> TranscriptDetails {
        try read { db in
            let speakerID = try Self.participantID(db, code: participant)
            guard let row = try Self.spokenTranscript(db, participantID: speakerID, label: label) else {
                throw StoreError.noTranscript(participant: participant)
            }
            let participantID: Int64 = row["participant_id"]
            let label: String = row["label"]
            let id: Int64 = row["id"]
            let code = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [participantID]) ?? participant
            let turns = try Row.fetchAll(db, sql: """
                SELECT s.name, u.start_ms, u.end_ms, u.span_start, u.span_end FROM transcript_turn u
                LEFT JOIN transcript_speaker s ON s.id = u.speaker_id WHERE u.transcript_id = ? ORDER BY u.position
                """, arguments: [id]).map {
                TranscriptTurn(speaker: $0["name"], start: $0["start_ms"], end: $0["end_ms"], span: ($0["span_start"] as Int)..<($0["span_end"] as Int))
            }
            let speakers = try Row.fetchAll(db, sql: """
                SELECT s.name, s.role, p.code, (SELECT count(*) FROM transcript_turn u WHERE u.speaker_id = s.id) AS turns
                FROM transcript_speaker s LEFT JOIN participant p ON p.id = s.participant_id WHERE s.transcript_id = ? ORDER BY s.id
                """, arguments: [id]).map { row -> TranscriptSpeaker in
                let role: String? = row["role"]
                return TranscriptSpeaker(name: row["name"], role: role, participant: role == nil ? code : row["code"] as String?, turns: row["turns"])
            }
            return TranscriptDetails(participant: code, label: label, kind: TranscriptKind(rawValue: row["kind"]) ?? .interview, text: row["text"],
                                     source: row["source"], speakers: speakers, turns: turns, words: try Self.timedWords(db, transcript: id),
                                     header: row["header"])
        }
    }
}
