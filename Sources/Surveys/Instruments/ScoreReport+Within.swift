import StudyBasics
import Statistics

/// A score's levels of one within-subject factor compared within participants, in one task and one stratum (what
/// else the compared sets' measurements hold: comparing prototypes on the occasion "pós" leaves "pós").
public struct WithinScoreComparison: Sendable {
    public var task: String?
    /// The measurement key without the factor ("" when nothing else).
    public var stratum: String
    public var scoreID: String
    public var comparison: PairedComparison
    /// Participant → level → value: what was compared (a figure draws each participant's values joined).
    public var values: [String: [String: Double]] = [:]
}

/// The same, with the participants split by a between-subjects attribute (a mixed design).
public struct MixedScoreComparison: Sendable {
    public var task: String?
    public var stratum: String
    public var scoreID: String
    public var comparison: MixedComparison
}

extension ScoreReport {
    /// The factors the report's sets may vary on within participants, from their measurement keys alone (no rows
    /// needed): "occasion" when they hold more than one occasion, then each condition factor with more than one
    /// level (in the order first met). Whether a stratum compares them is `withinComparisons`'s to say.
    public var withinFactors: [String] {
        let parsed = occasions.map(MeasurementKey.init(key:))
        var factors: [String] = []
        if Set(parsed.map(\.occasion)).count > 1 { factors.append(MeasurementKey.occasionFactor) }
        for factor in MeasurementColumns(keys: occasions).factors where factor.caseInsensitiveCompare(MeasurementKey.trialFactor) != .orderedSame {
            if Set(parsed.compactMap { $0.level(of: factor) }).count > 1 { factors.append(factor) }
        }
        return factors
    }

    /// The levels of `factor` some comparison holds (in the order first recorded): a level only ever met alone
    /// in its stratum is not compared.
    public func comparedLevels(_ factor: String) -> [String] {
        let present = Set(withinCells(factor).flatMap { levelsPresent(factor, in: $0.rows) })
        return withinLevels(factor).filter(present.contains)
    }

    /// The levels of `factor` in the order first recorded.
    public func withinLevels(_ factor: String) -> [String] {
        let parsed = occasions.map(MeasurementKey.init(key:))
        let levels = parsed.compactMap { $0.level(of: factor) }
        return NaturalOrder.distinct(levels, preferring: levels)
    }

    /// The levels of `factor` these rows have, in the order first recorded.
    func levelsPresent(_ factor: String, in rows: [Row]) -> [String] {
        let present = Set(rows.compactMap { MeasurementKey(key: $0.occasion).level(of: factor) })
        return withinLevels(factor).filter(present.contains)
    }

    /// Each row with a level of `factor`, grouped by task and stratum, with every score id: the cells compared.
    /// A stratum whose sets have one level of the factor only (prototypes answered on no occasion, beside sets
    /// of "pré" and "pós") has nothing to compare and is left out.
    func withinCells(_ factor: String) -> [(task: String?, stratum: String, scoreID: String, rows: [Row])] {
        let parsed = occasions.map(MeasurementKey.init(key:))
        let strata = NaturalOrder.distinct(parsed.filter { $0.level(of: factor) != nil }.map { $0.removing(factor).key },
                                           preferring: parsed.map { $0.removing(factor).key })
        let tasks: [String?] = instrument.perTask ? NaturalOrder.distinct(rows.compactMap(\.task)).map { $0 } : [nil]
        var byCell: [String: [Row]] = [:]
        for row in rows {
            let measurement = MeasurementKey(key: row.occasion)
            guard measurement.level(of: factor) != nil else { continue }
            byCell[(row.task ?? "") + "\u{1F}" + measurement.removing(factor).key, default: []].append(row)
        }
        var cells: [(task: String?, stratum: String, scoreID: String, rows: [Row])] = []
        for task in tasks {
            for stratum in strata {
                guard let rows = byCell[(task ?? "") + "\u{1F}" + stratum], levelsPresent(factor, in: rows).count > 1 else { continue }
                for id in instrument.scoreIDs { cells.append((task, stratum, id, rows)) }
            }
        }
        return cells
    }

    /// The levels of `factor` the rows of one cell were answered under, in `withinLevels` order: a stratum holds
    /// the levels its sets have (sets under a condition and without an occasion are no level of the occasions
    /// "pré" and "pós" answered without that condition).
    func stratumLevels(_ factor: String, in rows: [Row]) -> [String] {
        let present = Set(rows.compactMap { MeasurementKey(key: $0.occasion).level(of: factor) })
        return withinLevels(factor).filter(present.contains)
    }

    /// Per task, stratum and score: the levels of `factor` compared within participants (complete blocks only), the
    /// paired intervals at the report's `confidence`.
    /// A stratum whose sets have one level of the factor only has nothing to compare and is left out.
    /// Needs the report's rows (`Builder(keepsRows: true)`).
    public func withinComparisons(_ factor: String) -> [WithinScoreComparison] {
        withinCells(factor).map { cell in
            let levels = levelsPresent(factor, in: cell.rows)
            var values: [String: [String: Double]] = [:]
            for row in cell.rows {
                if let value = row.value(cell.scoreID), let level = MeasurementKey(key: row.occasion).level(of: factor) {
                    values[row.participant, default: [:]][level] = value
                }
            }
            return WithinScoreComparison(task: cell.task, stratum: cell.stratum, scoreID: cell.scoreID,
                                         comparison: PairedComparison(levels: levels, values: values, confidence: confidence), values: values)
        }
    }

    /// Per task, stratum and score: the groups (the report's `by` attribute) × levels of `factor` (a stratum with
    /// one level only left out, as in `withinComparisons`).
    public func mixedComparisons(_ factor: String) -> [MixedScoreComparison] {
        let ordered = groups.map(\.name).reduce(into: [String]()) { if !$0.contains($1) && $1 != Self.noGroup { $0.append($1) } }
        return withinCells(factor).map { cell in
            let levels = levelsPresent(factor, in: cell.rows)
            var values: [String: (group: String, byLevel: [String: Double])] = [:]
            for row in cell.rows {
                guard let group = row.group, group != Self.noGroup, let value = row.value(cell.scoreID),
                      let level = MeasurementKey(key: row.occasion).level(of: factor) else { continue }
                values[row.participant, default: (group, [:])].byLevel[level] = value
            }
            return MixedScoreComparison(task: cell.task, stratum: cell.stratum, scoreID: cell.scoreID,
                                        comparison: MixedComparison(groups: ordered, levels: levels, values: values))
        }
    }
}
