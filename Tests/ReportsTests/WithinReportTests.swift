import Foundation
import Results
import Surveys
import Testing
@testable import Reports
@testable import StudyStore

/// A pt-BR study whose SUS was answered by the same twelve participants before and after a redesign (P12 not after)
/// and under each of three prototypes: the report's within-subject section, its methods and the exported tables.
///
/// Reference values from pingouin 0.7.0 (scipy 1.17.1) on each participant's SUS, computed from the answers below:
///   /tmp/pg-report/bin/python -c "
///   import pandas as pd, pingouin as pg, numpy as np, scipy.stats as st
///   def sus(r): return 2.5*sum((v-1) if i%2==0 else (5-v) for i,v in enumerate(r))
///   pre=[sus(a) for a in PRE][:11]; pos=[sus(a) for a in POS]            # the eleven complete pairs
///   print(pg.ttest(pos, pre, paired=True), st.ttest_rel(pos, pre).confidence_interval(), pg.wilcoxon(pos, pre))
///   d=np.array(pos)-np.array(pre); print(d.mean(), d.mean()/d.std(ddof=1))   # mean difference, dz
///   df=pd.DataFrame([dict(participant=i, protótipo=l, SUS=sus(a)) for l,A in zip('ABC',(A_,B_,C_)) for i,a in enumerate(A)])
///   print(pg.rm_anova(df, dv='SUS', within='protótipo', subject='participant', correction=True),
///         pg.friedman(df, dv='SUS', within='protótipo', subject='participant'),
///         pg.pairwise_tests(df, dv='SUS', within='protótipo', subject='participant', padjust='holm'))"
///   → paired t = 1.8605909041238624, p = 0.09242530503893605, CI [-1.4366812062389576, 15.982135751693502],
///     mean difference 7.2727272727272725, dz = 0.5609892652115426; Wilcoxon W = 17.0, p = 0.17578125,
///     RBC = 0.48484848484848486; RM-ANOVA F = 13.236263736263739, p = 0.00016834381658938587, ε = 0.9059431665891747,
///     p-GG = 0.0003022187246133696, Mauchly W = 0.8961779978263491, p = 0.5780579607378666, ng2 = 0.31533477321814274;
///     Friedman Q = 9.319148936170212, p = 0.009470491540786231, W = 0.3882978723404255; pairs (A − B, so the sign is
///     the opposite of studyctl's B − A) A–B T = -0.5097475058154178, p-Holm 0.6202997483353804; A–C -5.607767721966505,
///     0.00047539740444897487; B–C -3.7275644651843733, 0.006675136270117051.
@Suite struct WithinReportTests {
    static let answers: [String: [String]] = [
        "pré": ["3222434342", "3233333423", "3242313343", "3343434341", "3432423332", "4333434332", "3333233322", "4244342323", "3243233434", "2323334442", "4332233243", "3222423223"],
        "pós": ["2232423223", "3152324443", "4433344342", "3332433152", "4442234133", "3133334333", "3143534232", "4252433132", "2233424253", "3343434341", "3432222343"],
        "A": ["4442222342", "2341333242", "3333333342", "5342222334", "3322323342", "4253435232", "3433432444", "2333344453", "2432413323", "2333433332", "4342424342", "4253324322"],
        "B": ["3333333342", "3332434152", "4324433124", "3134435332", "3134443432", "4332435342", "4223433232", "3333534332", "4343422322", "3443534332", "3344324352", "3433324322"],
        "C": ["3131325232", "5254424343", "3243423241", "4253545121", "5331315242", "5151523142", "3242432333", "4241442221", "3242543233", "3323225342", "3341423142", "3442435233"],
    ]

