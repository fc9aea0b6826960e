/// Orders identifiers as people read them: `P2` before `P10`.
public enum NaturalOrder {
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.lowercased().unicodeScalars)
        let b = Array(rhs.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let aDigit = a[i].properties.numericType == .decimal
            let bDigit = b[j].properties.numericType == .decimal
            if aDigit && bDigit {
                var endA = i
                while endA < a.count, a[endA].properties.numericType == .decimal { endA += 1 }
                var endB = j
                while endB < b.count, b[endB].properties.numericType == .decimal { endB += 1 }
                let numberA = String(String.UnicodeScalarView(a[i..<endA])).drop { $0 == "0" }
                let numberB = String(String.UnicodeScalarView(b[j..<endB])).drop { $0 == "0" }
                if numberA.count != numberB.count { return numberA.count < numberB.count }
                if numberA != numberB { return numberA < numberB }
                i = endA
                j = endB
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value }
                i += 1
                j += 1
            }
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        return lhs < rhs
    }
}
