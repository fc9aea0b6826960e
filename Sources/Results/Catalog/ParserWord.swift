import Foundation
import Surveys

/// The words the command-line parser (swift-argument-parser) writes around the tool's own help and errors: section
/// headings, its built-in options and its parse errors. The command line replaces each English text with the
/// study's language (`worded(_:_:)`); the help texts themselves come from `SentenceCatalog`.
public enum ParserWord: String, Sendable, CaseIterable, Bilingual {
    case overview, usage, arguments, options, subcommands, help, version, seeHelp, seeSubcommandHelp, defaultValue
    case values, missingArgument, missingValue, unknownOption, unexpectedArgument, invalidValue, usageLine, helpLine
    case flagsExclusive, noValue

    public var entry: (String, String) {
        switch self {
        case .overview: return ("OVERVIEW:", "VISÃO GERAL:")
        case .usage: return ("USAGE:", "USO:")
        case .arguments: return ("ARGUMENTS:", "ARGUMENTOS:")
        case .options: return ("OPTIONS:", "OPÇÕES:")
        case .subcommands: return ("SUBCOMMANDS:", "SUBCOMANDOS:")
        case .help: return ("Show help information.", "Mostra a ajuda.")
        case .version: return ("Show the version.", "Mostra a versão.")
        case .seeHelp: return ("for more information.", "para mais informações.")
        case .seeSubcommandHelp: return ("' for detailed help.", "' para a ajuda detalhada.")
        case .defaultValue: return ("default:", "padrão:")
        case .values: return ("values:", "valores:")
        case .missingArgument: return ("Missing expected argument", "Falta o argumento esperado")
        case .missingValue: return ("Missing value for", "Falta o valor de")
        case .unknownOption: return ("Unknown option", "Opção desconhecida")
        case .unexpectedArgument: return ("Unexpected argument", "Argumento inesperado")
        case .invalidValue: return ("is invalid for", "é inválido para")
        case .usageLine: return ("Usage: ", "Uso: ")
        case .helpLine: return ("Help: ", "Ajuda: ")
        case .flagsExclusive: return ("cannot be used together", "não podem ser usados juntos")
        case .noValue: return ("The value", "O valor")
        }
    }

    /// `text` (the parser's help or error) with the parser's own words in `language`; "See '…' for" becomes "Veja '…'".
    public static func worded(_ text: String, _ language: StudyLanguage) -> String {
        guard language == .ptBR else { return text }
        var result = text.replacingOccurrences(of: "See '", with: "Veja '")
        for word in allCases {
            let (en, pt) = word.entry
            result = result.replacingOccurrences(of: en, with: pt)
        }
        return result
    }
}