    /// The study: 12 participants (six "Iniciante", six "Avançado"), SUS pré and pós (P12 without pós) and under
    /// protótipo A, B and C.
    static func study() throws -> (StudyDatabase, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("within-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let study = try StudyDatabase.create(at: folder.appendingPathComponent("study.sqlite").path, title: "Protótipos", language: .ptBR)
        for index in 1...12 {
            try study.addParticipant(code: String(format: "P%02d", index), attributes: [("nível", index <= 6 ? "Iniciante" : "Avançado")])
        }
        try study.addFactor(name: "protótipo", levels: ["A", "B", "C"])
        for (name, measurement) in [("pré", "pré"), ("pós", "pós"), ("A", ""), ("B", ""), ("C", "")] {
            var csv = "Participante," + (1...10).map { "q\($0)" }.joined(separator: ",") + "\n"
            for (index, row) in answers[name]!.enumerated() {
                csv += String(format: "P%02d", index + 1) + "," + row.map(String.init).joined(separator: ",") + "\n"
            }
            let file = folder.appendingPathComponent("\(name).csv")
            try csv.write(to: file, atomically: true, encoding: .utf8)
            let key = measurement.isEmpty ? try study.measurementKey(occasion: "", conditions: ["protótipo": name]) : measurement
            _ = try study.importResponses(from: file.path, options: .init(instrument: "sus", participantColumn: "Participante", occasion: key))
        }
        return (study, folder)
    }

    static func table(_ model: ReportModel, _ id: String) throws -> ResultTable {
        try #require(model.tables.first { $0.id == id }, "no table \(id) in \(model.tables.map(\.id))")
    }

    static func number(_ value: Results.Value) -> Double? {
        switch value {
        case let .number(x), let .pValue(x), let .percent(x): return x
        case let .count(n): return Double(n)
        default: return nil
        }
    }

    @Test func withinSectionTablesAndMethods() throws {
        let (study, _) = try Self.study()
        let snapshot = try StudyData.load(study)
        let sus = try #require(snapshot.questionnaires.first { $0.definition.id == "sus" })
        #expect(sus.within.map(\.factor) == ["occasion", "protótipo"])
        #expect(sus.within.map(\.levels) == [["pré", "pós"], ["A", "B", "C"]])
        // No mixed design without a grouping attribute.
        #expect(sus.within.allSatisfy { $0.mixed.isEmpty })

        let (model, _) = ReportModel.build(snapshot, language: .ptBR)
        let q = try #require(model.questionnaires.first { $0.id == "sus" })
        #expect(q.within.count == 2)
        #expect(q.within[0].heading == "Dentro dos participantes: ocasião (pré → pós)")
        #expect(q.within[0].intro == "Ocasiões comparadas dentro dos participantes (pré → pós): entram só os participantes com respostas em todas as ocasiões.")
        #expect(q.within[1].intro.hasPrefix("Níveis de protótipo comparados dentro dos participantes (A → B → C)"))

        // Two occasions: the paired t-test and Wilcoxon over the eleven complete pairs, P12 left out.
        let occasion = try Self.table(model, "sus_within_occasion")
        #expect(occasion.columns.map(\.name) == ["score", "n", "left_out", "means", "test", "statistic", "df", "p", "mean_difference",
                                                  "ci95_difference", "effect_size"])
        #expect(occasion.columns[3].label == "Médias (pré → pós)")
        let t = occasion.rows[0], w = occasion.rows[1]
        #expect(t[0] == .text("SUS") && t[1] == .count(11) && t[2] == .count(1) && t[3] == .text("55,23 → 62,50"))
        #expect(t[4] == .text("t pareado") && t[6] == .text("10"))
        #expect(abs(Self.number(t[5])! - 1.8605909041238624) < 1e-9)
        #expect(abs(Self.number(t[7])! - 0.09242530503893605) < 1e-9)
        #expect(abs(Self.number(t[8])! - 7.2727272727272725) < 1e-9)
        guard case let .interval(low, high) = t[9] else { Issue.record("no interval: \(t[9])"); return }
        #expect(abs(low - -1.4366812062389576) < 1e-9 && abs(high - 15.982135751693502) < 1e-9)
        #expect(t[10] == .text("dz = 0,56"), "0.5609892652115426")
        #expect(w[4] == .text("T de Wilcoxon (exato, empates)"))
        #expect(Self.number(w[5]) == 17 && abs(Self.number(w[7])! - 0.17578125) < 1e-12 && w[10] == .text("r = 0,48"))
        #expect(occasion.notes.first?.hasPrefix("A diferença média é pós menos pré") == true)

