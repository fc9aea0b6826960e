/// What a response set measures besides its participant, instrument and task: the occasion it was answered on
/// ("pré", "pós") and the levels of the within-subject conditions it was answered under ("aparelho=celular").
///
/// A participant holds one set per measurement. The study stores a measurement as one key, the occasion first and
/// then each condition as `factor=level` (factors in alphabetical order, a session's `trial=N` last), separated by
/// `;`: "pós;aparelho=celular;protótipo=B". A moderated session stores its per-task questionnaires under its
/// conditions the same way, so sets from `respond --condition`, `responses import --condition` and `session`
/// line up.
public struct MeasurementKey: Hashable, Sendable {
    /// The occasion ("" when none was given).
    public var occasion: String
    /// Each condition's factor and level, in the key's order.
    public var conditions: [Condition]

    public struct Condition: Hashable, Sendable {
        public var factor: String
        public var level: String
        public init(factor: String, level: String) {
            self.factor = factor
            self.level = level
        }
    }

    /// The name `score --within` takes for the occasion (any other name is a condition's factor).
    public static let occasionFactor = "occasion"
    /// The part a moderated session adds for a task done again ("trial=2"); kept last in a key.
    public static let trialFactor = "trial"

    public init(occasion: String = "", conditions: [Condition] = []) {
        self.occasion = occasion
        self.conditions = Self.ordered(conditions)
    }

    public init(occasion: String = "", conditions: [String: String]) {
        self.init(occasion: occasion, conditions: conditions.map { Condition(factor: $0.key, level: $0.value) })
    }

    /// Reads a stored key: parts with `=` are conditions, the rest (normally one part) the occasion.
    public init(key: String) {
        var occasionParts: [String] = []
        var conditions: [Condition] = []
        for part in key.split(separator: ";", omittingEmptySubsequences: false) {
            if let equals = part.firstIndex(of: "=") {
                conditions.append(Condition(factor: String(part[..<equals]).trimmingSpaces, level: String(part[part.index(after: equals)...]).trimmingSpaces))
            } else {
                occasionParts.append(String(part))
            }
        }
        occasion = occasionParts.joined(separator: ";")
        self.conditions = conditions
    }

    /// The stored key.
    public var key: String {
        ([occasion].filter { !$0.isEmpty } + conditions.map { "\($0.factor)=\($0.level)" }).joined(separator: ";")
    }

    /// The conditions as people read them: "aparelho=celular, protótipo=B" ("" when there is none).
    public var conditionText: String {
        conditions.map { "\($0.factor)=\($0.level)" }.joined(separator: ", ")
    }

    /// The level this measurement has of `factor` (`occasionFactor` names the occasion), matched without regard
    /// to case; `nil` when the set has no level of that factor.
    public func level(of factor: String) -> String? {
        if factor.caseInsensitiveCompare(Self.occasionFactor) == .orderedSame { return occasion }
        return conditions.first { $0.factor.caseInsensitiveCompare(factor) == .orderedSame }?.level
    }

    /// This measurement without `factor`: what stays the same while the factor's levels are compared.
    public func removing(_ factor: String) -> MeasurementKey {
        if factor.caseInsensitiveCompare(Self.occasionFactor) == .orderedSame { return MeasurementKey(occasion: "", conditions: conditions) }
        return MeasurementKey(occasion: occasion, conditions: conditions.filter { $0.factor.caseInsensitiveCompare(factor) != .orderedSame })
    }

    /// The measurement as a label: "pós · aparelho=celular"; `none` when it has neither.
    public func label(none: String) -> String {
        let parts = [occasion].filter { !$0.isEmpty } + conditions.map { "\($0.factor)=\($0.level)" }
        return parts.isEmpty ? none : parts.joined(separator: " · ")
    }

    /// The measurement as a reader reads it, no machine spelling: "pós · aparelho: celular"; `none` when it has
    /// neither.
    public func readable(none: String, labels: StudyLabels = .plain) -> String {
        labels.measurement(self, none: none)
    }

    /// " (pós · aparelho=celular)" after a set's description, or "" for a set without occasion or condition.
    public static func suffix(_ key: String) -> String {
        key.isEmpty ? "" : " (\(MeasurementKey(key: key).label(none: "")))"
    }

    /// Why `occasion` cannot be stored as an occasion (it would be read back as a condition or as two parts).
    public static func problem(occasion: String) -> String? {
        if occasion.contains(";") || occasion.contains("=") {
            return "an occasion cannot hold ';' or '=' (give a condition with --condition factor=level)"
        }
        return nil
    }

    /// Factors in alphabetical order (without regard to case), a trial last.
    static func ordered(_ conditions: [Condition]) -> [Condition] {
        conditions.enumerated().sorted { a, b in
            let aTrial = a.element.factor.caseInsensitiveCompare(trialFactor) == .orderedSame
            let bTrial = b.element.factor.caseInsensitiveCompare(trialFactor) == .orderedSame
            if aTrial != bTrial { return bTrial }
            let (x, y) = (a.element.factor.lowercased(), b.element.factor.lowercased())
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// The columns that name a set's measurement in a tidy table: `occasion` when any set has one, then one column per
/// condition factor (in the order the factors first appear), so R or SPSS read each factor as a variable.
public struct MeasurementColumns: Sendable, Equatable {
    public let occasion: Bool
    public let factors: [String]

    public init(keys: [String]) {
        let parsed = keys.map(MeasurementKey.init(key:))
        occasion = parsed.contains { !$0.occasion.isEmpty }
        var factors: [String] = []
        for factor in parsed.flatMap({ $0.conditions.map(\.factor) })
        where !factors.contains(where: { $0.caseInsensitiveCompare(factor) == .orderedSame }) {
            factors.append(factor)
        }
        self.factors = factors
    }

    public var isEmpty: Bool { !occasion && factors.isEmpty }
    /// The header cells: "occasion" and each factor's name.
    public var header: [String] { (occasion ? [MeasurementKey.occasionFactor] : []) + factors }
    /// A set's cells under `header`.
    public func cells(_ key: String) -> [String] {
        let measurement = MeasurementKey(key: key)
        return (occasion ? [measurement.occasion] : []) + factors.map { measurement.level(of: $0) ?? "" }
    }
}
