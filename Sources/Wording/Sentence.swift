import Foundation

/// A sentence the tool says, kept as its English pattern and its arguments so that a catalog can word it in the
/// study's language — the way gettext and Foundation's `LocalizationValue` key a message by its English text.
///
/// Written as a string literal with interpolations, it reads like the `String` it replaces:
/// `Problem(location: place, message: "'\(cell)' is not a number")` keeps the pattern `'%@' is not a number`
/// and the argument `dez`. An interpolated `Sentence` stays a sentence, so the catalog words it too.
public struct Sentence: Equatable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// Two sentences are equal when they say the same in English, however they were put together.
    public static func == (lhs: Sentence, rhs: Sentence) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The English text with `%@` where each argument goes (`%%` for a literal percent sign): the catalog's msgid.
    public private(set) var pattern: String
    public private(set) var arguments: [Argument]
    /// The catalog's `msgctxt`: where a short text (a column label, a word of the page) is said, when another place
    /// may word the same English otherwise.
    public private(set) var context: String?
    /// For a sentence about a count: its English plural pattern (msgid_plural)…
    public private(set) var pluralPattern: String?
    /// …and the count that chooses the form.
    public private(set) var count: Int?

    public indirect enum Argument: Equatable, Hashable, Sendable {
        /// A value from the input or the study (a file name, a cell, a count): never translated.
        case text(String)
        /// A sentence of its own, worded in the same language as the one it is part of.
        case sentence(Sentence)
        /// An error met on the way (a row the store refused), worded by whoever words the sentence.
        case failure(Failure)
        /// A number as a program writes it (`5.5`, a workbook's numeric cell): said with the decimal mark of the
        /// language the sentence is worded in (`5,5` in Brazilian Portuguese).
        case number(String)
        /// A percentage (`58.3`, a number written with a decimal point): said with the language's decimal mark and
        /// percent sign (`58,3 %` in Brazilian Portuguese, `58.3%` in English).
        case percent(String)
    }

    /// An error carried inside a sentence; two are equal when they say the same in English.
    public struct Failure: Equatable, Hashable, Sendable {
        public let error: any Error & Sendable
        public let english: String
        public static func == (lhs: Failure, rhs: Failure) -> Bool { lhs.english == rhs.english }
        public func hash(into hasher: inout Hasher) { hasher.combine(english) }
    }

    public init(stringLiteral value: String) {
        pattern = value.replacingPercents()
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        pattern = stringInterpolation.pattern
        arguments = stringInterpolation.arguments
    }

    /// Text that is not the tool's to translate (a message another library wrote, a name): said as it is.
    public init(verbatim text: String) {
        pattern = "%@"
        arguments = [.text(text)]
    }

    /// A sentence about `count` things, in the form the language uses for that count: `one` and `other` are the
    /// English singular and plural (gettext's msgid and msgid_plural) and carry the same arguments, in the same order
    /// (the count written in both, as a `%@` of each).
    public init(count: Int, one: Sentence, other: Sentence) {
        pattern = one.pattern
        arguments = other.arguments
        context = other.context
        pluralPattern = other.pattern
        self.count = count
    }

    /// A short text said in `context` (the catalog's msgctxt): `Sentence("Mean", context: "column")`.
    public init(_ text: Sentence, context: String) {
        self = text
        self.context = context
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pattern = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pattern.reserveCapacity(literalCapacity + 2 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { pattern += literal.replacingPercents() }

        public mutating func appendInterpolation(_ sentence: Sentence) {
            pattern += "%@"
            arguments.append(.sentence(sentence))
        }

        /// An error said inside the sentence: `"\(failure: error)"`.
        public mutating func appendInterpolation(failure error: any Error & Sendable) {
            pattern += "%@"
            let english = (error as? WordedError)?.sentence.description ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
            arguments.append(.failure(Failure(error: error, english: english)))
        }

        /// A number written with a decimal point (`5.5`), said with the wording language's decimal mark.
        public mutating func appendInterpolation(number text: String) {
            pattern += "%@"
            arguments.append(.number(text))
        }

        /// A percentage written with a decimal point (`58.3`), said with the wording language's decimal mark and sign.
        public mutating func appendInterpolation(percent text: String) {
            pattern += "%@"
            arguments.append(.percent(text))
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            pattern += "%@"
            arguments.append(.text(String(describing: value)))
        }
    }

    /// The sentence in English.
    public var description: String { worded(catalog: nil, language: .en) }

    /// The sentence in `language`: its words from the language's catalog (a pattern the catalog lacks stays English;
    /// `SentenceCatalogTests` fails when the sources hold one), numbers with its decimal mark, errors inside worded
    /// in it too.
    public func text(_ language: StudyLanguage) -> String {
        worded(catalog: language.catalog, language: language)
    }

    /// The English pattern for the count, when the sentence is about one.
    var englishPattern: String {
        guard let pluralPattern, let count else { return pattern }
        return count == 1 ? pattern : pluralPattern
    }

    func worded(catalog: MessageCatalog?, language: StudyLanguage) -> String {
        let record = language.record
        let words = arguments.map { argument -> String in
            switch argument {
            case let .text(text): text
            case let .number(text): record.decimal(text)
            case let .percent(text): text == "–" ? text : record.decimal(text) + record.percentSuffix
            case let .sentence(sentence): sentence.worded(catalog: catalog, language: language)
            case let .failure(carried):
                if let worded = carried.error as? LanguageWorded { worded.text(language) }
                else if let worded = carried.error as? WordedError { worded.sentence.worded(catalog: catalog, language: language) }
                else { carried.english }
            }
        }
        let translated: String?
        if let catalog {
            translated = count.map { catalog.text(pattern, context: context, count: $0) } ?? catalog.text(pattern, context: context)
        } else {
            translated = nil
        }
        return Self.fill(translated ?? englishPattern, with: words)
    }

    /// Puts `arguments` into `pattern`'s `%@` / `%N$@` places; `%%` is a percent sign.
    static func fill(_ pattern: String, with arguments: [String]) -> String {
        // Most sentences (every command's help) have no placeholder: no walk through their characters at all.
        if !pattern.utf8.contains(0x25) { return pattern }
        var result = ""
        var next = 0
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { result.append(character); continue }
            var digits = ""
            var marker = characters.next()
            while let digit = marker, digit.isASCII, digit.isNumber {
                digits.append(digit)
                marker = characters.next()
            }
            switch marker {
            case "%" where digits.isEmpty: result.append("%")
            case "@" where digits.isEmpty:
                result += next < arguments.count ? arguments[next] : ""
                next += 1
            case "$":
                _ = characters.next()  // the "@" after "%N$"
                if let index = Int(digits), index >= 1, index <= arguments.count { result += arguments[index - 1] }
            default:
                result.append("%")
                result += digits
                if let marker { result.append(marker) }
            }
        }
        return result
    }
}

