import ArgumentParser
import Results
import Figures
import Foundation
import Templates
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording
import Tabular

struct CodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: words("Analyse the coding: category frequencies, matrices, co-occurrence, word frequencies, triangulation, agreement, discovery, saturation."),
        subcommands: [CodesFrequency.self, CodesMatrix.self, CodesCooccurrence.self, CodesWords.self, CodesTriangulate.self, CodesAgreement.self,
                      CodesDiscovery.self, CodesSaturation.self])
}

/// `--coder`, shared by the analyses.
struct CoderOption: ParsableArguments {
    @Option(help: ArgumentHelp(words("Only this coder's codes (default: every coder's)."), valueName: "name"))
    var coder: String?

    func warnIfSeveral(_ dataset: CodingDataset) {
        if coder == nil && dataset.coders.count > 1 {
            note("counting the codes of every coder (\(dataset.coders.joined(separator: ", "))); choose one with --coder")
        }
        sayLeftOut(dataset.leftOut)
    }
}

/// Says which codes the coding analyses left out: those in session logs (a log is no interview) and those on the
/// moderator's words alone.
func sayLeftOut(_ leftOut: LeftOutCodings) {
    if leftOut.inSessionLogs > 0 {
        note("codes in session logs, not counted (only interviews are; a session's log is not one): \(leftOut.inSessionLogs)")
    }
    if leftOut.moderatorWords > 0 {
        note("codes on the moderator's words, not counted (they are no participant's words): \(leftOut.moderatorWords)")
    }
}

func percent(_ share: Double) -> String { String(format: "%.0f%%", share * 100) }

struct CodesFrequency: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freq",
        abstract: words("Per category: coded segments, participants who raised it, and their share."),
        discussion: words("""
            The share's denominator is the participants who were interviewed — those with words in an interview \
            transcript (a focus group's speakers each count) or a coded excerpt outside any transcript — (or those \
            of the group, with --by); --denominator study takes every participant of the study instead. The output \
            states it. Session logs are not interviews: their codes are left out, as are codes on the moderator's \
            words, and a note says how many. Categories never used are listed with zero. Sorted by share.
            """))

    @Option(help: ArgumentHelp(words("What the share is taken over: interviewed (default) or study."), valueName: "base"))
    var denominator: ShareDenominator = .interviewed

    @Option(help: ArgumentHelp(words("Also per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder, groupedBy: by) }
        coder.warnIfSeveral(dataset)
        // Each coder's own count beside every coder's when several coded and none was chosen.
        let coders = coder.coder == nil && dataset.coders.count > 1 ? dataset.coders : []
        let table = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.denominator(denominator),
                                             groupOrder: dataset.groupOrder, tree: dataset.tree, coders: coders)
        if output.json { return try printJSON(FrequencyJSON(table, attribute: by, denominator: denominator), command: "codes freq") }
        if csv {
            var writer = CSVWriter()
            writer.writeRow(["category", "group", "segments", "participants", "denominator", "share"])
            for row in table.rows {
                writer.writeRow([row.category, "all", String(row.overall.segments), String(row.overall.participants),
                                 String(row.overall.denominator), String(row.overall.share)])
                for (group, count) in zip(table.groups, row.groups) {
                    writer.writeRow([row.category, group, String(count.segments), String(count.participants), String(count.denominator), String(count.share)])
                }
                for (coder, count) in zip(table.coders, row.byCoder) {
                    writer.writeRow([row.category, "coder:" + coder, String(count.segments), String(count.participants), String(count.denominator), String(count.share)])
                }
            }
            for theme in table.themes {
                writer.writeRow(["theme:" + theme.theme, "all", String(theme.overall.segments), String(theme.overall.participants),
                                 String(theme.overall.denominator), String(theme.overall.share)])
                for (group, count) in zip(table.groups, theme.groups) {
                    writer.writeRow(["theme:" + theme.theme, group, String(count.segments), String(count.participants), String(count.denominator), String(count.share)])
                }
            }
            return print(writer.text, terminator: "")
        }
        let language = Voice.language
        print(TextRenderer.render(ResultTable.categoryFrequencies(table, language: language), title: false), terminator: "")
        let perGroup = by.flatMap { by in table.rows.first.map { first in
            "\(by): " + zip(table.groups, first.groups).map { "\($0.0) \($0.1.denominator)" }.joined(separator: ", ")
        } }
        print("")
        say(.sharesDenominator(participants: table.participants, study: denominator == .study, all: dataset.participants.count, perGroup: perGroup))
    }
}

