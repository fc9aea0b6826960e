import Foundation
import Hummingbird
import QualCoding
import Results
import StudyStore
import Wording

/// The Quotes tab: the asking coder's coded passages of a category, for the participants with the attribute values
/// chosen, each with the words around it — the selection `code list --category C --where A=V --context N` makes,
/// through the same `QuoteBook`.
extension API {
    struct Quote: Encodable {
        var id: Int64; var participant: String; var group: String?; var excerpt: String; var code: String; var coder: String?
        /// The participant's attributes, values as people of the study's language read them (decimal comma in Portuguese).
        var attributes: [String: String] = [:]
        /// The words around the excerpt (nil without a context or for an excerpt in no transcript).
        var context: QuoteContext? = nil
        /// The context ready to set before and after the excerpt: an ellipsis where the transcript goes on.
        var before: String? = nil; var after: String? = nil
    }
    struct AttributeChoice: Encodable {
        var name: String
        /// Each value as stored (what `where` takes) and as people of the study's language read it.
        var values: [Value]
        struct Value: Encodable { var value: String; var label: String }
    }
    struct Quotes: Encodable {
        var category: String; var quotes: [Quote]
        /// Distinct coded passages and participants selected (`code list`'s closing count).
        var passages: Int = 0; var participants: Int = 0
        /// The participant attributes the tab offers, each with its values.
        var attributes: [AttributeChoice] = []
    }

    func registerQuotes(on api: RouterGroup<BasicRequestContext>) {
        api.get("quotes") { request, _ in
            let parameters = request.uri.queryParameters
            return try await guarded {
                try quotes(category: parameters.get("category") ?? "", coder: try coder(parameters.get("coder")),
                           conditions: parameters.getAll("where"), context: parameters.get("context"))
            }
        }
    }

    /// The coder's own quotes (none for a coder not in the study yet): coding is blind, so another coder's codes
    /// neither appear nor count. `conditions` are `attribute=value`, all of which must hold; `context` is `10`, `10w`
    /// or `1s` (none when absent or empty). An unknown category, attribute or value is refused in the study's language.
    func quotes(category: String, coder: String, conditions: [String] = [], context asked: String? = nil) throws -> Quotes {
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
        let query = QuoteQuery(categories: category.isEmpty ? [] : [category], attributes: pairs)
        try material.check(query)
        let book = QuoteBook(material, query: query, context: context)
        let roster = try study.roster()
        let group = roster.attributes.first { $0.rule != nil }?.name
        var seen = Set<Int64>()
        var quotes: [Quote] = []
        for theme in book.themes {
            for category in theme.categories {
                for entry in category.quotes where seen.insert(entry.id).inserted {
                    let spaced = entry.context?.spaced
                    quotes.append(Quote(id: entry.id, participant: entry.participant, group: nil, excerpt: entry.excerpt, code: entry.code,
                                        coder: entry.coder,
                                        attributes: Dictionary(entry.attributes.map { ($0.name, $0.shown(language)) }, uniquingKeysWith: { a, _ in a }),
                                        context: entry.context, before: spaced?.before, after: spaced?.after))
                }
            }
        }
        if let group {
            for index in quotes.indices { quotes[index].group = quotes[index].attributes[group] }
        }
        let choices = material.attributeChoices.map { choice in
            AttributeChoice(name: choice.name, values: choice.values.map {
                AttributeChoice.Value(value: $0, label: QuoteEntry.Attribute(choice.name, $0).shown(language))
            })
        }
        return Quotes(category: category, quotes: quotes, passages: book.passages, participants: book.participants, attributes: choices)
    }
}
