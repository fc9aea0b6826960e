import Statistics
import StudyBasics

/// One participant's recording of one media, as stored: its data quality and where its fixations come from.
public struct GazeRecordingInfo: Sendable, Equatable, Codable {
    public var participant: String
    public var media: String
    public var recording: String
    public var samples: Int
    public var invalidShare: Double
    public var fixations: Int
    /// How the fixations were found: the export's filter or studyctl's I-VT with its parameters.
    public var filter: String

    public init(participant: String, media: String, recording: String, samples: Int, invalidShare: Double, fixations: Int, filter: String) {
        self.participant = participant
        self.media = media
        self.recording = recording
        self.samples = samples
        self.invalidShare = invalidShare
        self.fixations = fixations
        self.filter = filter
    }
}

/// One AOI's metrics summarised over a group of participants (or all of them).
public struct GazeSummaryRow: Sendable, Equatable, Codable {
    public var media: String
    public var aoi: String
    /// The group's name; `nil` when not grouped.
    public var group: String?
    public var participants: Int
    public var fixated: Int
    /// Tobii's "percentage fixated": participants with at least one fixation in the AOI, of those who saw the media.
    public var percentFixated: Double
    /// Means over the participants who fixated the AOI (the metric does not exist for the others).
    public var timeToFirstFixation: Descriptive?
    public var firstFixationDuration: Descriptive?
    /// Means over every participant who saw the media (0 for those who never fixated the AOI).
    public var totalFixationDuration: Descriptive?
    public var fixationCount: Descriptive?
    public var visitCount: Descriptive?
    public var totalVisitDuration: Descriptive?

    public init(media: String, aoi: String, group: String?, participants: Int, fixated: Int, percentFixated: Double,
                timeToFirstFixation: Descriptive?, firstFixationDuration: Descriptive?, totalFixationDuration: Descriptive?,
                fixationCount: Descriptive?, visitCount: Descriptive?, totalVisitDuration: Descriptive?) {
        self.media = media
        self.aoi = aoi
        self.group = group
        self.participants = participants
        self.fixated = fixated
        self.percentFixated = percentFixated
        self.timeToFirstFixation = timeToFirstFixation
        self.firstFixationDuration = firstFixationDuration
        self.totalFixationDuration = totalFixationDuration
        self.fixationCount = fixationCount
        self.visitCount = visitCount
        self.totalVisitDuration = totalVisitDuration
    }
}

/// One recording's fixations with what places them: participant, media, recording and the media's onset.
public struct GazeFixationSet: Sendable, Equatable {
    public var participant: String
    public var media: String
    public var recording: String
    /// Time of the media's first sample, ms from the recording's start.
    public var onset: Double
    public var fixations: [Fixation]

    public init(participant: String, media: String, recording: String, onset: Double, fixations: [Fixation]) {
        self.participant = participant
        self.media = media
        self.recording = recording
        self.onset = onset
        self.fixations = fixations
    }
}

/// Tobii's AOI metrics of one participant on one media.
public struct GazeMetricsRow: Sendable, Equatable, Codable {
    public var participant: String
    public var media: String
    public var recording: String
    public var metrics: AOIMetrics

    public init(participant: String, media: String, recording: String, metrics: AOIMetrics) {
        self.participant = participant
        self.media = media
        self.recording = recording
        self.metrics = metrics
    }

    /// Tobii's AOI metrics for every recording × AOI of its media (media names matched ignoring case), in the
    /// recordings' order and each media's AOI order.
    public static func rows(for recordings: [GazeFixationSet], aois: [(media: String, aoi: AOI)]) -> [GazeMetricsRow] {
        var rows: [GazeMetricsRow] = []
        for set in recordings {
            for (aoiMedia, aoi) in aois where aoiMedia.caseInsensitiveCompare(set.media) == .orderedSame {
                rows.append(GazeMetricsRow(participant: set.participant, media: set.media, recording: set.recording,
                                           metrics: AOIMetrics(aoi: aoi, fixations: set.fixations, onset: set.onset)))
            }
        }
        return rows
    }
}

extension GazeSummaryRow {
    /// Per media × AOI (× group of `groups`), the metrics summarised over participants: percentage fixated and means
    /// with 95 % confidence intervals. Media × AOI pairs in the order `rows` first gives them; groups in `groups.order`,
    /// each only where one of its participants saw the media; participants in no group are left out of grouped rows.
    public static func summaries(_ rows: [GazeMetricsRow], groups: ParticipantGroups?) -> [GazeSummaryRow] {
        var keys: [(media: String, aoi: String)] = []
        for row in rows where !keys.contains(where: { $0.media == row.media && $0.aoi == row.metrics.aoi }) { keys.append((row.media, row.metrics.aoi)) }
        var summaries: [GazeSummaryRow] = []
        for key in keys {
            let all = rows.filter { $0.media == key.media && $0.metrics.aoi == key.aoi }
            let names: [String?] = groups.map { g in g.order.filter { name in all.contains { g.groupOf[$0.participant] == name } } } ?? [nil]
            for name in names {
                let members = all.filter { name == nil || groups?.groupOf[$0.participant] == name }
                summaries.append(summary(media: key.media, aoi: key.aoi, group: name, metrics: perParticipant(members)))
            }
        }
        return summaries
    }

    /// One metrics value per participant, in natural order: a participant with two recordings of the media counts
    /// once, their durations and counts summed.
    static func perParticipant(_ members: [GazeMetricsRow]) -> [AOIMetrics] {
        var byParticipant: [String: [AOIMetrics]] = [:]
        for member in members { byParticipant[member.participant, default: []].append(member.metrics) }
        return byParticipant.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.map { _, list -> AOIMetrics in
            guard list.count > 1 else { return list[0] }
            var merged = list[0]
            merged.totalFixationDuration = list.reduce(0) { $0 + $1.totalFixationDuration }
            merged.fixationCount = list.reduce(0) { $0 + $1.fixationCount }
            merged.visitCount = list.reduce(0) { $0 + $1.visitCount }
            merged.totalVisitDuration = list.reduce(0) { $0 + $1.totalVisitDuration }
            return merged
        }
    }

    static func summary(media: String, aoi: String, group: String?, metrics: [AOIMetrics]) -> GazeSummaryRow {
        let fixated = metrics.filter { $0.fixationCount > 0 }
        /// Times and counts cannot be negative: an interval reaching below 0 (small n) is clipped there.
        func summary(_ values: [Double]) -> Descriptive? {
            guard var d = Descriptive(values) else { return nil }
            if let ci = d.ci95, ci.lowerBound < 0 { d.ci95 = 0...max(0, ci.upperBound) }
            return d
        }
        return GazeSummaryRow(
            media: media, aoi: aoi, group: group, participants: metrics.count, fixated: fixated.count,
            percentFixated: metrics.isEmpty ? 0 : 100 * Double(fixated.count) / Double(metrics.count),
            timeToFirstFixation: summary(fixated.compactMap(\.timeToFirstFixation)),
            firstFixationDuration: summary(fixated.compactMap(\.firstFixationDuration)),
            totalFixationDuration: summary(metrics.map(\.totalFixationDuration)),
            fixationCount: summary(metrics.map { Double($0.fixationCount) }),
            visitCount: summary(metrics.map { Double($0.visitCount) }),
            totalVisitDuration: summary(metrics.map(\.totalVisitDuration)))
    }
}
