import Foundation
import Wording

/// The study's title and language.
public struct StudyInfo: Sendable, Equatable {
    public var title: String
    public var language: StudyLanguage
    public var created: String

    public init(title: String, language: StudyLanguage, created: String) {
        self.title = title
        self.language = language
        self.created = created
    }
}
