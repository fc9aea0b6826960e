import GRDB

/// Consent and withdrawal. A consent text (the TCLE an ethics committee approved) is stored by version with the
/// SHA-256 of its words; a participant's decision records the version, the time with its offset, the hash of the
/// text they were shown and how it was taken (Resolution CNS 510/2016 allows recorded consent; CONEP's Ofício
/// Circular 23/2022 rules electronic consent). A withdrawal outlives the participant it names: the study keeps
/// who withdrew, when, what was done with their data and under which consent version, and a withdrawn code is never
/// imported again by accident.
enum SchemaV33 {
    static let identifier = "v33-consent-withdrawal"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE consent_text (
                id INTEGER PRIMARY KEY,
                version TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(version)) BETWEEN 1 AND 100),
                title TEXT NOT NULL,
                text TEXT NOT NULL CHECK (length(trim(text)) >= 1),
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                added TEXT NOT NULL
            );
            CREATE TABLE consent_record (
                id INTEGER PRIMARY KEY,
                -- The participant, while in the study; NULL once they withdrew (their decision stays on record under
                -- the code they had, and an anonymised participant's kept data is not linked back to it).
                participant_id INTEGER REFERENCES participant(id) ON DELETE SET NULL,
                participant_code TEXT NOT NULL,
                consent_id INTEGER NOT NULL REFERENCES consent_text(id),
                decision TEXT NOT NULL CHECK (decision IN ('agreed', 'declined')),
                -- When the participant decided: ISO 8601 with the offset of the place it was taken.
                at TEXT NOT NULL,
                -- The SHA-256 of the text the participant was shown.
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                how TEXT NOT NULL CHECK (how IN ('page', 'paper', 'recorded')),
                recorded TEXT NOT NULL
            );
            CREATE INDEX consent_record_participant ON consent_record(participant_id);
            CREATE TABLE withdrawal (
                id INTEGER PRIMARY KEY,
                participant_code TEXT NOT NULL,
                at TEXT NOT NULL,
                scope TEXT NOT NULL CHECK (scope IN ('removed', 'anonymised')),
                -- The version of the consent the participant had agreed to, when one was recorded.
                -- Their kept data's new code is not written here: nothing in the study links it back to them.
                consent_version TEXT
            );
            CREATE TRIGGER participant_not_withdrawn BEFORE INSERT ON participant
            WHEN EXISTS (SELECT 1 FROM withdrawal WHERE participant_code = NEW.code COLLATE NOCASE)
            BEGIN SELECT RAISE(ABORT, 'studyctl: withdrawn participant'); END;
            """)
    }
}
