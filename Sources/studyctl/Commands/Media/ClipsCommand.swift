import ArgumentParser
import Foundation
import Media
import MediaTools
import QualCoding
import Results
import StudyStore
import Wording

struct ClipsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clips",
        abstract: words("Cut every coded excerpt of a category from its recording, with captions, and join them into a highlight reel."),
        discussion: words("""
            Each excerpt coded in the category (by any coder, each excerpt once) whose transcript is linked to a \
            recording ('studyctl media add … --transcript') is cut from it with ffmpeg: from its first word to its \
            last, by the words' own times where the transcript has them (whisper JSON), else by the excerpt's share \
            of the cue it lies in (the cue's time spread evenly over its characters), with --lead seconds before and \
            --tail after, kept inside the recording; the output says which. Each clip \
            carries the excerpt's words as captions: a subtitle track players show and hide (mov_text), or drawn \
            into the picture with --burn. Clips are named so they sort by participant and time; the reel joins them \
            in that order with a chapter per participant. Excerpts that cannot be cut (no transcript, a transcript \
            without times or without a recording, a recording gone or changed) are listed with the reason.

            Every file is written under a temporary name in the output folder and renamed when complete, so no \
            half-written file ever has a final name. FFmpeg (ffmpeg and ffprobe) must be installed.

            Example: studyctl clips --category "Navegação" -o destaques --participant P1 --participant P3
            """))

    @Option(help: ArgumentHelp(words("The category whose excerpts are cut."), valueName: "name"))
    var category: String

    @Option(name: .shortAndLong, help: ArgumentHelp(words("The folder for the clips and the reel (default: clips-CATEGORY)."), valueName: "folder"))
    var output: String?

    @Option(help: ArgumentHelp(words("Seconds before the excerpt's start."), valueName: "seconds"))
    var lead: Double = 1.5

    @Option(help: ArgumentHelp(words("Seconds after the excerpt's end."), valueName: "seconds"))
    var tail: Double = 1.5

    @Option(help: ArgumentHelp(words("Only this participant's excerpts; repeat for several."), valueName: "code"))
    var participant: [String] = []

    @Flag(help: ArgumentHelp(words("Draw the captions into the picture instead of a subtitle track (for players and slides that show none).")))
    var burn = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var format: OutputOptions

    func validate() throws {
        for (name, value) in [("--lead", lead), ("--tail", tail)] where !(value.isFinite && value >= 0 && value <= 600) {
            throw Refusal("Please give \(name) in seconds, from 0 to 600.")
        }
    }

    typealias Clip = ClipsDocument.Clip
    typealias Skipped = ClipsDocument.Skipped

    func run() throws {
        let database = try study.open()
        let categoryName = try database.categoryName(category)
        let (sources, stored) = try database.clipSources(category: categoryName, participants: participant)
        var skipped = stored.map { Skipped(participant: $0.participant, excerptID: $0.excerptID, excerpt: $0.excerpt, reason: words($0.reason)) }
        guard !sources.isEmpty || !skipped.isEmpty else {
            throw Refusal("No excerpt is coded in the category '\(categoryName)'\(participant.isEmpty ? "" : " for \(participant.joined(separator: ", "))" as Sentence).")
        }
        guard FFmpeg.isAvailable else { throw MediaError.programMissing(program: "ffmpeg", purpose: "to cut clips") }
        guard FFprobe.isAvailable else { throw MediaError.programMissing(program: "ffprobe", purpose: "to measure the clips") }

        // What can be cut: a recording still as registered, an excerpt inside it.
        var planned: [(source: ClipSource, window: ClipWindow)] = []
        var checked: [Int64: FileFingerprint.State] = [:]
        for source in sources {
            let record = source.media
            let state = checked[record.id] ?? record.fingerprint.state(of: record.path)
            checked[record.id] = state
            func skip(_ reason: Sentence) {
                skipped.append(Skipped(participant: source.participant, excerptID: source.excerptID, excerpt: source.excerpt, reason: words(reason)))
            }
            switch state {
            case .missing: skip("its recording \(record.path) is gone (moved or deleted)"); continue
            case .changed: skip("its recording \(record.path) changed since it was registered"); continue
            case .unchanged: break
            }
            guard let window = ClipWindow.around(spanStartMs: source.startMs, spanEndMs: source.endMs, leadMs: Int((lead * 1000).rounded()),
                                                 tailMs: Int((tail * 1000).rounded()), durationMs: record.durationMs) else {
                skip("it was said at \(MediaTime.shown(source.startMs)), after the recording's end (\(MediaTime.shown(record.durationMs)))")
                continue
            }
            planned.append((source, window))
        }
        let folder = output ?? "clips-" + (ClipNaming.slug(categoryName).isEmpty ? "category" : ClipNaming.slug(categoryName))
        guard !planned.isEmpty else {
            Self.sayItems(skipped)
            throw Refusal("No clip of '\(categoryName)' can be cut: every excerpt was skipped (see above).")
        }
        let clipFormat = FFmpeg.ClipFormat.fitting(planned.map(\.source.media.facts))
        var mode: FFmpeg.CaptionMode = burn ? .burned : .soft
        if burn && clipFormat == .audio {
            note("the recordings have no pictures to draw captions into: they are a subtitle track")
            mode = .soft
        } else if burn && !FFmpeg.canBurnCaptions {
            throw Refusal("This ffmpeg cannot draw captions into pictures (it was built without libass): leave out --burn for a subtitle track.")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw MediaError.cannotWrite(file: folder, reason: Sentence(verbatim: error.localizedDescription))
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-clips-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var clips: [Clip] = []
        for (index, item) in planned.enumerated() {
            let (source, window) = item
            let name = ClipNaming.fileName(index: index + 1, of: planned.count, participant: source.participant, startMs: source.startMs,
                                           code: source.codes.first ?? "", ext: clipFormat.fileExtension)
            printError(words("Clip \(index + 1) of \(planned.count): \(source.participant) \(MediaTime.shown(window.startMs))–\(MediaTime.shown(window.endMs)) → \(name)"))
            let captions = work.appendingPathComponent("captions-\(index + 1).vtt").path
            try Self.write(Captions.webVTT([.init(startMs: window.wordsStartMs, endMs: window.wordsEndMs, text: source.excerpt)]), to: captions)
            let final = (folder as NSString).appendingPathComponent(name)
            try Self.atomically(final) { temporary in
                try FFmpeg.cutClip(source: source.media.path, facts: source.media.facts, window: window, captions: captions, mode: mode,
                                   format: clipFormat, to: temporary)
            }
            clips.append(Clip(file: final, participant: source.participant, excerptID: source.excerptID, codes: source.codes, excerpt: source.excerpt,
                              startMs: window.startMs, endMs: window.endMs, excerptStartMs: source.startMs, excerptEndMs: source.endMs,
                              timeBasis: source.timeBasis.rawValue,
                              durationMs: try FFprobe.durationMs(of: final), recording: source.media.path))
        }

        printError(words("Joining the clips into the reel…"))
        let chapters = Chapters.perParticipant(clips.map { ($0.participant, $0.durationMs) })
        let metadata = work.appendingPathComponent("chapters.txt").path
        try Self.write(Chapters.ffmetadata(title: categoryName, chapters: chapters), to: metadata)
        let reelName = "reel-" + (ClipNaming.slug(categoryName).isEmpty ? "category" : ClipNaming.slug(categoryName)) + "." + clipFormat.fileExtension
        let reelPath = (folder as NSString).appendingPathComponent(reelName)
        try Self.atomically(reelPath) { temporary in
            try FFmpeg.joinReel(clips: clips.map { URL(fileURLWithPath: $0.file).standardizedFileURL.path }, metadata: metadata,
                                withCaptions: mode == .soft, to: temporary)
        }
        let reel = ClipsDocument.Reel(file: reelPath, durationMs: try FFprobe.durationMs(of: reelPath),
                        chapters: chapters.map { ClipsDocument.Chapter(title: $0.title, startMs: $0.startMs, endMs: $0.endMs) })
        let summary = ClipsDocument(category: categoryName, folder: folder, captions: mode.rawValue, clips: clips, reel: reel, skipped: skipped)
        if format.json { return try printJSON(summary, command: "clips") }
        let titles = chapters.map(\.title).joined(separator: ", ")
        if clips.count == 1 {
            say("Wrote 1 clip of '\(categoryName)' to \(folder), and the reel \(reelName) (\(MediaTime.shown(reel.durationMs)), a chapter per participant: \(titles)).")
        } else {
            say("Wrote \(clips.count) clips of '\(categoryName)' to \(folder), and the reel \(reelName) (\(MediaTime.shown(reel.durationMs)), a chapter per participant: \(titles)).")
        }
        say(mode == .soft ? "Captions: a subtitle track (mov_text) in each clip and in the reel; players show or hide it."
            : "Captions: drawn into the picture of each clip and of the reel.")
        Self.sayTimes(clips)
        Self.sayItems(skipped)
    }

    /// How the excerpts' times were found, when any was not by its own words.
    static func sayTimes(_ clips: [Clip]) {
        let byWords = clips.filter { $0.timeBasis == ExcerptTiming.Basis.words.rawValue }.count
        let byShare = clips.filter { $0.timeBasis == ExcerptTiming.Basis.share.rawValue }.count
        let byTurn = clips.count - byWords - byShare
        var parts: [Sentence] = []
        if byWords > 0 { parts.append("\(byWords) by the words' own times") }
        if byShare > 0 { parts.append("\(byShare) by the excerpt's share of its cue (the cue's time spread evenly over its characters)") }
        if byTurn > 0 { parts.append("\(byTurn) by the whole turn (it has no end time)") }
        say("Excerpt times: \(Sentence.joined(parts, separator: "; ")).")
    }

    /// The excerpts left out, one line each.
    static func sayItems(_ skipped: [Skipped]) {
        guard !skipped.isEmpty else { return }
        say(skipped.count == 1 ? "Skipped 1 excerpt:" : "Skipped \(skipped.count) excerpts:")
        for item in skipped {
            let text = item.excerpt.count > 60 ? String(item.excerpt.prefix(60)) + "…" : item.excerpt
            print("  \(item.participant) · \(item.excerptID) “\(text.oneLine)”: \(item.reason)")
        }
    }

    static func write(_ text: String, to path: String) throws {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw MediaError.cannotWrite(file: path, reason: Sentence(verbatim: error.localizedDescription))
        }
    }

    /// Runs `make` on a temporary name beside `path` (a hidden file in the same folder), then renames it to `path`: the
    /// file appears complete under its name or not at all.
    static func atomically(_ path: String, _ make: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        do {
            try make(temporary)
            guard rename(temporary, path) == 0 else {
                throw MediaError.cannotWrite(file: path, reason: Sentence(verbatim: String(cString: strerror(errno))))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }
}
