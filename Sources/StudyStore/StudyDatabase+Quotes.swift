import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys

extension StudyDatabase {
    /// Everything the quote commands read, for one coder's codes or all. Codes in session logs and on the moderator's
    /// words alone are left out (as the coding analyses leave them) and counted in `leftOut`; attributes marked
    /// identifying are left out of every participant's.
    public func quoteMaterial(coder: String? = nil) throws -> QuoteMaterial {
        let every = try codes()
        let chosen: [CodeRecord]
        if let coder {
            _ = try read { db in try Self.requireCoder(db, coder) }
            chosen = every.filter { $0.coder.map { $0.caseInsensitiveCompare(coder) == .orderedSame } ?? false }
        } else {
            chosen = every
        }
        var leftOut = LeftOutCodings()
        func counted(_ record: CodeRecord) -> Bool {
            if record.transcriptKind == .sessionLog { leftOut.inSessionLogs += 1; return false }
            if record.moderatorWords == true { leftOut.moderatorWords += 1; return false }
            return true
        }
        func passage(_ record: CodeRecord) -> CodedPassage {
            let span: Range<Int>? = record.spanStart.flatMap { start in record.spanEnd.map { start..<$0 } }
            return CodedPassage(id: record.id, excerptID: record.excerptID, participant: record.participant, excerpt: record.excerpt,
                                code: record.code, categories: record.categories, coder: record.coder,
                                document: record.transcriptParticipant == nil ? nil : record.document, span: span)
        }
        let kept = chosen.filter(counted)
        let roster = try self.roster()
        var attributes: [String: [String: String]] = [:]
        // An attribute marked identifying (a name, an e-mail) is never quoted.
        let identifying = Set(roster.attributes.filter(\.identifying).map { $0.name.lowercased() })
        for participant in roster.participants {
            var values: [String: String] = [:]
            for (name, value) in participant.attributes where !value.display.isEmpty && !identifying.contains(name.lowercased()) { values[name] = value.display }
            attributes[participant.code] = values
        }
        var valueOrders: [String: [String]] = [:]
        for definition in try attributeDefinitions() {
            if let rule = definition.rule.flatMap({ try? DerivationRule(parsing: $0) }) { valueOrders[definition.name] = rule.clauses.map(\.label) }
        }
        let codes = roster.participants.map(\.code)
        let (transcripts, interviews, categories) = try read { db -> ([DocumentID: TranscriptText], [(DocumentID, String)], [(String, String?)]) in
            var turns: [Int64: [TranscriptText.Turn]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT u.transcript_id, u.span_start, u.span_end, s.role FROM transcript_turn u
                LEFT JOIN transcript_speaker s ON s.id = u.speaker_id ORDER BY u.transcript_id, u.position
                """) {
                turns[row["transcript_id"], default: []].append(
                    TranscriptText.Turn(span: (row["span_start"] as Int)..<(row["span_end"] as Int), moderator: row["role"] as String? == "moderator"))
            }
            var texts: [DocumentID: TranscriptText] = [:]
            var interviews: [(DocumentID, String)] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT t.id, t.text, t.label, t.kind, p.code FROM transcript t JOIN participant p ON p.id = t.participant_id
                """) {
                let key = DocumentID(participant: row["code"], label: row["label"])
                texts[key] = TranscriptText(text: row["text"], turns: turns[row["id"]] ?? [], participant: row["code"], participants: codes)
                if row["kind"] as String? != TranscriptKind.sessionLog.rawValue { interviews.append((key, row["code"])) }
            }
            interviews.sort { NaturalOrder.areInIncreasingOrder($0.1, $1.1) || ($0.1 == $1.1 && $0.0 < $1.0) }
            let categories = try Row.fetchAll(db, sql: """
                SELECT c.name, t.name AS theme FROM category c LEFT JOIN category t ON t.id = c.parent_id ORDER BY c.position
                """).map { ($0["name"] as String, $0["theme"] as String?) }
            return (texts, interviews, categories)
        }
        var material = QuoteMaterial(passages: kept.map(passage), allPassages: every.filter { $0.transcriptKind != .sessionLog }.map(passage),
                             records: Dictionary(kept.map { ($0.id, QuotedCode(inVivo: $0.inVivo, transcript: $0.transcript, startTime: $0.startTime)) },
                                                  uniquingKeysWith: { a, _ in a }),
                             transcripts: transcripts, interviews: interviews.map { (document: $0.0, participant: $0.1) },
                             attributes: attributes, valueOrders: valueOrders, categories: categories.map { (name: $0.0, theme: $0.1) }, leftOut: leftOut)
        material.citation = try citationAttributes()
        return material
    }
}
