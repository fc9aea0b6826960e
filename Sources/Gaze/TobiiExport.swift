import Foundation
import Wording

/// The two Tobii data-export dialects studyctl reads, told apart by their header.
///
/// Column names and semantics from Tobii Studio 3.x and Tobii Pro Lab exports as documented in
/// shared/research/eye-tracking.md §C.1–C.2 (EMDAT TobiiV3 reader, GazePlotter's TobiiRowParser).
public enum TobiiDialect: String, Sendable, Equatable {
    /// Tobii Studio: `RecordingTimestamp` in ms, validity codes 0–4 per eye, `MediaName`.
    case studio
    /// Tobii Pro Lab: `Recording timestamp` (µs unless labelled `[ms]`), validity "Valid"/"Invalid",
    /// `Presented Stimulus name`, and a `Sensor` column whose non-eye-tracker rows are skipped.
    case proLab
}

/// Where each field studyctl keeps sits in an export's header, and how to read it.
public struct TobiiColumns: Sendable, Equatable {
    public var dialect: TobiiDialect
    public var participant: Int?
    public var recording: Int?
    public var media: Int?
    public var timestamp: Int
    /// Seconds per timestamp unit × 1000: 1 for ms, 0.001 for µs.
    public var timestampToMilliseconds: Double
    public var eventType: Int?
    public var eventIndex: Int?
    public var eventDuration: Int?
    public var fixationX: Int?
    public var fixationY: Int?
    public var gazeX: Int?
    public var gazeY: Int?
    public var validityLeft: Int?
    public var validityRight: Int?
    public var sensor: Int?
    /// Studio's `FixationFilter` column: the filter Tobii Studio classified the samples with.
    public var fixationFilter: Int?
    /// Pro Lab's `Recording start time`: the time of day (local, as the recording computer had it) of the recording's zero.
    public var startTime: Int? = nil
    /// Studio's `LocalTimeStamp`: each sample's time of day (local), from which the recording's zero follows.
    public var localTime: Int? = nil
    /// AOI hit columns (`AOI[name]Hit` in Studio, `AOI hit [stimulus - name]` in Pro Lab).
    public var aoiHits: [AOIHitColumn]

    /// One AOI hit column: the AOI's name, the stimulus it belongs to when the header says (Pro Lab), its position.
    public struct AOIHitColumn: Sendable, Equatable {
        public var name: String
        public var media: String?
        public var index: Int
    }

    public enum Problem: Error, WordedError, Equatable, LocalizedError {
        case notATobiiExport(found: [String])
        case missing(dialect: TobiiDialect, columns: [String])

        public var errorDescription: String? { sentence.description }


        public var sentence: Sentence {
            switch self {
            case let .notATobiiExport(found):
                let names = found.prefix(6).map { "'\($0)'" }.joined(separator: ", ") + (found.count > 6 ? ", …" : "")
                return "the header is not a Tobii Studio or Tobii Pro Lab data export (no RecordingTimestamp or Recording timestamp column; found \(names))"
            case let .missing(dialect, columns):
                let (fixations, gaze) = (columns.first ?? "", columns.last ?? "")
                return "this \(dialect == .studio ? "Tobii Studio" : "Tobii Pro Lab") export has neither \(fixations) (the export's fixations) nor \(gaze) (raw gaze, for the I-VT filter); export it with those columns selected"
            }
        }
    }

    /// The positions of every column `sample(_:)` reads.
    public var usedColumns: Set<Int> {
        let optional: [Int?] = [participant, recording, media, timestamp, eventType, eventIndex, eventDuration, fixationX, fixationY,
                                gazeX, gazeY, validityLeft, validityRight, sensor, fixationFilter,
                                startTime, localTime]
        return Set(optional.compactMap { $0 } + aoiHits.map(\.index))
    }

    /// Whether the export carries its own fixations (event type, index and fixation point).
    public var hasFixations: Bool { eventType != nil && eventIndex != nil && fixationX != nil && fixationY != nil }
    /// Whether the export carries raw gaze points, from which the I-VT filter can find fixations.
    public var hasGaze: Bool { gazeX != nil && gazeY != nil }

