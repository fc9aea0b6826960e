/// Participants put in groups by an attribute's values: participant → group, and the groups in their order.
/// (Surveys adds the grouping by a derived attribute's rule; Gaze summarises by it.)
public struct ParticipantGroups: Sendable, Equatable {
    public var attribute: String
    public var groupOf: [String: String]
    public var order: [String]

    public init(attribute: String, groupOf: [String: String], order: [String]) {
        self.attribute = attribute
        self.groupOf = groupOf
        self.order = order
    }
}
