import Foundation
import Testing

/// `category set`, theme totals in `codes freq` and `codes matrix`, and each coder's own counts, through the binary.
@Suite struct CodebookCommandTests {
    /// The UITracking study with a theme over two of its categories and the second coder's codes.
    func themed(language: String = "en") throws -> StudyCtl {
        let cli = try StudyCtl(language: language)
        let data = Repository.path("datasets/uitracking")
        try cli.succeed(["init", "--title", "UITracking", "--language", language == "pt-BR" ? "pt-BR" : "en"])
        try cli.succeed(["participant", "import", data + "/participants.csv"])
        try cli.succeed(["category", "import", data + "/categories.csv"])
        try cli.succeed(["code", "import", data + "/coded_excerpts.csv", "--coder", "Autora"])
        try cli.succeed(["category", "add", "Documentação", "--origin", "emergent"])
        try cli.succeed(["category", "set", "Informações Insuficientes", "--theme", "Documentação"])
        try cli.succeed(["category", "set", "Exemplos de códigos e vídeos", "--theme", "Documentação"])
        return cli
    }

    @Test func categorySetChangesDefinitionOriginThemeAndNameAndRefusesACircle() throws {
        let cli = try themed()
        #expect(try cli.succeed(["category", "set", "Conceitualização", "--definition", "Conceitos gerais.", "--origin", "Nielsen (1994)",
                                 "--rename", "Conceitos"]) == "Changed category Conceitualização: definition changed; origin: Nielsen (1994); renamed to Conceitos\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.path("study.sqlite")))
        let circle = try cli.fail(["category", "set", "Documentação", "--theme", "Informações Insuficientes"])
        #expect(circle.stderr.contains("Documentação → Informações Insuficientes → Documentação"), "\(circle.stderr)")
        #expect(try cli.fail(["category", "set", "Nada", "--definition", "x"]).stderr.contains("No category 'Nada' in the codebook"))
        #expect(try cli.fail(["category", "set", "Conceitos"]).stderr.contains("Please give --definition, --origin, --theme or --rename."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("study.sqlite"))) == before, "refusals leave the study as it was")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codebook", "--format", "json"]).utf8)) as! [String: Any]
        let categories = json["categories"] as! [[String: Any]]
        let concepts = try #require(categories.first { $0["name"] as? String == "Conceitos" })
        #expect(concepts["definition"] as? String == "Conceitos gerais." && concepts["origin"] as? String == "Nielsen (1994)")
        #expect(try cli.succeed(["code", "list", "--participant", "P1"]).contains("Conceitos"), "the codes follow the new name")
        // An empty --theme takes the category out of its theme; an empty --definition removes it.
        try cli.succeed(["category", "set", "Exemplos de códigos e vídeos", "--theme", "", "--definition", ""])
        let csv = try cli.succeed(["codebook", "--format", "csv"])
        #expect(csv.contains("\nExemplos de códigos e vídeos,,,Myllärniemi et al. (2018),"))
    }

    @Test func themeTotalsCountEachParticipantOnce() throws {
        let cli = try themed()
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--json"]).utf8)) as! [String: Any]
        let rows = json["rows"] as! [[String: Any]]
        func participants(_ name: String) -> Int { ((rows.first { $0["category"] as? String == name })!["overall"] as! [String: Any])["participants"] as! Int }
        let insufficient = participants("Informações Insuficientes"), examples = participants("Exemplos de códigos e vídeos")
        let theme = try #require((json["themes"] as? [[String: Any]])?.first)
        let total = (theme["overall"] as! [String: Any])["participants"] as! Int
        // 9 + 5 participants in the two categories, five of them in both: the theme counts them once.
        #expect(insufficient == 9 && examples == 5)
        #expect(total == 9, "each participant once, not \(insufficient + examples)")
        #expect(theme["categories"] as? [String] == ["Informações Insuficientes", "Exemplos de códigos e vídeos", "Documentação"]
                || (theme["categories"] as? [String])?.count == 3)
        let table = try cli.succeed(["codes", "freq"])
        #expect(table.contains("Theme Documentação, in all"), "\(table)")
        #expect(table.contains("A theme's total counts the codes of the theme and of every category under it, each participant once"))
        let matrix = try cli.succeed(["codes", "matrix", "--presence", "--csv"])
        #expect(matrix.contains("\ntheme:Documentação,"))
        let themeRow = try #require(matrix.split(separator: "\n").first { $0.hasPrefix("theme:Documentação,") })
        #expect(themeRow.split(separator: ",").dropFirst().filter { $0 == "1" }.count == 9)
        // The report and the workbook's CSV carry the same total.
        try cli.succeed(["report", "-o", "out"])
        let report = try String(contentsOfFile: cli.path("out/report.md"), encoding: .utf8)
        #expect(report.contains("Theme Documentação, in all"), "the report's frequency table has the theme's total")
        try cli.succeed(["export", "csv", "exported"])
        let frequencies = try String(contentsOfFile: cli.path("exported/category_frequencies.csv"), encoding: .utf8)
        #expect(frequencies.contains("theme:Documentação,all,"))
    }

    @Test func countsPerCoderSayWhoseCountsTheyAre() throws {
        let cli = try themed()
        try cli.succeed(["code", "import", Repository.path("datasets/uitracking/second_coder.csv")])
        let codebook = try cli.succeed(["codebook"])
        #expect(codebook.contains("codes (Autora)") && codebook.contains("codes (Revisor)"), "\(codebook)")
        #expect(codebook.contains("Counts per coder: each coder's own codes and the participants they coded; the report counts Autora's (choose one with --coder)."))
        let line = try #require(codebook.split(separator: "\n").first { $0.hasPrefix("Informações Insuficientes") })
        #expect(line.contains(" 18 "), "Autora's 18 codes, as the report counts them: \(line)")
        let autora = try cli.succeed(["codebook", "--coder", "Autora"])
        #expect(autora.contains("Counts: Autora's codes."))
        let one = try #require(autora.split(separator: "\n").first { $0.hasPrefix("Informações Insuficientes") })
        #expect(one.contains(" 18 ") && one.contains(" 9"))
        let freq = try cli.succeed(["codes", "freq"])
        #expect(freq.contains("participants (Autora)") && freq.contains("participants (Revisor)"))
        #expect(freq.contains("Codes and participants count every coder's codes (Autora, Revisor)"))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--json"]).utf8)) as! [String: Any]
        #expect(json["coders"] as? [String] == ["Autora", "Revisor"])
        let chosen = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--coder", "Autora", "--json"]).utf8)) as! [String: Any]
        #expect(chosen["coders"] == nil || chosen["coders"] is NSNull, "one coder chosen: no per-coder counts")
    }

    @Test func inPortugueseEveryWordIsPortuguese() throws {
        let cli = try themed(language: "pt-BR")
        try cli.succeed(["code", "import", Repository.path("datasets/uitracking/second_coder.csv")])
        let set = try cli.succeed(["category", "set", "Conceitualização", "--definition", "", "--theme", "Documentação"])
        #expect(set == "Categoria Conceitualização alterada: definição removida; tema: Documentação\n", "\(set)")
        let freq = try cli.succeed(["codes", "freq"])
        #expect(freq.contains("Tema Documentação, no total") && freq.contains("participantes (Revisor)"), "\(freq)")
        #expect(!freq.contains("Theme") && !freq.contains("participants"))
        let codebook = try cli.succeed(["codebook"])
        #expect(codebook.contains("códigos (Autora)") && codebook.contains("Contagens por codificador"), "\(codebook)")
        let matrix = try cli.succeed(["codes", "matrix", "--coder", "Autora"])
        #expect(matrix.contains("Tema Documentação, no total") && matrix.contains("A linha de um tema"), "\(matrix)")
    }
}
