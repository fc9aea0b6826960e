import Foundation

/// An attribute every participant of a study may have, with the type all its values share.
public struct AttributeDefinition: Sendable, Equatable, Codable {
    public var name: String
    public var type: AttributeType
    /// For a derived attribute: the numeric attribute it was derived from, and the rule.
    public var derivedFrom: String?
    public var rule: String?
    /// Whether the attribute identifies a person (left out of pseudonymised exports).
    public var identifying: Bool = false

    public init(name: String, type: AttributeType, derivedFrom: String? = nil, rule: String? = nil, identifying: Bool = false) {
        self.name = name
        self.type = type
        self.derivedFrom = derivedFrom
        self.rule = rule
        self.identifying = identifying
    }
}

/// A participant and their attribute values, in the study's attribute order.
public struct ParticipantProfile: Sendable, Equatable {
    public var code: String
    public var attributes: [(name: String, value: AttributeValue)]

    public init(code: String, attributes: [(name: String, value: AttributeValue)]) {
        self.code = code
        self.attributes = attributes
    }

    public func value(of name: String) -> AttributeValue? {
        attributes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value by lowercased attribute name, for looking up many attributes of one participant.
    public var valuesByName: [String: AttributeValue] {
        Dictionary(attributes.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public static func == (lhs: ParticipantProfile, rhs: ParticipantProfile) -> Bool {
        lhs.code == rhs.code && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}

/// Every participant of a study with the attributes they may have.
public struct ParticipantRoster: Sendable, Equatable {
    public var attributes: [AttributeDefinition]
    public var participants: [ParticipantProfile]

    public init(attributes: [AttributeDefinition], participants: [ParticipantProfile]) {
        self.attributes = attributes
        self.participants = participants
    }
}
