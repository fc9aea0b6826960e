import Foundation
import Testing
@testable import StudyStore
import Surveys
import Tabular
@testable import Importing

/// A form export's rows as the importing layer hands them to the store: codes trimmed, time stamps, the answers
/// column written, and each unreadable cell with its item, column and problem.
@Suite struct FormRowReaderTests {
    /// SUS items 1–3 from columns 2–4 (a 1–5 Likert scale), the participant in column 0, the time in column 1.
    func rows(_ csv: String, orientation: Orientation = .canonical, task: Int? = nil) throws -> [FormRow] {
        let table = try CSVReader(text: csv, file: "form.csv")
        let definition = try #require(try InstrumentCatalog.builtin("SUS"))
        var columns = FormColumns(participant: 0, task: task, timestamp: 1, items: [1: 2, 2: 3, 3: 4], matchedBy: "--map", confidence: [:])
        columns.started = nil
        var reader = FormRowReader(table, columns: columns, definition: definition, orientation: orientation, labels: [:])
        var rows: [FormRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func readsCodesTimesAndAnswers() throws {
        let rows = try rows("""
            Participant,When,Q1,Q2,Q3
             P01 ,2026-11-20T10:00:00,4,Strongly agree,
            P02,,1,2,N/A

            """)
        #expect(rows.count == 2)
        #expect(rows[0].code == "P01")
        #expect(rows[0].line == 2)
        #expect(rows[0].submitted == "2026-11-20T10:00:00")
        #expect(rows[0].started == nil)
        #expect(text(rows[0].answers) == #"{"1":4,"2":5}"#)
        #expect(text(rows[0].raw) == #"{"2":"Strongly agree"}"#)
        #expect(rows[0].answered == 2)
        #expect(rows[0].failures.isEmpty)
        #expect(rows[1].code == "P02")
        #expect(rows[1].submitted == nil)
        #expect(text(rows[1].answers).hasPrefix(#"{"1":1,"2":2"#))
        #expect(rows[0].task == nil)
    }

    @Test func invertedFormsAreReadOntoTheScale() throws {
        let rows = try rows("Participant,When,Q1,Q2,Q3\nP01,,1,5,2\n", orientation: .inverted)
        #expect(text(rows[0].answers) == #"{"1":5,"2":1,"3":4}"#)
        #expect(rows[0].answered == 3)
    }

    @Test func badCellsComeWithTheirItemColumnAndProblem() throws {
        let rows = try rows("""
            Participant,When,Q1,Q2,Q3
            ,2026-11-20T11:00:00,9,Mais ou menos talvez,3

            """)
        let row = try #require(rows.first)
        #expect(row.code == "")
        #expect(row.participant.line == 2 && row.participant.column == 1)
        #expect(row.answered == 1)
        #expect(text(row.answers) == #"{"3":3}"#)
        #expect(row.failures.map(\.number) == [1, 2])
        #expect(row.failures.map(\.column) == [2, 3])
        #expect(row.failures[0].problem.description == "'9' is outside the 1–5 scale")
        #expect(row.failures[0].problem.unknownLabel == nil)
        #expect(row.failures[1].problem.unknownLabel == "Mais ou menos talvez")
        #expect(row.failures[1].field.value == "Mais ou menos talvez")
    }

    @Test func aTaskColumnGivesEachRowItsTrimmedKey() throws {
        let rows = try rows("Participant,When,Q1,Q2,Q3,Task\nP01,,1,2,3, T2 \n", task: 5)
        #expect(rows[0].task?.key == "T2")
        #expect(rows[0].task?.field.value == " T2 ")
        #expect(rows[0].task?.field.column == 12)
    }

    /// What the file alone tells of an occasion column is read here, not in the store: a cell trimmed and composed
    /// is the row's occasion; an empty one, or one holding `;` or `=`, names none and says so at its place.
    @Test func anOccasionCellIsReadOrRefusedWhereItIs() throws {
        let table = try CSVReader(text: "Participant,When,Q1,Q2,Q3,Occasion\nP01,,1,2,3, pre\u{0301} \nP02,,1,2,3,\nP03,,1,2,3,a;b\n", file: "form.csv")
        let definition = try #require(try InstrumentCatalog.builtin("SUS"))
        var columns = FormColumns(participant: 0, task: nil, timestamp: 1, items: [1: 2, 2: 3, 3: 4], matchedBy: "--map", confidence: [:])
        columns.occasion = 5
        var reader = FormRowReader(table, columns: columns, definition: definition, orientation: .canonical, labels: [:])
        var cells: [OccasionCell?] = []
        while let row = try reader.next() { cells.append(row.occasion) }
        #expect(cells.count == 3)
        guard case let .occasion(first)?? = cells.first else { Issue.record("row 2 has no occasion: \(cells)"); return }
        #expect(first == "pr\u{E9}", "trimmed and composed (NFC)")
        guard case let .unreadable(empty)? = cells[1], case let .unreadable(separator)? = cells[2] else { Issue.record("\(cells)"); return }
        #expect("\(empty.location)" == "form.csv:3:12")
        #expect("\(empty.message)" == "the cell of column 'Occasion' is empty; every row needs its occasion")
        #expect("\(separator.location)" == "form.csv:4:12")
        #expect("\(separator.message)" == "column 'Occasion': an occasion cannot hold ';' or '=' ('a;b')")
        // Without an occasion column a row has no occasion cell.
        #expect(try rows("Participant,When,Q1,Q2,Q3\nP01,,1,2,3\n").allSatisfy { $0.occasion == nil })
    }

    /// What the store takes of a form's columns: the item numbers, whether each row names its task, the measurement
    /// columns, and the problem the file and the options alone tell (an occasion column beside `--occasion`).
    @Test func theStoreTakesTheColumnsItNeedsAndTheirFileOnlyProblems() throws {
        let table = try CSVReader(text: "Participant,When,Q1,Q2,Q3,Occasion,Email\nP01,,1,2,3,pre,x\n", file: "form.csv")
        var columns = FormColumns(participant: 0, task: nil, timestamp: 1, items: [1: 2, 2: 3, 3: 4], matchedBy: "item text", confidence: [:])
        columns.occasion = 5
        columns.context = [6]
        let source = SourceTable(table)
        let alone = columns.storing(in: source, occasion: "")
        #expect(Set(alone.items) == [1, 2, 3] && !alone.perRowTask && alone.occasion == 5 && alone.context == [6] && alone.problems.isEmpty)
        let both = columns.storing(in: source, occasion: "pre;device=phone")
        #expect(both.problems.map { "\($0.location): \($0.message)" }
            == ["form.csv:1:27: column 'Occasion' gives each row its occasion, and --occasion gives every row one; leave one out"])
        #expect(columns.storing(in: source, occasion: "device=phone").problems.isEmpty, "conditions alone give no occasion")
        // The summary's naming of the columns is this layer's.
        var summary = ResponseImportSummary(instrument: "SUS", responseSets: 1, answers: 3, replaced: 0, columns: [:])
        columns.name(in: &summary, header: source.header)
        #expect(summary.columns == [1: "Q1", 2: "Q2", 3: "Q3"])
        #expect(summary.matchedBy == "item text")
        #expect(summary.ignoredColumns == ["Email"])
    }
}
