import Testing
import Wording
@testable import Surveys
@testable import StudyBasics

@Suite struct NumberParserTests {
    @Test(arguments: [("0.5", 0.5), ("0,5", 0.5), ("3", 3.0), ("-1", -1.0), ("+2", 2.0), (".5", 0.5), (" 10 ", 10.0), ("3,5", 3.5)])
    func readsNumbers(text: String, value: Double) {
        #expect(NumberParser.parse(text) == value)
    }

    @Test(arguments: ["", "4 anos", "6 meses", "1.000,5", "1,2,3", "abc", "-", ".", "1-2", "1e3", "NaN"])
    func refusesNonNumbers(text: String) {
        #expect(NumberParser.parse(text) == nil)
    }

    @Test func formatsShortest() {
        #expect(NumberParser.format(2) == "2")
        #expect(NumberParser.format(0.5) == "0.5")
        #expect(NumberParser.format(3.25) == "3.25")
        #expect(NumberParser.format(-4) == "-4")
    }

    @Test func attributeValuesAreTyped() {
        #expect(AttributeValue(parsing: "0,5") == .number(0.5))
        #expect(AttributeValue(parsing: " Iniciante ") == .text("Iniciante"))
        #expect(AttributeValue(parsing: "4 anos") == .text("4 anos"))
    }

    /// A number keeps what was typed only when it reads back the same: trailing zeros after the separator (a version
    /// 4.10, a price 1,50), leading zeros, a sign, or more digits than a number holds keep the value text.
    @Test(arguments: ["4.10", "2.0", "1,50", "10.", "007", "-0", "-0,0", "+5", "123456789012345678", "1000000000000000"])
    func numbersThatWouldChangeStayText(text: String) {
        #expect(NumberParser.losesDigits(text), "\(text)")
        #expect(AttributeValue(parsing: text) == .text(text))
    }

    @Test(arguments: [("4.1", 4.1), ("0.5", 0.5), ("1,5", 1.5), (".5", 0.5), ("-.5", -0.5), ("-3", -3.0), ("10", 10.0), ("0", 0.0), (" 2.25 ", 2.25)])
    func numbersThatKeepWhatWasTypedAreNumbers(text: String, value: Double) {
        #expect(!NumberParser.losesDigits(text), "\(text)")
        #expect(AttributeValue(parsing: text) == .number(value))
    }
}

@Suite struct DerivationRuleTests {
    /// The UITracking thesis (UFPE, 2025), Tabela 1: Iniciante under 2 years of iOS, Intermediário 2 to 3,
    /// Avançado over 3; years of iOS and published levels of P1…P10.
    static let published: [(Double, String)] = [
        (0.5, "Iniciante"), (1, "Iniciante"), (3, "Intermediário"), (2, "Intermediário"), (3, "Intermediário"),
        (2, "Intermediário"), (2, "Intermediário"), (2, "Intermediário"), (3.5, "Avançado"), (8, "Avançado"),
    ]

    @Test func reproducesTheThesisLevels() throws {
        let rule = try DerivationRule(parsing: "<2:Iniciante,<=3:Intermediário,>3:Avançado")
        for (years, level) in Self.published {
            #expect(rule.label(for: years) == level, "years_ios \(years)")
        }
    }

    @Test func boundariesFallOnTheRightSide() throws {
        let rule = try DerivationRule(parsing: "<2:A, <=3:B, >3:C")
        #expect(rule.label(for: 1.999) == "A")
        #expect(rule.label(for: 2) == "B")
        #expect(rule.label(for: 3) == "B")
        #expect(rule.label(for: 3.001) == "C")
    }

    @Test func acceptsRangesEqualityCatchAllAndDecimalCommas() throws {
        let rule = try DerivationRule(parsing: "=0:Nenhum;0..2,5:Pouco;>=10:Muito;*:Médio")
        #expect(rule.label(for: 0) == "Nenhum")
        #expect(rule.label(for: 2.5) == "Pouco")
        #expect(rule.label(for: 5) == "Médio")
        #expect(rule.label(for: 10) == "Muito")
    }

    @Test func leavesUncoveredValuesWithoutLabel() throws {
        let rule = try DerivationRule(parsing: "<2:A")
        #expect(rule.label(for: 2) == nil)
    }

    @Test func explainsMalformedClauses() {
        #expect(throws: DerivationRule.ParseError(clause: "Iniciante", position: 1, reason: "expected CONDITION:LABEL, e.g. <2:Iniciante")) {
            _ = try DerivationRule(parsing: "Iniciante,>2:B")
        }
        #expect(throws: DerivationRule.ParseError(clause: "<dois:A", position: 1, reason: "'dois' is not a number")) {
            _ = try DerivationRule(parsing: "<dois:A")
        }
        #expect(throws: DerivationRule.ParseError(clause: ">2:", position: 2, reason: "the label after ':' is empty")) {
            _ = try DerivationRule(parsing: "<2:A,>2:")
        }
        #expect(throws: DerivationRule.ParseError(clause: "*:X", position: 1,
                                                  reason: "'*' matches every value, so the clauses after it would never apply; put it last")) {
            _ = try DerivationRule(parsing: "*:X,<2:A")
        }
        #expect(throws: DerivationRule.ParseError(clause: "3..1:A", position: 1, reason: "the range's lower end is above its upper end")) {
            _ = try DerivationRule(parsing: "3..1:A")
        }
    }
}

