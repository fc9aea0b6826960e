import Gaze
import Media
import QualCoding
import Results
import Surveys
import Templates
import Testing
import Wording

/// The command line's listings as results tables: their columns (machine names, kinds, labels in both languages),
/// their typed values, and how the terminal renderer draws them.
@Suite struct ListingTests {
    static func labels(_ table: ResultTable) -> [String] { table.columns.map(\.label) }
    static func kinds(_ table: ResultTable) -> [Column.Kind] { table.columns.map(\.kind) }
    static func text(_ table: ResultTable) -> String { TextRenderer.render(table, title: false, width: nil) }

    @Test func participantsShowNumbersWithTheLanguagesMarkAndMissingValuesBlank() {
        let roster = ParticipantRoster(attributes: [AttributeDefinition(name: "years", type: .number), AttributeDefinition(name: "level", type: .text)],
                                       participants: [ParticipantProfile(code: "P1", attributes: [("years", .number(2.5)), ("level", .text("Iniciante"))]),
                                                      ParticipantProfile(code: "P2", attributes: [("level", .text("Avançado"))])])
        let en = ResultTable.participants(roster, language: .en)
        let pt = ResultTable.participants(roster, language: .ptBR)
        #expect(Self.labels(en) == ["Participant", "years", "level"])
        #expect(Self.labels(pt) == ["Participante", "years", "level"])
        #expect(Self.kinds(en) == [.text, .figure, .text])
        #expect(en.rows == [[.text("P1"), .text("2.5"), .text("Iniciante")], [.text("P2"), .empty, .text("Avançado")]])
        #expect(pt.rows[0][1] == .text("2,5"))
        #expect(Self.text(pt) == """
            Participante  years  level
            ────────────  ─────  ─────────
            P1              2,5  Iniciante
            P2                   Avançado

            """)
    }

    @Test func aDerivationCountsTheParticipantsOfEachLabel() {
        let summary = DerivationSummary(attribute: "level", counts: [("Iniciante", 2), ("Avançado", 1)], skipped: [], changed: [], unchanged: 0)
        let pt = ResultTable.derivation(summary, language: .ptBR)
        #expect(Self.labels(pt) == ["level", "participantes"])
        #expect(Self.labels(ResultTable.derivation(summary, language: .en)) == ["level", "participants"])
        #expect(Self.kinds(pt) == [.text, .count])
        #expect(pt.rows == [[.text("Iniciante"), .count(2)], [.text("Avançado"), .count(1)]])
        #expect(Self.text(pt).hasSuffix("Iniciante              2\nAvançado               1\n"))
    }

    @Test func instrumentsWordTheirOriginAndKeepItsMachineWord() {
        let titles = LocalizedText(en: "System Usability Scale", ptBR: "Escala de Usabilidade do Sistema")
        let list = [InstrumentSummary(id: "sus", title: "System Usability Scale", titles: titles, version: "1", items: 10, builtin: true, inStudy: true, responseSets: 12),
                    InstrumentSummary(id: "mine", title: "Mine", titles: LocalizedText(["en": "Mine"]), version: "2", items: 3, builtin: false, inStudy: true, responseSets: 0)]
        let en = ResultTable.instruments(list, language: .en)
        let pt = ResultTable.instruments(list, language: .ptBR)
        #expect(Self.labels(en) == ["id", "title", "version", "items", "origin", "response sets"])
        #expect(Self.labels(pt) == ["id", "título", "versão", "itens", "origem", "conjuntos de respostas"])
        #expect(Self.kinds(en) == [.text, .text, .text, .count, .text, .count])
        #expect(en.rows[0] == [.text("sus"), .text("System Usability Scale"), .text("1"), .count(10), .text("built_in"), .count(12)])
        #expect(pt.rows[0][1] == .text("Escala de Usabilidade do Sistema"))
        #expect(pt.display(0, 4, NumberStyle(.ptBR)) == "embutido" && pt.display(1, 4, NumberStyle(.ptBR)) == "próprio")
        #expect(en.display(1, 4, NumberStyle(.en)) == "custom")
    }

    @Test func tasksShowTheirPenaltyAndTargetInSecondsAndLeaveWhatIsNotSetBlank() {
        let tasks = [TaskInfo(key: "T1", title: "Buscar", position: 1, penaltySeconds: 2, attempts: 30, targetSeconds: 60.5, errorOpportunities: 4),
                     TaskInfo(key: "T2", title: "Pagar", position: 2, attempts: 0)]
        let en = ResultTable.tasks(tasks, language: .en)
        let pt = ResultTable.tasks(tasks, language: .ptBR)
        #expect(Self.labels(en) == ["order", "task", "title", "penalty", "target", "error opportunities", "attempts"])
        #expect(Self.labels(pt) == ["ordem", "tarefa", "título", "penalidade", "meta", "oportunidades de erro", "tentativas"])
        #expect(Self.kinds(en) == [.count, .text, .text, .figure, .figure, .count, .count])
        #expect(en.rows == [[.count(1), .text("T1"), .text("Buscar"), .text("2 s"), .text("60.5 s"), .count(4), .count(30)],
                            [.count(2), .text("T2"), .text("Pagar"), .empty, .empty, .empty, .count(0)]])
        #expect(Self.text(en) == """
            order  task  title   penalty  target  error opportunities  attempts
            ─────  ────  ──────  ───────  ──────  ───────────────────  ────────
                1  T1    Buscar      2 s  60.5 s                    4        30
                2  T2    Pagar                                                0

            """)
    }

    @Test func attemptsHaveAColumnPerFactorAndWordTheirOutcome() {
        let attempts = [AttemptRecord(participant: "P1", task: "T1", trial: 1, conditions: ["device": "phone"], seconds: 65.7, errors: 1,
                                      outcome: .success, assisted: true, note: "lost"),
                        AttemptRecord(participant: "P2", task: "T1", trial: 2, conditions: [:], assisted: false)]
        let en = ResultTable.attempts(attempts, factors: ["device"], language: .en)
        let pt = ResultTable.attempts(attempts, factors: ["device"], language: .ptBR)
        #expect(Self.labels(en) == ["Participant", "Task", "device", "Trial", "Time", "Errors", "Outcome", "Assisted", "Note"])
        #expect(Self.labels(pt) == ["Participante", "Tarefa", "device", "Tentativa", "Tempo", "Erros", "Resultado", "Com ajuda", "Observação"])
        #expect(Self.kinds(en) == [.text, .text, .text, .count, .figure, .count, .text, .text, .text])
        #expect(en.rows[0] == [.text("P1"), .text("T1"), .text("phone"), .count(1), .text("1:05.7"), .count(1), .text("success"), .text("yes"), .text("lost")])
        #expect(en.rows[1] == [.text("P2"), .text("T1"), .empty, .count(2), .empty, .empty, .empty, .empty, .empty])
        #expect(pt.rows[0][4] == .text("1:05,7"))
        let ptStyle = NumberStyle(.ptBR)
        #expect((6...7).map { pt.display(0, $0, ptStyle) } == ["sucesso", "sim"])
        #expect((2...8).map { pt.display(1, $0, ptStyle) } == ["", "2", "", "", "", "", ""])
    }

    @Test func sessionsGiveTheirConditionTimesAndFinishedTasks() {
        let tasks = [TaskInfo(key: "T1", title: "Buscar", position: 1, attempts: 1)]
        var ended = SessionRecord(id: 1, participant: "P1", conditions: [:], tasks: tasks, afterTask: nil, started: "2026-01-01T00:00:00.000Z",
                                  ended: "2026-01-01T00:01:40.000Z",
                                  events: [StoredSessionEvent(event: SessionEvent(.start, task: "T1", offset: 0), at: "2026-01-01T00:00:00.000Z", trial: nil),
                                           StoredSessionEvent(event: SessionEvent(.outcome, task: "T1", offset: 42, value: "success"),
                                                              at: "2026-01-01T00:00:42.000Z", trial: 1)])
        ended.number = 1
        var open = SessionRecord(id: 2, participant: "P2", conditions: ["device": "tablet"], tasks: tasks, afterTask: nil,
                                 started: "2026-01-02T00:00:00.000Z", ended: nil, events: [])
        open.number = 2
        let en = ResultTable.sessions([ended, open], language: .en)
        let pt = ResultTable.sessions([ended, open], language: .ptBR)
        #expect(Self.labels(en) == ["Participant", "Session", "Condition", "Began", "Ended", "Attempts"])
        #expect(Self.labels(pt) == ["Participante", "Sessão", "Condição", "Início", "Fim", "Tentativas"])
        #expect(Self.kinds(en) == [.text, .count, .text, .text, .text, .count])
        #expect(en.rows[0][0] == .text("P1") && en.rows[0][1] == .count(1) && en.rows[0][2] == .empty && en.rows[0][5] == .count(1))
        #expect(en.rows[1][2] == .text("device=tablet") && en.rows[1][4] == .text("open") && en.rows[1][5] == .count(0))
        #expect(pt.rows[1][4] == .text("aberta"))
        #expect(en.rows[0][3] == .text(LocalTime.text("2026-01-01T00:00:00.000Z")))
        #expect(en.display(0, 2, NumberStyle(.en)) == "–", "a session without a condition")
    }

    @Test func aSessionsTasksAddTheQuestionnaireAndThePenaltyTotalWhenThereAreSome() {
        let lines = [SessionTaskLine(task: "T1", trial: 1, seconds: 42, errors: 2, assisted: false, outcome: .success, questionnaire: 6, total: 46),
                     SessionTaskLine(task: "T2", trial: nil, seconds: 58.04, errors: 0, assisted: true, outcome: .partial, questionnaire: nil, total: nil)]
        let en = ResultTable.sessionTasks(lines, afterTask: "seq", language: .en)
        let pt = ResultTable.sessionTasks(lines, afterTask: "seq", language: .ptBR)
        #expect(Self.labels(en) == ["Task", "Trial", "Time (s)", "Errors", "Assisted", "Outcome", "SEQ", "Total (s)"])
        #expect(Self.labels(pt) == ["Tarefa", "Tentativa", "Tempo (s)", "Erros", "Com ajuda", "Resultado", "SEQ", "Total (s)"])
        #expect(Self.kinds(en) == [.text, .count, .number(decimals: 1), .count, .text, .text, .number(decimals: 0), .number(decimals: 1)])
        #expect(en.rows[0] == [.text("T1"), .count(1), .number(42), .count(2), .text("no"), .text("success"), .number(6), .number(46)])
        #expect(en.rows[1] == [.text("T2"), .empty, .number(58.04), .count(0), .text("yes"), .text("partial"), .empty, .empty])
        #expect(Self.text(pt) == """
            Tarefa  Tentativa  Tempo (s)  Erros  Com ajuda  Resultado  SEQ  Total (s)
            ──────  ─────────  ─────────  ─────  ─────────  ─────────  ───  ─────────
            T1              1       42,0      2  não        sucesso      6       46,0
            T2              –       58,0      0  sim        parcial      –          –

            """)
        let plain = ResultTable.sessionTasks([lines[1]], afterTask: nil, language: .en)
        #expect(Self.labels(plain) == ["Task", "Trial", "Time (s)", "Errors", "Assisted", "Outcome"], "no questionnaire, no penalty")
    }

    @Test func mediaShowDurationSizeClockAndTheFilesState() {
        func record(_ participant: String, label: String, kind: MediaKind, ms: Int, size: Int64, transcript: String?, offset: Int?) -> MediaRecord {
            MediaRecord(id: 1, participant: participant, label: label, path: "/x", size: size, sha256: "", modified: 0, kind: kind, durationMs: ms,
                        container: "mov", videoCodec: kind == .video ? "h264" : nil, audioCodec: "aac", width: nil, height: nil, transcript: transcript,
                        transcriptTimed: nil, session: offset == nil ? nil : 2, sessionOffsetMs: offset, syncAnchor: nil, syncMediaMs: nil,
                        sessionStarted: nil, added: "")
        }
        let listed: [(record: MediaRecord, state: FileFingerprint.State)] = [
            (record("P1", label: "", kind: .video, ms: 65_000, size: 5_700_000, transcript: "", offset: -2_500), .unchanged),
            (record("P2", label: "tela", kind: .audio, ms: 3_000, size: 512, transcript: nil, offset: nil), .missing)]
        let en = ResultTable.media(listed, language: .en)
        let pt = ResultTable.media(listed, language: .ptBR)
        #expect(Self.labels(en) == ["Participant", "Label", "Kind", "Codec", "Duration", "Size", "Transcript", "Session clock", "File"])
        #expect(Self.labels(pt) == ["Participante", "Rótulo", "Tipo", "Codec", "Duração", "Tamanho", "Transcrição", "Relógio da sessão", "Arquivo"])
        #expect(Self.kinds(en) == [.text, .text, .text, .text, .figure, .figure, .text, .text, .text])
        #expect(en.rows[0] == [.text("P1"), .text(""), .text("video"), .text(listed[0].record.facts.codec), .text("1:05.000"), .text("5.7 MB"), .text("''"),
                               .text("session 2: begins at -0:02.500"), .text("ok")])
        #expect(en.rows[1][4...] == [.text("0:03.000"), .text("512 B"), .empty, .empty, .text("missing")])
        let style = NumberStyle(.ptBR)
        #expect(pt.rows[0][4] == .text("1:05,000") && pt.rows[0][5] == .text("5,7 MB") && pt.rows[0][7] == .text("sessão 2: começa em -0:02,500"))
        #expect([2, 6, 7, 8].map { pt.display(1, $0, style) } == ["áudio", "–", "–", "sumiu (movido ou apagado)"])
        #expect(ResultTable.fileSize(32_200, .ptBR) == "32,2 kB" && ResultTable.fileSize(1_250_000_000, .en) == "1.25 GB")
    }

    @Test func gazeListingsNameTheirRecordingsMediaAndAreas() {
        let recordings = [GazeRecordingInfo(participant: "P1", media: "home.png", recording: "Rec P1", samples: 2508, invalidShare: 0.035, fixations: 31, filter: "I-VT")]
        let en = ResultTable.gazeRecordings(recordings, language: .en)
        let pt = ResultTable.gazeRecordings(recordings, language: .ptBR)
        #expect(Self.labels(en) == ["media", "participant", "recording", "samples", "invalid", "fixations"])
        #expect(Self.labels(pt) == ["mídia", "participante", "gravação", "amostras", "inválidas", "fixações"])
        #expect(Self.kinds(en) == [.text, .text, .text, .count, .figure, .count])
        #expect(en.rows == [[.text("home.png"), .text("P1"), .text("Rec P1"), .count(2508), .text("4%"), .count(31)]])

        let media = [GazeMedia(name: "home.png", imageFile: "home.jpg", width: 1280, height: 800, recordings: 3, aois: 7),
                     GazeMedia(name: "new.png", recordings: 0, aois: 0)]
        let list = ResultTable.gazeMedia(media, language: .ptBR)
        #expect(Self.labels(list) == ["mídia", "imagem", "tamanho", "gravações", "AOIs"])
        #expect(Self.labels(ResultTable.gazeMedia(media, language: .en)) == ["media", "image", "size", "recordings", "AOIs"])
        #expect(Self.kinds(list) == [.text, .text, .text, .count, .count])
        #expect(list.rows == [[.text("home.png"), .text("home.jpg"), .text("1280 × 800"), .count(3), .count(7)],
                              [.text("new.png"), .empty, .empty, .count(0), .count(0)]])
        #expect((1...2).map { list.display(1, $0, NumberStyle(.ptBR)) } == ["—", ""], "no image: a dash; no size: nothing")

        let areas: [(media: String, aoi: AOI)] = [("home.png", AOI(name: "Menu", shape: .rectangle(x: 10.4, y: 10, width: 100, height: 40))),
                                                  ("home.png", AOI(name: "Tri", shape: .polygon([.init(x: 1, y: 1), .init(x: 50, y: 1), .init(x: 20, y: 30)]))),
                                                  ("cart.png", AOI(name: "Pay", shape: .exportHits))]
        let aoisEN = ResultTable.areasOfInterest(areas, language: .en)
        let aoisPT = ResultTable.areasOfInterest(areas, language: .ptBR)
        #expect(Self.labels(aoisEN) == ["media", "AOI", "shape"] && Self.labels(aoisPT) == ["mídia", "AOI", "forma"])
        #expect(Self.kinds(aoisEN) == [.text, .text, .text])
        #expect(aoisEN.rows.map { $0[2] } == [.text("rectangle 10,10 100×40"), .text("polygon of 3 points"), .text("the export's hit column")])
        #expect(aoisPT.rows.map { $0[2] } == [.text("retângulo 10,10 100×40"), .text("polígono de 3 pontos"), .text("a coluna de acerto da exportação")])
    }

    @Test func statisticsVariablesListNameLabelAndSource() {
        let table = ResultTable.statisticsVariables([("sus_q1", "I think that I would\nlike to use it", "sus item 1")], language: .ptBR)
        #expect(Self.labels(table) == ["Variável", "Rótulo", "Origem"])
        #expect(Self.labels(ResultTable.statisticsVariables([], language: .en)) == ["Variable", "Label", "From"])
        #expect(Self.kinds(table) == [.text, .text, .text])
        #expect(table.rows == [[.text("sus_q1"), .text("I think that I would\nlike to use it"), .text("sus item 1")]])
        #expect(Self.text(table).contains("sus_q1    I think that I would like to use it  sus item 1"), "a line break in a cell is a space on the terminal")
    }

    @Test func codesShowTheirParticipantsAttributeAndWhetherTheyAreInVivo() {
        let codes = [CodeRecord(id: 7, participant: "P1", excerpt: "x", excerptID: 1, code: "muito lento", inVivo: true, categories: ["Desempenho", "Espera"], coder: "Ana"),
                     CodeRecord(id: 12, participant: "P2", excerpt: "y", excerptID: 2, code: "confuso", inVivo: false, categories: ["Clareza"])]
        let roster = ParticipantRoster(attributes: [AttributeDefinition(name: "level", type: .text)],
                                       participants: [ParticipantProfile(code: "P1", attributes: [("level", .text("Iniciante"))])])
        let en = ResultTable.codes(codes, by: "level", roster: roster, language: .en)
        let pt = ResultTable.codes(codes, by: "level", roster: roster, language: .ptBR)
        #expect(Self.labels(en) == ["id", "Participant", "level", "Code", "Category", "Coder"])
        #expect(Self.labels(pt) == ["id", "Participante", "level", "Código", "Categoria", "Codificador"])
        #expect(Self.kinds(en) == [.count, .text, .text, .text, .text, .text])
        #expect(en.rows == [[.count(7), .text("P1"), .text("Iniciante"), .text("muito lento"), .text("Desempenho; Espera"), .text("Ana")],
                            [.count(12), .text("P2"), .empty, .text("confuso (descriptive)"), .text("Clareza"), .empty]])
        #expect(pt.rows[1][3] == .text("confuso (descritivo)"))
        #expect(Self.labels(ResultTable.codes(codes, language: .en)) == ["id", "Participant", "Code", "Category", "Coder"], "without --by")
        #expect(Self.text(en).hasSuffix("12  P2" + String(repeating: " ", count: 9 + 2 + 9 + 2) + "confuso (descriptive)  Clareza\n"))
    }

    @Test func theCodebookHasACountPairPerCoderOrOnePairWithNeverUsed() {
        let categories = [CategoryInfo(name: "Espera", origin: "emergent", codes: 3, participants: 2,
                                       byCoder: [CoderCount(coder: "Ana", codes: 3, participants: 2), CoderCount(coder: "Bia", codes: 1, participants: 1)]),
                          CategoryInfo(name: "Clareza", origin: "Nielsen (1994)", theme: "Uso", codes: 0, participants: 0,
                                       byCoder: [CoderCount(coder: "Ana", codes: 0, participants: 0)])]
        let perCoder = ResultTable.codebook(categories, coders: ["Ana", "Bia"], language: .ptBR)
        #expect(Self.labels(perCoder) == ["categoria", "origem", "tema", "códigos (Ana)", "participantes (Ana)", "códigos (Bia)", "participantes (Bia)"])
        #expect(Self.kinds(perCoder) == [.text, .text, .text, .count, .count, .count, .count])
        #expect(perCoder.rows == [[.text("Espera"), .text("emergent"), .empty, .count(3), .count(2), .count(1), .count(1)],
                                  [.text("Clareza"), .text("Nielsen (1994)"), .text("Uso"), .count(0), .count(0), .empty, .empty]])
        #expect(perCoder.display(0, 1, NumberStyle(.ptBR)) == "emergente" && perCoder.display(1, 5, NumberStyle(.ptBR)) == "")
        let one = ResultTable.codebook(categories, coders: ["Ana"], language: .en)
        #expect(Self.labels(one) == ["category", "origin", "theme", "codes", "participants"])
        #expect(one.rows.map { Array($0[3...]) } == [[.count(3), .count(2)], [.count(0), .text("never_used")]])
        #expect(one.display(1, 4, NumberStyle(.en)) == "never used" && one.display(0, 1, NumberStyle(.en)) == "emergent")
        #expect(ResultTable.codebook(categories, coders: [], language: .ptBR).display(1, 4, NumberStyle(.ptBR)) == "nunca usada")
    }

    @Test func searchHitsAddUpPerParticipantWithATotal() throws {
        let regex = try TranscriptSearch.compile("e", ignoreCase: false)
        func hits(_ count: Int) -> [TranscriptHit] { TranscriptSearch.hits(in: String(repeating: "e ", count: count), regex: regex) }
        #expect(hits(3).count == 3)
        let found = [TranscriptHits(participant: "P1", label: "", hits: hits(2)), TranscriptHits(participant: "P2", label: "", hits: hits(1)),
                     TranscriptHits(participant: "P1", label: "2", hits: hits(3))]
        let pt = ResultTable.searchHits(found, language: .ptBR)
        #expect(Self.labels(pt) == ["Participante", "ocorrências"])
        #expect(Self.labels(ResultTable.searchHits(found, language: .en)) == ["Participant", "hits"])
        #expect(Self.kinds(pt) == [.text, .count])
        #expect(pt.rows == [[.text("P1"), .count(5)], [.text("P2"), .count(1)], [.text("total"), .count(6)]])
        #expect(pt.emphasised == [2])
    }

    @Test func scoreParticipantsHaveEachScoreAndTheSUSMeaningsAndStreamTheirRows() throws {
        let sus = try #require(try InstrumentCatalog.builtin("sus"))
        var builder = ScoreReport.Builder(sus, missing: .refuse)
        let answers = Dictionary(uniqueKeysWithValues: [4, 1, 5, 2, 5, 1, 4, 2, 3, 1].enumerated().map { ($0.offset + 1, Answer.value(Double($0.element))) })
        let added = builder.add(ScoringInput(participant: "P1", group: "Iniciante", occasion: "", answers: answers))
        let row = try #require(added)
        let en = try #require(ResultTable.scoreParticipants(sus, occasion: false, by: "level", language: .en))
        let pt = try #require(ResultTable.scoreParticipants(sus, occasion: true, by: nil, language: .ptBR))
        // SUS and its two subscales (Lewis & Sauro 2009); the adjective and acceptability are the SUS score's.
        #expect(Self.labels(en) == ["Participant", "level", "SUS", "Learnability", "Usability", "Adjective", "Acceptability"])
        #expect(Self.labels(pt) == ["Participante", "Ocasião", "SUS", "Aprendizagem", "Usabilidade", "Adjetivo", "Aceitabilidade"])
        #expect(Self.kinds(en) == [.text, .text, .number(decimals: 2), .number(decimals: 2), .number(decimals: 2), .text, .text])
        let cells = ResultTable.scoreParticipantCells(row, sus, occasion: false, grouped: true, language: .en)
        #expect(cells.count == en.columns.count)
        #expect(Array(cells[0...2]) == [.text("P1"), .text("Iniciante"), .number(85)])
        let meaning = try #require(row.meanings[sus.scoreIDs[0]])
        #expect(Array(cells[5...]) == [.text(meaning.adjective.name(.en)), .text(meaning.acceptability.name(.en))])
        let ptCells = ResultTable.scoreParticipantCells(row, sus, occasion: true, grouped: false, language: .ptBR)
        #expect(ptCells[1] == .text(Term.no_occasion.text(.ptBR)))
        // A streamed row reads as the same row held in the table.
        var held = en
        held.append(cells)
        #expect((0..<cells.count).map { held.display(cells[$0], column: $0, NumberStyle(.en)) } == (0..<cells.count).map { held.display(0, $0, NumberStyle(.en)) })
        #expect(held.display(0, 2, NumberStyle(.en)) == "85.00" && held.display(.empty, column: 2, NumberStyle(.en)) == "", "no score: a blank cell")
    }
}
