import Foundation
import Results
import Surveys
import Wording

/// The works a report cites, with in-text citations and reference-list entries in ABNT NBR 6023:2018 and
/// NBR 10520:2023 (Portuguese reports) or APA 7 (English reports). Only the works a report cites are listed.
struct Work: Sendable {
    enum Kind: Sendable {
        case article(journal: String, volume: String, issue: String?, pages: String)
        case chapter(editors: [String], book: String, pages: String, publisher: String, place: String)
        case book(subtitle: String?, edition: Int?, publisher: String, place: String)
        case paper(proceedings: String, pages: String, publisher: String, place: String)
        case report(institution: String, place: String)
    }

    /// Family name and initials of each author: ("Lewis", "J. R.").
    var authors: [(family: String, initials: String)]
    var year: Int
    var title: String
    var kind: Kind

    func citation(_ language: StudyLanguage) -> String {
        let families = authors.map(\.family)
        if language.record.citationStyle == .abnt {
            let names = families.count > 2 ? families[0].uppercased() + " et al." : families.map { $0.uppercased() }.joined(separator: "; ")
            return "(\(names), \(year))"
        }
        let names = families.count > 2 ? families[0] + " et al." : families.joined(separator: " & ")
        return "(\(names), \(year))"
    }

    /// The authors inside a parenthesis, before the year: "SAURO; LEWIS" (ABNT), "Sauro & Lewis" (APA); three or
    /// more "BANGOR et al." / "Bangor et al.".
    func parentheticalAuthors(_ language: StudyLanguage) -> String {
        String(citation(language).dropFirst().dropLast()).replacingOccurrences(of: ", \(year)", with: "")
    }

    /// The authors as a sentence names them, before "(year)": "Sauro e Lewis" (ABNT), "Sauro and Lewis" (APA);
    /// three or more "Bangor et al.".
    func narrativeAuthors(_ language: StudyLanguage) -> String {
        let families = authors.map(\.family)
        if families.count > 2 { return families[0] + " et al." }
        return families.joined(separator: language.record.citationStyle == .abnt ? " e " : " and ")
    }

    /// The reference-list entry, as markdown (bold or italic where the style wants it).
    func entry(_ language: StudyLanguage) -> String {
        language.record.citationStyle == .abnt ? abnt : apa
    }

    private var abnt: String {
        // A pseudonym has no initials: "STUDENT."
        let names = authors.map { $0.initials.isEmpty ? "\($0.family.uppercased())." : "\($0.family.uppercased()), \($0.initials)" }.joined(separator: "; ")
        let pages = { (text: String) in text.replacingOccurrences(of: "–", with: "-") }
        switch kind {
        case let .article(journal, volume, issue, range):
            return "\(names) \(title). **\(journal)**, v. \(volume)" + (issue.map { ", n. \(pages($0))" } ?? "") + ", p. \(pages(range)), \(year)."
        case let .chapter(editors, book, range, publisher, place):
            // "P. W. Jordan" → "JORDAN, P. W."
            func inverted(_ name: String) -> String {
                let parts = name.split(separator: " ")
                guard let family = parts.last else { return name.uppercased() }
                return family.uppercased() + ", " + parts.dropLast().joined(separator: " ")
            }
            let eds = editors.count > 1 ? "\(inverted(editors[0])) et al." : editors.map(inverted).joined()
            return "\(names) \(title). In: \(eds) (ed.). **\(book)**. \(place): \(publisher), \(year). p. \(pages(range))."
        case let .book(subtitle, edition, publisher, place):
            return "\(names) **\(title)**" + (subtitle.map { ": \($0)" } ?? "") + "." + (edition.map { " \($0). ed." } ?? "") + " \(place): \(publisher), \(year)."
        case let .paper(proceedings, range, publisher, place):
            return "\(names) \(title). In: \(proceedings.uppercased()). \(place): \(publisher), \(year). p. \(pages(range))."
        case let .report(institution, place):
            return "\(names) **\(title)**. \(place): \(institution), \(year)."
        }
    }

    private var apa: String {
        var names = authors.map { $0.initials.isEmpty ? "\($0.family)." : "\($0.family), \($0.initials)" }
        if names.count > 1 { names[names.count - 1] = "& " + names[names.count - 1] }
        let list = names.count == 2 ? names.joined(separator: ", ") : names.joined(separator: ", ")
        switch kind {
        case let .article(journal, volume, issue, range):
            return "\(list) (\(year)). \(title). *\(journal)*, *\(volume)*" + (issue.map { "(\($0))" } ?? "") + ", \(range)."
        case let .chapter(editors, book, range, publisher, _):
            return "\(list) (\(year)). \(title). In \(editors.joined(separator: ", ")) (Eds.), *\(book)* (pp. \(range)). \(publisher)."
        case let .book(subtitle, edition, publisher, _):
            let ordinal = edition.map { $0 == 2 ? "2nd" : $0 == 3 ? "3rd" : "\($0)th" }
            return "\(list) (\(year)). *\(title)" + (subtitle.map { ": \($0)" } ?? "") + "*" + (ordinal.map { " (\($0) ed.)" } ?? "") + ". \(publisher)."
        case let .paper(proceedings, range, publisher, _):
            return "\(list) (\(year)). \(title). In *\(proceedings)* (pp. \(range)). \(publisher)."
        case let .report(institution, _):
            return "\(list) (\(year)). *\(title)*. \(institution)."
        }
    }