@Suite struct NamingTests {
    @Test func naturalOrderPutsP2BeforeP10() {
        let codes = ["P10", "P2", "P1", "p3", "P02b", "A1"]
        #expect(codes.sorted(by: NaturalOrder.areInIncreasingOrder) == ["A1", "P1", "P2", "P02b", "p3", "P10"])
    }

    @Test func preferredOrderThenNaturalWithALastValue() {
        let levels = ["Iniciante", "Intermediário", "Avançado"]
        #expect(NaturalOrder.distinct(["Avançado", "(none)", "Outro 10", "Iniciante", "Outro 2", "Avançado"], preferring: levels, last: "(none)")
            == ["Iniciante", "Avançado", "Outro 2", "Outro 10", "(none)"])
        #expect(NaturalOrder.areInIncreasingOrder("Intermediário", "Avançado", preferring: levels))
        #expect(!NaturalOrder.areInIncreasingOrder("Avançado", "Intermediário", preferring: levels))
    }

    @Test func participantCodes() {
        #expect(ParticipantNaming.problem(withCode: "P1") == nil)
        #expect(ParticipantNaming.problem(withCode: "dev-03") == nil)
        #expect(ParticipantNaming.problem(withCode: "") != nil)
        #expect(ParticipantNaming.problem(withCode: "P 1") != nil)
        #expect(ParticipantNaming.problem(withCode: String(repeating: "x", count: 65)) != nil)
    }

    @Test func attributeNames() {
        #expect(ParticipantNaming.problem(withAttributeName: "Anos de experiência") == nil)
        #expect(ParticipantNaming.problem(withAttributeName: "a=b") != nil)
        #expect(ParticipantNaming.problem(withAttributeName: " lead") != nil)
        #expect(ParticipantNaming.problem(withAttributeName: "") != nil)
    }

    @Test func languages() {
        #expect(StudyLanguage(loose: "pt-br") == .ptBR)
        #expect(StudyLanguage(loose: "pt_BR") == .ptBR)
        #expect(StudyLanguage(loose: "EN") == .en)
        #expect(StudyLanguage(loose: "fr") == nil)
    }
}

@Suite struct TextSafetyTests {
    @Test func trimmingSpacesMatchesFoundation() {
        let samples = ["", " ", "P1", " P1 ", "\tP1\t", "P 1", "\u{00A0}P1\u{3000}", "P1\n", "\nP1", " \u{2003} ", "é ", " 名前"]
        for sample in samples {
            #expect(TextSafety.trimmingSpaces(sample) == sample.trimmingCharacters(in: .whitespaces), "\(sample.unicodeScalars.map { $0.value })")
        }
        for sample in samples + ["\r\n3\r\n", "\u{85}4\u{2028}", "\u{2029}5\u{0B}\u{0C}", " \n ", "6\n7"] {
            #expect(TextSafety.trimmingSpaces(sample, newlines: true) == sample.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(sample.unicodeScalars.map { $0.value })")
        }
        // A zero-width space is no space (it is format, Cf): kept, so the code check names it instead of it vanishing
        // (Foundation on Linux trims it; on macOS it does not).
        #expect(TextSafety.trimmingSpaces("P1\u{200B}") == "P1\u{200B}")
    }

    @Test func nameProblemsNameTheCharacterAndItsPlace() {
        #expect(TextSafety.nameProblem("P1") == nil)
        #expect(TextSafety.nameProblem("Ação 1") == nil)
        #expect(TextSafety.nameProblem("P\u{7F}1") == "it contains a control character (U+007F) at character 2")
        #expect(TextSafety.nameProblem("a\u{0}") == "it contains a NUL character (U+0000) at character 2")
        #expect(TextSafety.nameProblem("éP\u{202E}1") == "it contains an invisible or text-direction character (U+202E) at character 3")
        #expect(TextSafety.nameProblem("x\u{E0001}") == "it contains an invisible or text-direction character (U+E0001) at character 2")
    }
}

@Suite struct ConfusablesTests {
    /// ASCII codes take a path without Foundation's normalisation; it must give the table's skeleton exactly.
    @Test func asciiSkeletonsMatchTheFullDefinition() {
        #expect(Confusables.isAvailable)
        let samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["P1", "Pl", "PI", "P0O", "rn-m", "Alfa_03", "P|1", "A`B"]
        for sample in samples {
            let fast = Confusables.asciiSkeleton(sample)
            let full = Confusables.skeleton(sample + "é").dropLast()  // a non-ASCII scalar forces the full path
            if let fast { #expect(fast == String(full), "\(sample.unicodeScalars.map { $0.value })") }
        }
        #expect(Confusables.skeleton("P1") == Confusables.skeleton("Pl"))
        #expect(Confusables.skeleton("P1") == Confusables.skeleton("Р1"), "Cyrillic Er")
    }
}
