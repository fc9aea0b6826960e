import Wording

extension ResultTable {
    /// The key of a pseudonymised export: each participant's code beside the pseudonym that replaced it, written
    /// with `--key` and kept apart from the export.
    public static func pseudonymKey(_ pairs: [(code: String, pseudonym: String)], language: StudyLanguage) -> ResultTable {
        ResultTable(id: "pseudonym_key", title: Phrase.pseudonymKeyTitle.text(language), language: language,
                    columns: [Column("code", "code", .text), Column("pseudonym", "pseudonym", .text)],
                    rows: pairs.map { [.text($0.code), .text($0.pseudonym)] })
    }
}
