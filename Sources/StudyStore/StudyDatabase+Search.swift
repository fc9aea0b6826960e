import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// What coding a search's hits (or a speaker's turns) did: the codes stored, the passages left as they were because
/// the coder had already given them this code, and the hits left uncoded with the reason for each.
public struct BatchCoding: Sendable, Equatable, Encodable {
    public var coded: [CodeRecord]
    public var alreadyCoded: Int
    /// Hits that could not be coded, each with why (coded around only with `partial`; otherwise none was stored).
    public var notCoded: [UncodedHit] = []
    /// Hits in the moderator's words, left out (auto-code codes participants' words unless asked).
    public var moderatorHits: Int = 0
    /// Hits that fell in a passage another hit of the batch had already coded (a sentence, turn or paragraph holding
    /// two hits is coded once).
    public var samePassage: Int = 0
    /// The unit each hit was widened to.
    public var unit: CodingUnit = .words
}

extension BatchCoding {
    /// "Coded 1 passage as Trust in one step." / "Coded 3 passages …", in the reader's number (CLI and page alike).
    public static func codedInOneStep(_ count: Int, category: String) -> Sentence {
        Sentence(count: count, one: "Coded \(String(count)) passage as \(category) in one step.",
                 other: "Coded \(String(count)) passages as \(category) in one step.")
    }
}

/// A hit a batch could not code, and why.
public struct UncodedHit: Sendable, Equatable, Encodable {
    /// Whose transcript it is, and which.
    public var transcriptParticipant: String
    public var label: String
    public var line: Int
    public var column: Int
    public var text: String
    public var reason: Sentence

    enum CodingKeys: String, CodingKey { case transcriptParticipant, label, line, column, text, reason }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(transcriptParticipant, forKey: .transcriptParticipant)
        try container.encode(label, forKey: .label)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(text, forKey: .text)
        try container.encode(reason.description, forKey: .reason)
    }

    /// "P6 (focus group) line 5, column 12".
    public var place: Sentence {
        label.isEmpty ? "\(transcriptParticipant) line \(line), column \(column)" : "\(transcriptParticipant) (\(label)) line \(line), column \(column)"
    }
}

/// How a batch of hits is coded.
public struct AutoCodeOptions: Sendable, Equatable {
    /// How far each hit reaches (`AutoCoding`).
    public var unit: CodingUnit
    /// Code the hits that can be coded and report the others; without it, one hit that cannot be coded stores none.
    public var partial: Bool
    /// Code hits in the moderator's words too (for the transcript's participant, not counted as their words).
    public var moderator: Bool

    public init(unit: CodingUnit = .words, partial: Bool = false, moderator: Bool = false) {
        self.unit = unit
        self.partial = partial
        self.moderator = moderator
    }
}

extension StudyDatabase {
    // MARK: - Search

    /// The hits of `regex` in every transcript, in participant order, as `TranscriptSearch.hits` finds them, each
    /// credited to the participant who said it (a focus group's speaker, mapped to a participant) or to the moderator.
    /// With `participants`, only those participants' words — in their own transcripts and in those they speak in;
    /// transcripts without a hit are left out. The moderator's words belong to no participant: their hits are kept
    /// (in those participants' own transcripts) only when asked for — `moderator`, to code them, or a `speaker` filter.
    public func searchTranscripts(_ regex: NSRegularExpression, participants: [String] = [], speaker: String? = nil,
                                  moderator: Bool = false) throws -> [TranscriptHits] {
        var wanted: Set<String> = []
        try read { db in
            for typed in participants {
                let id = try Self.participantID(db, code: typed)
                wanted.insert(try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? typed)
            }
        }
        let speakers = try spokenTranscripts()
        var found: [TranscriptHits] = []
        for listed in try transcriptKinds() {
            if !wanted.isEmpty {
                let inIt = speakers.filter { $0.value.contains { $0.owner == listed.participant && $0.label == listed.label } }.keys
                guard wanted.contains(listed.participant) || !wanted.isDisjoint(with: inIt) else { continue }
            }
            let details = try transcriptDetails(participant: listed.participant, label: listed.label)
            var hits = TranscriptSearch.hits(in: details.text, regex: regex, turns: details.turns, speaker: speaker)
            for index in hits.indices {
                let whose = details.speakers.first { $0.name == hits[index].speaker }
                hits[index].moderator = whose?.role == "moderator"
                hits[index].participant = hits[index].moderator ? nil : whose.map { $0.participant } ?? details.participant
            }
            if !wanted.isEmpty {
                hits.removeAll { hit in
                    hit.moderator ? !((moderator || speaker != nil) && wanted.contains(details.participant)) : !(hit.participant.map(wanted.contains) ?? false)
                }
            }
            if !hits.isEmpty { found.append(TranscriptHits(participant: listed.participant, label: listed.label, hits: hits)) }
        }
        return found
    }

