import Foundation
import Testing

/// `transcript add` with time and speakers, run as a researcher would in a pt-BR study: WebVTT of an interview and of a
/// focus group, codes that know when they were said, a session's log that is no interview.
@Suite(.serialized) struct TranscriptCommandTests {
    /// A pt-BR study that speaks its own language.
    func study(_ participants: [String]) throws -> StudyCtl {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Entrevistas", "--language", "pt-BR"])
        for code in participants { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Busca", "--origin", "emergent"])
        return cli
    }

    static let interview = """
        WEBVTT

        1
        00:00:01.200 --> 00:00:04.000
        Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

        2
        00:00:04.500 --> 00:00:09.000
        João: Achei confuso no começo, a navegação não era óbvia.

        3
        00:00:09.000 --> 00:00:12.250
        João: Depois de uns dias ficou tranquilo.

        4
        00:00:12.500 --> 00:00:15.000
        Entrevistadora: E a busca?

        5
        00:00:15.100 --> 00:01:02.030
        João: A busca é ótima, ação rápida.

        """

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Zoom's VTT of P04's interview: stored as readable turns, the interviewer mapped to the moderator; a coded
    /// excerpt knows its time in `code list --json` and the excerpts CSV; `transcript show` speaks Portuguese only.
    @Test func interviewWithTimesAndSpeakers() throws {
        let cli = try study(["P04", "P05"])
        try cli.write("P04.vtt", Self.interview)
        let added = try cli.run(["transcript", "add", "P04", "P04.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "João=P04"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Transcrição de P04 gravada"), "\(added.stdout)")
        #expect(added.stdout.contains("Lida como WebVTT: 5 falas de 00:00:01 a 00:01:02."))
        #expect(added.stdout.contains("Falantes: Entrevistadora (moderação: não são palavras de participante); João → P04."))
        #expect(added.stdout.contains("Deixado fora do texto: números de legenda: 5."))
        #expect(ForeignWordCheck.english(in: added.stdout + added.stderr).isEmpty, "\(added.stdout)")

        let text = try cli.succeed(["transcript", "show", "P04", "--plain"])
        #expect(text == """
            Entrevistadora: Bom dia, João. Como foi usar o aplicativo?

            João: Achei confuso no começo, a navegação não era óbvia. Depois de uns dias ficou tranquilo.

            Entrevistadora: E a busca?

            João: A busca é ótima, ação rápida.


            """, "no cue numbers or times in the text")

        let coded = try cli.run(["code", "add", "P04", "--excerpt", "Depois de uns dias ficou tranquilo", "--code", "ficou tranquilo", "--category", "Navegação"])
        #expect(coded.status == 0, "\(coded.stderr)")
        let moderator = try cli.run(["code", "add", "P04", "--excerpt", "E a busca?", "--code", "pergunta sobre a busca", "--descriptive", "--category", "Busca"])
        #expect(moderator.stderr.contains("o trecho são palavras da moderação (Entrevistadora)"), "\(moderator.stderr)")

        let codes = try #require(try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]])
        let tranquilo = try #require(codes.first { $0["code"] as? String == "ficou tranquilo" })
        // Its share of the cue "Depois de uns dias ficou tranquilo." (9.0–12.25 s): 34 of its 35 characters.
        #expect(tranquilo["startTime"] as? Double == 9 && tranquilo["endTime"] as? Double == 12.157, "\(tranquilo)")
        #expect(tranquilo["timeBasis"] as? String == "cue share")
        #expect(tranquilo["speakers"] as? [String] == ["João"] && tranquilo["transcriptKind"] as? String == "interview")
        let question = try #require(codes.first { $0["code"] as? String == "pergunta sobre a busca" })
        #expect(question["startTime"] as? Double == 12.5 && question["moderatorWords"] as? Bool == true)

        try cli.succeed(["export", "csv", "tabelas"])
        let excerpts = try String(contentsOfFile: cli.path("tabelas/excerpts.csv"), encoding: .utf8)
        #expect(excerpts.hasPrefix("code_id,participant,group,excerpt,code,in_vivo,category,coder,span_start,span_end,start_ms,end_ms\n"), "\(excerpts)")
        #expect(excerpts.contains(",Depois de uns dias ficou tranquilo,ficou tranquilo,1,Navegação,,") && excerpts.contains(",9000,12157\n"), "\(excerpts)")

        // The moderator's question is not P04's words: frequencies leave it out and say so.
        let freq = try cli.run(["codes", "freq"])
        #expect(freq.stderr.contains("códigos sobre palavras da moderação, não contados (não são palavras de participante): 1"), "\(freq.stderr)")
        #expect(freq.stdout.contains("÷ 1 participante entrevistado ("), "\(freq.stdout)")

        // What a person sees: the transcript with its speakers, each paragraph's time and the coded passages, in Portuguese.
        let show = try cli.succeed(["transcript", "show", "P04"])
        #expect(show.hasPrefix("Transcrição de P04 (entrevista): 5 falas de 00:00:01 a 00:01:02.\nFalantes: Entrevistadora (moderação); João (P04).\n\n"), "\(show)")
        #expect(show.contains("[00:00:04] João: Achei confuso no começo, a navegação não era óbvia. ⟦Depois de uns dias ficou tranquilo⟧[1]."))
        #expect(show.contains("[1] 00:00:09–00:00:12 ficou tranquilo — Navegação"))
        #expect(show.contains("[2] 00:00:12–00:00:15 pergunta sobre a busca — Busca (palavras da moderação)"))
        #expect(ForeignWordCheck.english(in: show.replacingOccurrences(of: "João", with: "")).isEmpty, "\(show)")

        // A cue with an unreadable time: refused, naming the line, the study unchanged.
        try cli.write("P05.vtt", "WEBVTT\n\n1\n00:00:0x.200 --> 00:00:04.000\nJoão: oi\n")
        let bad = try cli.fail(["transcript", "add", "P05", "P05.vtt"])
        #expect(bad.stderr.contains("P05.vtt:4:1: '00:00:0x.200' não é um tempo"), "\(bad.stderr)")
        // A speaker the file does not name, or a participant the study lacks: refused, nothing stored.
        try cli.write("P05.srt", "1\n00:00:01,000 --> 00:00:02,000\nAna: Oi.\n\n2\n00:00:02,500 --> 00:00:04,000\nLia: Olá.\n")
        #expect(try cli.fail(["transcript", "add", "P05", "P05.srt", "--speaker", "Bruna=moderator"]).stderr.contains("nenhum falante 'Bruna' em P05.srt (falantes: Ana, Lia)"))
        #expect(try cli.fail(["transcript", "add", "P05", "P05.srt", "--speaker", "Lia=P9"]).stderr.contains("--speaker Lia=P9: não há esse participante no estudo"))
    }

    /// Windows-1252 text (Notepad's ANSI): read, and said.
    @Test func windows1252TextIsReadAndSaid() throws {
        let cli = try study(["P07"])
        try cli.write("P07.txt", Data(Array("Ana: Como foi a ".utf8) + [0x61, 0xE7, 0xE3, 0x6F] + Array("?\nP07: Boa.\nAna: Certo.\n".utf8)))
        let added = try cli.run(["transcript", "add", "P07", "P07.txt", "--speaker", "Ana=moderator"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("P07.txt não é UTF-8 válido (P07.txt:1:18: byte 0xE7): foi lido como Windows-1252 (Latin-1)"), "\(added.stderr)")
        #expect(try cli.succeed(["transcript", "show", "P07", "--plain"]).hasPrefix("Ana: Como foi a ação?\n\nP07: Boa."))
    }

    /// A focus group: one transcript, three participants; each coding counts for the participant who said the words.
    @Test func focusGroupCodesCountForTheirSpeakers() throws {
        let cli = try study(["P1", "P2", "P3"])
        try cli.write("grupo.vtt", """
            WEBVTT

            00:00:01.000 --> 00:00:03.000
            <v Ana>O que acharam da busca?</v>

            00:00:03.500 --> 00:00:06.000
            <v Bia>A navegação me confundiu.</v>

            00:00:06.000 --> 00:00:09.000
            <v Caio>A busca não achou nada.</v>

            00:00:09.500 --> 00:00:12.000
            <v Duda>Para mim a busca funcionou bem.</v>

            """)
        let added = try cli.succeed(["transcript", "add", "P1", "grupo.vtt", "--label", "grupo focal", "--speaker", "Ana=moderator",
                                     "--speaker", "Bia=P1", "--speaker", "Caio=P2", "--speaker", "Duda=P3"])
        #expect(added.contains("Falantes: Ana (moderação: não são palavras de participante); Bia → P1; Caio → P2; Duda → P3."), "\(added)")
        try cli.succeed(["code", "add", "P1", "--transcript", "grupo focal", "--excerpt", "A navegação me confundiu", "--code", "me confundiu",
                         "--category", "Navegação"])
        try cli.succeed(["code", "add", "P2", "--transcript", "grupo focal", "--excerpt", "A busca não achou nada", "--code", "não achou nada",
                         "--category", "Busca"])
        // P3 has no transcript of their own: the focus group's is where their words are.
        try cli.succeed(["code", "add", "P3", "--excerpt", "a busca funcionou bem", "--code", "funcionou bem", "--category", "Busca"])
        let wrong = try cli.fail(["code", "add", "P1", "--transcript", "grupo focal", "--excerpt", "A busca não achou nada", "--code", "não achou",
                                  "--category", "Busca"])
        #expect(wrong.stderr.contains("trecho são palavras de P2 (Caio), não de P1; codifique-o para P2"), "\(wrong.stderr)")

        let freq = try json(try cli.succeed(["codes", "freq", "--json"]))
        let rows = try #require(freq["rows"] as? [[String: Any]])
        let overall = Dictionary(uniqueKeysWithValues: rows.map { ($0["category"] as! String, $0["overall"] as! [String: Any]) })
        #expect(overall["Busca"]?["participants"] as? Int == 2 && overall["Busca"]?["segments"] as? Int == 2, "\(overall)")
        #expect(overall["Navegação"]?["participants"] as? Int == 1 && overall["Busca"]?["denominator"] as? Int == 3)
        #expect(try cli.succeed(["codes", "freq"]).contains("÷ 3 participantes entrevistados"))
        let matrix = try cli.succeed(["codes", "matrix", "--csv"])
        #expect(matrix.contains("Navegação,1,0,0") && matrix.contains("Busca,0,1,1"), "\(matrix)")
        let codes = try #require(try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]])
        #expect(codes.map { $0["participant"] as? String } == ["P1", "P2", "P3"])
        #expect(codes.map { $0["transcriptParticipant"] as? String } == ["P1", "P1", "P1"])
        // Each excerpt's share of its cue: "a busca funcionou bem" starts 9 characters into Duda's 31 (9.5–12 s).
        #expect(codes.map { $0["startTime"] as? Double } == [3.5, 6, 10.226])
        let show = try cli.succeed(["transcript", "show", "P1", "--label", "grupo focal"])
        #expect(show.contains("[2] 00:00:06–00:00:08 não achou nada — Busca (P2)"), "\(show)")
        #expect(show.contains("[00:00:09] Duda: Para mim ⟦a busca funcionou bem⟧[3]."))
    }

    /// A moderated session's notes make a log that can be coded, but a log is no interview: `codes freq`, the
    /// saturation and `status` count the interviews only, and say so.
    @Test(.enabled(if: TmuxTerminal.available, "tmux is not installed (scripts/install-deps.sh --tests installs it)"))
    func aSessionLogIsNotAnInterview() throws {
        let cli = try study(["P1", "P2", "P3"])
        try cli.succeed(["task", "add", "T1", "--title", "Encontrar o menu"])
        try cli.write("p1.txt", "Achei o menu escondido.\n")
        try cli.write("p2.txt", "O menu estava no lugar certo, achei o menu rápido.\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        try cli.succeed(["transcript", "add", "P2", "p2.txt"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "menu escondido", "--code", "menu escondido", "--category", "Navegação"])
        try cli.succeed(["code", "add", "P2", "--excerpt", "achei o menu rápido", "--code", "menu rápido", "--category", "Navegação"])

        // P3 takes part in a moderated session only: the moderator writes a note, and ends it.
        let clock = try cli.write("clock", "1800000000")
        let terminal = TmuxTerminal()
        defer { terminal.stop() }
        try terminal.start("sh -c 'env NO_COLOR=1 STUDYCTL_CLOCK_FILE=\(clock) \(StudyCtl.binary.path) session P3 --db study.sqlite; echo \"[saída $?]\"; sleep 600'",
                           in: cli.folder)
        try terminal.wait(for: "Sessão iniciada")
        try cli.write("clock", "1800000008")
        try terminal.type("n"); try terminal.wait(for: "Observação: █")
        try terminal.type("Procurou o menu no rodapé"); try terminal.press("Enter")
        try terminal.wait(for: "Observação gravada")
        try terminal.type("q"); try terminal.wait(for: "Encerrar a sessão? (s/n)")
        try terminal.type("s")
        try terminal.wait(for: "[saída 0]", history: true)

        try cli.succeed(["code", "add", "P3", "--transcript", "sessão 1", "--excerpt", "menu no rodapé", "--code", "menu no rodapé", "--category", "Navegação"])
        let freq = try cli.run(["codes", "freq"])
        #expect(freq.stdout.contains("÷ 2 participantes entrevistados (com transcrição de entrevista ou código; registros de sessão não são entrevistas;"), "\(freq.stdout)")
        #expect(freq.stderr.contains("códigos em registros de sessão, não contados (só as entrevistas contam; o registro de uma sessão não é uma): 1"), "\(freq.stderr)")
        let shares = try json(try cli.succeed(["codes", "freq", "--json"]))
        let navigation = try #require((shares["rows"] as? [[String: Any]])?.first { $0["category"] as? String == "Navegação" }?["overall"] as? [String: Any])
        #expect(navigation["participants"] as? Int == 2 && navigation["segments"] as? Int == 2 && navigation["denominator"] as? Int == 2)
        let saturation = try json(try cli.succeed(["codes", "saturation", "--json", "--base", "1", "--run", "1"]))
        #expect((saturation["interviews"] as? [[String: Any]])?.count == 2, "\(saturation)")

        let status = try json(try cli.succeed(["status", "--json"]))
        let counts = try #require(status["counts"] as? [String: Int])
        #expect(counts["transcripts"] == 2 && counts["session logs"] == 1, "\(counts)")
        let table = try cli.succeed(["status"])
        #expect(table.contains("Entrevistas") && table.contains("Registros de sessão"), "\(table)")
        let log = try cli.succeed(["transcript", "show", "P3", "--label", "sessão 1"])
        #expect(log.hasPrefix("Transcrição de P3 (registro de sessão).\n"), "\(log)")
    }

    /// A Word interview opening with a title, "Speakers: …" and "Data: …": those lines are the transcript's header,
    /// kept as typed and said so, never the words of a turn (nothing the user typed is lost). Both languages.
    @Test(arguments: ["pt-BR", "en"])
    func aWordTitleIsTheHeaderNotATurn(_ language: String) throws {
        let cli = try study(["P4"])
        try FocusGroupTests.docx(cli, "e4.docx", ["Entrevista 4 – App bancário", "Speakers: Ana, Rui", "Data: 10/03/2026", "",
                                                  "Rui: O que você achou do app?", "Ana: Achei o extrato confuso.", "Rui: Por quê?",
                                                  "Ana: Os empréstimos aparecem em todo lugar."])
        let added = try cli.succeed(["transcript", "add", "P4", "e4.docx", "--speaker", "Rui=moderator", "--speaker", "Ana=P4"],
                                    environment: ["STUDYCTL_LANGUAGE": language])
        #expect(added.contains(language == "en"
            ? "Kept as the transcript's header, not as words of a turn ('transcript show' prints it), 3 lines: “Entrevista 4 – App bancário”; “Speakers: Ana, Rui”; “Data: 10/03/2026”."
            : "Mantidas como cabeçalho da transcrição, não como palavras de uma fala ('transcript show' as mostra), 3 linhas: “Entrevista 4 – App bancário”; “Speakers: Ana, Rui”; “Data: 10/03/2026”."), "\(added)")
        let shown = try json(try cli.succeed(["transcript", "show", "P4", "--json"]))
        #expect(shown["header"] as? String == "Entrevista 4 – App bancário\nSpeakers: Ana, Rui\nData: 10/03/2026", "\(shown)")
        let text = try #require(shown["text"] as? String)
        #expect(text.hasPrefix("Rui: O que você achou do app?") && !text.contains("Entrevista 4") && !text.contains("10/03/2026"), "\(text)")
        let turns = try #require(shown["turns"] as? [[String: Any]])
        #expect(turns.count == 4 && turns.allSatisfy { $0["speaker"] as? String != nil }, "no turn without a speaker: \(turns)")
        let printed = try cli.succeed(["transcript", "show", "P4"], environment: ["STUDYCTL_LANGUAGE": language])
        #expect(printed.hasPrefix(language == "en" ? "Header (kept as typed, not words of a turn):\n  Entrevista 4 – App bancário\n"
                                  : "Cabeçalho (mantido como digitado, não palavras de uma fala):\n  Entrevista 4 – App bancário\n"), "\(printed)")
    }

    /// Hints quote words only: the closest passage to an excerpt not found never begins with a speaker's label.
    /// `annotate` lists every place a repeated passage occurs (the count and the list agree), and its `--at START-END`
    /// takes the same character offsets as `code add --at` (words too, as --excerpt).
    @Test func hintsQuoteWordsAndBothAtsTakeOffsets() throws {
        let cli = try study(["P4"])
        var lines = ["Entrevistadora: Como foi?"]
        for _ in 0..<6 { lines.append("João: ok, tudo bem.") }
        lines.append("João: A busca de empréstimos é lenta demais.")
        try cli.write("p4.txt", lines.joined(separator: "\n") + "\n")
        try cli.succeed(["transcript", "add", "P4", "p4.txt", "--speaker", "Entrevistadora=moderator", "--speaker", "João=P4"])
        let missed = try cli.fail(["code", "add", "P4", "--excerpt", "busca de empréstimo lentíssima", "--code", "busca lenta", "--category", "Busca"])
        #expect(missed.stderr.contains("\"A busca de empréstimos é lenta\""), "\(missed.stderr)")
        #expect(!missed.stderr.contains("João:"), "the hint quotes words only: \(missed.stderr)")

        let repeated = try cli.fail(["annotate", "P4", "--at", "ok, tudo bem", "--text", "repetição"])
        #expect(repeated.stderr.contains("o trecho aparece 6 vezes na transcrição"), "\(repeated.stderr)")
        let places = repeated.stderr.components(separatedBy: "(--at ").count - 1
        #expect(places == 6, "six places listed for six occurrences: \(repeated.stderr)")

        // The same START-END codes and annotates the same words.
        let text = try #require(try json(try cli.succeed(["transcript", "show", "P4", "--json"]))["text"] as? String)
        let scalars = Array(text.unicodeScalars)
        let found = try #require(text.range(of: "lenta demais"))
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound)
        let end = start + "lenta demais".unicodeScalars.count
        #expect(String(String.UnicodeScalarView(scalars[start..<end])) == "lenta demais")
        try cli.succeed(["code", "add", "P4", "--at", "\(start)-\(end)", "--code", "lenta demais", "--category", "Busca"])
        let annotated = try cli.succeed(["annotate", "P4", "--at", "\(start)-\(end)", "--text", "lentidão"])
        #expect(annotated.contains("\(start)–\(end)"), "\(annotated)")
        let coded = try #require((try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]])?.first)
        #expect(coded["spanStart"] as? Int == start && coded["spanEnd"] as? Int == end, "\(coded)")
        // Words with --at (or --excerpt) in both; an --at that reads as offsets but is none is refused.
        try cli.succeed(["annotate", "P4", "--excerpt", "Como foi?", "--text", "abertura"])
        try cli.succeed(["code", "add", "P4", "--at", "A busca de empréstimos", "--code", "busca de empréstimos", "--category", "Busca"])
        #expect(try cli.fail(["annotate", "P4", "--at", "40-12", "--text", "x"]).stderr.contains("INÍCIO-FIM"))
    }
}
