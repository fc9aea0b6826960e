import ArgumentParser
import Figures
import Foundation
import Gaze
import Reports
import StudyStore

/// Whose fixations a picture shows, and what it is drawn over.
struct GazePictureOptions: ParsableArguments {
    @Option(name: .customLong("participant"), help: ArgumentHelp(words("Only these participants (repeat the option for several)."), valueName: "code"))
    var participants: [String] = []

    @Option(help: ArgumentHelp(words("One picture per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Flag(help: ArgumentHelp(words("One picture per participant.")))
    var each = false

    @Option(name: .shortAndLong, help: ArgumentHelp(words("The folder to write into."), valueName: "folder"))
    var output: String = "gaze"

    @Option(help: ArgumentHelp(words("The stimulus image (PNG or JPEG) to draw under the picture (default: the media's registered image)."), valueName: "file"))
    var image: String?

    @Option(help: ArgumentHelp(words("The media's size in pixels when it has no image (default: just past the farthest fixation)."), valueName: "WxH"))
    var size: String?

    @Option(name: .customLong("format"), help: ArgumentHelp(words("Write only these formats (repeat the option; default: png, svg and pdf)."), valueName: "png|svg|pdf"))
    var formats: [Figure.Format] = []

    /// The formats to write: those asked for, else all three.
    var chosenFormats: [Figure.Format] { [.png, .svg, .pdf].filter { formats.isEmpty || formats.contains($0) } }
    var formatNames: String { chosenFormats.map { $0.rawValue.uppercased() }.joined(separator: ", ") }

    func validate() throws {
        if by != nil && each { throw Refusal("Please give either --by ATTRIBUTE or --each, not both.") }
        if let size {
            let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ (1...20_000).contains($0) }) else { throw Refusal("Please give --size as WIDTHxHEIGHT, e.g. 1280x800.") }
        }
    }

    var parsedSize: (Int, Int)? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    func imageData() throws -> Data? { try image.map(StimulusFiles.read) }
}

struct GazeHeatmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heatmap",
        abstract: words("Draw heat maps and blind-spot maps of a media over its image, as PNG, SVG and PDF."),
        discussion: words("""
            Fixations are spread with a Gaussian kernel (SD 200/6 ≈ 33 px by default, PyGazeAnalyser's recipe) and \
            weighted by their duration (Tobii's absolute duration), counted once (--weight count) or as a share of \
            each participant's fixation time (--weight relative); the heat is transparent below the mean of the \
            non-zero cells. The blind-spot map is its inverse: a fog that clears where attention was. Each picture \
            carries a colour legend and its parameters; a text file beside them says the rest. Same input, same bytes.

            Examples: studyctl gaze heatmap home.png
                      studyctl gaze heatmap home.png --by level --weight relative -o maps
            """))

    @Argument(help: ArgumentHelp(words("The media (stimulus) name, as in the export.")))
    var media: String

    @Option(help: ArgumentHelp(words("Weight each fixation by its duration, count it once, or by its share of the participant's time."), valueName: "duration|count|relative"))
    var weight: GazePictures.Weight = .duration

    @Option(help: ArgumentHelp(words("The Gaussian kernel's standard deviation, px."), valueName: "px"))
    var sigma: Double = 200.0 / 6

    @OptionGroup var pictures: GazePictureOptions
    @OptionGroup var study: StudyOptions

    func validate() throws {
        guard sigma.isFinite, sigma >= 1, sigma <= 500 else { throw Refusal("Please give --sigma between 1 and 500 pixels.") }
    }

    func run() throws {
        let (figures, about, fixations) = try study.withStudy { database -> ([(String, Figure)], String, Int) in
            let language = try database.info().language
            let selections = try GazePictures.selections(database, media: media, participants: pictures.participants, by: pictures.by,
                                                         each: pictures.each, language: language)
            let all = selections.flatMap { $0.recordings.flatMap(\.fixations) }
            let stimulus = try GazePictures.stimulus(database, media: media, image: try pictures.imageData(), size: pictures.parsedSize, fixations: all)
            let base = GazePictures.fileName((media as NSString).deletingPathExtension)
            var figures: [(String, Figure)] = []
            for selection in selections {
                let (heat, fog) = try GazePictures.maps(selection, media: media, stimulus: stimulus, weight: weight, sigma: sigma, language: language)
                figures.append(("\(base)-heatmap-\(selection.name)", heat))
                figures.append(("\(base)-blind-spot-\(selection.name)", fog))
            }
            let about = """
                media: \(media)
                pictures: \(selections.map { "\($0.name) (\($0.label), \(Set($0.recordings.map(\.participant)).count) participants)" }.joined(separator: "; "))
                fixations: \(all.count)
                kernel: Gaussian, SD \(String(format: "%.1f", sigma)) px, truncated at 3 SD (PyGazeAnalyser: 200 px wide, SD = width / 6)
                weight: \(weight == .duration ? "fixation duration (ms)" : weight == .count ? "one per fixation" : "fixation duration ÷ the participant's total fixation time on the media")
                heat map: transparent below the mean of the non-zero cells; blue → red up to the maximum; alpha 0.6
                blind-spot map: grey fog, opacity 0.85 × (1 − attention / maximum)
                drawn over: \(stimulus.source)

                """
            return (figures, about, all.count)
        }
        let base = GazePictures.fileName((media as NSString).deletingPathExtension)
        try GazePictures.write(figures.map { (name: $0.0, figure: $0.1) }, about: [("\(base)-maps.txt", about)], into: pictures.output,
                               formats: pictures.chosenFormats)
        say("Wrote \(figures.count) maps (\(pictures.formatNames)) of \(media) from \(fixations) fixations into \(pictures.output)/: \(figures.map(\.0).joined(separator: ", "))")
    }
}