    /// For sorting the list: first author's family name, then year.
    var sortKey: String { (authors.first?.family ?? "") + String(year) }
}

/// The works studyctl's methods and built-in instruments rest on.
enum Bibliography {
    static let works: [String: Work] = [
        "brooke1996": Work(authors: [("Brooke", "J.")], year: 1996, title: "SUS: a \"quick and dirty\" usability scale",
                           kind: .chapter(editors: ["P. W. Jordan", "B. Thomas", "B. A. Weerdmeester", "I. L. McClelland"], book: "Usability evaluation in industry",
                                          pages: "189–194", publisher: "Taylor & Francis", place: "London")),
        "lewis1995": Work(authors: [("Lewis", "J. R.")], year: 1995, title: "IBM computer usability satisfaction questionnaires: psychometric evaluation and instructions for use",
                          kind: .article(journal: "International Journal of Human-Computer Interaction", volume: "7", issue: "1", pages: "57–78")),
        "lewis2002": Work(authors: [("Lewis", "J. R.")], year: 2002, title: "Psychometric evaluation of the PSSUQ using data from five years of usability studies",
                          kind: .article(journal: "International Journal of Human-Computer Interaction", volume: "14", issue: "3–4", pages: "463–488")),
        "finstad2010": Work(authors: [("Finstad", "K.")], year: 2010, title: "The usability metric for user experience",
                            kind: .article(journal: "Interacting with Computers", volume: "22", issue: "5", pages: "323–327")),
        "lewis2013": Work(authors: [("Lewis", "J. R."), ("Utesch", "B. S."), ("Maher", "D. E.")], year: 2013, title: "UMUX-LITE: when there's no time for the SUS",
                          kind: .paper(proceedings: "Proceedings of the SIGCHI Conference on Human Factors in Computing Systems (CHI 2013)", pages: "2099–2102", publisher: "ACM", place: "New York")),
        "sauro2009": Work(authors: [("Sauro", "J."), ("Dumas", "J. S.")], year: 2009, title: "Comparison of three one-question, post-task usability questionnaires",
                          kind: .paper(proceedings: "Proceedings of the SIGCHI Conference on Human Factors in Computing Systems (CHI 2009)", pages: "1599–1608", publisher: "ACM", place: "New York")),
        "hart1988": Work(authors: [("Hart", "S. G."), ("Staveland", "L. E.")], year: 1988, title: "Development of NASA-TLX (Task Load Index): results of empirical and theoretical research",
                         kind: .chapter(editors: ["P. A. Hancock", "N. Meshkati"], book: "Human mental workload", pages: "139–183", publisher: "North-Holland", place: "Amsterdam")),
        "hart2006": Work(authors: [("Hart", "S. G.")], year: 2006, title: "NASA-Task Load Index (NASA-TLX); 20 years later",
                         kind: .article(journal: "Proceedings of the Human Factors and Ergonomics Society Annual Meeting", volume: "50", issue: "9", pages: "904–908")),
        "sauro2016": Work(authors: [("Sauro", "J."), ("Lewis", "J. R.")], year: 2016, title: "Quantifying the user experience",
                          kind: .book(subtitle: "practical statistics for user research", edition: 2, publisher: "Morgan Kaufmann", place: "Cambridge, MA")),
        "lewis2009": Work(authors: [("Lewis", "J. R."), ("Sauro", "J.")], year: 2009, title: "The factor structure of the System Usability Scale",
                          kind: .chapter(editors: ["M. Kurosu"], book: "Human centered design", pages: "94–103", publisher: "Springer", place: "Berlin")),
        "bangor2008": Work(authors: [("Bangor", "A."), ("Kortum", "P. T."), ("Miller", "J. T.")], year: 2008, title: "An empirical evaluation of the System Usability Scale",
                           kind: .article(journal: "International Journal of Human-Computer Interaction", volume: "24", issue: "6", pages: "574–594")),
        "bangor2009": Work(authors: [("Bangor", "A."), ("Kortum", "P."), ("Miller", "J.")], year: 2009, title: "Determining what individual SUS scores mean: adding an adjective rating scale",
                           kind: .article(journal: "Journal of Usability Studies", volume: "4", issue: "3", pages: "114–123")),
        "cronbach1951": Work(authors: [("Cronbach", "L. J.")], year: 1951, title: "Coefficient alpha and the internal structure of tests",
                             kind: .article(journal: "Psychometrika", volume: "16", issue: "3", pages: "297–334")),
        "agresti1998": Work(authors: [("Agresti", "A."), ("Coull", "B. A.")], year: 1998, title: "Approximate is better than \"exact\" for interval estimation of binomial proportions",
                            kind: .article(journal: "The American Statistician", volume: "52", issue: "2", pages: "119–126")),
        "saurokindlund2005": Work(authors: [("Sauro", "J."), ("Kindlund", "E.")], year: 2005, title: "A method to standardize usability metrics into a single score",
                                  kind: .paper(proceedings: "Proceedings of the SIGCHI Conference on Human Factors in Computing Systems (CHI 2005)", pages: "401–409",
                                               publisher: "ACM", place: "New York")),
        "sauro2011": Work(authors: [("Sauro", "J.")], year: 2011, title: "What is a good task-completion rate?",
                          kind: .report(institution: "MeasuringU", place: "Denver")),
        "sauro2011b": Work(authors: [("Sauro", "J."), ("Lewis", "J. R.")], year: 2011, title: "When designing usability questionnaires, does it hurt to be positive?",
                           kind: .paper(proceedings: "Proceedings of the SIGCHI Conference on Human Factors in Computing Systems (CHI 2011)", pages: "2215–2224",
                                        publisher: "ACM", place: "New York")),
        "sauro2012": Work(authors: [("Sauro", "J.")], year: 2012, title: "10 things to know about the Single Ease Question (SEQ)",
                          kind: .report(institution: "MeasuringU", place: "Denver")),
        "sauro2005": Work(authors: [("Sauro", "J."), ("Lewis", "J. R.")], year: 2005, title: "Estimating completion rates from small samples using binomial confidence intervals: comparisons and recommendations",
                          kind: .article(journal: "Proceedings of the Human Factors and Ergonomics Society Annual Meeting", volume: "49", issue: "24", pages: "2100–2103")),
        "lewis2001": Work(authors: [("Lewis", "J. R.")], year: 2001,
                          title: "Evaluation of procedures for adjusting problem-discovery rates estimated from small samples",
                          kind: .article(journal: "International Journal of Human-Computer Interaction", volume: "13", issue: "4", pages: "445–479")),
        "guest2020": Work(authors: [("Guest", "G."), ("Namey", "E."), ("Chen", "M.")], year: 2020,
                          title: "A simple method to assess and report thematic saturation in qualitative research",
                          kind: .article(journal: "PLoS ONE", volume: "15", issue: "5", pages: "e0232076")),
        "hayes2007": Work(authors: [("Hayes", "A. F."), ("Krippendorff", "K.")], year: 2007,
                          title: "Answering the call for a standard reliability measure for coding data",
                          kind: .article(journal: "Communication Methods and Measures", volume: "1", issue: "1", pages: "77–89")),
        "cohen1960": Work(authors: [("Cohen", "J.")], year: 1960, title: "A coefficient of agreement for nominal scales",
                          kind: .article(journal: "Educational and Psychological Measurement", volume: "20", issue: "1", pages: "37–46")),
        "krippendorff2004": Work(authors: [("Krippendorff", "K.")], year: 2004, title: "Content analysis",
                                 kind: .book(subtitle: "an introduction to its methodology", edition: 2, publisher: "Sage", place: "Thousand Oaks")),
        "krippendorff2011": Work(authors: [("Krippendorff", "K.")], year: 2011, title: "Computing Krippendorff's alpha-reliability",
                                 kind: .report(institution: "Annenberg School for Communication, University of Pennsylvania", place: "Philadelphia")),
        "stone1974": Work(authors: [("Stone", "M.")], year: 1974, title: "Cross-validatory choice and assessment of statistical predictions",
                          kind: .article(journal: "Journal of the Royal Statistical Society: Series B", volume: "36", issue: "2", pages: "111–147")),
        "olsen2012": Work(authors: [("Olsen", "A.")], year: 2012, title: "The Tobii I-VT fixation filter: algorithm description",
                          kind: .report(institution: "Tobii Technology", place: "Danderyd")),
        "dalmaijer2014": Work(authors: [("Dalmaijer", "E. S."), ("Mathôt", "S."), ("Van der Stigchel", "S.")], year: 2014,
                              title: "PyGaze: an open-source, cross-platform toolbox for minimal-effort programming of eyetracking experiments",
                              kind: .article(journal: "Behavior Research Methods", volume: "46", issue: "4", pages: "913–921")),
        "brandt1997": Work(authors: [("Brandt", "S. A."), ("Stark", "L. W.")], year: 1997,
                           title: "Spontaneous eye movements during visual imagery reflect the content of the visual scene",
                           kind: .article(journal: "Journal of Cognitive Neuroscience", volume: "9", issue: "1", pages: "27–38")),
        // The tests of designs within participants.
        "student1908": Work(authors: [("Student", "")], year: 1908, title: "The probable error of a mean",
                            kind: .article(journal: "Biometrika", volume: "6", issue: "1", pages: "1–25")),
        "wilcoxon1945": Work(authors: [("Wilcoxon", "F.")], year: 1945, title: "Individual comparisons by ranking methods",
                             kind: .article(journal: "Biometrics Bulletin", volume: "1", issue: "6", pages: "80–83")),
        "greenhouse1959": Work(authors: [("Greenhouse", "S. W."), ("Geisser", "S.")], year: 1959, title: "On methods in the analysis of profile data",
                               kind: .article(journal: "Psychometrika", volume: "24", issue: "2", pages: "95–112")),
        "mauchly1940": Work(authors: [("Mauchly", "J. W.")], year: 1940, title: "Significance test for sphericity of a normal n-variate distribution",
                            kind: .article(journal: "The Annals of Mathematical Statistics", volume: "11", issue: "2", pages: "204–209")),
        "friedman1937": Work(authors: [("Friedman", "M.")], year: 1937,
                             title: "The use of ranks to avoid the assumption of normality implicit in the analysis of variance",
                             kind: .article(journal: "Journal of the American Statistical Association", volume: "32", issue: "200", pages: "675–701")),
        "kendall1939": Work(authors: [("Kendall", "M. G."), ("Babington Smith", "B.")], year: 1939, title: "The problem of m rankings",
                            kind: .article(journal: "The Annals of Mathematical Statistics", volume: "10", issue: "3", pages: "275–287")),
        "holm1979": Work(authors: [("Holm", "S.")], year: 1979, title: "A simple sequentially rejective multiple test procedure",
                         kind: .article(journal: "Scandinavian Journal of Statistics", volume: "6", issue: "2", pages: "65–70")),
        "lakens2013": Work(authors: [("Lakens", "D.")], year: 2013,
                           title: "Calculating and reporting effect sizes to facilitate cumulative science: a practical primer for t-tests and ANOVAs",
                           kind: .article(journal: "Frontiers in Psychology", volume: "4", issue: nil, pages: "863")),
        "kerby2014": Work(authors: [("Kerby", "D. S.")], year: 2014, title: "The simple difference formula: an approach to teaching nonparametric correlation",
                          kind: .article(journal: "Comprehensive Psychology", volume: "3", issue: nil, pages: "11.IT.3.1")),
        "olejnik2003": Work(authors: [("Olejnik", "S."), ("Algina", "J.")], year: 2003,
                            title: "Generalized eta and omega squared statistics: measures of effect size for some common research designs",
                            kind: .article(journal: "Psychological Methods", volume: "8", issue: "4", pages: "434–447")),
        "maxwell2004": Work(authors: [("Maxwell", "S. E."), ("Delaney", "H. D.")], year: 2004, title: "Designing experiments and analyzing data",
                            kind: .book(subtitle: "a model comparison perspective", edition: 2, publisher: "Lawrence Erlbaum Associates", place: "Mahwah, NJ")),
        "campbell2007": Work(authors: [("Campbell", "I.")], year: 2007, title: "Chi-squared and Fisher–Irwin tests of two-by-two tables with small sample recommendations",
                             kind: .article(journal: "Statistics in Medicine", volume: "26", issue: "19", pages: "3661–3675")),
        "agresti2000": Work(authors: [("Agresti", "A."), ("Caffo", "B.")], year: 2000,
                            title: "Simple and effective confidence intervals for proportions and differences of proportions result from adding two successes and two failures",
                            kind: .article(journal: "The American Statistician", volume: "54", issue: "4", pages: "280–288")),
        "welch1947": Work(authors: [("Welch", "B. L.")], year: 1947,
                          title: "The generalization of 'Student's' problem when several different population variances are involved",
                          kind: .article(journal: "Biometrika", volume: "34", issue: "1–2", pages: "28–35")),
        "hedges1981": Work(authors: [("Hedges", "L. V.")], year: 1981, title: "Distribution theory for Glass's estimator of effect size and related estimators",
                           kind: .article(journal: "Journal of Educational Statistics", volume: "6", issue: "2", pages: "107–128")),
        // The tests between groups and the agreement coefficients the report's tables and notes name.
        "mann1947": Work(authors: [("Mann", "H. B."), ("Whitney", "D. R.")], year: 1947,
                         title: "On a test of whether one of two random variables is stochastically larger than the other",
                         kind: .article(journal: "The Annals of Mathematical Statistics", volume: "18", issue: "1", pages: "50–60")),
        "welch1951": Work(authors: [("Welch", "B. L.")], year: 1951, title: "On the comparison of several mean values: an alternative approach",
                          kind: .article(journal: "Biometrika", volume: "38", issue: "3–4", pages: "330–336")),
        "kruskal1952": Work(authors: [("Kruskal", "W. H."), ("Wallis", "W. A.")], year: 1952, title: "Use of ranks in one-criterion variance analysis",
                            kind: .article(journal: "Journal of the American Statistical Association", volume: "47", issue: "260", pages: "583–621")),
        "games1976": Work(authors: [("Games", "P. A."), ("Howell", "J. F.")], year: 1976,
                          title: "Pairwise multiple comparison procedures with unequal N's and/or variances: a Monte Carlo study",
                          kind: .article(journal: "Journal of Educational Statistics", volume: "1", issue: "2", pages: "113–125")),
        "dunn1964": Work(authors: [("Dunn", "O. J.")], year: 1964, title: "Multiple comparisons using rank sums",
                         kind: .article(journal: "Technometrics", volume: "6", issue: "3", pages: "241–252")),
        "gwet2008": Work(authors: [("Gwet", "K. L.")], year: 2008, title: "Computing inter-rater reliability and its variance in the presence of high agreement",
                         kind: .article(journal: "British Journal of Mathematical and Statistical Psychology", volume: "61", issue: "1", pages: "29–48")),
        "brennan1981": Work(authors: [("Brennan", "R. L."), ("Prediger", "D. J.")], year: 1981, title: "Coefficient kappa: some uses, misuses, and alternatives",
                            kind: .article(journal: "Educational and Psychological Measurement", volume: "41", issue: "3", pages: "687–699")),
        "feinstein1990": Work(authors: [("Feinstein", "A. R."), ("Cicchetti", "D. V.")], year: 1990, title: "High agreement but low kappa: I. The problems of two paradoxes",
                              kind: .article(journal: "Journal of Clinical Epidemiology", volume: "43", issue: "6", pages: "543–549")),
        "fleiss1969": Work(authors: [("Fleiss", "J. L."), ("Cohen", "J."), ("Everitt", "B. S.")], year: 1969, title: "Large sample standard errors of kappa and weighted kappa",
                           kind: .article(journal: "Psychological Bulletin", volume: "72", issue: "5", pages: "323–327")),
        "huang2012": Work(authors: [("Huang", "J. L."), ("Curran", "P. G."), ("Keeney", "J."), ("Poposki", "E. M."), ("DeShon", "R. P.")], year: 2012,
                          title: "Detecting and deterring insufficient effort responding to surveys",
                          kind: .article(journal: "Journal of Business and Psychology", volume: "27", issue: "1", pages: "99–114")),
        "efron1987": Work(authors: [("Efron", "B.")], year: 1987, title: "Better bootstrap confidence intervals",
                          kind: .article(journal: "Journal of the American Statistical Association", volume: "82", issue: "397", pages: "171–185")),
        "lewis2017": Work(authors: [("Lewis", "J. R."), ("Sauro", "J.")], year: 2017, title: "Can I leave this one out? The effect of dropping an item from the SUS",
                          kind: .article(journal: "Journal of Usability Studies", volume: "13", issue: "1", pages: "38–46")),
    ]

