import ArgumentParser
import Foundation
import QualCoding
import Results
import StudyStore
import Surveys
import Wording

extension ContextSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// Which coded passages to retrieve, shared by `code list` and `export quotes`.
struct QuoteFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(words("Only passages in this category (a theme: with its sub-categories); repeat for several."), valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp(words("Only this participant's passages."), valueName: "code"))
    var participant: String?

    @Option(name: .customLong("where"), help: ArgumentHelp(words("Only participants with this attribute value, e.g. level=Iniciante; repeat for several (all must hold)."), valueName: "attribute=value"))
    var conditions: [Assignment] = []

    @Option(help: ArgumentHelp(words("Only passages that overlap a passage coded in each of these categories (or are one excerpt coded in them), e.g. A,B. Passages, not participants: a participant who raised A in one answer and B in another does not count."), valueName: "A,B"))
    var allOf: String?

    @Option(help: ArgumentHelp(words("Leave out passages that overlap a passage coded in any of these categories (or are coded in one)."), valueName: "C,D"))
    var noneOf: String?

    @OptionGroup var coder: CoderOption

    static func names(_ list: String?) -> [String] {
        (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The query, each --category a theme names taken with its sub-categories (`codebook`: the study's categories
    /// with their themes).
    func query(_ codebook: [(name: String, theme: String?)]) -> QuoteQuery {
        QuoteQuery(categories: CategoryFamily.expanding(category, in: codebook), participant: participant,
                   attributes: conditions.map { (name: $0.key, value: $0.value) }, allOf: Self.names(allOf), noneOf: Self.names(noneOf))
    }

    /// The sub-categories --category took in with their themes, for the listing to say ("with its sub-categories: …").
    func subcategories(_ codebook: [(name: String, theme: String?)]) -> [String] {
        let named = category.map { name in codebook.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.name ?? name }
        return CategoryFamily.expanding(category, in: codebook).filter { !named.contains($0) }
    }

    /// Refuses categories, participants, attributes and values the study does not have, naming them and what there is
    /// (the check the workspace's Quotes tab makes too).
    func check(_ material: QuoteMaterial) throws {
        try material.check(query(material.categories))
    }

    /// The selection in words, for the head of an export and the end of a listing.
    /// - Parameter labels: the attributes and values of `--where` by their labels ("nível: iniciante" for
    ///   level=Iniciante); unlabelled, a name reads without its underscores.
    func describe(_ book: QuoteBook, codebook: [(name: String, theme: String?)] = [], labels: StudyLabels = .plain) -> Sentence {
        var parts: [String] = []
        if !category.isEmpty { parts.append(words("category: \(category.joined(separator: ", "))")) }
        let under = subcategories(codebook)
        if !under.isEmpty { parts.append(words("with its sub-categories: \(under.joined(separator: ", "))")) }
        if let participant { parts.append(words("participant: \(participant)")) }
        for condition in conditions { parts.append("\(labels.attribute(condition.key)): \(labels.value(condition.value, of: condition.key))") }
        if let allOf { parts.append(words("overlapping passages coded \(Self.names(allOf).joined(separator: " + "))")) }
        if let noneOf { parts.append(words("overlapping no passage coded \(Self.names(noneOf).joined(separator: ", "))")) }
        if let coder = coder.coder { parts.append(words("coder: \(coder)")) }
        let what = parts.isEmpty ? words("every coded passage") : parts.joined(separator: "; ")
        return "Coded passages: \(String(book.passages)); participants: \(String(book.participants)) (\(what))."
    }
}
