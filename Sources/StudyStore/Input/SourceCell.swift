/// The store's input: a cell of an imported table as the importing layer read it, its text and where it starts
/// (1-based line and column, as editors count them). The store never reads a file; it takes rows holding these and
/// names a cell's place in a problem through the table's `SourceTable.location(of:)`.
public struct SourceCell: Sendable, Hashable {
    public var value: String
    public var line: Int
    public var column: Int

    @inlinable
    public init(value: String, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}

/// The store's input: the table an import's rows come from, as the store's messages name it: the file as the user typed it, the
/// header's cells, how the table writes a cell's place (`file:line:column`, or a workbook sheet's
/// `file:Sheet!C5`: the importing layer knows which) and how much of it has been read, for progress.
public struct SourceTable {
    /// The name messages give the table.
    public let file: String
    public let header: [SourceCell]
    private let place: (_ line: Int, _ column: Int) -> String
    private let read: () -> Double

    public init(file: String, header: [SourceCell], location: @escaping (_ line: Int, _ column: Int) -> String,
                fractionRead: @escaping () -> Double = { 0 }) {
        self.file = file
        self.header = header
        place = location
        read = fractionRead
    }

    /// Where `cell` is, as a problem's location says it. Called only to word a problem.
    public func location(of cell: SourceCell) -> String { place(cell.line, cell.column) }

    /// How much of the table has been read, 0–1.
    public var fractionRead: Double { read() }
}
