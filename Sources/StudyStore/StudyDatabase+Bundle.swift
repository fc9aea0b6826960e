import Foundation
import GRDB
import QualCoding
import Surveys

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
        public init(participant: String, label: String, text: String) { self.participant = participant; self.label = label; self.text = text }
    }
    public struct Memo: Sendable {
        public var target: MemoTarget
        public var text: String
        public var coder: String?
        public init(target: MemoTarget, text: String, coder: String?) { self.target = target; self.text = text; self.coder = coder }
    }

    public var participants: [Participant] = []
    /// In an order where a category's theme comes before it.
    public var categories: [Category] = []
    public var transcripts: [Transcript] = []
    /// Codes with their spans (scalar offsets in the transcript as stored: NFC, LF).
    public var codes: [CodeEntry] = []
    public var memos: [Memo] = []
    public init() {}
}

/// What a bundle import did, and what it left out and why.
public struct BundleSummary: Sendable, Equatable {
    public var participantsAdded: [String] = []
    public var categoriesAdded: [String] = []
    public var transcriptsAdded = 0
    public var codesAdded = 0
    public var memosAdded = 0
    public var skipped: [String] = []
}

extension StudyDatabase {
    /// Brings `bundle` into the study in one transaction. Participants, categories and identical transcripts already
    /// in the study are kept; a code already stored (same excerpt, wording and coder) is skipped and said so; an
    /// attribute with another value, a transcript that differs from the one stored, or a code the checks of
    /// `code add` refuse stops the import with nothing stored.
    public func importBundle(_ bundle: StudyBundle) throws -> BundleSummary {
        try write { db in
            var summary = BundleSummary()
            for participant in bundle.participants {
                if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [participant.code]) == nil {
                    if let reason = ParticipantNaming.problem(withCode: participant.code) {
                        throw StoreError.invalidParticipantCode(code: participant.code, reason: reason)
                    }
                    try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)",
                                   arguments: [participant.code, Timestamp.now(), Confusables.skeleton(participant.code)])
                    summary.participantsAdded.append(participant.code)
                }
                let id = try Self.participantID(db, code: participant.code)
                var missing: [(name: String, value: String)] = []
                for (name, value) in participant.attributes {
                    if let stored = try Self.attributeValue(db, participant: participant.code, attribute: name) {
                        if stored.display != value && NumberParser.parse(value).map({ AttributeValue.number($0) }) != stored {
                            throw StoreError.invalidInput([.init(location: "participant \(participant.code)",
                                                                 message: "\(name) is '\(stored.display)' in the study and '\(value)' in the file")])
                        }
                    } else {
                        missing.append((name, value))
                    }
                }
                if !missing.isEmpty { try Self.setValues(db, participantID: id, code: participant.code, values: missing) }
            }
            for category in bundle.categories where try Self.categoryID(db, category.name) == nil {
                try Self.insertCategory(db, name: category.name, definition: category.definition, origin: category.origin, theme: category.theme)
                summary.categoriesAdded.append(category.name)
            }
            for transcript in bundle.transcripts {
                let participantID = try Self.participantID(db, code: transcript.participant)
                if let stored = try String.fetchOne(db, sql: "SELECT text FROM transcript WHERE participant_id = ? AND label = ?",
                                                    arguments: [participantID, transcript.label]) {
                    guard stored == transcript.text else {
                        throw StoreError.invalidInput([.init(location: "participant \(transcript.participant)",
                                                             message: "the study holds another transcript\(transcript.label.isEmpty ? "" : " '\(transcript.label)'") for this participant")])
                    }
                    continue
                }
                _ = try Self.insertTranscript(db, participant: transcript.participant, normalized: transcript.text, label: transcript.label,
                                              source: "REFI-QDA", replace: false, force: false)
                summary.transcriptsAdded += 1
            }
            for entry in bundle.codes {
                do {
                    _ = try Self.insertCode(db, entry)
                    summary.codesAdded += 1
                } catch let StoreError.codeProblem(message) where message.contains("already stored") {
                    summary.skipped.append("\(entry.participant): “\(entry.code)” — \(message)")
                }
            }
            for memo in bundle.memos {
                let body = TextMatching.nfc(memo.text.trimmingCharacters(in: .whitespacesAndNewlines))
                guard !body.isEmpty else { continue }
                try Self.insertMemo(db, on: memo.target, text: body, coder: memo.coder)
                summary.memosAdded += 1
            }
            return summary
        }
    }
}
