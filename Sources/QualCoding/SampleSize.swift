import Foundation

/// How many of the problems (or categories) a study could reveal its participants have revealed: the binomial
/// discovery model 1 − (1 − p)ⁿ with p estimated from a problem × participant matrix and adjusted for small samples.
///
/// Lewis, J. R. (2001). Evaluation of procedures for adjusting problem-discovery rates estimated from small samples.
/// International Journal of Human-Computer Interaction 13(4), 445–479; as Sauro & Lewis (2016), *Quantifying the
/// User Experience* (2nd ed.), ch. 7, present it (Table 7.5 and p. 152, the worked example the tests use):
/// - p_est: the mean of the matrix over the problems found (each participant's share of them, averaged);
/// - deflation: (p_est − 1/n)(1 − 1/n);
/// - Good–Turing: p_est / (1 + N₁/N), N₁ the problems found by exactly one participant, N the problems found;
/// - p_adj: the mean of the two, Lewis's recommended estimate.
/// From p_adj: the share of all problems expected to be found by n participants, 1 − (1 − p_adj)ⁿ; the problems
/// there probably are, N / (1 − (1 − p_adj)ⁿ); and the participants needed for a goal g, ⌈ln(1 − g) / ln(1 − p_adj)⌉.
public struct ProblemDiscovery: Sendable, Equatable, Codable {
    /// Participants (the matrix's rows).
    public var participants: Int
    /// Problems found by at least one participant.
    public var problems: Int
    /// Problems found by exactly one participant.
    public var foundOnce: Int
    public var pEstimated: Double
    public var pDeflated: Double
    public var pGoodTuring: Double
    /// The estimate the projections use: (deflated + Good–Turing) / 2.
    public var pAdjusted: Double

    /// - Parameter matrix: one row per participant, one column per problem (`true`: the participant ran into it).
    ///   Columns nobody marked are left out (they are not problems found), so p_est ≥ 1/n and p_adj > 0. `nil` with
    ///   fewer than two participants or no problem found.
    public init?(matrix: [[Bool]]) {
        let n = matrix.count
        guard n >= 2, let width = matrix.first?.count, matrix.allSatisfy({ $0.count == width }) else { return nil }
        let found = (0..<width).filter { column in matrix.contains { $0[column] } }
        guard !found.isEmpty else { return nil }
        let counts = found.map { column in matrix.filter { $0[column] }.count }
        participants = n
        problems = found.count
        foundOnce = counts.filter { $0 == 1 }.count
        pEstimated = Double(counts.reduce(0, +)) / Double(n * found.count)
        pDeflated = (pEstimated - 1 / Double(n)) * (1 - 1 / Double(n))
        pGoodTuring = Self.goodTuring(pEstimated, problems: found.count, foundOnce: foundOnce)
        pAdjusted = (pDeflated + pGoodTuring) / 2
    }

    /// Lewis's Good–Turing adjustment alone: p / (1 + N₁/N).
    public static func goodTuring(_ p: Double, problems: Int, foundOnce: Int) -> Double {
        p / (1 + Double(foundOnce) / Double(problems))
    }

    /// Lewis's deflation alone: (p − 1/n)(1 − 1/n).
    public static func deflated(_ p: Double, participants n: Int) -> Double {
        (p - 1 / Double(n)) * (1 - 1 / Double(n))
    }

    /// The share of all problems expected to be found by `n` participants: 1 − (1 − p_adj)ⁿ.
    public func expectedShare(participants n: Int) -> Double {
        1 - pow(1 - min(pAdjusted, 1), Double(n))
    }

    /// The share this study's participants are expected to have found.
    public var foundShare: Double { expectedShare(participants: participants) }

    /// The problems there probably are: those found over the share expected to be found.
    public var estimatedTotal: Double { Double(problems) / foundShare }

    /// The participants needed to find `goal` (0–1) of the problems.
    public func participantsNeeded(goal: Double) -> Int {
        guard pAdjusted < 1 else { return 1 }
        return max(1, Int((log(1 - goal) / log(1 - pAdjusted) - 1e-9).rounded(.up)))
    }
}