struct CodesMatrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix", abstract: words("Category × participant: codes per participant (0 where none)."))

    @Flag(help: ArgumentHelp(words("Show presence (1) or absence (0) instead of counts.")))
    var presence = false

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    struct JSON: Encodable {
        var participants: [String]
        var categories: [String]
        var counts: [[Int]]
        var presence: [[Int]]
        /// Each theme's row: codes of the theme and every category under it, each code once.
        var themes: [Theme]
        struct Theme: Encodable { var theme: String; var categories: [String]; var counts: [Int]; var presence: [Int] }
    }

    func run() throws {
        let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder) }
        coder.warnIfSeveral(dataset)
        let counts = CodeAnalysis.matrix(dataset.segments, categories: dataset.categories, participants: dataset.participantOrder)
        let shown = presence ? counts.map { $0.map { $0 > 0 ? 1 : 0 } } : counts
        let themes = dataset.tree.themes
        let themeCounts = CodeAnalysis.themeMatrix(dataset.segments, tree: dataset.tree, participants: dataset.participantOrder)
        let themeShown = presence ? themeCounts.map { $0.map { $0 > 0 ? 1 : 0 } } : themeCounts
        if output.json {
            return try printJSON(JSON(participants: dataset.participantOrder, categories: dataset.categories, counts: counts,
                                      presence: counts.map { $0.map { $0 > 0 ? 1 : 0 } },
                                      themes: zip(themes, themeCounts).map { theme, row in
                                          .init(theme: theme, categories: dataset.tree.members(of: theme), counts: row, presence: row.map { $0 > 0 ? 1 : 0 })
                                      }), command: "codes matrix")
        }
        if csv {
            var writer = CSVWriter()
            writer.writeRow(["category"] + dataset.participantOrder)
            for (category, row) in zip(dataset.categories, shown) { writer.writeRow([category] + row.map(String.init)) }
            for (theme, row) in zip(themes, themeShown) { writer.writeRow(["theme:" + theme] + row.map(String.init)) }
            return print(writer.text, terminator: "")
        }
        var table = TextTable(words(["category"]) + dataset.participantOrder + words(["total"]), rightAligned: Set(1...(dataset.participantOrder.count + 1)))
        for (category, row) in zip(dataset.categories, shown) {
            table.append([category] + row.map(String.init) + [String(row.reduce(0, +))])
        }
        for (theme, row) in zip(themes, themeShown) {
            table.append([words("Theme \(theme), in all")] + row.map(String.init) + [String(row.reduce(0, +))])
        }
        print(table.render())
        if !themes.isEmpty {
            say(presence ? "A theme's row: 1 where the participant raised the theme or any category under it; its total counts each participant once."
                : "A theme's row: the codes of the theme and of every category under it, each code once.")
        }
    }
}

