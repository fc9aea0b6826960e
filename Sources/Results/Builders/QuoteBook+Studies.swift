import QualCoding

extension QuoteBook {
    init(themes: [Theme], passages: Int, participants: Int) {
        self.themes = themes
        self.passages = passages
        self.participants = participants
    }

    /// The quotes of several studies as one book (`export quotes --studies`): themes and categories of the same name
    /// (ignoring case and accents) are one group, spelled as the first study spells them, the quotes in the order the
    /// studies are given; each participant is named with their study (`release-4.1/P3`), since codes repeat across
    /// studies.
    public static func merging(_ books: [(study: String, book: QuoteBook)]) -> QuoteBook {
        var themes: [Theme] = []
        func key(_ name: String?) -> String? { name.map(TextMatching.fold) }
        for (study, book) in books {
            for theme in book.themes {
                let at = themes.firstIndex { key($0.name) == key(theme.name) } ?? {
                    themes.append(Theme(name: theme.name, categories: []))
                    return themes.count - 1
                }()
                for category in theme.categories {
                    let quotes = category.quotes.map { quote -> QuoteEntry in
                        var named = quote
                        named.participant = "\(study)/\(quote.participant)"
                        return named
                    }
                    if let index = themes[at].categories.firstIndex(where: { key($0.name) == key(category.name) }) {
                        themes[at].categories[index].quotes += quotes
                    } else {
                        themes[at].categories.append(Category(name: category.name, quotes: quotes))
                    }
                }
            }
        }
        // The categories under no theme stay last, as in one study's book.
        if let loose = themes.firstIndex(where: { $0.name == nil }) { themes.append(themes.remove(at: loose)) }
        return QuoteBook(themes: themes, passages: books.reduce(0) { $0 + $1.book.passages },
                         participants: books.reduce(0) { $0 + $1.book.participants })
    }
}
