import Foundation
import StudyBasics
import Surveys
import Wording

/// What went wrong with a study, naming the file, participant, attribute or value concerned.
public enum StoreError: Error, LocalizedError, Equatable, LanguageWorded {
    case emptyTitle
    case studyExists(path: String)
    case noFolder(path: String, folder: String)
    case noStudy(path: String)
    case notAStudy(path: String, reason: Sentence)
    case newerSchema(path: String, unknownMigrations: [String])
    case invalidParticipantCode(code: String, reason: Sentence)
    case invalidAttributeName(name: String, reason: Sentence)
    case duplicateParticipant(code: String)
    case unknownParticipant(code: String, known: [String])
    case unknownAttribute(name: String, known: [String])
    case attributeType(participant: String, attribute: String, expected: String, value: String)
    /// A number typed into a numeric attribute whose type was never declared would not keep what was typed (`4.10`).
    case numberLosesDigits(participant: String, attribute: String, value: String, number: String)
    /// Consent and withdrawal (SchemaV33).
    case consentVersionExists(version: String)
    case unknownConsentVersion(version: String, known: [String])
    case participantWithdrew(code: String, at: String)
    case withdrawnParticipantAgain
    /// A command declared an attribute's type (`--type`) other than the one it holds.
    case attributeTypeDeclared(attribute: String, holds: AttributeType, declared: AttributeType)
    /// An attribute other attributes are derived from (by a rule on numbers) cannot become text.
    case typeChangeBreaksRule(attribute: String, derived: [String])
    case participantHasData(code: String, attached: AttachedData)
    case notNumeric(attribute: String, participant: String, value: String)
    case ruleLeavesValue(attribute: String, participant: String, value: String, rule: String)
    case derivationConflicts(attribute: String, conflicts: [String])
    case derivingFromItself(attribute: String)
    case instrumentExists(id: String, builtin: Bool)
    case unknownInstrument(id: String, known: [String])
    case responsesExist(participant: String, instrument: String, task: String?, measurement: String, recorded: String)
    case unknownTask(key: String, known: [String])
    case taskRequired(instrument: String)
    case duplicateTask(key: String)
    case duplicateFactor(name: String)
    case unknownFactor(name: String, known: [String])
    case unknownLevel(factor: String, level: String, known: [String])
    case duplicateAttempt(participant: String, task: String, condition: String, trial: Int)
    case ambiguousGrouping(name: String)
    case unknownGrouping(name: String, attributes: [String], conditions: [String])
    case transcriptExists(participant: String, label: String)
    case noTranscript(participant: String)
    case duplicateCategory(name: String)
    case unknownCategory(name: String, known: [String])
    case codeProblem(Sentence)
    case unknownCode(id: Int64)
    case unknownCoder(name: String, known: [String])
    case invalidInput([Problem])
    /// What a command that only reads (a time line, a listing) cannot show: said without "nothing was stored",
    /// which a reading command has no reason to say.
    case cannotShow([Problem])
    case storage(path: String, reason: Sentence)
    case damaged(path: String, found: String)
    case confusableParticipant(code: String, existing: String)
    case unlinksExcerpts(participant: String, excerpts: [String])
    /// A name refused at the study's door (`StudyText.name`), with where it came from when that is known.
    case invalidName(NameProblem, location: String?)
    /// A write the study's own constraints refused: a check the code before it should have made and missed.
    case refused(what: String, reason: String)
    /// Two spellings of one name were found in the study (written by an older studyctl) and cannot be joined.
    case duplicateSpellings(kind: String, names: [String], reason: String)
    /// A row the same transaction found (or wrote) a moment before is not there: the study file changed under it
    /// or its constraints do not hold.
    case missingRow(table: String, key: String)

    /// One problem in an input, located as precisely as the input allows (`file:line:column`, participant, item).
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var location: Sentence
        public var message: Sentence

        /// A note that helps with the problems listed (the labels a scale accepts), not a problem of its own: it is
        /// not counted.
        public var isNote = false

        public init(location: Sentence, message: Sentence, isNote: Bool = false) {
            self.location = location
            self.message = message
            self.isNote = isNote
        }

