import Foundation
import Testing
import StudyStore
import Surveys
import Tabular
@testable import Importing

/// A task log's and a participants file's rows as the importing layer hands them to the store: each cell read as
/// its field's type, and each cell that cannot be read a problem at its place.
@Suite struct AttemptAndParticipantRowReaderTests {
    func attempts(_ csv: String) throws -> [AttemptRow] {
        let table = try CSVReader(text: csv, file: "log.csv")
        let header = table.header
        let records = try table.readAll()
        // participant, task, time, errors, outcome, trial, total, then the setting condition.
        let columns = ["participant": 0, "task": 1, "time": 2, "errors": 3, "outcome": 4, "trial": 5, "total": 6]
        return Array(AttemptRowReader(file: "log.csv", header: header, records: records, columns: columns, factorColumns: ["setting": 7],
                                      factors: [FactorInfo(name: "setting", levels: ["A", "B"])]))
    }

    @Test func attemptCellsAreReadAsTheirFields() throws {
        let rows = try attempts("""
            Who,Task,Time,Errors,Outcome,Trial,Total,Setting
             P01 ,T1,1:05,2.0,Indirect success,2,69,b

            """)
        let row = try #require(rows.first)
        #expect(row.code == "P01")
        #expect(row.task == "T1" && row.title == nil)
        #expect(row.seconds == 65)
        #expect(row.errors == 2)
        #expect(row.outcomeText == "Indirect success")
        #expect(row.outcome == OutcomeReading("Indirect success"))
        #expect(row.trial == 2 && row.trialGiven)
        #expect(row.conditions == ["setting": "B"])
        #expect(row.total?.text == "69" && row.total?.seconds == 69)
        #expect(row.problems.isEmpty)
    }

    @Test func badAttemptCellsAreProblemsInRowOrder() throws {
        let rows = try attempts("""
            Who,Task,Time,Errors,Outcome,Trial,Total,Setting
            ,T1,soon,-1,maybe,0,,C

            """)
        let row = try #require(rows.first)
        #expect(row.code == "")
        #expect(row.seconds == nil && row.errors == nil && row.outcome == nil && row.trial == nil)
        #expect(row.trialGiven)
        #expect(row.conditions.isEmpty)
        #expect(row.problems.map(\.location.description) == [
            "log.csv:2: column \"Time\"", "log.csv:2: column \"Errors\"", "log.csv:2: column \"Outcome\"",
            "log.csv:2: column \"Trial\"", "log.csv:2: column \"Setting\"",
        ])
        #expect(row.problems[4].message.description == "'C' is not a level of setting (A, B)")
    }

    func participants(_ csv: String, types: [Int: AttributeType], readsNumbers: Set<Int> = []) throws -> [ParticipantRow] {
        let table = try CSVReader(text: csv, file: "people.csv")
        let columns = (1..<table.header.count).map {
            ParticipantColumn(index: $0, name: table.header[$0].value, problem: nil, contents: .init())
        }
        var reader = ParticipantRowReader(table, codeIndex: 0, columns: columns,
                                          reading: ParticipantColumnReading(types: types, readsNumbers: readsNumbers))
        var rows: [ParticipantRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    @Test func participantCellsAreReadAsTheirColumnsTypes() throws {
        let rows = try participants("""
            code,age,group
             P01 ,34, Avançado
            P02,,x

            """, types: [1: .number, 2: .text])
        #expect(rows.map(\.code) == ["P01", "P02"])
        #expect(rows[0].values.map(\.column) == [1, 2])
        #expect(rows[0].values.map(\.value) == [.number(34), .text("Avançado")])
        #expect(rows[1].values.map(\.value) == [.text("x")])
        #expect(rows.allSatisfy { $0.codeProblem == nil && $0.cellProblems.isEmpty })
    }

    @Test func participantProblemsNameTheirCells() throws {
        let rows = try participants("""
            code,age,version
            ,old,007
            P 1,12,4.10

            """, types: [1: .number, 2: .number], readsNumbers: [2])
        #expect(rows[0].codeProblem?.location.description == "people.csv:2:1")
        #expect(rows[0].cellProblems.map(\.column) == [1])
        #expect(rows[0].cellProblems[0].losesDigits == false)
        #expect(rows[0].cellProblems[0].problem.description == "people.csv:2:2: attribute 'age' holds numbers in this study; 'old' is not a number")
        // A declared number column (readsNumbers) reads 007 and 4.10 as numbers without a problem.
        #expect(rows[0].values.map(\.value) == [.number(7)])
        #expect(rows[1].values.map(\.value) == [.number(12), .number(4.1)])
        #expect(rows[1].cellProblems.isEmpty)
    }

    @Test func undeclaredNumbersThatLoseDigitsAreProblems() throws {
        let rows = try participants("code,version\nP01,4.10\n", types: [1: .number])
        #expect(rows[0].cellProblems.map(\.losesDigits) == [true])
        #expect(rows[0].cellProblems[0].problem.location.description == "people.csv:2:5")
    }
}
