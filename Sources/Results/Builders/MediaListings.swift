import Foundation
import Gaze
import Media
import Wording

/// The command line's listings of recordings, eye-tracking media and areas of interest, and the variables of a
/// statistics file, as `ResultTable`s.
extension ResultTable {
    /// `media list`: each recording with its kind, codec, duration ("1:05,000"), size ("5,7 MB"), linked transcript,
    /// place on its session's clock and whether its file is still where it was registered.
    public static func media(_ recordings: [(record: MediaRecord, state: FileFingerprint.State)], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        let record = language.record
        var table = ResultTable(id: "media", title: Term.recordings.text(language), language: language,
                                columns: [Column(Term.participant.rawValue, word("Participant"), .text), Column("label", word("Label"), .text),
                                          Column(Term.kind.rawValue, word("Kind"), .text).worded(["video": word("video"), "audio": word("audio")]),
                                          Column("codec", word("Codec"), .text), Column("duration", word("Duration"), .figure),
                                          Column("size", word("Size"), .figure), Column("transcript", word("Transcript"), .text),
                                          Column("session_clock", word("Session clock"), .text),
                                          Column("file", word("File"), .text).worded(["ok": word("ok"), "missing": word("gone (moved or deleted)"),
                                                                                     "changed": word("changed")])])
        for (item, state) in recordings {
            let file: String
            switch state {
            case .unchanged: file = "ok"
            case .missing: file = "missing"
            case .changed: file = "changed"
            }
            let clock = item.sessionOffsetMs.map { offset -> Value in
                .text(word("session \(item.session ?? 1): begins at \(record.decimal(MediaTime.text(offset)))"))
            } ?? .empty
            table.append([.text(item.participant), .text(item.label), .text(item.kind.rawValue), .text(item.facts.codec),
                          .text(record.decimal(MediaTime.text(item.durationMs))), .text(fileSize(item.size, language)),
                          item.transcript.map { .text($0.isEmpty ? "''" : $0) } ?? .empty, clock, .text(file)])
        }
        return table
    }

    /// A size as people read it: "512 B", "32,2 kB", "5,7 MB", "1,25 GB".
    public static func fileSize(_ bytes: Int64, _ language: StudyLanguage) -> String {
        let style = NumberStyle(language)
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return style.number(Double(bytes) / 1000, decimals: 1) + " kB" }
        if bytes < 1_000_000_000 { return style.number(Double(bytes) / 1_000_000, decimals: 1) + " MB" }
        return style.number(Double(bytes) / 1_000_000_000, decimals: 2) + " GB"
    }

    /// `aoi list`: each area of interest of each media, with its shape in words.
    public static func areasOfInterest(_ areas: [(media: String, aoi: AOI)], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        func whole(_ value: Double) -> String { NumberStyle.fixed(value, decimals: 0) }
        var table = ResultTable(id: "areas_of_interest", title: Term.areas_of_interest.text(language), language: language,
                                columns: [Column(Term.media.rawValue, word("media"), .text), Column(Term.aoi.rawValue, word("AOI"), .text),
                                          Column("shape", word("shape"), .text)])
        for (media, aoi) in areas {
            let shape: String
            switch aoi.shape {
            case let .rectangle(x, y, w, h): shape = word("rectangle \(whole(x)),\(whole(y)) \(whole(w))×\(whole(h))")
            case let .polygon(points): shape = word("polygon of \(points.count) points")
            case .exportHits: shape = word("the export's hit column")
            }
            table.append([.text(media), .text(aoi.name), .text(shape)])
        }
        return table
    }

    /// `gaze list`: each eye-tracking recording with its samples, the share of them invalid ("4%") and its fixations.
    public static func gazeRecordings(_ recordings: [GazeRecordingInfo], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        var table = ResultTable(id: "gaze_recordings", title: Term.gaze_recordings.text(language), language: language,
                                columns: [Column(Term.media.rawValue, word("media"), .text), Column(Term.participant.rawValue, word("participant"), .text),
                                          Column(Term.recording.rawValue, word("recording"), .text), Column(Term.samples.rawValue, word("samples"), .count),
                                          Column(Term.invalid_share.rawValue, word("invalid"), .figure),
                                          Column(Term.fixations.rawValue, word("fixations"), .count)])
        for recording in recordings {
            table.append([.text(recording.media), .text(recording.participant), .text(recording.recording), .count(recording.samples),
                          .text(String(format: "%.0f%%", recording.invalidShare * 100)), .count(recording.fixations)])
        }
        return table
    }

    /// `gaze media list`: each media with its registered image and size, recordings and areas of interest.
    public static func gazeMedia(_ media: [GazeMedia], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        var table = ResultTable(id: "gaze_media", title: Term.media.text(language), language: language,
                                columns: [Column(Term.media.rawValue, word("media"), .text), Column("image", word("image"), .text).showingMissing(as: "—"),
                                          Column("size", word("size"), .text).showingMissing(), Column(Term.recordings.rawValue, word("recordings"), .count),
                                          Column(Term.areas_of_interest.rawValue, word("AOIs"), .count)])
        for item in media {
            table.append([.text(item.name), Value(item.imageFile), item.width.map { .text("\($0) × \(item.height ?? 0)") } ?? .empty,
                          .count(item.recordings), .count(item.aois)])
        }
        return table
    }

    /// The variables an SPSS or Stata file was written with: each one's name, label and what it was made from.
    public static func statisticsVariables(_ variables: [(name: String, label: String, source: String)], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        var table = ResultTable(id: "variables", title: word("Variable"), language: language,
                                columns: [Column("variable", word("Variable"), .text), Column("label", word("Label"), .text),
                                          Column("from", word("From"), .text)])
        for variable in variables { table.append([.text(variable.name), .text(variable.label), .text(variable.source)]) }
        return table
    }
}
