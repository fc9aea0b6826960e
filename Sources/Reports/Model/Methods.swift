import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The methods section: which instruments and formulas the study used, each with its citation.
enum Methods {
    static func paragraphs(_ s: StudyData, language: StudyLanguage, citations c: CitationList) -> [String] {
        var paragraphs: [String] = []
        // Everybody who took part, the participants left out of the analyses included (the analysis set says who).
        let n = s.participantCount + s.analysis.excluded.count
        paragraphs.append(s.groupLabel.map { ("\(n) people took part in the study, grouped by \($0)." as Sentence).text(language) }
            ?? ("\(n) people took part in the study." as Sentence).text(language))
        for q in s.questionnaires {
            let d = q.definition
            var text: String
            // The PSSUQ and the CSUQ, when scored as their authors score them (each sub-scale a mean on the items' scale),
            // are described with their published norms and the form's orientation; any other by its formula.
            if (d.id.hasPrefix("pssuq") || d.id == "csuq") && d.formula.scoreScale == .items {
                text = ("The \(d.title.text(language)) \(c.cite(instrument: d)) was applied on a 7-point scale where 1 = strongly agree (lower is better). Each sub-scale is the mean of the answered items, N/A excluded; means were compared with the published norms \(c.cite(["lewis2002", "sauro2016"])) by one-sample t-tests." as Sentence).text(language)
                if q.anyInverted {
                    text += (" The form showed the scale inverted (1 = disagree); answers were recoded as x′ = 8 − x before scoring." as Sentence).text(language)
                }
            } else {
                let citing = MethodsCitations(instrument: { c.cite(instrument: d) }, work: { c.cite($0) }, works: { c.cite($0) })
                text = d.formula.methods(of: d, language: language, citing: citing).text(language)
            }
            let scored = !d.scoreIDs.isEmpty
            if scored && d.items.count < 2 {
                text += (" 95 % confidence intervals use the t distribution." as Sentence).text(language)
            } else if scored && q.report.pooledOccasions {
                // α and the per-item statistics would count a participant once per occasion or condition: not estimated.
                text += (" 95 % confidence intervals use the t distribution; internal consistency (Cronbach's α) was not estimated over the occasions and conditions together, where each participant answered several times." as Sentence).text(language)
            } else if scored {
                text += (" 95 % confidence intervals use the t distribution; internal consistency was estimated with Cronbach's α \(c.cite("cronbach1951"))." as Sentence).text(language)
            }
            if d.perTask && scored {
                text += (" It was answered after each task: its means, and their tests against the norm, are per task (and per condition, where it was asked under one), each over one answer per participant." as Sentence).text(language)
            }
            paragraphs.append(text)
        }
        if let by = s.groupLabel {
            let compared = s.questionnaires.flatMap { $0.report.comparisons.filter { $0.task == nil }.map(\.comparison.groups.count) }
            if compared.contains(2) {
                paragraphs.append(("Scores were compared between the two groups of \(by) by Welch's t-test \(c.cite("welch1947")), with Hedges' g \(c.cite("hedges1981")), and by the Mann–Whitney U test \(c.cite("mann1947"))." as Sentence).text(language))
            }
            if compared.contains(where: { $0 > 2 }) {
                paragraphs.append(("Scores were compared between the groups of \(by) by Welch's ANOVA \(c.cite("welch1951")) and the Kruskal–Wallis test with ε² \(c.cite("kruskal1952")), then pair by pair by the Games–Howell test \(c.cite("games1976")) and Dunn's test \(c.cite("dunn1964")) with Holm's adjustment \(c.cite("holm1979"))." as Sentence).text(language))
            }
        }
        paragraphs += design(s, language: language, citations: c)
        if !s.taskSummary.isEmpty {
            var text = ("For tasks, completion rates are given with the 95 % adjusted-Wald interval \(c.cite(["agresti1998", "sauro2005"])); times as mean, median and geometric mean with its interval computed on the log scale \(c.cite("sauro2016"))." as Sentence).text(language)
            switch s.taskData?.abandoned ?? .exclude {
            case .failure:
                text += " " + ("Each participant counts once per task (and group): completion by their first attempt; giving up, and an attempt with no outcome recorded (abandoned or unfinished), count as failures \(c.cite("sauro2016"))." as Sentence).text(language)
            case .exclude:
                text += " " + ("Each participant counts once per task (and group): completion by their first attempt with an outcome; giving up counts as a failure, and a participant with no outcome recorded (an abandoned attempt) is left out of the completion rate's denominator, as the researcher chose." as Sentence).text(language)
            }
            if let groups = s.taskGroups, !groups.rows.isEmpty {
                text += " " + ("Tasks were compared between the groups of \(s.labels.attribute(groups.grouping)) (different participants), one value per participant: completion by the N−1 two-proportion test \(c.cite(["campbell2007", "sauro2016"])) when every expected count is at least 1 and by Fisher's exact test otherwise, with the adjusted-Wald interval of the difference \(c.cite("agresti2000")); time on the log scale, errors and SEQ by Welch's t-test \(c.cite("welch1947")) with Hedges' g \(c.cite("hedges1981")), every effect given as the second group against the first." as Sentence).text(language)
                if groups.rows.count > 1 {
                    text += " " + ("With \(groups.rows.count) tests, each p-value is also given after Holm's correction \(c.cite("holm1979")), since some p-values fall under 0.05 by chance when many tests are made." as Sentence).text(language)
                }
            }
            paragraphs.append(text)
        }
        paragraphs.append(analysisSet(s, language: language, citations: c))
        if let dropped = droppedAtImport(s, language: language) { paragraphs.append(dropped) }
        if let consent = consent(s.consent, language: language) { paragraphs.append(consent) }
        if !s.codes.isEmpty {
            let literature = Set(s.categories.compactMap(\.reference)).sorted()
            let descriptive = s.codes.filter { !$0.inVivo }.count
            let inVivo = s.codes.count - descriptive
            var text: String
            if descriptive == 0 {
                text = ("Interviews were analysed with in-vivo coding: verbatim excerpts were coded in the participants' own words and grouped into categories" as Sentence).text(language)
            } else if inVivo == 0 {
                text = ("Interviews were analysed with descriptive coding: verbatim excerpts were given codes summarising their topic and grouped into categories" as Sentence).text(language)
            } else {
                text = ("Interviews were analysed with in-vivo coding (codes in the participants' own words: \(inVivo)) and descriptive coding (codes summarising the excerpt's topic: \(descriptive)), grouped into categories" as Sentence).text(language)
            }
            // The researcher's own references for a priori categories go into the reference list as typed.
            for reference in literature { c.citeVerbatim(reference) }
            text += literature.isEmpty ? "." : ((" established a priori from " as Sentence).text(language)) + literature.joined(separator: "; ")
                + ((" and emerging from the data." as Sentence).text(language))
            text += (" A category's frequency is the share of participants who raised it." as Sentence).text(language)
            if s.coders.count > 1 {
                text += (" Agreement between coders was measured by percent agreement, Cohen's κ \(c.cite("cohen1960")) with its large-sample 95 % interval \(c.cite("fleiss1969")), nominal Krippendorff's α \(c.cite("krippendorff2011")) with its bootstrap interval \(c.cite("hayes2007")), and, since κ and α fall near 0 when one value dominates \(c.cite("feinstein1990")), Gwet's AC1 \(c.cite("gwet2008")) and the Brennan–Prediger coefficient \(c.cite("brennan1981")), over the excerpts coded by at least two coders." as Sentence).text(language)
            }
            paragraphs.append(text)
        }
        for suggester in s.suggesters {
            paragraphs.append(suggestionMethods(suggester, language: language, citations: c))
        }
        if !s.gazeRecordings.isEmpty {
            let filters = Array(Set(s.gazeRecordings.map(\.filter))).sorted()
            let ivt = filters.contains { $0.hasPrefix("studyctl I-VT") }
            let recordings = s.gazeRecordings.count, filtersUsed = filters.joined(separator: "; ")
            let source: Sentence = ivt ? "from the I-VT filter \(c.cite("olsen2012")) applied to raw gaze (\(filtersUsed))" : "from the Tobii export (\(filtersUsed))"
            var text = ("Eye movements were recorded with a Tobii eye tracker (\(recordings) recordings); fixations come \(source). Area-of-interest metrics follow Tobii's definitions: time to first fixation, fixations before it, first fixation duration, fixation duration and count, visits and their duration, and the percentage of participants who fixated the area. Heat maps sum a Gaussian kernel (SD ≈ 33 px) per fixation, weighted by its duration \(c.cite("dalmaijer2014"))." as Sentence).text(language)
            text += (" Scan-path similarity was measured by the normalised Levenshtein distance between AOI visit sequences \(c.cite("brandt1997"))." as Sentence).text(language)
            paragraphs.append(text)
        }
        return paragraphs
    }

