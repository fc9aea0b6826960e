import Foundation

/// One fixation as studyctl stores it: its order, start, duration and centre in media pixels.
public struct Fixation: Sendable, Equatable, Codable {
    public var index: Int
    /// Milliseconds from the start of the recording.
    public var start: Double
    public var duration: Double
    public var x: Double
    public var y: Double
    /// AOIs the export marked as hit during the fixation.
    public var aoiHits: Set<String>

    public init(index: Int, start: Double, duration: Double, x: Double, y: Double, aoiHits: Set<String> = []) {
        self.index = index
        self.start = start
        self.duration = duration
        self.x = x
        self.y = y
        self.aoiHits = aoiHits
    }
}

/// What one participant's recording of one media holds.
public struct GazeRecording: Sendable, Equatable {
    public var participant: String
    public var recording: String
    public var media: String
    public var fixations: [Fixation] = []
    public var samples = 0
    public var invalidSamples = 0
    /// Time of the first sample on this media (the stimulus onset), ms.
    public var onset: Double?
    /// The fixation filter the export names, if it does.
    public var filter: String?
    /// Every AOI hit column name the export has (whether or not a fixation hit it).
    public var exportAOIs: [String] = []

    public var invalidShare: Double { samples == 0 ? 0 : Double(invalidSamples) / Double(samples) }
}

/// Collapses an export's samples into fixations, one pass, keeping only the fixation in progress per recording ×
/// media: memory does not grow with the file's length. A fixation's samples share its index; its duration is the
/// export's event duration (Tobii's own, which counts half a sample at each end) when present, else the samples'
/// span plus one sample interval.
public struct FixationCollector {
    private var recordings: [String: GazeRecording] = [:]
    private var order: [String] = []
    private var open: [String: (index: Int, first: Double, last: Double, duration: Double?, x: Double?, y: Double?, hits: Set<String>, count: Int)] = [:]
    private var lastTime: [String: Double] = [:]
    private var interval: [String: Double] = [:]
    /// When set, fixations are found by the I-VT filter from the raw gaze points, not read from the export.
    public let ivt: IVTParameters?
    private var filters: [String: IVTFilter] = [:]

    public init(ivt: IVTParameters? = nil) { self.ivt = ivt }

    public mutating func add(_ sample: GazeSample) {
        let key = sample.participant + "\u{1F}" + sample.recording + "\u{1F}" + sample.media
        if recordings[key] == nil {
            recordings[key] = GazeRecording(participant: sample.participant, recording: sample.recording, media: sample.media)
            order.append(key)
        }
        recordings[key]!.samples += 1
        if !sample.valid { recordings[key]!.invalidSamples += 1 }
        if recordings[key]!.onset == nil { recordings[key]!.onset = sample.milliseconds }
        if recordings[key]!.filter == nil, let filter = sample.filter { recordings[key]!.filter = filter }
        for name in sample.aoisDefined where !recordings[key]!.exportAOIs.contains(name) { recordings[key]!.exportAOIs.append(name) }
        if let previous = lastTime[key], sample.milliseconds > previous {
            let step = sample.milliseconds - previous
            interval[key] = min(interval[key] ?? step, step)
        }
        lastTime[key] = sample.milliseconds
        if let ivt {
            filters[key, default: IVTFilter(parameters: ivt)].add(time: sample.milliseconds, x: sample.gazeX, y: sample.gazeY,
                                                                  valid: sample.valid, hits: sample.aoiHits)
            return
        }
        guard sample.event == .fixation, let index = sample.eventIndex else {
            close(key)
            return
        }
        if let current = open[key], current.index != index { close(key) }
        if var current = open[key] {
            current.last = sample.milliseconds
            current.count += 1
            current.hits.formUnion(sample.aoiHits)
            current.duration = current.duration ?? sample.eventDuration
            current.x = current.x ?? sample.fixationX
            current.y = current.y ?? sample.fixationY
            open[key] = current
        } else {
            open[key] = (index, sample.milliseconds, sample.milliseconds, sample.eventDuration, sample.fixationX, sample.fixationY, sample.aoiHits, 1)
        }
    }

    private mutating func close(_ key: String) {
        guard let current = open.removeValue(forKey: key), let x = current.x, let y = current.y else { return }
        let duration = current.duration ?? (current.last - current.first + (interval[key] ?? 0))
        recordings[key]!.fixations.append(Fixation(index: current.index, start: current.first, duration: duration, x: x, y: y, aoiHits: current.hits))
    }

    /// Every recording × media in the order first seen, with its fixations.
    public mutating func finish() -> [GazeRecording] {
        for key in open.keys.sorted() { close(key) }
        for key in filters.keys.sorted() {
            recordings[key]!.fixations = filters[key]!.finish()
            recordings[key]!.filter = ivt?.description
        }
        return order.compactMap { recordings[$0] }
    }
}
