import QualCoding
import Surveys
import Wording

/// `codes freq --json` (docs/json.md), built from the `FrequencyTable` its terminal table, CSV, the report and the
/// workbook are drawn from: each group's counts carry the group's name and attribute.
public struct FrequencyDocument: Encodable, Sendable, Equatable {
    public struct Count: Encodable, Sendable, Equatable {
        public var attribute: String?
        public var name: String
        public var segments: Int
        public var participants: Int
        public var share: Double
        public var denominator: Int
    }

    public struct Row: Encodable, Sendable, Equatable {
        public var category: String
        public var overall: CategoryCount
        public var groups: [Count]
        /// Each coder's own count, when several coded and none was chosen.
        public var byCoder: [CoderCount]?
    }

    public struct CoderCount: Encodable, Sendable, Equatable {
        public var coder: String
        public var segments: Int
        public var participants: Int
        public var share: Double
        public var denominator: Int
    }

    /// A theme's total: each participant once, however many of its categories they raised.
    public struct Theme: Encodable, Sendable, Equatable {
        public var theme: String
        public var categories: [String]
        public var overall: CategoryCount
        public var groups: [Count]
    }

    public var groupedBy: String?
    public var themes: [Theme]
    public var coders: [String]?
    /// `interviewed` or `study`: what the shares are taken over.
    public var denominatorBase: String
    public var participants: Int
    public var groupOrder: [String]
    public var rows: [Row]

    public init(_ table: FrequencyTable, attribute: String?, denominatorBase: String) {
        groupedBy = attribute
        self.denominatorBase = denominatorBase
        participants = table.participants
        groupOrder = table.groups
        func counts(_ groups: [CategoryCount]) -> [Count] {
            zip(table.groups, groups).map { name, count in
                Count(attribute: attribute, name: name, segments: count.segments, participants: count.participants, share: count.share,
                      denominator: count.denominator)
            }
        }
        rows = table.rows.map { row in
            Row(category: row.category, overall: row.overall, groups: counts(row.groups),
                byCoder: table.coders.isEmpty ? nil : zip(table.coders, row.byCoder).map {
                    CoderCount(coder: $0, segments: $1.segments, participants: $1.participants, share: $1.share, denominator: $1.denominator)
                })
        }
        themes = table.themes.map { Theme(theme: $0.theme, categories: $0.categories, overall: $0.overall, groups: counts($0.groups)) }
        coders = table.coders.isEmpty ? nil : table.coders
    }
}

/// `codes matrix` (docs/json.md): category × participant, codes per participant, with each theme's row (the codes
/// of the theme and of every category under it, each code once). Its `--json`, CSV and terminal table are drawn from
/// this one value.
public struct CodeMatrixDocument: Encodable, Sendable, Equatable {
    public struct Theme: Encodable, Sendable, Equatable {
        public var theme: String
        public var categories: [String]
        public var counts: [Int]
        public var presence: [Int]
    }

    public var participants: [String]
    public var categories: [String]
    public var counts: [[Int]]
    /// 1 where the participant raised the category, else 0.
    public var presence: [[Int]]
    public var themes: [Theme]

    /// `counts[category][participant]`, and per theme (`themes`, in order) `themeCounts[theme][participant]`;
    /// `members(theme)` the categories under a theme.
    public init(participants: [String], categories: [String], counts: [[Int]], themes: [String], themeCounts: [[Int]],
                members: (String) -> [String]) {
        func present(_ row: [Int]) -> [Int] { row.map { $0 > 0 ? 1 : 0 } }
        self.participants = participants
        self.categories = categories
        self.counts = counts
        presence = counts.map(present)
        self.themes = zip(themes, themeCounts).map { theme, row in
            Theme(theme: theme, categories: members(theme), counts: row, presence: present(row))
        }
    }

    /// The matrix as a table: counts, or presence (1/0) with `presence`; a total column with `totals`.
    public func table(presence shown: Bool, totals: Bool, language: StudyLanguage) -> ResultTable {
        ResultTable.codeMatrix(categories: categories, participants: participants, counts: shown ? presence : counts,
                               themes: themes.map(\.theme), themeCounts: themes.map { shown ? $0.presence : $0.counts },
                               totals: totals, language: language)
    }
}

