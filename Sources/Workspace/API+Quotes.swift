import Foundation
import Hummingbird
import QualCoding
import Surveys
import Results
import StudyStore
import Wording

/// The Quotes tab: the asking coder's coded passages of a category, for the participants with the attribute values
/// chosen, each with the words around it — the selection `code list --category C --where A=V --context N` makes,
/// through the same `QuoteBook`.
extension API {
    struct Quote: Encodable {
        var id: Int64; var participant: String; var group: String?; var excerpt: String; var code: String; var coder: String?
        /// The quote's categories (a theme's quotes come from its sub-categories too).
        var categories: [String] = []
        /// The participant's attributes, values as people of the study's language read them (decimal comma in Portuguese).
        var attributes: [String: String] = [:]
        /// The words around the excerpt (nil without a context or for an excerpt in no transcript).
        var context: QuoteContext? = nil
        /// The context ready to set before and after the excerpt: an ellipsis where the transcript goes on.
        var before: String? = nil; var after: String? = nil
    }
    struct AttributeChoice: Encodable {
        var name: String
        /// The attribute as people call it (`participant attribute label`).
        var label: String
        /// Each value as stored (what `where` takes) and as people of the study's language read it.
        var values: [Value]
        struct Value: Encodable { var value: String; var label: String }
        /// Every value is a number: the tab offers a range (`min`, `max`) rather than a list of every value.
        var numeric = false
        var low: Double? = nil; var high: Double? = nil
    }
    struct Quotes: Encodable {
        var category: String; var quotes: [Quote]
        /// Distinct coded passages and participants selected (`code list`'s closing count).
        var passages: Int = 0; var participants: Int = 0
        /// The participant attributes the tab offers, each with its values.
        var attributes: [AttributeChoice] = []
        /// The categories the quotes are of: the one asked for and, for a theme, its sub-categories.
        var categories: [String] = []
        /// The attributes a quote's citation names, as the study chose them (nil: every attribute).
        var citation: [String]? = nil
    }
    struct Citation: Decodable { var attributes: [String]? }

    func registerQuotes(on api: RouterGroup<BasicRequestContext>) {
        api.get("quotes") { request, _ in
            let parameters = request.uri.queryParameters
            return try await guarded {
                try quotes(category: parameters.get("category") ?? "", coder: try coder(parameters.get("coder")),
                           conditions: parameters.getAll("where"), context: parameters.get("context"),
                           ranges: parameters.getAll("min").map { ($0, true) } + parameters.getAll("max").map { ($0, false) })
            }
        }
        // The citation's attributes, chosen once for the study: the Quotes tab and `export quotes` cite them.
        api.post("citation") { request, context in
            let body = try await request.decode(as: Citation.self, context: context)
            return try await guarded {
                try study.setCitationAttributes(body.attributes)
                let language = try study.info().language
                let cited = try study.citationAttributes()
                let message: Sentence = cited.map { $0.isEmpty ? "Quotes cite the participant's code alone" : "Quotes cite the participant's code and \($0.joined(separator: ", "))" }
                    ?? "Quotes cite every attribute of the participant"
                return Done(message: message.text(language))
            }
        }
    }

