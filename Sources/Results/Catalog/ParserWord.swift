import Foundation
import Surveys

/// The words the command-line parser (swift-argument-parser) writes around the tool's own help and errors: section
/// headings, its built-in options and its parse errors. The command line replaces each English text with the
/// study's language (`worded(_:_:)`); the help texts themselves come from `SentenceCatalog`.
public enum ParserWord: String, Sendable, CaseIterable, Bilingual {
    case overview, usage, arguments, options, subcommands, help, version, seeHelp, seeSubcommandHelp, defaultValue
    case values, missingArgument, missingValue, unknownOption, unexpectedArgument, invalidValue, usageLine, helpLine
    case flagsExclusive, noValue, provideOneOf

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
        case .provideOneOf: return ("Please provide one of the following:", "Informe um destes valores:")
        }
    }

    /// The placeholders of the help's usage lines and options (`<participant>`), in Portuguese. Those that are
    /// literal values (`<png|svg|pdf>`, `<pt-BR|en>`, `<P1,P2>`) stay as they are.
    static let placeholders: [String: String] = [
        "path": "caminho", "name": "nome", "subcommand": "subcomando", "participant": "participante", "attribute": "atributo",
        "file": "arquivo", "file.csv": "arquivo.csv", "factor=level": "fator=nível", "label": "rótulo", "code": "código",
        "seconds": "segundos", "key": "chave", "folder": "pasta", "instrument": "instrumento", "policy": "política",
        "text": "texto", "task": "tarefa", "media": "mídia", "delimiter": "delimitador", "percent": "porcentagem",
        "name=text|number": "nome=texto|número", "options": "opções", "language": "idioma", "title": "título", "time": "tempo",
        "theme": "tema", "target": "meta", "outcome": "resultado", "note": "observação", "key=value": "chave=valor",
        "file.qdpx": "arquivo.qdpx", "file.qdc": "arquivo.qdc", "column": "coluna", "orientation": "orientação",
        "occasion": "ocasião", "format": "formato", "yes|no": "sim|não", "trial": "tentativa", "time=anchor": "tempo=âncora",
        "table": "tabela", "rule": "regra", "reference|emergent": "referência|emergente", "points": "pontos",
        "ours|theirs": "nossa|deles", "other.sqlite": "outro.sqlite", "new-name": "novo-nome", "name=role": "nome=papel",
        "measure": "medida", "keys": "chaves", "into": "destino", "instruments": "instrumentos", "from": "origem",
        "file.xlsx": "arquivo.xlsx", "file.sav": "arquivo.sav", "file.dta": "arquivo.dta", "file.txt": "arquivo.txt",
        "name,name": "nome,nome", "file.tsv": "arquivo.tsv", "file.json": "arquivo.json", "field=column,…": "campo=coluna,…",
        "duration|count|relative": "duração|contagem|relativa", "description": "descrição", "definition": "definição",
        "case|name|file": "caso|nome|arquivo", "base": "base", "answers": "respostas", "name|path": "nome|caminho",
        "label=point,…": "rótulo=ponto,…", "item=column,…": "item=coluna,…", "factor": "fator", "category": "categoria",
        "coder": "codificador", "question": "pergunta", "value": "valor", "level": "nível", "group": "grupo", "session": "sessão",
        "recording": "gravação", "transcript": "transcrição", "speaker": "falante", "output": "saída", "study": "estudo",
        "kind": "tipo", "mode": "modo", "order": "ordem", "excerpt": "trecho", "memo": "memorando", "scale": "escala",
        "items": "itens", "status": "situação", "source": "fonte", "port": "porta", "host": "endereço", "token": "token",
        "attribute=value": "atributo=valor",
    ]

    /// `text` (the parser's help or error) with the parser's own words in `language`; "See '…' for" becomes "Veja '…'".
    public static func worded(_ text: String, _ language: StudyLanguage) -> String {
        guard language == .ptBR else { return text }
        var result = text.replacingOccurrences(of: "See '", with: "Veja '")
        // Placeholders are worded line by line: where a line of the options list holds a description after its
        // option column, the spaces before it grow or shrink by what the wording changed, so the column stays.
        result = result.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            let worded = line.replacing(/<([^<>\s]+)>/) { match in
                let name = String(match.output.1)
                return "<" + (placeholders[name] ?? name) + ">"
            }
            guard worded.count != line.count,
                  let gap = line.firstMatch(of: /^(\s+\S(?:\S| \S)*)(\s{2,})\S/),
                  let wordedGap = worded.firstMatch(of: /^(\s+\S(?:\S| \S)*)(\s{2,})\S/) else { return worded }
            let column = gap.output.1.count + gap.output.2.count
            let padding = max(2, column - wordedGap.output.1.count)
            return String(wordedGap.output.1) + String(repeating: " ", count: padding)
                + worded.dropFirst(wordedGap.output.1.count + wordedGap.output.2.count)
        }.joined(separator: "\n")
        for word in allCases {
            let (en, pt) = word.entry
            result = result.replacingOccurrences(of: en, with: pt)
        }
        return result
    }
}
