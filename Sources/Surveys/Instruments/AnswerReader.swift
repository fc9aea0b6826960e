import Foundation
import StudyBasics
import Wording

/// How a form numbered its scale. Some forms print a scale the other way round (the UITracking thesis showed
/// PSSUQ with 1 = Discordo fortemente); stored values are always canonical, so norms still apply.
public enum Orientation: String, Sendable, Codable, CaseIterable {
    case canonical
    /// The form's 1 is the canonical maximum: x′ = min + max − x (for a 1–7 scale, 8 − x).
    case inverted
}

/// Reads answers as researchers type them or forms export them: numbers, anchor labels in any known language
/// (the vocabularies' agreement labels), N/A, or nothing (missing).
public struct AnswerReader: Sendable {
    public let definition: InstrumentDefinition
    public let orientation: Orientation
    /// Labels the researcher gave with `--labels` (folded label → canonical point); they take precedence.
    public let labels: [String: Int]
    /// The words of every known language this reader recognises, read from the vocabularies once (it reads every cell
    /// of an import).
    private let notApplicable: Set<String>
    private let agreement: [[String]]?
    private let disagreeing: [String]
    private let agreeing: [String]

    public init(definition: InstrumentDefinition, orientation: Orientation = .canonical, labels: [String: Int] = [:]) {
        self.definition = definition
        self.orientation = orientation
        self.labels = Dictionary(labels.map { (Self.fold($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        notApplicable = Self.notApplicableSpellings
        agreement = definition.scale.flatMap { Self.agreementLabels($0.points) }
        disagreeing = Vocabulary.known("agreement.disagreeing")
        agreeing = Vocabulary.known("agreement.agreeing")
    }

    /// The usual labels of 5- and 7-point agreement scales in every known language, point by point from "disagree"
    /// to "agree" (`agreement.<points>.<point>` in the vocabularies: Portuguese, then English). Forms word the
    /// points differently ("Concordo parcialmente", "Nem concordo nem discordo", "Neutro"); these are the
    /// spellings met in Brazilian and English forms. They apply to an instrument whose anchors show an agreement
    /// scale, in its direction (PSSUQ runs from "agree" to "disagree").
    static func agreementLabels(_ points: Int) -> [[String]]? {
        guard points == 5 || points == 7 else { return nil }
        return (1...points).map { Vocabulary.known("agreement.\(points).\($0)") }
    }

    /// The point an agreement label stands for on this instrument's scale, or `nil`.
    func agreementPoint(_ folded: String) -> Int? {
        guard let scale = definition.scale, let sets = agreement else { return nil }
        let low = scale.anchors.values.compactMap { $0[String(scale.min)] }.map(Self.fold)
        let ascending: Bool
        if low.contains(where: { anchor in disagreeing.contains { anchor.contains($0) } }) {
            ascending = true
        } else if low.contains(where: { anchor in agreeing.contains { anchor.contains($0) } }) {
            ascending = false
        } else {
            return nil
        }
        guard let index = sets.firstIndex(where: { $0.contains(folded) }) else { return nil }
        return ascending ? scale.min + index : scale.max - index
    }

    /// Every label this reader accepts for a Likert item, by point, for telling the researcher once.
    public func acceptedLabels() -> [(point: Int, labels: [String])] {
        guard let scale = definition.scale else { return [] }
        return (scale.min...scale.max).map { point in
            var names = scale.anchors.values.compactMap { $0[String(point)] }
            names += scale.synonyms.values.flatMap { $0[String(point)] ?? [] }
            if let sets = agreement {
                for word in sets.flatMap({ $0 }) where agreementPoint(word) == point { names.append(word) }
            }
            names += labels.filter { $0.value == point }.map(\.key)
            var seen = Set<String>()
            return (point, names.filter { seen.insert(Self.fold($0)).inserted })
        }
    }

    /// Spellings of "not applicable" in every known language (`answer.notApplicable`).
    static var notApplicableSpellings: Set<String> { Vocabulary.knownSet("answer.notApplicable") }

    /// The answer `raw` gives to `item`: `nil` for missing (empty text), or why it cannot be read.
    public func read(_ raw: String, item: ItemDefinition) -> Result<Answer?, AnswerProblem> {
        // Fast path: a plain number for a scale item (most answers in large imports).
        if item.kind == .likert || item.kind == .numeric, !raw.isEmpty, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
           let number = NumberParser.parse(raw), let range = definition.range(of: item), range.contains(number) {
            let canonical = orientation == .inverted && item.kind == .likert ? range.lowerBound + range.upperBound - number : number
            return .success(.value(canonical))
        }
        let text = TextSafety.trimmingSpaces(raw, newlines: true)
        if text.isEmpty { return .success(nil) }
        let folded = Self.fold(text)
        if item.kind != .text, notApplicable.contains(folded) {
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
            // Every language's label of each choice, as the instrument's definition gives them ("Sim/Yes").
            let labels = choices.map { $0.label.values.sorted { $0.key > $1.key }.map(\.value).joined(separator: "/") }
            return .failure(AnswerProblem("'\(text)' is not a choice of item \(item.number) (choices: \(labels.joined(separator: ", ")))"))
        case .likert, .numeric:
            guard let range = definition.range(of: item) else {
                return .failure(AnswerProblem("item \(item.number) has no scale"))
            }
            if let number = NumberParser.parse(text) ?? Self.leadingNumber(text) {
                if item.kind == .likert && number != number.rounded() {
                    // A workbook's number cell reads as `5.5`: said with the study language's decimal mark.
                    if text.contains("."), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) {
                        return .failure(AnswerProblem("'\(number: text)' is not a point of the \(Self.rangeText(range)) scale"))
                    }
                    return .failure(AnswerProblem("'\(text)' is not a point of the \(Self.rangeText(range)) scale"))
                }
                guard range.contains(number) else {
                    if text.contains("."), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) {
                        return .failure(AnswerProblem("'\(number: text)' is outside the \(Self.rangeText(range)) scale"))
                    }
                    return .failure(AnswerProblem("'\(text)' is outside the \(Self.rangeText(range)) scale"))
                }
                let canonical = orientation == .inverted && item.kind == .likert
                    ? range.lowerBound + range.upperBound - number : number
                return .success(.value(canonical))
            }
            if item.kind == .likert, let scale = definition.scale {
                // A label means the same point whatever the form's numbering, so orientation does not apply.
                if let point = labels[folded] ?? scale.point(forLabel: folded, fold: Self.fold) ?? agreementPoint(folded) {
                    return .success(.value(Double(point)))
                }
                return .failure(AnswerProblem("'\(text)' is neither a number of the \(Self.rangeText(range)) scale nor one of its labels",
                                              unknownLabel: text))
            }
            return .failure(AnswerProblem("'\(text)' is not a number in \(Self.rangeText(range))"))
        }
    }

    /// "5 - Concordo totalmente" or "5 (Concordo)" as some forms export: the number in front.
    static func leadingNumber(_ text: String) -> Double? {
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < text.count else { return nil }
        let rest = TextSafety.trimmingSpaces(String(text.dropFirst(digits.count)))
        guard let first = rest.first, "-–—(:.".contains(first) else { return nil }
        return Double(digits)
    }

    static func rangeText(_ range: ClosedRange<Double>) -> String {
        "\(NumberParser.format(range.lowerBound))–\(NumberParser.format(range.upperBound))"
    }

    /// Lowercased, without accents, with single spaces: "Concordo  Totalmente" ≈ "concordo totalmente".
    ///
    /// Text made of ASCII and the accented Latin letters of Portuguese, Spanish, French and German (À–ÿ with a
    /// base letter) is folded scalar by scalar; any other text by Foundation (`foldedByFoundation`), which gives the
    /// same result for those letters — `FoldTests` compares them — at many times the cost: this runs for every
    /// labelled answer of an import and every header a form import matches.
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let folded: UInt8
            if value < 0x80 {
                if value == 0x20 || (0x09...0x0D).contains(value) {
                    pendingSpace = !bytes.isEmpty
                    continue
                }
                folded = (0x41...0x5A).contains(value) ? UInt8(value + 0x20) : UInt8(value)
            } else if value >= 0xC0, value <= 0xFF, let base = latinBase[Int(value - 0xC0)] {
                folded = base
            } else {
                return foldedByFoundation(text)
            }
            if pendingSpace { bytes.append(0x20); pendingSpace = false }
            bytes.append(folded)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The general fold, through Foundation's folding (any script, any combining mark).
    static func foldedByFoundation(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .lowercased()
    }

    /// U+00C0…U+00FF → its lowercase base letter, where the scalar is a letter with a diacritic; `nil` for the
    /// others (×, ÷, Æ, Ð, Ø, Þ, ß, æ, ð, ø, þ), which take the general path.
    static let latinBase: [UInt8?] = Array("aaaaaa_ceeeeiiii_nooooo__uuuuy__aaaaaa_ceeeeiiii_nooooo__uuuuy_y".utf8).map { $0 == UInt8(ascii: "_") ? nil : $0 }
}

/// Why an answer could not be read; the caller adds where (participant, row, column).
public struct AnswerProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: Sentence
    /// The text, when the problem is a label the scale does not know (reported once per import).
    public var unknownLabel: String?
    public init(_ message: Sentence, unknownLabel: String? = nil) {
        self.message = message
        self.unknownLabel = unknownLabel
    }
    public var description: String { message.description }
}
