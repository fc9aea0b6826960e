import ArgumentParser
import StudyStore
import Surveys

/// `--level atual "versão atual"` (repeatable), `--value 18-39 "18 a 39 anos"`: a name and its label, read in pairs.
func labelPairs(_ values: [String], option: String) throws -> [(name: String, label: String)] {
    guard values.count.isMultiple(of: 2) else {
        throw Refusal("Please give \(option) as a name and its label, e.g. \(option) atual \"versão atual\".")
    }
    return stride(from: 0, to: values.count, by: 2).map { (values[$0], values[$0 + 1]) }
}

struct ParticipantAttributeLabel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label", abstract: words("Name an attribute and its values for people: the report, the workbook and the tables use the labels."),
        discussion: words("""
            Without a label an attribute is shown by its name with underscores as spaces (grupo_etário: grupo \
            etário) and a value as it is stored. CSV and JSON keep the names. An empty label ("") clears one. \
            Example: studyctl participant attribute label grupo_etário "faixa etária" --value 18-39 "18 a 39 anos" \
            --value 40+ "40 anos ou mais"
            """))

    @Argument(help: ArgumentHelp(words("The attribute's name.")))
    var name: String

    @Argument(help: ArgumentHelp(words("The attribute's label (default: its name, underscores as spaces).")))
    var label: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("A value and its label (repeatable)."), valueName: "value label"))
    var value: [String] = []

    @OptionGroup var study: StudyOptions

    func validate() throws {
        _ = try labelPairs(value, option: "--value")
        if label == nil && value.isEmpty { throw Refusal("Please give a label, --value or both.") }
    }

    func run() throws {
        let pairs = try labelPairs(value, option: "--value")
        try study.withStudy { try $0.setAttributeLabels(attribute: name, label: label.map { .some($0) }, values: pairs.map { ($0.name, $0.label) }) }
        let labels = try study.withStudy(signOfLife: false) { try $0.labels() }
        if label != nil { say("Attribute \(name) reads '\(labels.attribute(name))'.") }
        for pair in pairs { say("Value \(pair.name) of \(name) reads '\(labels.value(pair.name, of: name))'.") }
    }
}

struct ConditionLabel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label", abstract: words("Name a condition and its levels for people: the report, the workbook and the tables use the labels."),
        discussion: words("""
            Without a label a condition is shown by its name with underscores as spaces and a level as it is \
            stored. CSV and JSON keep the names. An empty label ("") clears one. Example: studyctl condition \
            label protótipo "protótipo" --level atual "versão atual" --level novo "versão nova"
            """))

    @Argument(help: ArgumentHelp(words("The condition's name.")))
    var name: String

    @Argument(help: ArgumentHelp(words("The condition's label (default: its name, underscores as spaces).")))
    var label: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("A level and its label (repeatable)."), valueName: "level label"))
    var level: [String] = []

    @OptionGroup var study: StudyOptions

    func validate() throws {
        _ = try labelPairs(level, option: "--level")
        if label == nil && level.isEmpty { throw Refusal("Please give a label, --level or both.") }
    }

    func run() throws {
        let pairs = try labelPairs(level, option: "--level")
        try study.withStudy { try $0.setConditionLabels(factor: name, label: label.map { .some($0) }, levels: pairs.map { ($0.name, $0.label) }) }
        let labels = try study.withStudy(signOfLife: false) { try $0.labels() }
        if label != nil { say("Condition \(name) reads '\(labels.factor(name))'.") }
        for pair in pairs { say("Level \(pair.name) of \(name) reads '\(labels.level(pair.name, of: name))'.") }
    }
}

struct OccasionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occasion",
        abstract: words("Name the occasions answers were given on (pré, pós) for people."),
        subcommands: [OccasionLabel.self])
}

struct OccasionLabel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label", abstract: words("Name an occasion for people: the report, the workbook and the tables use the label."),
        discussion: words("""
            An occasion is the --occasion of 'respond' and 'responses import'. Without a label it is shown as \
            given; CSV and JSON keep it. An empty label ("") clears one. Example: studyctl occasion label pré \
            "antes do redesenho"
            """))

    @Argument(help: ArgumentHelp(words("The occasion, as the answers were given on it.")))
    var occasion: String

    @Argument(help: ArgumentHelp(words("The occasion's label.")))
    var label: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.setOccasionLabel(occasion: occasion, label: label) }
        let labels = try study.withStudy(signOfLife: false) { try $0.labels() }
        say("Occasion \(occasion) reads '\(labels.occasion(occasion))'.")
    }
}

extension StudyOptions {
    /// The study's labels, and which of `groupings` (a table's grouping names) is a participant attribute: what a
    /// terminal table needs to name its groupings and their values for people.
    func peopleNames(_ groupings: [String]) throws -> (labels: StudyLabels, attribute: String?) {
        try withStudy(signOfLife: false) { database in
            let attributes = try database.attributeDefinitions().map(\.name)
            let attribute = groupings.first { name in attributes.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
            return (try database.labels(), attribute)
        }
    }
}
