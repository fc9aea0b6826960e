import Foundation
import Testing
@testable import Wording

/// The gettext catalog reader: fields, continued lines, escapes, contexts, plurals and their rules, and refusals
/// that name the catalog's line.
@Suite struct CatalogTests {
    static let po = #"""
        # A comment, then the header with the plural rule.
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        #, objc-format
        msgid "Imported %@ from %@"
        msgstr "%2$@: %1$@ importado"

        msgctxt "Term"
        msgid "Mean"
        msgstr "Média"

        msgid "Mean"
        msgstr "média"

        msgid ""
        "Two lines\n"
        "and a \"quote\""
        msgstr "Duas linhas\ne uma \"citação\""

        #, objc-format
        msgid "%@ file"
        msgid_plural "%@ files"
        msgstr[0] "%@ arquivo"
        msgstr[1] "%@ arquivos"

        #, fuzzy
        msgid "Not yet"
        msgstr "Ainda não"

        msgid "Untranslated"
        msgstr ""
        """#

    @Test func readsFieldsContextsEscapesAndPlurals() throws {
        let catalog = try MessageCatalog(po: Self.po, file: "test.po")
        #expect(catalog.text("Imported %@ from %@") == "%2$@: %1$@ importado")
        #expect(catalog.text("Mean", context: "Term") == "Média")
        #expect(catalog.text("Mean") == "média")
        #expect(catalog.text("Two lines\nand a \"quote\"") == "Duas linhas\ne uma \"citação\"")
        #expect(catalog.text("%@ file", count: 1) == "%@ arquivo")
        #expect(catalog.text("%@ file", count: 0) == "%@ arquivos")
        #expect(catalog.text("%@ file", count: 7) == "%@ arquivos")
        #expect(catalog.plurals["%@ file"] == "%@ files")
        #expect(catalog.msgids.isSuperset(of: ["Mean", "%@ file", "%@ files"]))
        // Fuzzy and empty translations are left out, as gettext leaves them: the English is said.
        #expect(catalog.text("Not yet") == nil && catalog.text("Untranslated") == nil)
    }

    @Test func aSentenceChoosesItsPluralFormAndContext() throws {
        let catalog = try MessageCatalog(po: Self.po)
        for (count, english, portuguese) in [(1, "1 file", "1 arquivo"), (3, "3 files", "3 arquivos")] {
            let sentence = Sentence(count: count, one: "\(count) file", other: "\(count) files")
            #expect(sentence.description == english)
            #expect(sentence.worded(catalog: catalog, language: .ptBR) == portuguese)
        }
        let term = Sentence("Mean", context: "Term")
        #expect(term.worded(catalog: catalog, language: .ptBR) == "Média")
        #expect(term.description == "Mean")
    }

    /// Plural rules as the gettext manual lists them (§ 12.6 "Additional functions for plural forms").
    @Test func pluralRulesFollowTheirCExpressions() throws {
        let french = try PluralRule(header: "nplurals=2; plural=(n > 1);")
        #expect([0, 1, 2].map(french.form) == [0, 0, 1])
        let polish = try PluralRule(header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect([1, 2, 4, 5, 12, 22, 25, 112].map(polish.form) == [0, 1, 1, 2, 2, 1, 2, 2])
        let russian = try PluralRule(header: "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect([1, 11, 21, 3, 13, 5].map(russian.form) == [0, 2, 0, 1, 2, 2])
        let japanese = try PluralRule(header: "nplurals=1; plural=0;")
        #expect([0, 1, 5].map(japanese.form) == [0, 0, 0])
        #expect(throws: CatalogError.self) { try PluralRule(header: "nplurals=2; plural=(n > ;") }
        #expect(throws: CatalogError.self) { try PluralRule(header: "plural=n != 1;") }
    }

    @Test func aBrokenCatalogIsRefusedAtItsLine() {
        #expect { try MessageCatalog(po: "msgid \"a\"\nmsgstr \"b\nmsgid", file: "x.po") } throws: { error in
            (error as? CatalogError)?.place == "x.po:2"
        }
        #expect { try MessageCatalog(po: "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", file: "x.po") } throws: { error in
            (error as? CatalogError)?.problem.contains("worded twice") == true
        }
        #expect(throws: CatalogError.self) { try MessageCatalog(po: "msgid \"a\\q\"\nmsgstr \"b\"") }
    }

    @Test func languagesAreKnownByTagAndAliasesWithTheirRecords() {
        #expect(StudyLanguage(loose: "pt_BR") == .ptBR && StudyLanguage(loose: "Português") == .ptBR && StudyLanguage(loose: "EN") == .en)
        #expect(StudyLanguage(loose: "fr") == nil && StudyLanguage(rawValue: "fr") == nil)
        #expect(StudyLanguage.ptBR.record.citationStyle == .abnt && StudyLanguage.en.record.citationStyle == .apa)
        #expect(StudyLanguage.ptBR.record.decimal("1.5") == "1,5" && StudyLanguage.en.record.decimal("1.5") == "1.5")
        #expect(StudyLanguage.ptBR.record.languageAndCountry == ("pt", "BR"))
        #expect(StudyLanguage.en.catalog == nil, "English is the sources' words")
        #expect((StudyLanguage.ptBR.catalog?.entries.count ?? 0) > 2_500, "the shipped catalog is found and read")
    }
}
