import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// Reads a participants file's records into `ParticipantRow`s for `storeParticipants`: the code trimmed and
/// composed (and refused when it cannot be one), each attribute cell read as the type the store gave its column.
/// The values are written into one buffer kept from row to row (a row is let go of before the next is asked for).
public struct ParticipantRowReader: ParticipantRowSource {
    public let table: SourceTable
    private let source: RecordSource
    private let header: [Field]
    private let codeIndex: Int
    /// The attribute columns, in column order.
    private let attributes: [Int]
    private let reading: ParticipantColumnReading
    private var values: [(column: Int, value: AttributeValue)] = []

    public init(_ table: RecordSource, codeIndex: Int, columns: [ParticipantColumn], reading: ParticipantColumnReading) {
        self.table = SourceTable(table)
        source = table
        header = table.header
        self.codeIndex = codeIndex
        attributes = columns.filter { $0.name != nil }.map(\.index)
        self.reading = reading
    }

    public mutating func next() throws -> ParticipantRow? {
        guard let record = try source.next() else { return nil }
        let field = record.fields[codeIndex]
        let code = StudyText.composed(TextSafety.trimmingSpaces(field.value))
        let codeProblem = ParticipantNaming.problem(withCode: code).map {
            StoreError.Problem(location: Sentence(verbatim: at(field)), message: "participant code '\(field.value)': \($0)")
        }
        values.removeAll(keepingCapacity: true)
        for index in attributes {
            let raw = TextSafety.trimmingSpaces(record.fields[index].value)
            guard !raw.isEmpty else { continue }
            if reading.types[index] == .number {
                guard let number = NumberParser.parse(raw) else { continue }  // a problem (`numberProblems`)
                values.append((index, .number(number)))
            } else {
                values.append((index, .text(StudyText.composed(raw))))
            }
        }
        return ParticipantRow(field: SourceCell(field), code: code, codeProblem: codeProblem, line: record.line, values: values,
                              cellProblems: numberProblems(record))
    }

    private func at(_ field: Field) -> String { source.position(of: field).description }

    /// The cells of number columns that are no number, or (where the type was not declared) would lose what was
    /// typed (`007`, `4.10`).
    private func numberProblems(_ record: Record) -> [ParticipantCellProblem] {
        var problems: [ParticipantCellProblem] = []
        for index in attributes where reading.types[index] == .number {
            let cell = record.fields[index]
            guard !TextSafety.trimmingSpaces(cell.value).isEmpty else { continue }
            let name = header[index].value
            guard let number = NumberParser.parse(cell.value) else {
                problems.append(.init(column: index, losesDigits: false, problem: .init(location: Sentence(verbatim: at(cell)),
                    message: "attribute '\(name)' holds numbers in this study; '\(cell.value)' is not a number")))
                continue
            }
            if !reading.readsNumbers.contains(index), NumberParser.losesDigits(cell.value) {
                let code = TextSafety.trimmingSpaces(record.fields[codeIndex].value)
                let shown = NumberParser.format(number)
                problems.append(.init(column: index, losesDigits: true, problem: .init(location: Sentence(verbatim: at(cell)),
                    message: "participant \(code): attribute '\(name)' holds numbers in this study; '\(cell.value)' would be stored as the number \(shown), losing what was typed. If \(name) holds version numbers or codes, make it text first ('studyctl participant attribute type \(name) text'); if it is a number, write \(shown) or rerun with --type \(name)=number")))
            }
        }
        return problems
    }
}
