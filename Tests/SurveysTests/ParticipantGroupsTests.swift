import Testing
import StudyBasics
@testable import Surveys

/// Which group each participant is in, by an attribute's values: the grouping the gaze summaries, heat maps and
/// scan-path similarities share.
@Suite struct ParticipantGroupsTests {
    @Test func derivedGroupsComeInTheRuleOrderAndMissingValuesInNoGroup() {
        let groups = ParticipantGroups(attribute: "nivel",
                                       values: [("P1", "Avançado"), ("P2", "Iniciante"), ("P3", nil), ("P4", "Intermediário"), ("P5", "Iniciante")],
                                       rule: "<2:Iniciante,<=3:Intermediário,>3:Avançado")
        #expect(groups.attribute == "nivel")
        #expect(groups.order == ["Iniciante", "Intermediário", "Avançado"])
        #expect(groups.groupOf == ["P1": "Avançado", "P2": "Iniciante", "P4": "Intermediário", "P5": "Iniciante"])
        #expect(groups.groupOf["P3"] == nil)
    }

    @Test func otherValuesComeInNaturalOrder() {
        let groups = ParticipantGroups(attribute: "turma", values: [("P1", "10"), ("P2", "2"), ("P3", "2"), ("P4", "B"), ("P5", "a")], rule: nil)
        #expect(groups.order == ["2", "10", "a", "B"])
    }
}
