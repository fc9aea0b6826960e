import Foundation
import Testing

/// `export sav` and `export dta`, read back by the libraries SPSS users' tools read them with: pyreadstat (ReadStat,
/// as JASP does) and R's haven.
@Suite struct StatisticsExportTests {
    /// A virtual environment with pyreadstat, made once per machine; nil (with the reason printed) when it cannot be.
    static let pyreadstat: String? = {
        let venv = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pyreadstat-venv").path
        let python = venv + "/bin/python"
        if run(["/usr/bin/env", python, "-c", "import pyreadstat, pandas"]) == 0 { return python }
        guard run(["/usr/bin/env", "python3", "-m", "venv", venv]) == 0,
              run(["/usr/bin/env", python, "-m", "pip", "install", "--quiet", "pyreadstat", "pandas"]) == 0,
              run(["/usr/bin/env", python, "-c", "import pyreadstat, pandas"]) == 0 else {
            print("StatisticsExportTests: pyreadstat could not be installed in \(venv); the files are not read back by it")
            return nil
        }
        return python
    }()

    /// Rscript with haven (Debian's r-cran-haven, installed when missing and apt-get can); nil with the reason printed.
    static let haven: String? = {
        let check = ["/usr/bin/env", "Rscript", "-e", "library(haven)"]
        if run(check) == 0 { return "Rscript" }
        if getuid() == 0, run(["/usr/bin/env", "apt-get", "install", "-y", "-qq", "--no-install-recommends", "r-cran-haven"]) == 0, run(check) == 0 {
            return "Rscript"
        }
        print("StatisticsExportTests: R's haven (Debian r-cran-haven) is not installed and could not be; the files are not read back by R")
        return nil
    }()

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func output(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments): \(String(decoding: error, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    /// A pt-BR study: two participants with a level and an age, a questionnaire of a 5-point item labelled at its ends
    /// (N/A allowed), a choice, a number and an open answer, answered before and after ("pré", "pós"); P1 says N/A
    /// to item 1 after and leaves item 3 unanswered before; P3 answers nothing.
    func study(_ cli: StudyCtl) throws {
        try cli.succeed(["init", "--title", "Avaliação do aplicativo", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--attr", "nível=Iniciante", "--attr", "idade=31"])
        try cli.succeed(["participant", "add", "P2", "--attr", "nível=Experiente", "--attr", "idade=45"])
        try cli.succeed(["participant", "add", "P3", "--attr", "nível=Iniciante", "--attr", "idade=27"])
        try cli.write("opiniao.json", """
            {"id": "opiniao", "title": {"en": "Opinion", "pt-BR": "Opinião"}, "scoring": "mean", "allowsNA": true,
             "scale": {"points": 5, "anchors": {"pt-BR": {"1": "Discordo totalmente", "5": "Concordo totalmente"},
                                                "en": {"1": "Strongly disagree", "5": "Strongly agree"}}},
             "items": [
               {"number": 1, "text": {"en": "The app is easy to use", "pt-BR": "O aplicativo é fácil de usar"}},
               {"number": 2, "kind": "choice", "text": {"en": "Would you recommend it?", "pt-BR": "Você o recomendaria?"},
                "choices": [{"key": "sim", "label": {"en": "Yes", "pt-BR": "Sim"}}, {"key": "nao", "label": {"en": "No", "pt-BR": "Não"}}]},
               {"number": 3, "kind": "numeric", "min": 0, "max": 100, "text": {"en": "Effort (0-100)", "pt-BR": "Esforço (0 a 100)"}},
               {"number": 4, "kind": "text", "text": {"en": "Comments", "pt-BR": "Comentários"}}
             ]}
            """)
        try cli.succeed(["instrument", "add", "opiniao.json"])
        try cli.write("pre.csv", "participante,q1,q2,q3,q4\nP1,2,sim,,Difícil achar o menu\nP2,4,nao,35,\n")
        try cli.write("pos.csv", "participante,q1,q2,q3,q4\nP1,N/A,sim,20,Melhorou\nP2,5,sim,10,Ótimo\n")
        try cli.succeed(["responses", "import", "pre.csv", "--instrument", "opiniao", "--participant-column", "participante", "--occasion", "pré"])
        try cli.succeed(["responses", "import", "pos.csv", "--instrument", "opiniao", "--participant-column", "participante", "--occasion", "pós"])
    }

    @Test(.enabled(if: StatisticsExportTests.pyreadstat != nil, "pyreadstat and pandas could not be installed in a virtual environment"))
    func savIsReadBackWithEveryLabelMeasureAndMissingCode() throws {
        let cli = try StudyCtl(language: nil)
        try study(cli)
        let before = try cli.dump("study.sqlite")
        let out = try cli.succeed(["export", "sav", "estudo.sav"])
        #expect(out.contains("Gravado estudo.sav: 5 linhas"), "\(out)")
        // The mapping of names: each variable with its label and where it came from.
        #expect(out.contains("nivel") && out.contains("opiniao_q1") && out.contains("O aplicativo é fácil de usar"), "\(out)")
        #expect(try cli.dump("study.sqlite") == before)
        // Asked again without --force: refused, the file kept.
        let again = try cli.fail(["export", "sav", "estudo.sav"])
        #expect(again.stderr.contains("estudo.sav já existe"), "\(again.stderr)")
        let python = try #require(Self.pyreadstat)
        try cli.write("read.py", """
            import sys, json, pyreadstat
            df, meta = pyreadstat.read_sav(sys.argv[1], user_missing=True)
            print(json.dumps({
                "names": meta.column_names,
                "labels": meta.column_names_to_labels,
                "value_labels": {k: {str(int(v)): l for v, l in d.items()} for k, d in meta.variable_value_labels.items()},
                "measure": meta.variable_measure,
                "missing": {k: [r["lo"] for r in v] for k, v in meta.missing_ranges.items()},
                "file_label": meta.file_label,
                "rows": [[None if (isinstance(x, float) and x != x) else x for x in row] for row in df.astype(object).values.tolist()],
            }, ensure_ascii=False, default=str))
            """)
        let json = try Self.output([python, "read.py", "estudo.sav"], in: cli.folder)
        let meta = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let names = meta["names"] as! [String]
        #expect(names == ["participant", "nivel", "idade", "occasion", "opiniao_q1", "opiniao_q2", "opiniao_q3", "opiniao_q4", "opiniao_score"], "\(names)")
        let labels = meta["labels"] as! [String: String]
        #expect(labels["opiniao_q1"] == "O aplicativo é fácil de usar")
        #expect(labels["opiniao_q3"] == "Esforço (0 a 100)")
        #expect(labels["participant"] == "Participante" && labels["occasion"] == "Ocasião")
        let valueLabels = meta["value_labels"] as! [String: [String: String]]
        // Every scale point labelled, the unnamed ones by their number; the missing codes labelled too.
        #expect(valueLabels["opiniao_q1"] == ["1": "Discordo totalmente", "2": "2", "3": "3", "4": "4", "5": "Concordo totalmente",
                                              "-8": "não se aplica", "-9": "não respondido"], "\(valueLabels)")
        #expect(valueLabels["opiniao_q2"] == ["1": "Sim", "2": "Não", "-8": "não se aplica", "-9": "não respondido"])
        #expect(valueLabels["nivel"] == ["1": "Experiente", "2": "Iniciante"])
        #expect(valueLabels["occasion"] == ["1": "pré", "2": "pós"])
        let measure = meta["measure"] as! [String: String]
        #expect(measure["opiniao_q1"] == "ordinal" && measure["opiniao_q2"] == "nominal" && measure["opiniao_q3"] == "scale"
                && measure["opiniao_score"] == "scale" && measure["nivel"] == "nominal" && measure["idade"] == "scale", "\(measure)")
        let missing = meta["missing"] as! [String: [Double]]
        #expect(Set(missing["opiniao_q1"] ?? []) == [-8, -9] && Set(missing["opiniao_q3"] ?? []) == [-8, -9], "\(missing)")
        #expect(meta["file_label"] as? String == "Avaliação do aplicativo")
        let rows = meta["rows"] as! [[Any?]]
        func cell(_ row: Int, _ name: String) -> Any? { rows[row][names.firstIndex(of: name)!] }
        #expect(rows.count == 5)
        // P1 pré, P1 pós, P2 pré, P2 pós, P3 (nothing answered: one row, system missing).
        #expect(rows.map { $0[0] as? String } == ["P1", "P1", "P2", "P2", "P3"])
        #expect(cell(0, "opiniao_q3") as? Double == -9 && cell(1, "opiniao_q1") as? Double == -8 && cell(1, "opiniao_q3") as? Double == 20)
        #expect(cell(2, "opiniao_q2") as? Double == 2 && cell(0, "opiniao_q4") as? String == "Difícil achar o menu")
        #expect(cell(4, "opiniao_q1") == nil || cell(4, "opiniao_q1") is NSNull)
        #expect(cell(3, "occasion") as? Double == 2 && cell(3, "nivel") as? Double == 1 && cell(0, "idade") as? Double == 31)
    }

    @Test(.enabled(if: StatisticsExportTests.pyreadstat != nil, "pyreadstat and pandas could not be installed in a virtual environment"))
    func dtaCarriesExtendedMissingValuesAndLabels() throws {
        let cli = try StudyCtl(language: nil)
        try study(cli)
        try cli.succeed(["export", "dta", "estudo.dta"])
        let python = try #require(Self.pyreadstat)
        try cli.write("read.py", """
            import sys, json, pyreadstat
            df, meta = pyreadstat.read_dta(sys.argv[1], user_missing=True)
            print(json.dumps({
                "names": meta.column_names,
                "labels": meta.column_names_to_labels,
                "value_labels": {k: {str(v): l for v, l in d.items()} for k, d in meta.variable_value_labels.items()},
                "file_label": meta.file_label,
                "rows": [[str(x) for x in row] for row in df.astype(object).values.tolist()],
            }, ensure_ascii=False, default=str))
            """)
        let json = try Self.output([python, "read.py", "estudo.dta"], in: cli.folder)
        let meta = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let names = meta["names"] as! [String]
        #expect(names.contains("opiniao_q1") && names.contains("nivel"))
        #expect((meta["labels"] as! [String: String])["opiniao_q1"] == "O aplicativo é fácil de usar")
        let valueLabels = meta["value_labels"] as! [String: [String: String]]
        #expect(valueLabels["opiniao_q1"] == ["1": "Discordo totalmente", "2": "2", "3": "3", "4": "4", "5": "Concordo totalmente",
                                              "a": "não se aplica", "b": "não respondido"], "\(valueLabels)")
        #expect(meta["file_label"] as? String == "Avaliação do aplicativo")
        let rows = meta["rows"] as! [[String]]
        // pyreadstat gives Stata's extended missing values as their letters.
        #expect(rows[0][names.firstIndex(of: "opiniao_q3")!] == "b" && rows[1][names.firstIndex(of: "opiniao_q1")!] == "a", "\(rows)")
    }

    @Test(.enabled(if: StatisticsExportTests.haven != nil, "R's haven (Debian r-cran-haven) is not installed and could not be"))
    func havenReadsBothFiles() throws {
        _ = try #require(Self.haven)
        let cli = try StudyCtl(language: nil)
        try study(cli)
        try cli.succeed(["export", "sav", "estudo.sav"])
        try cli.succeed(["export", "dta", "estudo.dta"])
        try cli.write("read.R", """
            library(haven)
            s <- read_sav("estudo.sav", user_na = TRUE)
            cat("sav label:", attr(s$opiniao_q1, "label"), "\\n")
            cat("sav labels:", paste(names(attr(s$opiniao_q1, "labels")), attr(s$opiniao_q1, "labels"), sep = "=", collapse = "|"), "\\n")
            cat("sav na_values:", paste(attr(s$opiniao_q1, "na_values"), collapse = ","), "\\n")
            cat("sav q3 P1 pre:", is.na(s$opiniao_q3[1]), as.numeric(unclass(s$opiniao_q3[1])), "\\n")
            d <- read_dta("estudo.dta")
            cat("dta tags:", na_tag(d$opiniao_q3[1]), na_tag(d$opiniao_q1[2]), "\\n")
            cat("dta labels:", paste(names(attr(d$nivel, "labels")), collapse = "|"), "\\n")
            """)
        let out = try Self.output(["Rscript", "read.R"], in: cli.folder)
        #expect(out.contains("sav label: O aplicativo é fácil de usar"), "\(out)")
        #expect(out.contains("Discordo totalmente=1|2=2|3=3|4=4|Concordo totalmente=5") || out.contains("Concordo totalmente=5"), "\(out)")
        #expect(out.contains("sav na_values: -9,-8") || out.contains("sav na_values: -8,-9"), "\(out)")
        #expect(out.contains("sav q3 P1 pre: TRUE -9"), "\(out)")
        #expect(out.contains("dta tags: b a"), "\(out)")
        #expect(out.contains("dta labels: Experiente|Iniciante"), "\(out)")
    }

    /// UMUX-Lite answered once without an occasion, then "pré" and "pós" (P2's "pré" set unscorable, an item left
    /// unanswered); SUS once without an occasion. Each UMUX-Lite set is a row of its own, the set without an occasion
    /// too (occasion missing), never merged into an occasion's row; each item and score comes from its own set, the
    /// scores equal to `export csv`'s scores.csv, and the unscorable set has none. SUS repeats on each of P1's rows.
    @Test(.enabled(if: StatisticsExportTests.pyreadstat != nil, "pyreadstat and pandas could not be installed in a virtual environment"))
    func aSetWithoutOccasionOfAnInstrumentMeasuredOnOccasionsIsARowOfItsOwn() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Ocasiões", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("sus.csv", "participante,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10\nP1,4,2,4,1,4,2,5,1,4,2\n")
        try cli.write("umux.csv", "participante,q1,q2\nP1,5,5\nP2,3,4\nP3,1,1\n")
        try cli.write("pre.csv", "participante,q1,q2\nP1,7,7\nP2,2,\n")
        try cli.write("pos.csv", "participante,q1,q2\nP1,6,6\nP2,7,6\n")
        try cli.succeed(["responses", "import", "sus.csv", "--instrument", "sus", "--participant-column", "participante"])
        try cli.succeed(["responses", "import", "umux.csv", "--instrument", "umux-lite", "--participant-column", "participante"])
        try cli.succeed(["responses", "import", "pre.csv", "--instrument", "umux-lite", "--participant-column", "participante", "--occasion", "pré"])
        try cli.succeed(["responses", "import", "pos.csv", "--instrument", "umux-lite", "--participant-column", "participante", "--occasion", "pós"])
        let out = try cli.succeed(["export", "sav", "estudo.sav"])
        #expect(out.contains("Gravado estudo.sav: 7 linhas"), "\(out)")
        try cli.succeed(["export", "csv", "csv"])
        // scores.csv: participant,group,instrument,task,score,value,items_answered,items,occasion
        var expected: [String: Double] = [:]
        for line in try String(contentsOfFile: cli.path("csv/scores.csv"), encoding: .utf8).split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if cells[2] == "umux-lite", cells[4] == "UMUX-Lite" { expected["\(cells[0])|\(cells[8])"] = Double(cells[5]) }
        }
        #expect(expected.count == 6, "\(expected)")
        let python = try #require(Self.pyreadstat)
        try cli.write("read.py", """
            import sys, json, pyreadstat
            df, meta = pyreadstat.read_sav(sys.argv[1], user_missing=True)
            occasions = meta.variable_value_labels.get("occasion", {})
            print(json.dumps({
                "occasions": {str(int(v)): l for v, l in occasions.items()},
                "rows": [{"participant": r["participant"],
                          "occasion": "" if r["occasion"] != r["occasion"] else occasions[r["occasion"]],
                          "q1": None if r["umux_lite_q1"] != r["umux_lite_q1"] else r["umux_lite_q1"],
                          "q2": None if r["umux_lite_q2"] != r["umux_lite_q2"] else r["umux_lite_q2"],
                          "score": None if r["umux_lite_score"] != r["umux_lite_score"] else r["umux_lite_score"],
                          "sus": None if r["sus_score"] != r["sus_score"] else r["sus_score"]}
                         for _, r in df.iterrows()],
            }, ensure_ascii=False))
            """)
        let json = try Self.output([python, "read.py", "estudo.sav"], in: cli.folder)
        let meta = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect(meta["occasions"] as? [String: String] == ["1": "pré", "2": "pós"], "\(json)")
        let rows = meta["rows"] as! [[String: Any]]
        func key(_ row: [String: Any]) -> String { "\(row["participant"] as! String)|\(row["occasion"] as! String)" }
        #expect(rows.map(key) == ["P1|", "P1|pré", "P1|pós", "P2|", "P2|pré", "P2|pós", "P3|"], "\(json)")
        let answers: [String: [Double]] = ["P1|": [5, 5], "P1|pré": [7, 7], "P1|pós": [6, 6], "P2|": [3, 4], "P2|pré": [2, -9],
                                           "P2|pós": [7, 6], "P3|": [1, 1]]
        for row in rows {
            #expect([row["q1"] as? Double, row["q2"] as? Double] == answers[key(row)]?.map { Optional($0) }, "\(key(row)): \(row)")
            // A score only where its own set is scored (not P2's "pré"), the one scores.csv has.
            let score = row["score"] as? Double
            if let want = expected[key(row)] {
                #expect(score.map { abs($0 - want) < 1e-9 } == true, "\(key(row)): \(String(describing: score)) ≠ \(want)")
            } else {
                #expect(score == nil, "\(key(row)) has no scored set but a score \(String(describing: score))")
            }
            #expect((row["sus"] as? Double) == (key(row).hasPrefix("P1|") ? 82.5 : nil), "\(key(row)): \(row)")
        }
        #expect(expected["P2|pré"] == nil && expected["P1|"] != nil)
    }

    @Test func nothingToExportAndBadPathAreRefused() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Vazio"])
        let empty = try cli.fail(["export", "sav", "x.sav"])
        #expect(empty.stderr.contains("no participants"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.sav")))
        try cli.succeed(["participant", "add", "P1"])
        let bad = try cli.fail(["export", "dta", "missing/x.dta"])
        #expect(bad.stderr.contains("missing/x.dta"), "\(bad.stderr)")
    }
}
