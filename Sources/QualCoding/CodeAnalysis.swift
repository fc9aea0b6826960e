import Foundation

/// One code as the analyses read it: which participant raised which category.
public struct CodedSegment: Sendable, Hashable {
    public var participant: String
    public var category: String
    public var excerpt: Int64
    public var coder: String?
    /// The code's id, when known: a code filed under two categories is one code in a theme's total.
    public var code: Int64?

    public init(participant: String, category: String, excerpt: Int64, coder: String? = nil, code: Int64? = nil) {
        self.participant = participant
        self.category = category
        self.excerpt = excerpt
        self.coder = coder
        self.code = code
    }
}

/// How often a category was raised, in one group (or overall).
public struct CategoryCount: Sendable, Equatable, Codable {
    /// Coded segments (codes) in the category.
    public var segments: Int
    /// Distinct participants who raised it.
    public var participants: Int
    /// Participants who raised it ÷ the denominator.
    public var share: Double
    /// Participants in the study (or the group): the denominator of the share.
    public var denominator: Int
}

/// Category frequencies overall and by group.
public struct FrequencyTable: Sendable, Equatable, Codable {
    public struct Row: Sendable, Equatable, Codable {
        public var category: String
        public var overall: CategoryCount
        /// Per group, in `groups` order.
        public var groups: [CategoryCount]
        /// Per coder, in `coders` order (empty unless the table was asked for each coder's counts).
        public var byCoder: [CategoryCount] = []
    }

    public var groups: [String]
    public var rows: [Row]
    public var participants: Int
    /// Each theme's total (a theme is a category with categories under it), in codebook order.
    public var themes: [ThemeTotal] = []
    /// The coders whose own counts `Row.byCoder` gives.
    public var coders: [String] = []
}

public enum CodeAnalysis {
    /// Category frequencies, sorted by share of participants (then segments, then codebook order).
    ///
    /// - Parameters:
    ///   - categories: every category of the codebook, in its order; categories never used appear with zero.
    ///   - participants: every participant of the study → their group (`nil` when not grouped or without a value).
    ///   - groupOrder: the groups' preferred order (a derivation rule's labels).
    public static func frequencies(_ segments: [CodedSegment], categories: [String], participants: [String: String?],
                                   groupOrder: [String] = [], tree: ThemeTree? = nil, coders: [String] = []) -> FrequencyTable {
        let groups = orderedGroups(Set(participants.values.compactMap { $0 }), order: groupOrder)
        func count(_ category: String, in members: Set<String>) -> CategoryCount {
            let matching = segments.filter { $0.category == category && members.contains($0.participant) }
            let raised = Set(matching.map(\.participant)).count
            return CategoryCount(segments: matching.count, participants: raised,
                                 share: members.isEmpty ? 0 : Double(raised) / Double(members.count), denominator: members.count)
        }
        let everyone = Set(participants.keys)
        let membersByGroup = groups.map { group in Set(participants.filter { $0.value == group }.keys) }
        let rows = categories.enumerated().map { index, category in
            (index, FrequencyTable.Row(category: category, overall: count(category, in: everyone),
                                       groups: membersByGroup.map { count(category, in: $0) }))
        }
        let sorted = rows.sorted { a, b in
            if a.1.overall.participants != b.1.overall.participants { return a.1.overall.participants > b.1.overall.participants }
            if a.1.overall.segments != b.1.overall.segments { return a.1.overall.segments > b.1.overall.segments }
            return a.0 < b.0
        }
        var table = FrequencyTable(groups: groups, rows: sorted.map(\.1), participants: everyone.count)
        if let tree { table.themes = themeTotals(segments, tree: tree, participants: participants, groups: groups) }
        if !coders.isEmpty {
            table.coders = coders
            let counts = perCoder(segments, categories: table.rows.map(\.category), coders: coders, participants: participants)
            for index in table.rows.indices { table.rows[index].byCoder = counts[index] }
        }
        return table
    }