    /// Codes every hit with `category` in one transaction, each by the one rule of `AutoCoding` (trimmed to its words,
    /// widened to `options.unit`; the hit's words its in-vivo code) and for the participant who said it. Hits in the
    /// moderator's words are left out unless `options.moderator`. A hit that cannot be coded is reported with its
    /// reason; without `options.partial` one such hit stores none and the error lists every one. A passage the coder
    /// already gave this code is left as it is and counted.
    public func codeHits(_ found: [TranscriptHits], category: String, coder: String?, options: AutoCodeOptions = AutoCodeOptions()) throws -> BatchCoding {
        try write { db in
            _ = try Self.requireCategory(db, category)
            var result = BatchCoding(coded: [], alreadyCoded: 0, unit: options.unit)
            var ids: [Int64] = []
            var seen: Set<String> = []
            for document in found {
                let ownerID = try Self.participantID(db, code: document.participant)
                guard let transcriptID = try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?",
                                                            arguments: [ownerID, StudyText.composed(document.label)]) else {
                    throw StoreError.noTranscript(participant: document.participant)
                }
                let scalars = Array(try Self.transcriptText(db, transcriptID).unicodeScalars)
                let turns = try Self.turns(db, transcriptID: transcriptID)
                for hit in document.hits {
                    func refuse(_ reason: Sentence) {
                        result.notCoded.append(UncodedHit(transcriptParticipant: document.participant, label: document.label, line: hit.line,
                                                          column: hit.column, text: hit.text, reason: reason))
                    }
                    let placed: AutoCoding.Passage
                    switch AutoCoding.passage(of: hit.span, unit: options.unit, in: scalars, turns: turns) {
                    case let .success(passage): placed = passage
                    case .failure(.noWords):
                        refuse("the hit holds no words, only spaces or punctuation")
                        continue
                    }
                    let words = try Self.spanWords(db, transcriptID: transcriptID, ownerID: ownerID, span: placed.passage)
                    var speakerID = ownerID
                    if words.moderatorOnly {
                        guard options.moderator else { result.moderatorHits += 1; continue }
                    } else if words.participants.count > 1 {
                        let codes = try words.participants.map { try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [$0]) ?? "?" }
                        refuse("the passage runs over the words of \(codes.joined(separator: ", ")) (\(words.speakers.joined(separator: ", ")))")
                        continue
                    } else if let only = words.participants.first {
                        speakerID = only
                    } else if words.hasTurns {
                        refuse("the speaker (\(words.speakers.joined(separator: ", "))) is no longer a participant of the study")
                        continue
                    }
                    let participant = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [speakerID]) ?? document.participant
                    let code = String(String.UnicodeScalarView(scalars[placed.words]))
                    let excerpt = String(String.UnicodeScalarView(scalars[placed.passage]))
                    // One passage (a sentence, turn or paragraph holding several hits) is coded once, with its first hit's words.
                    guard seen.insert("\(transcriptID)\u{1F}\(placed.passage)").inserted else {
                        result.samePassage += 1
                        continue
                    }
                    let entry = CodeEntry(participant: participant, excerpt: excerpt, code: code, categories: [category], coder: coder,
                                          span: placed.passage, transcript: document.label.isEmpty ? nil : document.label,
                                          transcriptParticipant: document.participant)
                    if try Self.alreadyCoded(db, entry) { result.alreadyCoded += 1; continue }
                    do {
                        try db.inSavepoint {
                            ids.append(try Self.insertCode(db, entry).id)
                            return .commit
                        }
                    } catch let StoreError.codeProblem(reason) {
                        refuse(reason)
                    }
                }
            }
            if !result.notCoded.isEmpty && !options.partial {
                let left = ids.count
                throw StoreError.invalidInput(result.notCoded.map { .init(location: $0.place, message: $0.reason) }
                    + [.init(location: "auto-code", message: left > 0
                        ? "nothing was coded: \(result.notCoded.count) of the hits cannot be coded; code the other \(left) with --partial, or change the pattern"
                        : "nothing was coded: none of the hits can be coded", isNote: true)])
            }
            result.coded = try Self.records(db, ids)
            return result
        }
    }

    /// A transcript's turns with their speakers' names, in order (read inside the caller's transaction).
    static func turns(_ db: Database, transcriptID: Int64) throws -> [TranscriptTurn] {
        try Row.fetchAll(db, sql: """
            SELECT s.name, u.start_ms, u.end_ms, u.span_start, u.span_end FROM transcript_turn u
            LEFT JOIN transcript_speaker s ON s.id = u.speaker_id WHERE u.transcript_id = ? ORDER BY u.position
            """, arguments: [transcriptID]).map {
            TranscriptTurn(speaker: $0["name"], start: $0["start_ms"], end: $0["end_ms"], span: ($0["span_start"] as Int)..<($0["span_end"] as Int))
        }
    }

    /// Codes the words of each of `speaker`'s turns in a transcript with `category` in one transaction: a descriptive
    /// code `label` (the category's name by default) on each turn's words.
    public func codeSpeaker(participant: String, label transcriptLabel: String = "", speaker: String, category: String, code label: String?,
                            coder: String?) throws -> BatchCoding {
        let details = try transcriptDetails(participant: participant, label: transcriptLabel)
        let turns = TranscriptSearch.turns(of: speaker, in: details.turns)
        guard !turns.isEmpty else {
            let names = details.speakers.map(\.name)
            throw StoreError.codeProblem(names.isEmpty ? "\(details.participant)'s transcript has no speakers (turns opening with 'Name:')"
                : "no turns of '\(speaker)' in \(details.participant)'s transcript (speakers: \(names.joined(separator: ", ")))")
        }
        let scalars = Array(details.text.unicodeScalars)
        return try write { db in
            let categoryID = try Self.requireCategory(db, category)
            let stored = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [categoryID]) ?? category
            let name = label ?? stored
            var ids: [Int64] = []
            var already = 0
            for turn in turns {
                // The turn's words without the white space around them (a code's excerpt is trimmed).
                var lower = turn.spanStart, upper = turn.spanEnd
                while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
                while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
                guard upper > lower else { continue }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[lower..<upper])
                let owner = try Self.speakerParticipant(db, participant: details.participant, label: details.label, speaker: turn.speaker ?? "")
                let entry = CodeEntry(participant: owner, excerpt: String(view), code: name, categories: [category], coder: coder, descriptive: true,
                                      span: lower..<upper, transcript: details.label.isEmpty ? nil : details.label)
                if try Self.alreadyCoded(db, entry) { already += 1; continue }
                ids.append(try Self.insertCode(db, entry).id)
            }
            return BatchCoding(coded: try Self.records(db, ids), alreadyCoded: already)
        }
    }

    /// Removes codes in one transaction (each with its memos; its excerpt when no other code is on it): all or none.
    /// `coder`, when given, must be each code's.
    @discardableResult
    public func deleteCodes(_ ids: [Int64], coder: String? = nil) throws -> [CodeRecord] {
        try write { db in
            var removed: [CodeRecord] = []
            for id in ids {
                guard let record = try Self.codeRecords(db, where: "k.id = ?", arguments: [id]).first else {
                    throw StoreError.codeProblem("no code \(id) in the study")
                }
                if let coder, record.coder != coder {
                    throw StoreError.codeProblem("code \(id) was made by \(record.coder ?? "no named coder"), not \(coder); a coder deletes only their own codes")
                }
                try db.execute(sql: "DELETE FROM memo WHERE code_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM code_category WHERE code_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM code WHERE id = ?", arguments: [id])
                if try Int.fetchOne(db, sql: "SELECT count(*) FROM code WHERE excerpt_id = ?", arguments: [record.excerptID]) == 0 {
                    try db.execute(sql: "DELETE FROM excerpt WHERE id = ?", arguments: [record.excerptID])
                }
                removed.append(record)
            }
            return removed
        }
    }

    /// The participant whose words a speaker's turns are: the one the speaker is mapped to, else the transcript's.
    static func speakerParticipant(_ db: Database, participant: String, label: String, speaker: String) throws -> String {
        let owner = try participantID(db, code: participant)
        let mapped = try String.fetchOne(db, sql: """
            SELECT p.code FROM transcript_speaker s JOIN transcript t ON t.id = s.transcript_id JOIN participant p ON p.id = s.participant_id
            WHERE t.participant_id = ? AND t.label = ? AND s.name = ? AND s.role = 'participant'
            """, arguments: [owner, StudyText.composed(label), speaker])
        return mapped ?? participant
    }

    /// Whether the entry's coder already gave this code to this very span, in every category the entry names (the
    /// same code in another category is not "already coded": the batch lists it as a hit it cannot code, with how to
    /// move the code, rather than passing over it).
    static func alreadyCoded(_ db: Database, _ entry: CodeEntry) throws -> Bool {
        guard let span = entry.span else { return false }
        let code = TextMatching.nfc(entry.code.trimmingCharacters(in: .whitespacesAndNewlines))
        let coderID = try entry.coder.flatMap { try Int64.fetchOne(db, sql: "SELECT id FROM coder WHERE name = ?", arguments: [StudyText.composed($0)]) }
        if entry.coder != nil && coderID == nil { return false }
        let codes = try Int64.fetchAll(db, sql: """
            SELECT k.id FROM code k JOIN excerpt e ON e.id = k.excerpt_id JOIN transcript t ON t.id = e.transcript_id
            WHERE e.span_start = ? AND e.span_end = ? AND t.label = ? AND k.label = ? AND k.coder_id IS ?
              AND (t.participant_id = ? OR e.participant_id = ?)
            """, arguments: [span.lowerBound, span.upperBound, StudyText.composed(entry.transcript ?? ""), code, coderID,
                             try participantID(db, code: entry.participant), try participantID(db, code: entry.participant)])
        let wanted = Set(entry.categories.map { StudyText.key($0) })
        for id in codes {
            let held = try String.fetchAll(db, sql: """
                SELECT c.name FROM code_category l JOIN category c ON c.id = l.category_id WHERE l.code_id = ?
                """, arguments: [id])
            if wanted.isSubset(of: Set(held.map { StudyText.key($0) })) { return true }
        }
        return false
    }

    static func records(_ db: Database, _ ids: [Int64]) throws -> [CodeRecord] {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        return try codeRecords(db, where: "k.id IN (\(ids.map(String.init).joined(separator: ",")))", arguments: [])
            .filter { wanted.contains($0.id) }.sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }  // `order` numbers every wanted id
    }
}

/// `transcript search --json` (docs/json.md): the pattern, the hits per transcript (each credited to the participant
/// who said it) and, with `--code`, what the batch coded. The terminal listing is drawn from the same values.
public struct TranscriptSearchDocument: Sendable, Equatable, Encodable {
    public var pattern: String
    public var ignoreCase: Bool
    public var speaker: String?
    /// Hits in all.
    public var hits: Int
    public var transcripts: [TranscriptHits]
    public var coded: BatchCoding?

    public init(pattern: String, ignoreCase: Bool, speaker: String?, transcripts: [TranscriptHits], coded: BatchCoding?) {
        self.pattern = pattern
        self.ignoreCase = ignoreCase
        self.speaker = speaker
        hits = transcripts.reduce(0) { $0 + $1.hits.count }
        self.transcripts = transcripts
        self.coded = coded
    }
}