    /// Maps `header` (the export's column names, in order).
    public init(header: [String]) throws {
        func find(_ names: [String]) -> Int? {
            for name in names {
                if let index = header.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return index }
            }
            return nil
        }
        func prefixed(_ prefix: String) -> Int? {
            header.firstIndex { $0.lowercased().hasPrefix(prefix.lowercased()) }
        }
        if let index = find(["RecordingTimestamp"]) {
            dialect = .studio
            timestamp = index
            timestampToMilliseconds = 1
            participant = find(["ParticipantName"])
            recording = find(["RecordingName"])
            media = find(["MediaName"])
            eventType = find(["GazeEventType"])
            eventIndex = find(["FixationIndex"])
            eventDuration = find(["GazeEventDuration"])
            fixationX = find(["FixationPointX (MCSpx)"])
            fixationY = find(["FixationPointY (MCSpx)"])
            gazeX = find(["GazePointX (MCSpx)", "GazePointX (ADCSpx)"])
            gazeY = find(["GazePointY (MCSpx)", "GazePointY (ADCSpx)"])
            validityLeft = find(["ValidityLeft"])
            validityRight = find(["ValidityRight"])
            sensor = nil
            fixationFilter = find(["FixationFilter"])
            localTime = find(["LocalTimeStamp"])
            // A repeated AOI name comes back with a suffix (`AOI[Quadrant 1]Hit__1`); the first column is the AOI's.
            var hits: [AOIHitColumn] = []
            for (index, name) in header.enumerated() where name.hasPrefix("AOI[") && name.contains("]Hit") {
                let aoi = String(name.dropFirst(4).prefix { $0 != "]" })
                if !aoi.isEmpty, !hits.contains(where: { $0.name == aoi }) { hits.append(AOIHitColumn(name: aoi, media: nil, index: index)) }
            }
            aoiHits = hits
        } else if let index = prefixed("Recording timestamp") {
            dialect = .proLab
            timestamp = index
            // Older Pro Lab versions wrote microseconds without a unit; newer ones label the column.
            timestampToMilliseconds = header[index].contains("[ms]") ? 1 : 0.001
            participant = find(["Participant name"])
            recording = find(["Recording name"])
            media = find(["Presented Stimulus name", "Recording media name", "Presented Media name"])
            eventType = find(["Eye movement type"])
            eventIndex = find(["Eye movement type index"])
            eventDuration = prefixed("Eye movement event duration") ?? prefixed("Gaze event duration")
            fixationX = find(["Fixation point X"]) ?? prefixed("Fixation point X [")
            fixationY = find(["Fixation point Y"]) ?? prefixed("Fixation point Y [")
            gazeX = find(["Gaze point X"]) ?? prefixed("Gaze point X [")
            gazeY = find(["Gaze point Y"]) ?? prefixed("Gaze point Y [")
            validityLeft = find(["Validity left"])
            validityRight = find(["Validity right"])
            sensor = find(["Sensor"])
            fixationFilter = find(["Recording Fixation filter name"])
            startTime = find(["Recording start time"])
            var hits: [AOIHitColumn] = []
            for (index, name) in header.enumerated() where name.hasPrefix("AOI hit [") {
                let inside = String(name.dropFirst("AOI hit [".count).dropLast(name.hasSuffix("]") ? 1 : 0))
                var aoi = inside
                var stimulus: String?
                if let dash = inside.range(of: " - ") {
                    stimulus = String(inside[..<dash.lowerBound])
                    aoi = String(inside[dash.upperBound...])
                }
                if !aoi.isEmpty, !hits.contains(where: { $0.name == aoi && $0.media == stimulus }) {
                    hits.append(AOIHitColumn(name: aoi, media: stimulus, index: index))
                }
            }
            aoiHits = hits
        } else {
            throw Problem.notATobiiExport(found: header)
        }
        if !hasFixations && !hasGaze {
            throw Problem.missing(dialect: dialect, columns: dialect == .studio
                ? ["GazeEventType + FixationIndex", "GazePointX + GazePointY"]
                : ["Eye movement type + Eye movement type index", "Gaze point X + Gaze point Y"])
        }
    }
}

/// One gaze sample of an export, with what studyctl keeps of it.
public struct GazeSample: Sendable, Equatable {
    public enum Event: String, Sendable, Equatable { case fixation, saccade, unclassified, eyesNotFound }

    public var participant: String
    public var recording: String
    public var media: String
    public var milliseconds: Double
    public var event: Event?
    public var eventIndex: Int?
    public var eventDuration: Double?
    public var fixationX: Double?
    public var fixationY: Double?
    /// The gaze point (both eyes' average, as the export gives it), media pixels.
    public var gazeX: Double? = nil
    public var gazeY: Double? = nil
    /// Whether the sample is valid: validity code below 2 on at least one eye (Studio), "Valid" (Pro Lab).
    public var valid: Bool
    /// AOIs this sample hits (from the export's AOI hit columns).
    public var aoiHits: Set<String>
    /// AOIs the export defines on this sample's media: Pro Lab names the stimulus in the column; Studio leaves the
    /// cell empty on media the AOI is not drawn on.
    public var aoisDefined: [String] = []
    /// The fixation filter the export names (Studio's `FixationFilter`), if any.
    public var filter: String? = nil
    /// The time of day of the recording's zero (ms since midnight, the recording computer's local time), when the
    /// export says it: Pro Lab's `Recording start time`, or Studio's `LocalTimeStamp` less the sample's `RecordingTimestamp`.
    public var recordingStartOfDay: Double? = nil
}

