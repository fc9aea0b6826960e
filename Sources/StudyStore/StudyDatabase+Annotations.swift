import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// A researcher's note on a passage of a transcript.
public struct AnnotationRecord: Sendable, Equatable, Codable {
    public var id: Int64
    /// The participant whose transcript it is, and the transcript's label ("" for the unlabelled interview).
    public var participant: String
    public var label: String
    /// The passage: Unicode scalar offsets of the stored NFC text (as excerpt spans), and its words.
    public var start: Int
    public var end: Int
    public var excerpt: String
    public var text: String
    public var coder: String?
    /// When it was written and last edited (UTC, ISO 8601).
    public var created: String
    public var modified: String?
}

extension StudyDatabase {
    // MARK: - Annotations

    /// Annotates a passage of a participant's transcript, found by its words (`excerpt`: exactly, else ignoring case,
    /// accents and spacing, with a note) or given by its offsets (`span`, Unicode scalars of the stored text). A passage
    /// whose words occur more than once must be given by offsets; the error lists where.
    public func addAnnotation(participant: String, label: String = "", excerpt: String? = nil, span: Range<Int>? = nil, text: String,
                              coder: String? = nil, created: String? = nil) throws -> (AnnotationRecord, [Sentence]) {
        try write { db in try Self.insertAnnotation(db, participant: participant, label: label, excerpt: excerpt, span: span, text: text,
                                                    coder: coder, created: created) }
    }

    /// How many places of a passage that occurs more than once an error lists.
    static let placesListed = 10

