import StudyBasics

extension ParticipantGroups {
    /// Groups participants by their values of `attribute`: each participant with a value is in the group of that value
    /// (as people read it); a participant without one is in no group. Groups come in the derivation rule's order when
    /// the attribute is derived (`rule`, as stored), the others in natural order (2 before 10).
    public init(attribute: String, values: [(participant: String, value: String?)], rule: String?) {
        var groupOf: [String: String] = [:]
        for (participant, value) in values { if let value { groupOf[participant] = value } }
        var preferred: [String] = []
        if let rule, let parsed = try? DerivationRule(parsing: rule) { preferred = parsed.clauses.map(\.label) }
        let order = NaturalOrder.distinct(values.compactMap { groupOf[$0.participant] }, preferring: preferred, last: nil)
        self.init(attribute: attribute, groupOf: groupOf, order: order)
    }
}
