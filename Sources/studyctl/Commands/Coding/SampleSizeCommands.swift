import ArgumentParser
import Figures
import Foundation
import QualCoding
import Reports
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

/// What the two "how many participants" analyses read: the interviewed participants in the order they were held,
/// each with the categories they raised.
struct InterviewOrderOptions: ParsableArguments {
    @Option(help: ArgumentHelp(words("An attribute that gives the order the interviews were held in (a date or a number); by default the participants' order (P1, P2, …)."), valueName: "attribute"))
    var order: String?

    @Option(help: ArgumentHelp(words("Only the categories of this theme (e.g. the problems)."), valueName: "theme"))
    var theme: String?

    @OptionGroup var coderChoice: CoderOption

    /// The interviews in order with their categories, and how the order was chosen (worded).
    func interviews(_ database: StudyDatabase) throws -> (raised: [(participant: String, codes: Set<String>)], order: Sentence) {
        let coder = coderChoice.coder
        if let coder {
            let known = try database.coders()
            guard known.contains(where: { $0.caseInsensitiveCompare(coder) == .orderedSame }) else { throw StoreError.unknownCoder(name: coder, known: known) }
        }
        let dataset = try database.codingDataset(coder: coder, interviewedOnly: true)
        sayLeftOut(dataset.leftOut)
        var within: Set<String>?
        if let theme {
            let categories = try database.categories()
            let themes = Array(Set(categories.compactMap(\.theme))).sorted()
            guard themes.contains(where: { $0.caseInsensitiveCompare(theme) == .orderedSame }) else {
                throw Refusal("No theme '\(theme)' in the codebook. Themes: \(themes.isEmpty ? "none yet" : themes.joined(separator: ", ")).")
            }
            within = Set(categories.filter { $0.theme?.caseInsensitiveCompare(theme) == .orderedSame }.map(\.name))
        }
        var participants = dataset.participantOrder
        var how: Sentence = "Interviews in the participants' order (P1, P2, …; --order to choose an attribute)."
        if let order {
            let attributes = try database.attributeDefinitions()
            guard let attribute = attributes.first(where: { $0.name.caseInsensitiveCompare(order) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: order, known: attributes.map(\.name))
            }
            let values = try database.attributeValues(attribute.name, of: Set(participants))
            let missing = participants.filter { values[$0] == nil }
            guard missing.isEmpty else {
                throw Refusal("Please give every interviewed participant a value of '\(attribute.name)' to order the interviews by; without one: \(missing.joined(separator: ", ")).")
            }
            participants.sort { a, b in
                // The guard above: every participant has a value.
                let (x, y) = (values[a] ?? "", values[b] ?? "")
                return x == y ? NaturalOrder.areInIncreasingOrder(a, b) : NaturalOrder.areInIncreasingOrder(x, y)
            }
            how = "Interviews in the order of '\(attribute.name)'."
        }
        return (CodeAnalysis.raised(dataset.segments, interviewed: participants, within: within), how)
    }
}

/// `--figure PATH`: the chart, as PNG, SVG or PDF by the name's extension, written whole or not at all.
struct FigureOption: ParsableArguments {
    @Option(help: ArgumentHelp(words("Also draw the figure into this file (.png, .svg or .pdf)."), valueName: "file"))
    var figure: String?

    func validate() throws {
        if let figure, Figure.Format(rawValue: (figure as NSString).pathExtension.lowercased()) == nil {
            throw Refusal("Please name the figure file with .png, .svg or .pdf: '\(figure)'.")
        }
        // Said before anything is read or printed: a failing command prints nothing on standard output.
        if let figure {
            let folder = (figure as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw Refusal("No folder '\(folder)' to draw the figure \(figure) into.")
            }
        }
    }

    func write(_ drawing: Figure) throws {
        guard let figure, let format = Figure.Format(rawValue: (figure as NSString).pathExtension.lowercased()) else { return }
        do {
            try AtomicOutput.file(figure) { temporary in try drawing.write(to: temporary, format: format) }
        } catch let Figure.RenderError.cairo(_, status) {
            // The temporary name the figure is drawn under says nothing to the researcher: theirs, and Cairo's words.
            throw Refusal("Could not write the figure \(figure) (Cairo: \(status)); nothing was left under that name.")
        }
        say("Wrote the figure to \(figure)")
    }
}

