import Wording
import ArgumentParser
import Results
import Foundation
import QualCoding
import Importing
import StudyStore
import Tabular

struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: words("Build the codebook: add, import, change, rename and merge categories."),
        subcommands: [CategoryAdd.self, CategoryImport.self, CategorySet.self, CategoryRename.self, CategoryMerge.self, CategoryRemove.self])
}

struct CategoryAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Add a category to the codebook."),
        discussion: words("""
            Example: studyctl category add "Informações Insuficientes" \
              --definition "Falta de informações que facilitam o entendimento do framework." \
              --origin "Myllärniemi et al. (2018)"
            """))

    @Argument(help: ArgumentHelp(words("The category's name.")))
    var name: String

    @Option(help: ArgumentHelp(words("What the category means.")))
    var definition: String?

    @Option(help: ArgumentHelp(words("Where it comes from: a literature reference, or emergent."), valueName: "reference|emergent"))
    var origin: String

    @Option(help: ArgumentHelp(words("The parent theme (another category)."), valueName: "name"))
    var theme: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        guard let parsed = CategoryOrigin(parsing: origin) else {
            throw Refusal("Please give --origin a literature reference or 'emergent'.")
        }
        try study.withStudy { try $0.addCategory(name: name, definition: definition, origin: parsed, theme: theme) }
        say(.addedCategoryWithOrigin(name: name, origin: parsed.reference))
    }
}

struct CategoryImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: words("Import categories from CSV (category, origin, definition, optional theme)."))

    @Argument(help: ArgumentHelp(words("The CSV file."), valueName: "file.csv"), completion: .file(extensions: ["csv", "txt"]))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let count = try study.withStudy { try $0.importCategories(from: file) }
        say(.importedCategories(count, file: file))
    }
}

struct CategorySet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: words("Change a category's definition, origin, theme or name; its codes and memos stay with it."),
        discussion: words("""
            Example: studyctl category set "Documentação" --theme "Aprendizagem" --origin emergent. \
            An empty --definition removes the definition; an empty --theme takes the category out of its theme. \
            A theme that would put the category under itself is refused and nothing changes.
            """))

    @Argument(help: ArgumentHelp(words("The category's name.")))
    var name: String

    @Option(help: ArgumentHelp(words("What the category means (empty: no definition).")))
    var definition: String?

    @Option(help: ArgumentHelp(words("Where it comes from: a literature reference, or emergent."), valueName: "reference|emergent"))
    var origin: String?

    @Option(help: ArgumentHelp(words("The parent theme (another category; empty: no theme)."), valueName: "name"))
    var theme: String?

    @Option(help: ArgumentHelp(words("A new name for the category."), valueName: "name"))
    var rename: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if definition == nil && origin == nil && theme == nil && rename == nil {
            throw ValidationError(words("Please give --definition, --origin, --theme or --rename."))
        }
        if let origin, CategoryOrigin(parsing: origin) == nil {
            throw ValidationError(words("Please give --origin a literature reference or 'emergent'."))
        }
    }

    func run() throws {
        let change = CategoryChange(definition: definition, origin: origin.flatMap(CategoryOrigin.init(parsing:)), theme: theme, rename: rename)
        try study.withStudy { try $0.updateCategory(name, change) }
        var parts: [String] = []
        if let definition { parts.append(definition.trimmingCharacters(in: .whitespaces).isEmpty ? words("definition removed") : words("definition changed")) }
        if let parsed = change.origin { parts.append(words("origin: \(parsed.reference ?? Term.emergent.text(Voice.language).lowercased())")) }
        if let theme { parts.append(theme.trimmingCharacters(in: .whitespaces).isEmpty ? words("no theme") : words("theme: \(theme)")) }
        if let rename { parts.append(words("renamed to \(rename)")) }
        say("Changed category \(name): \(parts.joined(separator: "; "))")
    }
}

struct CategoryRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: words("Rename a category; its codes and memos follow."))

    @Argument(help: ArgumentHelp(words("The current name.")))
    var name: String

    @Argument(help: ArgumentHelp(words("The new name.")))
    var newName: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.renameCategory(name, to: newName) }
        say(.renamedCategoryCLI(from: name, to: newName))
    }
}

struct CategoryMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: words("Merge one category into another."),
        discussion: words("The codes, memos and sub-themes move; a memo on the remaining category records the merge."))

    @Argument(help: ArgumentHelp(words("The category that goes away.")))
    var from: String

    @Argument(help: ArgumentHelp(words("The category that receives its codes.")))
    var into: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let moved = try study.withStudy { try $0.mergeCategory(from, into: into) }
        say(.mergedCategoryCLI(from: from, into: into, moved: moved))
    }
}

