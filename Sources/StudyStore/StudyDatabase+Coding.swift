import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// One code to store: an in-vivo code (the participant's words) or a descriptive one, on an excerpt.
public struct CodeEntry: Sendable, Equatable {
    public var participant: String
    /// The verbatim excerpt; the code itself when `nil` (an in-vivo code is its own excerpt).
    public var excerpt: String?
    public var code: String
    public var categories: [String]
    public var coder: String?
    public var memo: String?
    /// A code in the researcher's words, not required to occur in the excerpt.
    public var descriptive: Bool
    /// Where the excerpt lies in the participant's transcript (Unicode scalar offsets in the stored NFC text), when
    /// the caller knows (a selection in the coding workspace): checked against the text and kept, so a phrase the
    /// participant said twice is coded where it was selected. Without it the excerpt is located by its text.
    public var span: Range<Int>?
    /// Which of the participant's transcripts (its label: a session's log, a second interview); the first one
    /// (the unlabelled interview) when `nil`.
    public var transcript: String?
    /// When the coding was made (UTC, ISO 8601), when another tool says so (a REFI-QDA coding's creationDateTime);
    /// the time of storing otherwise.
    public var created: String?
    /// Whose transcript it is, when it is another participant's (a focus group's, where `participant` is one of its
    /// speakers); found from `participant` otherwise.
    public var transcriptParticipant: String?
    /// Which passage matching the excerpt to code, counted from 1 in text order among those that are the
    /// participant's own words (a phrase said twice; the moderator's are not counted); the first when nil. Not used
    /// with `span`.
    public var occurrence: Int?

    public init(participant: String, excerpt: String? = nil, code: String, categories: [String], coder: String? = nil,
                memo: String? = nil, descriptive: Bool = false, span: Range<Int>? = nil, transcript: String? = nil, created: String? = nil,
                transcriptParticipant: String? = nil) {
        self.transcriptParticipant = transcriptParticipant
        self.transcript = transcript
        self.created = created
        self.participant = participant
        self.excerpt = excerpt
        self.code = code
        self.categories = categories
        self.coder = coder
        self.memo = memo
        self.descriptive = descriptive
        self.span = span
    }
}

/// What storing a code did.
public struct CodeResult: Sendable, Equatable {
    public var id: Int64
    /// Where the excerpt was found in the participant's transcript (scalar offsets), if they have one.
    public var span: Range<Int>?
    /// Things the researcher should know (a match that ignored case or accents).
    public var notes: [Sentence]
}

extension StudyDatabase {
    // MARK: - Codes

    /// Stores one code (see `CodeEntry`); the excerpt is located in the participant's transcript when they have one.
    @discardableResult
    public func addCode(_ entry: CodeEntry) throws -> CodeResult {
        try write { db in try Self.insertCode(db, entry) }
    }

    /// Stores a code, first adding to the codebook (emergent, with `definition` and `theme`) the categories it names
    /// that the codebook lacks — all in one transaction: when the code is refused, no category is left behind.
    public func addCode(_ entry: CodeEntry, creatingCategories definition: String?, theme: String?) throws -> CodeResult {
        try write { db in
            for name in entry.categories where try Self.categoryID(db, name) == nil {
                try Self.insertCategory(db, name: name, definition: definition, origin: .emergent, theme: theme)
            }
            return try Self.insertCode(db, entry)
        }
    }