    /// The work each built-in instrument is cited by.
    static let instruments: [String: String] = [
        "sus": "brooke1996", "pssuq": "lewis2002", "pssuq-v2": "lewis1995", "csuq": "lewis1995", "umux": "finstad2010",
        "umux-lite": "lewis2013", "seq": "sauro2009", "nasa-tlx": "hart1988",
    ]

    /// The fixed forms in which notes and sentences shared with the terminal mention a work (see `CitationList.noteMentions`):
    /// "Name YEAR" inside a parenthesis of the text, "Name (YEAR)" or "Name (YEAR, …" in a sentence; a report writes
    /// each in its style (`Mentions.restyle`).
    static let mentions: [(String, [String])] = [
        ("Sauro & Lewis 2016", ["sauro2016"]), ("Bangor et al. 2009", ["bangor2009"]), ("Bangor et al. 2008", ["bangor2008"]),
        ("Bangor et al. 2008, 2009", ["bangor2008", "bangor2009"]), ("Bangor, Kortum & Miller 2009", ["bangor2009"]),
        ("Krippendorff 2011", ["krippendorff2011"]), ("Krippendorff 2004", ["krippendorff2004"]),
        ("Hayes & Krippendorff 2007", ["hayes2007"]), ("Feinstein & Cicchetti 1990", ["feinstein1990"]),
        ("Gwet 2008", ["gwet2008"]), ("Brennan–Prediger (1981)", ["brennan1981"]), ("Fleiss, Cohen & Everitt (1969)", ["fleiss1969"]),
        ("Fleiss, Cohen e Everitt (1969)", ["fleiss1969"]), ("Fleiss, Cohen & Everitt 1969", ["fleiss1969"]), ("Huang et al. 2012", ["huang2012"]),
        ("Efron 1987", ["efron1987"]), ("Olsen 2012", ["olsen2012"]), ("Lewis 2001", ["lewis2001"]), ("Guest, Namey & Chen 2020", ["guest2020"]),
        ("Guest et al. 2020", ["guest2020"]), ("Guest, Namey & Chen (2020)", ["guest2020"]), ("Lewis (2001)", ["lewis2001"]), ("Sauro 2011", ["sauro2011"]), ("Sauro 2012", ["sauro2012"]), ("Sauro & Lewis (2016", ["sauro2016"]),
        ("Sauro & Lewis (2011)", ["sauro2011b"]), ("Sauro e Lewis (2011)", ["sauro2011b"]),
    ]

