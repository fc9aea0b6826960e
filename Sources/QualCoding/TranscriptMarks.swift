import Foundation

/// A transcript printed with its coded passages marked: each passage between ⟦ and ⟧, followed by the numbers of
/// the notes that say which codes it carries. Offsets are Unicode scalar offsets, as the study stores spans.
public enum TranscriptMarks {
    public struct Passage: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var note: Int
        public init(start: Int, end: Int, note: Int) { self.start = start; self.end = end; self.note = note }
    }

    /// `text` with `passages` marked; passages that overlap nest or interleave, each closed where it ends. `labels`
    /// are put in at their offsets (a turn's time before its paragraph), before the marks that open there.
    public static func mark(_ text: String, passages: [Passage], labels: [Int: String] = [:]) -> String {
        let scalars = Array(text.unicodeScalars)
        var opening: [Int: Int] = [:]
        var closing: [Int: [Int]] = [:]
        for passage in passages where passage.start >= 0 && passage.end <= scalars.count && passage.start < passage.end {
            opening[passage.start, default: 0] += 1
            closing[passage.end, default: []].append(passage.note)
        }
        // Gathered as scalars and made a String once (appending to a String.UnicodeScalarView piece by piece copies the
        // whole text each time).
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        func insert(_ text: String) { result.append(contentsOf: text.unicodeScalars) }
        for index in 0...scalars.count {
            // At one offset, passages that end close before others open.
            if let notes = closing[index] { insert("⟧" + notes.sorted().map { "[\($0)]" }.joined()) }
            if let label = labels[index] { insert(label) }
            if let count = opening[index] { insert(String(repeating: "⟦", count: count)) }
            if index < scalars.count { result.append(scalars[index]) }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: result)
        return String(view)
    }
}
