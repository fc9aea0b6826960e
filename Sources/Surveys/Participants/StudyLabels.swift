/// What people call the study's things: an attribute ("faixa etária" for `grupo_etário`), an attribute's values
/// ("18 a 39 anos" for `18-39`), a condition factor and its levels ("versão atual" for `atual`), an occasion. Each
/// falls back to its name with underscores read as spaces ("grupo etário"), so a report never shows a machine name;
/// CSV and JSON keep the names.
public struct StudyLabels: Sendable, Equatable, Codable {
    /// Attribute name (folded) → label.
    public var attributes: [String: String]
    /// Attribute name (folded) → value → label.
    public var values: [String: [String: String]]
    /// Factor name (folded) → label.
    public var factors: [String: String]
    /// Factor name (folded) → level → label.
    public var levels: [String: [String: String]]
    /// Occasion → label.
    public var occasions: [String: String]

    public init(attributes: [String: String] = [:], values: [String: [String: String]] = [:], factors: [String: String] = [:],
                levels: [String: [String: String]] = [:], occasions: [String: String] = [:]) {
        self.attributes = Dictionary(attributes.map { (Self.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.values = Dictionary(values.map { (Self.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.factors = Dictionary(factors.map { (Self.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.levels = Dictionary(levels.map { (Self.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.occasions = occasions
    }

    /// No label given: every name read as it is written, underscores as spaces.
    public static let plain = StudyLabels()

    /// A name as people read it when nobody labelled it: `grupo_etário` → "grupo etário".
    public static func readable(_ name: String) -> String {
        guard name.contains("_") else { return name }
        let spaced = name.split(separator: "_", omittingEmptySubsequences: true).joined(separator: " ")
        return spaced.isEmpty ? name : spaced
    }

    static func fold(_ name: String) -> String { name.lowercased() }

    public func attribute(_ name: String) -> String { attributes[Self.fold(name)] ?? Self.readable(name) }
    public func value(_ value: String, of attribute: String) -> String { values[Self.fold(attribute)]?[value] ?? value }
    public func factor(_ name: String) -> String {
        if name.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame { return name }
        return factors[Self.fold(name)] ?? Self.readable(name)
    }
    public func level(_ level: String, of factor: String) -> String { levels[Self.fold(factor)]?[level] ?? level }
    public func occasion(_ name: String) -> String { occasions[name] ?? name }

    /// A grouping of a task or score table by its bare name: the grouping attribute's label when it is
    /// `attribute`, else the condition's.
    public func groupingName(_ name: String, attribute: String?) -> String {
        if let attribute, name.caseInsensitiveCompare(attribute) == .orderedSame { return self.attribute(name) }
        return factor(name)
    }

    /// A value of such a grouping: the attribute's value label, else the condition's level label.
    public func groupingValue(_ value: String, of name: String, attribute: String?) -> String {
        if let attribute, name.caseInsensitiveCompare(attribute) == .orderedSame { return self.value(value, of: name) }
        return level(value, of: name)
    }

    /// A task-table grouping (`attribute:NAME`, `condition:NAME`, or a bare name) as people call it.
    public func grouping(_ name: String) -> String {
        if name.hasPrefix("attribute:") { return attribute(String(name.dropFirst("attribute:".count))) }
        if name.hasPrefix("condition:") { return factor(String(name.dropFirst("condition:".count))) }
        return factor(name)
    }

    /// A grouping's value (an attribute's value, a factor's level) as people call it.
    public func groupValue(_ value: String, of grouping: String) -> String {
        if grouping.hasPrefix("attribute:") { return self.value(value, of: String(grouping.dropFirst("attribute:".count))) }
        if grouping.hasPrefix("condition:") { return level(value, of: String(grouping.dropFirst("condition:".count))) }
        return level(value, of: grouping)
    }

    /// A measurement as people read it: "pós · protótipo: versão atual"; `none` when it has neither.
    public func measurement(_ key: MeasurementKey, none: String) -> String {
        let parts = [key.occasion].filter { !$0.isEmpty }.map(occasion) + key.conditions.map { "\(factor($0.factor)): \(level($0.level, of: $0.factor))" }
        return parts.isEmpty ? none : parts.joined(separator: " · ")
    }

    /// A stored measurement key as people read it.
    public func measurement(_ key: String, none: String) -> String { measurement(MeasurementKey(key: key), none: none) }

    /// Whether anything is labelled.
    public var isEmpty: Bool { attributes.isEmpty && values.isEmpty && factors.isEmpty && levels.isEmpty && occasions.isEmpty }
}
