import Results
import Surveys
import Wording

extension Charts {
    /// The names a task chart's legend gives the task summary's groups (keyed as the summary joins them, " · "):
    /// a part that is "(none)" in every group is left out — a condition no attempt in the summary names, such as
    /// a questionnaire-only factor — and any other "(none)" is said in the chart's language; no group is "All".
    /// With `groupings` (the summary's grouping names), each part is named for people with its label and its
    /// value's: "protótipo: versão atual, faixa etária: 18 a 39 anos".
    static func taskGroupNames(_ groups: [[String]], language: StudyLanguage, groupings: [String] = [], labels: StudyLabels = .plain,
                               attribute: String? = nil) -> [String: String] {
        let width = groups.map(\.count).max() ?? 0
        let unused = Set((0..<width).filter { index in groups.allSatisfy { index >= $0.count || $0[index] == ScoreReport.noGroup } })
        var names: [String: String] = [:]
        for group in groups {
            let parts = group.enumerated().filter { !unused.contains($0.offset) }.map { part -> String in
                guard part.element != ScoreReport.noGroup else { return ("(none)" as Sentence).text(language) }
                guard part.offset < groupings.count else { return part.element }
                let name = groupings[part.offset]
                return "\(labels.groupingName(name, attribute: attribute)): \(labels.groupingValue(part.element, of: name, attribute: attribute))"
            }
            names[group.joined(separator: " · ")] = parts.isEmpty ? ("All" as Sentence).text(language)
                : parts.joined(separator: groupings.isEmpty ? " · " : ", ")
        }
        return names
    }
}