    static func insertAnnotation(_ db: Database, participant: String, label: String, excerpt: String?, span given: Range<Int>?, text: String,
                                 coder: String?, created: String? = nil) throws -> (AnnotationRecord, [Sentence]) {
        let body = TextMatching.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !body.isEmpty else { throw StoreError.invalidInput([.init(location: "annotation", message: "the annotation's text is empty")]) }
        let participantID = try participantID(db, code: participant)
        // A participant of a focus group annotates the group's transcript, whoever holds it.
        guard let row = try spokenTranscript(db, participantID: participantID, label: label) else {
            throw StoreError.noTranscript(participant: participant)
        }
        let transcript: String = row["text"]
        let scalars = Array(transcript.unicodeScalars)
        var notes: [Sentence] = []
        let span: Range<Int>
        if let given {
            guard given.lowerBound >= 0, given.upperBound <= scalars.count, !given.isEmpty else {
                throw StoreError.invalidInput([.init(location: "\(participant)", message: "the passage \(given.lowerBound)–\(given.upperBound) is outside the transcript (\(scalars.count) characters)")])
            }
            span = given
        } else if let excerpt {
            let wanted = Array(TextMatching.nfc(excerpt.trimmingCharacters(in: .whitespacesAndNewlines)).unicodeScalars)
            guard !wanted.isEmpty else { throw StoreError.invalidInput([.init(location: "\(participant)", message: "the passage's words are empty")]) }
            var starts: [Int] = []
            if wanted.count <= scalars.count {
                for start in 0...(scalars.count - wanted.count) where scalars[start] == wanted[0] && Array(scalars[start..<(start + wanted.count)]) == wanted {
                    starts.append(start)
                }
            }
            if starts.count > 1 {
                // Every place, up to a screenful; the count and the list agree ("and 3 more" says the rest).
                var places = starts.prefix(Self.placesListed).map { start -> Sentence in
                    let (line, column) = Self.lineColumn(scalars, start)
                    let place: Sentence = "line \(line), column \(column) (--at \(start)-\(start + wanted.count))"
                    return place
                }
                if starts.count > Self.placesListed { places.append("and \(starts.count - Self.placesListed) more") }
                throw StoreError.invalidInput([.init(location: "\(participant)",
                    message: "the passage occurs \(starts.count) times in the transcript (\(Sentence.joined(places, separator: "; "))); give it by --at START-END")])
            }
            if let start = starts.first {
                span = start..<(start + wanted.count)
            } else if let match = TextMatching.locate(String(String.UnicodeScalarView(wanted)), in: transcript) {
                notes.append("the passage was typed differently (case, accents or spacing); it is annotated as the transcript has it: '\(match.passage)'")
                span = match.start..<match.end
            } else {
                let closest = try Self.closestSpokenPassage(db, to: String(String.UnicodeScalarView(wanted)), in: transcript, transcriptID: row["id"])
                throw StoreError.invalidInput([.init(location: "\(participant)", message: closest.map { "the passage is not in the transcript; the closest passage is: \"\($0)\"" }
                    ?? "the passage is not in the transcript")])
            }
        } else {
            throw StoreError.invalidInput([.init(location: "\(participant)", message: "say which passage: --at \"its words\" or --start and --end")])
        }
        let words = String(String.UnicodeScalarView(scalars[span]))
        guard !words.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StoreError.invalidInput([.init(location: "\(participant)", message: "the passage \(span.lowerBound)–\(span.upperBound) is only white space")])
        }
        let coderID = try coder.map { try ensureCoder(db, $0) }
        let id = try Self.freshNumber(db, .annotation)
        try AnnotationRow(id: id, transcriptId: row["id"], spanStart: span.lowerBound, spanEnd: span.upperBound, excerpt: words, coderId: coderID,
                          text: body, created: created ?? Timestamp.now()).insert(db)
        return (try annotationRecords(db, where: "a.id = ?", arguments: [id])[0], notes)
    }

    /// Every annotation (or those of a participant's transcripts, and of the transcripts they speak in: a focus
    /// group's), in participant, transcript and text order.
    public func annotations(participant: String? = nil) throws -> [AnnotationRecord] {
        try read { db in
            if let participant {
                let id = try Self.participantID(db, code: participant)
                return try Self.annotationRecords(db, where: """
                    (t.participant_id = ? OR t.id IN (SELECT transcript_id FROM transcript_speaker WHERE participant_id = ? AND role = 'participant'))
                    """, arguments: [id, id])
            }
            return try Self.annotationRecords(db, where: "1", arguments: [])
        }
    }

    /// Replaces an annotation's text.
    @discardableResult
    public func editAnnotation(_ id: Int64, text: String) throws -> AnnotationRecord {
        let body = TextMatching.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !body.isEmpty else { throw StoreError.invalidInput([.init(location: "annotation \(id)", message: "the annotation's text is empty")]) }
        return try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM annotation WHERE id = ?", arguments: [id]) != nil else { throw Self.noAnnotation(id) }
            try db.execute(sql: "UPDATE annotation SET text = ?, modified = ? WHERE id = ?", arguments: [body, Timestamp.now(), id])
            return try Self.annotationRecords(db, where: "a.id = ?", arguments: [id])[0]
        }
    }

    /// Removes an annotation; returns it as it was.
    @discardableResult
    public func removeAnnotation(_ id: Int64) throws -> AnnotationRecord {
        try write { db in
            guard let record = try Self.annotationRecords(db, where: "a.id = ?", arguments: [id]).first else { throw Self.noAnnotation(id) }
            try db.execute(sql: "DELETE FROM annotation WHERE id = ?", arguments: [id])
            return record
        }
    }

    /// Stores a bundle's annotations inside the caller's transaction; one already there (same passage, same text) is
    /// not stored twice. Returns how many were stored.
    static func insertAnnotations(_ db: Database, _ annotations: [StudyBundle.Annotation]) throws -> Int {
        var added = 0
        for annotation in annotations {
            let body = TextMatching.nfc(annotation.text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !body.isEmpty else { continue }
            let participantID = try participantID(db, code: annotation.participant)
            guard let transcriptID = try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?",
                                                        arguments: [participantID, StudyText.composed(annotation.label)]) else { continue }
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation WHERE transcript_id = ? AND span_start = ? AND span_end = ? AND text = ?",
                                arguments: [transcriptID, annotation.span.lowerBound, annotation.span.upperBound, body]) ?? 0 > 0 { continue }
            _ = try insertAnnotation(db, participant: annotation.participant, label: annotation.label, excerpt: nil, span: annotation.span,
                                     text: body, coder: annotation.coder, created: annotation.created)
            added += 1
        }
        return added
    }

    static func noAnnotation(_ id: Int64) -> StoreError {
        .invalidInput([.init(location: "annotation \(id)", message: "no such annotation; 'studyctl annotation list' shows their numbers")])
    }

    static func annotationRecords(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [AnnotationRecord] {
        try Row.fetchAll(db, sql: """
            SELECT a.id, p.code, t.label, a.span_start, a.span_end, a.excerpt, a.text, k.name AS coder, a.created, a.modified
            FROM annotation a JOIN transcript t ON t.id = a.transcript_id JOIN participant p ON p.id = t.participant_id
            LEFT JOIN coder k ON k.id = a.coder_id WHERE \(condition)
            """, arguments: arguments).map {
            AnnotationRecord(id: $0["id"], participant: $0["code"], label: $0["label"], start: $0["span_start"], end: $0["span_end"],
                             excerpt: $0["excerpt"], text: $0["text"], coder: $0["coder"], created: $0["created"], modified: $0["modified"])
        }.sorted {
            NaturalOrder.areInIncreasingOrder($0.participant, $1.participant)
                || ($0.participant == $1.participant && ($0.label, $0.start, $0.id) < ($1.label, $1.start, $1.id))
        }
    }

    static func lineColumn(_ scalars: [Unicode.Scalar], _ offset: Int) -> (Int, Int) {
        var line = 1, column = 1
        for scalar in scalars[..<offset] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    // MARK: - Memos: edit, remove, search

    /// Replaces a memo's text.
    @discardableResult
    public func editMemo(_ id: Int64, text: String) throws -> MemoRecord {
        let body = TextMatching.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !body.isEmpty else { throw StoreError.invalidInput([.init(location: "memo \(id)", message: "the memo is empty")]) }
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM memo WHERE id = ?", arguments: [id]) != nil else { throw Self.noMemo(id) }
            try db.execute(sql: "UPDATE memo SET text = ? WHERE id = ?", arguments: [body, id])
        }
        // The memo exists: checked and updated in the transaction above.
        guard let memo = try memos().first(where: { $0.id == id }) else { throw Self.noMemo(id) }
        return memo
    }

    /// Removes a memo; returns it as it was.
    @discardableResult
    public func removeMemo(_ id: Int64) throws -> MemoRecord {
        guard let record = try memos().first(where: { $0.id == id }) else { throw Self.noMemo(id) }
        try write { db in try db.execute(sql: "DELETE FROM memo WHERE id = ?", arguments: [id]) }
        return record
    }

    /// The memos whose text holds `words`, ignoring case, accents and spacing.
    public func memos(matching words: String) throws -> [MemoRecord] {
        let wanted = TextMatching.fold(words)
        return try memos().filter { TextMatching.fold($0.text).contains(wanted) }
    }

    static func noMemo(_ id: Int64) -> StoreError {
        .invalidInput([.init(location: "memo \(id)", message: "no such memo; 'studyctl memo list' shows their numbers")])
    }
}

