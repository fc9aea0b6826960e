import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// A set of interviews to bring into a study at once — what an exchange format (REFI-QDA) carries: participants
/// with attributes, a codebook, transcripts, codes placed on them, memos.
public struct StudyBundle: Sendable {
    public struct Participant: Sendable {
        public var code: String
        public var attributes: [(name: String, value: String)]
        public init(code: String, attributes: [(name: String, value: String)]) { self.code = code; self.attributes = attributes }
    }
    public struct Category: Sendable {
        public var name: String
        public var definition: String?
        public var origin: CategoryOrigin
        public var theme: String?
        public init(name: String, definition: String?, origin: CategoryOrigin, theme: String?) {
            self.name = name; self.definition = definition; self.origin = origin; self.theme = theme
        }
    }
    public struct Transcript: Sendable {
        public var participant: String
        public var label: String
        public var text: String
        /// An interview or a session's log.
        public var kind: TranscriptKind
        /// Its turns and speakers, when it was read from a timed file.
        public var timing: TranscriptTiming?
        /// What its file held before the speech (a title, "Speakers: …"), kept apart from the words.
        public var header: String?
        public init(participant: String, label: String, text: String, kind: TranscriptKind = .interview, timing: TranscriptTiming? = nil,
                    header: String? = nil) {
            self.participant = participant; self.label = label; self.text = text; self.kind = kind; self.timing = timing; self.header = header
        }
    }
    public struct Memo: Sendable {
        public var target: MemoTarget
        public var text: String
        public var coder: String?
        /// When it was written (UTC, ISO 8601), when known.
        public var created: String?
        public init(target: MemoTarget, text: String, coder: String?, created: String? = nil) {
            self.target = target; self.text = text; self.coder = coder; self.created = created
        }
    }
    public struct Annotation: Sendable {
        public var participant: String
        /// The transcript's label ("" for the unlabelled interview).
        public var label: String
        /// Scalar offsets in the transcript as stored (NFC, LF).
        public var span: Range<Int>
        public var text: String
        public var coder: String?
        /// When it was written (UTC, ISO 8601), when known.
        public var created: String?
        public init(participant: String, label: String, span: Range<Int>, text: String, coder: String?, created: String? = nil) {
            self.participant = participant; self.label = label; self.span = span; self.text = text; self.coder = coder; self.created = created
        }
    }
    /// Attributes that identify a person (a name, an e-mail): marked so in the study, never unmarked.
    public var identifying: Set<String> = []
    /// Attributes derived by a rule from another (name, source attribute, rule), restored when both are there.
    public var derivations: [(name: String, from: String, rule: String)] = []
    /// The type each attribute has where the bundle says (a REFI-QDA variable's type, the other study's): a new
    /// attribute takes it, so a text variable's `4.10` stays `4.10`.
    public var attributeTypes: [String: AttributeType] = [:]

    public var participants: [Participant] = []
    /// In an order where a category's theme comes before it.
    public var categories: [Category] = []
    public var transcripts: [Transcript] = []
    /// Codes with their spans (scalar offsets in the transcript as stored: NFC, LF).
    public var codes: [CodeEntry] = []
    public var memos: [Memo] = []
    /// Annotations on passages of the transcripts (spans in the stored text, as codes').
    public var annotations: [Annotation] = []
    /// GUIDs another tool gave these things (kind, key as the REFI export names it, GUID), kept for round trips.
    public var foreignGUIDs: [(kind: String, key: String, guid: String)] = []
    /// Per entry of `codes` (same index), the GUIDs of its selection and of its coding in each category, if known.
    public var codeGUIDs: [(selection: String?, codings: [String: String])] = []
    /// Recordings of the transcripts (a REFI-QDA audio or video source), each linked to its transcript by label.
    public var recordings: [MediaRegistration] = []
    /// Every coder the other side knows (REFI-QDA's users), those who coded nothing too.
    public var coders: [String] = []
    public init() {}
}

