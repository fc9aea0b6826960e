/// The tool's sentences in Brazilian Portuguese, keyed by their English pattern (`Sentence.pattern`: the English
/// text with `%@` for each argument, `%N$@` where Portuguese orders them otherwise). `SentenceCatalogTests` reads
/// every sentence in the sources and fails when one is missing here.
public enum SentenceCatalog {
    public static let portuguese: [String: String] = [
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
