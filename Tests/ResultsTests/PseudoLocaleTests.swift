import Foundation
import QualCoding
import Results
import Surveys
import Testing
import Wording

/// A third language is one `.po` catalog, one `LanguageRecord`, one vocabulary, one stop-word list and one file of
/// instrument wordings (README, "Where things go"): this test writes a pseudo-locale catalog (every English msgid
/// with its letters accented and bracketed, its placeholders kept) from the shipped catalog's entries, a pseudo
/// vocabulary (every English input word bracketed), a pseudo stop-word list and pseudo wordings of the built-in SUS,
/// registers them with a record of its own, and finds every kind of text worded from it — words of tables,
/// sentences with arguments, plurals, nested sentences, numbers and percentages by the record —, its input words
/// recognised, its stop words left out of word counts and suggestion features, and the built-in SUS in its words,
/// with no other Swift change.
@Suite struct PseudoLocaleTests {
    static let record = LanguageRecord(tag: "qps-ploc", aliases: ["pseudo"], regionTag: "qps-ploc", decimalSeparator: "·", listSeparator: " | ",
                                       percentSuffix: " pct", pValueLeadingZero: true, citationStyle: .abnt, babelName: "english", dayFirst: true)

    /// Accents ASCII letters and brackets the text, leaving `%@`, `%N$@` and `%%` as they are.
    static func pseudo(_ english: String) -> String {
        let accents: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú", "A": "Á", "E": "É", "I": "Í", "O": "Ó", "U": "Ú",
                                               "n": "ñ", "c": "ç", "C": "Ç", "y": "ý", "s": "š", "S": "Š", "z": "ž"]
        var result = ""
        var placeholder = false
        for character in english {
            if character == "%" { placeholder.toggle() } else if placeholder, character == "@" || character == "%" { placeholder = false }
            result.append(placeholder || character == "$" ? character : (accents[character] ?? character))
            if character == "@" { placeholder = false }
        }
        return "[" + result + "]"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }

    static let language: StudyLanguage = {
        let shipped = try! MessageCatalog(contentsOf: SentenceCatalogTests.catalogFile)  // the sources' catalog, read by the suite above
        var po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
        for key in shipped.entries.keys.sorted() {
            let parts = key.split(separator: "\u{4}", omittingEmptySubsequences: false).map(String.init)
            let (context, msgid) = parts.count == 2 ? (parts[0] as String?, parts[1]) : (nil, parts[0])
            if let context { po += "msgctxt \(quoted(context))\n" }
            po += "msgid \(quoted(msgid))\n"
            if let plural = shipped.plurals[key] {
                po += "msgid_plural \(quoted(plural))\nmsgstr[0] \(quoted(pseudo(msgid)))\nmsgstr[1] \(quoted(pseudo(plural)))\n\n"
            } else {
                po += "msgstr \(quoted(pseudo(msgid)))\n\n"
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pseudo-\(UUID().uuidString).po")
        try! po.write(to: file, atomically: true, encoding: .utf8)
        StudyLanguage.register(record, catalog: file, vocabulary: vocabularyFile, stopWords: stopWordsFile, instrumentWordings: wordingsFile)
        return StudyLanguage(rawValue: "qps-ploc")!
    }()

    /// The pseudo vocabulary: every English word of the shipped vocabulary, bracketed ("[gave up]"). The scale labels
    /// are left out: `responses import` lists every known label when it refuses an answer, and the suites running
    /// beside this one check those messages word for word.
    static let vocabularyFile: URL = {
        var words: [String: [String]] = [:]
        for (meaning, english) in StudyLanguage.en.vocabulary.words where !meaning.hasPrefix("agreement.") {
            words[meaning] = english.map { "[" + $0 + "]" }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pseudo-\(UUID().uuidString).json")
        try! JSONEncoder().encode(words).write(to: file)
        return file
    }()

    /// The pseudo stop words: two made-up words no other language has, one of them (accented) marked as an
    /// item-matching word, so a word count in the pseudo language leaves them out and one in English does not.
    static let stopWordsFile: URL = {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pseudo-\(UUID().uuidString).txt")
        try! "# pseudo stop words\nzórk [items]\nblahx # a comment\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }()

    /// The pseudo wordings of the built-in SUS: its title, its first item and its lowest anchor.
    static let sus = (title: pseudo("System Usability Scale (SUS)"), item1: pseudo("I think that I would like to use this system frequently."),
                      anchor1: pseudo("Strongly disagree"), item2Fallback: "I found the system unnecessarily complex.")
    static let wordingsFile: URL = {
        let wordings: [String: Any] = ["sus": ["title": sus.title, "items": ["1": sus.item1], "anchors": ["1": sus.anchor1]]]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pseudo-\(UUID().uuidString).json")
        try! JSONSerialization.data(withJSONObject: wordings).write(to: file)
        return file
    }()

    @Test func aRegisteredLanguageIsKnownByItsTagAndAliases() {
        let language = Self.language
        #expect(StudyLanguage(loose: "PSEUDO") == language)
        #expect(StudyLanguage.allCases.contains(language))
        #expect(language.record.citationStyle == .abnt)
    }

    @Test func everyKindOfTextIsWordedFromItsCatalog() {
        let language = Self.language
        #expect(Term.mean.text(language) == "[Méáñ]")
        #expect(PageWord.save.text(language) == Self.pseudo("Save (Enter)"))
        #expect(Message.importedAttempts(1, file: "a.csv").text(language) == "[Ímpórtéd 1 áttémpt fróm a.csv]")
        #expect(Message.importedAttempts(3, file: "a.csv").text(language) == "[Ímpórtéd 3 áttémptš fróm a.csv]")
        // A sentence inside a sentence is worded from the same catalog; a number takes the record's decimal mark.
        let nested: Sentence = "'\("dez")' is not a number"
        #expect(nested.text(language) == "['dez' íš ñót á ñúmbér]")
        let withNumbers: Sentence = "\(number: "5.5") | \(percent: "12.5")"
        #expect(withNumbers.text(language) == "5·5 | 12·5 pct")
    }

    @Test func inputInTheLanguageIsRecognised() {
        let language = Self.language
        #expect(language.vocabulary["outcome.gaveUp"].contains("[gave up]"))
        // A task log's outcome cells, as a task import reads them, folded first ("[Gave Up]" is "[gave up]").
        #expect(OutcomeReading("[Gave Up]") == .outcome(.fail, note: OutcomeReading.gaveUpNote))
        #expect(Outcome(loose: "[SUCCESS]") == .success)
        #expect(YesNo.parse("[assisted]") == true)
        // A transcript's speaker label naming the moderator.
        #expect(SpeakerRole(parsing: "[interviewer]") == .moderator)
        // The shipped languages' words are recognised as before.
        #expect(OutcomeReading("desistiu") == .outcome(.fail, note: OutcomeReading.gaveUpNote))
        #expect(OutcomeReading("[desistiu]") == nil)
    }

    @Test func itsStopWordsAreLeftOutOfWordCountsAndFeatures() throws {
        let language = Self.language
        let texts = [(participant: "P1", text: "Zórk blahx menu menu"), (participant: "P2", text: "zórk menu")]
        // `codes words` (and the quote book's word table) counts through the study's language.
        let pseudoCount = try #require(WordFrequency(texts: texts, language: language))
        #expect(pseudoCount.rows.map(\.word) == ["menu"])
        let englishCount = try #require(WordFrequency(texts: texts, language: .en))
        #expect(Set(englishCount.rows.map(\.word)) == ["menu", "zórk", "blahx"])
        let table = ResultTable.wordFrequency(pseudoCount, attribute: nil, transcripts: false, language: language)
        #expect(table.rows.count == 1 && table.title == Self.pseudo("Most frequent words"))
        // `code suggest`'s features leave them out too, folded as the text is.
        let features = try #require(TextFeatures(language: language))
        #expect(features.stopWords.isSuperset(of: ["zork", "blahx"]) && !features.stopWords.contains("the"))
        #expect(try #require(TextFeatures(language: .en)).stopWords.contains("the"))
        // The marked word is left out when form headers are matched to item texts; the unmarked one is not.
        #expect(StudyLanguage.itemMatchingWords.contains("zork") && !StudyLanguage.itemMatchingWords.contains("blahx"))
        // The shipped languages keep their lists: negations are stop words but never item-matching words.
        #expect(StudyLanguage.itemMatchingWords.isSuperset(of: ["the", "o", "sistema", "system"]))
        #expect(StudyLanguage.itemMatchingWords.isDisjoint(with: ["not", "nao", "não"]))
        #expect(try #require(StudyLanguage.ptBR.stopWords).words.contains("não"))
    }

    @Test func theBuiltInInstrumentsSpeakIt() throws {
        let language = Self.language
        let sus = try #require(try InstrumentCatalog.builtin("sus"))
        #expect(sus.title.text(language) == Self.sus.title)
        #expect(sus.items[0].text.text(language) == Self.sus.item1)
        #expect(sus.scale?.anchor(1, language: language) == Self.sus.anchor1)
        // What the file leaves out stays in English; the other languages keep their own words.
        #expect(sus.items[1].text.text(language) == Self.sus.item2Fallback)
        #expect(sus.items[0].text.text(.ptBR) == "Acho que gostaria de utilizar este produto com frequência")
        // A form whose headers carry the pseudo wording is read as SUS's items; the definition is valid in it.
        #expect(sus.items[0].knownTexts.contains(Self.sus.item1))
        #expect(sus.problems().isEmpty)
        #expect(try InstrumentCatalog.builtin().first { $0.id == "sus" }?.title.text(language) == Self.sus.title)
    }

    @Test func aDefinitionMayBeWordedInARegisteredLanguage() throws {
        let language = Self.language
        var definition = try #require(try InstrumentCatalog.builtin("seq"))
        definition.title.values[language.rawValue] = "[SÉQ]"
        #expect(definition.problems().isEmpty)
        definition.title.values["xx-unknown"] = "?"
        #expect(definition.problems().map(\.description) == ["title: unknown language 'xx-unknown'; the registered languages are \"en\", \"pt-BR\", \"qps-ploc\""])
    }
}