/// What a bundle import did, and what it left out and why.
public struct BundleSummary: Sendable, Equatable {
    /// Conflicts found and how they were settled ("kept ours" / "took theirs").
    public var settled: [Sentence] = []
    public var participantsAdded: [String] = []
    public var categoriesAdded: [String] = []
    public var transcriptsAdded = 0
    public var codesAdded = 0
    public var memosAdded = 0
    public var annotationsAdded = 0
    public var recordingsAdded = 0
    public var skipped: [Sentence] = []
    /// Other changes to the study: attributes marked identifying, rules of derived attributes, coders who coded nothing.
    public var otherChanges = 0

    /// Nothing came in: every participant, category, transcript, recording, code, memo and annotation was there already.
    public var isEmpty: Bool {
        participantsAdded.isEmpty && categoriesAdded.isEmpty && transcriptsAdded == 0 && codesAdded == 0 && memosAdded == 0
            && annotationsAdded == 0 && recordingsAdded == 0 && otherChanges == 0 && !settled.contains { $0.pattern.hasSuffix("took theirs") }
    }
}

extension StudyDatabase {
    /// Brings `bundle` into the study in one transaction. Participants, categories and identical transcripts already
    /// in the study are kept; a code already stored (same excerpt, wording and coder) is skipped and said so; an
    /// attribute with another value, a transcript that differs from the one stored, or a code the checks of
    /// `code add` refuse stops the import with nothing stored.
    public func importBundle(_ bundle: StudyBundle) throws -> BundleSummary {
        try importBundle(bundle, prefer: nil, dryRun: false, record: nil)
    }

    /// Which side wins a conflict in a merge.
    public enum Preference: String, Sendable, CaseIterable { case ours, theirs }

    struct RolledBack: Error { var summary: BundleSummary }

    /// Brings `bundle` in: conflicts (an attribute with two values, a category with two definitions or themes) are
    /// settled by `prefer`, or, without it, listed and refused. `dryRun` does everything in the transaction, then
    /// rolls it back. `record`, when something changed, is stored as a study memo in the same transaction.
    public func importBundle(_ bundle: StudyBundle, prefer: Preference?, dryRun: Bool, record: String?) throws -> BundleSummary {
        do {
            return try write { db in
                let summary = try Self.apply(db, bundle, prefer: prefer, record: record)
                // Nothing new (the same project imported again): the study file stays as it was, byte for byte.
                if dryRun || summary.isEmpty { throw RolledBack(summary: summary) }
                return summary
            }
        } catch let rolled as RolledBack {
            return rolled.summary
        }
    }

