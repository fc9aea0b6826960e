import Foundation
import Testing

@Suite struct CodingCommandTests {
    func uitracking() throws -> StudyCtl {
        let cli = try StudyCtl()
        let data = Repository.path("datasets/uitracking")
        try cli.succeed(["init", "--title", "UITracking", "--language", "pt-BR"])
        try cli.succeed(["participant", "import", data + "/participants.csv"])
        try cli.succeed(["participant", "derive", "level", "--from", "years_ios", "--rule", "<2:Iniciante,<=3:Intermediário,>3:Avançado"])
        #expect(try cli.succeed(["category", "import", data + "/categories.csv"]) == "Imported 9 categories from \(data)/categories.csv\n")
        #expect(try cli.succeed(["code", "import", data + "/coded_excerpts.csv", "--coder", "Autora"]).hasPrefix("Imported 54 codes on 54 new excerpts"))
        return cli
    }

    @Test func reproducesTheThesisCategorySharesAndCodesByLevel() throws {
        let cli = try uitracking()
        let freq = try cli.succeed(["codes", "freq"])
        #expect(freq.contains("Informações Insuficientes                             18             9  90%"))
        #expect(freq.contains("APIs especializadas                                    0             0   0%"))
        #expect(freq.contains("Share = participants who raised the category ÷ 10 participants interviewed (with a transcript or a code; '--denominator study' for all 10)."))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--by", "level", "--json"]).utf8)) as! [String: Any]
        #expect(json["groupOrder"] as? [String] == ["Iniciante", "Intermediário", "Avançado"], "levels in the rule's order")
        let rows = json["rows"] as! [[String: Any]]
        let firstGroup = try #require((rows[0]["groups"] as? [[String: Any]])?.first)
        #expect(firstGroup["name"] as? String == "Iniciante" && firstGroup["attribute"] as? String == "level", "each group names itself")
        let shares = Dictionary(uniqueKeysWithValues: rows.map { ($0["category"] as! String, ($0["overall"] as! [String: Any])["share"] as! Double) })
        #expect(shares["Informações Insuficientes"] == 0.9)
        #expect(shares["Interações com dispositivo"] == 0.5)
        #expect(shares["Aprendizado Interativo"] == 0.2)
        let codebook = try cli.succeed(["codebook"])
        #expect(codebook.contains("APIs especializadas                             Myllärniemi et al. (2018)             0    never used"))
        let markdown = try cli.succeed(["codebook", "--format", "md"])
        #expect(markdown.contains("| Conceitualização | emergent | Conceitos teóricos gerais, como eventos e handlers. | 7 | 4 |"))
        #expect(try cli.succeed(["codes", "matrix", "--csv"]).hasPrefix("category,P1,P2,P3,P4,P5,P6,P7,P8,P9,P10\nCapacidades da API,0,0,0,0,0,0,0,0,2,1\n"))
        #expect(try cli.succeed(["codes", "cooccur"]).contains("C2  Informações Insuficientes"))
        let list = try cli.succeed(["code", "list", "--participant", "P2", "--by", "level"])
        #expect(list.contains("P2           Iniciante  seria legal pra mim se tivesse vídeo"))
    }

