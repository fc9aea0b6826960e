import Foundation
import Templates
import Wording

extension StudyLanguage {
    /// The language's stop words: the list registered with it (`StudyLanguage.register(…stopWords:…)`), else the
    /// shipped `templates/stopwords/<tag>.txt`; nil when it has neither, or the file cannot be read.
    public var stopWords: StopWordList? {
        StopWordFiles.list(tag: rawValue, registered: stopWordsFile)
    }

    /// The words left out when a form's column headers are matched to item texts, in every registered language:
    /// the stop words marked `[items]` (function words), and the names of what is evaluated, which adaptations
    /// replace ("system", "sistema", "site": `itemText.evaluatedNames` in the vocabularies).
    public static var itemMatchingWords: Set<String> {
        let languages = allCases.map { ($0, $0.stopWordsFile) }
        let key = languages.map { "\($0.0.rawValue)\u{1}\($0.1?.path ?? "")" }.joined(separator: "\u{2}")
        let marked = StopWordFiles.itemMatching(key: key) {
            languages.reduce(into: Set<String>()) { words, language in
                words.formUnion(StopWordFiles.list(tag: language.0.rawValue, registered: language.1)?.itemMatching ?? [])
            }
        }
        return marked.union(Vocabulary.knownSet("itemText.evaluatedNames"))
    }
}

/// Stop-word files read once per process, by language and registered file.
enum StopWordFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var read: [String: StopWordList?] = [:]
    nonisolated(unsafe) private static var itemMatching: (key: String, words: Set<String>)?

    static func list(tag: String, registered: URL?) -> StopWordList? {
        let key = "\(tag)\u{1}\(registered?.path ?? "")"
        if let known = lock.withLock({ read[key] }) { return known }
        let list = (registered ?? TemplateFiles.stopWordsFile(tag)).flatMap { try? StopWordList(contentsOf: $0) }
        lock.withLock { read[key] = list }
        return list
    }

    static func itemMatching(key: String, make: () -> Set<String>) -> Set<String> {
        if let known = lock.withLock({ itemMatching }), known.key == key { return known.words }
        let words = make()
        lock.withLock { itemMatching = (key, words) }
        return words
    }
}
