import ArgumentParser
import Media
import StudyStore
import Foundation

/// Where a recording (sound, video or gaze) starts on a moderated session's clock: `--starts-at`, or `--sync` at a
/// moment of the session; `--session` when the participant has several.
struct SessionClockOptions: ParsableArguments {
    @Option(name: .customLong("starts-at"), help: ArgumentHelp(words("Seconds after the session began when the recording began (negative: before)."),
                                                               valueName: "seconds"))
    var startsAt: String?

    @Option(help: ArgumentHelp(words("A time of the recording tied to a moment of the session: TIME=session or TIME=event:KIND TASK."),
                               valueName: "time=anchor"))
    var sync: String?

    @Option(help: ArgumentHelp(words("The session, by its number among the participant's (see 'studyctl session show'), when they have several."),
                               valueName: "N"))
    var session: Int?

    /// The placement asked for, or nil when neither --starts-at nor --sync is given; both refused.
    func placement() throws -> MediaPlacement? {
        if startsAt != nil && sync != nil { throw Refusal("Please choose one of --starts-at and --sync.") }
        if let startsAt { return .startsAt(ms: try Self.startsAtMilliseconds(startsAt)) }
        if let sync { return .sync(try SyncPoint(parsing: sync)) }
        return nil
    }

    /// `--starts-at` in milliseconds; a leading minus says the recording began before the session.
    static func startsAtMilliseconds(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let negative = trimmed.hasPrefix("-")
        guard let ms = MediaTime.milliseconds(negative ? String(trimmed.dropFirst()) : trimmed) else { throw MediaError.badTime(text: text) }
        return negative ? -ms : ms
    }
}