        // Three prototypes: the repeated-measures ANOVA with Greenhouse–Geisser and Mauchly, Friedman, and the pairs.
        let prototype = try Self.table(model, "sus_within_prototipo")
        #expect(!prototype.columns.contains { $0.name == "mean_difference" })
        let rows = prototype.rows.prefix(4).map { $0 }
        #expect(rows.map { $0[4] } == [.text("F da ANOVA-MR"), .text("Greenhouse–Geisser (ε = 0,906)"), .text("W de Mauchly"), .text("χ² de Friedman")])
        #expect(rows[0][1] == .count(12) && rows[0][2] == .count(0) && rows[0][3] == .text("57,92 → 59,17 → 69,17"))
        #expect(abs(Self.number(rows[0][5])! - 13.236263736263739) < 1e-9 && rows[0][6] == .text("2; 22"))
        #expect(abs(Self.number(rows[0][7])! - 0.00016834381658938587) < 1e-9 && rows[0][8] == .text("η²G = 0,315"))
        #expect(abs(Self.number(rows[1][7])! - 0.0003022187246133696) < 1e-9 && rows[1][6] == .text("1,81; 19,93"))
        #expect(abs(Self.number(rows[2][5])! - 0.8961779978263491) < 1e-9 && abs(Self.number(rows[2][7])! - 0.5780579607378666) < 1e-6)
        #expect(abs(Self.number(rows[3][5])! - 9.319148936170212) < 1e-9 && abs(Self.number(rows[3][7])! - 0.009470491540786231) < 1e-9)
        #expect(rows[3][8] == .text("W de Kendall = 0,39"))
        let pairs = try Self.table(model, "sus_within_prototipo_pairs")
        let sus3 = pairs.rows.filter { $0[0] == .text("SUS") }
        #expect(sus3.map { [$0[1], $0[2]] } == [[.text("A"), .text("B")], [.text("A"), .text("C")], [.text("B"), .text("C")]])
        for (row, (tValue, holm)) in zip(sus3, [(0.5097475058154178, 0.6202997483353804), (5.607767721966505, 0.00047539740444897487),
                                                (3.7275644651843733, 0.006675136270117051)]) {
            #expect(abs(Self.number(row[6])! - tValue) < 1e-9 && abs(Self.number(row[9])! - holm) < 1e-9)
        }

        // A sentence per comparison, as `score --within … --compare` says it.
        #expect(q.within[0].sentences.first?.value == "SUS: 11 participantes com todas as ocasiões, médias 55,23 → 62,50. Deixados de fora (respostas em só algumas ocasiões): 1. Teste t pareado: t(10) = 1,86; p = 0,092; dz = 0,56; diferença média 7,27, IC 95 % [-1,44; 15,98]. Wilcoxon dos postos sinalizados: T = 17,0; p = 0,176 (exato sobre todas as combinações de sinais, pois há empates ou zeros); r = 0,48 (correlação rank-bisserial de pares); diferenças nulas deixadas de fora: 0.")
        #expect(q.within[1].sentences.first?.value.contains("ANOVA de medidas repetidas: F(2, 22) = 13,24; p < 0,001; ε de Greenhouse–Geisser = 0,906, p < 0,001 corrigido; W de Mauchly = 0,896, p = 0,578; η² generalizado = 0,315. Friedman: χ²(2) = 9,32; p = 0,009; W de Kendall = 0,39.") == true)

        // The methods state the design, the complete blocks and the tests, citing each; the references list them.
        let methods = model.methods.map(\.value).joined(separator: "\n")
        #expect(methods.contains("SUS foi respondido pelos mesmos participantes sob as ocasiões (pré, pós) e os níveis de protótipo (A, B, C), que variam dentro dos participantes. Nenhum fator varia entre participantes nessas comparações."), "\(methods)")
        #expect(methods.contains("ocasiões: 11 participantes com todos os níveis, deixados de fora: 1; níveis de protótipo: 12 participantes com todos os níveis, deixados de fora: 0."))
        for citation in ["(STUDENT, 1908)", "(LAKENS, 2013)", "(WILCOXON, 1945)", "(KERBY, 2014)", "(OLEJNIK; ALGINA, 2003)", "(MAUCHLY, 1940)",
                         "(GREENHOUSE; GEISSER, 1959)", "(FRIEDMAN, 1937)", "(KENDALL; BABINGTON SMITH, 1939)", "(HOLM, 1979)"] {
            #expect(methods.contains(citation), "\(citation)")
        }
        let references = model.references.map(\.value)
        #expect(references.contains("STUDENT. The probable error of a mean. **Biometrika**, v. 6, n. 1, p. 1-25, 1908."))
        #expect(references.contains { $0.hasPrefix("HOLM, S. A simple sequentially rejective multiple test procedure.") })
        #expect(!references.contains { $0.hasPrefix("MAXWELL") }, "no mixed ANOVA, no citation of it")

