import Foundation
import Testing

/// Labels for people (`participant attribute label`, `condition label`, `occasion label`) in the report, the
/// workbook and the terminal tables, machine names in CSV and JSON; and how much a report holds (`report --detail`).
@Suite struct LabelsReportTests {
    /// A within design in pt-BR: two age groups (`grupo_etário`), SUS after two prototypes (`protótipo=atual`, `novo`),
    /// one task under each prototype.
    func withinStudy() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Rótulos", "--language", "pt-BR"])
        var participants = "código,grupo_etário\n"
        for index in 1...12 { participants += "P\(index),\(index <= 6 ? "18-39" : "40+")\n" }
        try cli.write("p.csv", participants)
        try cli.succeed(["participant", "import", "p.csv", "--code-column", "código"])
        try cli.succeed(["condition", "add", "protótipo", "--levels", "atual,novo"])
        for (level, shift) in [("atual", 0), ("novo", 1)] {
            var rows = "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\n"
            for index in 1...12 {
                let good = min(5, 3 + shift + index % 2), bad = max(1, 3 - shift - index % 2)
                rows += "P\(index)," + (1...10).map { String($0 % 2 == 1 ? good : bad) }.joined(separator: ",") + "\n"
            }
            try cli.write("sus-\(level).csv", rows)
            try cli.succeed(["responses", "import", "sus-\(level).csv", "--instrument", "sus", "--participant-column", "Participante",
                             "--condition", "protótipo=\(level)"])
        }
        try cli.succeed(["task", "add", "T1", "--title", "Agendar consulta"])
        var attempts = "participant,task,protótipo,time,outcome\n"
        for index in 1...12 {
            attempts += "P\(index),T1,atual,\(40 + index),\(index % 3 == 0 ? "fail" : "success")\n"
            attempts += "P\(index),T1,novo,\(30 + index),success\n"
        }
        try cli.write("a.csv", attempts)
        try cli.succeed(["attempt", "import", "a.csv"])
        return cli
    }

    @Test func labelsReadInTheReportNamesStayInCSV() throws {
        let cli = try withinStudy()
        // Unlabelled, the name reads without its underscore.
        try cli.succeed(["report", "--by", "grupo_etário", "-o", "plain"])
        let plain = try String(contentsOfFile: cli.path("plain/report.md"), encoding: .utf8)
        #expect(plain.contains("grupo etário") && !plain.contains("grupo_etário"), "\(plain)")
        #expect(!plain.contains("protótipo=atual"), "\(plain)")

        let attribute = try cli.succeed(["participant", "attribute", "label", "grupo_etário", "faixa etária", "--value", "18-39", "18 a 39 anos",
                                         "--value", "40+", "40 anos ou mais"])
        #expect(attribute.contains("faixa etária") && attribute.contains("18 a 39 anos"), "\(attribute)")
        try cli.succeed(["condition", "label", "protótipo", "protótipo", "--level", "atual", "versão atual", "--level", "novo", "versão nova"])
        #expect(try cli.succeed(["condition", "list"]).contains("atual ('versão atual')"))
        // Bad labels: an unknown level, value or condition is refused, naming what there is; nothing changes.
        let level = try cli.fail(["condition", "label", "protótipo", "--level", "antigo", "versão antiga"])
        #expect(level.stderr.contains("antigo") && level.stderr.contains("atual, novo"), "\(level.stderr)")
        let value = try cli.fail(["participant", "attribute", "label", "grupo_etário", "--value", "60+", "60 anos ou mais"])
        #expect(value.stderr.contains("60+") && value.stderr.contains("18-39"), "\(value.stderr)")
        #expect(try cli.fail(["condition", "label", "aparelho", "aparelho"]).stderr.contains("aparelho"))
        #expect(try cli.fail(["condition", "label", "protótipo", "--level", "atual"]).stderr.contains("--level"))

        try cli.succeed(["report", "--by", "grupo_etário", "--detail", "full", "-o", "labelled"])
        let report = try String(contentsOfFile: cli.path("labelled/report.md"), encoding: .utf8)
        for label in ["faixa etária", "18 a 39 anos", "40 anos ou mais", "versão atual", "versão nova"] {
            #expect(report.contains(label), "\(label) missing")
        }
        #expect(!report.contains("grupo_etário") && !report.contains("grupo etário"), "the name, not the label")
        #expect(!report.contains("protótipo=") && !report.contains("| 18-39 |"), "a machine spelling in the report")
        #expect(report.contains("protótipo: versão atual"), "a cell reads factor: level")
        // A column of conditions only is headed "Condição", not "Ocasião".
        #expect(report.contains("| Condição |") && !report.contains("| Ocasião / condição |"), "the condition column's header")
        #expect(report.contains("Escala de Usabilidade do Sistema (SUS)") && !report.contains("System Usability Scale (SUS)"))
        // The workbook reads the labels too — headers, levels and each group's value, wherever a group is named —;
        // the CSV keeps the names.
        try cli.succeed(["export", "xlsx", "w.xlsx", "--by", "grupo_etário"])
        let workbook = try WorkbookText.text(of: cli.path("w.xlsx"))
        #expect(workbook.contains("faixa etária") && workbook.contains("18 a 39 anos") && workbook.contains("versão atual"), "\(workbook.prefix(2000))")
        // Every sheet, the within-participant levels and the task comparisons' keys too: no stored value, no name=value.
        let lines = workbook.split(separator: "\n")
        #expect(!lines.contains { $0.contains("\t18-39\t") || $0.contains("\t40+\t") || $0.hasSuffix("\t18-39") || $0.hasSuffix("\t40+") },
                "a group by its stored value: \(lines.filter { $0.contains("18-39") }.prefix(3))")
        #expect(!workbook.contains("protótipo=") && !workbook.contains("18-39;40+") && !workbook.contains("grupo_etário"), "a machine spelling in the workbook")
        #expect(workbook.contains("versão atual → versão nova") && workbook.contains("18 a 39 anos; 40 anos ou mais")
                && workbook.contains("protótipo: versão atual"), "the levels compared, by their labels")
        try cli.succeed(["export", "csv", "csv"])
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("csv"))
        let csv = try files.map { try String(contentsOfFile: cli.path("csv/\($0)"), encoding: .utf8) }.joined(separator: "\n")
        #expect(csv.contains("grupo_etário") || csv.contains("grupo_etario"), "the CSV keeps the name")
        #expect(!csv.contains("versão atual"), "the CSV keeps the level's name")
        let json = try cli.succeed(["condition", "list", "--json"])
        #expect(json.contains("\"atual\"") && !json.contains("versão atual"))
        // An empty label clears one: the name is shown again.
        try cli.succeed(["condition", "label", "protótipo", "--level", "novo", ""])
        #expect(try cli.succeed(["condition", "list"]).contains("novo"))
        #expect(!(try cli.succeed(["condition", "list"]).contains("versão nova")))
        // Terminal tables: the score summary by group names the values by their labels.
        let score = try cli.succeed(["score", "sus", "--by", "grupo_etário"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(score.contains("18 a 39 anos"), "\(score)")
        // The mixed design's cells name the groups by their labels, under the attribute's; the quality note names the
        // condition by its labels.
        let mixed = try cli.run(["score", "sus", "--within", "protótipo", "--compare", "--by", "grupo_etário"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(mixed.status == 0 && mixed.stdout.contains("faixa etária     protótipo") && mixed.stdout.contains("40 anos ou mais  versão atual"), "\(mixed.stdout)")
        #expect(!mixed.stdout.contains("18-39") && !mixed.stderr.contains("protótipo=") && mixed.stderr.contains("P2 · protótipo: versão atual"), "\(mixed.stderr)")
        // The comparison's sentence names the groups by their labels too.
        let compared = try cli.succeed(["score", "sus", "--by", "grupo_etário", "--compare", "--condition", "protótipo=atual"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(compared.contains("entre 18 a 39 anos (n = 6") && !compared.contains("entre 18-39"), "\(compared)")
        // And `tasks compare`: the cell, the grouping and its groups, the levels of a condition.
        let groups = try cli.succeed(["tasks", "compare", "T1", "--by", "grupo_etário", "--at", "protótipo=atual"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(groups.contains("Comparado dentro de protótipo: versão atual.") && groups.contains("faixa etária 18 a 39 anos vs 40 anos ou mais"), "\(groups)")
        let levels = try cli.succeed(["tasks", "compare", "T1", "--condition", "protótipo"], environment: ["STUDYCTL_LANGUAGE": "pt-BR"])
        #expect(levels.contains("protótipo versão atual vs novo"), "\(levels)")
        try cli.readsSucceed()
    }

    /// An occasion's label, through `occasion label`; an occasion no answer was given on is refused.
    /// A label that would show two attributes, two values, two conditions or two levels under one name is refused,
    /// naming both, and the study is left as it was; a label that is another's name counts too.
    @Test func labelsThatWouldShowTwoThingsAsOneAreRefused() throws {
        let cli = try withinStudy()
        try cli.succeed(["participant", "set", "P1", "nível=iniciante"])
        // Unlabelled, grupo_etário reads "grupo etário": a label of nível that reads the same is refused.
        let name = try cli.fail(["participant", "attribute", "label", "nível", "Grupo etário"])
        #expect(name.stderr.contains("grupo_etário") && name.stderr.contains("nível"), "\(name.stderr)")
        try cli.succeed(["participant", "attribute", "label", "grupo_etário", "Perfil"])
        let attribute = try cli.fail(["participant", "attribute", "label", "nível", "perfil"])
        #expect(attribute.stderr.contains("grupo_etário") && attribute.stderr.contains("nível") && attribute.stderr.contains("'perfil'"), "\(attribute.stderr)")
        let values = try cli.fail(["participant", "attribute", "label", "grupo_etário", "--value", "18-39", "Adulto", "--value", "40+", "adulto"])
        #expect(values.stderr.contains("18-39") && values.stderr.contains("40+"), "\(values.stderr)")
        let levels = try cli.fail(["condition", "label", "protótipo", "--level", "atual", "Versão", "--level", "novo", "versão"])
        #expect(levels.stderr.contains("atual") && levels.stderr.contains("novo"), "\(levels.stderr)")
        // Different labels, and a label given back to its own name, are fine.
        try cli.succeed(["condition", "label", "protótipo", "--level", "atual", "Versão atual", "--level", "novo", "novo"])
        try cli.succeed(["participant", "attribute", "label", "nível", "Nível de experiência"])
    }

    @Test func occasionLabel() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Ocasiões", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        for occasion in ["pre", "pos"] {
            try cli.write("\(occasion).csv", "Participante,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8,Q9,Q10\nP1,4,2,4,2,4,2,4,2,4,2\nP2,5,1,5,1,5,1,5,1,5,1\nP3,3,3,3,3,3,3,3,3,3,3\n")
            try cli.succeed(["responses", "import", "\(occasion).csv", "--instrument", "sus", "--participant-column", "Participante", "--occasion", occasion])
        }
        try cli.succeed(["occasion", "label", "pre", "antes do redesenho"])
        let refused = try cli.fail(["occasion", "label", "durante", "durante"])
        #expect(refused.stderr.contains("pos, pre") || refused.stderr.contains("pre, pos"), "\(refused.stderr)")
        try cli.succeed(["report", "--detail", "full", "-o", "r"])
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        #expect(report.contains("antes do redesenho"), "\(report)")
    }

    /// `report --detail`: brief is the summary, the participants and the methods, much shorter than full; the brief
    /// pt-BR report of the within-design demo has no machine spelling (an underscore, a name=value) and no English
    /// word outside the names and the reference list; standard leaves out the per-participant appendix.
    @Test func detailLevels() throws {
        let cli = try StudyCtl()
        let demo = try cli.run(["demo", "--output", "demo"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let study = cli.path("demo/redesign/redesign.sqlite")
        var text: [String: String] = [:]
        for detail in ["brief", "standard", "full"] {
            try cli.succeed(["report", "--db", study, "--detail", detail, "-o", detail])
            text[detail] = try String(contentsOfFile: cli.path("\(detail)/report.md"), encoding: .utf8)
        }
        let brief = try #require(text["brief"]), standard = try #require(text["standard"]), full = try #require(text["full"])
        #expect(brief.count * 3 < full.count, "brief \(brief.count) characters, full \(full.count)")
        #expect(standard.count < full.count && brief.count < standard.count)
        #expect(full.contains("## Apêndice") || full.contains("Apêndice:"), "full holds the appendix")
        #expect(!standard.contains("Apêndice:"), "standard leaves the appendix out")
        #expect(brief.contains("## Resumo executivo") && brief.contains("Figura 1"), "brief holds the summary and its figures")
        #expect(!brief.contains("### Escala de Usabilidade do Sistema (SUS)"), "brief leaves the questionnaires' sections out")
        // The text people read: the references (titles in English) and the study's own names set aside.
        let body = brief.components(separatedBy: "## Referências").first ?? brief
        #expect(!body.contains("_"), "an underscore: \(body.split(separator: "\n").filter { $0.contains("_") }.prefix(3))")
        let joined = body.range(of: "[\\p{L}\\d)]=[\\p{L}\\d(]", options: .regularExpression)
        #expect(joined == nil, "a name=value: \(joined.map { String(body[$0]) } ?? "")")
        let names: Set<String> = ["redesign", "sqlite", "sus", "seq", "sum", "t", "p"]
        let english = ForeignWordCheck.english(in: body).filter { !names.contains($0) }
        #expect(english.isEmpty, "English words: \(english)")
    }

    /// The summary shows every comparison between groups it counts as significant (here eight, past the five
    /// smallest p-values it shows at least), and leaves a task row of fewer than five participants out of its
    /// findings, saying so.
    @Test func summaryShowsEverySignificantChangeAndNoSmallCell() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Grupos", "--language", "en"])
        var participants = "code,level\n"
        for index in 1...12 { participants += "P\(index),\(index <= 6 ? "novice" : "expert")\n" }
        try cli.write("p.csv", participants)
        try cli.succeed(["participant", "import", "p.csv"])
        var attempts = "participant,task,time,outcome\n"
        for task in 1...8 {
            for index in 1...12 {
                // Novices take about twice as long on every task: eight time comparisons hold after Holm.
                let time = (index <= 6 ? 60 : 30) + (index % 3) + task
                attempts += "P\(index),T\(task),\(time),success\n"
            }
        }
        for index in 1...3 { attempts += "P\(index),T9,\(40 + index),success\n" }
        try cli.write("a.csv", attempts)
        try cli.succeed(["attempt", "import", "a.csv", "--create-tasks"])
        try cli.succeed(["report", "--by", "level", "-o", "r"])
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        let summary = report.components(separatedBy: "## Participants").first ?? report
        let intro = try #require(summary.range(of: "Between the groups of level, [0-9]+ of [0-9]+ task comparisons differ", options: .regularExpression),
                                 "\(summary)")
        let counted = Int(summary[intro].split(separator: " ")[5]) ?? 0
        #expect(counted >= 8, "\(summary[intro])")
        #expect(summary.contains("the \(counted) smallest p-values"), "every significant comparison is shown: \(summary)")
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| T") && $0.contains("time (ratio B / A)") }
        #expect(rows.count >= counted, "\(rows.count) rows for \(counted) significant comparisons")
        #expect(summary.contains("1 task row with fewer than 5 participants is in the tables only, not counted here."), "\(summary)")
    }
}
