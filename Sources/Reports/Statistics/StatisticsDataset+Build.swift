import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

extension StatisticsDataset {
    /// The study in `snapshot` (read whole, not streamed) as one row per participant and measurement.
    ///
    /// A measurement is a response set's occasion and conditions ("pós;aparelho=celular"): a participant has a row per
    /// measurement their sets were answered in (one row when none is), with `occasion` and a variable per condition
    /// factor. A set of an instrument never answered in a measurement (a demographic questionnaire once, beside SUS
    /// before and after) is a constant of its participant and repeats on each of their rows, as their attributes do.
    /// A set without a measurement of an instrument that other sets answer in one (UMUX-Lite imported once without an
    /// occasion and again "pós") is a measurement of its own: its own row, occasion and conditions missing, never
    /// merged into a row of an occasion. Each item and score comes from its own set only. A per-task
    /// instrument (SEQ) has its items and scores once per task, named after the task. Participants without any set
    /// keep one row with their attributes.
    public static func build(_ snapshot: StudyData) -> StatisticsDataset {
        let language = snapshot.info.language
        var names = VariableNames()
        var variables: [Variable] = []
        // For each variable, how a row gets its value.
        var cells: [(RowKey) -> Value] = []

        let participantVariable = Variable(name: names.unique("participant"), label: Term.participant.text(language), source: "participant",
                                           kind: .text, measure: .nominal)
        variables.append(participantVariable)
        cells.append { .text($0.participant) }

        // Attributes: numbers as numbers (scale); text as coded groups (nominal) with a label per value.
        attributeVariables(snapshot, names: &names, variables: &variables, cells: &cells)

        // The measurements, in the order they were recorded.
        var keyOrder: [String] = []
        for questionnaire in snapshot.questionnaires {
            for key in questionnaire.report.occasions where !key.isEmpty && !keyOrder.contains(key) { keyOrder.append(key) }
            for set in questionnaire.sets where !set.occasion.isEmpty && !keyOrder.contains(set.occasion) { keyOrder.append(set.occasion) }
        }
        let measurement = MeasurementColumns(keys: keyOrder)
        for factor in measurement.header {
            let levels = NaturalOrder.distinct(keyOrder.compactMap { MeasurementKey(key: $0).level(of: factor) }.filter { !$0.isEmpty },
                                               preferring: keyOrder.compactMap { MeasurementKey(key: $0).level(of: factor) })
            let codes = Dictionary(levels.enumerated().map { ($0.element, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
            let isOccasion = factor == MeasurementKey.occasionFactor
            var variable = Variable(name: names.unique(isOccasion ? "occasion" : factor), label: isOccasion ? Term.occasion.text(language) : factor,
                                    source: isOccasion ? "occasion" : factor, kind: .number(integral: true), measure: .nominal)
            variable.valueLabels = levels.enumerated().map { ($0.offset + 1, $0.element) }
            variables.append(variable)
            cells.append { row in
                guard let level = MeasurementKey(key: row.key).level(of: factor), let code = codes[level] else { return .empty }
                return .number(Double(code))
            }
        }

        // Items and scores, per instrument and (for a per-task instrument) per task.
        let taskOrder = snapshot.tasks.map(\.key)
        var sets: [SetKey: StoredResponseSet] = [:]
        var scores: [SetKey: [String: Double]] = [:]
        var rowKeys: [String: [String]] = [:]
        for (index, questionnaire) in snapshot.questionnaires.enumerated() {
            let definition = questionnaire.definition
            // Whether this instrument's sets carry a measurement: then a set without one is a row of its own ("");
            // else the set is a constant, found under "" on every row of its participant.
            let measured = questionnaire.sets.contains { !$0.occasion.isEmpty }
            for set in questionnaire.sets {
                sets[SetKey(instrument: index, task: set.task, participant: set.participant, key: set.occasion)] = set
                if measured || !set.occasion.isEmpty, !(rowKeys[set.participant]?.contains(set.occasion) ?? false) {
                    rowKeys[set.participant, default: []].append(set.occasion)
                }
            }
            for row in questionnaire.report.rows {
                scores[SetKey(instrument: index, task: row.task, participant: row.participant, key: row.occasion)] =
                    Dictionary(row.scores.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            let tasks: [String?] = definition.perTask
                ? NaturalOrder.distinct(questionnaire.sets.compactMap(\.task), preferring: taskOrder).map { Optional($0) }
                : [nil]
            func set(_ row: RowKey, task: String?) -> StoredResponseSet? {
                sets[SetKey(instrument: index, task: task, participant: row.participant, key: measured ? row.key : "")]
            }
            for task in tasks {
                let prefix = definition.id + (task.map { "_" + $0 } ?? "")
                let suffix = task.map { " [\($0)]" } ?? ""
                for item in definition.items {
                    var variable = Variable(name: names.unique("\(prefix)_q\(item.number)"), label: item.text.text(language) + suffix,
                                            source: "\(definition.id) \(Term.item.text(language)) \(item.number)" + suffix, kind: .number(integral: true),
                                            measure: .ordinal)
                    variable.takesMissingCodes = true
                    switch item.kind {
                    case .likert:
                        if let scale = definition.scale {
                            variable.valueLabels = Self.distinctLabels((scale.min...scale.max).map { ($0, scale.anchor($0, language: language) ?? String($0)) })
                        }
                        let answers = questionnaire.sets.filter { $0.task == task }.compactMap { $0.answers[item.number] }
                        let integral = answers.allSatisfy { if case let .value(x) = $0 { return x == x.rounded() } else { return true } }
                        variable.kind = .number(integral: integral)
                    case .numeric:
                        variable.measure = .scale
                        let answers = questionnaire.sets.filter { $0.task == task }.compactMap { $0.answers[item.number] }
                        variable.kind = .number(integral: answers.allSatisfy { if case let .value(x) = $0 { return x == x.rounded() } else { return true } })
                    case .choice:
                        variable.measure = .nominal
                        variable.valueLabels = Self.distinctLabels((item.choices ?? []).enumerated().map { ($0.offset + 1, $0.element.label.text(language)) })
                    case .text:
                        variable.kind = .text
                        variable.measure = .nominal
                        variable.takesMissingCodes = false
                    }
                    let choiceCodes = Dictionary((item.choices ?? []).enumerated().map { ($0.element.key, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
                    variables.append(variable)
                    cells.append { row in
                        guard let found = set(row, task: task) else { return .empty }
                        switch found.answers[item.number] {
                        case let .value(x)?: return .number(x)
                        case .notApplicable?: return .missing(.notApplicable)
                        case let .choice(key)?: return choiceCodes[key].map { .number(Double($0)) } ?? .empty
                        case let .text(text)?: return .text(text)
                        case nil: return item.kind == .text ? .empty : .missing(.unanswered)
                        }
                    }
                }
                for id in definition.scoreIDs {
                    let scoreName = ScoreNames.name(id, definition, language, long: true)
                    let label = definition.title.text(language) == scoreName ? scoreName : "\(definition.title.text(language)): \(scoreName)"
                    let base = id.caseInsensitiveCompare(definition.id) == .orderedSame ? "\(prefix)_score" : "\(prefix)_\(id)"
                    variables.append(Variable(name: names.unique(base), label: label + suffix, source: "\(definition.id) \(Term.score.text(language)) \(ScoreNames.name(id, definition, language))" + suffix,
                                              kind: .number(integral: false), measure: .scale))
                    cells.append { row in
                        // Only the row's own set's score: a set that could not be scored has none.
                        let key = SetKey(instrument: index, task: task, participant: row.participant, key: measured ? row.key : "")
                        return scores[key]?[id].map { .number($0) } ?? .empty
                    }
                }
            }
        }

        var rows: [[Value]] = []
        for participant in snapshot.roster.participants {
            // The measurement without an occasion first, then the occasions in the order they were recorded.
            let keys = (rowKeys[participant.code] ?? []).sorted {
                ($0.isEmpty ? -1 : keyOrder.firstIndex(of: $0) ?? .max) < ($1.isEmpty ? -1 : keyOrder.firstIndex(of: $1) ?? .max)
            }
            for key in keys.isEmpty ? [""] : keys {
                let row = RowKey(participant: participant.code, key: key)
                rows.append(cells.map { $0(row) })
            }
        }
        return StatisticsDataset(fileLabel: snapshot.info.title, variables: variables, rows: rows,
                                 notApplicableLabel: ("not applicable" as Sentence).text(language),
                                 unansweredLabel: ("not answered" as Sentence).text(language))
    }

    /// Each participant attribute as a variable: numbers as numbers (scale), text as coded groups (nominal) with a
    /// label per value, in the study's order of groups.
    static func attributeVariables(_ snapshot: StudyData, names: inout VariableNames, variables: inout [Variable],
                                   cells: inout [(RowKey) -> Value]) {
        let profiles = Dictionary(snapshot.roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for attribute in snapshot.roster.attributes {
            let values = snapshot.roster.participants.compactMap { $0.value(of: attribute.name) }
            let numeric = !values.isEmpty && values.allSatisfy { if case .number = $0 { return true } else { return false } }
            var variable = Variable(name: names.unique(attribute.name), label: attribute.name, source: attribute.name,
                                    kind: .number(integral: !numeric), measure: numeric ? .scale : .nominal)
            if numeric {
                variable.kind = .number(integral: values.allSatisfy { if case let .number(x) = $0 { return x == x.rounded() } else { return false } })
                cells.append { row in
                    if case let .number(x)? = profiles[row.participant]?.value(of: attribute.name) { return .number(x) }
                    return .empty
                }
            } else {
                let order = attribute.name == snapshot.groupAttribute ? snapshot.groupOrder : []
                let levels = NaturalOrder.distinct(values.map(\.display), preferring: order)
                let codes = Dictionary(levels.enumerated().map { ($0.element, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
                variable.valueLabels = levels.enumerated().map { ($0.offset + 1, $0.element) }
                cells.append { row in
                    guard let value = profiles[row.participant]?.value(of: attribute.name), let code = codes[value.display] else { return .empty }
                    return .number(Double(code))
                }
            }
            variables.append(variable)
        }
    }

    /// One row of the file: a participant and a measurement ("" for none).
    struct RowKey {
        var participant: String
        var key: String
    }

    struct SetKey: Hashable {
        var instrument: Int
        var task: String?
        var participant: String
        var key: String
    }

    /// Labels made distinct (two equal labels on two values read as one level in JASP and R factors): a repeated
    /// label gets its value after it ("Neutral (3)").
    static func distinctLabels(_ labels: [(Int, String)]) -> [(value: Int, label: String)] {
        var counts: [String: Int] = [:]
        for (_, label) in labels { counts[label, default: 0] += 1 }
        return labels.map { value, label in (value, counts[label, default: 0] > 1 ? "\(label) (\(value))" : label) }
    }
}
