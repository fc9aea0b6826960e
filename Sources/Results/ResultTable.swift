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
    /// For tables as long as the study (one row per answer, per participant): the rows read as they are written,
    /// instead of `rows`, so that an export's memory does not grow with the study. Read them with `forEachRow`.
    public var source: RowSource?
    /// The table as a workbook sheet: its short name and what it holds, in the table's language.
    public var sheet: Sheet?
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

    /// Whether the table has no rows (a streamed table knows it without reading them).
    public var isEmpty: Bool { source.map { !$0.hasRows } ?? rows.isEmpty }

    /// Every row, from `rows` or from the row source as it reads them.
    public func forEachRow(_ body: ([Value]) throws -> Void) throws {
        if let source { try source.read(body) } else { for row in rows { try body(row) } }
    }

    public static func == (a: ResultTable, b: ResultTable) -> Bool {
        a.id == b.id && a.title == b.title && a.columns == b.columns && a.rows == b.rows && a.emphasised == b.emphasised
            && a.notes == b.notes && a.marked == b.marked && a.language == b.language && a.sheet == b.sheet
            && (a.source == nil) == (b.source == nil)
    }

    /// Adds a row; `emphasised` draws it in bold in documents.
    public mutating func append(_ row: [Value], emphasised: Bool = false) {
        precondition(row.count == columns.count, "\(id): a row of \(row.count) cells for \(columns.count) columns")
        if emphasised { self.emphasised.insert(rows.count) }
        rows.append(row)
    }

    /// A cell as people read it: formatted in the table's language (a machine word in its column's wording), with
    /// its asterisk when marked.
    public func display(_ row: Int, _ column: Int, _ style: NumberStyle) -> String {
        let text = display(rows[row][column], column: column, style)
        return marked[row]?.contains(column) == true ? text + "*" : text
    }

    /// A value of `column` as people read it (a row of a row source, which `display(_:_:_:)` cannot index): a
    /// machine word in the column's wording, a missing value as the column shows it.
    public func display(_ value: Value, column: Int, _ style: NumberStyle) -> String {
        switch value {
        case let .text(machine):
            if let worded = columns[column].wording[machine] { return worded }
        case .empty:
            if let missing = columns[column].missing { return missing }
        default:
            break
        }
        return style.cell(value, columns[column].kind)
    }

    /// The columns a machine format writes: an interval column becomes two (`NAME_low`, `NAME_high`).
    public var machineNames: [String] {
        columns.flatMap { column in column.kind.machineSuffixes.map { column.name + $0 } }
    }

    /// The headings of the machine columns for people (the workbook): an interval's ends marked ↓ and ↑, a count
    /// with its share as "(n)" and "(%)".
    public var machineLabels: [String] {
        columns.flatMap { column -> [String] in
            switch column.kind {
            case .interval: return [column.label + " ↓", column.label + " ↑"]
            case .countShare: return [column.label + " (n)", column.label + " (%)"]
            default: return [column.label]
            }
        }
    }

    /// Each machine column's wording (the first of an interval's or a count-with-share's two carries its column's).
    public var machineWordings: [[String: String]] {
        columns.flatMap { column in [column.wording] + Array(repeating: [:], count: column.machineWidth - 1) }
    }

    /// A row as machine cells: one per machine column, each text, a count, a number at full precision (a share from
    /// 0 to 1, a p-value, an interval's end) or empty.
    public func machineCells(_ row: [Value]) -> [Value] {
        var cells: [Value] = []
        cells.reserveCapacity(row.count + 2)
        // By index: a column (its label, its wording) is not copied for every cell of a table as long as the study.
        for index in 0..<min(row.count, columns.count) {
            let value = row[index]
            let width = columns[index].kind.machineWidth
            var written = 1
            switch value {
            case .empty: written = 0
            case .text, .count, .number: cells.append(value)
            case let .percent(number), let .pValue(number): cells.append(.number(number))
            case let .interval(low, high):
                cells.append(.number(low))
                if width == 2 { cells.append(.number(high)); written = 2 }
            case let .countShare(count, share):
                cells.append(.count(count))
                if width == 2 { cells.append(.number(share)); written = 2 }
            }
            for _ in written..<width { cells.append(.empty) }
        }
        return cells
    }
}

/// The rows of a table as long as the study, read as they are written (CSV files, workbook sheets) and never held
/// in memory together.
public struct RowSource: Sendable {
    /// Whether there are rows (known from the study without reading them).
    public var hasRows: Bool
    /// Calls its argument with each row in order.
    public var read: @Sendable (_ row: ([Value]) throws -> Void) throws -> Void

    public init(hasRows: Bool, read: @escaping @Sendable (_ row: ([Value]) throws -> Void) throws -> Void) {
        self.hasRows = hasRows
        self.read = read
    }
}

/// A table as a sheet of a workbook: its name (at most 31 characters, as Excel requires) and a line saying what it
/// holds, both in the table's language.
public struct Sheet: Sendable, Equatable {
    public var name: String
    public var about: String

    public init(name: String, about: String) {
        self.name = name
        self.about = about
    }

    /// A sheet named and described by catalog sentences, in `language`.
    public init(_ name: Sentence, about: Sentence, _ language: StudyLanguage) {
        self.init(name: name.text(language), about: about.text(language))
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
        /// A measure written for people with its unit or in its own notation ("60 s", "1:05,7", "5,7 MB", "4%"):
        /// text, right-aligned as numbers are.
        case figure

        public var isInterval: Bool { if case .interval = self { return true } else { return false } }

        /// How many machine columns a column of this kind becomes.
        /// (Asked for every cell a machine format writes: a switch, not the suffixes' array.)
        public var machineWidth: Int {
            switch self {
            case .interval, .countShare: return 2
            default: return 1
            }
        }

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
            case .count, .number, .percent, .pValue, .countShare, .figure: return true
            }
        }
    }

    /// The machine name: CSV header, JSON key, the same in every output.
    public var name: String
    /// The heading in the table's language.
    public var label: String
    public var kind: Kind
    /// How a machine word of the column reads for people, where it differs (`all` → "Todos", a test's machine
    /// name → its name): documents and the workbook show the wording, CSV and JSON keep the machine word.
    public var wording: [String: String] = [:]
    /// How a missing value (`Value.empty`) reads for people where it is not "–": listings leave the cell blank.
    public var missing: String?

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

    /// The column with its missing values shown as `text` (a blank cell by default) instead of "–".
    public func showingMissing(as text: String = "") -> Column {
        var column = self
        column.missing = text
        return column
    }

    /// The column with its machine words shown as `wording` says.
    public func worded(_ wording: [String: String]) -> Column {
        var column = self
        column.wording = wording
        return column
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
