import Foundation
import Testing
import StudyStore
import Surveys
import Tabular
@testable import Importing

/// A long answers file's rows as the importing layer hands them to the store: each answer read by its row's
/// instrument (the study's definition first, in any case, else the built-in one), what was typed kept where it is
/// not a plain number, and the cells it cannot read named.
@Suite struct LongRowReaderTests {
    func rows(_ csv: String, orientation: Orientation = .canonical, stored: [InstrumentDefinition] = []) throws -> [LongRow] {
        let table = try CSVReader(text: csv, file: "long.csv")
        let columns = LongColumns(participant: 0, item: 2, value: 3, instrument: 1, task: 4)
        var reader = LongRowReader(table, columns: columns, instrument: nil, orientation: orientation, stored: stored)
        var rows: [LongRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    @Test func readsEachAnswerWithItsInstrument() throws {
        let rows = try rows("""
            participant,instrument,item,value,task
            P01,sus,1,4,
            P01,SUS,2,Strongly agree,
            P01,sus,3,,
            P02,sus,11,3,
            P02,sus,x,3,
            P02,sus,4,9,t1
            P03,nope,1,1,

            """)
        #expect(rows.count == 7)
        guard case let .answer(number, answer, typed) = rows[0].reading else { Issue.record("row 1: \(rows[0].reading)"); return }
        #expect(number == 1 && answer == .value(4) && typed == nil)
        #expect(rows[0].code == "P01" && rows[0].line == 2 && rows[0].task == nil && rows[0].taskCell?.value == "")
        // The built-in instrument is found in any case; a label is kept as typed.
        guard case let .answer(number2, answer2, typed2) = rows[1].reading else { Issue.record("row 2: \(rows[1].reading)"); return }
        #expect(number2 == 2 && answer2 == .value(5) && typed2 == "Strongly agree")
        guard case .blank(number: 3) = rows[2].reading else { Issue.record("row 3: \(rows[2].reading)"); return }
        guard case .noItem = rows[3].reading, case .noItem = rows[4].reading else { Issue.record("rows 4–5"); return }
        guard case let .unreadable(number6, problem) = rows[5].reading else { Issue.record("row 6: \(rows[5].reading)"); return }
        #expect(number6 == 4 && !problem.message.description.isEmpty)
        #expect(rows[5].task == "t1" && rows[5].value.value == "9")
        guard case .unknownInstrument = rows[6].reading else { Issue.record("row 7: \(rows[6].reading)"); return }
        #expect(rows[6].instrument == "nope")
    }

    /// The study's copy of an instrument is read before the built-in one, whatever the case of its name.
    @Test func theStudysDefinitionComesFirst() throws {
        var narrow = try #require(try InstrumentCatalog.builtin("sus"))
        narrow.items = Array(narrow.items.prefix(2))
        let rows = try rows("""
            participant,instrument,item,value,task
            P01,Sus,3,4,

            """, stored: [narrow])
        guard case .noItem = rows[0].reading else { Issue.record("\(rows[0].reading)"); return }
    }

    /// Under the inverted orientation every answer keeps what was typed (the store records it as entered).
    @Test func invertedKeepsWhatWasTyped() throws {
        let rows = try rows("""
            participant,instrument,item,value,task
            P01,sus,1,4,

            """, orientation: .inverted)
        guard case let .answer(_, answer, typed) = rows[0].reading else { Issue.record("\(rows[0].reading)"); return }
        #expect(answer == .value(2) && typed == "4")
    }
}
