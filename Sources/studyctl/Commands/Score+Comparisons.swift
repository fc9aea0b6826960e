import ArgumentParser
import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

extension ScoreCommand {
    func printComparisons(_ report: ScoreReport, language: StudyLanguage, labels: StudyLabels, groupBy: String?) {
        guard !report.comparisons.isEmpty else {
            print(Message.noComparison(by: labels.attribute(by ?? "")).text(language))
            return
        }
        print(Message.groupComparison(by: labels.attribute(by ?? "")).text(language))
        print(TextRenderer.render(ResultTable.groupComparisons(report.comparisons, language: language, labels: labels, by: groupBy) {
            ScoreNames.name($0, report.instrument, language)
        }, title: false), terminator: "")
        // The groups by their labels ("18 a 39 anos" for 18-39).
        let groupLabel = { (group: String) -> String in by.map { labels.value(group, of: $0) } ?? group }
        // Three groups or more: the pairwise post-hoc tests, one table per score.
        for item in report.comparisons where !item.comparison.postHoc.isEmpty {
            let label = item.prefix(noOccasion: Term.no_occasion.text(language), labels: labels) + ScoreNames.name(item.scoreID, report.instrument, language)
            print("")
            print(TextRenderer.render(ResultTable.postHoc(item.comparison.renamed(groupLabel), score: label, id: "post_hoc", language: language)), terminator: "")
        }
        for item in report.comparisons {
            print("  " + item.comparison.renamed(groupLabel).sentence(score: item.prefix(noOccasion: Term.no_occasion.text(language), labels: labels) + ScoreNames.name(item.scoreID, report.instrument, language),
                                                  language: language))
        }
    }

    func printItems(_ report: ScoreReport, language: StudyLanguage) {
        print(("Per item (ʳ: recoded before scoring)" as Sentence).text(language))
        print(TextRenderer.render(ResultTable.items(report, language: language), title: false), terminator: "")
    }
}

extension ScoreCommand {
    /// The stored measurement keys `--occasion` and `--condition` choose (all without them), refusing a choice no
    /// set matches with the measurements there are.
    func chosenMeasurements(_ stored: [String], instrument: String) throws -> [String] {
        guard occasion != nil || !condition.isEmpty else { return stored }
        let chosen = stored.filter { key in
            let measurement = MeasurementKey(key: key)
            if let occasion, measurement.occasion.caseInsensitiveCompare(occasion) != .orderedSame { return false }
            return condition.allSatisfy { wanted in
                measurement.level(of: wanted.key).map { $0.caseInsensitiveCompare(wanted.value) == .orderedSame } ?? false
            }
        }
        guard chosen.isEmpty else { return chosen }
        let none = Term.no_occasion.text(Voice.language)
        if condition.isEmpty, let occasion {
            let occasions = NaturalOrder.distinct(stored.map { MeasurementKey(key: $0).occasion }, preferring: stored.map { MeasurementKey(key: $0).occasion })
            throw Refusal("No response set of \(instrument) has the occasion '\(occasion)' (occasions: \(occasions.map { $0.isEmpty ? none : $0 }.joined(separator: ", ")))")
        }
        let asked = ([occasion].compactMap { $0 } + condition.map { "\($0.key)=\($0.value)" }).joined(separator: " · ")
        throw Refusal("No response set of \(instrument) was answered under \(asked) (its sets: \(stored.map { MeasurementKey(key: $0).label(none: none) }.joined(separator: ", ")))")
    }

