import Foundation
import QualCoding
import StudyBasics
import Surveys
import Wording

/// Why quotes cannot be retrieved as asked: a category, participant, attribute or attribute value the study does not
/// have. Said in the study's language by the command line and by the workspace page alike.
public struct QuoteRefusal: Error, Sendable, Equatable, WordedError, LocalizedError {
    public var sentence: Sentence
    public init(_ sentence: Sentence) { self.sentence = sentence }
    public var errorDescription: String? { sentence.description }
    public static func == (a: QuoteRefusal, b: QuoteRefusal) -> Bool { a.sentence.description == b.sentence.description }
}

/// One participant attribute quotes can be selected by, with the values the study's participants have.
public struct QuoteAttributeChoice: Sendable, Equatable {
    public var name: String
    /// In the derivation rule's order for a derived attribute (Iniciante, Intermediário, Avançado), otherwise natural
    /// order (2 before 10).
    public var values: [String]
}

extension QuoteEntry.Attribute {
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension QuoteMaterial {
    /// The participant attributes quotes can be selected by, by name, each with the values participants have.
    public var attributeChoices: [QuoteAttributeChoice] {
        var values: [String: Set<String>] = [:]
        for participant in attributes.values { for (name, value) in participant { values[name, default: []].insert(value) } }
        return values.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.map { name, given in
            let order = valueOrders[name] ?? []
            return QuoteAttributeChoice(name: name, values: given.sorted { NaturalOrder.areInIncreasingOrder($0, $1, preferring: order) })
        }
    }

    /// Refuses the categories (`query.categories`, `allOf`, `noneOf`), participant, attributes and attribute values
    /// the study does not have, naming the first one and what there is. Names and values are matched ignoring case,
    /// as `QuoteSelection.select` matches them.
    public func check(_ query: QuoteQuery) throws {
        try checkCategories(query.categories + query.allOf + query.noneOf)
        func same(_ a: String, _ b: String) -> Bool { a.caseInsensitiveCompare(b) == .orderedSame }
        if let participant = query.participant, !attributes.keys.contains(where: { same($0, participant) }) {
            throw QuoteRefusal("No participant '\(participant)' in the study.")
        }
        let choices = attributeChoices
        for (name, value) in query.attributes {
            guard let choice = choices.first(where: { same($0.name, name) }) else {
                throw QuoteRefusal("No participant attribute '\(name)' (attributes: \(choices.map(\.name).joined(separator: ", "))).")
            }
            if !choice.values.contains(where: { same($0, value) }) {
                throw QuoteRefusal("No participant has \(choice.name) = '\(value)' (values: \(choice.values.joined(separator: ", "))).")
            }
        }
    }

    /// Refuses categories the codebook lacks, naming the first one and the codebook's categories.
    public func checkCategories(_ names: [String]) throws {
        let known = categories.map(\.name)
        for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            throw QuoteRefusal("No category '\(name)' in the codebook (categories: \(known.joined(separator: ", "))).")
        }
    }
}
