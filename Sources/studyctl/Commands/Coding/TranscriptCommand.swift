import ArgumentParser
import Results
import Foundation
import Importing
import QualCoding
import StudyStore
import Tabular
import Wording

struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: words("Add and show interview transcripts."),
        subcommands: [TranscriptAdd.self, TranscriptShow.self, TranscriptSearchCommand.self, TranscriptCodeSpeaker.self])
}

struct TranscriptAdd: ParsableCommand {
    /// "1 turn", "12 turns": the count with its noun in the reader's number.
    static func turnCount(_ count: Int) -> Sentence {
        Sentence(count: count, one: "\(count) turn", other: "\(count) turns")
    }

    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Store a participant's transcript: text, WebVTT or SRT subtitles, a Word document (.docx), whisper JSON or noScribe HTML."),
        discussion: words("""
            WebVTT (Zoom's numbered cues with 'Name: text', Teams' <v Name> voice tags; cues out of order are put in \
            time order), SRT, Word documents (paragraphs, or a table of time, speaker and text as NVivo reads), \
            whisper JSON (WhisperX, whisper, whisper.cpp: segments with their speaker and each word's time), \
            noScribe's HTML (its time anchors) and plain text with QualCoder's time stamps ([hh:mm:ss], [mm:ss], \
            #hh:mm:ss.sss#) and 'Name:' turns are read into turns with their speaker and time; words with their own \
            times keep them, so a clip or an excerpt's time is that of its words (else its share of the cue it lies \
            in). A header before the speech (a title, 'Speakers: …', 'Date: …'; a Word document's paragraphs outside \
            its transcript table) is kept as the transcript's header, apart from the words: not read as speakers nor as \
            a turn ('transcript show' prints it). The stored text is readable: one paragraph per turn, 'Name: …', \
            without time stamps or cue numbers; what was left out is counted. Text that is not valid UTF-8 is read as \
            Windows-1252, and said.

            --speaker maps a speaker to the moderator or to a participant: a focus group is one transcript whose \
            codings count for the participant who said the words; the moderator's words count for nobody. A speaker \
            not mapped speaks for the transcript's participant.

            The text is stored in Unicode NFC with line endings made LF (CRLF and CR alike). Excerpts already coded \
            for the participant are located in the transcript and their spans stored.

            Example: studyctl transcript add P04 P04.vtt --speaker "Entrevistadora=moderator" --speaker "João=P04"
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The transcript: text (.txt, .md), WebVTT (.vtt), SRT (.srt), Word (.docx), whisper JSON (.json) or noScribe HTML (.html)."),
                                 valueName: "file"),
              completion: .file(extensions: ["txt", "md", "vtt", "srt", "docx", "json", "html"]))
    var file: String

    @Option(help: ArgumentHelp(words("Tells apart several transcripts of one participant (e.g. interview-2)."), valueName: "label"))
    var label: String = ""

    @Option(help: ArgumentHelp(words("Who a speaker is: NAME=moderator or NAME=PARTICIPANT (e.g. \"Ana=moderator\", \"João=P3\"); repeat for each speaker."),
                               valueName: "name=role"))
    var speaker: [Assignment] = []

    @Flag(help: ArgumentHelp(words("Replace the participant's existing transcript.")))
    var replace = false

    @Flag(help: ArgumentHelp(words("With --replace: replace it even when coded excerpts would no longer be found in the new text.")))
    var force = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        var seen: Set<String> = []
        for assignment in speaker {
            if assignment.value.trimmingCharacters(in: .whitespaces).isEmpty {
                throw Refusal("Please write --speaker as NAME=moderator or NAME=PARTICIPANT; '\(assignment.key)=' names no role.")
            }
            if !seen.insert(TextMatching.fold(assignment.key)).inserted {
                throw Refusal("Please map the speaker '\(assignment.key)' only once with --speaker.")
            }
        }
    }

    func run() throws {
        // The study's language first: what is said about the file is said in it.
        Voice.settle(arguments: CommandLine.arguments)
        let read = try TranscriptFile.read(file, knownSpeakers: Set(speaker.map(\.key)))
        if read.encoding == .windows1252 {
            note("\(file) is not valid UTF-8 (\(read.firstNonUTF8 ?? "")): it was read as Windows-1252 (Latin-1)")
        }
        let (text, turns, timedWords) = read.layoutWithWords()
        let names = read.speakers
        var roles: [String: SpeakerRole] = [:]
        for assignment in speaker {
            // The name as the file spells it (case and accents aside); a name not in the file is refused by the store.
            let name = names.first { $0 == assignment.key } ?? names.first { TextMatching.fold($0) == TextMatching.fold(assignment.key) } ?? assignment.key
            roles[name] = SpeakerRole(parsing: assignment.value)
        }
        if !speaker.isEmpty && names.isEmpty {
            throw Refusal("Please leave out --speaker: \(file) names no speaker (turns opening with 'Name:', WebVTT <v Name> tags or a speaker column).")
        }
        let timing = turns.isEmpty ? nil : TranscriptTiming(turns: turns, roles: roles, words: timedWords)
        let located = try study.withStudy {
            try $0.addTranscript(participant: participant, text: text, label: label, source: file, replace: replace, force: force, timing: timing,
                                 header: read.header.isEmpty ? nil : read.header.joined(separator: "\n"))
        }
        say(.storedTranscript(participant: participant, characters: text.count, located: located))
        guard !turns.isEmpty else { return }
        if let first = turns.compactMap(\.start).min() {
            let last = turns.compactMap { $0.end ?? $0.start }.max() ?? first
            say("Read as \(read.format.noun): \(Self.turnCount(turns.count)) from \(TranscriptClock.text(first)) to \(TranscriptClock.text(last)).")
            if !timedWords.isEmpty {
                say("Words with their own times: \(timedWords.count) of \(read.turns.reduce(0) { $0 + $1.words.count }); an excerpt's time is that of its words.")
            }
        } else {
            say("Read as \(read.format.noun): \(Self.turnCount(turns.count)), without times.")
        }
        if !names.isEmpty {
            let described = names.map { name -> Sentence in
                switch roles[name] {
                case .moderator?: return "\(name) (moderator: not a participant's words)"
                case let .participant(code)?: return "\(name) → \(code)"
                case nil: return "\(name) (not mapped: \(participant)'s words)"
                }
            }
            say("Speakers: \(Sentence.joined(described, separator: "; ")).")
            let unmapped = names.filter { roles[$0] == nil }
            if names.count > 1 && !unmapped.isEmpty {
                note(unmapped.count == 1
                    ? "map each speaker with --speaker NAME=moderator or NAME=PARTICIPANT; \(unmapped[0]) speaks for \(participant) now"
                    : "map each speaker with --speaker NAME=moderator or NAME=PARTICIPANT; \(unmapped.joined(separator: ", ")) speak for \(participant) now")
            }
        }
        let dropped = read.dropped
        var parts: [Sentence] = []
        if dropped.cueIDs > 0 { parts.append("cue numbers: \(dropped.cueIDs)") }
        if dropped.stylingTags > 0 { parts.append("styling tags: \(dropped.stylingTags)") }
        if dropped.blocks > 0 { parts.append("NOTE, STYLE and REGION blocks: \(dropped.blocks)") }
        if dropped.inlineTimes > 0 { parts.append("times inside the text: \(dropped.inlineTimes)") }
        if dropped.stamps > 0 { parts.append("time stamps (their times are kept with the turns): \(dropped.stamps)") }
        if !parts.isEmpty { say("Left out of the text: \(Sentence.joined(parts, separator: "; ")).") }
        if !read.header.isEmpty {
            let lines = Sentence(verbatim: read.header.map { "“\($0.count > 60 ? $0.prefix(60) + "…" : $0)”" }.joined(separator: "; "))
            say(Sentence(count: read.header.count,
                         one: "Kept as the transcript's header, not as words of a turn ('transcript show' prints it), \(read.header.count) line: \(lines).",
                         other: "Kept as the transcript's header, not as words of a turn ('transcript show' prints it), \(read.header.count) lines: \(lines)."))
        }
        if read.reordered > 0 { say("Cues out of time order in the file, put in order: \(read.reordered).") }
    }
}

struct TranscriptShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: words("Print a participant's transcript with its coded passages marked."),
        discussion: words("""
            Each coded passage is printed between ⟦ and ⟧ followed by note numbers; the notes below list each \
            passage's time (where the transcript has times), code, categories and coder. A transcript with turns \
            begins with its speakers, and each paragraph with its time. --plain prints the text alone; --coder shows \
            one coder's codes.
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("Which transcript, when the participant has several."), valueName: "label"))
    var label: String = ""

    @Flag(help: ArgumentHelp(words("Print the text without marks.")))
    var plain = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (details, codes) = try study.withStudy { database in
            let details = try database.transcriptDetails(participant: participant, label: label)
            let document = DocumentID(participant: details.participant, label: details.label)
            return (details, try database.codes(coder: coder.coder).filter { $0.spanStart != nil && $0.document == document })
        }
        if output.json {
            return try printJSON(TranscriptDocument(details, codings: codes), command: "transcript show")
        }
        let text = details.text
        if plain { return print(text) }
        let language = Voice.language
        // A participant of a focus group held by another: say whose transcript this is.
        if TextMatching.nfc(participant).caseInsensitiveCompare(details.participant) != .orderedSame {
            say(details.label.isEmpty ? "\(participant) speaks in \(details.participant)'s transcript."
                : "\(participant) speaks in \(details.participant)'s transcript '\(details.label)'.")
        }
        if let header = details.header {
            say("Header (kept as typed, not words of a turn):")
            for line in header.split(separator: "\n", omittingEmptySubsequences: false) { print("  " + line) }
            if details.turns.isEmpty && details.kind != .sessionLog { print("") }
        }
        if !details.turns.isEmpty || details.kind == .sessionLog {
            // Two participants or more speaking in it: a focus group, not an interview.
            let group = Set(details.speakers.compactMap { $0.role == "participant" ? $0.participant : nil }).count >= 2
            let kind = details.kind == .sessionLog ? Term.session_log.text(language)
                : group ? ("focus group" as Sentence).text(language) : Term.interview.text(language)
            let times = details.turns.compactMap(\.start)
            if let first = times.min() {
                let last = details.turns.compactMap { $0.end ?? $0.start }.max() ?? first
                say("Transcript of \(details.participant) (\(kind)): \(TranscriptAdd.turnCount(details.turns.count)) from \(TranscriptClock.text(first)) to \(TranscriptClock.text(last)).")
            } else if !details.turns.isEmpty {
                say("Transcript of \(details.participant) (\(kind)): \(TranscriptAdd.turnCount(details.turns.count)), without times.")
            } else {
                say("Transcript of \(details.participant) (\(kind)).")
            }
            if !details.speakers.isEmpty {
                let described = details.speakers.map { speaker -> Sentence in
                    switch speaker.role {
                    case "moderator": return "\(speaker.name) (\(Term.moderator.text(language)))"
                    case "participant": return "\(speaker.name) (\(speaker.participant ?? "–"))"
                    default: return "\(speaker.name) (\(details.participant)'s words, not mapped)"
                    }
                }
                say("Speakers: \(Sentence.joined(described, separator: "; ")).")
            }
            print("")
        }
        // Each paragraph's time before it: the start of its first turn.
        var labels: [Int: String] = [:]
        let scalars = Array(text.unicodeScalars)
        for turn in details.turns {
            guard let start = turn.start else { continue }
            var lineStart = turn.spanStart
            while lineStart > 0 && scalars[lineStart - 1] != "\n" { lineStart -= 1 }
            if labels[lineStart] == nil { labels[lineStart] = "[\(TranscriptClock.text(start))] " }
        }
        if codes.isEmpty && labels.isEmpty { return print(text) }
        // `codes` are the ones placed in this transcript: each has both ends of its span.
        let spans = codes.compactMap { code in code.spanStart.flatMap { start in code.spanEnd.map { (code: code, start: start, end: $0) } } }
            .sorted { ($0.start, $0.code.id) < ($1.start, $1.code.id) }
        let ordered = spans.map(\.code)
        let passages = spans.enumerated().map { TranscriptMarks.Passage(start: $0.element.start, end: $0.element.end, note: $0.offset + 1) }
        print(TranscriptMarks.mark(text, passages: passages, labels: labels))
        guard !ordered.isEmpty else { return }
        print("")
        for (index, code) in ordered.enumerated() {
            let time = code.startTime.map { start in
                TranscriptClock.text(Int((start * 1000).rounded())) + (code.endTime.map { "–" + TranscriptClock.text(Int(($0 * 1000).rounded())) } ?? "") + " "
            } ?? ""
            let whose = code.moderatorWords == true ? " " + words("(the moderator's words)") : code.participant == details.participant ? "" : " (\(code.participant))"
            print("[\(index + 1)] \(time)\(code.code) — \(code.categories.joined(separator: ", "))" + (code.coder.map { " (\($0))" } ?? "") + whose)
        }
    }
}