    /// Checks an entry against the study and stores it; throws `StoreError.codeProblem` naming what is wrong.
    /// `scalars` keeps each transcript's characters once for a batch of codes (an import of hundreds of codings on a
    /// long transcript would otherwise split its text again for every one).
    static func insertCode(_ db: Database, _ entry: CodeEntry, scalars cache: TranscriptScalars? = nil) throws -> CodeResult {
        var participantID = try participantID(db, code: entry.participant)
        var code = TextMatching.nfc(entry.code.trimmingCharacters(in: .whitespacesAndNewlines))
        // With a selection and no excerpt, the excerpt is the selected words (read below).
        var excerpt = TextMatching.nfc((entry.excerpt ?? (entry.span == nil ? entry.code : "?")).trimmingCharacters(in: .whitespacesAndNewlines))
        guard !code.isEmpty else { throw StoreError.codeProblem("the code is empty") }
        guard !excerpt.isEmpty else { throw StoreError.codeProblem("the excerpt is empty") }
        var notes: [Sentence] = []
        /// An in-vivo code is the participant's own words: checked against the excerpt as finally stored (the
        /// transcript's passage where there is a transcript), and stored as that excerpt spells it.
        func checkInVivo() throws {
            guard !entry.descriptive else { return }
            guard let match = TextMatching.locate(code, in: excerpt) else {
                throw StoreError.codeProblem("the in-vivo code '\(code)' does not occur in the excerpt; check the wording, or use --descriptive for a code in your own words")
            }
            if !match.exact {
                notes.append("the in-vivo code was typed '\(code)'; it is stored as the participant said it: '\(match.passage)'")
                code = match.passage
            }
        }
        guard !entry.categories.isEmpty else { throw StoreError.codeProblem("the code needs a category") }
        var categoryIDs: [Int64] = []
        for name in entry.categories {
            guard let id = try categoryID(db, name) else {
                let known = try String.fetchAll(db, sql: "SELECT name FROM category ORDER BY position")
                throw StoreError.codeProblem(known.isEmpty ? "no category '\(name)' in the codebook; add it with 'studyctl category add'"
                    : "no category '\(name)' in the codebook (categories: \(known.joined(separator: ", ")))")
            }
            categoryIDs.append(id)
        }
        var span: Range<Int>?
        var transcriptID: Int64?
        if let given = entry.span {
            guard let transcript = try Self.codingTranscript(db, participantID: participantID, entry: entry) else {
                throw StoreError.codeProblem("\(entry.participant) has no transcript to select from")
            }
            let scalars = try cache?.scalars(db, transcript: transcript["id"]) ?? Array(Self.transcriptText(db, transcript["id"]).unicodeScalars)
            guard given.lowerBound >= 0, given.upperBound <= scalars.count, !given.isEmpty else {
                throw StoreError.codeProblem("the selection \(given.lowerBound)–\(given.upperBound) is outside \(entry.participant)'s transcript (\(scalars.count) characters)")
            }
            var selected = String.UnicodeScalarView()
            selected.append(contentsOf: scalars[given])
            if entry.excerpt == nil {
                excerpt = String(selected)
                guard excerpt.trimmingCharacters(in: .whitespacesAndNewlines) == excerpt, !excerpt.isEmpty else {
                    throw StoreError.codeProblem("the selection \(given.lowerBound)–\(given.upperBound) of \(entry.participant)'s transcript reads \"\(excerpt.prefix(80))\", which begins or ends with white space; give the offsets of its words")
                }
            }
            guard String(selected) == excerpt else {
                throw StoreError.codeProblem("the selection \(given.lowerBound)–\(given.upperBound) of \(entry.participant)'s transcript reads \"\(String(selected).prefix(80))\", not the excerpt sent; reload the transcript")
            }
            span = given
            transcriptID = transcript["id"]
        } else if let transcript = try Self.codingTranscript(db, participantID: participantID, entry: entry) {
            let text = try Self.transcriptText(db, transcript["id"])
            // In a transcript with speakers, the passage where these are the participant's own words (a phrase two
            // people of a focus group said is coded for the one named); else the first.
            let placed = try Self.placement(db, of: excerpt, in: text, transcriptID: transcript["id"], ownerID: transcript["participant_id"],
                                            for: participantID, acceptModerator: entry.occurrence == nil, occurrence: entry.occurrence ?? 1)?.0
            if let wanted = entry.occurrence, wanted > 1, placed == nil {
                var found = 0
                while try Self.placement(db, of: excerpt, in: text, transcriptID: transcript["id"], ownerID: transcript["participant_id"],
                                         for: participantID, acceptModerator: false, occurrence: found + 1) != nil, found < wanted { found += 1 }
                throw StoreError.codeProblem("occurrence \(wanted) was asked, but the excerpt occurs in \(entry.participant)'s transcript as their words only this often: \(found)")
            }
            guard let match = placed ?? TextMatching.locate(excerpt, in: text) else {
                let closest = try Self.closestSpokenPassage(db, to: excerpt, in: text, transcriptID: transcript["id"])
                throw StoreError.codeProblem(closest.map { "the excerpt is not in \(entry.participant)'s transcript; the closest passage is: \"\($0)\"" }
                    ?? "the excerpt is not in \(entry.participant)'s transcript")
            }
            if !match.exact {
                // The transcript is what the participant said: the excerpt is stored as it stands there, never as typed.
                notes.append("the excerpt was typed differently (case, accents or spacing); it is stored as the transcript has it: '\(match.passage)'")
                excerpt = match.passage
            }
            span = match.start..<match.end
            transcriptID = transcript["id"]
        }
        if let transcriptID, let span {
            // Whose words they are: a focus group's excerpt counts for the participant who said it.
            let ownerID = try Int64.fetchOne(db, sql: "SELECT participant_id FROM transcript WHERE id = ?", arguments: [transcriptID]) ?? participantID
            let words = try spanWords(db, transcriptID: transcriptID, ownerID: ownerID, span: span)
            func code(_ id: Int64) throws -> String { try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? "?" }
            let speakers = words.speakers.joined(separator: ", ")
            if words.participants.count > 1 {
                throw StoreError.codeProblem("the excerpt runs over the words of \(try words.participants.map(code).joined(separator: ", ")) (\(speakers)); code each participant's words apart")
            }
            if let speaker = words.participants.first, speaker != participantID {
                let namedSpeaks = try Int.fetchOne(db, sql: "SELECT count(*) FROM transcript_speaker WHERE transcript_id = ? AND participant_id = ?",
                                                   arguments: [transcriptID, participantID]) ?? 0 > 0
                // A selection (the page, auto-code, --at) names the words themselves: they are stored for the
                // participant who said them. Words found by their text are refused, so a phrase is never moved silently.
                guard (participantID == ownerID && !namedSpeaks) || entry.span != nil else {
                    throw StoreError.codeProblem("the excerpt is \(try code(speaker))'s words (\(speakers)), not \(entry.participant)'s; code it for \(try code(speaker))")
                }
                notes.append("the excerpt is \(try code(speaker))'s words (\(speakers)); it is stored for \(try code(speaker))")
                participantID = speaker
            }
            if words.moderatorOnly {
                notes.append("the excerpt is the moderator's words (\(speakers)): it is kept, and not counted as a participant's words in the coding analyses")
            }
        }
        try checkInVivo()
        let coderID = try entry.coder.map { try ensureCoder(db, $0) }
        let excerptID: Int64
        // The excerpt already stored at this place (a second code on the same words), found by its span where it has
        // one — a phrase said twice is two excerpts — else by its text.
        if let placed = span, let existing = try Int64.fetchOne(db, sql: """
            SELECT id FROM excerpt WHERE participant_id = ? AND transcript_id IS ? AND span_start = ? AND span_end = ?
            """, arguments: [participantID, transcriptID, placed.lowerBound, placed.upperBound]) {
            excerptID = existing
        } else if span == nil, let existing = try Int64.fetchOne(db, sql: "SELECT id FROM excerpt WHERE participant_id = ? AND text = ? AND transcript_id IS ?",
                                             arguments: [participantID, excerpt, transcriptID]) {
            excerptID = existing
        } else {
            excerptID = try Self.freshNumber(db, .excerpt)
            try ExcerptRow(id: excerptID, participantId: participantID, transcriptId: transcriptID, text: excerpt, spanStart: span?.lowerBound,
                           spanEnd: span?.upperBound, created: entry.created ?? Timestamp.now()).insert(db)
        }
        let duplicate = try Int64.fetchOne(db, sql: """
            SELECT id FROM code WHERE excerpt_id = ? AND label = ? AND coder_id IS ?
            """, arguments: [excerptID, code, coderID])
        if let duplicate {
            // In other categories: say which, and how to move it (one code, its categories).
            let held = try String.fetchAll(db, sql: """
                SELECT c.name FROM code_category l JOIN category c ON c.id = l.category_id WHERE l.code_id = ? ORDER BY c.name
                """, arguments: [duplicate])
            let wanted = Set(entry.categories.map { StudyText.key($0) })
            if !wanted.isEmpty, !wanted.isSubset(of: Set(held.map { StudyText.key($0) })), let target = entry.categories.first {
                throw StoreError.codeProblem("this code is already stored for \(entry.participant) (code \(duplicate)) in \(held.joined(separator: ", ")); move it with 'studyctl code move \(duplicate) --to \"\(target)\"'")
            }
            throw StoreError.codeProblem(entry.coder.map { "this code is already stored for \(entry.participant) by \($0) (code \(duplicate))" }
                ?? "this code is already stored for \(entry.participant) (code \(duplicate))")
        }
        let codeID = try Self.freshNumber(db, .code)
        try CodeTableRow(id: codeID, excerptId: excerptID, coderId: coderID, label: code, inVivo: !entry.descriptive,
                    created: entry.created ?? Timestamp.now()).insert(db)
        for categoryID in categoryIDs {
            try db.execute(sql: "INSERT OR IGNORE INTO code_category (code_id, category_id) VALUES (?, ?)", arguments: [codeID, categoryID])
        }
        if let memo = entry.memo, !memo.trimmingCharacters(in: .whitespaces).isEmpty {
            try db.execute(sql: "INSERT INTO memo (id, target, code_id, coder_id, text, created) VALUES (?, 'code', ?, ?, ?, ?)",
                           arguments: [try Self.freshNumber(db, .memo), codeID, coderID, TextMatching.nfc(memo), entry.created ?? Timestamp.now()])
        }
        return CodeResult(id: codeID, span: span, notes: notes)
    }

