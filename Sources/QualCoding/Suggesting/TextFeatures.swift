import Foundation
import StudyBasics
import Wording

/// The features a passage is classified by: its words and word pairs (stop words left out) and the character n-grams
/// of each word padded with a space at either end — scikit-learn's `analyzer="word", ngram_range=(1, 2)` and
/// `analyzer="char_wb", ngram_range=(3, 5)` (Pedregosa et al. 2011, "Scikit-learn: Machine Learning in Python",
/// JMLR 12) — after folding case and accents, so "não", "Nao" and "NÃO" are one word. Character n-grams carry the
/// stems of a language rich in inflection ("demorou", "demora", "demorado") without a stemmer (Cavnar & Trenkle 1994,
/// "N-gram-based text categorization").
///
/// Each feature is hashed (FNV-1a, 64 bits) rather than kept as a string (Weinberger et al. 2009, "Feature hashing
/// for large scale multitask learning"), so ten thousand passages are read without a dictionary of strings; the
/// words themselves are found again when a suggestion says which weighed most (`words(of:)`).
public struct TextFeatures: Sendable {
    /// Words left out of word features (the study language's `StopWordList`), folded as the text is.
    public var stopWords: Set<String>
    public var wordGrams: ClosedRange<Int> = 1...2
    public var characterGrams: ClosedRange<Int> = 3...5

    public init(stopWords: Set<String>) {
        self.stopWords = Set(stopWords.map(TextFeatures.fold))
    }

    /// The features of passages in `language`: its stop words left out (its registered list, else
    /// `templates/stopwords/<tag>.txt`); nil when the language has no stop-word list.
    public init?(language: StudyLanguage) {
        guard let list = language.stopWords else { return nil }
        self.init(stopWords: list.words)
    }

    /// Lower case without accents (NFD, marks dropped): the form every feature is taken from.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The folded words of `text`: runs of letters and digits.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// A passage's features: hashed feature → how often it occurs.
    public func counts(_ text: String) -> [UInt64: Double] {
        var counts: [UInt64: Double] = [:]
        visit(text) { hash, _ in counts[hash, default: 0] += 1 }
        return counts
    }

    /// Each feature of `text` with its hash and, for word features, its words (character n-grams carry nil).
    func visit(_ text: String, _ body: (UInt64, String?) -> Void) {
        let all = Self.words(text)
        let kept = all.filter { !stopWords.contains($0) }
        for n in wordGrams where kept.count >= n {
            for start in 0...(kept.count - n) {
                let gram = kept[start..<(start + n)].joined(separator: " ")
                body(Self.hash(gram, kind: 0x77), gram)
            }
        }
        for word in all {
            let padded = Array((" " + word + " ").unicodeScalars)
            for n in characterGrams where padded.count >= n {
                for start in 0...(padded.count - n) {
                    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ 0x63
                    for scalar in padded[start..<(start + n)] { hash = Self.mix(hash, scalar.value) }
                    body(hash, nil)
                }
            }
        }
    }

    /// The word features of `text` (words and word pairs) by hash, to say which of them weighed most.
    public func wordFeatures(_ text: String) -> [UInt64: String] {
        var named: [UInt64: String] = [:]
        visit(text) { hash, words in if let words { named[hash] = words } }
        return named
    }

    static func hash(_ text: String, kind: UInt32) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(kind)
        for scalar in text.unicodeScalars { hash = mix(hash, scalar.value) }
        return hash
    }

    @inline(__always) static func mix(_ hash: UInt64, _ value: UInt32) -> UInt64 {
        var h = hash
        var v = value
        for _ in 0..<3 {  // a scalar's 21 bits, a byte at a time (FNV-1a)
            h = (h ^ UInt64(v & 0xFF)) &* 0x0000_0100_0000_01B3
            v >>= 8
        }
        return h
    }
}

/// Passages as sparse rows over the features seen in training: each hashed feature numbered once (a feature only
/// the passages to classify have is left out, as an unseen word is by a fitted vectorizer).
public struct FeatureSpace: Sendable {
    /// Hashed feature → column.
    public private(set) var columns: [UInt64: Int32] = [:]
    public var count: Int { columns.count }

    public init() {}

    /// Numbers the features of `rows` (the training passages).
    public mutating func fit(_ rows: [[UInt64: Double]]) {
        for row in rows { for key in row.keys where columns[key] == nil { columns[key] = Int32(columns.count) } }
    }

    /// A passage's counts as a sparse row (columns ascending), unseen features left out.
    public func row(_ counts: [UInt64: Double]) -> SparseRow {
        var pairs: [(Int32, Double)] = []
        pairs.reserveCapacity(counts.count)
        for (key, value) in counts { if let column = columns[key] { pairs.append((column, value)) } }
        pairs.sort { $0.0 < $1.0 }
        return SparseRow(columns: pairs.map(\.0), values: pairs.map(\.1))
    }
}

/// One passage's feature counts, sparse.
public struct SparseRow: Sendable, Equatable {
    public var columns: [Int32]
    public var values: [Double]

    /// The row with sublinear term frequency (1 + ln tf) and unit Euclidean length, as scikit-learn's
    /// `TfidfVectorizer(use_idf=False, sublinear_tf=True)` gives it: long turns weigh no more than short ones.
    public var normalised: SparseRow {
        var values = self.values.map { $0 > 0 ? 1 + log($0) : 0 }
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        if norm > 0 { for i in values.indices { values[i] /= norm } }
        return SparseRow(columns: columns, values: values)
    }
}
