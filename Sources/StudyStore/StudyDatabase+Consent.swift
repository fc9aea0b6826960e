import Foundation
import GRDB
import Media
import StudyBasics
import Surveys
import Wording

/// A consent text stored in the study (`consent add`), with how many decisions were recorded under it.
public struct ConsentText: Sendable, Equatable, Encodable {
    public var version: String
    public var title: String
    public var text: String
    /// The SHA-256 of the text's UTF-8 bytes: what a decision records as the text the participant was shown.
    public var sha256: String
    public var added: String
    public var agreed: Int
    public var declined: Int
}

/// One participant's decision on a consent text.
public struct ConsentRecord: Sendable, Equatable, Encodable {
    public enum Decision: String, Sendable, Codable, CaseIterable { case agreed, declined }
    /// How it was taken: on the participant page, on paper, or recorded (audio or video, as CNS 510/2016 allows).
    public enum How: String, Sendable, Codable, CaseIterable { case page, paper, recorded }

    public var participant: String
    public var version: String
    public var decision: Decision
    /// When the participant decided, ISO 8601 with its offset.
    public var at: String
    public var sha256: String
    public var how: How
    public var recorded: String
}

/// A participant's withdrawal, kept after their data is gone.
public struct WithdrawalRecord: Sendable, Equatable, Encodable {
    public enum Scope: String, Sendable, Codable { case removed, anonymised }
    public var participant: String
    public var at: String
    public var scope: Scope
    /// The consent version the participant had agreed to, when one was recorded.
    public var consentVersion: String?
}

/// What a withdrawal did.
public struct WithdrawalSummary: Sendable, Equatable, Encodable {
    public var record: WithdrawalRecord
    /// Under `--keep-anonymised`: the code their kept data now carries. Said once, here; the study keeps no link.
    public var anonymisedCode: String?
    /// Words masked across the study's texts (their names as speakers and in identifying attributes).
    public var maskedNames: Int
    /// What was attached to the participant (removed, or kept under the new code).
    public var attached: AttachedData
    /// Turns they spoke in other participants' transcripts (a focus group), masked to keep the others' places.
    public var maskedTurns: Int
    /// Annotations on their words in other participants' transcripts, removed.
    public var removedAnnotations: Int
    /// Identifying attribute values removed (`--keep-anonymised`).
    public var removedIdentifying: Int
    /// Transcripts they held that other participants speak in, now held by one of those participants.
    public var handedOver: [String]
    /// The recording files registered for them: the study forgets them; the files themselves are the researcher's to
    /// delete.
    public var recordingFiles: [String]
    /// `--dry-run`: all of it was done and rolled back; nothing changed, and `record` is what would have been stored.
    public var dryRun = false
}

extension StudyDatabase {
    /// The SHA-256 of a consent text's words, as stored and as a decision records it.
    public static func consentHash(_ text: String) -> String {
        var hash = Media.SHA256()
        hash.update(Array(text.utf8))
        return hash.finalize()
    }

    /// Stores a consent text under `version`. The same words under a version already stored change nothing; other
    /// words under it are refused.
    @discardableResult
    public func addConsent(version typed: String, title: String, text: String) throws -> ConsentText {
        let version = StudyText.composed(typed).trimmingCharacters(in: .whitespaces)
        guard !version.isEmpty else { throw StoreError.unknownConsentVersion(version: typed, known: []) }
        let hash = Self.consentHash(text)
        return try write { db in
            if let stored = try Row.fetchOne(db, sql: "SELECT sha256 FROM consent_text WHERE version = ?", arguments: [version]) {
                guard (stored["sha256"] as String) == hash else { throw StoreError.consentVersionExists(version: version) }
            } else {
                try ConsentTextRow(version: version, title: title, text: text, sha256: hash, added: Timestamp.now()).insert(db)
            }
            // Stored above, or found there.
            guard let stored = try Self.consents(db).first(where: { $0.version.caseInsensitiveCompare(version) == .orderedSame }) else {
                throw StoreError.missingRow(table: "consent_text", key: version)
            }
            return stored
        }
    }

    /// The consent texts, oldest first, with their decisions counted.
    public func consents() throws -> [ConsentText] { try read { try Self.consents($0) } }

