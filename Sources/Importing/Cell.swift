import StudyBasics
import Surveys
import Wording

/// The one reading of a cell that every import uses: blank, text, number. Plain ASCII cells take the fast path
/// (no Unicode work: nothing to trim beyond spaces and tabs, nothing to compose); the rest go through the study's
/// text door (`StudyText.composed`) and `NumberParser` (decimal point or comma, no thousands separators).
public enum Cell {
    /// Whether the cell holds nothing but spaces.
    public static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 where byte != 0x20 && byte != 0x09 {
            // A non-ASCII byte may still be a Unicode space (U+00A0, U+2003): the general trim decides.
            return byte < 0x80 ? false : TextSafety.trimmingSpaces(text).isEmpty
        }
        return true
    }

    /// The cell's text as the study keeps it: without surrounding spaces, composed (NFC).
    public static func text(_ text: String) -> String {
        StudyText.composed(TextSafety.trimmingSpaces(text))
    }

    /// The cell as a plain whole number (digits only, no leading zero), the fast path; nil sends it to `number`.
    @inline(__always)
    public static func wholeNumber(_ text: String) -> Int? { NumberParser.wholeNumber(text.utf8) }

    /// The cell's number, or nil: `3`, `-1`, `0.5`, `0,5`.
    public static func number(_ text: String) -> Double? {
        if let whole = wholeNumber(text) { return Double(whole) }
        return NumberParser.parse(text)
    }
}
