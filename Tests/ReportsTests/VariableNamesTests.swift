import Foundation
import Testing
@testable import Reports

/// Names valid in SPSS and Stata: ASCII letters, digits and _, a letter first, at most 32 characters, no reserved
/// word, unique without regard to case.
@Suite struct VariableNamesTests {
    @Test func namesAreReducedToWhatBothProgramsAccept() {
        #expect(VariableNames.base("nível") == "nivel")
        #expect(VariableNames.base("Anos de experiência (iOS)") == "anos_de_experiencia_ios")
        #expect(VariableNames.base("1ª tentativa") == "v1_tentativa")
        #expect(VariableNames.base("_x") == "x")
        #expect(VariableNames.base("???") == "v")
        #expect(VariableNames.base("to") == "to_" && VariableNames.base("WITH") == "with_" && VariableNames.base("int") == "int_")
        let long = VariableNames.base("pssuq_tarefa_de_cadastro_de_usuario_q12")
        #expect(long.count <= 32 && !long.hasSuffix("_"), "\(long)")
        for name in [long, VariableNames.base("ção"), VariableNames.base("9")] {
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && name.first!.isLetter, "\(name)")
        }
    }

    @Test func repeatedNamesGetASuffixWithinTheLimit() {
        var names = VariableNames()
        #expect(names.unique("Grupo") == "grupo")
        #expect(names.unique("grupo") == "grupo_2")
        #expect(names.unique("GRUPO!") == "grupo_3")
        let base = String(repeating: "a", count: 40)
        #expect(names.unique(base) == String(repeating: "a", count: 32))
        let second = names.unique(base)
        #expect(second == String(repeating: "a", count: 30) + "_2" && second.count == 32)
    }

    @Test func equalValueLabelsAreMadeDistinct() {
        let labels = StatisticsDataset.distinctLabels([(1, "Neutro"), (2, "Neutro"), (3, "Sim")])
        #expect(labels.map(\.label) == ["Neutro (1)", "Neutro (2)", "Sim"])
    }
}
