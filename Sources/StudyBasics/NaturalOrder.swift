/// Orders identifiers as people read them: `P2` before `P10`.
public enum NaturalOrder {
    /// Compares byte by byte (ASCII letters without case), reading runs of digits as numbers.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        var l = lhs
        var r = rhs
        return l.withUTF8 { a in r.withUTF8 { b in compare(a, b) } } ?? (lhs < rhs)
    }

    /// Orders values listed in `preferred` first, in its order (a derivation rule's labels, a factor's levels),
    /// then the rest naturally, with `last` (e.g. "(none)") after everything.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String, preferring preferred: [String], last: String? = nil) -> Bool {
        let left = preferred.firstIndex(of: lhs) ?? Int.max
        let right = preferred.firstIndex(of: rhs) ?? Int.max
        if left != right { return left < right }
        if let last, (lhs == last) != (rhs == last) { return rhs == last }
        return areInIncreasingOrder(lhs, rhs)
    }

    /// The distinct values, ordered as `areInIncreasingOrder(_:_:preferring:last:)` orders them.
    public static func distinct(_ values: [String], preferring preferred: [String] = [], last: String? = nil) -> [String] {
        Array(Set(values)).sorted { areInIncreasingOrder($0, $1, preferring: preferred, last: last) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    /// `true`/`false` when the strings differ in natural order, `nil` when they are equal in it.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                var startA = i
                while startA < a.count - 1, a[startA] == 48, isDigit(a[startA + 1]) { startA += 1 }
                var startB = j
                while startB < b.count - 1, b[startB] == 48, isDigit(b[startB + 1]) { startB += 1 }
                var endA = startA
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                var endB = startB
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                if endA - startA != endB - startB { return endA - startA < endB - startB }
                for k in 0..<(endA - startA) where a[startA + k] != b[startB + k] { return a[startA + k] < b[startB + k] }
                i = endA
                j = endB
            } else {
                let x = lower(a[i])
                let y = lower(b[j])
                if x != y { return x < y }
                i += 1
                j += 1
            }
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        return nil
    }
}