    /// The factor `--within` names as the sets spell it, and its levels in the order first recorded; refuses a
    /// factor no set has, or one level only.
    func withinLevels(_ factor: String, keys: [String], instrument: String) throws -> (factor: String, levels: [String]) {
        let parsed = keys.map(MeasurementKey.init(key:))
        if factor.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame {
            let levels = NaturalOrder.distinct(parsed.map(\.occasion), preferring: parsed.map(\.occasion))
            if levels.count < 2 {
                throw Refusal("The response sets of \(instrument) have one occasion only: there is nothing to compare within participants (responses import --occasion records another).")
            }
            return (MeasurementKey.occasionFactor, levels)
        }
        guard let spelled = parsed.lazy.flatMap(\.conditions).first(where: { $0.factor.caseInsensitiveCompare(factor) == .orderedSame })?.factor else {
            let factors = MeasurementColumns(keys: keys).factors
            throw Refusal("No response set of \(instrument) was answered under a level of '\(factor)' (--within takes occasion\(factors.map { ", " + $0 }.joined()); respond and responses import record a condition with --condition \(factor)=LEVEL).")
        }
        let levels = NaturalOrder.distinct(parsed.compactMap { $0.level(of: spelled) }, preferring: parsed.compactMap { $0.level(of: spelled) })
        if levels.count < 2 {
            throw Refusal("The response sets of \(instrument) have one level of \(spelled) only: there is nothing to compare within participants.")
        }
        return (spelled, levels)
    }

    /// Per task, stratum and score: the levels of `factor` compared within participants.
    func pairedComparisons(_ report: ScoreReport, factor: String) -> [WithinScoreComparison] { report.withinComparisons(factor) }

    /// Per task, stratum and score: the groups × levels of `factor` design.
    func mixedComparisons(_ report: ScoreReport, factor: String) -> [MixedScoreComparison] { report.mixedComparisons(factor) }

    /// "T1 pós SUS": the task, what else the measurement holds, and the score's name.
    func withinLabel(task: String?, stratum: String, scoreID: String, _ report: ScoreReport, _ language: StudyLanguage,
                     labels: StudyLabels) -> String {
        WithinWording.label(task: task, stratum: stratum, score: ScoreNames.name(scoreID, report.instrument, language), labels: labels)
    }

    /// Prints a comparison's lines (`WithinWording`, the report's sentences too), each at its indent.
    func printLines(_ lines: [WithinWording.Line], _ language: StudyLanguage) {
        for line in lines { print(String(repeating: " ", count: line.indent) + line.sentence.text(language)) }
    }

    /// Groups × levels: each cell's n and mean, and the mixed ANOVA.
    func printMixed(_ report: ScoreReport, factor: String, language: StudyLanguage, labels: StudyLabels) {
        print(WithinWording.mixedHeading(by: by ?? "", factor: factor, levels: report.comparedLevels(factor), language: language, labels: labels).text(language))
        if report.comparedLevels(factor).isEmpty { print(words("Nothing to compare: no participant's sets differ in \(labels.factor(factor)) alone.")) }
        for item in mixedComparisons(report, factor: factor) {
            let comparison = item.comparison
            print("")
            printLines(WithinWording.mixedHeader(comparison, label: withinLabel(task: item.task, stratum: item.stratum, scoreID: item.scoreID, report, language,
                                                                                labels: labels),
                                                 factor: factor, labels: labels), language)
            print(TextRenderer.render(ResultTable.mixedCells(comparison, factor: factor, by: by, language: language, labels: labels), title: false), terminator: "")
            printLines(WithinWording.mixedLines(comparison, factor: factor, by: by ?? "", language: language, labels: labels), language)
        }
    }

    /// Each score compared between the levels of `factor` within participants (complete blocks only, the rest counted).
    func printPaired(_ report: ScoreReport, factor: String, language: StudyLanguage, labels: StudyLabels) {
        print(WithinWording.heading(factor: factor, levels: report.comparedLevels(factor), language: language, labels: labels).text(language))
        if report.comparedLevels(factor).isEmpty { print(words("Nothing to compare: no participant's sets differ in \(labels.factor(factor)) alone.")) }
        for item in pairedComparisons(report, factor: factor) {
            print("")
            printLines(WithinWording.lines(item.comparison, label: withinLabel(task: item.task, stratum: item.stratum, scoreID: item.scoreID, report, language,
                                                                               labels: labels),
                                           factor: factor, language: language, labels: labels), language)
        }
    }
}

extension MissingPolicy: ExpressibleByArgument {}
extension Orientation: ExpressibleByArgument {}