struct CodesDiscovery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discovery",
        abstract: words("How many of the categories (or problems) there are the participants have raised, and how many participants a goal takes (Lewis 2001)."),
        discussion: words("""
            The matrix is the interviewed participants × the categories they raised (a theme's only, with --theme: \
            keep problems under a theme such as "Problemas"). p, the share of the categories found that a participant \
            raises, is adjusted for a small sample as Lewis (2001) recommends; from it the share expected to be found, \
            1 − (1 − p)ⁿ, the categories there probably are, and the participants each goal takes.
            """))

    @OptionGroup var interviews: InterviewOrderOptions
    @Option(help: ArgumentHelp(words("The share of the categories to plan for, in percent."), valueName: "percent"))
    var goal: Double = 90
    @OptionGroup var figure: FigureOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard goal > 0 && goal < 100 else { throw Refusal("Please give --goal as a percentage above 0 and below 100.") }
    }

    func run() throws {
        let (raised, _) = try study.withStudy { try interviews.interviews($0) }
        let share = goal / 100
        guard let document = DiscoveryDocument(raised: raised, goal: share) else {
            throw Refusal("Please code the interviews of at least two participants first: discovery needs a category raised and two participants to estimate from (interviewed: \(raised.count); categories raised: \(Set(raised.flatMap(\.codes)).count)).")
        }
        if output.json { return try printJSON(document, command: "codes discovery") }
        let language = Voice.language
        print(TextRenderer.render(document.table(language: language)), terminator: "")
        print("")
        print(document.summary(language: language))
        try figure.write(Charts.discoveryCurve(p: document.discovery.pAdjusted, observed: document.observedShares, goal: share,
                                               needed: document.participantsNeeded, labels: Charts.discoveryLabels(goal: share, language: language)))
    }
}

struct CodesSaturation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saturation",
        abstract: words("Code saturation across the interviews in the order they were held (Guest, Namey & Chen 2020)."),
        discussion: words("""
            The categories raised in the first --base interviews are the denominator; a run of --run interviews \
            after them moves along one at a time, and saturation is reached at the first run whose categories not \
            raised before are at most --threshold percent of the base's. Each interview's new categories are listed.
            """))

    @OptionGroup var interviews: InterviewOrderOptions
    @Option(help: ArgumentHelp(words("Interviews in the base."), valueName: "n"))
    var base: Int = 4
    @Option(name: .customLong("run"), help: ArgumentHelp(words("Interviews in a run."), valueName: "n"))
    var runLength: Int = 2
    @Option(help: ArgumentHelp(words("The new-information threshold, in percent of the base's categories."), valueName: "percent"))
    var threshold: Double = 5
    @OptionGroup var figure: FigureOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard base >= 1, runLength >= 1 else { throw Refusal("Please give --base and --run as whole numbers of interviews, 1 or more.") }
        guard threshold >= 0 && threshold < 100 else { throw Refusal("Please give --threshold as a percentage from 0 to below 100.") }
    }

    func run() throws {
        let (raised, order) = try study.withStudy { try interviews.interviews($0) }
        let saturation = Saturation(sequence: raised, base: base, run: runLength, threshold: threshold / 100)
        guard base <= raised.count else {
            throw Refusal("Only \(raised.count) interviews were held: a base of \(base) needs more. Please give a smaller --base.")
        }
        guard saturation.baseCodes > 0 else {
            throw Refusal("Please code the first \(base) interview\(base == 1 ? "" : "s") first: the base raised no category to measure new information against.")
        }
        if output.json { return try printJSON(saturation, command: "codes saturation") }
        let language = Voice.language
        print(TextRenderer.render(ResultTable.saturation(saturation, order: order.text(language), language: language)), terminator: "")
        try figure.write(Charts.saturation(interviews: saturation.interviews.map(\.participant), new: saturation.interviews.map(\.new.count),
                                           cumulative: saturation.interviews.map(\.cumulative), base: base, saturatedAt: saturation.saturatedAt,
                                           labels: Charts.saturationLabels(language)))
    }
}
