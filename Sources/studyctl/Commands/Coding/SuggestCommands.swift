import ArgumentParser
import Foundation
import Importing
import QualCoding
import Results
import StudyStore
import Wording

extension SuggestionUnitKind: ExpressibleByArgument {}

/// The suggestions' features, the study language's stop words left out.
func suggestionFeatures(_ language: StudyLanguage) throws -> TextFeatures {
    guard let features = TextFeatures(language: language) else {
        throw Refusal("The stop-word list of the study's language is missing from studyctl's templates (templates/stopwords).")
    }
    return features
}

struct CodeSuggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: words("Suggest categories for uncoded passages: learnt from a person's codings, on this computer, or read from another model's file."),
        discussion: words("""
            With --from CODER, a text classifier learns from that person's codings (words, word pairs and character \
            n-grams, case and accents folded, the study language's stop words left out): logistic regression and \
            naive Bayes are each cross-validated on the person's units, and the one with the better macro F1 \
            suggests categories, with a score and the words that weighed most, for the units (sentences or turns of \
            the interview transcripts) the person has not coded. Nothing leaves the computer and no model is \
            downloaded. With --import FILE, suggestions from any model you run (docs/suggestions.md: participant, \
            passage or start and end, category, score, rationale, model, prompt hash, time) are checked against the \
            transcripts; a file with one bad line is refused whole, at that line. Suggestions are stored as a coder \
            of their own kind and stay pending — counted nowhere — until a person accepts or rejects each one \
            ('studyctl code suggestions'). Measure them like a coder: studyctl codes agreement --coders ana,suggested
            """))

    @Option(help: ArgumentHelp(words("The person whose codings the local model learns from."), valueName: "coder"))
    var from: String?

    @Option(name: .customLong("import"), help: ArgumentHelp(words("A file of suggestions from another model (.json or .csv)."), valueName: "file"))
    var importFile: String?

    @Option(help: ArgumentHelp(words("What a suggestion is made for: a sentence or a speaker's turn."), valueName: "sentence|turn"))
    var unit: SuggestionUnitKind = .sentence

    @Option(help: ArgumentHelp(words("The least score a suggestion must have, from 0 to 1."), valueName: "score"))
    var minConfidence: Double = 0.6

    @Option(help: ArgumentHelp(words("The cross-validation's number of folds."), valueName: "k"))
    var folds: Int = 5

    @Option(help: ArgumentHelp(words("The seed of the folds and of the model's fitting: the same seed gives the same suggestions."), valueName: "n"))
    var seed: UInt64 = 1

    @Option(name: .customLong("as"), help: ArgumentHelp(words("The suggester's name, as 'studyctl codes agreement' names it."), valueName: "name"))
    var name: String = "suggested"

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if (from == nil) == (importFile == nil) { throw Refusal("Please give --from CODER or --import FILE (one of them).") }
        if !(minConfidence > 0 && minConfidence <= 1) { throw Refusal("Please give --min-confidence as a number above 0 and up to 1.") }
        if folds < 2 { throw Refusal("Please give --folds as 2 or more.") }
    }

    func run() throws {
        if let importFile {
            let result = try study.withStudy { try $0.importSuggestions(from: importFile, as: name) }
            say(Sentence(count: result.stored, one: "Stored \(result.stored) suggestion of \(name) on \(result.units) passages, pending a person's decision (studyctl code suggestions list).",
                         other: "Stored \(result.stored) suggestions of \(name) on \(result.units) passages, pending a person's decision (studyctl code suggestions list)."))
            replaced(result.replaced)
            return
        }
        guard let from else { return }
        var parameters = SuggestionParameters()
        parameters.seed = seed
        let run = try study.withStudy { database in
            try database.suggestCodes(from: from, unit: unit, threshold: minConfidence, folds: folds, as: name,
                                      features: try suggestionFeatures(try database.info().language), parameters: parameters)
        }
        say("Learnt from \(from)'s units: \(run.trainingUnits) read, \(run.codedUnits) of them coded.")
        // The methods by their names in the language, the figures with its decimal mark.
        func method(_ method: SuggestionMethod) -> Sentence {
            method == .naiveBayes ? "naive Bayes" : "logistic regression"
        }
        let style = NumberStyle(Voice.language)
        for validation in run.suggester.validations {
            say("  \(method(validation.method)): macro F1 \(style.number(validation.macroF1, decimals: 3)) cross-validated (\(validation.folds) folds)")
        }
        say("Suggesting with \(method(run.suggester.chosen)), which cross-validated better.")
        say(Sentence(count: run.stored, one: "Stored \(run.stored) suggestion of \(name) for \(run.targets) uncoded units, pending a person's decision (studyctl code suggestions list).",
                     other: "Stored \(run.stored) suggestions of \(name) for \(run.targets) uncoded units, pending a person's decision (studyctl code suggestions list)."))
        replaced(run.replaced)
    }

    func replaced(_ count: Int) {
        guard count > 0 else { return }
        say(Sentence(count: count, one: "\(count) pending suggestion of an earlier run was replaced.",
                     other: "\(count) pending suggestions of an earlier run were replaced."))
    }
}

