import Wording
import Foundation
import StudyStore
import Surveys

/// The methods section: which instruments and formulas the study used, each with its citation.
enum Methods {
    static func paragraphs(_ s: StudySnapshot, language: StudyLanguage, citations c: CitationList) -> [String] {
        let pt = language == .ptBR
        var paragraphs: [String] = []
        let n = s.participantCount
        paragraphs.append(pt
            ? "Participaram do estudo \(n) pessoas" + (s.groupAttribute.map { ", agrupadas por \($0)" } ?? "") + "."
            : "\(n) people took part in the study" + (s.groupAttribute.map { ", grouped by \($0)" } ?? "") + ".")
        for q in s.questionnaires {
            let d = q.definition
            var text: String
            switch d.scoring {
            case .sus:
                text = pt
                    ? "A usabilidade percebida foi medida com a System Usability Scale (SUS) \(c.cite(instrument: d)). O escore é 2,5 × Σ[(itens ímpares − 1) + (5 − itens pares)], de 0 a 100; as subescalas Aprendizagem (itens 4 e 10) e Usabilidade (demais itens) seguem \(c.cite("lewis2009")). A interpretação da média usa a escala de notas \(c.cite("sauro2016")); a de cada escore, os adjetivos \(c.cite("bangor2009")) e as faixas de aceitabilidade \(c.cite("bangor2008")); a média foi comparada ao referencial 68 por teste t de uma amostra."
                    : "Perceived usability was measured with the System Usability Scale (SUS) \(c.cite(instrument: d)). The score is 2.5 × Σ[(odd items − 1) + (5 − even items)], from 0 to 100; the Learnability (items 4 and 10) and Usability (the other items) sub-scores follow \(c.cite("lewis2009")). Means are interpreted with the curved grading scale \(c.cite("sauro2016")); each score with the adjective scale \(c.cite("bangor2009")) and the acceptability ranges \(c.cite("bangor2008")); the mean was compared with the benchmark of 68 by a one-sample t-test."
            case .mean where d.id.hasPrefix("pssuq") || d.id == "csuq":
                text = pt
                    ? "Aplicou-se o \(d.title.text(language)) \(c.cite(instrument: d)), escala de 7 pontos em que 1 = concordo totalmente (valores menores são melhores). Cada subescala é a média dos itens respondidos, excluindo-se N/A; as médias foram comparadas às normas publicadas \(c.cite(["lewis2002", "sauro2016"])) por teste t de uma amostra."
                    : "The \(d.title.text(language)) \(c.cite(instrument: d)) was applied on a 7-point scale where 1 = strongly agree (lower is better). Each sub-scale is the mean of the answered items, N/A excluded; means were compared with the published norms \(c.cite(["lewis2002", "sauro2016"])) by one-sample t-tests."
                if q.anyInverted {
                    text += (" The form showed the scale inverted (1 = disagree); answers were recoded as x′ = 8 − x before scoring." as Sentence).text(language)
                }
            case .umux, .umuxLite:
                text = pt
                    ? "Aplicou-se o \(d.title.text(language)) \(c.cite(instrument: d))" + (d.scoring == .umuxLite ? "; o equivalente SUS é 0,65 × UMUX-Lite + 22,9." : "; o escore é a soma das contribuições / 24 × 100.")
                    : "The \(d.title.text(language)) \(c.cite(instrument: d)) was applied" + (d.scoring == .umuxLite ? "; its SUS equivalent is 0.65 × UMUX-Lite + 22.9." : "; the score is the sum of the item contributions / 24 × 100.")
            case .nasaTLX:
                text = pt
                    ? "A carga de trabalho foi medida com o NASA-TLX \(c.cite(instrument: d)): TLX bruto como média das seis avaliações \(c.cite("hart2006")) e, havendo pesos, TLX ponderado = Σ avaliação × peso / 15."
                    : "Workload was measured with the NASA-TLX \(c.cite(instrument: d)): raw TLX as the mean of the six ratings \(c.cite("hart2006")) and, where weights were collected, weighted TLX = Σ rating × weight / 15."
            case .mean, .sum:
                let reference = c.cite(instrument: d)
                let cited = reference.isEmpty ? "" : reference.hasPrefix("(") ? " " + reference : " (\(reference))"
                text = pt ? "Aplicou-se o instrumento \(d.title.text(language))" + cited + "; cada escore é a " + (d.scoring == .mean ? "média" : "soma") + " dos itens respondidos, com itens invertidos recodificados."
                    : "The \(d.title.text(language)) instrument was applied" + cited + "; each score is the " + (d.scoring == .mean ? "mean" : "sum") + " of the answered items, reversed items recoded."
            case .none:
                text = ("The \(d.title.text(language)) questionnaire had choice answers, reported as counts and percentages." as Sentence).text(language)
            }
            if d.scoring != .none {
                text += pt
                    ? " Intervalos de confiança de 95 % usam a distribuição t; a consistência interna foi estimada pelo α de Cronbach \(c.cite("cronbach1951"))."
                    : " 95 % confidence intervals use the t distribution; internal consistency was estimated with Cronbach's α \(c.cite("cronbach1951"))."
            }
            paragraphs.append(text)
        }
        if !s.taskSummary.isEmpty {
            paragraphs.append(pt
                ? "Nas tarefas, a taxa de conclusão é apresentada com o intervalo de Wald ajustado de 95 % \(c.cite(["agresti1998", "sauro2005"])); os tempos, pela média, mediana e média geométrica com intervalo calculado na escala logarítmica \(c.cite("sauro2016"))."
                : "For tasks, completion rates are given with the 95 % adjusted-Wald interval \(c.cite(["agresti1998", "sauro2005"])); times as mean, median and geometric mean with its interval computed on the log scale \(c.cite("sauro2016")).")
        }
        if !s.codes.isEmpty {
            let literature = Set(s.categories.compactMap(\.reference)).sorted()
            let descriptive = s.codes.filter { !$0.inVivo }.count
            let inVivo = s.codes.count - descriptive
            var text: String
            if descriptive == 0 {
                text = ("Interviews were analysed with in-vivo coding: verbatim excerpts were coded in the participants' own words and grouped into categories" as Sentence).text(language)
            } else if inVivo == 0 {
                text = ("Interviews were analysed with descriptive coding: verbatim excerpts were given codes summarising their topic and grouped into categories" as Sentence).text(language)
            } else {
                text = ("Interviews were analysed with in-vivo coding (\(inVivo) codes in the participants' own words) and descriptive coding (\(descriptive) codes summarising the excerpt's topic), grouped into categories" as Sentence).text(language)
            }
            text += literature.isEmpty ? "." : ((" established a priori from " as Sentence).text(language)) + literature.joined(separator: "; ")
                + ((" and emerging from the data." as Sentence).text(language))
            text += (" A category's frequency is the share of participants who raised it." as Sentence).text(language)
            if s.coders.count > 1 {
                text += pt
                    ? " A concordância entre codificadores foi medida pela porcentagem de concordância, pelo κ de Cohen \(c.cite("cohen1960")) e pelo α de Krippendorff nominal \(c.cite("krippendorff2011")), sobre os trechos codificados por ao menos dois codificadores."
                    : " Agreement between coders was measured by percent agreement, Cohen's κ \(c.cite("cohen1960")) and nominal Krippendorff's α \(c.cite("krippendorff2011")), over the excerpts coded by at least two coders."
            }
            paragraphs.append(text)
        }
        if !s.gazeRecordings.isEmpty {
            let filters = Array(Set(s.gazeRecordings.map(\.filter))).sorted()
            let ivt = filters.contains { $0.hasPrefix("studyctl I-VT") }
            var text = pt
                ? "Os movimentos oculares foram registrados com rastreador Tobii (\(s.gazeRecordings.count) gravações); as fixações vêm "
                    + (ivt ? "do filtro I-VT \(c.cite("olsen2012")) aplicado ao olhar bruto (\(filters.joined(separator: "; ")))" : "da exportação da Tobii (\(filters.joined(separator: "; ")))")
                    + ". As métricas por área de interesse seguem as definições da Tobii: tempo até a primeira fixação, fixações antes dela, duração da primeira fixação, duração e número de fixações, visitas e sua duração, e a porcentagem de participantes que fixaram a área. Os mapas de calor somam um núcleo gaussiano (DP ≈ 33 px) por fixação, ponderado pela duração \(c.cite("dalmaijer2014"))."
                : "Eye movements were recorded with a Tobii eye tracker (\(s.gazeRecordings.count) recordings); fixations come "
                    + (ivt ? "from the I-VT filter \(c.cite("olsen2012")) applied to raw gaze (\(filters.joined(separator: "; ")))" : "from the Tobii export (\(filters.joined(separator: "; ")))")
                    + ". Area-of-interest metrics follow Tobii's definitions: time to first fixation, fixations before it, first fixation duration, fixation duration and count, visits and their duration, and the percentage of participants who fixated the area. Heat maps sum a Gaussian kernel (SD ≈ 33 px) per fixation, weighted by its duration \(c.cite("dalmaijer2014"))."
            text += pt
                ? " A semelhança entre caminhos do olhar foi medida pela distância de Levenshtein normalizada entre as sequências de visitas a AOIs \(c.cite("brandt1997"))."
                : " Scan-path similarity was measured by the normalised Levenshtein distance between AOI visit sequences \(c.cite("brandt1997"))."
            paragraphs.append(text)
        }
        return paragraphs
    }
}
