import Foundation

/// A stored response set, as scoring reads it.
public struct StoredResponseSet: Sendable, Equatable {
    public var participant: String
    public var task: String?
    public var occasion: String
    public var orientation: Orientation
    public var answers: [Int: Answer]
    public var submitted: String?
    public var recorded: String
    /// When the form was opened, where the export said (`submitted` − `started` is how long it took).
    public var started: String? = nil
    /// The participant's value of the attribute asked for (`forEachResponseSet(groupBy:)`), as displayed.
    public var group: String?

    public init(participant: String, task: String? = nil, occasion: String, orientation: Orientation, answers: [Int: Answer], submitted: String? = nil, recorded: String, started: String? = nil, group: String? = nil) {
        self.participant = participant
        self.task = task
        self.occasion = occasion
        self.orientation = orientation
        self.answers = answers
        self.submitted = submitted
        self.recorded = recorded
        self.started = started
        self.group = group
    }
}

/// A repeated row a form import dropped (`responses import --duplicates keep-first|keep-last`): whose it was, where
/// it was (file and line), and which rule dropped it; the report's methods list them.
public struct DroppedResponse: Sendable, Equatable {
    public var participant: String
    public var instrument: String
    public var file: String
    public var line: Int
    /// "keep-first" or "keep-last".
    public var policy: String

    public init(participant: String, instrument: String, file: String, line: Int, policy: String) {
        self.participant = participant
        self.instrument = instrument
        self.file = file
        self.line = line
        self.policy = policy
    }
}
