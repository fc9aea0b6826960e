import Foundation
import Testing
import StudyStore
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
}
