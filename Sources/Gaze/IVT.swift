import Wording
import Foundation

/// The parameters of the I-VT (velocity-threshold) fixation filter, at Tobii's documented defaults.
///
/// Olsen, A. (2012). *The Tobii I-VT Fixation Filter: Algorithm description.* Tobii Technology. Defaults: gap
/// fill-in (linear interpolation) up to 75 ms; eye selection average; noise reduction off; velocity window 20 ms;
/// velocity threshold 30 °/s; merge adjacent fixations ≤ 75 ms and ≤ 0.5° apart; discard fixations shorter than
/// 60 ms (as collected in shared/research/eye-tracking.md §C.4). Angles need the viewing geometry: the eye–screen
/// distance and the size of a screen pixel, both stated with every result.
public struct IVTParameters: Sendable, Equatable, Codable {
    public var gapFill: Double = 75
    public var velocityWindow: Double = 20
    public var velocityThreshold: Double = 30
    public var mergeGap: Double = 75
    public var mergeAngle: Double = 0.5
    public var minimumDuration: Double = 60
    /// Eye–screen distance, mm (a desk-mounted tracker's usual 650 mm).
    public var distance: Double = 650
    /// Size of one screen pixel, mm (a 24-inch 1920 × 1080 screen: 0.277 mm).
    public var pixelSize: Double = 0.277

    public init() {}

    /// One line naming the filter and every parameter, for the study file and every output that uses the fixations.
    public var description: String {
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return "studyctl I-VT (Olsen 2012): gap fill ≤ \(n(gapFill)) ms, velocity window \(n(velocityWindow)) ms, threshold \(n(velocityThreshold)) °/s, merge ≤ \(n(mergeGap)) ms and ≤ \(n(mergeAngle))°, discard < \(n(minimumDuration)) ms; eye–screen \(n(distance)) mm, pixel \(n(pixelSize)) mm"
    }

    /// The visual angle, in degrees, between two screen points `dx`, `dy` pixels apart, seen from `distance`.
    func degrees(dx: Double, dy: Double) -> Double {
        let millimetres = (dx * dx + dy * dy).squareRoot() * pixelSize
        return 2 * atan(millimetres / (2 * distance)) * 180 / .pi
    }

    /// What is wrong with the parameters, if anything (every one must be a finite number, most of them positive).
    public var problem: Sentence? {
        let named: [(Sentence, Double, Bool)] = [("gap fill", gapFill, false), ("velocity window", velocityWindow, true),
                                              ("velocity threshold", velocityThreshold, true), ("merge gap", mergeGap, false),
                                              ("merge angle", mergeAngle, false), ("minimum duration", minimumDuration, false),
                                              ("distance", distance, true), ("pixel size", pixelSize, true)]
        for (name, value, positive) in named where !value.isFinite || value < 0 || (positive && value == 0) || value > 1e6 {
            return positive ? "the I-VT \(name) must be a positive number, not \(value)" : "the I-VT \(name) must be a non-negative number, not \(value)"
        }
        return nil
    }
}

/// The I-VT filter over one recording's raw gaze samples, fed in time order and holding only a window of samples:
/// memory does not grow with the recording's length.
///
/// Stages (Olsen 2012): invalid runs up to `gapFill` ms between two valid samples are filled by linear
/// interpolation; each sample's velocity is the visual angle between the samples at the edges of a window of
/// `velocityWindow` ms centred on it (its neighbours when the window holds no other sample) divided by their time
/// apart; samples at or below the threshold form fixations; consecutive fixations close in time and angle are merged;
/// short ones are dropped. A fixation lasts from half a sample before its first sample to half a sample after its
/// last (Tobii's timing convention); its position is the mean of its samples.
public struct IVTFilter {
    public let parameters: IVTParameters
    public private(set) var fixations: [Fixation] = []

    struct Sample { var t: Double; var x: Double; var y: Double; var valid: Bool; var hits: Set<String> }
    struct Run { var first: Double; var last: Double; var sumX = 0.0; var sumY = 0.0; var count = 0; var hits = Set<String>() }

    private var lastValid: Sample?
    private var gap: [Sample] = []
    private var window: [Sample] = []
    private var nextToClassify = 0
    private var run: Run?
    private var pending: Run?
    private var interval: Double?
    private var previousTime: Double?

    public init(parameters: IVTParameters = IVTParameters()) { self.parameters = parameters }