    @Test func codingFromTheCommandLineWithTranscriptMemosAndMerge() throws {
        let cli = try uitracking()
        try cli.write("p4.txt", "Senti falta de um direcionamento das interações possíveis na documentação, tipo piscar os olhos, olhar pra cima.\n")
        #expect(try cli.succeed(["transcript", "add", "P4", "p4.txt"]).hasPrefix("Stored the transcript of P4"))
        #expect(try cli.succeed(["transcript", "show", "P4"]).hasPrefix("Senti falta de um direcionamento"))
        let stored = try cli.succeed(["code", "add", "P4", "--excerpt", "Senti falta de um direcionamento das interações possíveis",
                                      "--code", "falta de um direcionamento das interações", "--category", "Interações com dispositivo",
                                      "--coder", "Autora", "--memo", "Pede um guia de gestos."])
        #expect(stored.contains("(transcript characters 0–57)"))
        let notFound = try cli.fail(["code", "add", "P4", "--excerpt", "faltou direcionamento das interações", "--code", "direcionamento",
                                     "--category", "Interações com dispositivo"])
        #expect(notFound.stderr.contains("The excerpt is not in P4's transcript; the closest passage is: \""))
        #expect(try cli.fail(["code", "add", "P4", "--excerpt", "olhar pra cima", "--code", "olhar para cima", "--category", "Interações com dispositivo"])
            .stderr.contains("does not occur in the excerpt"))
        #expect(try cli.succeed(["memo", "add", "--on", "category:Experiência em iOS", "Todos os iniciantes citaram UIKit."]).hasPrefix("Stored memo"))
        #expect(try cli.fail(["memo", "add", "--on", "category:Nada", "x"]).stderr.contains("No category 'Nada' in the codebook."))
        #expect(try cli.succeed(["category", "merge", "Aprendizado Interativo", "Informações Insuficientes"])
            .hasPrefix("Merged Aprendizado Interativo into Informações Insuficientes: 3 codes moved"))
        let memos = try cli.succeed(["memo", "list"])
        #expect(memos.contains("Pede um guia de gestos."))
        #expect(memos.contains("Merged category 'Aprendizado Interativo' (origin: emergent)"))
        #expect(try cli.succeed(["category", "add", "Tema documentação", "--origin", "emergent"]).contains("Added category"))
        #expect(try cli.succeed(["category", "add", "Guias", "--origin", "emergent", "--theme", "Tema documentação"]).contains("Added category"))
        #expect(try cli.succeed(["codebook", "--format", "csv"]).contains("Guias,,Tema documentação,emergent,0,0"))
    }

    @Test func secondCoderAgreementAndTriangulation() throws {
        let cli = try uitracking()
        try cli.succeed(["code", "import", Repository.path("datasets/uitracking/second_coder.csv")])
        let agreement = try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor"])
        #expect(agreement.contains("Agreement of Autora, Revisor on 54 excerpts coded by at least two of them"))
        #expect(agreement.contains("Overall                                            54        85%      0.817  [0.70, 0.93]             0.819  [0.71, 0.93]"), "\(agreement)")
        #expect(agreement.contains("α's 95% CI is Krippendorff's bootstrap (Hayes & Krippendorff 2007): 10000 resamples"))
        #expect(agreement.contains("Overall, the chance that α is below 0.800 is 41%, below 0.667 1%"))
        // Another seed draws other resamples: the interval is its own, and says its seed.
        #expect(try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--seed", "42"]).contains("seed 42 (--seed)"))
        // Without transcripts there is no text to unitize: refused, saying why.
        let noText = try cli.fail(["codes", "agreement", "--coders", "Autora,Revisor", "--unitizing"])
        #expect(noText.stderr.contains("unitizing α compares where in the text each coder marked a category"), "\(noText.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--json"]).utf8)) as! [String: Any]
        #expect(json["units"] as? Int == 54)
        // The seed is a UInt64: the JSON writer once recursed on it until the stack ran out.
        #expect(json["seed"] as? Int == 1)
        let interval = (json["overall"] as? [String: Any])?["alphaInterval"] as? [String: Any]
        #expect(interval?["pairs"] as? Int == 54)
        #expect((interval?["low"] as? Double).map { abs($0 - 0.7058) < 0.0001 } == true)
        #expect(try cli.fail(["codes", "agreement", "--coders", "Autora,Ninguém"]).stderr.contains("No coder 'Ninguém'"))
        let several = try cli.run(["codes", "freq"])
        #expect(several.stderr.contains("counting the codes of every coder (Autora, Revisor); choose one with --coder"))

        try cli.succeed(["responses", "import", Repository.path("datasets/uitracking/pssuq_answers.csv"), "--instrument", "pssuq",
                         "--participant-column", "Participante", "--orientation", "inverted"])
        let triangulation = try cli.succeed(["codes", "triangulate", "--instrument", "pssuq", "--score", "InfoQual", "--coder", "Autora"])
        #expect(triangulation.contains("Informações Insuficientes                                  9             2.52          1          1.67        0.85"), "\(triangulation)")
    }

    @Test func badCodingInputChangesNothing() throws {
        let cli = try uitracking()
        try cli.write("bad.csv", "participant,code,category\nP1,algo,Inexistente\nP77,algo,Conceitualização\n")
        let result = try cli.fail(["code", "import", "bad.csv"])
        #expect(result.stderr.contains("bad.csv:2:1: No category 'Inexistente' in the codebook"))
        #expect(result.stderr.contains("bad.csv:3:1: no participant 'P77' in the study"))
        try cli.write("latin1.txt", Data([0x61, 0x0A, 0x62, 0xE9, 0x0A]))
        #expect(try cli.fail(["transcript", "add", "P1", "latin1.txt"]).stderr.contains("latin1.txt:2:2: the file is not valid UTF-8 (byte 0xE9"))
        #expect(try cli.fail(["category", "import", Repository.path("datasets/uitracking/categories.csv")]).stderr
            .contains("the codebook already has a category 'Capacidades da API'"))
        #expect(try cli.fail(["code", "move", "999", "--to", "Conceitualização"]).stderr.contains("No code 999 in this study"))
    }

    /// Unitizing α on the demo's UITracking study, whose transcripts both coders coded: they share their spans and
    /// differ only in categories, so uα is high but below 1.
    @Test func unitizingAlphaOverTheTranscripts() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "-o", "out"])
        let text = try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--unitizing", "--db", "out/uitracking/uitracking.sqlite"])
        #expect(text.contains("Unitizing agreement of Autora, Revisor over 10 transcripts"), "\(text)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--unitizing", "--json",
                                                                                "--db", "out/uitracking/uitracking.sqlite"]).utf8)) as! [String: Any]
        let overall = try #require(json["alpha"] as? Double)
        #expect(abs(overall - 0.819) < 0.0005, "\(json)")
        #expect((json["categories"] as? [[String: Any]])?.count == 8)
        // MAXQDA's three levels on the same study: the coders share their spans, so the segment level equals the
        // share of excerpts they put in the same category (85 %, as `codes agreement` says).
        let levels = try cli.succeed(["codes", "agreement", "--coders", "Autora,Revisor", "--levels", "--db", "out/uitracking/uitracking.sqlite"])
        let segmentLine = levels.split(separator: "\n").first { $0.hasPrefix("Segments overlapping by 90 % or more") }.map { $0.split(separator: " ").suffix(3).map(String.init) }
        #expect(segmentLine == ["108", "92", "85%"], "\(levels)")
        #expect(try cli.fail(["codes", "agreement", "--coders", "Autora,Revisor", "--levels", "--overlap", "0", "--db", "out/uitracking/uitracking.sqlite"],
                             study: "out/uitracking/uitracking.sqlite").stderr.contains("--overlap"))
    }
}
