import Foundation

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
    /// AOI hit columns: AOI name → column (`AOI[name]Hit` in Studio, `AOI hit [stimulus - name]` in Pro Lab).
    public var aoiHits: [String: Int]

    public enum Problem: Error, Equatable, LocalizedError {
        case notATobiiExport(found: [String])
        case missing(dialect: TobiiDialect, columns: [String])

        public var errorDescription: String? {
            switch self {
            case let .notATobiiExport(found):
                return "the header is not a Tobii Studio or Tobii Pro Lab data export (no RecordingTimestamp or Recording timestamp column; found "
                    + found.prefix(6).map { "'\($0)'" }.joined(separator: ", ") + (found.count > 6 ? ", …" : "") + ")"
            case let .missing(dialect, columns):
                return "this \(dialect == .studio ? "Tobii Studio" : "Tobii Pro Lab") export has no " + columns.joined(separator: " or ")
                    + " column; export it with those columns selected"
            }
        }
    }

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
            var hits: [String: Int] = [:]
            for (index, name) in header.enumerated() where name.hasPrefix("AOI[") && name.contains("]Hit") {
                let aoi = String(name.dropFirst(4).prefix { $0 != "]" })
                if hits[aoi] == nil { hits[aoi] = index }
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
            var hits: [String: Int] = [:]
            for (index, name) in header.enumerated() where name.hasPrefix("AOI hit [") {
                var aoi = String(name.dropFirst("AOI hit [".count).dropLast(name.hasSuffix("]") ? 1 : 0))
                if let dash = aoi.range(of: " - ", options: .backwards) { aoi = String(aoi[dash.upperBound...]) }
                if hits[aoi] == nil { hits[aoi] = index }
            }
            aoiHits = hits
        } else {
            throw Problem.notATobiiExport(found: header)
        }
        if eventType == nil || eventIndex == nil {
            throw Problem.missing(dialect: dialect, columns: dialect == .studio ? ["GazeEventType", "FixationIndex"] : ["Eye movement type", "Eye movement type index"])
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
    /// Whether the sample is valid: validity code below 2 on at least one eye (Studio), "Valid" (Pro Lab).
    public var valid: Bool
    /// AOIs this sample hits (from the export's AOI hit columns).
    public var aoiHits: Set<String>
}

extension TobiiColumns {
    /// Reads one row of the export; `nil` for rows to skip (a Pro Lab row of another sensor, a row without time).
    public func sample(_ fields: [String]) -> GazeSample? {
        func text(_ index: Int?) -> String? {
            guard let index, index < fields.count else { return nil }
            let value = fields[index].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        func number(_ index: Int?) -> Double? { text(index).flatMap(Self.number) }
        if let sensor = text(sensor), sensor.caseInsensitiveCompare("Eye Tracker") != .orderedSame { return nil }
        guard let time = number(timestamp) else { return nil }
        let event: GazeSample.Event? = text(eventType).flatMap { value in
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
            let codes = [number(validityLeft), number(validityRight)].compactMap { $0 }
            valid = codes.isEmpty || codes.contains { $0 < 2 }
        case .proLab:
            let states = [text(validityLeft), text(validityRight)].compactMap { $0?.lowercased() }
            valid = states.isEmpty || states.contains("valid")
        }
        var hits = Set<String>()
        for (aoi, index) in aoiHits where text(index) == "1" { hits.insert(aoi) }
        return GazeSample(participant: text(participant) ?? "", recording: text(recording) ?? "", media: text(media) ?? "",
                          milliseconds: time * timestampToMilliseconds, event: event, eventIndex: text(eventIndex).flatMap { Int($0) },
                          // Event durations are milliseconds in both dialects ("GazeEventDuration", "… duration [ms]").
                          eventDuration: number(eventDuration),
                          fixationX: number(fixationX), fixationY: number(fixationY), valid: valid, aoiHits: hits)
    }

    /// A number as Tobii writes it in either locale: `12.5` or `12,5`; `nil` for anything else, including "nan",
    /// "inf" and magnitudes no export holds (beyond 1e15), so no stored value can overflow a later computation.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text) ?? Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite, abs(value) < 1e15 else { return nil }
        return value
    }
}
