import Foundation
import Testing

/// The codebook counts a category's codes and participants as `codes freq` does: codings of the moderator's words are
/// kept, and counted as no participant's, in both.
@Suite struct CodebookCountTests {
    @Test(arguments: [FocusGroupTests.portuguese, FocusGroupTests.english])
    func theCodebookAgreesWithCodesFreq(_ words: FocusGroupTests.Words) throws {
        let cli = try FocusGroupTests().study(words)
        // The moderator's questions coded too.
        try cli.succeed(["transcript", "search", words.pattern, "--code", words.category, "--coder", "ana", "--moderator"])
        let codebook = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codebook", "--format", "json"]).utf8)) as? [String: Any])
        let category = try #require((codebook["categories"] as? [[String: Any]])?.first { $0["name"] as? String == words.category })
        let freq = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--json"]).utf8)) as? [String: Any])
        let overall = try #require(((freq["rows"] as? [[String: Any]])?.first { $0["category"] as? String == words.category })?["overall"] as? [String: Any])
        #expect(overall["segments"] as? Int == 7 && overall["participants"] as? Int == 4, "\(overall)")
        #expect(category["codes"] as? Int == overall["segments"] as? Int, "\(category)")
        #expect(category["participants"] as? Int == overall["participants"] as? Int, "\(category)")
        // The moderator's codings are still there, listed.
        let codes = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [String: Any])
        #expect((codes["codes"] as? [[String: Any]])?.count == 9)
    }
}
