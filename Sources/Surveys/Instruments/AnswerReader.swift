import Foundation

/// How a form numbered its scale. Some forms print a scale the other way round (the UITracking thesis showed
/// PSSUQ with 1 = Discordo fortemente); stored values are always canonical, so norms still apply.
public enum Orientation: String, Sendable, Codable, CaseIterable {
    case canonical
    /// The form's 1 is the canonical maximum: x′ = min + max − x (for a 1–7 scale, 8 − x).
    case inverted
}

/// Reads answers as researchers type them or forms export them: numbers, anchor labels in English or
/// Portuguese, N/A, or nothing (missing).
public struct AnswerReader: Sendable {
    public let definition: InstrumentDefinition
    public let orientation: Orientation

    public init(definition: InstrumentDefinition, orientation: Orientation = .canonical) {
        self.definition = definition
        self.orientation = orientation
    }

    /// Spellings of "not applicable" in both languages.
    static let notApplicableSpellings: Set<String> = ["n", "na", "n/a", "n.a.", "nsa", "nao se aplica", "not applicable", "nao aplicavel"]

    /// The answer `raw` gives to `item`: `nil` for missing (empty text), or why it cannot be read.
    public func read(_ raw: String, item: ItemDefinition) -> Result<Answer?, AnswerProblem> {
        // Fast path: a plain number for a scale item (most answers in large imports).
        if item.kind == .likert || item.kind == .numeric, !raw.isEmpty, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
           let number = NumberParser.parse(raw), let range = definition.range(of: item), range.contains(number) {
            let canonical = orientation == .inverted && item.kind == .likert ? range.lowerBound + range.upperBound - number : number
            return .success(.value(canonical))
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return .success(nil) }
        let folded = Self.fold(text)
        if item.kind != .text, Self.notApplicableSpellings.contains(folded) {
            return definition.allowsNA(item)
                ? .success(.notApplicable)
                : .failure(AnswerProblem("item \(item.number) does not accept N/A"))
        }
        switch item.kind {
        case .text:
            return .success(.text(text))
        case .choice:
            let choices = item.choices ?? []
            if let match = choices.first(where: { Self.fold($0.key) == folded || $0.label.all.map(Self.fold).contains(folded) }) {
                return .success(.choice(match.key))
            }
            let labels = choices.map { $0.label.text(.ptBR) + "/" + $0.label.text(.en) }
            return .failure(AnswerProblem("'\(text)' is not a choice of item \(item.number) (choices: \(labels.joined(separator: ", ")))"))
        case .likert, .numeric:
            guard let range = definition.range(of: item) else {
                return .failure(AnswerProblem("item \(item.number) has no scale"))
            }
            if let number = NumberParser.parse(text) ?? Self.leadingNumber(text) {
                if item.kind == .likert && number != number.rounded() {
                    return .failure(AnswerProblem("'\(text)' is not a point of the \(Self.rangeText(range)) scale"))
                }
                guard range.contains(number) else {
                    return .failure(AnswerProblem("'\(text)' is outside the \(Self.rangeText(range)) scale"))
                }
                let canonical = orientation == .inverted && item.kind == .likert
                    ? range.lowerBound + range.upperBound - number : number
                return .success(.value(canonical))
            }
            if item.kind == .likert, let scale = definition.scale {
                // A label means the same point whatever the form's numbering, so orientation does not apply.
                if let point = scale.point(forLabel: folded, fold: Self.fold) {
                    return .success(.value(Double(point)))
                }
                let known = (scale.anchors["pt-BR"] ?? [:]).merging(scale.anchors["en"] ?? [:]) { a, b in "\(a)/\(b)" }
                    .sorted { Int($0.key)! < Int($1.key)! }.map { "\($0.key) = \($0.value)" }
                return .failure(AnswerProblem("'\(text)' is neither a number of the \(Self.rangeText(range)) scale nor one of its labels"
                    + (known.isEmpty ? "" : " (\(known.joined(separator: "; ")))")))
            }
            return .failure(AnswerProblem("'\(text)' is not a number in \(Self.rangeText(range))"))
        }
    }

    /// "5 - Concordo totalmente" or "5 (Concordo)" as some forms export: the number in front.
    static func leadingNumber(_ text: String) -> Double? {
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < text.count else { return nil }
        let rest = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard let first = rest.first, "-–—(:.".contains(first) else { return nil }
        return Double(digits)
    }

    static func rangeText(_ range: ClosedRange<Double>) -> String {
        "\(NumberParser.format(range.lowerBound))–\(NumberParser.format(range.upperBound))"
    }

    /// Lowercased, without accents, with single spaces: "Concordo  Totalmente" ≈ "concordo totalmente".
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .lowercased()
    }
}

/// Why an answer could not be read; the caller adds where (participant, row, column).
public struct AnswerProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