struct CodesCooccurrence: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cooccur", abstract: words("Category × category: participants who raised both (diagonal: who raised each), or passages that occur together."),
        discussion: words("""
            By default the unit is the participant: how many raised both categories. With --overlap, --within N or \
            --same-turn the unit is the coded passage: how many pairs of passages, one coded A and one coded B, \
            overlap (an excerpt coded both counts once), lie at most N words apart in one transcript, or lie in one \
            turn; the diagonal is the passages coded each. Passages outside any transcript meet only themselves.
            """))

    @Flag(help: ArgumentHelp(words("Count passages that overlap, not participants.")))
    var overlap = false

    @Option(help: ArgumentHelp(words("Count passages that overlap or lie at most N words apart in one transcript, not participants."), valueName: "N"))
    var within: Int?

    @Flag(help: ArgumentHelp(words("Count passages that lie in one turn of a transcript (or overlap), not participants.")))
    var sameTurn = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    struct JSON: Encodable {
        var categories: [String]
        var participants: [[Int]]?
        var passages: [[Int]]?
        var unit: String
        var within: Int?
    }

    func validate() throws {
        if [overlap, within != nil, sameTurn].filter({ $0 }).count > 1 { throw Refusal("Please give one of --overlap, --within and --same-turn.") }
        if let within, within < 0 { throw Refusal("--within takes a number of words, 0 or more.") }
    }

    var proximity: Proximity? {
        if let within { return .within(words: within) }
        if sameTurn { return .sameTurn }
        return overlap ? .overlap : nil
    }

    func run() throws {
        let language = Voice.language
        guard let proximity else {
            let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder) }
            coder.warnIfSeveral(dataset)
            let matrix = CodeAnalysis.cooccurrence(dataset.segments, categories: dataset.categories)
            if output.json { return try printJSON(JSON(categories: dataset.categories, participants: matrix, unit: "participant"), command: "codes cooccur") }
            let table = ResultTable.cooccurrence(categories: dataset.categories, matrix: matrix, language: language)
            return print(TextRenderer.render(table, title: false), terminator: "")
        }
        let material = try study.withStudy { try $0.quoteMaterial(coder: coder.coder) }
        if coder.coder == nil, Set(material.passages.compactMap(\.coder)).count > 1 {
            note("counting the codes of every coder (\(Set(material.passages.compactMap(\.coder)).sorted().joined(separator: ", "))); choose one with --coder")
        }
        sayLeftOut(material.leftOut)
        let categories = material.categories.map(\.name)
        let matrix = PassageCooccurrence.matrix(material.passages, categories: categories, proximity: proximity, transcripts: material.transcripts)
        if output.json {
            return try printJSON(JSON(categories: categories, passages: matrix, unit: sameTurn ? "same-turn" : within != nil ? "within" : "overlap",
                                      within: within), command: "codes cooccur")
        }
        var table = ResultTable.cooccurrence(categories: categories, matrix: matrix, language: language)
        let rule: Sentence = switch proximity {
        case .overlap: "Passages: pairs of coded passages, one in each category, that overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case let .within(n): "Passages: pairs of coded passages, one in each category, that overlap or lie at most \(String(n)) words apart in one transcript (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case .sameTurn: "Passages: pairs of coded passages, one in each category, that lie in one turn of a transcript or overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        }
        table.notes = [rule.text(language)]
        print(TextRenderer.render(table, title: false), terminator: "")
    }
}