    /// The works each built-in instrument's norms come from, cited beside the norms in the report.
    static let normSources: [String: [String]] = [
        "sus": ["sauro2016"], "pssuq": ["lewis2002", "sauro2016"], "pssuq-v2": ["lewis2002"], "csuq": ["lewis2002"], "umux-lite": ["sauro2016"],
        "seq": ["sauro2012"],
    ]
}

/// The citations of one report, in the order first cited, and its reference list.
final class CitationList {
    let language: StudyLanguage
    private(set) var cited: [String] = []
    /// Free-text references (custom instruments) that have no structured entry.
    private(set) var verbatim: [String] = []

    init(language: StudyLanguage) { self.language = language }

    /// Each citation as the text shows it, with its works: LaTeX writes the parenthetical ones as `\cite` commands.
    private(set) var forms: [CitationForm] = []

    /// "(BROOKE, 1996)" / "(Brooke, 1996)", remembering the work for the list.
    func cite(_ key: String) -> String {
        guard let work = Bibliography.works[key] else { return "" }
        if !cited.contains(key) { cited.append(key) }
        let text = work.citation(language)
        remember(CitationForm(text: text, keys: [key], parenthetical: true))
        return text
    }

    /// Several works in one parenthesis: "(AGRESTI; COULL, 1998; SAURO; LEWIS, 2005)".
    func cite(_ keys: [String]) -> String {
        let known = keys.filter { Bibliography.works[$0] != nil }
        let parts = known.map { cite($0) }.map { String($0.dropFirst().dropLast()) }
        let text = "(" + parts.joined(separator: "; ") + ")"
        remember(CitationForm(text: text, keys: known, parenthetical: true))
        return text
    }

