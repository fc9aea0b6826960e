import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// A unit of a transcript a suggester is asked about: whose words, where, and the words themselves.
public struct SuggestionTarget: Sendable, Equatable {
    public var participant: String
    public var transcriptID: Int64
    public var span: Range<Int>
    public var text: String
    public init(participant: String, transcriptID: Int64, span: Range<Int>, text: String) {
        self.participant = participant
        self.transcriptID = transcriptID
        self.span = span
        self.text = text
    }
}

/// What the local suggester learns from and is asked about.
public struct SuggestionMaterial: Sendable {
    /// The person's coded excerpts (their categories), and the units of the transcripts they coded that none of
    /// their excerpts touches (no category: read and left uncoded).
    public var training: [LabelledUnit]
    /// The units none of the person's excerpts touches, in every interview transcript.
    public var targets: [SuggestionTarget]
    /// The categories the person used, in codebook order.
    public var categories: [String]
}

/// How a suggester suggested: stored with its suggestions.
public struct SuggesterInfo: Sendable, Equatable {
    public var name: String
    /// "logistic regression", "naive Bayes", or "external".
    public var method: String
    /// The settings as JSON text.
    public var parameters: String
    public var trainingCoder: String?
    public var unit: String?
    public var threshold: Double?
    /// The file external suggestions came from.
    public var source: String?
    public init(name: String, method: String, parameters: String, trainingCoder: String? = nil, unit: String? = nil,
                threshold: Double? = nil, source: String? = nil) {
        self.name = name
        self.method = method
        self.parameters = parameters
        self.trainingCoder = trainingCoder
        self.unit = unit
        self.threshold = threshold
        self.source = source
    }
}

/// One suggestion to store: a unit (an index into the run's units), a category, a score, and why.
public struct NewSuggestion: Sendable, Equatable {
    public var unit: Int
    public var category: String
    public var score: Double
    public var rationale: String
    public var model: String?
    public var promptHash: String?
    /// When the model suggested it (ISO 8601); now when nil.
    public var time: String?
    public init(unit: Int, category: String, score: Double, rationale: String, model: String? = nil, promptHash: String? = nil, time: String? = nil) {
        self.unit = unit
        self.category = category
        self.score = score
        self.rationale = rationale
        self.model = model
        self.promptHash = promptHash
        self.time = time
    }
}

/// A stored suggestion, as `code suggestions list` shows it.
public struct SuggestionRecord: Sendable, Equatable {
    public var id: Int64
    public var suggester: String
    public var participant: String
    /// The transcript: its participant and label.
    public var document: DocumentID
    public var start: Int
    public var end: Int
    public var text: String
    public var category: String
    public var score: Double
    public var rationale: String
    public var model: String?
    public var promptHash: String?
    public var suggested: String
    /// "pending", "accepted" or "rejected".
    public var status: String
    public var decidedBy: String?
    public var decided: String?
    /// The coding an accepted suggestion became.
    public var codeID: Int64?
}

/// A unit a suggester was asked about, with the categories it suggested there (whatever a person then decided).
public struct SuggestedUnit: Sendable, Equatable {
    public var participant: String
    public var document: DocumentID
    public var transcriptID: Int64
    public var span: Range<Int>
    public var text: String
    public var categories: Set<String>
}

