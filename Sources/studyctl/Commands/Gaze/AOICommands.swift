import ArgumentParser
import Foundation
import Gaze
import Importing
import Results
import StudyStore

struct AOICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aoi",
        abstract: words("Areas of interest on the media of eye-tracking recordings."),
        subcommands: [AOIAdd.self, AOIImport.self, AOIList.self])
}

struct AOIAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Add an area of interest to a media."),
        discussion: words("""
            Coordinates are media pixels, origin at the top left.
            Examples: studyctl aoi add home.png Menu --rect 0,0,1280,80
                      studyctl aoi add home.png Logo --polygon 10,10,200,10,200,70,10,70
            """))

    @Argument(help: ArgumentHelp(words("The media (stimulus) name, as in the export.")))
    var media: String

    @Argument(help: ArgumentHelp(words("The AOI's name.")))
    var name: String

    @Option(help: ArgumentHelp(words("A rectangle: x,y,width,height."), valueName: "x,y,w,h"))
    var rect: String?

    @Option(help: ArgumentHelp(words("A polygon: x1,y1,x2,y2,x3,y3,…"), valueName: "points"))
    var polygon: String?

    @OptionGroup var study: StudyOptions

    func numbers(_ text: String, option: String) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let numbers = values.compactMap { $0 }.filter(\.isFinite)
        guard numbers.count == values.count else {
            throw Refusal("Please give --\(option) as numbers separated by commas; '\(text)' is not.")
        }
        return numbers
    }

    func validate() throws {
        if (rect == nil) == (polygon == nil) { throw Refusal("Please give one of --rect x,y,w,h and --polygon x1,y1,x2,y2,…") }
    }

    func run() throws {
        let shape: AOI.Shape
        if let rect {
            let values = try numbers(rect, option: "rect")
            guard values.count == 4 else { throw Refusal("Please give --rect as x,y,width,height (four numbers).") }
            shape = .rectangle(x: values[0], y: values[1], width: values[2], height: values[3])
        } else {
            let values = try numbers(polygon ?? "", option: "polygon")  // validate(): --rect or --polygon is given
            guard values.count >= 6, values.count % 2 == 0 else {
                throw Refusal("Please give --polygon as pairs x,y of at least three points.")
            }
            shape = .polygon(stride(from: 0, to: values.count, by: 2).map { AOI.Point(x: values[$0], y: values[$0 + 1]) })
        }
        try study.withStudy { try $0.addAOI(media: media, AOI(name: name, shape: shape)) }
        say("Added AOI \(name) to \(media)")
    }
}

struct AOIList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the areas of interest."))

    @OptionGroup var study: StudyOptions

    func run() throws {
        let areas = try study.withStudy { try $0.aois() }
        if areas.isEmpty { return say("No AOIs yet. Add one with 'studyctl aoi add MEDIA NAME --rect x,y,w,h'.") }
        printListing(ResultTable.areasOfInterest(areas, language: Voice.language))
    }
}

struct AOIImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: words("Import areas of interest from a CSV."),
        discussion: words("""
            Columns: media, aoi (or name), and x, y, width, height for rectangles, or points ("x y; x y; x y") for \
            polygons, in media pixels. All or nothing.
            """))

    @Argument(help: ArgumentHelp(words("The CSV file."), valueName: "file.csv"))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let count = try study.withStudy { try $0.importAOIs(from: file) }
        say(count == 1 ? "Imported 1 AOI from \(file)" : "Imported \(count) AOIs from \(file)")
    }
}
