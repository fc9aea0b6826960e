import Foundation
import Gaze
import QualCoding
import Statistics
import StudyBasics
import Surveys
import Wording

extension ResultTable {
    /// A table of the study's export (a workbook sheet, a CSV file named `id`): its columns by machine name, each
    /// labelled by its catalog term (`Term`'s raw value is the machine name) or, for a name the study gives (an
    /// attribute, a condition), as named.
    init(exported id: String, sheet: Sentence, about: Sentence, language: StudyLanguage, columns names: [String],
         rows: [[Value]] = [], source: RowSource? = nil) {
        let columns = names.map { name in Column(name, Term(rawValue: name)?.text(language) ?? name, .text) }
        self.init(id: id, title: sheet.text(language), language: language, columns: columns, rows: rows)
        self.source = source
        self.sheet = Sheet(sheet, about: about, language)
        typeColumns()
    }

    /// An exported table as long as the study: its rows read from the study as they are written.
    init(exported id: String, sheet: Sentence, about: Sentence, language: StudyLanguage, columns names: [String], hasRows: Bool,
         read: @escaping @Sendable (_ row: ([Value]) throws -> Void) throws -> Void) {
        self.init(exported: id, sheet: sheet, about: about, language: language, columns: names, source: RowSource(hasRows: hasRows, read: read))
    }

    /// The machine names of columns named by catalog terms (their labels are the terms' words).
    static func names(_ terms: [Term]) -> [String] { terms.map(\.rawValue) }

    /// Gives each text column the kind of its first value: a count, a number, or text.
    mutating func typeColumns() {
        for index in columns.indices where columns[index].kind == .text {
            guard let value = rows.lazy.map({ $0[index] }).first(where: { $0 != .empty }) else { continue }
            switch value {
            case .count: columns[index].kind = .count
            case .number: columns[index].kind = .number(decimals: 2)
            default: break
            }
        }
    }

    /// Labels the columns, in order, where the table's words are not the terms'.
    mutating func label(_ labels: [String]) {
        for (index, label) in labels.enumerated() where index < columns.count { columns[index].label = label }
    }

    /// How machine words read for people, per column (the workbook shows "Todos" where the CSV keeps `all`).
    mutating func word(_ wordings: [Int: [String: String]]) {
        for (index, words) in wordings where index < columns.count { columns[index].wording.merge(words) { _, new in new } }
    }

    /// The table with its score intervals named and labelled at `confidence` (`ci95_low` → `ci90_low`, "IC 95 %" →
    /// "IC 90 %"): for tables whose intervals were computed at the snapshot's level. Unchanged at 0.95.
    func exportedAtConfidence(_ confidence: Double) -> ResultTable {
        let level = String(Int((confidence * 100).rounded()))
        guard level != "95" else { return self }
        var table = self
        for index in table.columns.indices where table.columns[index].name.contains("ci95") {
            table.columns[index].name = table.columns[index].name.replacingOccurrences(of: "ci95", with: "ci" + level)
            table.columns[index].label = table.columns[index].label.replacingOccurrences(of: "95", with: level)
        }
        return table
    }
}

/// The study as tidy tables: one row per observation, one column per variable (for R, SPSS, Excel).
public enum StudyTables {
    /// A table of the results model as a sheet of the study's workbook.
    static func sheet(_ table: ResultTable, _ name: Sentence, about: Sentence) -> ResultTable {
        var table = table
        table.sheet = Sheet(name, about: about, table.language)
        return table
    }

