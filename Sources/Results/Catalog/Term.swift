import Surveys

/// The message catalog's words: column labels and the short words of tables and captions, each with its English and
/// Brazilian Portuguese text. The raw value is the machine name a column named by the term carries in CSV and JSON.
///
/// The `switch` in `text(_:)` is exhaustive, so a term cannot lack a language; `ResultsTests` checks that no
/// Portuguese text holds an English word from its list, and the reverse.
public enum Term: String, Sendable, CaseIterable, Bilingual {
    // People and groups.
    case participant, participants, group, all, overall, task, tasks, condition, trial, coder, coders, occasion, no_occasion
    // Descriptive statistics.
    case n, mean, sd, median, min, max, mode, ci95, score, value, norm
    // Tests.
    case test, statistic, t, df, p, p_adjusted, effect_size, difference, verdict, method, comparison
    case group_a, group_b, mean_difference, ci95_difference, games_howell_t, games_howell_df, games_howell_p, rank_difference
    case dunn_z, dunn_p_holm
    // Within participants.
    case measurement, left_out, means, level_a, level_b, p_holm, dz, variation_source, partial_eta_squared, gg_epsilon, p_gg
    // Questionnaires.
    case instrument, item, text, recoded, recoded_mean, recoded_sd, answered, not_applicable, point, count, share
    case grade, grade_ci95, percentiles, percentile_rank, adjective, acceptability, alpha, items
    // Tasks.
    case attempts, successes, completion, completion_ci95, time_mean, time_median, time_geomean, time_geomean_ci95
    case total_mean, errors_mean, errors_sd, errors_total, assisted, seq_mean, outcome
    case time, errors, note, measure, typical_a, typical_b, effect, partials, failures, time_n, time_sd, penalty, total_median, total_geomean, seq_n
    case levels, several_attempts, kendall_w, only_a, only_b, completed
    case abandoned, by, n_a, n_b, hedges_g, higher, direction
    // Coding.
    case category, origin, definition, theme, codes, segments, excerpt, code, agreement, kappa, kappa_ci95, alpha_ci95, units, emergent, a_priori
    case raised_n, raised_mean, others_n, others_mean, ac1, brennan_prediger
    case position, new_categories, new_count, cumulative, run, run_new, run_share, estimate
    // Eye tracking.
    case media, aoi, fixated, ttff_mean, ttff_ci95, total_fixation_mean, total_fixation_ci95, fixation_count_mean, visit_count_mean
    case samples, invalid_share, fixations, pairs, mean_similarity
    // Captions.
    case table, figure, continued, continues, source
    // Study contents.
    case kind, attributes, conditions, instruments, response_sets, item_answers, transcripts, excerpts, categories, memos
    case gaze_recordings, areas_of_interest, sessions, recordings
    // Transcripts.
    case interview_transcripts, session_logs, speaker, speakers, turns, start, end, moderator, interview, session_log

