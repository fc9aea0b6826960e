import Foundation

/// Groups a numeric attribute into labelled bands, as studies group participants by experience.
///
/// Written `<2:Iniciante,<=3:Intermediário,>3:Avançado`: clauses are tried in order and the first that holds
/// gives the label. A clause is a comparison (`<`, `<=`, `>`, `>=`, `=`) with a number, a closed range
/// (`2..3`), or `*` for every value left. Clauses are separated by `,`, or by `;` when a number uses a decimal
/// comma (`<2,5:Iniciante;*:Experiente`).
public struct DerivationRule: Sendable, Hashable, CustomStringConvertible {
    public enum Condition: Sendable, Hashable {
        case less(Double)
        case lessOrEqual(Double)
        case greater(Double)
        case greaterOrEqual(Double)
        case equal(Double)
        case range(Double, Double)
        case any

        func holds(for value: Double) -> Bool {
            switch self {
            case let .less(bound): return value < bound
            case let .lessOrEqual(bound): return value <= bound
            case let .greater(bound): return value > bound
            case let .greaterOrEqual(bound): return value >= bound
            case let .equal(bound): return value == bound
            case let .range(low, high): return value >= low && value <= high
            case .any: return true
            }
        }
    }

    public struct Clause: Sendable, Hashable {
        public var condition: Condition
        public var label: String
    }

    public var clauses: [Clause]
    /// The rule as the researcher wrote it.
    public var description: String

    /// Why a rule could not be read: which clause and what is wrong with it.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var clause: String
        public var position: Int
        public var reason: String
        public var description: String {
            "rule clause \(position) '\(clause)': \(reason)"
        }
    }

    public init(parsing text: String) throws {
        let separator: Character = text.contains(";") ? ";" : ","
        var parts: [String] = []
        for piece in text.split(separator: separator, omittingEmptySubsequences: false).map(String.init) {
            // A decimal comma ("<1,5:Iniciante"): a piece without its ':' that ends in a digit, followed by one
            // that starts with a digit, is one number cut at its comma.
            if separator == ",", let last = parts.last, !last.contains(":"), last.last?.isNumber == true,
               piece.first?.isNumber == true {
                parts[parts.count - 1] = last + "," + piece
            } else {
                parts.append(piece)
            }
        }
        var clauses: [Clause] = []
        for (index, raw) in parts.enumerated() {
            let clause = raw.trimmingCharacters(in: .whitespaces)
            func fail(_ reason: String) -> ParseError {
                ParseError(clause: clause, position: index + 1, reason: reason)
            }
            guard let colon = clause.firstIndex(of: ":") else {
                throw fail("expected CONDITION:LABEL, e.g. <2:Iniciante")
            }
            let conditionText = clause[..<colon].trimmingCharacters(in: .whitespaces)
            let label = clause[clause.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty else { throw fail("the label after ':' is empty") }
            clauses.append(Clause(condition: try Self.condition(conditionText, fail: fail), label: label))
        }
        guard !clauses.isEmpty else {
            throw ParseError(clause: text, position: 1, reason: "the rule has no clauses")
        }
        if let catchAll = clauses.firstIndex(where: { $0.condition == .any }), catchAll != clauses.count - 1 {
            throw ParseError(clause: "*:\(clauses[catchAll].label)", position: catchAll + 1,
                             reason: "'*' matches every value, so the clauses after it would never apply; put it last")
        }
        self.clauses = clauses
        self.description = text
    }

    private static func condition(_ text: String, fail: (String) -> ParseError) throws -> Condition {
        if text == "*" { return .any }
        func number(_ raw: Substring) throws -> Double {
            guard let value = NumberParser.parse(String(raw)) else {
                throw fail("'\(raw.trimmingCharacters(in: .whitespaces))' is not a number")
            }
            return value
        }
        for (prefix, make) in [("<=", Condition.lessOrEqual), (">=", Condition.greaterOrEqual),
                               ("<", Condition.less), (">", Condition.greater), ("=", Condition.equal)] {
            if text.hasPrefix(prefix) {
                return make(try number(text.dropFirst(prefix.count)))
            }
        }
        if let dots = text.range(of: "..") {
            let low = try number(text[..<dots.lowerBound])
            let high = try number(text[dots.upperBound...])
            guard low <= high else { throw fail("the range's lower end is above its upper end") }
            return .range(low, high)
        }
        throw fail("expected a condition such as <2, <=3, >3, =1, 2..3 or *")
    }

    /// The label of the first clause that holds for `value`, or `nil` when none does.
    public func label(for value: Double) -> String? {
        clauses.first { $0.condition.holds(for: value) }?.label
    }
}
