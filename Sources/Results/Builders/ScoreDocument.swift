import Foundation
import Statistics
import Surveys
import Wording

/// The document of `score --json` (docs/json.md), built from the score report; its rows are written one at a time
/// as the sets are scored (`appendRow`), the rest by the encoder (`JSONOutput.document`).
public struct ScoreJSON: Encodable {
    public struct Meaning: Encodable {
        public var adjective: String
        public var acceptability: String
    }
    public struct Row: Encodable {
        public var participant: String
        public var group: String?
        public var task: String?
        public var scores: [String: Double]
        /// Scores on the SUS scale: adjective and acceptability of this participant's score.
        public var interpretation: [String: Meaning]
        /// The set's measurement: its occasion and its conditions, each left out when it has none (as `appendRow`
        /// writes it).
        public var measurement: MeasurementJSON

        enum CodingKeys: String, CodingKey { case participant, group, task, scores, interpretation, occasion, conditions }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(participant, forKey: .participant)
            try container.encode(group, forKey: .group)
            try container.encode(task, forKey: .task)
            try container.encode(scores, forKey: .scores)
            try container.encode(interpretation, forKey: .interpretation)
            if let occasion = measurement.occasion { try container.encode(occasion, forKey: .occasion) }
            if let conditions = measurement.conditions { try container.encode(conditions, forKey: .conditions) }
        }
    }
    public struct Summary: Encodable {
        public var score: String
        public var statistics: Descriptive
        public var ciClipped: Bool
        public var norm: Double?
        public var test: OneSampleTTest?
        public var testUndefined: String?
        public var verdict: String?
        public var grade: String?
        public var percentiles: String?
        /// The mean's percentile rank on the curved grading scale, interpolated (`SUSInterpretation.percentileRank`).
        public var percentileRank: Int?
        public var adjective: String?
        public var acceptability: String?
    }
    public struct Tally: Encodable {
        public var item: Int
        public var counts: [String: Int]
        public var percentages: [String: Double]
        public var notApplicable: Int
        public var answered: Int
    }
    public struct Group: Encodable {
        public var attribute: String?
        public var name: String
        public var task: String?
        public var occasion: String?
        public var conditions: [String: String]?
        public var n: Int
        public var summaries: [Summary]
        public var choices: [Tally]
    }
    public struct Overall: Encodable {
        public var task: String?
        public var occasion: String?
        public var conditions: [String: String]?
        public var n: Int
        public var summaries: [Summary]
        public var choices: [Tally]
    }
    public struct Alpha: Encodable {
        public var scale: String
        /// A per-task instrument's task (α per task), else absent.
        public var task: String?
        public var alpha: Double
        public var items: Int
        public var cases: Int
    }
    public struct Item: Encodable {
        /// A per-task instrument's task (items per task), else absent.
        public var task: String?
        public var item: Int
        public var text: String
        public var recoded: Bool
        public var n: Int
        public var notApplicable: Int
        public var raw: Descriptive?
        public var recodedStatistics: Descriptive?
        public var distribution: [String: Int]
    }
    public struct Comparison: Encodable {
        public var score: String
        public var task: String?
        public var occasion: String?
        public var attribute: String?
        public var groups: [GroupComparison.Group]
        public var tests: [GroupComparison.Test]
        /// Three groups or more: Games–Howell and Dunn (Holm) per pair.
        public var postHoc: [PostHoc]
        public var undefined: String?
        public var sentence: [String: String]
    }

    public var instrument: String
    public var reference: String
    public var groupedBy: String?
    public var missing: String
    /// The level of every interval (`ci95` holds the interval at this level): 0.95 or 0.90.
    public var confidence = 0.95
    public var gradeNote: String?
    public var rows: [Row]
    public var groups: [Group]
    public var overall: [Overall]
    public var alphas: [Alpha]
    public var items: [Item]
    public var comparisons: [Comparison]
    public var unscored: [String]
    /// `--within occasion --compare`: each score compared between the occasions within participants.
    public var within: [Within]?
    public typealias Within = Compared<PairedComparison>
    /// `--by ATTR --within occasion --compare`: the mixed design's cells and ANOVA, per score.
    public var mixed: [Mixed]?
    public typealias Mixed = Compared<MixedComparison>

    /// One score compared within participants: paired (`within`) or in a mixed design (`mixed`).
    public struct Compared<Comparison: Encodable>: Encodable {
        public var score: String
        public var task: String?
        /// "occasion" or the condition's factor whose levels are compared.
        public var factor: String
        /// What the compared sets have in common besides the factor (another occasion or condition).
        public var measurement: MeasurementJSON
        public var comparison: Comparison

        public init(score: String, task: String?, factor: String, measurement: MeasurementJSON, comparison: Comparison) {
            self.score = score
            self.task = task
            self.factor = factor
            self.measurement = measurement
            self.comparison = comparison
        }
    }

    /// A measurement key as JSON: the occasion and the conditions (factor → level), each left out when empty.
    public struct MeasurementJSON: Encodable {
        public var occasion: String?
        public var conditions: [String: String]?
        public init(_ key: String) {
            let measurement = MeasurementKey(key: key)
            occasion = measurement.occasion.isEmpty ? nil : measurement.occasion
            conditions = measurement.conditions.isEmpty ? nil
                : Dictionary(measurement.conditions.map { ($0.factor, $0.level) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// One element of `rows` exactly as the encoder prints it inside the document (indented four spaces), for
    /// writing rows one at a time. A test pins it to the encoder's output.
    public static func rowText(_ row: ScoreReport.Row) -> String {
        var bytes: [UInt8] = []
        appendRow(row, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `rowText(row)` appended to `bytes` (it runs once per respondent): no array of entries, no intermediate
    /// strings, and the sorting skipped where there is one entry.
    public static func appendRow(_ row: ScoreReport.Row, to text: inout [UInt8]) {
        func key(_ name: String, first: Bool) {
            text.append(contentsOf: (first ? "{\n        " : ",\n        ").utf8)
            JSONOutput.appendQuoted(name, to: &text)
            text.append(contentsOf: " : ".utf8)
        }
        let measurement = MeasurementKey(key: row.occasion)
        text.append(contentsOf: "    {\n      ".utf8)
        if !measurement.conditions.isEmpty {
            text.append(contentsOf: "\"conditions\" : {".utf8)
            for (index, condition) in measurement.conditions.sorted(by: { $0.factor < $1.factor }).enumerated() {
                text.append(contentsOf: (index == 0 ? "\n        " : ",\n        ").utf8)
                JSONOutput.appendQuoted(condition.factor, to: &text)
                text.append(contentsOf: " : ".utf8)
                JSONOutput.appendQuoted(condition.level, to: &text)
            }
            text.append(contentsOf: "\n      },\n      ".utf8)
        }
        text.append(contentsOf: "\"group\" : ".utf8)
        JSONOutput.appendQuotedOrNull(row.group, to: &text)
        text.append(contentsOf: ",\n      \"interpretation\" : ".utf8)
        if row.meanings.isEmpty {
            text.append(contentsOf: emptyObject.utf8)
        } else {
            let meanings = row.meanings.count == 1 ? Array(row.meanings) : row.meanings.sorted { $0.key < $1.key }
            for (index, (id, meaning)) in meanings.enumerated() {
                key(id, first: index == 0)
                text.append(contentsOf: "{\n          \"acceptability\" : ".utf8)
                JSONOutput.appendQuoted(meaning.acceptability.rawValue, to: &text)
                text.append(contentsOf: ",\n          \"adjective\" : ".utf8)
                JSONOutput.appendQuoted(meaning.adjective.en, to: &text)
                text.append(contentsOf: "\n        }".utf8)
            }
            text.append(contentsOf: "\n      }".utf8)
        }
        if !measurement.occasion.isEmpty {
            text.append(contentsOf: ",\n      \"occasion\" : ".utf8)
            JSONOutput.appendQuoted(measurement.occasion, to: &text)
        }
        text.append(contentsOf: ",\n      \"participant\" : ".utf8)
        JSONOutput.appendQuoted(row.participant, to: &text)
        text.append(contentsOf: ",\n      \"scores\" : ".utf8)
        if row.scores.isEmpty {
            text.append(contentsOf: emptyObject.utf8)
        } else {
            let sorted = row.scores.count == 1 ? row.scores : row.scores.sorted { $0.id < $1.id }
            for (index, score) in sorted.enumerated() {
                key(score.id, first: index == 0)
                JSONOutput.appendNumber(score.value, to: &text)
            }
            text.append(contentsOf: "\n      }".utf8)
        }
        text.append(contentsOf: ",\n      \"task\" : ".utf8)
        JSONOutput.appendQuotedOrNull(row.task, to: &text)
        text.append(contentsOf: "\n    }".utf8)
    }

    /// How the encoder prints an empty object at a row's depth.
    public static let emptyObject: String = {
        let text = (try? JSONOutput.text(["a": [String: Int]()])) ?? "{\n  \"a\" : {\n\n  }\n}"
        guard let start = text.range(of: ": "), let end = text.range(of: "}", options: .backwards) else { return "{}" }
        // The inner object's text, re-indented from depth 1 to depth 3.
        let inner = String(text[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        return inner.replacingOccurrences(of: "\n  ", with: "\n      ")
    }()

    public init(_ report: ScoreReport, by: String?, language: StudyLanguage) {
        instrument = report.instrument.id
        reference = report.instrument.reference
        groupedBy = by
        missing = report.missing.rawValue
        let onSUSScale = report.instrument.scoreIDs.contains { ScoreReport.isOnSUSScale($0, report.instrument) }
        gradeNote = onSUSScale ? "grades (Sauro & Lewis 2016) are given for group means only; each participant gets the adjective and acceptability of their score" : nil
        rows = report.rows.map { row in
            Row(participant: row.participant, group: row.group, task: row.task,
                scores: Dictionary(uniqueKeysWithValues: row.scores.map { ($0.id, $0.value) }),
                interpretation: row.meanings.mapValues { Meaning(adjective: $0.adjective.en, acceptability: $0.acceptability.rawValue) },
                measurement: MeasurementJSON(row.occasion))
        }
        func summaries(_ group: ScoreReport.Group) -> [Summary] {
            group.summaries.map {
                Summary(score: $0.scoreID, statistics: $0.statistics, ciClipped: $0.ciClipped, norm: $0.norm, test: $0.test,
                        testUndefined: $0.testUndefined, verdict: $0.normVerdict?.rawValue,
                        grade: $0.meaning?.grade.grade, percentiles: $0.meaning?.grade.percentiles, percentileRank: $0.meaning?.percentileRank,
                        adjective: $0.meaning?.adjective.en, acceptability: $0.meaning?.acceptability.rawValue)
            }
        }
        func tallies(_ group: ScoreReport.Group) -> [Tally] {
            group.tallies.map { tally in
                Tally(item: tally.item,
                      counts: Dictionary(uniqueKeysWithValues: tally.counts.map { ($0.choice.key, $0.count) }),
                      percentages: Dictionary(uniqueKeysWithValues: tally.counts.map { ($0.choice.key, tally.percent($0.count)) }),
                      notApplicable: tally.notApplicable, answered: tally.answered)
            }
        }
        groups = report.groups.map {
            Group(attribute: by, name: $0.name, task: $0.task, occasion: $0.occasion.flatMap { $0.isEmpty ? "" : MeasurementJSON($0).occasion },
                  conditions: $0.occasion.flatMap { MeasurementJSON($0).conditions }, n: $0.n, summaries: summaries($0), choices: tallies($0))
        }
        overall = report.overall.map { Overall(task: $0.task, occasion: $0.occasion.flatMap { $0.isEmpty ? "" : MeasurementJSON($0).occasion },
                                               conditions: $0.occasion.flatMap { MeasurementJSON($0).conditions }, n: $0.n, summaries: summaries($0), choices: tallies($0)) }
        alphas = report.alphas.map { Alpha(scale: $0.scale == ScoreReport.allName ? report.instrument.id : $0.scale, task: $0.task, alpha: $0.alpha.alpha,
                                           items: $0.alpha.items, cases: $0.alpha.cases) }
        items = report.items.map { item in
            Item(task: item.task, item: item.item, text: item.text.text(language), recoded: item.reversed, n: item.n, notApplicable: item.notApplicable,
                 raw: item.raw, recodedStatistics: item.reversed ? item.recoded : nil,
                 distribution: Dictionary(uniqueKeysWithValues: item.distribution.map { (String($0.point), $0.count) }))
        }
        comparisons = report.comparisons.map { c in
            Comparison(score: c.scoreID, task: c.task, occasion: c.occasion, attribute: by, groups: c.comparison.groups, tests: c.comparison.tests,
                       postHoc: c.comparison.postHoc, undefined: c.comparison.undefinedReason,
                       sentence: Dictionary(uniqueKeysWithValues: StudyLanguage.allCases.map { ($0.rawValue, c.comparison.sentence(score: c.scoreID, language: $0)) }))
        }
        unscored = report.unscored.map(\.description)
    }
}
