import ArgumentParser
import Foundation
import QualCoding
import Results
import StudyStore
import Wording

struct TranscriptSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: words("Search the transcripts with a regular expression; with --code, code every hit."),
        discussion: words("""
            The pattern is a Perl-style regular expression, matched line by line as 'grep -P -o' matches: a hit never \
            runs over a line break and empty matches are not hits. Each hit is printed with its participant, line, \
            column and the words around it, then the hits per participant who said them: in a focus group each \
            hit counts for the speaker's participant, the moderator's apart. --participant keeps that participant's \
            words, in their own transcripts and in those they speak in (the moderator's words are no participant's: \
            left out, unless --moderator with --code or --speaker asks for them); --speaker keeps the hits inside that \
            speaker's turns.

            --code CATEGORY codes every hit in one step, for the participant who said it: each hit is trimmed to its \
            words (spaces and punctuation at its ends left out) and is the in-vivo code; --unit widens the coded \
            passage to the sentence, the speaker's turn or the paragraph holding it (two hits in one passage code it \
            once). Hits in the moderator's words are left out unless --moderator. A hit that cannot be coded is \
            listed with its reason, and then nothing is stored, unless --partial codes the others. Passages the coder \
            already gave that code are left as they were. The codes stored are listed with the command that removes \
            them all at once.

            Example: studyctl transcript search "(?i)\\bconfus\\w*" --code "Confusão" --coder Ana --unit sentence
            """))

    @Argument(help: ArgumentHelp(words("The regular expression."), valueName: "regex"))
    var pattern: String

    @Option(help: ArgumentHelp(words("Only this participant's transcripts; repeat for several."), valueName: "code"))
    var participant: [String] = []

    @Option(help: ArgumentHelp(words("Only hits in this speaker's turns."), valueName: "name"))
    var speaker: String?

    @Flag(help: ArgumentHelp(words("Match letters whatever their case (as grep -i).")))
    var ignoreCase = false

    @Option(help: ArgumentHelp(words("Code every hit with this category."), valueName: "category"))
    var code: String?

    @Option(help: ArgumentHelp(words("Who codes the hits (with --code)."), valueName: "name"))
    var coder: String?

    @Option(help: ArgumentHelp(words("The passage each hit codes (with --code): its words, or the sentence, turn or paragraph holding them."),
                               valueName: "words|sentence|turn|paragraph"))
    var unit: CodingUnit = .words

    @Flag(help: ArgumentHelp(words("Code the hits that can be coded and list the others (with --code); otherwise one hit that cannot be coded stores none.")))
    var partial = false

    @Flag(help: ArgumentHelp(words("Code hits in the moderator's words too (with --code).")))
    var moderator = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if pattern.isEmpty { throw Refusal("Please give a pattern to search for.") }
        if coder != nil && code == nil { throw Refusal("Please give --code CATEGORY with --coder: --coder names who codes the hits.") }
        if code == nil && (unit != .words || partial || moderator) {
            throw Refusal("Please give --code CATEGORY with --unit, --partial or --moderator: they say how the hits are coded.")
        }
    }

    func run() throws {
        let regex: NSRegularExpression
        do {
            regex = try TranscriptSearch.compile(pattern, ignoreCase: ignoreCase)
        } catch {
            throw Refusal("Please give a valid regular expression: '\(pattern)' is not one (see 'grep -P').")
        }
        let (found, coded) = try study.withStudy { database -> ([TranscriptHits], BatchCoding?) in
            let found = try database.searchTranscripts(regex, participants: participant, speaker: speaker, moderator: moderator)
            let options = AutoCodeOptions(unit: unit, partial: partial, moderator: moderator)
            return (found, try code.map { try database.codeHits(found, category: $0, coder: coder, options: options) })
        }
        if output.json {
            return try printJSON(TranscriptSearchDocument(pattern: pattern, ignoreCase: ignoreCase, speaker: speaker, transcripts: found, coded: coded),
                                 command: "transcript search")
        }
        if found.isEmpty { return say("No hits for \(pattern).") }
        for document in found {
            let name = document.label.isEmpty ? document.participant : "\(document.participant) (\(document.label))"
            for hit in document.hits {
                // A speaker mapped to another participant than the transcript's is named with them.
                let whose = hit.participant.flatMap { $0 == document.participant ? nil : " → \($0)" } ?? ""
                let who = hit.speaker.map { " \($0)\(whose):" } ?? ""
                // The speaker is named once: the turn's own "Ana: " is not repeated before the words.
                var before = oneLine(hit.before)
                if let speaker = hit.speaker, before.hasPrefix(speaker + ":") {
                    before = String(before.dropFirst(speaker.count + 1).drop { $0 == " " })
                }
                print("\(name):\(hit.line):\(hit.column):\(who) …\(before)[\(hit.text)]\(oneLine(hit.after))…")
            }
        }
        print("")
        printListing(ResultTable.searchHits(found, language: Voice.language))
        if let coded, let category = code { sayCoded(coded, category: category) }
    }

    func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\t", with: " ") }
}

/// Lists what a batch coding stored and how to take it back in one step.
func sayCoded(_ coded: BatchCoding, category: String) {
    print("")
    say(BatchCoding.codedInOneStep(coded.coded.count, category: category))
    for record in coded.coded {
        print("  [\(record.id)] \(record.participant): \"\(record.excerpt.count > 80 ? String(record.excerpt.prefix(80)) + "…" : record.excerpt)\"")
    }
    if coded.alreadyCoded > 0 { say("Already coded so by the coder, left as they were: \(String(coded.alreadyCoded)).") }
    if coded.samePassage > 0 { say("Hits in a passage another hit had coded, coded once: \(String(coded.samePassage)).") }
    if coded.moderatorHits > 0 { say("Hits in the moderator's words, left out (--moderator codes them): \(String(coded.moderatorHits)).") }
    if !coded.notCoded.isEmpty {
        say("Not coded (\(String(coded.notCoded.count))):")
        for hit in coded.notCoded { print("  " + words("\(hit.place): \"\(hit.text)\" — \(hit.reason)")) }
    }
    if !coded.coded.isEmpty { say("To undo: studyctl code remove \(coded.coded.map { String($0.id) }.joined(separator: " "))") }
}

struct TranscriptCodeSpeaker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code-speaker", abstract: words("Code every turn of one speaker in a transcript in one step."),
        discussion: words("""
            Each turn's words become a descriptive code (the category's name, or --label) with the category, all in \
            one step; turns the coder already coded so are left as they were. The turns of a speaker mapped to a \
            participant are coded for that participant.

            Example: studyctl transcript code-speaker P04 Entrevistadora --category "Perguntas" --coder Ana
            """))

    @Argument(help: ArgumentHelp(words("The participant whose transcript it is.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The speaker, as the transcript names them.")))
    var speaker: String

    @Option(help: ArgumentHelp(words("The category."), valueName: "name"))
    var category: String

    @Option(help: ArgumentHelp(words("The code's wording (default: the category's name)."), valueName: "text"))
    var label: String?

    @Option(help: ArgumentHelp(words("Which transcript, when the participant has several."), valueName: "label"))
    var transcript: String = ""

    @Option(help: ArgumentHelp(words("Who codes the turns."), valueName: "name"))
    var coder: String?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let coded = try study.withStudy {
            try $0.codeSpeaker(participant: participant, label: transcript, speaker: speaker, category: category, code: label, coder: coder)
        }
        if output.json { return try printJSON(coded, command: "transcript code-speaker") }
        sayCoded(coded, category: category)
    }
}

extension CodingUnit: ExpressibleByArgument {}
