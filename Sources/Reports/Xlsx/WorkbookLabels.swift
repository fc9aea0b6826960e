import Results
import Surveys
import Wording

/// The workbook's sheet names, their descriptions and the headers of the columns studyctl names, in English; the
/// study's language comes from the message catalog (`SentenceCatalog`, `Term`). A header that is a catalog term is the
/// term's label, as in the report's tables; a name the tables take from the study (an attribute, a condition) stays.
enum WorkbookLabels {
    static let sheets: [String: (name: String, about: String)] = [
        "Study": ("Study", "title, language and what the study holds"),
        "Participants": ("Participants", "one row per participant with their attributes"),
        "Responses": ("Responses", "every answer, one row per item (long format)"),
        "Scores": ("Scores", "each participant's scores per instrument"),
        "Summary": ("Summary", "per group and overall: n, mean, SD, 95% CI, test against the norm, grade"),
        "Items": ("Items", "per item (and task, for a per-task instrument): n, mean, SD (recoded too) and the count of each scale point"),
        "Tasks": ("Tasks", "every task attempt: time, errors, outcome"),
        "Quality": ("Quality", "response sets the quality checks flag (contradictory, straight-lined), with the rule; scored as answered"),
        "Comparisons": ("Comparisons", "between groups, per score: Welch / Mann–Whitney or Welch's ANOVA / Kruskal–Wallis, and the pairwise Games–Howell and Dunn (Holm) tests"),
        "Within participants": ("Within participants", "each score's levels compared within participants (occasions, conditions), one row per factor, task, stratum and score: complete blocks, those left out, means, paired t and Wilcoxon for two levels, repeated-measures ANOVA (Greenhouse–Geisser, Mauchly) and Friedman for more"),
        "Within pairs": ("Pairs (Holm)", "three levels or more: each pair of levels by the paired t-test, p adjusted by Holm"),
        "Mixed ANOVA": ("Mixed ANOVA", "groups between participants × a factor within: F, df, p and partial η² of the groups, the factor and their interaction, Greenhouse–Geisser with three levels or more"),
        "Task summary": ("Task summary", "per task and condition, one value per participant: completion with adjusted-Wald CI, times, errors"),
        "Task benchmarks": ("Task benchmarks", "per task and group: completion against 78 % (one-sided binomial mid-p or normal approximation, adjusted-Wald CI) and SEQ against 5.5 (one-sided one-sample t, t CI), each with its side, p and traffic light"),
        "Task comparisons": ("Task comparisons", "every level of each condition per task: time as a ratio of geometric means, errors as a difference, paired or Welch's t, Friedman with Holm-adjusted pairs for three levels or more; completion by McNemar's exact test or Cochran's Q"),
        "Codebook": ("Codebook", "categories with origin, definition, theme and use"),
        "Excerpts": ("Excerpts", "coded excerpts with their in-vivo codes"),
        "Category frequencies": ("Category frequencies", "per category: segments, participants and share"),
        "Memos": ("Memos", "analytic memos"),
        "Benchmarks": ("Benchmarks", "per score with a published reference: mean, 95% CI and margin, norm and its source; SUS-scale grade of the mean and of the CI's ends, percentile range and the mean's percentile rank, adjective, BCa interval under 20 respondents"),
        "Agreement": ("Agreement", "per category and overall: percent agreement, Cohen's κ with its 95% CI, Krippendorff's α with its bootstrap 95% CI, Gwet's AC1, Brennan–Prediger"),
        "Agreement excerpts": ("Agreement excerpts", "the excerpts the agreement compared (coded by both coders with the same bounds) and those it left out: coded by one coder only, or overlapping another coder's excerpt with other bounds; 'codes agreement --levels' or '--unitizing' compare those"),
        "Discovery": ("Discovery", "problem discovery over the interviews' categories (Lewis 2001): p and its adjustments, share expected found, participants per goal"),
        "Saturation": ("Saturation", "per interview in order: categories raised for the first time, distinct so far, and each run's new share of the base (Guest, Namey & Chen 2020)"),
        "Gaze recordings": ("Gaze recordings", "per participant × media: samples, share invalid, fixations, fixation filter"),
        "AOI metrics": ("AOI metrics", "per participant × media × AOI: Tobii's metrics, in ms"),
        "AOI summary": ("AOI summary", "per AOI and group: percentage fixated, means with 95% CI"),
        "Fixations": ("Fixations", "one row per fixation with a TRUE/FALSE column per AOI (eyetrackingR)"),
        "Charts": ("Charts", "native Excel charts of the tables"),
        "Chart data": ("Chart data", "the values the charts are drawn from"),
    ]

