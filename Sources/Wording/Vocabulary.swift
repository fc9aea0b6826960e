import Foundation

/// The words of one language that studyctl recognises in what people give it — a task log's outcomes, a form's
/// agreement labels, a transcript's speaker labels, a table's column names — by meaning (`outcome.gaveUp`).
///
/// A vocabulary is data beside the catalogs: `Sources/Wording/Vocabulary/<tag>.json`, one JSON object whose keys
/// are meanings and whose values are lists of words, written as they are compared (lowercase, without accents,
/// single spaces: `nao concordo nem discordo`). A language registered at run time brings its own file
/// (`StudyLanguage.register(_:catalog:vocabulary:)`). Input is read in any language the study might have been
/// run in, so readers ask for `Vocabulary.known(_:)`: the words of every registered language.
public struct Vocabulary: Sendable, Equatable {
    /// Meaning → words.
    public let words: [String: [String]]

    public init(words: [String: [String]]) {
        self.words = words
    }

    /// Reads a vocabulary file.
    public init(contentsOf file: URL) throws {
        words = try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: file))
    }

    /// The words meaning `meaning` in this language (none when the language leaves the meaning out).
    public subscript(_ meaning: String) -> [String] { words[meaning] ?? [] }

    /// The words meaning `meaning` in every registered language, the built-in ones first (Portuguese, then
    /// English), each word once, in the order the files list them.
    public static func known(_ meaning: String) -> [String] { LanguageRegistry.shared.known(meaning) }

    /// `known(meaning)` as a set, for recognising a word.
    public static func knownSet(_ meaning: String) -> Set<String> { LanguageRegistry.shared.knownSet(meaning) }

    /// The shipped vocabulary of a language, if studyctl ships one.
    static func shipped(_ tag: String) -> URL? {
        guard let url = Bundle.module.url(forResource: "Vocabulary", withExtension: nil)?.appendingPathComponent("\(tag).json"),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }
}