extension StudyDatabase {
    // MARK: - A transcript replaced

    /// The annotations of a transcript, to carry over to the text that replaces it.
    static func annotationRows(_ db: Database, transcript: Int64) throws -> [Row] {
        try Row.fetchAll(db, sql: "SELECT a.*, t.text AS old_text FROM annotation a JOIN transcript t ON t.id = a.transcript_id WHERE a.transcript_id = ? ORDER BY a.id",
                         arguments: [transcript])
    }

    /// Refuses to replace a transcript whose annotations' passages the new text no longer holds (unless `--force`),
    /// naming each.
    static func checkAnnotationsKept(_ db: Database, transcript: Int64, in text: String) throws {
        let lost = try annotationRows(db, transcript: transcript).filter { TextMatching.locate($0["excerpt"], in: text) == nil }
        guard !lost.isEmpty else { return }
        throw StoreError.invalidInput(lost.map { row in
            let excerpt: String = row["excerpt"]
            let shown = excerpt.count > 70 ? String(excerpt.prefix(70)) + "…" : excerpt
            return .init(location: "annotation \(row["id"] as Int64)",
                         message: "its passage \"\(shown)\" is not in the new transcript; nothing was changed (rerun with --force to replace the transcript anyway: the annotation is removed)")
        })
    }

    /// Places carried annotations in the new text: at the same occurrence of their passage (the third "menu" stays the
    /// third) when the new text has as many, else the occurrence nearest to where it was; else where it is found
    /// ignoring case, accents and spacing. One whose passage is gone (`--force`) is not kept.
    static func placeAnnotations(_ db: Database, _ rows: [Row], transcript: Int64, text: String) throws {
        let scalars = Array(text.unicodeScalars)
        for row in rows {
            let excerpt: String = row["excerpt"]
            let words = Array(excerpt.unicodeScalars)
            let was: Int = row["span_start"]
            func occurrences(_ haystack: [Unicode.Scalar]) -> [Int] {
                guard !words.isEmpty, words.count <= haystack.count else { return [] }
                return (0...(haystack.count - words.count)).filter { haystack[$0] == words[0] && Array(haystack[$0..<($0 + words.count)]) == words }
            }
            let before = occurrences(Array((row["old_text"] as String).unicodeScalars))
            let now = occurrences(scalars)
            var best: Int?
            if let index = before.firstIndex(of: was), before.count == now.count {
                best = now[index]
            } else {
                for start in now where best.map({ abs(start - was) < abs($0 - was) }) ?? true { best = start }
            }
            var span: Range<Int>? = best.map { $0..<($0 + words.count) }
            if span == nil, let match = TextMatching.locate(excerpt, in: text) { span = match.start..<match.end }
            guard let span else { continue }
            let id: Int64 = row["id"]
            let coderID: Int64? = row["coder_id"]
            let body: String = row["text"]
            let created: String = row["created"]
            let modified: String? = row["modified"]
            // The same annotation, moved to the new text: it keeps its number (its transcript's removal retired it).
            try Self.restoreNumber(db, .annotation, id)
            try AnnotationRow(id: id, transcriptId: transcript, spanStart: span.lowerBound, spanEnd: span.upperBound,
                              excerpt: String(String.UnicodeScalarView(scalars[span])), coderId: coderID, text: body, created: created,
                              modified: modified).insert(db)
        }
    }
}

/// `memo search --json` (docs/json.md): the memos and the annotations holding the words searched for.
public struct MemoSearchDocument: Sendable, Equatable, Encodable {
    public var memos: [MemoRecord]
    public var annotations: [AnnotationRecord]

    public init(memos: [MemoRecord], annotations: [AnnotationRecord]) {
        self.memos = memos
        self.annotations = annotations
    }
}
