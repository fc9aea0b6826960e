import Surveys
import Wording

/// The message catalog's words: column labels and the short words of tables and captions, each with its English and
/// Brazilian Portuguese text. The raw value is the machine name a column named by the term carries in CSV and JSON.
///
/// The `switch` in `text(_:)` is exhaustive, so a term cannot lack a language; `ResultsTests` checks that no
/// Portuguese text holds an English word from its list, and the reverse.
public enum Term: String, Sendable, CaseIterable, Worded {
    // People and groups.
    case participant, participants, group, all, overall, task, tasks, condition, trial, coder, coders, occasion, no_occasion
    // Descriptive statistics.
    case n, mean, sd, median, min, max, mode, ci95, score, value, norm, total
    // Tests.
    case test, statistic, t, df, p, p_adjusted, effect_size, difference, verdict, method, comparison
    case group_a, group_b, mean_difference, ci95_difference, games_howell_t, games_howell_df, games_howell_p, rank_difference
    case dunn_z, dunn_p_holm
    // Within participants.
    case measurement, left_out, means, level_a, level_b, p_holm, dz, variation_source, partial_eta_squared, gg_epsilon, p_gg
    // Questionnaires.
    case instrument, item, text, recoded, recoded_mean, recoded_sd, answered, not_applicable, point, count, share
    case grade, grade_ci95, percentiles, percentile_rank, adjective, acceptability, alpha, items
    // Tasks.
    case attempts, successes, completion, completion_ci95, time_mean, time_median, time_geomean, time_geomean_ci95
    case total_mean, errors_mean, errors_sd, errors_total, assisted, seq_mean, outcome
    case time, errors, note, measure, typical_a, typical_b, effect, partials, failures, time_n, time_sd, penalty, total_median, total_geomean, seq_n
    case levels, several_attempts, kendall_w, only_a, only_b, completed
    case abandoned, by, n_a, n_b, hedges_g, higher, direction
    // Coding.
    case category, origin, definition, theme, codes, segments, excerpt, code, agreement, kappa, kappa_ci95, alpha_ci95, units, emergent, a_priori
    case raised_n, raised_mean, others_n, others_mean, ac1, brennan_prediger
    case position, new_categories, new_count, cumulative, run, run_new, run_share, estimate
    // Eye tracking.
    case media, aoi, fixated, ttff_mean, ttff_ci95, total_fixation_mean, total_fixation_ci95, fixation_count_mean, visit_count_mean
    case samples, invalid_share, fixations, pairs, mean_similarity
    // Captions.
    case table, figure, continued, continues, source
    // Study contents.
    case kind, attributes, conditions, instruments, response_sets, item_answers, transcripts, excerpts, categories, memos
    case gaze_recordings, areas_of_interest, sessions, recordings
    // Columns of the exported tables (the workbook and the CSV files).
    case answer, orientation, submitted, items_answered, ci95_low, ci95_high, field, created, code_id, in_vivo, span_start, span_end
    case start_ms, end_ms, denominator, memo, on, time_s, total_s, recording, fixation_filter, time_to_first_fixation_ms
    case fixations_before, first_fixation_ms, total_fixation_ms, fixation_count, visit_count, total_visit_ms, average_fixation_ms
    case percent_fixated, fixation, time_ms, duration_ms, trackloss
    // Transcripts.
    case interview_transcripts, session_logs, speaker, speakers, turns, start, end, moderator, interview, session_log

    /// The word in a language: its English (below) is the catalog's msgid in context "Term".
    public var sentence: Sentence { Sentence(english, context: "Term") }

