import Foundation
import Results
import Statistics
import StudyBasics
import Surveys
import Testing
import Wording

/// Every sentence the sources say has its Brazilian Portuguese wording in the `pt-BR.po` catalog, every word of
/// the catalogs' enums too (in its context), and every wording fills the same places as its English pattern.
@Suite struct SentenceCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources")
    static let catalogFile = sources.appendingPathComponent("Wording/Translations/pt-BR.po")

    static func catalog() throws -> MessageCatalog { try MessageCatalog(contentsOf: catalogFile) }

    @Test func everySentenceInTheSourcesHasAPortugueseWording() throws {
        let known = try Self.catalog().msgids
        var missing: [String: String] = [:]
        var found = 0
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for pattern in SentenceScanner.patterns(in: text) where !SentenceScanner.notSaid.contains(pattern) {
                found += 1
                if !known.contains(pattern) { missing[pattern] = file.lastPathComponent }
            }
        }
        #expect(found > 150, "the scanner finds the sources' sentences (\(found))")
        let listing = missing.sorted { $0.key < $1.key }.map { "#: \($0.value)\nmsgid \(SentenceScanner.literal($0.key))\nmsgstr \"\"\n" }
        // STUDYCTL_CATALOG_MISSING=FILE writes the missing ones there as `.po` entries, ready to be worded and merged.
        if let file = ProcessInfo.processInfo.environment["STUDYCTL_CATALOG_MISSING"] {
            try listing.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(missing.isEmpty, "\(missing.count) without Portuguese:\n\(listing.joined(separator: "\n"))")
    }

    /// The words of tables, the page and the parser are looked up in their context: each needs its own entry.
    @Test func everyWordOfTheEnumsHasAPortugueseWording() throws {
        let catalog = try Self.catalog()
        let words: [Sentence] = Term.allCases.map(\.sentence) + PageWord.allCases.map(\.sentence) + ParticipantWord.allCases.map(\.sentence) + ParserWord.allCases.map(\.sentence)
            + SUSInterpretation.adjectives.map(\.sentence)
        let missing = words.filter { catalog.text($0.pattern, context: $0.context) == nil }.map { "\($0.context ?? ""): \($0.pattern)" }
        #expect(missing.isEmpty, "without Portuguese: \(missing)")
    }

    @Test func everyWordingFillsTheSamePlaces() throws {
        let catalog = try Self.catalog()
        #expect(catalog.entries.count > 2_500)
        #expect(catalog.pluralRule.count == 2 && catalog.pluralRule.form(1) == 0 && catalog.pluralRule.form(0) == 1 && catalog.pluralRule.form(2) == 1)
        for (key, entry) in catalog.entries {
            let english = String(key.split(separator: "\u{4}", omittingEmptySubsequences: false).last ?? "")
            let places = SentenceScanner.placeholders(english)
            for form in entry.forms {
                #expect(SentenceScanner.placeholders(form) == places, "“\(english)” → “\(form)”")
            }
        }
    }

    static let msgfmt = ["/usr/bin/msgfmt", "/opt/homebrew/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })

    /// The shipped catalog is the one in the sources: the file a translator opens in Poedit is the file studyctl reads.
    @Test func theShippedCatalogIsTheSources() throws {
        let shipped = try #require(StudyLanguage.ptBR.catalog)
        #expect(shipped.entries == (try Self.catalog()).entries)
    }

    /// gettext's own checker accepts the catalog (format strings, plural forms, header).
    @Test(.enabled(if: SentenceCatalogTests.msgfmt != nil, "msgfmt (GNU gettext) is not installed; scripts/install-deps.sh --tests installs it"))
    func theCatalogPassesMsgfmt() throws {
        let msgfmt = try #require(Self.msgfmt)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msgfmt)
        process.arguments = ["--check", "-o", "/dev/null", Self.catalogFile.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && said.isEmpty, "msgfmt --check: \(said)")
    }

    @Test func sentencesAreWordedInTheStudysLanguage() {
        let cell = "dez"
        let nested: Sentence = "'\(cell)' is not a number"
        let (code, item, column) = ("P3", 2, "Q2")
        let sentence: Sentence = "participant \(code), item \(item) (column '\(column)'): \(nested)"
        #expect(sentence.pattern == "participant %@, item %@ (column '%@'): %@")
        #expect(sentence.description == "participant P3, item 2 (column 'Q2'): 'dez' is not a number")
        let name = StudyText.problem("P 1", as: .participantCode)!
        #expect(name.sentence.text(.ptBR) == "Não é possível usar 'P 1' como código de participante: um código de participante não pode conter espaços.")
        #expect(sentence.text(.ptBR) == "participante P3, item 2 (coluna 'Q2'): 'dez' não é um número")
        let none = GroupComparison([("a", []), ("b", [])])
        #expect(none.sentence(score: "TLX ponderado", language: .ptBR) == "TLX ponderado: menos de dois grupos com escores: sem comparação.")
        let percent: Sentence = "58% of \(3)"
        #expect(percent.pattern == "58%% of %@" && percent.description == "58% of 3")
    }

    /// A count chooses the plural form by the language's Plural-Forms: the singular for 1, the plural for 0 and more.
    @Test func pluralsFollowTheLanguagesRule() {
        for (count, english, portuguese) in [(0, "Imported 0 attempts from a.csv", "0 tentativas importadas de a.csv"),
                                             (1, "Imported 1 attempt from a.csv", "1 tentativa importada de a.csv"),
                                             (2, "Imported 2 attempts from a.csv", "2 tentativas importadas de a.csv")] {
            let message = Message.importedAttempts(count, file: "a.csv")
            #expect(message.text(.en) == english)
            #expect(message.text(.ptBR) == portuguese)
        }
        #expect(Term.mean.text(.ptBR) == "Média" && Term.mean.text(.en) == "Mean")
        #expect(PageWord.save.text(.ptBR) == "Salvar (Enter)")
    }
}

