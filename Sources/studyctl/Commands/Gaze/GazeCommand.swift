import ArgumentParser
import Foundation
import Gaze
import StudyStore
import Tabular

struct GazeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaze",
        abstract: "Eye tracking: import Tobii exports, list recordings, compute AOI metrics.",
        subcommands: [GazeImport.self, GazeList.self, GazeMetricsCommand.self])
}

struct GazeImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import Tobii Studio or Tobii Pro Lab data exports (TSV).",
        discussion: """
            The dialect is told from the header (RecordingTimestamp: Tobii Studio; Recording timestamp: Tobii Pro \
            Lab, in µs unless labelled [ms]). Each file is read row by row; its samples become fixations per \
            participant × recording × media (the export's own fixations and durations), stored with the share of \
            invalid samples (validity code 2 or more in Studio, "Invalid" in Pro Lab). Only eye-tracker rows of a Pro \
            Lab export are read. Decimal commas are read. All files or none.

            Example: studyctl gaze import P1.tsv P2.tsv --add-participants
            """)

    @Argument(help: ArgumentHelp("The exported TSV files.", valueName: "file.tsv"), completion: .file(extensions: ["tsv", "txt", "csv"]))
    var files: [String]

    @Flag(help: "Add participants the study does not have yet (by default they are refused).")
    var addParticipants = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let summary = try study.withStudy { try $0.importGaze(from: files, addParticipants: addParticipants) }
        print("Imported \(summary.recordings) recording\(summary.recordings == 1 ? "" : "s") (\(summary.fixations) fixations from \(summary.samples) samples) "
              + "from \(summary.files) \(summary.dialects.joined(separator: " and ")) export\(summary.files == 1 ? "" : "s")")
        if !summary.addedParticipants.isEmpty { print("Added participants: " + summary.addedParticipants.joined(separator: ", ")) }
    }
}

struct GazeList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the recordings with their fixations and data quality.")

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let recordings = try study.withStudy { try $0.gazeRecordings() }
        if output.json { return try printJSON(recordings, command: "gaze list", key: "recordings") }
        if recordings.isEmpty { return print("No eye-tracking recordings yet. Import Tobii exports with 'studyctl gaze import FILE.tsv'.") }
        var table = TextTable(["media", "participant", "recording", "samples", "invalid", "fixations"], rightAligned: [3, 4, 5])
        for recording in recordings {
            table.append([recording.media, recording.participant, recording.recording, String(recording.samples),
                          percent(recording.invalidShare), String(recording.fixations)])
        }
        print(table.render())
    }
}

struct GazeMetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Tobii's AOI metrics per participant × media × AOI.",
        discussion: """
            Time to first fixation (from the media's first sample), fixations before it, first fixation duration, \
            total fixation duration, fixation count, visits (runs of fixations inside the AOI) and average fixation \
            duration, in milliseconds; a fixation is in an AOI when its centre is. Define AOIs with 'studyctl aoi add'.
            """)

    @Flag(help: "Write CSV instead of a table.")
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let rows = try study.withStudy { try $0.gazeMetrics() }
        if output.json { return try printJSON(rows, command: "gaze metrics", key: "rows") }
        func ms(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "" }
        if csv {
            var writer = CSVWriter()
            writer.writeRow(["participant", "media", "recording", "aoi", "time_to_first_fixation_ms", "fixations_before", "first_fixation_ms",
                             "total_fixation_ms", "fixation_count", "visit_count", "average_fixation_ms"])
            for row in rows {
                let m = row.metrics
                writer.writeRow([row.participant, row.media, row.recording, m.aoi, ms(m.timeToFirstFixation), m.fixationsBefore.map(String.init) ?? "",
                                 ms(m.firstFixationDuration), ms(m.totalFixationDuration), String(m.fixationCount), String(m.visitCount), ms(m.averageFixationDuration)])
            }
            return print(writer.text, terminator: "")
        }
        if rows.isEmpty { return print("No AOI metrics: import recordings with 'studyctl gaze import' and define AOIs with 'studyctl aoi add'.") }
        var table = TextTable(["media", "participant", "AOI", "TTFF ms", "before", "first ms", "total ms", "count", "visits", "mean ms"],
                              rightAligned: Set(3...9))
        for row in rows {
            let m = row.metrics
            table.append([row.media, row.participant, m.aoi, ms(m.timeToFirstFixation), m.fixationsBefore.map(String.init) ?? "", ms(m.firstFixationDuration),
                          ms(m.totalFixationDuration), String(m.fixationCount), String(m.visitCount), ms(m.averageFixationDuration)])
        }
        print(table.render())
        print("\nTobii's definitions; times in ms from the media's first sample; a fixation counts for an AOI when its centre lies in it.")
    }
}

struct AOICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aoi",
        abstract: "Areas of interest on the media of eye-tracking recordings.",
        subcommands: [AOIAdd.self, AOIList.self])
}

struct AOIAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an area of interest to a media.",
        discussion: """
            Coordinates are media pixels, origin at the top left.
            Examples: studyctl aoi add home.png Menu --rect 0,0,1280,80
                      studyctl aoi add home.png Logo --polygon 10,10,200,10,200,70,10,70
            """)

    @Argument(help: "The media (stimulus) name, as in the export.")
    var media: String

    @Argument(help: "The AOI's name.")
    var name: String

    @Option(help: ArgumentHelp("A rectangle: x,y,width,height.", valueName: "x,y,w,h"))
    var rect: String?

    @Option(help: ArgumentHelp("A polygon: x1,y1,x2,y2,x3,y3,…", valueName: "points"))
    var polygon: String?

    @OptionGroup var study: StudyOptions

    func numbers(_ text: String, option: String) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw ValidationError("Please give --\(option) as numbers separated by commas; '\(text)' is not.")
        }
        return values.map { $0! }
    }

    func validate() throws {
        if (rect == nil) == (polygon == nil) { throw ValidationError("Please give one of --rect x,y,w,h and --polygon x1,y1,x2,y2,…") }
    }

    func run() throws {
        let shape: AOI.Shape
        if let rect {
            let values = try numbers(rect, option: "rect")
            guard values.count == 4 else { throw ValidationError("Please give --rect as x,y,width,height (four numbers).") }
            shape = .rectangle(x: values[0], y: values[1], width: values[2], height: values[3])
        } else {
            let values = try numbers(polygon!, option: "polygon")
            guard values.count >= 6, values.count % 2 == 0 else {
                throw ValidationError("Please give --polygon as pairs x,y of at least three points.")
            }
            shape = .polygon(stride(from: 0, to: values.count, by: 2).map { AOI.Point(x: values[$0], y: values[$0 + 1]) })
        }
        try study.withStudy { try $0.addAOI(media: media, AOI(name: name, shape: shape)) }
        print("Added AOI \(name) to \(media)")
    }
}

struct AOIList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the areas of interest.")

    @OptionGroup var study: StudyOptions

    func run() throws {
        let areas = try study.withStudy { try $0.aois() }
        if areas.isEmpty { return print("No AOIs yet. Add one with 'studyctl aoi add MEDIA NAME --rect x,y,w,h'.") }
        var table = TextTable(["media", "AOI", "shape"])
        for (media, aoi) in areas {
            switch aoi.shape {
            case let .rectangle(x, y, w, h): table.append([media, aoi.name, "rectangle \(fixed(x, 0)),\(fixed(y, 0)) \(fixed(w, 0))×\(fixed(h, 0))"])
            case let .polygon(points): table.append([media, aoi.name, "polygon of \(points.count) points"])
            }
        }
        print(table.render())
    }
}
