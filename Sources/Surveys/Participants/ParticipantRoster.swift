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
///
/// Its JSON (`participant list|show --json`, docs/json.md) is `{code, attributes: {name: value}}`, a number a JSON
/// number and a text a string.
public struct ParticipantProfile: Sendable, Equatable, Encodable {
    public var code: String
    public var attributes: [(name: String, value: AttributeValue)]

    public init(code: String, attributes: [(name: String, value: AttributeValue)]) {
        self.code = code
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey { case code, attributes }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }), forKey: .attributes)
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
///
/// It is `participant list --json`'s document (docs/json.md): `attributes` (each `{name, type, derivedFrom, rule,
/// identifying}`) and `participants`; the terminal table is drawn from the same value.
public struct ParticipantRoster: Sendable, Equatable, Encodable {
    public var attributes: [AttributeDefinition]
    public var participants: [ParticipantProfile]

    public init(attributes: [AttributeDefinition], participants: [ParticipantProfile]) {
        self.attributes = attributes
        self.participants = participants
    }
}
