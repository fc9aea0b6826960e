import Foundation
import Wording
@testable import Results
import Surveys
import Templates
import Testing

/// English words that must not appear in a Portuguese output, and the reverse (whole words, case-insensitive).
enum ForeignWords {
    static let english: Set<String> = ["the", "and", "of", "mean", "median", "overall", "all", "group", "groups", "score", "scores", "task",
                                       "tasks", "attempts", "success", "successes", "completion", "errors", "time", "table", "figure", "source",
                                       "note", "participant", "participants", "agreement", "category", "categories", "codes", "items",
                                       "learnability", "usability", "norm", "grade", "continued", "result", "with", "per", "created", "study"]
    static let portuguese: Set<String> = ["de", "da", "do", "das", "dos", "média", "mediana", "geral", "todos", "grupo", "escore", "tarefa",
                                          "tentativas", "sucessos", "conclusão", "erros", "tempo", "tabela", "figura", "fonte", "nota",
                                          "participante", "participantes", "concordância", "categoria", "códigos", "itens", "norma",
                                          "resultado", "com", "por", "estudo", "continuação", "não", "sim"]

    /// The words of `text` from `list`.
    static func found(in text: String, _ list: Set<String>) -> [String] {
        // Commands quoted in a message ('studyctl participant add P1') are the tool's own words in every language.
        // and so are placeholders ({participant}).
        text.replacingOccurrences(of: "'[^']*'|\\{\\w+\\}", with: "", options: .regularExpression).lowercased().split { !$0.isLetter }.map(String.init).filter(list.contains)
    }
}

@Suite struct CatalogTests {
    @Test func everyTermHasBothLanguagesWithoutTheOthersWords() {
        for term in Term.allCases {
            let en = term.text(.en)
            let pt = term.text(.ptBR)
            #expect(!en.isEmpty && !pt.isEmpty, "\(term)")
            #expect(ForeignWords.found(in: pt, ForeignWords.english).isEmpty, "\(term): \(pt)")
            #expect(ForeignWords.found(in: en, ForeignWords.portuguese).isEmpty, "\(term): \(en)")
        }
    }

    @Test func everyPageWordAndPhraseHasBothLanguagesWithoutTheOthersWords() {
        var pairs = PageWord.allCases.map { ($0.rawValue, $0.text(.en), $0.text(.ptBR)) }
        let phrases: [Phrase] = [.participantsHeading, .questionnairesHeading, .tasksHeading, .interviewsHeading, .methodsHeading,
                                 .participantCount(3), .perItemIntro, .openAnswers, .unscoredSets, .gazeDefinitions, .notObserved,
                                 .tasksTitle, .codebookTitle, .inVivoCodesTitle, .intervalClipped, .noAttempts, .taskTimesNote(successfulOnly: true)]
        pairs += phrases.map { ("\($0)", $0.text(.en), $0.text(.ptBR)) }
        let messages: [Message] = [.lowerIsBetter, .gradesNote, .openAnswers, .noParticipants, .nothingToUndo, .alreadyDerived(2),
                                   .participantCount(2), .noComparison(by: "x"), .undidEdit("x"), .undoChangedSince("x"), .undoUnknownAction]
        pairs += messages.map { ("\($0)", $0.text(.en), $0.text(.ptBR)) }
        for (key, en, pt) in pairs {
            #expect(!en.isEmpty && !pt.isEmpty, "\(key)")
            #expect(ForeignWords.found(in: pt, ForeignWords.english).isEmpty, "\(key): \(pt)")
            #expect(ForeignWords.found(in: en, ForeignWords.portuguese).isEmpty, "\(key): \(en)")
        }
    }

    @Test func aPageWordWithACountHasItsPluralBesideItsSingular() {
        let singulars = PageWord.allCases.filter { $0.rawValue.hasSuffix("One") }
        #expect(Set(singulars.map(\.rawValue)) == ["codingsOne", "codingsByOne", "sharesIntroOne", "compareIntroOne", "codeCountOne", "participantCountOne", "searchHitsOne", "quoteCountOne"])
        for singular in singulars {
            #expect(PageWord(rawValue: String(singular.rawValue.dropLast(3))) != nil, "\(singular)")
        }
        #expect(PageWord.codingsOne.text(.ptBR) == "{n} codificação" && PageWord.codings.text(.ptBR) == "{n} codificações")
        #expect(PageWord.codingsOne.text(.en) == "{n} coding" && PageWord.codings.text(.en) == "{n} codings")
        #expect(PageWord.codingsByOne.text(.ptBR).hasPrefix("{n} codificação de") && PageWord.compareIntroOne.text(.ptBR).contains("{units} trecho codificado"))
    }

