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
    /// The I-VT filter that found this recording's fixations when the export has fixation columns but left them
    /// empty for it (a raw export: `GazeEventType` empty or "Unclassified"); nil when the export's own were read.
    public var classifiedBy: String?
    /// Samples with a gaze point (x and y): with no exported fixation and none of these, a recording has nothing
    /// to find fixations in.
    public var gazePoints = 0
    /// The time of day of the recording's zero (ms since midnight, local), when the export says it.
    public var startOfDay: Double?

    public var invalidShare: Double { samples == 0 ? 0 : Double(invalidSamples) / Double(samples) }
}

/// Collapses an export's samples into fixations, one pass, keeping only the fixation in progress per recording ×
/// media: memory does not grow with the file's length. A fixation's samples share its index; its duration is the
/// export's event duration (Tobii's own, which counts half a sample at each end) when present, else the samples'
/// span plus one sample interval.
public struct FixationCollector {
    /// What is kept per recording × media while reading.
    struct Slot {
        var recording: GazeRecording
        var open: (index: Int, first: Double, last: Double, duration: Double?, x: Double?, y: Double?, hits: Set<String>, count: Int)?
        var lastTime: Double?
        var interval: Double?
        var filter: IVTFilter?
        /// The I-VT filter run beside the export's fixations, until the recording shows one of its own.
        var fallback: IVTFilter?
    }

    private var slots: [Slot] = []
    private var slotOf: [String: Int] = [:]
    /// The slot of the previous sample: consecutive samples nearly always belong to the same recording and media.
    private var last: (participant: String, recording: String, media: String, slot: Int)?
    /// When set, fixations are found by the I-VT filter from the raw gaze points, not read from the export.
    public let ivt: IVTParameters?
    /// When set (an export with both fixation and gaze columns), a recording whose fixation columns are all empty
    /// is classified by the I-VT filter with these parameters: decided from the data, not the header.
    public let fallback: IVTParameters?

    public init(ivt: IVTParameters? = nil, fallback: IVTParameters? = nil) {
        self.ivt = ivt
        self.fallback = ivt == nil ? fallback : nil
    }

    private mutating func slot(for sample: GazeSample) -> Int {
        if let last, last.participant == sample.participant, last.media == sample.media, last.recording == sample.recording { return last.slot }
        let key = sample.participant + "\u{1F}" + sample.recording + "\u{1F}" + sample.media
        let index: Int
        if let found = slotOf[key] {
            index = found
        } else {
            index = slots.count
            slotOf[key] = index
            slots.append(Slot(recording: GazeRecording(participant: sample.participant, recording: sample.recording, media: sample.media),
                              filter: ivt.map { IVTFilter(parameters: $0) }, fallback: fallback.map { IVTFilter(parameters: $0) }))
        }
        last = (sample.participant, sample.recording, sample.media, index)
        return index
    }

    public mutating func add(_ sample: GazeSample) {
        let index = slot(for: sample)
        slots[index].add(sample)
    }

    /// Every recording × media in the order first seen, with its fixations.
    public mutating func finish() -> [GazeRecording] {
        for index in slots.indices { slots[index].finish(ivt: ivt, fallback: fallback) }
        return slots.map(\.recording)
    }
}

extension FixationCollector.Slot {
    mutating func add(_ sample: GazeSample) {
        recording.samples += 1
        if !sample.valid { recording.invalidSamples += 1 }
        if recording.onset == nil { recording.onset = sample.milliseconds }
        if recording.startOfDay == nil, let start = sample.recordingStartOfDay { recording.startOfDay = start }
        if recording.filter == nil, let name = sample.filter { recording.filter = name }
        for name in sample.aoisDefined where !recording.exportAOIs.contains(name) { recording.exportAOIs.append(name) }
        if let previous = lastTime, sample.milliseconds > previous {
            let step = sample.milliseconds - previous
            interval = min(interval ?? step, step)
        }
        lastTime = sample.milliseconds
        if sample.gazeX != nil && sample.gazeY != nil { recording.gazePoints += 1 }
        // The filters are mutated in place (optional chaining), sample after sample.
        if fallback != nil {
            if sample.event == .fixation && sample.eventIndex != nil {
                fallback = nil
            } else {
                fallback?.add(time: sample.milliseconds, x: sample.gazeX, y: sample.gazeY, valid: sample.valid, hits: sample.aoiHits)
            }
        }
        if filter != nil {
            filter?.add(time: sample.milliseconds, x: sample.gazeX, y: sample.gazeY, valid: sample.valid, hits: sample.aoiHits)
            return
        }
        guard sample.event == .fixation, let index = sample.eventIndex else {
            close()
            return
        }
        if let current = open, current.index != index { close() }
        if var current = open {
            current.last = sample.milliseconds
            current.count += 1
            if !sample.aoiHits.isEmpty { current.hits.formUnion(sample.aoiHits) }
            current.duration = current.duration ?? sample.eventDuration
            current.x = current.x ?? sample.fixationX
            current.y = current.y ?? sample.fixationY
            open = current
        } else {
            open = (index, sample.milliseconds, sample.milliseconds, sample.eventDuration, sample.fixationX, sample.fixationY, sample.aoiHits, 1)
        }
    }

    mutating func close() {
        guard let current = open else { return }
        open = nil
        guard let x = current.x, let y = current.y else { return }
        let duration = current.duration ?? (current.last - current.first + (interval ?? 0))
        recording.fixations.append(Fixation(index: current.index, start: current.first, duration: duration, x: x, y: y, aoiHits: current.hits))
    }

    mutating func finish(ivt: IVTParameters?, fallback parameters: IVTParameters?) {
        close()
        if let fixations = filter?.finish() {
            recording.fixations = fixations
            recording.filter = ivt?.description
        } else if recording.fixations.isEmpty, let parameters, let fixations = fallback?.finish() {
            recording.fixations = fixations
            recording.classifiedBy = parameters.description
        }
        fallback = nil
    }
}
