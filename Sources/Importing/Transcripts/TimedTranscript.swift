import Foundation
import QualCoding
import Wording

/// A transcript file read into what was said: turns with their speaker and time, in time order, and what was left
/// out of the text (cue numbers, styling tags, notes). `layout()` makes the readable text the study stores, with
/// each turn's place in it.
public struct TimedTranscript: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable {
        case webVTT = "WebVTT"
        case srt = "SRT"
        case wordParagraphs = "Word paragraphs"
        case wordTable = "Word table"
        case text = "text"
        case wordText = "Word text"
        case whisperJSON = "whisper JSON"
        case noScribeHTML = "noScribe HTML"

        /// What the format is called in a sentence.
        public var noun: Sentence {
            switch self {
            case .webVTT: return "WebVTT"
            case .srt: return "SRT"
            case .wordParagraphs: return "Word document (paragraphs)"
            case .wordTable: return "Word document (table of time, speaker and text)"
            case .text: return "text"
            case .wordText: return "Word document (text)"
            case .whisperJSON: return "whisper JSON (WhisperX, whisper)"
            case .noScribeHTML: return "noScribe HTML"
            }
        }
    }

    /// How the file's bytes were read.
    public enum Encoding: String, Sendable, Equatable {
        case utf8 = "UTF-8"
        /// Not valid UTF-8: read as Windows-1252 (which Latin-1 text is too, for the letters Portuguese uses).
        case windows1252 = "Windows-1252"
    }

    /// A word of a turn with the time a speech recogniser gives it (a whisper JSON's `words`).
    public struct Word: Sendable, Equatable {
        /// As the file writes it (leading spaces and all); found in the turn's text in order.
        public var text: String
        public var start: Int?
        public var end: Int?
        public var score: Double?

        public init(text: String, start: Int?, end: Int?, score: Double? = nil) {
            self.text = text
            self.start = start
            self.end = end
            self.score = score
        }
    }

    /// One stretch of speech as the file gives it.
    public struct Turn: Sendable, Equatable {
        public var speaker: String?
        public var start: Int?
        public var end: Int?
        public var text: String
        /// Where it starts in the file (for messages).
        public var place: TranscriptPlace
        /// Whether the file starts a paragraph with it (a line of text does; a cue or a table row goes on with the
        /// same speaker's paragraph).
        public var newParagraph: Bool
        /// The turn's words with their own times, where the file gives them.
        public var words: [Word] = []

        public init(speaker: String?, start: Int?, end: Int?, text: String, place: TranscriptPlace, newParagraph: Bool = false, words: [Word] = []) {
            self.words = words
            self.speaker = speaker
            self.start = start
            self.end = end
            self.text = text
            self.place = place
            self.newParagraph = newParagraph
        }
    }

    /// What the file held that is not what was said, counted for the command's output.
    public struct Dropped: Sendable, Equatable {
        public var cueIDs = 0
        public var stylingTags = 0
        /// NOTE, STYLE and REGION blocks of a WebVTT file.
        public var blocks = 0
        /// Times written inside the text (WebVTT's `<00:00:01.000>`, a stamp inside a line of text).
        public var inlineTimes = 0
        /// Time stamps that began a turn in a text file (their time is kept with the turn).
        public var stamps = 0
        /// Paragraphs of a Word document outside its transcript table (a title, a header): kept as the header.
        public var otherParagraphs = 0
        /// Lines of a header before the speech: a title, "Speakers: …", "Date: …", noScribe's title and settings:
        /// kept as the header.
        public var headerLines = 0

        public init() {}
        public var isEmpty: Bool { cueIDs + stylingTags + blocks + inlineTimes + stamps + otherParagraphs + headerLines == 0 }
    }

    public var file: String
    public var format: Format
    public var encoding: Encoding
    /// Where the file first stops being UTF-8, when it was read as Windows-1252.
    public var firstNonUTF8: String?
    /// In time order (cues out of order are sorted by their start, ties kept in file order).
    public var turns: [Turn]
    public var dropped = Dropped()
    /// How many cues came out of order in the file.
    public var reordered = 0
    /// A plain text with neither speakers nor time stamps: stored as it is, without turns.
    public var verbatim: String?
    /// What the file held before the speech, one line each as typed: a title ("Entrevista 4 – App bancário"),
    /// "Speakers: …", "Data: …", noScribe's title and settings, a Word document's paragraphs outside its transcript
    /// table. Kept as the transcript's header, never as a turn's words.
    public var header: [String] = []

    public init(file: String, format: Format, encoding: Encoding = .utf8, turns: [Turn]) {
        self.file = file
        self.format = format
        self.encoding = encoding
        self.turns = turns
    }

    /// The speakers in the order they first speak.
    public var speakers: [String] {
        var seen: Set<String> = []
        return turns.compactMap(\.speaker).filter { seen.insert($0).inserted }
    }

    /// Whether the turns carry time.
    public var hasTimes: Bool { turns.contains { $0.start != nil } }

    /// How many words carry their own time.
    public var timedWordCount: Int { turns.reduce(0) { $0 + $1.words.filter { $0.start != nil }.count } }

    /// The readable text and each turn's place in it: one paragraph per speaker's turn ("Ana: …"), consecutive cues
    /// or rows of one speaker in one paragraph (joined by a space), paragraphs apart by a blank line, no time stamps or
    /// cue numbers. The text is NFC with LF line endings, as the study stores it, so the offsets hold there.
    public func layout() -> (text: String, turns: [TranscriptTurn]) {
        let laid = layoutWithWords()
        return (laid.text, laid.turns)
    }

    /// `layout()` with the place of each word that has a time: found in its turn's text in order (a word the text does
    /// not hold where expected keeps no time).
    public func layoutWithWords() -> (text: String, turns: [TranscriptTurn], words: [TimedWord]) {
        if let verbatim { return (verbatim, [], []) }
        // A String grown in place (amortised): `UnicodeScalarView.append(contentsOf:)` rebuilt the whole text on every
        // piece, which took minutes for a Word document of 150,000 paragraphs.
        var text = ""
        var count = 0
        var placed: [TranscriptTurn] = []
        var timedWords: [TimedWord] = []
        var previousSpeaker: String??
        func append(_ piece: String) {
            let normal = TextMatching.nfc(piece)
            text += normal
            count += normal.unicodeScalars.count
        }
        for turn in turns {
            let words = TextMatching.nfc(turn.text)
            guard !words.isEmpty else { continue }
            if let previous = previousSpeaker, previous != nil, previous == turn.speaker, !turn.newParagraph {
                append(" ")
            } else {
                if previousSpeaker != nil { append("\n\n") }
                if let speaker = turn.speaker { append(speaker + ": ") }
            }
            let start = count
            append(words)
            placed.append(TranscriptTurn(speaker: turn.speaker, start: turn.start, end: turn.end, span: start..<count))
            timedWords += Self.place(turn.words, in: Array(words.unicodeScalars), at: start)
            previousSpeaker = .some(turn.speaker)
        }
        append("\n")
        return (text, placed, timedWords)
    }

    /// The timed words of one turn, each found after the one before in the turn's text (`scalars`, which begins at
    /// offset `base` of the whole text).
    static func place(_ words: [Word], in scalars: [Unicode.Scalar], at base: Int) -> [TimedWord] {
        var result: [TimedWord] = []
        var cursor = 0
        for word in words {
            let wanted = Array(TextMatching.nfc(word.text.trimmingCharacters(in: .whitespacesAndNewlines)).unicodeScalars)
            guard !wanted.isEmpty, wanted.count <= scalars.count else { continue }
            var found: Int?
            var index = cursor
            while index + wanted.count <= scalars.count {
                if scalars[index] == wanted[0], Array(scalars[index..<(index + wanted.count)]) == wanted { found = index; break }
                index += 1
            }
            guard let at = found else { continue }
            cursor = at + wanted.count
            guard let start = word.start else { continue }
            result.append(TimedWord(span: (base + at)..<(base + cursor), start: start, end: word.end ?? start, score: word.score))
        }
        return result
    }
}

