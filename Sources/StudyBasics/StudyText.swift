import Foundation
import Wording

/// The kinds of names a study keeps, each with the most Unicode code points it may have (what SQLite's `length()`
/// counts, and what the study's CHECK constraints hold them to).
public enum NameKind: String, Sendable, CaseIterable {
    case participantCode, attributeName, taskKey, conditionName, levelName, categoryName, themeName, coderName,
         instrumentID, aoiName, mediaName, transcriptLabel, recordingLabel, label

    /// The most code points a name of this kind has.
    public var limit: Int {
        switch self {
        case .aoiName: return 200
        case .mediaName: return 500
        case .categoryName, .themeName, .coderName, .levelName, .transcriptLabel, .recordingLabel, .label: return 200
        default: return 64
        }
    }

    /// What the name is called in messages.
    public var noun: Sentence {
        switch self {
        case .participantCode: return "participant code"
        case .attributeName: return "attribute name"
        case .taskKey: return "task key"
        case .conditionName: return "condition name"
        case .levelName: return "level name"
        case .categoryName: return "category name"
        case .themeName: return "theme name"
        case .coderName: return "coder name"
        case .instrumentID: return "instrument id"
        case .aoiName: return "AOI name"
        case .mediaName: return "media name"
        case .transcriptLabel: return "transcript label"
        case .recordingLabel: return "recording label"
        case .label: return "label"
        }
    }

    /// The noun with its article: "a task key", "an attribute name".
    public var withArticle: Sentence {
        switch self {
        case .participantCode: return "a participant code"
        case .attributeName: return "an attribute name"
        case .taskKey: return "a task key"
        case .conditionName: return "a condition name"
        case .levelName: return "a level name"
        case .categoryName: return "a category name"
        case .themeName: return "a theme name"
        case .coderName: return "a coder name"
        case .instrumentID: return "an instrument id"
        case .aoiName: return "an AOI name"
        case .mediaName: return "a media name"
        case .transcriptLabel: return "a transcript label"
        case .recordingLabel: return "a recording label"
        case .label: return "a label"
        }
    }

    /// Whether a name of this kind is one word (no spaces): codes and keys typed on the command line.
    var isOneWord: Bool { [.participantCode, .taskKey, .instrumentID].contains(self) }
    /// Whether `=` is refused: names written `name=value` on the command line.
    var refusesEquals: Bool { [.attributeName, .conditionName].contains(self) }
    /// Whether the empty name is allowed (a participant's only transcript or recording has the label "").
    var allowsEmpty: Bool { self == .transcriptLabel || self == .recordingLabel }
}

/// Why a name cannot enter the study: which kind, as typed, and the reason.
public struct NameProblem: Error, WordedError, Equatable, Sendable, CustomStringConvertible {
    public var kind: NameKind
    public var name: String
    public var reason: Sentence

    public var sentence: Sentence { "Invalid \(kind.noun) '\(name)': \(reason)." }
    public var description: String { sentence.description }
}

/// The one door every name passes on its way into a study, from a command's argument, a file's header or cell, or
/// another program's project: canonical composition (Unicode NFC, UAX #15), so that "experiência" typed with a
/// combining circumflex and with a precomposed "ê" is one name; no NUL, control, invisible or text-direction
/// character (TR39 §3.1); not empty, no surrounding spaces; and at most the kind's limit in code points, counted
/// after composition — what the study's own CHECK constraints count, so no limit is ever met first by SQLite.
public enum StudyText {
    /// `raw` as the study stores it (NFC), or the problem that keeps it out.
    public static func name(_ raw: String, as kind: NameKind) throws(NameProblem) -> String {
        let name = composed(raw)
        func refuse(_ reason: Sentence) -> NameProblem { NameProblem(kind: kind, name: raw, reason: reason) }
        if name.isEmpty {
            if kind.allowsEmpty { return name }
            throw refuse("\(kind.withArticle) cannot be empty")
        }
        let length = name.unicodeScalars.count
        if length > kind.limit {
            throw refuse("\(kind.withArticle) has at most \(kind.limit) characters (it has \(length) code points)")
        }
        if let problem = TextSafety.nameProblem(name) { throw refuse("\(kind.withArticle) cannot be stored as typed: \(problem)") }
        if kind.isOneWord, name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            throw refuse("\(kind.withArticle) cannot contain spaces")
        }
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            throw refuse("\(kind.withArticle) cannot start or end with a space")
        }
        if kind.refusesEquals, name.contains("=") { throw refuse("\(kind.withArticle) cannot contain '='") }
        return name
    }

    /// Why `raw` cannot be a name of `kind`, or nil.
    public static func problem(_ raw: String, as kind: NameKind) -> NameProblem? {
        do { _ = try name(raw, as: kind); return nil } catch { return error }
    }

    /// Text in canonical composition (NFC): the same characters, one spelling. ASCII is returned as it is.
    public static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // Below U+0300 no scalar composes with another or reorders (UAX #15 "Stable Code Points"): Latin-1 text
        // without combining marks is already NFC.
        if text.unicodeScalars.allSatisfy({ $0.value < 0x300 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// The key under which two names are the same name: composed and case-folded, as studyctl matches names
    /// regardless of case ("Área" and "área" are one attribute).
    public static func key(_ name: String) -> String {
        composed(name).lowercased()
    }
}