    @Test func machineNamesAreSnakeCase() {
        for term in Term.allCases {
            #expect(term.rawValue.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(term.rawValue)")
        }
    }
}

@Suite struct NumberStyleTests {
    @Test func portugueseUsesTheDecimalCommaAndABNTSpacing() {
        let style = NumberStyle(.ptBR)
        #expect(style.number(80.625) == "80,63")  // an exact binary tie, rounded away from zero as a spreadsheet does
        #expect(style.number(-2.5, decimals: 0) == "-3")
        #expect(style.number(3.14159, decimals: 1) == "3,1")
        #expect(style.percent(0.5833, decimals: 1) == "58,3 %")
        #expect(style.interval(1.2, 3.4) == "[1,20; 3,40]")
        #expect(style.p(0.0234) == "0,023")
        #expect(style.p(0.0002) == "< 0,001")
        #expect(style.number(-0.001) == "0,00")
        #expect(style.number(nil) == "–")
    }

    @Test func englishFollowsAPA() {
        let style = NumberStyle(.en)
        #expect(style.percent(0.5833, decimals: 1) == "58.3%")
        #expect(style.interval(1.2, 3.4) == "[1.20, 3.40]")
        #expect(style.p(0.0234) == ".023")
        #expect(style.p(0.0002) == "< .001")
        #expect(style.p(1) == "1.000")
    }
}

@Suite struct RendererTests {
    static func sample(_ language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "score_summary", title: language == .ptBR ? "Escores SUS por grupo" : "SUS scores by group", language: language,
                                columns: [Column(.group, .text, language), Column(.n, .count, language), Column(.mean, .number(decimals: 2), language),
                                          Column(.ci95, .interval(decimals: 2), language), Column(.p, .pValue, language),
                                          Column(.completion, .percent(decimals: 1), language)])
        table.append([.text("Júnior | A"), .count(6), .number(72.5), .interval(60.125, 84.875), .pValue(0.0312), .percent(0.5)])
        table.append([.text("Sênior"), .count(5), .number(80), .empty, .pValue(0.0004), .percent(1)])
        table.append([.text(Term.all.text(language)), .count(11), .number(75.9090909), .interval(68, 83.8), .empty, .empty], emphasised: true)
        return table
    }

    @Test func csvAndJSONCarryMachineNamesAndFullPrecision() throws {
        let table = Self.sample(.ptBR)
        let csv = CSVRenderer.render(table)
        #expect(csv.split(separator: "\n").first == "group,n,mean,ci95_low,ci95_high,p,completion")
        #expect(csv.contains("Júnior | A,6,72.5,60.125,84.875,0.0312,0.5"))
        #expect(csv.contains("Sênior,5,80.0,,,0.0004,1.0"))  // every CSV writes a number as `export csv` does
        let json = try #require(JSONSerialization.jsonObject(with: Data(JSONRenderer.render(table).utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows[0]["ci95_high"] as? Double == 84.875)
        #expect(rows[1]["ci95_low"] is NSNull)
        #expect(rows[2]["mean"] as? Double == 75.9090909)
        #expect((json["columns"] as? [[String: Any]])?.map { $0["name"] as? String } == ["group", "n", "mean", "ci95", "p", "completion"])
    }

    @Test func textAlignsNumbersRight() {
        let text = TextRenderer.render(Self.sample(.en))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "SUS scores by group")
        #expect(lines[1].hasPrefix("Group"))
        #expect(lines.contains { $0.contains("72.50") && $0.contains("[60.13, 84.88]") && $0.contains(".031") && $0.contains("50.0%") })
        // Right-aligned: the means end in the same column.
        let ends = lines.filter { $0.contains("72.50") || $0.contains("80.00") || $0.contains("75.91") }.map { $0.range(of: "\\d\\.\\d\\d\\b", options: .regularExpression)!.upperBound.utf16Offset(in: $0) }
        #expect(Set(ends).count == 1)
    }

    /// On a narrow terminal the labels wrap and the columns go in blocks, each led by the first column; every
    /// line fits, and every value is still there. Piped (no width), the table is one block as before.
    @Test func textFitsANarrowTerminal() {
        var table = ResultTable(id: "wide", title: "Tasks", language: .ptBR,
                                columns: [Column("task", "Tarefa", .text), Column("attempts", "Tentativas registradas", .count),
                                          Column("completion", "Taxa de conclusão", .percent(decimals: 0)), Column("time", "Tempo médio (s)", .number(decimals: 1)),
                                          Column("errors", "Erros por tentativa (média)", .number(decimals: 2)), Column("seq", "SEQ (média)", .number(decimals: 2))])
        table.append([.text("Buscar produto"), .count(12), .percent(0.75), .number(41.25), .number(1.5), .number(5.25)])
        table.append([.text("Pagar"), .count(9), .percent(1), .number(30), .number(0), .number(6)])
        table.notes = ["Tempos em segundos; a conclusão conta sucessos parciais como não concluídos, e cada participante conta uma vez por tarefa."]
        let whole = TextRenderer.render(table, width: nil)
        #expect(whole.split(separator: "\n")[1].contains("Tentativas registradas"), "no width: labels on one line")
        let narrow = TextRenderer.render(table, width: 40)
        let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(narrow)")
        for value in ["Buscar produto", "Pagar", "12", "75 %", "41,3", "1,50", "5,25", "6,00", "Tentativas", "registradas", "(média)"] {
            #expect(narrow.contains(value), "\(value) in\n\(narrow)")
        }
        // Every block names its rows: "Buscar produto" once per block.
        let blocks = lines.filter { $0.hasPrefix("──") }.count
        #expect(blocks >= 2 && lines.filter { $0.hasPrefix("Buscar produto") }.count == blocks)
        #expect(lines.last { !$0.isEmpty }?.hasSuffix("tarefa.") == true, "the note wraps at a space")
    }

    @Test func markdownCaptionsFollowABNTAndAPA() {
        let pt = MarkdownRenderer.render(Self.sample(.ptBR), caption: TableCaption(number: 2, year: "2025"))
        #expect(pt.hasPrefix("**Tabela 2 – Escores SUS por grupo**\n\n| Grupo | n | Média | IC 95 % | p | Conclusão |\n| --- | ---: | ---: | --- | ---: | ---: |"))
        #expect(pt.contains("| Júnior \\| A | 6 | 72,50 | [60,13; 84,88] | 0,031 | 50,0 % |"))
        #expect(pt.contains("| **Todos** | **11** | **75,91** | **[68,00; 83,80]** | – | – |"))
        #expect(pt.hasSuffix("Fonte: dados da pesquisa (2025)."))
        let en = MarkdownRenderer.render(Self.sample(.en), caption: TableCaption(number: 2, year: "2025"))
        #expect(en.hasPrefix("**Table 2**\n\n*SUS scores by group*\n"))
        #expect(!en.contains("Source") && !en.contains("Fonte"))
    }

    @Test func htmlKeepsCaptionWithTable() {
        let html = HTMLRenderer.render(Self.sample(.ptBR), caption: TableCaption(number: 1, year: "2025"))
        #expect(html.hasPrefix("<figure class=\"result\""))
        #expect(html.contains("<figcaption><strong>Tabela 1 – Escores SUS por grupo</strong></figcaption>"))
        #expect(html.contains("<td class=\"interval\">[60,13; 84,88]</td>"))
        #expect(html.contains("<p class=\"source\">Fonte: Dados da pesquisa (2025).</p>"))
    }
}

