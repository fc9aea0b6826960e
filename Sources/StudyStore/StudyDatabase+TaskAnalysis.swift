import Foundation
import GRDB
import Surveys
import Wording

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
        // Every SEQ answer with the levels its occasion names ("aparelho=celular", as a session stores it): never
        // one per participant and task, which would give the same answer to both devices of a within-subject study.
        var seq: [TaskAnswer] = []
        if try read({ db in try Self.storedInstrument(db, "seq") }) != nil {
            for set in try responseSets(instrument: "seq").1 {
                if let task = set.task, let value = set.answers[1]?.value {
                    seq.append(TaskAnswer(participant: set.participant, task: task, conditions: Self.occasionLevels(set.occasion, factors: factors),
                                          value: value))
                }
            }
        }
        var dataset = TaskDataset(
            observations: observations, taskOrder: tasks.map(\.key),
            penalties: Dictionary(tasks.compactMap { task in task.penaltySeconds.map { (task.key, $0) } }, uniquingKeysWith: { first, _ in first }),
            groupNames: names, groupOrders: orders, seq: seq)
        dataset.targets = Dictionary(tasks.compactMap { task in task.targetSeconds.map { (task.key, $0) } }, uniquingKeysWith: { first, _ in first })
        dataset.errorOpportunities = Dictionary(tasks.compactMap { task in task.errorOpportunities.map { (task.key, $0) } },
                                                uniquingKeysWith: { first, _ in first })
        dataset.groupFactors = sources.map { source -> String? in
            if case let .factor(factor) = source { return factor.name }
            return nil
        }
        return dataset
    }

    /// The condition levels an occasion names: "aparelho=celular;layout=B;trial=2" → [aparelho: celular, layout: B],
    /// each factor and level as the study spells them (matched without regard to case); other parts are ignored.
    static func occasionLevels(_ occasion: String, factors: [FactorInfo]) -> [String: String] {
        var levels: [String: String] = [:]
        for part in occasion.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, let factor = factors.first(where: { $0.name.caseInsensitiveCompare(pair[0]) == .orderedSame }) else { continue }
            levels[factor.name] = factor.levels.first { $0.caseInsensitiveCompare(pair[1]) == .orderedSame } ?? pair[1]
        }
        return levels
    }
}