extension GazePictures.Weight: ExpressibleByArgument {}
extension Figure.Format: ExpressibleByArgument {}

struct GazeScanPath: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanpath",
        abstract: words("Draw scan paths over a media's image: fixations numbered in order, circle area ∝ duration."),
        discussion: words("""
            Each participant's first 30 fixations by default (--first N, or --all). One picture per participant by \
            default; --together draws the selected participants in one picture, a \
            colour each. --simplify draws AOI visits instead of fixations: consecutive fixations in one AOI become \
            one circle at their duration-weighted centre (fixations outside every AOI are left out).

            Examples: studyctl gaze scanpath home.png --participant P1
                      studyctl gaze scanpath home.png --together --simplify
            """))

    @Argument(help: ArgumentHelp(words("The media (stimulus) name, as in the export.")))
    var media: String

    @Flag(help: ArgumentHelp(words("All selected participants in one picture.")))
    var together = false

    @Flag(help: ArgumentHelp(words("Draw AOI visits (consecutive fixations in one AOI merged) instead of fixations.")))
    var simplify = false

    @Option(help: ArgumentHelp(words("Draw each participant's first N fixations (or visits)."), valueName: "N"))
    var first: Int = 30

    @Flag(name: .customLong("all"), help: ArgumentHelp(words("Draw every fixation, however many.")))
    var allFixations = false

    func validate() throws {
        if first < 1 { throw Refusal("Please give --first as a positive number of fixations.") }
    }

    @OptionGroup var pictures: GazePictureOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let figures = try study.withStudy { database -> [(String, Figure)] in
            let language = try database.info().language
            let selections = try GazePictures.selections(database, media: media, participants: pictures.participants, by: pictures.by,
                                                         each: pictures.by == nil && !together, language: language)
            let all = selections.flatMap { $0.recordings.flatMap(\.fixations) }
            let stimulus = try GazePictures.stimulus(database, media: media, image: try pictures.imageData(), size: pictures.parsedSize, fixations: all)
            let aois = try database.aois().filter { $0.media.caseInsensitiveCompare(media) == .orderedSame }.map(\.aoi)
            if simplify && aois.isEmpty {
                throw Refusal("--simplify merges fixations by AOI, and \(media) has no AOIs; add them with 'studyctl aoi add'.")
            }
            let base = GazePictures.fileName((media as NSString).deletingPathExtension)
            return selections.map { selection in
                ("\(base)-scanpath\(simplify ? "-visits" : "")-\(selection.name)",
                 GazePictures.scanPath(selection, media: media, stimulus: stimulus, simplified: simplify, aois: aois,
                                       first: allFixations ? nil : first, language: language))
            }
        }
        try GazePictures.write(figures.map { (name: $0.0, figure: $0.1) }, into: pictures.output, formats: pictures.chosenFormats)
        let names = figures.map(\.0).joined(separator: ", ")
        say(figures.count == 1 ? "Wrote 1 scan path (\(pictures.formatNames)) of \(media) into \(pictures.output)/: \(names)"
            : "Wrote \(figures.count) scan paths (\(pictures.formatNames)) of \(media) into \(pictures.output)/: \(names)")
    }
}
