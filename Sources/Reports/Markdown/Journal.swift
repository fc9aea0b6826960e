import Foundation
import QualCoding
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The research journal: every memo and annotation of the study, grouped by day, by participant or by category, as
/// Markdown or a standalone HTML page. An entry names what it is on, who wrote it and when (local time); an
/// annotation quotes its passage.
public enum Journal {
    public enum Grouping: String, Sendable, CaseIterable { case date, participant, category }
    public enum Format: Sendable { case markdown, html }

    /// One memo or annotation with the groups it falls in.
    struct Entry {
        var sortKey: String
        var heading: String
        var quote: String?
        var text: String
        var groups: [String]
    }

    /// The journal's text.
    public static func render(title: String, memos: [MemoRecord], annotations: [AnnotationRecord], codes: [CodeRecord], by grouping: Grouping,
                              format: Format, language: StudyLanguage) -> String {
        let byID = Dictionary(codes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let studyGroup = Sentence("the study as a whole").text(language)
        let noCategory = Sentence("no category").text(language)
        func day(_ stamp: String) -> String { String(LocalTime.text(stamp).prefix(10)) }
        var entries: [Entry] = []
        for memo in memos {
            let parts = memo.on.split(separator: ":", maxSplits: 1).map(String.init)
            let kind = parts[0], value = parts.count == 2 ? parts[1] : ""
            var participant: String?, categories: [String] = []
            var on: String
            switch kind {
            case "participant": participant = value; on = Sentence("memo on participant \(value)").text(language)
            case "category": categories = [value]; on = Sentence("memo on category \(value)").text(language)
            case "code":
                let code = Int64(value).flatMap { byID[$0] }
                participant = code?.participant; categories = code?.categories ?? []
                on = code.map { Sentence("memo on code \(value) (\($0.participant): “\($0.code)”)").text(language) } ?? Sentence("memo on code \(value)").text(language)
            default: on = Sentence("memo on the study").text(language)
            }
            let groups: [String]
            switch grouping {
            case .date: groups = [day(memo.created)]
            case .participant: groups = [participant ?? studyGroup]
            case .category: groups = categories.isEmpty ? [noCategory] : categories
            }
            entries.append(Entry(sortKey: memo.created, heading: on + (memo.coder.map { " — \($0)" } ?? "") + " · " + LocalTime.text(memo.created),
                                 quote: nil, text: memo.text, groups: groups))
        }
        for annotation in annotations {
            // The categories of the codes whose passage overlaps the annotated one.
            let categories = Set(codes.filter {
                $0.document == DocumentID(participant: annotation.participant, label: annotation.label) && ($0.spanStart ?? .max) < annotation.end && ($0.spanEnd ?? .min) > annotation.start
            }.flatMap(\.categories)).sorted()
            let groups: [String]
            switch grouping {
            case .date: groups = [day(annotation.created)]
            case .participant: groups = [annotation.participant]
            case .category: groups = categories.isEmpty ? [noCategory] : categories
            }
            let place = annotation.label.isEmpty ? annotation.participant : "\(annotation.participant) (\(annotation.label))"
            let stamp = annotation.modified ?? annotation.created
            entries.append(Entry(sortKey: annotation.created,
                                 heading: Sentence("annotation \(String(annotation.id)) on \(place), characters \(String(annotation.start))–\(String(annotation.end))").text(language)
                                    + (annotation.coder.map { " — \($0)" } ?? "") + " · " + LocalTime.text(stamp),
                                 quote: annotation.excerpt, text: annotation.text, groups: groups))
        }
        var grouped: [String: [Entry]] = [:]
        for entry in entries { for group in entry.groups { grouped[group, default: []].append(entry) } }
        let order = grouped.keys.sorted { a, b in
            if grouping == .date { return a < b }
            let last = [studyGroup, noCategory]
            if last.contains(a) != last.contains(b) { return !last.contains(a) }
            return NaturalOrder.areInIncreasingOrder(a, b)
        }
        let heading = Sentence("Research journal: \(title)").text(language)
        let groupedBy: Sentence = grouping == .date ? "grouped by day" : grouping == .participant ? "grouped by participant" : "grouped by category"
        let memoCount: Sentence = memos.count == 1 ? "1 memo" : "\(String(memos.count)) memos"
        let annotationCount: Sentence = annotations.count == 1 ? "1 annotation" : "\(String(annotations.count)) annotations"
        let counts = Sentence("\(memoCount) and \(annotationCount), \(groupedBy)").text(language)
        switch format {
        case .markdown:
            var out = "# \(heading)\n\n\(counts).\n"
            if entries.isEmpty { out += "\n" + Sentence("No memos or annotations yet.").text(language) + "\n" }
            for group in order {
                out += "\n## \(group)\n"
                for entry in grouped[group, default: []].sorted(by: { $0.sortKey < $1.sortKey }) {
                    out += "\n### \(entry.heading)\n\n"
                    if let quote = entry.quote { out += quote.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") + "\n\n" }
                    out += entry.text + "\n"
                }
            }
            return out
        case .html:
            func escape(_ text: String) -> String {
                text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                    .replacingOccurrences(of: "\"", with: "&quot;")
            }
            func paragraphs(_ text: String) -> String {
                text.components(separatedBy: "\n\n").map { "<p>" + escape($0).replacingOccurrences(of: "\n", with: "<br>") + "</p>" }.joined()
            }
            var out = """
                <!DOCTYPE html>
                <html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>\(escape(heading))</title>
                <style>body{font-family:system-ui,sans-serif;max-width:46em;margin:2em auto;line-height:1.5;padding:0 1em}
                h3{font-size:1em;color:#444;margin-bottom:.3em}blockquote{border-left:4px solid #ffd166;margin:.3em 0;padding:.2em .8em;background:#fffaf0}
                article{border-bottom:1px solid #eee;padding-bottom:.6em}</style></head><body>
                <h1>\(escape(heading))</h1><p>\(escape(counts)).</p>

                """
            if entries.isEmpty { out += "<p>" + escape(Sentence("No memos or annotations yet.").text(language)) + "</p>\n" }
            for group in order {
                out += "<section><h2>\(escape(group))</h2>\n"
                for entry in grouped[group, default: []].sorted(by: { $0.sortKey < $1.sortKey }) {
                    out += "<article><h3>\(escape(entry.heading))</h3>"
                    if let quote = entry.quote { out += "<blockquote>\(paragraphs(quote))</blockquote>" }
                    out += paragraphs(entry.text) + "</article>\n"
                }
                out += "</section>\n"
            }
            return out + "</body></html>\n"
        }
    }
}
