import Foundation
import Gaze
import QualCoding
import Surveys
import Wording

// The coding tables: codebook, excerpts, frequencies, memos, agreement, discovery and saturation.
extension StudyTables {
    /// The agreement of the first two coders (as the report's table), when two or more coded the same excerpts.
    static func agreement(_ s: StudyData) -> [ResultTable] {
        s.agreement.flatMap { report -> [ResultTable] in
            [sheet(ResultTable.agreement(report, language: s.info.language), "Agreement", about: "per category and overall: percent agreement, Cohen's κ with its 95% CI, Krippendorff's α with its bootstrap 95% CI, Gwet's AC1, Brennan–Prediger")]
                + (report.coverage.map { [agreementExcerpts($0, language: s.info.language)] } ?? [])
        }
    }

    /// Which of the coders' excerpts the agreement compared and which it left out: one row per kind (machine names
    /// in the CSV, worded in the workbook) and coder — `compared` (coded by two coders or more with the same
    /// bounds), `one_coder` (coded by that coder only), `other_bounds` (that coder's excerpt overlaps another
    /// coder's with other bounds) — with the excerpts and their share of all the coders coded.
    static func agreementExcerpts(_ coverage: AgreementCoverage, language: StudyLanguage) -> ResultTable {
        func share(_ n: Int) -> Value { coverage.excerpts > 0 ? .number(Double(n) / Double(coverage.excerpts)) : .empty }
        var rows: [[Value]] = [[.text("compared"), .text(coverage.coders.joined(separator: ", ")), .count(coverage.compared), share(coverage.compared)]]
        for line in coverage.leftOut { rows.append([.text("one_coder"), .text(line.coder), .count(line.onlyThisCoder), share(line.onlyThisCoder)]) }
        for line in coverage.leftOut { rows.append([.text("other_bounds"), .text(line.coder), .count(line.otherBounds), share(line.otherBounds)]) }
        rows.append([.text("all"), .text(coverage.coders.joined(separator: ", ")), .count(coverage.excerpts), share(coverage.excerpts)])
        var table = ResultTable(exported: "agreement_excerpts", sheet: "Agreement excerpts", about: "the excerpts the agreement compared (coded by both coders with the same bounds) and those it left out: coded by one coder only, or overlapping another coder's excerpt with other bounds; 'codes agreement --levels' or '--unitizing' compare those", language: language, columns: ResultTable.names([.excerpts, .coder, .count, .share]), rows: rows)
        table.label([Term.excerpts.text(language), Term.coder.text(language), Term.count.text(language), Term.share.text(language)])
        let names: [(String, Sentence)] = [
            ("compared", "Compared: coded by two coders or more with the same bounds"),
            ("one_coder", "Left out: coded by this coder only"),
            ("other_bounds", "Left out: this coder's, overlapping another coder's excerpt with other bounds"),
            ("all", "All the coders' excerpts"),
        ]
        table.word([0: Dictionary(uniqueKeysWithValues: names.map { ($0.0, $0.1.text(language)) })])
        return table
    }

    /// Lewis's (2001) problem discovery over the interviews' categories: one row per measure, machine names in the
    /// CSV, worded in the workbook.
    static func discovery(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        var rows: [[Value]] = []
        var names: [String: String] = [:]
        if let d = ProblemDiscovery(raised: s.interviews) {
            let measures: [(String, Sentence, Double)] = [
                ("participants", "Participants (n)", Double(d.participants)), ("categories_found", "Categories found (N)", Double(d.problems)),
                ("found_once", "Raised by one participant only (N₁)", Double(d.foundOnce)),
                ("p_observed", "p observed (mean of the matrix)", d.pEstimated), ("p_deflated", "p deflated, (p − 1/n)(1 − 1/n)", d.pDeflated),
                ("p_good_turing", "p Good–Turing, p / (1 + N₁/N)", d.pGoodTuring), ("p_adjusted", "p adjusted (mean of the two; Lewis 2001)", d.pAdjusted),
                ("expected_share_found", "Expected share found by these participants, 1 − (1 − p)ⁿ", d.foundShare),
                ("estimated_total", "Estimated categories in all", d.estimatedTotal),
                ("participants_for_80", "Participants to find \(NumberStyle(language).percent(0.8))", Double(d.participantsNeeded(goal: 0.8))),
                ("participants_for_90", "Participants to find \(NumberStyle(language).percent(0.9))", Double(d.participantsNeeded(goal: 0.9))),
                ("participants_for_95", "Participants to find \(NumberStyle(language).percent(0.95))", Double(d.participantsNeeded(goal: 0.95))),
            ]
            for (name, label, value) in measures {
                rows.append([.text(name), .number(value)])
                names[name] = label.text(language)
            }
        }
        var table = ResultTable(exported: "problem_discovery", sheet: "Discovery", about: "problem discovery over the interviews' categories (Lewis 2001): p and its adjustments, share expected found, participants per goal", language: s.info.language, columns: ResultTable.names([.measure, .value]), rows: rows)
        table.label([Term.measure.text(language), Term.estimate.text(language)])
        table.word([0: names])
        return table
    }

