import Testing
@testable import Surveys

@Suite struct ResponseQualityTests {
    func answers(_ values: [Double?]) -> [Int: Answer] {
        var answers: [Int: Answer] = [:]
        for (index, value) in values.enumerated() { if let value { answers[index + 1] = .value(value) } }
        return answers
    }

    @Test func susRespondentsAgreeingWithOppositeStatementsAreFlagged() throws {
        let sus = try #require(try InstrumentCatalog.builtin("sus"))
        #expect(ResponseQuality.flags(answers([4, 2, 5, 1, 4, 2, 5, 1, 4, 2]), definition: sus).isEmpty, "a consistent respondent")
        // Positive items (odd) mean 4.6, negative items (even) mean 4.4: both a point or more above the midpoint 3.
        let agreeing = ResponseQuality.flags(answers([5, 5, 5, 4, 4, 4, 5, 5, 4, 4]), definition: sus)
        #expect(agreeing == [QualityFlag(rule: .contradictory, positiveMean: 4.6, negativeMean: 4.4, midpoint: 3)])
        // Disagreeing with both: 2 and 1 on every item.
        #expect(ResponseQuality.flags(answers([2, 1, 2, 1, 2, 1, 2, 1, 2, 1]), definition: sus).map(\.rule) == [.contradictory])
        // Just below the threshold (positive 4.0, negative 3.8) is not flagged.
        #expect(ResponseQuality.flags(answers([4, 4, 4, 4, 4, 4, 4, 3, 4, 4]), definition: sus).isEmpty)
        // Neutral on everything: straight-lined, not contradictory.
        #expect(ResponseQuality.flags(answers([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), definition: sus) == [QualityFlag(rule: .straightLined, answers: 10, value: 3)])
        // All 5 with one item unanswered: both rules.
        #expect(ResponseQuality.flags(answers([5, 5, 5, 5, 5, 5, 5, 5, 5, nil]), definition: sus).map(\.rule) == [.contradictory, .straightLined])
        // One answer of a tone is not enough to say.
        #expect(ResponseQuality.flags(answers([5, 5, 5, nil, 5, nil, 5, nil, 5, nil]), definition: sus).map(\.rule) == [.straightLined])
    }

    @Test func anInstrumentWithoutNegativeItemsIsNeverContradictory() throws {
        let pssuq = try #require(try InstrumentCatalog.builtin("pssuq"))
        let all = pssuq.items.map { _ in 7.0 as Double? }
        #expect(ResponseQuality.flags(answers(all), definition: pssuq).map(\.rule) == [.straightLined])
        let umux = try #require(try InstrumentCatalog.builtin("umux"))
        // UMUX: 7 points, midpoint 4; items 2 and 4 negative. 6,6,6,6 agrees with both tones.
        #expect(ResponseQuality.flags(answers([6, 6, 6, 5]), definition: umux).map(\.rule) == [.contradictory])
    }

    @Test func itemsCountAnsweredUnansweredAndNotApplicable() throws {
        let pssuq = try #require(try InstrumentCatalog.builtin("pssuq"))
        var counts: [ResponseQuality.ItemCounts] = []
        ResponseQuality.count([1: .value(2), 2: .notApplicable], definition: pssuq, into: &counts)
        ResponseQuality.count([1: .value(3)], definition: pssuq, into: &counts)
        #expect(counts.count == pssuq.items.count)
        #expect(counts[0] == .init(item: 1, answered: 2, missing: 0, notApplicable: 0))
        #expect(counts[1] == .init(item: 2, answered: 0, missing: 1, notApplicable: 1))
        #expect(counts[2] == .init(item: 3, answered: 0, missing: 2, notApplicable: 0))
    }
}