    /// The columns studyctl names, by machine name; the English header where it is not the name itself.
    static let known: Set<String> = ["acceptability", "adjective", "answer", "aoi", "assisted", "attempts", "average_fixation_ms", "category", "ci90_high", "ci90_low", "ci95_high", "ci95_low", "code", "code_id", "coder", "codes", "completion", "completion_ci_high", "completion_ci_low", "count", "created", "definition", "denominator", "duration_ms", "end_ms", "errors", "errors_mean", "errors_sd", "errors_total", "excerpt", "field", "first_fixation_ms", "fixated", "fixation", "fixation_count", "fixation_filter", "fixations", "fixations_before", "geomean_ci_high", "geomean_ci_low", "grade", "group", "in_vivo", "instrument", "invalid_share", "item", "items", "items_answered", "max", "mean", "media", "median", "memo", "min", "n", "norm", "not_applicable", "note", "occasion", "on", "orientation", "origin", "outcome", "p", "participant", "participants", "percent_fixated", "point", "recoded", "recoded_mean", "recoded_sd", "recording", "samples", "score", "sd", "segments", "seq_mean", "share", "span_end", "span_start", "start_ms", "submitted", "successes", "t", "task", "text", "theme", "time_geomean", "time_mean", "time_median", "time_ms", "time_s", "time_to_first_fixation_ms", "total_fixation_ms", "total_mean", "total_s", "total_visit_ms", "trackloss", "trial", "value", "visit_count"]
    static let english: [String: String] = ["average_fixation_ms": "average fixation duration (ms)", "ci90_high": "90% CI high", "ci90_low": "90% CI low", "ci95_high": "95% CI high", "ci95_low": "95% CI low", "code_id": "code id", "completion_ci_high": "completion CI high", "completion_ci_low": "completion CI low", "duration_ms": "duration (ms)", "end_ms": "end (ms)", "errors_mean": "errors (mean)", "errors_sd": "errors (SD)", "errors_total": "errors (total)", "first_fixation_ms": "first fixation (ms)", "fixation_count": "fixation count", "fixation_filter": "fixation filter", "fixations_before": "fixations before", "geomean_ci_high": "geometric mean CI high", "geomean_ci_low": "geometric mean CI low", "in_vivo": "in vivo", "invalid_share": "share invalid", "items_answered": "items answered", "not_applicable": "N/A", "percent_fixated": "% fixated", "recoded_mean": "recoded mean", "recoded_sd": "recoded SD", "sd": "SD", "seq_mean": "SEQ (mean)", "span_end": "end", "span_start": "start", "start_ms": "start (ms)", "time_geomean": "time (geometric mean)", "time_mean": "time (mean)", "time_median": "time (median)", "time_ms": "time (ms)", "time_s": "time (s)", "time_to_first_fixation_ms": "time to first fixation (ms)", "total_fixation_ms": "total fixation duration (ms)", "total_mean": "total time (mean)", "total_s": "total time (s)", "total_visit_ms": "total visit duration (ms)", "visit_count": "visits"]

    static func sheet(_ name: String, _ language: StudyLanguage) -> String {
        guard let entry = sheets[name] else { return name }
        return Sentence(stringLiteral: entry.name).text(language)
    }

    static func about(_ name: String, _ language: StudyLanguage) -> String {
        guard let entry = sheets[name] else { return "" }
        return Sentence(stringLiteral: entry.about).text(language)
    }

    /// A column header for people: the catalog term's label where there is one, else the English header worded in
    /// `language` with a capital first letter; a name the tables take from the study stays as it is.
    static func column(_ name: String, _ language: StudyLanguage) -> String {
        guard known.contains(name) else { return name }
        if let term = Term(rawValue: name) { return term.text(language) }
        let header = Sentence(stringLiteral: english[name] ?? name).text(language)
        return header.prefix(1).uppercased() + header.dropFirst()
    }
}
