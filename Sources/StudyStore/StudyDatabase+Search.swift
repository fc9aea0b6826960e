import Foundation
import GRDB
import QualCoding
import Surveys
import Wording

/// What coding a search's hits (or a speaker's turns) did: the codes stored, and the passages left as they were
/// because the coder had already given them this code.
public struct BatchCoding: Sendable, Equatable, Codable {
    public var coded: [CodeRecord]
    public var alreadyCoded: Int
}

extension StudyDatabase {
    // MARK: - Search

    /// The hits of `regex` in every transcript (or `participants`' transcripts), in participant order, as
    /// `TranscriptSearch.hits` finds them; transcripts without a hit are left out.
    public func searchTranscripts(_ regex: NSRegularExpression, participants: [String] = [], speaker: String? = nil) throws -> [TranscriptHits] {
        var wanted: [String] = []
        try read { db in
            for typed in participants {
                let id = try Self.participantID(db, code: typed)
                wanted.append(try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? typed)
            }
        }
        var found: [TranscriptHits] = []
        for listed in try transcriptKinds() where wanted.isEmpty || wanted.contains(listed.participant) {
            let details = try transcriptDetails(participant: listed.participant, label: listed.label)
            let hits = TranscriptSearch.hits(in: details.text, regex: regex, turns: details.turns, speaker: speaker)
            if !hits.isEmpty { found.append(TranscriptHits(participant: listed.participant, label: listed.label, hits: hits)) }
        }
        return found
    }

    /// Codes every hit (the matched words, in vivo) with `category` in one transaction: all are stored or, when one is
    /// refused, none, and the error names the participant, line and column. A passage the coder already gave this code
    /// is left as it is and counted.
    public func codeHits(_ found: [TranscriptHits], category: String, coder: String?) throws -> BatchCoding {
        try write { db in
            _ = try Self.requireCategory(db, category)
            var ids: [Int64] = []
            var already = 0
            for document in found {
                for hit in document.hits {
                    let entry = CodeEntry(participant: document.participant, excerpt: hit.text, code: hit.text, categories: [category], coder: coder,
                                          span: hit.span, transcript: document.label.isEmpty ? nil : document.label)
                    if try Self.alreadyCoded(db, entry) { already += 1; continue }
                    do {
                        ids.append(try Self.insertCode(db, entry).id)
                    } catch let StoreError.codeProblem(reason) {
                        throw StoreError.codeProblem("\(document.participant)\(document.label.isEmpty ? "" : " (\(document.label))") line \(hit.line), column \(hit.column): \(reason)")
                    }
                }
            }
            return BatchCoding(coded: try Self.records(db, ids), alreadyCoded: already)
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

    /// Whether the entry's coder already gave this code to this very span.
    static func alreadyCoded(_ db: Database, _ entry: CodeEntry) throws -> Bool {
        guard let span = entry.span else { return false }
        let code = TextMatching.nfc(entry.code.trimmingCharacters(in: .whitespacesAndNewlines))
        let coderID = try entry.coder.flatMap { try Int64.fetchOne(db, sql: "SELECT id FROM coder WHERE name = ?", arguments: [StudyText.composed($0)]) }
        if entry.coder != nil && coderID == nil { return false }
        return try Int.fetchOne(db, sql: """
            SELECT count(*) FROM code k JOIN excerpt e ON e.id = k.excerpt_id JOIN transcript t ON t.id = e.transcript_id
            WHERE e.span_start = ? AND e.span_end = ? AND t.label = ? AND k.label = ? AND k.coder_id IS ?
              AND (t.participant_id = ? OR e.participant_id = ?)
            """, arguments: [span.lowerBound, span.upperBound, StudyText.composed(entry.transcript ?? ""), code, coderID,
                             try participantID(db, code: entry.participant), try participantID(db, code: entry.participant)]) ?? 0 > 0
    }

    static func records(_ db: Database, _ ids: [Int64]) throws -> [CodeRecord] {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        return try codeRecords(db, where: "k.id IN (\(ids.map(String.init).joined(separator: ",")))", arguments: [])
            .filter { wanted.contains($0.id) }.sorted { order[$0.id]! < order[$1.id]! }  // `order` numbers every wanted id
    }
}
