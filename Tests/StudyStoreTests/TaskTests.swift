import Foundation
import Importing
import Testing
import Surveys
@testable import StudyStore

@Suite struct TaskTests {
    /// The bundled game-controls log: 15 users × 3 levels × 2 settings.
    func gameStudy(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        _ = try study.importParticipants(from: Fixtures.datasets.appendingPathComponent("game-controls/participants.csv").path)
        for level in 1...3 { try study.addTask(key: "fase-\(level)", title: "Fase \(level)", penaltySeconds: 2) }
        try study.addFactor(name: "setting", levels: ["0-50", "0-100"])
        return study
    }

    static let map = ["setting": "Config", "errors": "Colisões", "outcome": "Concluiu", "time": "Tempo (s)", "total": "Total (s)"]

    @Test func importsAWholeTaskLogAndChecksTotals() throws {
        let folder = try TemporaryFolder()
        let study = try gameStudy(folder)
        let summary = try study.importAttempts(from: Fixtures.datasets.appendingPathComponent("game-controls/attempts.csv").path,
                                               options: .init(map: Self.map))
        #expect(summary.attempts == 90)
        #expect(summary.ignored.isEmpty)
        #expect(summary.columns["task"] == "Fase" && summary.columns["participant"] == "Usuário")
        let attempts = try study.attempts()
        #expect(attempts.count == 90)
        #expect(attempts[0].conditions == ["setting": "0-50"])
        #expect(attempts[0].reportedTotal == attempts[0].seconds! + Double(attempts[0].errors!) * 2)
        let dataset = try study.taskDataset(groupedBy: ["setting"])
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties, successfulOnly: false)
        #expect(rows.count == 6)
        #expect(rows.map(\.group) == [["0-50"], ["0-100"], ["0-50"], ["0-100"], ["0-50"], ["0-100"]])
        #expect(rows.allSatisfy { $0.attempts == 15 && $0.participants == 15 })
    }

    @Test func totalMismatchesAreReportedOrAcceptedWithNotes() throws {
        let folder = try TemporaryFolder()
        let study = try gameStudy(folder)
        let path = try folder.write("log.csv", "Usuário;Fase;Config;Tempo (s);Colisões;Total (s)\nU01;Fase 1;0-50;55,0;3;61,0\nU02;Fase 1;0-50;40;2;45\n")
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.importAttempts(from: path, options: .init(map: Self.map.filter { $0.key != "outcome" })) }
        #expect(error == .invalidInput([.init(location: "\(path):3: column \"Total (s)\"", message: "total 45 ≠ time 40 + 2 errors × 2 s = 44")]))
        #expect(try study.dump() == before)
        let accepted = try study.importAttempts(from: path, options: .init(map: Self.map.filter { $0.key != "outcome" }, acceptTotals: true))
        #expect(accepted.attempts == 2)
        #expect(accepted.notes == ["\(path):3: column \"Total (s)\": total 45 ≠ time 40 + 2 errors × 2 s = 44"])
        #expect(try study.attempts().last?.reportedTotal == 45, "the reported total is kept as entered")
    }

    @Test func reportsEveryBadCell() throws {
        let folder = try TemporaryFolder()
        let study = try gameStudy(folder)
        let path = try folder.write("bad.csv", """
            participant,task,setting,time,errors,outcome
            U01,fase-1,0-50,1:32,3,success
            U99,fase-9,0-75,abc,-1,maybe
            """)
        let error = #expect(throws: StoreError.self) { try study.importAttempts(from: path) }
        guard case let .invalidInput(problems)? = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        // Each cell by its line and its column's name, as a spreadsheet shows them.
        #expect(problems.map(\.location) == ["\(path):3: column \"participant\"", "\(path):3: column \"task\"", "\(path):3: column \"time\"",
                                             "\(path):3: column \"errors\"", "\(path):3: column \"outcome\"", "\(path):3: column \"setting\""])
        #expect(problems[1].message.description.hasPrefix("no task 'fase-9' in the study (tasks: fase-1 'Fase 1'"))
        #expect(problems[2].message == "'abc' is not a time (use 92, 92.5, 1:32 or 0:01:32)")
        #expect(problems[5].message == "'0-75' is not a level of setting (0-50, 0-100)")
        #expect(try study.attempts().isEmpty)
    }

    @Test func trialsNumberThemselvesAndDuplicatesAreRefused() throws {
        let folder = try TemporaryFolder()
        let study = try gameStudy(folder)
        #expect(try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-50"], seconds: 30)) == 1)
        #expect(try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-50"], seconds: 25)) == 2)
        #expect(try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-100"], seconds: 25)) == 1)
        #expect(throws: StoreError.duplicateAttempt(participant: "U01", task: "fase-1", condition: "setting=0-50", trial: 2)) {
            try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-50"], trial: 2, seconds: 1))
        }
        #expect(throws: StoreError.unknownFactor(name: "speed", known: ["setting"])) {
            try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["speed": "fast"], seconds: 1))
        }
        #expect(throws: StoreError.duplicateTask(key: "fase-1")) { try study.addTask(key: "fase-1", title: "again") }
        #expect(throws: StoreError.duplicateFactor(name: "setting")) { try study.addFactor(name: "setting", levels: ["a", "b"]) }
        #expect(throws: StoreError.self) { try study.addFactor(name: "x", levels: ["only"]) }
        #expect(try study.tasks().map(\.attempts) == [3, 0, 0])
    }

    @Test func groupsByAttributeOrConditionAndSEQ() throws {
        let folder = try TemporaryFolder()
        let study = try gameStudy(folder)
        try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-50"], seconds: 30, outcome: .success))
        try study.recordResponses(instrument: "seq", ResponseSubmission(participant: "U01", answers: [1: .value(6)], task: "fase-1"), replace: false)
        let dataset = try study.taskDataset(groupedBy: ["Joga videogame", "condition:setting"])
        #expect(dataset.groupNames == ["Joga videogame", "setting"])
        #expect(dataset.groupOrders[1] == ["0-50", "0-100"])
        #expect(dataset.seq == [TaskAnswer(participant: "U01", task: "fase-1", value: 6)])
        #expect(dataset.groupFactors == [nil, "setting"])
        // A SEQ stored under a condition (as a session stores it) carries its levels, spelled as the study spells them.
        try study.recordResponses(instrument: "seq", ResponseSubmission(participant: "U01", answers: [1: .value(4)], task: "fase-1",
                                                                        occasion: "SETTING=0-50;trial=2"), replace: false)
        let levels = try study.taskDataset(groupedBy: ["condition:setting"]).seq.map(\.conditions)
        #expect(levels.count == 2 && levels.contains([:]) && levels.contains(["setting": "0-50"]))
        #expect(throws: StoreError.unknownGrouping(name: "age", attributes: ["Idade", "Joga videogame"], conditions: ["setting"])) {
            _ = try study.taskDataset(groupedBy: ["age"])
        }
    }
}
