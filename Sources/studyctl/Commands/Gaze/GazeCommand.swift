import ArgumentParser
import Figures
import Foundation
import Gaze
import Importing
import Results
import StudyStore
import Wording

struct GazeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaze",
        abstract: words("Eye tracking: import Tobii exports, register stimuli, AOI metrics, heat maps, scan paths."),
        subcommands: [GazeImport.self, GazeList.self, GazeMediaCommand.self, GazeMetricsCommand.self, GazeHeatmap.self,
                      GazeScanPath.self, GazeSimilarity.self, GazeSync.self])
}

/// The I-VT filter's parameters as options, at Tobii's defaults.
struct IVTOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(words("Find fixations with studyctl's I-VT filter even when the export has its own.")))
    var ivt = false

    @Option(help: ArgumentHelp(words("I-VT velocity threshold, °/s."), valueName: "deg/s"))
    var velocityThreshold: Double = 30

    @Option(help: ArgumentHelp(words("I-VT velocity window, ms."), valueName: "ms"))
    var velocityWindow: Double = 20

    @Option(help: ArgumentHelp(words("I-VT: fill gaps of invalid samples up to this long, ms (0: no fill-in)."), valueName: "ms"))
    var gapFill: Double = 75

    @Option(help: ArgumentHelp(words("I-VT: merge fixations at most this far apart in time, ms."), valueName: "ms"))
    var mergeGap: Double = 75

    @Option(help: ArgumentHelp(words("I-VT: … and in angle, degrees."), valueName: "deg"))
    var mergeAngle: Double = 0.5

    @Option(help: ArgumentHelp(words("I-VT: discard fixations shorter than this, ms."), valueName: "ms"))
    var minDuration: Double = 60

    @Option(help: ArgumentHelp(words("Eye–screen distance, mm (for angles)."), valueName: "mm"))
    var distanceMm: Double = 650

    @Option(help: ArgumentHelp(words("Size of one screen pixel, mm (0.277 for a 24-inch 1920×1080 screen)."), valueName: "mm"))
    var pixelMm: Double = 0.277

    var parameters: IVTParameters {
        var p = IVTParameters()
        p.velocityThreshold = velocityThreshold
        p.velocityWindow = velocityWindow
        p.gapFill = gapFill
        p.mergeGap = mergeGap
        p.mergeAngle = mergeAngle
        p.minimumDuration = minDuration
        p.distance = distanceMm
        p.pixelSize = pixelMm
        return p
    }
}

struct GazeImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: words("Import Tobii Studio or Tobii Pro Lab data exports (TSV)."),
        discussion: words("""
            The dialect is told from the header (RecordingTimestamp: Tobii Studio; Recording timestamp: Tobii Pro \
            Lab, in µs unless labelled [ms]); UTF-8 (with or without BOM) and UTF-16 are read, decimal commas too. \
            Each file is read row by row; its samples become fixations per participant × recording × media, stored \
            with the share of invalid samples (validity code 2 or more in Studio, "Invalid" in Pro Lab). Only \
            eye-tracker rows of a Pro Lab export are read. The export's own fixations are used when it has them; an \
            export with raw gaze only is classified by the I-VT filter (Olsen 2012, Tobii's defaults; --ivt forces \
            it), whose parameters are printed and stored. AOI hit columns become AOIs of their media. All files or \
            none.

            Examples: studyctl gaze import P1.tsv P2.tsv --add-participants --media-dir stimuli
                      studyctl gaze import raw.tsv --ivt --velocity-threshold 35 --pixel-mm 0.25
            """))

    @Argument(help: ArgumentHelp(words("The exported TSV files."), valueName: "file.tsv"), completion: .file(extensions: ["tsv", "txt", "csv"]))
    var files: [String]

    @Flag(help: ArgumentHelp(words("Add participants the study does not have yet (by default they are refused).")))
    var addParticipants = false

    @Option(help: ArgumentHelp(words("A folder of stimulus images (PNG or JPEG) named like the media, registered with them."), valueName: "folder"))
    var mediaDir: String?

    @OptionGroup(title: "Fixation filter") var filter: IVTOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        // Images are read and fully decoded while the import's transaction is open: a bad one stops it all.
        let folder = mediaDir
        let summary = try study.withStudy { database in
            try database.importGaze(from: files, addParticipants: addParticipants, ivt: filter.parameters, forceIVT: filter.ivt,
                                    image: folder.map { folder in { media in
                                        try StimulusFiles.find(media, in: folder).map { (try StimulusFiles.read($0), $0) }
                                    } })
        }
        for image in summary.registered { say("Registered \(image.media): \(image.file)") }
        let dialects = Sentence.joined(summary.dialects.map { Sentence(verbatim: $0) }, separator: " and ")
        say(summary.files == 1
            ? "Imported \(summary.recordings) recordings (\(summary.fixations) fixations from \(summary.samples) samples) from 1 \(dialects) export"
            : "Imported \(summary.recordings) recordings (\(summary.fixations) fixations from \(summary.samples) samples) from \(summary.files) \(dialects) exports")
        for filter in summary.filters { say("Fixations: \(filter)") }
        if !summary.addedParticipants.isEmpty { say("Added participants: \(summary.addedParticipants.joined(separator: ", "))") }
    }
}