    /// What a suggester suggested, how it was validated, and that a person decided every coding.
    static func suggestionMethods(_ suggester: SuggesterSummary, language: StudyLanguage, citations c: CitationList) -> String {
        let total = suggester.pending + suggester.accepted + suggester.rejected
        var text: String
        if suggester.method == "external" {
            text = ("Categories were suggested for passages of the transcripts by a language model the researcher ran outside studyctl (suggester \(suggester.name)); every suggested passage was checked against its transcript." as Sentence).text(language)
        } else {
            let trainer = suggester.trainingCoder ?? "?"
            let method = suggester.method == "naive Bayes" ? ("multinomial naive Bayes" as Sentence).text(language) : ("logistic regression" as Sentence).text(language)
            text = ("Categories were suggested for the uncoded \(suggester.unit == "turn" ? ("turns" as Sentence).text(language) : ("sentences" as Sentence).text(language)) of the transcripts by a text classifier trained on this computer on \(trainer)'s codings (suggester \(suggester.name)): words, word pairs and character n-grams with case and accents folded and stop words left out, one model per category; \(method) was chosen over the other method by the better macro F1 in 5-fold cross-validation \(c.cite("stone1974")), units with the same words kept in one fold so that no unit was scored by a model that learnt it." as Sentence).text(language)
        }
        text += " " + ("Of \(total) suggestions, a person accepted \(suggester.accepted) and rejected \(suggester.rejected); \(suggester.pending) are pending. Pending and rejected suggestions are counted nowhere: a person decided every coding in this report, and an accepted suggestion counts as the coding of the person who accepted it." as Sentence).text(language)
        return text
    }

