import Foundation

/// Scan paths reduced to AOI visits, and how alike two participants' paths are.
///
/// The string-edit method of Brandt & Stark (1997, "Spontaneous eye movements during visual imagery reflect the
/// content of the visual scene", J. Cogn. Neurosci. 9(1)) and Privitera & Stark (2000): each fixation is written as
/// the AOI it falls in, consecutive repeats are collapsed into one visit, and two sequences are compared by their
/// Levenshtein distance normalised by the longer length, so similarity = 1 − d / max(|a|, |b|) lies in 0…1.
public enum ScanPath {
    /// The AOI visit sequence of `fixations` (in time order): each fixation named by the first AOI of `aois`
    /// containing it, fixations outside every AOI left out, consecutive fixations in one AOI collapsed into one visit.
    public static func visits(_ fixations: [Fixation], aois: [AOI]) -> [String] {
        var sequence: [String] = []
        for fixation in fixations {
            guard let aoi = aois.first(where: { $0.contains(fixation) }) else { continue }
            if sequence.last != aoi.name { sequence.append(aoi.name) }
        }
        return sequence
    }

    /// The Levenshtein distance between two sequences: the fewest insertions, deletions and substitutions that turn
    /// one into the other (two rows of the dynamic-programming table, O(|a|·|b|) time).
    public static func levenshtein<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 1 − d / max(|a|, |b|); `nil` when both sequences are empty (nothing to compare).
    public static func similarity<T: Equatable>(_ a: [T], _ b: [T]) -> Double? {
        let longer = Swift.max(a.count, b.count)
        guard longer > 0 else { return nil }
        return 1 - Double(levenshtein(a, b)) / Double(longer)
    }

    /// The participant × participant similarity matrix of one media, and the mean similarity within and between groups.
    public struct Similarity: Sendable, Equatable, Codable {
        public var participants: [String]
        /// Each participant's AOI visit sequence.
        public var sequences: [[String]]
        /// `values[i][j]`: similarity of participants i and j (`nil` when both sequences are empty).
        public var values: [[Double?]]
        /// Per group (`nil` when not grouped), the mean of its pairs; between groups, the mean of pairs across them.
        public var groups: [GroupMean]

        public struct GroupMean: Sendable, Equatable, Codable {
            /// The group's name, or "A × B" for the pairs between two groups.
            public var name: String
            public var within: Bool
            public var pairs: Int
            public var mean: Double?
        }

        /// Compares every pair of `sequences`; `groupOf` (participant → group) adds within/between means.
        public init(participants: [String], sequences: [[String]], groupOf: [String: String]? = nil, groupOrder: [String] = []) {
            self.participants = participants
            self.sequences = sequences
            let n = participants.count
            var values = [[Double?]](repeating: [Double?](repeating: nil, count: n), count: n)
            for i in 0..<n {
                for j in i..<n {
                    let value = ScanPath.similarity(sequences[i], sequences[j])
                    values[i][j] = value
                    values[j][i] = value
                }
            }
            self.values = values
            var means: [GroupMean] = []
            func mean(_ pairs: [(Int, Int)], name: String, within: Bool) -> GroupMean {
                let found = pairs.compactMap { values[$0.0][$0.1] }
                return GroupMean(name: name, within: within, pairs: found.count,
                                 mean: found.isEmpty ? nil : found.reduce(0, +) / Double(found.count))
            }
            let allPairs = (0..<n).flatMap { i in ((i + 1)..<Swift.max(i + 1, n)).map { (i, $0) } }
            if let groupOf {
                var names = groupOrder.filter { name in participants.contains { groupOf[$0] == name } }
                for participant in participants { if let g = groupOf[participant], !names.contains(g) { names.append(g) } }
                for name in names {
                    means.append(mean(allPairs.filter { groupOf[participants[$0.0]] == name && groupOf[participants[$0.1]] == name }, name: name, within: true))
                }
                for (a, first) in names.enumerated() {
                    for second in names[(a + 1)...] {
                        means.append(mean(allPairs.filter {
                            let (g, h) = (groupOf[participants[$0.0]], groupOf[participants[$0.1]])
                            return (g == first && h == second) || (g == second && h == first)
                        }, name: "\(first) × \(second)", within: false))
                    }
                }
            } else {
                means.append(mean(allPairs, name: "", within: true))
            }
            groups = means
        }
    }
}
