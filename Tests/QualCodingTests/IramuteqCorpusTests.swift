import Foundation
import Testing
@testable import QualCoding

/// The corpus rules of the Brazilian IRaMuTeQ guides (Camargo & Justo 2013; Salviati 2017), each counted.
@Suite struct IramuteqCorpusTests {
    @Test func textIsCleanedAndEveryChangeCounted() {
        var corpus = IramuteqCorpus(percentWords: "por cento")
        corpus.append(variables: [("nível", "Muito experiente"), ("grupo", "")],
                      body: "Na segunda-feira ele disse \"não\" – e d'água custou R$ 10, 5% ou *muito* _mais_.")
        let text = corpus.texts[0]
        #expect(text.body == "Na segunda_feira ele disse não e d_água custou R 10, 5 por cento ou muito mais .", "\(text.body)")
        #expect(text.variables.map(\.name) == ["nivel", "grupo"] && text.variables.map(\.value) == ["Muito_experiente", ""])
        #expect(corpus.changes == [.hyphenJoined: 1, .doubleQuote: 2, .dashRemoved: 1, .apostrophe: 1, .dollar: 1, .percent: 1,
                                   .asterisk: 2, .underscore: 2])
        #expect(corpus.document == "**** *nivel_Muito_experiente *grupo_\nNa segunda_feira ele disse não e d_água custou R 10, 5 por cento ou muito mais .\n\n")
    }

    @Test func variableValuesHaveNoSpacesAndNamesNoUnderscores() {
        #expect(IramuteqCorpus.variableValue("  Pós-graduação (completa) ") == "Pos_graduacao_completa")
        #expect(IramuteqCorpus.variableName("anos_de_uso") == "anosdeuso")
        #expect(IramuteqCorpus.variableName("***") == "v")
    }
}
