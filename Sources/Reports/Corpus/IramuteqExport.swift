import Foundation
import QualCoding
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The study's interviews as an IRaMuTeQ corpus: the participants' words only (the moderator's turns are left out),
/// one text per participant or per turn, each with the participant and the chosen attributes as star variables.
public enum IramuteqExport {
    public enum Unit: String, Sendable, CaseIterable {
        case participant, turn
    }

    public enum Failure: Error, LocalizedError, WordedError, Equatable {
        case nothingToExport

        public var sentence: Sentence {
            "The study has no interview transcript with a participant's words: nothing to export; nothing was written."
        }
        public var errorDescription: String? { sentence.description }
    }

    /// Builds the corpus. `attributes` are checked against the study's (an unknown one is refused, naming those there
    /// are); a session log is not an interview and is left out.
    public static func build(_ study: StudyDatabase, by unit: Unit, attributes: [String]) throws -> IramuteqCorpus {
        let language = try study.info().language
        let roster = try study.roster()
        let known = roster.attributes.map(\.name)
        var chosen: [String] = []
        for name in attributes {
            guard let found = known.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: name, known: known)
            }
            chosen.append(found)
        }
        let profiles = Dictionary(roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        // IRaMuTeQ's variable names (`*participante_P1`): words of the study's language, said without accents or spaces.
        let participantName = Sentence("participant", context: "IRaMuTeQ variable").text(language)
        let turnName = Sentence("turn", context: "IRaMuTeQ variable").text(language)
        func variables(_ participant: String) -> [(name: String, value: String)] {
            [(participantName, participant)] + chosen.map { ($0, profiles[participant]?.value(of: $0)?.display ?? "") }
        }

        var corpus = IramuteqCorpus(percentWords: Sentence("percent", context: "IRaMuTeQ corpus").text(language))
        // Each participant's turns, in the order of the transcripts (participant order) and of the text.
        var turns: [(participant: String, text: String)] = []
        for transcript in try study.transcriptKinds() where transcript.kind == .interview {
            let details = try study.transcriptDetails(participant: transcript.participant, label: transcript.label)
            let scalars = Array(details.text.unicodeScalars)
            func slice(_ span: Range<Int>) -> String {
                let lower = max(0, min(span.lowerBound, scalars.count))
                let upper = max(lower, min(span.upperBound, scalars.count))
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[lower..<upper])
                return String(view)
            }
            if details.turns.isEmpty {
                // No timed turns: the text's own speaker labels ("Entrevistadora: …", "P1: …") say whose each line is
                // (the rule the word counts share).
                var own: [(participant: String, text: String)] = []
                for line in LabelledLines.lines(of: details.text, participant: details.participant, participants: Array(profiles.keys)) {
                    guard let participant = line.speaker.participant else {
                        corpus.moderatorTurnsLeftOut += 1
                        continue
                    }
                    let words = slice(line.span)
                    if unit == .participant, let last = own.last, last.participant == participant {
                        own[own.count - 1].text += "\n" + words
                    } else {
                        own.append((participant, words))
                    }
                }
                turns += own
                continue
            }
            let speakers = Dictionary(details.speakers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for turn in details.turns {
                let speaker = turn.speaker.flatMap { speakers[$0] }
                if speaker?.role == "moderator" {
                    corpus.moderatorTurnsLeftOut += 1
                    continue
                }
                let text = slice(turn.span).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { continue }
                turns.append((speaker?.participant ?? details.participant, text))
            }
        }
        guard !turns.isEmpty else { throw Failure.nothingToExport }

        switch unit {
        case .turn:
            var numbers: [String: Int] = [:]
            for turn in turns {
                let number = numbers[turn.participant, default: 0] + 1
                numbers[turn.participant] = number
                corpus.append(variables: variables(turn.participant) + [(turnName, String(number))], body: turn.text)
            }
        case .participant:
            var order: [String] = []
            var texts: [String: [String]] = [:]
            for turn in turns {
                if texts[turn.participant] == nil { order.append(turn.participant) }
                texts[turn.participant, default: []].append(turn.text)
            }
            for participant in order.sorted(by: NaturalOrder.areInIncreasingOrder) {
                corpus.append(variables: variables(participant), body: (texts[participant] ?? []).joined(separator: "\n"))
            }
        }
        return corpus
    }

    /// Writes the corpus as UTF-8 (no byte-order mark, LF line ends), atomically.
    public static func write(_ corpus: IramuteqCorpus, to path: String) throws {
        try AtomicOutput.file(path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(corpus.document.utf8)) else {
                throw ReportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}
