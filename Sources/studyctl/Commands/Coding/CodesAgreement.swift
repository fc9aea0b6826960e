import ArgumentParser
import Results
import Figures
import Foundation
import Templates
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording
import Tabular

struct CodesAgreement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agreement",
        abstract: words("Inter-coder reliability: percent agreement, Cohen's κ and Krippendorff's α."),
        discussion: words("""
            Units are the excerpts at least two of the listed coders coded (Krippendorff 2011): α uses all of them, \
            and κ for a pair of coders the excerpts that pair shares. Per category, each coder's presence or absence of \
            the category on each unit is compared: percent agreement, Cohen's κ (chance agreement from each \
            coder's marginals; per pair of coders) and Krippendorff's α (nominal; any number of coders). Overall: \
            κ and α over the category assigned, when every coder gave each excerpt exactly one; otherwise pooled \
            over every excerpt × category. An excerpt is a span of a transcript, shared by coders who selected the \
            same words: the command says first how many of the coders' excerpts it compared, and how many it left \
            out — per coder, those that coder alone coded, and those bounded otherwise (overlapping another coder's \
            excerpt without matching it) — and, where fewer than half are compared, points to --levels and --unitizing.
            """))

    @Option(help: ArgumentHelp(words("The coders to compare, e.g. A,B."), valueName: "a,b,…"))
    var coders: String

    @Flag(help: ArgumentHelp(words("Krippendorff's unitizing α instead: agreement on where each coder marked each category in the transcripts, character by character.")))
    var unitizing = false

    @Flag(help: ArgumentHelp(words("Agreement at MAXQDA's three levels instead (two coders): category present in the transcript, as often, and segments overlapping by --overlap.")))
    var levels = false

    @Option(help: ArgumentHelp(words("With --levels: how much two segments must overlap to agree, in percent of the characters either covers (default 90)."), valueName: "percent"))
    var overlap: Double = 90

    @Flag(help: ArgumentHelp(words("With a suggester among --coders: compare only the units it suggested a category for (how often a person agrees with what it suggests).")))
    var suggestedOnly = false

    @Option(help: ArgumentHelp(words("The seed of α's bootstrap interval: the same seed gives the same interval."), valueName: "n"))
    var seed: UInt64 = 1

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let names = coders.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard names.count >= 2 else { throw Refusal("Please name at least two coders, e.g. --coders A,B.") }
        if !unitizing && !levels, try study.withStudy(signOfLife: false, { database in try names.contains { try database.isSuggester($0) } }) {
            return try runSuggested(names)
        }
        if suggestedOnly { throw Refusal("Please name a suggester among --coders for --suggested-only, e.g. --coders ana,suggested.") }
        if unitizing { return try runUnitizing(names) }
        if levels { return try runLevels(names) }
        let report = try study.withStudy { database -> AgreementReport in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return try database.agreementReport(coders: names, seed: seed)
        }
        guard report.units > 0 else {
            throw Refusal("Please have \(Sentence.joined(names.map { Sentence(verbatim: $0) }, separator: " and ")) code the same excerpts: no excerpt is coded by two of them yet.")
        }
        if output.json { return try printJSON(report, command: "codes agreement") }
        let language = Voice.language
        say(.agreementOf(coders: names.joined(separator: ", "), units: report.units, codedByAll: names.count > 2 ? report.unitsCodedByAll : nil))
        // What was compared and what was left out, before any figure: a κ of 1 over a few excerpts says little.
        for line in report.coverage?.lines(language) ?? [] { print(line) }
        if let hint = report.coverage?.hint(language) { print(hint) }
        print("")
        print(TextRenderer.render(ResultTable.agreement(report, language: language), title: false), terminator: "")
        print("")
        say(.agreementNote(singleCategory: report.singleCategory, units: report.units))
    }
}