    /// The coder's own quotes (none for a coder not in the study yet): coding is blind, so another coder's codes
    /// neither appear nor count. `conditions` are `attribute=value`, all of which must hold; `context` is `10`, `10w`
    /// or `1s` (none when absent or empty). An unknown category, attribute or value is refused in the study's language.
    ///
    /// A theme's quotes include its sub-categories'. `ranges` are `attribute=number` bounds on a numeric attribute
    /// (`true`: at least, `false`: at most).
    func quotes(category: String, coder: String, conditions: [String] = [], context asked: String? = nil,
                ranges: [(String, Bool)] = []) throws -> Quotes {
        let language = try study.info().language
        var pairs: [(name: String, value: String)] = []
        for condition in conditions where !condition.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let equals = condition.firstIndex(of: "="), !condition[..<equals].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw QuoteRefusal("Please give a participant attribute and its value as attribute=value; '\(condition)' is not one.")
            }
            pairs.append((name: condition[..<equals].trimmingCharacters(in: .whitespaces), value: String(condition[condition.index(after: equals)...])))
        }
        var context: ContextSize?
        if let asked, !asked.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let size = ContextSize(parsing: asked) else {
                throw QuoteRefusal("Please give the context as a number of words (30 or 30w) or of sentences (1s); '\(asked)' is not one.")
            }
            context = size
        }
        var material: QuoteMaterial
        if try study.coders().contains(coder) {
            material = try study.quoteMaterial(coder: coder)
        } else {
            material = try study.quoteMaterial()
            material.passages = []
            material.records = [:]
        }
        // Blind coding: no other coder's code reaches the page, not even as an overlapping passage.
        material.allPassages = material.passages
        let family = category.isEmpty ? [] : Self.withSubcategories(category, in: material.categories)
        let query = QuoteQuery(categories: family, attributes: pairs)
        try material.check(query)
        var bounds: [(name: String, low: Double?, high: Double?)] = []
        for (range, isLow) in ranges where !range.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let equals = range.firstIndex(of: "="), let number = Self.number(String(range[range.index(after: equals)...])) else {
                throw QuoteRefusal("Please give a bound as attribute=number; '\(range)' is not one.")
            }
            let name = range[..<equals].trimmingCharacters(in: .whitespaces)
            guard let choice = material.attributeChoices.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }),
                  choice.values.allSatisfy({ Self.number($0) != nil }) else {
                throw QuoteRefusal("No numeric participant attribute '\(name)'.")
            }
            bounds.append((choice.name, isLow ? number : nil, isLow ? nil : number))
        }
        if !bounds.isEmpty {
            material.passages = material.passages.filter { passage in
                bounds.allSatisfy { bound in
                    guard let value = (material.attributes[passage.participant]?[bound.name]).flatMap(Self.number) else { return false }
                    return (bound.low.map { value >= $0 } ?? true) && (bound.high.map { value <= $0 } ?? true)
                }
            }
            material.allPassages = material.passages
        }
        let book = QuoteBook(material, query: query, context: context)
        let roster = try study.roster()
        let labels = try study.labels()
        let group = roster.attributes.first { $0.rule != nil }?.name
        var seen = Set<Int64>()
        var quotes: [Quote] = []
        for theme in book.themes {
            for category in theme.categories {
                for entry in category.quotes where seen.insert(entry.id).inserted {
                    let spaced = entry.context?.spaced
                    quotes.append(Quote(id: entry.id, participant: entry.participant, group: nil, excerpt: entry.excerpt, code: entry.code,
                                        coder: entry.coder, categories: entry.categories,
                                        attributes: Dictionary(entry.attributes.map { ($0.name, Self.shown($0.name, $0.value, labels: labels, language)) },
                                                               uniquingKeysWith: { a, _ in a }),
                                        context: entry.context, before: spaced?.before, after: spaced?.after))
                }
            }
        }
        if let group {
            for index in quotes.indices { quotes[index].group = quotes[index].attributes[group] }
        }
        let choices = material.attributeChoices.map { choice in
            let numbers = choice.values.compactMap(Self.number)
            let numeric = !numbers.isEmpty && numbers.count == choice.values.count && choice.values.count > 1
            return AttributeChoice(name: choice.name, label: labels.attribute(choice.name), values: numeric ? [] : choice.values.map {
                AttributeChoice.Value(value: $0, label: Self.shown(choice.name, $0, labels: labels, language))
            }, numeric: numeric, low: numeric ? numbers.min() : nil, high: numeric ? numbers.max() : nil)
        }
        return Quotes(category: category, quotes: quotes, passages: book.passages, participants: book.participants, attributes: choices,
                      categories: family, citation: material.citation)
    }

    /// An attribute's value as people read it: its label where the study gave one, else as the study's language
    /// writes it (a decimal comma in Portuguese).
    static func shown(_ name: String, _ value: String, labels: StudyLabels, _ language: StudyLanguage) -> String {
        let labelled = labels.value(value, of: name)
        return labelled != value ? labelled : QuoteEntry.Attribute(name, value).shown(language)
    }

    /// `category` and, when it is a theme, every category under it (at any depth), in the codebook's order.
    static func withSubcategories(_ category: String, in codebook: [(name: String, theme: String?)]) -> [String] {
        CategoryFamily.of(category, in: codebook)
    }

    /// A stored attribute value or a typed bound as a number (`34`, `4.5`, `4,5`), or nil.
    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
    }
}