/// `codes cooccur` (docs/json.md): category × category, participants who raised both (`unit` `participant`) or
/// passages that occur together (`overlap`, `within`, `same-turn`). Its `--json` and its table come from this value.
public struct CooccurrenceDocument: Encodable, Sendable, Equatable {
    public var categories: [String]
    /// `participant`, `overlap`, `within` or `same-turn`.
    public var unit: String
    /// Participants who raised both categories; `null` unless `unit` is `participant`.
    public var participants: [[Int]]?
    /// Pairs of passages; `null` when `unit` is `participant`.
    public var passages: [[Int]]?
    /// The `--within` distance in words; else `null`.
    public var within: Int?

    public init(categories: [String], participants matrix: [[Int]]) {
        self.categories = categories
        unit = "participant"
        participants = matrix
    }

    public init(categories: [String], passages matrix: [[Int]], proximity: Proximity) {
        self.categories = categories
        passages = matrix
        switch proximity {
        case .overlap: unit = "overlap"
        case let .within(words): unit = "within"; within = words
        case .sameTurn: unit = "same-turn"
        }
    }

    /// The matrix as a table, with the rule that counted passages said under it.
    public func table(language: StudyLanguage) -> ResultTable {
        var table = ResultTable.cooccurrence(categories: categories, matrix: participants ?? passages ?? [], language: language)
        let rule: Sentence? = switch unit {
        case "overlap": "Passages: pairs of coded passages, one in each category, that overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case "within": "Passages: pairs of coded passages, one in each category, that overlap or lie at most \(String(within ?? 0)) words apart in one transcript (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case "same-turn": "Passages: pairs of coded passages, one in each category, that lie in one turn of a transcript or overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        default: nil
        }
        if let rule { table.notes = [rule.text(language)] }
        return table
    }
}

/// `codes agreement --levels` (docs/json.md): MAXQDA's three levels of agreement (presence, frequency, overlap) of
/// two coders over the study's transcripts. Its `--json` and its table come from this value.
public struct LevelsAgreementDocument: Encodable, Sendable, Equatable {
    public struct Line: Encodable, Sendable, Equatable {
        public var level: String
        public var units: Int
        public var agreeing: Int
        public var percent: Double?
    }

    public var coders: [String]
    public var transcripts: Int
    /// How much two segments must overlap to agree, 0–1.
    public var overlapThreshold: Double
    public var levels: [Line]
    let result: DocumentAgreement
    let percent: Double

    enum CodingKeys: String, CodingKey { case coders, transcripts, overlapThreshold, levels }

    /// `overlap`: the threshold in percent, as it was given (`--overlap`).
    public init(_ result: DocumentAgreement, coders: [String], transcripts: Int, overlap: Double) {
        self.result = result
        percent = overlap
        self.coders = coders
        self.transcripts = transcripts
        overlapThreshold = overlap / 100
        levels = [("presence", result.presence), ("frequency", result.frequency), ("overlap", result.overlap)].map {
            Line(level: $0.0, units: $0.1.units, agreeing: $0.1.agreeing, percent: $0.1.percent)
        }
    }

    public func table(language: StudyLanguage) -> ResultTable {
        ResultTable.agreementLevels(result, coders: coders, transcripts: transcripts, overlap: percent, language: language)
    }
}

/// `codes agreement --unitizing` (docs/json.md): Krippendorff's uα over the transcripts laid end to end, per category
/// and overall. Its `--json` and its table come from this value.
public struct UnitizingAgreementDocument: Encodable, Sendable, Equatable {
    public struct Line: Encodable, Sendable, Equatable {
        public var category: String
        public var observed: Double
        public var expected: Double
        public var alpha: Double?
    }

    public var coders: [String]
    public var transcripts: Int
    /// The continuum's length: every transcript end to end, in characters.
    public var characters: Int
    /// The coded stretches (each coder's overlapping spans of a category joined).
    public var units: Int
    public var categories: [Line]
    public var alpha: Double?
    let result: UnitizingAlpha

    enum CodingKeys: String, CodingKey { case coders, transcripts, characters, units, categories, alpha }

    public init(_ result: UnitizingAlpha, coders: [String], transcripts: Int, characters: Int, units: Int) {
        self.result = result
        self.coders = coders
        self.transcripts = transcripts
        self.characters = characters
        self.units = units
        categories = result.categories.map { Line(category: $0.category, observed: $0.observed, expected: $0.expected, alpha: $0.alpha) }
        alpha = result.alpha
    }

    public func table(language: StudyLanguage) -> ResultTable {
        ResultTable.unitizingAgreement(result, coders: coders, transcripts: transcripts, characters: characters, stretches: units, language: language)
    }
}
