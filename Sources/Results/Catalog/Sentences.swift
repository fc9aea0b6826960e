import StudyStore
import Surveys
import Wording

extension Sentence {
    /// The sentence in `language`: English as written, Brazilian Portuguese from `SentenceCatalog.portuguese`
    /// (a pattern the catalog lacks stays English; `SentenceCatalogTests` fails when the sources hold one).
    public func text(_ language: StudyLanguage) -> String {
        guard language == .ptBR else { return description }
        return worded({ SentenceCatalog.portuguese[$0] }, failure: { ($0 as? StoreError)?.text(language) }, decimalComma: true)
    }
}

extension WordedError {
    public func text(_ language: StudyLanguage) -> String { sentence.text(language) }
}

extension GroupComparison {
    /// The comparison's sentence for the report and the command line, in `language` (APA style in English, its
    /// Brazilian-Portuguese equivalent: "t de Welch", "DP", decimal comma).
    public func sentence(score: String, language: StudyLanguage) -> String {
        wording(score: score, language: language).text(language)
    }
}