    public static func make(_ snapshot: StudyData) -> [ResultTable] {
        // The within-subject tables only for a study whose sets vary within participants (occasions, conditions).
        let within = snapshot.questionnaires.contains { !$0.within.isEmpty }
            ? [withinComparisons(snapshot), withinPairs(snapshot), mixedANOVA(snapshot)].filter { !$0.isEmpty } : []
        var tables = [study(snapshot), participants(snapshot), responses(snapshot), scores(snapshot), summary(snapshot), items(snapshot),
                      quality(snapshot), exclusions(snapshot), benchmarks(snapshot), comparisons(snapshot)] + within
            + [attempts(snapshot), taskSummary(snapshot), taskBenchmarks(snapshot), taskComparisons(snapshot), codebook(snapshot), excerpts(snapshot), frequencies(snapshot)]
            + agreement(snapshot) + [discovery(snapshot), saturation(snapshot), memos(snapshot)]
        if !snapshot.gazeRecordings.isEmpty {
            tables += [gazeRecordings(snapshot), aoiMetrics(snapshot), aoiSummary(snapshot), fixations(snapshot)]
        }
        return tables.map { labelled($0, snapshot) }
    }

    /// The table as people read it in the workbook: a column named after an attribute or a condition factor headed
    /// by its label ("faixa etária" over `grupo_etário`), its values, and the occasion column's, shown by their
    /// labels. The CSV keeps the names and the values as stored (a column's label and wording are the workbook's).
    static func labelled(_ table: ResultTable, _ s: StudyData) -> ResultTable {
        var table = table
        let attributes = Dictionary(s.roster.attributes.map { (StudyText.key($0.name), $0.name) }, uniquingKeysWith: { a, _ in a })
        let factors = Dictionary((s.factors.map(\.name) + measurementColumns(s).factors).map { (StudyText.key($0), $0) }, uniquingKeysWith: { a, _ in a })
        for index in table.columns.indices {
            let column = table.columns[index]
            // A column a term names ("Participante") or a builder already labelled keeps its words (its values may
            // still be the grouping's, shown by their labels).
            let grouping = [Term.group.rawValue, "group_a", "group_b", "higher"].contains(column.name)
            guard column.label == column.name || column.name == Term.occasion.rawValue || grouping else { continue }
            let key = StudyText.key(column.name)
            if column.name == Term.occasion.rawValue {
                table.columns[index].wording.merge(s.labels.occasions) { old, _ in old }
            } else if column.name == Term.group.rawValue || column.name == "group_a" || column.name == "group_b" || column.name == "higher",
                      let attribute = s.groupAttribute {
                // The groups of the grouping attribute, by their value labels ("18 a 29 anos" for 18_29).
                table.columns[index].wording.merge(s.labels.values[attribute.lowercased()] ?? [:]) { old, _ in old }
            } else if let attribute = attributes[key] {
                table.columns[index].label = s.labels.attribute(attribute)
                table.columns[index].wording.merge(s.labels.values[attribute.lowercased()] ?? [:]) { old, _ in old }
            } else if let factor = factors[key] {
                table.columns[index].label = s.labels.factor(factor)
                table.columns[index].wording.merge(s.labels.levels[factor.lowercased()] ?? [:]) { old, _ in old }
            }
        }
        return table
    }

    static func study(_ s: StudyData) -> ResultTable {
        // Who was recruited, left out and analysed, as every output says it (`AnalysisSet.counts`).
        let excluded = s.analysis.excluded.count
        let counts: [(String, Int)] = [
            ("participants recruited", s.participantCount + excluded), ("participants excluded", excluded),
            ("participants", s.participantCount), ("questionnaires", s.questionnaires.count),
            ("response sets", s.questionnaires.reduce(0) { $0 + $1.setCount }), ("tasks", s.tasks.count),
            ("task attempts", s.attempts.count), ("categories", s.categories.count), ("codes", s.codes.count), ("memos", s.memos.count),
        ]
        var rows: [[Value]] = [
            [.text("title"), .text(s.info.title)], [.text("language"), .text(s.info.language.rawValue)],
            [.text("created"), .text(s.info.created)], [.text("grouped by"), Value(s.groupAttribute)],
        ]
        rows += counts.map { [.text($0.0), .count($0.1)] }
        var table = ResultTable(exported: "study", sheet: "Study", about: "title, language and what the study holds", language: s.info.language, columns: ResultTable.names([.field, .value]), rows: rows)
        // The CSV keeps the machine names; the workbook shows each field in the study's language.
        let fields: [String: Sentence] = ["title": "title", "language": "language", "created": "created", "grouped by": "grouped by",
                                          "participants recruited": "participants recruited", "participants excluded": "participants excluded",
                                          "participants": "participants analysed", "questionnaires": "questionnaires", "response sets": "response sets",
                                          "tasks": "tasks", "task attempts": "task attempts", "categories": "categories", "codes": "codes",
                                          "memos": "memos"]
        table.word([0: fields.mapValues { $0.text(s.info.language) }])
        // The grouping attribute by its label ("faixa etária" for `grupo_etário`).
        if let attribute = s.groupAttribute { table.word([1: [attribute: s.labels.attribute(attribute)]]) }
        return table
    }