struct CodesWords: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words", abstract: words("The most frequent words of the coded passages (or of the transcripts), stop words left out."),
        discussion: words("""
            Words are counted in the coded passages (each spoken word once, where excerpts overlap or nest), or with --transcripts in the participants' \
            words of every interview transcript (the moderator's turns left out). Stop words come from \
            templates/stopwords (the study's language). Example: studyctl codes words --category \
            "Informações Insuficientes" --by level --top 15 --figure palavras.png
            """))

    @Option(help: ArgumentHelp(words("Only passages in this category; repeat for several."), valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp(words("Also count per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("How many words to show."), valueName: "N"))
    var top: Int = 20

    @Flag(help: ArgumentHelp(words("Count the words of the whole transcripts (the participants' turns), not of the coded passages.")))
    var transcripts = false

    @Option(help: ArgumentHelp(words("Also draw the words as a bar chart: .png, .svg or .pdf."), valueName: "file"))
    var figure: String?

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if top < 1 { throw Refusal("--top takes a number of words, 1 or more.") }
        if transcripts && !category.isEmpty { throw Refusal("Please give --category or --transcripts, not both: a category selects coded passages.") }
        if let figure, Figure.Format(rawValue: URL(fileURLWithPath: figure).pathExtension.lowercased()) == nil {
            throw Refusal("The figure must be a .png, .svg or .pdf file: \(figure).")
        }
    }

    func run() throws {
        let language = Voice.language
        let (material, studyLanguage) = try study.withStudy { (try $0.quoteMaterial(coder: coder.coder), try $0.info().language) }
        try material.checkCategories(category)
        if !transcripts { sayLeftOut(material.leftOut) }
        var groups: [String: String] = [:]
        var groupOrder: [String] = []
        if let by {
            groupOrder = material.valueOrders.first { $0.key.caseInsensitiveCompare(by) == .orderedSame }?.value ?? []
            guard material.attributes.values.contains(where: { $0.keys.contains { $0.caseInsensitiveCompare(by) == .orderedSame } }) else {
                throw Refusal("No participant attribute '\(by)' (attributes: \(Set(material.attributes.values.flatMap(\.keys)).sorted().joined(separator: ", "))).")
            }
            for (participant, values) in material.attributes {
                if let value = values.first(where: { $0.key.caseInsensitiveCompare(by) == .orderedSame })?.value { groups[participant] = value }
            }
        }
        var texts: [(participant: String, text: String)] = []
        if transcripts {
            for interview in material.interviews { if let text = material.transcripts[interview.document] { texts.append((interview.participant, text.participantWords)) } }
        } else {
            let selected = QuoteSelection.select(material.passages, query: QuoteQuery(categories: category), attributes: material.attributes)
            texts = WordFrequency.codedTexts(selected, transcripts: material.transcripts)
        }
        guard let file = TemplateFiles.stopWordsFile(studyLanguage == .ptBR ? "pt-BR" : "en"),
              let list = try? String(contentsOf: file, encoding: .utf8) else {
            throw Refusal("The stop-word list of the study's language is missing from studyctl's templates (templates/stopwords).")
        }
        let frequency = WordFrequency(texts: texts, stopWords: StopWords.parse(list), group: groups, groupOrder: groupOrder, top: top)
        if output.json { return try printJSON(frequency, command: "codes words") }
        let table = ResultTable.wordFrequency(frequency, attribute: by, transcripts: transcripts, language: language)
        if csv {
            print(CSVRenderer.render(table), terminator: "")
        } else {
            print(TextRenderer.render(table, title: false), terminator: "")
        }
        if let figure {
            let title = (transcripts ? "Most frequent words of the transcripts" : category.isEmpty ? "Most frequent words of the coded passages"
                         : "Most frequent words: \(category.joined(separator: ", "))" as Sentence).text(language)
            let drawing = BarFigure.horizontal(labels: frequency.rows.map(\.word), values: frequency.rows.map(\.count), title: title,
                                                 valueTitle: ("Occurrences" as Sentence).text(language))
            let format = Figure.Format(rawValue: URL(fileURLWithPath: figure).pathExtension.lowercased())!
            try AtomicOutput.file(figure) { try drawing.write(to: $0, format: format) }
            say("Wrote \(figure).")
        }
    }
}

struct CodesTriangulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triangulate",
        abstract: words("For each category, the mean score of participants who raised it vs those who did not."),
        discussion: words("Example: studyctl codes triangulate --instrument pssuq --score InfoQual"))

    @Option(help: ArgumentHelp(words("The questionnaire."), valueName: "id"))
    var instrument: String

    @Option(help: ArgumentHelp(words("The score or sub-score (default: the instrument's first)."), valueName: "id"))
    var score: String?

    @Option(help: ArgumentHelp(words("How to treat unanswered items."), valueName: "policy"))
    var missing: MissingPolicy = .refuse

    @Option(help: ArgumentHelp(words("The occasion whose answers meet the codes, when participants answered on several."), valueName: "occasion"))
    var occasion: String?

    @Option(help: ArgumentHelp(words("The task whose answers meet the codes (per-task instruments)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("The condition whose answers meet the codes, when participants answered under several; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (dataset, definition, all) = try study.withStudy { database in
            let (definition, sets) = try database.responseSets(instrument: instrument)
            return (try database.codingDataset(coder: coder.coder), definition, sets)
        }
        // One set per participant: a participant's codes meet one score, never one of several taken silently.
        let sets = all.filter { set in
            let measurement = MeasurementKey(key: set.occasion)
            return (occasion.map { measurement.occasion.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && condition.allSatisfy { wanted in measurement.level(of: wanted.key).map { $0.caseInsensitiveCompare(wanted.value) == .orderedSame } ?? false }
                && (task.map { (set.task ?? "").caseInsensitiveCompare($0) == .orderedSame } ?? true)
        }
        if Dictionary(grouping: sets, by: \.participant).values.contains(where: { $0.count > 1 }) || (sets.isEmpty && !all.isEmpty) {
            let occasions = NaturalOrder.distinct(all.map(\.occasion)).map { MeasurementKey(key: $0).label(none: Term.no_occasion.text(Voice.language)) }
            let tasks = NaturalOrder.distinct(all.compactMap(\.task))
            throw Refusal("Participants have several \(definition.id) response sets, or none of the chosen ones (occasions: \(occasions.joined(separator: ", ")); tasks: \(tasks.isEmpty ? "–" : tasks.joined(separator: ", "))): choose one with --occasion (and --condition where they answered under conditions) and, for a per-task instrument, --task, so that each participant's codes meet one score.")
        }
        coder.warnIfSeveral(dataset)
        let scoreID = score ?? definition.scoreIDs.first ?? ""
        guard let resolved = definition.scoreIDs.first(where: { $0.caseInsensitiveCompare(scoreID) == .orderedSame }) else {
            throw Refusal("Please choose one of \(definition.id)'s scores: \(definition.scoreIDs.joined(separator: ", ")).")
        }
        let report = try ScoreReport.build(definition, inputs: sets.map { ScoringInput(participant: $0.participant, task: $0.task, answers: $0.answers) },
                                           missing: missing)
        var scores: [String: Double] = [:]
        for row in report.rows { if let value = row.value(resolved) { scores[row.participant] = value } }
        let triangulation = Triangulation(dataset.segments, categories: dataset.categories, scores: scores)
        if output.json { return try printJSON(triangulation, command: "codes triangulate") }
        let table = ResultTable.triangulation(triangulation, score: "\(definition.id) \(resolved)", lowerIsBetter: definition.lowerIsBetter,
                                              language: Voice.language)
        print(TextRenderer.render(table), terminator: "")
    }
}

struct CodesAgreement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agreement",
        abstract: words("Inter-coder reliability: percent agreement, Cohen's κ and Krippendorff's α."),
        discussion: words("""
            Units are the excerpts at least two of the listed coders coded (Krippendorff 2011): α uses all of them, \
            and κ for a pair of coders the excerpts that pair shares. Per category, each coder's presence or absence of \
            the category on each unit is compared: percent agreement, Cohen's κ (chance agreement from each \
            coder's marginals; per pair of coders) and Krippendorff's α (nominal; any number of coders). Overall: \
            κ and α over the category assigned, when every coder gave each excerpt exactly one; otherwise pooled \
            over every excerpt × category. An excerpt is a span of a transcript, shared by coders who selected the \
            same words: the command says first how many of the coders' excerpts it compared, and how many it left \
            out — per coder, those that coder alone coded, and those bounded otherwise (overlapping another coder's \
            excerpt without matching it) — and, where fewer than half are compared, points to --levels and --unitizing.
            """))

    @Option(help: ArgumentHelp(words("The coders to compare, e.g. A,B."), valueName: "a,b,…"))
    var coders: String

    @Flag(help: ArgumentHelp(words("Krippendorff's unitizing α instead: agreement on where each coder marked each category in the transcripts, character by character.")))
    var unitizing = false

    @Flag(help: ArgumentHelp(words("Agreement at MAXQDA's three levels instead (two coders): category present in the transcript, as often, and segments overlapping by --overlap.")))
    var levels = false

    @Option(help: ArgumentHelp(words("With --levels: how much two segments must overlap to agree, in percent of the characters either covers (default 90)."), valueName: "percent"))
    var overlap: Double = 90

    @Option(help: ArgumentHelp(words("The seed of α's bootstrap interval: the same seed gives the same interval."), valueName: "n"))
    var seed: UInt64 = 1

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    struct UnitizingJSON: Encodable {
        struct Line: Encodable { var category: String; var observed: Double; var expected: Double; var alpha: Double? }
        var coders: [String]; var transcripts: Int; var characters: Int; var units: Int; var categories: [Line]; var alpha: Double?
    }

    func run() throws {
        let names = coders.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard names.count >= 2 else { throw Refusal("Please name at least two coders, e.g. --coders A,B.") }
        if unitizing { return try runUnitizing(names) }
        if levels { return try runLevels(names) }
        let report = try study.withStudy { database -> AgreementReport in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return try database.agreementReport(coders: names, seed: seed)
        }
        guard report.units > 0 else {
            throw Refusal("Please have \(names.joined(separator: " and ")) code the same excerpts: no excerpt is coded by two of them yet.")
        }
        if output.json { return try printJSON(report, command: "codes agreement") }
        let language = Voice.language
        say(.agreementOf(coders: names.joined(separator: ", "), units: report.units, codedByAll: names.count > 2 ? report.unitsCodedByAll : nil))
        // What was compared and what was left out, before any figure: a κ of 1 over a few excerpts says little.
        for line in report.coverage?.lines(language) ?? [] { print(line) }
        if let hint = report.coverage?.hint(language) { print(hint) }
        print("")
        print(TextRenderer.render(ResultTable.agreement(report, language: language), title: false), terminator: "")
        print("")
        say(.agreementNote(singleCategory: report.singleCategory, units: report.units))
    }
}

extension CodesAgreement {
    struct LevelsJSON: Encodable {
        struct Line: Encodable { var level: String; var units: Int; var agreeing: Int; var percent: Double? }
        var coders: [String]; var transcripts: Int; var overlapThreshold: Double; var levels: [Line]
    }

    /// MAXQDA's three levels of agreement for two coders, over the study's transcripts.
    func runLevels(_ names: [String]) throws {
        guard names.count == 2 else { throw Refusal("Please name exactly two coders for --levels, e.g. --coders A,B.") }
        guard overlap > 0 && overlap <= 100 else { throw Refusal("Please give --overlap as a percentage above 0 and up to 100.") }
        let (codes, transcripts) = try study.withStudy { database -> ([CodeRecord], [(participant: String, label: String, characters: Int)]) in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return (try database.codes(), try database.transcriptList())
        }
        let segments = DocumentAgreement.segments(codes.map(\.codedSpan), coders: names)
        guard !segments.isEmpty else {
            throw Refusal("Please have \(names.joined(separator: " and ")) code passages of the transcripts: the three levels compare codings in the text.")
        }
        let documents = transcripts.map { DocumentID(participant: $0.participant, label: $0.label) }
        let result = DocumentAgreement(segments: segments, documents: documents, threshold: overlap / 100)
        let lines: [(String, Sentence, DocumentAgreement.Level)] = [
            ("presence", "Category present in the transcript", result.presence),
            ("frequency", "Category as often in the transcript", result.frequency),
            ("overlap", "Segments overlapping by \(NumberParser.format(overlap)) % or more", result.overlap),
        ]
        if output.json {
            return try printJSON(LevelsJSON(coders: names, transcripts: transcripts.count, overlapThreshold: overlap / 100,
                                            levels: lines.map { .init(level: $0.0, units: $0.2.units, agreeing: $0.2.agreeing, percent: $0.2.percent) }),
                                 command: "codes agreement")
        }
        let style = NumberStyle(Voice.language)
        say("Agreement of \(names.joined(separator: ", ")) at MAXQDA's three levels, over \(transcripts.count) transcripts")
        var table = TextTable(words: ["Level", "Units", "Agreeing", "Agreement"], rightAligned: [1, 2, 3])
        for (_, label, level) in lines { table.append([words(label), "\(level.units)", "\(level.agreeing)", style.percent(level.percent)]) }
        print(table.render())
        say("Units: transcript × category for the first two levels (categories either coder used; for frequency, those at least one used in that transcript), every coded segment of both coders for the third; a segment agrees when the other coder's segment of the same category covers it by the threshold, shared characters over the characters either covers.")
    }

    /// Krippendorff's uα over the study's transcripts laid end to end (one continuum, in participant and label order),
    /// each coder's coded spans per category joined where they overlap.
    func runUnitizing(_ names: [String]) throws {
        let (codes, transcripts) = try study.withStudy { database -> ([CodeRecord], [(participant: String, label: String, characters: Int)]) in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return (try database.codes(), try database.transcriptList())
        }
        let continuum = UnitizingAlpha.Continuum(transcripts.map { (DocumentID(participant: $0.participant, label: $0.label), $0.characters) })
        let units = continuum.units(codes.map(\.codedSpan), coders: names)
        let length = continuum.length
        guard !units.isEmpty else {
            throw Refusal("Please have \(names.joined(separator: " and ")) code passages of the transcripts: unitizing α compares where in the text each coder marked a category.")
        }
        let result = UnitizingAlpha(begin: 0, length: length, coders: names.count, units: units)
        if output.json {
            return try printJSON(UnitizingJSON(coders: names, transcripts: transcripts.count, characters: length, units: units.count,
                                               categories: result.categories.map { .init(category: $0.category, observed: $0.observed, expected: $0.expected, alpha: $0.alpha) },
                                               alpha: result.alpha), command: "codes agreement")
        }
        let style = NumberStyle(Voice.language)
        say("Unitizing agreement of \(names.joined(separator: ", ")) over \(transcripts.count) transcripts (\(length) characters, \(units.count) coded stretches)")
        var table = TextTable(words: ["Category", "Observed disagreement", "Expected disagreement", "uα"], rightAligned: [1, 2, 3])
        for line in result.categories {
            table.append([line.category, style.number(line.observed, decimals: 5), style.number(line.expected, decimals: 5), style.number(line.alpha, decimals: 3)])
        }
        table.append([words("Overall"), "", "", style.number(result.alpha, decimals: 3)])
        print(table.render())
        say("uα (Krippendorff 1995; 2004, pp. 251–256) compares where each coder marked each category, character by character, coded and uncoded text alike: 1 when the coders marked the same stretches, 0 when they agree no more than chance; the overall value is 1 − mean D_o / mean D_e over the categories. The transcripts are laid end to end in one continuum; a coder's overlapping spans of one category count as one stretch.")
    }
}

/// `codes freq --json` (docs/json.md): each group's counts carry the group's name and attribute.
struct FrequencyJSON: Encodable {
    struct Count: Encodable {
        var attribute: String?
        var name: String
        var segments: Int
        var participants: Int
        var share: Double
        var denominator: Int
    }
    struct Row: Encodable {
        var category: String
        var overall: CategoryCount
        var groups: [Count]
        /// Each coder's own count, when several coded and none was chosen.
        var byCoder: [CoderCount]?
    }
    struct CoderCount: Encodable { var coder: String; var segments: Int; var participants: Int; var share: Double; var denominator: Int }
    /// A theme's total: each participant once, however many of its categories they raised.
    struct Theme: Encodable { var theme: String; var categories: [String]; var overall: CategoryCount; var groups: [Count] }

    var groupedBy: String?
    var themes: [Theme]
    var coders: [String]?
    var denominatorBase: String
    var participants: Int
    var groupOrder: [String]
    var rows: [Row]

    init(_ table: FrequencyTable, attribute: String?, denominator: ShareDenominator) {
        groupedBy = attribute
        denominatorBase = denominator.rawValue
        participants = table.participants
        groupOrder = table.groups
        func counts(_ groups: [CategoryCount]) -> [Count] {
            zip(table.groups, groups).map { name, count in
                Count(attribute: attribute, name: name, segments: count.segments, participants: count.participants, share: count.share,
                      denominator: count.denominator)
            }
        }
        rows = table.rows.map { row in
            Row(category: row.category, overall: row.overall, groups: counts(row.groups),
                byCoder: table.coders.isEmpty ? nil : zip(table.coders, row.byCoder).map {
                    CoderCount(coder: $0, segments: $1.segments, participants: $1.participants, share: $1.share, denominator: $1.denominator)
                })
        }
        themes = table.themes.map { Theme(theme: $0.theme, categories: $0.categories, overall: $0.overall, groups: counts($0.groups)) }
        coders = table.coders.isEmpty ? nil : table.coders
    }
}
