import Foundation

/// Variable names that SPSS and Stata both accept: at most 32 characters, ASCII letters, digits and `_`, starting
/// with a letter, none of either program's reserved words, unique without regard to case (SPSS ignores case).
///
/// Rules: IBM SPSS Statistics 29 Command Syntax Reference, "Variable names" (first character a letter, no reserved
/// keyword ALL AND BY EQ GE GT LE LT NE NOT OR TO WITH, 64 bytes); Stata 18 User's Guide [U] 11.3 "Naming
/// conventions" (1 to 32 characters, letters, digits and `_`, not starting with a digit, reserved names).
public struct VariableNames: Sendable {
    public static let maximumLength = 32

    static let reserved: Set<String> = [
        // SPSS.
        "all", "and", "by", "eq", "ge", "gt", "le", "lt", "ne", "not", "or", "to", "with",
        // Stata.
        "byte", "double", "float", "if", "in", "int", "long", "str", "strl", "using", "_all", "_b", "_coef", "_cons",
        "_n", "_pi", "_pred", "_rc", "_skip",
    ]

    private var taken: Set<String> = []

    public init() {}

    /// `text` reduced to a valid name: accents dropped, lowercased, every other character `_`, runs of `_` joined,
    /// a leading digit or `_` prefixed with `v`, cut to 32 characters.
    public static func base(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var name = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("_") {
                name += "_"
            }
        }
        name = String(name.drop { $0 == "_" })
        while name.hasSuffix("_") { name.removeLast() }
        if name.isEmpty { name = "v" }
        if let first = name.unicodeScalars.first, !CharacterSet.letters.contains(first) { name = "v" + name }
        if name.count > maximumLength { name = String(name.prefix(maximumLength)) }
        while name.hasSuffix("_") { name.removeLast() }
        if reserved.contains(name) { name += "_" }
        return name
    }

    /// A name made from `text` not yet given (a second `q1` becomes `q1_2`), taken from now on.
    public mutating func unique(_ text: String) -> String {
        let base = Self.base(text)
        var name = base
        var counter = 2
        while taken.contains(name.lowercased()) {
            let suffix = "_\(counter)"
            name = String(base.prefix(Self.maximumLength - suffix.count)) + suffix
            counter += 1
        }
        taken.insert(name.lowercased())
        return name
    }
}
