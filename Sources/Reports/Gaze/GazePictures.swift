import Figures
import Foundation
import Gaze
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The eye-tracking pictures of one media — heat maps, blind-spot maps, scan paths — laid out over the stimulus
/// with their legends, in the study's language, for the command line and the report alike.
public enum GazePictures {
    /// What is drawn under a picture: the stimulus image (as PNG) when there is one, and the media's size.
    public struct Stimulus: Sendable {
        public var background: Data?
        public var width: Double
        public var height: Double
        /// Where the size came from, for the companion text.
        public var source: String
    }

    public enum Weight: String, Sendable, CaseIterable {
        /// Each fixation weighted by its duration (Tobii's "absolute duration").
        case duration
        /// Each fixation counted once (Tobii's "fixation count").
        case count
        /// Each fixation's duration as a share of its participant's total fixation time on the media (Tobii's
        /// "relative duration"): every participant weighs the same however long they looked.
        case relative
    }

    /// Whose fixations one picture shows.
    public struct Selection: Sendable {
        /// A name for the file (`all`, a group, a participant).
        public var name: String
        /// How the legend names it.
        public var label: String
        public var recordings: [(participant: String, fixations: [Fixation])]
    }

    /// The stimulus of `media`: `image` when given, else the registered image, else a blank of `size`, else a blank
    /// just past the farthest fixation.
    public static func stimulus(_ database: StudyDatabase, media: String, image: Data? = nil, size: (Int, Int)? = nil,
                                fixations: [Fixation]) throws -> Stimulus {
        try stimulus(image: try image ?? database.mediaImage(media), size: size, fixations: fixations)
    }

    /// The stimulus from an image's bytes (PNG or JPEG), else a blank of `size`, else one just past the fixations.
    public static func stimulus(image: Data?, size: (Int, Int)? = nil, fixations: [Fixation]) throws -> Stimulus {
        if let data = image {
            let decoded = try StimulusImage(data: data)
            return Stimulus(background: decoded.png, width: Double(decoded.width), height: Double(decoded.height),
                            source: "the stimulus image (\(decoded.kind.rawValue.uppercased()), \(decoded.width) × \(decoded.height) px)")
        }
        if let size { return Stimulus(background: nil, width: Double(size.0), height: Double(size.1), source: "given size \(size.0) × \(size.1) px") }
        let width = min(20_000, max(100, ((fixations.map(\.x).filter { $0 < 20_000 }.max() ?? 0) + 50).rounded()))
        let height = min(20_000, max(100, ((fixations.map(\.y).filter { $0 < 20_000 }.max() ?? 0) + 50).rounded()))
        return Stimulus(background: nil, width: width, height: height,
                        source: "no stimulus image: a blank \(Int(width)) × \(Int(height)) px, just past the farthest fixation")
    }

    /// The selections a command asks for: one per group of `by`, one per participant (`each`), the `participants`
    /// named together, or everyone.
    public static func selections(_ database: StudyDatabase, media: String, participants: [String] = [], by attribute: String? = nil,
                                  each: Bool = false, language: StudyLanguage) throws -> [Selection] {
        var recordings = try database.fixations(media: media)
        if !participants.isEmpty {
            let unknown = participants.filter { code in !recordings.contains { $0.participant.caseInsensitiveCompare(code) == .orderedSame } }
            if !unknown.isEmpty {
                let recorded = Array(Set(recordings.map(\.participant))).sorted(by: NaturalOrder.areInIncreasingOrder).joined(separator: ", ")
                throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no recording of \(unknown.joined(separator: ", ")) (recorded: \(recorded))")])
            }
            recordings = recordings.filter { recording in participants.contains { $0.caseInsensitiveCompare(recording.participant) == .orderedSame } }
        }
        if let attribute {
            let groups = try database.participantGroups(by: attribute)
            return groups.order.compactMap { group in
                let members = recordings.filter { groups.groupOf[$0.participant] == group }
                return members.isEmpty ? nil : Selection(name: fileName(group), label: "\(groups.attribute) = \(group)", recordings: members)
            }
        }
        if each {
            var seen: [String] = []
            for recording in recordings where !seen.contains(recording.participant) { seen.append(recording.participant) }
            return seen.map { code in
                Selection(name: fileName(code), label: (("participant " as Sentence).text(language)) + code, recordings: recordings.filter { $0.participant == code })
            }
        }
        let codes = Array(Set(recordings.map(\.participant))).sorted(by: NaturalOrder.areInIncreasingOrder)
        let label = participants.isEmpty ? (("all participants" as Sentence).text(language)) : codes.joined(separator: ", ")
        return [Selection(name: participants.isEmpty ? "all" : fileName(codes.joined(separator: "-")), label: label, recordings: recordings)]
    }

