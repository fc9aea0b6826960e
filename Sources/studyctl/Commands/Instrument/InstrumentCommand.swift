import ArgumentParser
import Foundation
import Results
import StudyStore
import Surveys
import Wording

struct InstrumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instrument",
        abstract: words("List, show and add questionnaires (SUS, PSSUQ, UMUX-Lite, SEQ, NASA-TLX, your own)."),
        subcommands: [InstrumentList.self, InstrumentShow.self, InstrumentAdd.self])
}

struct InstrumentList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the instruments the study can use."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let instruments = try study.withStudy { try $0.instruments() }
        if output.json {
            return try printJSON(instruments, command: "instrument list", key: "instruments")
        }
        printListing(ResultTable.instruments(instruments, language: Voice.language))
    }
}

struct InstrumentShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: words("Show an instrument: items, scale, scoring, norms and reference."))

    @Argument(help: ArgumentHelp(words("The instrument's id (e.g. sus, pssuq).")))
    var id: String

    @Option(help: ArgumentHelp(words("The language to show it in (default: the study's)."), valueName: "language"))
    var language: StudyLanguage?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (definition, studyLanguage) = try study.withStudy { database -> (InstrumentDefinition, StudyLanguage) in
            guard let definition = try database.instrument(id) else {
                throw StoreError.unknownInstrument(id: id, known: try database.instruments().map(\.id))
            }
            return (definition, try database.info().language)
        }
        if output.json {
            try printJSON(definition, command: "instrument show")
            return
        }
        let language = self.language ?? (Voice.chosen ? Voice.language : studyLanguage)
        print("\(definition.title.text(language)) — \(definition.id), \(words("version")) \(definition.version)")
        print(Message.reference(definition.reference).text(language))
        if let scale = definition.scale {
            let anchors = (scale.min...scale.max).compactMap { point in scale.anchor(point, language: language).map { "\(point) = \($0)" } }
            print("\(words("Scale")): \(scale.min)–\(scale.max)" + (anchors.isEmpty ? "" : " (\(anchors.joined(separator: ", ")))"))
        }
        let rule = definition.formula.summary
        // The rule's name as a definition file writes it, in brackets.
        print((words("Scoring: \(rule.text(language)) [\(definition.scoring.rawValue)]; scores: "))
              + definition.scoreIDs.map { ScoreNames.name($0, definition, language) }.joined(separator: ", ")
              + (definition.lowerIsBetter ? (words(" (lower is better)")) : ""))
        if definition.allowsNA { print(words("N/A allowed")) }
        if definition.perTask { print(words("Answered once per task (--task)")) }
        for subscale in definition.subscales {
            print("  \(subscale.id) (\(subscale.name.text(language))): \(words("items")) \(subscale.items.map(String.init).joined(separator: ", "))")
        }
        if let norms = definition.norms {
            // As published: the shortest form of each norm, with the language's decimal separator.
            func norm(_ value: Double) -> String { language.record.decimal(NumberParser.format(value)) }
            print((words("Norms: ")) + definition.scoreIDs.compactMap { id in
                norms.values[id].map { "\(ScoreNames.name(id, definition, language)) \(norm($0))" }
            }.joined(separator: ", "))
            print("  \(words("source")): \(norms.source.text(language))")
        }
        if let notes = definition.notes { print("\(words("Notes")): \(notes.text(language))") }
        print("")
        for item in definition.items {
            var line = String(format: "%2d. ", item.number) + item.text.text(language)
            switch item.kind {
            case .numeric: line += "  [\(NumberParser.format(item.min ?? 0))–\(NumberParser.format(item.max ?? 0))]"
            case .choice: line += "  [" + (item.choices ?? []).map { $0.label.text(language) }.joined(separator: " / ") + "]"
            case .text: line += words("  [open answer]")
            case .likert: if item.reversed { line += words("  (reversed)") }
            }
            print(line)
        }
    }
}

struct InstrumentAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: words("Add your own instrument from a JSON definition file."),
        discussion: words("""
            The file is checked and every problem explained before anything is stored. The format is the one of \
            the built-in instruments under templates/instruments (see templates/instruments/FORMAT.md).
            """))

    @Argument(help: ArgumentHelp(words("The instrument definition."), valueName: "file.json"), completion: .file(extensions: ["json"]))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let definition = try InstrumentDefinition.load(path: file)
        try study.withStudy { try $0.addInstrument(definition) }
        print(words("Added instrument \(definition.id) (\(definition.items.count) items, scoring \(definition.scoring.rawValue))"))
    }
}