/// Finds the sentences in Swift source: string literals where a `Sentence` is expected — a problem's `message:`, the
/// arguments of the error cases and helpers that take one, the bodies of properties and functions that return one, and
/// literals written `: Sentence =` or `as Sentence` — as their patterns (interpolations become `%@`).
enum SentenceScanner {
    /// Literals inside those places that nobody reads as a sentence: type and instrument names a check compares
    /// against, a regular expression, JSON field names, a format's error domain.
    static let notSaid: Set<String> = ["%@.text", "Array", "Dictionary", "NSXMLParserErrorDomain", "SUS", "U+", "UMUX", "UMUX-Lite",
                                       "^[a-z0-9][a-z0-9_-]{0,63}$", "cannot register natural_key", "kind", "scoring", "title",
                                       // options and column names that locate a problem
                                       "--map", "--title", "AOI", "assisted", "errors", "outcome", "time", "total", "trial",
                                       // a chart's path and a memo's prefix
                                       "%@/charts/%@", "participant:", "from invalid String value ",
                                       // tests' and effects' machine names a switch compares, number formats
                                       "welch-t", "welch-anova", "mann-whitney-u", "hedges-g", "rank-biserial-r", "epsilon-squared",
                                       "%%.%@f", "%%.3f", "templates/instruments"]

    /// Calls whose parenthesised arguments are sentences.
    static let calls = ["words.say(", "cannotRead(", "unreadable(", "Sentence.joined(", "Refusal(", "say(", "note(", "words(", "TextTable(words: ", "codeProblem(", "AnswerProblem(", "Problem.container(", "refuse(", "container(", "nothingToExport(", "unscorable(", "Sentence("]
    /// Declarations whose bodies return sentences.
    static let bodies = ["let said: Sentence", "var sentence: Sentence {", "-> Sentence {", "-> Sentence? {", "-> [Sentence] {", "var rangeProblem: Sentence? {",
                         "var problem: Sentence? {", "var withArticle: Sentence {", "var noun: Sentence {", "var description: Sentence {",
                         // Any other computed sentence: `public var design: Sentence {`.
                         "var design: Sentence {", "var statement: Sentence {", "var flagRuleStatement: Sentence {", "var rule: Sentence {",
                         "var readerSentence: Sentence {", "var meaning: Sentence {", "var leftOutList: Sentence {", "var flaggedList: Sentence {",
                         "var documentNote: Sentence {", "var completionNote: Sentence {", "var place: Sentence {"]

