import QualCoding
import StudyBasics
import Surveys
import Wording

/// The command line's listings of the coding (codes, the codebook, a search's hits per participant), as
/// `ResultTable`s.
extension ResultTable {
    /// `code list`: each code with its participant (and that participant's value of the attribute `by`), the code
    /// ("(descriptive)" after one that is not the participant's words), its categories and coder.
    public static func codes(_ codes: [CodeRecord], by: String? = nil, roster: ParticipantRoster? = nil, language: StudyLanguage) -> ResultTable {
        var columns = [Column("id", "id", .count), Column(.participant, .text, language)]
        if let by { columns.append(Column(StudyText.key(by), by, .text).showingMissing()) }
        columns += [Column(.code, .text, language), Column(.category, .text, language), Column(.coder, .text, language).showingMissing()]
        var table = ResultTable(id: "codes", title: Term.codes.text(language), language: language, columns: columns)
        let descriptive = (" (descriptive)" as Sentence).text(language)
        var values: [String: ParticipantProfile] = [:]
        if by != nil, let roster { values = Dictionary(roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first }) }
        for code in codes {
            var row: [Value] = [.count(Int(code.id)), .text(code.participant)]
            if let by { row.append(Value(values[code.participant]?.value(of: by)?.display)) }
            row += [.text(code.code + (code.inVivo ? "" : descriptive)), .text(code.categories.joined(separator: "; ")), Value(code.coder)]
            table.append(row)
        }
        return table
    }

    /// `codebook`: each category with its origin ("emergent" or a reference) and theme, and its codes and
    /// participants — one pair of columns per coder when `coders` names several, else one pair, where a category
    /// without codes reads "never used".
    public static func codebook(_ categories: [CategoryInfo], coders: [String], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        let perCoder = coders.count > 1
        var columns = [Column(Term.category.rawValue, word("category"), .text),
                       Column(Term.origin.rawValue, word("origin"), .text).worded(["emergent": Term.emergent.text(language).lowercased()]),
                       Column(Term.theme.rawValue, word("theme"), .text).showingMissing()]
        if perCoder {
            columns += coders.flatMap { coder in
                [Column("codes_" + coder, word("codes (\(coder))"), .count).showingMissing(),
                 Column("participants_" + coder, word("participants (\(coder))"), .count).showingMissing()]
            }
        } else {
            columns += [Column(Term.codes.rawValue, word("codes"), .count),
                        Column(Term.participants.rawValue, word("participants"), .count).worded(["never_used": word("never used")])]
        }
        var table = ResultTable(id: "codebook", title: Term.categories.text(language), language: language, columns: columns)
        for category in categories {
            var counts: [Value]
            if perCoder {
                counts = (category.byCoder ?? []).flatMap { [Value.count($0.codes), .count($0.participants)] }
                counts = Array(counts.prefix(2 * coders.count)) + Array(repeating: .empty, count: max(0, 2 * coders.count - counts.count))
            } else {
                counts = [.count(category.codes), category.codes == 0 ? .text("never_used") : .count(category.participants)]
            }
            table.append([.text(category.name), .text(category.origin), Value(category.theme)] + counts)
        }
        return table
    }

    /// `codebook --format csv`: the columns other tools import (Taguette takes the one of tag, name or path there is
    /// and a description; `category import` reads name, description, theme and origin back), the counts, and each
    /// coder's counts when `coders` names several.
    public static func codebookInterchange(_ categories: [CategoryInfo], coders: [String], language: StudyLanguage) -> ResultTable {
        let columns = ["name", "description", "theme", "origin"].map { Column($0, $0, .text) }
            + ["codes", "participants"].map { Column($0, $0, .count) }
            + coders.flatMap { [Column("codes_" + $0, "codes_" + $0, .count), Column("participants_" + $0, "participants_" + $0, .count)] }
        var table = ResultTable(id: "codebook", title: Term.categories.text(language), language: language, columns: columns)
        for category in categories {
            table.append([.text(category.name), Value(category.definition), Value(category.theme), .text(category.origin),
                          .count(category.codes), .count(category.participants)]
                         + (category.byCoder ?? []).flatMap { [Value.count($0.codes), .count($0.participants)] })
        }
        return table
    }

    /// `codebook --format md`: each category (its theme in brackets), origin and definition, and its codes and
    /// participants, per coder when `coders` names several.
    public static func codebookDocument(_ categories: [CategoryInfo], coders: [String], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        let perCoder = coders.count > 1
        let counts = perCoder
            ? coders.flatMap { [Column("codes_" + $0, word("codes (\($0))"), .count), Column("participants_" + $0, word("participants (\($0))"), .count)] }
            : [Column(Term.codes.rawValue, word("Codes"), .count), Column(Term.participants.rawValue, word("Participants"), .count)]
        var table = ResultTable(id: "codebook", title: Term.categories.text(language), language: language,
                                columns: [Column(Term.category.rawValue, word("Category"), .text),
                                          Column(Term.origin.rawValue, word("Origin"), .text).worded(["emergent": Term.emergent.text(language).lowercased()]),
                                          Column("definition", word("Definition"), .text)] + counts)
        for category in categories {
            let countValues: [Value] = perCoder ? (category.byCoder ?? []).flatMap { [Value.count($0.codes), .count($0.participants)] }
                : [.count(category.codes), .count(category.participants)]
            table.append([.text(category.name + (category.theme.map { " (\($0))" } ?? "")), .text(category.origin), Value(category.definition)]
                         + countValues)
        }
        return table
    }

    /// `transcript search`: the hits per participant who said them (a focus group's hits under each of its
    /// speakers), in participant order, the moderator's apart, and the total.
    public static func searchHits(_ found: [TranscriptHits], language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "search_hits", title: ("hits" as Sentence).text(language), language: language,
                                columns: [Column(.participant, .text, language), Column("hits", ("hits" as Sentence).text(language), .count)])
        var perParticipant: [String: Int] = [:]
        var moderator = 0
        for document in found {
            for hit in document.hits {
                // A hit that names no participant and is not the moderator's is the transcript's participant's.
                if hit.moderator { moderator += 1 } else { perParticipant[hit.participant ?? document.participant, default: 0] += 1 }
            }
        }
        for (participant, hits) in perParticipant.sorted(by: { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }) { table.append([.text(participant), .count(hits)]) }
        if moderator > 0 { table.append([.text(Term.moderator.text(language)), .count(moderator)]) }
        table.append([.text(("total" as Sentence).text(language)), .count(found.reduce(0) { $0 + $1.hits.count })], emphasised: true)
        return table
    }
}
