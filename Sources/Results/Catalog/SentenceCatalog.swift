/// The tool's sentences in Brazilian Portuguese, keyed by their English pattern (`Sentence.pattern`: the English
/// text with `%@` for each argument, `%N$@` where Portuguese orders them otherwise). `SentenceCatalogTests` reads
/// every sentence in the sources and fails when one is missing here.
public enum SentenceCatalog {
    public static let portuguese: [String: String] = [
        "libjpeg says \"%@\"":
            "a libjpeg diz \"%@\"",
        "Cairo could not decode it":
            "o Cairo não conseguiu decodificá-la",
        "it is a folder":
            "é uma pasta",
        "it is a folder, not a file":
            "é uma pasta, não um arquivo",
        "it is not valid UTF-16 text (a lone surrogate at byte %@)":
            "não é texto UTF-16 válido (um substituto isolado no byte %@)",
        "libjpeg could not decode it":
            "a libjpeg não conseguiu decodificá-la",
        "no memory for its pixels":
            "sem memória para seus pixels",
        "no such file":
            "o arquivo não existe",
        "permission denied":
            "permissão negada",
        "the UTF-16 text ends in the middle of a character":
            "o texto UTF-16 termina no meio de um caractere",
        "the built-in instruments were not installed with studyctl":
            "os instrumentos embutidos não foram instalados com o studyctl",
        "the file ends inside its header":
            "o arquivo termina dentro do cabeçalho",
        "%@ to %@":
            "%@ a %@",
        "no variation: test undefined":
            "sem variação: teste indefinido",
        "%@ people took part in the study, grouped by %@.":
            "Participaram do estudo %@ pessoas, agrupadas por %@.",
        "%@ people took part in the study.":
            "Participaram do estudo %@ pessoas.",
        "The %@ %@ was applied; its SUS equivalent is 0.65 × UMUX-Lite + 22.9.":
            "Aplicou-se o %@ %@; o equivalente SUS é 0,65 × UMUX-Lite + 22,9.",
        "The %@ %@ was applied; the score is the sum of the item contributions / 24 × 100.":
            "Aplicou-se o %@ %@; o escore é a soma das contribuições / 24 × 100.",
        "The %@ instrument was applied%@; each score is the mean of the answered items, reversed items recoded.":
            "Aplicou-se o instrumento %@%@; cada escore é a média dos itens respondidos, com itens invertidos recodificados.",
        "The %@ instrument was applied%@; each score is the sum of the answered items, reversed items recoded.":
            "Aplicou-se o instrumento %@%@; cada escore é a soma dos itens respondidos, com itens invertidos recodificados.",
        "from the I-VT filter %@ applied to raw gaze (%@)":
            "do filtro I-VT %@ aplicado ao olhar bruto (%@)",
        "from the Tobii export (%@)":
            "da exportação da Tobii (%@)",
        "Eye movements were recorded with a Tobii eye tracker (%@ recordings); fixations come %@. Area-of-interest metrics follow Tobii's definitions: time to first fixation, fixations before it, first fixation duration, fixation duration and count, visits and their duration, and the percentage of participants who fixated the area. Heat maps sum a Gaussian kernel (SD ≈ 33 px) per fixation, weighted by its duration %@.":
            "Os movimentos oculares foram registrados com rastreador Tobii (%@ gravações); as fixações vêm %@. As métricas por área de interesse seguem as definições da Tobii: tempo até a primeira fixação, fixações antes dela, duração da primeira fixação, duração e número de fixações, visitas e sua duração, e a porcentagem de participantes que fixaram a área. Os mapas de calor somam um núcleo gaussiano (DP ≈ 33 px) por fixação, ponderado pela duração %@.",
        "Share of \"%@\" answers per component and item, with adjusted-Wald 95%% intervals":
            "Porcentagem de respostas \"%@\" por componente e item, com intervalo de Wald ajustado de 95 %%",
        "Share of \"%@\" answers per task and item, with adjusted-Wald 95%% intervals":
            "Porcentagem de respostas \"%@\" por tarefa e item, com intervalo de Wald ajustado de 95 %%",
        "fewer than two scores: test undefined":
            "menos de dois escores: teste indefinido",
        "Perceived usability was measured with the System Usability Scale (SUS) %@. The score is 2.5 × Σ[(odd items − 1) + (5 − even items)], from 0 to 100; the Learnability (items 4 and 10) and Usability (the other items) sub-scores follow %@. Means are interpreted with the curved grading scale %@; each score with the adjective scale %@ and the acceptability ranges %@; the mean was compared with the benchmark of 68 by a one-sample t-test.":
            "A usabilidade percebida foi medida com a System Usability Scale (SUS) %@. O escore é 2,5 × Σ[(itens ímpares − 1) + (5 − itens pares)], de 0 a 100; as subescalas Aprendizagem (itens 4 e 10) e Usabilidade (demais itens) seguem %@. A interpretação da média usa a escala de notas %@; a de cada escore, os adjetivos %@ e as faixas de aceitabilidade %@; a média foi comparada ao referencial 68 por teste t de uma amostra.",
        "The %@ %@ was applied on a 7-point scale where 1 = strongly agree (lower is better). Each sub-scale is the mean of the answered items, N/A excluded; means were compared with the published norms %@ by one-sample t-tests.":
            "Aplicou-se o %@ %@, escala de 7 pontos em que 1 = concordo totalmente (valores menores são melhores). Cada subescala é a média dos itens respondidos, excluindo-se N/A; as médias foram comparadas às normas publicadas %@ por teste t de uma amostra.",
        "Workload was measured with the NASA-TLX %@: raw TLX as the mean of the six ratings %@ and, where weights were collected, weighted TLX = Σ rating × weight / 15.":
            "A carga de trabalho foi medida com o NASA-TLX %@: TLX bruto como média das seis avaliações %@ e, havendo pesos, TLX ponderado = Σ avaliação × peso / 15.",
        " 95 %% confidence intervals use the t distribution; internal consistency was estimated with Cronbach's α %@.":
            " Intervalos de confiança de 95 %% usam a distribuição t; a consistência interna foi estimada pelo α de Cronbach %@.",
        "For tasks, completion rates are given with the 95 %% adjusted-Wald interval %@; times as mean, median and geometric mean with its interval computed on the log scale %@.":
            "Nas tarefas, a taxa de conclusão é apresentada com o intervalo de Wald ajustado de 95 %% %@; os tempos, pela média, mediana e média geométrica com intervalo calculado na escala logarítmica %@.",
        " Agreement between coders was measured by percent agreement, Cohen's κ %@ and nominal Krippendorff's α %@, over the excerpts coded by at least two coders.":
            " A concordância entre codificadores foi medida pela porcentagem de concordância, pelo κ de Cohen %@ e pelo α de Krippendorff nominal %@, sobre os trechos codificados por ao menos dois codificadores.",
        " Scan-path similarity was measured by the normalised Levenshtein distance between AOI visit sequences %@.":
            " A semelhança entre caminhos do olhar foi medida pela distância de Levenshtein normalizada entre as sequências de visitas a AOIs %@.",
        "Completion rate per task with adjusted-Wald 95%% confidence intervals %@":
            "Taxa de conclusão por tarefa, com intervalo de Wald ajustado de 95 %% %@",
        "Agreement between coders per category: Cohen's κ and Krippendorff's α, with the 0.80 threshold %@":
            "Concordância entre codificadores por categoria: κ de Cohen e α de Krippendorff, com o limiar de 0,80 %@",
        "Heat map of %@: every participant's fixations weighted by duration %@":
            "Mapa de calor de %@: fixações de todos os participantes ponderadas pela duração %@",
        "fewer than two groups with scores: no comparison":
            "menos de dois grupos com escores: sem comparação",
        "no variation: every score is the same, test undefined":
            "sem variação: todos os escores são iguais",
        "too few scores per group (or no variation within groups): test undefined":
            "escores de menos por grupo (ou sem variação nos grupos): teste indefinido",
        "test undefined":
            "teste indefinido",
        "no group with scores":
            "nenhum grupo com escores",
        "%@ (n = %@, M = %@, SD = %@)":
            "%@ (n = %@; M = %@; DP = %@)",
        "%@ (n = %@, M = %@)":
            "%@ (n = %@; M = %@)",
        ", and ":
            " e ",
        "%@: %@; no test (%@).":
            "%@: %@; sem teste (%@).",
        "Welch's t(%@) = %@":
            "t de Welch(%@) = %@",
        "Mann–Whitney U = %@":
            "U de Mann-Whitney = %@",
        "Welch's F(%@) = %@":
            "F de Welch(%@) = %@",
        "H(%@) = %@":
            "H(%@) = %@",
        "p < .001":
            "p < 0,001",
        "p < 0,001":
            "p < 0,001",
        "p = %@":
            "p = %@",
        "Hedges' g = %@":
            "g de Hedges = %@",
        "r = %@":
            "r = %@",
        "ε² = %@":
            "ε² = %@",
        "%@, %@, %@":
            "%@; %@; %@",
        "%@, %@":
            "%@; %@",
        "%@ differed significantly between %@: %@.":
            "%@ diferiu significativamente entre %@: %@.",
        "%@ did not differ significantly between %@: %@.":
            "%@ não diferiu significativamente entre %@: %@.",
        "%@ differed significantly among the groups %@ (%@).":
            "%@ diferiu significativamente entre os grupos %@ (%@).",
        "%@ did not differ significantly among the groups %@ (%@).":
            "%@ não diferiu significativamente entre os grupos %@ (%@).",
        "canonical":
            "canônica",
        "inverted":
            "invertida",
        "%% fixated":
            "%% que fixou",
        "95%% CI high":
            "IC 95 %% sup.",
        "95%% CI low":
            "IC 95 %% inf.",
        "AOI metrics":
            "Métricas por AOI",
        "AOI summary":
            "Resumo por AOI",
        "Category frequencies":
            "Frequência das categorias",
        "Chart data":
            "Dados dos gráficos",
        "Charts":
            "Gráficos",
        "Codebook":
            "Livro de códigos",
        "Comparisons":
            "Comparações",
        "Excerpts":
            "Trechos",
        "Fixations":
            "Fixações",
        "Gaze recordings":
            "Gravações oculares",
        "Items":
            "Itens",
        "Memos":
            "Memorandos",
        "N/A":
            "N/A",
        "Responses":
            "Respostas",
        "SD":
            "DP",
        "SEQ (mean)":
            "SEQ (média)",
        "Scores":
            "Escores",
        "Study":
            "Estudo",
        "Summary":
            "Resumo",
        "Task comparisons":
            "Comparações das tarefas",
        "Task summary":
            "Resumo das tarefas",
        "Tasks":
            "Tarefas",
        "acceptability":
            "aceitabilidade",
        "adjective":
            "adjetivo",
        "analytic memos":
            "memorandos analíticos",
        "answer":
            "resposta",
        "aoi":
            "AOI",
        "assisted":
            "com ajuda",
        "average fixation duration (ms)":
            "duração média das fixações (ms)",
        "between groups, per score: Welch / Mann–Whitney or Welch's ANOVA / Kruskal–Wallis, and the pairwise Games–Howell and Dunn (Holm) tests":
            "entre grupos, por escore: Welch / Mann–Whitney ou ANOVA de Welch / Kruskal–Wallis, e os testes par a par de Games–Howell e Dunn (Holm)",
        "categories with origin, definition, theme and use":
            "categorias com origem, definição, tema e uso",
        "code id":
            "id do código",
        "coded excerpts with their in-vivo codes":
            "trechos codificados com seus códigos in vivo",
        "completion":
            "conclusão",
        "completion CI high":
            "conclusão IC sup.",
        "completion CI low":
            "conclusão IC inf.",
        "definition":
            "definição",
        "denominator":
            "denominador",
        "duration (ms)":
            "duração (ms)",
        "each condition's first two levels per task: time as a ratio of geometric means, errors as a difference, paired or Welch's t":
            "os dois primeiros níveis de cada condição por tarefa: tempo como razão de médias geométricas, erros como diferença, t pareado ou de Welch",
        "each participant's scores per instrument":
            "os escores de cada participante por instrumento",
        "end":
            "fim",
        "end (ms)":
            "fim (ms)",
        "errors":
            "erros",
        "errors (SD)":
            "erros (DP)",
        "errors (mean)":
            "erros (média)",
        "errors (total)":
            "erros (total)",
        "every answer, one row per item (long format)":
            "cada resposta, uma linha por item (formato longo)",
        "every task attempt: time, errors, outcome":
            "cada tentativa de tarefa: tempo, erros, resultado",
        "excerpt":
            "trecho",
        "field":
            "campo",
        "first fixation (ms)":
            "1ª fixação (ms)",
        "fixated":
            "fixaram",
        "fixation":
            "fixação",
        "fixation filter":
            "filtro de fixações",
        "fixations before":
            "fixações antes",
        "geometric mean CI high":
            "média geom. IC sup.",
        "geometric mean CI low":
            "média geom. IC inf.",
        "grade":
            "nota",
        "group":
            "grupo",
        "in vivo":
            "in vivo",
        "instrument":
            "instrumento",
        "item":
            "item",
        "items answered":
            "itens respondidos",
        "max":
            "máx.",
        "mean":
            "média",
        "median":
            "mediana",
        "min":
            "mín.",
        "n":
            "n",
        "native Excel charts of the tables":
            "gráficos nativos do Excel a partir das tabelas",
        "norm":
            "norma",
        "note":
            "observação",
        "occasion":
            "ocasião",
        "on":
            "sobre",
        "one row per fixation with a TRUE/FALSE column per AOI (eyetrackingR)":
            "uma linha por fixação, com uma coluna TRUE/FALSE por AOI (eyetrackingR)",
        "one row per participant with their attributes":
            "uma linha por participante, com seus atributos",
        "orientation":
            "orientação",
        "outcome":
            "resultado",
        "p":
            "p",
        "per AOI and group: percentage fixated, means with 95%% CI":
            "por AOI e grupo: porcentagem que fixou, médias com IC 95 %%",
        "per category: segments, participants and share":
            "por categoria: trechos, participantes e porcentagem",
        "per group and overall: n, mean, SD, 95%% CI, test against the norm, grade":
            "por grupo e no total: n, média, DP, IC 95 %%, teste contra a norma, nota",
        "per item: n, mean, SD (recoded too) and the count of each scale point":
            "por item: n, média, DP (também recodificados) e a contagem de cada ponto da escala",
        "per participant × media × AOI: Tobii's metrics, in ms":
            "por participante × mídia × AOI: as métricas da Tobii, em ms",
        "per participant × media: samples, share invalid, fixations, fixation filter":
            "por participante × mídia: amostras, porcentagem inválida, fixações, filtro de fixações",
        "per task and condition: completion with adjusted-Wald CI, times, errors":
            "por tarefa e condição: conclusão com IC de Wald ajustado, tempos, erros",
        "point":
            "ponto",
        "recoded":
            "recodificado",
        "recoded SD":
            "DP recodificado",
        "recoded mean":
            "média recodificada",
        "score":
            "escore",
        "segments":
            "trechos",
        "share":
            "porcentagem",
        "share invalid":
            "proporção de amostras inválidas",
        "start":
            "início",
        "start (ms)":
            "início (ms)",
        "submitted":
            "enviado em",
        "successes":
            "sucessos",
        "t":
            "t",
        "the values the charts are drawn from":
            "os valores de que os gráficos são feitos",
        "time (geometric mean)":
            "tempo (média geom.)",
        "time (mean)":
            "tempo (média)",
        "time (median)":
            "tempo (mediana)",
        "time (ms)":
            "tempo (ms)",
        "time (s)":
            "tempo (s)",
        "time to first fixation (ms)":
            "tempo até a 1ª fixação (ms)",
        "title, language and what the study holds":
            "título, idioma e o que o estudo contém",
        "total fixation duration (ms)":
            "duração total das fixações (ms)",
        "total time (mean)":
            "tempo total (média)",
        "total time (s)":
            "tempo total (s)",
        "total visit duration (ms)":
            "duração total das visitas (ms)",
        "trackloss":
            "perda de rastreio",
        "trial":
            "tentativa",
        "value":
            "valor",
        "  study:    %@":
            "  estudo:   %@",
        "  report:   %@ (English: %@; HTML: report.html, report.en.html; LaTeX: report.tex, report.en.tex)":
            "  relatório: %@ (em inglês: %@; HTML: report.html, report.en.html; LaTeX: report.tex, report.en.tex)",
        "  workbook: %@":
            "  pasta de trabalho: %@",
        "  tables:   %@/":
            "  tabelas:  %@/",
        "code":
            "código",
        "study":
            "estudo",
        "the study":
            "o estudo",
        "language":
            "idioma",
        "created":
            "criado em",
        "grouped by":
            "agrupado por",
        "questionnaires":
            "questionários",
        "tasks":
            "tarefas",
        "categories":
            "categorias",
        "'studyctl code list' shows each code's number.":
            "'studyctl code list' mostra o número de cada código.",
        "--condition: paired t-test when the same participants did both conditions (per-participant means), Welch's t-test otherwise. --by ATTRIBUTE: two groups of participants (between subjects), Welch's t-test. Times are compared on the log scale and reported as the ratio of geometric means with its 95 %% interval; errors as the difference of means.\n\nExamples: studyctl tasks compare fase-1 --condition setting\n          studyctl tasks compare fase-1 --by level --levels Iniciante,Avançado":
            "--condition: teste t pareado quando os mesmos participantes fizeram as duas condições (médias por participante), teste t de Welch nos demais casos. --by ATRIBUTO: dois grupos de participantes (entre sujeitos), teste t de Welch. Os tempos são comparados na escala logarítmica e relatados como a razão das médias geométricas com seu intervalo de 95 %%; os erros, como a diferença das médias.\n\nExemplos: studyctl tasks compare fase-1 --condition setting\n          studyctl tasks compare fase-1 --by level --levels Iniciante,Avançado",
        "A condition level; repeat for several factors.":
            "Um nível de condição; repita para vários fatores.",
        "A folder of stimulus images (PNG or JPEG) named like the media, registered with them.":
            "Uma pasta de imagens de estímulo (PNG ou JPEG) com o nome das mídias, registradas com elas.",
        "A note on the attempt.":
            "Uma observação sobre a tentativa.",
        "A participant attribute whose groups are compared (between subjects).":
            "Um atributo de participante cujos grupos são comparados (entre sujeitos).",
        "A participant's repeated rows: refuse, keep-last or keep-first.":
            "Linhas repetidas de um participante: refuse (recusar), keep-last (manter a última) ou keep-first (manter a primeira).",
        "A polygon: x1,y1,x2,y2,x3,y3,…":
            "Um polígono: x1,y1,x2,y2,x3,y3,…",
        "A rectangle: x,y,width,height.":
            "Um retângulo: x,y,largura,altura.",
        "A research workbench for usability studies: participants, tasks, questionnaires and coded interviews in one study file.":
            "Uma bancada de pesquisa para estudos de usabilidade: participantes, tarefas, questionários e entrevistas codificadas num só arquivo de estudo.",
        "A short key for the task (e.g. T1, fase-1).":
            "Uma chave curta para a tarefa (por exemplo T1, fase-1).",
        "A study lives in one SQLite file: study.sqlite in the current folder, or the file named by --db or by the STUDYCTL_DB environment variable. Every command that changes the study is one transaction: when it fails, the study is left exactly as it was.\n\nStart with:\n  studyctl init --title \"UITracking\" --language pt-BR\n  studyctl participant import participants.csv\n  studyctl participant derive level --from years_ios \\\n    --rule \"<2:Iniciante,<=3:Intermediário,>3:Avançado\"\n  studyctl participant list":
            "Um estudo fica num arquivo SQLite: 'study.sqlite' na pasta atual, ou o arquivo indicado por --db ou pela variável de ambiente STUDYCTL_DB. Todo comando que altera o estudo é uma transação: quando falha, o estudo fica exatamente como estava.\n\nComece com:\n  studyctl init --title \"UITracking\" --language pt-BR\n  studyctl participant import participants.csv\n  studyctl participant derive level --from years_ios \\\n    --rule \"<2:Iniciante,<=3:Intermediário,>3:Avançado\"\n  studyctl participant list",
        "A template name under templates/reports, or a template file's path.":
            "O nome de um modelo em templates/reports, ou o caminho de um arquivo de modelo.",
        "Accept a code that looks like an existing one (e.g. Cyrillic Р1 beside P1).":
            "Aceita um código parecido com um existente (por exemplo Р1 cirílico ao lado de P1).",
        "Accept codes that look like another participant's (e.g. Cyrillic Р1 beside P1).":
            "Aceita códigos parecidos com os de outro participante (por exemplo Р1 cirílico ao lado de P1).",
        "Add a category to the codebook.":
            "Acrescenta uma categoria ao livro de códigos.",
        "Add a condition factor and its levels.":
            "Acrescenta um fator de condição e seus níveis.",
        "Add a memo about the study, a participant, a code or a category.":
            "Acrescenta um memorando sobre o estudo, um participante, um código ou uma categoria.",
        "Add a participant.":
            "Acrescenta um participante.",
        "Add a task.":
            "Acrescenta uma tarefa.",
        "Add an area of interest to a media.":
            "Acrescenta uma área de interesse a uma mídia.",
        "Add and list the conditions (factors with levels) attempts are made under.":
            "Acrescenta e lista as condições (fatores com níveis) em que as tentativas são feitas.",
        "Add and list the tasks participants attempt.":
            "Acrescenta e lista as tarefas que os participantes tentam.",
        "Add and show interview transcripts.":
            "Acrescenta e mostra transcrições de entrevistas.",
        "Add participants the study does not have yet (by default they are refused).":
            "Acrescenta participantes que o estudo ainda não tem (por padrão eles são recusados).",
        "Add your own instrument from a JSON definition file.":
            "Acrescenta um instrumento próprio a partir de um arquivo de definição JSON.",
        "Add, import, list, change and remove participants and their attributes.":
            "Acrescenta, importa, lista, altera e remove participantes e seus atributos.",
        "All selected participants in one picture.":
            "Todos os participantes selecionados numa só figura.",
        "Also per group of a participant attribute (e.g. level).":
            "Também por grupo de um atributo de participante (por exemplo level).",
        "Also remove everything attached to the participant.":
            "Remove também tudo o que está ligado ao participante.",
        "Also remove what uses the category.":
            "Remove também o que usa a categoria.",
        "An analytic memo on the code.":
            "Um memorando analítico sobre o código.",
        "An attribute to remove from this participant; repeat for more.":
            "Um atributo a remover deste participante; repita para mais.",
        "An attribute value; repeat for more.":
            "Um valor de atributo; repita para mais.",
        "Analyse the coding: category frequencies, matrices, co-occurrence, triangulation, agreement.":
            "Analisa a codificação: frequências das categorias, matrizes, coocorrência, triangulação, concordância.",
        "Areas of interest on the media of eye-tracking recordings.":
            "Áreas de interesse nas mídias das gravações de rastreamento ocular.",
        "Attribute values to set.":
            "Valores de atributos a definir.",
        "Attributes are free: text (level=Iniciante) or numbers (years_ios=0.5; a decimal comma is accepted). An attribute keeps one type across the study.":
            "Os atributos são livres: texto (level=Iniciante) ou números (years_ios=0.5; a vírgula decimal é aceita). Um atributo mantém um tipo em todo o estudo.",
        "Attributes derived from it keep their values as plain text attributes.":
            "Os atributos derivados dele mantêm seus valores como atributos de texto simples.",
        "Bring a second coder's copy of the study into this one.":
            "Traz a cópia do estudo de um segundo codificador para esta.",
        "Bring in work done in other tools.":
            "Traz trabalho feito em outras ferramentas.",
        "Build the bundled example studies and write their reports and workbooks.":
            "Constrói os estudos de exemplo incluídos e grava seus relatórios e pastas de trabalho.",
        "Build the codebook: add, import, rename and merge categories.":
            "Monta o livro de códigos: acrescenta, importa, renomeia e mescla categorias.",
        "Builds three studies from the datasets shipped with studyctl, each in a fresh study file: UITracking (participants, PSSUQ, 54 coded excerpts and a second coder), CodeForAll (SUS in Portuguese and Sim/Não/Talvez perceptions) and a game-controls task log. For each, writes the markdown report with its charts, the Excel workbook and the CSV tables, and prints where they are.":
            "Constrói três estudos a partir dos conjuntos de dados que vêm com o studyctl, cada um num arquivo de estudo novo: UITracking (participantes, PSSUQ, 54 trechos codificados e um segundo codificador), CodeForAll (SUS em português e percepções Sim/Não/Talvez) e um registro de tarefas de controles de jogo. Para cada um, grava o relatório em markdown com seus gráficos, a pasta de trabalho do Excel e as tabelas CSV, e mostra onde estão.",
        "Categories defined a priori but never used are listed with 0 codes.":
            "As categorias definidas a priori e nunca usadas aparecem com 0 códigos.",
        "Category × category: participants who raised both (diagonal: who raised each).":
            "Categoria × categoria: participantes que citaram as duas (diagonal: quem citou cada uma).",
        "Category × participant: codes per participant (0 where none).":
            "Categoria × participante: códigos por participante (0 onde não há).",
        "Cells are written exactly as stored, which is what R, SPSS and pandas need. A text starting with =, +, -, @, tab or carriage return (an excerpt, an open answer) would be run as a formula if the file were opened in Excel or LibreOffice: use --excel-safe for files meant for a spreadsheet, or open the workbook from 'export xlsx', where text is never a formula.":
            "As células são gravadas exatamente como estão no estudo, que é o que R, SPSS e pandas precisam. Um texto que começa com =, +, -, @, tabulação ou retorno de carro (um trecho, uma resposta aberta) seria executado como fórmula se o arquivo fosse aberto no Excel ou no LibreOffice: use --excel-safe para arquivos destinados a uma planilha, ou abra a pasta de trabalho de 'export xlsx', em que texto nunca é fórmula.",
        "Check the study file: SQLite's integrity check, every foreign key, and every answer against its item.":
            "Confere o arquivo do estudo: a verificação de integridade do SQLite, toda chave estrangeira e toda resposta contra seu item.",
        "Clauses are tried in order; the first that holds gives the label. Conditions: <N, <=N, >N, >=N, =N, a range A..B, or * for every value left. Separate clauses with commas, or with semicolons when a number has a decimal comma.\n\nExample (the UITracking study's experience levels):\n  studyctl participant derive level --from years_ios \\\n    --rule \"<2:Iniciante,<=3:Intermediário,>3:Avançado\"\n\nWhen the attribute already holds values that differ from the derived ones, the differences are listed and nothing changes unless --replace.":
            "As cláusulas são testadas em ordem; a primeira que vale dá o rótulo. Condições: <N, <=N, >N, >=N, =N, um intervalo A..B, ou * para todo valor restante. Separe as cláusulas com vírgulas, ou com ponto e vírgula quando um número tiver vírgula decimal.\n\nExemplo (os níveis de experiência do estudo UITracking):\n  studyctl participant derive level --from years_ios \\\n    --rule \"<2:Iniciante,<=3:Intermediário,>3:Avançado\"\n\nQuando o atributo já tem valores diferentes dos derivados, as diferenças são listadas e nada muda sem --replace.",
        "Code an excerpt of what a participant said.":
            "Codifica um trecho do que um participante disse.",
        "Code excerpts: add, import, list and move in-vivo codes.":
            "Codifica trechos: acrescenta, importa, lista e move códigos in vivo.",
        "Codes that are not codable, codable codes with codes under them, and codes with no coding become categories (their parent category their theme); descriptions become definitions. Categories the codebook already has are left as they are and listed. Example: studyctl import qdc taguette.qdc":
            "Códigos não codificáveis, códigos codificáveis com códigos abaixo deles e códigos sem codificação viram categorias (a categoria pai vira seu tema); as descrições viram definições. As categorias que o livro de códigos já tem ficam como estão e são listadas. Exemplo: studyctl import qdc taguette.qdc",
        "Columns (found by name): participant, excerpt and/or code (in_vivo_code), category; optional coder and memo. A column named like a participant attribute (e.g. level) is checked against the participant. All or nothing: every bad row is reported with file:line:column.":
            "Colunas (encontradas pelo nome): 'participant', 'excerpt' e/ou 'code' ('in_vivo_code'), 'category'; opcionais 'coder' e 'memo'. Uma coluna com o nome de um atributo de participante (por exemplo level) é conferida com o participante. Tudo ou nada: toda linha com problema é informada com arquivo:linha:coluna.",
        "Columns are found by name (participant/participante/usuário, task/tarefa/fase, time/tempo, errors/erros, outcome/resultado, assisted/ajuda, note, trial/tentativa, total, and each condition's name) or given with --map. A total column is checked against time + errors × penalty (--penalty, else the task's own) and each mismatch reported. All or nothing: every bad cell is listed with file:line:column and nothing is stored.\n\nExample: studyctl attempt import log.csv --map participant=Usuário,task=Fase,errors=Colisões,time=Tempo,setting=Config":
            "As colunas são encontradas pelo nome ('participant'/'participante'/'usuário', 'task'/'tarefa'/'fase', 'time'/'tempo', 'errors'/'erros', 'outcome'/'resultado', 'assisted'/'ajuda', 'note', 'trial'/'tentativa', 'total' e o nome de cada condição) ou indicadas com --map. Uma coluna de total é conferida com tempo + erros × penalidade (--penalty, senão a da própria tarefa) e cada divergência é informada. Tudo ou nada: toda célula com problema é listada com arquivo:linha:coluna e nada é gravado.\n\nExemplo: studyctl attempt import log.csv --map participant=Usuário,task=Fase,errors=Colisões,time=Tempo,setting=Config",
        "Columns: media, aoi (or name), and x, y, width, height for rectangles, or points (\"x y; x y; x y\") for polygons, in media pixels. All or nothing.":
            "Colunas: media, aoi (ou name) e x, y, width, height para retângulos, ou points (\"x y; x y; x y\") para polígonos, em pixels da mídia. Tudo ou nada.",
        "Compare two conditions of one task, or two groups of participants.":
            "Compara duas condições de uma tarefa, ou dois grupos de participantes.",
        "Compare within and between the groups of a participant attribute.":
            "Compara dentro dos grupos de um atributo de participante e entre eles.",
        "Completion rate with the adjusted-Wald 95 %% interval (Agresti & Coull 1998; Sauro & Lewis 2005); partial successes count as not completed. Times: mean, median and geometric mean with its 95 %% interval on the log scale (Sauro & Lewis 2016). With a penalty (on the task or --penalty), also the total time = time + errors × penalty. Errors: mean, SD and total. SEQ: the mean answer per task when participants answered it with --task.":
            "Taxa de conclusão com o intervalo de Wald ajustado de 95 %% (Agresti & Coull 1998; Sauro & Lewis 2005); sucessos parciais contam como não concluídos. Tempos: média, mediana e média geométrica com seu intervalo de 95 %% na escala logarítmica (Sauro & Lewis 2016). Com uma penalidade (da tarefa ou --penalty), também o tempo total = tempo + erros × penalidade. Erros: média, DP e total. SEQ: a resposta média por tarefa quando os participantes a responderam com --task.",
        "Compute time statistics on successful attempts only.":
            "Calcula as estatísticas de tempo só com as tentativas bem-sucedidas.",
        "Coordinates are media pixels, origin at the top left.\nExamples: studyctl aoi add home.png Menu --rect 0,0,1280,80\n          studyctl aoi add home.png Logo --polygon 10,10,200,10,200,70,10,70":
            "As coordenadas são pixels da mídia, com origem no canto superior esquerdo.\nExemplos: studyctl aoi add home.png Menu --rect 0,0,1280,80\n          studyctl aoi add home.png Logo --polygon 10,10,200,10,200,70,10,70",
        "Copy the study to a new file, consistently, even while another studyctl writes to it.":
            "Copia o estudo para um arquivo novo, de forma consistente, mesmo enquanto outro studyctl grava nele.",
        "Create a new study file.":
            "Cria um arquivo de estudo novo.",
        "Derive a grouping attribute from a numeric one by a rule.":
            "Deriva um atributo de agrupamento de um numérico por uma regra.",
        "Draw AOI visits (consecutive fixations in one AOI merged) instead of fixations.":
            "Desenha as visitas às AOIs (fixações seguidas numa AOI fundidas) em vez das fixações.",
        "Draw each participant's first N fixations (or visits).":
            "Desenha as primeiras N fixações (ou visitas) de cada participante.",
        "Draw every fixation, however many.":
            "Desenha todas as fixações, quantas forem.",
        "Draw heat maps and blind-spot maps of a media over its image, as PNG, SVG and PDF.":
            "Desenha mapas de calor e mapas de pontos cegos de uma mídia sobre sua imagem, em PNG, SVG e PDF.",
        "Draw scan paths over a media's image: fixations numbered in order, circle area ∝ duration.":
            "Desenha caminhos do olhar sobre a imagem de uma mídia: fixações numeradas em ordem, área do círculo ∝ duração.",
        "Each coded passage is printed between ⟦ and ⟧ followed by note numbers; the notes below list each passage's code, categories and coder. --plain prints the text alone; --coder shows one coder's codes.":
            "Cada passagem codificada é impressa entre ⟦ e ⟧, seguida de números de nota; as notas abaixo listam o código, as categorias e o codificador de cada passagem. --plain imprime só o texto; --coder mostra os códigos de um codificador.",
        "Each participant's first 30 fixations by default (--first N, or --all). One picture per participant by default; --together draws the selected participants in one picture, a colour each. --simplify draws AOI visits instead of fixations: consecutive fixations in one AOI become one circle at their duration-weighted centre (fixations outside every AOI are left out).\n\nExamples: studyctl gaze scanpath home.png --participant P1\n          studyctl gaze scanpath home.png --together --simplify":
            "As primeiras 30 fixações de cada participante por padrão (--first N, ou --all). Uma figura por participante por padrão; --together desenha os participantes selecionados numa só figura, uma cor para cada. --simplify desenha visitas às AOIs em vez de fixações: fixações seguidas numa AOI viram um círculo no centro ponderado por sua duração (fixações fora de toda AOI ficam de fora).\n\nExemplos: studyctl gaze scanpath home.png --participant P1\n          studyctl gaze scanpath home.png --together --simplify",
        "Each participant's fixations become the sequence of AOIs visited (fixations outside every AOI left out, consecutive fixations in one AOI collapsed into one visit; the first AOI in 'aoi list' order wins where AOIs overlap). Two sequences a, b are compared by 1 − d(a, b) / max(|a|, |b|), d the Levenshtein distance (string-edit method, Brandt & Stark 1997): 1 is the same path, 0 nothing in common. With --by, the mean similarity within each group and between groups.\n\nExample: studyctl gaze similarity home.png --by level":
            "As fixações de cada participante viram a sequência de AOIs visitadas (fixações fora de toda AOI ficam de fora; fixações seguidas numa AOI formam uma visita; onde AOIs se sobrepõem, vale a primeira na ordem de 'aoi list'). Duas sequências a, b são comparadas por 1 − d(a, b) / max(|a|, |b|), com d a distância de Levenshtein (método de edição de cadeias, Brandt & Stark 1997): 1 é o mesmo caminho, 0 nada em comum. Com --by, a semelhança média dentro de cada grupo e entre grupos.\n\nExemplo: studyctl gaze similarity home.png --by level",
        "Each participant's scores and sub-scores; then, per group and overall: n, mean, SD, median, min, max, mode, the 95 %% confidence interval (t distribution), a one-sample t-test against the published norm (SUS 68; PSSUQ Lewis 2002), and for SUS the Sauro & Lewis grade, the Bangor et al. adjective and the acceptability range; Cronbach's α; choice items as counts and percentages.\n\nA response set with an unanswered item is not scored unless you choose how: --missing centre counts the centre point (Brooke 1996), --missing prorate scales up the answered items (one missing item, Lewis & Sauro 2017). Mean-scored instruments (PSSUQ) use the answered items, as Lewis prescribes.":
            "Os escores e subescores de cada participante; depois, por grupo e no geral: n, média, DP, mediana, mínimo, máximo, moda, o intervalo de confiança de 95 %% (distribuição t), um teste t de uma amostra contra a norma publicada (SUS 68; PSSUQ Lewis 2002) e, no SUS, a nota de Sauro & Lewis, o adjetivo de Bangor et al. e a faixa de aceitabilidade; o α de Cronbach; itens de escolha como contagens e porcentagens.\n\nUm conjunto de respostas com item sem resposta não é pontuado, a menos que você escolha como: --missing centre conta o ponto central (Brooke 1996), --missing prorate amplia os itens respondidos (um item faltante, Lewis & Sauro 2017). Instrumentos pontuados pela média (PSSUQ) usam os itens respondidos, como Lewis prescreve.",
        "Enter one participant's answers to a questionnaire.":
            "Registra as respostas de um participante a um questionário.",
        "Every item's answer in order, separated by commas; empty for unanswered, n for N/A.":
            "A resposta de cada item em ordem, separadas por vírgulas; vazio para sem resposta, n para N/A.",
        "Example: studyctl category add \"Informações Insuficientes\"   --definition \"Falta de informações que facilitam o entendimento do framework.\"   --origin \"Myllärniemi et al. (2018)\"":
            "Exemplo: studyctl category add \"Informações Insuficientes\"   --definition \"Falta de informações que facilitam o entendimento do framework.\"   --origin \"Myllärniemi et al. (2018)\"",
        "Example: studyctl codes triangulate --instrument pssuq --score InfoQual":
            "Exemplo: studyctl codes triangulate --instrument pssuq --score InfoQual",
        "Example: studyctl condition add setting --levels \"0-50,0-100\"":
            "Exemplo: studyctl condition add setting --levels \"0-50,0-100\"",
        "Example: studyctl gaze media add home.png stimuli/home.jpg":
            "Exemplo: studyctl gaze media add home.png stimuli/home.jpg",
        "Example: studyctl memo add --on category:\"Experiência em iOS\" \"Todos os iniciantes citaram UIKit.\"":
            "Exemplo: studyctl memo add --on category:\"Experiência em iOS\" \"Todos os iniciantes citaram UIKit.\"",
        "Example: studyctl participant add P1 --attr years_ios=0.5 --attr level=Iniciante":
            "Exemplo: studyctl participant add P1 --attr years_ios=0.5 --attr level=Iniciante",
        "Example: studyctl participant set P3 occupation=\"Eng. de Software\" years_ios=2,5 --unset level":
            "Exemplo: studyctl participant set P3 occupation=\"Eng. de Software\" years_ios=2,5 --unset level",
        "Example: studyctl task add fase-1 --title \"Fase 1\" --penalty 2s":
            "Exemplo: studyctl task add fase-1 --title \"Fase 1\" --penalty 2s",
        "Exits with status 1 when a problem is found.":
            "Sai com status 1 quando encontra um problema.",
        "Export the study as an Excel workbook with charts, or as tidy CSV files.":
            "Exporta o estudo como pasta de trabalho do Excel com gráficos, ou como arquivos CSV organizados.",
        "Extra answer labels and the scale point each stands for, e.g. \"Concordo bastante=6,Neutro=4\".":
            "Rótulos de resposta extras e o ponto da escala de cada um, por exemplo \"Concordo bastante=6,Neutro=4\".",
        "Eye tracking: import Tobii exports, register stimuli, AOI metrics, heat maps, scan paths.":
            "Rastreamento ocular: importa exportações da Tobii, registra estímulos, métricas de AOI, mapas de calor, caminhos do olhar.",
        "Eye–screen distance, mm (for angles).":
            "Distância olho–tela, mm (para os ângulos).",
        "Fields to columns, e.g. participant=Usuário,task=Fase (repeatable).":
            "Campos para colunas, por exemplo 'participant=Usuário,task=Fase' (pode repetir).",
        "Find fixations with studyctl's I-VT filter even when the export has its own.":
            "Encontra as fixações com o filtro I-VT do studyctl mesmo quando a exportação tem as suas.",
        "Fixations are spread with a Gaussian kernel (SD 200/6 ≈ 33 px by default, PyGazeAnalyser's recipe) and weighted by their duration (Tobii's absolute duration), counted once (--weight count) or as a share of each participant's fixation time (--weight relative); the heat is transparent below the mean of the non-zero cells. The blind-spot map is its inverse: a fog that clears where attention was. Each picture carries a colour legend and its parameters; a text file beside them says the rest. Same input, same bytes.\n\nExamples: studyctl gaze heatmap home.png\n          studyctl gaze heatmap home.png --by level --weight relative -o maps":
            "As fixações são espalhadas com um núcleo gaussiano (DP 200/6 ≈ 33 px por padrão, a receita do PyGazeAnalyser) e ponderadas pela duração (a duração absoluta da Tobii), contadas uma vez (--weight count) ou como fração do tempo de fixação de cada participante (--weight relative); o calor fica transparente abaixo da média das células não nulas. O mapa de pontos cegos é o inverso: uma névoa que se abre onde houve atenção. Cada figura traz uma legenda de cores e seus parâmetros; um arquivo de texto ao lado diz o resto. Mesma entrada, mesmos bytes.\n\nExemplos: studyctl gaze heatmap home.png\n          studyctl gaze heatmap home.png --by level --weight relative -o maps",
        "For each category, the mean score of participants who raised it vs those who did not.":
            "Para cada categoria, o escore médio dos participantes que a citaram vs os que não a citaram.",
        "Group by participant attributes or conditions (repeatable).":
            "Agrupa por atributos de participante ou condições (pode repetir).",
        "Group participants by this attribute (default: the first derived attribute, e.g. level).":
            "Agrupa os participantes por este atributo (padrão: o primeiro atributo derivado, por exemplo level).",
        "How alike participants' scan paths on a media are: AOI visit sequences compared by normalised Levenshtein distance.":
            "O quanto os caminhos do olhar dos participantes numa mídia se parecem: sequências de visitas às AOIs comparadas pela distância de Levenshtein normalizada.",
        "How the attempt ended.":
            "Como a tentativa terminou.",
        "How the form numbered its scale (default: what the study remembers, else canonical).":
            "Como o formulário numerou sua escala (padrão: o que o estudo lembra, senão canônica).",
        "How the form numbered its scale.":
            "Como o formulário numerou sua escala.",
        "How to treat unanswered items.":
            "Como tratar itens sem resposta.",
        "I-VT velocity threshold, °/s.":
            "Limiar de velocidade do I-VT, °/s.",
        "I-VT velocity window, ms.":
            "Janela de velocidade do I-VT, ms.",
        "I-VT: discard fixations shorter than this, ms.":
            "I-VT: descarta fixações mais curtas que isto, ms.",
        "I-VT: fill gaps of invalid samples up to this long, ms (0: no fill-in).":
            "I-VT: preenche lacunas de amostras inválidas de até esta duração, ms (0: sem preenchimento).",
        "I-VT: merge fixations at most this far apart in time, ms.":
            "I-VT: funde fixações separadas no tempo por no máximo isto, ms.",
        "I-VT: … and in angle, degrees.":
            "I-VT: … e no ângulo, graus.",
        "Identifying attributes (a name, an e-mail, an employer) are left out of every export made with --pseudonymise. Example: studyctl participant attribute email --identifying":
            "Atributos identificadores (um nome, um e-mail, um empregador) ficam de fora de toda exportação feita com --pseudonymise. Exemplo: studyctl participant attribute email --identifying",
        "Import Tobii Studio or Tobii Pro Lab data exports (TSV).":
            "Importa exportações de dados do Tobii Studio ou do Tobii Pro Lab (TSV).",
        "Import a REFI-QDA codebook (.qdc) from Taguette, QualCoder, NVivo, ATLAS.ti, MAXQDA or studyctl.":
            "Importa um livro de códigos REFI-QDA (.qdc) do Taguette, QualCoder, NVivo, ATLAS.ti, MAXQDA ou studyctl.",
        "Import a REFI-QDA project (.qdpx) from QualCoder, NVivo, ATLAS.ti, MAXQDA or studyctl.":
            "Importa um projeto REFI-QDA (.qdpx) do QualCoder, NVivo, ATLAS.ti, MAXQDA ou studyctl.",
        "Import a task log from CSV, one attempt per row.":
            "Importa um registro de tarefas em CSV, uma tentativa por linha.",
        "Import areas of interest from a CSV.":
            "Importa áreas de interesse de um CSV.",
        "Import categories from CSV (category, origin, definition, optional theme).":
            "Importa categorias de um CSV ('category', 'origin', 'definition', 'theme' opcional).",
        "Import coded excerpts from CSV.":
            "Importa trechos codificados de um CSV.",
        "Import participants from a CSV file.":
            "Importa participantes de um arquivo CSV.",
        "Import questionnaire answers from form exports.":
            "Importa respostas a questionários de exportações de formulários.",
        "Import rows whose total disagrees with the formula, listing each disagreement.":
            "Importa as linhas cujo total discorda da fórmula, listando cada divergência.",
        "Import the CSV a form tool exports (Google Forms, Microsoft Forms, LimeSurvey).":
            "Importa o CSV que uma ferramenta de formulários exporta (Google Forms, Microsoft Forms, LimeSurvey).",
        "Inter-coder reliability: percent agreement, Cohen's κ and Krippendorff's α.":
            "Confiabilidade entre codificadores: concordância percentual, κ de Cohen e α de Krippendorff.",
        "Into the study named by --db (created when it does not exist, titled after the project). Cases become participants with their variables as attributes; codes that are not codable become categories (nested ones take their parent as theme), codable codes their wordings; each text source becomes its participant's transcript (NFC, LF line ends) and each coding a code on the selected words, by its coder. The unit of positions is found per source by checking selections against their quoted text (code points, UTF-16, line ends counted once or twice); a selection that does not read its text is reported, never stored shifted. A coding whose code wording occurs in its excerpt is in-vivo, else descriptive. All or nothing; what was left out is listed.\n\nExample: studyctl import qdpx entrevistas.qdpx --db estudo.sqlite":
            "No estudo indicado por --db (criado quando não existe, com o título do projeto). Os casos viram participantes, com suas variáveis como atributos; códigos não codificáveis viram categorias (os aninhados têm o pai como tema), códigos codificáveis viram suas redações; cada fonte de texto vira a transcrição de seu participante (NFC, fins de linha LF) e cada codificação um código nas palavras selecionadas, pelo seu codificador. A unidade das posições é descoberta em cada fonte conferindo as seleções com o texto citado (pontos de código, UTF-16, fins de linha contados uma ou duas vezes); uma seleção que não lê seu texto é informada, nunca gravada deslocada. Uma codificação cuja redação ocorre no trecho é in vivo, senão descritiva. Tudo ou nada; o que ficou de fora é listado.\n\nExemplo: studyctl import qdpx entrevistas.qdpx --db estudo.sqlite",
        "Item columns by name, e.g. 1=Q1,2=Q2 (repeatable).":
            "Colunas dos itens pelo nome, por exemplo 1=Q1,2=Q2 (pode repetir).",
        "Its place in the task order (default: last).":
            "Sua posição na ordem das tarefas (padrão: a última).",
        "List codes with their excerpts and categories.":
            "Lista os códigos com seus trechos e categorias.",
        "List memos.":
            "Lista os memorandos.",
        "List participants with their attributes.":
            "Lista os participantes com seus atributos.",
        "List the areas of interest.":
            "Lista as áreas de interesse.",
        "List the conditions and their levels.":
            "Lista as condições e seus níveis.",
        "List the instruments the study can use.":
            "Lista os instrumentos que o estudo pode usar.",
        "List the media with their images, recordings and AOIs.":
            "Lista as mídias com suas imagens, gravações e AOIs.",
        "List the recorded attempts.":
            "Lista as tentativas registradas.",
        "List the recordings with their fixations and data quality.":
            "Lista as gravações com suas fixações e a qualidade dos dados.",
        "List the tasks.":
            "Lista as tarefas.",
        "List, show and add questionnaires (SUS, PSSUQ, UMUX-Lite, SEQ, NASA-TLX, your own).":
            "Lista, mostra e acrescenta questionários (SUS, PSSUQ, UMUX-Lite, SEQ, NASA-TLX, os seus).",
        "Listens on 127.0.0.1 (never on the network) and prints the address to open, with a token made for this run: requests without it, naming another host, or writing from another page are refused. Select words in a transcript and press n (or the button) to code them: the words become the in-vivo code, in a category you pick or create. Each coder types their name and sees only their own codes; the Compare tab shows where coders differ, with the figures of 'studyctl codes agreement'. Every change is stored as 'studyctl code add' stores it, one transaction each; the command line can work on the study at the same time. Ctrl-C stops the server.\n\nExample: studyctl serve --open":
            "Escuta em 127.0.0.1 (nunca na rede) e mostra o endereço a abrir, com um token feito para esta execução: requisições sem ele, que nomeiam outro host ou que gravam a partir de outra página são recusadas. Selecione palavras numa transcrição e pressione n (ou o botão) para codificá-las: as palavras viram o código in vivo, numa categoria que você escolhe ou cria. Cada codificador digita seu nome e vê só os próprios códigos; a aba Comparar mostra onde os codificadores divergem, com os números de 'studyctl codes agreement'. Toda alteração é gravada como 'studyctl code add' grava, uma transação por vez; a linha de comando pode trabalhar no estudo ao mesmo tempo. Ctrl-C para o servidor.\n\nExemplo: studyctl serve --open",
        "Mark an attribute as identifying a person (or not).":
            "Marca um atributo como identificador de uma pessoa (ou não).",
        "Mark an attribute as identifying a person, or remove an attribute.":
            "Marca um atributo como identificador de uma pessoa, ou remove um atributo.",
        "Merge one category into another.":
            "Mescla uma categoria em outra.",
        "Move a code to another category.":
            "Move um código para outra categoria.",
        "One picture per group of a participant attribute (e.g. level).":
            "Uma figura por grupo de um atributo de participante (por exemplo level).",
        "One picture per participant.":
            "Uma figura por participante.",
        "One row per participant (or, with --long, one row per answer). Item columns are found by the item texts their headers carry (Google Forms style, either language, any order; other columns such as e-mail are left out); else, in order, every column other than the participant, task and timestamp columns; or those starting at --items-from; or those named by --map. Answers may be numbers or the scale's labels in Portuguese or English (\"Concordo totalmente\", \"Concordo parcialmente\", \"Nem concordo nem discordo\", \"Strongly agree\"; more with --labels); N/A, NA or \"Não se aplica\" where the instrument allows N/A; an empty cell is an unanswered item. The submission timestamp is kept.\n\nAll or nothing: every bad cell is listed (line, column, value and what was expected) and nothing is stored.\n\nExample (a Google Forms export in Portuguese):\n  studyctl responses import respostas.csv --instrument sus --participant-column Participante":
            "Uma linha por participante (ou, com --long, uma linha por resposta). As colunas dos itens são encontradas pelos textos dos itens em seus cabeçalhos (no estilo do Google Forms, em qualquer das duas línguas e em qualquer ordem; outras colunas, como e-mail, ficam de fora); senão, em ordem, todas as colunas exceto as de participante, tarefa e data e hora; ou as que começam em --items-from; ou as indicadas por --map. As respostas podem ser números ou os rótulos da escala em português ou inglês (\"Concordo totalmente\", \"Concordo parcialmente\", \"Nem concordo nem discordo\", \"Strongly agree\"; mais com --labels); N/A, NA ou \"Não se aplica\" onde o instrumento aceita N/A; uma célula vazia é um item sem resposta. A data e hora do envio é mantida.\n\nTudo ou nada: toda célula com problema é listada (linha, coluna, valor e o que se esperava) e nada é gravado.\n\nExemplo (uma exportação do Google Forms em português):\n  studyctl responses import respostas.csv --instrument sus --participant-column Participante",
        "Only codes in this category.":
            "Só os códigos desta categoria.",
        "Only memos about this: study, participant:P4, code:12 or category:NAME.":
            "Só os memorandos sobre isto: 'study', 'participant:P4', 'code:12' ou 'category:NOME'.",
        "Only the answers about this task.":
            "Só as respostas sobre esta tarefa.",
        "Only the answers of this occasion.":
            "Só as respostas desta ocasião.",
        "Only these participants (repeat the option for several).":
            "Só estes participantes (repita a opção para vários).",
        "Only this coder's codes (default: every coder's).":
            "Só os códigos deste codificador (padrão: os de todos).",
        "Only this coder's codes.":
            "Só os códigos deste codificador.",
        "Only this participant's codes.":
            "Só os códigos deste participante.",
        "Only this task's answers (per-task instruments).":
            "Só as respostas desta tarefa (instrumentos por tarefa).",
        "Only this trial.":
            "Só esta tentativa.",
        "Open the coding workspace: code transcripts in the browser, on this computer only.":
            "Abre o espaço de codificação: codifique transcrições no navegador, apenas neste computador.",
        "Open the page in the default browser.":
            "Abre a página no navegador padrão.",
        "Output format.":
            "Formato de saída.",
        "Overwrite answers participants already have.":
            "Sobrescreve respostas que os participantes já têm.",
        "Overwrite the participant's existing answers to this instrument.":
            "Sobrescreve as respostas existentes do participante a este instrumento.",
        "Overwrite values that differ from the derived ones.":
            "Sobrescreve os valores que diferem dos derivados.",
        "Participants are matched by code, transcripts by participant and text, categories by name, excerpts by their span, and codes are kept with their coder. Nothing is overwritten silently: an attribute with two values or a category with two definitions or themes is listed, and settled by --prefer ours|theirs or refused. A transcript that differs from the one here is refused. One transaction, recorded in a study memo; merging the same copy again changes nothing. --dry-run says what would happen and changes nothing.\n\nExample: studyctl merge copia-do-revisor.sqlite --dry-run":
            "Os participantes são casados pelo código, as transcrições pelo participante e pelo texto, as categorias pelo nome, os trechos pela posição, e os códigos mantêm seu codificador. Nada é sobrescrito em silêncio: um atributo com dois valores ou uma categoria com duas definições ou temas é listado, e resolvido por --prefer ours|theirs ou recusado. Uma transcrição diferente da que está aqui é recusada. Uma transação, registrada num memorando do estudo; mesclar a mesma cópia de novo não muda nada. --dry-run diz o que aconteceria e não muda nada.\n\nExemplo: studyctl merge copia-do-revisor.sqlite --dry-run",
        "Per category: coded segments, participants who raised it, and their share.":
            "Por categoria: segmentos codificados, participantes que a citaram e sua porcentagem.",
        "Per task (and group): completion rate, times, errors, assistance and SEQ.":
            "Por tarefa (e grupo): taxa de conclusão, tempos, erros, assistência e SEQ.",
        "Prefix texts that a spreadsheet would read as a formula with an apostrophe (for Excel, not for R).":
            "Prefixa com apóstrofo os textos que uma planilha leria como fórmula (para o Excel, não para o R).",
        "Print JSON for scripts instead of a table.":
            "Mostra JSON para scripts em vez de uma tabela.",
        "Print a participant's transcript with its coded passages marked.":
            "Mostra a transcrição de um participante com as passagens codificadas marcadas.",
        "Print the codebook: categories with origin, definition, theme and use.":
            "Mostra o livro de códigos: categorias com origem, definição, tema e uso.",
        "Print the text without marks.":
            "Mostra o texto sem marcas.",
        "Record one attempt of a task.":
            "Registra uma tentativa de uma tarefa.",
        "Record, import and list task attempts.":
            "Registra, importa e lista tentativas de tarefas.",
        "Refused while codes, memos or sub-themes use it. With --cascade its memos go, its sub-themes become top-level, its codes lose it, and codes left with no category are removed.":
            "Recusada enquanto códigos, memorandos ou subtemas a usarem. Com --cascade seus memorandos saem, seus subtemas sobem ao nível superior, seus códigos a perdem e os códigos que ficarem sem categoria são removidos.",
        "Refuses to overwrite an existing file. The language sets how instruments and reports are written.":
            "Recusa sobrescrever um arquivo existente. O idioma define como instrumentos e relatórios são escritos.",
        "Refuses when questionnaire answers, task attempts, transcripts, excerpts or memos are attached, unless --cascade.":
            "Recusa quando há respostas a questionários, tentativas de tarefas, transcrições, trechos ou memorandos ligados, a menos que haja --cascade.",
        "Register stimulus images and list the media.":
            "Registra imagens de estímulo e lista as mídias.",
        "Register the image (PNG or JPEG) of a media; heat maps and scan paths are drawn over it.":
            "Registra a imagem (PNG ou JPEG) de uma mídia; mapas de calor e caminhos do olhar são desenhados sobre ela.",
        "Remove a category from the codebook.":
            "Remove uma categoria do livro de códigos.",
        "Remove a code (its memos too; its excerpt when no other code is on it).":
            "Remove um código (e seus memorandos; também seu trecho, quando nenhum outro código está nele).",
        "Remove a participant's answers to an instrument.":
            "Remove as respostas de um participante a um instrumento.",
        "Remove a participant's attempts at a task.":
            "Remove as tentativas de um participante numa tarefa.",
        "Remove a participant.":
            "Remove um participante.",
        "Remove an attribute and every participant's value of it.":
            "Remove um atributo e o valor dele de todos os participantes.",
        "Removes every set of the instrument the participant has, or only the one for --task and --occasion. Example: studyctl responses remove P3 sus":
            "Remove todos os conjuntos do instrumento que o participante tem, ou só o de --task e --occasion. Exemplo: studyctl responses remove P3 sus",
        "Removes every trial, or only --trial N. Example: studyctl attempt remove P3 T2 --trial 2":
            "Remove todas as tentativas, ou só --trial N. Exemplo: studyctl attempt remove P3 T2 --trial 2",
        "Rename a category; its codes and memos follow.":
            "Renomeia uma categoria; seus códigos e memorandos a acompanham.",
        "Replace a report already in the folder.":
            "Substitui um relatório que já está na pasta.",
        "Replace a workbook already at that path.":
            "Substitui uma pasta de trabalho que já está nesse caminho.",
        "Replace participant codes by stable pseudonyms, leave identifying attributes out, mask --redact names.":
            "Troca os códigos dos participantes por pseudônimos estáveis, deixa de fora os atributos identificadores, mascara os nomes de --redact.",
        "Replace the participant's existing transcript.":
            "Substitui a transcrição existente do participante.",
        "Score a questionnaire: per participant, then per group and overall, with intervals, norms and grades.":
            "Pontua um questionário: por participante, depois por grupo e no geral, com intervalos, normas e notas.",
        "Seconds added per error for a total time, e.g. 2s.":
            "Segundos somados por erro para um tempo total, por exemplo 2s.",
        "Seconds per error for --measure total (default: the task's).":
            "Segundos por erro para --measure total (padrão: os da tarefa).",
        "Seconds per error for checking the total column, e.g. 2s.":
            "Segundos por erro para conferir a coluna de total, por exemplo 2s.",
        "Seconds per error for total time, for every task.":
            "Segundos por erro para o tempo total, em todas as tarefas.",
        "Set or remove attribute values of a participant.":
            "Define ou remove valores de atributos de um participante.",
        "Sheets: Study, Participants, Responses, Scores, Summary, Charts, Tasks, Task summary, Codebook, Excerpts, Category frequencies, Memos, and the Chart data the charts are drawn from. Every text is written as text (an excerpt starting with = is never a formula); numbers are numbers.":
            "Planilhas: Estudo, Participantes, Respostas, Escores, Resumo, Gráficos, Tarefas, Resumo das tarefas, Livro de códigos, Trechos, Frequência das categorias, Memorandos e os Dados dos gráficos de onde os gráficos são desenhados. Todo texto é gravado como texto (um trecho que começa com = nunca é uma fórmula); números são números.",
        "Show a participant attribute beside each code (e.g. level).":
            "Mostra um atributo de participante ao lado de cada código (por exemplo level).",
        "Show an instrument: items, scale, scoring, norms and reference.":
            "Mostra um instrumento: itens, escala, pontuação, normas e referência.",
        "Show one participant: attributes and what is attached (answers, attempts, excerpts).":
            "Mostra um participante: atributos e o que está ligado a ele (respostas, tentativas, trechos).",
        "Show presence (1) or absence (0) instead of counts.":
            "Mostra presença (1) ou ausência (0) em vez de contagens.",
        "Show what the merge would do, and change nothing.":
            "Mostra o que a mesclagem faria, e não muda nada.",
        "Show what the study holds: counts per kind and the schema version.":
            "Mostra o que o estudo contém: contagens por tipo e a versão do esquema.",
        "Size of one screen pixel, mm (0.277 for a 24-inch 1920×1080 screen).":
            "Tamanho de um pixel da tela, mm (0,277 para uma tela de 24 polegadas 1920×1080).",
        "Store a participant's transcript (UTF-8 text, in NFC with LF line endings).":
            "Grava a transcrição de um participante (texto UTF-8, em NFC com fins de linha LF).",
        "Summarise by a participant attribute (e.g. level).":
            "Resume por um atributo de participante (por exemplo level).",
        "Summarise per AOI over all participants.":
            "Resume por AOI sobre todos os participantes.",
        "Summarise per group of a participant attribute (e.g. level).":
            "Resume por grupo de um atributo de participante (por exemplo level).",
        "Task statistics: completion, times, errors; comparisons of conditions.":
            "Estatísticas de tarefas: conclusão, tempos, erros; comparações de condições.",
        "Tells apart several sets of the same instrument (e.g. prototype-a).":
            "Distingue vários conjuntos do mesmo instrumento (por exemplo prototype-a).",
        "Tells apart several sets of the same instrument.":
            "Distingue vários conjuntos do mesmo instrumento.",
        "Tells apart several transcripts of one participant (e.g. interview-2).":
            "Distingue várias transcrições de um participante (por exemplo interview-2).",
        "The AOI's name.":
            "O nome da AOI.",
        "The CSV file.":
            "O arquivo CSV.",
        "The Gaussian kernel's standard deviation, px.":
            "O desvio-padrão do núcleo gaussiano, px.",
        "The attribute to derive (e.g. level).":
            "O atributo a derivar (por exemplo level).",
        "The attribute's name.":
            "O nome do atributo.",
        "The backup file to create.":
            "O arquivo de cópia a criar.",
        "The banding rule, e.g. \"<2:Iniciante,<=3:Intermediário,>3:Avançado\".":
            "A regra de faixas, por exemplo \"<2:Iniciante,<=3:Intermediário,>3:Avançado\".",
        "The category that goes away.":
            "A categoria que deixa de existir.",
        "The category that receives its codes.":
            "A categoria que recebe seus códigos.",
        "The category to move it from, when it has several.":
            "A categoria de onde movê-lo, quando ele tem várias.",
        "The category to move it to.":
            "A categoria para onde movê-lo.",
        "The category's name.":
            "O nome da categoria.",
        "The category; repeat for several.":
            "A categoria; repita para várias.",
        "The code is in the researcher's words, not the participant's.":
            "O código está nas palavras do pesquisador, não nas do participante.",
        "The code's number (see 'studyctl code list').":
            "O número do código (veja 'studyctl code list').",
        "The code's number.":
            "O número do código.",
        "The code: the participant's own words.":
            "O código: as próprias palavras do participante.",
        "The codebook file to write.":
            "O arquivo de livro de códigos a gravar.",
        "The codebook file.":
            "O arquivo de livro de códigos.",
        "The coder of rows without a coder column.":
            "O codificador das linhas sem coluna de codificador.",
        "The coders to compare, e.g. A,B.":
            "Os codificadores a comparar, por exemplo A,B.",
        "The codes are descriptive, not in vivo.":
            "Os códigos são descritivos, não in vivo.",
        "The codes, memos and sub-themes move; a memo on the remaining category records the merge.":
            "Os códigos, memorandos e subtemas são movidos; um memorando na categoria que fica registra a mesclagem.",
        "The column holding participant codes (default: the first column).":
            "A coluna com os códigos dos participantes (padrão: a primeira coluna).",
        "The column holding participant codes.":
            "A coluna com os códigos dos participantes.",
        "The column naming each row's task.":
            "A coluna que nomeia a tarefa de cada linha.",
        "The column of item 1; the other items follow it.":
            "A coluna do item 1; os outros itens vêm em seguida.",
        "The column with submission times (default: detected by name).":
            "A coluna com os horários de envio (padrão: detectada pelo nome).",
        "The condition whose levels are compared (within or between subjects).":
            "A condição cujos níveis são comparados (intra ou entre sujeitos).",
        "The current name.":
            "O nome atual.",
        "The dialect is told from the header (RecordingTimestamp: Tobii Studio; Recording timestamp: Tobii Pro Lab, in µs unless labelled [ms]); UTF-8 (with or without BOM) and UTF-16 are read, decimal commas too. Each file is read row by row; its samples become fixations per participant × recording × media, stored with the share of invalid samples (validity code 2 or more in Studio, \"Invalid\" in Pro Lab). Only eye-tracker rows of a Pro Lab export are read. The export's own fixations are used when it has them; an export with raw gaze only is classified by the I-VT filter (Olsen 2012, Tobii's defaults; --ivt forces it), whose parameters are printed and stored. AOI hit columns become AOIs of their media. All files or none.\n\nExamples: studyctl gaze import P1.tsv P2.tsv --add-participants --media-dir stimuli\n          studyctl gaze import raw.tsv --ivt --velocity-threshold 35 --pixel-mm 0.25":
            "O formato é reconhecido pelo cabeçalho (RecordingTimestamp: Tobii Studio; Recording timestamp: Tobii Pro Lab, em µs a menos que rotulado [ms]); UTF-8 (com ou sem BOM) e UTF-16 são lidos, vírgulas decimais também. Cada arquivo é lido linha a linha; suas amostras viram fixações por participante × gravação × mídia, gravadas com a fração de amostras inválidas (código de validade 2 ou mais no Studio, \"Invalid\" no Pro Lab). Só as linhas do rastreador ocular de uma exportação do Pro Lab são lidas. As fixações da própria exportação são usadas quando existem; uma exportação só com olhar bruto é classificada pelo filtro I-VT (Olsen 2012, padrões da Tobii; --ivt o força), cujos parâmetros são mostrados e gravados. As colunas de acerto de AOI viram AOIs de suas mídias. Todos os arquivos ou nenhum.\n\nExemplos: studyctl gaze import P1.tsv P2.tsv --add-participants --media-dir stimuli\n          studyctl gaze import raw.tsv --ivt --velocity-threshold 35 --pixel-mm 0.25",
        "The exported TSV files.":
            "Os arquivos TSV exportados.",
        "The factor's name (e.g. setting, prototype).":
            "O nome do fator (por exemplo setting, prototype).",
        "The field separator (default: detected from the header row).":
            "O separador de campos (padrão: detectado pela linha de cabeçalho).",
        "The field separator (default: detected).":
            "O separador de campos (padrão: detectado).",
        "The file has a header row; one column holds participant codes (the first, unless --code-column says otherwise) and every other column becomes an attribute. A column whose values are all numbers becomes a numeric attribute (0.5 and 0,5 both read as one half). UTF-8 with or without BOM; comma, semicolon (as Excel writes it in Brazil) or tab delimited; quoted fields may hold line breaks.\n\nAll or nothing: every problem is listed with file:line:column and nothing is stored.":
            "O arquivo tem uma linha de cabeçalho; uma coluna traz os códigos dos participantes (a primeira, a menos que --code-column diga outra) e toda outra coluna vira um atributo. Uma coluna cujos valores são todos números vira um atributo numérico (0.5 e 0,5 são lidos como meio). UTF-8 com ou sem BOM; delimitado por vírgula, ponto e vírgula (como o Excel grava no Brasil) ou tabulação; campos entre aspas podem ter quebras de linha.\n\nTudo ou nada: todo problema é listado com arquivo:linha:coluna e nada é gravado.",
        "The file is checked and every problem explained before anything is stored. The format is the one of the built-in instruments under templates/instruments (see templates/instruments/FORMAT.md).":
            "O arquivo é conferido e todo problema explicado antes de qualquer gravação. O formato é o dos instrumentos embutidos em templates/instruments (veja templates/instruments/FORMAT.md).",
        "The file is in long format: one row per answer, columns participant, instrument, item, value (and task).":
            "O arquivo está em formato longo: uma linha por resposta, colunas 'participant', 'instrument', 'item', 'value' (e 'task').",
        "The folder to write into (created if needed).":
            "A pasta onde gravar (criada se preciso).",
        "The folder to write into (its demo files are replaced).":
            "A pasta onde gravar (seus arquivos de demonstração são substituídos).",
        "The folder to write into.":
            "A pasta onde gravar.",
        "The folder to write report.md and charts/ into.":
            "A pasta onde gravar report.md e charts/.",
        "The image file.":
            "O arquivo de imagem.",
        "The in-vivo code must occur in the excerpt (a match ignoring case and accents is accepted with a note); --descriptive for a code in your own words. When the participant has a transcript, the excerpt must be in it and its position is stored; otherwise the closest passage is shown.\n\nExample: studyctl code add P4 --excerpt \"Senti falta de um direcionamento das interações possíveis\"   --code \"falta de um direcionamento das interações\" --category \"Interações com dispositivo\"":
            "O código in vivo deve ocorrer no trecho (uma correspondência que ignora maiúsculas e acentos é aceita com uma observação); --descriptive para um código com suas próprias palavras. Quando o participante tem transcrição, o trecho deve estar nela e sua posição é gravada; senão, a passagem mais próxima é mostrada.\n\nExemplo: studyctl code add P4 --excerpt \"Senti falta de um direcionamento das interações possíveis\"   --code \"falta de um direcionamento das interações\" --category \"Interações com dispositivo\"",
        "The instrument definition.":
            "A definição do instrumento.",
        "The instrument the answers belong to (with --long: when the file has no instrument column).":
            "O instrumento a que as respostas pertencem (com --long: quando o arquivo não tem coluna de instrumento).",
        "The instrument's id (e.g. sus, pssuq).":
            "O id do instrumento (por exemplo sus, pssuq).",
        "The instrument's id (see 'studyctl instrument list').":
            "O id do instrumento (veja 'studyctl instrument list').",
        "The instrument's id.":
            "O id do instrumento.",
        "The language of a study created by the import.":
            "O idioma de um estudo criado pela importação.",
        "The language of instruments and reports.":
            "O idioma dos instrumentos e relatórios.",
        "The language to show it in (default: the study's).":
            "O idioma em que mostrar (padrão: o do estudo).",
        "The levels, in order, separated by commas.":
            "Os níveis, em ordem, separados por vírgulas.",
        "The media (stimulus) name, as in the export.":
            "O nome da mídia (estímulo), como na exportação.",
        "The media (stimulus) name.":
            "O nome da mídia (estímulo).",
        "The media's size in pixels when it has no image (default: just past the farthest fixation).":
            "O tamanho da mídia em pixels quando ela não tem imagem (padrão: logo além da fixação mais distante).",
        "The memo's text.":
            "O texto do memorando.",
        "The new name.":
            "O novo nome.",
        "The number of errors.":
            "O número de erros.",
        "The numeric attribute to derive from.":
            "O atributo numérico de onde derivar.",
        "The other copy of the study.":
            "A outra cópia do estudo.",
        "The parent theme (another category).":
            "O tema pai (outra categoria).",
        "The participant needed help.":
            "O participante precisou de ajuda.",
        "The participant's code, unique in the study (e.g. P1).":
            "O código do participante, único no estudo (por exemplo P1).",
        "The participant's code.":
            "O código do participante.",
        "The port to listen on (default: any free port).":
            "A porta onde escutar (padrão: qualquer porta livre).",
        "The project file to write.":
            "O arquivo de projeto a gravar.",
        "The project file.":
            "O arquivo de projeto.",
        "The questionnaire.":
            "O questionário.",
        "The report comes from a Mustache template: the default one (one template for every language and format), or your own (copy templates/reports/default.mustache, edit it, and pass its path with --template). templates/README.md lists every value a template can use.":
            "O relatório vem de um modelo Mustache: o padrão (um modelo para todos os idiomas e formatos), ou o seu (copie templates/reports/default.mustache, edite-o e passe o caminho com --template). templates/README.md lista todo valor que um modelo pode usar.",
        "The report's language (default: the study's).":
            "O idioma do relatório (padrão: o do estudo).",
        "The score or sub-score (default: the instrument's first).":
            "O escore ou subescore (padrão: o primeiro do instrumento).",
        "The share's denominator is the participants who were interviewed — those with a transcript or any coded excerpt — (or those of the group, with --by); --denominator study takes every participant of the study instead. The output states it. Categories never used are listed with zero. Sorted by share.":
            "O denominador da porcentagem são os participantes entrevistados — os que têm transcrição ou algum trecho codificado — (ou os do grupo, com --by); '--denominator study' toma todos os participantes do estudo. A saída diz qual. As categorias nunca usadas aparecem com zero. Em ordem de porcentagem.",
        "The stimulus image (PNG or JPEG) to draw under the picture (default: the media's registered image).":
            "A imagem de estímulo (PNG ou JPEG) a desenhar sob a figura (padrão: a imagem registrada da mídia).",
        "The study file (default: $STUDYCTL_DB, else study.sqlite in the current folder).":
            "O arquivo do estudo (padrão: $STUDYCTL_DB, senão 'study.sqlite' na pasta atual).",
        "The study's title, as reports will show it.":
            "O título do estudo, como os relatórios o mostrarão.",
        "The task every row answers (per-task instruments).":
            "A tarefa que toda linha responde (instrumentos por tarefa).",
        "The task the answers are about (required for per-task instruments such as seq).":
            "A tarefa a que as respostas se referem (obrigatória para instrumentos por tarefa, como o seq).",
        "The task's key.":
            "A chave da tarefa.",
        "The task's title.":
            "O título da tarefa.",
        "The text is stored in Unicode NFC with line endings made LF (CRLF and CR alike). Excerpts already coded for the participant are located in the transcript and their spans stored.":
            "O texto é gravado em Unicode NFC com fins de linha LF (CRLF e CR igualmente). Os trechos já codificados do participante são localizados na transcrição e suas posições gravadas.",
        "The time taken.":
            "O tempo gasto.",
        "The transcript, a UTF-8 text file.":
            "A transcrição, um arquivo de texto UTF-8.",
        "The trial number (default: the next one).":
            "O número da tentativa (padrão: a próxima).",
        "The two levels or groups, A,B (default: the only two there are).":
            "Os dois níveis ou grupos, A,B (padrão: os dois únicos que houver).",
        "The verbatim excerpt (default: the code itself).":
            "O trecho literal (padrão: o próprio código).",
        "The workbook to write.":
            "A pasta de trabalho a gravar.",
        "Themes, categories and code wordings as in 'export qdpx', valid against Codebook.xsd.":
            "Temas, categorias e redações dos códigos como em 'export qdpx', válido contra Codebook.xsd.",
        "Time to first fixation (from the media's first sample), fixations before it, first fixation duration, total fixation duration, fixation count, visits (runs of fixations inside the AOI), total visit duration (first fixation start to last fixation end of each visit, saccades inside included) and average fixation duration, in milliseconds; a fixation is in an AOI when its centre is (for the export's own AOIs: when the export marked it as a hit). With --summary or --by, per AOI (and group): the percentage of participants who fixated it and means with 95 %% confidence intervals — time to first fixation and first fixation duration over those who fixated it, the others over everyone who saw the media.\n\nExamples: studyctl gaze metrics --csv > metrics.csv\n          studyctl gaze metrics --by level":
            "Tempo até a primeira fixação (desde a primeira amostra da mídia), fixações antes dela, duração da primeira fixação, duração total das fixações, número de fixações, visitas (sequências de fixações dentro da AOI), duração total das visitas (do início da primeira fixação ao fim da última de cada visita, sacadas internas incluídas) e duração média das fixações, em milissegundos; uma fixação está numa AOI quando seu centro está (nas AOIs da própria exportação: quando a exportação a marcou como acerto). Com --summary ou --by, por AOI (e grupo): a porcentagem de participantes que a fixaram e médias com intervalos de confiança de 95 %% — tempo até a primeira fixação e duração da primeira fixação entre os que a fixaram, as demais entre todos que viram a mídia.\n\nExemplos: studyctl gaze metrics --csv > metrics.csv\n          studyctl gaze metrics --by level",
        "Times take ss, m:ss, h:mm:ss or decimal seconds (92, 1:32, 0:01:32, 92,5). A participant may attempt a task more than once: each attempt is the next trial unless --trial says otherwise.\n\nExample: studyctl attempt add P1 fase-1 --condition setting=0-50 --time 1:32 --errors 3 --outcome success":
            "Os tempos aceitam ss, m:ss, h:mm:ss ou segundos decimais (92, 1:32, 0:01:32, 92,5). Um participante pode tentar uma tarefa mais de uma vez: cada tentativa é a próxima, a menos que --trial diga outra.\n\nExemplo: studyctl attempt add P1 fase-1 --condition setting=0-50 --time 1:32 --errors 3 --outcome success",
        "Tobii's AOI metrics per participant × media × AOI, or summarised per AOI and group.":
            "As métricas de AOI da Tobii por participante × mídia × AOI, ou resumidas por AOI e grupo.",
        "Units are the excerpts at least two of the listed coders coded (Krippendorff 2011): α uses all of them, and κ for a pair of coders the excerpts that pair shares. Per category, each coder's presence or absence of the category on each unit is compared: percent agreement, Cohen's κ (chance agreement from each coder's marginals; per pair of coders) and Krippendorff's α (nominal; any number of coders). Overall: κ and α over the category assigned, when every coder gave each excerpt exactly one; otherwise pooled over every excerpt × category.":
            "As unidades são os trechos que ao menos dois dos codificadores listados codificaram (Krippendorff 2011): o α usa todas, e o κ de um par de codificadores os trechos que esse par compartilha. Por categoria, a presença ou ausência da categoria em cada unidade, segundo cada codificador, é comparada: concordância percentual, κ de Cohen (concordância ao acaso pelas marginais de cada codificador; por par de codificadores) e α de Krippendorff (nominal; qualquer número de codificadores). No geral: κ e α sobre a categoria atribuída, quando todo codificador deu exatamente uma a cada trecho; senão, agrupados sobre todo trecho × categoria.",
        "Update participants already in the study instead of refusing them.":
            "Atualiza os participantes que já estão no estudo em vez de recusá-los.",
        "Use successful attempts only.":
            "Usa só as tentativas bem-sucedidas.",
        "Weight each fixation by its duration, count it once, or by its share of the participant's time.":
            "Pondera cada fixação pela duração, conta-a uma vez, ou por sua fração do tempo do participante.",
        "What the category means.":
            "O que a categoria significa.",
        "What the memo is about: study, participant:P4, code:12 or category:NAME.":
            "Sobre o que é o memorando: 'study', 'participant:P4', 'code:12' ou 'category:NOME'.",
        "What the participant is asked to do.":
            "O que se pede ao participante.",
        "What the share is taken over: interviewed (default) or study.":
            "Sobre o que a porcentagem é tomada: 'interviewed' (padrão) ou 'study'.",
        "What to compare.":
            "O que comparar.",
        "Where each source's participant comes from: the case that holds it (else its name, else its file; the default), its name, or its file's name. Spaces become _.":
            "De onde vem o participante de cada fonte: o caso que a contém (senão seu nome, senão seu arquivo; o padrão), seu nome, ou o nome do arquivo. Espaços viram _.",
        "Where it comes from: a literature reference, or emergent.":
            "De onde vem: uma referência da literatura, ou emergent.",
        "Whether the attribute identifies a person.":
            "Se o atributo identifica uma pessoa.",
        "Which side wins a conflict.":
            "Qual lado vence um conflito.",
        "Which transcript, when the participant has several.":
            "Qual transcrição, quando o participante tem várias.",
        "Who coded it (for agreement between coders).":
            "Quem o codificou (para a concordância entre codificadores).",
        "Who wrote it.":
            "Quem o escreveu.",
        "With --by: compare the groups (Welch's t and Mann-Whitney U for two, Welch's ANOVA and Kruskal-Wallis for more).":
            "Com --by: compara os grupos (t de Welch e U de Mann-Whitney para dois, ANOVA de Welch e Kruskal-Wallis para mais).",
        "With --csv, write the group summaries instead of the participants.":
            "Com --csv, grava os resumos dos grupos em vez dos participantes.",
        "With --pseudonymise: a text file of names (one per line) to mask in transcripts, excerpts, codes and memos.":
            "Com --pseudonymise: um arquivo de texto de nomes (um por linha) a mascarar em transcrições, trechos, códigos e memorandos.",
        "With --pseudonymise: also write the key (code → pseudonym) to this CSV file; keep it apart from the export.":
            "Com --pseudonymise: grava também a chave (código → pseudônimo) neste arquivo CSV; guarde-a separada da exportação.",
        "With --replace: replace it even when coded excerpts would no longer be found in the new text.":
            "Com --replace: substitui mesmo quando trechos codificados não seriam mais encontrados no texto novo.",
        "Without --answers, asks each item in the study's language: type a number (or a label), n for N/A where the instrument allows it, - to leave an item unanswered, b to go back (the earlier answer is shown), ? to see the scale again. Nothing is stored until the last item is answered; Ctrl-C or the end of input stores nothing, and says so. Works when answers come through a pipe, one per line.\n\nWith --answers, give every item in order, separated by commas (or semicolons): studyctl respond P3 sus --answers 4,2,5,1,4,2,5,1,4,2\n\n--orientation inverted is for forms that printed the scale the other way round: a typed x is stored as (points + 1 − x), so scores and norms stay canonical. The study remembers the orientation used for each instrument.":
            "Sem --answers, pergunta cada item no idioma do estudo: digite um número (ou um rótulo), n para N/A onde o instrumento aceita, - para deixar um item sem resposta, b para voltar (a resposta anterior é mostrada), ? para ver a escala de novo. Nada é gravado até o último item ser respondido; Ctrl-C ou o fim da entrada não grava nada, e diz isso. Funciona quando as respostas chegam por um pipe, uma por linha.\n\nCom --answers, dê todos os itens em ordem, separados por vírgulas (ou ponto e vírgula): studyctl respond P3 sus --answers 4,2,5,1,4,2,5,1,4,2\n\n--orientation inverted é para formulários que imprimiram a escala ao contrário: um x digitado é gravado como (pontos + 1 − x), de modo que escores e normas continuam canônicos. O estudo lembra a orientação usada em cada instrumento.",
        "Write CSV instead of a table.":
            "Grava CSV em vez de uma tabela.",
        "Write a REFI-QDA project (.qdpx) for QualCoder, NVivo, ATLAS.ti or MAXQDA.":
            "Grava um projeto REFI-QDA (.qdpx) para QualCoder, NVivo, ATLAS.ti ou MAXQDA.",
        "Write a markdown report with SVG charts, ready for a thesis.":
            "Grava um relatório em markdown com gráficos SVG, pronto para uma tese.",
        "Write an Excel workbook: every table as a sheet, with native charts.":
            "Grava uma pasta de trabalho do Excel: cada tabela numa planilha, com gráficos nativos.",
        "Write and read analytic memos.":
            "Escreve e lê memorandos analíticos.",
        "Write each table as a tidy CSV file (for R or SPSS).":
            "Grava cada tabela como um arquivo CSV organizado (para R ou SPSS).",
        "Write only the answers (responses), or only each participant's scores and the group summaries (scores), streamed from the study.":
            "Grava só as respostas ('responses'), ou só os escores de cada participante e os resumos dos grupos ('scores'), lidos em fluxo do estudo.",
        "Write only these formats (repeat the option; default: png, svg and pdf).":
            "Grava só estes formatos (repita a opção; padrão: png, svg e pdf).",
        "Write the codebook as a REFI-QDA codebook (.qdc).":
            "Grava o livro de códigos como um livro de códigos REFI-QDA (.qdc).",
        "Write the matrix as CSV.":
            "Grava a matriz como CSV.",
        "Write the per-participant scores as CSV.":
            "Grava os escores por participante como CSV.",
        "md (markdown, the default), html (one self-contained page, charts embedded) or latex (booktabs tables, PDF figures; drops into abnTeX2).":
            "md (markdown, o padrão), html (uma página autocontida, com os gráficos embutidos) ou latex (tabelas booktabs, figuras em PDF; entra direto no abnTeX2).",
        "project.qde (REFI-QDA 1.0, valid against Project.xsd) and sources/ with each transcript as UTF-8 text without BOM, LF line ends. Coders are users; the codebook holds themes, then categories (not codable), then one codable code per wording in each category, with definitions and origins in their descriptions; each coded excerpt is a text selection (positions in Unicode code points, end exclusive) with one coding per code and category, by its coder; memos are notes; participants are cases with their attributes as variables. GUIDs are name-based (UUID v5) on the study, so the same study exports the same bytes. What REFI-QDA cannot carry is listed.\n\nExample: studyctl export qdpx entrevistas.qdpx":
            "project.qde (REFI-QDA 1.0, válido contra Project.xsd) e sources/ com cada transcrição como texto UTF-8 sem BOM, fins de linha LF. Os codificadores são usuários; o livro de códigos tem os temas, depois as categorias (não codificáveis), depois um código codificável por redação em cada categoria, com definições e origens nas descrições; cada trecho codificado é uma seleção de texto (posições em pontos de código Unicode, fim exclusivo) com uma codificação por código e categoria, pelo seu codificador; os memorandos são notas; os participantes são casos com seus atributos como variáveis. Os GUIDs derivam dos nomes (UUID v5) no estudo, então o mesmo estudo exporta os mesmos bytes. O que o REFI-QDA não consegue levar é listado.\n\nExemplo: studyctl export qdpx entrevistas.qdpx",
        "the image cannot be read: %@":
            "não é possível ler a imagem: %@",
        "%@: '%@' is not one of %@":
            "'%@': '%@' não é um de %@",
        "Type the answer, n for N/A, - to leave it unanswered, b to go back, ? to see the scale.":
            "Digite a resposta, n para N/A, - para deixar sem resposta, b para voltar, ? para ver a escala.",
        "Type the answer, - to leave it unanswered, b to go back, ? to see the scale.":
            "Digite a resposta, - para deixar sem resposta, b para voltar, ? para ver a escala.",
        "Back to item %@ (earlier answer: %@).":
            "De volta ao item %@ (resposta anterior: %@).",
        "Back to item %@ (no earlier answer).":
            "De volta ao item %@ (sem resposta anterior).",
        " and ":
            " e ",
        "  answers: %@":
            "  respostas: %@",
        "  foreign key: %@":
            "  chave estrangeira: %@",
        "  integrity: %@":
            "  integridade: %@",
        "  names: %@":
            "  nomes: %@",
        "%@ %@: not part of REFI-QDA; use 'studyctl export xlsx' or 'export csv'":
            "%@ %@: não fazem parte do REFI-QDA; use 'studyctl export xlsx' ou 'export csv'",
        "%@ annotations stored as memos on the participant, quoting the annotated passage":
            "%@ anotações gravadas como memorandos do participante, citando o trecho anotado",
        "%@ answers":
            "%@ respostas",
        "%@ attempts":
            "%@ tentativas",
        "%@ category links":
            "%@ vínculos a categorias",
        "%@ codable codes without codings kept as categories under their parent (studyctl keeps a wording only on an excerpt)":
            "%@ códigos codificáveis sem codificações mantidos como categorias sob seu pai (o studyctl guarda uma redação apenas num trecho)",
        "%@ code definitions (a codable code's Description) stored as memos on the code's category":
            "%@ definições de código (a Description de um código codificável) gravadas como memorandos na categoria do código",
        "%@ code names ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)":
            "%@ nomes de código terminados em \" (N)\" lidos como a mesma redação sem o sufixo (tornados únicos para ferramentas que exigem nomes únicos)",
        "%@ codes":
            "%@ códigos",
        "%@ codes on excerpts without a transcript position (REFI codes text selections): exported in the codebook only; add the participants' transcripts to place them":
            "%@ códigos em trechos sem posição na transcrição (o REFI codifica seleções de texto): exportados só no livro de códigos; acrescente as transcrições dos participantes para posicioná-los",
        "%@ excerpts":
            "%@ trechos",
        "%@ has %@ items; --answers gives %@ values. Give one per item, in order (empty for an unanswered item).":
            "%@ tem %@ itens; --answers dá %@ valores. Dê um por item, em ordem (vazio para item sem resposta).",
        "%@ has %@ items; --answers gives 1 value. Give one per item, in order (empty for an unanswered item).":
            "%@ tem %@ itens; --answers dá 1 valor. Dê um por item, em ordem (vazio para item sem resposta).",
        "%@ holds %@ codings and none could be read:\n%@":
            "%@ contém %@ codificações e nenhuma pôde ser lida:\n%@",
        "%@ is identifying: left out of pseudonymised exports":
            "%@ é identificador: fica de fora das exportações pseudonimizadas",
        "%@ is not identifying":
            "%@ não é identificador",
        "%@ is this study itself; give the other copy.":
            "%@ é este próprio estudo; indique a outra cópia.",
        "%@ journals (notes of the project) stored as study memos, each headed by its title":
            "%@ diários (notas do projeto) gravados como memorandos do estudo, cada um encabeçado pelo título",
        "%@ memos":
            "%@ memorandos",
        "%@ new participants, %@ new categories, %@ transcripts, %@ codes, %@ memos":
            "%@ participantes novos, %@ categorias novas, %@ transcrições, %@ códigos, %@ memorandos",
        "%@ participant memos: REFI cases take no notes; exported as project notes named after the participant":
            "%@ memorandos de participante: casos REFI não têm notas; exportados como notas do projeto com o nome do participante",
        "%@ response sets":
            "%@ conjuntos de respostas",
        "%@ sub-themes":
            "%@ subtemas",
        "%@ values":
            "%@ valores",
        "%@ → … (%@ visits; --json for all)":
            "%@ → … (%@ visitas; --json para todas)",
        "%@, %@ already here":
            "%@, %@ já presentes",
        "%@: a coding refers to a code the codebook lacks; skipped":
            "%@: uma codificação se refere a um código que o livro de códigos não tem; ignorada",
        "%@: a selection at %@–%@ lies outside the text; skipped":
            "%@: uma seleção em %@–%@ fica fora do texto; ignorada",
        "%@: mean similarity %@ (%@ pairs)":
            "%@: semelhança média %@ (%@ pares)",
        "%@: mean similarity %@ (1 pair)":
            "%@: semelhança média %@ (1 par)",
        "%@: the selection %@–%@ could not be placed; skipped":
            "%@: a seleção %@–%@ não pôde ser posicionada; ignorada",
        "(no fixation in an AOI)":
            "(nenhuma fixação numa AOI)",
        "--redact and --key go with --pseudonymise.":
            "--redact e --key acompanham --pseudonymise.",
        "--simplify merges fixations by AOI, and %@ has no AOIs; add them with 'studyctl aoi add'.":
            "--simplify funde fixações por AOI, e %@ não tem AOIs; acrescente-as com 'studyctl aoi add'.",
        "1 annotation stored as a memo on the participant, quoting the annotated passage":
            "1 anotação gravada como memorando do participante, citando o trecho anotado",
        "1 answer":
            "1 resposta",
        "1 attempt":
            "1 tentativa",
        "1 category link":
            "1 vínculo a categoria",
        "1 codable code without codings kept as a category under its parent (studyctl keeps a wording only on an excerpt)":
            "1 código codificável sem codificações mantido como categoria sob seu pai (o studyctl guarda uma redação apenas num trecho)",
        "1 code":
            "1 código",
        "1 code definition (a codable code's Description) stored as a memo on the code's category":
            "1 definição de código (a Description de um código codificável) gravada como memorando na categoria do código",
        "1 code name ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)":
            "1 nome de código terminado em \" (N)\" lido como a mesma redação sem o sufixo (tornado único para ferramentas que exigem nomes únicos)",
        "1 code on an excerpt without a transcript position (REFI codes text selections): exported in the codebook only; add the participant's transcript to place it":
            "1 código num trecho sem posição na transcrição (o REFI codifica seleções de texto): exportado só no livro de códigos; acrescente a transcrição do participante para posicioná-lo",
        "1 excerpt":
            "1 trecho",
        "1 journal (notes of the project) stored as a study memo, headed by its title":
            "1 diário (notas do projeto) gravado como memorando do estudo, encabeçado pelo título",
        "1 memo":
            "1 memorando",
        "1 participant memo: REFI cases take no notes; exported as a project note named after the participant":
            "1 memorando de participante: casos REFI não têm notas; exportado como nota do projeto com o nome do participante",
        "1 response set":
            "1 conjunto de respostas",
        "1 sub-theme":
            "1 subtema",
        "1 value":
            "1 valor",
        "AOI visit sequences":
            "Sequências de visitas às AOIs",
        "AOIs":
            "AOIs",
        "Added AOI %@ to %@":
            "AOI %@ acrescentada a %@",
        "Added participants: %@":
            "Participantes acrescentados: %@",
        "All pairs":
            "Todos os pares",
        "Between %@":
            "Entre %@",
        "Cannot read the image %@.":
            "Não é possível ler a imagem %@.",
        "Cannot read the names to redact from %@ (a UTF-8 text file, one name per line).":
            "Não é possível ler os nomes a ocultar de %@ (um arquivo de texto UTF-8, um nome por linha).",
        "Cannot write the key to %@.":
            "Não é possível gravar a chave em %@.",
        "Codes":
            "Códigos",
        "Coding workspace for %@: %@":
            "Espaço de codificação de %@: %@",
        "Definition":
            "Definição",
        "Fixations: %@":
            "Fixações: %@",
        "Imported %@ AOIs from %@":
            "%@ AOIs importadas de %@",
        "Imported %@ recordings (%@ fixations from %@ samples) from %@ %@ exports":
            "%@ gravações importadas (%@ fixações de %@ amostras) de %@ exportações %@",
        "Imported %@ recordings (%@ fixations from %@ samples) from 1 %@ export":
            "%@ gravações importadas (%@ fixações de %@ amostras) de 1 exportação %@",
        "Imported %@: %@ categories":
            "%@ importado: %@ categorias",
        "Imported %@: %@ categories, %@ memos":
            "%@ importado: %@ categorias, %@ memorandos",
        "Imported %@: %@ new participants, %@ categories, %@ transcripts, %@ codes, %@ memos":
            "%@ importado: %@ participantes novos, %@ categorias, %@ transcrições, %@ códigos, %@ memorandos",
        "Imported 1 AOI from %@":
            "1 AOI importada de %@",
        "Merged %@: %@":
            "%@ mesclado: %@",
        "No AOI metrics: import recordings with 'studyctl gaze import' and define AOIs with 'studyctl aoi add'.":
            "Nenhuma métrica de AOI: importe gravações com 'studyctl gaze import' e defina AOIs com 'studyctl aoi add'.",
        "No AOIs yet. Add one with 'studyctl aoi add MEDIA NAME --rect x,y,w,h'.":
            "Ainda não há AOIs. Acrescente uma com 'studyctl aoi add MÍDIA NOME --rect x,y,l,a'.",
        "No conditions yet. Add one with 'studyctl condition add NAME --levels A,B'.":
            "Ainda não há condições. Acrescente uma com 'studyctl condition add NOME --levels A,B'.",
        "No eye-tracking recordings yet. Import Tobii exports with 'studyctl gaze import FILE.tsv'.":
            "Ainda não há gravações de rastreamento ocular. Importe exportações da Tobii com 'studyctl gaze import ARQUIVO.tsv'.",
        "No longer derived (values kept): %@":
            "Não mais derivado (valores mantidos): %@",
        "No media yet: they come with 'studyctl gaze import' or 'studyctl gaze media add'.":
            "Ainda não há mídias: elas vêm com 'studyctl gaze import' ou 'studyctl gaze media add'.",
        "No memos.":
            "Nenhum memorando.",
        "No participant with attempts at task %@ has %@ = %@; groups: %@.":
            "Nenhum participante com tentativas na tarefa %@ tem %@ = %@; grupos: %@.",
        "No recordings of %@.":
            "Nenhuma gravação de %@.",
        "No tasks yet. Add one with 'studyctl task add T1 --title \"…\"'.":
            "Ainda não há tarefas. Acrescente uma com 'studyctl task add T1 --title \"…\"'.",
        "Not carried by REFI-QDA:":
            "Não levado pelo REFI-QDA:",
        "Nothing was changed (--dry-run).":
            "Nada foi alterado (--dry-run).",
        "Origin":
            "Origem",
        "Please choose one of %@'s scores: %@.":
            "Escolha um dos escores de %@: %@.",
        "Please choose one of --csv and --json.":
            "Escolha um entre --csv e --json.",
        "Please close the quotes in --map %@.":
            "Feche as aspas em --map %@.",
        "Please correct the rule: %@.":
            "Corrija a regra: %@.",
        "Please give --%@ as numbers separated by commas; '%@' is not.":
            "Dê --%@ como números separados por vírgulas; '%@' não é.",
        "Please give --errors from 0 to %@.":
            "Dê --errors de 0 a %@.",
        "Please give --first as a positive number of fixations.":
            "Dê --first como um número positivo de fixações.",
        "Please give --instrument and --participant-column (or --long for a file with one row per answer).":
            "Dê --instrument e --participant-column (ou --long para um arquivo com uma linha por resposta).",
        "Please give --origin a literature reference or 'emergent'.":
            "Dê a --origin uma referência da literatura ou 'emergent'.",
        "Please give --penalty for --measure total; task %@ has no penalty.":
            "Dê --penalty para --measure total; a tarefa %@ não tem penalidade.",
        "Please give --polygon as pairs x,y of at least three points.":
            "Dê --polygon como pares x,y de pelo menos três pontos.",
        "Please give --port between 1 and 65535 (or 0 for any free port).":
            "Dê --port entre 1 e 65535 (ou 0 para qualquer porta livre).",
        "Please give --rect as x,y,width,height (four numbers).":
            "Dê --rect como x,y,largura,altura (quatro números).",
        "Please give --sigma between 1 and 500 pixels.":
            "Dê --sigma entre 1 e 500 pixels.",
        "Please give --size as WIDTHxHEIGHT, e.g. 1280x800.":
            "Dê --size como LARGURAxALTURA, por exemplo 1280x800.",
        "Please give --time as seconds or m:ss (e.g. 92, 92.5, 1:32, 0:01:32): %@.":
            "Dê --time em segundos ou m:ss (por exemplo 92, 92.5, 1:32, 0:01:32): %@.",
        "Please give --trial from 1 to %@.":
            "Dê --trial de 1 a %@.",
        "Please give a scale point as a whole number in --labels; '%@' is not one.":
            "Dê um ponto da escala como número inteiro em --labels; '%@' não é.",
        "Please give at least one key=value to set or --unset KEY to remove.":
            "Dê pelo menos um chave=valor para definir ou --unset CHAVE para remover.",
        "Please give at least one of --time, --errors and --outcome.":
            "Dê pelo menos um entre --time, --errors e --outcome.",
        "Please give either --by ATTRIBUTE or --each, not both.":
            "Dê --by ATRIBUTO ou --each, não os dois.",
        "Please give one of --condition NAME (conditions) and --by ATTRIBUTE (groups of participants).":
            "Dê um entre --condition NOME (condições) e --by ATRIBUTO (grupos de participantes).",
        "Please give one of --rect x,y,w,h and --polygon x1,y1,x2,y2,…":
            "Dê um entre --rect x,y,l,a e --polygon x1,y1,x2,y2,…",
        "Please give the code a category with --category NAME.":
            "Dê ao código uma categoria com --category NOME.",
        "Please give the study a title with --title \"…\".":
            "Dê um título ao estudo com --title \"…\".",
        "Please have %@ code the same excerpts: no excerpt is coded by two of them yet.":
            "Peça a %@ que codifiquem os mesmos trechos: ainda nenhum trecho foi codificado por dois deles.",
        "Please map %@ only once in --map.":
            "Mapeie %@ apenas uma vez em --map.",
        "Please name at least two coders, e.g. --coders A,B.":
            "Nomeie pelo menos dois codificadores, por exemplo --coders A,B.",
        "Please name items by number in --map (1=Q1); '%@' is not a number.":
            "Nomeie os itens por número em --map (1=Q1); '%@' não é um número.",
        "Please name the two groups to compare with --levels A,B; %@ has %@.":
            "Nomeie os dois grupos a comparar com --levels A,B; %@ tem %@.",
        "Please name the two levels to compare with --levels A,B; %@ has %@.":
            "Nomeie os dois níveis a comparar com --levels A,B; %@ tem %@.",
        "Please say which groups to compare with --by ATTRIBUTE (e.g. --by level --compare).":
            "Diga quais grupos comparar com --by ATRIBUTO (por exemplo --by nivel --compare).",
        "Please use --summary together with --csv.":
            "Use --summary junto com --csv.",
        "Please use either --map or --items-from, not both.":
            "Use --map ou --items-from, não os dois.",
        "Please use either --task or --task-column, not both.":
            "Use --task ou --task-column, não os dois.",
        "Please write --map as %@; '%@' is not.":
            "Escreva --map como %@; '%@' não é.",
        "Press Ctrl-C to stop.":
            "Pressione Ctrl-C para parar.",
        "Registered %@: %@":
            "%@ registrada: %@",
        "Registered %@: %@ image of %@ × %@ px":
            "%@ registrada: imagem %@ de %@ × %@ px",
        "Removed %@'s %@ answers: %@":
            "Respostas de %@ a %@ removidas: %@",
        "Removed %@'s attempts at %@: %@":
            "Tentativas de %@ na tarefa %@ removidas: %@",
        "Removed attribute %@ with %@":
            "Atributo %@ removido com %@",
        "Removed category %@":
            "Categoria %@ removida",
        "Removed category %@ with %@":
            "Categoria %@ removida com %@",
        "Removed code %@ of %@: \"%@\" (%@)":
            "Código %@ de %@ removido: \"%@\" (%@)",
        "Similarity 1 − d/max(|a|,|b|), d the Levenshtein distance between AOI visit sequences (Brandt & Stark 1997).":
            "Semelhança 1 − d/max(|a|,|b|), com d a distância de Levenshtein entre as sequências de visitas às AOIs (Brandt & Stark 1997).",
        "Skipped:":
            "Ignorados:",
        "Stopped.":
            "Parado.",
        "TTFF ms":
            "TPF ms",
        "Task %@: %@ %@ vs %@, %@; %@":
            "Tarefa %@: %@ %@ vs %@, %@; %@",
        "The bundled dataset '%@' was not installed with studyctl; run it from its build folder.":
            "O conjunto de dados '%@' não foi instalado com o studyctl; execute-o a partir da pasta de compilação.",
        "The codebook is empty. Add categories with 'studyctl category add' or 'studyctl category import'.":
            "O livro de códigos está vazio. Acrescente categorias com 'studyctl category add' ou 'studyctl category import'.",
        "Tobii's definitions; times in ms from the media's first sample; a fixation counts for an AOI when its centre lies in it (for AOIs from the export's hit columns, when the export marked it).":
            "Definições da Tobii; tempos em ms a partir da primeira amostra da mídia; uma fixação conta para uma AOI quando seu centro está nela (nas AOIs das colunas de acerto da exportação, quando a exportação a marcou).",
        "Welch's t-test, %@ and %@ participants":
            "teste t de Welch, %@ e %@ participantes",
        "Within %@":
            "Dentro de %@",
        "Would merge %@: %@":
            "Mesclaria %@: %@",
        "Wrote %@ (%@)":
            "%@ gravado (%@)",
        "Wrote %@ maps (%@) of %@ from %@ fixations into %@/: %@":
            "%@ mapas (%@) de %@ gravados a partir de %@ fixações em %@/: %@",
        "Wrote %@ scan paths (%@) of %@ into %@/: %@":
            "%@ caminhos do olhar (%@) de %@ gravados em %@/: %@",
        "Wrote 1 scan path (%@) of %@ into %@/: %@":
            "1 caminho do olhar (%@) de %@ gravado em %@/: %@",
        "answers":
            "respostas",
        "attempts":
            "tentativas",
        "before":
            "antes",
        "category %@: the %@ is '%@' here and '%@' there":
            "categoria %@: o campo %@ é '%@' aqui e '%@' lá",
        "category definitions and origins: written into each code's Description (REFI has no field for them)":
            "definições e origens das categorias: escritas na Description de cada código (o REFI não tem campo para elas)",
        "category links":
            "vínculos a categorias",
        "codes":
            "códigos",
        "column '%@' is stored as text because '%@' at %@ has leading zeros or a sign a number would lose":
            "a coluna '%@' é gravada como texto porque '%@' em %@ tem zeros à esquerda ou um sinal que um número perderia",
        "column '%@' is stored as text because '%@' at %@ is not a number":
            "a coluna '%@' é gravada como texto porque '%@' em %@ não é um número",
        "columns not read: %@":
            "colunas não lidas: %@",
        "count":
            "contagem",
        "counting the codes of every coder (%@); choose one with --coder":
            "contando os códigos de todos os codificadores (%@); escolha um com --coder",
        "derived attributes (%@): their values are exported, their rules as the variable's description (studyctl reads them back; other tools show it as text)":
            "atributos derivados (%@): seus valores são exportados, suas regras como a descrição da variável (o studyctl as lê de volta; outras ferramentas as mostram como texto)",
        "emergent":
            "emergente",
        "entering %@ with the inverted orientation this study used before (--orientation canonical to change)":
            "registrando %@ com a orientação invertida que este estudo usou antes (--orientation canonical para mudar)",
        "excerpts":
            "trechos",
        "eye-tracking recordings":
            "gravações de rastreamento ocular",
        "first ms":
            "1.ª ms",
        "fixations":
            "fixações",
        "gaze recordings":
            "gravações de olhar",
        "geometric mean: %@ = %@ s, %@ = %@ s; ratio (%@ / %@) = %@ %@":
            "média geométrica: %@ = %@ s, %@ = %@ s; razão (%@ / %@) = %@ %@",
        "image":
            "imagem",
        "invalid":
            "inválidas",
        "mean errors: %@ = %@, %@ = %@; difference (%@ − %@) = %@ %@":
            "média de erros: %@ = %@, %@ = %@; diferença (%@ − %@) = %@ %@",
        "mean ms":
            "média ms",
        "media":
            "mídia",
        "memos":
            "memorandos",
        "never used":
            "nunca usada",
        "not carried: %@ %@":
            "não levado: %@ %@",
        "nothing":
            "nada",
        "order":
            "ordem",
        "origin":
            "origem",
        "paired t-test, %@ participants":
            "teste t pareado, %@ participantes",
        "participant %@: %@ is '%@' here and '%@' there":
            "participante %@: %@ é '%@' aqui e '%@' lá",
        "participants":
            "participantes",
        "penalty":
            "penalidade",
        "polygon of %@ points":
            "polígono de %@ pontos",
        "questionnaire responses":
            "respostas a questionários",
        "recording":
            "gravação",
        "recordings":
            "gravações",
        "rectangle %@,%@ %@×%@":
            "retângulo %@,%@ %@×%@",
        "response sets":
            "conjuntos de respostas",
        "samples":
            "amostras",
        "shape":
            "forma",
        "size":
            "tamanho",
        "source %@ → %@: positions in %@":
            "fonte %@ → %@: posições em %@",
        "source %@: %@ is not in the project; skipped with its codings":
            "fonte %@: %@ não está no projeto; ignorada com suas codificações",
        "source %@: %@ selection names (e.g. “%@”) are labels, not the selected text; the positions were used":
            "fonte %@: %@ nomes de seleção (por exemplo “%@”) são rótulos, não o texto selecionado; as posições foram usadas",
        "source %@: 1 selection name (“%@”) is a label, not the selected text; the positions were used":
            "fonte %@: 1 nome de seleção (“%@”) é um rótulo, não o texto selecionado; as posições foram usadas",
        "source %@: its text is neither in the plain text file nor readable in %@; skipped with its codings":
            "fonte %@: seu texto não está no arquivo de texto simples nem pode ser lido em %@; ignorada com suas codificações",
        "source %@: only an external file (%@) — skipped with its codings":
            "fonte %@: apenas um arquivo externo (%@) — ignorada com suas codificações",
        "source %@: participant %@ (from “%@”: spaces made _, other characters a code cannot hold left out)":
            "fonte %@: participante %@ (de “%@”: espaços viraram _, outros caracteres que um código não aceita foram omitidos)",
        "source %@: text read from the .docx (word/document.xml paragraphs), the plain text file being empty":
            "fonte %@: texto lido do .docx (parágrafos de word/document.xml), pois o arquivo de texto simples está vazio",
        "sub-themes":
            "subtemas",
        "task":
            "tarefa",
        "task attempts":
            "tentativas de tarefas",
        "the excerpt was typed differently (case, accents or spacing); it is stored as the transcript has it: '%@'":
            "o trecho foi digitado de outra forma (maiúsculas, acentos ou espaços); ele é gravado como está na transcrição: '%@'",
        "the export's hit column":
            "a coluna de acerto da exportação",
        "the in-vivo code was typed '%@'; it is stored as the participant said it: '%@'":
            "o código in vivo foi digitado '%@'; ele é gravado como o participante disse: '%@'",
        "theme":
            "tema",
        "this %@ export has neither %@ (the export's fixations) nor %@ (raw gaze, for the I-VT filter); export it with those columns selected":
            "esta exportação do %@ não tem %@ (as fixações da exportação) nem %@ (olhar bruto, para o filtro I-VT); exporte-a com essas colunas selecionadas",
        "time (log scale)":
            "tempo (escala logarítmica)",
        "total (log scale)":
            "total (escala logarítmica)",
        "total ms":
            "total ms",
        "values":
            "valores",
        "visit ms":
            "visita ms",
        "visits":
            "visitas",
        "  (reversed)":
            "  (invertido)",
        "  [open answer]":
            "  [resposta aberta]",
        " (lower is better)":
            " (menor é melhor)",
        " A category's frequency is the share of participants who raised it.":
            " A frequência de cada categoria é a proporção de participantes que a citaram.",
        " The form showed the scale inverted (1 = disagree); answers were recoded as x′ = 8 − x before scoring.":
            " O formulário apresentou a escala invertida (1 = discordo); as respostas foram recodificadas como x′ = 8 − x antes do cálculo.",
        " and emerging from the data.":
            " e emergentes dos dados.",
        " established a priori from ":
            " pré-estabelecidas a partir de ",
        "%%@ · %%d participant%%@ · %%d fixations · Gaussian kernel σ = %%.0f px":
            "%%@ · %%d participante%%@ · %%d fixações · núcleo gaussiano σ = %%.0f px",
        "%@ (%%, 95%% CI)":
            "%@ (%%, IC 95 %%)",
        "%@ · %@ AOI visits (consecutive fixations in one AOI merged) · area ∝ duration":
            "%@ · %@ visitas a AOIs (fixações seguidas numa AOI fundidas) · área ∝ duração",
        "%@ · %@ fixations, in order · circle area ∝ duration":
            "%@ · %@ fixações, em ordem · área do círculo ∝ duração",
        "**Table %@**\n\n*%@*\n":
            "**Tabela %@ – %@**\n",
        "*Note.* %@":
            "Nota: %@",
        "<em>Note.</em> ":
            "Nota: ",
        "All":
            "Todos",
        "Answered once per task (--task)":
            "Respondido uma vez por tarefa (--task)",
        "Answers":
            "Respostas",
        "Answers per item as diverging stacked bars (ʳ: negatively worded item; item texts in the per-item table)":
            "Distribuição das respostas por item, em barras divergentes (ʳ: item de redação negativa; textos na tabela por item)",
        "Category":
            "Categoria",
        "Coefficient":
            "Coeficiente",
        "Cohen's κ":
            "κ de Cohen",
        "Completion (%%, 95%% CI)":
            "Conclusão (%%, IC 95 %%)",
        "Conditions: ":
            "Condições: ",
        "Distribution of SUS scores":
            "Distribuição dos escores SUS",
        "Entry interrupted before the last item: nothing was stored.":
            "Entrada interrompida antes do último item: nada foi gravado.",
        "Errors per attempt (mean, 95%% CI)":
            "Erros por tentativa (média, IC 95 %%)",
        "Errors per task: mean per attempt with 95%% confidence interval":
            "Erros por tarefa: média por tentativa com intervalo de confiança de 95 %%",
        "Interviewed participants raising the category (%%)":
            "Participantes entrevistados que citaram a categoria (%%)",
        "Interviews were analysed with descriptive coding: verbatim excerpts were given codes summarising their topic and grouped into categories":
            "As entrevistas foram analisadas com codificação descritiva: trechos literais receberam códigos que resumem seu assunto, agrupados em categorias",
        "Interviews were analysed with in-vivo coding (%@ codes in the participants' own words) and descriptive coding (%@ codes summarising the excerpt's topic), grouped into categories":
            "As entrevistas foram analisadas com codificação in vivo (%@ códigos com as palavras dos participantes) e descritiva (%@ códigos que resumem o assunto do trecho), agrupados em categorias",
        "Interviews were analysed with in-vivo coding: verbatim excerpts were coded in the participants' own words and grouped into categories":
            "As entrevistas foram analisadas com codificação in vivo: trechos literais receberam códigos com as palavras dos participantes, agrupados em categorias",
        "Item":
            "Item",
        "Krippendorff's α":
            "α de Krippendorff",
        "Lower is better.":
            "Valores menores são melhores.",
        "Mean":
            "Média",
        "Mean (95%% CI)":
            "Média (IC 95 %%)",
        "Mean scores by group with 95%% confidence intervals and the norm":
            "Escores médios por grupo, com intervalo de confiança de 95 %% e a norma",
        "N/A allowed":
            "N/A permitido",
        "Norm":
            "Norma",
        "Norms: ":
            "Normas: ",
        "Notes":
            "Observações",
        "Overall":
            "Geral",
        "Participants":
            "Participantes",
        "Participants (%%)":
            "Participantes (%%)",
        "Please try again.":
            "Tente de novo.",
        "Please type an answer (- leaves the item unanswered).":
            "Digite uma resposta (- deixa o item sem resposta).",
        "SUS score":
            "Escore SUS",
        "SUS score distribution":
            "Distribuição dos escores SUS",
        "Scale":
            "Escala",
        "Scan path of %@ on %@: the first 20 fixations":
            "Caminho do olhar de %@ em %@: as primeiras 20 fixações",
        "Score":
            "Escore",
        "Scoring: %@; scores: ":
            "Pontuação: %@; escores: ",
        "Share of answers (disagreement to the left, agreement to the right)":
            "Porcentagem das respostas (discordância à esquerda, concordância à direita)",
        "Share of participants raising each category":
            "Porcentagem de participantes que citaram cada categoria",
        "The %@ questionnaire had choice answers, reported as counts and percentages.":
            "O questionário %@ teve respostas de escolha, relatadas como contagens e porcentagens.",
        "This instrument has no scale.":
            "Este instrumento não tem escala.",
        "This is the first item.":
            "Este é o primeiro item.",
        "Threshold 0.80":
            "Limiar 0,80",
        "Time (s, geometric mean)":
            "Tempo (s, média geométrica)",
        "Time per task: geometric mean with 95%% confidence interval (computed on the log scale)":
            "Tempo por tarefa: média geométrica com intervalo de confiança de 95 %% (escala logarítmica)",
        "\\studyctlnote{%@}":
            "\\nota{%@}",
        "all participants":
            "todos os participantes",
        "answers per item":
            "distribuição das respostas por item",
        "built in":
            "embutido",
        "custom":
            "próprio",
        "fail":
            "falha",
        "fixation count":
            "número de fixações",
        "fixation duration":
            "duração das fixações",
        "items":
            "itens",
        "less":
            "menos",
        "more":
            "mais",
        "most attention":
            "mais atenção",
        "nobody looked":
            "ninguém olhou",
        "number":
            "número",
        "open answer":
            "resposta aberta",
        "partial":
            "parcial",
        "participant":
            "participante",
        "participant ":
            "participante ",
        "relative duration (per participant)":
            "duração relativa (por participante)",
        "scores by group":
            "escores por grupo",
        "source":
            "fonte",
        "success":
            "sucesso",
        "the first %@ of %@":
            "as primeiras %@ de %@",
        "title":
            "título",
        "version":
            "versão",
        "yes":
            "sim",
        "--map %@=%@":
            "'--map %@=%@'",
        "AOI %@":
            "AOI %@",
        "AOI '%@'":
            "AOI '%@'",
        "I-VT filter":
            "filtro I-VT",
        "category":
            "categoria",
        "category %@":
            "categoria %@",
        "category %@, definition":
            "categoria %@, definição",
        "category '%@'":
            "categoria '%@'",
        "code %@":
            "código %@",
        "coder":
            "codificador",
        "condition %@":
            "condição %@",
        "condition %@, level '%@'":
            "condição %@, nível '%@'",
        "condition '%@'":
            "condição '%@'",
        "labels":
            "rótulos",
        "media '%@'":
            "mídia '%@'",
        "memo":
            "memorando",
        "merge":
            "mesclagem",
        "participant %@":
            "participante %@",
        "participant %@, %@ item %@":
            "participante %@, %@ item %@",
        "participant %@, task %@":
            "participante %@, tarefa %@",
        "selection":
            "seleção",
        "task %@":
            "tarefa %@",
        "task %@, %@":
            "tarefa %@, %@",
        "task %@, --order":
            "tarefa %@, --order",
        "task %@, --penalty":
            "tarefa %@, --penalty",
        "transcript":
            "transcrição",
        "byte 0x%@":
            "o byte 0x%@",
        "not valid JSON: %@":
            "não é JSON válido: %@",
        "the end of the file":
            "o fim do arquivo",
        " (first on line %@); choose --duplicates keep-last or keep-first to keep one":
            " (primeira na linha %@); escolha --duplicates keep-last ou keep-first para manter uma",
        " (it ends inside an element)":
            " (termina dentro de um elemento)",
        " (media: %@)":
            " (mídias: %@)",
        " (none yet)":
            " (nenhuma ainda)",
        " (the parser stopped with error %@)":
            " (o leitor parou com o erro %@)",
        " for task %@":
            " na tarefa %@",
        " on occasion '%@'":
            " na ocasião '%@'",
        "%@ '%@' and '%@' are one name spelled two ways":
            "%@ '%@' e '%@' são um nome escrito de duas formas",
        "%@ '%@' is stored decomposed (%@); studyctl stores names in NFC":
            "%@ '%@' está gravado decomposto (%@); o studyctl grava nomes em NFC",
        "%@ (no penalty is set: --penalty 2s)":
            "%@ (nenhuma penalidade definida: --penalty 2s)",
        "%@ (task %@): %@":
            "%@ (tarefa %@): %@",
        "%@ cannot be empty":
            "%@ não pode ficar vazio",
        "%@ cannot be read":
            "não é possível ler %@",
        "%@ cannot be stored as typed: %@":
            "%@ não pode ser gravado como digitado: %@",
        "%@ cannot contain '='":
            "%@ não pode conter '='",
        "%@ cannot contain spaces":
            "%@ não pode conter espaços",
        "%@ cannot start or end with a space":
            "%@ não pode começar nem terminar com espaço",
        "%@ does not exist":
            "%@ não existe",
        "%@ errors is outside 0…%@":
            "%@ erros está fora de 0…%@",
        "%@ has %@ items but the file has %@ other columns (%@); say where the items are with --items-from COLUMN or --map 1=COLUMN,2=COLUMN,…":
            "%@ tem %@ itens, mas o arquivo tem %@ outras colunas (%@); diga onde estão os itens com --items-from COLUNA ou --map 1=COLUNA,2=COLUNA,…",
        "%@ has %@ items, but only %@ columns start at '%@'":
            "%@ tem %@ itens, mas só %@ colunas começam em '%@'",
        "%@ has at most %@ characters (it has %@ code points)":
            "%@ tem no máximo %@ caracteres (este tem %@ pontos de código)",
        "%@ has no first sheet":
            "%@ não tem primeira planilha",
        "%@ has no item %@ (items 1–%@)":
            "%@ não tem item %@ (itens 1–%@)",
        "%@ has no transcript to select from":
            "%@ não tem transcrição de onde selecionar",
        "%@ holds %@ .qde files; a REFI-QDA project has one":
            "%@ contém %@ arquivos .qde; um projeto REFI-QDA tem um",
        "%@ holds no codes":
            "%@ não contém códigos",
        "%@ holds no project.qde":
            "%@ não contém project.qde",
        "%@ is '%@' here and '%@' there":
            "%@ é '%@' aqui e '%@' lá",
        "%@ is not a REFI-QDA codebook (its root is not CodeBook); a .qdpx project is read with 'import qdpx'":
            "%@ não é um livro de códigos REFI-QDA (a raiz não é CodeBook); um projeto .qdpx é lido com 'import qdpx'",
        "%@ is not a REFI-QDA project (.qdpx is a ZIP file): %@":
            "%@ não é um projeto REFI-QDA (.qdpx é um arquivo ZIP): %@",
        "%@ is not a valid instrument:\n":
            "%@ não é um instrumento válido:\n",
        "%@ is not an Excel workbook (.xlsx is a ZIP file)":
            "%@ não é uma pasta de trabalho do Excel (.xlsx é um arquivo ZIP)",
        "%@ is outside 1…%@":
            "%@ está fora de 1…%@",
        "%@ item %@ has no answer; score with --missing centre (count the centre point) or --missing prorate, or complete the answers":
            "%@: o item %@ está sem resposta; pontue com --missing centre (conta o ponto central) ou --missing prorate, ou complete as respostas",
        "%@ item %@: the answer %@ does not fit the item":
            "%@ item %@: a resposta %@ não cabe no item",
        "%@ items %@ have no answer; prorating is validated for at most %@ missing items (Lewis & Sauro 2017)":
            "%@: os itens %@ estão sem resposta; o rateio é validado para no máximo %@ itens faltantes (Lewis & Sauro 2017)",
        "%@ items %@ have no answer; prorating is validated for at most 1 missing item (Lewis & Sauro 2017)":
            "%@: os itens %@ estão sem resposta; o rateio é validado para no máximo 1 item faltante (Lewis & Sauro 2017)",
        "%@ items %@ have no answer; score with --missing centre (count the centre point) or --missing prorate, or complete the answers":
            "%@: os itens %@ estão sem resposta; pontue com --missing centre (conta o ponto central) ou --missing prorate, ou complete as respostas",
        "%@ needs a \"%@\" field":
            "%@ precisa de um campo \"%@\"",
        "%@ s is outside 0…%@ s":
            "%@ s está fora de 0…%@ s",
        "%@. Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)":
            "%@. Diga onde estão esses itens com --map ITEM=COLUNA (os encontrados são lidos pelo texto)",
        "%@: %@ (one of: %@)":
            "%@: %@ (um de: %@)",
        "%@: %@:%@:%@: the XML is not well-formed":
            "%@: %@:%@:%@: o XML não está bem formado",
        "%@: a choice has an empty key":
            "%@: uma opção tem a chave vazia",
        "%@: a choice item needs at least two \"choices\"":
            "%@: um item de escolha precisa de pelo menos duas \"choices\"",
        "%@: a likert item needs the instrument's \"scale\"":
            "%@: um item likert precisa da \"scale\" do instrumento",
        "%@: a numeric item needs \"min\" and \"max\"":
            "%@: um item numérico precisa de \"min\" e \"max\"",
        "%@: a quoted field starts here and is never closed; add the closing '\"'":
            "%@: um campo entre aspas começa aqui e nunca é fechado; acrescente a aspa de fechamento '\"'",
        "%@: a subscale needs items":
            "%@: uma subescala precisa de itens",
        "%@: cannot read the file: %@":
            "%@: não é possível ler o arquivo: %@",
        "%@: choice key '%@' appears twice":
            "%@: a chave de opção '%@' aparece duas vezes",
        "%@: choice key '%@' cannot be stored as typed: %@":
            "%@: a chave de opção '%@' não pode ser gravada como digitada: %@",
        "%@: expected %@":
            "%@: esperava-se %@",
        "%@: expected %@, found null":
            "%@: esperava-se %@, encontrado null",
        "%@: item %@ is a %@ item and cannot be scored":
            "%@: o item %@ é do tipo %@ e não pode ser pontuado",
        "%@: item %@ is not an item of %@":
            "%@: o item %@ não é um item de %@",
        "%@: item %@: the answer %@ does not fit the item":
            "%@: item %@: a resposta %@ não cabe no item",
        "%@: min %@ must be below max %@":
            "%@: min %@ deve ser menor que max %@",
        "%@: min and max must lie within ±%@":
            "%@: min e max devem ficar dentro de ±%@",
        "%@: only likert and numeric items can be reversed":
            "%@: só itens likert e numéricos podem ser invertidos",
        "%@: the answers cannot be read (%@)":
            "%@: as respostas não podem ser lidas (%@)",
        "%@: the file contains a NUL character (byte 0x00), which would cut the text short; remove it (a file saved as UTF-16 has one in every other byte: save it as \"CSV UTF-8\")":
            "%@: o arquivo contém um caractere NUL (byte 0x00), que cortaria o texto; remova-o (um arquivo salvo em UTF-16 tem um a cada dois bytes: salve-o como \"CSV UTF-8\")",
        "%@: the file is empty; expected a header row followed by data rows":
            "%@: o arquivo está vazio; esperava-se uma linha de cabeçalho seguida de linhas de dados",
        "%@: the file is not valid UTF-8 (%@); save it as \"CSV UTF-8\" and try again":
            "%@: o arquivo não é UTF-8 válido (%@); salve-o como \"CSV UTF-8\" e tente de novo",
        "%@: the first sheet cannot be read":
            "%@: a primeira planilha não pode ser lida",
        "%@: the first sheet is empty":
            "%@: a primeira planilha está vazia",
        "%@: the header has an empty column name; every column needs a name":
            "%@: o cabeçalho tem uma coluna sem nome; toda coluna precisa de um nome",
        "%@: the header names column '%@' twice (first at column %@)":
            "%@: o cabeçalho nomeia a coluna '%@' duas vezes (a primeira na coluna %@)",
        "%@: the id appears twice":
            "%@: o id aparece duas vezes",
        "%@: the instrument's definition cannot be read":
            "%@: a definição do instrumento não pode ser lida",
        "%@: the item has no text":
            "%@: o item não tem texto",
        "%@: there is no item %@":
            "%@: não há item %@",
        "%@: this row has %@ fields but the header has %@; check the delimiter and quoting of this row":
            "%@: esta linha tem %@ campos, mas o cabeçalho tem %@; confira o delimitador e as aspas desta linha",
        "%@: this row has %@ fields but the header has %@; unexpected value '%@'":
            "%@: esta linha tem %@ campos, mas o cabeçalho tem %@; valor inesperado '%@'",
        "%@: this row has 1 field but the header has %@; check the delimiter and quoting of this row":
            "%@: esta linha tem 1 campo, mas o cabeçalho tem %@; confira o delimitador e as aspas desta linha",
        "%@: unexpected '%@' after a closing quote; inside a quoted field write a quote as \"\"":
            "%@: '%@' inesperado depois de uma aspa de fechamento; dentro de um campo entre aspas escreva uma aspa como \"\"",
        "%@: unknown language '%@'; use \"en\" or \"pt-BR\"":
            "%@: idioma desconhecido '%@'; use \"en\" ou \"pt-BR\"",
        "%@:%@:%@: the XML is not well-formed":
            "%@:%@:%@: o XML não está bem formado",
        "%@; columns that match no item: %@. Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)":
            "%@; colunas que não correspondem a nenhum item: %@. Diga onde estão esses itens com --map ITEM=COLUNA (os encontrados são lidos pelo texto)",
        "'%@' is longer than 7 days, the longest task time studyctl accepts":
            "'%@' é mais longo que 7 dias, o maior tempo de tarefa que o studyctl aceita",
        "'%@' is neither a field (%@) nor a condition of the study":
            "'%@' não é um campo (%@) nem uma condição do estudo",
        "'%@' is neither a number of the %@ scale nor one of its labels":
            "'%@' não é um número da escala %@ nem um de seus rótulos",
        "'%@' is not a choice of item %@ (choices: %@)":
            "'%@' não é uma opção do item %@ (opções: %@)",
        "'%@' is not a count of errors (a whole number from 0 to %@)":
            "'%@' não é uma contagem de erros (um número inteiro de 0 a %@)",
        "'%@' is not a level of %@ (%@)":
            "'%@' não é um nível de %@ (%@)",
        "'%@' is not a number in %@":
            "'%@' não é um número em %@",
        "'%@' is not a number of pixels":
            "'%@' não é um número de pixels",
        "'%@' is not a number":
            "'%@' não é um número",
        "'%@' is not a point of the %@ scale":
            "'%@' não é um ponto da escala %@",
        "'%@' is not a polygon (write x y; x y; x y, at least three points)":
            "'%@' não é um polígono (escreva x y; x y; x y, com pelo menos três pontos)",
        "'%@' is not a time (use 92, 92.5, 1:32 or 0:01:32)":
            "'%@' não é um tempo (use 92, 92,5, 1:32 ou 0:01:32)",
        "'%@' is not a trial number (1, 2, … up to %@)":
            "'%@' não é um número de tentativa (1, 2, … até %@)",
        "'%@' is not an outcome (success, partial or fail)":
            "'%@' não é um resultado ('success', 'partial' ou 'fail')",
        "'%@' is not study, participant:CODE, code:ID or category:NAME":
            "'%@' não é study, participant:CÓDIGO, code:ID nem category:NOME",
        "'%@' is not yes or no":
            "'%@' não é sim nem não",
        "'%@' is outside the %@ scale":
            "'%@' está fora da escala %@",
        "AOI name":
            "nome de AOI",
        "Cannot score %@ response sets:\n":
            "Não é possível pontuar %@ conjuntos de respostas:\n",
        "Cannot score 1 response set:\n":
            "Não é possível pontuar 1 conjunto de respostas:\n",
        "Invalid %@ '%@': %@.":
            "Não é possível usar '%2$@' como %1$@: %3$@.",
        "NASA-TLX weights sum to %@; the 15 pairwise comparisons give weights summing to 15":
            "os pesos do NASA-TLX somam %@; as 15 comparações pareadas dão pesos que somam 15",
        "\\u needs four hexadecimal digits":
            "\\u precisa de quatro dígitos hexadecimais",
        "\n%@ problems.":
            "\n%@ problemas.",
        "\n1 problem.":
            "\n1 problema.",
        "a category cannot be its own theme":
            "uma categoria não pode ser seu próprio tema",
        "a category cannot be merged into itself":
            "uma categoria não pode ser mesclada a si mesma",
        "a category name":
            "um nome de categoria",
        "a category needs a name":
            "uma categoria precisa de um nome",
        "a change must come from the workspace page itself (Origin http://%@)":
            "uma alteração precisa vir da própria página do espaço de trabalho (Origin http://%@)",
        "a coder name":
            "um nome de codificador",
        "a comma before ']' (remove the trailing comma)":
            "uma vírgula antes de ']' (remova a vírgula final)",
        "a comma before '}' (remove the trailing comma)":
            "uma vírgula antes de '}' (remova a vírgula final)",
        "a condition name":
            "um nome de condição",
        "a condition needs at least two levels":
            "uma condição precisa de pelo menos dois níveis",
        "a control character inside a text; write it as an escape such as \\n":
            "um caractere de controle dentro de um texto; escreva-o como um escape, como \\n",
        "a decimal point needs digits after it (write 0.5, not 0.)":
            "um ponto decimal precisa de dígitos depois dele (escreva 0.5, não 0.)",
        "a level appears twice":
            "um nível aparece duas vezes",
        "a level name is empty":
            "um nome de nível está vazio",
        "a level name":
            "um nome de nível",
        "a list is never closed with ']'":
            "uma lista nunca é fechada com ']'",
        "a list":
            "uma lista",
        "a media name":
            "um nome de mídia",
        "a number cannot start with 0 (leading zeros are not JSON)":
            "um número não pode começar com 0 (zeros à esquerda não são JSON)",
        "a number needs digits":
            "um número precisa de dígitos",
        "a number":
            "um número",
        "a participant code":
            "um código de participante",
        "a polygon needs at least three points":
            "um polígono precisa de pelo menos três pontos",
        "a rectangle needs a positive width and height":
            "um retângulo precisa de largura e altura positivas",
        "a task key":
            "uma chave de tarefa",
        "a text runs past the end of the line (a missing closing quote?)":
            "um texto passa do fim da linha (falta uma aspa de fechamento?)",
        "a text starts here and is never closed":
            "um texto começa aqui e nunca é fechado",
        "a theme name":
            "um nome de tema",
        "a transcript label":
            "um rótulo de transcrição",
        "a whole number":
            "um número inteiro",
        "an AOI name":
            "um nome de AOI",
        "an AOI needs a name":
            "uma AOI precisa de um nome",
        "an attribute name":
            "um nome de atributo",
        "an exponent needs digits":
            "um expoente precisa de dígitos",
        "an instrument id":
            "um id de instrumento",
        "an object is never closed with '}'":
            "um objeto nunca é fechado com '}'",
        "an object":
            "um objeto",
        "attribute '%@' holds numbers in this study; '%@' is not a number":
            "o atributo '%@' guarda números neste estudo; '%@' não é um número",
        "attribute '%@' holds numbers in this study; '%@' would lose its leading zeros or sign; write it as a plain number":
            "o atributo '%@' guarda números neste estudo; '%@' perderia os zeros à esquerda ou o sinal; escreva-o como um número simples",
        "attribute '%@' is given an empty value; to remove a value use --unset %@":
            "o atributo '%@' recebeu um valor vazio; para remover um valor use --unset %@",
        "attribute name":
            "nome de atributo",
        "category '%@' appears twice (first on line %@)":
            "a categoria '%@' aparece duas vezes (a primeira na linha %@)",
        "category '%@' cannot be its own theme":
            "a categoria '%@' não pode ser seu próprio tema",
        "category '%@' has no origin; write a reference (e.g. Myllärniemi et al. (2018)) or emergent":
            "a categoria '%@' não tem origem; escreva uma referência (por exemplo, Myllärniemi et al. (2018)) ou emergent",
        "category name":
            "nome de categoria",
        "choose your coder name first (top right)":
            "escolha primeiro seu nome de codificador (no alto, à direita)",
        "code %@ was made by %@, not %@; a coder changes only their own codes":
            "o código %@ foi feito por %@, não por %@; um codificador altera apenas os próprios códigos",
        "code %@ was made by %@, not %@; a coder deletes only their own codes":
            "o código %@ foi feito por %@, não por %@; um codificador exclui apenas os próprios códigos",
        "coder name":
            "nome de codificador",
        "column '%@' carries the text of item %@, but reading columns in order would take it as item %@; say where the items are with --map ITEM=COLUMN":
            "a coluna '%@' traz o texto do item %@, mas ler as colunas em ordem a tomaria como o item %@; diga onde estão os itens com --map ITEM=COLUNA",
        "column '%@' carries the text of item %@, but reading columns in order would take it as no item; say where the items are with --map ITEM=COLUMN":
            "a coluna '%@' traz o texto do item %@, mas ler as colunas em ordem não a tomaria como item algum; diga onde estão os itens com --map ITEM=COLUNA",
        "column '%@' is as like %@ item %@ (similarity %@) as item %@ (%@); say which with --map %@=COLUMN or --map %@=COLUMN":
            "a coluna '%@' se parece tanto com o item %@ %@ (similaridade %@) quanto com o item %@ (%@); diga qual com --map %@=COLUNA ou --map %@=COLUNA",
        "column name '%@' is the same attribute as column '%@' at %@":
            "o nome de coluna '%@' é o mesmo atributo que a coluna '%@' em %@",
        "column name '%@': %@":
            "nome de coluna '%@': %@",
        "columns '%@' and '%@' both carry the text of %@ item %@; say which with --map %@=COLUMN":
            "as colunas '%@' e '%@' trazem ambas o texto de %@ item %@; diga qual com --map %@=COLUNA",
        "condition %@ has %@ usable attempts; a comparison needs at least 2 per condition":
            "a condição %@ tem %@ tentativas utilizáveis; uma comparação precisa de pelo menos 2 por condição",
        "condition %@ has 1 usable attempt; a comparison needs at least 2 per condition":
            "a condição %@ tem 1 tentativa utilizável; uma comparação precisa de pelo menos 2 por condição",
        "condition name":
            "nome de condição",
        "distance":
            "distância",
        "expected ',' or ']', found %@ (a missing comma?)":
            "esperava-se ',' ou ']', encontrado %@ (falta uma vírgula?)",
        "expected ',' or '}', found %@ (a missing comma?)":
            "esperava-se ',' ou '}', encontrado %@ (falta uma vírgula?)",
        "expected ':' after the field name, found %@":
            "esperava-se ':' depois do nome do campo, encontrado %@",
        "expected a field name in quotes, found %@":
            "esperava-se um nome de campo entre aspas, encontrado %@",
        "expected a value, found %@":
            "esperava-se um valor, encontrado %@",
        "expected a value, found the end of the file":
            "esperava-se um valor, encontrado o fim do arquivo",
        "gap fill":
            "preenchimento de lacunas",
        "has no %@ answers%@%@ to remove":
            "não tem respostas de %@%@%@ para remover",
        "has no attempt at task %@ (trial %@) to remove":
            "não tem tentativa na tarefa %@ (tentativa %@) para remover",
        "has no attempt at task %@ to remove":
            "não tem tentativa na tarefa %@ para remover",
        "id '%@': use lowercase letters, digits, '-' and '_' (e.g. \"my-scale\")":
            "id '%@': use letras minúsculas, dígitos, '-' e '_' (por exemplo, \"minha-escala\")",
        "instrument id":
            "id de instrumento",
        "is used by %@; nothing was removed. Merge it into another with 'category merge', or rerun with --cascade":
            "é usada por %@; nada foi removido. Mescle-a em outra com 'category merge' ou execute de novo com --cascade",
        "it contains a NUL character (U+0000) at character %@":
            "contém um caractere NUL (U+0000) no caractere %@",
        "it contains a NUL character (U+0000) at character %@; remove it":
            "contém um caractere NUL (U+0000) no caractere %@; remova-o",
        "it contains a control character (%@) at character %@":
            "contém um caractere de controle (%@) no caractere %@",
        "it contains an invisible or text-direction character (%@) at character %@":
            "contém um caractere invisível ou de direção de texto (%@) no caractere %@",
        "item %@ does not accept N/A":
            "o item %@ não aceita N/A",
        "item %@ has no scale":
            "o item %@ não tem escala",
        "items: an instrument needs at least one item":
            "items: um instrumento precisa de pelo menos um item",
        "items[%@] (item %@)":
            "items[%@] (item %@)",
        "items[%@]: items are numbered 1, 2, 3… in order; expected number %@, found %@":
            "items[%@]: os itens são numerados 1, 2, 3… em ordem; esperava-se o número %@, encontrado %@",
        "level name":
            "nome de nível",
        "media %@ already has an AOI of that name":
            "a mídia %@ já tem uma AOI com esse nome",
        "media '%@': %@":
            "mídia '%@': %@",
        "media name":
            "nome de mídia",
        "merge angle":
            "ângulo de fusão",
        "merge gap":
            "intervalo de fusão",
        "minimum duration":
            "duração mínima",
        "nested more than 512 levels deep":
            "aninhado em mais de 512 níveis",
        "no %@ column":
            "não há coluna '%@'",
        "no %@ column; a long file has columns participant, instrument, item, value":
            "não há coluna '%@'; um arquivo longo tem as colunas participant, instrument, item, value",
        "no %@ column; name it with --map %@=COLUMN":
            "não há coluna '%@'; indique-a com '--map %@=COLUNA'",
        "no category '%@' in the codebook (categories: %@)":
            "não há categoria '%@' no livro de códigos (categorias: %@)",
        "no category '%@' in the codebook":
            "não há categoria '%@' no livro de códigos",
        "no category '%@' in the codebook; add it with 'studyctl category add'":
            "não há categoria '%@' no livro de códigos; acrescente-a com 'studyctl category add'",
        "no category column (category, categoria, name, Taguette's tag or MAXQDA's Code)":
            "não há coluna de categoria (category, categoria, name, a tag do Taguette ou o Code do MAXQDA)",
        "no code %@ in the study":
            "não há código %@ no estudo",
        "no code or excerpt column (in_vivo_code, code, excerpt)":
            "não há coluna de código ou de trecho (in_vivo_code, code, excerpt)",
        "no column '%@' in the header; columns are %@":
            "não há coluna '%@' no cabeçalho; as colunas são %@",
        "no column '%@'; the columns are %@":
            "não há coluna '%@'; as colunas são %@",
        "no participant '%@' in the study":
            "não há participante '%@' no estudo",
        "no participant '%@' in the study; add or import participants first":
            "não há participante '%@' no estudo; acrescente ou importe os participantes antes",
        "no participant '%@' in the study; add them first or rerun with --add-participants":
            "não há participante '%@' no estudo; acrescente-o antes ou execute de novo com --add-participants",
        "no recording of %@ (recorded: %@)":
            "não há gravação de %@ (gravados: %@)",
        "no such media in the study%@":
            "não há essa mídia no estudo%@",
        "no such media in the study; media come with 'studyctl gaze import'%@":
            "não há essa mídia no estudo; as mídias vêm com 'studyctl gaze import'%@",
        "no task '%@' in the study (tasks: %@)":
            "não há tarefa '%@' no estudo (tarefas: %@)",
        "no task '%@' in the study":
            "não há tarefa '%@' no estudo",
        "no task '%@' in the study; add tasks with 'studyctl task add KEY --title …'":
            "não há tarefa '%@' no estudo; acrescente tarefas com 'studyctl task add CHAVE --title …'",
        "no time, errors or outcome column; name them with --map time=COLUMN,errors=COLUMN":
            "não há coluna de tempo, erros ou resultado; indique-as com --map time=COLUNA,errors=COLUNA",
        "no variation: test undefined (the compared values are all the same)":
            "sem variação: teste indefinido (os valores comparados são todos iguais)",
        "norms.source: say where the norms come from":
            "norms.source: diga de onde vêm as normas",
        "norms.values: '%@' is not a score of this instrument (scores: %@)":
            "norms.values: '%@' não é um escore deste instrumento (escores: %@)",
        "not a PNG or JPEG image":
            "não é uma imagem PNG nem JPEG",
        "note: %@":
            "observação: %@",
        "nothing to export: %@":
            "nada a exportar: %@",
        "open the workspace with the link 'studyctl serve' printed (it carries this run's token)":
            "abra o espaço de trabalho pelo link que 'studyctl serve' mostrou (ele leva o token desta execução)",
        "participant %@ already has %@ answers (recorded %@); rerun with --replace to overwrite them":
            "o participante %@ já tem respostas de %@ (registradas em %@); execute de novo com --replace para substituí-las",
        "participant %@ already has recording '%@' of %@":
            "o participante %@ já tem a gravação '%@' de %@",
        "participant %@ appears twice (first on line %@)":
            "o participante %@ aparece duas vezes (a primeira na linha %@)",
        "participant %@ has %@ = %@ in the study, but this row says '%@'":
            "o participante %@ tem %@ = %@ no estudo, mas esta linha diz '%@'",
        "participant %@ has a second row (first on line %@); choose --duplicates keep-last or keep-first to keep one":
            "o participante %@ tem uma segunda linha (a primeira na linha %@); escolha --duplicates keep-last ou keep-first para manter uma",
        "participant %@ has a second row for task %@ (first on line %@); choose --duplicates keep-last or keep-first to keep one":
            "o participante %@ tem uma segunda linha na tarefa %@ (a primeira na linha %@); escolha --duplicates keep-last ou keep-first para manter uma",
        "participant %@ has a second row":
            "o participante %@ tem uma segunda linha",
        "participant %@ has trial %@ of %@ twice (first on line %@)":
            "o participante %@ tem a tentativa %@ de %@ duas vezes (a primeira na linha %@)",
        "participant %@ is already in the study; rerun with --update to update existing participants":
            "o participante %@ já está no estudo; execute de novo com --update para atualizar participantes existentes",
        "participant %@, item %@ (column '%@'): %@":
            "participante %@, item %@ (coluna '%@'): %@",
        "participant code '%@' looks the same as '%@' on line %@ (%@ vs %@); rerun with --allow-confusable if they are different people":
            "o código de participante '%@' parece igual a '%@' na linha %@ (%@ vs %@); execute de novo com --allow-confusable se forem pessoas diferentes",
        "participant code '%@' looks the same as the existing participant %@ (%@ vs %@); rerun with --allow-confusable if they are different people":
            "o código de participante '%@' parece igual ao do participante existente %@ (%@ vs %@); execute de novo com --allow-confusable se forem pessoas diferentes",
        "participant code '%@': %@":
            "código de participante '%@': %@",
        "participant code":
            "código de participante",
        "pixel size":
            "tamanho do pixel",
        "project.qde's root is not a Project":
            "a raiz de project.qde não é um Project",
        "recording '%@' of participant %@ has neither fixations (its fixation columns are empty) nor gaze points to find them in":
            "a gravação '%@' do participante %@ não tem fixações (suas colunas de fixação estão vazias) nem pontos de olhar onde encontrá-las",
        "recording '%@' of participant %@ on %@ has neither fixations (its fixation columns are empty) nor gaze points to find them in":
            "a gravação '%@' do participante %@ em %@ não tem fixações (suas colunas de fixação estão vazias) nem pontos de olhar onde encontrá-las",
        "scale.anchors.%@: '%@' is not a point of the %@–%@ scale":
            "scale.anchors.%@: '%@' não é um ponto da escala %@–%@",
        "scale.anchors: unknown language '%@'; use \"en\" or \"pt-BR\"":
            "scale.anchors: idioma desconhecido '%@'; use \"en\" ou \"pt-BR\"",
        "scale.min: %@ is outside ±%@; a scale starts at a small whole number such as 0 or 1":
            "scale.min: %@ está fora de ±%@; uma escala começa em um número inteiro pequeno, como 0 ou 1",
        "scale.points: %@ points; a scale has 2 to 11":
            "scale.points: %@ pontos; uma escala tem de 2 a 11",
        "scoring \"%@\": %@ has exactly %@ likert items; this file has %@ of %@":
            "scoring \"%@\": %@ tem exatamente %@ itens likert; este arquivo tem %@ de %@",
        "scoring \"%@\": %@ uses a %@-point scale; scale.points is %@":
            "scoring \"%@\": %@ usa uma escala de %@ pontos; scale.points é %@",
        "scoring \"%@\": there are no likert or numeric items to score; use \"none\"":
            "scoring \"%@\": não há itens likert nem numéricos para pontuar; use \"none\"",
        "scoring \"nasa-tlx\": NASA-TLX has 6 numeric ratings, optionally followed by 6 numeric weights":
            "scoring \"nasa-tlx\": o NASA-TLX tem 6 avaliações numéricas, seguidas opcionalmente de 6 pesos numéricos",
        "select some words of the transcript first":
            "selecione antes algumas palavras da transcrição",
        "send JSON (Content-Type: application/json)":
            "envie JSON (Content-Type: application/json)",
        "settle these with --prefer ours or --prefer theirs; nothing was changed":
            "resolva estes com --prefer ours ou --prefer theirs; nada foi alterado",
        "sources “%@” and “%@” both make participant %@; name their cases in the project, or choose another --participant-from":
            "as fontes “%@” e “%@” resultam ambas no participante %@; nomeie seus casos no projeto ou escolha outro --participant-from",
        "studyctl serves this study to 127.0.0.1 only; the request named the host '%@'":
            "o studyctl serve este estudo apenas para 127.0.0.1; a requisição nomeou o host '%@'",
        "subscales[%@] (%@)":
            "subscales[%@] (%@)",
        "taking the theme '%@' would make a cycle of themes":
            "assumir o tema '%@' formaria um ciclo de temas",
        "task key":
            "chave de tarefa",
        "text":
            "texto",
        "the %@ is '%@' here and '%@' there":
            "o campo %@ é '%@' aqui e '%@' lá",
        "the I-VT %@ must be a non-negative number, not %@":
            "o parâmetro %@ do I-VT deve ser um número não negativo, não %@",
        "the I-VT %@ must be a positive number, not %@":
            "o parâmetro %@ do I-VT deve ser um número positivo, não %@",
        "the I-VT filter needs the gaze point columns (%@), which this export lacks":
            "o filtro I-VT precisa das colunas de ponto do olhar (%@), que esta exportação não tem",
        "the JPEG file has no image size (no frame header)":
            "o arquivo JPEG não informa o tamanho da imagem (sem cabeçalho de quadro)",
        "the JPEG file is damaged near byte %@":
            "o arquivo JPEG está danificado perto do byte %@",
        "the PNG file ends inside its header":
            "o arquivo PNG termina dentro do cabeçalho",
        "the category is empty":
            "a categoria está vazia",
        "the category name is empty":
            "o nome da categoria está vazio",
        "the code is empty":
            "o código está vazio",
        "the code is in %@ categories; say which with --from":
            "o código está em %@ categorias; diga qual com --from",
        "the code is not in category '%@'":
            "o código não está na categoria '%@'",
        "the code needs a category":
            "o código precisa de uma categoria",
        "the codebook already has a category '%@'":
            "o livro de códigos já tem uma categoria '%@'",
        "the codebook has no categories; a REFI codebook needs at least one code":
            "o livro de códigos não tem categorias; um livro de códigos REFI precisa de pelo menos um código",
        "the excerpt is empty":
            "o trecho está vazio",
        "the excerpt is not in %@'s transcript":
            "o trecho não está na transcrição de %@",
        "the excerpt is not in %@'s transcript; the closest passage is: \"%@\"":
            "o trecho não está na transcrição de %@; a passagem mais próxima é: \"%@\"",
        "the file has a header row but no attempts":
            "o arquivo tem uma linha de cabeçalho, mas nenhuma tentativa",
        "the file has a header row but no categories":
            "o arquivo tem uma linha de cabeçalho, mas nenhuma categoria",
        "the file has a header row but no codes":
            "o arquivo tem uma linha de cabeçalho, mas nenhum código",
        "the file has a header row but no participants":
            "o arquivo tem uma linha de cabeçalho, mas nenhum participante",
        "the file has a header row but no responses":
            "o arquivo tem uma linha de cabeçalho, mas nenhuma resposta",
        "the file is not valid JSON":
            "o arquivo não é JSON válido",
        "the file is not valid JSON: %@":
            "o arquivo não é JSON válido: %@",
        "the header is not a Tobii Studio or Tobii Pro Lab data export (no RecordingTimestamp or Recording timestamp column; found %@)":
            "o cabeçalho não é de uma exportação de dados do Tobii Studio ou do Tobii Pro Lab (sem coluna RecordingTimestamp ou Recording timestamp; encontradas %@)",
        "the header needs a media column and an aoi (or name) column":
            "o cabeçalho precisa de uma coluna media e de uma coluna aoi (ou name)",
        "the header needs x, y, width, height (rectangles) or points (polygons)":
            "o cabeçalho precisa de x, y, width, height (retângulos) ou points (polígonos)",
        "the headers carry the texts of %@ of %@'s %@ items, but no column has the text of item %@":
            "os cabeçalhos trazem os textos de %1$@ dos %3$@ itens de %2$@, mas nenhuma coluna tem o texto do item %4$@",
        "the headers carry the texts of %@ of %@'s %@ items, but no column has the text of items %@":
            "os cabeçalhos trazem os textos de %1$@ dos %3$@ itens de %2$@, mas nenhuma coluna tem o texto dos itens %4$@",
        "the image is %@ × %@ pixels; a stimulus may be at most 20000 pixels on a side":
            "a imagem tem %@ × %@ pixels; um estímulo pode ter no máximo 20000 pixels de lado",
        "the in-vivo code '%@' does not occur in the excerpt \"%@\"":
            "o código in vivo '%@' não ocorre no trecho \"%@\"",
        "the in-vivo code '%@' does not occur in the excerpt; check the wording, or use --descriptive for a code in your own words":
            "o código in vivo '%@' não ocorre no trecho; confira a redação ou use --descriptive para um código com suas próprias palavras",
        "the instrument needs a \"%@\" field":
            "o instrumento precisa de um campo \"%@\"",
        "the last task is at position %@, so the next one would be past %@; give --order":
            "a última tarefa está na posição %@, então a próxima passaria de %@; informe --order",
        "the last trial is %@; the next would be past %@":
            "a última tentativa é a %@; a próxima passaria de %@",
        "the memo is empty":
            "o memorando está vazio",
        "the name cannot be stored as typed: %@":
            "o nome não pode ser gravado como digitado: %@",
        "the participant code is empty":
            "o código de participante está vazio",
        "the row has neither a code nor an excerpt":
            "a linha não tem código nem trecho",
        "the row names no participant":
            "a linha não nomeia um participante",
        "the scale's labels are: %@. Give others with --labels \"LABEL=POINT,…\" (e.g. --labels \"Concordo bastante=6\")":
            "os rótulos da escala são: %@. Informe outros com --labels \"RÓTULO=PONTO,…\" (por exemplo, --labels \"Concordo bastante=6\")",
        "the selection %@–%@ is outside %@'s transcript (%@ characters)":
            "a seleção %@–%@ está fora da transcrição de %@ (%@ caracteres)",
        "the selection %@–%@ of %@'s transcript reads \"%@\", not the excerpt sent; reload the transcript":
            "a seleção %@–%@ da transcrição de %@ diz \"%@\", não o trecho enviado; recarregue a transcrição",
        "the study holds another transcript '%@' for this participant":
            "o estudo tem outra transcrição '%@' para este participante",
        "the study holds another transcript for this participant":
            "o estudo tem outra transcrição para este participante",
        "the top level":
            "o nível superior",
        "the transcript is empty":
            "a transcrição está vazia",
        "theme '%@' is not a category":
            "o tema '%@' não é uma categoria",
        "theme name":
            "nome de tema",
        "themes form a circle: %@":
            "os temas formam um círculo: %@",
        "this %@ export has neither %@; export it with those columns selected":
            "esta exportação do %@ não tem %@; exporte-a com essas colunas selecionadas",
        "this code is already stored for %@ (code %@)":
            "este código já está gravado para %@ (código %@)",
        "this code is already stored for %@ by %@ (code %@)":
            "este código já está gravado para %@ por %@ (código %@)",
        "time %@ s is outside 0…%@ s (7 days)":
            "o tempo %@ s está fora de 0…%@ s (7 dias)",
        "title: give the instrument a title":
            "title: dê um título ao instrumento",
        "total %@ s is outside 0…%@ s":
            "o total %@ s está fora de 0…%@ s",
        "total %@ ≠ time %@ + %@ errors × %@ s = %@":
            "total %@ ≠ tempo %@ + %@ erros × %@ s = %@",
        "transcript label":
            "rótulo de transcrição",
        "trial %@ is outside 1…%@":
            "a tentativa %@ está fora de 1…%@",
        "true or false":
            "true ou false",
        "unexpected text after the end of the JSON value":
            "texto inesperado depois do fim do valor JSON",
        "unknown escape \\%@ (write a backslash as \\\\)":
            "escape desconhecido \\%@ (escreva uma barra invertida como \\\\)",
        "velocity threshold":
            "limiar de velocidade",
        "velocity window":
            "janela de velocidade",
        "… %@ more problems not listed":
            "… mais %@ problemas não listados",
    ]
}