    /// The English word.
    var english: Sentence {
        switch self {
        case .participant: return "Participant"
        case .participants: return "Participants"
        case .group: return "Group"
        case .all: return "All"
        case .overall: return "Overall"
        case .task: return "Task"
        case .occasion: return "Occasion"
        case .no_occasion: return "(no occasion)"
        case .tasks: return "Tasks"
        case .condition: return "Condition"
        case .trial: return "Trial"
        case .coder: return "Coder"
        case .coders: return "Coders"
        case .n: return "n"
        case .mean: return "Mean"
        case .sd: return "SD"
        case .median: return "Median"
        case .min: return "Min."
        case .max: return "Max."
        case .mode: return "Mode"
        case .ci95: return "95% CI"
        case .score: return "Score"
        case .value: return "Value"
        case .norm: return "Norm"
        case .total: return "Total"
        case .test: return "Test"
        case .statistic: return "Statistic"
        case .t: return "t"
        case .df: return "df"
        case .p: return "p"
        case .p_adjusted: return "Adjusted p"
        case .effect_size: return "Effect size"
        case .difference: return "Difference"
        case .verdict: return "Result"
        case .method: return "Method"
        case .comparison: return "Comparison"
        case .group_a: return "Group A"
        case .group_b: return "Group B"
        case .mean_difference: return "Mean difference"
        case .ci95_difference: return "95% CI of the difference"
        case .games_howell_t: return "t (Games–Howell)"
        case .games_howell_df: return "df"
        case .games_howell_p: return "p (Games–Howell)"
        case .rank_difference: return "Mean rank difference"
        case .dunn_z: return "z (Dunn)"
        case .dunn_p_holm: return "p (Dunn, Holm)"
        case .measurement: return "Occasion / condition"
        case .left_out: return "Left out"
        case .means: return "Means"
        case .level_a: return "Level A"
        case .level_b: return "Level B"
        case .p_holm: return "p (Holm)"
        case .dz: return "dz"
        case .variation_source: return "Source of variation"
        case .partial_eta_squared: return "Partial η²"
        case .gg_epsilon: return "Greenhouse–Geisser ε"
        case .p_gg: return "p (Greenhouse–Geisser)"
        case .instrument: return "Instrument"
        case .item: return "Item"
        case .text: return "Text"
        case .recoded: return "Recoded"
        case .recoded_mean: return "Recoded mean"
        case .recoded_sd: return "Recoded SD"
        case .answered: return "Answered"
        case .not_applicable: return "N/A"
        case .point: return "Point"
        case .count: return "Count"
        case .share: return "%"
        case .grade: return "Grade"
        case .percentiles: return "Percentiles"
        case .percentile_rank: return "Percentile rank"
        case .adjective: return "Adjective"
        case .acceptability: return "Acceptability"
        case .alpha: return "Krippendorff's α"
        case .items: return "Items"
        case .attempts: return "Attempts"
        case .successes: return "Successes"
        case .completion: return "Completion"
        case .completion_ci95: return "Completion 95% CI"
        case .time_mean: return "Mean time (s)"
        case .time_median: return "Median time (s)"
        case .time_geomean: return "Geometric mean time (s)"
        case .time_geomean_ci95: return "Geometric mean 95% CI"
        case .total_mean: return "Mean total time (s)"
        case .errors_mean: return "Mean errors"
        case .errors_sd: return "Errors SD"
        case .errors_total: return "Errors (total)"
        case .assisted: return "Assisted"
        case .seq_mean: return "SEQ (mean)"
        case .outcome: return "Outcome"
        case .time: return "Time"
        case .errors: return "Errors"
        case .note: return "Note"
        case .measure: return "Measure"
        case .typical_a: return "A"
        case .typical_b: return "B"
        case .effect: return "Effect (B vs A)"
        case .partials: return "Partial successes"
        case .failures: return "Failures"
        case .time_n: return "Timed attempts"
        case .time_sd: return "Time SD (s)"
        case .penalty: return "Penalty per error (s)"
        case .total_median: return "Median total time (s)"
        case .total_geomean: return "Geometric mean total time (s)"
        case .seq_n: return "SEQ answers"
        case .levels: return "Levels"
        case .several_attempts: return "Participants with several attempts"
        case .kendall_w: return "Kendall's W"
        case .only_a: return "Completed under A only"
        case .only_b: return "Completed under B only"
        case .completed: return "Completed per level"
        case .abandoned: return "Abandoned"
        case .by: return "Groups of"
        case .n_a: return "n A"
        case .n_b: return "n B"
        case .hedges_g: return "Hedges' g (B − A)"
        case .higher: return "Higher"
        case .direction: return "Direction"
        case .category: return "Category"
        case .origin: return "Origin"
        case .definition: return "Definition"
        case .theme: return "Theme"
        case .codes: return "Codes"
        case .segments: return "Segments"
        case .excerpt: return "Excerpt"
        case .code: return "Code"
        case .agreement: return "Agreement"
        case .kappa: return "Cohen's κ"
        case .kappa_ci95: return "κ 95% CI"
        case .alpha_ci95: return "α 95% CI (bootstrap)"
        case .position: return "Order"
        case .new_categories: return "Raised for the first time"
        case .new_count: return "New"
        case .cumulative: return "So far"
        case .run: return "Run"
        case .run_new: return "New in the run"
        case .run_share: return "Of the base"
        case .estimate: return "Estimate"
        case .units: return "Units"
        case .emergent: return "Emergent"
        case .a_priori: return "A priori"
        case .media: return "Media"
        case .aoi: return "AOI"
        case .fixated: return "Fixated"
        case .ttff_mean: return "Time to first fixation (ms)"
        case .ttff_ci95: return "TTFF 95% CI"
        case .total_fixation_mean: return "Total fixation (ms)"
        case .total_fixation_ci95: return "Total fixation 95% CI"
        case .fixation_count_mean: return "Fixations (mean)"
        case .visit_count_mean: return "Visits (mean)"
        case .samples: return "Samples"
        case .invalid_share: return "Invalid"
        case .fixations: return "Fixations"
        case .pairs: return "Pairs"
        case .mean_similarity: return "Mean similarity"
        case .grade_ci95: return "Grades in the 95% CI"
        case .ac1: return "Gwet's AC1"
        case .brennan_prediger: return "Brennan–Prediger"
        case .raised_n: return "Raised it, n"
        case .raised_mean: return "Raised it, mean"
        case .others_n: return "Others, n"
        case .others_mean: return "Others, mean"
        case .table: return "Table"
        case .figure: return "Figure"
        case .continued: return "continued"
        case .continues: return "continues on the next page"
        case .source: return "Source"
        case .kind: return "Kind"
        case .attributes: return "Attributes"
        case .conditions: return "Conditions"
        case .instruments: return "Instruments"
        case .response_sets: return "Response sets"
        case .item_answers: return "Item answers"
        case .transcripts: return "Transcripts"
        case .interview_transcripts: return "Interviews"
        case .session_logs: return "Session logs"
        case .speaker: return "Speaker"
        case .speakers: return "Speakers"
        case .turns: return "Turns"
        case .start: return "Start"
        case .end: return "End"
        case .moderator: return "moderator"
        case .interview: return "interview"
        case .session_log: return "session log"
        case .excerpts: return "Excerpts"
        case .categories: return "Categories"
        case .memos: return "Memos"
        case .gaze_recordings: return "Gaze recordings"
        case .recordings: return "Recordings"
        case .sessions: return "Sessions"
        case .areas_of_interest: return "Areas of interest"
        case .answer: return "Answer"
        case .orientation: return "Orientation"
        case .submitted: return "Submitted"
        case .items_answered: return "Items answered"
        case .ci95_low: return "95% CI low"
        case .ci95_high: return "95% CI high"
        case .field: return "Field"
        case .created: return "Created"
        case .code_id: return "Code id"
        case .in_vivo: return "In vivo"
        case .span_start: return "Start"
        case .span_end: return "End"
        case .start_ms: return "Start (ms)"
        case .end_ms: return "End (ms)"
        case .denominator: return "Denominator"
        case .memo: return "Memo"
        case .on: return "On"
        case .time_s: return "Time (s)"
        case .total_s: return "Total time (s)"
        case .recording: return "Recording"
        case .fixation_filter: return "Fixation filter"
        case .time_to_first_fixation_ms: return "Time to first fixation (ms)"
        case .fixations_before: return "Fixations before"
        case .first_fixation_ms: return "First fixation (ms)"
        case .total_fixation_ms: return "Total fixation duration (ms)"
        case .fixation_count: return "Fixation count"
        case .visit_count: return "Visits"
        case .total_visit_ms: return "Total visit duration (ms)"
        case .average_fixation_ms: return "Average fixation duration (ms)"
        case .percent_fixated: return "% fixated"
        case .fixation: return "Fixation"
        case .time_ms: return "Time (ms)"
        case .duration_ms: return "Duration (ms)"
        case .trackloss: return "Trackloss"
        }
    }
}