extension TobiiColumns {
    /// Reads one row of the export; `nil` for rows to skip (a Pro Lab row of another sensor, a row without time).
    public func sample(_ fields: [String]) -> GazeSample? {
        func text(_ index: Int?) -> String? {
            guard let index, index < fields.count else { return nil }
            return Self.trimmed(fields[index])
        }
        func number(_ index: Int?) -> Double? { text(index).flatMap(Self.number) }
        // The exports' own spellings are compared first: Foundation's case-insensitive comparison and lowercasing
        // ran for every row.
        if let sensor = text(sensor), sensor != "Eye Tracker", sensor.caseInsensitiveCompare("Eye Tracker") != .orderedSame { return nil }
        guard let time = number(timestamp) else { return nil }
        let event: GazeSample.Event? = text(eventType).flatMap { value in
            switch value {
            case "Fixation": return .fixation
            case "Saccade": return .saccade
            case "Unclassified": return .unclassified
            case "EyesNotFound": return .eyesNotFound
            default: break
            }
            switch value.lowercased() {
            case "fixation": return .fixation
            case "saccade": return .saccade
            case "unclassified": return .unclassified
            case "eyesnotfound": return .eyesNotFound
            default: return nil
            }
        }
        let valid: Bool
        switch dialect {
        case .studio:
            let (left, right) = (number(validityLeft), number(validityRight))
            valid = (left == nil && right == nil) || (left ?? 2) < 2 || (right ?? 2) < 2
        case .proLab:
            let states = [text(validityLeft), text(validityRight)].compactMap { $0?.lowercased() }
            valid = states.isEmpty || states.contains("valid")
        }
        var hits = Set<String>()
        var defined: [String] = []
        defined.reserveCapacity(aoiHits.count)
        let mediaName = text(media) ?? ""
        for column in aoiHits {
            if let stimulus = column.media, stimulus.caseInsensitiveCompare(mediaName) != .orderedSame { continue }
            guard let value = text(column.index) else { continue }
            defined.append(column.name)
            if value == "1" { hits.insert(column.name) }
        }
        return GazeSample(participant: text(participant) ?? "", recording: text(recording) ?? "", media: mediaName,
                          milliseconds: time * timestampToMilliseconds, event: event, eventIndex: text(eventIndex).flatMap { Int($0) },
                          // Event durations are milliseconds in both dialects ("GazeEventDuration", "… duration [ms]").
                          eventDuration: number(eventDuration),
                          fixationX: number(fixationX), fixationY: number(fixationY), gazeX: number(gazeX), gazeY: number(gazeY),
                          valid: valid, aoiHits: hits,
                          aoisDefined: defined, filter: text(fixationFilter),
                          recordingStartOfDay: recordingStartOfDay(text(startTime), text(localTime), sampleMs: time * timestampToMilliseconds))
    }

    /// The recording's zero as a time of day, from the row's start time (Pro Lab) or local time stamp (Studio).
    func recordingStartOfDay(_ start: String?, _ local: String?, sampleMs: Double) -> Double? {
        if let start, let ms = Self.timeOfDay(start) { return ms }
        if let local, let ms = Self.timeOfDay(local) {
            let day = 24 * 3_600_000.0
            return ((ms - sampleMs).truncatingRemainder(dividingBy: day) + day).truncatingRemainder(dividingBy: day)
        }
        return nil
    }

    /// Milliseconds since midnight from `HH:MM:SS`, `HH:MM:SS.fff` or `HH:MM:SS,fff`; nil for anything else.
    public static func timeOfDay(_ text: String) -> Double? {
        let parts = text.replacingOccurrences(of: ",", with: ".").split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Double(parts[2]),
              (0..<24).contains(hours), (0..<60).contains(minutes), seconds >= 0, seconds < 61, parts[2].first?.isNumber == true else { return nil }
        return (Double(hours * 3600 + minutes * 60) + seconds) * 1000
    }

    /// `value` without leading and trailing spaces or tabs, `nil` when nothing is left. Most cells have none, and
    /// they are returned as they are: Foundation's general trimming costs more than reading the whole row.
    @inline(__always)
    static func trimmed(_ value: String) -> String? {
        // The first and last bytes read from the text's storage (`utf8.last` walks String indices: a twentieth of
        // a large import).
        var value = value
        let ends: (first: UInt8, last: UInt8)? = value.withUTF8 { bytes in bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1]) }
        guard let (first, last) = ends else { return nil }
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return value }
        let inner = value.trimmingCharacters(in: .whitespaces)
        return inner.isEmpty ? nil : inner
    }

    /// A number as Tobii writes it in either locale: `12.5` or `12,5`; `nil` for anything else, including "nan",
    /// "inf" and magnitudes no export holds (beyond 1e15), so no stored value can overflow a later computation.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text) ?? Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite, abs(value) < 1e15 else { return nil }
        return value
    }
}
