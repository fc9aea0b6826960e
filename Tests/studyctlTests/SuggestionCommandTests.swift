import Foundation
import Testing

/// Suggested codings end to end: learnt on this computer or read from another model's file, pending until a person
/// decides, counted only once accepted, and measured like a coder — the figures checked against scikit-learn and
/// krippendorff on the same units.
@Suite struct SuggestionCommandTests {
    /// A virtual environment with scikit-learn and krippendorff (only those), made once per machine; nil (with the
    /// reason printed) when it cannot be.
    static let python: String? = {
        let venv = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-sklearn-venv").path
        let python = venv + "/bin/python"
        if StatisticsExportTests.run(["/usr/bin/env", python, "-c", "import sklearn, krippendorff"]) == 0 { return python }
        guard StatisticsExportTests.run(["/usr/bin/env", "python3", "-m", "venv", venv]) == 0,
              StatisticsExportTests.run(["/usr/bin/env", python, "-m", "pip", "install", "--quiet", "scikit-learn", "krippendorff"]) == 0,
              StatisticsExportTests.run(["/usr/bin/env", python, "-c", "import sklearn, krippendorff"]) == 0 else {
            print("SuggestionCommandTests: scikit-learn and krippendorff could not be installed in \(venv); the figures are not checked against them")
            return nil
        }
        return python
    }()

    static let categories: [(name: String, words: [String])] = [
        ("Navegação", ["menu", "botão", "tela inicial", "voltar", "aba lateral"]),
        ("Desempenho", ["lento", "demorou", "travou", "carregamento", "espera"]),
        ("Confiança", ["senha", "privacidade", "seguro", "dados pessoais", "confiar"]),
    ]