/// What the readers share: speaker prefixes, time stamps and the cleaning of a cue's words.
enum TranscriptSyntax {
    /// The small words a name may hold in lower case ("Maria da Silva").
    static let nameParticles: Set<String> = ["da", "de", "do", "das", "dos", "e", "del", "di", "van", "von", "la", "le"]

    /// "Ana Souza: texto" → ("Ana Souza", "texto"): a name of one to five words before a colon and a space (or the
    /// line's end), each word opening with a capital letter or a digit (or one of `nameParticles`), without sentence
    /// punctuation. Nil for anything else ("Senti falta de um direcionamento: …").
    static func speakerPrefix(_ line: String) -> (name: String, rest: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !name.isEmpty, name.count <= 60, (1...5).contains(parts.count),
              !name.contains(where: { "?!;,\"“”«»()[]{}<>#=|".contains($0) }),
              parts.allSatisfy({ part in
                  guard let first = part.unicodeScalars.first else { return false }
                  return first.properties.isUppercase || ("0"..."9").contains(first) || (!first.properties.isLowercase && first.properties.isAlphabetic)
                      || nameParticles.contains(part.lowercased())
              }),
              let first = parts.first?.unicodeScalars.first, !first.properties.isLowercase else { return nil }
        return (String(name), after.trimmingCharacters(in: .whitespaces))
    }

    /// What a transcript's header says before the speech, in English and Portuguese, folded: "Speakers: Ana, Rui",
    /// "Data: 10/03/2026", "Local: …". A leading line opening with one of these is no turn and names no speaker.
    static let headerWords: Set<String> = ["speakers", "falantes", "participants", "participantes", "interviewees", "entrevistados", "entrevistadas",
                                           "date", "data", "dia", "time", "hora", "horario", "duration", "duracao", "length", "local", "location",
                                           "place", "lugar", "title", "titulo", "project", "projeto", "projecto", "study", "estudo", "file", "arquivo",
                                           "ficheiro", "audio", "recording", "gravacao", "language", "idioma", "lingua", "transcriber", "transcritor",
                                           "transcritora", "transcribed by", "transcrito por", "transcrita por", "transcription", "transcricao",
                                           "topic", "tema", "assunto", "subject", "session", "sessao", "source", "fonte", "notes", "notas",
                                           "observacoes"]

