import Foundation
import Importing
import Testing
import Surveys
@testable import StudyStore

@Suite struct ParticipantTests {
    @Test func addsParticipantsWithTypedAttributes() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [("years_ios", "0,5"), ("level", "Iniciante")])
        try study.addParticipant(code: "P2", attributes: [("years_ios", "1"), ("occupation", "Eng. de Software")])
        let roster = try study.roster()
        #expect(roster.attributes.map(\.name) == ["years_ios", "level", "occupation"])
        #expect(roster.attributes.map(\.type) == [.number, .text, .text])
        #expect(roster.participants[0].value(of: "years_ios") == .number(0.5))
        #expect(roster.participants[1].value(of: "level") == nil)
    }

    @Test func refusesDuplicatesBadCodesAndWrongTypes() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [("years_ios", "2")])
        let before = try study.dump()
        #expect(throws: StoreError.duplicateParticipant(code: "P1")) { try study.addParticipant(code: "P1", attributes: []) }
        #expect(throws: StoreError.duplicateParticipant(code: "p1")) { try study.addParticipant(code: "p1", attributes: []) }
        #expect(throws: StoreError.invalidParticipantCode(code: "P 2", reason: "a participant code cannot contain spaces")) {
            try study.addParticipant(code: "P 2", attributes: [])
        }
        #expect(throws: StoreError.attributeType(participant: "P3", attribute: "years_ios", expected: "number", value: "três")) {
            try study.addParticipant(code: "P3", attributes: [("years_ios", "três")])
        }
        #expect(try study.dump() == before, "a refused add leaves the study as it was")
    }

    @Test func setsAndUnsetsAttributes() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [("level", "Iniciante"), ("years_ios", "1")])
        try study.setAttributes(code: "p1", values: [("level", "Avançado"), ("years_ios", "3,5")], unset: [])
        #expect(try study.participant("P1").profile.value(of: "years_ios") == .number(3.5))
        try study.setAttributes(code: "P1", values: [], unset: ["LEVEL"])
        #expect(try study.participant("P1").profile.value(of: "level") == nil)
        #expect(throws: StoreError.unknownParticipant(code: "P9", known: ["P1"])) {
            try study.setAttributes(code: "P9", values: [("level", "x")], unset: [])
        }
        #expect(throws: StoreError.unknownAttribute(name: "nope", known: ["level", "years_ios"])) {
            try study.setAttributes(code: "P1", values: [], unset: ["nope"])
        }
    }

    @Test func removalRefusesAttachedDataUnlessCascade() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addParticipant(code: "P2", attributes: [])
        try study.execute("""
            INSERT INTO excerpt (participant_id, text, created) VALUES (1, 'senti falta de exemplos', 'now');
            INSERT INTO memo (target, participant_id, text, created) VALUES ('participant', 1, 'hesitou muito', 'now');
            """)
        let before = try study.dump()
        #expect(throws: StoreError.participantHasData(code: "P1", attached: AttachedData(excerpts: 1, memos: 1))) {
            try study.removeParticipant(code: "P1", cascade: false)
        }
        #expect(try study.dump() == before)
        try study.removeParticipant(code: "P2", cascade: false)
        let removed = try study.removeParticipant(code: "P1", cascade: true)
        #expect(removed.excerpts == 1 && removed.memos == 1)
        #expect(try study.status().counts.filter { ["participants", "excerpts", "memos"].contains($0.kind) }.map(\.count) == [0, 0, 0])
    }

    @Test func importsTheUITrackingParticipantsAndDerivesTheThesisLevels() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        let summary = try study.importParticipants(from: Fixtures.datasets.appendingPathComponent("uitracking/participants.csv").path)
        #expect(summary.added == 10)
        #expect(summary.attributes.map(\.name) == ["years_experience", "years_ios", "level"])
        #expect(summary.attributes.map(\.type) == [.number, .number, .text])

        let rule = try DerivationRule(parsing: "<2:Iniciante,<=3:Intermediário,>3:Avançado")
        let derived = try study.deriveAttribute("derived_level", from: "years_ios", rule: rule, replace: false)
        #expect(derived.counts.map(\.label) == ["Iniciante", "Intermediário", "Avançado"])
        #expect(derived.counts.map(\.participants) == [2, 6, 2])
        let roster = try study.roster()
        for participant in roster.participants {
            #expect(participant.value(of: "derived_level") == participant.value(of: "level"), "\(participant.code)")
        }
        // Deriving into the published column itself agrees with every value.
        let same = try study.deriveAttribute("level", from: "years_ios", rule: rule, replace: false)
        #expect(same.unchanged == 10 && same.changed.isEmpty)
    }

    @Test func derivationConflictsNeedReplace() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [("years", "1"), ("level", "Avançado")])
        try study.addParticipant(code: "P2", attributes: [("years", "5")])
        try study.addParticipant(code: "P3", attributes: [])
        let rule = try DerivationRule(parsing: "<2:Iniciante,>=2:Experiente")
        let before = try study.dump()
        #expect(throws: StoreError.derivationConflicts(attribute: "level", conflicts: ["P1: Avançado → Iniciante"])) {
            _ = try study.deriveAttribute("level", from: "years", rule: rule, replace: false)
        }
        #expect(try study.dump() == before)
        let summary = try study.deriveAttribute("level", from: "years", rule: rule, replace: true)
        #expect(summary.changed == ["P1: Avançado → Iniciante"])
        #expect(summary.skipped == ["P3"])
        #expect(try study.participant("P2").profile.value(of: "level") == .text("Experiente"))

        #expect(throws: StoreError.ruleLeavesValue(attribute: "years", participant: "P2", value: "5", rule: "<2:A")) {
            _ = try study.deriveAttribute("band", from: "years", rule: try DerivationRule(parsing: "<2:A"), replace: false)
        }
        #expect(throws: StoreError.notNumeric(attribute: "level", participant: "P1", value: "Iniciante")) {
            _ = try study.deriveAttribute("band", from: "level", rule: rule, replace: false)
        }
        #expect(throws: StoreError.unknownAttribute(name: "age", known: ["years", "level"])) {
            _ = try study.deriveAttribute("band", from: "age", rule: rule, replace: false)
        }
    }
}

