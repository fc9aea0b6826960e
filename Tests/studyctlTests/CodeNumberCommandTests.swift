import Foundation
import Testing

/// Code and memo numbers are never handed out twice: after `code remove` of the highest numbers (the ones SQLite
/// would give again), new codings get new numbers, so an undo line printed earlier still names only what it named.
@Suite struct CodeNumberCommandTests {
    func ids(_ cli: StudyCtl) throws -> [Int64] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [String: Any])
        return (json["codes"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? NSNumber)?.int64Value }
    }

    @Test func removedCodeNumbersAreNotGivenAgainAndAnUndoLineStaysTrue() throws {
        let cli = try QuoteCommandTests().study()
        let before = try ids(cli).sorted()
        #expect(before.count > 30)
        // The case: the last fifteen codings removed at once, then new ones added.
        let removed = Array(before.suffix(15))
        let out = try cli.succeed(["code", "remove"] + removed.map(String.init))
        #expect(out.components(separatedBy: "Removed code").count - 1 == 15, "\(out)")
        var added: [Int64] = []
        for (participant, excerpt) in [("P1", "Seria bom traduzir a documentação para português"), ("P1", "UIKit me complicou demais"),
                                       ("P1", "não entendi bem o evento"), ("P1", "Como foi usar o UITracking")] {
            let said = try cli.succeed(["code", "add", participant, "--excerpt", excerpt, "--code", String(excerpt.prefix(12)),
                                        "--category", "Informações Insuficientes", "--coder", "Autora"])
            let number = try #require(said.firstMatch(of: /(\d+)/)?.1, "\(said)")
            added.append(try #require(Int64(String(number)), "\(said)"))
        }
        #expect(Set(added).isDisjoint(with: removed), "new codings took removed numbers: \(added)")
        #expect(added.allSatisfy { $0 > removed.max()! } && added == added.sorted(), "\(added)")

        // An undo line printed by a batch stays true after the batch is undone and more is coded: it names no other coding.
        let search = try cli.succeed(["transcript", "search", "documentação", "--code", "Informações Insuficientes", "--coder", "Revisor"])
        let undo = try #require(search.split(separator: "\n").first { $0.contains("studyctl code remove") }, "\(search)")
        let batch = undo.split(separator: " ").compactMap { Int64($0) }
        #expect(!batch.isEmpty)
        try cli.succeed(["code", "remove"] + batch.map(String.init))
        try cli.succeed(["code", "add", "P1", "--excerpt", "Olha, senti falta", "--code", "Olha", "--category", "Informações Insuficientes",
                         "--coder", "Revisor"])
        try cli.succeed(["memo", "add", "--on", "participant:P1", "Nada de novo."])
        #expect(Set(try ids(cli)).isDisjoint(with: batch))
        let again = try cli.fail(["code", "remove"] + batch.map(String.init))
        #expect(!again.stderr.isEmpty)
    }

    /// `memo edit ID TEXT` takes the text as `memo add` does; --text keeps working; two texts at once are refused.
    @Test func memoEditTakesItsTextAfterTheNumber() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Memos"])
        try cli.succeed(["memo", "add", "--on", "study", "Primeira versão."])
        let listed = try cli.succeed(["memo", "list", "--json"])
        let id = try #require(listed.firstMatch(of: /"id"\s*:\s*(\d+)/)?.1).description
        #expect(try cli.succeed(["memo", "edit", id, "Segunda versão."]).contains("Memo \(id) changed."))
        #expect(try cli.succeed(["memo", "list"]).contains("Segunda versão."))
        try cli.succeed(["memo", "edit", id, "--text", "Terceira versão."])
        #expect(try cli.succeed(["memo", "list"]).contains("Terceira versão."))
        let both = try cli.fail(["memo", "edit", id, "Quarta", "--text", "Quinta"])
        #expect(both.stderr.contains("once"), "\(both.stderr)")
        #expect(try cli.succeed(["memo", "list"]).contains("Terceira versão."))
    }
}
