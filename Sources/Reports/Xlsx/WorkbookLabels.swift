import Surveys

/// The workbook in the study's language: sheet names, column headers and what each sheet holds. CSV exports keep
/// the machine names (`participant`, `ci95_low`), which R and SPSS scripts rely on; the workbook is read by people.
enum WorkbookLabels {
    static let sheets: [String: (en: String, pt: String, about: (en: String, pt: String))] = [
        "Study": ("Study", "Estudo", ("title, language and what the study holds", "título, idioma e o que o estudo contém")),
        "Participants": ("Participants", "Participantes", ("one row per participant with their attributes", "uma linha por participante, com seus atributos")),
        "Responses": ("Responses", "Respostas", ("every answer, one row per item (long format)", "cada resposta, uma linha por item (formato longo)")),
        "Scores": ("Scores", "Escores", ("each participant's scores per instrument", "os escores de cada participante por instrumento")),
        "Summary": ("Summary", "Resumo", ("per group and overall: n, mean, SD, 95% CI, test against the norm, grade", "por grupo e no total: n, média, DP, IC 95 %, teste contra a norma, nota")),
        "Items": ("Items", "Itens", ("per item: n, mean, SD (recoded too) and the count of each scale point", "por item: n, média, DP (também recodificados) e a contagem de cada ponto da escala")),
        "Tasks": ("Tasks", "Tarefas", ("every task attempt: time, errors, outcome", "cada tentativa de tarefa: tempo, erros, resultado")),
        "Comparisons": ("Comparisons", "Comparações", ("between groups, per score: Welch / Mann–Whitney or Welch's ANOVA / Kruskal–Wallis, and the pairwise Games–Howell and Dunn (Holm) tests", "entre grupos, por escore: Welch / Mann–Whitney ou ANOVA de Welch / Kruskal–Wallis, e os testes par a par de Games–Howell e Dunn (Holm)")),
        "Task summary": ("Task summary", "Resumo das tarefas", ("per task and condition: completion with adjusted-Wald CI, times, errors", "por tarefa e condição: conclusão com IC de Wald ajustado, tempos, erros")),
        "Task comparisons": ("Task comparisons", "Comparações das tarefas", ("each condition's first two levels per task: time as a ratio of geometric means, errors as a difference, paired or Welch's t", "os dois primeiros níveis de cada condição por tarefa: tempo como razão de médias geométricas, erros como diferença, t pareado ou de Welch")),
        "Codebook": ("Codebook", "Livro de códigos", ("categories with origin, definition, theme and use", "categorias com origem, definição, tema e uso")),
        "Excerpts": ("Excerpts", "Trechos", ("coded excerpts with their in-vivo codes", "trechos codificados com seus códigos in vivo")),
        "Category frequencies": ("Category frequencies", "Frequência das categorias", ("per category: segments, participants and share", "por categoria: trechos, participantes e porcentagem")),
        "Memos": ("Memos", "Memorandos", ("analytic memos", "memorandos analíticos")),
        "Gaze recordings": ("Gaze recordings", "Gravações oculares", ("per participant × media: samples, share invalid, fixations, fixation filter", "por participante × mídia: amostras, porcentagem inválida, fixações, filtro de fixações")),
        "AOI metrics": ("AOI metrics", "Métricas por AOI", ("per participant × media × AOI: Tobii's metrics, in ms", "por participante × mídia × AOI: as métricas da Tobii, em ms")),
        "AOI summary": ("AOI summary", "Resumo por AOI", ("per AOI and group: percentage fixated, means with 95% CI", "por AOI e grupo: porcentagem que fixou, médias com IC 95 %")),
        "Fixations": ("Fixations", "Fixações", ("one row per fixation with a TRUE/FALSE column per AOI (eyetrackingR)", "uma linha por fixação, com uma coluna TRUE/FALSE por AOI (eyetrackingR)")),
        "Charts": ("Charts", "Gráficos", ("native Excel charts of the tables", "gráficos nativos do Excel a partir das tabelas")),
        "Chart data": ("Chart data", "Dados dos gráficos", ("the values the charts are drawn from", "os valores de que os gráficos são feitos")),
    ]

