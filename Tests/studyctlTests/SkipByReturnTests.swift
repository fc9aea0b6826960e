import Foundation
import Testing

/// No test passes green for want of a tool. A test that needs a program is `.enabled(if:)` with its reason, so
/// swift-testing reports it as skipped and `scripts/test-skips.sh` fails `make test` on it; a part of a test that
/// needs one goes through `NeededTool.missing`, which fails under `make test`. Read from the test sources as text,
/// like `LayerTests`: a body that returns early on a missing program, or prints that it skipped, is refused here.
@Suite struct SkipByReturnTests {
    static var tests: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent() }

    /// A `guard` on a program's presence whose `else` only returns (perhaps after printing why).
    static let earlyReturn = try! NSRegularExpression(  // a literal pattern: it compiles
        pattern: #"guard\b[^{]*?(Tool\.locate|isExecutableFile|\.available\b|python|soffice|msgfmt|pdflatex|ffmpeg|ffprobe|tmux)[^{]*?\belse\s*\{\s*(print\([^\n]*\)\s*;?\s*)?return\s*\}"#)
    /// A line saying a test was skipped by printing it, not by swift-testing.
    static let printedSkip = try! NSRegularExpression(pattern: #"print\("[^"\n]*\bskipped\b"#)  // a literal pattern: it compiles

    static func offenders(in text: String, file: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        var found: [String] = []
        for match in earlyReturn.matches(in: text, range: range) {
            let line = text[..<Range(match.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1  // a match's range lies in the text it was found in
            found.append("\(file):\(line): returns early on a missing program; use .enabled(if:) or NeededTool.missing")
        }
        for match in printedSkip.matches(in: text, range: range) {
            let start = Range(match.range, in: text)!.lowerBound  // a match's range lies in the text it was found in
            // A static probe that feeds `.enabled(if:)` may say why it gives nil (a package PyPI could not install).
            let rest = text[start...].split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            if rest.count > 1, rest[1].trimmingCharacters(in: .whitespaces) == "return nil" { continue }
            let line = text[..<start].filter { $0 == "\n" }.count + 1
            found.append("\(file):\(line): prints a skip; use .enabled(if:) or NeededTool.missing")
        }
        return found
    }

    @Test func noTestReturnsEarlyOnAMissingProgram() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var read = 0
        for case let url as URL in files where url.pathExtension == "swift" && !["SkipByReturnTests.swift", "NeededTool.swift"].contains(url.lastPathComponent) {
            read += 1
            offenders += Self.offenders(in: try String(contentsOf: url, encoding: .utf8), file: url.path.replacingOccurrences(of: Self.tests.path + "/", with: ""))
        }
        #expect(read > 100, "the test sources were found")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// The rule catches what it is for, and not a guard on something else.
    @Test func theRuleCatchesEarlyReturnsAndPrintedSkips() {
        let early = """
            @Test func x() throws {
                guard TmuxTerminal.available else {
                    print("tmux is missing")
                    return
                }
            }
            """
        #expect(Self.offenders(in: early, file: "A.swift") == ["A.swift:2: returns early on a missing program; use .enabled(if:) or NeededTool.missing"])
        #expect(Self.offenders(in: "guard let p = Tool.locate(\"pdflatex\") else { return }", file: "B.swift").count == 1)
        #expect(Self.offenders(in: "if x { print(\"the check is skipped\") }", file: "C.swift").count == 1)
        #expect(Self.offenders(in: "guard case let .failure(p) = r else {\n    Issue.record(\"x\")\n    return\n}", file: "D.swift").isEmpty)
        #expect(Self.offenders(in: "    print(\"could not be installed; the test is skipped\")\n    return nil\n", file: "E.swift").isEmpty)
        #expect(Self.offenders(in: "guard name == \"c\" else { return }", file: "F.swift").isEmpty)
    }
}
