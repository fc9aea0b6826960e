import Surveys

/// The coding workspace page's words, in English and Brazilian Portuguese: the page asks for them with the study's
/// state and fills `{name}` placeholders itself. The `switch` is exhaustive, so no word lacks a language. A word
/// with a count has its singular beside it, named with `One` after its key (`codings`, `codingsOne`): the page
/// takes the singular for a count of 1, as every language of studyctl does.
public enum PageWord: String, Sendable, CaseIterable, Bilingual {
    case pageTitle, coder, coderPlaceholder, undo, undoTitle, participants, choose, codeSelection
    case tabCodings, tabCodebook, tabQuotes, tabFrequencies, tabCompare, tabMemos
    case pickerTitle, pickerCode, pickerDescriptive, pickerCategory, pickerMemo, cancel, save
    case codings, codingsOne, overall, coded, noTranscript, typeCoderFirst, selectFirst, openTranscriptHint, memoLabel, edit, delete
    case codingsBy, codingsByOne, codePrompt, categoryPrompt, editTitle, nothingToUndoPage
    case category, origin, emergent, definition, theme, codes, segments, share, units, agreement
    case rename, merge, newCategory, add, renamePrompt, mergePrompt
    case noQuotes, allParticipants, by, sharesIntro, sharesIntroOne, compareNeeds, none, compareIntro, compareIntroOne, whereTheyDiffer
    case consensusCoder, consensusDefault, settleAgreements, takeCoding, settledAs, resolutionIntro
    case theStudy, participant, addMemo
    case play, playTitle, recordingGone
    case modTitle, modObserver, modOpen, modStart, modStop, modError, modUncount, modAssist, modPause, modResume
    case modSuccess, modPartial, modFail, modCancel, modRestart, modNote, modAddNote, modEnd, modEndConfirm, modTask, modTitleColumn
    case modTime, modErrors, modState, modRunning, modPaused, modStopped, modToDo, modAssisted, modNotes, modAsk, modSkip, modStore
    case modEnded, modKeys, modResumed, modStarted, modTries, modJoin, modNoLevel
    case name, originHint, noTheme, editCategoryTitle, renameTitle, mergeInto, mergeHint, ownCounts, ownCountsTitle
    case codeCount, codeCountOne, participantCount, participantCountOne
    case resize, resizeHint, startHandle, endHandle, notPlaced
    case themeTotal, passagesOf, previousPassage, nextPassage, previousPassageKey, nextPassageKey, noMorePassages, passageShown
    // Search and annotations.
    case searchPlaceholder, searchSpeaker, searchButton, ignoreCase, searchHits, searchHitsOne, noHits, searchAll
    case codeEveryHit, codeEveryHitCategory, annotateSelection, annotationTitle, annotationText, annotationsHeading, noAnnotations, showPassage
    // The Quotes tab's selection.
    case quoteCount, quoteCountOne, quotesFrom, context, contextNone, contextWords, contextSentence, anyValue, noQuotesSelected

