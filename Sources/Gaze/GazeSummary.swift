import Surveys

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
