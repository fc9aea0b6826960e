import ArgumentParser
import Results
import StudyStore
import Surveys

struct ParticipantDerive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: words("Derive a grouping attribute from a numeric one by a rule."),
        discussion: words("""
            Clauses are tried in order; the first that holds gives the label. Conditions: <N, <=N, >N, >=N, \
            =N, a range A..B, or * for every value left. Separate clauses with commas, or with semicolons when \
            a number has a decimal comma.

            Example (the UITracking study's experience levels):
              studyctl participant derive level --from years_ios \\
                --rule "<2:Iniciante,<=3:Intermediário,>3:Avançado"

            When the attribute already holds values that differ from the derived ones, the differences are \
            listed and nothing changes unless --replace.
            """))

    @Argument(help: ArgumentHelp(words("The attribute to derive (e.g. level).")))
    var name: String

    @Option(help: ArgumentHelp(words("The numeric attribute to derive from."), valueName: "attribute"))
    var from: String

    @Option(help: ArgumentHelp(words("The banding rule, e.g. \"<2:Iniciante,<=3:Intermediário,>3:Avançado\"."), valueName: "rule"))
    var rule: String

    @Flag(help: ArgumentHelp(words("Overwrite values that differ from the derived ones.")))
    var replace = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        do {
            _ = try DerivationRule(parsing: rule)
        } catch let error as DerivationRule.ParseError {
            throw Refusal("Please correct the rule: \(error.description).")
        }
    }

    func run() throws {
        let parsed = try DerivationRule(parsing: rule)
        let summary = try study.withStudy { try $0.deriveAttribute(name, from: from, rule: parsed, replace: replace) }
        printListing(ResultTable.derivation(summary, language: Voice.language))
        if summary.unchanged > 0 {
            say(.alreadyDerived(summary.unchanged))
        }
        for change in summary.changed { say(.changedValue(change)) }
        if !summary.skipped.isEmpty {
            printError(Message.notePrefix.text(Voice.language)
                       + Message.noDerivationSource(attribute: from, target: summary.attribute, participants: summary.skipped.joined(separator: ", ")).text(Voice.language))
        }
    }
}