@Suite struct ParticipantImportTests {
    @Test func readsBrazilianExcelExport() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        let bom = "\u{FEFF}"
        let path = try folder.write("p.csv", bom + "Participante;Anos iOS;Ocupação;Notas\r\nP1;0,5;Eng. de Software;\"primeira linha\r\nsegunda; linha\"\r\nP2;3;\"Líder; técnico\";\r\n;;;\r\n")
        let summary = try study.importParticipants(from: path)
        #expect(summary.added == 2)
        let roster = try study.roster()
        #expect(roster.participants.map(\.code) == ["P1", "P2"])
        #expect(roster.participants[0].value(of: "Anos iOS") == .number(0.5))
        #expect(roster.participants[0].value(of: "Notas") == .text("primeira linha\nsegunda; linha"))
        #expect(roster.participants[1].value(of: "Ocupação") == .text("Líder; técnico"))
        #expect(roster.participants[1].value(of: "Notas") == nil, "an empty cell is no value")
    }

    @Test func mixedColumnsBecomeTextWithANote() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        let path = try folder.write("p.csv", "code,experience\nP1,4\nP2,6 meses\n")
        let summary = try study.importParticipants(from: path)
        #expect(summary.attributes.map(\.type) == [.text])
        #expect(summary.notes == ["column 'experience' is stored as text because '6 meses' at \(path):3:4 is not a number"])
    }

    @Test func chosenCodeColumnAndUpdate() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        let path = try folder.write("p.csv", "age,id\n30,U1\n41,U2\n")
        #expect(try study.importParticipants(from: path, options: .init(codeColumn: "ID")).added == 2)
        let update = try folder.write("u.csv", "id,age,group\nU2,42,B\nU3,25,A\n")
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.importParticipants(from: update, options: .init(codeColumn: "id")) }
        #expect(error?.localizedDescription.contains("\(update):2:1: participant U2 is already in the study") == true)
        #expect(try study.dump() == before)
        let summary = try study.importParticipants(from: update, options: .init(codeColumn: "id", update: true))
        #expect(summary.added == 1 && summary.updated == 1)
        #expect(try study.participant("U2").profile.value(of: "age") == .number(42))
    }

    @Test func reportsEveryProblemWithItsPositionAndStoresNothing() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [("years", "2")])
        let path = try folder.write("bad.csv", "code,years,x=y\nP2,1,a\nP2,2,b\nP 3,3,c\nP4,três,d\nP1,5,e\n")
        let before = try study.dump()
        let error = #expect(throws: StoreError.self) { try study.importParticipants(from: path) }
        guard case let .invalidInput(problems)? = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.description) == [
            "\(path):1:12: column name 'x=y': an attribute name cannot contain '='",
            "\(path):3:1: participant P2 appears twice (first on line 2)",
            "\(path):4:1: participant code 'P 3': a participant code cannot contain spaces",
            "\(path):6:1: participant P1 is already in the study; rerun with --update to update existing participants",
            "\(path):5:4: attribute 'years' holds numbers in this study; 'três' is not a number",
        ])
        #expect(try study.dump() == before)
    }

    @Test func malformedFilesLeaveTheStudyUnchanged() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        let before = try study.dump()
        let unterminated = try folder.write("q.csv", "code,note\nP2,\"open\nP3,x\n")
        #expect(throws: (any Error).self) { try study.importParticipants(from: unterminated) }
        let headerOnly = try folder.write("h.csv", "code,note\n")
        let error = #expect(throws: StoreError.self) { try study.importParticipants(from: headerOnly) }
        #expect(error == .invalidInput([.init(location: "\(headerOnly):1", message: "the file has a header row but no participants")]))
        #expect(throws: (any Error).self) { try study.importParticipants(from: folder.path("missing.csv")) }
        #expect(try study.dump() == before)
    }
}
