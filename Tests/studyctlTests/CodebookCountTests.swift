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

/// The report and the exports count a category as `codes freq` does without --coder: every code, whoever coded it
/// (or nobody named), and one coder's only where several coded.
@Suite struct ReportCoderTests {
    @Test func codesWithoutACoderCountBesideOneNamedCoder() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Coders", "--language", "en"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("p1.txt", "Interviewer: How was it?\nP1: The menu was confusing and the menu hid the search.\n")
        try cli.write("p2.txt", "Interviewer: How was it?\nP2: I could not find the menu.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt", "--speaker", "Interviewer=moderator"])
        try cli.succeed(["transcript", "add", "P2", "p2.txt", "--speaker", "Interviewer=moderator"])
        try cli.succeed(["category", "add", "Navigation", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "The menu was confusing", "--code", "menu was confusing", "--category", "Navigation"])
        try cli.succeed(["code", "add", "P2", "--excerpt", "I could not find the menu", "--code", "could not find the menu", "--category", "Navigation"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "the menu hid the search", "--code", "menu hid the search", "--category", "Navigation", "--coder", "Rita"])
        let freq = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--json"]).utf8)) as? [String: Any])
        let overall = try #require((freq["rows"] as? [[String: Any]])?.first?["overall"] as? [String: Any])
        #expect(overall["segments"] as? Int == 3 && overall["participants"] as? Int == 2, "\(overall)")
        try cli.succeed(["export", "csv", "csv"])
        let csv = try String(contentsOfFile: cli.path("csv/category_frequencies.csv"), encoding: .utf8)
        #expect(csv.range(of: #"(?m)^Navigation,[^,]*,3,2,"#, options: .regularExpression) != nil, "the export counts one coder's codes only: \(csv)")
        try cli.succeed(["report", "--output", "report"])
        let report = try String(contentsOfFile: cli.path("report/report.md"), encoding: .utf8)
        #expect(!report.contains("codes by Rita") && !report.contains("Rita's codes"), "the report counts one coder's codes")
    }
}