extension CodesAgreement {
    /// A person against a suggester: per category κ, α, precision, recall and F1 on the units the suggester was asked
    /// about, and for a local model its figures cross-validated on its training coder's codings, with a learning curve.
    func runSuggested(_ names: [String]) throws {
        let agreement = try study.withStudy { database -> SuggestionAgreement in
            let kinds = try names.map { try database.isSuggester($0) }
            guard names.count == 2, kinds.filter({ $0 }).count == 1 else {
                throw Refusal("Please name one person and one suggester, e.g. --coders ana,suggested.")
            }
            let person = kinds[0] ? names[1] : names[0]
            let suggester = kinds[0] ? names[0] : names[1]
            let known = try database.coders()
            if !known.contains(where: { $0.caseInsensitiveCompare(person) == .orderedSame }) { throw StoreError.unknownCoder(name: person, known: known) }
            return try database.suggestionAgreement(person: person, suggester: suggester, suggestedOnly: suggestedOnly,
                                                    features: try suggestionFeatures(try database.info().language))
        }
        let document = SuggestionAgreementDocument(agreement)
        if output.json { return try printJSON(document, command: "codes agreement") }
        let tables = document.tables(language: Voice.language)
        if agreement.units.isEmpty {
            say("No unit \(agreement.suggester) was asked about lies in a transcript \(agreement.person) coded: the suggestions cannot be compared yet.")
        }
        for (index, table) in tables.enumerated() {
            if index > 0 { print("") }
            print(TextRenderer.render(table), terminator: "")
        }
        say("A person decided every coding: suggestions count nowhere until a person accepts them.")
    }

    /// MAXQDA's three levels of agreement for two coders, over the study's transcripts.
    func runLevels(_ names: [String]) throws {
        guard names.count == 2 else { throw Refusal("Please name exactly two coders for --levels, e.g. --coders A,B.") }
        guard overlap > 0 && overlap <= 100 else { throw Refusal("Please give --overlap as a percentage above 0 and up to 100.") }
        let (codes, transcripts) = try study.withStudy { database -> ([CodeRecord], [(participant: String, label: String, characters: Int)]) in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return (try database.codes(), try database.transcriptList())
        }
        let segments = DocumentAgreement.segments(codes.map(\.codedSpan), coders: names)
        guard !segments.isEmpty else {
            throw Refusal("Please have \(Sentence.joined(names.map { Sentence(verbatim: $0) }, separator: " and ")) code passages of the transcripts: the three levels compare codings in the text.")
        }
        let documents = transcripts.map { DocumentID(participant: $0.participant, label: $0.label) }
        let result = DocumentAgreement(segments: segments, documents: documents, threshold: overlap / 100)
        let document = LevelsAgreementDocument(result, coders: names, transcripts: transcripts.count, overlap: overlap)
        if output.json { return try printJSON(document, command: "codes agreement") }
        print(TextRenderer.render(document.table(language: Voice.language)), terminator: "")
    }

    /// Krippendorff's uα over the study's transcripts laid end to end (one continuum, in participant and label order),
    /// each coder's coded spans per category joined where they overlap.
    func runUnitizing(_ names: [String]) throws {
        let (codes, transcripts) = try study.withStudy { database -> ([CodeRecord], [(participant: String, label: String, characters: Int)]) in
            let known = try database.coders()
            for name in names where !known.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                throw StoreError.unknownCoder(name: name, known: known)
            }
            return (try database.codes(), try database.transcriptList())
        }
        let continuum = UnitizingAlpha.Continuum(transcripts.map { (DocumentID(participant: $0.participant, label: $0.label), $0.characters) })
        let units = continuum.units(codes.map(\.codedSpan), coders: names)
        let length = continuum.length
        guard !units.isEmpty else {
            throw Refusal("Please have \(Sentence.joined(names.map { Sentence(verbatim: $0) }, separator: " and ")) code passages of the transcripts: unitizing α compares where in the text each coder marked a category.")
        }
        let document = UnitizingAgreementDocument(UnitizingAlpha(begin: 0, length: length, coders: names.count, units: units), coders: names,
                                                  transcripts: transcripts.count, characters: length, units: units.count)
        if output.json { return try printJSON(document, command: "codes agreement") }
        print(TextRenderer.render(document.table(language: Voice.language)), terminator: "")
    }
}
