import Surveys
import Wording

/// One computed result as a table, built once and drawn by every renderer (terminal text, CSV, JSON, markdown,
/// HTML, LaTeX, the workbook), so a column has one machine name and one label in every output.
///
/// Cells are typed: a renderer decides how a count, a number, a share, an interval or a p-value looks in its format
/// and the study's language (`NumberStyle`), and machine formats (CSV, JSON) get the full-precision value under the
/// column's machine name.
public struct ResultTable: Sendable, Equatable {
    /// A machine name for the table (file names, JSON keys, sheet identifiers): `score_summary`.
    public var id: String
    /// The caption, in the table's language.
    public var title: String
    public var columns: [Column]
    public var rows: [[Value]]
    /// Rows drawn in bold in documents: totals and overall means.
    public var emphasised: Set<Int> = []
    /// Sentences printed under the table (what an abbreviation means, the rule used), in the table's language.
    public var notes: [String] = []
    /// Cells marked with an asterisk that a note explains (row → columns): an interval cut to a score's range.
    public var marked: [Int: Set<Int>] = [:]
    /// The language labels, notes and human-readable numbers are written in.
    public var language: StudyLanguage

    public init(id: String, title: String, language: StudyLanguage, columns: [Column], rows: [[Value]] = []) {
        self.id = id
        self.title = title
        self.language = language
        self.columns = columns
        self.rows = rows
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// Adds a row; `emphasised` draws it in bold in documents.
    public mutating func append(_ row: [Value], emphasised: Bool = false) {
        precondition(row.count == columns.count, "\(id): a row of \(row.count) cells for \(columns.count) columns")
        if emphasised { self.emphasised.insert(rows.count) }
        rows.append(row)
    }

    /// A cell as people read it: formatted in the table's language, with its asterisk when marked.
    public func display(_ row: Int, _ column: Int, _ style: NumberStyle) -> String {
        let text = style.cell(rows[row][column], columns[column].kind)
        return marked[row]?.contains(column) == true ? text + "*" : text
    }

    /// The columns a machine format writes: an interval column becomes two (`NAME_low`, `NAME_high`).
    public var machineNames: [String] {
        columns.flatMap { column in column.kind.machineSuffixes.map { column.name + $0 } }
    }
}

/// A column of a `ResultTable`: its machine name, its label in the table's language and the kind of its cells.
public struct Column: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Short text: names, codes, groups.
        case text
        /// Long text that wraps in documents: item wordings, excerpts, definitions.
        case prose
        case count
        case number(decimals: Int)
        /// A share from 0 to 1, shown as a percentage with `decimals`.
        case percent(decimals: Int)
        case interval(decimals: Int)
        case pValue
        /// A count with its share, "2 (50 %)", as theses write frequencies.
        case countShare(decimals: Int)

        public var isInterval: Bool { if case .interval = self { return true } else { return false } }

        /// How many machine columns a column of this kind becomes.
        public var machineWidth: Int { machineSuffixes.count }

        /// The machine columns a column of this kind becomes: two for an interval and a count with its share.
        var machineSuffixes: [String] {
            switch self {
            case .interval: return ["_low", "_high"]
            case .countShare: return ["_n", "_share"]
            default: return [""]
            }
        }

        /// Whether documents right-align the column.
        public var isNumeric: Bool {
            switch self {
            case .text, .prose, .interval: return false
            case .count, .number, .percent, .pValue, .countShare: return true
            }
        }
    }

    /// The machine name: CSV header, JSON key, the same in every output.
    public var name: String
    /// The heading in the table's language.
    public var label: String
    public var kind: Kind

    /// How many machine columns (CSV, JSON, workbook) the column becomes.
    public var machineWidth: Int { kind.machineWidth }

    public init(_ name: String, _ label: String, _ kind: Kind) {
        self.name = name
        self.label = label
        self.kind = kind
    }

    /// A column named by a catalog term: its machine name is the term's, its label the term's text in `language`.
    public init(_ term: Term, _ kind: Kind, _ language: StudyLanguage) {
        self.init(term.rawValue, term.text(language), kind)
    }
}

/// A typed cell.
public enum Value: Sendable, Equatable {
    case text(String)
    case count(Int)
    case number(Double)
    /// A share from 0 to 1.
    case percent(Double)
    case interval(Double, Double)
    case pValue(Double)
    /// A count and its share (0 to 1) of a denominator.
    case countShare(Int, Double)
    case empty

    public init(_ text: String?) { self = text.map(Value.text) ?? .empty }
    public init(_ number: Double?) { self = number.map { $0.isFinite ? .number($0) : .empty } ?? .empty }
    public init(_ count: Int?) { self = count.map(Value.count) ?? .empty }
    public init(share: Double?) { self = share.map { $0.isFinite ? .percent($0) : .empty } ?? .empty }
    public init(_ interval: ClosedRange<Double>?) { self = interval.map { .interval($0.lowerBound, $0.upperBound) } ?? .empty }
    public init(p: Double?) { self = p.map(Value.pValue) ?? .empty }
}