    /// Category × participant: how many codes each participant has in each category (0 when none).
    public static func matrix(_ segments: [CodedSegment], categories: [String], participants: [String]) -> [[Int]] {
        categories.map { category in
            participants.map { participant in
                segments.filter { $0.category == category && $0.participant == participant }.count
            }
        }
    }

    /// Category × category: how many participants raised both (the diagonal: how many raised each).
    public static func cooccurrence(_ segments: [CodedSegment], categories: [String]) -> [[Int]] {
        let raisedBy = Dictionary(grouping: segments, by: \.category).mapValues { Set($0.map(\.participant)) }
        return categories.map { a in
            categories.map { b in (raisedBy[a] ?? []).intersection(raisedBy[b] ?? []).count }
        }
    }

    /// The same order as Surveys' `NaturalOrder.distinct(_:preferring:)`; QualCoding stays independent of Surveys.
    static func orderedGroups(_ groups: Set<String>, order: [String]) -> [String] {
        groups.sorted { a, b in
            let ia = order.firstIndex(of: a) ?? Int.max
            let ib = order.firstIndex(of: b) ?? Int.max
            if ia != ib { return ia < ib }
            return NaturalCompare.less(a, b)
        }
    }
}

/// For each category, the mean questionnaire score of participants who raised it and of those who did not.
public struct Triangulation: Sendable, Equatable, Codable {
    public struct Row: Sendable, Equatable, Codable {
        public var category: String
        public var raisedN: Int
        public var raisedMean: Double?
        public var otherN: Int
        public var otherMean: Double?
        /// raised − other.
        public var difference: Double?
    }

    public var rows: [Row]

    /// - Parameter scores: participant → score (participants without a score are left out).
    public init(_ segments: [CodedSegment], categories: [String], scores: [String: Double]) {
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        rows = categories.map { category in
            let raised = Set(segments.filter { $0.category == category }.map(\.participant))
            let inside = scores.filter { raised.contains($0.key) }.map(\.value)
            let outside = scores.filter { !raised.contains($0.key) }.map(\.value)
            let a = mean(inside)
            let b = mean(outside)
            return Row(category: category, raisedN: inside.count, raisedMean: a, otherN: outside.count, otherMean: b,
                       difference: a.flatMap { x in b.map { x - $0 } })
        }
    }
}