extension StudyDatabase {
    /// The units and codings the local suggester learns from `coder`'s codings (see `SuggestionMaterial`).
    public func suggestionMaterial(coder: String, unit: SuggestionUnitKind) throws -> SuggestionMaterial {
        try read { db in
            let coderID = try Self.requireCoder(db, coder)
            if try String.fetchOne(db, sql: "SELECT kind FROM coder WHERE id = ?", arguments: [coderID]) == "suggested" {
                throw StoreError.codeProblem("\(coder) is a suggester, not a person: suggestions learn from a person's codings")
            }
            var excerpts: [Int64: (text: String, transcript: Int64?, span: Range<Int>?, categories: Set<String>)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT e.id, e.text, e.transcript_id, e.span_start, e.span_end, c.name AS category
                FROM code k JOIN excerpt e ON e.id = k.excerpt_id JOIN code_category l ON l.code_id = k.id
                JOIN category c ON c.id = l.category_id LEFT JOIN transcript t ON t.id = e.transcript_id
                WHERE k.coder_id = ? AND (t.id IS NULL OR t.kind = 'interview')
                """, arguments: [coderID]) {
                let id: Int64 = row["id"]
                let span: Range<Int>? = (row["span_start"] as Int?).flatMap { start in (row["span_end"] as Int?).map { start..<max(start, $0) } }
                excerpts[id, default: (row["text"], row["transcript_id"], span, [])].categories.insert(row["category"])
            }
            let used = Set(excerpts.values.flatMap(\.categories))
            let categories = try String.fetchAll(db, sql: "SELECT name FROM category ORDER BY position").filter { used.contains($0) }
            var training = excerpts.sorted { $0.key < $1.key }.map { LabelledUnit(text: $0.value.text, categories: $0.value.categories) }
            var spansByTranscript: [Int64: [Range<Int>]] = [:]
            for excerpt in excerpts.values { if let t = excerpt.transcript, let span = excerpt.span { spansByTranscript[t, default: []].append(span) } }
            var targets: [SuggestionTarget] = []
            for (transcriptID, owner, units) in try Self.transcriptUnits(db, kind: unit) {
                let coded = spansByTranscript[transcriptID] ?? []
                for (span, participant, text) in units where !coded.contains(where: { SuggestionUnits.overlaps($0, span) }) {
                    if !coded.isEmpty { training.append(LabelledUnit(text: text, categories: [])) }
                    targets.append(SuggestionTarget(participant: participant ?? owner, transcriptID: transcriptID, span: span, text: text))
                }
            }
            return SuggestionMaterial(training: training, targets: targets, categories: categories)
        }
    }

    /// Every interview transcript's units: its id, its participant, and each unit's span, speaker (a mapped
    /// participant, else nil: the transcript's participant) and words. The moderator's turns are left out.
    static func transcriptUnits(_ db: Database, kind: SuggestionUnitKind) throws -> [(Int64, String, [(Range<Int>, String?, String)])] {
        var turns: [Int64: [(Range<Int>, String?)]] = [:]
        var withTurns: Set<Int64> = []
        for row in try Row.fetchAll(db, sql: """
            SELECT u.transcript_id, u.span_start, u.span_end, s.role, p.code FROM transcript_turn u
            LEFT JOIN transcript_speaker s ON s.id = u.speaker_id LEFT JOIN participant p ON p.id = s.participant_id
            ORDER BY u.transcript_id, u.position
            """) {
            let id: Int64 = row["transcript_id"]
            withTurns.insert(id)
            if row["role"] as String? == "moderator" { continue }
            turns[id, default: []].append(((row["span_start"] as Int)..<max(row["span_start"] as Int, row["span_end"] as Int), row["code"]))
        }
        var result: [(Int64, String, [(Range<Int>, String?, String)])] = []
        for row in try Row.fetchAll(db, sql: """
            SELECT t.id, t.text, p.code FROM transcript t JOIN participant p ON p.id = t.participant_id
            WHERE t.kind = 'interview' ORDER BY p.code, t.label, t.id
            """) {
            let id: Int64 = row["id"]
            let scalars = Array((row["text"] as String).unicodeScalars)
            var units: [(Range<Int>, String?, String)] = []
            if withTurns.contains(id) {
                for (turn, speaker) in turns[id] ?? [] {
                    for span in SuggestionUnits.spans(scalars, turns: [turn], kind: kind) {
                        units.append((span, speaker, String(String.UnicodeScalarView(scalars[span]))))
                    }
                }
            } else {
                for span in SuggestionUnits.spans(scalars, turns: nil, kind: kind) {
                    units.append((span, nil, String(String.UnicodeScalarView(scalars[span]))))
                }
            }
            result.append((id, row["code"], units))
        }
        return result
    }

    /// Stores a suggester's run in one transaction: the suggester (created as a coder of the "suggested" kind, or
    /// its settings replaced), the units it was asked about and its suggestions. The suggester's pending
    /// suggestions from an earlier run are replaced; those a person decided stay. Returns how many suggestions were
    /// stored and how many pending ones were replaced.
    @discardableResult
    public func storeSuggestions(_ info: SuggesterInfo, units: [SuggestionTarget], suggestions: [NewSuggestion]) throws -> (stored: Int, replaced: Int) {
        try write { db in
            let name = try Self.name(info.name.trimmingCharacters(in: .whitespaces), .coderName)
            var suggesterID: Int64
            if let row = try Row.fetchOne(db, sql: "SELECT id, kind FROM coder WHERE name = ?", arguments: [name]) {
                guard row["kind"] as String == "suggested" else {
                    throw StoreError.codeProblem("\(name) is a person who codes; name the suggester otherwise with --as")
                }
                suggesterID = row["id"]
            } else {
                try db.execute(sql: "INSERT INTO coder (name, kind) VALUES (?, 'suggested')", arguments: [name])
                suggesterID = db.lastInsertedRowID
            }
            let now = Timestamp.now()
            // A suggester made again under its name replaces how it was made (INSERT OR REPLACE).
            try SuggesterRow(coderId: suggesterID, method: info.method, parameters: info.parameters, trainingCoder: info.trainingCoder,
                             unit: info.unit, threshold: info.threshold, source: info.source, created: now).insert(db, onConflict: .replace)
            let replaced = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM suggestion s JOIN suggestion_unit u ON u.id = s.unit_id WHERE u.suggester_id = ? AND s.status = 'pending'
                """, arguments: [suggesterID]) ?? 0
            try db.execute(sql: """
                DELETE FROM suggestion WHERE status = 'pending' AND unit_id IN (SELECT id FROM suggestion_unit WHERE suggester_id = ?);
                DELETE FROM suggestion_unit WHERE suggester_id = ? AND id NOT IN (SELECT unit_id FROM suggestion);
                """, arguments: [suggesterID, suggesterID])
            var unitIDs: [Int64] = []
            unitIDs.reserveCapacity(units.count)
            var participantIDs: [String: Int64] = [:]
            for unit in units {
                let participantID = try participantIDs[unit.participant] ?? Self.participantID(db, code: unit.participant)
                participantIDs[unit.participant] = participantID
                try db.execute(sql: """
                    INSERT OR IGNORE INTO suggestion_unit (suggester_id, participant_id, transcript_id, span_start, span_end) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [suggesterID, participantID, unit.transcriptID, unit.span.lowerBound, unit.span.upperBound])
                unitIDs.append(try Int64.fetchOne(db, sql: """
                    SELECT id FROM suggestion_unit WHERE suggester_id = ? AND transcript_id = ? AND span_start = ? AND span_end = ?
                    """, arguments: [suggesterID, unit.transcriptID, unit.span.lowerBound, unit.span.upperBound]) ?? 0)
            }
            var categoryIDs: [String: Int64] = [:]
            var stored = 0
            for suggestion in suggestions {
                guard let categoryID = try categoryIDs[suggestion.category] ?? Self.categoryID(db, suggestion.category) else {
                    throw StoreError.codeProblem("no category '\(suggestion.category)' in the codebook")
                }
                categoryIDs[suggestion.category] = categoryID
                try db.execute(sql: """
                    INSERT OR IGNORE INTO suggestion (unit_id, category_id, score, rationale, model, prompt_hash, suggested) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [unitIDs[suggestion.unit], categoryID, min(1, max(0, suggestion.score)), suggestion.rationale,
                                     suggestion.model, suggestion.promptHash, suggestion.time ?? now])
                stored += db.changesCount
            }
            return (stored, replaced)
        }
    }