    /// Who the analyses take (`AnalysisSet`: those named and, when asked, the flagged participants left out, with the
    /// flagging rule) and how unanswered items were scored.
    static func analysisSet(_ s: StudyData, language: StudyLanguage, citations c: CitationList) -> String {
        let set = s.analysis
        // The design the plan found first (what is compared within and between participants), then who counts.
        let design = s.plan.design(labels: s.labels)
        var parts: [Sentence] = design.description.isEmpty ? [set.statement] : [design, set.statement]
        if set.excludeFlagged || !set.flags.isEmpty { parts.append(set.flagRuleStatement) }
        if !s.questionnaires.isEmpty {
            switch s.missing {
            case .refuse:
                parts.append("A response set with an unanswered item was not scored (an unanswered item was neither counted as the centre point nor prorated); such sets are listed with their questionnaire.")
            case .centre:
                parts.append("An unanswered item was counted as the scale's centre point \(c.cite("brooke1996")).")
            case .prorate:
                parts.append("A score with one unanswered item was prorated from the answered items \(c.cite("lewis2017")); a set with more unanswered items was not scored.")
            }
            // Whose scores the policy touched, by name: "SUS: P012 (pós), P031".
            let touched = s.questionnaires.compactMap { q -> String? in
                let rows = q.report.rows.filter { row in row.scores.contains { $0.answered < $0.of } }
                guard !rows.isEmpty else { return nil }
                let names = rows.map { row in row.occasion.isEmpty ? row.participant : "\(row.participant) (\(s.labels.measurement(row.occasion, none: "")))" }
                return "\(q.definition.id.uppercased()): \(NaturalOrder.distinct(names).joined(separator: ", "))"
            }
            if !touched.isEmpty {
                let list = touched.joined(separator: "; ")
                parts.append(s.missing == .prorate ? "Scores prorated: \(list)." : "Scores with an unanswered item counted as the centre point: \(list).")
            }
        }
        return Sentence.joined(parts, separator: " ").text(language)
    }