struct CodeSuggestions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggestions",
        abstract: words("List suggested codings, and accept, reject or undo them one at a time."),
        subcommands: [CodeSuggestionsList.self, CodeSuggestionsAccept.self, CodeSuggestionsReject.self, CodeSuggestionsUndo.self])
}

/// Which suggestions to list.
enum SuggestionStatus: String, CaseIterable, ExpressibleByArgument {
    case pending, accepted, rejected, all
}

struct CodeSuggestionsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: words("List suggestions with their passage, score, rationale and decision (pending ones by default)."))

    @Option(help: ArgumentHelp(words("Only this suggester's."), valueName: "name"))
    var suggester: String?

    @Option(help: ArgumentHelp(words("Which suggestions: pending, accepted, rejected or all."), valueName: "status"))
    var status: SuggestionStatus = .pending

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let records = try study.withStudy { try $0.suggestions(suggester: suggester, status: status == .all ? nil : status.rawValue) }
        let document = SuggestionListDocument(records.map {
            .init(id: $0.id, suggester: $0.suggester, participant: $0.participant, transcript: $0.document.label, start: $0.start, end: $0.end,
                  text: $0.text, category: $0.category, score: $0.score, rationale: $0.rationale, model: $0.model, promptHash: $0.promptHash,
                  suggested: $0.suggested, status: $0.status, decidedBy: $0.decidedBy, decided: $0.decided, code: $0.codeID)
        })
        if output.json { return try printJSON(document, command: "code suggestions list") }
        guard !records.isEmpty else { return say("No suggestions.") }
        print(TextRenderer.render(document.table(language: Voice.language), title: false), terminator: "")
    }
}

struct CodeSuggestionsAccept: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: words("Accept a suggestion: it becomes your coding of its passage, in its category."))

    @Argument(help: ArgumentHelp(words("The suggestion's number (see 'studyctl code suggestions list').")))
    var id: Int64

    @Option(help: ArgumentHelp(words("Who decides: the person the coding is credited to."), valueName: "name"))
    var coder: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let result = try study.withStudy { try $0.acceptSuggestion(id, coder: coder) }
        for line in result.code.notes { note(line) }
        say("Suggestion \(String(id)) accepted: code \(String(result.code.id)) of \(coder) in \(result.suggestion.category).")
        say("To undo: studyctl code suggestions undo \(String(id))")
    }
}

struct CodeSuggestionsReject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject", abstract: words("Reject a suggestion: it stays on record as rejected, and counts nowhere."))

    @Argument(help: ArgumentHelp(words("The suggestion's number (see 'studyctl code suggestions list').")))
    var id: Int64

    @Option(help: ArgumentHelp(words("Who decides."), valueName: "name"))
    var coder: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        _ = try study.withStudy { try $0.rejectSuggestion(id, coder: coder) }
        say("Suggestion \(String(id)) rejected.")
        say("To undo: studyctl code suggestions undo \(String(id))")
    }
}

struct CodeSuggestionsUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: words("Undo the decision on a suggestion: it is pending again, and an accepted one's coding is removed."))

    @Argument(help: ArgumentHelp(words("The suggestion's number (see 'studyctl code suggestions list').")))
    var id: Int64

    @OptionGroup var study: StudyOptions

    func run() throws {
        let before = try study.withStudy { try $0.undoSuggestion(id) }
        say(before.status == "accepted" ? "Suggestion \(String(id)) is pending again; the coding it had become was removed."
            : "Suggestion \(String(id)) is pending again (it had been rejected).")
    }
}
