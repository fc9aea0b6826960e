import Foundation

/// JSON as studyctl prints it for scripts: pretty, key-sorted, and always valid. JSON has no NaN or infinity, so
/// a figure that is not a finite number (an undefined statistic) is written as `null`, never as text and never
/// as an encoding failure.
public enum JSONOutput {
    public static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let marker = "\u{1}not-finite\u{1}"
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: marker, negativeInfinity: marker, nan: marker)
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        // The encoder escapes the marker's control characters, so it cannot be confused with anything else printed.
        return text.replacingOccurrences(of: "\"\\u0001not-finite\\u0001\"", with: "null")
    }
}