    /// The consent procedure (each version decided on, with its hash, and how decisions were taken) and the
    /// withdrawals; `nil` when the study records neither.
    static func consent(_ consent: ConsentSummary, language: StudyLanguage) -> String? {
        guard !consent.isEmpty else { return nil }
        var parts: [Sentence] = []
        for version in consent.versions {
            let hash = String(version.sha256.prefix(12))
            parts.append(Sentence(count: version.agreed,
                                  one: "\(version.agreed) participant agreed to the consent text version \(version.version) (“\(version.title)”, SHA-256 \(hash)…) before taking part.",
                                  other: "\(version.agreed) participants agreed to the consent text version \(version.version) (“\(version.title)”, SHA-256 \(hash)…) before taking part."))
            if version.declined > 0 {
                parts.append("Declined it, and took no part: \(version.declined)." as Sentence)
            }
        }
        let ways: [(String, Sentence)] = [("page", "on the participant page"), ("paper", "on paper"), ("recorded", "recorded (audio or video)")]
        let taken = ways.compactMap { key, words in consent.how[key].map { "\(words): \($0)" as Sentence } }
        if !taken.isEmpty { parts.append("Decisions were taken \(Sentence.joined(taken, separator: "; "))." as Sentence) }
        if consent.withdrewRemoved > 0 {
            parts.append(Sentence(count: consent.withdrewRemoved,
                                  one: "\(consent.withdrewRemoved) participant withdrew; their data was removed from the study and from every analysis.",
                                  other: "\(consent.withdrewRemoved) participants withdrew; their data was removed from the study and from every analysis."))
        }
        if consent.withdrewAnonymised > 0 {
            parts.append(Sentence(count: consent.withdrewAnonymised,
                                  one: "\(consent.withdrewAnonymised) participant withdrew; as their consent allowed, their data was kept anonymised.",
                                  other: "\(consent.withdrewAnonymised) participants withdrew; as their consent allowed, their data was kept anonymised."))
        }
        return Sentence.joined(parts, separator: " ").text(language)
    }

    /// The repeated rows form imports dropped (`--duplicates`), per questionnaire and rule: how many, whose, and
    /// where in the file; `nil` when none was.
    static func droppedAtImport(_ s: StudyData, language: StudyLanguage) -> String? {
        guard !s.droppedResponses.isEmpty else { return nil }
        var groups: [(instrument: String, policy: String, rows: [DroppedResponse])] = []
        for row in s.droppedResponses {
            if let index = groups.firstIndex(where: { $0.instrument == row.instrument && $0.policy == row.policy }) {
                groups[index].rows.append(row)
            } else {
                groups.append((row.instrument, row.policy, [row]))
            }
        }
        let sentences = groups.map { group -> Sentence in
            let title = s.questionnaires.first { $0.definition.id == group.instrument }?.definition.title.text(language) ?? group.instrument
            let rows = group.rows.map { row in
                ("\(row.participant) (\(URL(fileURLWithPath: row.file).lastPathComponent), line \(row.line))" as Sentence).text(language)
            }.joined(separator: ", ")
            let n = group.rows.count
            return group.policy == "keep-first"
                ? Sentence(count: n, one: "\(n) repeated \(title) response set was dropped at import (keep-first, each participant's first row kept): \(rows).",
                           other: "\(n) repeated \(title) response sets were dropped at import (keep-first, each participant's first row kept): \(rows).")
                : Sentence(count: n, one: "\(n) repeated \(title) response set was dropped at import (keep-last, each participant's latest row kept): \(rows).",
                           other: "\(n) repeated \(title) response sets were dropped at import (keep-last, each participant's latest row kept): \(rows).")
        }
        return Sentence.joined(sentences, separator: " ").text(language)
    }

