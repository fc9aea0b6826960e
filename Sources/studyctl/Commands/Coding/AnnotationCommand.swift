import ArgumentParser
import Foundation
import QualCoding
import Reports
import Results
import StudyStore
import Wording

// MARK: - Memos: edit, remove, search

/// The new text of a memo or an annotation: after its number (as `memo add` takes it), --text, --file, or written in
/// $VISUAL / $EDITOR from the current text.
struct NewText: ParsableArguments {
    @Argument(help: ArgumentHelp(words("The new text (or --text, --file; none of them: written in $EDITOR)."), valueName: "text"))
    var given: String?

    @Option(help: ArgumentHelp(words("The new text."), valueName: "text"))
    var text: String?

    @Option(help: ArgumentHelp(words("Read the new text from this file (UTF-8)."), valueName: "file"), completion: .file())
    var file: String?

    func validate() throws {
        if [given, text, file].compactMap({ $0 }).count > 1 { throw Refusal("Please give the new text once: after the number, --text or --file.") }
    }

    /// The text given, or the text written in the editor starting from `current`.
    func read(current: String) throws -> String {
        if let given { return given }
        if let text { return text }
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw Refusal("Cannot read \(file).") }
            guard let text = String(data: data, encoding: .utf8) else { throw Refusal("\(file) is not UTF-8 text.") }
            return text
        }
        guard let editor = (environmentValue("VISUAL") ?? environmentValue("EDITOR"))?.nilIfEmpty else {
            throw Refusal("Please give --text or --file, or set $EDITOR to write the text in your editor.")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try current.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "studyctl", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Refusal("The editor (\(editor)) ended with status \(String(process.terminationStatus)); nothing was changed.") }
        guard let edited = try? String(contentsOfFile: path, encoding: .utf8) else { throw Refusal("Cannot read \(path).") }
        return edited
    }
}

extension String {
    var nilIfEmpty: String? { trimmingCharacters(in: .whitespaces).isEmpty ? nil : self }
}

struct MemoEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: words("Replace a memo's text (given after its number, --text, --file, or in $EDITOR)."),
        discussion: words("Example: studyctl memo edit 3 \"Todos os iniciantes citaram UIKit e SwiftUI.\""))

    @Argument(help: ArgumentHelp(words("The memo's number (see 'studyctl memo list').")))
    var id: Int64
    @OptionGroup var new: NewText
    @OptionGroup var study: StudyOptions

    func run() throws {
        let current = try study.withStudy { database in try database.memos().first { $0.id == id }?.text }
        guard let current else { throw Refusal("There is no memo \(String(id)); 'studyctl memo list' shows their numbers.") }
        let text = try new.read(current: current)
        try study.withStudy { try $0.editMemo(id, text: text) }
        say("Memo \(String(id)) changed.")
    }
}

struct MemoRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: words("Remove a memo."))

    @Argument(help: ArgumentHelp(words("The memo's number (see 'studyctl memo list').")))
    var id: Int64
    @OptionGroup var study: StudyOptions

    func run() throws {
        let record = try study.withStudy { try $0.removeMemo(id) }
        say("Removed memo \(String(id)) (\(memoTargetWords(record.on))).")
    }
}

struct MemoSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: words("Find memos and annotations whose text holds these words (case and accents aside)."))

    @Argument(help: ArgumentHelp(words("The words to find.")))
    var query: String

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let wanted = TextMatching.fold(query)
        let (memos, annotations) = try study.withStudy { database in
            (try database.memos(matching: query),
             try database.annotations().filter { TextMatching.fold($0.text).contains(wanted) })
        }
        if output.json { return try printJSON(MemoSearchDocument(memos: memos, annotations: annotations), command: "memo search") }
        if memos.isEmpty && annotations.isEmpty { return say("No memo or annotation holds '\(query)'.") }
        for memo in memos {
            print("[\(memo.id)] \(memoTargetWords(memo.on))" + (memo.coder.map { " — \($0)" } ?? "") + " (\(LocalTime.text(memo.created)))")
            print("    " + memo.text.replacingOccurrences(of: "\n", with: "\n    "))
        }
        for annotation in annotations { printAnnotation(annotation) }
    }
}

/// What a memo is on ("study", "participant:P4"), in the command line's language.
func memoTargetWords(_ on: String) -> String {
    let parts = on.split(separator: ":", maxSplits: 1).map(String.init)
    return Phrase.memoTarget(kind: parts[0], name: parts.count == 2 ? parts[1] : nil).text(Voice.language)
}

// MARK: - Annotations

func printAnnotation(_ annotation: AnnotationRecord) {
    let place = annotation.label.isEmpty ? annotation.participant : "\(annotation.participant) (\(annotation.label))"
    let excerpt = annotation.excerpt.count > 80 ? String(annotation.excerpt.prefix(80)) + "…" : annotation.excerpt
    print(words("[annotation \(String(annotation.id))] \(place) \(String(annotation.start))–\(String(annotation.end)): \"\(excerpt.replacingOccurrences(of: "\n", with: " "))\"")
          + (annotation.coder.map { " — \($0)" } ?? "") + " (\(LocalTime.text(annotation.modified ?? annotation.created)))")
    print("    " + annotation.text.replacingOccurrences(of: "\n", with: "\n    "))
}