struct Codebook: ParsableCommand {
    enum Format: String, CaseIterable, ExpressibleByArgument { case table, md, csv, json }

    static let configuration = CommandConfiguration(
        commandName: "codebook",
        abstract: words("Print the codebook: categories with origin, definition, theme and use."),
        discussion: words("""
            Categories defined a priori but never used are listed with 0 codes. With several coders each coder's \
            codes and participants have their own columns (two coders of one excerpt are not two codes of the data); \
            --coder shows one coder's counts, as the report counts the first coder's.
            """))

    @Option(help: ArgumentHelp(words("Output format."), valueName: "format"))
    var format: Format = .table

    @Option(help: ArgumentHelp(words("Only this coder's counts (default: a column per coder)."), valueName: "name"))
    var coder: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let categories = try study.withStudy { try $0.categories(coder: coder) }
        // Per coder when several coded: a sum over coders would count one excerpt once per coder.
        let coders = coder == nil ? (categories.first?.byCoder ?? []).map(\.coder) : []
        let perCoder = coders.count > 1
        switch format {
        case .json:
            try printJSON(categories, command: "codebook", key: "categories")
        case .csv:
            print(CSVRenderer.render(.codebookInterchange(categories, coders: coders, language: Voice.language)), terminator: "")
        case .md:
            print(MarkdownRenderer.table(.codebookDocument(categories, coders: perCoder ? coders : [], language: Voice.language)))
        case .table:
            if categories.isEmpty { return say("The codebook is empty. Add categories with 'studyctl category add' or 'studyctl category import'.") }
            printListing(ResultTable.codebook(categories, coders: coders, language: Voice.language))
            if let coder {
                say("Counts: \(coder)'s codes.")
            } else if perCoder {
                say("Counts per coder: each coder's own codes and the participants they coded; the report counts \(coders[0])'s (choose one with --coder).")
            } else if let only = coders.first {
                say("Counts: \(only)'s codes.")
            }
        }
    }
}

struct MemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memo", abstract: words("Write and read analytic memos."),
        subcommands: [MemoAdd.self, MemoList.self, MemoEdit.self, MemoRemove.self, MemoSearch.self])
}

struct Target: ExpressibleByArgument {
    var value: MemoTarget
    init?(argument: String) {
        guard let value = MemoTarget(parsing: argument) else { return nil }
        self.value = value
    }
}

struct MemoAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Add a memo about the study, a participant, a code or a category."),
        discussion: words("Example: studyctl memo add --on category:\"Experiência em iOS\" \"Todos os iniciantes citaram UIKit.\""))

    @Option(help: ArgumentHelp(words("What the memo is about: study, participant:P4, code:12 or category:NAME."), valueName: "target"))
    var on: Target

    @Argument(help: ArgumentHelp(words("The memo's text.")))
    var text: String

    @Option(help: ArgumentHelp(words("Who wrote it."), valueName: "name"))
    var coder: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let id = try study.withStudy { try $0.addMemo(on: on.value, text: text, coder: coder) }
        let parts = on.value.description.split(separator: ":", maxSplits: 1).map(String.init)
        say(.storedMemo(id: id, on: Phrase.memoTarget(kind: parts[0], name: parts.count == 2 ? parts[1] : nil).text(Voice.language)))
    }
}

struct MemoList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List memos."))

    @Option(help: ArgumentHelp(words("Only memos about this: study, participant:P4, code:12 or category:NAME."), valueName: "target"))
    var on: Target?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let memos = try study.withStudy { try $0.memos(on: on?.value) }
        if output.json { return try printJSON(memos, command: "memo list", key: "memos") }
        if memos.isEmpty { return say("No memos.") }
        for memo in memos {
            let place = memo.session.map { session in
                " · " + words("session \(session)") + (memo.task.map { " · \($0)" } ?? "") + (memo.sessionOffset.map { " [\(SessionClock.clock($0))]" } ?? "")
            } ?? ""
            print("[\(memo.id)] \(memoTargetWords(memo.on))" + place + (memo.coder.map { " — \($0)" } ?? "") + " (\(LocalTime.text(memo.created)))")
            print("    " + memo.text.replacingOccurrences(of: "\n", with: "\n    "))
        }
    }
}
