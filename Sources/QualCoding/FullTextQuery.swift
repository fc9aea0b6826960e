/// A full-text query as a researcher types it, checked and written as an SQLite FTS5 expression.
///
/// The language is FTS5's own, narrowed to what a search box needs: words (`onboarding`), a word's beginning
/// (`onboard*`), phrases in double quotes (`"primeira vez"`, `"primeira v"*`), `AND`, `OR` and `NOT` in capitals,
/// and parentheses; words side by side must all occur (FTS5's implicit AND). Every word and phrase is passed to FTS5
/// quoted, so a hyphen (`e-mail`), a colon or a caret is a word's letters and never FTS5's column or start-of-text
/// syntax. Case and accents are the tokenizer's to fold (`unicode61 remove_diacritics 2`).
public struct FullTextQuery: Sendable, Equatable {
    /// The query as typed.
    public var text: String
    /// The FTS5 expression it stands for.
    public var expression: String
    /// The words and phrases searched for (without operators), as typed, for the reader.
    public var terms: [String]

    /// What is wrong with a query, with the character (1-based) where it was found.
    public enum Problem: Sendable, Equatable, Error {
        case empty
        /// A `"` that is never closed.
        case unclosedQuote(at: Int)
        /// A `(` never closed, or a `)` that closes nothing.
        case unbalancedParenthesis(at: Int)
        /// `AND`, `OR` or `NOT` with nothing to join on one side.
        case danglingOperator(String, at: Int)
        /// A `*` that follows no word.
        case loneStar(at: Int)
        /// `""` or `()`.
        case emptyGroup(at: Int)
    }

    private enum Token: Equatable {
        case term(String, prefix: Bool, phrase: Bool, at: Int)
        case and(Int), or(Int), not(Int)
        case open(Int), close(Int)
    }

    /// Reads `text`; throws the first problem found.
    public init(_ text: String) throws {
        self.text = text
        let tokens = try Self.tokens(text)
        guard !tokens.isEmpty else { throw Problem.empty }
        var output: [String] = []
        var terms: [String] = []
        var depth: [Int] = []
        // What the previous token was: an operand (a term or a closing parenthesis) can be followed by anything; an
        // operator or an opening parenthesis needs an operand next.
        var afterOperand = false
        for (index, token) in tokens.enumerated() {
            switch token {
            case let .term(words, prefix, phrase, _):
                terms.append(phrase ? "\"\(words)\"" + (prefix ? "*" : "") : words + (prefix ? "*" : ""))
                output.append("\"" + words.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? "*" : ""))
                afterOperand = true
            case let .and(at), let .or(at), let .not(at):
                let name = token == .and(at) ? "AND" : token == .or(at) ? "OR" : "NOT"
                guard afterOperand else { throw Problem.danglingOperator(name, at: at) }
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                switch next {
                case .term?, .open?: break
                default: throw Problem.danglingOperator(name, at: at)
                }
                output.append(name)
                afterOperand = false
            case let .open(at):
                if case .close? = index + 1 < tokens.count ? tokens[index + 1] : nil { throw Problem.emptyGroup(at: at) }
                depth.append(at)
                output.append("(")
                afterOperand = false
            case let .close(at):
                guard depth.popLast() != nil else { throw Problem.unbalancedParenthesis(at: at) }
                output.append(")")
                afterOperand = true
            }
        }
        if let unclosed = depth.last { throw Problem.unbalancedParenthesis(at: unclosed) }
        // Parentheses are glued to what they hold; everything else is separated by a space.
        var expression = ""
        for part in output {
            if !expression.isEmpty, part != ")", !expression.hasSuffix("(") { expression += " " }
            expression += part
        }
        self.expression = expression
        self.terms = terms
    }

    private static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func isSpace(_ c: Character) -> Bool { c.isWhitespace }
        while index < characters.count {
            let c = characters[index]
            let at = index + 1
            if isSpace(c) { index += 1; continue }
            if c == "(" { tokens.append(.open(at)); index += 1; continue }
            if c == ")" { tokens.append(.close(at)); index += 1; continue }
            if c == "*" { throw Problem.loneStar(at: at) }
            if c == "\"" {
                guard let end = characters[(index + 1)...].firstIndex(of: "\"") else { throw Problem.unclosedQuote(at: at) }
                let words = String(characters[(index + 1)..<end]).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                if words.isEmpty { throw Problem.emptyGroup(at: at) }
                index = end + 1
                let prefix = index < characters.count && characters[index] == "*"
                if prefix { index += 1 }
                tokens.append(.term(words, prefix: prefix, phrase: true, at: at))
                continue
            }
            var end = index
            while end < characters.count, !isSpace(characters[end]), !"()\"*".contains(characters[end]) { end += 1 }
            let word = String(characters[index..<end])
            index = end
            let prefix = index < characters.count && characters[index] == "*"
            if prefix { index += 1 }
            switch word {
            case "AND" where !prefix: tokens.append(.and(at))
            case "OR" where !prefix: tokens.append(.or(at))
            case "NOT" where !prefix: tokens.append(.not(at))
            default: tokens.append(.term(word, prefix: prefix, phrase: false, at: at))
            }
        }
        return tokens
    }
}
