import Foundation
import Testing
@testable import GoldenFiles

/// The golden-file helper itself: a match, a mismatch (its diff and the `.actual` file beside the golden one), a missing
/// file, and the placeholders.
@Suite struct GoldenHelperTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(.disabled(if: Golden.recording, "compares, so not while recording"))
    func aMismatchFailsWithADiffAndWritesTheOutputBeside() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("table.txt").path
        try "a\nb\nc\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Golden.compare("a\nb\nc\n", with: path) == .matched)
        #expect(!FileManager.default.fileExists(atPath: path + ".actual"))
        guard case let .mismatch(message) = Golden.compare("a\nB\nc\n", with: path) else {
            Issue.record("a different text must not match")
            return
        }
        #expect(message.contains("-b\n+B"), "\(message)")
        #expect(message.contains("@@ -1,3 +1,3 @@"), "a unified diff with line numbers: \(message)")
        #expect(try String(contentsOfFile: path + ".actual", encoding: .utf8) == "a\nB\nc\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\nc\n", "the golden file is left as it was")
        // Matching again removes the stale .actual.
        #expect(Golden.compare("a\nb\nc\n", with: path) == .matched)
        #expect(!FileManager.default.fileExists(atPath: path + ".actual"))
    }

    @Test(.disabled(if: Golden.recording, "compares, so not while recording"))
    func aMissingFileSaysHowToRecordIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case let .missing(message) = Golden.compare("x", with: folder.appendingPathComponent("none.txt").path, suite: "SomeTests") else {
            Issue.record("a missing golden file must fail")
            return
        }
        #expect(message.contains("STUDYCTL_RECORD_GOLDEN=1 swift test --skip-build --filter SomeTests"))
    }

    @Test func theFallbackNamesTheFirstDifferingLine() {
        #expect(Golden.firstDifference(expected: "a\nb\nc", actual: "a\nb\nX\nd") == """
              2: b
            - 3: c
            + 3: X
            (golden: 3 lines, output: 4 lines)
            """)
        #expect(Golden.firstDifference(expected: "a", actual: "a\nb") == """
              1: a
            - 2: (end of golden file)
            + 2: b
            (golden: 1 lines, output: 2 lines)
            """)
    }

    @Test func placeholdersReplaceOnlyWhatTheyName() {
        let today = Golden.todayISO
        let text = "made \(today)T10:11:12Z in /tmp/x/demo on \(today); published 2019-03-01; /tmp/x/demo/a.csv"
        let placeholders: [Golden.Placeholder] = [.literal("/tmp/x/demo", as: "DEMO"), .expression(today + "T\\d\\d:\\d\\d:\\d\\dZ", as: "NOW")]
            + Golden.Placeholder.today
        let normalised = placeholders.reduce(text) { $1.apply(to: $0) }
        #expect(normalised == "made <NOW> in <DEMO> on <TODAY>; published 2019-03-01; <DEMO>/a.csv")
    }
}