    /// The design of the questionnaires answered more than once by the same participants: which factors vary within
    /// participants (the occasions, the conditions' levels) and which between (the grouping attribute, a mixed
    /// design), that each comparison takes complete blocks only and how many it left out; then the tests used, once.
    static func design(_ s: StudyData, language: StudyLanguage, citations c: CitationList) -> [String] {
        let designed = s.questionnaires.filter { !$0.within.isEmpty }
        guard !designed.isEmpty else { return [] }
        var paragraphs: [String] = []
        for q in designed {
            let factors = q.within.map { design -> Sentence in
                let levels = design.levels.map { WithinWording.levelName($0, of: design.factor, language, labels: s.labels) }.joined(separator: ", ")
                return design.factor == MeasurementKey.occasionFactor ? "the occasions (\(levels))" : "the levels of \(s.labels.factor(design.factor)) (\(levels))"
            }
            var text = ("\(q.definition.id.uppercased()) was answered by the same participants under \(Sentence.joined(factors, separator: " and ")), which vary within participants." as Sentence).text(language)
            let mixed = q.within.contains { !$0.mixed.isEmpty }
            if mixed, let by = s.groupLabel {
                text += (" Between participants, the groups of \(by) vary (a mixed design)." as Sentence).text(language)
            } else {
                text += (" No factor varies between participants in these comparisons." as Sentence).text(language)
            }
            // Per factor: the complete blocks and those left out (a range where tasks or strata differ).
            let counts = q.within.map { design -> Sentence in
                func span(_ values: [Int]) -> String {
                    let low = values.min() ?? 0, high = values.max() ?? 0
                    return low == high ? String(low) : "\(low)–\(high)"
                }
                let complete = span(design.comparisons.map(\.comparison.complete)), left = span(design.comparisons.map(\.comparison.leftOut))
                return "\(WithinWording.plural(design.factor, labels: s.labels)): \(complete) participants with every level, left out: \(left)" as Sentence
            }
            text += (" Only participants with a set under every level compared enter a comparison (complete blocks); the others are left out of it: \(Sentence.joined(counts, separator: "; "))." as Sentence).text(language)
            paragraphs.append(text)
        }
        let comparisons = designed.flatMap { $0.within.flatMap(\.comparisons) }
        var tests: [String] = []
        if comparisons.contains(where: { $0.comparison.levels.count == 2 }) {
            tests.append(("Two levels were compared by Student's paired t-test \(c.cite("student1908")), with the mean difference, its 95 % confidence interval and Cohen's dz, the mean difference over the standard deviation of the differences \(c.cite("lakens2013")), and by the Wilcoxon signed-rank test \(c.cite("wilcoxon1945")) with the matched-pairs rank-biserial correlation \(c.cite("kerby2014")); its p is exact without ties or zero differences (up to 50 pairs), exact over every sign pattern with them (up to 13 pairs), and otherwise from the normal approximation with the tie correction." as Sentence).text(language))
        }
        if comparisons.contains(where: { $0.comparison.levels.count > 2 }) {
            tests.append(("Three levels or more were compared by the repeated-measures ANOVA with the generalised η² \(c.cite("olejnik2003")), Mauchly's test of sphericity \(c.cite("mauchly1940")) and the Greenhouse–Geisser correction of its degrees of freedom \(c.cite("greenhouse1959")), by Friedman's test \(c.cite("friedman1937")) with Kendall's W \(c.cite("kendall1939")), and pair by pair by paired t-tests with Holm's adjustment \(c.cite("holm1979"))." as Sentence).text(language))
        }
        if designed.contains(where: { $0.within.contains { !$0.mixed.isEmpty } }), let by = s.groupLabel {
            tests.append(("With the groups of \(by), the mixed ANOVA \(c.cite("maxwell2004")) tested the groups, the within-participant factor and their interaction, each with its partial η² (the Greenhouse–Geisser correction with three levels or more)." as Sentence).text(language))
        }
        if !tests.isEmpty { paragraphs.append(tests.joined(separator: " ")) }
        return paragraphs
    }
}