    /// A name safe in a file name: letters, digits, `-` and `_`; anything else becomes `_`.
    public static func fileName(_ text: String) -> String {
        String(text.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_" })
    }

    /// The heat map and the blind-spot map of one selection, over `stimulus`.
    public static func maps(_ selection: Selection, media: String, stimulus: Stimulus, weight: Weight, sigma: Double = 200.0 / 6,
                            language: StudyLanguage) throws -> (heat: Figure, blindSpot: Figure) {
        var points: [HeatMap.Point] = []
        for recording in selection.recordings {
            let total = recording.fixations.reduce(0) { $0 + $1.duration }
            for fixation in recording.fixations {
                let value: Double
                switch weight {
                case .duration: value = fixation.duration
                case .count: value = 1
                case .relative: value = total > 0 ? fixation.duration / total : 0
                }
                points.append(HeatMap.Point(x: fixation.x, y: fixation.y, weight: value))
            }
        }
        let map = HeatMap(width: Int(stimulus.width), height: Int(stimulus.height), points: points, sigma: sigma)
        let participants = Set(selection.recordings.map(\.participant)).count
        let measure: String
        switch weight {
        case .duration: measure = ("fixation duration" as Sentence).text(language)
        case .count: measure = ("fixation count" as Sentence).text(language)
        case .relative: measure = ("relative duration (per participant)" as Sentence).text(language)
        }
        let about = String(format: ("%@ · %d participant%@ · %d fixations · Gaussian kernel σ = %.0f px" as Sentence).text(language),
                           media, participants, participants == 1 ? "" : "s", points.count, sigma)
        let heat = Figure.gazeMap(width: stimulus.width, height: stimulus.height, background: stimulus.background, overlay: map.heatRaster(),
                                  legend: .heat(measure: measure, low: ("less" as Sentence).text(language), high: ("more" as Sentence).text(language)),
                                  notes: [selection.label, about])
        let fog = Figure.gazeMap(width: stimulus.width, height: stimulus.height, background: stimulus.background, overlay: map.blindSpotRaster(),
                                 legend: .fog(low: ("nobody looked" as Sentence).text(language), high: ("most attention" as Sentence).text(language)),
                                 notes: [selection.label, about])
        return (heat, fog)
    }

    /// Scan paths of one selection: each participant's fixations (or, `simplified`, their AOI visits: consecutive
    /// fixations in one AOI merged into one point at their duration-weighted centre, durations summed).
    /// `first` keeps each participant's first fixations (or visits) only: a whole session is a tangle no reader follows.
    public static func scanPath(_ selection: Selection, media: String, stimulus: Stimulus, simplified: Bool, aois: [AOI], first: Int?,
                                language: StudyLanguage) -> Figure {
        var total = 0
        let paths = selection.recordings.map { recording -> (label: String, points: [Figure.ScanPoint]) in
            let points = simplified ? visitPoints(recording.fixations, aois: aois)
                                    : recording.fixations.map { Figure.ScanPoint(x: $0.x, y: $0.y, duration: $0.duration) }
            total += points.count
            return (recording.participant, first.map { Array(points.prefix($0)) } ?? points)
        }
        let count = paths.reduce(0) { $0 + $1.points.count }
        let shown = count == total ? "\(count)" : (("the first \(count) of \(total)" as Sentence).text(language))
        var notes = [selection.label]
        notes.append(simplified
            ? (("\(media) · \(shown) AOI visits (consecutive fixations in one AOI merged) · area ∝ duration" as Sentence).text(language))
            : (("\(media) · \(shown) fixations, in order · circle area ∝ duration" as Sentence).text(language)))
        return Figure.scanPath(width: stimulus.width, height: stimulus.height, background: stimulus.background, paths: paths, notes: notes)
    }

    static func visitPoints(_ fixations: [Fixation], aois: [AOI]) -> [Figure.ScanPoint] {
        var points: [Figure.ScanPoint] = []
        var current: (aoi: String, x: Double, y: Double, duration: Double)?
        func close() {
            if let c = current, c.duration > 0 { points.append(Figure.ScanPoint(x: c.x / c.duration, y: c.y / c.duration, duration: c.duration)) }
            current = nil
        }
        for fixation in fixations {
            guard let aoi = aois.first(where: { $0.contains(fixation) }) else { close(); continue }
            if current?.aoi != aoi.name { close() }
            var run = current ?? (aoi.name, 0, 0, 0)
            run.x += fixation.x * fixation.duration
            run.y += fixation.y * fixation.duration
            run.duration += fixation.duration
            current = run
        }
        close()
        return points
    }

    /// Writes each figure as `name.png`, `.svg` and `.pdf` (or the `formats` asked for) into `folder`, all or nothing.
    public static func write(_ figures: [(name: String, figure: Figure)], about: [(name: String, text: String)] = [], into folder: String,
                             formats: [Figure.Format] = Figure.Format.allCases) throws {
        try AtomicOutput.folder(folder) { temporary in
            for (name, figure) in figures {
                for format in formats { try figure.write(to: "\(temporary)/\(name).\(format.rawValue)", format: format) }
            }
            for (name, text) in about { _ = FileManager.default.createFile(atPath: "\(temporary)/\(name)", contents: Data(text.utf8)) }
        }
    }
}
