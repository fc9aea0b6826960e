import Foundation
import GRDB
import Surveys
import Wording

/// Attempts ready for task statistics, grouped by participant attributes and condition factors.
public struct TaskDataset: Sendable {
    public var observations: [TaskObservation]
    public var taskOrder: [String]
    /// Seconds per error, per task, where the task sets one.
    public var penalties: [String: Double]
    /// The grouping names as stored (attribute or condition).
    public var groupNames: [String]
    /// Each grouping's preferred value order (a derivation rule's labels, a factor's levels).
    public var groupOrders: [[String]]
    /// SEQ answers by participant and task.
    public var seq: [String: [String: Double]]
}

extension StudyDatabase {
    /// The study's attempts, each labelled with the values of `groupings` (participant attributes or condition
    /// factors; `attribute:NAME` or `condition:NAME` when a name is both).
    public func taskDataset(groupedBy groupings: [String]) throws -> TaskDataset {
        let attempts = try attempts()
        // Attributes and the values of participants with attempts only: a study of a million respondents and a
        // few observed sessions does not read its whole roster here.
        let attributes = try attributeDefinitions()
        let factors = try factors()
        let tasks = try tasks()
        enum Source { case attribute(AttributeDefinition), factor(FactorInfo) }
        var sources: [Source] = []
        for grouping in groupings {
            var name = grouping
            var only: String?
            for prefix in ["attribute:", "condition:"] where grouping.lowercased().hasPrefix(prefix) {
                only = String(prefix.dropLast())
                name = String(grouping.dropFirst(prefix.count))
            }
            let attribute = only == "condition" ? nil : attributes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            let factor = only == "attribute" ? nil : factors.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            switch (attribute, factor) {
            case let (attribute?, nil): sources.append(.attribute(attribute))
            case let (nil, factor?): sources.append(.factor(factor))
            case (.some, .some): throw StoreError.ambiguousGrouping(name: name)
            case (nil, nil):
                throw StoreError.unknownGrouping(name: name, attributes: attributes.map(\.name), conditions: factors.map(\.name))
            }
        }
        let attempting = Set(attempts.map(\.participant))
        var values: [String: [String: String]] = [:]
        for case let .attribute(definition) in sources where values[definition.name] == nil {
            values[definition.name] = try attributeValues(definition.name, of: attempting)
        }
        let observations = attempts.map { attempt in
            TaskObservation(
                participant: attempt.participant, task: attempt.task,
                group: sources.map { source in
                    switch source {
                    case let .attribute(definition):
                        return values[definition.name]?[attempt.participant] ?? "(none)"
                    case let .factor(factor):
                        return attempt.conditions[factor.name] ?? "(none)"
                    }
                },
                seconds: attempt.seconds, errors: attempt.errors, outcome: attempt.outcome, assisted: attempt.assisted)
        }
        let names = sources.map { source -> String in
            switch source {
            case let .attribute(definition): return definition.name
            case let .factor(factor): return factor.name
            }
        }
        let orders = sources.map { source -> [String] in
            switch source {
            case let .attribute(definition): return definition.rule.flatMap { try? DerivationRule(parsing: $0) }?.clauses.map(\.label) ?? []
            case let .factor(factor): return factor.levels
            }
        }
        var seq: [String: [String: Double]] = [:]
        if try read({ db in try Self.storedInstrument(db, "seq") }) != nil {
            for set in try responseSets(instrument: "seq").1 {
                if let task = set.task, let value = set.answers[1]?.value { seq[set.participant, default: [:]][task] = value }
            }
        }
        return TaskDataset(
            observations: observations, taskOrder: tasks.map(\.key),
            penalties: Dictionary(tasks.compactMap { task in task.penaltySeconds.map { (task.key, $0) } }, uniquingKeysWith: { first, _ in first }),
            groupNames: names, groupOrders: orders, seq: seq)
    }
}
