import Foundation
import Importing
import Testing
import StudyBasics
import Surveys
@testable import StudyStore

/// Task logs as remote-testing tools export them: found by their own column names, their outcomes read and said,
/// their tasks created on request, every bad cell named by line and column name.
@Suite struct RemoteExportImportTests {
    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        for code in ["p-101", "p-102", "p-103", "p-104"] { try study.addParticipant(code: code, attributes: []) }
        return study
    }

    /// A UserZoom-style export: one row per participant and task, task ids and names, seconds, outcomes in words.
    static let userZoom = """
        Participant ID,Task ID,Task name,Time on task (s),Task outcome,Errors
        p-101,1,Find the return policy,48.2,Direct success,0
        p-101,2,Change the delivery address,95,Indirect success,2.0
        p-102,1,Find the return policy,120,Abandoned,1
        p-102,2,Change the delivery address,61,Failure,3
        p-103,1,Find the return policy,,Skipped,
        p-103,2,Change the delivery address,40,Direct success,0
        """

    @Test func readsAUserZoomExportAndCreatesItsTasks() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let path = try folder.write("userzoom.csv", Self.userZoom)
        // Without --create-tasks the unknown tasks are refused, each named by line and column, nothing stored.
        let before = try study.dump()
        let refused = #expect(throws: StoreError.self) { try study.importAttempts(from: path) }
        guard case let .invalidInput(problems)? = refused else { Issue.record("expected invalidInput"); return }
        #expect(problems.first?.location == "\(path):2: column \"Task ID\"")
        #expect(problems.first?.message.description.hasSuffix("or rerun with --create-tasks") == true)
        #expect(try study.dump() == before)

        let summary = try study.importAttempts(from: path, options: .init(createTasks: true))
        #expect(summary.columns["participant"] == "Participant ID" && summary.columns["task"] == "Task ID" && summary.columns["title"] == "Task name"
                && summary.columns["time"] == "Time on task (s)" && summary.columns["outcome"] == "Task outcome" && summary.columns["errors"] == "Errors")
        #expect(summary.createdTasks.map(\.key) == ["T1", "T2"], "a bare task number n becomes Tn")
        #expect(summary.createdTasks.map(\.title) == ["Find the return policy", "Change the delivery address"])
        #expect(summary.attempts == 5 && summary.skippedTasks == 1, "the skipped task is no attempt")
        #expect(summary.outcomes.map(\.text) == ["Direct success", "Indirect success", "Abandoned", "Failure", "Skipped"])
        #expect(summary.outcomes.map(\.rows) == [2, 1, 1, 1, 1])
        #expect(summary.outcomes.map(\.meaning.description) == ["success", "success, noted as indirect", "abandoned (no outcome: a failure unless --abandoned exclude)", "fail", "skipped (row left out)"])
        let attempts = try study.attempts()
        let indirect = try #require(attempts.first { $0.participant == "p-101" && $0.task == "T2" })
        #expect(indirect.outcome == .success && indirect.note == "sucesso indireto" && indirect.errors == 2,
                "2.0 is read as 2 errors; the note in the study's language (pt-BR)")
        let abandoned = try #require(attempts.first { $0.participant == "p-102" && $0.task == "T1" })
        #expect(abandoned.outcome == nil && abandoned.note == "abandonada" && abandoned.seconds == 120)
        #expect(try study.tasks().map(\.title) == ["Find the return policy", "Change the delivery address"])
        // The task summary counts the abandoned attempt as abandoned (a failure by default, left out when asked) and the
        // indirect success as a success.
        let dataset = try study.taskDataset(groupedBy: []).prepared(for: .everybody)
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties, successfulOnly: false,
                                     abandonedPolicy: dataset.abandoned)
        let t1 = rows.first { $0.task == "T1" }
        #expect(t1?.abandoned == 1 && t1?.completion?.attempts == t1?.participants, "every participant in the denominator")
        let excluding = try study.taskDataset(groupedBy: []).prepared(for: AnalysisSet(abandoned: .exclude))
        let left = TaskSummary.build(excluding.observations, taskOrder: excluding.taskOrder, penalty: excluding.penalties, successfulOnly: false,
                                     abandonedPolicy: excluding.abandoned).first { $0.task == "T1" }
        #expect(left?.abandoned == 1 && left?.completion?.attempts == (t1?.participants ?? 0) - 1)
        #expect(rows.first { $0.task == "T2" }?.successes == 2)
        // Importing the same export again adds nothing (its tasks now exist, found by key and title).
        let again = try study.importAttempts(from: path)
        #expect(again.attempts == 0 && again.skipped == 5 && again.createdTasks.isEmpty)
    }

    /// A Maze-style export: testers and missions by name, durations and mission outcomes.
    @Test func readsAMazeExportByMissionNames() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let path = try folder.write("maze.csv", """
            Tester,Mission,Mission outcome,Mission duration (s)
            p-101,Sign up for the newsletter,Direct Success,22.5
            p-102,Sign up for the newsletter,Give up / Bounce,70
            p-103,Sign up for the newsletter,Indirect Success,41
            p-104,Sign up for the newsletter,Mission unfinished,90
            """)
        let summary = try study.importAttempts(from: path, options: .init(createTasks: true))
        #expect(summary.columns["participant"] == "Tester" && summary.columns["title"] == "Mission" && summary.columns["time"] == "Mission duration (s)")
        #expect(summary.createdTasks.map(\.key) == ["T1"] && summary.createdTasks.map(\.title) == ["Sign up for the newsletter"])
        #expect(summary.attempts == 4)
        let attempts = try study.attempts()
        #expect(attempts.filter { $0.outcome == nil }.count == 1, "mission unfinished: abandoned, no outcome")
        #expect(attempts.first { $0.participant == "p-102" }.map { $0.outcome == .fail && $0.note == "desistiu" } == true,
                "give up / bounce: a failure, noted")
    }

    /// A task column of names (not keys) and one of numbers, imported twice with --create-tasks: tasks made once.
    @Test func createdTasksAreFoundAgain() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let names = try folder.write("names.csv", "participant,task,outcome\np-101,Find the return policy,success\n")
        let first = try study.importAttempts(from: names, options: .init(createTasks: true))
        #expect(first.createdTasks.map(\.key) == ["T1"] && first.createdTasks.map(\.title) == ["Find the return policy"])
        let numbers = try folder.write("numbers.csv", "participant,task,outcome\np-102,2,success\n")
        #expect(try study.importAttempts(from: numbers, options: .init(createTasks: true)).createdTasks.map(\.key) == ["T2"])
        let again = try study.importAttempts(from: numbers, options: .init(createTasks: true))
        #expect(again.createdTasks.isEmpty && again.skipped == 1, "task 2 is T2, made before")
        #expect(try study.importAttempts(from: names, options: .init(createTasks: true)).createdTasks.isEmpty)
        #expect(try study.tasks().map(\.key) == ["T1", "T2"])
    }

    @Test func badCountsAreNamedByLineAndColumnName() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        try study.addTask(key: "T1", title: "Find the return policy")
        let path = try folder.write("novos.csv", """
            Participant ID,Task ID,Errors,Task outcome,Trial
            p-101,T1,2.5,Direct success,1
            p-102,T1,"2,0",Uncategorized,1.5
            """)
        let before = try study.dump()
        let refused = #expect(throws: StoreError.self) { try study.importAttempts(from: path) }
        guard case let .invalidInput(problems)? = refused else { Issue.record("expected invalidInput"); return }
        #expect(problems.map(\.location) == ["\(path):2: column \"Errors\"", "\(path):3: column \"Task outcome\"", "\(path):3: column \"Trial\""])
        #expect(problems[0].message == "'2.5' is not a count of errors (a whole number from 0 to \(Limits.maximumErrors))")
        #expect(problems[0].description.hasPrefix("\(path):2: column \"Errors\": '2.5'"))
        #expect(try study.dump() == before)
    }
}
