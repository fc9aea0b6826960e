import Foundation
import QualCoding
import Wording

/// A source's text as another tool wrote it, indexed once so that every selection is placed in constant time (after
/// a binary search): for each unit a tool may count positions in, the position of each code point; and for each code
/// point, its offset in the text as studyctl stores it (NFC, LF).
///
/// REFI-QDA counts code points (REFI-QDA 1.5 §10.2); NVivo and QualCoder count UTF-16 units, Taguette UTF-8 bytes,
/// and a CRLF line end is one position to some tools and two to others (shared/research/refi-qda.md §A.3).
struct SourceText {
    /// The text as decoded (BOM stripped), line ends as written.
    let raw: [Unicode.Scalar]
    /// The text as stored: NFC, LF.
    let stored: String
    let storedScalars: [Unicode.Scalar]
    /// `toStored[i]`: the stored offset where raw code point `i` begins (`raw.count + 1` entries).
    let toStored: [Int]
    let hasCR: Bool, beyondBMP: Bool, beyondASCII: Bool

    init(_ text: String) {
        var raw: [Unicode.Scalar] = []
        raw.reserveCapacity(text.unicodeScalars.count)
        var toStored: [Int] = []
        toStored.reserveCapacity(text.unicodeScalars.count + 1)
        var stored = String.UnicodeScalarView()
        var hasCR = false, beyondBMP = false, beyondASCII = false
        // Per character (grapheme cluster): composition never crosses one, so the NFC of the whole is the NFC of each.
        // (`count` of a scalar view walks it: the stored length is counted here.)
        var length = 0
        for character in text {
            let scalars = character.unicodeScalars
            let at = length
            if character == "\r\n" || character == "\r" || character == "\n" {
                hasCR = hasCR || character != "\n"
                for scalar in scalars { raw.append(scalar); toStored.append(at) }
                stored.append("\n")
                length += 1
                continue
            }
            if scalars.allSatisfy({ $0.isASCII }) {
                for scalar in scalars { raw.append(scalar); toStored.append(length); stored.append(scalar); length += 1 }
                continue
            }
            beyondASCII = true
            let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
            for scalar in scalars {
                beyondBMP = beyondBMP || scalar.value > 0xFFFF
                raw.append(scalar)
                toStored.append(at)
            }
            for scalar in composed { stored.append(scalar); length += 1 }
        }
        toStored.append(length)
        self.raw = raw
        self.stored = String(stored)
        self.storedScalars = Array(stored)
        self.toStored = toStored
        self.hasCR = hasCR; self.beyondBMP = beyondBMP; self.beyondASCII = beyondASCII
    }

    /// How a tool counts positions in a text.
    struct Unit: Hashable, CaseIterable {
        enum Count: Hashable, CaseIterable { case scalars, utf16, utf8 }
        var count: Count
        /// A CRLF line end counted as one position.
        var crlfOnce: Bool

        static let standard = Unit(count: .scalars, crlfOnce: false)
        static let allCases: [Unit] = Count.allCases.flatMap { count in [false, true].map { Unit(count: count, crlfOnce: $0) } }

        var description: Sentence {
            switch (count, crlfOnce) {
            case (.scalars, false): return "code points (the standard's unit)"
            case (.scalars, true): return "code points, a line end counted once"
            case (.utf16, false): return "UTF-16 units"
            case (.utf16, true): return "UTF-16 units, a line end counted once"
            case (.utf8, false): return "UTF-8 bytes"
            case (.utf8, true): return "UTF-8 bytes, a line end counted once"
            }
        }
    }

    /// The units that read this text differently (in an ASCII text without CR all count alike).
    var distinctUnits: [Unit] {
        Unit.allCases.filter { unit in
            (hasCR || !unit.crlfOnce) && (unit.count == .scalars || (unit.count == .utf16 && beyondBMP) || (unit.count == .utf8 && beyondASCII))
        }
    }

