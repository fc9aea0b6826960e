import Foundation

/// Krippendorff's unitizing α (uα): agreement on where coders marked units of each category along a continuum
/// (a transcript's characters), and on which category — chance-corrected over every unitization the coders'
/// units and gaps allow.
///
/// Krippendorff, K. (1995). On the reliability of unitizing contiguous data. Sociological Methodology 25, 47–76;
/// Krippendorff, K. (2004). Content Analysis (2nd ed.), pp. 251–256. Per category c, with R coders and a
/// continuum of length L:
/// - observed disagreement D_o(c) = 2 Σ_{coder pairs} Σ δ² / (R(R − 1)L²), where δ² between two coders' sections
///   that meet is: for two overlapping units, (b₁ − b₂)² + (e₁ − e₂)²; for a unit lying inside the other coder's
///   gap, its length²; otherwise 0;
/// - expected disagreement D_e(c) = (2/L) Σ_{units u of c} [(N_c − 1)(2l³ − 3l² + l)/3 + l² Σ_{gaps g ≥ l} (g − l + 1)]
///   / (RL(RL − 1) − Σ_u l(l − 1)), the gaps being every coder's stretches without c;
/// - α(c) = 1 − D_o(c)/D_e(c); overall, uα = 1 − mean D_o / mean D_e over the categories.
/// The walk along the continuum follows DKPro Statistics' `KrippendorffAlphaUnitizingAgreement` step for step, so
/// that the published example (Krippendorff 2004, p. 254: uα 0.8591) and DKPro's figures are reproduced.
public struct UnitizingAlpha: Sendable, Equatable {
    /// One coder's unit: a half-open stretch [start, start + length) of the continuum, of one category.
    public struct Unit: Sendable, Equatable {
        public var coder: Int
        public var category: String
        public var start: Int
        public var length: Int
        public init(coder: Int, category: String, start: Int, length: Int) {
            self.coder = coder
            self.category = category
            self.start = start
            self.length = length
        }
    }

    public struct Category: Sendable, Equatable {
        public var category: String
        public var observed: Double
        public var expected: Double
        public var alpha: Double?
    }

    public var categories: [Category]
    public var alpha: Double?

    /// - Parameters:
    ///   - begin, length: the continuum [begin, begin + length).
    ///   - coders: how many coders (units name them 0..<coders).
    ///   - units: every coder's units; a coder's units of one category must not overlap (`merged` joins them).
    public init(begin: Int, length: Int, coders: Int, units: [Unit]) {
        let sorted = units.sorted { ($0.start, $0.length) < ($1.start, $1.length) }
        let names = Array(Set(units.map(\.category))).sorted()
        categories = names.map { name in
            let observed = Self.observed(category: name, begin: begin, length: length, coders: coders, units: sorted)
            let expected = Self.expected(category: name, begin: begin, length: length, coders: coders, units: sorted)
            return Category(category: name, observed: observed, expected: expected,
                            alpha: expected > 0 ? (observed == expected ? 0 : 1 - observed / expected) : nil)
        }
        if categories.isEmpty {
            alpha = nil
        } else {
            let observed = categories.reduce(0) { $0 + $1.observed } / Double(categories.count)
            let expected = categories.reduce(0) { $0 + $1.expected } / Double(categories.count)
            alpha = expected > 0 ? (observed == expected ? 0 : 1 - observed / expected) : nil
        }
    }