    /// English, then Portuguese.
    public var entry: (String, String) {
        switch self {
        case .participant: return ("Participant", "Participante")
        case .participants: return ("Participants", "Participantes")
        case .group: return ("Group", "Grupo")
        case .all: return ("All", "Todos")
        case .overall: return ("Overall", "Geral")
        case .task: return ("Task", "Tarefa")
        case .occasion: return ("Occasion", "Ocasião")
        case .no_occasion: return ("(no occasion)", "(sem ocasião)")
        case .tasks: return ("Tasks", "Tarefas")
        case .condition: return ("Condition", "Condição")
        case .trial: return ("Trial", "Tentativa")
        case .coder: return ("Coder", "Codificador")
        case .coders: return ("Coders", "Codificadores")
        case .n: return ("n", "n")
        case .mean: return ("Mean", "Média")
        case .sd: return ("SD", "DP")
        case .median: return ("Median", "Mediana")
        case .min: return ("Min.", "Mín.")
        case .max: return ("Max.", "Máx.")
        case .mode: return ("Mode", "Moda")
        case .ci95: return ("95% CI", "IC 95 %")
        case .score: return ("Score", "Escore")
        case .value: return ("Value", "Valor")
        case .norm: return ("Norm", "Norma")
        case .test: return ("Test", "Teste")
        case .statistic: return ("Statistic", "Estatística")
        case .t: return ("t", "t")
        case .df: return ("df", "gl")
        case .p: return ("p", "p")
        case .p_adjusted: return ("Adjusted p", "p ajustado")
        case .effect_size: return ("Effect size", "Tamanho de efeito")
        case .difference: return ("Difference", "Diferença")
        case .verdict: return ("Result", "Resultado")
        case .method: return ("Method", "Método")
        case .comparison: return ("Comparison", "Comparação")
        case .group_a: return ("Group A", "Grupo A")
        case .group_b: return ("Group B", "Grupo B")
        case .mean_difference: return ("Mean difference", "Diferença das médias")
        case .ci95_difference: return ("95% CI of the difference", "IC 95 % da diferença")
        case .games_howell_t: return ("t (Games–Howell)", "t (Games–Howell)")
        case .games_howell_df: return ("df", "gl")
        case .games_howell_p: return ("p (Games–Howell)", "p (Games–Howell)")
        case .rank_difference: return ("Mean rank difference", "Diferença dos postos médios")
        case .dunn_z: return ("z (Dunn)", "z (Dunn)")
        case .dunn_p_holm: return ("p (Dunn, Holm)", "p (Dunn, Holm)")
        case .measurement: return ("Occasion / condition", "Ocasião / condição")
        case .left_out: return ("Left out", "Deixados de fora")
        case .means: return ("Means", "Médias")
        case .level_a: return ("Level A", "Nível A")
        case .level_b: return ("Level B", "Nível B")
        case .p_holm: return ("p (Holm)", "p (Holm)")
        case .dz: return ("dz", "dz")
        case .variation_source: return ("Source of variation", "Fonte de variação")
        case .partial_eta_squared: return ("Partial η²", "η² parcial")
        case .gg_epsilon: return ("Greenhouse–Geisser ε", "ε de Greenhouse–Geisser")
        case .p_gg: return ("p (Greenhouse–Geisser)", "p (Greenhouse–Geisser)")
        case .instrument: return ("Instrument", "Instrumento")
        case .item: return ("Item", "Item")
        case .text: return ("Text", "Texto")
        case .recoded: return ("Recoded", "Recodificado")
        case .recoded_mean: return ("Recoded mean", "Média recodificada")
        case .recoded_sd: return ("Recoded SD", "DP recodificado")
        case .answered: return ("Answered", "Respondidos")
        case .not_applicable: return ("N/A", "N/A")
        case .point: return ("Point", "Ponto")
        case .count: return ("Count", "Contagem")
        case .share: return ("%", "%")
        case .grade: return ("Grade", "Nota")
        case .percentiles: return ("Percentiles", "Percentis")
        case .percentile_rank: return ("Percentile rank", "Posição percentil")
        case .adjective: return ("Adjective", "Adjetivo")
        case .acceptability: return ("Acceptability", "Aceitabilidade")
        case .alpha: return ("Krippendorff's α", "α de Krippendorff")
        case .items: return ("Items", "Itens")
        case .attempts: return ("Attempts", "Tentativas")
        case .successes: return ("Successes", "Sucessos")
        case .completion: return ("Completion", "Conclusão")
        case .completion_ci95: return ("Completion 95% CI", "IC 95 % da conclusão")
        case .time_mean: return ("Mean time (s)", "Tempo médio (s)")
        case .time_median: return ("Median time (s)", "Tempo mediano (s)")
        case .time_geomean: return ("Geometric mean time (s)", "Média geométrica do tempo (s)")
        case .time_geomean_ci95: return ("Geometric mean 95% CI", "IC 95 % da média geométrica")
        case .total_mean: return ("Mean total time (s)", "Tempo total médio (s)")
        case .errors_mean: return ("Mean errors", "Erros (média)")
        case .errors_sd: return ("Errors SD", "Erros (DP)")
        case .errors_total: return ("Errors (total)", "Erros (total)")
        case .assisted: return ("Assisted", "Com ajuda")
        case .seq_mean: return ("SEQ (mean)", "SEQ (média)")
        case .outcome: return ("Outcome", "Resultado")
        case .time: return ("Time", "Tempo")
        case .errors: return ("Errors", "Erros")
        case .note: return ("Note", "Observação")
        case .measure: return ("Measure", "Medida")
        case .typical_a: return ("A", "A")
        case .typical_b: return ("B", "B")
        case .effect: return ("Effect (B vs A)", "Efeito (B vs. A)")
        case .partials: return ("Partial successes", "Sucessos parciais")
        case .failures: return ("Failures", "Falhas")
        case .time_n: return ("Timed attempts", "Tentativas cronometradas")
        case .time_sd: return ("Time SD (s)", "DP do tempo (s)")
        case .penalty: return ("Penalty per error (s)", "Penalidade por erro (s)")
        case .total_median: return ("Median total time (s)", "Tempo total mediano (s)")
        case .total_geomean: return ("Geometric mean total time (s)", "Média geométrica do tempo total (s)")
        case .seq_n: return ("SEQ answers", "Respostas SEQ")
        case .levels: return ("Levels", "Níveis")
        case .several_attempts: return ("Participants with several attempts", "Participantes com várias tentativas")
        case .kendall_w: return ("Kendall's W", "W de Kendall")
        case .only_a: return ("Completed under A only", "Concluíram só em A")
        case .only_b: return ("Completed under B only", "Concluíram só em B")
        case .completed: return ("Completed per level", "Concluíram por nível")
        case .abandoned: return ("Abandoned", "Abandonaram")
        case .by: return ("Groups of", "Grupos de")
        case .n_a: return ("n A", "n A")
        case .n_b: return ("n B", "n B")
        case .hedges_g: return ("Hedges' g (B − A)", "g de Hedges (B − A)")
        case .higher: return ("Higher", "Maior")
        case .direction: return ("Direction", "Sentido")
        case .category: return ("Category", "Categoria")
        case .origin: return ("Origin", "Origem")
        case .definition: return ("Definition", "Definição")
        case .theme: return ("Theme", "Tema")
        case .codes: return ("Codes", "Códigos")
        case .segments: return ("Segments", "Segmentos")
        case .excerpt: return ("Excerpt", "Trecho")
        case .code: return ("Code", "Código")
        case .agreement: return ("Agreement", "Concordância")
        case .kappa: return ("Cohen's κ", "κ de Cohen")
        case .kappa_ci95: return ("κ 95% CI", "IC 95 % do κ")
        case .alpha_ci95: return ("α 95% CI (bootstrap)", "IC 95 % do α (bootstrap)")
        case .position: return ("Order", "Ordem")
        case .new_categories: return ("Raised for the first time", "Citadas pela primeira vez")
        case .new_count: return ("New", "Novas")
        case .cumulative: return ("So far", "Até aqui")
        case .run: return ("Run", "Sequência")
        case .run_new: return ("New in the run", "Novas na sequência")
        case .run_share: return ("Of the base", "Da base")
        case .estimate: return ("Estimate", "Estimativa")
        case .units: return ("Units", "Unidades")
        case .emergent: return ("Emergent", "Emergente")
        case .a_priori: return ("A priori", "A priori")
        case .media: return ("Media", "Mídia")
        case .aoi: return ("AOI", "AOI")
        case .fixated: return ("Fixated", "Fixaram")
        case .ttff_mean: return ("Time to first fixation (ms)", "Tempo até a primeira fixação (ms)")
        case .ttff_ci95: return ("TTFF 95% CI", "IC 95 % do TPF")
        case .total_fixation_mean: return ("Total fixation (ms)", "Fixação total (ms)")
        case .total_fixation_ci95: return ("Total fixation 95% CI", "IC 95 % da fixação total")
        case .fixation_count_mean: return ("Fixations (mean)", "Fixações (média)")
        case .visit_count_mean: return ("Visits (mean)", "Visitas (média)")
        case .samples: return ("Samples", "Amostras")
        case .invalid_share: return ("Invalid", "Inválidas")
        case .fixations: return ("Fixations", "Fixações")
        case .pairs: return ("Pairs", "Pares")
        case .mean_similarity: return ("Mean similarity", "Semelhança média")
        case .grade_ci95: return ("Grades in the 95% CI", "Notas no IC 95 %")
        case .ac1: return ("Gwet's AC1", "AC1 de Gwet")
        case .brennan_prediger: return ("Brennan–Prediger", "Brennan–Prediger")
        case .raised_n: return ("Raised it, n", "Citaram, n")
        case .raised_mean: return ("Raised it, mean", "Citaram, média")
        case .others_n: return ("Others, n", "Demais, n")
        case .others_mean: return ("Others, mean", "Demais, média")
        case .table: return ("Table", "Tabela")
        case .figure: return ("Figure", "Figura")
        case .continued: return ("continued", "continuação")
        case .continues: return ("continues on the next page", "continua na próxima página")
        case .source: return ("Source", "Fonte")
        case .kind: return ("Kind", "Tipo")
        case .attributes: return ("Attributes", "Atributos")
        case .conditions: return ("Conditions", "Condições")
        case .instruments: return ("Instruments", "Instrumentos")
        case .response_sets: return ("Response sets", "Conjuntos de respostas")
        case .item_answers: return ("Item answers", "Respostas a itens")
        case .transcripts: return ("Transcripts", "Transcrições")
        case .interview_transcripts: return ("Interviews", "Entrevistas")
        case .session_logs: return ("Session logs", "Registros de sessão")
        case .speaker: return ("Speaker", "Falante")
        case .speakers: return ("Speakers", "Falantes")
        case .turns: return ("Turns", "Falas")
        case .start: return ("Start", "Início")
        case .end: return ("End", "Fim")
        case .moderator: return ("moderator", "moderação")
        case .interview: return ("interview", "entrevista")
        case .session_log: return ("session log", "registro de sessão")
        case .excerpts: return ("Excerpts", "Trechos")
        case .categories: return ("Categories", "Categorias")
        case .memos: return ("Memos", "Memorandos")
        case .gaze_recordings: return ("Gaze recordings", "Gravações oculares")
        case .recordings: return ("Recordings", "Gravações")
        case .sessions: return ("Sessions", "Sessões")
        case .areas_of_interest: return ("Areas of interest", "Áreas de interesse")
        }
    }
}