    /// Code saturation over the interviews in order (Guest, Namey & Chen 2020; base 4, run 2, ≤ 5 %).
    static func saturation(_ s: StudyData) -> ResultTable {
        let saturation = Saturation(sequence: s.interviews, base: 4, run: 2, threshold: 0.05)
        let order: Sentence = "Interviews in the participants' order (P1, P2, …; --order to choose an attribute)."
        var table = sheet(ResultTable.saturation(saturation, order: order.text(s.info.language), language: s.info.language), "Saturation", about: "per interview in order: categories raised for the first time, distinct so far, and each run's new share of the base (Guest, Namey & Chen 2020)")
        if saturation.baseCodes == 0 { table.rows = [] }
        return table
    }

    static func codebook(_ s: StudyData) -> ResultTable {
        var table = ResultTable(exported: "codebook", sheet: "Codebook", about: "categories with origin, definition, theme and use", language: s.info.language, columns: ResultTable.names([.category, .origin, .definition, .theme, .codes, .participants]),
                                rows: s.categories.map { [.text($0.name), .text($0.origin), Value($0.definition), Value($0.theme), .count($0.codes), .count($0.participants)] })
        // An emergent category's origin is the machine word `emergent` in CSV; people read it in the study's language.
        table.columns[1].wording = ["emergent": ("emergent" as Sentence).text(s.info.language)]
        return table
    }

    static func excerpts(_ s: StudyData) -> ResultTable {
        var rows: [[Value]] = []
        for code in s.codes {
            for category in code.categories.isEmpty ? [""] : code.categories {
                rows.append([.count(Int(code.id)), .text(code.participant), Value(s.group(of: code.participant)), .text(code.excerpt),
                             .text(code.code), .count(code.inVivo ? 1 : 0), .text(category), Value(code.coder), Value(code.spanStart), Value(code.spanEnd),
                             Value(code.startTime.map { Int(($0 * 1000).rounded()) }), Value(code.endTime.map { Int(($0 * 1000).rounded()) })])
            }
        }
        // When the excerpt was said (milliseconds from the recording's start), where its transcript has times.
        return ResultTable(exported: "excerpts", sheet: "Excerpts", about: "coded excerpts with their in-vivo codes", language: s.info.language,
                         columns: ResultTable.names([.code_id, .participant]) + [s.groupAttribute ?? Term.group.rawValue]
                           + ResultTable.names([.excerpt, .code, .in_vivo, .category, .coder, .span_start, .span_end, .start_ms, .end_ms]),
                         rows: rows)
    }

    static func frequencies(_ s: StudyData) -> ResultTable {
        var rows: [[Value]] = []
        for row in s.frequencies.rows {
            rows.append([.text(row.category), .text("all"), .count(row.overall.segments), .count(row.overall.participants),
                         .count(row.overall.denominator), .number(row.overall.share)])
            for (group, count) in zip(s.frequencies.groups, row.groups) {
                rows.append([.text(row.category), .text(group), .count(count.segments), .count(count.participants),
                             .count(count.denominator), .number(count.share)])
            }
        }
        // A theme's total (each participant once), its name marked so that no category's name is taken for it.
        for theme in s.frequencies.themes {
            for (group, count) in [("all", theme.overall)] + zip(s.frequencies.groups, theme.groups).map({ ($0, $1) }) {
                rows.append([.text("theme:" + theme.theme), .text(group), .count(count.segments), .count(count.participants),
                             .count(count.denominator), .number(count.share)])
            }
        }
        var table = ResultTable(exported: "category_frequencies", sheet: "Category frequencies", about: "per category: segments, participants and share", language: s.info.language,
                              columns: ResultTable.names([.category, .group, .segments, .participants, .denominator, .share]), rows: rows)
        table.word([1: ["all": Term.all.text(s.info.language)],
                         0: Dictionary(s.frequencies.themes.map { ("theme:" + $0.theme, Sentence("Theme \($0.theme), in all").text(s.info.language)) },
                                       uniquingKeysWith: { a, _ in a })])
        return table
    }

    static func memos(_ s: StudyData) -> ResultTable {
        var table = ResultTable(exported: "memos", sheet: "Memos", about: "analytic memos", language: s.info.language, columns: ResultTable.names([.memo, .on, .text, .coder, .created]),
                              rows: s.memos.map { [.count(Int($0.id)), .text($0.on), .text($0.text), Value($0.coder), .text($0.created)] })
        // What a memo is on, as the CSV keeps it (study, participant:P4, category:NAME, code:12), said in the workbook.
        table.word([1: Dictionary(s.memos.map(\.on).map { on -> (String, String) in
            let parts = on.split(separator: ":", maxSplits: 1).map(String.init)
            let said: Sentence
            switch (parts.first, parts.count > 1 ? parts[1] : "") {
            case ("study"?, _): said = "the study"
            case let ("participant"?, name): said = "participant \(name)"
            case let ("category"?, name): said = "category \(name)"
            case let ("code"?, name): said = "code \(name)"
            default: said = Sentence(verbatim: on)
            }
            return (on, said.text(s.info.language))
        }, uniquingKeysWith: { first, _ in first })])
        return table
    }
}