        // The people's label of a measurement: "protótipo=A", never the stored key; the column says what it holds.
        let scores = try Self.table(model, "sus_scores")
        #expect(scores.columns[1].label == "Ocasião / condição")
        #expect(scores.rows.contains { $0[0] == .text("P01") && $0[1] == .text("protótipo: A") })

        // Nothing English in the Portuguese section: headings, intros, sentences, table titles, labels, cells and notes.
        var words = q.within.flatMap { [$0.heading, $0.intro] + $0.sentences.map(\.value) }
        for id in ["sus_within_occasion", "sus_within_prototipo", "sus_within_prototipo_pairs"] {
            let table = try Self.table(model, id)
            words += [table.title] + table.columns.map(\.label) + table.notes
            words += table.rows.indices.flatMap { row in table.columns.indices.map { table.display(row, $0, NumberStyle(.ptBR)) } }
        }
        let english: Set<String> = ["the", "and", "of", "mean", "means", "paired", "with", "left", "out", "levels", "level", "participants", "every",
                                    "within", "between", "exact", "ties", "difference", "score", "test", "not", "defined", "occasion", "occasions"]
        let found = words.flatMap { $0.lowercased().split { !$0.isLetter }.map(String.init).filter(english.contains) }
        #expect(found.isEmpty, "\(found)")
    }

    /// With the participants grouped (a mixed design), the mixed ANOVA per factor, as `score --by --within --compare`
    /// prints it; pingouin 0.7.0 mixed_anova on the eleven complete blocks (P01–P06 Iniciante, P07–P11 Avançado):
    ///   pg.mixed_anova(df, dv='SUS', within='occasion', between='nivel', subject='participant')
    ///   → nivel F = 3.012749850587695, p = 0.11663148454270797; occasion F = 4.3568288186072905, p = 0.06647357694453619;
    ///     interaction F = 3.585448872500353, p = 0.09082281478225093
    @Test func mixedDesignAndEnglishReport() throws {
        let (study, _) = try Self.study()
        let snapshot = try StudyData.load(study, groupBy: "nível")
        let (model, _) = ReportModel.build(snapshot, language: .en)
        let q = try #require(model.questionnaires.first { $0.id == "sus" })
        #expect(q.within[0].mixedIntro.first?.value == "Groups by nível × occasions (pré → pós), within participants: only participants with a set on every occasion enter.")
        let mixed = try Self.table(model, "sus_within_occasion_mixed")
        #expect(mixed.rows.prefix(3).map { $0[3] } == [.text("between groups (nível)"), .text("between occasions"), .text("interaction")])
        for (row, (f, p)) in zip(mixed.rows.prefix(3), [(3.012749850587695, 0.11663148454270797), (4.3568288186072905, 0.06647357694453619),
                                                         (3.585448872500353, 0.09082281478225093)]) {
            #expect(abs(Self.number(row[4])! - f) < 1e-9 && abs(Self.number(row[6])! - p) < 1e-9)
        }
        #expect(mixed.rows[0][1] == .count(11) && mixed.rows[0][2] == .count(1))
        let methods = model.methods.map(\.value).joined(separator: "\n")
        #expect(methods.contains("Between participants, the groups of nível vary (a mixed design)."))
        #expect(methods.contains("the mixed ANOVA (Maxwell & Delaney, 2004)"))
        // English: no Portuguese word in the section (the study's own level names aside).
        let words = q.within.flatMap { [$0.heading, $0.intro] + $0.sentences.map(\.value) + $0.mixedSentences.map(\.value) }
        let portuguese: Set<String> = ["de", "da", "do", "dos", "média", "médias", "com", "participantes", "deixados", "fora", "níveis", "ocasiões",
                                       "teste", "pareado", "entre", "grupos", "interação"]
        let found = words.flatMap { $0.lowercased().split { !$0.isLetter }.map(String.init).filter(portuguese.contains) }
        #expect(found.isEmpty, "\(found)")
    }

    /// The tidy tables split the measurement key into `occasion` and a column per factor, and list every
    /// comparison once per instrument × factor × task × stratum × score; a streamed snapshot (what the exports
    /// read) gives the same comparisons.
    @Test func exportedTablesSplitTheMeasurement() throws {
        let (study, folder) = try Self.study()
        let streamed = try StudyData.load(study, streaming: true)
        let files = try CSVExporter.write(streamed, to: folder.appendingPathComponent("csv").path).map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(files.contains("within_comparisons.csv") && files.contains("within_pairs.csv") && !files.contains("mixed_anova.csv"))
        func read(_ name: String) throws -> [String] {
            try String(contentsOfFile: folder.appendingPathComponent("csv/\(name)").path, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let scores = try read("scores.csv")
        #expect(scores[0] == "participant,group,instrument,task,score,value,items_answered,items,occasion,protótipo")
        #expect(scores.contains("P01,,sus,,SUS,57.5,10,10,,A") && scores.contains("P01,,sus,,SUS,62.5,10,10,pré,"))
        #expect(try read("responses.csv")[0] == "participant,instrument,task,occasion,protótipo,item,value,answer,not_applicable,orientation,submitted")
        #expect(try read("summary.csv")[0].hasPrefix("instrument,group,task,occasion,protótipo,score,n,mean,"))
        #expect(try read("benchmarks.csv")[0].hasPrefix("instrument,group,task,occasion,protótipo,score,n,mean,"))
        let within = try read("within_comparisons.csv")
        #expect(within[0].hasPrefix("instrument,factor,task,occasion,protótipo,score,levels,n_complete,left_out,means,paired_t,paired_df,paired_p,mean_difference,ci95_low,ci95_high,dz,wilcoxon_t,wilcoxon_p,wilcoxon_method,rank_biserial,zero_differences,anova_f,"))
        #expect(within.count == 1 + 6, "two factors × three scores")
        #expect(within[1].hasPrefix("sus,occasion,,,,SUS,pré;pós,11,1,55.22727272727273;62.5,1.86059090412386"), "\(within[1])")
        #expect(within[1].contains(",permutation,0.48484848484848"))
        #expect(within[4].hasPrefix("sus,protótipo,,,,SUS,A;B;C,12,0,"))
        #expect(within[4].contains(",13.23626373626"))
        let pairs = try read("within_pairs.csv")
        #expect(pairs[0] == "instrument,factor,task,occasion,protótipo,score,level_a,level_b,n,mean_difference,ci95_low,ci95_high,t,df,p,p_holm,dz")
        #expect(pairs.count == 1 + 9)

        // The same comparisons from the whole snapshot (its rows) and the streamed one (its rows read back).
        let whole = try StudyData.load(study)
        let a = whole.questionnaires[0].within.flatMap(\.comparisons).map(\.comparison)
        let b = streamed.questionnaires[0].within.flatMap(\.comparisons).map(\.comparison)
        #expect(a == b && a.count == 6)

        // The workbook has the sheets, in Portuguese.
        let file = folder.appendingPathComponent("estudo.xlsx")
        try WorkbookWriter.write(try StudyData.load(study, groupBy: "nível", streaming: true), to: file.path)
        let parts = try sheetParts(file)
        #expect(parts["Dentro dos participantes"] != nil && parts["Pares (Holm)"] != nil && parts["ANOVA mista"] != nil, "\(parts.keys.sorted())")
        // Strings are written inline (constant-memory mode) or shared: look in both.
        let shared = try xlsxPart(file, "xl/sharedStrings.xml")
        let sheet = try xlsxPart(file, try #require(parts["Dentro dos participantes"])) + shared
        #expect(sheet.contains("Deixados de fora") && sheet.contains("55,23 → 62,50") && sheet.contains("pré → pós"), "\(sheet.prefix(3000))")
        #expect((try xlsxPart(file, try #require(parts["ANOVA mista"])) + shared).contains("entre grupos (nível)"))
    }
}