    static func patterns(in source: String) -> [String] {
        let text = Array(source.unicodeScalars)
        var spans: [Range<Int>] = []
        func find(_ needle: String, from start: Int = 0) -> [Int] {
            let scalars = Array(needle.unicodeScalars)
            var hits: [Int] = []
            var index = start
            while index + scalars.count <= text.count {
                if text[index] == scalars[0], Array(text[index..<index + scalars.count]) == scalars { hits.append(index + scalars.count) }
                index += 1
            }
            return hits
        }
        for call in calls {
            for start in find(call) {
                // Text said as it is (`Sentence(verbatim: …)`) is nobody's to translate.
                if call == "Sentence(", text[start...].starts(with: "verbatim:".unicodeScalars) { continue }
                spans.append(start..<balancedEnd(text, from: start, open: "(", close: ")"))
            }
        }
        for body in bodies { for start in find(body) { spans.append(start..<balancedEnd(text, from: start, open: "{", close: "}")) } }
        // Tables of sentences: `let words: [String: Sentence] = [ … ]`.
        for start in find(": [String: Sentence] = [") { spans.append(start..<balancedEnd(text, from: start, open: "[", close: "]")) }
        for anchor in ["message: ", "location: ", "reason: \"", "report.append(", "notes.append(", "skipped.append(", ": Sentence = ", "problem(", "failures.append(", "problems.append(\""] {
            for start in find(anchor) {
                let from = anchor.hasSuffix("\"") ? start - 1 : start
                spans.append(from..<expressionEnd(text, from: from))
            }
        }
        // `("…" as Sentence)`: every literal opening after a parenthesis that is followed by ` as Sentence`.
        let cast = Array(" as Sentence".unicodeScalars)
        for start in find("(\"") {
            let end = skipLiteral(text, from: start - 1)
            if end + cast.count <= text.count, Array(text[end..<end + cast.count]) == cast { spans.append((start - 1)..<end) }
        }
        var patterns: Set<String> = []
        for span in spans {
            var index = span.lowerBound
            while index < span.upperBound {
                if text[index] == "\"" {
                    if index + 2 < text.count, text[index + 1] == "\"", text[index + 2] == "\"" {
                        let (pattern, end) = multilineLiteral(text, from: index)
                        index = end
                        if pattern.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { patterns.insert(pattern) }
                        continue
                    }
                    let (pattern, end) = literal(text, from: index + 1)
                    let before = String(String.UnicodeScalarView(text[max(0, index - 10)..<index]))
                    index = end
                    // SQL and regular expressions are not said to anyone; a catalog context (msgctxt) names a place; verbatim
                    // text is said as it is.
                    if !before.hasSuffix("sql: "), !before.hasSuffix("context: "), !before.hasSuffix("verbatim: "),
                       pattern.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { patterns.insert(pattern) }
                    continue
                }
                index += 1
            }
        }
        return patterns.sorted()
    }

    /// The pattern of the literal whose text starts at `start`, and the index after its closing quote.
    static func literal(_ text: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var pattern = ""
        var index = start
        while index < text.count {
            let scalar = text[index]
            if scalar == "\"" { return (pattern, index + 1) }
            if scalar == "\\", index + 1 < text.count {
                let next = text[index + 1]
                switch next {
                case "(":
                    pattern += "%@"
                    index = balancedEnd(text, from: index + 2, open: "(", close: ")")
                    continue
                case "n": pattern += "\n"
                case "t": pattern += "\t"
                case "u":
                    var end = index + 3
                    while end < text.count, text[end] != "}" { end += 1 }
                    let hex = String(String.UnicodeScalarView(text[(index + 3)..<end]))
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { pattern.unicodeScalars.append(decoded) }
                    index = end + 1
                    continue
                default: pattern.unicodeScalars.append(next)
                }
                index += 2
                continue
            }
            if scalar == "%" { pattern += "%%" } else { pattern.unicodeScalars.append(scalar) }
            index += 1
        }
        return (pattern, index)
    }