    /// A coder's units of one category joined where they overlap or touch (a code applied twice to overlapping
    /// words is one stretch of that category), as uα requires.
    public static func merged(_ units: [Unit]) -> [Unit] {
        var result: [Unit] = []
        let groups = Dictionary(grouping: units) { "\($0.coder)\u{1F}\($0.category)" }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            var stretches = group.sorted { $0.start < $1.start }
            var current = stretches.removeFirst()
            for next in stretches {
                if next.start <= current.start + current.length {
                    current.length = max(current.start + current.length, next.start + next.length) - current.start
                } else {
                    result.append(current)
                    current = next
                }
            }
            result.append(current)
        }
        return result
    }

    /// A coder's walk along the continuum: their units of `category` in order, and the gaps between them.
    struct Walker {
        var pending: [Unit]
        var index = 0
        var offset: Int
        var length = 0
        var isUnit = false
        let end: Int

        init(units: [Unit], begin: Int, end: Int) {
            pending = units
            offset = begin
            self.end = end
        }

        var hasNext: Bool { index < pending.count }

        /// At `position` (the end of the current section), moves to the next section: a unit starting there, or
        /// the gap up to the next unit (or the continuum's end).
        mutating func advance(at position: Int) {
            if hasNext, position == pending[index].start {
                length = pending[index].length
                isUnit = true
                index += 1
            } else {
                length = (hasNext ? pending[index].start : end) - position
                isUnit = false
            }
            offset = position
        }
    }

    static func distance(_ a: Walker, _ b: Walker) -> Double {
        let beginDifference = a.offset - b.offset
        let lengthDifference = a.length - b.length
        if a.isUnit, b.isUnit, -a.length < beginDifference, beginDifference < b.length {
            let endDifference = beginDifference + lengthDifference
            return Double(beginDifference * beginDifference + endDifference * endDifference)
        } else if a.isUnit, !b.isUnit, -lengthDifference >= beginDifference, beginDifference >= 0 {
            return Double(a.length * a.length)
        } else if !a.isUnit, b.isUnit, -lengthDifference <= beginDifference, beginDifference <= 0 {
            return Double(b.length * b.length)
        }
        return 0
    }

    static func observed(category: String, begin: Int, length: Int, coders: Int, units: [Unit]) -> Double {
        guard coders > 1, length > 0 else { return 0 }
        let end = begin + length
        var total = 0.0
        for first in 0..<coders {
            for second in (first + 1)..<coders {
                var a = Walker(units: units.filter { $0.coder == first && $0.category == category }, begin: begin, end: end)
                var b = Walker(units: units.filter { $0.coder == second && $0.category == category }, begin: begin, end: end)
                var position = begin
                while position < end && (a.hasNext || b.hasNext) {
                    if position == a.offset + a.length { a.advance(at: position) }
                    if position == b.offset + b.length { b.advance(at: position) }
                    total += distance(a, b)
                    position = min(a.offset + a.length, b.offset + b.length)
                }
            }
        }
        return 2 * total / (Double(coders * (coders - 1)) * Double(length) * Double(length))
    }

    static func expected(category: String, begin: Int, length: Int, coders: Int, units: [Unit]) -> Double {
        let mine = units.filter { $0.category == category }
        let count = Double(mine.count)
        let squared = mine.reduce(0.0) { $0 + Double($1.length) * Double($1.length - 1) }
        var gaps: [Int] = []
        let end = begin + length
        for coder in 0..<coders {
            var walker = Walker(units: mine.filter { $0.coder == coder }, begin: begin, end: end)
            var position = begin
            while position < end {
                if position == walker.offset + walker.length {
                    walker.advance(at: position)
                    if !walker.isUnit { gaps.append(walker.length) }
                }
                position = walker.offset + walker.length
            }
        }
        var sum = 0.0
        for unit in mine {
            let l = Double(unit.length)
            sum += (count - 1) * (2 * l * l * l - 3 * l * l + l) / 3
            sum += l * l * gaps.filter { $0 >= unit.length }.reduce(0.0) { $0 + Double($1 - unit.length + 1) }
        }
        let rl = Double(coders * length)
        let denominator = rl * (rl - 1) - squared
        guard denominator > 0 else { return 0 }
        return sum * (2 / Double(length)) / denominator
    }
}

extension UnitizingAlpha {
    /// Transcripts laid end to end as one continuum of characters, in the order given (unitizing α compares one
    /// continuum): where each document starts, and the length of all.
    public struct Continuum: Sendable, Equatable {
        public private(set) var offsets: [DocumentID: Int] = [:]
        public private(set) var length = 0

        public init(_ documents: [(document: DocumentID, characters: Int)]) {
            for (document, characters) in documents {
                offsets[document] = length
                length += characters
            }
        }

        /// The coders' units on the continuum (`coders` give the coder numbers; names matched ignoring case): one per
        /// category of each code placed on at least one character of a document of the continuum, each coder's spans of
        /// one category joined where they overlap (`merged`).
        public func units(_ codes: [CodedSpan], coders: [String]) -> [Unit] {
            var units: [Unit] = []
            for code in codes {
                guard let coder = code.coderIndex(in: coders), let span = code.span, let offset = offsets[code.document] else { continue }
                for category in code.categories {
                    units.append(.init(coder: coder, category: category, start: offset + span.lowerBound, length: span.count))
                }
            }
            return UnitizingAlpha.merged(units)
        }
    }
}