    /// Several works without the parenthesis, for a place already inside one: "LEWIS, 2002; SAURO; LEWIS, 2016".
    func citeInside(_ keys: [String]) -> String {
        let text = String(cite(keys).dropFirst().dropLast())
        remember(CitationForm(text: text, keys: keys.filter { Bibliography.works[$0] != nil }, parenthetical: false))
        return text
    }

    private func remember(_ form: CitationForm) {
        if !form.keys.isEmpty, !forms.contains(form) { forms.append(form) }
    }

    /// Notes and sentences shared with the terminal name their works in a fixed form ("Gwet 2008", "Sauro & Lewis
    /// 2016"): each such mention found in `text` puts its work in the reference list, and LaTeX adds it to the
    /// thesis's bibliography (`\nocite`), the mention staying as written.
    func noteMentions(in text: String) {
        for (mention, keys) in Bibliography.mentions where text.contains(mention) {
            for key in keys where !cited.contains(key) { cited.append(key) }
            remember(CitationForm(text: mention, keys: keys, parenthetical: false))
        }
    }

    /// A reference the researcher typed (a custom instrument's, a category's origin), listed as it is; in LaTeX it
    /// is a `@misc` entry of `studyctl.bib` (`studyctl:ref-N`) that the text brings into the bibliography.
    func citeVerbatim(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        if !verbatim.contains(text) { verbatim.append(text) }
        let key = BibTeX.verbatimKey((verbatim.firstIndex(of: text) ?? 0) + 1)
        remember(CitationForm(text: text, keys: [key], parenthetical: false))
    }

