import ArgumentParser
import Foundation
import Figures
import Gaze
import Reports
import StudyStore
import Tabular

struct GazeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaze",
        abstract: "Eye tracking: import Tobii exports, list recordings, compute AOI metrics.",
        subcommands: [GazeImport.self, GazeList.self, GazeMetricsCommand.self, GazeHeatmap.self])
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
        /// One row's cells, the same for the CSV and the table: participant, media, recording, AOI, then the metrics.
        func cells(_ row: GazeMetricsRow) -> [String] {
            let m = row.metrics
            return [row.participant, row.media, row.recording, m.aoi, ms(m.timeToFirstFixation), m.fixationsBefore.map(String.init) ?? "",
                    ms(m.firstFixationDuration), ms(m.totalFixationDuration), String(m.fixationCount), String(m.visitCount), ms(m.averageFixationDuration)]
        }
        if csv {
            var writer = CSVWriter()
            writer.writeRow(["participant", "media", "recording", "aoi", "time_to_first_fixation_ms", "fixations_before", "first_fixation_ms",
                             "total_fixation_ms", "fixation_count", "visit_count", "average_fixation_ms"])
            for row in rows { writer.writeRow(cells(row)) }
            return print(writer.text, terminator: "")
        }
        if rows.isEmpty { return print("No AOI metrics: import recordings with 'studyctl gaze import' and define AOIs with 'studyctl aoi add'.") }
        var table = TextTable(["participant", "media", "recording", "AOI", "TTFF ms", "before", "first ms", "total ms", "count", "visits", "mean ms"],
                              rightAligned: Set(4...10))
        for row in rows { table.append(cells(row)) }
        print(table.render())
        print("\nTobii's definitions; times in ms from the media's first sample; a fixation counts for an AOI when its centre lies in it.")
    }
}

struct AOICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aoi",
        abstract: "Areas of interest on the media of eye-tracking recordings.",
        subcommands: [AOIAdd.self, AOIImport.self, AOIList.self])
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

struct GazeHeatmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heatmap",
        abstract: "Draw the heat map and the blind-spot map of a media, over its image, as PNG, SVG and PDF.",
        discussion: """
            Every participant's fixations on the media, each spread with a Gaussian kernel (SD 200/6 px, \
            PyGazeAnalyser's recipe) and weighted by its duration (or 1 with --weight count); the heat is drawn \
            transparent below the mean of the non-zero cells. The blind-spot map is its inverse: a fog that clears \
            where attention was. The parameters are written in the file names' companion text file.

            Example: studyctl gaze heatmap home.png --image stimuli/home.png -o heatmaps
            """)

    enum Weight: String, ExpressibleByArgument, CaseIterable { case duration, count }

    @Argument(help: "The media (stimulus) name, as in the export.")
    var media: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into.", valueName: "folder"))
    var output: String = "heatmaps"

    @Option(help: ArgumentHelp("The stimulus image (PNG) to draw under the map; its size is the map's size.", valueName: "file.png"))
    var image: String?

    @Option(help: ArgumentHelp("The media's size in pixels when there is no image (default: just past the farthest fixation).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Weight each fixation by its duration or count it once.", valueName: "duration|count"))
    var weight: Weight = .duration

    @OptionGroup var study: StudyOptions

    func run() throws {
        let recordings = try study.withStudy { try $0.fixations(media: media) }
        let all = recordings.flatMap(\.fixations)
        var background: Data?
        var width = 0.0, height = 0.0
        if let image {
            guard let data = FileManager.default.contents(atPath: image), data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
                  data.count > 24 else {
                throw ValidationError("Please give --image as a PNG file; \(image) is not one (or cannot be read).")
            }
            background = data
            width = Double(data[16..<20].reduce(0) { $0 << 8 | Int($1) })
            height = Double(data[20..<24].reduce(0) { $0 << 8 | Int($1) })
            guard (1...20_000).contains(width), (1...20_000).contains(height) else {
                throw ValidationError("\(image) is \(Int(width)) × \(Int(height)) pixels; a stimulus image may be at most 20000 pixels on a side.")
            }
        } else if let size {
            let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= 20_000 }) else { throw ValidationError("Please give --size as WIDTHxHEIGHT, e.g. 1280x800.") }
            width = parts[0]
            height = parts[1]
        } else {
            // Just past the farthest fixation on the screen, within the same 20000-pixel bound.
            width = min(20_000, max(100, ((all.map(\.x).filter { $0 < 20_000 }.max() ?? 0) + 50).rounded()))
            height = min(20_000, max(100, ((all.map(\.y).filter { $0 < 20_000 }.max() ?? 0) + 50).rounded()))
        }
        let points = all.map { HeatMap.Point(x: $0.x, y: $0.y, weight: weight == .duration ? $0.duration : 1) }
        let map = HeatMap(width: Int(width), height: Int(height), points: points)
        let heat = try map.heatPNG()
        let fog = try map.blindSpotPNG()
        let base = (media as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")
        try AtomicOutput.folder(output) { folder in
            for (name, overlay) in [("\(base)-heatmap", heat), ("\(base)-blind-spot", fog)] {
                let figure = Figure.overlay(width: width, height: height, background: background, overlay: overlay)
                for format in Figure.Format.allCases {
                    try figure.write(to: "\(folder)/\(name).\(format.rawValue)", format: format)
                }
            }
            let about = """
                media: \(media)
                participants: \(recordings.count) (\(recordings.map(\.participant).joined(separator: ", ")))
                fixations: \(all.count)
                kernel: Gaussian, SD \(String(format: "%.1f", map.sigma)) px (PyGazeAnalyser: 200 px wide, SD = width / 6)
                weight: \(weight == .duration ? "fixation duration (ms)" : "one per fixation")
                heat map: transparent below the mean of the non-zero cells; blue → red up to the maximum
                blind-spot map: grey fog, opacity 0.85 × (1 − attention / maximum)
                size: \(Int(width)) × \(Int(height)) px

                """
            _ = FileManager.default.createFile(atPath: "\(folder)/\(base)-maps.txt", contents: Data(about.utf8))
        }
        print("Wrote \(output)/\(base)-heatmap and \(base)-blind-spot (PNG, SVG, PDF) from \(all.count) fixations of \(recordings.count) participant\(recordings.count == 1 ? "" : "s")")
    }
}

struct AOIImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import areas of interest from a CSV.",
        discussion: """
            Columns: media, aoi (or name), and x, y, width, height for rectangles, or points ("x y; x y; x y") for \
            polygons, in media pixels. All or nothing.
            """)

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv"))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let count = try study.withStudy { try $0.importAOIs(from: file) }
        print("Imported \(count) AOI\(count == 1 ? "" : "s") from \(file)")
    }
}
