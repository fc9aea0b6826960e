import Testing
@testable import Surveys

/// Outcome words of remote-testing exports (Maze's mission outcomes, UserZoom's and UserTesting's task outcomes).
@Suite struct RemoteOutcomeTests {
    @Test func readsTheOutcomesOfRemoteTestingTools() {
        #expect(OutcomeReading("Direct success") == .outcome(.success, note: nil))
        #expect(OutcomeReading("Indirect Success") == .outcome(.success, note: "indirect success"), "the goal reached by another path")
        #expect(OutcomeReading("Give up / Bounce") == .outcome(.fail, note: "gave up"), "a give-up is a failure (Sauro & Lewis 2016; Maze)")
        #expect(OutcomeReading("Gave up") == .outcome(.fail, note: "gave up"))
        #expect(OutcomeReading("Abandoned") == .abandoned)
        #expect(OutcomeReading("Mission unfinished") == .abandoned)
        #expect(OutcomeReading("Failure") == .outcome(.fail, note: nil))
        #expect(OutcomeReading("Skipped") == .skipped)
        #expect(OutcomeReading("  success ") == .outcome(.success, note: nil))
        #expect(OutcomeReading("Sucesso indireto") == .outcome(.success, note: "indirect success"))
        #expect(OutcomeReading("Desistiu") == .outcome(.fail, note: "gave up"))
        #expect(OutcomeReading("Abandonada") == .abandoned)
        #expect(OutcomeReading("parcial") == .outcome(.partial, note: nil))
        #expect(OutcomeReading("Uncategorized") == nil, "Maze's uncategorized paths are no outcome until the researcher says which")
        #expect(OutcomeReading("maybe") == nil)
    }

    @Test func notesInTheStudysLanguage() {
        #expect(OutcomeReading.noteText(OutcomeReading.indirectNote, language: .ptBR) == "sucesso indireto")
        #expect(OutcomeReading.noteText(OutcomeReading.abandonedNote, language: .ptBR) == "abandonada")
        #expect(OutcomeReading.noteText(OutcomeReading.gaveUpNote, language: .ptBR) == "desistiu")
        #expect(OutcomeReading.noteText(OutcomeReading.indirectNote, language: .en) == "indirect success")
    }

    @Test func countsWrittenAsWholeDecimals() {
        #expect(NumberParser.wholeCount("2") == 2)
        #expect(NumberParser.wholeCount("2.0") == 2)
        #expect(NumberParser.wholeCount("2,0") == 2)
        #expect(NumberParser.wholeCount(" 0 ") == 0)
        #expect(NumberParser.wholeCount("2.5") == nil)
        #expect(NumberParser.wholeCount("2,5") == nil)
        #expect(NumberParser.wholeCount("-1") == nil)
        #expect(NumberParser.wholeCount("two") == nil)
        #expect(NumberParser.wholeCount("1e300") == nil)
    }
}