    /// Every word in `language`, by key: what the page receives.
    public static func all(_ language: StudyLanguage) -> [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.text(language)) })
    }

    public var entry: (String, String) {
        switch self {
        case .modTitle: return ("session logger", "registro da sessão")
        case .modObserver: return ("Observer", "Observador")
        case .modOpen: return ("Open the session", "Abrir a sessão")
        case .modJoin: return ("Join the open session", "Entrar na sessão aberta")
        case .modNoLevel: return ("(none)", "(nenhum)")
        case .modStart: return ("Start (space)", "Iniciar (espaço)")
        case .modStop: return ("Stop (space)", "Parar (espaço)")
        case .modError: return ("Error (e)", "Erro (e)")
        case .modUncount: return ("One less (x)", "Um a menos (x)")
        case .modAssist: return ("Assistance (a)", "Ajuda (a)")
        case .modPause: return ("Pause (z)", "Pausar (z)")
        case .modResume: return ("Resume (z)", "Retomar (z)")
        case .modSuccess: return ("Success (s)", "Sucesso (s)")
        case .modPartial: return ("Partial (p)", "Parcial (p)")
        case .modFail: return ("Fail (f)", "Falha (f)")
        case .modCancel: return ("Cancel try (c)", "Cancelar tentativa (c)")
        case .modRestart: return ("Restart (r)", "Recomeçar (r)")
        case .modNote: return ("Note (n)", "Observação (n)")
        case .modAddNote: return ("Store note", "Gravar observação")
        case .modEnd: return ("End session", "Encerrar sessão")
        case .modEndConfirm: return ("End the session?", "Encerrar a sessão?")
        case .modTask: return ("Task", "Tarefa")
        case .modTitleColumn: return ("Title", "Título")
        case .modTime: return ("Time", "Tempo")
        case .modErrors: return ("Errors", "Erros")
        case .modState: return ("State", "Situação")
        case .modRunning: return ("running", "em andamento")
        case .modPaused: return ("paused", "pausada")
        case .modStopped: return ("stopped — outcome?", "parada — resultado?")
        case .modToDo: return ("not started", "a fazer")
        case .modAssisted: return ("assisted", "com ajuda")
        case .modNotes: return ("Notes", "Observações")
        case .modAsk: return ("{instrument} for {task}", "{instrument} sobre {task}")
        case .modSkip: return ("Skip", "Pular")
        case .modStore: return ("Store answers", "Gravar respostas")
        case .modEnded: return ("The session has ended.", "A sessão foi encerrada.")
        case .modKeys: return ("Keys: space start/stop · e error · x one less · a assistance · z pause · s/p/f outcome · n note · c cancel · r restart",
                               "Teclas: espaço inicia/para · e erro · x um a menos · a ajuda · z pausa · s/p/f resultado · n observação · c cancelar · r recomeçar")
        case .modResumed: return ("Session resumed: everything logged before is here.", "Sessão retomada: tudo o que foi registrado antes está aqui.")
        case .modStarted: return ("Session open: start the marked task.", "Sessão aberta: inicie a tarefa marcada.")
        case .modTries: return ("{n} tries", "{n} tentativas")
        case .pageTitle: return ("coding workspace", "espaço de codificação")
        case .coder: return ("Coder", "Codificador")
        case .coderPlaceholder: return ("your name", "seu nome")
        case .undo: return ("Undo", "Desfazer")
        case .undoTitle: return ("Undo this page's last change (Ctrl+Z)", "Desfazer a última alteração desta página (Ctrl+Z)")
        case .participants: return ("Participants", "Participantes")
        case .choose: return ("Choose a participant", "Escolha um participante")
        case .codeSelection: return ("Code selection (n)", "Codificar seleção (n)")
        case .tabCodings: return ("Codings", "Codificações")
        case .tabCodebook: return ("Codebook", "Livro de códigos")
        case .tabQuotes: return ("Quotes", "Citações")
        case .tabFrequencies: return ("Frequencies", "Frequências")
        case .tabCompare: return ("Compare", "Comparar")
        case .tabMemos: return ("Memos", "Memorandos")
        case .pickerTitle: return ("Code the selection", "Codificar a seleção")
        case .pickerCode: return ("Code (in-vivo: the participant's words)", "Código (in vivo: as palavras do participante)")
        case .pickerDescriptive: return ("descriptive code (my own words)", "código descritivo (minhas palavras)")
        case .pickerCategory: return ("Category", "Categoria")
        case .pickerMemo: return ("Memo (optional)", "Memorando (opcional)")
        case .cancel: return ("Cancel (Esc)", "Cancelar (Esc)")
        case .save: return ("Save (Enter)", "Salvar (Enter)")
        case .codings: return ("{n} codings", "{n} codificações")
        case .codingsOne: return ("{n} coding", "{n} codificação")
        case .overall: return ("Overall", "Geral")
        case .coded: return ("{share} coded", "{share} codificado")
        case .noTranscript: return ("no transcript", "sem transcrição")
        case .typeCoderFirst:
            return ("Type your coder name first (top right): coding is blind, each coder sees only their own codes.",
                    "Digite primeiro seu nome de codificador (no alto, à direita): a codificação é cega, cada codificador vê só os próprios códigos.")
        case .selectFirst: return ("Select some words of the transcript first.", "Selecione antes algumas palavras da transcrição.")
        case .openTranscriptHint: return ("Open a transcript, select words and press n to code them.", "Abra uma transcrição, selecione palavras e tecle n para codificá-las.")
        case .memoLabel: return ("memo", "memorando")
        case .edit: return ("Edit", "Editar")
        case .name: return ("Name", "Nome")
        case .originHint: return ("Origin (a reference, or emergent)", "Origem (uma referência, ou emergente)")
        case .noTheme: return ("(no theme)", "(sem tema)")
        case .editCategoryTitle: return ("Change category {name}", "Alterar a categoria {name}")
        case .renameTitle: return ("Rename category {name}", "Renomear a categoria {name}")
        case .mergeInto: return ("Into", "Em")
        case .mergeHint:
            return ("Its codes, memos and sub-categories move into the category chosen; a memo records the merge.",
                    "Seus códigos, memorandos e subcategorias passam para a categoria escolhida; um memorando registra a fusão.")
        case .ownCounts:
            return ("Counts are your own codes ({coder}): coding is blind, no other coder's counts reach this page.",
                    "As contagens são dos seus próprios códigos ({coder}): a codificação é cega, nenhuma contagem de outro codificador chega a esta página.")
        case .ownCountsTitle: return ("Your codes and the participants you coded ({coder})", "Seus códigos e os participantes que você codificou ({coder})")
        case .codeCount: return ("{n} codes", "{n} códigos")
        case .codeCountOne: return ("{n} code", "{n} código")
        case .participantCount: return ("{n} participants", "{n} participantes")
        case .participantCountOne: return ("{n} participant", "{n} participante")
        case .resize: return ("Move ends", "Mover limites")
        case .resizeHint:
            return ("Drag the [ and ] handles, or move them with ← and → (Ctrl: a word at a time); Enter saves, Esc cancels.",
                    "Arraste as alças [ e ], ou mova-as com ← e → (Ctrl: uma palavra por vez); Enter grava, Esc cancela.")
        case .startHandle: return ("Start of the passage", "Início do trecho")
        case .endHandle: return ("End of the passage", "Fim do trecho")
        case .notPlaced: return ("This coding is not placed in the transcript.", "Esta codificação não está situada na transcrição.")
        case .themeTotal: return ("Theme {theme}, in all", "Tema {theme}, no total")
        case .passagesOf: return ("Passages of", "Trechos de")
        case .previousPassage: return ("◀ Previous", "◀ Anterior")
        case .nextPassage: return ("Next ▶", "Próximo ▶")
        case .previousPassageKey: return ("Previous passage of this category (,)", "Trecho anterior desta categoria (,)")
        case .nextPassageKey: return ("Next passage of this category (.)", "Próximo trecho desta categoria (.)")
        case .noMorePassages: return ("No other passage of {category} in your codings.", "Nenhum outro trecho de {category} nas suas codificações.")
        case .passageShown: return ("“{code}” in {participant}'s transcript", "“{code}” na transcrição de {participant}")
        case .delete: return ("Delete", "Excluir")
        case .codingsBy: return ("{n} codings by {coder} in {participant}'s transcript", "{n} codificações de {coder} na transcrição de {participant}")
        case .codingsByOne: return ("{n} coding by {coder} in {participant}'s transcript", "{n} codificação de {coder} na transcrição de {participant}")
        case .codePrompt: return ("Code", "Código")
        case .editTitle: return ("Edit the coding", "Editar a codificação")
        case .nothingToUndoPage:
            return ("Nothing to undo: undo reaches only what this page changed since it was opened.",
                    "Nada a desfazer: o desfazer alcança só o que esta página alterou desde que foi aberta.")
        case .categoryPrompt: return ("Category (move the coding by naming another)", "Categoria (mova a codificação nomeando outra)")
        case .category: return ("Category", "Categoria")
        case .origin: return ("Origin", "Origem")
        case .emergent: return ("emergent", "emergente")
        case .definition: return ("Definition", "Definição")
        case .theme: return ("Theme", "Tema")
        case .codes: return ("Codes", "Códigos")
        case .segments: return ("Segments", "Trechos")
        case .share: return ("Share", "Porcentagem")
        case .units: return ("Units", "Unidades")
        case .agreement: return ("Agreement", "Concordância")
        case .rename: return ("Rename", "Renomear")
        case .merge: return ("Merge…", "Fundir…")
        case .newCategory: return ("new category", "nova categoria")
        case .add: return ("Add", "Acrescentar")
        case .renamePrompt: return ("New name for {name}", "Novo nome para {name}")
        case .mergePrompt: return ("Merge {name} into which category?", "Fundir {name} em qual categoria?")
        case .noQuotes: return ("No quotes yet.", "Nenhuma citação ainda.")
        case .quoteCount: return ("{n} quotes", "{n} citações")
        case .quoteCountOne: return ("{n} quote", "{n} citação")
        case .quotesFrom: return ("{quotes} from {participants}", "{quotes} de {participants}")
        case .context: return ("Context", "Contexto")
        case .contextNone: return ("none", "nenhum")
        case .contextWords: return ("{n} words each side", "{n} palavras de cada lado")
        case .contextSentence: return ("1 sentence each side", "1 frase de cada lado")
        case .anyValue: return ("(any)", "(qualquer)")
        case .noQuotesSelected: return ("No quotes for this selection.", "Nenhuma citação nesta seleção.")
        case .allParticipants: return ("(all participants)", "(todos os participantes)")
        case .by: return ("By", "Por")
        case .sharesIntro:
            return ("Share of the {n} interviewed participants who raised each category (codes by {coder}).",
                    "Porcentagem dos {n} participantes entrevistados que citaram cada categoria (códigos de {coder}).")
        case .sharesIntroOne:
            return ("Share of the {n} interviewed participant who raised each category (codes by {coder}).",
                    "Porcentagem do {n} participante entrevistado que citou cada categoria (códigos de {coder}).")
        case .compareNeeds:
            return ("Comparison needs two coders who coded the same excerpts (coders so far: {coders}).",
                    "A comparação precisa de dois codificadores que codificaram os mesmos trechos (codificadores até agora: {coders}).")
        case .none: return ("none", "nenhum")
        case .compareIntro: return ("{coders} on {units} excerpts coded by at least two of them.", "{coders} em {units} trechos codificados por ao menos dois deles.")
        case .compareIntroOne: return ("{coders} on {units} excerpt coded by at least two of them.", "{coders} em {units} trecho codificado por ao menos dois deles.")
        case .whereTheyDiffer: return ("Where they differ ({n})", "Onde diferem ({n})")
        case .consensusCoder: return ("Consensus coder", "Codificador de consenso")
        case .consensusDefault: return ("Consensus", "Consenso")
        case .settleAgreements: return ("Copy the agreements into the consensus", "Copiar as concordâncias para o consenso")
        case .takeCoding: return ("Take {coder}'s", "Ficar com a de {coder}")
        case .settledAs: return ("Consensus: {categories}", "Consenso: {categories}")
        case .resolutionIntro:
            return ("Settle each difference into the consensus coder; the coders' own codes stay as they were, so agreement is still measured on them.",
                    "Resolva cada diferença no codificador de consenso; os códigos de cada codificador ficam como estavam, e a concordância continua medida sobre eles.")
        case .theStudy: return ("the study", "o estudo")
        case .searchPlaceholder: return ("Search the transcripts (regular expression)", "Buscar nas transcrições (expressão regular)")
        case .searchSpeaker: return ("speaker (optional)", "falante (opcional)")
        case .searchButton: return ("Search", "Buscar")
        case .ignoreCase: return ("ignore case", "ignorar maiúsculas")
        case .searchHits: return ("{n} hits", "{n} ocorrências")
        case .searchHitsOne: return ("{n} hit", "{n} ocorrência")
        case .noHits: return ("No hits.", "Nenhuma ocorrência.")
        case .searchAll: return ("every transcript", "todas as transcrições")
        case .codeEveryHit: return ("Code every hit", "Codificar todas as ocorrências")
        case .codeEveryHitCategory: return ("category for every hit", "categoria para todas as ocorrências")
        case .annotateSelection: return ("Annotate selection", "Anotar a seleção")
        case .annotationTitle: return ("Annotation on the passage", "Anotação sobre o trecho")
        case .annotationText: return ("Annotation", "Anotação")
        case .annotationsHeading: return ("Annotations", "Anotações")
        case .noAnnotations: return ("No annotations on this transcript.", "Nenhuma anotação nesta transcrição.")
        case .showPassage: return ("show", "mostrar")
        case .participant: return ("participant", "participante")
        case .addMemo: return ("Add memo", "Acrescentar memorando")
        case .play: return ("▶ {time}", "▶ {time}")
        case .playTitle: return ("Play the recording from where these words were said", "Tocar a gravação a partir de onde estas palavras foram ditas")
        case .recordingGone: return ("The recording cannot be played: {reason}", "A gravação não pode ser tocada: {reason}")
        }
    }
}
