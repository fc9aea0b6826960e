import ArgumentParser
import StudyStore
import Wording

// Every write has its inverse: each removal is one transaction and says what went.

struct ResponsesRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove a participant's answers to an instrument."),
        discussion: words("Removes every set of the instrument the participant has, or only the one for --task, --occasion and --condition. Example: studyctl responses remove P3 sus --condition protótipo=B"))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String
    @Argument(help: ArgumentHelp(words("The instrument's id.")))
    var instrument: String
    @Option(help: ArgumentHelp(words("Only the answers about this task."), valueName: "key"))
    var task: String?
    @Option(help: ArgumentHelp(words("Only the answers of this occasion."), valueName: "label"))
    var occasion: String?
    @Option(help: ArgumentHelp(words("Only the answers given under this condition; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []
    @OptionGroup var study: StudyOptions

    func run() throws {
        let removal = try study.withStudy { database in
            let conditions = Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let measurement = occasion == nil && conditions.isEmpty ? nil : try database.measurementKey(occasion: occasion ?? "", conditions: conditions)
            return try database.removeResponses(participant: participant, instrument: instrument, task: task, occasion: measurement)
        }
        say("Removed \(participant)'s \(instrument) answers: \(removal.sentence)")
    }
}

struct AttemptRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove a participant's attempts at a task."),
        discussion: words("Removes every trial under every condition, or only --trial N, under --condition (or --without-condition). A trial done under several conditions must say which. Example: studyctl attempt remove P3 T2 --trial 2 --condition aparelho=celular"))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String
    @Argument(help: ArgumentHelp(words("The task's key.")))
    var task: String
    @Option(help: ArgumentHelp(words("Only this trial.")))
    var trial: Int?
    @Option(help: ArgumentHelp(words("Only the attempts under this condition level; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []
    @Flag(name: .customLong("without-condition"), help: ArgumentHelp(words("Only the attempts recorded under no condition.")))
    var withoutCondition = false
    @OptionGroup var study: StudyOptions

    func validate() throws {
        if withoutCondition && !condition.isEmpty { throw Refusal("Please choose one of --condition and --without-condition.") }
    }

    func run() throws {
        let conditions: [String: String]? = withoutCondition ? [:]
            : condition.isEmpty ? nil : Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let removal = try study.withStudy { try $0.removeAttempts(participant: participant, task: task, trial: trial, conditions: conditions) }
        say("Removed \(participant)'s attempts at \(task): \(removal.sentence)")
    }
}

struct CodeRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove codes (their memos too; an excerpt when no other code is on it)."),
        discussion: words("'studyctl code list' shows each code's number. Several numbers are removed in one step: all or none."))

    @Argument(help: ArgumentHelp(words("The code's number; several for several codes.")))
    var ids: [Int64]
    @OptionGroup var study: StudyOptions

    func validate() throws {
        if ids.isEmpty { throw Refusal("Please give the number of the code to remove (see 'studyctl code list').") }
    }

    func run() throws {
        let records = try study.withStudy { try $0.deleteCodes(ids) }
        for record in records {
            say("Removed code \(record.id) of \(record.participant): \"\(record.code)\" (\(record.categories.joined(separator: ", ")))")
        }
    }
}

struct CategoryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove a category from the codebook."),
        discussion: words("""
            Refused while codes, memos or sub-themes use it. With --cascade its memos go, its sub-themes become \
            top-level, its codes lose it, and codes left with no category are removed.
            """))

    @Argument(help: ArgumentHelp(words("The category's name.")))
    var name: String
    @Flag(help: ArgumentHelp(words("Also remove what uses the category.")))
    var cascade = false
    @OptionGroup var study: StudyOptions

    func run() throws {
        let removal = try study.withStudy { try $0.removeCategory(name, cascade: cascade) }
        say(removal.description == "nothing" ? "Removed category \(name)" : "Removed category \(name) with \(removal.sentence)")
    }
}

struct ParticipantAttributeRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove an attribute and every participant's value of it."),
        discussion: words("Attributes derived from it keep their values as plain text attributes."))

    @Argument(help: ArgumentHelp(words("The attribute's name.")))
    var name: String
    @OptionGroup var study: StudyOptions

    func run() throws {
        let (removal, stored, underived) = try study.withStudy { try $0.removeAttribute(name) }
        say("Removed attribute \(stored) with \(removal.sentence)")
        if !underived.isEmpty { say("No longer derived (values kept): \(underived.joined(separator: ", "))") }
    }
}
