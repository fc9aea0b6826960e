import ArgumentParser
import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

struct Respond: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: words("Enter one participant's answers to a questionnaire."),
        discussion: words("""
            Without --answers, asks each item in the study's language: type a number (or a label), n for N/A \
            where the instrument allows it, - to leave an item unanswered, b to go back (the earlier answer is \
            shown), ? to see the scale again. Nothing is stored until the last item is answered; Ctrl-C or the \
            end of input stores nothing, and says so. Works when answers come through a pipe, one per line.

            With --answers, give every item in order, separated by commas (or semicolons): \
            studyctl respond P3 sus --answers 4,2,5,1,4,2,5,1,4,2

            --orientation inverted is for forms that printed the scale the other way round: a typed x is \
            stored as (points + 1 − x), so scores and norms stay canonical. The study remembers the orientation \
            used for each instrument.
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The instrument's id (see 'studyctl instrument list').")))
    var instrument: String

    @Option(help: ArgumentHelp(words("Every item's answer in order, separated by commas; empty for unanswered, n for N/A."), valueName: "answers"))
    var answers: String?

    @Option(help: ArgumentHelp(words("The task the answers are about (required for per-task instruments such as seq)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("Tells apart several sets of the same instrument (e.g. prototype-a)."), valueName: "label"))
    var occasion: String = ""

    @Option(help: ArgumentHelp(words("The condition the answers were given under (a within-subject factor's level, as attempts take it); repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("How the form numbered its scale (default: what the study remembers, else canonical)."), valueName: "orientation"))
    var orientation: Orientation?

    @Flag(help: ArgumentHelp(words("Overwrite the participant's existing answers to this instrument.")))
    var replace = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy(signOfLife: answers != nil) { database in
            guard let definition = try database.instrument(instrument) else {
                throw StoreError.unknownInstrument(id: instrument, known: try database.instruments().map(\.id))
            }
            // Fail early, before anyone types an answer, on what would be refused at the end anyway.
            _ = try database.participant(participant)
            let measurement = try database.measurementKey(occasion: occasion, conditions: Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }))
            if definition.perTask && task == nil { throw StoreError.taskRequired(instrument: definition.id) }
            let remembered = try database.rememberedOrientation(instrument: definition.id)
            let orientation = self.orientation ?? remembered ?? .canonical
            if self.orientation == nil, remembered == .inverted {
                note("entering \(definition.id) with the inverted orientation this study used before (--orientation canonical to change)")
            }
            let reader = AnswerReader(definition: definition, orientation: orientation)
            let language = try database.info().language
            let entered: (answers: [Int: Answer], raw: [Int: String], source: String)
            if let answers {
                entered = try Self.parse(answers, definition: definition, reader: reader, participant: participant)
            } else {
                // Typed answers are explained in the study's language.
                let localReader = AnswerReader(definition: definition, orientation: orientation)
                var session = InteractiveEntry(definition: definition, reader: localReader, language: language, participant: participant)
                InteractiveEntry.stopOnInterrupt(language: language)
                guard let result = session.run() else {
                    throw InteractiveEntry.Interrupted(language: language)
                }
                entered = (result.answers, result.raw, "interactive")
            }
            let submission = ResponseSubmission(participant: participant, answers: entered.answers, raw: entered.raw, task: task,
                                                occasion: measurement, orientation: orientation, source: entered.source)
            try database.recordResponses(instrument: definition.id, submission, replace: replace)
            // Typed at the prompts: confirmed in the prompts' language; from --answers: in the command line's.
            let voice = answers == nil ? language : Voice.language
            print(Message.storedAnswers(instrument: definition.id, participant: participant, task: task, answered: entered.answers.count,
                                        items: definition.items.count).text(voice))
            do {
                let scores = try definition.score(entered.answers)
                if !scores.isEmpty {
                    let style = NumberStyle(Voice.language)
                    print(scores.map { "\(ScoreNames.name($0.id, definition, Voice.language)) \(style.number($0.value))" }.joined(separator: ", "))
                }
                if let graded = definition.formula.gradedScore(of: definition), let sus = scores.first(where: { $0.id == graded }) {
                    let meaning = ScoreReport.SUSMeaning(sus.value)
                    say(.susMeaning(grade: meaning.grade.grade, adjective: meaning.adjective.name(Voice.language),
                                    acceptability: meaning.acceptability.name(Voice.language)))
                }
            } catch let error as ScoringError {
                say(.notScoredYet(error.localizedDescription))
            }
        }
    }

    /// Reads `--answers`: one value per item, in order.
    static func parse(_ text: String, definition: InstrumentDefinition, reader: AnswerReader,
                      participant: String) throws -> (answers: [Int: Answer], raw: [Int: String], source: String) {
        let separator: Character = text.contains(";") ? ";" : ","
        let values = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard values.count == definition.items.count else {
            if definition.items.count == 1 {
                throw Refusal("\(definition.id) has one item; --answers gives \(values.count) values. Give its one answer (separated values are read as several items).")
            }
            throw Refusal(values.count == 1
                ? "\(definition.id) has \(definition.items.count) items; --answers gives 1 value. Give one per item, in order (empty for an unanswered item)."
                : "\(definition.id) has \(definition.items.count) items; --answers gives \(values.count) values. Give one per item, in order (empty for an unanswered item).")
        }
        var answers: [Int: Answer] = [:]
        var raw: [Int: String] = [:]
        var problems: [StoreError.Problem] = []
        for (item, value) in zip(definition.items, values) {
            switch reader.read(value, item: item) {
            case let .success(answer?):
                answers[item.number] = answer
                raw[item.number] = value
            case .success(nil):
                break
            case let .failure(problem):
                problems.append(.init(location: "participant \(participant), \(definition.id) item \(item.number)", message: problem.message))
            }
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        return (answers, raw, "cli")
    }
}

/// The message the SIGINT handler writes (prepared before the handler is installed: it may only call write).
nonisolated(unsafe) private var interruptMessage: [UInt8] = []

/// Asks a questionnaire item by item on the terminal (or reads the answers from a pipe).
struct InteractiveEntry {
    struct Interrupted: Error, LocalizedError {
        var language: StudyLanguage
        var errorDescription: String? { InteractiveEntry.Words(language).interrupted }
    }

    /// What the session says, in the study's language.
    struct Words {
        let language: StudyLanguage
        init(_ language: StudyLanguage) { self.language = language }
        func say(_ sentence: Sentence) -> String { sentence.text(language) }
        var participant: String { say("participant") }
        var scale: String { say("Scale") }
        func instructions(na: Bool) -> String {
            say(na ? "Type the answer, n for N/A, - to leave it unanswered, b to go back, ? to see the scale."
                : "Type the answer, - to leave it unanswered, b to go back, ? to see the scale.")
        }
        var firstItem: String { say("This is the first item.") }
        func back(_ item: Int, _ earlier: String?) -> String {
            say(earlier.map { "Back to item \(item) (earlier answer: \($0))." } ?? "Back to item \(item) (no earlier answer).")
        }
        var typeSomething: String { say("Please type an answer (- leaves the item unanswered).") }
        var tryAgain: String { say("Please try again.") }
        var answersLabel: String { say("Answers") }
        var openAnswer: String { say("open answer") }
        var interrupted: String { say("Entry interrupted before the last item: nothing was stored.") }
        var noScale: String { say("This instrument has no scale.") }
    }

    /// Ctrl-C during entry: say that nothing was stored (the transaction is never begun) and exit 130.
    static func stopOnInterrupt(language: StudyLanguage) {
        interruptMessage = Array(("\n" + Words(language).interrupted + "\n").utf8)
        signal(SIGINT) { _ in
            interruptMessage.withUnsafeBufferPointer { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
            _exit(130)
        }
        // A parent may have started studyctl with SIGINT blocked: let it through while answers are typed.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    let definition: InstrumentDefinition
    let reader: AnswerReader
    let language: StudyLanguage
    let participant: String
    var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }

    init(definition: InstrumentDefinition, reader: AnswerReader, language: StudyLanguage, participant: String) {
        self.definition = definition
        self.reader = reader
        self.language = language
        self.participant = participant
    }

    /// Answers typed at a terminal are already on screen; piped ones are echoed so the transcript reads well.
    static let inputIsTerminal = isatty(0) == 1

    /// The answers, or `nil` when input ended before the last item.
    func showScale() {
        let words = Words(language)
        guard let scale = definition.scale else { return print(words.noScale) }
        let anchors = (scale.min...scale.max).compactMap { point in scale.anchor(point, language: language).map { "\(point) = \($0)" } }
        print("\(words.scale) \(scale.min)–\(scale.max)" + (anchors.isEmpty ? "" : ": " + anchors.joined(separator: ", ")))
    }

    func describe(_ answer: Answer?) -> String? {
        switch answer {
        case let .value(value)?: return NumberParser.format(value)
        case .notApplicable?: return "N/A"
        case let .choice(key)?: return key
        case let .text(text)?: return "\"\(text)\""
        case nil: return nil
        }
    }

    mutating func run() -> (answers: [Int: Answer], raw: [Int: String])? {
        let words = Words(language)
        print("\(definition.title.text(language)) — \(words.participant) \(participant)")
        if definition.scale != nil { showScale() }
        print(words.instructions(na: definition.allowsNA))
        var answers: [Int: Answer] = [:]
        var raw: [Int: String] = [:]
        var index = 0
        while index < definition.items.count {
            let item = definition.items[index]
            print("[\(item.number)/\(definition.items.count)] \(item.text.text(language))\(hint(item))")
            print("> ", terminator: "")
            fflush(nil)
            guard let line = readLine() else {
                print("")
                return nil
            }
            if !Self.inputIsTerminal { print(line) }
            let text = line.trimmingCharacters(in: .whitespaces)
            if let problem = TextSafety.nulProblem(in: text) {
                print(words.say("This answer cannot be stored as typed: \(problem). Please type it again."))
                continue
            }
            if text.lowercased() == "b" {
                if index > 0 {
                    index -= 1
                    let number = definition.items[index].number
                    print(words.back(number, raw[number] ?? describe(answers[number])))
                    answers[number] = nil
                    raw[number] = nil
                } else {
                    print(words.firstItem)
                }
                continue
            }
            if text == "?" {
                showScale()
                continue
            }
            if text == "-" {
                index += 1
                continue
            }
            if text.isEmpty {
                print(words.typeSomething)
                continue
            }
            switch reader.read(text, item: item) {
            case let .success(answer?):
                answers[item.number] = answer
                raw[item.number] = text
                index += 1
            case .success(nil):
                index += 1
            case let .failure(problem):
                print("\(problem.message.text(language)). \(words.tryAgain)")
            }
        }
        let summary = definition.items.map { item -> String in
            switch answers[item.number] {
            case let .value(value)?: return "\(item.number)=\(NumberParser.format(value))"
            case .notApplicable?: return "\(item.number)=N/A"
            case let .choice(key)?: return "\(item.number)=\(key)"
            case .text?: return "\(item.number)=(text)"
            case nil: return "\(item.number)=–"
            }
        }
        print("\(words.answersLabel): " + summary.joined(separator: " "))
        return (answers, raw)
    }

    private func hint(_ item: ItemDefinition) -> String {
        switch item.kind {
        case .likert: return ""
        case .numeric: return " [\(NumberParser.format(item.min ?? 0))–\(NumberParser.format(item.max ?? 0))]"
        case .choice: return " [" + (item.choices ?? []).map { $0.label.text(language) }.joined(separator: " / ") + "]"
        case .text: return " [\(Words(language).openAnswer)]"
        }
    }
}
