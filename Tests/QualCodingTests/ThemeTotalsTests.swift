import Foundation
import Testing
@testable import QualCoding

@Suite struct ThemeTotalsTests {
    /// Theme "Documentação" holds "Exemplos" and "Organização"; P1 raised both (three codes, one code in both), P2 one.
    /// The theme's total counts P1 once: 2 participants, not 3 (the sum of its categories' participants).
    static let tree = ThemeTree(parents: ["Exemplos": "Documentação", "Organização": "Documentação", "Vídeos": "Exemplos"],
                                order: ["Documentação", "Exemplos", "Organização", "Vídeos", "Outra"])
    static let segments = [
        CodedSegment(participant: "P1", category: "Exemplos", excerpt: 1, coder: "A", code: 10),
        CodedSegment(participant: "P1", category: "Organização", excerpt: 2, coder: "A", code: 11),
        // One code filed under two categories of the theme: one code of the theme.
        CodedSegment(participant: "P1", category: "Exemplos", excerpt: 3, coder: "A", code: 12),
        CodedSegment(participant: "P1", category: "Organização", excerpt: 3, coder: "A", code: 12),
        CodedSegment(participant: "P2", category: "Vídeos", excerpt: 4, coder: "A", code: 13),
        CodedSegment(participant: "P3", category: "Outra", excerpt: 5, coder: "A", code: 14),
    ]

    @Test func aThemeCountsEachParticipantOnceNotTheSumOfItsCategories() {
        let participants: [String: String?] = ["P1": "Iniciante", "P2": "Avançado", "P3": "Iniciante", "P4": "Avançado"]
        let table = CodeAnalysis.frequencies(Self.segments, categories: Self.tree.order, participants: participants, tree: Self.tree)
        let categorySum = table.rows.filter { ["Exemplos", "Organização", "Vídeos"].contains($0.category) }.map(\.overall.participants).reduce(0, +)
        #expect(categorySum == 3, "P1 is in two of the categories, P2 in one")
        #expect(table.themes.map(\.theme) == ["Documentação", "Exemplos"], "a category with categories under it is a theme")
        let documentation = table.themes[0]
        #expect(documentation.categories == ["Documentação", "Exemplos", "Organização", "Vídeos"], "every depth")
        #expect(documentation.overall.participants == 2 && documentation.overall.denominator == 4 && documentation.overall.share == 0.5)
        #expect(documentation.overall.segments == 4, "codes 10, 11, 12 and 13: code 12 in two categories counts once")
        #expect(table.groups == ["Avançado", "Iniciante"])
        #expect(documentation.groups.map(\.participants) == [1, 1])
        let examples = table.themes[1]
        #expect(examples.overall.participants == 2 && examples.overall.segments == 3)
    }

    @Test func themeMatrixAndTreeShape() {
        let matrix = CodeAnalysis.themeMatrix(Self.segments, tree: Self.tree, participants: ["P1", "P2", "P3"])
        #expect(matrix == [[3, 1, 0], [2, 1, 0]])
        #expect(Self.tree.depth(of: "Vídeos") == 2 && Self.tree.depth(of: "Outra") == 0)
        // A circle (which the store refuses) ends anyway.
        let circle = ThemeTree(parents: ["A": "B", "B": "A"], order: ["A", "B"])
        #expect(circle.members(of: "A") == ["A", "B"] && circle.depth(of: "A") == 1)
    }

    @Test func eachCodersOwnCountsBesideEveryCoders() {
        let segments = [
            CodedSegment(participant: "P1", category: "X", excerpt: 1, coder: "A", code: 1),
            CodedSegment(participant: "P1", category: "X", excerpt: 1, coder: "B", code: 2),
            CodedSegment(participant: "P2", category: "X", excerpt: 2, coder: "B", code: 3),
        ]
        let table = CodeAnalysis.frequencies(segments, categories: ["X"], participants: ["P1": nil, "P2": nil], coders: ["A", "B"])
        #expect(table.rows[0].overall.segments == 3 && table.rows[0].overall.participants == 2)
        #expect(table.rows[0].byCoder.map(\.segments) == [1, 2] && table.rows[0].byCoder.map(\.participants) == [1, 2])
        #expect(table.coders == ["A", "B"])
    }
}