/// Agreement between coders who coded the same excerpts.
public struct AgreementReport: Sendable, Equatable, Codable {
    /// Cohen's κ of one pair of coders, on the units both of them coded.
    public struct PairKappa: Sendable, Equatable, Codable {
        public var coders: [String]
        public var units: Int
        public var kappa: Double?
        /// κ's 95 % interval (Fleiss, Cohen & Everitt 1969; `CohenKappa.ci95`).
        public var ci95: [Double]? = nil
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case coders, units, kappa, ci95 = "ci" }
    }

    public struct Line: Sendable, Equatable, Codable {
        public var category: String
        /// Units with values from at least two coders (those α uses).
        public var units: Int
        /// Share of those units on which every coder who coded it agreed.
        public var percentAgreement: Double?
        /// Cohen's κ per pair of coders, each on the units that pair shares.
        public var kappas: [PairKappa]
        public var alpha: Double?
        /// α's bootstrapped 95 % interval and shortfall probabilities (Hayes & Krippendorff 2007).
        public var alphaInterval: KrippendorffAlpha.Interval? = nil
        /// Gwet's AC1 and Brennan–Prediger beside κ: they stay near the percent agreement where one value
        /// dominates, as presence/absence of a rare category does (Gwet 2014).
        public var ac1: Double?
        public var brennanPrediger: Double?

        public func kappa(_ a: String, _ b: String) -> Double? {
            kappas.first { Set($0.coders) == Set([a, b]) }?.kappa
        }
        public func kappaInterval(_ a: String, _ b: String) -> [Double]? {
            kappas.first { Set($0.coders) == Set([a, b]) }?.ci95
        }
    }

    public var coders: [String]
    /// Excerpts coded by at least two of the coders: the pairable units (Krippendorff 2011).
    public var units: Int
    /// Excerpts coded by every listed coder.
    public var unitsCodedByAll: Int
    public var categories: [Line]
    public var overall: Line
    /// How the overall line is computed, and which units each figure uses.
    public var overallMethod: String
    /// Whether every coder gave each excerpt one category (the overall line compares the categories assigned),
    /// rather than pooling the presence of every category.
    public var singleCategory = false
    /// The seed α's bootstrap intervals were drawn with.
    public var seed: UInt64 = 1
    /// Which of the coders' excerpts these figures compare, and which they leave out (coded by one coder only, or
    /// bounded differently), when the caller knows where the excerpts lie.
    public var coverage: AgreementCoverage? = nil

    /// - Parameter assignments: coder → excerpt → the categories that coder gave it. Following Krippendorff
    ///   (2011), α uses every excerpt coded by at least two coders (a coder who did not code an excerpt gives no
    ///   value there); Cohen's κ for a pair uses the excerpts both coded; per category, presence (1) or absence
    ///   (0) on each unit is compared.
    /// - Parameter seed: the seed of α's bootstrap (`KrippendorffAlpha.bootstrap`), printed beside it.
    public init(coders: [String], categories: [String], assignments: [String: [Int64: Set<String>]], seed: UInt64 = 1) {
        self.coders = coders
        self.seed = seed
        var codedBy: [Int64: Int] = [:]
        for coder in coders {
            for unit in (assignments[coder] ?? [:]).keys { codedBy[unit, default: 0] += 1 }
        }
        let units = codedBy.filter { $0.value >= 2 }.keys.sorted()
        self.units = units.count
        unitsCodedByAll = codedBy.filter { $0.value == coders.count }.count
        func presence(_ coder: String, _ unit: Int64, _ category: String) -> String? {
            guard let given = assignments[coder]?[unit] else { return nil }
            return given.contains(category) ? "1" : "0"
        }
        func line(_ name: String, _ data: [[String?]], labels: [String]) -> Line {
            var kappas: [PairKappa] = []
            for i in coders.indices {
                for j in coders.indices where j > i {
                    var table = Array(repeating: Array(repeating: 0, count: labels.count), count: labels.count)
                    var shared = 0
                    for unit in data {
                        if let a = unit[i], let b = unit[j], let x = labels.firstIndex(of: a), let y = labels.firstIndex(of: b) {
                            table[x][y] += 1
                            shared += 1
                        }
                    }
                    let kappa = CohenKappa(table: table)
                    kappas.append(PairKappa(coders: [coders[i], coders[j]], units: shared, kappa: kappa?.kappa, ci95: kappa?.ci95))
                }
            }
            return Line(category: name, units: data.filter { $0.compactMap { $0 }.count >= 2 }.count,
                        percentAgreement: PercentAgreement.of(units: data), kappas: kappas, alpha: KrippendorffAlpha(units: data).alpha,
                        alphaInterval: KrippendorffAlpha.bootstrap(units: data, seed: seed),
                        ac1: ChanceCorrectedAgreement.gwetAC1(units: data, values: labels),
                        brennanPrediger: ChanceCorrectedAgreement.brennanPrediger(units: data, values: labels))
        }
        self.categories = categories.map { category in
            line(category, units.map { unit in coders.map { presence($0, unit, category) } }, labels: ["1", "0"])
        }
        let single = units.allSatisfy { unit in coders.allSatisfy { assignments[$0]?[unit].map { $0.count == 1 } ?? true } }
        let basis = "α on the \(units.count) excerpt\(units.count == 1 ? "" : "s") coded by at least two coders (Krippendorff 2011); κ per pair on the excerpts that pair shares"
        singleCategory = single
        if single {
            overallMethod = "one category per excerpt: κ and α over the categories assigned; " + basis
            overall = line("overall", units.map { unit in coders.map { assignments[$0]?[unit]?.first } }, labels: categories)
        } else {
            overallMethod = "pooled presence of every category on every excerpt; " + basis
            let pooled = units.flatMap { unit in categories.map { category in coders.map { presence($0, unit, category) } } }
            overall = line("overall", pooled, labels: ["1", "0"])
        }
    }
}

/// Natural order without depending on the Surveys target.
enum NaturalCompare {
    static func less(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }
}
