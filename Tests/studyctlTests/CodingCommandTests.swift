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
        #expect(freq.contains("Share = participants who raised the category ÷ 10 participants interviewed (with an interview transcript or a code; session logs are not interviews; '--denominator study' for all 10)."))
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

    /// `codes agreement` says what its figures compared: excerpts both coders coded with the same bounds, out of
    /// all they coded; and what it left out: per coder, excerpts that coder alone coded, and those bounded otherwise
    /// (overlapping the other coder's excerpt). Where less than half is compared it points to --levels and
    /// --unitizing. The same lines in the JSON, in the study's language (pt-BR), in the report and the workbook.
    @Test func agreementSaysWhatItComparedAndWhatItLeftOut() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Limites", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("p1.txt", "O menu some quando eu rolo a tela. A busca não acha nada. O botão de voltar fica escondido. Gostei das cores.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        for category in ["Navegação", "Busca"] { try cli.succeed(["category", "add", category, "--origin", "emergent"]) }
        func code(_ excerpt: String, _ category: String, _ coder: String) throws {
            try cli.succeed(["code", "add", "P1", "--excerpt", excerpt, "--code", excerpt, "--category", category, "--coder", coder])
        }
        try code("O menu some", "Navegação", "Ana")                     // both, the same bounds: compared
        try code("O menu some", "Navegação", "Bruno")
        try code("A busca não acha nada", "Busca", "Ana")               // overlapping, other bounds
        try code("busca não acha", "Busca", "Bruno")
        try code("O botão de voltar fica escondido", "Navegação", "Ana") // Ana's only
        try code("Gostei das cores", "Navegação", "Bruno")               // Bruno's only

        let text = try cli.succeed(["codes", "agreement", "--coders", "Ana,Bruno"])
        #expect(text.contains("""
            Agreement of Ana, Bruno on 1 excerpt coded by at least two of them
            Compared: 1 of the 5 excerpts Ana and Bruno coded (20%), those both coded with the same bounds.
            Left out: 1 excerpt coded by Ana only; 1 excerpt coded by Bruno only; 2 excerpts with other bounds (overlapping another coder's excerpt without matching it).
            Fewer than half of these excerpts are compared: where the coders bounded their passages differently, 'codes agreement --levels' (segments overlapping) or '--unitizing' (character by character) compares where each marked a category.
            """), "\(text)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "agreement", "--coders", "Ana,Bruno", "--json"]).utf8)) as! [String: Any]
        let coverage = try #require(json["coverage"] as? [String: Any])
        #expect(coverage["excerpts"] as? Int == 5 && coverage["compared"] as? Int == 1 && coverage["otherBounds"] as? Int == 2)
        #expect(coverage["comparedShare"] as? Double == 0.2 && coverage["fewCompared"] as? Bool == true)
        let leftOut = try #require(coverage["leftOut"] as? [[String: Any]])
        #expect(leftOut.map { $0["coder"] as? String } == ["Ana", "Bruno"])
        #expect(leftOut.map { $0["onlyThisCoder"] as? Int } == [1, 1] && leftOut.map { $0["otherBounds"] as? Int } == [1, 1])

        // In the study's language.
        let pt = try cli.succeed(["codes", "agreement", "--coders", "Ana,Bruno"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        let lines = [
            "Comparados: 1 dos 5 trechos que Ana e Bruno codificaram (20 %), os que ambos codificaram com os mesmos limites.",
            "Deixados de fora: 1 trecho codificado só por Ana; 1 trecho codificado só por Bruno; 2 trechos com outros limites (sobrepostos a um trecho de outro codificador sem coincidir com ele).",
            "Menos da metade desses trechos é comparada: onde os codificadores delimitaram as passagens de outro modo, 'codes agreement --levels' (segmentos sobrepostos) ou '--unitizing' (caractere a caractere) compara onde cada um marcou uma categoria.",
        ]
        #expect(pt.contains(lines.joined(separator: "\n")), "\(pt)")
        #expect(ForeignWordCheck.english(in: lines.joined(separator: "\n")).isEmpty)
        // The report says it beside the table; the workbook and the CSV files count it per coder.
        try cli.succeed(["report", "-o", "r"])
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        for line in lines { #expect(report.contains(line), "\(line)") }
        try cli.succeed(["export", "csv", "c"])
        let csv = try String(contentsOfFile: cli.path("c/agreement_excerpts.csv"), encoding: .utf8)
        #expect(csv == """
            excerpts,coder,count,share
            compared,"Ana, Bruno",1,0.2
            one_coder,Ana,1,0.2
            one_coder,Bruno,1,0.2
            other_bounds,Ana,1,0.2
            other_bounds,Bruno,1,0.2
            all,"Ana, Bruno",5,1.0

            """, "\(csv)")

        // Once Bruno codes the passages as Ana bounded them, and Ana his, nothing is left out and nothing pointed to.
        try code("A busca não acha nada", "Busca", "Bruno")
        try code("O botão de voltar fica escondido", "Navegação", "Bruno")
        try code("Gostei das cores", "Busca", "Ana")
        try cli.succeed(["code", "remove", try #require(try codeID(cli, "busca não acha", coder: "Bruno"))])
        let all = try cli.succeed(["codes", "agreement", "--coders", "Ana,Bruno"])
        #expect(all.contains("Compared: 4 of the 4 excerpts Ana and Bruno coded (100%), those both coded with the same bounds.\nLeft out: none.\n"), "\(all)")
        #expect(!all.contains("--levels"))
    }

    func codeID(_ cli: StudyCtl, _ code: String, coder: String) throws -> String? {
        let list = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--coder", coder, "--json"]).utf8)) as! [String: Any]
        return ((list["codes"] as? [[String: Any]])?.first { $0["code"] as? String == code }?["id"] as? Int).map(String.init)
    }

    @Test func badCodingInputChangesNothing() throws {
        let cli = try uitracking()
        try cli.write("bad.csv", "participant,code,category\nP1,algo,Inexistente\nP77,algo,Conceitualização\n")
        let result = try cli.fail(["code", "import", "bad.csv"])
        #expect(result.stderr.contains("bad.csv:2:1: No category 'Inexistente' in the codebook"))
        #expect(result.stderr.contains("bad.csv:3:1: no participant 'P77' in the study"))
        // Latin-1 and Windows-1252 text is read (TranscriptCommandTests); a byte neither defines is refused where it is.
        try cli.write("bytes.txt", Data([0x61, 0x0A, 0x62, 0x81, 0x0A]))
        #expect(try cli.fail(["transcript", "add", "P1", "bytes.txt"]).stderr.contains("bytes.txt:2:2: byte 0x81 is neither UTF-8 nor Windows-1252 text"))
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

    /// A code in two categories (as a code under two parents in QualCoder or MAXQDA): `code category add` puts it in
    /// one more and prints the line that takes it back; `code list --category THEME` lists the theme's sub-categories'
    /// codes too, as the Quotes tab does. Wording in both languages.
    @Test(arguments: ["en", "pt-BR"])
    func aCodeInTwoCategoriesAndAThemesCodes(_ language: String) throws {
        let cli = try StudyCtl(language: language)
        try cli.succeed(["init", "--title", "Banco", "--language", language])
        try cli.succeed(["participant", "add", "P1"])
        try cli.write("p1.txt", "Achei o extrato confuso. Os empréstimos aparecem em todo lugar.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["category", "add", "Confiança", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent", "--theme", "Confiança"])
        try cli.succeed(["category", "add", "Ofertas", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Achei o extrato confuso", "--code", "extrato confuso", "--category", "Navegação"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Os empréstimos aparecem em todo lugar", "--code", "empréstimos", "--category", "Ofertas"])

        // The theme's codes are its sub-categories' too.
        let theme = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--category", "Confiança", "--json"]).utf8)) as? [String: Any])
        #expect((theme["codes"] as? [[String: Any]])?.map { $0["code"] as? String } == ["extrato confuso"], "\(theme)")
        let listed = try cli.run(["code", "list", "--category", "confiança"])
        #expect(listed.stdout.contains("extrato confuso") && !listed.stdout.contains("empréstimos"), "\(listed.stdout)")
        #expect(listed.stderr.contains(language == "en" ? "with its sub-categories: Navegação" : "com suas subcategorias: Navegação"), "\(listed.stderr)")

        // Code 2 in a second category, and back.
        let added = try cli.succeed(["code", "category", "add", "2", "Confiança"])
        #expect(added.contains(language == "en" ? "Code 2 is in category Confiança too." : "O código 2 está também na categoria Confiança."), "\(added)")
        #expect(added.contains(language == "en" ? "To undo: studyctl code category remove 2 Confiança" : "Para desfazer: studyctl code category remove 2 Confiança"), "\(added)")
        let code = try #require((try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [String: Any])?["codes"] as? [[String: Any]])
        #expect(code.first { $0["id"] as? Int == 2 }?["categories"] as? [String] == ["Confiança", "Ofertas"] || code.first { $0["id"] as? Int == 2 }?["categories"] as? [String] == ["Ofertas", "Confiança"], "\(code)")
        let freq = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--json"]).utf8)) as? [String: Any])
        let rows = try #require(freq["rows"] as? [[String: Any]])
        #expect(rows.first { $0["category"] as? String == "Ofertas" }.flatMap { ($0["overall"] as? [String: Any])?["segments"] as? Int } == 1, "\(rows)")
        // Twice is refused, as is taking away the only category; the study is unchanged.
        #expect(try cli.fail(["code", "category", "add", "2", "Ofertas"]).stderr.contains(language == "en" ? "already" : "já"))
        #expect(try cli.fail(["code", "category", "remove", "1", "Navegação"]).stderr.contains("code move"))
        let removed = try cli.succeed(["code", "category", "remove", "2", "Confiança"])
        #expect(removed.contains(language == "en" ? "To undo: studyctl code category add 2 Confiança" : "Para desfazer: studyctl code category add 2 Confiança"), "\(removed)")
        let after = try #require((try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [String: Any])?["codes"] as? [[String: Any]])
        #expect(after.first { $0["id"] as? Int == 2 }?["categories"] as? [String] == ["Ofertas"], "\(after)")
    }
}

@Suite struct SampleSizeCommandTests {
    /// UITracking's codes: 10 interviewed participants, 8 of the 9 categories raised, none by one participant only.
    /// By hand: p = 34/80 = 0.425; deflated (0.425 − 0.1)(0.9) = 0.2925; Good–Turing 0.425/(1 + 0/8) = 0.425;
    /// adjusted 0.35875; 1 − 0.64125¹⁰ = 0.98832; 8 / 0.98832 = 8.0945; 90 % takes ⌈ln 0.1 / ln 0.64125⌉ = ⌈5.18⌉ = 6.
    @Test func discoveryFromTheCodedInterviews() throws {
        let cli = try CodingCommandTests().uitracking()
        let text = try cli.succeed(["codes", "discovery"])
        #expect(text.contains("p adjusted (mean of the two; Lewis 2001)                  0.359"), "\(text)")
        #expect(text.contains("Participants to find 90%                                  6"))
        #expect(text.contains("With the adjusted p = 0.359 (Lewis 2001), these 10 participants are expected to have raised 99% of the categories there are (about 8.1); 90% takes 6 participants."))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "discovery", "--json", "--goal", "95"]).utf8)) as! [String: Any]
        let discovery = try #require(json["discovery"] as? [String: Any])
        #expect(abs((discovery["pAdjusted"] as! Double) - 0.35875) < 1e-12)
        #expect(discovery["foundOnce"] as? Int == 0)
        #expect(abs((json["expectedShareFound"] as! Double) - (1 - pow(0.64125, 10))) < 1e-12)
        #expect(json["participantsNeeded"] as? Int == 7)
        #expect((json["observedShares"] as? [Double])?.count == 10)
        // A theme narrows the matrix to its categories; an unknown one is refused, naming those there are.
        try cli.succeed(["category", "add", "Problemas de API", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Falta exemplo", "--origin", "emergent", "--theme", "Problemas de API"])
        let unknown = try cli.fail(["codes", "discovery", "--theme", "Bugs"])
        #expect(unknown.stderr.contains("No theme 'Bugs' in the codebook. Themes: Problemas de API."), "\(unknown.stderr)")
        #expect(try cli.fail(["codes", "discovery", "--theme", "Problemas de API"]).stderr.contains("discovery needs a category raised and two participants to estimate from (interviewed: 10; categories raised: 0)"))
        // The figure, whole, by its extension; a name without one of the three is refused before anything is read.
        let refused = try cli.fail(["codes", "discovery", "--figure", "curve.txt"])
        #expect(refused.stderr.contains("Please name the figure file with .png, .svg or .pdf: 'curve.txt'."))
        let noFolder = try cli.fail(["codes", "discovery", "--figure", "nowhere/curve.png"])
        #expect(noFolder.stderr.contains("No folder 'nowhere' to draw the figure nowhere/curve.png into."), "\(noFolder.stderr)")
        #expect(try cli.succeed(["codes", "discovery", "--figure", "curve.svg"]).contains("Wrote the figure to curve.svg"))
        let svg = try String(contentsOfFile: cli.path("curve.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"), "the text is drawn as glyphs, so only the file's kind is checked")
    }

    /// Counted from the coded excerpts, in participant order: P1 raises 4 categories, P2 1, P3 0, P4 1 → a base of 6;
    /// run 5–6 adds 1 (17 %), run 6–7 none → saturation at 5 interviews. Ordered by years of iOS (0.5, 1, 2, 2, 2, 2,
    /// 3, 3, 3.5, 8: P1 P2 P4 P6 P7 P8 P3 P5 P9 P10), the base is again 6 and saturation comes at 6.
    @Test func saturationInTheOrderTheInterviewsWereHeld() throws {
        let cli = try CodingCommandTests().uitracking()
        let text = try cli.succeed(["codes", "saturation"])
        #expect(text.contains("Code saturation (base 4, run 2, new information ≤ 5%)"))
        #expect(text.contains("Saturation at 5 interviews: interviews 6–7 raised 0 categories not raised before, 0% of the 6 in the base."), "\(text)")
        #expect(text.contains("Interviews in the participants' order (P1, P2, …; --order to choose an attribute)."))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "saturation", "--json"]).utf8)) as! [String: Any]
        #expect(json["saturatedAt"] as? Int == 5)
        #expect(json["baseCodes"] as? Int == 6)
        #expect(((json["interviews"] as? [[String: Any]])?.map { ($0["new"] as? [String])?.count ?? -1 }) == [4, 1, 0, 1, 1, 0, 0, 0, 1, 0])
        let ordered = try cli.succeed(["codes", "saturation", "--order", "years_ios", "--figure", "saturation.png"])
        #expect(ordered.contains("Saturation at 6 interviews: interviews 7–8 raised 0 categories"), "\(ordered)")
        #expect(ordered.contains("Interviews in the order of 'years_ios'."))
        #expect(FileManager.default.fileExists(atPath: cli.path("saturation.png")))
        // Stricter: every run of 4 after the base adds P5's or P9's category → no saturation, with the last run's numbers.
        let strict = try cli.succeed(["codes", "saturation", "--run", "4", "--threshold", "0"])
        #expect(strict.contains("No saturation within the 10 interviews held: the last run, interviews 7–10, raised 1 new category, 17% of the 6 in the base."), "\(strict)")
        // An order attribute some participants lack is refused, naming them.
        try cli.succeed(["participant", "add", "P11"])
        try cli.succeed(["code", "add", "P11", "--excerpt", "a documentação é fraca", "--code", "documentação é fraca", "--category", "Informações Insuficientes", "--coder", "Autora"])
        let missing = try cli.fail(["codes", "saturation", "--order", "years_ios"])
        #expect(missing.stderr.contains("Please give every interviewed participant a value of 'years_ios' to order the interviews by; without one: P11."), "\(missing.stderr)")
        #expect(try cli.fail(["codes", "saturation", "--base", "0"]).stderr.contains("Please give --base and --run as whole numbers of interviews, 1 or more."))
        #expect(try cli.fail(["codes", "saturation", "--base", "12"]).stderr.contains("Only 11 interviews were held: a base of 12 needs more. Please give a smaller --base."))
    }
}