    static func apply(_ db: Database, _ given: StudyBundle, prefer: Preference?, record: String?) throws -> BundleSummary {
            var summary = BundleSummary()
            let bundle = try Self.recognisingTranscripts(db, given, summary: &summary)
            var conflicts: [StoreError.Problem] = []
            // Attributes new to the study take the bundle's types (declared); for one the study has, the bundle's type
            // is used only where it agrees (a number the other side declared reads as a number), else the study's rules.
            // (New attributes are declared as their first value is stored, so they keep the bundle's order.)
            var types: [String: AttributeType] = [:]
            for (name, type) in bundle.attributeTypes {
                let held = try Self.attributeType(db, name)
                if held == nil || held == type { types[StudyText.key(name)] = type }
            }
            try applyParticipants(db, bundle, types: types, prefer: prefer, summary: &summary, conflicts: &conflicts)
            for name in bundle.identifying.sorted() {
                if let stored = try Self.attributeName(db, name) {
                    try db.execute(sql: "UPDATE attribute SET identifying = 1 WHERE name = ? AND identifying = 0", arguments: [stored])
                    summary.otherChanges += db.changesCount
                }
            }
            for derivation in bundle.derivations where (try? DerivationRule(parsing: derivation.rule)) != nil {
                try db.execute(sql: """
                    UPDATE attribute SET derived_from = (SELECT name FROM attribute WHERE name = ?), rule = ?
                    WHERE name = ? AND derived_from IS NULL AND EXISTS (SELECT 1 FROM attribute WHERE name = ?)
                    """, arguments: [derivation.from, derivation.rule, derivation.name, derivation.from])
                summary.otherChanges += db.changesCount
            }
            for category in bundle.categories {
                guard let id = try Self.categoryID(db, category.name) else {
                    try Self.insertCategory(db, name: category.name, definition: category.definition, origin: category.origin, theme: category.theme)
                    summary.categoriesAdded.append(category.name)
                    continue
                }
                let row = try Row.fetchOne(db, sql: "SELECT c.definition, t.name AS theme FROM category c LEFT JOIN category t ON t.id = c.parent_id WHERE c.id = ?",
                                           arguments: [id])
                let definition: String? = row?["definition"]
                let theme: String? = row?["theme"]
                let fields: [(Sentence, String?, String?, String)] = [("definition", definition, category.definition, "definition"), ("theme", theme, category.theme, "theme")]
                for case let (field, ours, theirs?, column) in fields where ours != theirs {
                    let what: Sentence = "category \(category.name): the \(field) is '\(ours ?? "")' here and '\(theirs)' there"
                    switch prefer {
                    case .ours?: summary.settled.append("\(what) — kept ours")
                    case .theirs?:
                        summary.settled.append("\(what) — took theirs")
                        if column == "definition" {
                            try db.execute(sql: "UPDATE category SET definition = ? WHERE id = ?", arguments: [theirs, id])
                        } else if let themeID = try Self.categoryID(db, theirs) {
                            // Never a cycle: the new theme may not sit under this category.
                            var ancestor: Int64? = themeID
                            while let current = ancestor {
                                if current == id { throw StoreError.invalidInput([.init(location: "category \(category.name)", message: "taking the theme '\(theirs)' would make a cycle of themes")]) }
                                ancestor = try Int64.fetchOne(db, sql: "SELECT parent_id FROM category WHERE id = ?", arguments: [current])
                            }
                            try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [themeID, id])
                        }
                    case nil: conflicts.append(.init(location: "category \(category.name)", message: "the \(field) is '\(ours ?? "")' here and '\(theirs)' there"))
                    }
                }
            }
            if !conflicts.isEmpty {
                throw StoreError.invalidInput(conflicts + [.init(location: "merge", message: "settle these with --prefer ours or --prefer theirs; nothing was changed")])
            }
            let codersBefore = try Int.fetchOne(db, sql: "SELECT count(*) FROM coder") ?? 0
            for coder in bundle.coders where !coder.trimmingCharacters(in: .whitespaces).isEmpty { _ = try Self.ensureCoder(db, coder) }
            summary.otherChanges += (try Int.fetchOne(db, sql: "SELECT count(*) FROM coder") ?? 0) - codersBefore
            for transcript in bundle.transcripts {
                let participantID = try Self.participantID(db, code: transcript.participant)
                if let stored = try String.fetchOne(db, sql: "SELECT text FROM transcript WHERE participant_id = ? AND label = ?",
                                                    arguments: [participantID, transcript.label]) {
                    guard stored == transcript.text else {
                        throw StoreError.invalidInput([.init(location: "participant \(transcript.participant)",
                                                             message: transcript.label.isEmpty ? "the study holds another transcript for this participant"
                                                                : "the study holds another transcript '\(transcript.label)' for this participant")])
                    }
                    continue
                }
                _ = try Self.insertTranscript(db, participant: transcript.participant, normalized: transcript.text, label: transcript.label,
                                              source: "REFI-QDA", replace: false, force: false, timing: transcript.timing, kind: transcript.kind,
                                              header: transcript.header)
                summary.transcriptsAdded += 1
            }
            for recording in bundle.recordings {
                // The same file registered for the participant already (merging a copy again) is not added twice.
                let participantID = try Self.participantID(db, code: recording.participant)
                if try Int.fetchOne(db, sql: "SELECT count(*) FROM media WHERE participant_id = ? AND sha256 = ?",
                                    arguments: [participantID, recording.fingerprint.sha256]) ?? 0 > 0 { continue }
                _ = try Self.insertMedia(db, recording)
                summary.recordingsAdded += 1
            }
            let transcriptScalars = TranscriptScalars()
            for (index, entry) in bundle.codes.enumerated() {
                do {
                    let result = try Self.insertCode(db, entry, scalars: transcriptScalars)
                    summary.codesAdded += 1
                    if index < bundle.codeGUIDs.count, let excerpt = try Int64.fetchOne(db, sql: "SELECT excerpt_id FROM code WHERE id = ?", arguments: [result.id]) {
                        let guids = bundle.codeGUIDs[index]
                        var entries: [(String, String, String)] = guids.codings.map { ("coding", "\(result.id)\u{1F}\($0.key)", $0.value) }
                        if let selection = guids.selection {
                            // The excerpt keeps the first selection's GUID; each code its own selection's (several
                            // selections may fall on the same words).
                            entries.append(("excerpt", String(excerpt), selection))
                            try db.execute(sql: "INSERT INTO selection_guid (code_id, guid) VALUES (?, ?) ON CONFLICT (code_id) DO NOTHING",
                                           arguments: [result.id, selection])
                        }
                        for (kind, key, guid) in entries {
                            try db.execute(sql: "INSERT INTO foreign_guid (kind, key, guid) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
                                           arguments: [kind, key, guid])
                        }
                    }
                } catch let StoreError.codeProblem(message) where message.pattern.hasPrefix("this code is already stored") {
                    summary.skipped.append("\(entry.participant): “\(entry.code)” — \(message)")
                }
            }
            for memo in bundle.memos {
                let body = TextMatching.nfc(memo.text.trimmingCharacters(in: .whitespacesAndNewlines))
                guard !body.isEmpty else { continue }
                // The same memo on the same thing is not stored twice (merging a copy again changes nothing).
                let (kind, participantID, codeID, categoryID) = try Self.resolve(db, memo.target)
                if try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM memo WHERE target = ? AND participant_id IS ? AND code_id IS ? AND category_id IS ? AND text = ?
                    """, arguments: [kind, participantID, codeID, categoryID, body]) ?? 0 > 0 { continue }
                try Self.insertMemo(db, on: memo.target, text: body, coder: memo.coder, created: memo.created)
                summary.memosAdded += 1
            }
            summary.annotationsAdded = try Self.insertAnnotations(db, bundle.annotations)
            for entry in bundle.foreignGUIDs {
                try db.execute(sql: "INSERT INTO foreign_guid (kind, key, guid) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
                               arguments: [entry.kind, entry.key, entry.guid])
            }
            if let record, !summary.isEmpty {
                try Self.insertMemo(db, on: .study, text: record + " — " + summary.description, coder: nil)
            }
            return summary
    }

    /// The bundle with each transcript the study already holds under another label (the same participant, the same
    /// text: the same project imported again, or a round trip that lost a label) taken as that one: its codes,
    /// annotations and recording go to the stored transcript, never a second copy of the same words. Said in `summary`.
    static func recognisingTranscripts(_ db: Database, _ given: StudyBundle, summary: inout BundleSummary) throws -> StudyBundle {
        var bundle = given
        var relabelled: [String: String] = [:]
        for (index, transcript) in bundle.transcripts.enumerated() {
            guard let participantID = try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [transcript.participant]),
                  try Int.fetchOne(db, sql: "SELECT count(*) FROM transcript WHERE participant_id = ? AND label = ?",
                                   arguments: [participantID, transcript.label]) == 0,
                  let stored = try String.fetchOne(db, sql: "SELECT label FROM transcript WHERE participant_id = ? AND text = ? ORDER BY id LIMIT 1",
                                                   arguments: [participantID, transcript.text]),
                  !bundle.transcripts.contains(where: { $0.participant == transcript.participant && $0.label == stored }) else { continue }
            relabelled[transcript.participant + "\u{1F}" + transcript.label] = stored
            bundle.transcripts[index].label = stored
            let named: Sentence = transcript.label.isEmpty ? "\(transcript.participant)'s transcript" : "\(transcript.participant)'s transcript '\(transcript.label)'"
            summary.skipped.append(stored.isEmpty ? "\(named): the study holds the same text as \(transcript.participant)'s transcript; kept once, its codings go there"
                                   : "\(named): the study holds the same text as \(transcript.participant)'s transcript '\(stored)'; kept once, its codings go there")
        }
        guard !relabelled.isEmpty else { return bundle }
        func label(_ participant: String?, _ label: String?) -> String? {
            guard let participant else { return label }
            return relabelled[participant + "\u{1F}" + (label ?? "")] ?? label
        }
        for index in bundle.codes.indices {
            let entry = bundle.codes[index]
            guard let moved = label(entry.transcriptParticipant ?? entry.participant, entry.transcript) else { continue }
            bundle.codes[index].transcript = moved.isEmpty ? nil : moved
        }
        for index in bundle.annotations.indices {
            bundle.annotations[index].label = label(bundle.annotations[index].participant, bundle.annotations[index].label) ?? ""
        }
        for index in bundle.recordings.indices where bundle.recordings[index].transcript != nil {
            bundle.recordings[index].transcript = label(bundle.recordings[index].participant, bundle.recordings[index].transcript)
        }
        bundle.foreignGUIDs = bundle.foreignGUIDs.map { entry in
            guard entry.kind == "transcript", let moved = relabelled[entry.key] else { return entry }
            let participant = entry.key.split(separator: "\u{1F}", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return (entry.kind, participant + "\u{1F}" + moved, entry.guid)
        }
        return bundle
    }

    /// The bundle's participants and their attribute values: new participants added, values the study lacks stored,
    /// values that differ settled by `prefer` or listed as conflicts.
    static func applyParticipants(_ db: Database, _ bundle: StudyBundle, types: [String: AttributeType], prefer: Preference?,
                                  summary: inout BundleSummary, conflicts: inout [StoreError.Problem]) throws {
        for participant in bundle.participants {
            if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [participant.code]) == nil {
                if let reason = ParticipantNaming.problem(withCode: participant.code) {
                    throw StoreError.invalidParticipantCode(code: participant.code, reason: reason)
                }
                try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)",
                               arguments: [participant.code, Timestamp.now(), Confusables.skeleton(participant.code)])
                try Self.count(db, .participants, 1)
                summary.participantsAdded.append(participant.code)
            }
            let id = try Self.participantID(db, code: participant.code)
            var missing: [(name: String, value: String)] = []
            for (name, value) in participant.attributes {
                if let stored = try Self.attributeValue(db, participant: participant.code, attribute: name) {
                    // A numeric value compares as a number (1.50 is 1.5), a text one as typed.
                    let same = stored.number.map { NumberParser.parse(value) == $0 } ?? (stored.display == StudyText.composed(value.trimmingCharacters(in: .whitespaces)))
                    if !same {
                        let what: Sentence = "participant \(participant.code): \(name) is '\(stored.display)' here and '\(value)' there"
                        switch prefer {
                        case .ours?: summary.settled.append("\(what) — kept ours")
                        case .theirs?:
                            summary.settled.append("\(what) — took theirs")
                            missing.append((name, value))
                        case nil: conflicts.append(.init(location: "participant \(participant.code)", message: "\(name) is '\(stored.display)' here and '\(value)' there"))
                        }
                    }
                } else {
                    missing.append((name, value))
                }
            }
            if !missing.isEmpty {
                try Self.setValues(db, participantID: id, code: participant.code, values: missing, types: types, remember: false)
                summary.otherChanges += missing.count
            }
        }
    }
}

extension StudyDatabase {
    /// The GUID of the selection each imported code came in, by code id.
    public func selectionGUIDs() throws -> [Int64: String] {
        try read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT code_id, guid FROM selection_guid").map { ($0["code_id"] as Int64, $0["guid"] as String) },
                       uniquingKeysWith: { a, _ in a })
        }
    }

    /// The GUIDs kept from imports, by kind and key.
    public func foreignGUIDs() throws -> [String: String] {
        try read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT kind, key, guid FROM foreign_guid").map { (($0["kind"] as String) + ":" + ($0["key"] as String), $0["guid"] as String) },
                       uniquingKeysWith: { a, _ in a })
        }
    }

}

extension BundleSummary: CustomStringConvertible {
    public var description: String { sentence.description }

    /// "2 new participants, 1 new category, …": what came in, as the command says it.
    public var sentence: Sentence {
        let added: Sentence = "\(participantsAdded.count) new participants, \(categoriesAdded.count) new categories, \(transcriptsAdded) transcripts, \(codesAdded) codes, \(memosAdded) memos"
        return skipped.isEmpty ? added : "\(added), \(skipped.count) already here"
    }
}

extension StudyDatabase {
    /// The study's interviews as a bundle — participants with attributes, codebook (themes first), transcripts, codes
    /// on their spans with their coders and memos, and the other memos — for merging into another copy.
    public func bundle() throws -> StudyBundle {
        var bundle = StudyBundle()
        let roster = try roster()
        bundle.participants = roster.participants.map { .init(code: $0.code, attributes: $0.attributes.map { ($0.name, $0.value.display) }) }
        bundle.attributeTypes = Dictionary(roster.attributes.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        bundle.identifying = Set(roster.attributes.filter(\.identifying).map(\.name))
        bundle.derivations = roster.attributes.compactMap { definition in
            definition.derivedFrom.flatMap { from in definition.rule.map { (definition.name, from, $0) } }
        }
        var pending = try categories()
        while !pending.isEmpty {
            let ready = pending.filter { category in category.theme == nil || bundle.categories.contains { $0.name == category.theme } || !pending.contains { $0.name == category.theme } }
            guard !ready.isEmpty else { break }
            for category in ready {
                let origin: CategoryOrigin = category.reference.map { .literature(reference: $0) } ?? .emergent
                bundle.categories.append(.init(name: category.name, definition: category.definition, origin: origin, theme: category.theme))
            }
            pending.removeAll { category in ready.contains { $0.name == category.name } }
        }
        for transcript in try transcriptList() {
            let details = try transcriptDetails(participant: transcript.participant, label: transcript.label)
            var roles: [String: SpeakerRole] = [:]
            for speaker in details.speakers {
                switch speaker.role {
                case "moderator": roles[speaker.name] = .moderator
                case "participant": if let code = speaker.participant { roles[speaker.name] = .participant(code) }
                default: break
                }
            }
            bundle.transcripts.append(.init(participant: transcript.participant, label: transcript.label, text: details.text, kind: details.kind,
                                            timing: details.turns.isEmpty ? nil : TranscriptTiming(turns: details.turns, roles: roles, words: details.words),
                                            header: details.header))
        }
        let memos = try memos()
        for code in try codes() {
            let memo = memos.first { $0.on == "code:\(code.id)" }?.text
            bundle.codes.append(CodeEntry(participant: code.participant, excerpt: code.excerpt, code: code.code, categories: code.categories, coder: code.coder,
                                          memo: memo, descriptive: !code.inVivo,
                                          span: code.spanStart.flatMap { start in code.spanEnd.map { start..<$0 } }, transcript: code.transcript,
                                          created: code.created, transcriptParticipant: code.transcriptParticipant))
        }
        for memo in memos where !memo.on.hasPrefix("code:") {
            guard let target = MemoTarget(parsing: memo.on) else { continue }
            bundle.memos.append(.init(target: target, text: memo.text, coder: memo.coder, created: memo.created))
        }
        bundle.annotations = try annotations().map {
            .init(participant: $0.participant, label: $0.label, span: $0.start..<$0.end, text: $0.text, coder: $0.coder, created: $0.created)
        }
        return bundle
    }
}
