import Wording

/// The participant screen's words (`/p/…`, and its panel on the session logger), in English and Brazilian Portuguese:
/// the page asks for them in the language it shows and fills `{name}` placeholders itself. Kept apart from
/// `PageWord`, whose words are the coding workspace's and the moderator's own.
public enum ParticipantWord: String, Sendable, CaseIterable, Worded {
    case pageTitle, language, consentHeading, consentVersion, agree, decline, consentNote, declined, waiting
    case noConsentText, invalidLink, itemOf, aboutTask, next, back, send, unanswered, stored, thanks, thanksNote
    case notApplicable, answerHere, sliderValue, sliderNotYet, openScreen, linkIntro, qrName, consentNone
    case consentAgreed, consentDeclined, questionnaire, task, noTask, sendTo, sent, stateWaiting, stateAnswered
    case stateCancelled, cancelRequest, askOnScreen, sentNow, answeredNow, waitingHeading, declinedHeading

    /// Every word in `language`, by key: what the page receives.
    public static func all(_ language: StudyLanguage) -> [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.text(language)) })
    }

    /// The word in a language: its English (below) is the catalog's msgid in context "ParticipantWord".
    public var sentence: Sentence { Sentence(english, context: "ParticipantWord") }

    /// The English word.
    var english: Sentence {
        switch self {
        case .pageTitle: return "Participant screen"
        case .language: return "Language"
        case .consentHeading: return "Before we start"
        case .consentVersion: return "Consent text, version {version}"
        case .agree: return "I agree to take part"
        case .decline: return "I do not agree"
        case .consentNote: return "Nothing from this screen is stored before you decide."
        case .declined: return "You chose not to take part. Nothing from this screen is stored. Thank you for your time."
        case .waiting: return "Thank you. The researcher will send the next questions to this screen."
        case .noConsentText: return "This study has no consent text yet, so this screen stores nothing. The researcher adds one with: studyctl consent add"
        case .invalidLink: return "This link is not valid: ask the researcher for the session's link."
        case .itemOf: return "Question {n} of {total}"
        case .aboutTask: return "About the task “{task}”"
        case .next: return "Next"
        case .back: return "Back"
        case .send: return "Send answers"
        case .unanswered: return "Please answer question {n}."
        case .stored: return "Your answers were stored. Thank you!"
        case .thanks: return "Thank you for taking part!"
        case .thanksNote: return "The session has ended. You can hand the device back to the researcher."
        case .notApplicable: return "Not applicable"
        case .answerHere: return "Your answer"
        case .sliderValue: return "Chosen: {value}"
        case .sliderNotYet: return "Not chosen yet: move the slider or use the arrow keys."
        case .openScreen: return "Open the participant screen"
        case .linkIntro: return "Open this link on the participant's device, or scan the code:"
        case .qrName: return "QR code of the participant screen's link"
        case .consentNone: return "Consent: not given yet"
        case .consentAgreed: return "Consent: agreed to version {version} at {at}"
        case .consentDeclined: return "Consent: declined (version {version})"
        case .questionnaire: return "Questionnaire"
        case .task: return "Task"
        case .noTask: return "(no task)"
        case .sendTo: return "Send to the participant screen"
        case .sent: return "Sent to the participant screen"
        case .stateWaiting: return "waiting"
        case .stateAnswered: return "answered"
        case .stateCancelled: return "cancelled"
        case .cancelRequest: return "Cancel"
        case .askOnScreen: return "Ask on the participant screen"
        case .sentNow: return "{instrument} sent to the participant screen."
        case .answeredNow: return "{instrument} answered on the participant screen."
        case .waitingHeading: return "All set"
        case .declinedHeading: return "Your choice was recorded"
        }
    }
}
