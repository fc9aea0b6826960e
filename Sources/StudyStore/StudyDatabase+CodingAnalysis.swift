import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// What the coding analyses need: every code as (participant, category, excerpt, coder), and the participants.
public struct CodingDataset: Sendable {
    public var segments: [CodedSegment]
    /// The codebook's categories in order.
    public var categories: [String]
    /// Every participant → their value of the grouping attribute (`nil` when not grouped or without one).
    public var participants: [String: String?]
    /// Participant codes in natural order.
    public var participantOrder: [String]
    /// The grouping attribute's preferred value order (its derivation rule's labels).
    public var groupOrder: [String]
    /// The coders whose codes are included.
    public var coders: [String]
    /// Participants who were interviewed: with words in an interview transcript (their own, or a focus group's they
    /// are mapped to as a speaker), or a coded excerpt outside any transcript. A session's log is no interview.
    public var interviewed: Set<String>
    /// Codes the analyses leave out: in a session's log, or on the moderator's words alone.
    public var leftOut = LeftOutCodings()
    /// The codebook's themes: which category sits under which.
    public var tree = ThemeTree(parents: [:], order: [])

    /// The participants a category share is taken over: the interviewed ones (the default), or the whole study.
    public func denominator(_ base: ShareDenominator) -> [String: String?] {
        base == .study ? participants : participants.filter { interviewed.contains($0.key) }
    }
}

/// What a category's share of participants is a share of.
public enum ShareDenominator: String, Sendable, CaseIterable {
    /// Participants who were interviewed (a transcript or any code): those who could have raised a category.
    case interviewed
    /// Every participant in the study.
    case study
}

extension StudyDatabase {
    /// The codes for the coding analyses, of one coder or all, with participants grouped by `attribute`.
    ///
    /// With `interviewedOnly`, `participants` lists the interviewed participants only — all that the default share
    /// denominator needs — so a study of a million respondents and a few interviews does not read its roster.
    public func codingDataset(coder: String? = nil, groupedBy attribute: String? = nil, interviewedOnly: Bool = false) throws -> CodingDataset {
        let attributes = try attributeDefinitions()
        var groupOrder: [String] = []
        var participants: [String: String?] = [:]
        var definition: AttributeDefinition?
        if let attribute {
            guard let found = attributes.first(where: { $0.name.caseInsensitiveCompare(attribute) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: attribute, known: attributes.map(\.name))
            }
            definition = found
            groupOrder = found.rule.flatMap { try? DerivationRule(parsing: $0) }?.clauses.map(\.label) ?? []
        }
        let interviewed = try read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT p.code FROM participant p
                WHERE EXISTS (SELECT 1 FROM transcript t WHERE t.participant_id = p.id AND t.kind = 'interview'
                              AND (NOT EXISTS (SELECT 1 FROM transcript_turn u WHERE u.transcript_id = t.id)
                                   OR EXISTS (SELECT 1 FROM transcript_turn u LEFT JOIN transcript_speaker s ON s.id = u.speaker_id
                                              WHERE u.transcript_id = t.id AND s.role IS NULL)))
                   OR EXISTS (SELECT 1 FROM transcript_speaker s JOIN transcript t ON t.id = s.transcript_id
                              WHERE s.participant_id = p.id AND s.role = 'participant' AND t.kind = 'interview')
                   OR EXISTS (SELECT 1 FROM excerpt e WHERE e.participant_id = p.id AND e.transcript_id IS NULL)
                """))
        }
        var participantOrder: [String]
        if interviewedOnly {
            let values = try definition.map { try attributeValues($0.name, of: interviewed) } ?? [:]
            for code in interviewed { participants.updateValue(definition.map { _ in values[code] ?? "(none)" }, forKey: code) }
            participantOrder = interviewed.sorted(by: NaturalOrder.areInIncreasingOrder)
        } else {
            let roster = try roster()
            for participant in roster.participants {
                // updateValue keeps the key when the value is nil (a subscript assignment of nil would remove it).
                participants.updateValue(definition.map { participant.value(of: $0.name)?.display ?? "(none)" }, forKey: participant.code)
            }
            participantOrder = roster.participants.map(\.code)
        }
        let all = try codes(coder: coder)
        var leftOut = LeftOutCodings()
        let codes = all.filter { code in
            if code.transcriptKind == .sessionLog { leftOut.inSessionLogs += 1; return false }
            if code.moderatorWords == true { leftOut.moderatorWords += 1; return false }
            return true
        }
        let segments = codes.flatMap { code in
            code.categories.map { CodedSegment(participant: code.participant, category: $0, excerpt: code.excerptID, coder: code.coder, code: code.id) }
        }
        let coders = coder.map { [$0] } ?? Array(Set(all.compactMap(\.coder))).sorted()
        let codebook = try categories()
        var parents: [String: String] = [:]
        for category in codebook { if let theme = category.theme { parents[category.name] = theme } }
        return CodingDataset(segments: segments, categories: codebook.map(\.name), participants: participants,
                             participantOrder: participantOrder, groupOrder: groupOrder, coders: coders,
                             interviewed: interviewed, leftOut: leftOut, tree: ThemeTree(parents: parents, order: codebook.map(\.name)))
    }

    /// Per coder, per excerpt: the categories the coder gave it (for agreement).
    public func codingAssignments(coders: [String]) throws -> [String: [Int64: Set<String>]] {
        try codingAssignmentsAndPlacements(coders: coders).assignments
    }

    /// The agreement of `coders` over the excerpts two of them or more coded (`codes agreement`, the report, the
    /// workspace's Compare tab), with what it compared and left out (`AgreementReport.coverage`).
    public func agreementReport(coders: [String], seed: UInt64 = 1) throws -> AgreementReport {
        let (assignments, placements) = try codingAssignmentsAndPlacements(coders: coders)
        var report = AgreementReport(coders: coders, categories: try categories().map(\.name), assignments: assignments, seed: seed)
        report.coverage = AgreementCoverage(coders: coders, assignments: assignments, placements: placements)
        return report
    }

    /// Per coder, per excerpt, the categories the coder gave it; and where each of those excerpts lies (its
    /// participant's transcript and span).
    func codingAssignmentsAndPlacements(coders: [String]) throws -> (assignments: [String: [Int64: Set<String>]], placements: [Int64: AgreementCoverage.Placement]) {
        var result: [String: [Int64: Set<String>]] = [:]
        var placements: [Int64: AgreementCoverage.Placement] = [:]
        for coder in coders {
            for code in try codes(coder: coder) {
                result[coder, default: [:]][code.excerptID, default: []].formUnion(code.categories)
                placements[code.excerptID] = .init(document: code.document, start: code.spanStart, end: code.spanEnd)
            }
        }
        return (result, placements)
    }
}