    /// The stored suggestions, of one suggester and one status when given, in participant and text order.
    public func suggestions(suggester: String? = nil, status: String? = nil, id: Int64? = nil) throws -> [SuggestionRecord] {
        try read { db in
            let suggesterID = try suggester.map { try Self.requireSuggester(db, $0) }
            return try Self.suggestionRecords(db, suggesterID: suggesterID, status: status, id: id)
        }
    }

    static func suggestionRecords(_ db: Database, suggesterID: Int64?, status: String?, id: Int64?) throws -> [SuggestionRecord] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT s.id, g.name AS suggester, p.code AS participant, tp.code AS owner, t.label, u.span_start, u.span_end,
                   substr(t.text, u.span_start + 1, u.span_end - u.span_start) AS text, c.name AS category, s.score, s.rationale,
                   s.model, s.prompt_hash, s.suggested, s.status, d.name AS decided_by, s.decided, s.code_id
            FROM suggestion s JOIN suggestion_unit u ON u.id = s.unit_id JOIN coder g ON g.id = u.suggester_id
            JOIN participant p ON p.id = u.participant_id JOIN transcript t ON t.id = u.transcript_id
            JOIN participant tp ON tp.id = t.participant_id JOIN category c ON c.id = s.category_id
            LEFT JOIN coder d ON d.id = s.decided_by
            WHERE (? IS NULL OR u.suggester_id = ?) AND (? IS NULL OR s.status = ?) AND (? IS NULL OR s.id = ?)
            ORDER BY s.id
            """, arguments: [suggesterID, suggesterID, status, status, id, id])
        return rows.map { row in
            SuggestionRecord(id: row["id"], suggester: row["suggester"], participant: row["participant"],
                             document: DocumentID(participant: row["owner"], label: row["label"]), start: row["span_start"], end: row["span_end"],
                             text: row["text"], category: row["category"], score: row["score"], rationale: row["rationale"], model: row["model"],
                             promptHash: row["prompt_hash"], suggested: row["suggested"], status: row["status"], decidedBy: row["decided_by"],
                             decided: row["decided"], codeID: row["code_id"])
        }
    }

    /// Accepts a pending suggestion in one transaction: it becomes `coder`'s coding (a descriptive code named after
    /// the category, on the unit's words), and the suggestion records who accepted it and which coding it became.
    public func acceptSuggestion(_ id: Int64, coder: String) throws -> (suggestion: SuggestionRecord, code: CodeResult) {
        try write { db in
            let suggestion = try Self.pendingSuggestion(db, id)
            let personID = try Self.personCoder(db, coder)
            let entry = CodeEntry(participant: suggestion.participant, code: suggestion.category, categories: [suggestion.category], coder: coder,
                                  descriptive: true, span: suggestion.start..<suggestion.end, transcript: suggestion.document.label,
                                  transcriptParticipant: suggestion.document.participant)
            let result = try Self.insertCode(db, entry)
            try db.execute(sql: "UPDATE suggestion SET status = 'accepted', decided_by = ?, decided = ?, code_id = ? WHERE id = ?",
                           arguments: [personID, Timestamp.now(), result.id, id])
            return (try Self.suggestionRecords(db, suggesterID: nil, status: nil, id: id)[0], result)
        }
    }

    /// Rejects a pending suggestion in one transaction, recording who did.
    public func rejectSuggestion(_ id: Int64, coder: String) throws -> SuggestionRecord {
        try write { db in
            _ = try Self.pendingSuggestion(db, id)
            let personID = try Self.personCoder(db, coder)
            try db.execute(sql: "UPDATE suggestion SET status = 'rejected', decided_by = ?, decided = ? WHERE id = ?",
                           arguments: [personID, Timestamp.now(), id])
            return try Self.suggestionRecords(db, suggesterID: nil, status: nil, id: id)[0]
        }
    }

    /// Undoes a decision in one transaction: the suggestion is pending again, and an accepted one's coding is
    /// removed (with its excerpt, when no other coding is on it).
    public func undoSuggestion(_ id: Int64) throws -> SuggestionRecord {
        try write { db in
            guard let before = try Self.suggestionRecords(db, suggesterID: nil, status: nil, id: id).first else {
                throw StoreError.codeProblem("no suggestion \(id) in the study (see 'studyctl code suggestions list')")
            }
            guard before.status != "pending" else {
                throw StoreError.codeProblem("suggestion \(id) is pending: there is no decision to undo")
            }
            try db.execute(sql: "UPDATE suggestion SET status = 'pending', decided_by = NULL, decided = NULL, code_id = NULL WHERE id = ?", arguments: [id])
            if let codeID = before.codeID,
               let excerptID = try Int64.fetchOne(db, sql: "SELECT excerpt_id FROM code WHERE id = ?", arguments: [codeID]) {
                try db.execute(sql: "DELETE FROM memo WHERE code_id = ?", arguments: [codeID])
                try db.execute(sql: "DELETE FROM code_category WHERE code_id = ?", arguments: [codeID])
                try db.execute(sql: "DELETE FROM code WHERE id = ?", arguments: [codeID])
                if try Int.fetchOne(db, sql: "SELECT count(*) FROM code WHERE excerpt_id = ?", arguments: [excerptID]) == 0 {
                    try db.execute(sql: "DELETE FROM excerpt WHERE id = ?", arguments: [excerptID])
                }
            }
            return before
        }
    }

    /// The suggesters: every coder of the "suggested" kind, with how it suggested.
    public func suggesters() throws -> [SuggesterInfo] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.name, s.method, s.parameters, s.training_coder, s.unit, s.threshold, s.source
                FROM coder c JOIN suggester s ON s.coder_id = c.id WHERE c.kind = 'suggested' ORDER BY c.id
                """).map {
                SuggesterInfo(name: $0["name"], method: $0["method"], parameters: $0["parameters"], trainingCoder: $0["training_coder"],
                              unit: $0["unit"], threshold: $0["threshold"], source: $0["source"])
            }
        }
    }

    /// Every unit a suggester was asked about, with the categories it suggested there (pending or decided).
    public func suggestedUnits(suggester: String) throws -> [SuggestedUnit] {
        try read { db in
            let suggesterID = try Self.requireSuggester(db, suggester)
            var units: [Int64: SuggestedUnit] = [:]
            var order: [Int64] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT u.id, p.code AS participant, tp.code AS owner, t.label, u.transcript_id, u.span_start, u.span_end,
                       substr(t.text, u.span_start + 1, u.span_end - u.span_start) AS text
                FROM suggestion_unit u JOIN participant p ON p.id = u.participant_id JOIN transcript t ON t.id = u.transcript_id
                JOIN participant tp ON tp.id = t.participant_id WHERE u.suggester_id = ? ORDER BY tp.code, t.label, u.span_start, u.id
                """, arguments: [suggesterID]) {
                let id: Int64 = row["id"]
                order.append(id)
                units[id] = SuggestedUnit(participant: row["participant"], document: DocumentID(participant: row["owner"], label: row["label"]),
                                          transcriptID: row["transcript_id"], span: (row["span_start"] as Int)..<(row["span_end"] as Int),
                                          text: row["text"], categories: [])
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT s.unit_id, c.name FROM suggestion s JOIN category c ON c.id = s.category_id JOIN suggestion_unit u ON u.id = s.unit_id
                WHERE u.suggester_id = ?
                """, arguments: [suggesterID]) {
                units[row["unit_id"]]?.categories.insert(row["name"])
            }
            return order.compactMap { units[$0] }
        }
    }

    /// A person's categories on each of `units`: those of the person's codings whose span shares a character with the
    /// unit; nil for a unit in a transcript the person coded nothing in (not read, so no value).
    public func personCategories(coder: String, on units: [SuggestedUnit]) throws -> [Set<String>?] {
        try read { db in
            let coderID = try Self.requireCoder(db, coder)
            var spans: [Int64: [(Range<Int>, String)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT e.transcript_id, e.span_start, e.span_end, c.name FROM code k JOIN excerpt e ON e.id = k.excerpt_id
                JOIN code_category l ON l.code_id = k.id JOIN category c ON c.id = l.category_id
                WHERE k.coder_id = ? AND e.transcript_id IS NOT NULL AND e.span_start IS NOT NULL
                """, arguments: [coderID]) {
                spans[row["transcript_id"], default: []].append(((row["span_start"] as Int)..<max(row["span_start"] as Int, row["span_end"] as Int), row["name"]))
            }
            return units.map { unit in
                guard let coded = spans[unit.transcriptID] else { return nil }
                return Set(coded.filter { SuggestionUnits.overlaps($0.0, unit.span) }.map(\.1))
            }
        }
    }

    /// The transcript a suggestion for `participant` lies in (the one `label` names; the first when empty): its id,
    /// its participant and its text.
    public func suggestionTranscript(participant: String, label: String) throws -> (id: Int64, owner: String, text: String) {
        try read { db in
            let participantID = try Self.participantID(db, code: participant)
            let entry = CodeEntry(participant: participant, code: "?", categories: [], transcript: label.isEmpty ? nil : label)
            guard let row = try Self.codingTranscript(db, participantID: participantID, entry: entry) else {
                throw StoreError.codeProblem("\(participant) has no transcript")
            }
            let owner = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [row["participant_id"] as Int64]) ?? participant
            return (row["id"], owner, try Self.transcriptText(db, row["id"]))
        }
    }

    /// Whether `name` is a suggester.
    public func isSuggester(_ name: String) throws -> Bool {
        try read { db in
            try String.fetchOne(db, sql: "SELECT kind FROM coder WHERE name = ?", arguments: [StudyText.composed(name)]) == "suggested"
        }
    }

    static func requireSuggester(_ db: Database, _ name: String) throws -> Int64 {
        let id = try requireCoder(db, name)
        guard try String.fetchOne(db, sql: "SELECT kind FROM coder WHERE id = ?", arguments: [id]) == "suggested" else {
            throw StoreError.codeProblem("\(name) is a person, not a suggester (suggesters: \(try String.fetchAll(db, sql: "SELECT name FROM coder WHERE kind = 'suggested' ORDER BY id").joined(separator: ", ")))")
        }
        return id
    }

    static func pendingSuggestion(_ db: Database, _ id: Int64) throws -> SuggestionRecord {
        guard let suggestion = try suggestionRecords(db, suggesterID: nil, status: nil, id: id).first else {
            throw StoreError.codeProblem("no suggestion \(id) in the study (see 'studyctl code suggestions list')")
        }
        guard suggestion.status == "pending" else {
            let who = suggestion.decidedBy ?? "?"
            throw StoreError.codeProblem(suggestion.status == "accepted"
                ? "suggestion \(id) was already accepted by \(who); 'studyctl code suggestions undo \(id)' makes it pending again"
                : "suggestion \(id) was already rejected by \(who); 'studyctl code suggestions undo \(id)' makes it pending again")
        }
        return suggestion
    }

    /// The person deciding: a coder of the "person" kind (created when new).
    static func personCoder(_ db: Database, _ name: String) throws -> Int64 {
        let id = try ensureCoder(db, name)
        guard try String.fetchOne(db, sql: "SELECT kind FROM coder WHERE id = ?", arguments: [id]) == "person" else {
            throw StoreError.codeProblem("\(name) is a suggester: only a person accepts or rejects a suggestion (--coder NAME)")
        }
        return id
    }
}

/// What a local suggestion run did (`code suggest --from`).
public struct LocalSuggestRun: Sendable {
    public var suggester: LocalSuggester
    public var trainingUnits: Int
    /// Training units with a category (the person's coded excerpts).
    public var codedUnits: Int
    public var targets: Int
    public var stored: Int
    public var replaced: Int
}

extension StudyDatabase {
    /// Learns from `coder`'s codings, suggests categories for the units they have not coded, and stores the
    /// suggestions as suggester `name`'s, pending (see `LocalSuggester`, `storeSuggestions`).
    public func suggestCodes(from coder: String, unit: SuggestionUnitKind, threshold: Double, folds: Int, as name: String,
                             features: TextFeatures, parameters: SuggestionParameters = SuggestionParameters()) throws -> LocalSuggestRun {
        let material = try suggestionMaterial(coder: coder, unit: unit)
        guard !material.categories.isEmpty else {
            throw StoreError.codeProblem("\(coder) has coded nothing in a category yet: suggestions learn from a person's codings")
        }
        let suggester = LocalSuggester(training: material.training, targets: material.targets.map(\.text), categories: material.categories,
                                       features: features, folds: folds, threshold: threshold, parameters: parameters)
        let method = suggester.chosen.rawValue
        let scores = suggester.validations.map { "\"\($0.method.rawValue)\": \(String(format: "%.4f", $0.macroF1))" }.joined(separator: ", ")
        let settings = """
            {"unit": "\(unit.rawValue)", "min_confidence": \(threshold), "folds": \(folds), "seed": \(parameters.seed), "epochs": \(parameters.epochs), \
            "l2": \(parameters.l2), "smoothing": \(parameters.smoothing), "word_ngrams": [1, 2], "char_ngrams": [3, 5], \
            "cross_validated_macro_f1": {\(scores)}}
            """
        let info = SuggesterInfo(name: name, method: method, parameters: settings, trainingCoder: coder, unit: unit.rawValue, threshold: threshold)
        let suggestions = suggester.suggestions.map {
            NewSuggestion(unit: $0.unit, category: $0.category, score: $0.score, rationale: $0.words.joined(separator: ", "), model: "studyctl \(method)")
        }
        let (stored, replaced) = try storeSuggestions(info, units: material.targets, suggestions: suggestions)
        return LocalSuggestRun(suggester: suggester, trainingUnits: material.training.count,
                               codedUnits: material.training.filter { !$0.categories.isEmpty }.count,
                               targets: material.targets.count, stored: stored, replaced: replaced)
    }

    /// A suggester measured against a person (`codes agreement --coders PERSON,SUGGESTER`): its suggestions on the
    /// units it was asked about, and, when the person is a local suggester's training coder, the model
    /// cross-validated on the person's codings (see `SuggestionAgreement`).
    public func suggestionAgreement(person: String, suggester: String, suggestedOnly: Bool, features: TextFeatures) throws -> SuggestionAgreement {
        guard let info = try suggesters().first(where: { StudyText.key($0.name) == StudyText.key(suggester) }) else {
            throw StoreError.codeProblem("\(suggester) is not a suggester")
        }
        let asked = try suggestedUnits(suggester: info.name)
        let personSets = try personCategories(coder: person, on: asked)
        var units: [SuggestionAgreement.Unit] = []
        for (unit, personSet) in zip(asked, personSets) {
            guard let personSet else { continue }
            if suggestedOnly && unit.categories.isEmpty { continue }
            units.append(.init(participant: unit.participant, transcript: unit.document.label, start: unit.span.lowerBound, end: unit.span.upperBound,
                               text: unit.text, person: personSet.sorted(), suggested: unit.categories.sorted()))
        }
        var crossValidation: CrossValidationReport?
        let codebook = try categories().map(\.name)
        if let trainer = info.trainingCoder, StudyText.key(trainer) == StudyText.key(person), info.method != "external",
           let kind = SuggestionUnitKind(rawValue: info.unit ?? "sentence") {
            let material = try suggestionMaterial(coder: trainer, unit: kind)
            var parameters = SuggestionParameters()
            if let data = info.parameters.data(using: .utf8), let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                if let seed = settings["seed"] as? NSNumber { parameters.seed = seed.uint64Value }
                if let epochs = settings["epochs"] as? NSNumber { parameters.epochs = epochs.intValue }
            }
            let folds = ((try? JSONSerialization.jsonObject(with: Data(info.parameters.utf8))) as? [String: Any])?["folds"] as? Int ?? 5
            if !material.categories.isEmpty {
                crossValidation = CrossValidationReport(trainingCoder: trainer, units: material.training, categories: material.categories,
                                                        features: features, folds: folds, threshold: info.threshold ?? 0.6, parameters: parameters)
            }
        }
        let used = Set(units.flatMap { $0.person + $0.suggested })
        return SuggestionAgreement(person: person, suggester: info.name, method: info.method, trainingCoder: info.trainingCoder,
                                   categories: codebook.filter { used.contains($0) }, units: units, unitsAsked: asked.count,
                                   suggestedOnly: suggestedOnly, crossValidation: crossValidation)
    }
}
