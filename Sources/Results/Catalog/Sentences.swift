import Statistics
import Surveys
import Wording

extension GroupComparison {
    /// The comparison's sentence for the report and the command line, in `language` (APA style in English, its
    /// Brazilian-Portuguese equivalent: "t de Welch", "DP", decimal comma).
    public func sentence(score: String, language: StudyLanguage) -> String {
        wording(score: score, language: language).text(language)
    }
}
