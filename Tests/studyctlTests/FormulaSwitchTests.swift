import Foundation
import Testing

/// What differs between scoring rules is asked of the rule's formula (`Sources/Surveys/Instruments/Formulas/`, one
/// file per formula), never decided by testing which rule an instrument has: no `switch` on an instrument's
/// `scoring` or `formula`, and no comparison of either (or of its id) with a particular rule, anywhere else in
/// Sources. Read from the sources as text (nothing is built), like `LayerTests`. Comparing two instruments' rules
/// with each other (`a.scoring != b.scoring`) is allowed: it names no rule.
///
/// `TrendMeasure` (`trend --measure sus`) is a different thing — which instrument a trend follows — and its cases
/// are not rules; the patterns below look at `scoring` and `formula` only.
@Suite struct FormulaSwitchTests {
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    static let formulas = "Surveys/Instruments/Formulas/"

    /// A rule decided by name (or by type: `formula is SUSFormula`, a built-in formula's type named at all): `x.scoring == .sus`, `.umux == x.scoring`, `formula.id != "nasa-tlx"`,
    /// `scoring.rawValue == "mean"`, `switch d.scoring {`, `switch (scoring, id) {`, or a built-in rule's distinctive id
    /// compared as text. ("mean", "sum" and "none" alone are common words; they count only beside `scoring` or
    /// `formula`.)
    static let patternSources = [
        #"\b(scoring|formula)(\.id|\.rawValue)?\s*[!=]=\s*[."]"#,
        #"(^|[^\w)\]])\.\w+\s*[!=]=\s*[\w.]*\b(scoring|formula)(\.id|\.rawValue)?\b"#,
        #""[^"]*"\s*[!=]=\s*[\w.]*\b(scoring|formula)\b"#,
        #"\bswitch\s+[\w.]*\b(scoring|formula)(\.id|\.rawValue)?\s*\{"#,
        #"\bswitch\s*\(\s*[\w.]*\b(scoring|formula)(\.id|\.rawValue)?\s*,"#,
        #"[!=]=\s*"(sus|umux|umux-lite|nasa-tlx)""#,
        #""(sus|umux|umux-lite|nasa-tlx)"\s*[!=]="#,
        #"\bScoringRule\s*\.\s*(sus|umux|umuxLite|nasaTLX|mean|sum|none)\b"#,
        #"\bScoringFormulas\s*\.\s*formula\(\s*""#,
        #"\b(SUS|UMUX|UMUXLite|NASATLX|Mean|Sum|NoScore)Formula\b"#,
    ]
    static let patterns = patternSources.compactMap { try? NSRegularExpression(pattern: $0) }

    static func offences(in line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return false }
        let range = NSRange(line.startIndex..., in: line)
        return patterns.contains { $0.firstMatch(in: line, range: range) != nil }
    }

    @Test func thePatternsCatchARuleDecidedByName() {
        #expect(Self.patterns.count == Self.patternSources.count)
        for line in ["if d.scoring == .sus {", "let x = definition.scoring != .none", "switch definition.scoring {",
                     "guard instrument.formula.id == \"nasa-tlx\" else", "if .umuxLite == d.scoring {", "switch (scoring, id) {", "if \"sus\" == d.formula.id {",
                     "case (ScoringRule.sus, _):", "if ScoringFormulas.formula(\"sus\") != nil {", "if definition.formula is SUSFormula {", "if rule.rawValue == \"umux-lite\" {"] {
            #expect(Self.offences(in: line), "\(line)")
        }
        for line in ["} else if definition.scoring != first.scoring || definition.items != first.items {",
                     "let rule = definition.formula.summary", "if analysis.measure == .sus {",
                     "// d.scoring == .sus was here", "if let graded = d.formula.gradedScore(of: d) {",
                     "switch d.formula.scoreScale {", "if d.formula.scoreScale == .items {"] {
            #expect(!Self.offences(in: line), "\(line)")
        }
    }

    @Test func noRuleIsDecidedByNameOutsideItsFormula() throws {
        let root = Self.sources
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [String] = []
        var read = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if path.hasPrefix(Self.formulas) { continue }
            read += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() where Self.offences(in: line) {
                found.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(read > 100, "read \(read) source files under \(root.path)")
        #expect(found.isEmpty, "ask the formula instead (Sources/Surveys/Instruments/Formulas/):\n\(found.joined(separator: "\n"))")
    }
}
