import Surveys

/// An entry of the message catalog: its English and Brazilian Portuguese text (`entry`), one chosen by `text(_:)`.
/// Each catalog is an enum whose `entry` is an exhaustive `switch`, so no entry can lack a language.
public protocol Bilingual {
    /// English, then Portuguese.
    var entry: (String, String) { get }
}

extension Bilingual {
    public func text(_ language: StudyLanguage) -> String {
        let (en, pt) = entry
        return language == .ptBR ? pt : en
    }
}
