import Foundation
import Testing

/// A list inside a sentence is joined by a word of the reader's language: `Sentence.joined(…, separator: " and ")`
/// (" e " in the catalog), never a Swift string joined with an English " and " or " or ", which a Portuguese
/// message would carry as it is ("P01 respondeu em A and B"). Read from Sources as text, like `LayerTests`.
/// BibTeX's own name separator (" and " between authors in a .bib field) is the format's, not a word.
@Suite struct ListWordTests {
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    /// `.joined(separator: " and ")` on strings, not through `Sentence.joined`.
    static let englishJoin = try! NSRegularExpression(pattern: #"(?<!Sentence)\.joined\(separator: " (and|or) "\)"#)  // a literal pattern: it compiles

    static func offenders(in text: String, file: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            guard englishJoin.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil else { continue }
            if line.contains("BibTeX") { continue }
            found.append("\(file):\(number + 1): joins a list with an English word; use Sentence.joined(…, separator: \" and \")")
        }
        return found
    }

    @Test func noListInASentenceIsJoinedInEnglish() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var read = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            read += 1
            offenders += Self.offenders(in: try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        }
        #expect(read > 100)
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theRuleCatchesAnEnglishJoin() {
        let caught = Self.offenders(in: #"throw Refusal("Please have \(names.joined(separator: " and ")) code it")"#, file: "X.swift")
        #expect(caught.count == 1)
        #expect(Self.offenders(in: #"Sentence.joined(parts, separator: " and ")"#, file: "X.swift").isEmpty)
    }
}