    /// The position, in `unit`, at which each code point begins (`raw.count + 1` entries, not decreasing).
    func positions(_ unit: Unit) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(raw.count + 1)
        var position = 0
        for (index, scalar) in raw.enumerated() {
            result.append(position)
            if unit.crlfOnce, scalar == "\r", index + 1 < raw.count, raw[index + 1] == "\n" { continue }
            switch unit.count {
            case .scalars: position += 1
            case .utf16: position += scalar.value > 0xFFFF ? 2 : 1
            case .utf8: position += scalar.value < 0x80 ? 1 : scalar.value < 0x800 ? 2 : scalar.value < 0x10000 ? 3 : 4
            }
        }
        result.append(position)
        return result
    }

    /// Code points `start..<end` of the text as written, in the stored text exactly (no trimming), or nil outside it.
    func span(_ start: Int, _ end: Int) -> Range<Int>? {
        guard start >= 0, end >= start, end < toStored.count else { return nil }
        return toStored[start]..<toStored[end]
    }

    /// A selection's place in the stored text and whether its bounds fall between code points of the unit.
    struct Placed {
        /// The selected words, whitespace trimmed off both ends (stored offsets).
        var span: Range<Int>
        var exact: Bool
    }

    /// Where `start..<end` (positions of a unit, `positions` its table) lies in the stored text, or nil outside it.
    func place(_ start: Int, _ end: Int, positions: [Int]) -> Placed? {
        guard start >= 0, end >= start, let last = positions.last, end <= last else { return nil }
        let (from, exactStart) = Self.index(of: start, in: positions, roundUp: false)
        let (to, exactEnd) = Self.index(of: end, in: positions, roundUp: true)
        var lower = toStored[from], upper = max(toStored[to], lower)
        while lower < upper, storedScalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, storedScalars[upper - 1].properties.isWhitespace { upper -= 1 }
        return Placed(span: lower..<upper, exact: exactStart && exactEnd)
    }

    /// The code point at `position`: the first whose position it is, else the one it falls inside (rounded).
    static func index(of position: Int, in positions: [Int], roundUp: Bool) -> (Int, Bool) {
        var low = 0, high = positions.count - 1
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        if positions[low] == position { return (low, true) }
        return (roundUp ? low : max(low - 1, 0), false)
    }

    func words(_ span: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: storedScalars[span])
        return String(view)
    }

    /// How well a bound at code point `index` sits: a start on a word's first character (not a space) after a
    /// non-letter, an end after a word's last character before a non-letter; 2 when it is also a line's edge.
    func fit(_ index: Int, isStart: Bool) -> Int {
        func isLine(_ s: Unicode.Scalar) -> Bool { s == "\n" || s == "\r" || s == "\u{2029}" || s == "\u{2028}" }
        func isWordy(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s.properties.numericType != nil }
        let n = raw.count
        guard index >= 0, index <= n else { return 0 }
        if isStart {
            guard index < n, !raw[index].properties.isWhitespace, index == 0 || !isWordy(raw[index - 1]) else { return 0 }
            return index == 0 || isLine(raw[index - 1]) ? 2 : 1
        }
        guard index > 0, !raw[index - 1].properties.isWhitespace, index == n || !isWordy(raw[index]) else { return 0 }
        return index == n || isLine(raw[index]) ? 2 : 1
    }

    /// Why a unit was chosen for a source.
    enum Reason: Equatable {
        /// Each unit read the same text.
        case alike
        /// The selections' names (the selected text) read true under it: how many of how many named.
        case names(Int, Int)
        /// The producing tool counts so (its name in the project's origin).
        case producer(String)
        /// The selections' bounds fall on word and line breaks: how many of how many bounds.
        case breaks(Int, Int)
    }

    /// The unit to read `selections` (start, end, name) in: the one their names read true under; else the producer's
    /// (`preferred`); else the one whose bounds fall most on line and word breaks; code points when nothing tells.
    func unit(for selections: [(start: Int, end: Int, name: String?)], preferred: (Unit, String)?) -> (Unit, Reason) {
        let candidates = distinctUnits
        guard candidates.count > 1, !selections.isEmpty else { return (candidates.contains(preferred?.0 ?? .standard) ? preferred?.0 ?? .standard : .standard, .alike) }
        // The producer's unit first, then the standard's: ties go to them.
        var ordered = candidates
        if let preferred, let at = ordered.firstIndex(of: preferred.0) { ordered.insert(ordered.remove(at: at), at: 0) }
        let tables = ordered.map { positions($0) }
        let named = selections.filter { !($0.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if !named.isEmpty {
            let scores = tables.map { table in
                named.filter { selection in
                    place(selection.start, selection.end, positions: table).map { Self.same(words($0.span), selection.name ?? "") } ?? false
                }.count
            }
            if let best = scores.max(), best > 0, let at = scores.firstIndex(of: best) { return (ordered[at], .names(best, named.count)) }
        }
        if let preferred, candidates.contains(preferred.0) { return (preferred.0, .producer(preferred.1)) }
        var best = (score: -1, unit: Unit.standard, breaks: 0)
        for (unit, table) in zip(ordered, tables) {
            var score = 0, breaks = 0
            for selection in selections {
                for (position, isStart) in [(selection.start, true), (selection.end, false)] {
                    guard position >= 0, let end = table.last, position <= end else { continue }
                    let (index, exact) = Self.index(of: position, in: table, roundUp: !isStart)
                    guard exact else { continue }
                    let sits = self.fit(index, isStart: isStart)
                    score += sits
                    if sits > 0 { breaks += 1 }
                }
            }
            if score > best.score { best = (score, unit, breaks) }
        }
        return (best.unit, .breaks(best.breaks, selections.count * 2))
    }

    /// A selection's name and its words are the same text (NFC, LF, spaces at the ends aside).
    static func same(_ a: String, _ b: String) -> Bool {
        func clean(_ s: String) -> String {
            TextMatching.nfc(s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return clean(a) == clean(b)
    }

    /// The unit a producing tool counts in, from the project's `origin` ("NVivo 12.6", "ATLAS.ti 9").
    static func producerUnit(origin: String?) -> (Unit, String)? {
        guard let origin = origin?.lowercased() else { return nil }
        // NVivo counts UTF-16 units, both characters of a CRLF (shared/research/refi-qda.md §A.3).
        if origin.contains("nvivo") { return (Unit(count: .utf16, crlfOnce: false), "NVivo") }
        // ATLAS.ti counts a CRLF once while its .txt keeps both (QualCoder refi.py l.1530-1535).
        if origin.contains("atlas") { return (Unit(count: .scalars, crlfOnce: true), "ATLAS.ti") }
        return nil
    }
}
