import Wording
import QualCoding
import Surveys

extension ResultTable {
    /// Lewis's (2001) problem-discovery estimates from a category × participant matrix: the estimates of p, the
    /// share expected to be found and the participants needed. The same table in `codes discovery`, the report and
    /// the workbook; numbers written in the language (the JSON output carries them raw).
    public static func discovery(_ d: ProblemDiscovery, goals: [Double] = [0.8, 0.9, 0.95], language: StudyLanguage) -> ResultTable {
        let style = NumberStyle(language)
        var table = ResultTable(id: "problem_discovery", title: Phrase.discoveryTitle.text(language), language: language,
                                columns: [Column(.measure, .text, language), Column(.estimate, .text, language)])
        let rows: [(Sentence, String)] = [
            ("Participants (n)", "\(d.participants)"),
            ("Categories found (N)", "\(d.problems)"),
            ("Raised by one participant only (N₁)", "\(d.foundOnce)"),
            ("p observed (mean of the matrix)", style.number(d.pEstimated, decimals: 3)),
            ("p deflated, (p − 1/n)(1 − 1/n)", style.number(d.pDeflated, decimals: 3)),
            ("p Good–Turing, p / (1 + N₁/N)", style.number(d.pGoodTuring, decimals: 3)),
            ("p adjusted (mean of the two; Lewis 2001)", style.number(d.pAdjusted, decimals: 3)),
            ("Expected share found by these participants, 1 − (1 − p)ⁿ", style.percent(d.foundShare)),
            ("Estimated categories in all", style.number(d.estimatedTotal, decimals: 1)),
        ]
        for (label, value) in rows { table.append([.text(label.text(language)), .text(value)]) }
        for goal in goals {
            table.append([.text(("Participants to find \(style.percent(goal))" as Sentence).text(language)), .text("\(d.participantsNeeded(goal: goal))")])
        }
        table.notes = [Phrase.discoveryMethod.text(language)]
        return table
    }

    /// Code saturation across interviews (Guest, Namey & Chen 2020): per interview in the order held, the categories
    /// it raised for the first time and the distinct ones so far; per run after the base, what it added.
    public static func saturation(_ s: Saturation, order: String, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "code_saturation", title: Phrase.saturationTitle(base: s.base, run: s.run, threshold: s.threshold).text(language),
                                language: language,
                                columns: [Column(.position, .count, language), Column(.participant, .text, language),
                                          Column(.new_count, .count, language), Column(.new_categories, .prose, language),
                                          Column(.cumulative, .count, language), Column(.run, .text, language),
                                          Column(.run_new, .count, language), Column(.run_share, .percent(decimals: 0), language)])
        for (index, interview) in s.interviews.enumerated() {
            let run = s.runs.first { $0.first == index + 1 }
            table.append([.count(index + 1), .text(interview.participant), .count(interview.new.count), .text(interview.new.joined(separator: "; ")),
                          .count(interview.cumulative), run.map { .text("\($0.first)–\($0.last)") } ?? .empty,
                          run.map { .count($0.new) } ?? .empty, run.map { .percent($0.share) } ?? .empty],
                         emphasised: s.saturatedAt == index + 1)
        }
        table.notes = [verdict(s).text(language), Phrase.saturationMethod(order: order).text(language)]
        return table
    }

    /// The sentence that says whether and where saturation was reached.
    public static func verdict(_ s: Saturation) -> Phrase {
        if let at = s.saturatedAt, let run = s.runs.last {
            return .saturationReached(at: at, first: run.first, last: run.last, new: run.new, share: run.share, base: s.baseCodes)
        }
        if let run = s.runs.last {
            return .saturationNotReached(interviews: s.interviews.count, first: run.first, last: run.last, new: run.new, share: run.share, base: s.baseCodes)
        }
        return .saturationTooFew(interviews: s.interviews.count, base: s.base, run: s.run)
    }
}

/// `codes discovery` (docs/json.md): the interviewed participants × the categories they raised, Lewis's (2001)
/// adjusted p, the share expected to be found, the categories there probably are and the participants `goal` takes.
/// Its `--json`, its table, its sentence and its figure come from this value.
public struct DiscoveryDocument: Encodable, Sendable, Equatable {
    public var participants: [String]
    public var categories: [String]
    public var discovery: ProblemDiscovery
    public var expectedShareFound: Double
    public var estimatedTotal: Double
    /// The share of the categories planned for, 0–1.
    public var goal: Double
    public var participantsNeeded: Int
    /// After each participant, the categories found so far over the estimated total.
    public var observedShares: [Double]

    /// `raised`: each participant's categories, in interview order.
    public init?(raised: [(participant: String, codes: Set<String>)], goal: Double) {
        guard let discovery = ProblemDiscovery(raised: raised) else { return nil }
        participants = raised.map(\.participant)
        categories = Set(raised.flatMap(\.codes)).sorted()
        self.discovery = discovery
        expectedShareFound = discovery.foundShare
        estimatedTotal = discovery.estimatedTotal
        self.goal = goal
        participantsNeeded = discovery.participantsNeeded(goal: goal)
        observedShares = discovery.observedShares(raised)
    }

    /// The estimates at 80 %, the goal and 95 %.
    public func table(language: StudyLanguage) -> ResultTable {
        ResultTable.discovery(discovery, goals: Array(Set([0.8, goal, 0.95])).sorted(), language: language)
    }

    /// What the estimates say, in a sentence.
    public func summary(language: StudyLanguage) -> String {
        Phrase.discoverySummary(p: discovery.pAdjusted, participants: discovery.participants, found: discovery.foundShare,
                                total: discovery.estimatedTotal, goal: goal, needed: participantsNeeded).text(language)
    }
}
