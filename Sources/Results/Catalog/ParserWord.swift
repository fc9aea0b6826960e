import Foundation
import Surveys
import Wording

/// The words the command-line parser (swift-argument-parser) writes around the tool's own help and errors: section
/// headings, its built-in options and its parse errors. The command line replaces each English text with the
/// study's language (`worded(_:_:)`); the help texts themselves come from the language's `.po` catalog.
public enum ParserWord: String, Sendable, CaseIterable, Worded {
    case overview, usage, arguments, options, subcommands, help, version, seeHelp, seeSubcommandHelp, defaultValue
    case values, missingArgument, missingValue, unknownOption, unexpectedArgument, invalidValue, usageLine, helpLine
    case flagsExclusive, noValue, provideOneOf, provideOneOfShort, unexpectedArguments, invalidOption, missingSubcommand
    case didYouMean, theOption, takesNoValue, wasSpecified, missingOneOf, isInvalid, or

    /// The word in a language: its English (below) is the catalog's msgid in context "ParserWord".
    public var sentence: Sentence { Sentence(english, context: "ParserWord") }

    /// The English word.
    var english: Sentence {
        switch self {
        case .overview: return "OVERVIEW:"
        case .usage: return "USAGE:"
        case .arguments: return "ARGUMENTS:"
        case .options: return "OPTIONS:"
        case .subcommands: return "SUBCOMMANDS:"
        case .help: return "Show help information."
        case .version: return "Show the version."
        case .seeHelp: return "for more information."
        case .seeSubcommandHelp: return "' for detailed help."
        case .defaultValue: return "default:"
        case .values: return "values:"
        case .missingArgument: return "Missing expected argument"
        case .missingValue: return "Missing value for"
        case .unknownOption: return "Unknown option"
        case .unexpectedArgument: return "Unexpected argument"
        case .invalidValue: return "is invalid for"
        case .usageLine: return "Usage: "
        case .helpLine: return "Help: "
        case .flagsExclusive: return "cannot be used together"
        case .noValue: return "The value"
        case .provideOneOf: return "Please provide one of the following:"
        // After the longer form above, which holds it.
        case .provideOneOfShort: return ". Please provide one of "
        case .unexpectedArguments: return "unexpected arguments:"
        case .invalidOption: return "Invalid option:"
        case .missingSubcommand: return "Missing required subcommand."
        case .didYouMean: return "Did you mean"
        case .theOption: return "The option"
        case .takesNoValue: return "does not take any value, but"
        case .wasSpecified: return "was specified."
        case .missingOneOf: return "Missing one of:"
        // After "is invalid for", which holds it but for the full stop.
        case .isInvalid: return "is invalid."
        // The last of the values a "provide one of" list offers ('md', 'html' or 'latex').
        case .or: return "' or '"
        }
    }


    /// `text` (the parser's help or error) with the parser's own words in `language`; "See '…' for" becomes "Veja '…'".
    public static func worded(_ text: String, _ language: StudyLanguage) -> String {
        guard let catalog = language.catalog else { return text }
        var result = text.replacingOccurrences(of: "See '", with: catalog.text("See '", context: "ParserWord") ?? "See '")
        // Placeholders are worded line by line: where a line of the options list holds a description after its
        // option column, the spaces before it grow or shrink by what the wording changed, so the column stays.
        result = result.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            var worded = line.replacing(/<([^<>\s]+)>/) { match in
                let name = String(match.output.1)
                return "<" + (catalog.text(name, context: "placeholder") ?? name) + ">"
            }
            // The subcommand a command runs when none is named ("list (default)").
            if let marker = catalog.text("(default)", context: "ParserWord") { worded = worded.replacingOccurrences(of: " (default)", with: " " + marker) }
            guard worded.count != line.count,
                  let gap = line.firstMatch(of: /^(\s+\S(?:\S| \S)*)(\s{2,})\S/),
                  let wordedGap = worded.firstMatch(of: /^(\s+\S(?:\S| \S)*)(\s{2,})\S/) else { return worded }
            let column = gap.output.1.count + gap.output.2.count
            let padding = max(2, column - wordedGap.output.1.count)
            return String(wordedGap.output.1) + String(repeating: " ", count: padding)
                + worded.dropFirst(wordedGap.output.1.count + wordedGap.output.2.count)
        }.joined(separator: "\n")
        for word in allCases {
            result = result.replacingOccurrences(of: word.english.description, with: word.text(language))
        }
        return result
    }
}