    public static func participants(_ s: StudyData) -> ResultTable {
        let names = s.roster.attributes.map(\.name)
        if let streams = s.streams {
            let analysis = s.analysis
            return ResultTable(exported: "participants", sheet: "Participants", about: "one row per participant with their attributes", language: s.info.language, columns: ResultTable.names([.participant]) + names, hasRows: s.participantCount > 0) { emit in
                try streams.participants { code, values in
                    guard analysis.includes(code) else { return }
                    try emit([.text(code)] + names.map { name in
                        switch values[StudyText.key(name)] {
                        case let .number(number)?: return .number(number)
                        case let .text(text)?: return .text(text)
                        case nil: return .empty
                        }
                    })
                }
            }
        }
        let rows = s.roster.participants.map { participant -> [Value] in
            let values = participant.valuesByName
            return [.text(participant.code)] + names.map { name in
                switch values[StudyText.key(name)] {
                case let .number(number)?: return .number(number)
                case let .text(text)?: return .text(text)
                case nil: return .empty
                }
            }
        }
        return ResultTable(exported: "participants", sheet: "Participants", about: "one row per participant with their attributes", language: s.info.language, columns: ResultTable.names([.participant]) + names, rows: rows)
    }

    static func responses(_ s: StudyData) -> ResultTable {
        // The occasion, then a column per condition factor the sets were answered under (a tidy variable each).
        let measurement = measurementColumns(s)
        let columns = ResultTable.names([.participant, .instrument, .task, .occasion]) + measurement.factors
            + ResultTable.names([.item, .value, .answer, .not_applicable, .orientation, .submitted])
        @Sendable func rows(of set: StoredResponseSet, _ definition: InstrumentDefinition, _ emit: ([Value]) throws -> Void) rethrows {
            let measured = measurementCells(set.occasion, measurement)
            for item in definition.items {
                guard let answer = set.answers[item.number] else { continue }
                var value = Value.empty
                var text = Value.empty
                var na = 0
                switch answer {
                case let .value(number): value = .number(number)
                case .notApplicable: na = 1
                case let .choice(key): text = .text(key)
                case let .text(answerText): text = .text(answerText)
                }
                try emit([.text(set.participant), .text(definition.id), Value(set.task)] + measured
                         + [.count(item.number), value, text, .count(na), .text(set.orientation.rawValue), Value(set.submitted)])
            }
        }
        // The orientation as the CSV keeps it (canonical, inverted), worded in the workbook.
        let orientations: [String: Sentence] = ["canonical": "canonical", "inverted": "inverted"]
        let display = [8 + measurement.factors.count: orientations.mapValues { $0.text(s.info.language) }]
        if let streams = s.streams {
            let definitions = s.questionnaires.map(\.definition)
            let analysis = s.analysis
            var table = ResultTable(exported: "responses", sheet: "Responses", about: "every answer, one row per item (long format)", language: s.info.language, columns: columns, hasRows: s.questionnaires.contains { $0.setCount > 0 }) { emit in
                for definition in definitions {
                    try streams.responseSets(definition.id) { set in
                        if analysis.includes(set.participant) { try rows(of: set, definition, emit) }
                    }
                }
            }
            table.word(display)
            return table
        }
        var all: [[Value]] = []
        for questionnaire in s.questionnaires {
            for set in questionnaire.sets { rows(of: set, questionnaire.definition) { all.append($0) } }
        }
        var table = ResultTable(exported: "responses", sheet: "Responses", about: "every answer, one row per item (long format)", language: s.info.language, columns: columns, rows: all)
        table.word(display)
        return table
    }