    /// A generated corpus with a known coding: 16 participants, 14 sentences each; each sentence names words of one
    /// category or of none. Returns, per participant, the transcript and each sentence's category (nil: none).
    static func corpus() -> [(participant: String, sentences: [(text: String, category: String?)])] {
        let openings = ["Eu achei que", "No começo", "Depois de um tempo", "Sinceramente", "Quando testei", "Na segunda tarefa", "Olha,"]
        var state: UInt64 = 11
        func below(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        return (1...16).map { p in
            let sentences = (0..<14).map { s -> (String, String?) in
                let opening = openings[below(openings.count)]
                let pick = below(6)
                if pick == 3 { return ("\(opening) a etapa \(s) correu normal para mim.", nil) }
                // Harder cases, so the model errs and the figures are not all 1: a category's words in an uncoded
                // sentence, and a sentence of one category naming a word of another.
                let (name, words) = categories[pick % 3]
                if pick == 4 { return ("\(opening) nem reparei no \(words[below(words.count)]) na etapa \(s).", nil) }
                let other = categories[(pick + 1) % 3].words
                let second = pick == 5 ? other[below(other.count)] : words[below(words.count)]
                return ("\(opening) o \(words[below(words.count)]) e o \(second) na etapa \(s).", name)
            }
            return ("P\(p)", sentences)
        }
    }

    /// The generated study: `ana` coded P1–P8 as the known coding says, `bea` every participant.
    func generatedStudy() throws -> (StudyCtl, [String: String]) {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Sugestões", "--language", "pt-BR"])
        for category in Self.categories { try cli.succeed(["category", "add", category.name, "--origin", "emergent"]) }
        var rows = "participant,excerpt,code,category,coder\n"
        var known: [String: String] = [:]
        for (index, interview) in Self.corpus().enumerated() {
            try cli.succeed(["participant", "add", interview.participant])
            let file = try cli.write("\(interview.participant).txt", interview.sentences.map(\.text).joined(separator: " ") + "\n")
            try cli.succeed(["transcript", "add", interview.participant, file])
            for (text, category) in interview.sentences {
                known[text] = category ?? ""
                guard let category else { continue }
                let quoted = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                rows += "\(interview.participant),\(quoted),\(quoted),\(category),bea\n"
                if index < 8 { rows += "\(interview.participant),\(quoted),\(quoted),\(category),ana\n" }
            }
        }
        try cli.succeed(["code", "import", try cli.write("codings.csv", rows), "--descriptive"])
        return (cli, known)
    }

    @Test func localSuggestionsArePendingUntilAPersonDecidesAndCountOnlyOnceAccepted() throws {
        let (cli, _) = try generatedStudy()
        let freqBefore = try cli.succeed(["codes", "freq", "--json"])
        let out = try cli.succeed(["code", "suggest", "--from", "ana", "--min-confidence", "0.6"])
        #expect(out.contains("logistic regression: macro F1"), "\(out)")
        #expect(out.contains("naive Bayes: macro F1"), "\(out)")
        #expect(out.contains("which cross-validated better"), "\(out)")
        #expect(try cli.succeed(["codes", "freq", "--json"]) == freqBefore, "pending suggestions count nowhere")
        let list = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "suggestions", "list", "--json"]).utf8)) as! [String: Any]
        let pending = list["suggestions"] as! [[String: Any]]
        #expect(pending.count > 20)
        #expect(pending.allSatisfy { ($0["status"] as? String) == "pending" && !(($0["rationale"] as? String) ?? "").isEmpty })
        // P9–P16 are ana's uncoded participants: their units are suggested for; ana's coded sentences are not.
        #expect(pending.contains { ($0["participant"] as? String) == "P12" })
        let first = pending[0]
        let id = "\(first["id"] as! Int)"
        let category = first["category"] as! String

        // Accepting makes it the accepting person's coding; codes freq counts it under that person.
        let accepted = try cli.succeed(["code", "suggestions", "accept", id, "--coder", "carla"])
        #expect(accepted.contains("To undo: studyctl code suggestions undo \(id)"))
        let carla = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "freq", "--coder", "carla", "--json"]).utf8)) as! [String: Any]
        let carlaRows = carla["rows"] as! [[String: Any]]
        let counted = carlaRows.first { ($0["category"] as? String) == category }
        #expect(((counted?["overall"] as? [String: Any])?["segments"] as? Int) == 1, "\(carlaRows)")
        let codes = try cli.succeed(["code", "list", "--coder", "carla"])
        #expect(codes.contains(category))
        #expect(try cli.fail(["code", "suggestions", "accept", id, "--coder", "carla"]).stderr.contains("already accepted"))
        #expect(try cli.fail(["code", "suggestions", "reject", "\(pending[1]["id"] as! Int)", "--coder", "suggested"]).stderr.contains("suggester"))
        #expect(try cli.fail(["code", "add", "P12", "--excerpt", "Olha", "--code", "Olha", "--category", category, "--coder", "suggested"]).stderr.contains("suggester"))

        // Undo: pending again, the coding gone.
        #expect(try cli.succeed(["code", "suggestions", "undo", id]).contains("pending again"))
        #expect(try cli.succeed(["codes", "freq", "--json"]) == freqBefore)
        try cli.succeed(["code", "suggestions", "reject", id, "--coder", "carla"])
        let rejected = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "suggestions", "list", "--status", "rejected", "--json"]).utf8)) as! [String: Any]
        #expect((rejected["suggestions"] as! [[String: Any]]).map { "\($0["id"] as! Int)" } == [id])
        #expect(try cli.succeed(["codes", "freq", "--json"]) == freqBefore, "a rejected suggestion counts nowhere")

        // Suggesting again replaces the pending ones under new numbers: a number printed once never names another.
        let before = Set(pending.map { $0["id"] as! Int })
        try cli.succeed(["code", "suggest", "--from", "ana", "--min-confidence", "0.3"])
        let again = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "suggestions", "list", "--json"]).utf8)) as! [String: Any]
        let renewed = (again["suggestions"] as! [[String: Any]]).map { $0["id"] as! Int }
        #expect(!renewed.isEmpty && renewed.allSatisfy { !before.contains($0) }, "\(renewed.prefix(5)) reuses \(before.sorted().prefix(5))")

        // The report's methods (in the study's language, pt-BR) say what was suggested, how it was validated, and
        // that a person decided every coding.
        try cli.succeed(["report", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains("por um classificador de texto treinado neste computador com as codificações de ana"), "\(report)")
        #expect(report.contains("validação cruzada em 5 partes (STONE, 1974)"))
        #expect(report.contains("uma pessoa aceitou 0 e rejeitou 1"))
        #expect(report.contains("uma pessoa decidiu cada codificação deste relatório"))
    }

    @Test func anOutsideModelsFileIsCheckedAgainstTheTranscriptAndRefusedAtItsBadLine() throws {
        let (cli, _) = try generatedStudy()
        let interview = Self.corpus()[10]
        let good = interview.sentences[0].text
        let json = """
            {"suggestions": [
              {"participant": "P11", "passage": \(String(reflecting: good)), "category": "Navegação", "score": 0.91,
               "rationale": "fala do menu", "model": "llama-3.1-8b", "prompt_hash": "9f2c", "time": "2026-11-29T10:00:00Z"},
              {"participant": "P11",
               "passage": "uma frase que ninguém disse", "category": "Desempenho", "score": 0.7}
            ]}
            """
        let file = try cli.write("sugestoes.json", json)
        let refused = try cli.fail(["code", "suggest", "--import", file])
        #expect(refused.stderr.contains("sugestoes.json:4"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is not in P11's transcript"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("sugestoes.json:2"), "the good line is not blamed")

        let csv = "participant,passage,category,score,rationale,model,prompt_hash,time\n"
            + "P11,\"\(good)\",Navegação,0.91,fala do menu,llama-3.1-8b,9f2c,2026-11-29T10:00:00Z\n"
            + "P11,\"\(good)\",Inexistente,0.5,,,,\n"
        let bad = try cli.fail(["code", "suggest", "--import", try cli.write("sugestoes.csv", csv)])
        #expect(bad.stderr.contains("sugestoes.csv:3"), "\(bad.stderr)")
        #expect(bad.stderr.contains("no category 'Inexistente'"), "\(bad.stderr)")

        let fixed = try cli.write("ok.json", json.replacingOccurrences(of: "uma frase que ninguém disse", with: interview.sentences[1].text))
        #expect(try cli.succeed(["code", "suggest", "--import", fixed, "--as", "llm"]).contains("Stored 2 suggestions of llm on 2 passages"))
        let list = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "suggestions", "list", "--suggester", "llm", "--json"]).utf8)) as! [String: Any]
        let first = (list["suggestions"] as! [[String: Any]])[0]
        #expect(first["model"] as? String == "llama-3.1-8b" && first["promptHash"] as? String == "9f2c" && first["suggested"] as? String == "2026-11-29T10:00:00Z")
        #expect(first["text"] as? String == good)
    }

    /// `codes agreement --coders PERSON,suggested` equals scikit-learn's cohen_kappa_score and
    /// precision_recall_fscore_support and krippendorff's alpha on the same units: the stored suggestions against a
    /// second person who coded everything, and the cross-validation against the training coder.
    @Test(.enabled(if: SuggestionCommandTests.python != nil, "scikit-learn and krippendorff could not be installed in a venv"))
    func agreementEqualsScikitLearnAndKrippendorffOnAGeneratedCorpus() throws {
        let (cli, known) = try generatedStudy()
        try cli.succeed(["code", "suggest", "--from", "ana"])
        let stored = try cli.succeed(["codes", "agreement", "--coders", "bea,suggested", "--json"])
        let crossValidated = try cli.succeed(["codes", "agreement", "--coders", "ana,suggested", "--json"])
        let only = try cli.succeed(["codes", "agreement", "--coders", "bea,suggested", "--suggested-only", "--json"])
        let list = try cli.succeed(["code", "suggestions", "list", "--status", "all", "--json"])
        let knownJSON = String(decoding: try JSONSerialization.data(withJSONObject: known), as: UTF8.self)
        try check(cli, ["stored.json": stored, "cv.json": crossValidated, "only.json": only, "list.json": list, "known.json": knownJSON])
        let text = try cli.succeed(["codes", "agreement", "--coders", "ana,suggested"])
        #expect(text.contains("cross-validated on ana's"), "\(text)")
        #expect(text.contains("Learning curve"), "\(text)")
        #expect(text.contains("A person decided every coding"), "\(text)")
        // The suggestions were made on units ana had not coded: the comparison says so, and recall and F1 are "–".
        #expect(text.contains("The person coded none of these units"), "\(text)")
        let overall = try #require(text.split(separator: "\n").first { $0.hasPrefix("Overall") }, "\(text)")
        #expect(overall.hasSuffix("–"), "\(overall)")
    }

    /// The same on the UITracking demo study: the local model learnt from the author's 54 codings, cross-validated,
    /// and its stored suggestions against the second coder.
    @Test(.enabled(if: SuggestionCommandTests.python != nil, "scikit-learn and krippendorff could not be installed in a venv"))
    func agreementEqualsScikitLearnOnTheDemoStudy() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "-o", cli.path("demo")])
        let study = cli.path("demo/uitracking/uitracking.sqlite")
        try cli.succeed(["code", "suggest", "--from", "Autora", "--min-confidence", "0.5", "--db", study])
        let crossValidated = try cli.succeed(["codes", "agreement", "--coders", "Autora,suggested", "--json", "--db", study])
        let stored = try cli.succeed(["codes", "agreement", "--coders", "Revisor,suggested", "--json", "--db", study])
        let list = try cli.succeed(["code", "suggestions", "list", "--status", "all", "--json", "--db", study])
        let json = try JSONSerialization.jsonObject(with: Data(crossValidated.utf8)) as! [String: Any]
        let validation = try #require(json["crossValidation"] as? [String: Any])
        #expect(validation["units"] as? Int ?? 0 >= 54)
        try check(cli, ["stored.json": stored, "cv.json": crossValidated, "only.json": stored, "list.json": list, "known.json": "{}"])
    }

    /// Runs the Python reference over the command's JSON: every figure equal to scikit-learn's and krippendorff's.
    func check(_ cli: StudyCtl, _ files: [String: String]) throws {
        for (name, text) in files { try cli.write(name, text) }
        let script = try cli.write("reference.py", Self.reference)
        let python = try #require(Self.python)
        let result = try StatisticsExportTests.output([python, script], in: cli.folder)
        #expect(result.hasSuffix("ok\n"), "\(result)")
    }

    static let reference = #"""
        import json, math, sys
        import krippendorff
        from sklearn.metrics import cohen_kappa_score, precision_recall_fscore_support

        def close(a, b, what):
            if a is None or (isinstance(a, float) and math.isnan(a)):
                assert b is None or (isinstance(b, float) and math.isnan(b)), f"{what}: studyctl {a}, reference {b}"
                return
            assert b is not None and not math.isnan(b) and abs(a - b) < 1e-9, f"{what}: studyctl {a}, reference {b}"

        def alpha(t, p):
            if len(set(t) | set(p)) < 2:
                return None
            return krippendorff.alpha(reliability_data=[t, p], level_of_measurement="nominal")

        def kappa(t, p):
            if len(set(t) | set(p)) < 2:
                return None
            return cohen_kappa_score(t, p)

        def compare(lines, person, predicted, where):
            checked = 0
            for line in lines:
                c = line["category"]
                t = [int(c in x) for x in person]
                p = [int(c in x) for x in predicted]
                assert line["units"] == len(t), where
                close(line["kappa"], kappa(t, p), f"{where} {c} kappa")
                close(line["alpha"], alpha(t, p), f"{where} {c} alpha")
                pr, rc, f1, _ = precision_recall_fscore_support(t, p, average="binary", zero_division=0)
                close(line["precision"], float(pr), f"{where} {c} precision")
                close(line["recall"], float(rc), f"{where} {c} recall")
                close(line["f1"], float(f1), f"{where} {c} f1")
                checked += 1
            return checked

        known = json.load(open("known.json"))
        listed = json.load(open("list.json"))["suggestions"]
        by_unit = {}
        for s in listed:
            by_unit.setdefault((s["participant"], s["transcript"], s["start"], s["end"]), set()).add(s["category"])
        checked = 0
        for name in ["stored.json", "only.json"]:
            doc = json.load(open(name))
            units = doc["units"]
            for u in units:
                # The suggester's categories are those listed for the unit; the person's, where the coding is known, the known one.
                assert set(u["suggested"]) == by_unit.get((u["participant"], u["transcript"], u["start"], u["end"]), set()), u
                if u["text"] in known:
                    assert set(u["person"]) == ({known[u["text"]]} - {""}), u
            if doc["suggestedOnly"]:
                assert all(u["suggested"] for u in units)
            checked += compare(doc["categories"], [set(u["person"]) for u in units], [set(u["suggested"]) for u in units], name)
        cv = json.load(open("cv.json"))["crossValidation"]
        predictions = cv["predictions"]
        folds = {}
        for p in predictions:
            key = " ".join(p["text"].lower().split())
            assert folds.setdefault(key, p["fold"]) == p["fold"], f"one text in two folds: {p['text']}"
        checked += compare(cv["categories"], [set(p["person"]) for p in predictions], [set(p["predicted"]) for p in predictions], "cv")
        assert checked > 0
        print("ok")
        """#
}
