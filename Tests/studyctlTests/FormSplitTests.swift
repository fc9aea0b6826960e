import Foundation
import Testing

/// One form export holding several measurements (each participant answered the SUS once per prototype, before and
/// after): `responses import --condition-column` and `--occasion-column` store each row as the measurement its cells
/// name, exactly as the file split by level and imported once per level would be; a refused repeated row that
/// differs in a column looking like a condition proposes reading it; rows dropped by `--duplicates` stay in the
/// study and in the report's methods.
@Suite struct FormSplitTests {
    static let header = "Participante,Momento,Protótipo,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10"

    /// Participant `p`'s answers after prototype `level` at `moment`: odd items high and even ones low, by how much
    /// varying with all three, so no two measurements score alike.
    static func answers(_ p: Int, _ level: String, _ moment: String) -> String {
        let shift = (level == "A" ? 0 : 1) + (moment == "pré" ? 0 : 2)
        return (1...10).map { item in String(item % 2 == 1 ? 1 + (p + shift + item) % 5 : 1 + (p * 3 + shift * 2 + item) % 5) }
            .joined(separator: ",")
    }

    /// Four participants × prototypes A and B × occasions pré and pós, one row each; `levels` spells the cells.
    static func combined(levels: (String) -> String = { $0 }) -> String {
        var lines = [header]
        for p in 1...4 {
            for moment in ["pré", "pós"] {
                for level in ["A", "B"] {
                    lines.append("P0\(p),\(moment),\(levels(level)),\(answers(p, level, moment))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func study(_ language: String) throws -> StudyCtl {
        let cli = try StudyCtl(language: language)
        try cli.succeed(["init", "--title", "Protótipos", "--language", language])
        for p in 1...4 { try cli.succeed(["participant", "add", "P0\(p)"]) }
        try cli.succeed(["condition", "add", "protótipo", "--levels", "A,B"])
        return cli
    }

    static let sus = ["--instrument", "sus", "--participant-column", "Participante"]

    /// The split import's scores are those of the four parts imported one by one with --condition and --occasion.
    @Test(arguments: ["en", "pt-BR"])
    func aConditionColumnSplitsTheFileAsSeparateImportsWould(_ language: String) throws {
        let split = try study(language)
        // The cells spelled as people type them: the study's levels are A and B.
        try split.write("sus.csv", Self.combined { $0.lowercased() })
        let out = try split.succeed(["responses", "import", "sus.csv"] + Self.sus + ["--condition-column", "Protótipo", "--occasion-column", "Momento"])
        #expect(out.contains(language == "en" ? "Imported 16 sus response sets (160 answers)" : "16 conjuntos de respostas de sus importados (160 respostas)"), "\(out)")
        #expect(out.contains("1 ← 'Q1'") && !out.contains("'Protótipo'") && !out.contains("'Momento'"), "the columns are no items: \(out)")

        let parts = try study(language)
        for moment in ["pré", "pós"] {
            for level in ["A", "B"] {
                let rows = Self.combined().split(separator: "\n").dropFirst().filter { $0.contains(",\(moment),\(level),") }.map(String.init)
                try parts.write("part.csv", ([Self.header] + rows).joined(separator: "\n") + "\n")
                try parts.succeed(["responses", "import", "part.csv"] + Self.sus + ["--items-from", "Q1",
                                   "--condition", "protótipo=\(level)", "--occasion", moment])
            }
        }
        let scores = try split.succeed(["score", "sus", "--csv"])
        #expect(scores == (try parts.succeed(["score", "sus", "--csv"])), "\(scores)")
        #expect(scores.hasPrefix("participant,task,occasion,protótipo,group,SUS,"), "\(scores)")
        #expect(scores.split(separator: "\n").count == 17, "\(scores)")
        let within = try split.succeed(["score", "sus", "--within", "protótipo", "--compare", "--occasion", "pós", "--json"])
        #expect(within == (try parts.succeed(["score", "sus", "--within", "protótipo", "--compare", "--occasion", "pós", "--json"])))
        // Duplicates are judged per participant and measurement: the same file again is refused as a set that exists.
        let again = try split.fail(["responses", "import", "sus.csv"] + Self.sus + ["--condition-column", "Protótipo", "--occasion-column", "Momento"])
        #expect(again.stderr.contains(language == "en" ? "sus.csv:2:1: participant P01 already has sus answers (pré · protótipo=A)"
                                                       : "sus.csv:2:1: o participante P01 já tem respostas de sus (pré · protótipo=A)"), "\(again.stderr)")
        try split.succeed(["responses", "import", "sus.csv"] + Self.sus + ["--condition-column", "Protótipo", "--occasion-column", "Momento", "--replace"])
        #expect(try split.succeed(["score", "sus", "--csv"]) == scores)
    }

    /// An unknown level, an empty level cell and a column naming no condition are refused where they are
    /// (file:line:column), all at once, and the study is left as it was.
    @Test(arguments: ["en", "pt-BR"])
    func badLevelCellsAreRefusedWhereTheyAre(_ language: String) throws {
        let cli = try study(language)
        try cli.write("sus.csv", """
            Participante,Protótipo,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10
            P01,A,3,2,3,2,3,2,3,2,3,2
            P01,C,5,1,5,1,5,1,5,1,5,1
            P02,,4,3,4,3,4,3,4,3,4,3
            P02,C,4,3,4,3,4,3,4,3,4,3

            """)
        let bad = try cli.fail(["responses", "import", "sus.csv"] + Self.sus + ["--condition-column", "Protótipo"])
        if language == "en" {
            #expect(bad.stderr.contains("sus.csv:3:5: column 'Protótipo': 'C' is no level of condition protótipo, whose levels are A, B;"), "\(bad.stderr)")
            #expect(bad.stderr.contains("(2 cells in all)"), "\(bad.stderr)")
            #expect(bad.stderr.contains("sus.csv:4:5: the cell of column 'Protótipo' is empty; every row needs its level of protótipo (A, B)"), "\(bad.stderr)")
            #expect(bad.stderr.contains("2 problems; nothing was stored."), "\(bad.stderr)")
        } else {
            #expect(bad.stderr.contains("sus.csv:3:5: coluna 'Protótipo': 'C' não é nível da condição protótipo, cujos níveis são A, B;"), "\(bad.stderr)")
            #expect(bad.stderr.contains("(2 células ao todo)"), "\(bad.stderr)")
            #expect(bad.stderr.contains("sus.csv:4:5: a célula da coluna 'Protótipo' está vazia; cada linha precisa do seu nível de protótipo (A, B)"), "\(bad.stderr)")
        }
        // A column whose header names no condition: the condition add that would make its values one.
        try cli.write("v.csv", """
            Participante,Versão,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10
            P01,nova,3,2,3,2,3,2,3,2,3,2
            P01,antiga,5,1,5,1,5,1,5,1,5,1

            """)
        let unnamed = try cli.fail(["responses", "import", "v.csv"] + Self.sus + ["--condition-column", "Versão"])
        #expect(unnamed.stderr.contains(language == "en"
            ? "v.csv:1:14: column 'Versão' names no condition of this study (its conditions are protótipo); add it with its levels, 'studyctl condition add Versão --levels nova,antiga', or say which condition the column gives with --condition-column CONDITION=Versão"
            : "v.csv:1:14: a coluna 'Versão' não nomeia condição deste estudo (as suas condições: protótipo); acrescente-a com os seus níveis, 'studyctl condition add Versão --levels nova,antiga', ou diga qual condição a coluna dá com --condition-column CONDIÇÃO=Versão"),
            "\(unnamed.stderr)")
        let occasion = try cli.fail(["responses", "import", "sus.csv"] + Self.sus + ["--occasion-column", "Protótipo"])
        #expect(occasion.stderr.contains(language == "en" ? "sus.csv:4:5: the cell of column 'Protótipo' is empty; every row needs its occasion"
                                                          : "sus.csv:4:5: a célula da coluna 'Protótipo' está vazia; cada linha precisa da sua ocasião"), "\(occasion.stderr)")
        let both = try cli.fail(["responses", "import", "sus.csv"] + Self.sus + ["--occasion-column", "Protótipo", "--occasion", "pré"])
        #expect(both.stderr.contains(language == "en" ? "Please use either --occasion or --occasion-column, not both." : "--occasion-column"), "\(both.stderr)")
    }

    /// A participant's repeated rows that differ in a column looking like a condition (its header names one, or its
    /// cells are a condition's levels or the study's occasions) are not offered keep-first or keep-last.
    @Test(arguments: ["en", "pt-BR"])
    func theDuplicateHintProposesTheColumnThatLooksLikeACondition(_ language: String) throws {
        let cli = try study(language)
        let rows = "P01,A,3,2,3,2,3,2,3,2,3,2\nP02,A,4,3,4,3,4,3,4,3,4,3\nP01,B,5,1,5,1,5,1,5,1,5,1\n"
        try cli.write("named.csv", "Participante,Protótipo,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\n" + rows)
        try cli.write("levels.csv", "Participante,Versão testada,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\n" + rows)
        for (file, column) in [("named.csv", "Protótipo"), ("levels.csv", "\"Versão testada\"")] {
            let refused = try cli.fail(["responses", "import", file] + Self.sus + ["--items-from", "Q1"])
            #expect(!refused.stderr.contains("keep-last") && !refused.stderr.contains("keep-first"), "\(refused.stderr)")
            #expect(refused.stderr.contains(language == "en"
                ? "\(file):4:1: participant P01 has a second row (first on line 2), with 'B' in column '\(column.replacingOccurrences(of: "\"", with: ""))' where the first has 'A': if each row is a measurement of its own, read the column with --condition-column \(column)"
                : "\(file):4:1: o participante P01 tem uma segunda linha (a primeira na linha 2), com 'B' na coluna '\(column.replacingOccurrences(of: "\"", with: ""))' onde a primeira tem 'A': se cada linha é uma medição própria, leia a coluna com --condition-column \(column)"),
                "\(refused.stderr)")
        }
        // Occasions the study already has.
        try cli.succeed(["respond", "P03", "sus", "--answers", "3,3,3,3,3,3,3,3,3,3", "--occasion", "pré"])
        try cli.succeed(["respond", "P03", "sus", "--answers", "4,2,4,2,4,2,4,2,4,2", "--occasion", "pós"])
        try cli.write("moments.csv", "Participante,Etapa,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP01,Pré,3,2,3,2,3,2,3,2,3,2\nP01,pós,5,1,5,1,5,1,5,1,5,1\n")
        let moments = try cli.fail(["responses", "import", "moments.csv"] + Self.sus + ["--items-from", "Q1"])
        #expect(moments.stderr.contains("--occasion-column Etapa") && !moments.stderr.contains("keep-last"), "\(moments.stderr)")
        // A column that varies without looking like a condition still gets the usual hint.
        try cli.write("mail.csv", "Participante,E-mail,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP01,a@x.org,3,2,3,2,3,2,3,2,3,2\nP01,b@x.org,5,1,5,1,5,1,5,1,5,1\n")
        let mail = try cli.fail(["responses", "import", "mail.csv"] + Self.sus + ["--items-from", "Q1"])
        #expect(mail.stderr.contains("keep-last") && !mail.stderr.contains("--condition-column"), "\(mail.stderr)")
        // Dropping them anyway is said, not silent.
        let dropped = try cli.succeed(["responses", "import", "named.csv"] + Self.sus + ["--items-from", "Q1", "--duplicates", "keep-last"])
        #expect(dropped.contains(language == "en"
            ? "Column 'Protótipo' tells dropped rows apart as a condition or an occasion would; if each row is a measurement of its own, import the file again with --condition-column 'Protótipo' (and --replace)"
            : "A coluna 'Protótipo' distingue as linhas descartadas como uma condição ou uma ocasião faria; se cada linha é uma medição própria, importe o arquivo de novo com --condition-column 'Protótipo' (e --replace)"),
            "\(dropped)")
    }

    /// Rows dropped by --duplicates are kept in the study (whose, which line of which file, the rule) and the report's
    /// methods say it; replacing the kept set takes the trace with it.
    @Test(arguments: ["en", "pt-BR"])
    func droppedRowsAreStoredAndToldInTheMethods(_ language: String) throws {
        let cli = try study(language)
        try cli.write("d.csv", """
            Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10
            P03,3,2,3,2,3,2,3,2,3,2
            P01,3,3,3,3,3,3,3,3,3,3
            P03,4,2,4,2,4,2,4,2,4,2
            P02,4,2,4,2,4,2,4,2,4,2
            P03,5,1,5,1,5,1,5,1,5,1
            P02,5,1,5,1,5,1,5,1,5,1

            """)
        try cli.succeed(["responses", "import", "d.csv"] + Self.sus + ["--duplicates", "keep-last"])
        let dump = try cli.dump("study.sqlite")
        #expect(dump.contains("'d.csv:2','keep-last'") && dump.contains("'d.csv:4','keep-last'") && dump.contains("'d.csv:5','keep-last'"), "\(dump)")
        #expect(dump.components(separatedBy: "INSERT INTO dropped_response").count - 1 == 3, "\(dump)")
        try cli.succeed(["report", "-o", "rep"])
        let report = try String(contentsOfFile: cli.path("rep/report.md"), encoding: .utf8)
        #expect(report.contains(language == "en"
            ? "3 repeated System Usability Scale (SUS) response sets were dropped at import (keep-last, each participant's latest row kept): P02 (d.csv, line 5), P03 (d.csv, line 2), P03 (d.csv, line 4)."
            : "3 conjuntos de respostas repetidos do questionário Escala de Usabilidade do Sistema (SUS) foram descartados na importação (keep-last, mantida a linha mais recente de cada participante): P02 (d.csv, linha 5), P03 (d.csv, linha 2), P03 (d.csv, linha 4)."),
            "\(report)")
        // keep-first, once: the singular.
        try cli.write("e.csv", "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP04,3,3,3,3,3,3,3,3,3,3\nP04,5,1,5,1,5,1,5,1,5,1\n")
        try cli.succeed(["responses", "import", "e.csv"] + Self.sus + ["--duplicates", "keep-first", "--occasion", "pós"])
        try cli.succeed(["report", "-o", "rep2"])
        let second = try String(contentsOfFile: cli.path("rep2/report.md"), encoding: .utf8)
        #expect(second.contains(language == "en"
            ? "1 repeated System Usability Scale (SUS) response set was dropped at import (keep-first, each participant's first row kept): P04 (e.csv, line 3)."
            : "1 conjunto de respostas repetido do questionário Escala de Usabilidade do Sistema (SUS) foi descartado na importação (keep-first, mantida a primeira linha de cada participante): P04 (e.csv, linha 3)."),
            "\(second)")
        // The kept sets replaced: the decisions no longer stand, and neither the study nor the methods keep them.
        try cli.write("clean.csv", "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP02,3,3,3,3,3,3,3,3,3,3\nP03,3,3,3,3,3,3,3,3,3,3\n")
        try cli.succeed(["responses", "import", "clean.csv"] + Self.sus + ["--replace"])
        #expect(try cli.dump("study.sqlite").components(separatedBy: "INSERT INTO dropped_response").count - 1 == 1)
        try cli.succeed(["report", "-o", "rep3"])
        let third = try String(contentsOfFile: cli.path("rep3/report.md"), encoding: .utf8)
        #expect(!third.contains("d.csv") && third.contains("P04 (e.csv"), "\(third)")
        #expect(try cli.succeed(["check"]).contains(": ok"))
    }
}
