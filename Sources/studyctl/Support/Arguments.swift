import Foundation
import ArgumentParser
import Surveys
import Tabular

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