    /// An instrument's citation: the structured work for a built-in one, else its own reference text (listed as is).
    func cite(instrument: InstrumentDefinition) -> String {
        if let key = Bibliography.instruments[instrument.id] { return cite(key) }
        let text = instrument.reference.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return "" }
        citeVerbatim(text)
        return text
    }

    /// The reference list, alphabetical, in the report language's style.
    var entries: [String] {
        let works = cited.compactMap { Bibliography.works[$0] }.sorted { $0.sortKey < $1.sortKey }.map { $0.entry(language) }
        func key(_ text: String) -> String { text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil) }
        // A custom instrument's reference is the researcher's own text, not markdown: placed as a slot, it is escaped
        // for each format like any text of the study.
        let entries = works.map { (text: $0, entry: $0) } + verbatim.map { (text: $0, entry: StudyTextSlots.keyedSlot($0)) }
        return entries.sorted { key($0.text) < key($1.text) }.map(\.entry)
    }
}

/// A citation as a report's text shows it and the works it stands for.
public struct CitationForm: Sendable, Equatable {
    /// The text: "(BROOKE, 1996)", "LEWIS, 2002; SAURO; LEWIS, 2016", "Gwet 2008".
    public var text: String
    /// The works' keys in `studyctl.bib`.
    public var keys: [String]
    /// Whether the text is a whole parenthetical citation (a `\cite` in LaTeX) or a mention kept as written.
    public var parenthetical: Bool
}

