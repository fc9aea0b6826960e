import Foundation
import Surveys
import Wording

/// What is attached to a participant: what `participant remove` would take with it.
public struct AttachedData: Sendable, Equatable, Codable {
    public var responseSets = 0
    public var attempts = 0
    public var transcripts = 0
    public var excerpts = 0
    public var memos = 0
    /// Moderated sessions (`studyctl session`), with every event logged in them.
    public var sessions = 0
    /// Recordings registered with `studyctl media add` (the files themselves are never touched).
    public var recordings = 0

    public init(responseSets: Int = 0, attempts: Int = 0, transcripts: Int = 0, excerpts: Int = 0, memos: Int = 0, sessions: Int = 0,
                recordings: Int = 0) {
        self.sessions = sessions
        self.recordings = recordings
        self.responseSets = responseSets
        self.attempts = attempts
        self.transcripts = transcripts
        self.excerpts = excerpts
        self.memos = memos
    }

    public var isEmpty: Bool { responseSets + attempts + transcripts + excerpts + memos + sessions + recordings == 0 }

    /// What is attached, e.g. ["2 questionnaire response sets", "6 task attempts"], each worded in a language by the catalog.
    public var sentences: [Sentence] {
        [
            responseSets == 0 ? nil : Sentence(count: responseSets, one: "\(responseSets) questionnaire response set", other: "\(responseSets) questionnaire response sets"),
            attempts == 0 ? nil : Sentence(count: attempts, one: "\(attempts) task attempt", other: "\(attempts) task attempts"),
            transcripts == 0 ? nil : Sentence(count: transcripts, one: "\(transcripts) transcript", other: "\(transcripts) transcripts"),
            excerpts == 0 ? nil : Sentence(count: excerpts, one: "\(excerpts) coded excerpt", other: "\(excerpts) coded excerpts"),
            memos == 0 ? nil : Sentence(count: memos, one: "\(memos) memo", other: "\(memos) memos"),
            sessions == 0 ? nil : Sentence(count: sessions, one: "\(sessions) session", other: "\(sessions) sessions"),
            recordings == 0 ? nil : Sentence(count: recordings, one: "\(recordings) recording", other: "\(recordings) recordings"),
        ].compactMap { $0 }
    }

    /// What is attached, in `language`: ["2 conjuntos de respostas a questionários", "1 memorando"].
    public func text(_ language: StudyLanguage) -> [String] { sentences.map { $0.text(language) } }
}

/// One participant with what is attached to them.
///
/// It is `participant show --json`'s document (docs/json.md): `participant` (`{code, attributes}`), `created` and
/// `attached`.
public struct ParticipantDetail: Sendable, Equatable, Encodable {
    enum CodingKeys: String, CodingKey { case profile = "participant", created, attached }

    public var profile: ParticipantProfile
    public var created: String
    public var attached: AttachedData
}

/// What a participant import stored.
public struct ParticipantImportSummary: Sendable, Equatable {
    public var added: Int
    public var updated: Int
    public var attributes: [AttributeDefinition]
    /// Notes for the researcher that are not errors (a column read as text because of one value, …).
    public var notes: [Sentence]
    /// How the table was read (its encoding and separator, or its sheet), and what reading its time stamps
    /// decided: said before the summary.
    public var reading: [Sentence] = []
}

