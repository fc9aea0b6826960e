import Foundation
import Surveys

/// Numbers in tables: fixed decimals, decimal point (tables are also read by scripts; reports localise).
func fixed(_ value: Double?, _ decimals: Int = 2) -> String {
    guard let value, value.isFinite else { return "" }
    return String(format: "%.\(decimals)f", value)
}

/// A p-value as journals print it.
func pValue(_ p: Double?) -> String {
    guard let p else { return "" }
    return p < 0.001 ? "<.001" : String(format: "%.3f", p)
}

extension ClosedRange where Bound == Double {
    var formatted: String { "[\(fixed(lowerBound)), \(fixed(upperBound))]" }
}