    static func consents(_ db: Database) throws -> [ConsentText] {
        try Row.fetchAll(db, sql: """
            SELECT t.version, t.title, t.text, t.sha256, t.added,
                   (SELECT count(*) FROM consent_record r WHERE r.consent_id = t.id AND r.decision = 'agreed') AS agreed,
                   (SELECT count(*) FROM consent_record r WHERE r.consent_id = t.id AND r.decision = 'declined') AS declined
            FROM consent_text t ORDER BY t.id
            """).map {
            ConsentText(version: $0["version"], title: $0["title"], text: $0["text"], sha256: $0["sha256"], added: $0["added"],
                        agreed: $0["agreed"], declined: $0["declined"])
        }
    }

    /// Records a participant's decision on consent `version` (the latest when nil), taken `how`, at `at` (ISO 8601
    /// with an offset; now, in the machine's zone, when nil).
    @discardableResult
    public func recordConsent(participant code: String, version: String?, decision: ConsentRecord.Decision, how: ConsentRecord.How,
                              at: String? = nil) throws -> ConsentRecord {
        try write { db in
            try Self.refuseWithdrawn(db, code: code)
            let id = try Self.participantID(db, code: code)
            let texts = try Self.consents(db)
            guard let text = version.map({ wanted in texts.first { $0.version.caseInsensitiveCompare(StudyText.composed(wanted)) == .orderedSame } })
                    ?? texts.last else {
                throw StoreError.unknownConsentVersion(version: version ?? "", known: texts.map(\.version))
            }
            let consentID = try Self.required(Int64.fetchOne(db, sql: "SELECT id FROM consent_text WHERE version = ?", arguments: [text.version]),
                                             in: "consent_text", key: text.version)  // listed above
            let when = at ?? Self.localTimeWithOffset()
            let stored = try Self.required(String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]), in: "participant", key: id)  // found above
            // A refusal by someone whose data the study already holds would leave that data analysed under a refusal:
            // that is a withdrawal, which removes it and says so in every report.
            // (A session opened for them, with nothing recorded in it yet, is no data: they may decline at its start.)
            let held = try Self.attachedData(db, participantID: id)
            if decision == .declined, held.responseSets + held.attempts + held.transcripts + held.excerpts > 0 {
                throw StoreError.codeProblem("\(stored) already has answers, attempts, transcripts or codings in the study: a refusal after taking part is a withdrawal ('studyctl participant withdraw \(stored)' removes their data and records it)")
            }
            let recorded = Timestamp.now()
            try ConsentRecordRow(participantId: id, participantCode: stored, consentId: consentID, decision: decision.rawValue, at: when,
                                 sha256: text.sha256, how: how.rawValue, recorded: recorded).insert(db)
            return ConsentRecord(participant: stored, version: text.version, decision: decision, at: when, sha256: text.sha256, how: how,
                                 recorded: recorded)
        }
    }

    /// Every decision recorded, in the order they were recorded.
    public func consentRecords() throws -> [ConsentRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.participant_code, t.version, r.decision, r.at, r.sha256, r.how, r.recorded
                FROM consent_record r JOIN consent_text t ON t.id = r.consent_id
                ORDER BY r.id
                """).map {
                ConsentRecord(participant: $0["participant_code"], version: $0["version"], decision: ConsentRecord.Decision(rawValue: $0["decision"]) ?? .declined,
                              at: $0["at"], sha256: $0["sha256"], how: ConsentRecord.How(rawValue: $0["how"]) ?? .paper, recorded: $0["recorded"])
            }
        }
    }

    /// Whether the participant's latest decision agreed to a consent text.
    public func hasConsented(participant code: String) throws -> Bool {
        try read { db in
            let id = try Self.participantID(db, code: code)
            return try String.fetchOne(db, sql: "SELECT decision FROM consent_record WHERE participant_id = ? ORDER BY id DESC LIMIT 1",
                                       arguments: [id]) == ConsentRecord.Decision.agreed.rawValue
        }
    }

    /// The withdrawals, in the order they happened.
    public func withdrawals() throws -> [WithdrawalRecord] { try read { try Self.withdrawals($0) } }

    static func withdrawals(_ db: Database) throws -> [WithdrawalRecord] {
        guard try db.tableExists("withdrawal") else { return [] }
        return try WithdrawalRow.order(Column("id")).fetchAll(db).map {
            WithdrawalRecord(participant: $0.participantCode, at: $0.at, scope: WithdrawalRecord.Scope(rawValue: $0.scope) ?? .removed,
                             consentVersion: $0.consentVersion)
        }
    }

    /// Refuses `code` when that participant withdrew (a re-import by accident).
    static func refuseWithdrawn(_ db: Database, code: String) throws {
        guard try db.tableExists("withdrawal") else { return }
        if let at = try String.fetchOne(db, sql: "SELECT at FROM withdrawal WHERE participant_code = ? COLLATE NOCASE",
                                        arguments: [StudyText.composed(code)]) {
            throw StoreError.participantWithdrew(code: StudyText.composed(code), at: at)
        }
    }

    /// A participant withdraws, in one transaction. Without `keepAnonymised`, everything of theirs goes: answers,
    /// attempts, sessions, transcripts, codings, memos and annotations on them, and the recordings registered for them
    /// (the study forgets the files; deleting them is the researcher's); their turns in another participant's
    /// transcript (a focus group) are masked letter for letter, so everyone else's passages keep their places, and the
    /// annotations on those turns go. A transcript they held that others speak in is handed to one of those others.
    /// With `keepAnonymised` (where the consent allows it), their data stays under a new code (`W1`, `W2`, …) with
    /// their identifying attribute values and their speaker names removed. Either way the withdrawal is recorded with
    /// its date and the consent version they had agreed to.
    ///
    /// `dryRun` does all of it in the transaction, then rolls it back: the summary says what would go.
    public func withdraw(participant code: String, keepAnonymised: Bool, at: String? = nil, dryRun: Bool = false) throws -> WithdrawalSummary {
        struct RolledBack: Error { var summary: WithdrawalSummary }
        do {
            return try write { db in
                let summary = try Self.withdrawing(db, participant: code, keepAnonymised: keepAnonymised, at: at)
                if dryRun { throw RolledBack(summary: summary) }
                return summary
            }
        } catch let rolled as RolledBack {
            var summary = rolled.summary
            summary.dryRun = true
            return summary
        }
    }

    static func withdrawing(_ db: Database, participant code: String, keepAnonymised: Bool, at: String?) throws -> WithdrawalSummary {
        let id = try Self.participantID(db, code: code)
        let stored = try Self.required(String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]), in: "participant", key: id)  // found above
        let attached = try Self.attachedData(db, participantID: id)
        // Their names as the study holds them: as speakers, and in identifying attributes (whole and each part).
        let names = try Self.personalNames(db, participant: id)
        let version = try String.fetchOne(db, sql: """
            SELECT t.version FROM consent_record r JOIN consent_text t ON t.id = r.consent_id
            WHERE r.participant_id = ? AND r.decision = 'agreed' ORDER BY r.id DESC LIMIT 1
            """, arguments: [id])
        let when = at ?? Self.localTimeWithOffset()
        let recordings = try String.fetchAll(db, sql: "SELECT path FROM media WHERE participant_id = ? ORDER BY id", arguments: [id])
        // Kept anonymised only where a consent allows it: with no agreement on record, nothing says it does.
        if keepAnonymised, version == nil {
            throw StoreError.codeProblem("no agreement to a consent text is recorded for \(stored), so nothing says their data may be kept anonymised: record it with 'studyctl consent record \(stored) --agreed', or withdraw without --keep-anonymised")
        }
        if keepAnonymised {
            var number = 1
            while try Int.fetchOne(db, sql: "SELECT count(*) FROM participant WHERE code = ? COLLATE NOCASE", arguments: ["W\(number)"]) ?? 0 > 0 {
                number += 1
            }
            let anonymised = "W\(number)"
            let identifying = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM participant_attribute WHERE participant_id = ?
                AND name IN (SELECT name FROM attribute WHERE identifying = 1)
                """, arguments: [id]) ?? 0
            try db.execute(sql: """
                DELETE FROM participant_attribute WHERE participant_id = ? AND name IN (SELECT name FROM attribute WHERE identifying = 1)
                """, arguments: [id])
            try db.execute(sql: "UPDATE participant SET code = ?, skeleton = ? WHERE id = ?",
                           arguments: [anonymised, Confusables.skeleton(anonymised), id])
            // Speaker names are often people's names: theirs become the new code, and the labels written before
            // their turns in the text are masked letter for letter (every passage keeps its place).
            for speaker in try Row.fetchAll(db, sql: "SELECT id, transcript_id, name FROM transcript_speaker WHERE participant_id = ?", arguments: [id]) {
                let transcript: Int64 = speaker["transcript_id"]
                try Self.maskTurns(db, transcript: transcript, speaker: speaker["id"], name: speaker["name"], words: false)
                try db.execute(sql: "UPDATE transcript_speaker SET name = ? WHERE id = ?",
                               arguments: [try Self.freeSpeakerName(db, transcript: transcript, wanted: anonymised), speaker["id"] as Int64])
            }
            let maskedNames = try Self.maskNames(db, names)
            try db.execute(sql: "UPDATE consent_record SET participant_id = NULL WHERE participant_id = ?", arguments: [id])
            let record = WithdrawalRecord(participant: stored, at: when, scope: .anonymised, consentVersion: version)
            try Self.insert(db, record)
            return WithdrawalSummary(record: record, anonymisedCode: anonymised, maskedNames: maskedNames, attached: attached, maskedTurns: 0,
                                     removedAnnotations: 0, removedIdentifying: identifying, handedOver: [], recordingFiles: [])
        }
        // Transcripts they hold that other participants speak in stay with one of those participants.
        var handedOver: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, label FROM transcript WHERE participant_id = ?", arguments: [id]) {
            let transcript: Int64 = row["id"]
            guard let other = try Int64.fetchOne(db, sql: """
                SELECT participant_id FROM transcript_speaker WHERE transcript_id = ? AND participant_id IS NOT NULL AND participant_id <> ?
                ORDER BY id LIMIT 1
                """, arguments: [transcript, id]) else { continue }
            var label: String = row["label"]
            while try Int.fetchOne(db, sql: "SELECT count(*) FROM transcript WHERE participant_id = ? AND label = ?", arguments: [other, label]) ?? 0 > 0 {
                label = label.isEmpty ? "group" : label + " (group)"
            }
            try db.execute(sql: "UPDATE transcript SET participant_id = ?, label = ? WHERE id = ?", arguments: [other, label, transcript])
            handedOver.append(try Self.required(String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [other]), in: "participant", key: other))  // found above
        }
        // Their turns in the transcripts they do not hold: masked, letter for letter.
        var masked = 0
        var removedAnnotations = 0
        for speaker in try Row.fetchAll(db, sql: """
            SELECT s.id, s.transcript_id, s.name FROM transcript_speaker s JOIN transcript t ON t.id = s.transcript_id
            WHERE s.participant_id = ? AND t.participant_id <> ?
            """, arguments: [id, id]) {
            let transcript: Int64 = speaker["transcript_id"]
            let (turns, annotations) = try Self.maskTurns(db, transcript: transcript, speaker: speaker["id"], name: speaker["name"], words: true)
            masked += turns
            removedAnnotations += annotations
            try db.execute(sql: "UPDATE transcript_speaker SET name = ? WHERE id = ?",
                           arguments: [try Self.freeSpeakerName(db, transcript: transcript, wanted: "—"), speaker["id"] as Int64])
        }
        try db.execute(sql: "DELETE FROM participant WHERE id = ?", arguments: [id])
        // What others said of them, and the notes that name them: their names masked wherever they remain.
        let maskedNames = try Self.maskNames(db, names)
        let record = WithdrawalRecord(participant: stored, at: when, scope: .removed, consentVersion: version)
        try Self.insert(db, record)
        // A transcript handed over to another speaker was not removed: it is not counted with what was.
        var removed = attached
        removed.transcripts -= handedOver.count
        return WithdrawalSummary(record: record, anonymisedCode: nil, maskedNames: maskedNames, attached: removed, maskedTurns: masked,
                                 removedAnnotations: removedAnnotations, removedIdentifying: 0, handedOver: handedOver, recordingFiles: recordings)
    }

    /// Masks a speaker's name where the text writes it before their turns ("Bruno: …"), and with `words` their turns'
    /// words too, letter for letter (spaces and line breaks kept), so every other passage keeps its offsets; with
    /// `words` the annotations and word times on those turns go. Returns the turns masked and the annotations removed.
    @discardableResult
    static func maskTurns(_ db: Database, transcript: Int64, speaker: Int64, name: String, words: Bool) throws -> (turns: Int, annotations: Int) {
        guard let text = try String.fetchOne(db, sql: "SELECT text FROM transcript WHERE id = ?", arguments: [transcript]) else { return (0, 0) }
        let spans = try Row.fetchAll(db, sql: "SELECT span_start, span_end FROM transcript_turn WHERE transcript_id = ? AND speaker_id = ?",
                                     arguments: [transcript, speaker]).map { (start: $0["span_start"] as Int, end: $0["span_end"] as Int) }
        var scalars = Array(text.unicodeScalars)
        let nameScalars = Array(name.unicodeScalars)
        func mask(_ range: Range<Int>) {
            for index in range where !CharacterSet.whitespacesAndNewlines.contains(scalars[index]) { scalars[index] = "▒" }
        }
        var turns = 0
        var annotations = 0
        for span in spans where span.start <= span.end && span.end <= scalars.count {
            // The label on the turn's line, before its words.
            var lineStart = span.start
            while lineStart > 0 && scalars[lineStart - 1] != "\n" { lineStart -= 1 }
            if !nameScalars.isEmpty, span.start - lineStart >= nameScalars.count {
                var at = lineStart
                while at + nameScalars.count <= span.start {
                    if Array(scalars[at..<at + nameScalars.count]) == nameScalars { mask(at..<at + nameScalars.count); at += nameScalars.count } else { at += 1 }
                }
            }
            guard words, span.start < span.end else { continue }
            mask(span.start..<span.end)
            turns += 1
            annotations += try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation WHERE transcript_id = ? AND span_start < ? AND span_end > ?",
                                            arguments: [transcript, span.end, span.start]) ?? 0
            try db.execute(sql: "DELETE FROM annotation WHERE transcript_id = ? AND span_start < ? AND span_end > ?",
                           arguments: [transcript, span.end, span.start])
            try db.execute(sql: "DELETE FROM transcript_word WHERE transcript_id = ? AND span_start < ? AND span_end > ?",
                           arguments: [transcript, span.end, span.start])
        }
        var masked = String.UnicodeScalarView()
        masked.append(contentsOf: scalars)
        try db.execute(sql: "UPDATE transcript SET text = ? WHERE id = ?", arguments: [String(masked), transcript])
        // The lines before the speech ("Speakers: Ana, Bruno") name them too.
        if !name.isEmpty, let header = try String.fetchOne(db, sql: "SELECT header FROM transcript WHERE id = ?", arguments: [transcript]),
           header.contains(name) {
            try db.execute(sql: "UPDATE transcript SET header = ? WHERE id = ?",
                           arguments: [header.replacingOccurrences(of: name, with: String(repeating: "▒", count: name.count)), transcript])
        }
        return (turns, annotations)
    }

    static func insert(_ db: Database, _ record: WithdrawalRecord) throws {
        try WithdrawalRow(participantCode: record.participant, at: record.at, scope: record.scope.rawValue, consentVersion: record.consentVersion)
            .insert(db)
    }

    /// A participant's names as the study holds them: the names of the speakers mapped to them, and the text values of
    /// their identifying attributes, each whole and each of its capitalised parts of three letters or more ("Heitor
    /// Melo", "Heitor", "Melo"), longest first.
    static func personalNames(_ db: Database, participant id: Int64) throws -> [String] {
        var names = Set(try String.fetchAll(db, sql: "SELECT name FROM transcript_speaker WHERE participant_id = ?", arguments: [id]))
        let values = try String.fetchAll(db, sql: """
            SELECT text_value FROM participant_attribute WHERE participant_id = ? AND text_value IS NOT NULL
            AND name IN (SELECT name FROM attribute WHERE identifying = 1)
            """, arguments: [id])
        for value in values {
            names.insert(value)
            for part in value.split(whereSeparator: { !$0.isLetter && $0 != "-" && $0 != "'" }) where part.count >= 3 && part.first?.isUppercase == true {
                names.insert(String(part))
            }
        }
        return names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 2 }.sorted { $0.count > $1.count }
    }

    /// `names`, as whole words in any case, masked letter for letter in every text the study holds: transcripts and
    /// their headers, excerpts, code labels, memos and annotations (an excerpt placed in a transcript is read again
    /// from its masked span, so it stays the transcript's words). Returns how many places were masked.
    static func maskNames(_ db: Database, _ names: [String]) throws -> Int {
        guard !names.isEmpty else { return 0 }
        var count = 0
        func masked(_ text: String) -> String? {
            var scalars = Array(text.unicodeScalars)
            var changed = false
            let folded = String(String.UnicodeScalarView(scalars)).lowercased()
            // Lowercasing can change the number of scalars (İ); then the text is matched as it is.
            let haystack = Array(folded.unicodeScalars).count == scalars.count ? Array(folded.unicodeScalars) : scalars
            for name in names {
                let needle = Array(name.lowercased().unicodeScalars)
                guard !needle.isEmpty, needle.count <= haystack.count else { continue }
                var at = 0
                while at + needle.count <= haystack.count {
                    if Array(haystack[at..<at + needle.count]) == needle,
                       at == 0 || !Self.isWordScalar(haystack[at - 1]),
                       at + needle.count == haystack.count || !Self.isWordScalar(haystack[at + needle.count]),
                       scalars[at] != "▒" {
                        for index in at..<at + needle.count where !CharacterSet.whitespaces.contains(scalars[index]) { scalars[index] = "▒" }
                        changed = true
                        count += 1
                        at += needle.count
                    } else {
                        at += 1
                    }
                }
            }
            return changed ? String(String.UnicodeScalarView(scalars)) : nil
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, text, header FROM transcript") {
            if let text = masked(row["text"]) { try db.execute(sql: "UPDATE transcript SET text = ? WHERE id = ?", arguments: [text, row["id"] as Int64]) }
            if let header: String = row["header"], let text = masked(header) {
                try db.execute(sql: "UPDATE transcript SET header = ? WHERE id = ?", arguments: [text, row["id"] as Int64])
            }
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT e.id, e.text, e.span_start, e.span_end, t.text AS whole FROM excerpt e LEFT JOIN transcript t ON t.id = e.transcript_id
            """) {
            let id: Int64 = row["id"]
            if let start: Int = row["span_start"], let end: Int = row["span_end"], let whole: String = row["whole"] {
                let scalars = Array(whole.unicodeScalars)
                guard start <= end, end <= scalars.count else { continue }
                let span = String(String.UnicodeScalarView(scalars[start..<end]))
                if span != row["text"] { try db.execute(sql: "UPDATE excerpt SET text = ? WHERE id = ?", arguments: [span, id]) }
            } else if let text = masked(row["text"]) {
                try db.execute(sql: "UPDATE excerpt SET text = ? WHERE id = ?", arguments: [text, id])
            }
        }
        for (table, column) in [("code", "label"), ("memo", "text"), ("annotation", "text"), ("annotation", "excerpt")] {
            for row in try Row.fetchAll(db, sql: "SELECT id, \(column) AS value FROM \(table)") {
                if let text = masked(row["value"]) {
                    try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE id = ?", arguments: [text, row["id"] as Int64])
                }
            }
        }
        return count
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.letters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar) || CharacterSet.nonBaseCharacters.contains(scalar)
    }

    /// `wanted`, or `wanted 2`, `wanted 3`, … where a speaker of the transcript already has the name.
    static func freeSpeakerName(_ db: Database, transcript: Int64, wanted: String) throws -> String {
        var name = wanted
        var number = 2
        while try Int.fetchOne(db, sql: "SELECT count(*) FROM transcript_speaker WHERE transcript_id = ? AND name = ?", arguments: [transcript, name]) ?? 0 > 0 {
            name = "\(wanted) \(number)"
            number += 1
        }
        return name
    }

    /// Now, ISO 8601 with the machine's offset (`2026-11-29T10:04:05-03:00`): when a decision was taken, where.
    static func localTimeWithOffset() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}

extension StudyDatabase {
    /// The consent versions with their decisions, how they were taken, and the withdrawals, for a report's methods.
    public func consentSummary() throws -> ConsentSummary {
        try read { db in
            guard try db.tableExists("consent_text") else { return ConsentSummary() }
            let versions = try Self.consents(db).filter { $0.agreed + $0.declined > 0 }.map {
                ConsentSummary.Version(version: $0.version, title: $0.title, sha256: $0.sha256, agreed: $0.agreed, declined: $0.declined)
            }
            var how: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT how, count(*) AS n FROM consent_record GROUP BY how") { how[row["how"]] = row["n"] }
            let withdrawals = try Self.withdrawals(db)
            return ConsentSummary(versions: versions, how: how, withdrewRemoved: withdrawals.filter { $0.scope == .removed }.count,
                                  withdrewAnonymised: withdrawals.filter { $0.scope == .anonymised }.count)
        }
    }
}