/// `studyctl.bib`: every work studyctl's reports can cite, for a thesis's bibliography (abntex2cite with
/// `abntex2-alf` in Portuguese, natbib with `apalike` in English), and the references the researcher typed.
public enum BibTeX {
    /// What every key of `studyctl.bib` starts with unless `report --bib-prefix` says otherwise: a thesis's own
    /// `.bib` beside it may define `brooke1996` too, and BibTeX stops on a repeated entry.
    public static let defaultPrefix = "studyctl:"

    /// The key of the `number`th reference the researcher typed, before the prefix.
    static func verbatimKey(_ number: Int) -> String { "ref-\(number)" }

    /// Whether `prefix` can begin a BibTeX key: letters, digits and `: - _ . /` only (no space, comma, brace, `%` or `#`).
    public static func isValidPrefix(_ prefix: String) -> Bool {
        prefix.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ":-_./".unicodeScalars.contains($0)) }
    }

    static func file(verbatim: [String], language: StudyLanguage, prefix: String = defaultPrefix) -> String {
        var lines = ["% studyctl.bib: the works studyctl's report cites, each key starting with \"\(prefix)\". BibTeX (abntex2cite or natbib)",
                     "% lists only those \\cite'd; a thesis's own .bib can sit beside it (\\bibliography{referencias,studyctl}).", ""]
        for key in Bibliography.works.keys.sorted() {
            if let work = Bibliography.works[key] { lines.append(entry(work, key: prefix + key)); lines.append("") }
        }
        for (index, text) in verbatim.enumerated() {
            lines.append(misc(text, key: prefix + verbatimKey(index + 1), language: language))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A field's text: LaTeX's special characters escaped, dashes of ranges as `--`.
    static func field(_ text: String) -> String {
        LaTeXRenderer.escape(text)
    }

    /// A reference typed as text ("Nielsen (1994)", "MYLLÄRNIEMI, T. et al. Title. 2018."): author-year styles need an
    /// author and a year, so the text is the author (kept whole, its case protected) and the year is the last one in
    /// it, or "s.d." / "n.d." where it names none.
    static func misc(_ text: String, key: String, language: StudyLanguage) -> String {
        let years = text.matches(of: /(?:^|[^0-9])((?:1[5-9]|20)[0-9]{2}[a-z]?)(?![0-9])/).map { String($0.output.1) }
        // "no date": NBR 6023's "s.d.", APA's "n.d.", in the catalog.
        let year = years.last ?? Sentence("n.d.", context: "reference").text(language)
        return "@misc{\(key),\n  author = {{\(field(text))}},\n  year = {\(year)}\n}"
    }

    static func entry(_ work: Work, key: String) -> String {
        func pages(_ range: String) -> String { range.replacingOccurrences(of: "–", with: "--") }
        let authors = work.authors.map { $0.initials.isEmpty ? "{\(field($0.family))}" : "\(field($0.family)), \($0.initials)" }
            .joined(separator: " and ")  // BibTeX's name separator, not a word
        var fields: [(String, String)] = [("author", authors), ("year", String(work.year))]
        let type: String
        // Titles keep their case (double braces): they are written in sentence case already.
        switch work.kind {
        case let .article(journal, volume, issue, range):
            type = "article"
            fields += [("title", "{\(field(work.title))}"), ("journal", field(journal)), ("volume", volume)]
            if let issue { fields.append(("number", pages(issue))) }
            fields.append(("pages", pages(range)))
        case let .chapter(editors, book, range, publisher, place):
            type = "incollection"
            fields += [("title", "{\(field(work.title))}"), ("booktitle", "{\(field(book))}"),
                       ("editor", editors.map(field).joined(separator: " and ")), ("pages", pages(range)),  // BibTeX's name separator
                       ("publisher", field(publisher)), ("address", field(place))]
        case let .book(subtitle, edition, publisher, place):
            type = "book"
            fields.append(("title", "{\(field(work.title))}"))
            if let subtitle { fields.append(("subtitle", "{\(field(subtitle))}")) }
            if let edition { fields.append(("edition", String(edition))) }
            fields += [("publisher", field(publisher)), ("address", field(place))]
        case let .paper(proceedings, range, publisher, place):
            type = "inproceedings"
            fields += [("title", "{\(field(work.title))}"), ("booktitle", "{\(field(proceedings))}"), ("pages", pages(range)),
                       ("publisher", field(publisher)), ("address", field(place))]
        case let .report(institution, place):
            type = "techreport"
            fields += [("title", "{\(field(work.title))}"), ("institution", field(institution)), ("address", field(place))]
        }
        return "@\(type){\(key),\n" + fields.map { "  \($0.0) = {\($0.1)}" }.joined(separator: ",\n") + "\n}"
    }
}

/// The works notes and sentences mention in a fixed form ("Sauro & Lewis 2016", "Brennan–Prediger (1981)"), written in
/// the report's style: one builder for every format, so markdown, HTML and LaTeX cite alike.
enum Mentions {
    /// How a mention is written: as text in the style (markdown, HTML, the LaTeX report that lists its own references),
    /// or as citation commands of `studyctl.bib`'s keys with `prefix` (the thesis body).
    enum Output {
        case text
        case commands(prefix: String)
    }

    /// `text` with every mention of `Bibliography.mentions` (and a mention that is a whole parenthesis) written in
    /// `language`'s style: "(SAURO, 2011)", "SAURO; LEWIS, 2016", "Fleiss, Cohen e Everitt (1969)" (ABNT); "(Sauro,
    /// 2011)", "Sauro & Lewis, 2016", "Fleiss et al. (1969)" (APA) — or `\\cite`, `\\citeauthor{…}, \\citeyear{…}` and
    /// `\\citeauthoronline{…} (\\citeyear{…})` (natbib: `\\citep`, `\\citealp`, `\\citeauthor`). `escape` is the
    /// format's, applied to the mention as the text holds it.
    static func restyle(_ text: String, language: StudyLanguage, output: Output, escape: (String) -> String) -> String {
        let abnt = language.record.citationStyle == .abnt
        var replacements: [String: String] = [:]
        for (mention, keys) in Bibliography.mentions {
            let works = keys.compactMap { Bibliography.works[$0] }
            guard let first = works.first else { continue }
            let years = works.map { String($0.year) }.joined(separator: ", ")
            let narrative = mention.contains("(")
            switch output {
            case .text:
                replacements[escape("(" + mention + ")")] = escape("(" + first.parentheticalAuthors(language) + ", " + years + ")")
                replacements[escape(mention)] = escape(narrative
                    ? first.narrativeAuthors(language) + " (" + years + (mention.hasSuffix(")") ? ")" : "")
                    : first.parentheticalAuthors(language) + ", " + years)
            case let .commands(prefix):
                let cited = keys.map { prefix + $0 }
                replacements[escape("(" + mention + ")")] = (abnt ? "\\cite{" : "\\citep{") + cited.joined(separator: ",") + "}"
                let yearCommands = cited.map { "\\citeyear{\($0)}" }.joined(separator: ", ")
                if narrative {
                    replacements[escape(mention)] = (abnt ? "\\citeauthoronline{" : "\\citeauthor{") + cited[0] + "} (" + yearCommands
                        + (mention.hasSuffix(")") ? ")" : "")
                } else {
                    replacements[escape(mention)] = abnt ? "\\citeauthor{\(cited[0])}, " + yearCommands
                        : "\\citealp{\(cited[0])}" + cited.dropFirst().map { ", \\citeyear{\($0)}" }.joined()
                }
            }
        }
        // One pass, the longest mention first where two start at one place: a replacement is never read again.
        let pattern = replacements.keys.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = ""
        var last = text.startIndex
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text), let replacement = replacements[String(text[range])] else { continue }
            result += text[last..<range.lowerBound] + replacement
            last = range.upperBound
        }
        return result + text[last...]
    }

    /// `restyle` on what comes before the reference list (`heading`, as the format writes it), which is left as it is.
    static func restyle(_ text: String, before heading: String, language: StudyLanguage, output: Output, escape: (String) -> String) -> String {
        let split = text.range(of: heading)?.lowerBound ?? text.endIndex
        return restyle(String(text[..<split]), language: language, output: output, escape: escape) + text[split...]
    }
}