/// An error whose text is a `Sentence`, so that the command line says it in the study's language.
public protocol WordedError: Error {
    var sentence: Sentence { get }
}

extension WordedError {
    public func text(_ language: StudyLanguage) -> String { sentence.text(language) }
}

/// An error that words itself in a language (the study store's errors), so that a sentence carrying it says it in
/// the sentence's language.
public protocol LanguageWorded {
    func text(_ language: StudyLanguage) -> String
}

extension String {
    fileprivate func replacingPercents() -> String {
        // The standard library's split rather than Foundation's replacingOccurrences: every command's help is built
        // from these literals at start-up, and Foundation's search bridged through NSString took a twentieth of it.
        utf8.contains(0x25) ? split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") : self
    }
}

extension Sentence {
    /// Two sentences said one after the other, each worded on its own (the catalog knows the parts, not the whole).
    public static func + (lhs: Sentence, rhs: Sentence) -> Sentence {
        var joined = Sentence(stringLiteral: "")
        joined.pattern = "%@%@"
        joined.arguments = [.sentence(lhs), .sentence(rhs)]
        return joined
    }

    /// Sentences said one after the other, with `separator` between them.
    public static func joined(_ parts: [Sentence], separator: Sentence = "") -> Sentence {
        guard var result = parts.first else { return "" }
        for part in parts.dropFirst() { result = result + separator + part }
        return result
    }
}
