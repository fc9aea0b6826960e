import QualCoding
import StudyBasics
import Surveys
import Wording

extension ResultTable {
    /// Per category: coded segments, participants who raised it and their share of the denominator, overall and
    /// per group (count and share). The same table in `codes freq`, the report and the workbook.
    public static func categoryFrequencies(_ table: FrequencyTable, language: StudyLanguage) -> ResultTable {
        let coderColumns = table.coders.map { coder -> Column in
            Column("participants_" + StudyText.key(coder).replacingOccurrences(of: " ", with: "_"),
                   Sentence("participants (\(coder))").text(language), .count)
        }
        var result = ResultTable(id: "category_frequencies", title: Phrase.categoryFrequenciesTitle.text(language), language: language,
                                 columns: [Column(.category, .text, language), Column(.segments, .count, language),
                                           Column(.participants, .count, language), Column(.share, .percent(decimals: 0), language)]
                                    + table.groups.map { Column(StudyText.key($0).replacingOccurrences(of: " ", with: "_"), $0, .countShare(decimals: 0)) }
                                    + coderColumns)
        for row in table.rows {
            result.append([.text(row.category), .count(row.overall.segments), .count(row.overall.participants), .percent(row.overall.share)]
                          + row.groups.map { .countShare($0.participants, $0.share) } + row.byCoder.map { .count($0.participants) })
        }
        // A theme's total counts each participant once, however many of its categories they raised.
        for theme in table.themes {
            result.append([.text(Sentence("Theme \(theme.theme), in all").text(language)), .count(theme.overall.segments),
                           .count(theme.overall.participants), .percent(theme.overall.share)]
                          + theme.groups.map { .countShare($0.participants, $0.share) } + table.coders.map { _ in .empty },
                          emphasised: true)
        }
        if !table.themes.isEmpty {
            result.notes.append(Sentence("A theme's total counts the codes of the theme and of every category under it, each participant once: not the sum of its categories.").text(language))
        }
        if !table.coders.isEmpty {
            result.notes.append(Sentence("Codes and participants count every coder's codes (\(table.coders.joined(separator: ", "))); the participants (coder) columns count each coder's own.").text(language))
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

extension AgreementCoverage {
    /// What the agreement compared and what it left out, in `language`: the compared excerpts (coded by two coders
    /// or more with the same bounds) out of all the coders coded, then those left out — per coder, coded by that
    /// coder only, and bounded otherwise (overlapping another coder's excerpt). The same lines in `codes agreement`,
    /// the report and the workspace's Compare tab.
    public func lines(_ language: StudyLanguage) -> [String] {
        sentences(NumberStyle(language)).map { $0.text(language) }
    }

    /// Where fewer than half of the coders' excerpts are compared: the measures that compare where the coders
    /// marked categories rather than excerpt by excerpt.
    public func hint(_ language: StudyLanguage) -> String? {
        spanMeasuresHint()?.text(language)
    }

    func sentences(_ style: NumberStyle) -> [Sentence] {
        let names = Self.list(coders)
        let share = style.percent(comparedShare)
        let compared: Sentence = coders.count == 2
            ? "Compared: \(self.compared) of the \(excerpts) excerpts \(names) coded (\(share)), those both coded with the same bounds."
            : "Compared: \(self.compared) of the \(excerpts) excerpts \(names) coded (\(share)), those at least two of them coded with the same bounds."
        guard self.compared < excerpts else { return [compared, "Left out: none."] }
        var parts: [Sentence] = leftOut.map {
            $0.onlyThisCoder == 1 ? "\($0.onlyThisCoder) excerpt coded by \($0.coder) only" : "\($0.onlyThisCoder) excerpts coded by \($0.coder) only"
        }
        parts.append(otherBounds == 1 ? "\(otherBounds) excerpt with other bounds (overlapping another coder's excerpt without matching it)"
                                      : "\(otherBounds) excerpts with other bounds (overlapping another coder's excerpt without matching it)")
        return [compared, "Left out: \(Sentence.joined(parts, separator: "; "))."]
    }

    func spanMeasuresHint() -> Sentence? {
        guard fewCompared else { return nil }
        return "Fewer than half of these excerpts are compared: where the coders bounded their passages differently, 'codes agreement --levels' (segments overlapping) or '--unitizing' (character by character) compares where each marked a category."
    }

    /// "A and B", "A, B and C".
    static func list(_ names: [String]) -> Sentence {
        guard names.count > 1, let last = names.last else { return Sentence(verbatim: names.first ?? "") }
        return "\(names.dropLast().joined(separator: ", ")) and \(last)"
    }
}

extension ResultTable {
    /// Category × participant: each category's codes per participant (or 1/0 for present/absent), then a row per
    /// theme over it and the categories under it (machine word `theme:NAME`, shown "Theme NAME, in all");
    /// `totals` adds each row's total (the terminal's table; CSV files leave it to the reader's software).
    public static func codeMatrix(categories: [String], participants: [String], counts: [[Int]], themes: [String], themeCounts: [[Int]],
                                  totals: Bool, language: StudyLanguage) -> ResultTable {
        var columns = [Column(.category, .text, language)] + participants.map { Column($0, $0, .count) }
        if totals { columns.append(Column(.total, .count, language)) }
        var table = ResultTable(id: "code_matrix", title: Phrase.codeMatrixTitle.text(language), language: language, columns: columns)
        func row(_ name: String, _ cells: [Int]) -> [Value] {
            [.text(name)] + cells.map(Value.count) + (totals ? [.count(cells.reduce(0, +))] : [])
        }
        for (category, cells) in zip(categories, counts) { table.append(row(category, cells)) }
        var wording: [String: String] = [:]
        for (theme, cells) in zip(themes, themeCounts) {
            table.append(row("theme:" + theme, cells))
            wording["theme:" + theme] = ("Theme \(theme), in all" as Sentence).text(language)
        }
        table.columns[0].wording = wording
        return table
    }
}

extension ResultTable {
    /// Two coders' agreement at MAXQDA's three levels (`codes agreement --levels`): presence, frequency and
    /// segment overlap, each with its units, how many agree and the share.
    public static func agreementLevels(_ result: DocumentAgreement, coders: [String], transcripts: Int, overlap: Double,
                                       language: StudyLanguage) -> ResultTable {
        let title: Sentence = "Agreement of \(coders.joined(separator: ", ")) at MAXQDA's three levels, over \(transcripts) transcripts"
        var table = ResultTable(id: "agreement_levels", title: title.text(language), language: language,
                                columns: [Column("level", ("Level" as Sentence).text(language), .text), Column(.units, .count, language),
                                          Column("agreeing", ("Agreeing" as Sentence).text(language), .count),
                                          Column(.agreement, .percent(decimals: 0), language)])
        let levels: [(String, Sentence, DocumentAgreement.Level)] = [
            ("presence", "Category present in the transcript", result.presence),
            ("frequency", "Category as often in the transcript", result.frequency),
            ("overlap", "Segments overlapping by \(NumberParser.format(overlap)) % or more", result.overlap),
        ]
        for (machine, label, level) in levels {
            table.append([.text(machine), .count(level.units), .count(level.agreeing), Value(share: level.percent)])
            table.columns[0].wording[machine] = label.text(language)
        }
        table.notes = [("Units: transcript × category for the first two levels (categories either coder used; for frequency, those at least one used in that transcript), every coded segment of both coders for the third; a segment agrees when the other coder's segment of the same category covers it by the threshold, shared characters over the characters either covers." as Sentence).text(language)]
        return table
    }

    /// Krippendorff's uα per category and overall (`codes agreement --unitizing`): observed and expected
    /// disagreement and α.
    public static func unitizingAgreement(_ result: UnitizingAlpha, coders: [String], transcripts: Int, characters: Int, stretches: Int,
                                          language: StudyLanguage) -> ResultTable {
        let title: Sentence = "Unitizing agreement of \(coders.joined(separator: ", ")) over \(transcripts) transcripts (\(characters) characters, \(stretches) coded stretches)"
        var table = ResultTable(id: "unitizing_agreement", title: title.text(language), language: language,
                                columns: [Column(.category, .text, language),
                                          Column("observed_disagreement", ("Observed disagreement" as Sentence).text(language), .number(decimals: 5)),
                                          Column("expected_disagreement", ("Expected disagreement" as Sentence).text(language), .number(decimals: 5)),
                                          Column("alpha", ("uα" as Sentence).text(language), .number(decimals: 3))])
        for line in result.categories {
            table.append([.text(line.category), .number(line.observed), .number(line.expected), Value(line.alpha)])
        }
        table.append([.text(("Overall" as Sentence).text(language)), .text(""), .text(""), Value(result.alpha)], emphasised: true)
        table.notes = [("uα (Krippendorff 1995; 2004, pp. 251–256) compares where each coder marked each category, character by character, coded and uncoded text alike: 1 when the coders marked the same stretches, 0 when they agree no more than chance; the overall value is 1 − mean D_o / mean D_e over the categories. The transcripts are laid end to end in one continuum; a coder's overlapping spans of one category count as one stretch." as Sentence).text(language)]
        return table
    }
}

extension ResultTable {
    /// The category frequencies in tidy form (`codes freq --csv`): a row per category (then per theme, `theme:NAME`)
    /// and group (`all`, each group of the attribute, `coder:NAME` for each coder's own count), with its coded
    /// segments, participants, the denominator and the share.
    public static func categoryFrequencyRows(_ table: FrequencyTable, language: StudyLanguage) -> ResultTable {
        var result = ResultTable(id: "category_frequencies", title: Phrase.categoryFrequenciesTitle.text(language), language: language,
                                 columns: [Column(.category, .text, language), Column(.group, .text, language), Column(.segments, .count, language),
                                           Column(.participants, .count, language), Column("denominator", "denominator", .count),
                                           Column("share", "share", .number(decimals: 2))])
        func add(_ name: String, _ group: String, _ count: CategoryCount) {
            result.append([.text(name), .text(group), .count(count.segments), .count(count.participants), .count(count.denominator), .number(count.share)])
        }
        for row in table.rows {
            add(row.category, "all", row.overall)
            for (group, count) in zip(table.groups, row.groups) { add(row.category, group, count) }
            for (coder, count) in zip(table.coders, row.byCoder) { add(row.category, "coder:" + coder, count) }
        }
        for theme in table.themes {
            add("theme:" + theme.theme, "all", theme.overall)
            for (group, count) in zip(table.groups, theme.groups) { add("theme:" + theme.theme, group, count) }
        }
        return result
    }
}
