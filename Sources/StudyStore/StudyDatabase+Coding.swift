import Foundation
import GRDB
import QualCoding
import Surveys
import Wording

/// A codebook category with how much it is used.
public struct CategoryInfo: Sendable, Equatable, Codable {
    public var name: String
    public var definition: String?
    /// "emergent", or the literature reference it was taken from.
    public var origin: String
    public var reference: String?
    public var theme: String?
    /// Codes and participants in the category: every coder's codes, or the one coder's asked for.
    public var codes: Int
    public var participants: Int
    /// Each coder's own codes and participants in the category, in the order coders were first named (when every
    /// coder's codes were asked for and someone has coded).
    public var byCoder: [CoderCount]? = nil
}

/// One coder's codes and participants in a category.
public struct CoderCount: Sendable, Equatable, Codable {
    public var coder: String
    public var codes: Int
    public var participants: Int
}

/// What `updateCategory` changes; nil leaves a field as it is.
public struct CategoryChange: Sendable, Equatable {
    /// A new definition; a blank one removes it.
    public var definition: String?
    public var origin: CategoryOrigin?
    /// The new theme (another category's name); a blank one takes the category out of its theme.
    public var theme: String?
    public var rename: String?

    public init(definition: String? = nil, origin: CategoryOrigin? = nil, theme: String? = nil, rename: String? = nil) {
        self.definition = definition
        self.origin = origin
        self.theme = theme
        self.rename = rename
    }

    public var isEmpty: Bool { definition == nil && origin == nil && theme == nil && rename == nil }
}

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

    public init(participant: String, excerpt: String? = nil, code: String, categories: [String], coder: String? = nil,
                memo: String? = nil, descriptive: Bool = false, span: Range<Int>? = nil, transcript: String? = nil, created: String? = nil) {
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

/// A stored code.
public struct CodeRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var participant: String
    public var excerpt: String
    public var excerptID: Int64
    public var code: String
    public var inVivo: Bool
    public var categories: [String]
    public var coder: String?
    public var spanStart: Int?
    public var spanEnd: Int?
    /// When the code was stored (UTC, ISO 8601).
    public var created: String? = nil
    /// The label of the transcript the excerpt is placed in, when it is a labelled one (a session's log, a second
    /// interview); nil for the participant's unlabelled transcript or an unplaced excerpt.
    public var transcript: String? = nil
    /// The participant whose transcript the excerpt is placed in: `participant` itself, or, in a focus group, the
    /// participant the transcript was stored for. Nil for an unplaced excerpt.
    public var transcriptParticipant: String? = nil
    /// Whether that transcript is an interview or a session's log.
    public var transcriptKind: TranscriptKind? = nil
    /// When the excerpt was said, in seconds from the start of the recording (to the millisecond): from the start of
    /// the first turn it lies in to the end of the last. Nil where the transcript has no times.
    public var startTime: Double? = nil
    public var endTime: Double? = nil
    /// The speakers of the turns the excerpt lies in, as the transcript names them.
    public var speakers: [String]? = nil
    /// True when the excerpt is the moderator's words alone: not counted as a participant's in the coding analyses.
    public var moderatorWords: Bool? = nil

    /// The transcript the excerpt is placed in (its participant and label).
    public var document: DocumentID { DocumentID(participant: transcriptParticipant ?? participant, label: transcript ?? "") }

    /// The code as the span-based agreements read it.
    public var codedSpan: CodedSpan { CodedSpan(coder: coder, document: document, categories: categories, start: spanStart, end: spanEnd) }
}

/// What a memo is about.
public enum MemoTarget: Sendable, Equatable, Hashable {
    case study
    case participant(String)
    case code(Int64)
    case category(String)

