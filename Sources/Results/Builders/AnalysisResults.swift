import Gaze
import QualCoding
import Surveys
import Wording

extension ResultTable {
    /// Category × category: how many participants raised both (the diagonal, those who raised each). Each category
    /// is numbered C1, C2, … so the matrix fits a page; the same table in `codes cooccur` and wherever it is shown.
    public static func cooccurrence(categories: [String], matrix: [[Int]], language: StudyLanguage) -> ResultTable {
        let short = categories.indices.map { "C\($0 + 1)" }
        var table = ResultTable(id: "cooccurrence", title: Phrase.cooccurrenceTitle.text(language), language: language,
                                columns: [Column("number", "", .text), Column(.category, .text, language)]
                                    + short.map { Column($0.lowercased(), $0, .count) })
        for (index, row) in matrix.enumerated() {
            table.append([.text(short[index]), .text(categories[index])] + row.map { .count($0) })
        }
        table.notes = [Phrase.cooccurrenceNote.text(language)]
        return table
    }

    /// For each category, the mean score of the participants who raised it and of the others, and the difference
    /// (raised − others): a joint display of qualitative and quantitative results (Creswell & Plano Clark 2018).
    public static func triangulation(_ triangulation: Triangulation, score: String, lowerIsBetter: Bool, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "triangulation", title: Phrase.triangulationTitle(score: score, lowerIsBetter: lowerIsBetter).text(language),
                                language: language,
                                columns: [Column(.category, .text, language), Column(.raised_n, .count, language),
                                          Column(.raised_mean, .number(decimals: 2), language), Column(.others_n, .count, language),
                                          Column(.others_mean, .number(decimals: 2), language), Column(.difference, .number(decimals: 2), language)])
        for row in triangulation.rows {
            table.append([.text(row.category), .count(row.raisedN), Value(row.raisedMean), .count(row.otherN), Value(row.otherMean),
                          Value(row.difference)])
        }
        return table
    }

    /// Data quality per recording: samples, the share of invalid ones, the fixations found (Tobii's definitions).
    public static func gazeQuality(_ recordings: [GazeRecordingInfo], language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "gaze_quality", title: Phrase.gazeQualityTitle.text(language), language: language,
                                columns: [Column(.media, .text, language), Column(.participant, .text, language), Column(.samples, .count, language),
                                          Column(.invalid_share, .percent(decimals: 0), language), Column(.fixations, .count, language)])
        for recording in recordings {
            table.append([.text(recording.media), .text(recording.participant), .count(recording.samples), .percent(recording.invalidShare),
                          .count(recording.fixations)])
        }
        return table
    }

    /// Per AOI (and group): participants who saw the media, the share who fixated the AOI (Tobii's percentage
    /// fixated), time to first fixation and total fixation duration with their t intervals, mean fixation and visit
    /// counts. The same table in `gaze metrics --summary` and the report.
    public static func aoiSummary(_ rows: [GazeSummaryRow], group: String?, language: StudyLanguage) -> ResultTable {
        var columns = [Column(.media, .text, language), Column(.aoi, .text, language)]
        if let group { columns.append(Column("group", group, .text)) }
        columns += [Column(.n, .count, language), Column(.fixated, .percent(decimals: 0), language), Column(.ttff_mean, .number(decimals: 0), language),
                    Column(.ttff_ci95, .interval(decimals: 0), language), Column(.total_fixation_mean, .number(decimals: 0), language),
                    Column(.total_fixation_ci95, .interval(decimals: 0), language), Column(.fixation_count_mean, .number(decimals: 1), language),
                    Column(.visit_count_mean, .number(decimals: 1), language)]
        var table = ResultTable(id: "aoi_metrics", title: Phrase.aoiMetricsTitle.text(language), language: language, columns: columns)
        for row in rows {
            var cells: [Value] = [.text(row.media), .text(row.aoi)]
            if group != nil { cells.append(Value(row.group)) }
            cells += [.count(row.participants), .percent(row.percentFixated / 100), Value(row.timeToFirstFixation?.mean),
                      Value(row.timeToFirstFixation?.ci95), Value(row.totalFixationDuration?.mean),
                      Value(row.totalFixationDuration?.ci95), Value(row.fixationCount?.mean), Value(row.visitCount?.mean)]
            table.append(cells)
        }
        table.notes = [Phrase.gazeDefinitions.text(language)]
        return table
    }
}
