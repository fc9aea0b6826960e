import Foundation

/// A transcript as noScribe saves it (HTML, also after editing in noScribeEdit): a title paragraph, a paragraph of
/// the program's settings, then one paragraph per speaker's turn whose stretches of speech are each an anchor
/// `<a name="ts_START_END_SPEAKER">` — times in milliseconds from the start of the recording, the speaker as noScribe
/// labels it (`S00`, `S01`; `//S01` for overlapping speech) or empty without speaker detection. A turn's first
/// stretch opens with `S00: ` and, with noScribe's time stamps on, a `[hh:mm:ss]`: both are left out of the text (the
/// time is kept with the turn). The title and settings are kept as the transcript's header, apart from the speech. noScribe gives no
/// word times. Its WebVTT and text exports are read by the WebVTT and text readers.
enum NoScribeHTMLReader {
    static func looksLikeHTML(_ text: String) -> Bool {
        let head = text.prefix(600).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }

    /// One stretch of speech: an anchor's time, speaker and words, and whether it opens its paragraph.
    struct Stretch {
        var start: Int?
        var end: Int?
        var speaker: String?
        var text: String
        var opensParagraph: Bool
        var number: Int
    }

    static func read(_ html: String, file: String) throws -> TimedTranscript {
        var stretches: [Stretch] = []
        var header: [String] = []
        var paragraphText = ""
        var anchorsInParagraph = 0
        var inBody = false
        var current: Stretch?
        var anchors = 0
        func closeStretch() {
            if let stretch = current { stretches.append(stretch) }
            current = nil
        }
        func closeParagraph() {
            closeStretch()
            if anchorsInParagraph == 0, !paragraphText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                if stretches.isEmpty {
                    header.append(paragraphText.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " "))
                } else {
                    // Words typed outside any anchor after the speech began (an edit): kept, without a time.
                    stretches.append(Stretch(start: nil, end: nil, speaker: nil, text: paragraphText, opensParagraph: true, number: anchors))
                }
            }
            paragraphText = ""
            anchorsInParagraph = 0
        }
        var index = html.startIndex
        while index < html.endIndex {
            if html[index] == "<" {
                guard let close = html[index...].firstIndex(of: ">") else { break }
                let tag = html[html.index(after: index)..<close]
                let name = tag.prefix(while: { !$0.isWhitespace && $0 != "/" && $0 != ">" }).lowercased()
                let closing = tag.first == "/"
                let closingName = closing ? tag.dropFirst().prefix(while: { !$0.isWhitespace && $0 != ">" }).lowercased() : ""
                if name == "body" { inBody = true }
                if inBody {
                    if name == "p" || name == "div" || name == "li" || closingName == "p" || closingName == "div" || closingName == "li" {
                        closeParagraph()
                    } else if name == "br" {
                        if current != nil { current?.text += " " } else { paragraphText += " " }
                    } else if name == "a", let anchor = Self.anchor(String(tag)) {
                        closeStretch()
                        anchors += 1
                        current = Stretch(start: anchor.start, end: anchor.end, speaker: anchor.speaker, text: "", opensParagraph: anchorsInParagraph == 0,
                                          number: anchors)
                        anchorsInParagraph += 1
                    } else if closingName == "a" {
                        closeStretch()
                    }
                }
                index = html.index(after: close)
                continue
            }
            let next = html[index...].firstIndex(of: "<") ?? html.endIndex
            if inBody {
                let data = Self.unescape(String(html[index..<next])).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
                if current != nil {
                    current?.text += data
                } else if anchorsInParagraph > 0, let last = stretches.indices.last {
                    // noScribe's "//" closing overlapping speech, written after the anchor.
                    stretches[last].text += data
                } else {
                    paragraphText += data
                }
            }
            index = next
        }
        closeParagraph()
        guard anchors > 0 else { throw TranscriptFileError.notNoScribeHTML(file: file) }
        var turns: [TimedTranscript.Turn] = []
        var dropped = TimedTranscript.Dropped()
        dropped.headerLines = header.count
        var paragraphSpeaker: String?
        for stretch in stretches {
            var text = stretch.text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
            let speaker = stretch.speaker
            if stretch.opensParagraph { paragraphSpeaker = speaker }
            // "S00: [00:01:02] words" or "//S01: words": the label and the stamp go; the time is the anchor's.
            if let speaker, !speaker.isEmpty {
                for label in ["//" + speaker + ":", speaker + ":"] where text.hasPrefix(label) {
                    text = String(text.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
                    if label.hasPrefix("//") { text = "//" + text }
                    break
                }
            }
            if text.hasPrefix("["), let close = text.firstIndex(of: "]"), TranscriptSyntax.milliseconds(String(text[text.index(after: text.startIndex)..<close])) != nil {
                text = String(text[text.index(after: close)...]).trimmingCharacters(in: .whitespaces)
                dropped.stamps += 1
            }
            guard !text.isEmpty else { continue }
            let name = (speaker?.isEmpty ?? true) ? paragraphSpeaker.flatMap { $0.isEmpty ? nil : $0 } : speaker
            turns.append(TimedTranscript.Turn(speaker: name.map(TextNames.clean), start: stretch.start, end: stretch.end, text: text,
                                              place: .segment(file: file, number: max(1, stretch.number)), newParagraph: stretch.opensParagraph))
        }
        guard !turns.isEmpty else { throw TranscriptFileError.noSpeech(file: file) }
        let (sorted, reordered) = TranscriptSyntax.sortedByStart(turns)
        var result = TimedTranscript(file: file, format: .noScribeHTML, turns: sorted)
        result.dropped = dropped
        result.header = header
        result.reordered = reordered
        return result
    }

    /// `a name="ts_1200_3400_S00"` → (1200, 3400, "S00"); the speaker's `//` (overlapping speech) left out; nil for
    /// another anchor.
    static func anchor(_ tag: String) -> (start: Int, end: Int, speaker: String?)? {
        guard let range = tag.range(of: "name=") else { return nil }
        var value = tag[range.upperBound...]
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        value = value.dropFirst()
        guard let closeQuote = value.firstIndex(of: quote) else { return nil }
        let name = value[..<closeQuote]
        guard name.hasPrefix("ts_") else { return nil }
        let parts = name.dropFirst(3).split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, end >= start else { return nil }
        var speaker = parts.count > 2 ? String(parts[2]) : ""
        while speaker.hasPrefix("/") { speaker.removeFirst() }
        return (start, end, speaker.isEmpty ? nil : speaker)
    }

    /// HTML's named letters with an accent (`&ccedil;`, `&Atilde;`) and the punctuation word processors write.
    static func named(_ entity: String) -> String? {
        let punctuation: [String: String] = ["hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
                                             "laquo": "«", "raquo": "»", "szlig": "ß", "ordf": "ª", "ordm": "º", "deg": "°", "euro": "€"]
        if let mark = punctuation[entity] { return mark }
        let accents: [String: String] = ["acute": "\u{301}", "grave": "\u{300}", "circ": "\u{302}", "tilde": "\u{303}", "uml": "\u{308}",
                                         "cedil": "\u{327}", "ring": "\u{30A}"]
        guard let letter = entity.first, letter.isASCII, letter.isLetter, let accent = accents[String(entity.dropFirst())] else { return nil }
        return (String(letter) + accent).precomposedStringWithCanonicalMapping
    }

    /// HTML's character references: the named ones noScribe and Qt write, and numeric ones.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var index = text.startIndex
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "#39": "'"]
        while index < text.endIndex {
            if text[index] == "&", let semicolon = text[index...].prefix(10).firstIndex(of: ";") {
                let entity = String(text[text.index(after: index)..<semicolon])
                var value: String?
                if let known = named[entity] ?? Self.named(entity) {
                    value = known
                } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    value = String(scalar)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                    value = String(scalar)
                }
                if let value {
                    out += value
                    index = text.index(after: semicolon)
                    continue
                }
            }
            out.append(text[index])
            index = text.index(after: index)
        }
        return out
    }
}