/// Code saturation across interviews taken in the order they were held, as Guest, Namey & Chen (2020) define it:
/// "A simple method to assess and report thematic saturation in qualitative research", PLoS ONE 15(5), e0232076.
/// - base: the first `base` interviews; the distinct codes (here: categories) they raised are the denominator;
/// - run: `run` consecutive interviews after the base, moved along one interview at a time;
/// - new-information threshold: saturation is reached at the first run whose codes not raised in any earlier
///   interview, as a share of the base's codes, are at or below the threshold (Guest et al. suggest ≤ 5 %, or 0 %);
///   the interviews before that run are the sample at saturation, the run confirms it.
public struct Saturation: Sendable, Equatable, Codable {
    public struct Interview: Sendable, Equatable, Codable {
        public var participant: String
        /// Codes this interview raised for the first time.
        public var new: [String]
        /// Distinct codes raised so far.
        public var cumulative: Int
    }

    public struct Run: Sendable, Equatable, Codable {
        /// The run's first and last interviews (1-based positions).
        public var first: Int
        public var last: Int
        public var new: Int
        /// New codes over the base's codes.
        public var share: Double
    }

    public var interviews: [Interview]
    public var base: Int
    public var run: Int
    public var threshold: Double
    /// Distinct codes in the base.
    public var baseCodes: Int
    /// Every run after the base that fits in the interviews held, up to and including the one reaching saturation.
    public var runs: [Run]
    /// How many interviews reached saturation (those before the first run at or below the threshold), or nil.
    public var saturatedAt: Int?

    /// - Parameter sequence: each interview's participant and the codes raised in it, in the order held.
    public init(sequence: [(participant: String, codes: Set<String>)], base: Int, run: Int, threshold: Double) {
        self.base = base
        self.run = run
        self.threshold = threshold
        var seen = Set<String>()
        var firstSeen: [Int] = []
        interviews = sequence.map { interview in
            let new = interview.codes.subtracting(seen).sorted()
            seen.formUnion(interview.codes)
            firstSeen.append(new.count)
            return Interview(participant: interview.participant, new: new, cumulative: seen.count)
        }
        baseCodes = base >= 1 && base <= interviews.count ? interviews[base - 1].cumulative : 0
        runs = []
        saturatedAt = nil
        guard base >= 1, run >= 1, baseCodes > 0 else { return }
        var start = base + 1
        while start + run - 1 <= interviews.count {
            let new = firstSeen[(start - 1)..<(start - 1 + run)].reduce(0, +)
            let share = Double(new) / Double(baseCodes)
            runs.append(Run(first: start, last: start + run - 1, new: new, share: share))
            if share <= threshold + 1e-12 {
                saturatedAt = start - 1
                break
            }
            start += 1
        }
    }
}

extension CodeAnalysis {
    /// Each interviewed participant, in `order`, with the categories they raised (only those in `within`, when
    /// given): the rows of a discovery matrix and the interviews of a saturation table. A participant who raised
    /// none is kept: they were interviewed and found nothing new.
    public static func raised(_ segments: [CodedSegment], interviewed: [String], within: Set<String>? = nil) -> [(participant: String, codes: Set<String>)] {
        var byParticipant: [String: Set<String>] = [:]
        for segment in segments where within?.contains(segment.category) ?? true {
            byParticipant[segment.participant, default: []].insert(segment.category)
        }
        return interviewed.map { ($0, byParticipant[$0] ?? []) }
    }
}

extension ProblemDiscovery {
    /// The matrix of each participant's categories (columns: every category someone raised).
    public init?(raised: [(participant: String, codes: Set<String>)]) {
        let columns = Set(raised.flatMap(\.codes)).sorted()
        self.init(matrix: raised.map { row in columns.map { row.codes.contains($0) } })
    }

    /// After each participant in turn, the distinct categories raised so far as a share of the estimated total:
    /// the observed points beside the expected curve.
    public func observedShares(_ raised: [(participant: String, codes: Set<String>)]) -> [Double] {
        var seen = Set<String>()
        return raised.map { row in
            seen.formUnion(row.codes)
            return Double(seen.count) / estimatedTotal
        }
    }
}
