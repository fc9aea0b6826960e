import Media
import QualCoding
import Surveys
import Wording

extension ResultTable {
    /// How a kind of text found reads for people.
    static func kindWording(_ language: StudyLanguage) -> [String: String] {
        [SearchableText.Kind.quote.rawValue: ("quote" as Sentence).text(language),
         SearchableText.Kind.memo.rawValue: ("memo" as Sentence).text(language),
         SearchableText.Kind.annotation.rawValue: ("annotation" as Sentence).text(language),
         SearchableText.Kind.answer.rawValue: ("open answer" as Sentence).text(language)]
    }

    /// `search --studies`: each hit with its study, participant, kind, categories, time in its recording (m:ss) and the
    /// words around the match, the matched words in brackets.
    public static func acrossHits(_ result: AcrossSearchResult, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "search_hits", title: ("hits" as Sentence).text(language), language: language, columns: [
            Column("study", ("study" as Sentence).text(language), .text),
            Column(.participant, .text, language).showingMissing(),
            Column(.kind, .text, language).worded(kindWording(language)),
            Column(.category, .text, language).showingMissing(),
            Column(.time, .figure, language).showingMissing(),
            Column(.text, .prose, language),
        ])
        for hit in result.hits {
            table.append([.text(hit.study), hit.participant.map(Value.text) ?? .empty, .text(hit.kind.rawValue),
                          hit.categories.isEmpty ? .empty : .text(hit.categories.joined(separator: ", ")),
                          hit.startTime.map { .text(MediaTime.clock(Int(($0 * 1000).rounded()))) } ?? .empty,
                          .text(hit.snippet.replacingOccurrences(of: "\n", with: " "))])
        }
        return table
    }

    /// `search --studies --csv`: the hits with machine values — the time in seconds, the whole text beside the words
    /// around the match, each text's number in its study (an excerpt's, memo's, annotation's, response set's).
    public static func acrossHitRows(_ result: AcrossSearchResult, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "search_hits", title: ("hits" as Sentence).text(language), language: language, columns: [
            Column("study", ("study" as Sentence).text(language), .text),
            Column(.participant, .text, language),
            Column(.kind, .text, language),
            Column("id", "id", .count),
            Column(.item, .count, language),
            Column(.categories, .text, language),
            Column(.time_s, .number(decimals: 3), language),
            Column("transcript", ("transcript" as Sentence).text(language), .text),
            Column("place", ("place" as Sentence).text(language), .text),
            Column(.text, .prose, language),
            Column("snippet", ("words around the match" as Sentence).text(language), .prose),
        ])
        for hit in result.hits {
            table.append([.text(hit.study), hit.participant.map(Value.text) ?? .empty, .text(hit.kind.rawValue), .count(Int(hit.id)),
                          hit.item.map(Value.count) ?? .empty, .text(hit.categories.joined(separator: "; ")),
                          hit.startTime.map(Value.number) ?? .empty, hit.transcript.map(Value.text) ?? .empty,
                          hit.place.map(Value.text) ?? .empty, .text(hit.text), .text(hit.snippet)])
        }
        return table
    }

    /// What each category, attribute and value asked for is called in each study searched ("–": not there).
    public static func nameMatches(_ result: AcrossSearchResult, language: StudyLanguage) -> ResultTable {
        let kinds = [NameMatch.Kind.category.rawValue: Term.category.text(language),
                     NameMatch.Kind.attribute.rawValue: ("attribute" as Sentence).text(language),
                     NameMatch.Kind.value.rawValue: Term.value.text(language)]
        var table = ResultTable(id: "search_names", title: ("names matched in each study" as Sentence).text(language), language: language,
                                columns: [Column(.kind, .text, language).worded(kinds), Column("asked", ("asked" as Sentence).text(language), .text)]
                                    + result.studies.map { Column($0.name, $0.name, .text) })
        for match in result.matches {
            table.append([.text(match.kind.rawValue), .text(match.asked)] + match.found.map { $0.map(Value.text) ?? .empty })
        }
        return table
    }
}
