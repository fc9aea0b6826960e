import Foundation
import Testing

/// `export iramuteq`, read back by a parser written from IRaMuTeQ's documented corpus rules.
@Suite struct IramuteqExportTests {
    /// A text of a corpus as IRaMuTeQ reads it.
    struct ParsedText {
        var variables: [String: String]
        var lines: [String]
    }

    /// Reads a corpus as IRaMuTeQ documents it: a line starting with `****` opens a text, its other tokens are star
    /// variables `*name_value` (name up to the first underscore); every other non-empty line is the text's. Records
    /// as problems what IRaMuTeQ would stumble on: a byte-order mark, a star token without `*` or `_`, a space inside
    /// a value (it would be a second token), text before the first star line, and any of `" ' $ % *` or a hyphen in
    /// the words, or a word wrapped in underscores (a variable in the text).
    static func parse(_ data: Data) -> (texts: [ParsedText], problems: [String]) {
        var problems: [String] = []
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { problems.append("byte-order mark") }
        guard let corpus = String(data: data, encoding: .utf8) else { return ([], ["not UTF-8"]) }
        var texts: [ParsedText] = []
        for (number, line) in corpus.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("****") {
                var variables: [String: String] = [:]
                for token in line.dropFirst(4).split(separator: " ") {
                    guard token.hasPrefix("*"), let underscore = token.firstIndex(of: "_") else {
                        problems.append("line \(number + 1): star token '\(token)'")
                        continue
                    }
                    variables[String(token[token.index(after: token.startIndex)..<underscore])] = String(token[token.index(after: underscore)...])
                }
                texts.append(ParsedText(variables: variables, lines: []))
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                guard !texts.isEmpty else {
                    problems.append("line \(number + 1): text before the first star line")
                    continue
                }
                if let bad = line.first(where: { "\"'$%*-\u{2013}\u{2014}\u{201C}\u{201D}\u{2019}".contains($0) }) {
                    problems.append("line \(number + 1): '\(bad)' in '\(line)'")
                }
                if line.split(separator: " ").contains(where: { $0.count > 1 && $0.hasPrefix("_") && $0.hasSuffix("_") }) {
                    problems.append("line \(number + 1): a word wrapped in underscores")
                }
                texts[texts.count - 1].lines.append(line)
            }
        }
        return (texts, problems)
    }

    /// An interview with the moderator and the participant (WebVTT, speakers mapped), and one without speakers.
    func study(_ cli: StudyCtl) throws {
        try cli.succeed(["init", "--title", "Entrevistas", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--attr", "nível=Muito experiente", "--attr", "grupo=A"])
        try cli.succeed(["participant", "add", "P2", "--attr", "nível=Iniciante", "--attr", "grupo=B"])
        try cli.write("P1.vtt", """
            WEBVTT

            00:00:01.000 --> 00:00:04.000
            <v Entrevistadora>O que você achou do "menu" na segunda-feira?

            00:00:05.000 --> 00:00:09.000
            <v Bruno>Achei o menu confuso - sério - e o guarda-chuva d'água custou R$ 50, uns 30 % a mais.

            00:00:10.000 --> 00:00:12.000
            <v Entrevistadora>E depois?

            00:00:13.000 --> 00:00:16.000
            <v Bruno>Depois ficou *bem* melhor, 100% _mesmo_.
            """)
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "Bruno=P1"])
        try cli.write("P2.txt", "Gostei do botão “voltar”.\n\nO resto foi fácil.\n")
        try cli.succeed(["transcript", "add", "P2", "P2.txt"])
    }

    @Test func onePerParticipantWithoutTheModerator() throws {
        let cli = try StudyCtl(language: nil)
        try study(cli)
        let before = try cli.dump("study.sqlite")
        let result = try cli.run(["export", "iramuteq", "corpus.txt", "--attributes", "nível,GRUPO"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Gravado corpus.txt: 2 textos."), "\(result.stdout)")
        // The note counts each rule, in Portuguese.
        #expect(result.stderr.contains("palavras hifenizadas unidas com _: 1"), "\(result.stderr)")
        #expect(result.stderr.contains("aspas duplas removidas: 2") && result.stderr.contains("cifrões removidos: 1"), "\(result.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("corpus.txt")))
        let (texts, problems) = Self.parse(data)
        #expect(problems.isEmpty, "\(problems)")
        #expect(texts.count == 2)
        #expect(texts[0].variables == ["participante": "P1", "nivel": "Muito_experiente", "grupo": "A"], "\(texts[0].variables)")
        #expect(texts[1].variables == ["participante": "P2", "nivel": "Iniciante", "grupo": "B"])
        let p1 = texts[0].lines.joined(separator: "\n")
        // The moderator's words are not there; the participant's are, cleaned.
        #expect(!p1.contains("O que você achou") && !p1.contains("E depois"), "\(p1)")
        #expect(p1.contains("guarda_chuva d_água custou R 50, uns 30 por cento a mais"), "\(p1)")
        #expect(p1.contains("Achei o menu confuso sério e o"), "\(p1)")
        #expect(p1.contains("Depois ficou bem melhor, 100 por cento mesmo ."), "\(p1)")
        #expect(texts[1].lines == ["Gostei do botão voltar.", "O resto foi fácil."], "\(texts[1].lines)")
    }

    @Test func onePerTurnNumbersTheTurns() throws {
        let cli = try StudyCtl()
        try study(cli)
        try cli.succeed(["export", "iramuteq", "turnos.txt", "--by", "turn"])
        let (texts, problems) = Self.parse(try Data(contentsOf: URL(fileURLWithPath: cli.path("turnos.txt"))))
        #expect(problems.isEmpty, "\(problems)")
        #expect(texts.map { $0.variables["participante"] } == ["P1", "P1", "P2", "P2"])
        #expect(texts.map { $0.variables["turno"] } == ["1", "2", "1", "2"])
    }

    @Test func unknownAttributeAndNothingToExportAreRefused() throws {
        let cli = try StudyCtl()
        try study(cli)
        let unknown = try cli.fail(["export", "iramuteq", "c.txt", "--attributes", "idade"])
        #expect(unknown.stderr.contains("idade"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("c.txt")))
        let empty = try StudyCtl()
        try empty.succeed(["init", "--title", "Sem entrevistas"])
        try empty.succeed(["participant", "add", "P1"])
        let nothing = try empty.fail(["export", "iramuteq", "c.txt"])
        #expect(nothing.stderr.contains("nothing to export"), "\(nothing.stderr)")
    }

    /// The demo's interviews (UITracking): every participant interviewed is a text, with their level.
    @Test func demoInterviewsMakeAValidCorpus() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "out"])
        let result = try cli.run(["export", "iramuteq", "ui.txt", "--attributes", "level", "--db", "out/uitracking/uitracking.sqlite"])
        #expect(result.status == 0 && result.stderr.contains("moderator's turns left out: "), "\(result.stderr)")
        let (texts, problems) = Self.parse(try Data(contentsOf: URL(fileURLWithPath: cli.path("ui.txt"))))
        #expect(problems.isEmpty, "\(problems)")
        #expect(texts.count == 10, "\(texts.count)")
        #expect(texts.allSatisfy { $0.variables["level"] != nil && $0.variables["participante"] != nil && !$0.lines.isEmpty })
        // The transcripts are labelled text ("Entrevistadora: …", "P1: …"): the interviewer's lines are left out and
        // the participant's label is not part of their words.
        let lines = texts.flatMap(\.lines)
        #expect(!lines.contains { $0.contains("Entrevistadora") || $0.contains("Como foi usar o UITracking") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("P1:") || $0.hasPrefix("P2:") })
        #expect(texts[0].lines.contains("Não sei se quem vai utilizar isso está habituado com o conceito do command bus."), "\(texts[0].lines)")
    }
}
