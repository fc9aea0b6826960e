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
        #expect(Self.decimalPoints(out).isEmpty, "numbers read with a decimal point: \(Self.decimalPoints(out))")
    }

    /// The lines of a Portuguese session where a number is written with a decimal point ("2.5") rather than a comma;
    /// dotted names (a file's extension, a version) and a book's numbered table ("Tabela 8.5") are not numbers.
    static func decimalPoints(_ out: String) -> [String] {
        out.split(separator: "\n").map(String.init).filter { line in
            line.replacingOccurrences(of: "Tabela \\d+\\.\\d+", with: "", options: .regularExpression)
                .range(of: "(?<![\\w.])\\d+\\.\\d+(?![\\w.])", options: .regularExpression) != nil
        }
    }

    @Test func anEnglishStudyAnswersInEnglish() throws {
        let out = try Self.session("en", levels: "<2:Beginner,<=3:Intermediate,>3:Advanced")
        #expect(ForeignWordCheck.portuguese(in: out).isEmpty, "\(Set(ForeignWordCheck.portuguese(in: out)).sorted())\n\(out)")
        #expect(out.contains("Error: No participant P99 in this study."))
    }

    /// The rest of a study's life: eye tracking, the coding analyses, removals, merges, exchange and refusals from
    /// each importer — every line the tool says, in the study's language.
    static func laterSession(_ language: String) throws -> String {
        let cli = try StudyCtl(language: nil)
        var out = try cli.succeed(["init", "--title", "Olhar", "--language", language])
        out += try cli.succeed(["participant", "add", "P1", "--attr", "nivel=A"])
        out += try cli.succeed(["participant", "add", "P2", "--attr", "nivel=B"])
        try cli.write("p1.tsv", GazeCommandTests.studio)
        try cli.write("p2.tsv", GazeCommandTests.proLab)
        out += try cli.succeed(["gaze", "import", "p1.tsv", "p2.tsv"])
        out += try cli.succeed(["gaze", "list"])
        out += try cli.succeed(["gaze", "media"])
        out += try cli.succeed(["aoi", "add", "home.png", "Botão", "--rect", "100,100,100,100"])
        out += try cli.succeed(["aoi", "add", "home.png", "Canto", "--polygon", "0,0,120,0,0,120"])
        out += try cli.succeed(["aoi", "list"])
        out += try cli.succeed(["gaze", "metrics"])
        out += try cli.succeed(["gaze", "metrics", "--summary", "--by", "nivel"])
        out += try cli.succeed(["gaze", "similarity", "home.png", "--by", "nivel"])
        out += try cli.fail(["aoi", "add", "nada.png", "X", "--rect", "1,1,1,1"]).stderr
        out += try cli.fail(["aoi", "add", "home.png", "Y", "--rect", "1,1"]).stderr
        // Coding analyses.
        try cli.write("p1.txt", "Eu gostei do menu, mas o botão some.\n")
        try cli.write("p2.txt", "O menu é confuso e o botão some também.\n")
        out += try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        out += try cli.succeed(["transcript", "add", "P2", "p2.txt"])
        out += try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        out += try cli.succeed(["category", "add", "Menu", "--origin", "emergent"])
        out += try cli.succeed(["code", "add", "P1", "--excerpt", "o botão some", "--code", "o botão some", "--category", "Navegação"])
        out += try cli.succeed(["code", "add", "P2", "--excerpt", "O menu é confuso", "--code", "menu é confuso", "--category", "Menu"])
        out += try cli.succeed(["code", "add", "P2", "--excerpt", "o botão some também", "--code", "botão some", "--category", "Navegação"])
        out += try cli.succeed(["codebook"])
        out += try cli.succeed(["codebook", "--format", "md"])
        out += try cli.succeed(["codes", "matrix"])
        out += try cli.succeed(["codes", "cooccur"])
        out += try cli.succeed(["transcript", "show", "P2"]).replacingOccurrences(of: "O menu é confuso e o botão some também.", with: "")
        out += try cli.succeed(["memo", "add", "--on", "category:Menu", "rever"])
        out += try cli.succeed(["memo", "list"]).replacingOccurrences(of: "[0-9T:-]+Z?", with: "", options: .regularExpression)
        out += try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        out += try cli.succeed(["respond", "P2", "sus", "--answers", "3,2,4,2,4,1,4,2,3,2"])
        out += try cli.succeed(["codes", "triangulate", "--instrument", "sus"])
        out += try cli.succeed(["task", "add", "T1", "--title", "Buscar"])
        out += try cli.succeed(["condition", "add", "tela", "--levels", "pequena,grande"])
        out += try cli.succeed(["task", "list"])
        out += try cli.succeed(["condition", "list"])
        for (code, level, time) in [("P1", "pequena", "40"), ("P1", "grande", "30"), ("P2", "pequena", "50"), ("P2", "grande", "35")] {
            out += try cli.succeed(["attempt", "add", code, "T1", "--condition", "tela=\(level)", "--time", time, "--outcome", "success"])
        }
        out += try cli.succeed(["tasks", "compare", "T1", "--condition", "tela"])
        // Exchange, merges and removals.
        out += try cli.succeed(["export", "qdpx", "estudo.qdpx"]).replacingOccurrences(of: "estudo.qdpx", with: "")
        out += try cli.succeed(["backup", "copia.sqlite"]).replacingOccurrences(of: "copia.sqlite", with: "")
        out += try cli.succeed(["merge", "copia.sqlite", "--dry-run"]).replacingOccurrences(of: "copia.sqlite", with: "")
        out += try cli.succeed(["participant", "attribute", "nivel", "--identifying"])
        out += try cli.succeed(["attempt", "remove", "P2", "T1"])
        out += try cli.succeed(["responses", "remove", "P2", "sus"])
        out += try cli.succeed(["category", "remove", "Menu", "--cascade"])
        out += try cli.fail(["tasks", "compare", "T1", "--condition", "tela", "--measure", "total"]).stderr
        out += try cli.fail(["respond", "P2", "sus", "--answers", "1,2"]).stderr
        out += try cli.fail(["code", "add", "P1", "--excerpt", "não está aqui", "--code", "não está", "--category", "Navegação"]).stderr
        // The participants' own words, quoted in double quotes, are theirs.
        return out.replacingOccurrences(of: "study.sqlite", with: "").replacingOccurrences(of: "[\"“][^\"”\n]*[\"”]", with: "", options: .regularExpression)
    }

    @Test func aBrazilianStudysLaterSessionIsInPortuguese() throws {
        let out = try Self.laterSession("pt-BR")
        #expect(ForeignWordCheck.english(in: out).isEmpty, "\(Set(ForeignWordCheck.english(in: out)).sorted())\n\(out)")
        #expect(Self.decimalPoints(out).isEmpty, "numbers read with a decimal point: \(Self.decimalPoints(out))")
        #expect(out.contains("Semelhança"), "\(out)")
    }

    @Test func anEnglishStudysLaterSessionIsInEnglish() throws {
        let out = try Self.laterSession("en")
        #expect(ForeignWordCheck.portuguese(in: out).isEmpty, "\(Set(ForeignWordCheck.portuguese(in: out)).sorted())\n\(out)")
    }

    /// Help and the parser's errors come in the study's language: every command's --help in a pt-BR study holds no
    /// English word from the list once its syntax (<placeholders>, options, commands written after "studyctl") is set aside.
    @Test func helpIsInTheStudysLanguage() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Estudo", "--language", "pt-BR"])
        var commands: [[String]] = [[]]
        let top = try cli.succeed(["--help"])
        for line in top.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            if let name = line.split(separator: " ").first { commands.append([String(name)]) }
        }
        #expect(commands.count > 20, "\(top)")
        var said = ""
        for command in commands {
            let help = try cli.succeed(command + ["--help"])
            said += help
            for line in help.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") && command.count == 1 {
                if let name = line.split(separator: " ").first, !name.hasPrefix("-"), !name.hasPrefix("<") {
                    said += try cli.succeed(command + [String(name), "--help"])
                }
            }
        }
        let error = try cli.fail(["respond", "P1"]).stderr
        #expect(error.hasPrefix("Erro: Falta o argumento esperado"), "\(error)")
        said += error
        // The parser's other errors: arguments too many, an unknown or misspelt option, an option given a value it
        // does not take, a value that is none of the choices, a missing value.
        for wrong in [["codes", "import", "codes.csv"], ["status", "--bogus"], ["participant", "list", "--jsn"],
                      ["status", "--json=yes"], ["report", "--format", "nada"], ["init", "--title"]] {
            let message = try cli.fail(wrong).stderr
            #expect(message.hasPrefix("Erro: "), "\(wrong): \(message)")
            said += message
        }
        let syntax = said.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "studyctl [^\n]*", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\"[^\"\n]*\"", with: "", options: .regularExpression)
            .replacingOccurrences(of: "(?m)^  [a-z-]+( |$)", with: "", options: .regularExpression)  // the subcommands' names
            .replacingOccurrences(of: "Exemplos?( \\([^)]*\\))?:(.|\n)*?(\n\n|$)", with: "", options: .regularExpression)  // examples
            .replacingOccurrences(of: "\\(valores:[^)]*\\)", with: "", options: .regularExpression)  // an option's values
        let english = ForeignWordCheck.english(in: syntax)
        let lines = syntax.split(separator: "\n").filter { !ForeignWordCheck.english(in: String($0)).isEmpty }
        #expect(english.isEmpty, "\(Set(english).sorted())\n\(Set(lines).sorted().joined(separator: "\n"))")
        #expect(said.contains("OPÇÕES:") && said.contains("Mostra a ajuda."))
        #expect(said.contains("'html' ou 'latex'") && said.contains("Você quis dizer '--json'?") && said.contains("2 argumentos inesperados"))
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
