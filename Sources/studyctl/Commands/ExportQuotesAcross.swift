import Foundation
import QualCoding
import Reports
import Results
import StudyStore
import Wording

extension ExportQuotes {
    /// `export quotes --studies … [--search Q]`: the selection of `search --studies`, as quotes of several studies in
    /// one document.
    func exportAcross() throws {
        if pseudonyms.pseudonymise || pseudonyms.redact != nil {
            throw Refusal("Please export one study at a time with --pseudonymise or --redact: they mask the names of one study.")
        }
        let searched = try across.search(study)
        let conditions = filter.conditions.map { (name: $0.key, value: $0.value) }
        var matches: [NameMatch]
        var found: Set<String>?
        if let search {
            let result = try searched.search(search, categories: filter.category, conditions: conditions)
            matches = result.matches
            found = Set(result.hits.filter { $0.kind == .quote }.map { "\($0.study)\u{1}\($0.id)" })
        } else {
            matches = try searched.matchNames(categories: filter.category, conditions: conditions)
        }
        var books: [(study: String, book: QuoteBook)] = []
        var left: [String] = []
        for (index, corpus) in searched.corpora.enumerated() {
            let name = searched.names[index]
            // The names as this study spells them; a study lacking one asked for has no quote to give.
            let categories = matches.filter { $0.kind == .category }.compactMap { $0.found[index] }
            let spelled = zip(matches.filter { $0.kind == .attribute }, matches.filter { $0.kind == .value }).map { ($0.found[index], $1.found[index]) }
            let attributes = spelled.compactMap { name, value in name.flatMap { name in value.map { (name: name, value: $0) } } }
            if (!filter.category.isEmpty && categories.isEmpty) || attributes.count < spelled.count {
                left.append(name)
                continue
            }
            let reader = try StudyDatabase.openForReading(at: corpus.path)
            if let coder = filter.coder.coder, !(try reader.coders()).contains(where: { $0.caseInsensitiveCompare(coder) == .orderedSame }) {
                left.append(name)
                continue
            }
            var material = try reader.quoteMaterial(coder: filter.coder.coder)
            if let found { material.passages.removeAll { !found.contains("\(name)\u{1}\($0.excerptID)") } }
            if let cite {
                let known = material.attributeChoices.map(\.name)
                material.citation = cite.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? []
                    : cite.split(separator: ",").compactMap { typed in
                        known.first { TextMatching.fold($0) == TextMatching.fold(typed.trimmingCharacters(in: .whitespaces)) }
                    }
            }
            let query = QuoteQuery(categories: CategoryFamily.expanding(categories, in: material.categories), participant: filter.participant,
                                   attributes: attributes,
                                   allOf: QuoteFilterOptions.names(filter.allOf), noneOf: QuoteFilterOptions.names(filter.noneOf))
            books.append((name, QuoteBook(material, query: query, context: context)))
        }
        let book = QuoteBook.merging(books)
        let language = Voice.language
        let title = ("Quotes: \(searched.corpora.map(\.title).joined(separator: " · "))" as Sentence).text(language)
        var selection = filter.describe(book).text(language)
        selection += " " + ("Studies: \(searched.names.joined(separator: ", "))." as Sentence).text(language)
        if let search { selection += " " + ("Holding the words: \(search)." as Sentence).text(language) }
        // validate() refused a file of no known format.
        guard let format = QuoteFormat(path: file) else { throw Refusal("The quotes are written as .docx, .odt, .md or .html; '\(file)' is none of them.") }
        try QuoteDocument.write(book, title: title, selection: selection, language: language, to: file, format: format)
        if !matches.isEmpty {
            let result = AcrossSearchResult(query: search ?? "", expression: "", studies: searched.corpora.enumerated().map {
                AcrossSearchResult.Study(name: searched.names[$0], path: $1.path, title: $1.title, texts: $1.texts.count)
            }, categories: filter.category, conditions: [], matches: matches, hits: [])
            say("Names matched in each study (ignoring case and accents; – where a study has none):")
            printListing(ResultTable.nameMatches(result, language: language))
        }
        if !left.isEmpty { say("Studies without a quote to give (a name asked for is not there): \(left.joined(separator: ", ")).") }
        say(filter.describe(book))
        say(.wrote(file))
    }
}
