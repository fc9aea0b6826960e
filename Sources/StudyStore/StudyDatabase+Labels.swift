import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// Labels for people (`StudyLabels`): what the report, the workbook and the terminal tables call an attribute, its
/// values, a condition factor, its levels and an occasion.
extension StudyDatabase {
    /// Every label the study holds.
    public func labels() throws -> StudyLabels {
        try read { db in try Self.labels(db) }
    }

    static func labels(_ db: Database) throws -> StudyLabels {
        var labels = StudyLabels()
        for row in try Row.fetchAll(db, sql: "SELECT name, label FROM attribute WHERE label IS NOT NULL") {
            labels.attributes[(row["name"] as String).lowercased()] = row["label"]
        }
        for row in try Row.fetchAll(db, sql: "SELECT attribute, value, label FROM attribute_value_label") {
            labels.values[(row["attribute"] as String).lowercased(), default: [:]][row["value"]] = row["label"]
        }
        for row in try Row.fetchAll(db, sql: "SELECT name, label FROM factor WHERE label IS NOT NULL") {
            labels.factors[(row["name"] as String).lowercased()] = row["label"]
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT f.name AS factor, l.name AS level, l.label FROM factor_level l JOIN factor f ON f.id = l.factor_id WHERE l.label IS NOT NULL
            """) {
            labels.levels[(row["factor"] as String).lowercased(), default: [:]][row["level"]] = row["label"]
        }
        for row in try Row.fetchAll(db, sql: "SELECT occasion, label FROM occasion_label") {
            labels.occasions[row["occasion"]] = row["label"]
        }
        return labels
    }

    /// A label as typed, through the one door every name passes; `nil` or "" clears it (the name is shown again).
    static func labelText(_ raw: String?, of thing: String) throws -> String? {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try StudyText.name(raw.trimmingCharacters(in: .whitespaces), as: .label)
        } catch {
            // `StudyText.name` throws a NameProblem only.
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: thing), message: error.reason)])
        }
    }

    /// Labels an attribute (`label`; `.some(nil)` clears it, `nil` leaves it) and some of its values (value →
    /// label, "" clearing one), in one transaction. A value no participant holds is refused, naming the values.
    public func setAttributeLabels(attribute: String, label: String??, values: [(value: String, label: String)] = []) throws {
        try write { db in
            guard let name = try Self.attributeName(db, attribute) else {
                throw StoreError.unknownAttribute(name: attribute, known: try Self.attributeDefinitions(db).map(\.name))
            }
            if let label {
                try db.execute(sql: "UPDATE attribute SET label = ? WHERE name = ?", arguments: [try Self.labelText(label, of: name), name])
            }
            let attributes = try Row.fetchAll(db, sql: "SELECT name, label FROM attribute ORDER BY position")
            try Self.refuseOneShownName(attributes.map { ($0["name"], $0["label"]) }, kind: .attribute, at: name)
            guard !values.isEmpty else { return }
            let held = try Row.fetchAll(db, sql: "SELECT DISTINCT text_value, number_value FROM participant_attribute WHERE name = ?", arguments: [name])
                .map { row -> String in
                    if let text: String = row["text_value"] { return text }
                    return NumberParser.format(row["number_value"] as Double? ?? 0)
                }
            var problems: [StoreError.Problem] = []
            for (value, text) in values {
                let stored = StudyText.composed(value)
                guard let known = held.first(where: { $0 == stored }) ?? held.first(where: { $0.caseInsensitiveCompare(stored) == .orderedSame }) else {
                    problems.append(.init(location: "\(name) --value \(value)",
                                          message: "no participant has this value (values: \(held.sorted(by: NaturalOrder.areInIncreasingOrder).joined(separator: ", ")))"))
                    continue
                }
                if let label = try Self.labelText(text, of: "\(name) \(known)") {
                    try db.execute(sql: "INSERT OR REPLACE INTO attribute_value_label (attribute, value, label) VALUES (?, ?, ?)",
                                   arguments: [name, known, label])
                } else {
                    try db.execute(sql: "DELETE FROM attribute_value_label WHERE attribute = ? AND value = ?", arguments: [name, known])
                }
            }
            if !problems.isEmpty { throw StoreError.invalidInput(problems) }
            let valueLabels = try Row.fetchAll(db, sql: "SELECT value, label FROM attribute_value_label WHERE attribute = ?", arguments: [name])
            let labelled = Dictionary(valueLabels.map { ($0["value"] as String, $0["label"] as String) }, uniquingKeysWith: { first, _ in first })
            try Self.refuseOneShownName(held.map { ($0, labelled[$0]) }, kind: .value, at: name)
        }
    }

    /// Refuses labels that would show two things under one name (`Experiência` for both `anos` and `nível`, or a
    /// label that is another's name): a table or a figure could no longer tell them apart. Names compare as the study
    /// compares them (case and accents typed either way). Thrown inside the write, so nothing is stored.
    enum Labelled {
        case attribute, value, condition, level, occasion

        func sharing(_ first: String, _ second: String, shown: String) -> Sentence {
            switch self {
            case .attribute: return "the attributes \(first) and \(second) would both be shown as '\(shown)'; give each its own label"
            case .value: return "the values \(first) and \(second) would both be shown as '\(shown)'; give each its own label"
            case .condition: return "the conditions \(first) and \(second) would both be shown as '\(shown)'; give each its own label"
            case .level: return "the levels \(first) and \(second) would both be shown as '\(shown)'; give each its own label"
            case .occasion: return "the occasions \(first) and \(second) would both be shown as '\(shown)'; give each its own label"
            }
        }
    }

    static func refuseOneShownName(_ things: [(name: String, label: String?)], kind: Labelled, at location: String) throws {
        var shownBy: [String: String] = [:]
        var problems: [StoreError.Problem] = []
        for thing in things {
            // Unlabelled, an attribute or a condition reads with its underscores as spaces (`StudyLabels`).
            let shown = thing.label ?? (kind == .attribute || kind == .condition ? thing.name.replacingOccurrences(of: "_", with: " ") : thing.name)
            let key = StudyText.key(shown)
            if let other = shownBy[key], StudyText.key(other) != StudyText.key(thing.name) {
                problems.append(.init(location: Sentence(verbatim: location), message: kind.sharing(other, thing.name, shown: shown)))
            } else {
                shownBy[key] = thing.name
            }
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
    }

    /// Labels a condition factor (`label`; `.some(nil)` clears it, `nil` leaves it) and some of its levels (level →
    /// label, "" clearing one), in one transaction.
    public func setConditionLabels(factor: String, label: String??, levels: [(level: String, label: String)] = []) throws {
        try write { db in
            guard let stored = try Self.storedName(db, table: "factor", column: "name", factor),
                  let id = try Int64.fetchOne(db, sql: "SELECT id FROM factor WHERE name = ?", arguments: [stored]) else {
                throw StoreError.unknownFactor(name: factor, known: try Self.factors(db).map(\.name))
            }
            if let label {
                try db.execute(sql: "UPDATE factor SET label = ? WHERE id = ?", arguments: [try Self.labelText(label, of: stored), id])
            }
            let known = try String.fetchAll(db, sql: "SELECT name FROM factor_level WHERE factor_id = ? ORDER BY position", arguments: [id])
            var problems: [StoreError.Problem] = []
            for (level, text) in levels {
                let composed = StudyText.composed(level)
                guard let name = known.first(where: { $0 == composed }) ?? known.first(where: { $0.caseInsensitiveCompare(composed) == .orderedSame }) else {
                    problems.append(.init(location: "\(stored) --level \(level)", message: "\(stored) has no level '\(level)' (levels: \(known.joined(separator: ", ")))"))
                    continue
                }
                try db.execute(sql: "UPDATE factor_level SET label = ? WHERE factor_id = ? AND name = ?",
                               arguments: [try Self.labelText(text, of: "\(stored) \(name)"), id, name])
            }
            if !problems.isEmpty { throw StoreError.invalidInput(problems) }
            let factors = try Row.fetchAll(db, sql: "SELECT name, label FROM factor ORDER BY id")
            try Self.refuseOneShownName(factors.map { ($0["name"], $0["label"]) }, kind: .condition, at: stored)
            let levels = try Row.fetchAll(db, sql: "SELECT name, label FROM factor_level WHERE factor_id = ? ORDER BY position", arguments: [id])
            try Self.refuseOneShownName(levels.map { ($0["name"], $0["label"]) }, kind: .level, at: stored)
        }
    }

    /// Labels an occasion the study's answers were given on (`nil` or "" clears it). An occasion no response set
    /// has is refused, naming those it has.
    public func setOccasionLabel(occasion: String, label: String?) throws {
        try write { db in
            let keys = try String.fetchAll(db, sql: "SELECT DISTINCT occasion FROM response_set WHERE occasion <> ''")
            let occasions = NaturalOrder.distinct(keys.map { MeasurementKey(key: $0).occasion }.filter { !$0.isEmpty })
            let composed = StudyText.composed(occasion)
            guard let name = occasions.first(where: { $0 == composed }) ?? occasions.first(where: { $0.caseInsensitiveCompare(composed) == .orderedSame }) else {
                throw StoreError.invalidInput([.init(location: "occasion '\(occasion)'",
                    message: occasions.isEmpty ? "no answers were given on an occasion" : "no answers were given on this occasion (occasions: \(occasions.joined(separator: ", ")))")])
            }
            if let text = try Self.labelText(label, of: name) {
                try db.execute(sql: "INSERT OR REPLACE INTO occasion_label (occasion, label) VALUES (?, ?)", arguments: [name, text])
            } else {
                try db.execute(sql: "DELETE FROM occasion_label WHERE occasion = ?", arguments: [name])
            }
            let labelled = Dictionary(try Row.fetchAll(db, sql: "SELECT occasion, label FROM occasion_label").map { ($0["occasion"] as String, $0["label"] as String) },
                                      uniquingKeysWith: { first, _ in first })
            try Self.refuseOneShownName(occasions.map { ($0, labelled[$0]) }, kind: .occasion, at: name)
        }
    }
}