@Suite struct FixedDecimalsTests {
    /// Figures are written as C's `%.Nf` writes them, whatever their size and sign.
    @Test func matchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, 1.005, 60.125, -3.14159, 1e15, -1e300, 123_456_789.987654321, .leastNonzeroMagnitude]
        for _ in 0..<500 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for value in values {
            for decimals in [0, 1, 2, 3, 6, 30] {
                #expect(NumberStyle.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) with \(decimals)")
            }
        }
        #expect(NumberStyle(.ptBR).number(60.125) == "60,13")
        #expect(NumberStyle(.en).number(-0.001) == "0.00")
    }
}

@Suite struct ItemMatchWordsTests {
    /// How a form import found its items is said in Portuguese in a pt-BR study ("por posição", not "por position").
    @Test func howItemsWereFoundIsSaidInPortuguese() {
        let expected = ["position": "posição", "item text": "texto do item", "similarity to the item text": "semelhança com o texto do item",
                        "item text and --map": "texto do item e --map", "--map": "--map", "--items-from": "--items-from"]
        for (by, words) in expected {
            let pt = Message.itemsReadFrom(by: by, columns: "1 ← 'Q1'").text(.ptBR)
            #expect(pt.hasPrefix("Itens lidos de (por \(words)):"), "\(pt)")
            // Option names (--items-from) are the tool's own words in both languages.
            let withoutOptions = pt.replacingOccurrences(of: "--[a-z-]+", with: "", options: .regularExpression)
            #expect(ForeignWords.found(in: withoutOptions, ForeignWords.english.union(["position", "text", "similarity"])).isEmpty, "\(pt)")
            #expect(Message.itemsReadFromCheck(by: by).text(.ptBR) == "Itens lidos de (por \(words); confira-os):")
            #expect(Message.itemsReadFrom(by: by, columns: "x").text(.en) == "Items read from (by \(by)): x")
        }
    }
}