    /// Feeds one sample: `x`, `y` the gaze point in media pixels (`nil` when the tracker lost the eyes).
    public mutating func add(time: Double, x: Double?, y: Double?, valid: Bool, hits: Set<String> = []) {
        if let previousTime, time > previousTime { interval = min(interval ?? (time - previousTime), time - previousTime) }
        previousTime = time
        guard valid, let x, let y else {
            gap.append(Sample(t: time, x: 0, y: 0, valid: false, hits: hits))
            // A gap longer than the fill-in limit can no longer be filled: let it through as invalid.
            if let lastValid, time - lastValid.t > parameters.gapFill { flushGap(filled: false) } else if lastValid == nil { flushGap(filled: false) }
            return
        }
        let sample = Sample(t: time, x: x, y: y, valid: true, hits: hits)
        if !gap.isEmpty {
            if let lastValid, time - lastValid.t <= parameters.gapFill {
                for index in gap.indices {
                    let share = (gap[index].t - lastValid.t) / (time - lastValid.t)
                    gap[index].x = lastValid.x + share * (x - lastValid.x)
                    gap[index].y = lastValid.y + share * (y - lastValid.y)
                    gap[index].valid = true
                }
                flushGap(filled: true)
            } else {
                flushGap(filled: false)
            }
        }
        lastValid = sample
        push(sample)
    }

    private mutating func flushGap(filled: Bool) {
        let samples = gap
        gap.removeAll(keepingCapacity: true)
        for sample in samples { push(sample) }
    }

    /// Adds a (gap-filled) sample to the velocity window and classifies every sample whose window is now complete.
    private mutating func push(_ sample: Sample) {
        window.append(sample)
        let half = parameters.velocityWindow / 2
        while nextToClassify < window.count, window[window.count - 1].t >= window[nextToClassify].t + half {
            classify(nextToClassify)
            nextToClassify += 1
        }
        // Keep only what a later sample's window can still reach (and one sample before it, for the neighbour rule).
        if nextToClassify > 128 {
            let boundary = window[min(nextToClassify, window.count - 1)].t - half
            var drop = 0
            while drop < nextToClassify - 1, window[drop + 1].t < boundary { drop += 1 }
            if drop > 0 {
                window.removeFirst(drop)
                nextToClassify -= drop
            }
        }
    }

    private mutating func classify(_ index: Int) {
        let centre = window[index]
        let half = parameters.velocityWindow / 2
        var first = index, last = index
        while first > 0, window[first - 1].t >= centre.t - half { first -= 1 }
        while last < window.count - 1, window[last + 1].t <= centre.t + half { last += 1 }
        if first == last {
            first = max(0, index - 1)
            last = min(window.count - 1, index + 1)
        }
        var isFixation = false
        if centre.valid, first != last, window[first].valid, window[last].valid, window[last].t > window[first].t {
            let angle = parameters.degrees(dx: window[last].x - window[first].x, dy: window[last].y - window[first].y)
            isFixation = angle / ((window[last].t - window[first].t) / 1000) <= parameters.velocityThreshold
        }
        if isFixation {
            if run == nil { run = Run(first: centre.t, last: centre.t) }
            // `run` was just made if there was none: mutated in place (optional chaining), not copied out and back.
            run?.last = centre.t
            run?.sumX += centre.x
            run?.sumY += centre.y
            run?.count += 1
            run?.hits.formUnion(centre.hits)
        } else {
            endRun()
        }
    }

    private mutating func endRun() {
        guard let finished = run else { return }
        run = nil
        guard var previous = pending else { pending = finished; return }
        let step = interval ?? 0
        let apart = (finished.first - step / 2) - (previous.last + step / 2)
        let angle = parameters.degrees(dx: finished.sumX / Double(finished.count) - previous.sumX / Double(previous.count),
                                       dy: finished.sumY / Double(finished.count) - previous.sumY / Double(previous.count))
        if apart <= parameters.mergeGap, angle <= parameters.mergeAngle {
            previous.last = finished.last
            previous.sumX += finished.sumX
            previous.sumY += finished.sumY
            previous.count += finished.count
            previous.hits.formUnion(finished.hits)
            pending = previous
        } else {
            emit(previous)
            pending = finished
        }
    }

    private mutating func emit(_ run: Run) {
        let step = interval ?? 0
        let duration = run.last - run.first + step
        guard duration >= parameters.minimumDuration else { return }
        fixations.append(Fixation(index: fixations.count + 1, start: run.first - step / 2, duration: duration,
                                  x: run.sumX / Double(run.count), y: run.sumY / Double(run.count), aoiHits: run.hits))
    }

    /// Ends the recording: classifies the samples left in the window and closes the last fixation.
    public mutating func finish() -> [Fixation] {
        flushGap(filled: false)
        while nextToClassify < window.count {
            classify(nextToClassify)
            nextToClassify += 1
        }
        endRun()
        if let pending { emit(pending) }
        pending = nil
        return fixations
    }
}
