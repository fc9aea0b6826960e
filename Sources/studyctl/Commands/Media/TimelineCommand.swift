import ArgumentParser
import Figures
import Foundation
import Media
import Reports
import Results
import StudyStore
import Tabular
import Wording

/// `studyctl timeline P3`: one session of a participant on one axis.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: words("One recorded session on one time line: events, transcript turns, coded excerpts and AOI visits."),
        discussion: words("""
            Everything is placed on the moderated session's clock (0:00 is when the session began). The session's \
            events come as they were logged: each try of a task as a bar from its start to its outcome, errors, \
            assistance, notes and pauses as marks. A transcript's turns and its coded excerpts are placed through the \
            recording it was made from ('media add … --transcript … --starts-at or --sync'). A gaze recording's AOI \
            visits are placed by its sync point ('gaze sync'), else by the export's recording start time against the \
            session's start, both read as the local time of this computer ($TZ). Whatever cannot be placed is listed \
            with the command that places it. A participant interviewed without a moderated session gets their timed \
            interview's turns and coded excerpts on its recording's own clock (0:00 = the recording's start); \
            --transcript chooses one when they have several.

            Examples: studyctl timeline P3
                      studyctl timeline P3 --session 2 --from 1:00 --to 3:30 --figure P3-linha.png
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The session, by its number among the participant's (see 'studyctl session show'), when they have several."),
                               valueName: "N"))
    var session: Int?

    @Option(help: ArgumentHelp(words("For a participant interviewed without a moderated session: which timed transcript, when they have several."),
                               valueName: "label"))
    var transcript: String?

    @Option(help: ArgumentHelp(words("Only what happens from this time of the session on (m:ss or seconds)."), valueName: "time"))
    var from: String?

    @Option(help: ArgumentHelp(words("Only what happens until this time of the session (m:ss or seconds)."), valueName: "time"))
    var to: String?

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var figure: FigureOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw Refusal("Please choose one of --csv and --json.") }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, Self.milliseconds(value) == nil {
                throw Refusal("Please give \(name) as a time of the session, m:ss or seconds: '\(value)' is neither.")
            }
        }
        if let from, let to, let low = Self.milliseconds(from), let high = Self.milliseconds(to), high <= low {
            throw Refusal("Please give a --to later than --from.")
        }
    }

    /// A time of the session typed as `m:ss`, `h:mm:ss` or seconds; a leading minus for before the session began.
    static func milliseconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let negative = trimmed.hasPrefix("-")
        return MediaTime.milliseconds(negative ? String(trimmed.dropFirst()) : trimmed).map { negative ? -$0 : $0 }
    }

    func run() throws {
        let whole = try study.withStudy { try $0.sessionTimeline(participant: participant, session: session, transcript: transcript) }
        let timeline = whole.window(from: from.flatMap(Self.milliseconds), to: to.flatMap(Self.milliseconds))
        if output.json {
            try printJSON(timeline, command: "timeline")
        } else if csv {
            print(CSVRenderer.render(ResultTable.timelineItems(timeline, language: Voice.language)), terminator: "")
        } else {
            printTable(timeline)
        }
        for lost in timeline.unplaced {
            note("not on the time line: \(lost.source) (\(Self.count(lost))): \(lost.reason)")
        }
        if figure.figure != nil {
            let (low, high) = (from.flatMap(Self.milliseconds), to.flatMap(Self.milliseconds))
            let span = whole.span
            try figure.write(Charts.timeline(Self.drawing(timeline, from: low ?? span.lowerBound, to: high ?? span.upperBound)))
        }
    }

    static func count(_ lost: SessionTimeline.Unplaced) -> String {
        let n = lost.items
        let counted: Sentence
        switch lost.kind {
        case .turn: counted = Sentence(count: n, one: "\(n) turn", other: "\(n) turns")
        case .excerpt: counted = Sentence(count: n, one: "\(n) coded excerpt", other: "\(n) coded excerpts")
        case .gaze: counted = Sentence(count: n, one: "\(n) fixation", other: "\(n) fixations")
        case .event: counted = Sentence(count: n, one: "\(n) event", other: "\(n) events")
        }
        return counted.text(Voice.language)
    }

    func printTable(_ timeline: SessionTimeline) {
        if let recording = timeline.recording {
            say("\(timeline.participant) has no moderated session: times on the clock of \(TimelineWording.clockName(timeline, Voice.language) ?? recording) (0:00 = the recording's start).")
        } else {
            say("Session \(timeline.session) of \(timeline.participant), begun \(timeline.started); times on the session's clock (0:00 = its start).")
        }
        for tie in timeline.ties where tie.basis != .own { say(Self.tieSentence(tie)) }
        print("")
        if timeline.items.isEmpty { return say("Nothing on the time line in this span.") }
        print(TextRenderer.render(ResultTable.timeline(timeline, language: Voice.language), title: false), terminator: "")
    }

    static func tieSentence(_ tie: ClockTie) -> Sentence {
        let begins = MediaTime.shown(tie.offsetMs)
        switch tie.basis {
        case .startsAt, .sync:
            return "\(tie.source) begins at \(begins) on the session's clock (\(tie.how))."
        case .own:
            return "\(tie.source): times on its own clock."
        case .wallClock:
            return "\(tie.source) begins at \(begins) on the session's clock: placed by the export's recording start against the session's start, as times of day (\(tie.how)); 'studyctl gaze sync' places it exactly."
        }
    }

    static func style(_ item: SessionTimeline.Item) -> Charts.TimelineDrawing.Style {
        switch item.kind {
        case .event:
            switch item.label {
            case "attempt":
                switch item.detail {
                case "success": return .success
                case "partial": return .partial
                case "fail": return .fail
                default: return .otherAttempt
                }
            case "error": return .error
            case "assist": return .assist
            case "note": return .note
            default: return .otherEvent
            }
        case .turn: return .turn
        case .excerpt: return .excerpt
        case .gaze: return .gaze
        }
    }

    /// The figure's rows and words: a group title per kind, a row per lane.
    static func drawing(_ timeline: SessionTimeline, from: Int, to: Int) -> Charts.TimelineDrawing {
        var rows: [Charts.TimelineDrawing.Row] = []
        var previous: SessionTimeline.Kind?
        for lane in timeline.lanes {
            let group: String?
            if lane.kind != previous {
                switch lane.kind {
                case .event: group = words("Session events")
                case .turn: group = words("Transcript turns, by speaker")
                case .excerpt: group = words("Coded excerpts, by category")
                case .gaze: group = words("AOI visits, by AOI")
                }
            } else {
                group = nil
            }
            previous = lane.kind
            let marks = timeline.items.filter { $0.kind == lane.kind && $0.lane == lane.name }.map { item in
                Charts.TimelineDrawing.Mark(startMs: item.startMs, endMs: item.endMs,
                                            text: item.kind == .event && item.label == "attempt" ? TimelineWording.outcomeWord(item.detail, Voice.language)
                                                : item.kind == .gaze ? "" : item.label,
                                            style: style(item))
            }
            rows.append(.init(group: group, title: TimelineWording.laneTitle(lane.kind, lane.name, Voice.language), marks: marks))
        }
        let legend: [(String, Charts.TimelineDrawing.Style)] = [
            (words("try: success"), .success), (words("try: partial success"), .partial), (words("try: failure"), .fail),
            (words("try: cancelled or open"), .otherAttempt), (words("error"), .error), (words("assistance"), .assist), (words("note"), .note),
            (words("pause, resume, end"), .otherEvent), (words("turn"), .turn), (words("coded excerpt"), .excerpt), (words("AOI visit"), .gaze),
        ]
        return Charts.TimelineDrawing(rows: rows, fromMs: from, toMs: to,
                                      axisTitle: TimelineWording.clockName(timeline, Voice.language).map { words("Time on the clock of \($0) (minutes:seconds)") }
                                          ?? words("Time since session \(timeline.session) of \(timeline.participant) began (minutes:seconds)"),
                                      legend: legend)
    }
}

/// `studyctl gaze sync P3`: a gaze recording on a moderated session's clock.
struct GazeSync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: words("Place a participant's gaze recording on their moderated session's clock."),
        discussion: words("""
            A Tobii recording has its own clock (the export's recording timestamp). --starts-at places its zero on the \
            session's clock (seconds after the session began; negative when the recording began first); --sync ties a \
            time of the recording to a moment of the session: 'session' (its start) or 'event:KIND TASK', the session's \
            first such event. Without a sync point, 'studyctl timeline' places a recording by the export's recording \
            start time (Pro Lab's Recording start time, Studio's LocalTimeStamp) against the session's start.

            Examples: studyctl gaze sync P3 --sync "00:00:05=event:start T1"
                      studyctl gaze sync P3 --recording Rec2 --starts-at -2.5 --session 2
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The export's recording name, when the participant has several."), valueName: "name"))
    var recording: String?

    @OptionGroup var clock: SessionClockOptions

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if clock.startsAt != nil && clock.sync != nil { throw Refusal("Please choose one of --starts-at and --sync.") }
        if clock.startsAt == nil && clock.sync == nil { throw Refusal("Please say where the recording starts with --starts-at or --sync.") }
    }

    func run() throws {
        Voice.settle(arguments: CommandLine.arguments)
        guard let placement = try clock.placement() else { throw Refusal("Please say where the recording starts with --starts-at or --sync.") }
        let placed = try study.withStudy { try $0.syncGaze(participant: participant, recording: recording, placement: placement, session: clock.session) }
        let how = placed.syncAnchor == "starts-at" ? "--starts-at \(MediaTime.seconds(placed.sessionOffsetMs))"
            : "--sync \(MediaTime.shown(placed.syncMediaMs))=\(placed.syncAnchor)"
        say("\(placed.participant)'s gaze recording \(placed.recording) begins at \(MediaTime.shown(placed.sessionOffsetMs)) on session \(placed.session)'s clock (\(how)).")
    }
}
