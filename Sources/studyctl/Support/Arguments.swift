import ArgumentParser
import Foundation
import Importing
import Reports
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

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
        case "pipe", "|": self = .pipe
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

/// Reads `--map`-like values (`KEY=COLUMN`, comma-separated, repeatable) into pairs, refusing a key given twice.
/// `option` names the option and `example` shows its form in the message when an entry is malformed. A part after a
/// comma that holds no `=` belongs to the column name before it, so a name with a comma (a Google Forms question)
/// needs no quotes: `--map 1=Achei o sistema, no geral, fácil de usar`.
func parseColumnMap(_ values: [String], option: String = "--map", example: Sentence) throws -> [(key: String, column: String)] {
    var pairs: [(key: String, column: String)] = []
    for value in values {
        for entry in try mapEntries(value, option: option) {
            guard let equals = entry.firstIndex(where: { $0.text == "=" && !$0.quoted }) else {
                throw Refusal("Please write \(option) as \(example); '\(String(entry.map(\.text)))' is not.")
            }
            let key = String(entry[..<equals].map(\.text)).trimmingCharacters(in: .whitespaces)
            let column = String(entry[entry.index(after: equals)...].map(\.text)).trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !column.isEmpty else {
                throw Refusal("Please write \(option) as \(example); '\(String(entry.map(\.text)))' is not.")
            }
            if pairs.contains(where: { $0.key.lowercased() == key.lowercased() }) {
                throw Refusal("Please map \(key) only once in \(option).")
            }
            pairs.append((key, column))
        }
    }
    return pairs
}

/// The comma-separated entries of one --map value, each character marked when it stood inside double quotes: a
/// column name with a comma or '=' (a Google Forms question) may be written in quotes, `1="Achei o sistema fácil, …"`,
/// with "" for a quote inside; a part after a comma without an unquoted '=' continues the entry before it.
func mapEntries(_ value: String, option: String = "--map") throws -> [[(text: Character, quoted: Bool)]] {
    var parts: [[(text: Character, quoted: Bool)]] = [[]]
    var inQuotes = false
    var characters = Array(value)[...]
    while let character = characters.popFirst() {
        if character == "\"" {
            if inQuotes, characters.first == "\"" {
                characters.removeFirst()
                parts[parts.count - 1].append(("\"", true))
            } else {
                inQuotes.toggle()
            }
        } else if character == "," && !inQuotes {
            parts.append([])
        } else {
            parts[parts.count - 1].append((character, inQuotes))
        }
    }
    if inQuotes { throw Refusal("Please close the quotes in \(option) \(value).") }
    var entries: [[(text: Character, quoted: Bool)]] = []
    for part in parts {
        let startsEntry = part.contains { $0.text == "=" && !$0.quoted }
        if !startsEntry, !entries.isEmpty, !part.isEmpty {
            entries[entries.count - 1].append((",", false))
            entries[entries.count - 1].append(contentsOf: part)
        } else {
            entries.append(part)
        }
    }
    return entries.filter { !$0.isEmpty }
}

extension DuplicatePolicy: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ShareDenominator: ExpressibleByArgument {}

extension SurveyPlatform: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReportWriter.Format: ExpressibleByArgument {}

extension ReportModel.Detail: ExpressibleByArgument {}

extension AttributeType: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// A `--type NAME=text|number` argument: the type a command declares for an attribute.
struct TypeDeclaration: ExpressibleByArgument {
    var name: String
    var type: AttributeType

    init?(argument: String) {
        guard let equals = argument.lastIndex(of: "="),
              let type = AttributeType(argument: String(argument[argument.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
        else { return nil }
        name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        self.type = type
        guard !name.isEmpty else { return nil }
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// The declarations by name, refusing one name declared two ways.
    static func types(_ declarations: [TypeDeclaration]) throws -> [String: AttributeType] {
        var types: [String: AttributeType] = [:]
        for declaration in declarations {
            if let other = types.first(where: { StudyText.key($0.key) == StudyText.key(declaration.name) }), other.value != declaration.type {
                throw Refusal("Please declare \(declaration.name) only once with --type (it is given as \(other.value.rawValue) and as \(declaration.type.rawValue)).")
            }
            types[declaration.name] = declaration.type
        }
        return types
    }
}