    public static func scores(_ s: StudyData) -> ResultTable {
        // The occasion last: a tidy column for R and SPSS ("" where the set has none), after the columns the display maps;
        // then a column per condition factor the sets were answered under.
        let measurement = measurementColumns(s)
        let columns = [Term.participant.rawValue, s.groupAttribute ?? Term.group.rawValue]
            + ResultTable.names([.instrument, .task, .score, .value, .items_answered, .items, .occasion]) + measurement.factors
        @Sendable func cells(_ row: ScoreReport.Row, group: String?, _ definition: InstrumentDefinition, _ emit: ([Value]) throws -> Void) rethrows {
            let measured = measurementCells(row.occasion, measurement)
            for score in row.scores {
                try emit([.text(row.participant), Value(group), .text(definition.id),
                          Value(row.task), .text(score.id), .number(score.value), .count(score.answered), .count(score.of)] + measured)
            }
        }
        let names = scoreNames(s)
        if let spool = s.scoreRows {
            // The rows the summaries were built from, kept at load (a set that could not be scored has none).
            let definitions = s.questionnaires.map(\.definition)
            var table = ResultTable(exported: "scores", sheet: "Scores", about: "each participant's scores per instrument", language: s.info.language, columns: columns, hasRows: spool.count > 0) { emit in
                try spool.forEach { instrument, row in try cells(row, group: row.group, definitions[instrument], emit) }
            }
            table.word([4: names])
            return table
        }
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for row in questionnaire.report.rows { cells(row, group: s.group(of: row.participant), questionnaire.definition) { rows.append($0) } }
        }
        var table = ResultTable(exported: "scores", sheet: "Scores", about: "each participant's scores per instrument", language: s.info.language, columns: columns, rows: rows)
        table.word([4: names])
        return table
    }

    public static func summary(_ s: StudyData) -> ResultTable {
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        // The CSV holds the machine values `score --summary --csv` prints; the workbook shows them in the study's language.
        var adjectives: [String: String] = [:]
        var acceptabilities: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for group in questionnaire.report.groups + questionnaire.report.overall {
                for item in group.summaries {
                    let st = item.statistics
                    if let meaning = item.meaning {
                        adjectives[meaning.adjective.en] = meaning.adjective.name(s.info.language)
                        acceptabilities[meaning.acceptability.rawValue] = meaning.acceptability.name(s.info.language)
                    }
                    rows.append([.text(questionnaire.definition.id), .text(group.name), Value(group.task)] + measurementCells(group.occasion, measurement)
                                 + [.text(item.scoreID), .count(st.n), .number(st.mean), Value(st.sd), .number(st.median), .number(st.min), .number(st.max),
                                 Value(st.ci95?.lowerBound), Value(st.ci95?.upperBound), Value(item.norm), Value(item.test?.t),
                                 Value(item.test?.df), Value(item.test?.p), Value(item.meaning?.grade.grade), Value(item.meaning?.adjective.en),
                                 Value(item.meaning?.acceptability.rawValue)])
                }
            }
        }
        let shift = measurement.factors.count
        var table = ResultTable(exported: "summary", sheet: "Summary", about: "per group and overall: n, mean, SD, 95% CI, test against the norm, grade", language: s.info.language,
                              columns: ResultTable.names([.instrument, .group, .task, .occasion]) + measurement.factors
                                + ResultTable.names([.score, .n, .mean, .sd, .median, .min, .max, .ci95_low, .ci95_high, .norm, .t, .df, .p, .grade,
                                                     .adjective, .acceptability]),
                              rows: rows)
        table.word([1: [ScoreReport.allName: Term.all.text(s.info.language)], 4 + shift: scoreNames(s), 18 + shift: adjectives,
                         19 + shift: acceptabilities])
        return table.exportedAtConfidence(s.confidence)
    }

    /// Every score id of the study's instruments with its name in the study's language.
    static func scoreNames(_ s: StudyData) -> [String: String] {
        var names: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for id in questionnaire.definition.scoreIDs { names[id] = ScoreNames.name(id, questionnaire.definition, s.info.language) }
        }
        return names
    }

    /// Per item of every questionnaire: n, mean and SD raw and (for recoded items) recoded, and the count of each
    /// scale point, tidy: one row per item and point; a per-task instrument's items per task (`task`, empty
    /// otherwise), each participant's answer to a task counted once there.
    static func items(_ s: StudyData) -> ResultTable {
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for item in questionnaire.report.items {
                let base: [Value] = [.text(questionnaire.definition.id), Value(item.task), .count(item.item), .text(item.text.text(s.info.language)),
                                    .count(item.reversed ? 1 : 0), .count(item.n), .count(item.notApplicable),
                                    Value(item.raw?.mean), Value(item.raw?.sd), Value(item.reversed ? item.recoded?.mean : nil),
                                    Value(item.reversed ? item.recoded?.sd : nil)]
                if item.distribution.isEmpty {
                    rows.append(base + [.empty, .empty])
                }
                for (point, count) in item.distribution { rows.append(base + [.count(point), .count(count)]) }
            }
        }
        return ResultTable(exported: "items", sheet: "Items", about: "per item (and task, for a per-task instrument): n, mean, SD (recoded too) and the count of each scale point", language: s.info.language,
                         columns: ResultTable.names([.instrument, .task, .item, .text, .recoded, .n, .not_applicable, .mean, .sd, .recoded_mean,
                                                     .recoded_sd, .point, .count]),
                         rows: rows)
    }

    static func attempts(_ s: StudyData) -> ResultTable {
        let factors = s.factors.map(\.name)
        let penalties = Dictionary(s.tasks.compactMap { task in task.penaltySeconds.map { (task.key, $0) } }, uniquingKeysWith: { first, _ in first })
        let rows = s.attempts.map { attempt -> [Value] in
            let total = penalties[attempt.task].flatMap { penalty in attempt.seconds.map { $0 + Double(attempt.errors ?? 0) * penalty } }
            return [.text(attempt.participant), .text(attempt.task)] + factors.map { Value(attempt.conditions[$0]) }
                + [.count(attempt.trial), Value(attempt.seconds), Value(attempt.errors), Value(total), Value(attempt.outcome?.rawValue),
                   .count(attempt.assisted ? 1 : 0), Value(attempt.note)]
        }
        var table = ResultTable(exported: "attempts", sheet: "Tasks", about: "every task attempt: time, errors, outcome", language: s.info.language,
                              columns: ResultTable.names([.participant, .task]) + factors
                                + ResultTable.names([.trial, .time_s, .errors, .total_s, .outcome, .assisted, .note]),
                              rows: rows)
        // The outcome's stored words (machine names) shown in the study's language; the CSV keeps them as stored.
        let outcomes = ["success", "partial", "fail"]
        let shown = outcomes.map { Sentence(Sentence(stringLiteral: $0), context: "outcome").text(s.info.language) }
        if shown != outcomes { table.word([6 + factors.count: Dictionary(uniqueKeysWithValues: zip(outcomes, shown))]) }
        return table
    }

    /// Every response set the quality checks flag, one row per flag: the rule by its machine name (worded in the
    /// workbook) and the numbers that raised it; the sets are scored as answered.
    static func quality(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        var rows: [[Value]] = []
        // Everyone's flagged sets, in participant order; `excluded` says whose were left out of the analyses.
        let entries = s.questionnaires.flatMap { $0.flagged.map { ($0, false) } + $0.flaggedLeftOut.map { ($0, true) } }
            .sorted { NaturalOrder.areInIncreasingOrder($0.0.participant, $1.0.participant) }
        for (entry, leftOut) in entries {
            for flag in entry.flags {
                rows.append([.text(entry.instrument), .text(entry.participant), Value(entry.task), .text(flag.rule.rawValue),
                             Value(flag.positiveMean), Value(flag.negativeMean), Value(flag.midpoint), flag.answers.map { .count($0) } ?? .empty,
                             Value(flag.value), Value(flag.seconds), .text(leftOut ? "yes" : "no")])
            }
        }
        var table = ResultTable(exported: "response_quality", sheet: "Quality", about: "response sets the quality checks flag (contradictory, straight-lined), with the rule; scored as answered", language: s.info.language,
                              columns: ResultTable.names([.instrument, .participant, .task, .rule, .positive_mean, .negative_mean, .midpoint, .answers,
                                                          .value, .seconds, .excluded]),
                              rows: rows)
        table.word([3: Dictionary(uniqueKeysWithValues: QualityFlag.Rule.allCases.map { ($0.rawValue, ResponseQuality.name($0).text(language)) }),
                    10: ["yes": ("yes" as Sentence).text(language), "no": ("no" as Sentence).text(language)]])
        return table
    }

    /// The analysis set, participant by participant: everyone left out of the questionnaire and task analyses and
    /// everyone a quality check flagged (kept or not), one row per reason — named with --exclude, or the rule that
    /// flagged them with the instrument and the value that tripped it. The same list as the report's methods.
    static func exclusions(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let set = s.analysis
        let excluded = set.excluded
        let named = Set(set.named)
        let style = NumberStyle(language)
        var rows: [[Value]] = []
        for participant in NaturalOrder.distinct(Array(excluded) + set.flagged) {
            let out: Value = .text(excluded.contains(participant) ? "yes" : "no")
            if named.contains(participant) { rows.append([.text(participant), out, .text("named"), .empty, .text(("named with --exclude" as Sentence).text(language))]) }
            for flag in set.flags where flag.participant == participant {
                switch flag.source {
                case let .responses(instrument, rules):
                    for rule in rules {
                        let detail = flag.details.first { $0.rule == rule }.map { $0.detail { style.number($0) }.text(language) }
                        rows.append([.text(participant), out, .text(rule.rawValue), .text(instrument), Value(detail)])
                    }
                case let .taskTimes(flagged, timed):
                    rows.append([.text(participant), out, .text("taskTimes"), .empty,
                                 .text((set.speeder == .standard ? "\(flagged) of \(timed) task times under 25 % of the task's median"
                                    : "\(flagged) of \(timed) task times \(set.speeder.description)" as Sentence).text(language))])
                }
            }
        }
        // Response sets that could not be scored (an unanswered item beyond the missing-item policy): left out of
        // every figure of their questionnaire, said here with their task and measurement.
        for questionnaire in s.questionnaires {
            for unscored in questionnaire.report.unscoredSets {
                let measurement = s.labels.measurement(unscored.occasion, none: "")
                let place = [unscored.task, measurement.isEmpty ? nil : measurement].compactMap { $0 }.joined(separator: " · ")
                rows.append([.text(unscored.participant), .text("set"), .text("unscored"), .text(questionnaire.definition.id),
                             .text((place.isEmpty ? "" : place + ": ") + unscored.reason.text(language))])
            }
        }
        var table = ResultTable(exported: "exclusions", sheet: "Exclusions", about: "who was left out of the analyses or flagged by a quality check, why, and the value that tripped the rule", language: language,
                                columns: ResultTable.names([.participant, .excluded, .rule, .instrument, .detail]), rows: rows)
        let yes = ("yes" as Sentence).text(language), no = ("no" as Sentence).text(language)
        var ruleWords = Dictionary(uniqueKeysWithValues: QualityFlag.Rule.allCases.map { ($0.rawValue, ResponseQuality.name($0).text(language)) })
        ruleWords["named"] = ("named" as Sentence).text(language)
        ruleWords["taskTimes"] = ("task times too short" as Sentence).text(language)
        ruleWords["unscored"] = ("set not scored" as Sentence).text(language)
        table.word([1: ["yes": yes, "no": no, "set": ("this set only" as Sentence).text(language)], 2: ruleWords])
        return table
    }

    /// Per questionnaire, group and score with a published reference: the mean with its 95 % t interval and margin,
    /// the norm and where it comes from; on the SUS scale the curved grade of the mean and of the interval's ends,
    /// its percentile range, the mean's percentile rank and adjective, and under 20 respondents the seeded BCa interval
    /// (as `score` prints it).
    static func benchmarks(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            let source = questionnaire.definition.norms?.source.text(language)
            for group in questionnaire.report.groups + questionnaire.report.overall {
                for item in group.summaries where item.norm != nil || item.meaning != nil {
                    let st = item.statistics
                    var bca: Bootstrap.Interval?
                    if item.meaning != nil, st.n < 20 {
                        let overall = group.name == ScoreReport.allName
                        let values = questionnaire.report.rows.filter { (overall || $0.group == group.name) && $0.task == group.task && (group.occasion == nil || $0.occasion == group.occasion) }
                            .compactMap { $0.value(item.scoreID) }
                        if values.count == st.n { bca = Bootstrap.meanBCa(values) }
                    }
                    let meaning = item.meaning
                    rows.append([.text(questionnaire.definition.id), .text(group.name), Value(group.task)] + measurementCells(group.occasion, measurement)
                                 + [.text(item.scoreID), .count(st.n), .number(st.mean), Value(st.ci95?.lowerBound), Value(st.ci95?.upperBound), Value(st.marginOfError95),
                                 Value(item.norm), Value(item.norm == nil ? nil : source), Value(meaning?.grade.grade), Value(meaning?.gradeAtLow?.grade),
                                 Value(meaning?.gradeAtHigh?.grade), Value(meaning?.grade.percentiles), Value(meaning?.percentileRank), Value(meaning?.adjective.en),
                                 Value(meaning?.adjectiveAtLow?.en), Value(meaning?.adjectiveAtHigh?.en),
                                 Value(bca?.low), Value(bca?.high), bca.map { .count($0.resamples) } ?? .empty, bca.map { .count(Int($0.seed)) } ?? .empty])
                }
            }
        }
        let shift = measurement.factors.count
        var table = ResultTable(exported: "benchmarks", sheet: "Benchmarks", about: "per score with a published reference: mean, 95% CI and margin, norm and its source; SUS-scale grade of the mean and of the CI's ends, percentile range and the mean's percentile rank, adjective, BCa interval under 20 respondents", language: s.info.language,
                              columns: ResultTable.names([.instrument, .group, .task, .occasion]) + measurement.factors
                                + ResultTable.names([.score, .n, .mean, .ci95_low, .ci95_high, .margin95, .norm, .norm_source, .grade, .grade_ci95_low,
                                                     .grade_ci95_high, .percentiles, .percentile_rank, .adjective, .adjective_ci95_low, .adjective_ci95_high,
                                                     .bca95_low, .bca95_high, .bca_resamples, .bca_seed]),
                              rows: rows)
        // The factors as the study names them; the mean's interval by its ends.
        table.label([Term.instrument, .group, .task, .occasion].map { $0.text(language) } + measurement.factors
            + [Term.score.text(language), Term.n.text(language), Term.mean.text(language), Term.ci95.text(language) + " ↓", Term.ci95.text(language) + " ↑"]
            + [Term.margin95, .norm, .norm_source, .grade, .grade_ci95_low, .grade_ci95_high, .percentiles, .percentile_rank, .adjective,
               .adjective_ci95_low, .adjective_ci95_high, .bca95_low, .bca95_high, .bca_resamples, .bca_seed].map { $0.text(language) })
        let adjectives = Dictionary(SUSInterpretation.adjectives.map { ($0.en, $0.name(language)) }, uniquingKeysWith: { a, _ in a })
        table.word([1: [ScoreReport.allName: Term.all.text(language)], 4 + shift: scoreNames(s), 17 + shift: adjectives, 18 + shift: adjectives,
                         19 + shift: adjectives])
        return table.exportedAtConfidence(s.confidence)
    }
}
