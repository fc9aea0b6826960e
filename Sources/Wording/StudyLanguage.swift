import Foundation

/// A language studyctl writes instruments, reports and messages in: its BCP 47 tag, standing for a registered
/// `LanguageRecord` (the conventions of the language's writing: decimal mark, citation style, LaTeX's babel name…).
///
/// English is the language of the sources (gettext's msgids); every other language is one `.po` catalog in
/// `Sources/Wording/Translations` plus one record in `LanguageRecord.builtIn`. Every language, English too, has one
/// vocabulary in `Sources/Wording/Vocabulary` (`Vocabulary`: the words studyctl recognises in what people give it)
/// and one stop-word list (`StopWordList`, `templates/stopwords`); a language besides the built-in ones brings its
/// wordings of the built-in instruments in one file. A language registered at run time (`StudyLanguage.register`)
/// needs no other change: every table, report and message reads its words from the catalog and its conventions from
/// the record, every reader of input accepts the words of its vocabulary, word counts and suggestions leave out its
/// stop words, and the built-in instruments speak it.
public struct StudyLanguage: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The language's tag, as studies store it: `en`, `pt-BR`.
    public let rawValue: String

    /// The registered language `rawValue` names, or nil.
    public init?(rawValue: String) {
        guard LanguageRegistry.shared.record(rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(tag: String) { rawValue = tag }

    public static let en = StudyLanguage(tag: "en")
    public static let ptBR = StudyLanguage(tag: "pt-BR")

    /// Every registered language, the built-in ones first.
    public static var allCases: [StudyLanguage] { LanguageRegistry.shared.records.map { StudyLanguage(tag: $0.tag) } }

    /// A language as people type it: `pt-br`, `pt_BR`, `pt`, `português`, `EN`, `english`.
    public init?(loose text: String) {
        let typed = text.lowercased().replacingOccurrences(of: "_", with: "-")
        guard let record = LanguageRegistry.shared.records.first(where: { $0.tag.lowercased() == typed || $0.aliases.contains(typed) })
        else { return nil }
        rawValue = record.tag
    }

    /// The language's conventions.
    public var record: LanguageRecord {
        // Every value was made from a registered record (the initialisers check), and records are never removed.
        LanguageRegistry.shared.record(rawValue) ?? LanguageRecord.english
    }

    public var description: String { rawValue }

    /// Registers a language: its record, its catalog of words (a `.po` file) unless it is the sources' English, its
    /// vocabulary (a `Vocabulary` JSON file; nil for the shipped `Vocabulary/<tag>.json`, or none), its stop words (a
    /// `StopWordList` file; nil for the shipped `templates/stopwords/<tag>.txt`, or none) and its wordings of the
    /// built-in instruments (a JSON file, `templates/instruments/FORMAT.md`; nil for a shipped
    /// `templates/instruments/wordings/<tag>.json`, or none beyond the instruments' own).
    /// A tag registered again replaces the earlier record and files.
    public static func register(_ record: LanguageRecord, catalog: URL?, vocabulary: URL? = nil, stopWords: URL? = nil,
                                instrumentWordings: URL? = nil) {
        LanguageRegistry.shared.register(record, catalog: catalog, vocabulary: vocabulary, stopWords: stopWords,
                                         instrumentWordings: instrumentWordings)
    }

    /// The stop-word list registered with this language; nil when it was registered without one (the shipped list,
    /// `templates/stopwords/<tag>.txt`, is then its list: `StudyLanguage.stopWords` in StudyBasics).
    public var stopWordsFile: URL? { LanguageRegistry.shared.files(rawValue).stopWords }

    /// The wordings of the built-in instruments registered with this language, or nil (a shipped
    /// `templates/instruments/wordings/<tag>.json` is then its file); `InstrumentCatalog` lays them over the built-in
    /// definitions.
    public var instrumentWordingsFile: URL? { LanguageRegistry.shared.files(rawValue).instrumentWordings }

    /// The catalog of this language's words (nil for English, whose words are the sources').
    public var catalog: MessageCatalog? { LanguageRegistry.shared.catalog(rawValue) }

    /// The words of this language studyctl recognises in input, by meaning.
    public var vocabulary: Vocabulary { LanguageRegistry.shared.vocabulary(rawValue) }

    public init(from decoder: Decoder) throws {
        let tag = try decoder.singleValueContainer().decode(String.self)
        guard let language = StudyLanguage(rawValue: tag) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no language '\(tag)'"))
        }
        self = language
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// How a language writes what studyctl writes: one record per language, so that no code asks which language it is.
public struct LanguageRecord: Sendable, Equatable {
    /// The BCP 47 tag (`pt-BR`), also the name of the language's `.po` catalog and stop-word list.
    public var tag: String
    /// Other ways people type the language (lowercased): `pt`, `português`.
    public var aliases: [String]
    /// The tag with a region, for documents that ask for one (a Word document's `w:lang`): `pt-BR`, `en-US`.
    public var regionTag: String
    /// The decimal mark: `,` in Portuguese, `.` in English.
    public var decimalSeparator: String
    /// Between numbers in a list or an interval: `; ` where the comma is the decimal mark, else `, `.
    public var listSeparator: String
    /// What follows a number to make a percentage: ` %` (ABNT, SI) or `%` (APA).
    public var percentSuffix: String
    /// Whether a p-value keeps its leading zero: `0,032` (ABNT) or `.032` (APA 7, 6.36).
    public var pValueLeadingZero: Bool
    /// The citation and layout rules the language's academic writing follows.
    public var citationStyle: CitationStyle
    /// LaTeX's babel name of the language.
    public var babelName: String
    /// How a date that could be read either way (`03/04/2026`) is read when nothing else tells: day first in Brazil.
    public var dayFirst: Bool

    public init(tag: String, aliases: [String], regionTag: String, decimalSeparator: String, listSeparator: String, percentSuffix: String,
                pValueLeadingZero: Bool, citationStyle: CitationStyle, babelName: String, dayFirst: Bool) {
        self.tag = tag
        self.aliases = aliases
        self.regionTag = regionTag
        self.decimalSeparator = decimalSeparator
        self.listSeparator = listSeparator
        self.percentSuffix = percentSuffix
        self.pValueLeadingZero = pValueLeadingZero
        self.citationStyle = citationStyle
        self.babelName = babelName
        self.dayFirst = dayFirst
    }

    /// The academic conventions a report, a quote and a bibliography follow.
    public enum CitationStyle: String, Sendable, Equatable {
        /// ABNT NBR 10520 (quotes over 3 lines as a 4 cm block in smaller type), NBR 6023 (references), NBR 14724
        /// (a source under every table), abnTeX2's `\cite`.
        case abnt
        /// APA 7 (quotes of 40 words or more as a block, double spacing), natbib's `\citep`.
        case apa
    }

    /// English: the sources' words, APA 7.
    public static let english = LanguageRecord(tag: "en", aliases: ["en", "en-us", "en-gb", "english"], regionTag: "en-US", decimalSeparator: ".",
                                               listSeparator: ", ", percentSuffix: "%", pValueLeadingZero: false, citationStyle: .apa,
                                               babelName: "english", dayFirst: false)
    /// Brazilian Portuguese: the `pt-BR.po` catalog, ABNT.
    public static let brazilianPortuguese = LanguageRecord(tag: "pt-BR", aliases: ["pt-br", "pt", "pt-brazil", "portuguese", "português"],
                                                           regionTag: "pt-BR", decimalSeparator: ",", listSeparator: "; ", percentSuffix: " %",
                                                           pValueLeadingZero: true, citationStyle: .abnt, babelName: "brazil", dayFirst: true)

    /// The languages studyctl ships, in the order its help lists them.
    public static let builtIn: [LanguageRecord] = [brazilianPortuguese, english]

    /// The language and country of `regionTag`, as OpenDocument's `fo:language` and `fo:country` take them.
    public var languageAndCountry: (String, String) {
        let parts = regionTag.split(separator: "-", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }

    /// `text` (a number written with a decimal point) with this language's decimal mark.
    public func decimal(_ text: String) -> String {
        decimalSeparator == "." ? text : text.replacingOccurrences(of: ".", with: decimalSeparator)
    }
}

/// The registered languages and their catalogs, read on first use.
final class LanguageRegistry: @unchecked Sendable {
    static let shared = LanguageRegistry()

    private let lock = NSLock()
    private var registered: [LanguageRecord] = LanguageRecord.builtIn
    private var catalogFiles: [String: URL] = [:]
    private var loaded: [String: MessageCatalog] = [:]
    private var vocabularyFiles: [String: URL] = [:]
    private var stopWordFiles: [String: URL] = [:]
    private var instrumentWordingFiles: [String: URL] = [:]
    private var vocabularies: [String: Vocabulary] = [:]
    /// Per meaning, the words of every registered language (`Vocabulary.known`), made on first use.
    private var known: [String: [String]] = [:]
    private var knownSets: [String: Set<String>] = [:]

    var records: [LanguageRecord] { lock.withLock { registered } }

    func record(_ tag: String) -> LanguageRecord? { lock.withLock { registered.first { $0.tag == tag } } }

    func register(_ record: LanguageRecord, catalog: URL?, vocabulary: URL?, stopWords: URL?, instrumentWordings: URL?) {
        lock.withLock {
            registered.removeAll { $0.tag == record.tag }
            registered.append(record)
            catalogFiles[record.tag] = catalog
            loaded[record.tag] = nil
            vocabularyFiles[record.tag] = vocabulary
            vocabularies[record.tag] = nil
            stopWordFiles[record.tag] = stopWords
            instrumentWordingFiles[record.tag] = instrumentWordings
            known = [:]
            knownSets = [:]
        }
    }

    /// The stop-word and instrument-wording files registered with a language.
    func files(_ tag: String) -> (stopWords: URL?, instrumentWordings: URL?) {
        lock.withLock { (stopWordFiles[tag], instrumentWordingFiles[tag]) }
    }

    /// The language's vocabulary: a registered file, else the shipped `Vocabulary/<tag>.json`, else none.
    func vocabulary(_ tag: String) -> Vocabulary {
        lock.withLock { loadedVocabulary(tag) }
    }

    /// Called with the lock held.
    private func loadedVocabulary(_ tag: String) -> Vocabulary {
        if let vocabulary = vocabularies[tag] { return vocabulary }
        let file = vocabularyFiles[tag] ?? Vocabulary.shipped(tag)
        // As with a catalog: a shipped vocabulary that cannot be read is a broken installation (VocabularyTests
        // reads every shipped file); its words are then not recognised rather than every command stopping.
        let vocabulary = file.flatMap { try? Vocabulary(contentsOf: $0) } ?? Vocabulary(words: [:])
        vocabularies[tag] = vocabulary
        return vocabulary
    }

    /// The words meaning `meaning` in every registered language, the built-in ones first, each word once.
    func known(_ meaning: String) -> [String] {
        lock.withLock { knownWords(meaning) }
    }

    func knownSet(_ meaning: String) -> Set<String> {
        lock.withLock {
            if let words = knownSets[meaning] { return words }
            let words = Set(knownWords(meaning))
            knownSets[meaning] = words
            return words
        }
    }

    /// Called with the lock held.
    private func knownWords(_ meaning: String) -> [String] {
        if let words = known[meaning] { return words }
        var seen = Set<String>()
        let words = registered.flatMap { loadedVocabulary($0.tag)[meaning] }.filter { seen.insert($0).inserted }
        known[meaning] = words
        return words
    }

    /// The language's catalog: a registered file, else the shipped `Translations/<tag>.po`; nil for English.
    func catalog(_ tag: String) -> MessageCatalog? {
        if tag == "en" { return nil }
        return lock.withLock {
            if let catalog = loaded[tag] { return catalog }
            let file = catalogFiles[tag] ?? MessageCatalog.shipped(tag)
            // A shipped catalog that cannot be read is a broken installation: the words stay English rather than
            // stopping every command (`make test` checks every shipped catalog with msgfmt and reads it).
            let catalog = file.flatMap { try? MessageCatalog(contentsOf: $0) } ?? MessageCatalog(entries: [:], pluralRule: .germanic)
            loaded[tag] = catalog
            return catalog
        }
    }
}