    /// Deletes a code with its category links and memos; its excerpt goes too when no other code is on it.
    /// Returns the code as it was, so it can be shown or restored.
    @discardableResult
    public func deleteCode(_ id: Int64, coder: String? = nil) throws -> CodeRecord {
        // One id in, one record out (deleteCodes throws for an id it cannot remove).
        try deleteCodes([id], coder: coder)[0]
    }

    /// Changes a code's wording, its categories, whether it is in-vivo and its memo in one transaction, with the checks
    /// `addCode` makes: an in-vivo code must occur in its excerpt, every category must exist. `coder`, when given, must
    /// be the code's. `memo`: nil leaves the code's memo as it is, a blank text removes it, any other text replaces it
    /// (or becomes the code's memo when it had none).
    @discardableResult
    public func updateCode(_ id: Int64, coder: String? = nil, label: String? = nil, categories: [String]? = nil, inVivo: Bool? = nil,
                           memo: String? = nil) throws -> CodeRecord {
        try write { db in
            guard let record = try Self.codeRecords(db, where: "k.id = ?", arguments: [id]).first else {
                throw StoreError.codeProblem("no code \(id) in the study")
            }
            if let coder, record.coder != coder {
                throw StoreError.codeProblem("code \(id) was made by \(record.coder ?? "no named coder"), not \(coder); a coder changes only their own codes")
            }
            let code = label.map { TextMatching.nfc($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? record.code
            guard !code.isEmpty else { throw StoreError.codeProblem("the code is empty") }
            if inVivo ?? record.inVivo, label != nil || inVivo == true, TextMatching.locate(code, in: record.excerpt) == nil {
                throw StoreError.codeProblem("the in-vivo code '\(code)' does not occur in the excerpt \"\(record.excerpt.prefix(80))\"")
            }
            if label != nil { try db.execute(sql: "UPDATE code SET label = ? WHERE id = ?", arguments: [code, id]) }
            if let inVivo { try db.execute(sql: "UPDATE code SET in_vivo = ? WHERE id = ?", arguments: [inVivo, id]) }
            if let memo {
                let text = TextMatching.nfc(memo.trimmingCharacters(in: .whitespacesAndNewlines))
                let first = try Int64.fetchOne(db, sql: "SELECT id FROM memo WHERE code_id = ? ORDER BY id LIMIT 1", arguments: [id])
                switch (first, text.isEmpty) {
                case let (first?, true): try db.execute(sql: "DELETE FROM memo WHERE id = ?", arguments: [first])
                case let (first?, false): try db.execute(sql: "UPDATE memo SET text = ? WHERE id = ?", arguments: [text, first])
                case (nil, false): try Self.insertMemo(db, on: .code(id), text: text, coder: record.coder)
                case (nil, true): break
                }
            }
            if let categories {
                guard !categories.isEmpty else { throw StoreError.codeProblem("the code needs a category") }
                var ids: [Int64] = []
                for name in categories {
                    guard let categoryID = try Self.categoryID(db, name) else { throw StoreError.codeProblem("no category '\(name)' in the codebook") }
                    ids.append(categoryID)
                }
                try db.execute(sql: "DELETE FROM code_category WHERE code_id = ?", arguments: [id])
                for categoryID in ids {
                    try db.execute(sql: "INSERT OR IGNORE INTO code_category (code_id, category_id) VALUES (?, ?)", arguments: [id, categoryID])
                }
            }
            return try Self.codeRecords(db, where: "k.id = ?", arguments: [id])[0]
        }
    }

    /// Moves a code to another category (from `from`, or from its only category).
    public func moveCode(_ id: Int64, from: String?, to: String) throws {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE id = ?", arguments: [id]) != nil else {
                throw StoreError.unknownCode(id: id)
            }
            let target = try Self.requireCategory(db, to)
            let current = try Int64.fetchAll(db, sql: "SELECT category_id FROM code_category WHERE code_id = ?", arguments: [id])
            let source: Int64
            if let from {
                source = try Self.requireCategory(db, from)
                guard current.contains(source) else {
                    throw StoreError.invalidInput([.init(location: "code \(id)", message: "the code is not in category '\(from)'")])
                }
            } else {
                guard current.count == 1 else {
                    throw StoreError.invalidInput([.init(location: "code \(id)", message: "the code is in \(current.count) categories; say which with --from")])
                }
                source = current[0]
            }
            try db.execute(sql: "DELETE FROM code_category WHERE code_id = ? AND category_id = ?", arguments: [id, source])
            try db.execute(sql: "INSERT OR IGNORE INTO code_category (code_id, category_id) VALUES (?, ?)", arguments: [id, target])
        }
    }