struct Annotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate", abstract: words("Write an annotation on a passage of a participant's transcript."),
        discussion: words("""
            The passage is given by its words (--excerpt, or --at WORDS: exactly as the transcript has them; else \
            ignoring case, accents and spacing, with a note) or by its offsets (--at START-END, as 'code add --at' \
            takes them, or --start and --end: Unicode characters of the stored text, end exclusive, as 'transcript \
            search --json', 'transcript show --json' and 'code list --json' give spans). Words that occur more than \
            once must be given by offsets: the error lists each place.

            Example: studyctl annotate P4 --at "Senti falta de um direcionamento" --text "Relacionar com o onboarding."
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The passage: START-END, Unicode character offsets of the transcript (as 'code add --at' takes them), or its words (as --excerpt)."),
                               valueName: "start-end|words"))
    var at: String?

    @Option(help: ArgumentHelp(words("The passage's words."), valueName: "text"))
    var excerpt: String?

    @Option(help: ArgumentHelp(words("Where the passage starts (characters from the start of the transcript)."), valueName: "offset"))
    var start: Int?

    @Option(help: ArgumentHelp(words("Where the passage ends (exclusive)."), valueName: "offset"))
    var end: Int?

    @Option(help: ArgumentHelp(words("Which transcript, when the participant has several."), valueName: "label"))
    var transcript: String = ""

    @Option(help: ArgumentHelp(words("The annotation's text."), valueName: "text"))
    var text: String

    @Option(help: ArgumentHelp(words("Who wrote it."), valueName: "name"))
    var coder: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if (start == nil) != (end == nil) { throw Refusal("Please give both --start and --end.") }
        let given = [at != nil, excerpt != nil, start != nil].filter { $0 }.count
        if given == 0 { throw Refusal("Please say which passage: --excerpt \"its words\", --at START-END, or --start and --end.") }
        if given > 1 { throw Refusal("Please give the passage once: by --excerpt, by --at, or by --start and --end.") }
        if let at, PassageAt(at) == .badOffsets { throw Refusal("Please give --at as START-END, two offsets with the end past the start: '\(at)' is not.") }
        if let start, let end, end <= start { throw Refusal("Please give an --end after --start.") }
    }

    func run() throws {
        let place = at.map(PassageAt.init)
        let span = place?.span ?? start.flatMap { start in end.map { start..<$0 } }
        let (record, notes) = try study.withStudy {
            try $0.addAnnotation(participant: participant, label: transcript, excerpt: excerpt ?? place?.passageWords, span: span, text: text, coder: coder)
        }
        for line in notes { note(line) }
        say("Stored annotation \(String(record.id)) on \(record.participant)'s passage \(String(record.start))–\(String(record.end)).")
    }
}

struct AnnotationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotation", abstract: words("List, edit and remove annotations on transcript passages."),
        subcommands: [AnnotationList.self, AnnotationEdit.self, AnnotationRemove.self])
}

struct AnnotationList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List annotations."))

    @Option(help: ArgumentHelp(words("Only this participant's annotations."), valueName: "code"))
    var participant: String?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let annotations = try study.withStudy { try $0.annotations(participant: participant) }
        if output.json { return try printJSON(annotations, command: "annotation list", key: "annotations") }
        if annotations.isEmpty { return say("No annotations.") }
        annotations.forEach(printAnnotation)
    }
}

struct AnnotationEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: words("Replace an annotation's text (given after its number, --text, --file, or in $EDITOR)."))

    @Argument(help: ArgumentHelp(words("The annotation's number (see 'studyctl annotation list').")))
    var id: Int64
    @OptionGroup var new: NewText
    @OptionGroup var study: StudyOptions

    func run() throws {
        let current = try study.withStudy { database in try database.annotations().first { $0.id == id }?.text }
        guard let current else { throw Refusal("There is no annotation \(String(id)); 'studyctl annotation list' shows their numbers.") }
        let text = try new.read(current: current)
        try study.withStudy { try $0.editAnnotation(id, text: text) }
        say("Annotation \(String(id)) changed.")
    }
}

struct AnnotationRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: words("Remove an annotation."))

    @Argument(help: ArgumentHelp(words("The annotation's number (see 'studyctl annotation list').")))
    var id: Int64
    @OptionGroup var study: StudyOptions

    func run() throws {
        let record = try study.withStudy { try $0.removeAnnotation(id) }
        say("Removed annotation \(String(id)) on \(record.participant)'s passage \(String(record.start))–\(String(record.end)).")
    }
}

// MARK: - The journal

struct ExportJournal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: words("Write the research journal: every memo and annotation, grouped by day, participant or category."),
        discussion: words("""
            The format follows the file's extension: .md (Markdown) or .html (a page that opens in any browser). An \
            annotation quotes its passage; a memo on a code falls under the code's participant and categories, an \
            annotation under the categories of the codes on its passage.

            Example: studyctl export journal diario.html --by participant
            """))


    @Argument(help: ArgumentHelp(words("The journal to write (.md or .html)."), valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(words("How entries are grouped."), valueName: "grouping"))
    var by: Journal.Grouping = .date

    @Flag(help: ArgumentHelp(words("Replace a file already at that path.")))
    var force = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        let ext = (file as NSString).pathExtension.lowercased()
        if !["md", "markdown", "html", "htm"].contains(ext) { throw Refusal("Please name the journal .md or .html: '\(file)' has neither extension.") }
    }

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: file) { throw ExportXlsx.Exists(path: file) }
        let ext = (file as NSString).pathExtension.lowercased()
        let text = try study.withStudy { database in
            Journal.render(title: try database.info().title, memos: try database.memos(), annotations: try database.annotations(), codes: try database.codes(),
                           by: by, format: ext.hasPrefix("htm") ? .html : .markdown, language: Voice.language)
        }
        try AtomicOutput.file(file) { temporary in try Data(text.utf8).write(to: URL(fileURLWithPath: temporary)) }
        say(.wrote(file))
    }
}

extension Journal.Grouping: ExpressibleByArgument {}