        /// How many of `problems` are problems (notes left out).
        public static func count(_ problems: [Problem]) -> Int { problems.filter { !$0.isNote }.count }

        public var description: String { location.pattern.isEmpty ? message.description : "\(location): \(message)" }
    }

    /// How many problems an error lists before summarising the rest.
    static let problemsShown = 50

    public var errorDescription: String? { text(.en) }

    /// The error in English, worded in another language by its catalog (`Sources/Wording/Translations`).
    public var sentence: Sentence {
        switch self {
        case .emptyTitle:
            return "The study needs a title; pass --title \"…\""
        case let .studyExists(path):
            return "\(path) already exists; studyctl never overwrites a file. Choose another path, or remove it first."
        case let .noFolder(path, folder):
            return "Cannot create \(path): the folder \(folder) does not exist."
        case let .noStudy(path):
            return "No study at \(path). Create one with 'studyctl init --title \"…\"', or point to it with --db or STUDYCTL_DB."
        case let .notAStudy(path, reason):
            return "\(path) is not a studyctl study: \(reason)."
        case let .duplicateParticipant(code):
            return "Participant \(code) already exists."
        case let .consentVersionExists(version):
            return "The study already holds consent version \(version) with other words; give the new text another --version. Nothing was stored."
        case let .unknownConsentVersion(version, known):
            return known.isEmpty ? "The study holds no consent text yet; add one with 'studyctl consent add FILE --version V'."
                : "No consent version \(version) in this study." + Self.knownList("Versions", known)
        case let .participantWithdrew(code, at):
            return "Participant \(code) withdrew from the study on \(at): their data cannot be added again. Nothing was stored."
        case .withdrawnParticipantAgain:
            return "A participant who withdrew from the study cannot be added again ('studyctl participant withdrawals' lists them). Nothing was stored."
        case let .attributeType(participant, attribute, expected, value):
            return "Participant \(participant): attribute '\(attribute)' holds \(expected) values in this study; '\(value)' is not a number."
        case let .notNumeric(attribute, participant, value):
            return "Attribute '\(attribute)' of participant \(participant) is '\(value)', not a number; a rule needs numbers."
        case let .ruleLeavesValue(attribute, participant, value, rule):
            return "Participant \(participant): \(attribute) = \(value) matches no clause of the rule \"\(rule)\"; add a clause for it (or end with *:LABEL)."
        case let .derivingFromItself(attribute):
            return "Attribute '\(attribute)' cannot be derived from itself."
        case let .taskRequired(instrument):
            return "\(instrument) is answered once per task; say which with --task KEY."
        case let .duplicateTask(key):
            return "Task \(key) already exists."
        case let .duplicateFactor(name):
            return "Condition '\(name)' already exists."
        case let .ambiguousGrouping(name):
            return "'\(name)' is both a participant attribute and a condition; write attribute:\(name) or condition:\(name)."
        case let .noTranscript(participant):
            return "Participant \(participant) has no transcript; add one with 'studyctl transcript add \(participant) FILE.txt'."
        case let .duplicateCategory(name):
            return "The codebook already has a category '\(name)'."
        case let .unknownCode(id):
            return "No code \(id) in this study; 'studyctl code list' shows the codes with their numbers."
        case let .storage(path, reason):
            return "\(path): \(reason)."
        case let .damaged(path, found):
            return "\(path) was found damaged by the last 'studyctl check' (\(found)); nothing was written. Restore a backup, or run 'studyctl check' again once the file is repaired."
        case let .refused(what, reason):
            return "The study refused \(what): \(reason). Nothing was stored."
        case let .missingRow(table, key):
            return "The study's table \(table) lacks the row \(key) that the same write found a moment before. Nothing was stored; run 'studyctl check' on the study."
        case let .newerSchema(path, unknown):
            return "\(path) was written by a newer studyctl (schema steps this version does not know: \(unknown.joined(separator: ", "))). Update studyctl to open it; the file was not changed."
        case let .invalidParticipantCode(code, reason):
            return "Invalid participant code '\(code)': \(reason)."
        case let .invalidAttributeName(name, reason):
            return "Invalid attribute name '\(name)': \(reason)."
        case let .unknownParticipant(code, known):
            return "No participant \(code) in this study." + Self.knownList("Participants", known)
        case let .unknownAttribute(name, known):
            return "No attribute '\(name)' in this study." + Self.knownList("Attributes", known)
        case let .numberLosesDigits(participant, attribute, value, number):
            return "Participant \(participant): attribute '\(attribute)' holds numbers in this study, and '\(value)' would be stored as the number \(number), losing what was typed. "
                + "If \(attribute) holds version numbers or codes, make it text first: 'studyctl participant attribute type \(attribute) text'. "
                + "If it is a number, write \(number), or declare \(attribute) a number to read such values as numbers: 'studyctl participant attribute type \(attribute) number'."
        case let .attributeTypeDeclared(attribute, holds, declared):
            func kind(_ type: AttributeType) -> Sentence { Sentence(type == .number ? "numbers" : "text", context: "attribute type") }
            return "Attribute '\(attribute)' holds \(kind(holds)) in this study, not \(kind(declared)); nothing was stored. "
                + "To change it, run 'studyctl participant attribute type \(attribute) \(declared.rawValue)'."
        case let .typeChangeBreaksRule(attribute, derived):
            let names = derived.joined(separator: ", ")
            return Sentence(count: derived.count, one: "Attribute '\(attribute)' stays a number: \(names) is derived from it by a rule on numbers. ",
                            other: "Attribute '\(attribute)' stays a number: \(names) are derived from it by a rule on numbers. ")
                + "Remove the derived attribute first ('studyctl participant attribute remove \(derived.first ?? "")') to make \(attribute) text."
        case let .participantHasData(code, attached):
            return "Participant \(code) has \(Sentence.joined(attached.sentences, separator: ", ")); nothing was removed. Rerun with --cascade to remove the participant and all of that."
        case let .derivationConflicts(attribute, conflicts):
            return "Attribute '\(attribute)' already holds other values:\n\(conflicts.map { "  \($0)" }.joined(separator: "\n"))\nNothing was changed. Rerun with --replace to overwrite them."
        case let .instrumentExists(id, builtin):
            return builtin
                ? "'\(id)' is a built-in instrument; give your instrument another id."
                : "The study already has an instrument '\(id)'; give your instrument another id (or a new version under a new id)."
        case let .unknownInstrument(id, known):
            return "No instrument '\(id)'." + Self.knownList("Instruments", known) + " Add your own with 'studyctl instrument add FILE.json'."
        case let .responsesExist(participant, instrument, task, measurement, recorded):
            let forTask: Sentence = task.map { Sentence(" for task \($0)", context: "stored answers") } ?? ""
            let measured = Sentence(verbatim: measurement.isEmpty ? "" : " (\(MeasurementKey(key: measurement).label(none: "")))")
            return "Participant \(participant) already has \(instrument) answers\(forTask)\(measured) (recorded \(LocalTime.text(recorded))); nothing was stored. Rerun with --replace to overwrite them."
        case let .unknownTask(key, known):
            return "No task '\(key)' in this study." + Self.knownList("Tasks", known)
        case let .unknownFactor(name, known):
            return "No condition '\(name)' in this study." + Self.knownList("Conditions", known) + " Add it with 'studyctl condition add \(name) --levels A,B'."
        case let .unknownLevel(factor, level, known):
            return "Condition '\(factor)' has no level '\(level)'; its levels are \(known.joined(separator: ", "))."
        case let .duplicateAttempt(participant, task, condition, trial):
            let under: Sentence = condition.isEmpty ? "" : " under \(condition)"
            return "Participant \(participant) already has trial \(trial) of task \(task)\(under); leave out --trial to add the next one."
        case let .unknownGrouping(name, attributes, conditions):
            let alsoConditions: Sentence = conditions.isEmpty ? "" : " Conditions: \(conditions.joined(separator: ", "))."
            return "No attribute or condition '\(name)' in this study." + Self.knownList("Attributes", attributes) + alsoConditions
        case let .transcriptExists(participant, label):
            let named = Sentence(verbatim: label.isEmpty ? "" : " '\(label)'")
            return "Participant \(participant) already has a transcript\(named); rerun with --replace to replace it."
        case let .unknownCategory(name, known):
            return "No category '\(name)' in the codebook." + Self.knownList("Categories", known)
        case let .codeProblem(message):
            return message
        case let .unknownCoder(name, known):
            return "No coder '\(name)' in this study." + Self.knownList("Coders", known)
        case let .confusableParticipant(code, existing):
            return "Participant code '\(code)' looks the same as the existing participant \(existing) (\(Self.scalars(code)) vs \(Self.scalars(existing))); nothing was stored. Use \(existing), or rerun with --allow-confusable if they are really different people."
        case let .unlinksExcerpts(participant, excerpts):
            let listed = excerpts.prefix(20).map { "  \($0)" }.joined(separator: "\n")
            let more: Sentence = excerpts.count > 20 ? "\n  … and \(excerpts.count - 20) more" : ""
            return Sentence(count: excerpts.count,
                            one: "The new transcript of \(participant) no longer contains \(excerpts.count) coded excerpt; they would lose their place in the text:\n\(listed)\(more)\nNothing was changed. Rerun with --force to replace the transcript anyway (the codes are kept, unplaced).",
                            other: "The new transcript of \(participant) no longer contains \(excerpts.count) coded excerpts; they would lose their place in the text:\n\(listed)\(more)\nNothing was changed. Rerun with --force to replace the transcript anyway (the codes are kept, unplaced).")
        case let .invalidName(problem, location):
            return Sentence(verbatim: location.map { "\($0): " } ?? "") + problem.sentence
        case let .duplicateSpellings(kind, names, reason):
            return "The study holds one \(kind) spelled \(names.count) ways (\(names.map { "'\($0)' [\(Self.scalars($0))]" }.joined(separator: ", "))): \(reason)"
        case let .invalidInput(problems):
            var lines: [Sentence] = problems.prefix(Self.problemsShown).map { $0.location.pattern.isEmpty ? $0.message : $0.location + Sentence(verbatim: ": ") + $0.message }
            if problems.count > Self.problemsShown {
                lines.append("… and \(problems.count - Self.problemsShown) more problems")
            }
            let counted = Problem.count(problems)
            return Sentence.joined(lines, separator: Sentence(verbatim: "\n")) + Sentence(verbatim: "\n")
                + Sentence(count: counted, one: "\(counted) problem; nothing was stored.", other: "\(counted) problems; nothing was stored.")
        case let .cannotShow(problems):
            let lines: [Sentence] = problems.prefix(Self.problemsShown).map { $0.location.pattern.isEmpty ? $0.message : $0.location + Sentence(verbatim: ": ") + $0.message }
            let more: [Sentence] = problems.count > Self.problemsShown ? ["… and \(problems.count - Self.problemsShown) more problems"] : []
            return Sentence.joined(lines + more, separator: Sentence(verbatim: "\n"))

        }
    }

    /// The error in `language`. A coding problem is said as a sentence of its own, capitalised once worded.
    public func text(_ language: StudyLanguage) -> String {
        if case let .codeProblem(message) = self { return Self.asSentence(message.text(language)) }
        return sentence.text(language)
    }

    /// A message said as a sentence of its own: capital first letter, full stop.
    public static func asSentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }

    /// `Р1` → "U+0420 U+0031": how two look-alike codes differ.
    public static func scalars(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }.joined(separator: " ")
    }

    /// " Participants: P1, P2." — the names the study has of a kind, or that it has none yet.
    private static func knownList(_ kind: String, _ known: [String]) -> Sentence {
        if known.isEmpty { return Sentence(" The study has none yet.", context: kind) }
        let more = known.count > 12 ? ", …" : ""
        return " \(Sentence(Sentence(stringLiteral: kind), context: "known")): \(known.prefix(12).joined(separator: ", "))\(more)."
    }
}
