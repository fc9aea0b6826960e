import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// The measurement each row of a form export is stored under. With `--condition-column` and `--occasion-column` a
/// row's cells name its condition levels and its occasion, added to what `--condition` and `--occasion` give every
/// row: the key is the one a split file imported level by level would have been stored under. The other columns
/// that are no item are remembered per stored row, so a refused repeated row can say when it differs from the first
/// in a column that looks like a condition or an occasion.
///
/// Everything here needs the study (its conditions, their levels, the occasions it has); what the file alone tells
/// (an occasion cell that names none, an occasion column beside `--occasion`) the importing layer found, in
/// `FormRow.occasion` and `ResponseColumns.problems`.
struct RowMeasurement {
    /// A column of condition levels, with its factor as the study spells it (`nil`: the study has no such factor).
    struct LevelColumn {
        var column: Int
        var factor: String?
        /// What names the factor: `--condition-column FACTOR=…`, else the header.
        var named: String
        /// Each level by its key (`StudyText.key`), as the study spells it; and in the study's order.
        var levels: [String: String]
        var ordered: [String]
    }

    /// A study factor: its name, the name folded (case and accents aside), its levels folded.
    struct Factor {
        var name: String
        var folded: String
        var levels: Set<String>
    }

    let fixed: MeasurementKey
    var conditions: [LevelColumn] = []
    let occasionColumn: Int?
    let header: [SourceCell]
    let file: String
    let factors: [Factor]
    /// The study's occasions (of every instrument), folded.
    let occasions: Set<String>
    let context: [Int]
    /// Whether each context column's header names a factor (its every cell is then remembered; another column's
    /// only when it is a level or an occasion, the only cells a comparison can use).
    let namesFactor: [Bool]
    /// Problems raised before any row is read (a column naming no factor, a factor given twice).
    var opening: [StoreError.Problem] = []

    /// Unknown levels, reported once where each first occurs: "column|key" → the problem's index and the count.
    private var unknownLevels: [String: (problem: Int, count: Int)] = [:]
    /// The values of a column whose factor the study lacks, in the order they first occur, and its problem's index.
    private var missingFactor: [Int: (problem: Int, values: [String])] = [:]
    /// Each stored row's context cells, by its participant, task and measurement.
    private var firstContext: [String: [String]] = [:]
    /// Columns that told dropped repeated rows apart as a condition or occasion would → the option that reads them.
    private(set) var likeDropped: [String: String] = [:]

    var isPerRow: Bool { !conditions.isEmpty || occasionColumn != nil }

