import Wording

/// An entry of the message catalog: a case per message or word, its English `sentence` the catalog's msgid, worded in
/// a language by that language's `.po` catalog (`Sources/Wording/Translations`).
public protocol Worded {
    var sentence: Sentence { get }
}

extension Worded {
    public func text(_ language: StudyLanguage) -> String { sentence.text(language) }
}