    static let columns: [String: String] = [
        "acceptability": "aceitabilidade", "adjective": "adjetivo", "answer": "resposta", "assisted": "com ajuda", "attempts": "tentativas",
        "category": "categoria", "ci95_high": "IC 95 % sup.", "ci95_low": "IC 95 % inf.", "code": "código", "code_id": "id do código",
        "coder": "codificador", "codes": "códigos", "completion": "conclusão", "completion_ci_high": "conclusão IC sup.",
        "completion_ci_low": "conclusão IC inf.", "count": "contagem", "created": "criado em", "definition": "definição",
        "denominator": "denominador", "errors": "erros", "errors_mean": "erros (média)", "errors_sd": "erros (DP)", "errors_total": "erros (total)",
        "excerpt": "trecho", "field": "campo", "geomean_ci_high": "média geom. IC sup.", "geomean_ci_low": "média geom. IC inf.",
        "grade": "nota", "group": "grupo", "in_vivo": "in vivo", "instrument": "instrumento", "item": "item", "items": "itens",
        "items_answered": "itens respondidos", "max": "máx.", "mean": "média", "median": "mediana", "memo": "memorando", "min": "mín.",
        "n": "n", "norm": "norma", "not_applicable": "N/A", "note": "observação", "occasion": "ocasião", "on": "sobre",
        "orientation": "orientação", "origin": "origem", "outcome": "resultado", "p": "p", "participant": "participante",
        "participants": "participantes", "point": "ponto", "recoded": "recodificado", "recoded_mean": "média recodificada",
        "recoded_sd": "DP recodificado", "score": "escore", "sd": "DP", "segments": "trechos", "seq_mean": "SEQ (média)", "share": "porcentagem",
        "span_end": "fim", "span_start": "início", "submitted": "enviado em", "successes": "sucessos", "t": "t", "task": "tarefa",
        "text": "texto", "media": "mídia", "recording": "gravação", "samples": "amostras", "invalid_share": "proporção de amostras inválidas",
        "fixations": "fixações", "fixation_filter": "filtro de fixações", "aoi": "AOI", "time_to_first_fixation_ms": "tempo até a 1ª fixação (ms)",
        "fixations_before": "fixações antes", "first_fixation_ms": "1ª fixação (ms)", "total_fixation_ms": "duração total das fixações (ms)",
        "fixation_count": "número de fixações", "visit_count": "visitas", "total_visit_ms": "duração total das visitas (ms)",
        "average_fixation_ms": "duração média das fixações (ms)", "fixated": "fixaram", "percent_fixated": "% que fixou", "fixation": "fixação",
        "time_ms": "tempo (ms)", "start_ms": "início (ms)", "end_ms": "fim (ms)", "duration_ms": "duração (ms)", "trackloss": "perda de rastreio", "theme": "tema", "time_geomean": "tempo (média geom.)", "time_mean": "tempo (média)", "time_median": "tempo (mediana)",
        "time_s": "tempo (s)", "total_mean": "tempo total (média)", "total_s": "tempo total (s)", "trial": "tentativa", "value": "valor",
    ]

    static let english: [String: String] = [
        "ci95_high": "95% CI high", "ci95_low": "95% CI low", "code_id": "code id", "completion_ci_high": "completion CI high",
        "completion_ci_low": "completion CI low", "errors_mean": "errors (mean)", "errors_sd": "errors (SD)", "errors_total": "errors (total)",
        "geomean_ci_high": "geometric mean CI high", "geomean_ci_low": "geometric mean CI low", "in_vivo": "in vivo",
        "items_answered": "items answered", "not_applicable": "N/A", "recoded_mean": "recoded mean", "recoded_sd": "recoded SD",
        "sd": "SD", "seq_mean": "SEQ (mean)", "span_end": "end", "span_start": "start", "time_geomean": "time (geometric mean)",
        "time_mean": "time (mean)", "time_median": "time (median)", "time_s": "time (s)", "total_mean": "total time (mean)", "total_s": "total time (s)",
        "invalid_share": "share invalid", "fixation_filter": "fixation filter", "time_to_first_fixation_ms": "time to first fixation (ms)",
        "fixations_before": "fixations before", "first_fixation_ms": "first fixation (ms)", "total_fixation_ms": "total fixation duration (ms)",
        "fixation_count": "fixation count", "visit_count": "visits", "total_visit_ms": "total visit duration (ms)",
        "average_fixation_ms": "average fixation duration (ms)", "percent_fixated": "% fixated", "time_ms": "time (ms)", "start_ms": "start (ms)",
        "end_ms": "end (ms)", "duration_ms": "duration (ms)",
    ]

    static func sheet(_ name: String, _ language: StudyLanguage) -> String {
        guard let entry = sheets[name] else { return name }
        return language == .ptBR ? entry.pt : entry.en
    }

    static func about(_ name: String, _ language: StudyLanguage) -> String {
        guard let entry = sheets[name] else { return "" }
        return language == .ptBR ? entry.about.pt : entry.about.en
    }

    /// A column header for people; a name the tables take from the study (an attribute, a condition) stays as it is.
    static func column(_ name: String, _ language: StudyLanguage) -> String {
        language == .ptBR ? (columns[name] ?? name) : (english[name] ?? name)
    }
}