    init(_ db: Database, table: SourceTable, columns: ResponseColumns, fixed key: String) throws {
        fixed = MeasurementKey(key: key)
        header = table.header
        file = table.file
        occasionColumn = columns.occasion
        context = columns.context
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.name, l.name AS level FROM factor f JOIN factor_level l ON l.factor_id = f.id ORDER BY f.id, l.position
            """)
        var factors: [Factor] = []
        var ordered: [String: [String]] = [:]
        for row in rows {
            let name: String = row["name"], level: String = row["level"]
            if factors.last?.name != name { factors.append(Factor(name: name, folded: AnswerReader.fold(name), levels: [])) }
            factors[factors.count - 1].levels.insert(AnswerReader.fold(level))
            ordered[name, default: []].append(level)
        }
        self.factors = factors
        namesFactor = columns.context.map { column in factors.contains { $0.folded == AnswerReader.fold(table.header[column].value) } }
        occasions = columns.context.isEmpty ? [] : Set(try String.fetchAll(db, sql: "SELECT DISTINCT occasion FROM response_set")
            .map { AnswerReader.fold(MeasurementKey(key: $0).occasion) }.filter { !$0.isEmpty })
        for (column, given) in columns.conditions {
            let named = given ?? header[column].value
            let factor = factors.first { $0.folded == AnswerReader.fold(named) }
            let levels = factor.map { ordered[$0.name] ?? [] } ?? []
            conditions.append(LevelColumn(column: column, factor: factor?.name, named: named,
                                          levels: Dictionary(levels.map { (StudyText.key($0), $0) }, uniquingKeysWith: { a, _ in a }), ordered: levels))
            let location = Sentence(verbatim: "\(file):1:\(header[column].column)")
            if let factor, fixed.conditions.contains(where: { AnswerReader.fold($0.factor) == factor.folded }) {
                opening.append(.init(location: location,
                                     message: "column '\(header[column].value)' gives each row its level of \(factor.name), and --condition gives every row one; leave one out"))
            } else if let factor, conditions.dropLast().contains(where: { $0.factor == factor.name }) {
                opening.append(.init(location: location, message: "two columns give each row its level of \(factor.name); name one with --condition-column"))
            } else if factor == nil {
                missingFactor[conditions.count - 1] = (-1, [])
            }
        }
        opening += columns.problems
    }

    /// Raises the problems found before reading a row; a column naming no factor gets its problem now (so nothing
    /// is stored) and its wording, with the column's values, once the file is read.
    mutating func start(_ problems: inout [StoreError.Problem]) {
        problems += opening
        for index in missingFactor.keys.sorted() {
            let column = conditions[index]
            problems.append(.init(location: Sentence(verbatim: "\(file):1:\(header[column.column].column)"), message: ""))
            missingFactor[index]?.problem = problems.count - 1
        }
    }

    /// The key a row is stored under; `nil`, with its problems added, when a cell names no level or occasion.
    mutating func key(_ row: FormRow, in table: SourceTable, problems: inout [StoreError.Problem]) -> String? {
        guard isPerRow else { return fixed.key }
        var levels = fixed.conditions
        var readable = true
        for (index, column) in conditions.enumerated() {
            let field = row.levels[index]
            let value = TextSafety.trimmingSpaces(field.value)
            let name = header[column.column].value
            if value.isEmpty {
                let known = column.ordered.isEmpty ? "" : " (\(column.ordered.joined(separator: ", ")))"
                problems.append(.init(location: Sentence(verbatim: table.location(of: field)),
                                      message: "the cell of column '\(name)' is empty; every row needs its level of \(column.factor ?? column.named)\(known)"))
                readable = false
                continue
            }
            guard let factor = column.factor else {
                if missingFactor[index]?.values.contains(value) == false { missingFactor[index]?.values.append(value) }
                readable = false
                continue
            }
            guard let level = column.levels[StudyText.key(value)] else {
                let key = "\(index)|\(StudyText.key(value))"
                if let known = unknownLevels[key] {
                    unknownLevels[key]?.count = known.count + 1
                } else {
                    problems.append(.init(location: Sentence(verbatim: table.location(of: field)),
                                          message: "column '\(name)': '\(value)' is no level of condition \(factor), whose levels are \(column.ordered.joined(separator: ", ")); correct the cell (a condition's levels are those 'studyctl condition add' gave it)"))
                    unknownLevels[key] = (problems.count - 1, 1)
                }
                readable = false
                continue
            }
            levels.append(.init(factor: factor, level: level))
        }
        var occasion = fixed.occasion
        if occasionColumn != nil, let cell = row.occasion {
            switch cell {
            case let .occasion(value):
                occasion = value
            case let .unreadable(problem):
                problems.append(problem)
                readable = false
            }
        }
        return readable ? MeasurementKey(occasion: occasion, conditions: levels).key : nil
    }

    /// Words the problems only the whole file could tell: how many cells held each unknown level, and the values of
    /// a column whose factor the study lacks (the `condition add` that would make it one).
    func note(_ problems: inout [StoreError.Problem]) {
        for entry in unknownLevels.values where entry.count > 1 {
            problems[entry.problem].message = "\(problems[entry.problem].message) (\(entry.count) cells in all)"
        }
        for (index, entry) in missingFactor where entry.problem >= 0 {
            let column = conditions[index]
            let name = header[column.column].value
            let known = factors.map(\.name)
            let conditions: Sentence = known.isEmpty ? "the study has no condition yet" : "its conditions are \(known.joined(separator: ", "))"
            let levels = entry.values.isEmpty ? "A,B" : entry.values.joined(separator: ",")
            problems[entry.problem].message = "column '\(name)' names no condition of this study (\(conditions)); add it with its levels, 'studyctl condition add \(Self.quoted(column.named)) --levels \(Self.quoted(levels))', or say which condition the column gives with --condition-column CONDITION=\(Self.quoted(name))"
        }
    }

    /// A word as a shell takes it: quoted when it holds a space or a quote.
    static func quoted(_ text: String) -> String {
        text.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "\"\(text.replacingOccurrences(of: "\"", with: "\\\""))\"" : text
    }

    // MARK: - Repeated rows

    /// Remembers a stored row's context cells, to compare a later row of the same participant and measurement with.
    mutating func remember(_ key: String, _ row: FormRow) {
        guard !context.isEmpty, !factors.isEmpty || !occasions.isEmpty, firstContext[key] == nil else { return }
        var useful = false
        let values = row.context.enumerated().map { index, field -> String in
            let value = TextSafety.trimmingSpaces(field.value)
            let folded = AnswerReader.fold(value)
            guard namesFactor[index] || occasions.contains(folded) || factors.contains(where: { $0.levels.contains(folded) }) else { return "" }
            useful = true
            return value
        }
        if useful { firstContext[key] = values }
    }

    /// A column that is no item in which `row` differs from the first row under `key` the way a condition's
    /// levels or the occasions differ: its header names a factor, or both cells are levels of one factor, or both
    /// are occasions of the study. The column, the option that would read it, and the two cells.
    func measurementLike(_ key: String, _ row: FormRow) -> (column: String, option: String, first: String, this: String)? {
        guard let first = firstContext[key] else { return nil }
        for (index, column) in context.enumerated() {
            let (a, b) = (first[index], TextSafety.trimmingSpaces(row.context[index].value))
            let (x, y) = (AnswerReader.fold(a), AnswerReader.fold(b))
            guard x != y else { continue }
            let name = header[column].value
            if namesFactor[index]
                || (!x.isEmpty && !y.isEmpty && factors.contains(where: { $0.levels.contains(x) && $0.levels.contains(y) })) {
                return (name, "--condition-column", a, b)
            }
            if !x.isEmpty, !y.isEmpty, occasions.contains(x), occasions.contains(y) {
                return (name, "--occasion-column", a, b)
            }
        }
        return nil
    }

    /// Notes that a row dropped under keep-first or keep-last differed from the kept one as a measurement would.
    mutating func note(_ like: (column: String, option: String, first: String, this: String)) {
        likeDropped[like.column] = like.option
    }
}
