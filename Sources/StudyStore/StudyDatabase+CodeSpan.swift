import Foundation
import GRDB
import QualCoding
import Wording

extension StudyDatabase {
    /// Moves a code's ends in its transcript: the code then lies on the words from `span`'s start to its end, and its
    /// excerpt is those words exactly as the transcript has them (the participant's words, never as typed).
    ///
    /// `excerpt` is what the caller read there; when the transcript says otherwise (it changed since), the resize is
    /// refused. An in-vivo code that was its whole passage follows the new passage; another in-vivo code must still
    /// occur in it. Other coders' codes on the old passage stay where they are. One transaction: a refusal changes
    /// nothing.
    @discardableResult
    public func resizeCode(_ id: Int64, coder: String? = nil, span: Range<Int>, excerpt: String) throws -> CodeRecord {
        try write { db in
            guard let record = try Self.codeRecords(db, where: "k.id = ?", arguments: [id]).first else {
                throw StoreError.codeProblem("no code \(id) in the study")
            }
            if let coder, record.coder != coder {
                throw StoreError.codeProblem("code \(id) was made by \(record.coder ?? "no named coder"), not \(coder); a coder changes only their own codes")
            }
            guard record.spanStart != nil,
                  let transcriptID = try Int64.fetchOne(db, sql: "SELECT transcript_id FROM excerpt WHERE id = ?", arguments: [record.excerptID]),
                  let transcript = try Row.fetchOne(db, sql: "SELECT text, participant_id FROM transcript WHERE id = ?", arguments: [transcriptID]) else {
                throw StoreError.codeProblem("code \(id) of \(record.participant) is not placed in a transcript: there are no ends to move")
            }
            let scalars = Array((transcript["text"] as String).unicodeScalars)
            guard span.lowerBound >= 0, span.upperBound <= scalars.count, !span.isEmpty else {
                throw StoreError.codeProblem("the passage \(span.lowerBound)–\(span.upperBound) is outside \(record.participant)'s transcript (\(scalars.count) characters)")
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[span])
            let words = String(view)
            guard words == TextMatching.nfc(excerpt) else {
                throw StoreError.codeProblem("the passage \(span.lowerBound)–\(span.upperBound) of \(record.participant)'s transcript reads \"\(words.prefix(80))\", not the excerpt sent; reload the transcript")
            }
            guard words.trimmingCharacters(in: .whitespacesAndNewlines) == words else {
                throw StoreError.codeProblem("the passage \(span.lowerBound)–\(span.upperBound) of \(record.participant)'s transcript begins or ends with a space or a line break; move its ends onto words")
            }
            let participantID = try Self.participantID(db, code: record.participant)
            let ownerID: Int64 = transcript["participant_id"]
            let spoken = try Self.spanWords(db, transcriptID: transcriptID, ownerID: ownerID, span: span)
            if spoken.participants.count > 1 || (spoken.participants.first.map { $0 != participantID } ?? false) {
                throw StoreError.codeProblem("the passage \(span.lowerBound)–\(span.upperBound) runs over words that are not \(record.participant)'s (\(spoken.speakers.joined(separator: ", "))); keep it within \(record.participant)'s words")
            }
            var label = record.code
            if record.inVivo {
                if record.code == record.excerpt {
                    label = words
                } else if TextMatching.locate(record.code, in: words) == nil {
                    throw StoreError.codeProblem("the in-vivo code '\(record.code)' would no longer be in the passage \"\(words.prefix(80))\"; keep it inside, or make the code descriptive first")
                }
            }
            let target: Int64
            if let existing = try Int64.fetchOne(db, sql: """
                SELECT id FROM excerpt WHERE participant_id = ? AND transcript_id = ? AND span_start = ? AND span_end = ?
                """, arguments: [participantID, transcriptID, span.lowerBound, span.upperBound]) {
                target = existing
            } else {
                target = try Self.freshNumber(db, .excerpt)
                try ExcerptRow(id: target, participantId: participantID, transcriptId: transcriptID, text: words, spanStart: span.lowerBound,
                               spanEnd: span.upperBound, created: Timestamp.now()).insert(db)
            }
            guard target != record.excerptID else { return record }
            let coderID = try Int64.fetchOne(db, sql: "SELECT coder_id FROM code WHERE id = ?", arguments: [id])
            if let duplicate = try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE excerpt_id = ? AND label = ? AND coder_id IS ? AND id <> ?",
                                                  arguments: [target, label, coderID, id]) {
                throw StoreError.codeProblem("code \(duplicate) already lies on that passage with the same wording; delete one of them instead")
            }
            try db.execute(sql: "UPDATE code SET excerpt_id = ?, label = ? WHERE id = ?", arguments: [target, label, id])
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM code WHERE excerpt_id = ?", arguments: [record.excerptID]) == 0 {
                try db.execute(sql: "DELETE FROM excerpt WHERE id = ?", arguments: [record.excerptID])
            }
            return try Self.codeRecords(db, where: "k.id = ?", arguments: [id])[0]
        }
    }

    /// Each category's place in the order categories were added (1 for the first): it never changes and is never
    /// given twice, so a colour drawn from it stays the category's after others are merged away or renamed.
    public func categoryPositions() throws -> [String: Int] {
        try read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT name, position FROM category").map { ($0["name"] as String, $0["position"] as Int) },
                       uniquingKeysWith: { a, _ in a })
        }
    }
}
