import Foundation
#if canImport(Testing)
import Testing
#endif

/// Golden files: what a person reads (a report, a workbook's text, a `--help`, a terminal table, an SVG) kept as a plain
/// file under the test target's `Snapshots/<suite>/`, so that a change shows in review as a diff of that file.
///
/// A test compares its output with the file. `STUDYCTL_RECORD_GOLDEN=1` (re)writes the files instead, and each
/// recorded file is reported as a test issue, so a recording run never passes silently. A missing file fails and says
/// how to record it; a mismatch fails with the start of a unified diff and writes the new output beside the golden file
/// as `<name>.actual` (git-ignored), for `diff` or `git diff --no-index`.
public enum Golden {
    /// Whether this run records golden files rather than compares with them.
    public static var recording: Bool { ProcessInfo.processInfo.environment["STUDYCTL_RECORD_GOLDEN"] == "1" }

    /// The endings a golden file's name keeps; any other name gets `.txt`.
    public static let extensions: Set<String> = ["txt", "md", "html", "tex", "svg", "csv", "json"]

    /// How many lines of a mismatch's diff the failure shows.
    static let diffLines = 60

    /// Today's year, month and day in the local time zone.
    static var todayParts: (year: Int, month: Int, day: Int) {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone.current, from: Date())
        return (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Today as ISO 8601 (2026-11-26), for placeholders of today's time stamps.
    public static var todayISO: String {
        let (year, month, day) = todayParts
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// What varies between two runs of the same output, and the placeholder that stands for it in a golden file.
    public struct Placeholder: Sendable {
        public var name: String
        public var pattern: String
        public var isRegularExpression: Bool

        /// Every occurrence of `text` (a temporary folder, a version) becomes `<name>`.
        public static func literal(_ text: String, as name: String) -> Placeholder {
            Placeholder(name: name, pattern: text, isRegularExpression: false)
        }

        /// Every match of `expression` (a duration) becomes `<name>`.
        public static func expression(_ expression: String, as name: String) -> Placeholder {
            Placeholder(name: name, pattern: expression, isRegularExpression: true)
        }

        /// Today's date as a report or a table writes it: ISO 8601 (2026-11-26), day/month/year (26/11/2026) and
        /// spelled out in Portuguese and English (26 de novembro de 2026, November 26, 2026), as `<TODAY>`. Only today's
        /// date: a date stored in a study stays as it is.
        public static var today: [Placeholder] {
            let (year, month, day) = Golden.todayParts
            let portuguese = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
                              "novembro", "dezembro"][month - 1]
            let english = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                           "November", "December"][month - 1]
            let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            return ["\(year)-\(twoDigits(month))-\(twoDigits(day))", "\(twoDigits(day))/\(twoDigits(month))/\(year)",
                    "\(day) de \(portuguese) de \(year)", "\(twoDigits(day)) de \(portuguese) de \(year)", "\(english) \(day), \(year)",
                    "\(day) \(english) \(year)"].map { literal($0, as: "TODAY") }
        }

        func apply(to text: String) -> String {
            isRegularExpression
                ? text.replacingOccurrences(of: pattern, with: "<\(name)>", options: .regularExpression)
                : text.replacingOccurrences(of: pattern, with: "<\(name)>")
        }
    }

    /// The outcome of comparing `text` with its golden file.
    public enum Outcome: Equatable {
        case matched
        case recorded(path: String)
        case missing(message: String)
        case mismatch(message: String)
    }

