import Foundation

/// An area of interest on a media: a rectangle or a polygon in media pixels.
public struct AOI: Sendable, Equatable, Codable {
    public enum Shape: Sendable, Equatable, Codable {
        case rectangle(x: Double, y: Double, width: Double, height: Double)
        case polygon([Point])
        /// An AOI known only from the export's hit column (`AOI[name]Hit`, `AOI hit [media - name]`): its shape was
        /// drawn in Tobii's software; a fixation is in it when the export marked any of its samples as a hit.
        case exportHits
    }
    public struct Point: Sendable, Equatable, Codable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    public var name: String
    public var shape: Shape

    public init(name: String, shape: Shape) {
        self.name = name
        self.shape = shape
    }

    /// Whether a point lies in the area (edges included for rectangles; even-odd rule for polygons).
    public func contains(x: Double, y: Double) -> Bool {
        switch shape {
        case let .rectangle(left, top, width, height):
            return x >= left && x <= left + width && y >= top && y <= top + height
        case let .polygon(points):
            guard points.count >= 3 else { return false }
            var inside = false
            var j = points.count - 1
            for i in points.indices {
                let a = points[i], b = points[j]
                if (a.y > y) != (b.y > y), x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            return inside
        case .exportHits:
            return false
        }
    }

    /// Whether a fixation is in the area: its centre for drawn shapes, the export's hit flags for hit-column AOIs.
    public func contains(_ fixation: Fixation) -> Bool {
        if case .exportHits = shape { return fixation.aoiHits.contains(name) }
        return contains(x: fixation.x, y: fixation.y)
    }
}

/// Tobii's AOI metrics for one participant's fixations on one media (Tobii Studio manual definitions, as collected
/// in shared/research/eye-tracking.md §C.3). Times in milliseconds; the onset is the media's first sample.
public struct AOIMetrics: Sendable, Equatable, Codable {
    public var aoi: String
    /// Time from the media's onset to the first fixation in the AOI; `nil` when the AOI was never fixated.
    public var timeToFirstFixation: Double?
    /// Fixations before the first one in the AOI; `nil` when never fixated.
    public var fixationsBefore: Int?
    public var firstFixationDuration: Double?
    public var totalFixationDuration: Double
    public var fixationCount: Int
    /// Visits: runs of consecutive fixations inside the AOI ("starting with a fixation within the AOI and ending
    /// with a fixation outside").
    public var visitCount: Int
    /// Total fixation duration ÷ fixation count; `nil` when never fixated.
    public var averageFixationDuration: Double?
    /// Total visit duration ("dwell time"): per visit, from the start of its first fixation to the end of its last,
    /// so the saccades inside the AOI count too; summed over visits.
    public var totalVisitDuration: Double

    /// Metrics of `aoi` over `fixations` (in time order); a fixation is in the AOI when its centre is (or, for an
    /// AOI that came as an export's hit column, when the export marked it as hit).
    public init(aoi: AOI, fixations: [Fixation], onset: Double) {
        self.aoi = aoi.name
        let inside = fixations.map { aoi.contains($0) }
        let firstIndex = inside.firstIndex(of: true)
        timeToFirstFixation = firstIndex.map { fixations[$0].start - onset }
        fixationsBefore = firstIndex
        firstFixationDuration = firstIndex.map { fixations[$0].duration }
        let hits = zip(fixations, inside).filter(\.1).map(\.0)
        totalFixationDuration = hits.reduce(0) { $0 + $1.duration }
        fixationCount = hits.count
        var visits = 0
        var dwell = 0.0
        var visitStart: Double?
        var visitEnd = 0.0
        for (fixation, value) in zip(fixations, inside) {
            if value {
                if visitStart == nil { visits += 1; visitStart = fixation.start }
                visitEnd = fixation.start + fixation.duration
            } else if let start = visitStart {
                dwell += visitEnd - start
                visitStart = nil
            }
        }
        if let start = visitStart { dwell += visitEnd - start }
        visitCount = visits
        totalVisitDuration = dwell
        averageFixationDuration = hits.isEmpty ? nil : totalFixationDuration / Double(hits.count)
    }
}

/// One visit to an AOI: a run of consecutive fixations inside it, "starting with a fixation within the AOI and ending
/// with a fixation outside" (Tobii Studio manual, shared/research/eye-tracking.md §C.3), from the start of its first
/// fixation to the end of its last, in ms of the recording, as `AOIMetrics.totalVisitDuration` sums them.
public struct AOIVisit: Sendable, Equatable, Codable {
    public var aoi: String
    public var start: Double
    public var end: Double
    public var fixations: Int

    public init(aoi: String, start: Double, end: Double, fixations: Int) {
        self.aoi = aoi
        self.start = start
        self.end = end
        self.fixations = fixations
    }

    /// Every visit to `aoi` among `fixations` (in time order).
    public static func visits(to aoi: AOI, in fixations: [Fixation]) -> [AOIVisit] {
        var visits: [AOIVisit] = []
        var open: AOIVisit?
        for fixation in fixations {
            if aoi.contains(fixation) {
                if open == nil { open = AOIVisit(aoi: aoi.name, start: fixation.start, end: fixation.start, fixations: 0) }
                open?.end = fixation.start + fixation.duration
                open?.fixations += 1
            } else if let visit = open {
                visits.append(visit)
                open = nil
            }
        }
        if let open { visits.append(open) }
        return visits
    }
}
