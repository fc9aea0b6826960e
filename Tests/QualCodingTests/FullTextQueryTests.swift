import Testing
@testable import QualCoding

/// A search box's query read as an FTS5 expression: every word and phrase quoted (so FTS5's column, start-of-text and
/// hyphen syntax never applies), operators and parentheses kept, and each malformed query refused with its place.
@Suite struct FullTextQueryTests {
    @Test func wordsPhrasesPrefixesAndOperators() throws {
        #expect(try FullTextQuery("onboarding").expression == "\"onboarding\"")
        #expect(try FullTextQuery("onboard*").expression == "\"onboard\"*")
        #expect(try FullTextQuery("menu lateral").expression == "\"menu\" \"lateral\"")
        #expect(try FullTextQuery("\"primeira  vez\"").expression == "\"primeira vez\"")
        #expect(try FullTextQuery("\"primeira v\"*").expression == "\"primeira v\"*")
        #expect(try FullTextQuery("menu OR busca NOT ajuda").expression == "\"menu\" OR \"busca\" NOT \"ajuda\"")
        #expect(try FullTextQuery("(swift OR uikit) AND exemplo*").expression == "(\"swift\" OR \"uikit\") AND \"exemplo\"*")
        // FTS5's own syntax is a word's letters here.
        #expect(try FullTextQuery("e-mail nota: ^menu").expression == "\"e-mail\" \"nota:\" \"^menu\"")
        // Operators are capitals only, as FTS5 reads them: "or" is a word.
        #expect(try FullTextQuery("menu or busca").expression == "\"menu\" \"or\" \"busca\"")
        #expect(try FullTextQuery("say \"hi\"").terms == ["say", "\"hi\""])
    }

    @Test func malformedQueriesNameTheirPlace() {
        func problem(_ text: String) -> FullTextQuery.Problem? {
            do { _ = try FullTextQuery(text); return nil } catch let problem as FullTextQuery.Problem { return problem } catch { return nil }
        }
        #expect(problem("") == .empty)
        #expect(problem("   ") == .empty)
        #expect(problem("menu \"lateral") == .unclosedQuote(at: 6))
        #expect(problem("(menu") == .unbalancedParenthesis(at: 1))
        #expect(problem("menu)") == .unbalancedParenthesis(at: 5))
        #expect(problem("menu OR") == .danglingOperator("OR", at: 6))
        #expect(problem("NOT menu") == .danglingOperator("NOT", at: 1))
        #expect(problem("menu AND OR busca") == .danglingOperator("AND", at: 6))
        #expect(problem("*") == .loneStar(at: 1))
        #expect(problem("menu **") == .loneStar(at: 6))
        #expect(problem("\"\"") == .emptyGroup(at: 1))
        #expect(problem("menu ()") == .emptyGroup(at: 6))
    }
}
