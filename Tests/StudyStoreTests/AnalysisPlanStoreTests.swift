import Foundation
import Testing
import Surveys
@testable import StudyStore

/// The plan a study's data make (`StudyDatabase.analysisPlan`): what varies within participants, found where it does.
@Suite struct AnalysisPlanStoreTests {
    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        _ = try study.importParticipants(from: Fixtures.datasets.appendingPathComponent("game-controls/participants.csv").path)
        try study.addTask(key: "fase-1", title: "Fase 1")
        try study.addFactor(name: "setting", levels: ["0-50", "0-100"])
        try study.addFactor(name: "device", levels: ["phone", "desk"])
        return study
    }

    @Test func withinFactorsAreFoundInTasksAndQuestionnairesApart() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        // Nothing recorded: nothing varies, nobody is grouped unasked when the study derives no attribute.
        var plan = try study.analysisPlan()
        #expect(plan.within.isEmpty && !plan.occasions && plan.between == nil)
        #expect(plan.betweenConditions == ["setting", "device"])

        // U01 did the task under both settings; U02 under one device each (between).
        try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-50", "device": "phone"], seconds: 30, outcome: .success))
        try study.addAttempt(AttemptEntry(participant: "U01", task: "fase-1", conditions: ["setting": "0-100", "device": "phone"], seconds: 20, outcome: .success))
        try study.addAttempt(AttemptEntry(participant: "U02", task: "fase-1", conditions: ["setting": "0-50", "device": "desk"], seconds: 25, outcome: .fail))
        plan = try study.analysisPlan()
        #expect(plan.withinTasks == ["setting"] && plan.withinQuestionnaires.isEmpty && plan.betweenConditions == ["device"])

        // The SUS answered on two devices by U02 (in its measurement key), then on two occasions by U03.
        let sus = [1: Answer.value(4), 2: .value(2), 3: .value(4), 4: .value(2), 5: .value(4), 6: .value(2), 7: .value(4), 8: .value(2), 9: .value(4), 10: .value(2)]
        for device in ["phone", "desk"] {
            try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "U02", answers: sus, occasion: "device=\(device)"), replace: false)
        }
        plan = try study.analysisPlan()
        #expect(plan.withinQuestionnaires == ["device"] && plan.within == ["setting", "device"] && !plan.occasions)
        #expect(plan.isWithin("DEVICE") && !plan.isWithin("occasion"))
        for occasion in ["pre", "post"] {
            try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "U03", answers: sus, occasion: occasion), replace: false)
        }
        #expect(try study.analysisPlan().occasions)
    }

    @Test func theGroupingIsNamedOrDerivedAndAnUnknownOneIsRefused() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        #expect(try study.analysisPlan(groupBy: "joga videogame").between == AnalysisPlan.Between(attribute: "Joga videogame", order: [], named: true))
        _ = try study.deriveAttribute("faixa", from: "Idade", rule: try DerivationRule(parsing: "<25:jovem,>=25:adulto"), replace: false)
        #expect(try study.analysisPlan().between == AnalysisPlan.Between(attribute: "faixa", order: ["jovem", "adulto"], named: false))
        #expect(try study.analysisPlan(defaultGrouping: false).between == nil)
        #expect(throws: StoreError.self) { _ = try study.analysisPlan(groupBy: "age") }
    }
}