    /// The label of a header line ("Speakers" of "Speakers: Ana, Rui"), or nil for another line.
    static func headerLabel(_ line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let label = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, label.count <= 30, headerWords.contains(TextMatching.fold(label)) else { return nil }
        return label
    }

    /// Keeps the names that read as a speaker convention: a name used at least twice, or named with --speaker, or every
    /// name when at least half of the turns (two or more) open with one.
    static func acceptedSpeakers(candidates: [String?], known: Set<String>) -> Set<String> {
        let named = candidates.compactMap { $0 }
        guard !named.isEmpty else { return [] }
        if named.count >= 2 && named.count * 2 >= candidates.count { return Set(named) }
        var counts: [String: Int] = [:]
        for name in named { counts[name, default: 0] += 1 }
        let knownKeys = Set(known.map { TextMatching.fold($0) })
        return Set(counts.filter { $0.value >= 2 || knownKeys.contains(TextMatching.fold($0.key)) }.keys)
    }

    /// A time as transcripts write it, in milliseconds: `hh:mm:ss.ttt`, `mm:ss.ttt`, `h:mm:ss`, with `,` or `.` before
    /// the fraction (one to three digits), or nil.
    static func milliseconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 16 else { return nil }
        var main = Substring(trimmed)
        var fraction = 0
        if let mark = trimmed.lastIndex(where: { $0 == "." || $0 == "," }) {
            let digits = trimmed[trimmed.index(after: mark)...]
            guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
            fraction = value * [100, 10, 1][digits.count - 1]
            main = trimmed[..<mark]
        }
        let parts = main.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }  // one to three ASCII digits each, checked just above: none is left out
        // Minutes and seconds below 60; the first field (hours, or minutes without hours) may be larger.
        guard numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let seconds = numbers.reduce(0) { $0 * 60 + $1 }
        return seconds * 1000 + fraction
    }

    /// A cue's words without markup: WebVTT and SRT tags (`<v Ana>`, `<i>`, `<c.yellow>`, `<font color=…>`), SSA
    /// overrides (`{\an8}`) and inline times (`<00:00:01.000>`) taken out and counted; `&amp;` and the other entities
    /// read; lines joined by a space. The first voice tag's name is returned.
    static func cleanCue(_ lines: [String], dropped: inout TimedTranscript.Dropped) -> (voice: String?, text: String) {
        var voice: String?
        var out = ""
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        var index = joined.startIndex
        while index < joined.endIndex {
            let character = joined[index]
            if character == "<", let close = joined[index...].firstIndex(of: ">") {
                let tag = joined[joined.index(after: index)..<close]
                if tag.first == "v" && (tag.count == 1 || tag.dropFirst().first == " " || tag.dropFirst().first == ".") {
                    let name = tag.drop(while: { $0 != " " }).trimmingCharacters(in: .whitespaces)
                    if voice == nil, !name.isEmpty { voice = name }
                } else if tag.first == "/" {
                    // A closing tag: counted with its opening one.
                } else if milliseconds(String(tag)) != nil {
                    dropped.inlineTimes += 1
                } else {
                    dropped.stylingTags += 1
                }
                index = joined.index(after: close)
                continue
            }
            if character == "{", joined[index...].dropFirst().first == "\\", let close = joined[index...].firstIndex(of: "}") {
                dropped.stylingTags += 1
                index = joined.index(after: close)
                continue
            }
            if character == "&", let semicolon = joined[index...].prefix(8).firstIndex(of: ";") {
                let entity = joined[joined.index(after: index)..<semicolon]
                let known: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "quot": "\"", "apos": "'", "lrm": "\u{200E}", "rlm": "\u{200F}"]
                if let value = known[entity] {
                    out += value
                    index = joined.index(after: semicolon)
                    continue
                }
            }
            out.append(character)
            index = joined.index(after: index)
        }
        let text = out.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return (voice, text)
    }

    /// Sorts turns by start (stable; turns without a time keep their place after the one before) and counts those
    /// that were out of order.
    static func sortedByStart(_ turns: [TimedTranscript.Turn]) -> ([TimedTranscript.Turn], Int) {
        let starts = turns.compactMap(\.start)
        guard starts.count == turns.count else { return (turns, 0) }
        var outOfOrder = 0
        var latest = Int.min
        for start in starts {
            if start < latest { outOfOrder += 1 } else { latest = start }
        }
        let sorted = starts.indices.sorted { (starts[$0], $0) < (starts[$1], $1) }.map { turns[$0] }
        return (sorted, outOfOrder)
    }

    /// Splits text into lines at LF, CRLF and CR.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
