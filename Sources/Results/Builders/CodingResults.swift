import QualCoding
import Surveys

extension ResultTable {
    /// Per category: coded segments, participants who raised it and their share of the denominator, overall and
    /// per group (count and share). The same table in `codes freq`, the report and the workbook.
    public static func categoryFrequencies(_ table: FrequencyTable, language: StudyLanguage) -> ResultTable {
        var result = ResultTable(id: "category_frequencies", title: Phrase.categoryFrequenciesTitle.text(language), language: language,
                                 columns: [Column(.category, .text, language), Column(.segments, .count, language),
                                           Column(.participants, .count, language), Column(.share, .percent(decimals: 0), language)]
                                    + table.groups.map { Column(StudyText.key($0).replacingOccurrences(of: " ", with: "_"), $0, .countShare(decimals: 0)) })
        for row in table.rows {
            result.append([.text(row.category), .count(row.overall.segments), .count(row.overall.participants), .percent(row.overall.share)]
                          + row.groups.map { .countShare($0.participants, $0.share) })
        }
        return result
    }

    /// Agreement between coders per category and overall: the units compared, percent agreement, Cohen's κ per pair
    /// of coders with its 95 % interval (Fleiss, Cohen & Everitt 1969) and Krippendorff's α (Krippendorff 2011) with its
    /// bootstrapped interval (Hayes & Krippendorff 2007). The same table in `codes agreement` and the report.
    public static func agreement(_ report: AgreementReport, language: StudyLanguage) -> ResultTable {
        let pairs = report.overall.kappas.map(\.coders)
        var table = ResultTable(id: "agreement", title: Phrase.agreementTitle(coders: report.coders.joined(separator: ", ")).text(language),
                                language: language,
                                columns: [Column(.category, .text, language), Column(.units, .count, language),
                                          Column(.agreement, .percent(decimals: 0), language)]
                                    + pairs.flatMap { pair -> [Column] in
                                        let name = "kappa_" + pair.map { StudyText.key($0).replacingOccurrences(of: " ", with: "_") }.joined(separator: "_")
                                        let suffix = pairs.count > 1 ? " " + pair.joined(separator: "–") : ""
                                        return [Column(name, Term.kappa.text(language) + suffix, .number(decimals: 3)),
                                                Column(name + "_ci95", Term.kappa_ci95.text(language) + suffix, .interval(decimals: 2))]
                                    }
                                    + [Column(.alpha, .number(decimals: 3), language), Column(.alpha_ci95, .interval(decimals: 2), language),
                                       Column(.ac1, .number(decimals: 3), language),
                                       Column(.brennan_prediger, .number(decimals: 3), language)])
        for line in report.categories + [report.overall] {
            let overall = line == report.overall && line.category == report.overall.category
            table.append([.text(overall ? Term.overall.text(language) : line.category), .count(line.units), Value(share: line.percentAgreement)]
                         + pairs.flatMap { pair -> [Value] in
                             let interval = line.kappaInterval(pair[0], pair[1])
                             return [Value(line.kappa(pair[0], pair[1])), interval.map { .interval(max(-1, $0[0]), min(1, $0[1])) } ?? .empty]
                         } + [Value(line.alpha), line.alphaInterval.map { .interval($0.low, $0.high) } ?? .empty,
                              Value(line.ac1), Value(line.brennanPrediger)],
                         emphasised: overall)
        }
        if let interval = report.overall.alphaInterval ?? report.categories.compactMap(\.alphaInterval).first {
            let overall = report.overall.alphaInterval?.shortfalls
            table.notes.append(Phrase.alphaIntervalNote(resamples: interval.resamples, seed: interval.seed,
                                                        below80: overall?.first { $0.minimum == 0.8 }?.probability,
                                                        below667: overall?.first { $0.minimum == 0.667 }?.probability).text(language))
        }
        return table
    }
}
