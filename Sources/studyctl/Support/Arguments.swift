import Foundation
import ArgumentParser
import Surveys
import Tabular
import StudyStore
import Reports

extension StudyLanguage: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(loose: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension Delimiter: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "comma", ",": self = .comma
        case "semicolon", ";": self = .semicolon
        case "tab", "\\t", "\t": self = .tab
        default: return nil
        }
    }

    public static var allValueStrings: [String] { allCases.map(\.name) }
}

/// A `key=value` argument.
struct Assignment: ExpressibleByArgument {
    var key: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        key = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        value = String(argument[argument.index(after: equals)...])
        guard !key.isEmpty else { return nil }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// Reads `--map` values (`KEY=COLUMN`, comma-separated, repeatable) into pairs, refusing a key given twice.
/// `example` is shown in the message when an entry is malformed.
func parseColumnMap(_ values: [String], example: String) throws -> [(key: String, column: String)] {
    var pairs: [(key: String, column: String)] = []
    for entry in values.flatMap({ $0.split(separator: ",").map(String.init) }) {
        let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ValidationError("Please write --map as \(example); '\(entry)' is not.")
        }
        if pairs.contains(where: { $0.key.lowercased() == parts[0].lowercased() }) {
            throw ValidationError("Please map \(parts[0]) only once in --map.")
        }
        pairs.append((parts[0], parts[1]))
    }
    return pairs
}

extension DuplicatePolicy: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ShareDenominator: ExpressibleByArgument {}

extension ReportWriter.Format: ExpressibleByArgument {}
