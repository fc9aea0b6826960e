import GRDB

/// A row of `instrument`: a questionnaire's definition as the study holds it (JSON), built in or the researcher's.
struct InstrumentRow: StudyTableRecord {
    static let databaseTableName = "instrument"
    var id: Int64?
    var key: String
    var version: String
    var title: String
    /// The definition, JSON with sorted keys.
    var definition: String
    var builtin: Bool
    var added: String
}

/// A row of `dropped_response`: a file's row left out as a duplicate of the set kept (`--duplicates keep-first` or
/// `keep-last`), at its `file:line`.
struct DroppedResponseRow: StudyTableRecord {
    static let databaseTableName = "dropped_response"
    var id: Int64?
    var keptSetId: Int64
    var source: String
    var policy: String
    var recorded: String
}

/// A row of `gaze_recording`: one participant's eye-tracking recording of one stimulus, with its samples' counts.
struct GazeRecordingRow: StudyTableRecord {
    static let databaseTableName = "gaze_recording"
    var id: Int64?
    var participantId: Int64
    var mediaId: Int64
    var recording: String
    var samples: Int
    var invalidSamples: Int
    var onsetMs: Double?
    var source: String?
    var imported: String
    var fixationFilter: String?
    /// The recording's start as milliseconds into its day, when the export gives it.
    var startOfDayMs: Double?
}
