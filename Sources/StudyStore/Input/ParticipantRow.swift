import Surveys

/// The store's input for a participant import (`storeParticipants`): one row of a participants file as the importing
/// layer read it, the code and each attribute cell read as its column's type. What needs the study (a code that
/// exists, looks like another's, repeats one of the file's) is the store's.
public struct ParticipantRow {
    /// The code cell, for where messages point.
    public var field: SourceCell
    /// The code, trimmed and composed (NFC).
    public var code: String
    /// Why the code cannot be a participant's code, when it cannot (the row is not stored).
    public var codeProblem: StoreError.Problem?
    public var line: Int
    /// The row's attribute values, in column order: each non-empty cell read as its column's type (a cell that is
    /// no number in a number column has none, and a problem instead).
    public var values: [(column: Int, value: AttributeValue)]
    /// Cells of number columns that are no number, or would lose what was typed, in column order.
    public var cellProblems: [ParticipantCellProblem]

    public init(field: SourceCell, code: String, codeProblem: StoreError.Problem?, line: Int, values: [(column: Int, value: AttributeValue)],
                cellProblems: [ParticipantCellProblem]) {
        self.field = field
        self.code = code
        self.codeProblem = codeProblem
        self.line = line
        self.values = values
        self.cellProblems = cellProblems
    }
}

/// Part of the store's input (`ParticipantRow.cellProblems`): a cell of a number column that is no number
/// (`losesDigits` false), or a number that would lose what was typed.
public struct ParticipantCellProblem {
    public var column: Int
    public var losesDigits: Bool
    public var problem: StoreError.Problem
    public init(column: Int, losesDigits: Bool, problem: StoreError.Problem) {
        self.column = column
        self.losesDigits = losesDigits
        self.problem = problem
    }
}

/// What the store hands back to the importing layer before the rows are read (`storeParticipants`): how a
/// participants file's attribute columns are read, as the store decided from the study and the file — each
/// column's type, and the number columns whose type was declared (`4.10` reads as 4.1 there, without a problem).
public struct ParticipantColumnReading: Sendable {
    public var types: [Int: AttributeType]
    public var readsNumbers: Set<Int>
    public init(types: [Int: AttributeType], readsNumbers: Set<Int>) {
        self.types = types
        self.readsNumbers = readsNumbers
    }
}

/// The store's input for a participant import (`storeParticipants`): one column of a participants file, as the
/// importing layer found it — where it is, the attribute name it carries (nil when the name was refused, with the
/// problem), and what its cells hold.
public struct ParticipantColumn: Sendable {
    public var index: Int
    public var name: String?
    public var problem: StoreError.Problem?
    public var contents: ColumnContents

    public init(index: Int, name: String?, problem: StoreError.Problem?, contents: ColumnContents) {
        self.index = index
        self.name = name
        self.problem = problem
        self.contents = contents
    }
}

/// Part of the store's input (`ParticipantColumn.contents`): what the importing layer's first pass over a column
/// learned — whether it has cells, numbers, a cell that is no number, a number that would lose digits (leading
/// zeros, a sign). The store decides the column's type from it and the study.
public struct ColumnContents: Sendable {
    public var hasCells = false
    public var hasNumber = false
    public var firstText: SourceCell?
    public var firstKept: SourceCell?

    public init() {}
}
