import Foundation
import Wording

/// Text in the languages studyctl writes (`{"en": "…", "pt-BR": "…"}`); one language is enough for a custom
/// instrument, and the other falls back to it.
public struct LocalizedText: Sendable, Hashable, Codable {
    public var values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    public init(en: String, ptBR: String) {
        values = ["en": en, "pt-BR": ptBR]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let plain = try? container.decode(String.self) {
            values = ["en": plain]
        } else {
            values = try container.decode([String: String].self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// The text in `language`, else in English, else in any language it has.
    public func text(_ language: StudyLanguage) -> String {
        values[language.rawValue] ?? values["en"] ?? values.values.sorted().first ?? ""
    }

    /// Every text it has, in any language.
    public var all: [String] { Array(values.values) }
}

/// How an item is answered.
public enum ItemKind: String, Sendable, Codable, CaseIterable {
    /// A point on the instrument's Likert scale.
    case likert
    /// A number in the item's own range (e.g. a NASA-TLX rating, 0–100).
    case numeric
    /// One of the item's choices (e.g. Sim / Não / Talvez).
    case choice
    /// Open text.
    case text
}

/// One option of a choice item: a stable key stored in the study, with its labels.
public struct ChoiceOption: Sendable, Hashable, Codable {
    public var key: String
    public var label: LocalizedText
}

/// One item of an instrument.
public struct ItemDefinition: Sendable, Hashable, Codable {
    public var number: Int
    public var text: LocalizedText
    public var kind: ItemKind
    /// Reverse-coded (negatively worded): recoded as min + max − x before a mean, a sum or Cronbach's α.
    public var reversed: Bool
    /// For numeric items: the allowed range.
    public var min: Double?
    public var max: Double?
    /// For choice items.
    public var choices: [ChoiceOption]?
    /// Overrides the instrument's `allowsNA` for this item.
    public var allowsNA: Bool?
    /// Other published wordings of the item (another translation or adaptation), by which a form's column is
    /// recognised as this item as by `text`.
    public var wordings: [String]?

    /// Every text a form's header may carry for this item: its own in each language and the other wordings.
    public var knownTexts: [String] { text.all + (wordings ?? []) }

    enum CodingKeys: String, CodingKey {
        case number, text, kind, reversed, min, max, choices, allowsNA, wordings
    }

    public init(number: Int, text: LocalizedText, kind: ItemKind = .likert, reversed: Bool = false,
                min: Double? = nil, max: Double? = nil, choices: [ChoiceOption]? = nil, allowsNA: Bool? = nil) {
        self.number = number
        self.text = text
        self.kind = kind
        self.reversed = reversed
        self.min = min
        self.max = max
        self.choices = choices
        self.allowsNA = allowsNA
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        text = try container.decode(LocalizedText.self, forKey: .text)
        kind = try container.decodeIfPresent(ItemKind.self, forKey: .kind) ?? .likert
        reversed = try container.decodeIfPresent(Bool.self, forKey: .reversed) ?? false
        min = try container.decodeIfPresent(Double.self, forKey: .min)
        max = try container.decodeIfPresent(Double.self, forKey: .max)
        choices = try container.decodeIfPresent([ChoiceOption].self, forKey: .choices)
        allowsNA = try container.decodeIfPresent(Bool.self, forKey: .allowsNA)
        wordings = try container.decodeIfPresent([String].self, forKey: .wordings)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(text, forKey: .text)
        try container.encode(kind, forKey: .kind)
        if reversed { try container.encode(reversed, forKey: .reversed) }
        try container.encodeIfPresent(min, forKey: .min)
        try container.encodeIfPresent(max, forKey: .max)
        try container.encodeIfPresent(choices, forKey: .choices)
        try container.encodeIfPresent(allowsNA, forKey: .allowsNA)
        try container.encodeIfPresent(wordings, forKey: .wordings)
    }
}

/// The Likert scale an instrument's likert items share.
public struct LikertScale: Sendable, Hashable, Codable {
    /// Number of points (5 for SUS, 7 for PSSUQ).
    public var points: Int
    /// The lowest point's value (1 unless stated).
    public var min: Int
    /// Anchor labels per language, by point: `{"pt-BR": {"1": "Discordo totalmente", "5": "Concordo totalmente"}}`.
    public var anchors: [String: [String: String]]
    /// Other wordings forms use for a point, read as that point on import (`"1": ["Discordo fortemente"]`).
    public var synonyms: [String: [String: [String]]]

    /// The highest point; saturates instead of trapping on a (refused) extreme `min`.
    public var max: Int { min.addingReportingOverflow(Swift.max(points, 1) - 1).overflow ? Int.max : min + Swift.max(points, 1) - 1 }

    enum CodingKeys: String, CodingKey { case points, min, anchors, synonyms }

    public init(points: Int, min: Int = 1, anchors: [String: [String: String]], synonyms: [String: [String: [String]]] = [:]) {
        self.points = points
        self.min = min
        self.anchors = anchors
        self.synonyms = synonyms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        points = try container.decode(Int.self, forKey: .points)
        min = try container.decodeIfPresent(Int.self, forKey: .min) ?? 1
        anchors = try container.decodeIfPresent([String: [String: String]].self, forKey: .anchors) ?? [:]
        synonyms = try container.decodeIfPresent([String: [String: [String]]].self, forKey: .synonyms) ?? [:]
    }

    /// The point a label (or synonym) in any language stands for.
    public func point(forLabel folded: String, fold: (String) -> String) -> Int? {
        for labels in anchors.values {
            if let point = labels.first(where: { fold($0.value) == folded })?.key { return Int(point) }
        }
        for words in synonyms.values {
            if let point = words.first(where: { $0.value.contains { fold($0) == folded } })?.key { return Int(point) }
        }
        return nil
    }

    /// The label of `point` in `language` (falling back to English), if the scale names it.
    public func anchor(_ point: Int, language: StudyLanguage) -> String? {
        (anchors[language.rawValue] ?? anchors["en"])?[String(point)]
    }
}

/// A named score computed from some items (PSSUQ's SysUse = items 1–6).
public struct SubscaleDefinition: Sendable, Hashable, Codable {
    public var id: String
    public var name: LocalizedText
    public var items: [Int]
}

/// Published reference values to compare a study's scores with.
public struct Norms: Sendable, Hashable, Codable {
    /// Where the values come from (text, or text per language).
    public var source: LocalizedText
    /// Score id → reference value (PSSUQ "Overall" → 2.82; SUS "SUS" → 68).
    public var values: [String: Double]
}

/// A questionnaire, as its definition file gives it.
public struct InstrumentDefinition: Sendable, Hashable, Codable {
    public var id: String
    public var title: LocalizedText
    public var version: String
    /// The citation for the instrument and its scoring.
    public var reference: String
    public var scale: LikertScale?
    public var items: [ItemDefinition]
    /// Whether items accept "N/A" (unless an item says otherwise).
    public var allowsNA: Bool
    /// Answered once per task (SEQ) rather than once per session.
    public var perTask: Bool
    /// How its answers become scores: the formula registered under the file's `"scoring"` id (`ScoringFormulas`).
    public var scoring: ScoringRule
    /// Lower scores are better (PSSUQ: 1 = strongly agree).
    public var lowerIsBetter: Bool
    public var subscales: [SubscaleDefinition]
    public var norms: Norms?
    /// Extra notes on the instrument (translation used, scoring caveats).
    public var notes: LocalizedText?

    enum CodingKeys: String, CodingKey {
        case id, title, version, reference, scale, items, allowsNA, perTask, scoring, lowerIsBetter, subscales, norms, notes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(LocalizedText.self, forKey: .title)
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1"
        reference = try container.decodeIfPresent(String.self, forKey: .reference) ?? ""
        scale = try container.decodeIfPresent(LikertScale.self, forKey: .scale)
        items = try container.decode([ItemDefinition].self, forKey: .items)
        allowsNA = try container.decodeIfPresent(Bool.self, forKey: .allowsNA) ?? false
        perTask = try container.decodeIfPresent(Bool.self, forKey: .perTask) ?? false
        scoring = try container.decodeIfPresent(ScoringRule.self, forKey: .scoring) ?? .unnamed
        lowerIsBetter = try container.decodeIfPresent(Bool.self, forKey: .lowerIsBetter) ?? false
        subscales = try container.decodeIfPresent([SubscaleDefinition].self, forKey: .subscales) ?? []
        norms = try container.decodeIfPresent(Norms.self, forKey: .norms)
        notes = try container.decodeIfPresent(LocalizedText.self, forKey: .notes)
    }

    public func item(_ number: Int) -> ItemDefinition? {
        items.first { $0.number == number }
    }

    /// Whether `item` accepts N/A.
    public func allowsNA(_ item: ItemDefinition) -> Bool {
        item.allowsNA ?? allowsNA
    }

    /// Whether `answer` is one `item` can hold: a value within its range, a choice it offers, a text for a text item,
    /// N/A where allowed. The store checks every answer with this before writing it, so no path can store a
    /// Likert 9 or a choice the item does not offer.
    public func accepts(_ answer: Answer, item: ItemDefinition) -> Bool {
        switch answer {
        case let .value(value): return range(of: item)?.contains(value) ?? false
        case .notApplicable: return allowsNA(item)
        case let .choice(key): return item.kind == .choice && (item.choices ?? []).contains { $0.key == key }
        case .text: return item.kind == .text
        }
    }

    /// The range of values an item accepts (`nil` for choice and text items).
    public func range(of item: ItemDefinition) -> ClosedRange<Double>? {
        switch item.kind {
        case .likert:
            guard let scale else { return nil }
            return Double(scale.min)...Double(scale.max)
        case .numeric:
            guard let min = item.min, let max = item.max, min < max else { return nil }
            return min...max
        case .choice, .text:
            return nil
        }
    }
}
