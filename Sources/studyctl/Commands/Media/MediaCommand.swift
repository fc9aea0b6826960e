import ArgumentParser
import Foundation
import Media
import MediaTools
import Results
import StudyStore
import Wording

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: words("Register the recordings of sessions (audio or video): add, list and remove."),
        subcommands: [MediaAdd.self, MediaList.self, MediaRemove.self])
}

struct MediaAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Register a participant's recording; the file stays where it is."),
        discussion: words("""
            The file is not copied: the study keeps its absolute path, size and SHA-256, so 'media list' and 'check' \
            tell when it was moved or changed, and what ffprobe reads of it (audio or video, duration, codecs). \
            FFmpeg's ffprobe must be installed.

            --transcript links the transcript made from this recording: its turn times are then the recording's \
            times, and 'studyctl clips' and the coding workspace play excerpts from it. --starts-at places the \
            recording on the participant's moderated session's clock (seconds after the session began; negative \
            when the recording began first); --sync ties a time of the recording to a moment of the session: \
            'session' (its start) or 'event:KIND TASK', the session's first such event (event:start T1 is the first \
            start of T1).

            Examples: studyctl media add P3 P3.mp4 --transcript ''
                      studyctl media add P3 P3-tela.mp4 --label tela --sync "00:00:05=event:start T1"
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The recording: an audio or video file ffprobe can read."), valueName: "file"),
              completion: .file(extensions: ["mp4", "m4a", "mov", "mkv", "webm", "wav", "mp3", "ogg", "flac"]))
    var file: String

    @Option(help: ArgumentHelp(words("Tells apart several recordings of one participant (e.g. screen, camera)."), valueName: "label"))
    var label: String = ""

    @Option(help: ArgumentHelp(words("The label of the participant's transcript made from this recording ('' for the one without a label)."),
                               valueName: "label"))
    var transcript: String?

    @OptionGroup var clock: SessionClockOptions

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if clock.startsAt != nil && clock.sync != nil { throw Refusal("Please choose one of --starts-at and --sync.") }
        if clock.session != nil && clock.startsAt == nil && clock.sync == nil { throw Refusal("Please say where the recording starts with --starts-at or --sync when you name --session.") }
    }

    func run() throws {
        Voice.settle(arguments: CommandLine.arguments)
        let placement = try clock.placement()
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        let database = try study.open()
        let facts = try FFprobe.facts(of: path)
        let fingerprint = try Activity.during(Message.working.text(Voice.language)) { try FileFingerprint.read(path) }
        let record = try database.addMedia(MediaRegistration(participant: participant, label: label, path: path, facts: facts, fingerprint: fingerprint,
                                                             transcript: transcript, placement: placement, session: clock.session))
        let kind = MediaList.kind(record.kind)
        let size = MediaList.size(record.size)
        say("Registered \(record.participant)'s recording\(MediaList.labelled(record.label)): \(kind), \(record.facts.codec), \(MediaTime.shown(record.durationMs)), \(size) (\(record.path)).")
        if let transcript = record.transcript {
            let shown = transcript.isEmpty ? "''" : transcript
            if record.transcriptTimed == true {
                say("Linked to the transcript \(shown): its turn times are the recording's times.")
            } else {
                say("Linked to the transcript \(shown), which has no times: its excerpts cannot be played or cut until it is added again from a timed file (WebVTT, SRT).")
            }
            if let last = try database.transcriptDetails(participant: record.participant, label: transcript).turns.compactMap({ $0.end ?? $0.start }).max(),
               last > record.durationMs + 1000 {
                note("the transcript's last turn ends at \(MediaTime.shown(last)), after the recording's end (\(MediaTime.shown(record.durationMs))): is it the transcript of this recording?")
            }
        }
        if let offset = record.sessionOffsetMs, let number = record.session {
            say("On session \(number)'s clock the recording begins at \(MediaList.offset(offset)) (\(MediaList.placement(record))).")
        }
    }
}

struct MediaList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: words("List the registered recordings, and whether each file is still where it was, unchanged."))

    @Argument(help: ArgumentHelp(words("Only this participant's recordings.")))
    var participant: String?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let records = try study.withStudy { try $0.media(participant: participant) }
        let listed = records.map { MediaListEntry(record: $0, state: $0.fingerprint.state(of: $0.path)) }
        if output.json { return try printJSON(listed, command: "media list", key: "media") }
        if listed.isEmpty { return say("No recordings yet: register one with 'studyctl media add PARTICIPANT FILE'.") }
        printListing(ResultTable.media(listed.map { ($0.record, $0.state) }, language: Voice.language))
        for item in listed {
            if let problem = MediaFileProblem(item.record, state: item.state) { note(problem.sentence) }
        }
    }

    /// "video" or "audio" in the command line's language.
    static func kind(_ kind: MediaKind) -> String { kind == .video ? words("video") : words("audio") }

    /// " 'tela'" for a labelled recording, nothing for the one without a label.
    static func labelled(_ label: String) -> String { label.isEmpty ? "" : " '\(label)'" }

    /// A size as people read it, in the command line's language: "1,2 MB".
    static func size(_ bytes: Int64) -> String { ResultTable.fileSize(bytes, Voice.language) }

    /// A place on the session's clock: "0:37.000", "-0:02.500".
    static func offset(_ ms: Int) -> String { MediaTime.shown(ms) }

    /// What placed the recording, as typed: "--starts-at 37", "0:05.000=event:start T1".
    static func placement(_ record: MediaRecord) -> String {
        guard let anchor = record.syncAnchor else { return "" }
        if anchor == "starts-at" { return "--starts-at \(MediaTime.seconds(record.sessionOffsetMs ?? 0))" }
        return "--sync \(MediaTime.shown(record.syncMediaMs ?? 0))=\(anchor)"
    }
}

struct MediaRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove a recording from the study; the file itself is left alone."))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("Which recording, when the participant has several."), valueName: "label"))
    var label: String = ""

    @OptionGroup var study: StudyOptions

    func run() throws {
        let record = try study.withStudy { try $0.removeMedia(participant: participant, label: label) }
        say("Removed \(record.participant)'s recording\(MediaList.labelled(record.label)) from the study; the file \(record.path) was not touched.")
    }
}