    /// Reads `study`, `participant:P4`, `code:12`, `category:NAME`.
    public init?(parsing text: String) {
        if text.lowercased() == "study" { self = .study; return }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let kind = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        switch kind {
        case "participant": self = .participant(value)
        case "code":
            guard let id = Int64(value) else { return nil }
            self = .code(id)
        case "category": self = .category(value)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .study: return "study"
        case let .participant(code): return "participant:\(code)"
        case let .code(id): return "code:\(id)"
        case let .category(name): return "category:\(name)"
        }
    }
}

/// A stored memo.
public struct MemoRecord: Sendable, Equatable, Codable {
    public var id: Int64
    /// `study`, `participant:P4`, `code:12`, `category:NAME`.
    public var on: String
    public var text: String
    public var coder: String?
    public var created: String
    /// For a note taken during a session: its task, its session and its time in the session (seconds).
    public var task: String?
    public var session: Int64?
    public var sessionOffset: Double?
}

extension StudyDatabase {
    // MARK: - Codebook

    /// Adds a category to the codebook.
    public func addCategory(name: String, definition: String?, origin: CategoryOrigin, theme: String? = nil) throws {
        try write { db in try Self.insertCategory(db, name: name, definition: definition, origin: origin, theme: theme) }
    }

    static func insertCategory(_ db: Database, name: String, definition: String?, origin: CategoryOrigin, theme: String?) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw StoreError.invalidInput([.init(location: "category", message: "a category needs a name")]) }
        let trimmed = try Self.name(name.trimmingCharacters(in: .whitespaces), .categoryName)
        if try categoryID(db, trimmed) != nil { throw StoreError.duplicateCategory(name: trimmed) }
        let parentID = try theme.map { try requireCategory(db, $0) }
        if let theme, TextMatching.nfc(theme.trimmingCharacters(in: .whitespaces)).lowercased() == trimmed.lowercased() {
            throw StoreError.invalidInput([.init(location: "category \(trimmed)", message: "a category cannot be its own theme")])
        }
        if let problem = TextSafety.nameProblem(trimmed) {
            throw StoreError.invalidInput([.init(location: "category '\(trimmed)'", message: "the name cannot be stored as typed: \(problem)")])
        }
        if let definition, let problem = TextSafety.nulProblem(in: definition) {
            throw StoreError.invalidInput([.init(location: "category \(trimmed), definition", message: problem)])
        }
        try db.execute(sql: """
            INSERT INTO category (name, definition, origin, reference, parent_id, position, created)
            VALUES (?, ?, ?, ?, ?, (SELECT ifnull(max(position), 0) + 1 FROM category), ?)
            """, arguments: [trimmed, definition.map(TextMatching.nfc), origin.reference == nil ? "emergent" : "literature",
                             origin.reference, parentID, Timestamp.now()])
    }

    /// The names around a circle of themes that `category` is in (A → B → A), or `nil`.
    static func themeCycle(_ db: Database, from category: Int64) throws -> [String]? {
        var path: [Int64] = [category]
        var current = category
        while let parent = try Int64.fetchOne(db, sql: "SELECT parent_id FROM category WHERE id = ?", arguments: [current]) {
            if let start = path.firstIndex(of: parent) {
                let ids = Array(path[start...]) + [parent]
                return try ids.map { try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [$0]) ?? "?" }
            }
            path.append(parent)
            current = parent
        }
        return nil
    }

    /// Renames a category; codes and memos follow it.
    public func renameCategory(_ name: String, to newName: String) throws {
        try write { db in
            let id = try Self.requireCategory(db, name)
            let target = try Self.name(newName.trimmingCharacters(in: .whitespaces), .categoryName)
            if let other = try Self.categoryID(db, target), other != id { throw StoreError.duplicateCategory(name: target) }
            try db.execute(sql: "UPDATE category SET name = ? WHERE id = ?", arguments: [target, id])
        }
    }

    /// Changes a category's definition, origin, theme or name in one transaction: a theme that would put the category
    /// under itself (A under B under A) is refused, naming the circle, and nothing changes.
    public func updateCategory(_ name: String, _ change: CategoryChange) throws {
        try write { db in
            let id = try Self.requireCategory(db, name)
            let current = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [id]) ?? name
            if let definition = change.definition {
                let text = TextMatching.nfc(definition.trimmingCharacters(in: .whitespacesAndNewlines))
                if let problem = TextSafety.nulProblem(in: text) {
                    throw StoreError.invalidInput([.init(location: "category \(current), definition", message: problem)])
                }
                try db.execute(sql: "UPDATE category SET definition = ? WHERE id = ?", arguments: [text.isEmpty ? nil : text, id])
            }
            if let origin = change.origin {
                try db.execute(sql: "UPDATE category SET origin = ?, reference = ? WHERE id = ?",
                               arguments: [origin.reference == nil ? "emergent" : "literature", origin.reference, id])
            }
            if let theme = change.theme {
                if theme.trimmingCharacters(in: .whitespaces).isEmpty {
                    try db.execute(sql: "UPDATE category SET parent_id = NULL WHERE id = ?", arguments: [id])
                } else {
                    let parentID = try Self.requireCategory(db, theme)
                    guard parentID != id else {
                        throw StoreError.invalidInput([.init(location: "category \(current)", message: "a category cannot be its own theme")])
                    }
                    try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [parentID, id])
                    if let cycle = try Self.themeCycle(db, from: id) {
                        throw StoreError.invalidInput([.init(location: "category \(current)",
                                                             message: "the theme '\(theme)' would put the category under itself (\(cycle.joined(separator: " → ")))")])
                    }
                }
            }
            if let rename = change.rename {
                let target = try Self.name(rename.trimmingCharacters(in: .whitespaces), .categoryName)
                if let other = try Self.categoryID(db, target), other != id { throw StoreError.duplicateCategory(name: target) }
                if let problem = TextSafety.nameProblem(target) {
                    throw StoreError.invalidInput([.init(location: "category '\(target)'", message: "the name cannot be stored as typed: \(problem)")])
                }
                try db.execute(sql: "UPDATE category SET name = ? WHERE id = ?", arguments: [target, id])
            }
        }
    }

    /// Merges category `from` into `into`: its codes, memos and sub-themes move, and a memo on `into` records
    /// the merge with the merged category's definition and origin. Returns how many codes moved.
    @discardableResult
    public func mergeCategory(_ from: String, into: String) throws -> Int {
        try write { db in
            let source = try Self.requireCategory(db, from)
            let target = try Self.requireCategory(db, into)
            guard source != target else {
                throw StoreError.invalidInput([.init(location: "category \(from)", message: "a category cannot be merged into itself")])
            }
            let row = try Row.fetchOne(db, sql: "SELECT name, definition, origin, reference FROM category WHERE id = ?", arguments: [source])!
            let targetName = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [target])!
            let moved = try Int.fetchOne(db, sql: "SELECT count(*) FROM code_category WHERE category_id = ?", arguments: [source]) ?? 0
            try db.execute(sql: """
                INSERT OR IGNORE INTO code_category (code_id, category_id) SELECT code_id, ? FROM code_category WHERE category_id = ?
                """, arguments: [target, source])
            try db.execute(sql: "DELETE FROM code_category WHERE category_id = ?", arguments: [source])
            try db.execute(sql: "UPDATE memo SET category_id = ? WHERE category_id = ?", arguments: [target, source])
            // A target that was a sub-theme of the merged category takes its place; the others move under the target.
            try db.execute(sql: "UPDATE category SET parent_id = (SELECT parent_id FROM category WHERE id = ?) WHERE id = ? AND parent_id = ?",
                           arguments: [source, target, source])
            try db.execute(sql: "UPDATE category SET parent_id = ? WHERE parent_id = ? AND id <> ?", arguments: [target, source, target])
            let origin = (row["reference"] as String?) ?? "emergent"
            let definition = (row["definition"] as String?).map { " Its definition: \($0)" } ?? ""
            try db.execute(sql: "INSERT INTO memo (target, category_id, text, created) VALUES ('category', ?, ?, ?)", arguments: [
                target,
                "Merged category '\(row["name"] as String)' (origin: \(origin)) into '\(targetName)'; \(moved) code\(moved == 1 ? "" : "s") moved.\(definition)",
                Timestamp.now()])
            try db.execute(sql: "DELETE FROM category WHERE id = ?", arguments: [source])
            return moved
        }
    }

    /// The codebook in its order, with how many codes and participants each category has.
    public func categories(coder: String? = nil) throws -> [CategoryInfo] {
        try read { db in
            let coderID = try coder.map { try Self.requireCoder(db, $0) }
            var infos = try Row.fetchAll(db, sql: """
                SELECT c.name, c.definition, c.origin, c.reference, parent.name AS theme,
                       count(cc.code_id) AS codes, count(DISTINCT e.participant_id) AS participants
                FROM category c
                LEFT JOIN category parent ON parent.id = c.parent_id
                LEFT JOIN code_category cc ON cc.category_id = c.id
                    AND (? IS NULL OR cc.code_id IN (SELECT id FROM code WHERE coder_id = ?))
                LEFT JOIN code k ON k.id = cc.code_id
                LEFT JOIN excerpt e ON e.id = k.excerpt_id
                GROUP BY c.id ORDER BY c.position
                """, arguments: [coderID, coderID]).map {
                CategoryInfo(name: $0["name"], definition: $0["definition"], origin: $0["origin"] == "emergent" ? "emergent" : ($0["reference"] ?? "literature"),
                             reference: $0["reference"], theme: $0["theme"], codes: $0["codes"], participants: $0["participants"])
            }
            guard coderID == nil else { return infos }
            // Each coder's own counts beside every coder's: two coders of one excerpt are not two codes of the data.
            let coders = try String.fetchAll(db, sql: "SELECT name FROM coder ORDER BY id")
            guard !coders.isEmpty else { return infos }
            var counts: [String: [String: CoderCount]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.name AS category, coder.name AS coder, count(cc.code_id) AS codes, count(DISTINCT e.participant_id) AS participants
                FROM category c JOIN code_category cc ON cc.category_id = c.id JOIN code k ON k.id = cc.code_id
                JOIN coder ON coder.id = k.coder_id JOIN excerpt e ON e.id = k.excerpt_id
                GROUP BY c.id, coder.id
                """) {
                counts[row["category"], default: [:]][row["coder"]] = CoderCount(coder: row["coder"], codes: row["codes"], participants: row["participants"])
            }
            for index in infos.indices {
                infos[index].byCoder = coders.map { counts[infos[index].name]?[$0] ?? CoderCount(coder: $0, codes: 0, participants: 0) }
            }
            return infos
        }
    }

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
        var excerpt = TextMatching.nfc((entry.excerpt ?? entry.code).trimmingCharacters(in: .whitespacesAndNewlines))
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
                                            for: participantID, acceptModerator: true)?.0
            guard let match = placed ?? TextMatching.locate(excerpt, in: text) else {
                let closest = TextMatching.closestPassage(to: excerpt, in: text)
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
                guard participantID == ownerID && !namedSpeaks else {
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
        if let given = entry.span, let existing = try Int64.fetchOne(db, sql: """
            SELECT id FROM excerpt WHERE participant_id = ? AND transcript_id IS ? AND span_start = ? AND span_end = ?
            """, arguments: [participantID, transcriptID, given.lowerBound, given.upperBound]) {
            excerptID = existing
        } else if entry.span == nil, let existing = try Int64.fetchOne(db, sql: "SELECT id FROM excerpt WHERE participant_id = ? AND text = ? AND transcript_id IS ?",
                                             arguments: [participantID, excerpt, transcriptID]) {
            excerptID = existing
        } else {
            try db.execute(sql: """
                INSERT INTO excerpt (participant_id, transcript_id, text, span_start, span_end, created) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [participantID, transcriptID, excerpt, span?.lowerBound, span?.upperBound, entry.created ?? Timestamp.now()])
            excerptID = db.lastInsertedRowID
        }
        let duplicate = try Int64.fetchOne(db, sql: """
            SELECT id FROM code WHERE excerpt_id = ? AND label = ? AND coder_id IS ?
            """, arguments: [excerptID, code, coderID])
        if let duplicate {
            throw StoreError.codeProblem(entry.coder.map { "this code is already stored for \(entry.participant) by \($0) (code \(duplicate))" }
                ?? "this code is already stored for \(entry.participant) (code \(duplicate))")
        }
        try db.execute(sql: "INSERT INTO code (excerpt_id, coder_id, label, in_vivo, created) VALUES (?, ?, ?, ?, ?)",
                       arguments: [excerptID, coderID, code, !entry.descriptive, entry.created ?? Timestamp.now()])
        let codeID = db.lastInsertedRowID
        for categoryID in categoryIDs {
            try db.execute(sql: "INSERT OR IGNORE INTO code_category (code_id, category_id) VALUES (?, ?)", arguments: [codeID, categoryID])
        }
        if let memo = entry.memo, !memo.trimmingCharacters(in: .whitespaces).isEmpty {
            try db.execute(sql: "INSERT INTO memo (target, code_id, coder_id, text, created) VALUES ('code', ?, ?, ?, ?)",
                           arguments: [codeID, coderID, TextMatching.nfc(memo), entry.created ?? Timestamp.now()])
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
            var turns: [Int64: [(span: Range<Int>, start: Int?, end: Int?, name: String?, moderator: Bool)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT u.transcript_id, u.span_start, u.span_end, u.start_ms, u.end_ms, s.name, s.role
                FROM transcript_turn u LEFT JOIN transcript_speaker s ON s.id = u.speaker_id ORDER BY u.transcript_id, u.position
                """) {
                let transcriptID: Int64 = row["transcript_id"]
                guard owners[transcriptID] != nil else { continue }
                turns[transcriptID, default: []].append(((row["span_start"] as Int)..<(row["span_end"] as Int), row["start_ms"], row["end_ms"],
                                                         row["name"], row["role"] as String? == "moderator"))
            }
            for (id, transcriptID) in placed {
                guard let list = turns[transcriptID], let start = records[id]?.spanStart, let end = records[id]?.spanEnd else { continue }
                var overlapping = list.filter { $0.span.lowerBound < end && start < $0.span.upperBound }
                if overlapping.isEmpty, let next = list.first(where: { $0.span.lowerBound >= start }) { overlapping = [next] }
                guard !overlapping.isEmpty else { continue }
                var names: [String] = []
                for turn in overlapping { if let name = turn.name, !names.contains(name) { names.append(name) } }
                records[id]?.speakers = names
                if overlapping.allSatisfy(\.moderator) { records[id]?.moderatorWords = true }
                if let first = overlapping.compactMap(\.start).min() {
                    records[id]?.startTime = Double(first) / 1000
                    let last = overlapping.compactMap { $0.end ?? $0.start }.max() ?? first
                    records[id]?.endTime = Double(last) / 1000
                }
            }
        }
        return records.values.sorted {
            $0.participant == $1.participant ? $0.id < $1.id : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant)
        }
    }

    /// The coders who have coded something, in the order they were first named.
    public func coders() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM coder ORDER BY id") }
    }

    // MARK: - Memos

    /// Adds an analytic memo.
    @discardableResult
    public func addMemo(on target: MemoTarget, text: String, coder: String? = nil) throws -> Int64 {
        let body = TextMatching.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !body.isEmpty else { throw StoreError.invalidInput([.init(location: "memo", message: "the memo is empty")]) }
        return try write { db in try Self.insertMemo(db, on: target, text: body, coder: coder) }
    }

    /// Stores a memo (already normalised) inside the caller's transaction.
    @discardableResult
    static func insertMemo(_ db: Database, on target: MemoTarget, text body: String, coder: String?, created: String? = nil) throws -> Int64 {
        let coderID = try coder.map { try Self.ensureCoder(db, $0) }
        let (kind, participantID, codeID, categoryID) = try Self.resolve(db, target)
        try db.execute(sql: "INSERT INTO memo (target, participant_id, code_id, category_id, coder_id, text, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       arguments: [kind, participantID, codeID, categoryID, coderID, body, created ?? Timestamp.now()])
        return db.lastInsertedRowID
    }

    /// Memos, all or about one thing, oldest first.
    public func memos(on target: MemoTarget? = nil) throws -> [MemoRecord] {
        try read { db in
            var sql = """
                SELECT m.id, m.target, p.code AS participant, m.code_id, c.name AS category, m.text, k.name AS coder, m.created,
                       t.key AS task, m.session_id, m.session_offset
                FROM memo m LEFT JOIN participant p ON p.id = m.participant_id LEFT JOIN category c ON c.id = m.category_id
                LEFT JOIN coder k ON k.id = m.coder_id LEFT JOIN task t ON t.id = m.task_id
                """
            var arguments: StatementArguments = []
            if let target {
                let (kind, participantID, codeID, categoryID) = try Self.resolve(db, target)
                sql += " WHERE m.target = ? AND m.participant_id IS ? AND m.code_id IS ? AND m.category_id IS ?"
                arguments = [kind, participantID, codeID, categoryID]
            }
            sql += " ORDER BY m.id"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let on: String
                switch row["target"] as String {
                case "participant": on = "participant:\(row["participant"] as String)"
                case "code": on = "code:\(row["code_id"] as Int64)"
                case "category": on = "category:\(row["category"] as String)"
                default: on = "study"
                }
                return MemoRecord(id: row["id"], on: on, text: row["text"], coder: row["coder"], created: row["created"],
                                  task: row["task"], session: row["session_id"], sessionOffset: row["session_offset"])
            }
        }
    }

    // MARK: - Helpers inside a transaction

    static func resolve(_ db: Database, _ target: MemoTarget) throws -> (String, Int64?, Int64?, Int64?) {
        switch target {
        case .study: return ("study", nil, nil, nil)
        case let .participant(code): return ("participant", try participantID(db, code: code), nil, nil)
        case let .code(id):
            guard try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE id = ?", arguments: [id]) != nil else { throw StoreError.unknownCode(id: id) }
            return ("code", nil, id, nil)
        case let .category(name): return ("category", nil, nil, try requireCategory(db, name))
        }
    }

    static func categoryID(_ db: Database, _ name: String) throws -> Int64? {
        let wanted = TextMatching.nfc(name.trimmingCharacters(in: .whitespaces))
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM category WHERE name = ?", arguments: [StudyText.composed(wanted)]) { return id }
        // NOCASE folds ASCII only: compare the rest (accented capitals) here.
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM category") where (row["name"] as String).lowercased() == wanted.lowercased() {
            return row["id"]
        }
        return nil
    }

    static func requireCategory(_ db: Database, _ name: String) throws -> Int64 {
        if let id = try categoryID(db, name) { return id }
        throw StoreError.unknownCategory(name: name, known: try String.fetchAll(db, sql: "SELECT name FROM category ORDER BY position"))
    }

    static func ensureCoder(_ db: Database, _ name: String) throws -> Int64 {
        let trimmed = try Self.name(name.trimmingCharacters(in: .whitespaces), .coderName)
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM coder WHERE name = ?", arguments: [trimmed]) { return id }
        let key = StudyText.key(trimmed)
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM coder") where StudyText.key(row["name"]) == key { return row["id"] }
        try db.execute(sql: "INSERT INTO coder (name) VALUES (?)", arguments: [trimmed])
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