    /// `text` (with `placeholders` applied) compared with `folder/name`, or written there when recording.
    public static func compare(_ text: String, with path: String, placeholders: [Placeholder] = [], suite: String = "<suite>") -> Outcome {
        let normalised = placeholders.reduce(text) { $1.apply(to: $0) }
        let url = URL(fileURLWithPath: path)
        let actual = path + ".actual"
        if recording {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let before = try? Data(contentsOf: url)
                try Data(normalised.utf8).write(to: url, options: .atomic)
                try? FileManager.default.removeItem(atPath: actual)
                return before == Data(normalised.utf8) ? .matched : .recorded(path: path)
            } catch {
                return .mismatch(message: "cannot record \(path): \(error)")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .missing(message: "no golden file \(path); record it with STUDYCTL_RECORD_GOLDEN=1 swift test --skip-build --filter \(suite), "
                + "then read it and commit it")
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == normalised {
            try? FileManager.default.removeItem(atPath: actual)
            return .matched
        }
        try? Data(normalised.utf8).write(to: URL(fileURLWithPath: actual), options: .atomic)
        return .mismatch(message: "\(path) differs from this run's output (written to \(actual)); if the change is meant, "
            + "re-record with STUDYCTL_RECORD_GOLDEN=1 and review the diff:\n" + diff(expected: expected, actual: normalised, path: path))
    }

    /// The first `diffLines` lines of `diff -u golden actual`; where `diff` cannot run, the first differing line of each
    /// with its number.
    static func diff(expected: String, actual: String, path: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let left = folder.appendingPathComponent("golden"), right = folder.appendingPathComponent("actual")
        if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
           (try? Data(expected.utf8).write(to: left)) != nil, (try? Data(actual.utf8).write(to: right)) != nil,
           let program = ["/usr/bin/diff", "/bin/diff"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["-u", "--label", "golden/\(name)", "--label", "actual/\(name)", left.path, right.path]
            let output = folder.appendingPathComponent("diff")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)  // else the FileHandle below is nil
            if let handle = try? FileHandle(forWritingTo: output) {
                process.standardOutput = handle
                process.standardError = FileHandle.nullDevice
                if (try? process.run()) != nil {
                    process.waitUntilExit()
                    try? handle.close()
                    let lines = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    if process.terminationStatus == 1, lines.count > 2 {
                        return lines.prefix(diffLines).joined(separator: "\n") + (lines.count > diffLines ? "\n… (\(lines.count - diffLines) more diff lines)" : "")
                    }
                }
            }
        }
        return firstDifference(expected: expected, actual: actual)
    }

    /// The first line where the two texts differ, with its number and a line of context before it.
    static func firstDifference(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < old.count, index < new.count, old[index] == new[index] { index += 1 }
        var out = ""
        if index > 0 { out += "  \(index): \(old[index - 1])\n" }
        out += index < old.count ? "- \(index + 1): \(old[index])\n" : "- \(index + 1): (end of golden file)\n"
        out += index < new.count ? "+ \(index + 1): \(new[index])" : "+ \(index + 1): (end of output)"
        return out + "\n(golden: \(old.count) lines, output: \(new.count) lines)"
    }
}

#if canImport(Testing)
/// Compares `text` with the golden file `Snapshots/<suite>/<name>` beside the calling test file (`name` with its
/// extension — txt, md, html, tex, svg, csv or json — else `.txt` is added; `suite` defaults to the calling file's name), after replacing what varies between
/// runs with `placeholders`. Records the file instead under `STUDYCTL_RECORD_GOLDEN=1`.
public func assertGolden(_ text: String, named name: String, suite: String? = nil, placeholders: [Golden.Placeholder] = [],
                         filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let caller = URL(fileURLWithPath: filePath)
    let suiteName = suite ?? caller.deletingPathExtension().lastPathComponent
    let fileName = Golden.extensions.contains(URL(fileURLWithPath: name).pathExtension) ? name : name + ".txt"
    let path = caller.deletingLastPathComponent().appendingPathComponent("Snapshots").appendingPathComponent(suiteName)
        .appendingPathComponent(fileName).path
    switch Golden.compare(text, with: path, placeholders: placeholders, suite: suiteName) {
    case .matched:
        break
    case let .recorded(path):
        Issue.record("recorded \(path): read it, then run again without STUDYCTL_RECORD_GOLDEN to compare", sourceLocation: sourceLocation)
    case let .missing(message), let .mismatch(message):
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
#endif
