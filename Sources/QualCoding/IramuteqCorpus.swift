import Foundation

/// A text corpus for IRaMuTeQ (Ratinaud 2009; its ALCESTE-style format): plain UTF-8, each text opened by a line of
/// four stars and its star variables (`**** *nivel_iniciante *grupo_A`), the name split from the value at the first
/// underscore. The texts are cleaned by the rules of the Brazilian IRaMuTeQ guides (Camargo & Justo 2013, "Tutorial
/// para uso do software IRaMuTeQ", LACCOS-UFSC; Salviati 2017, "Manual do aplicativo IRaMuTeQ"): no double quotes,
/// apostrophes, hyphens, dollar, percent or asterisk signs in the text; hyphenated and apostrophised words joined
/// with `_` (`segunda_feira`) so they count as one form; no spaces in a variable's value.
public struct IramuteqCorpus: Sendable {
    /// One text of the corpus: its star variables (name, value) and its words.
    public struct Text: Sendable, Equatable {
        public var variables: [(name: String, value: String)]
        public var body: String

        public init(variables: [(name: String, value: String)], body: String) {
            self.variables = variables
            self.body = body
        }

        public static func == (lhs: Text, rhs: Text) -> Bool {
            lhs.body == rhs.body && lhs.variables.map(\.name) == rhs.variables.map(\.name) && lhs.variables.map(\.value) == rhs.variables.map(\.value)
        }
    }

    /// The rules the cleaning applies, each counted.
    public enum Rule: String, Sendable, CaseIterable {
        /// `"` and typographic double quotes removed.
        case doubleQuote
        /// An apostrophe inside a word (`d'água`) joined with `_`; any other removed.
        case apostrophe
        /// A hyphen inside a word (`segunda-feira`) joined with `_`.
        case hyphenJoined
        /// A hyphen or dash that is not inside a word (a dash between clauses, a list marker) removed.
        case dashRemoved
        /// `$` removed (`R$ 50` reads `R 50`).
        case dollar
        /// `%` written out in words after a number (`30 por cento`), removed elsewhere.
        case percent
        /// `*` removed: it opens a text's variables and a theme.
        case asterisk
        /// `_` removed from the text: a word wrapped in underscores would be read as a variable.
        case underscore
    }

    public private(set) var texts: [Text] = []
    /// How many characters each rule changed.
    public private(set) var changes: [Rule: Int] = [:]
    /// How many of the moderator's turns (or labelled lines) were left out.
    public var moderatorTurnsLeftOut = 0
    /// The words `%` becomes after a number ("por cento", "percent").
    let percentWords: String

    public init(percentWords: String) {
        self.percentWords = percentWords
    }

    /// Adds a text: `body` cleaned, the variables reduced to what IRaMuTeQ reads (`variableName`, `variableValue`).
    public mutating func append(variables: [(name: String, value: String)], body: String) {
        let cleaned = clean(body)
        texts.append(Text(variables: variables.map { (Self.variableName($0.name), Self.variableValue($0.value)) }, body: cleaned))
    }

    /// The corpus file's text: each text's star line, then its words (lines kept, blank lines dropped), then a blank line.
    public var document: String {
        var out = ""
        for text in texts {
            out += "****" + text.variables.map { " *\($0.name)_\($0.value)" }.joined() + "\n"
            let lines = text.body.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            out += lines.joined(separator: "\n") + "\n\n"
        }
        return out
    }

    /// A variable's name: ASCII letters and digits only (accents dropped), so it holds no `_` and the split at the
    /// first underscore gives it back whole.
    public static func variableName(_ name: String) -> String {
        let folded = ascii(name).filter { $0.isLetter || $0.isNumber }
        return folded.isEmpty ? "v" : folded
    }

    /// A variable's value: accents dropped, every run of other characters (spaces, punctuation) one `_`, none at
    /// either end; empty stays empty (IRaMuTeQ accepts an empty value).
    public static func variableValue(_ value: String) -> String {
        var out = ""
        for character in ascii(value) {
            if character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.isEmpty, !out.hasSuffix("_") {
                out.append("_")
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    static func ascii(_ text: String) -> String {
        String(text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX")).unicodeScalars
            .filter { $0.isASCII }.map(Character.init))
    }

    /// `text` with the corpus rules applied, each change counted in `changes`.
    mutating func clean(_ text: String) -> String {
        let characters = Array(text.precomposedStringWithCanonicalMapping)
        var out = ""
        func wordCharacter(_ index: Int) -> Bool {
            index >= 0 && index < characters.count && (characters[index].isLetter || characters[index].isNumber)
        }
        func count(_ rule: Rule) { changes[rule, default: 0] += 1 }
        for (index, character) in characters.enumerated() {
            let inside = wordCharacter(index - 1) && wordCharacter(index + 1)
            switch character {
            case "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{00AB}", "\u{00BB}":
                count(.doubleQuote)
            case "'", "\u{2019}", "\u{2018}", "`", "\u{00B4}":
                count(.apostrophe)
                if inside { out.append("_") }
            case "-", "\u{2010}", "\u{2011}":
                if inside {
                    count(.hyphenJoined)
                    out.append("_")
                } else {
                    count(.dashRemoved)
                    out.append(" ")
                }
            case "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}":
                count(.dashRemoved)
                out.append(" ")
            case "$":
                count(.dollar)
            case "%", "\u{FF05}":
                count(.percent)
                if wordCharacter(index - 1) || (index >= 2 && characters[index - 1] == " " && characters[index - 2].isNumber) {
                    out += " " + percentWords
                }
            case "*":
                count(.asterisk)
            case "_":
                count(.underscore)
                out.append(" ")
            default:
                out.append(character)
            }
        }
        // Two spaces where a removed mark stood between words: one.
        var collapsed = ""
        for character in out where !(character == " " && collapsed.hasSuffix(" ")) { collapsed.append(character) }
        return collapsed
    }
}