/// Stimulus image files: found by media name, read and checked by decoding them.
enum StimulusFiles {
    /// `folder/media`, else a file of the media's name with another image extension.
    static func find(_ media: String, in folder: String) -> String? {
        let direct = (folder as NSString).appendingPathComponent(media)
        if FileManager.default.fileExists(atPath: direct) { return direct }
        let stem = (media as NSString).deletingPathExtension
        for ext in ["png", "jpg", "jpeg", "PNG", "JPG", "JPEG"] {
            let path = (folder as NSString).appendingPathComponent("\(stem).\(ext)")
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// The file's bytes, once a full decode has shown they are a PNG or JPEG image studyctl can draw.
    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Refusal("Cannot read the image \(path).")
        }
        do {
            _ = try StimulusImage(data: data)
        } catch let problem as StimulusImage.Problem {
            throw Refusal("\(path): \(failure: problem)")
        }
        return data
    }
}

struct GazeList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the recordings with their fixations and data quality."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let recordings = try study.withStudy { try $0.gazeRecordings() }
        if output.json { return try printJSON(recordings, command: "gaze list", key: "recordings") }
        if recordings.isEmpty { return say("No eye-tracking recordings yet. Import Tobii exports with 'studyctl gaze import FILE.tsv'.") }
        printListing(ResultTable.gazeRecordings(recordings, language: Voice.language))
        let filters = Array(Set(recordings.map(\.filter))).sorted()
        print("")
        say("Fixations: \(filters.joined(separator: "; "))")
    }
}

struct GazeMediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: words("Register stimulus images and list the media."),
        subcommands: [GazeMediaAdd.self, GazeMediaList.self], defaultSubcommand: GazeMediaList.self)
}

struct GazeMediaAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Register the image (PNG or JPEG) of a media; heat maps and scan paths are drawn over it."),
        discussion: words("Example: studyctl gaze media add home.png stimuli/home.jpg"))

    @Argument(help: ArgumentHelp(words("The media (stimulus) name, as in the export.")))
    var media: String

    @Argument(help: ArgumentHelp(words("The image file."), valueName: "image"), completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var image: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let data = try StimulusFiles.read(image)
        let size = try study.withStudy { try $0.registerMedia(media, image: data, file: image) }
        say("Registered \(media): \(size.type.uppercased()) image of \(size.width) × \(size.height) px")
    }
}

struct GazeMediaList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the media with their images, recordings and AOIs."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let media = try study.withStudy { try $0.gazeMedia() }
        if output.json { return try printJSON(media, command: "gaze media list", key: "media") }
        if media.isEmpty { return say("No media yet: they come with 'studyctl gaze import' or 'studyctl gaze media add'.") }
        printListing(ResultTable.gazeMedia(media, language: Voice.language))
    }
}
