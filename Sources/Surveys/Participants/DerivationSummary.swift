/// What deriving an attribute did.
public struct DerivationSummary: Sendable, Equatable {
    public var attribute: String
    public var counts: [(label: String, participants: Int)]
    /// Participants without a value of the source attribute, left without a derived value.
    public var skipped: [String]
    /// Participants whose stored value changed (only with `replace`), as "P3: old → new".
    public var changed: [String]
    /// Participants whose stored value already equalled the derived one.
    public var unchanged: Int

    public init(attribute: String, counts: [(label: String, participants: Int)], skipped: [String], changed: [String], unchanged: Int) {
        self.attribute = attribute
        self.counts = counts
        self.skipped = skipped
        self.changed = changed
        self.unchanged = unchanged
    }

    public static func == (lhs: DerivationSummary, rhs: DerivationSummary) -> Bool {
        lhs.attribute == rhs.attribute && lhs.counts.map(\.label) == rhs.counts.map(\.label)
            && lhs.counts.map(\.participants) == rhs.counts.map(\.participants)
            && lhs.skipped == rhs.skipped && lhs.changed == rhs.changed && lhs.unchanged == rhs.unchanged
    }
}