    /// Puts a code in one more category (a code in two categories, as a code under two parents in QualCoder or
    /// MAXQDA): its passage then counts in both. Returns the category as the codebook spells it.
    @discardableResult
    public func addCodeCategory(_ id: Int64, category: String) throws -> String {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE id = ?", arguments: [id]) != nil else { throw StoreError.unknownCode(id: id) }
            let target = try Self.requireCategory(db, category)
            let name = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [target]) ?? category
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM code_category WHERE code_id = ? AND category_id = ?", arguments: [id, target]) ?? 0 > 0 {
                throw StoreError.invalidInput([.init(location: "code \(id)", message: "the code is in category '\(name)' already")])
            }
            try db.execute(sql: "INSERT INTO code_category (code_id, category_id) VALUES (?, ?)", arguments: [id, target])
            return name
        }
    }

    /// Takes a code out of one of its categories; a code keeps at least one (`code remove` removes the code).
    /// Returns the category as the codebook spells it.
    @discardableResult
    public func removeCodeCategory(_ id: Int64, category: String) throws -> String {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE id = ?", arguments: [id]) != nil else { throw StoreError.unknownCode(id: id) }
            let target = try Self.requireCategory(db, category)
            let name = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [target]) ?? category
            let current = try Int64.fetchAll(db, sql: "SELECT category_id FROM code_category WHERE code_id = ?", arguments: [id])
            guard current.contains(target) else {
                throw StoreError.invalidInput([.init(location: "code \(id)", message: "the code is not in category '\(name)'")])
            }
            guard current.count > 1 else {
                throw StoreError.invalidInput([.init(location: "code \(id)", message: "'\(name)' is the code's only category; move it with 'code move', or remove the code with 'code remove'")])
            }
            try db.execute(sql: "DELETE FROM code_category WHERE code_id = ? AND category_id = ?", arguments: [id, target])
            return name
        }
    }

    /// The passage of a transcript most like `needle`, in the words said only: within one turn's words, never with
    /// the speaker's label ("Ana: ") before them; the whole text for a transcript without turns.
    static func closestSpokenPassage(_ db: Database, to needle: String, in text: String, transcriptID: Int64) throws -> String? {
        let turns = try Self.turns(db, transcriptID: transcriptID)
        guard !turns.isEmpty else { return TextMatching.closestPassage(to: needle, in: text) }
        let scalars = Array(text.unicodeScalars)
        let spoken = turns.compactMap { turn -> String? in
            guard turn.spanStart >= 0, turn.spanEnd <= scalars.count, turn.spanStart < turn.spanEnd else { return nil }
            return String(String.UnicodeScalarView(scalars[turn.spanStart..<turn.spanEnd]))
        }
        return TextMatching.closestPassage(to: needle, in: spoken)
    }

    /// Every code (of one coder, when given), in participant order.
    public func codes(coder: String? = nil) throws -> [CodeRecord] {
        try read { db in
            let coderID = try coder.map { try Self.requireCoder(db, $0) }
            return try Self.codeRecords(db, where: "? IS NULL OR k.coder_id = ?", arguments: [coderID, coderID])
        }
    }

    /// A transcript's text, by id (read apart from the row `codingTranscript` finds: a long text is read once per use).
    static func transcriptText(_ db: Database, _ id: Int64) throws -> String {
        try String.fetchOne(db, sql: "SELECT text FROM transcript WHERE id = ?", arguments: [id]) ?? ""
    }

    /// The transcript a code is placed in: the one `entry.transcript` labels (refused when the participant has none
    /// so labelled), else the participant's first (the unlabelled one sorts first) — the participant's own, else one
    /// they speak in as a mapped speaker (a focus group's). Its id, participant and label; the text through
    /// `transcriptText`.
    static func codingTranscript(_ db: Database, participantID: Int64, entry: CodeEntry) throws -> Row? {
        if let owner = entry.transcriptParticipant, StudyText.composed(owner) != StudyText.composed(entry.participant) {
            let ownerID = try Self.participantID(db, code: owner)
            let label = StudyText.composed(entry.transcript ?? "")
            if let row = try Row.fetchOne(db, sql: "SELECT t.id, t.participant_id, t.label FROM transcript t WHERE t.participant_id = ? AND t.label = ?",
                                          arguments: [ownerID, label]) { return row }
            throw StoreError.codeProblem(label.isEmpty ? "\(owner) has no transcript to select from" : "\(owner) has no transcript labelled '\(label)'")
        }
        let speaking = """
            SELECT t.id, t.participant_id, t.label FROM transcript t
            WHERE (t.participant_id = ? OR t.id IN (SELECT transcript_id FROM transcript_speaker WHERE participant_id = ?))
            """
        guard let label = entry.transcript else {
            return try Row.fetchOne(db, sql: speaking + " ORDER BY t.participant_id <> ?, t.label, t.id LIMIT 1",
                                    arguments: [participantID, participantID, participantID])
        }
        if let row = try Row.fetchOne(db, sql: speaking + " AND t.label = ? ORDER BY t.participant_id <> ?, t.id LIMIT 1",
                                      arguments: [participantID, participantID, StudyText.composed(label), participantID]) { return row }
        let labels = try String.fetchAll(db, sql: "SELECT DISTINCT label FROM (\(speaking)) ORDER BY label", arguments: [participantID, participantID])
            .map { $0.isEmpty ? "''" : "'\($0)'" }
        throw StoreError.codeProblem(labels.isEmpty ? "\(entry.participant) has no transcript to select from"
                                     : "\(entry.participant) has no transcript labelled '\(label)' (transcripts: \(labels.joined(separator: ", ")))")
    }

    /// The codes matching `condition` (SQL over `k`, the code, and `e`, its excerpt), with their categories, and for
    /// an excerpt in a transcript with turns, when it was said and by whom.
    static func codeRecords(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [CodeRecord] {
        var records: [Int64: CodeRecord] = [:]
        var placed: [Int64: Int64] = [:]
        var owners: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT k.id, p.code AS participant, e.text AS excerpt, e.id AS excerpt_id, k.label, k.in_vivo, c.name AS coder,
                   e.span_start, e.span_end, k.created, nullif(t.label, '') AS transcript, e.transcript_id, t.kind,
                   tp.code AS transcript_participant, t.participant_id AS owner_id
            FROM code k JOIN excerpt e ON e.id = k.excerpt_id JOIN participant p ON p.id = e.participant_id
            LEFT JOIN coder c ON c.id = k.coder_id LEFT JOIN transcript t ON t.id = e.transcript_id
            LEFT JOIN participant tp ON tp.id = t.participant_id
            WHERE \(condition)
            """, arguments: arguments) {
            let id: Int64 = row["id"]
            records[id] = CodeRecord(id: id, participant: row["participant"], excerpt: row["excerpt"],
                                     excerptID: row["excerpt_id"], code: row["label"], inVivo: row["in_vivo"], categories: [],
                                     coder: row["coder"], spanStart: row["span_start"], spanEnd: row["span_end"], created: row["created"],
                                     transcript: row["transcript"], transcriptParticipant: row["transcript_participant"],
                                     transcriptKind: (row["kind"] as String?).flatMap(TranscriptKind.init(rawValue:)))
            if let transcriptID: Int64 = row["transcript_id"], row["span_start"] as Int? != nil {
                placed[id] = transcriptID
                owners[transcriptID] = row["owner_id"]
            }
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT cc.code_id, c.name FROM code_category cc JOIN category c ON c.id = cc.category_id ORDER BY c.position
            """) {
            records[row["code_id"]]?.categories.append(row["name"])
        }
        if !placed.isEmpty {
            // The turns of the transcripts the excerpts lie in, each with whose words they are.
            var turns: [Int64: [(turn: TranscriptTurn, name: String?, moderator: Bool)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT u.transcript_id, u.span_start, u.span_end, u.start_ms, u.end_ms, s.name, s.role
                FROM transcript_turn u LEFT JOIN transcript_speaker s ON s.id = u.speaker_id ORDER BY u.transcript_id, u.position
                """) {
                let transcriptID: Int64 = row["transcript_id"]
                guard owners[transcriptID] != nil else { continue }
                let turn = TranscriptTurn(speaker: row["name"], start: row["start_ms"], end: row["end_ms"],
                                          span: (row["span_start"] as Int)..<(row["span_end"] as Int))
                turns[transcriptID, default: []].append((turn, row["name"], row["role"] as String? == "moderator"))
            }
            var words: [Int64: [TimedWord]] = [:]
            for transcriptID in Set(placed.values) where turns[transcriptID] != nil {
                words[transcriptID] = try Self.timedWords(db, transcript: transcriptID)
            }
            for (id, transcriptID) in placed {
                guard let list = turns[transcriptID], let start = records[id]?.spanStart, let end = records[id]?.spanEnd else { continue }
                var overlapping = list.filter { $0.turn.spanStart < end && start < $0.turn.spanEnd }
                if overlapping.isEmpty, let next = list.first(where: { $0.turn.spanStart >= start }) { overlapping = [next] }
                guard !overlapping.isEmpty else { continue }
                var names: [String] = []
                for turn in overlapping { if let name = turn.name, !names.contains(name) { names.append(name) } }
                records[id]?.speakers = names
                if overlapping.allSatisfy(\.moderator) { records[id]?.moderatorWords = true }
                if let time = ExcerptTiming.time(of: start..<max(start, end), turns: list.map(\.turn), words: words[transcriptID] ?? []) {
                    records[id]?.startTime = Double(time.start) / 1000
                    records[id]?.endTime = Double(time.end) / 1000
                    records[id]?.timeBasis = time.basis
                }
            }
        }
        return records.values.sorted {
            $0.participant == $1.participant ? $0.id < $1.id : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant)
        }
    }

    /// The coders who have coded something, in the order they were first named: people only (a suggester's
    /// suggestions are not codings; see `suggesters()`).
    public func coders() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM coder WHERE kind = 'person' ORDER BY id") }
    }

    // MARK: - Helpers inside a transaction

    static func ensureCoder(_ db: Database, _ name: String) throws -> Int64 {
        let trimmed = try Self.name(name.trimmingCharacters(in: .whitespaces), .coderName)
        if let row = try Row.fetchOne(db, sql: "SELECT id, kind FROM coder WHERE name = ?", arguments: [trimmed]) {
            // A suggester's suggestions wait for a person; nothing codes under its name.
            guard row["kind"] as String? != "suggested" else {
                throw StoreError.codeProblem("\(trimmed) is a suggester, not a person: its suggestions become codings only when a person accepts them ('studyctl code suggestions accept')")
            }
            return row["id"]
        }
        let key = StudyText.key(trimmed)
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM coder") where StudyText.key(row["name"]) == key { return row["id"] }
        try CoderRow(name: trimmed).insert(db)
        return db.lastInsertedRowID
    }

    static func requireCoder(_ db: Database, _ name: String) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM coder WHERE name = ?", arguments: [StudyText.composed(name)]) { return id }
        throw StoreError.unknownCoder(name: name, known: try String.fetchAll(db, sql: "SELECT name FROM coder ORDER BY id"))
    }
}

/// The characters of the transcripts a batch of codes is placed on, split once per transcript (within one write).
final class TranscriptScalars {
    private var byID: [Int64: [Unicode.Scalar]] = [:]
    init() {}
    func scalars(_ db: Database, transcript id: Int64) throws -> [Unicode.Scalar] {
        if let known = byID[id] { return known }
        let split = Array(try StudyDatabase.transcriptText(db, id).unicodeScalars)
        byID[id] = split
        return split
    }
}
