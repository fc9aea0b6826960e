import Foundation
import Testing

/// The command line speaks the study's language: a pt-BR study's session holds no English word from
/// `ForeignWordCheck`'s list, an English study's none from the Portuguese one. The study's own words (item
/// wordings, attribute names, a reference's title) are the researcher's and are left out of the check.
@Suite struct LanguageTests {
    /// Runs a session's commands (successes and one refused command) and returns everything printed.
    static func session(_ language: String, levels: String) throws -> String {
        let cli = try StudyCtl(language: nil)
        var out = try cli.succeed(["init", "--title", language == "en" ? "Study" : "Estudo", "--language", language])
        out += try cli.succeed(["participant", "import", Repository.path("datasets/uitracking/participants.csv")])
        out += try cli.succeed(["participant", "derive", "nivel", "--from", "years_ios", "--rule", levels])
        out += try cli.succeed(["participant", "list"])
        for (code, answers) in [("P1", "4,1,5,2,5,1,4,2,3,1"), ("P2", "3,2,4,2,4,1,4,2,3,2"), ("P3", "5,1,5,1,5,1,5,1,5,1"),
                                ("P4", "2,3,3,4,2,3,3,3,2,4"), ("P9", "4,2,4,1,5,2,4,1,4,2"), ("P10", "5,2,4,1,4,1,5,2,4,1")] {
            out += try cli.succeed(["respond", code, "sus", "--answers", answers])
        }
        out += try cli.succeed(["score", "sus", "--by", "nivel", "--compare"])
        out += try cli.succeed(["task", "add", "T1", "--title", "Tarefa 1", "--penalty", "2s"])
        out += try cli.succeed(["tasks", "summary"])
        out += try cli.succeed(["attempt", "add", "P1", "T1", "--time", "1:30", "--errors", "2", "--outcome", "success"])
        out += try cli.succeed(["attempt", "add", "P2", "T1", "--time", "95", "--errors", "0", "--outcome", "fail"])
        // Coding: the words of the transcript are the participant's; what studyctl says about them is in the study's language.
        try cli.write("p1.txt", "Eu gostei do menu, mas o botão some.\n")
        out += try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        out += try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        out += try cli.succeed(["code", "add", "P1", "--excerpt", "o botão some", "--code", "o botão some", "--category", "Navegação"])
        out += try cli.succeed(["memo", "add", "--on", "category:Navegação", "revisar"])
        out += try cli.succeed(["codes", "freq"])
        out += try cli.succeed(["code", "list"])
        out += try cli.succeed(["attempt", "list"])
        // The instruments: the list, and one instrument's scale, scoring and norms (its items, and the norms' published source, are others' words).
        out += try cli.succeed(["instrument", "list"]).split(separator: "\n").first.map(String.init) ?? ""
        out += try cli.succeed(["instrument", "show", "sus"]).split(separator: "\n").filter { !$0.hasPrefix(" ") }
            .joined(separator: "\n")
        out += try cli.succeed(["export", "csv", "tabelas"]).replacingOccurrences(of: "tabelas", with: "")
            .replacingOccurrences(of: "[a-z_]+\\.csv", with: "", options: .regularExpression)
        out += try cli.succeed(["tasks", "summary"])
        out += try cli.succeed(["status"])
        out += try cli.succeed(["participant", "show", "P1"])
        out += try cli.succeed(["participant", "set", "P5", "turno=2"])
        out += try cli.succeed(["check"]).replacingOccurrences(of: "study.sqlite", with: "")
        out += try cli.fail(["participant", "remove", "P1"]).stderr
        out += try cli.fail(["participant", "show", "P99"]).stderr
        out += try cli.fail(["respond", "P1", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3"]).stderr
        // The study's own words: the SUS reference and the norms' source (published titles), the schema's step names, file names.
        out = out.replacingOccurrences(of: "study.sqlite", with: "").replacingOccurrences(of: Repository.path("datasets/uitracking/participants.csv"), with: "")
        return out.split(separator: "\n").filter { !$0.hasPrefix("Referência:") && !$0.hasPrefix("Reference:") && !$0.hasPrefix("Normas:") && !$0.hasPrefix("Norms:") && !$0.contains("v1-study") }
            .joined(separator: "\n")
    }

    @Test func aBrazilianStudyAnswersInPortuguese() throws {
        let out = try Self.session("pt-BR", levels: "<2:Iniciante,<=3:Intermediário,>3:Avançado")
        #expect(ForeignWordCheck.english(in: out).isEmpty, "\(Set(ForeignWordCheck.english(in: out)).sorted())\n\(out)")
        #expect(out.contains("Erro: Nenhum participante P99 neste estudo."))
        #expect(out.contains("Comparação entre grupos por nivel"))
        #expect(out.contains("IC 95 %") && out.contains(","), "decimal commas")
    }

    @Test func anEnglishStudyAnswersInEnglish() throws {
        let out = try Self.session("en", levels: "<2:Beginner,<=3:Intermediate,>3:Advanced")
        #expect(ForeignWordCheck.portuguese(in: out).isEmpty, "\(Set(ForeignWordCheck.portuguese(in: out)).sorted())\n\(out)")
        #expect(out.contains("Error: No participant P99 in this study."))
    }

    /// --language before the subcommand overrides the study's language.
    @Test func languageOverridesTheStudys() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Estudo", "--language", "pt-BR"])
        #expect(try cli.succeed(["--language", "en", "status"]).contains("Language: pt-BR"))
        #expect(try cli.succeed(["status"]).contains("Idioma:   pt-BR"))
        #expect(try cli.fail(["--language", "en", "participant", "show", "P9"]).stderr.hasPrefix("Error: No participant P9"))
    }
}
