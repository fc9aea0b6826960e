import Foundation
import Gaze
import QualCoding
import Statistics
import Surveys
import Wording

// The eye-tracking tables: recordings, AOI metrics and their summary, fixations.
extension StudyTables {
    static func gazeRecordings(_ s: StudyData) -> ResultTable {
        ResultTable(exported: "gaze_recordings", sheet: "Gaze recordings", about: "per participant × media: samples, share invalid, fixations, fixation filter", language: s.info.language,
                  columns: [Term.participant.rawValue, s.groupAttribute ?? Term.group.rawValue]
                    + ResultTable.names([.media, .recording, .samples, .invalid_share, .fixations, .fixation_filter]),
                  rows: s.gazeRecordings.map {
                      [.text($0.participant), Value(s.group(of: $0.participant)), .text($0.media), .text($0.recording), .count($0.samples),
                       .number($0.invalidShare), .count($0.fixations), .text($0.filter)]
                  })
    }

    static func aoiMetrics(_ s: StudyData) -> ResultTable {
        ResultTable.aoiMetricRows(s.gazeMetrics, group: (s.groupAttribute ?? Term.group.rawValue, s.group(of:)), language: s.info.language)
    }

    static func aoiSummary(_ s: StudyData) -> ResultTable {
        ResultTable.aoiSummaryRows(s.gazeSummary, group: s.groupAttribute ?? Term.group.rawValue, language: s.info.language)
    }

    /// One row per fixation with a logical column per AOI (TRUE, FALSE, or empty — NA in R — for an AOI of another
    /// media), the columns eyetrackingR's `make_eyetrackingr_data` asks for: participant, trial (the media), time
    /// from the media's onset, trackloss (always FALSE: fixations are valid gaze) and the AOI columns.
    static func fixations(_ s: StudyData) -> ResultTable {
        var names: [String] = []
        for (_, aoi) in s.gazeAOIs where !names.contains(aoi.name) { names.append(aoi.name) }
        let columns = [Term.participant.rawValue, s.groupAttribute ?? Term.group.rawValue]
            + ResultTable.names([.media, .recording, .fixation, .time_ms, .start_ms, .end_ms, .duration_ms, .x, .y, .trackloss]) + names.map { "aoi_" + $0 }
        var rows: [[Value]] = []
        for set in s.gazeFixations {
            let areas = s.gazeAOIs.filter { $0.media.caseInsensitiveCompare(set.media) == .orderedSame }.map(\.aoi)
            for fixation in set.fixations {
                var row: [Value] = [.text(set.participant), Value(s.group(of: set.participant)), .text(set.media), .text(set.recording),
                                   .count(fixation.index), .number(fixation.start - set.onset), .number(fixation.start),
                                   .number(fixation.start + fixation.duration), .number(fixation.duration), .number(fixation.x), .number(fixation.y),
                                   .text("FALSE")]
                for name in names {
                    row.append(areas.first { $0.name == name }.map { .text($0.contains(fixation) ? "TRUE" : "FALSE") } ?? .empty)
                }
                rows.append(row)
            }
        }
        return ResultTable(exported: "gaze_fixations", sheet: "Fixations", about: "one row per fixation with a TRUE/FALSE column per AOI (eyetrackingR)", language: s.info.language, columns: columns, rows: rows)
    }
}

extension ResultTable {
    /// Tobii's AOI metrics per participant × media × AOI, in ms: the export's and workbook's `aoi_metrics` (with
    /// each participant's group after the participant) and `gaze metrics` (without).
    public static func aoiMetricRows(_ rows: [GazeMetricsRow], group: (column: String, of: (String) -> String?)?, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(exported: "aoi_metrics", sheet: "AOI metrics", about: "per participant × media × AOI: Tobii's metrics, in ms", language: language,
                                columns: [Term.participant.rawValue] + (group.map { [$0.column] } ?? [])
                                    + ResultTable.names([.media, .recording, .aoi, .time_to_first_fixation_ms, .fixations_before, .first_fixation_ms,
                                                         .total_fixation_ms, .fixation_count, .visit_count, .total_visit_ms, .average_fixation_ms]),
                                rows: rows.map { row in
                                    let m = row.metrics
                                    return [.text(row.participant)] + (group.map { [Value($0.of(row.participant))] } ?? [])
                                        + [.text(row.media), .text(row.recording), .text(m.aoi), Value(m.timeToFirstFixation), Value(m.fixationsBefore),
                                           Value(m.firstFixationDuration), .number(m.totalFixationDuration), .count(m.fixationCount), .count(m.visitCount),
                                           .number(m.totalVisitDuration), Value(m.averageFixationDuration)]
                                })
        // Milliseconds are read whole, as Tobii gives them; a CSV keeps every digit.
        let first = group == nil ? 4 : 5
        for index in [first, first + 2, first + 3, first + 6, first + 7] { table.columns[index].kind = .number(decimals: 0) }
        table.columns[first + 1].kind = .count
        return table
    }

    /// Per AOI and group (`all` when not grouped; the column named `group`): participants who saw the media, how
    /// many fixated the AOI and their percentage, and each metric's n, mean, SD and 95 % interval (the export's
    /// `aoi_summary`, `gaze metrics --summary --csv`).
    public static func aoiSummaryRows(_ rows: [GazeSummaryRow], group: String, language: StudyLanguage) -> ResultTable {
        let metrics: [(String, KeyPath<GazeSummaryRow, Descriptive?>)] = [
            ("ttff", \.timeToFirstFixation), ("first_fixation", \.firstFixationDuration), ("total_fixation", \.totalFixationDuration),
            ("fixation_count", \.fixationCount), ("visit_count", \.visitCount), ("total_visit", \.totalVisitDuration)]
        var columns = ResultTable.names([.media, .aoi]) + [group] + ResultTable.names([.participants, .fixated, .percent_fixated])
        for (name, _) in metrics { columns += ["\(name)_n", "\(name)_mean", "\(name)_sd", "\(name)_ci_low", "\(name)_ci_high"] }
        var table = ResultTable(exported: "aoi_summary", sheet: "AOI summary", about: "per AOI and group: percentage fixated, means with 95% CI", language: language, columns: columns, rows: rows.map { row in
            var cells: [Value] = [.text(row.media), .text(row.aoi), .text(row.group ?? "all"), .count(row.participants), .count(row.fixated),
                                 .number(row.percentFixated)]
            for (_, path) in metrics {
                let d = row[keyPath: path]
                cells += [.count(d?.n ?? 0), Value(d?.mean), Value(d?.sd), Value(d?.ci95?.lowerBound), Value(d?.ci95?.upperBound)]
            }
            return cells
        })
        table.word([2: ["all": Term.all.text(language)]])
        return table
    }
}