    /// The pattern of the multi-line literal opening at `start` (its `\"\"\"`), as the compiler reads it: the closing
    /// delimiter's indentation taken off every line, a backslash at a line's end joining it to the next.
    static func multilineLiteral(_ text: [Unicode.Scalar], from start: Int) -> (String, Int) {
        let end = skipLiteral(text, from: start)
        var body = String(String.UnicodeScalarView(text[(start + 3)..<(end - 3)]))
        if body.hasPrefix("\n") { body.removeFirst() }
        var lines = body.components(separatedBy: "\n")
        let indentation = lines.last.map { $0.prefix { $0 == " " }.count } ?? 0
        lines.removeLast()
        var source = ""
        for (number, line) in lines.enumerated() {
            let content = String(line.dropFirst(min(indentation, line.prefix { $0 == " " }.count)))
            if content.hasSuffix("\\") && !content.hasSuffix("\\\\") {
                source += String(content.dropLast())
            } else {
                source += content + (number == lines.count - 1 ? "" : "\\n")
            }
        }
        // The joined lines are read as a one-line literal would be.
        let scalars = Array(("\"" + source.replacingOccurrences(of: "\"", with: "\\\"") + "\"").unicodeScalars)
        return (literal(scalars, from: 1).0.replacingOccurrences(of: "\\\"", with: "\""), end)
    }

    /// The index just past the bracket that closes the one opened before `start`, skipping string literals.
    static func balancedEnd(_ text: [Unicode.Scalar], from start: Int, open: Unicode.Scalar, close: Unicode.Scalar) -> Int {
        var depth = 1
        var index = start
        while index < text.count {
            let scalar = text[index]
            if scalar == "\"" {
                index = skipLiteral(text, from: index)
                continue
            }
            if scalar == open { depth += 1 } else if scalar == close {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return index
    }

    /// The end of the expression that starts at `start`: a `,` `)` `]` or `}` at its own depth, or a line end not
    /// followed by a continuation (`?`, `:`, `+`, `??`).
    static func expressionEnd(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < text.count {
            let scalar = text[index]
            if scalar == "\"" {
                index = skipLiteral(text, from: index)
                continue
            }
            switch scalar {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                if depth == 0 { return index }
                depth -= 1
            case "," where depth == 0: return index
            case "\n" where depth == 0:
                var next = index + 1
                while next < text.count, text[next] == " " { next += 1 }
                if next < text.count, !["?", ":", "+"].contains(text[next]) { return index }
            default: break
            }
            index += 1
        }
        return index
    }

    /// The index after the string literal that opens at `start` (one-line or multi-line).
    static func skipLiteral(_ text: [Unicode.Scalar], from start: Int) -> Int {
        if start + 2 < text.count, text[start + 1] == "\"", text[start + 2] == "\"" {
            var index = start + 3
            while index + 2 < text.count, !(text[index] == "\"" && text[index + 1] == "\"" && text[index + 2] == "\"") { index += 1 }
            return index + 3
        }
        return literal(text, from: start + 1).1
    }

    /// The places a pattern fills: `%@` counted in order, `%N$@` by number.
    static func placeholders(_ pattern: String) -> Int {
        var count = 0
        var highest = 0
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 1 < scalars.count {
                if scalars[index + 1] == "@" { count += 1; index += 2; continue }
                if scalars[index + 1] == "%" { index += 2; continue }
                var end = index + 1
                var digits = ""
                while end < scalars.count, scalars[end].properties.numericType != nil { digits.unicodeScalars.append(scalars[end]); end += 1 }
                if end < scalars.count, scalars[end] == "$", let number = Int(digits) { highest = max(highest, number) }
            }
            index += 1
        }
        return max(count, highest)
    }

    /// A pattern written as a Swift string literal, for pasting into the catalog.
    static func literal(_ pattern: String) -> String {
        "\"" + pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
