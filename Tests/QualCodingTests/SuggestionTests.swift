import Foundation
import Testing
@testable import QualCoding

@Suite struct SuggestionTests {
    static let features = TextFeatures(stopWords: ["o", "a", "de", "que", "e", "um", "uma", "muito"])

    /// A corpus whose coding is known: each sentence names words of one category (or none), with filler around.
    static func corpus(_ count: Int, seed: UInt64 = 3) -> [LabelledUnit] {
        let words: [String: [String]] = [
            "Navegação": ["menu", "botão", "tela inicial", "voltar", "aba"],
            "Desempenho": ["lento", "demorou", "travou", "carregar", "espera"],
            "Confiança": ["senha", "privacidade", "seguro", "dados pessoais", "confiar"],
        ]
        let filler = ["eu achei que", "no começo", "depois de um tempo", "sinceramente", "quando testei", "na segunda tarefa"]
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            let pick = generator.below(4)
            let start = filler[generator.below(filler.count)]
            guard pick < 3 else { return LabelledUnit(text: "\(start) a tarefa \(index) foi normal, nada a dizer", categories: []) }
            let category = ["Navegação", "Desempenho", "Confiança"][pick]
            let pool = words[category]!
            return LabelledUnit(text: "\(start) o \(pool[generator.below(pool.count)]) e o \(pool[generator.below(pool.count)]) na vez \(index)",
                                categories: [category])
        }
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func below(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    @Test func featuresFoldAccentsAndCaseAndDropStopWords() {
        #expect(TextFeatures.words("NÃO sei, a Tela…") == ["nao", "sei", "a", "tela"])
        let a = Self.features.counts("Não gostei da tela")
        let b = Self.features.counts("nao GOSTEI da téla")
        #expect(a == b)
        // "de" is a stop word: no word feature for it, but "da" is not in the list.
        #expect(Self.features.wordFeatures("de tela").values.sorted() == ["tela"])
        #expect(Self.features.wordFeatures("menu lento").values.sorted() == ["lento", "menu", "menu lento"])
    }

    @Test func unitsAreSentencesOrTurnsTrimmed() {
        let text = Array("Ana: Gostei. Mas travou!  E depois?\nnada\n\n".unicodeScalars)
        let sentences = SuggestionUnits.spans(text, turns: nil, kind: .sentence).map { String(String.UnicodeScalarView(text[$0])) }
        #expect(sentences == ["Ana: Gostei.", "Mas travou!", "E depois?", "nada"])
        let turns = SuggestionUnits.spans(text, turns: [0..<35], kind: .turn).map { String(String.UnicodeScalarView(text[$0])) }
        #expect(turns == ["Ana: Gostei. Mas travou!  E depois?"])
    }

    /// Both methods learn a coding from its words: cross-validated macro F1 well above chance on a known coding.
    @Test func bothMethodsLearnAKnownCoding() {
        let units = Self.corpus(240)
        let categories = ["Navegação", "Desempenho", "Confiança"]
        for method in SuggestionMethod.allCases {
            let validation = SuggestionValidation(method: method, units: units, categories: categories, features: Self.features, k: 5, threshold: 0.5)
            #expect(validation.macroF1 > 0.9, "\(method): \(validation.macroF1)")
            #expect((validation.pooledKappa ?? 0) > 0.85)
        }
        let suggester = LocalSuggester(training: units, targets: ["o menu e o botão sumiram", "a senha vazou, não é seguro", "foi normal"],
                                       categories: categories, features: Self.features, threshold: 0.6)
        let byUnit = Dictionary(grouping: suggester.suggestions, by: \.unit)
        #expect(byUnit[0]?.map(\.category) == ["Navegação"])
        #expect(byUnit[0]?.first?.words.contains("menu") == true, "the rationale names the words that weighed most")
        #expect(byUnit[1]?.map(\.category) == ["Confiança"])
        #expect(byUnit[2] == nil)
        #expect(suggester.validations.map(\.method) == SuggestionMethod.allCases)
        #expect(suggester.chosen == LocalSuggester.choose(suggester.validations).method)
    }

    /// A unit said twice (once with other case and accents) is kept in one fold: the model that scores it never
    /// learnt it. The twins carry a category nothing else has, so a leak would show as the category predicted.
    @Test func aDuplicateUnitIsNeverScoredByAModelThatLearntIt() {
        var units = Self.corpus(120)
        let planted = "o relatório de acessibilidade ficou ilegível no leitor"
        units.insert(LabelledUnit(text: planted, categories: ["Acessibilidade"]), at: 7)
        units.append(LabelledUnit(text: "O Relatorio de ACESSIBILIDADE ficou ilegivel no leitor", categories: ["Acessibilidade"]))
        let categories = ["Navegação", "Desempenho", "Confiança", "Acessibilidade"]
        for method in SuggestionMethod.allCases {
            let validation = SuggestionValidation(method: method, units: units, categories: categories, features: Self.features, k: 5, threshold: 0.5)
            #expect(validation.fold[7] == validation.fold[units.count - 1], "the twins are in one fold")
            #expect(!validation.predicted[7].contains("Acessibilidade"), "\(method): the twin was learnt from")
            #expect(!validation.predicted[units.count - 1].contains("Acessibilidade"))
            // The folds are a partition: every unit in exactly one, each fold used.
            #expect(Set(validation.fold) == Set(0..<5))
        }
        // Fitted on one twin, the model does recognise the other: what the grouping prevents is real.
        let model = CategoryModel(method: .logisticRegression, categories: categories, rows: units.dropLast().map { Self.features.counts($0.text) },
                                  labels: units.dropLast().map(\.categories))
        let scores = model.scores(Self.features.counts(units[units.count - 1].text))
        #expect(scores[3] > 0.5)
    }

    /// κ, α, precision, recall and F1 of presence against hand-counted values: tp 3, fp 1, fn 2, tn 4.
    @Test func categoryScoresAgainstHandCountedValues() {
        let person = [true, true, true, true, true, false, false, false, false, false]
        let model = [true, true, true, false, false, true, false, false, false, false]
        let scores = CategoryScores(category: "x", person: person, model: model)
        #expect(scores.precision == 0.75)
        #expect(scores.recall == 0.6)
        #expect(abs(scores.f1 - 2 * 0.75 * 0.6 / 1.35) < 1e-12)
        // pₒ = 0.7, pₑ = 0.5·0.4 + 0.5·0.6 = 0.5 → κ = 0.4 (scikit-learn's cohen_kappa_score gives 0.4).
        #expect(abs(scores.kappa! - 0.4) < 1e-12)
        // Coincidences: o₁₁ = 6, o₀₀ = 8, o₁₀ = o₀₁ = 3; n₁ = 9, n₀ = 11, n = 20: α = 1 − 19·6 / (2·9·11) (Krippendorff 2011).
        #expect(abs(scores.alpha! - (1 - 114.0 / 198)) < 1e-12)
        let none = CategoryScores(category: "y", person: [false, false], model: [false, false])
        #expect(none.precision == 0 && none.recall == 0 && none.f1 == 0 && none.kappa == nil)
    }

    @Test func theLearningCurveRisesWithTheUnitsLearntFrom() {
        let units = Self.corpus(300)
        let categories = ["Navegação", "Desempenho", "Confiança"]
        let validation = SuggestionValidation(method: .logisticRegression, units: units, categories: categories, features: Self.features, threshold: 0.5)
        let curve = SuggestionValidation.learningCurve(method: .logisticRegression, units: units, categories: categories, features: Self.features,
                                                       fold: validation.fold, folds: validation.folds, threshold: 0.5)
        #expect(curve.first?.units == 10)
        #expect(curve.last?.units == (0..<5).map { f in validation.fold.filter { $0 != f }.count }.max())
        #expect(curve.map(\.units) == curve.map(\.units).sorted())
        #expect(curve.last!.macroF1 > curve.first!.macroF1)
        #expect(abs(curve.last!.macroF1 - validation.macroF1) < 1e-12, "the last point is the cross-validation itself")
    }
}
