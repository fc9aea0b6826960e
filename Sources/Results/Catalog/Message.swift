import Surveys

/// What the command line says, in English and Brazilian Portuguese: one case per message, its arguments already
/// formatted (names as the study has them, numbers by `NumberStyle`). The `switch` is exhaustive, so no message
/// can lack a language.
public enum Message: Sendable, Equatable, Bilingual {
    case errorPrefix
    case working
    case notePrefix
    case createdStudy(title: String, language: String, path: String)
    case statusStudy(String), statusFile(String), statusLanguage(String), statusCreated(String), statusSchema(version: Int, steps: String)
    case addedParticipant(String)
    case importedParticipants(added: Int, updated: Int, attributes: String, file: String)
    case alreadyDerived(Int)
    case changedValue(String)
    case noDerivationSource(attribute: String, target: String, participants: String)
    case noParticipants
    case participantCount(Int)
    case storedAnswers(instrument: String, participant: String, task: String?, answered: Int, items: Int)
    case susMeaning(grade: String, adjective: String, acceptability: String)
    case notScoredYet(String)
    case responseSets(title: String, count: Int)
    case reference(String)
    case lowerIsBetter
    case noAnswersYet(instrument: String)
    case gradesNote
    case norms(String)
    case cronbachAlpha(scale: String?, alpha: String, items: Int, sets: Int)
    case choices(group: String, n: Int)
    case openAnswers
    case unansweredItems(String)
    case groupComparison(by: String)
    case noComparison(by: String)
    // Tasks, coding, imports and exports.
    case recordedTrial(trial: Int, task: String, participant: String)
    case importedAttempts(Int, file: String)
    case skippedAttempts(Int)
    case replacedAttempts(Int)
    case columnsFound(String)
    case noAttemptsYet
    case addedTask(key: String, penalty: String?)
    case addedCondition(name: String, levels: String)
    case storedCode(id: Int64, participant: String, span: String?)
    case importedCodes(codes: Int, excerpts: Int, file: String)
    case movedCode(id: Int64, to: String)
    case addedCategoryWithOrigin(name: String, origin: String?)
    case importedCategories(Int, file: String)
    case renamedCategoryCLI(from: String, to: String)
    case mergedCategoryCLI(from: String, into: String, moved: Int)
    case storedMemo(id: Int64, on: String)
    case storedTranscript(participant: String, characters: Int, located: Int)
    case wrote(String)
    case wroteCSV(count: Int, folder: String, files: String)
    case wroteReport(path: String, charts: String)
    case importedResponseSets(sets: Int, answers: Int, instrument: String, file: String, replaced: Int)
    case itemsReadFrom(by: String, columns: String)
    case itemsReadFromCheck(by: String)
    case itemSimilarity(item: String, column: String, percent: Int)
    case ignoredColumns(String)
    case repeatedSubmissions(dropped: Int, keepLast: Bool)
    case sharesDenominator(participants: Int, study: Bool, all: Int, perGroup: String?)
    case agreementOf(coders: String, units: Int, codedByAll: Int?)
    case agreementNote(singleCategory: Bool, units: Int)
    case participantAdded(code: String, created: String), noAttributes, nothingAttached
    case participantChanged(code: String, changes: String), removedParticipant(code: String, with: String)
    case checkOK(path: String, version: Int), checkProblems(String), backedUp(from: String, to: String)
    // The coding workspace.
    case addedCategory(String), renamedCategory(from: String, to: String), mergedCategory(from: String, into: String, moved: Int)
    case addedMemo(Int64), codedAs(code: String, category: String), codeNow(id: Int64, code: String, categories: String)
    case settledExcerpt(from: String, into: String), settledAgreements(count: Int, into: String)
    case deletedCode(String), nothingToUndo, undidCoding(String), restoredCoding(String)
    case undidEdit(String), undoChangedSince(String), undoUnknownAction
    case categoryChanged(String), categoryUnchanged(String), passageNow(code: String, excerpt: String)

    public var entry: (String, String) {
        switch self {
        case .errorPrefix: return ("Error: ", "Erro: ")
        case .working: return ("working…", "trabalhando…")
        case .notePrefix: return ("note: ", "observação: ")
        case let .createdStudy(title, language, path):
            return ("Created study \"\(title)\" (\(language)) in \(path)", "Estudo \"\(title)\" (\(language)) criado em \(path)")
        case let .statusStudy(title): return ("Study:    \(title)", "Estudo:   \(title)")
        case let .statusFile(path): return ("File:     \(path)", "Arquivo:  \(path)")
        case let .statusLanguage(language): return ("Language: \(language)", "Idioma:   \(language)")
        case let .statusCreated(date): return ("Created:  \(date)", "Criado:   \(date)")
        case let .statusSchema(version, steps): return ("Schema:   version \(version) (\(steps))", "Esquema:  versão \(version) (\(steps))")
        case let .addedParticipant(code): return ("Added participant \(code)", "Participante \(code) adicionado")
        case let .importedParticipants(added, updated, attributes, file):
            let enUpdated = updated > 0 ? ", updated \(updated)" : ""
            let ptUpdated = updated > 0 ? ", \(updated) atualizado\(updated == 1 ? "" : "s")" : ""
            return ("Imported \(added) participant\(added == 1 ? "" : "s")\(enUpdated)\(attributes.isEmpty ? "" : " with attributes \(attributes)") from \(file)",
                    "\(added) participante\(added == 1 ? "" : "s") importado\(added == 1 ? "" : "s")\(ptUpdated)\(attributes.isEmpty ? "" : " com os atributos \(attributes)") de \(file)")
        case let .alreadyDerived(n):
            return ("\(n) participant\(n == 1 ? "" : "s") already had the derived value.",
                    "\(n) participante\(n == 1 ? " já tinha" : "s já tinham") o valor derivado.")
        case let .changedValue(change): return ("changed \(change)", "alterado: \(change)")
        case let .noDerivationSource(attribute, target, participants):
            return ("no \(attribute) value, so no \(target): \(participants)", "sem valor de \(attribute), portanto sem \(target): \(participants)")
        case .noParticipants:
            return ("No participants yet. Add one with 'studyctl participant add P1' or import a CSV with 'studyctl participant import'.",
                    "Nenhum participante ainda. Adicione um com 'studyctl participant add P1' ou importe um CSV com 'studyctl participant import'.")
        case let .participantCount(n): return ("\(n) participant\(n == 1 ? "" : "s")", "\(n) participante\(n == 1 ? "" : "s")")
        case let .storedAnswers(instrument, participant, task, answered, items):
            return ("Stored \(instrument) answers of \(participant)\(task.map { " for task \($0)" } ?? "") (\(answered) of \(items) items)",
                    "Respostas de \(instrument) de \(participant) gravadas\(task.map { " para a tarefa \($0)" } ?? "") (\(answered) de \(items) itens)")
        case let .susMeaning(grade, adjective, acceptability):
            return ("grade \(grade), \(adjective), \(acceptability)", "nota \(grade), \(adjective), \(acceptability)")
        case let .notScoredYet(reason): return ("Not scored yet: \(reason)", "Ainda sem escore: \(reason)")
        case let .responseSets(title, count):
            return ("\(title) — \(count) response set\(count == 1 ? "" : "s")", "\(title) — \(count) conjunto\(count == 1 ? "" : "s") de respostas")
        case let .reference(text): return ("Reference: \(text)", "Referência: \(text)")
        case .lowerIsBetter: return ("Lower scores are better.", "Escores menores são melhores.")
        case let .noAnswersYet(instrument):
            return ("No answers yet. Enter them with 'studyctl respond PARTICIPANT \(instrument)' or 'studyctl responses import'.",
                    "Nenhuma resposta ainda. Digite-as com 'studyctl respond PARTICIPANTE \(instrument)' ou 'studyctl responses import'.")
        case .gradesNote:
            return ("Grades (Sauro & Lewis 2016) are defined for study means, so they are given for groups only; each participant's adjective (Bangor et al. 2009) and acceptability (Bangor et al. 2008) are in the table above. "
                        + Phrase.susGradeSource.text(.en),
                    "As notas (Sauro & Lewis 2016) são definidas para médias de estudos, por isso só aparecem para grupos; o adjetivo (Bangor et al. 2009) e a aceitabilidade (Bangor et al. 2008) de cada participante estão na tabela acima. "
                        + Phrase.susGradeSource.text(.ptBR))
        case let .norms(source): return ("Norms: \(source)", "Normas: \(source)")
        case let .cronbachAlpha(scale, alpha, items, sets):
            let suffix = scale.map { " (\($0))" } ?? ""
            return ("Cronbach's α\(suffix) = \(alpha) (\(items) items, \(sets) complete response sets)",
                    "α de Cronbach\(suffix) = \(alpha) (\(items) itens, \(sets) conjuntos de respostas completos)")
        case let .choices(group, n): return ("Choices — \(group) (n = \(n))", "Escolhas — \(group) (n = \(n))")
        case .openAnswers: return ("Open answers", "Respostas abertas")
        case let .unansweredItems(rule): return ("Unanswered items: \(rule)", "Itens sem resposta: \(rule)")
        case let .groupComparison(by): return ("Group comparison by \(by)", "Comparação entre grupos por \(by)")
        case let .recordedTrial(trial, task, participant):
            return ("Recorded trial \(trial) of \(task) for \(participant)", "Tentativa \(trial) de \(task) registrada para \(participant)")
        case let .importedAttempts(n, file):
            return ("Imported \(n) attempt\(n == 1 ? "" : "s") from \(file)", "\(n) tentativa\(n == 1 ? "" : "s") importada\(n == 1 ? "" : "s") de \(file)")
        case let .skippedAttempts(n):
            return ("Skipped \(n) attempt\(n == 1 ? "" : "s") already in the study (identical rows)",
                    "\(n) tentativa\(n == 1 ? "" : "s") já no estudo, não importada\(n == 1 ? "" : "s") de novo (linhas idênticas)")
        case let .replacedAttempts(n):
            return ("Replaced the values of \(n) stored trial\(n == 1 ? "" : "s") with the file's",
                    "Valores de \(n) tentativa\(n == 1 ? "" : "s") gravada\(n == 1 ? "" : "s") substituídos pelos do arquivo")
        case let .columnsFound(list): return ("Columns: \(list)", "Colunas: \(list)")
        case .noAttemptsYet:
            return ("No attempts yet. Record one with 'studyctl attempt add' or import a log with 'studyctl attempt import'.",
                    "Nenhuma tentativa ainda. Registre uma com 'studyctl attempt add' ou importe um registro com 'studyctl attempt import'.")
        case let .addedTask(key, penalty):
            return ("Added task \(key)\(penalty.map { " (penalty \($0) s per error)" } ?? "")",
                    "Tarefa \(key) acrescentada\(penalty.map { " (penalidade de \($0) s por erro)" } ?? "")")
        case let .addedCondition(name, levels):
            return ("Added condition \(name) with levels \(levels)", "Condição \(name) acrescentada com os níveis \(levels)")
        case let .storedCode(id, participant, span):
            return ("Stored code \(id) for \(participant)\(span.map { " (transcript characters \($0))" } ?? "")",
                    "Código \(id) gravado para \(participant)\(span.map { " (caracteres \($0) da transcrição)" } ?? "")")
        case let .importedCodes(codes, excerpts, file):
            return ("Imported \(codes) code\(codes == 1 ? "" : "s") on \(excerpts) new excerpt\(excerpts == 1 ? "" : "s") from \(file)",
                    "\(codes) código\(codes == 1 ? "" : "s") importado\(codes == 1 ? "" : "s") em \(excerpts) trecho\(excerpts == 1 ? "" : "s") novo\(excerpts == 1 ? "" : "s") de \(file)")
        case let .movedCode(id, to): return ("Moved code \(id) to \(to)", "Código \(id) movido para \(to)")
        case let .addedCategoryWithOrigin(name, origin):
            return ("Added category \(name) (\(origin ?? "emergent"))", "Categoria \(name) acrescentada (\(origin ?? "emergente"))")
        case let .importedCategories(n, file):
            return ("Imported \(n) categor\(n == 1 ? "y" : "ies") from \(file)", "\(n) categoria\(n == 1 ? "" : "s") importada\(n == 1 ? "" : "s") de \(file)")
        case let .renamedCategoryCLI(from, to): return ("Renamed category \(from) to \(to)", "Categoria \(from) renomeada para \(to)")
        case let .mergedCategoryCLI(from, into, moved):
            return ("Merged \(from) into \(into): \(moved) code\(moved == 1 ? "" : "s") moved; the merge is recorded in a memo on \(into)",
                    "\(from) fundida em \(into): \(moved) código\(moved == 1 ? "" : "s") movido\(moved == 1 ? "" : "s"); a fusão fica registrada num memorando sobre \(into)")
        case let .storedMemo(id, on): return ("Stored memo \(id) on \(on)", "Memorando \(id) gravado sobre \(on)")
        case let .storedTranscript(participant, characters, located):
            let en = located > 0 ? "; located \(located) coded excerpt\(located == 1 ? "" : "s") in it" : ""
            let pt = located > 0 ? "; \(located) trecho\(located == 1 ? "" : "s") codificado\(located == 1 ? "" : "s") localizado\(located == 1 ? "" : "s") nela" : ""
            return ("Stored the transcript of \(participant) (\(characters) characters)\(en)",
                    "Transcrição de \(participant) gravada (\(characters) caracteres)\(pt)")
        case let .wrote(file): return ("Wrote \(file)", "Gravado: \(file)")
        case let .wroteCSV(count, folder, files):
            return ("Wrote \(count) CSV files to \(folder): \(files)", "\(count) arquivos CSV gravados em \(folder): \(files)")
        case let .wroteReport(path, charts):
            return ("Wrote \(path) and its charts (SVG, PNG 300 dpi, PDF) in \(charts)",
                    "Gravado: \(path), com seus gráficos (SVG, PNG 300 dpi, PDF) em \(charts)")
        case let .importedResponseSets(sets, answers, instrument, file, replaced):
            return ("Imported \(sets) \(instrument) response set\(sets == 1 ? "" : "s") (\(answers) answers) from \(file)\(replaced > 0 ? ", replacing \(replaced)" : "")",
                    "\(sets) conjunto\(sets == 1 ? "" : "s") de respostas de \(instrument) importado\(sets == 1 ? "" : "s") (\(answers) respostas) de \(file)\(replaced > 0 ? ", substituindo \(replaced)" : "")")
        case let .itemsReadFrom(by, columns): return ("Items read from (by \(by)): \(columns)", "Itens lidos de (por \(Self.itemMatchPT(by))): \(columns)")
        case let .itemsReadFromCheck(by): return ("Items read from (by \(by); check them):", "Itens lidos de (por \(Self.itemMatchPT(by)); confira-os):")
        case let .itemSimilarity(item, column, percent):
            return ("  \(item) ← '\(column)' (similarity \(percent) %)", "  \(item) ← '\(column)' (semelhança \(percent) %)")
        case let .ignoredColumns(list): return ("Columns that are no item, left out: \(list)", "Colunas que não são itens, deixadas de lado: \(list)")
        case let .repeatedSubmissions(dropped, keepLast):
            return ("Repeated submissions: \(dropped) row\(dropped == 1 ? "" : "s") dropped, keeping each participant's \(keepLast ? "last" : "first")",
                    "Envios repetidos: \(dropped) linha\(dropped == 1 ? "" : "s") descartada\(dropped == 1 ? "" : "s"), mantendo o \(keepLast ? "último" : "primeiro") de cada participante")
        case let .sharesDenominator(participants, study, all, perGroup):
            let one = participants == 1
            return ("Share = participants who raised the category ÷ \(participants) participant\(one ? "" : "s") " + (study ? "in the study" : "interviewed (with an interview transcript or a code; session logs are not interviews; '--denominator study' for all \(all))")
                        + (perGroup.map { "; per \($0)" } ?? "") + ".",
                    "Porcentagem = participantes que citaram a categoria ÷ \(participants) participante\(one ? "" : "s") " + (study ? "do estudo" : "entrevistado\(one ? "" : "s") (com transcrição de entrevista ou código; registros de sessão não são entrevistas; '--denominator study' para todos os \(all))")
                        + (perGroup.map { "; por \($0)" } ?? "") + ".")
        case let .agreementOf(coders, units, all):
            return ("Agreement of \(coders) on \(units) excerpt\(units == 1 ? "" : "s") coded by at least two of them" + (all.map { " (\($0) coded by all)" } ?? ""),
                    "Concordância de \(coders) em \(units) trecho\(units == 1 ? "" : "s") codificado\(units == 1 ? "" : "s") por ao menos dois deles" + (all.map { " (\($0) por todos)" } ?? ""))
        case let .agreementNote(single, units):
            let en = (single ? "one category per excerpt: κ and α over the categories assigned; " : "pooled presence of every category on every excerpt; ")
                + "α on the \(units) excerpt\(units == 1 ? "" : "s") coded by at least two coders (Krippendorff 2011); κ per pair on the excerpts that pair shares"
            let pt = (single ? "uma categoria por trecho: κ e α sobre as categorias atribuídas; " : "presença de cada categoria em cada trecho, agregada; ")
                + "α nos \(units) trecho\(units == 1 ? "" : "s") codificado\(units == 1 ? "" : "s") por ao menos dois codificadores (Krippendorff 2011); κ por par nos trechos que o par compartilha"
            return ("Overall: \(en). An empty κ or α means no variation to compare (e.g. a category nobody used). Where one value dominates (a rare category is absent from almost every excerpt), κ and α fall near 0 although the coders agree on nearly every excerpt (the kappa paradox; Feinstein & Cicchetti 1990): Gwet's AC1 (Gwet 2008) and Brennan–Prediger (1981) correct for chance without that dependence on prevalence. κ's 95% CI is the large-sample one of Fleiss, Cohen & Everitt (1969), κ ± 1.96 SE, shown cut to −1…1; with few disagreements it is only a rough guide.",
                    "Geral: \(pt). Um κ ou α vazio significa que não há variação a comparar (por exemplo, uma categoria que ninguém usou). Quando um valor domina (uma categoria rara está ausente de quase todos os trechos), κ e α caem para perto de 0 embora os codificadores concordem em quase todos os trechos (o paradoxo do kappa; Feinstein & Cicchetti 1990): o AC1 de Gwet (Gwet 2008) e o coeficiente de Brennan–Prediger (1981) corrigem o acaso sem essa dependência da prevalência. O IC 95 % do κ é o de grandes amostras de Fleiss, Cohen e Everitt (1969), κ ± 1,96 EP, mostrado cortado a −1…1; com poucas discordâncias, é só uma indicação aproximada.")
        case let .participantAdded(code, created): return ("Participant \(code) (added \(created))", "Participante \(code) (adicionado em \(created))")
        case .noAttributes: return ("  no attributes", "  sem atributos")
        case .nothingAttached: return ("  nothing attached yet", "  nada associado ainda")
        case let .participantChanged(code, changes): return ("Participant \(code): \(changes)", "Participante \(code): \(changes)")
        case let .removedParticipant(code, with):
            return ("Removed participant \(code)" + (with.isEmpty ? "" : " with \(with)"), "Participante \(code) removido" + (with.isEmpty ? "" : " com \(with)"))
        case let .checkOK(path, version):
            return ("\(path): ok (schema version \(version); integrity, foreign keys, answers and names checked)",
                    "\(path): ok (esquema versão \(version); integridade, chaves estrangeiras, respostas e nomes verificados)")
        case let .checkProblems(path): return ("\(path): problems found", "\(path): problemas encontrados")
        case let .backedUp(from, to): return ("Backed up \(from) to \(to)", "Cópia de segurança de \(from) gravada em \(to)")
        case let .addedCategory(name): return ("Added category \(name)", "Categoria \(name) acrescentada")
        case let .renamedCategory(from, to): return ("Renamed \(from) to \(to)", "\(from) renomeada para \(to)")
        case let .mergedCategory(from, into, moved):
            return ("Merged \(from) into \(into) (\(moved) code\(moved == 1 ? "" : "s") moved)",
                    "\(from) fundida em \(into) (\(moved) código\(moved == 1 ? "" : "s") movido\(moved == 1 ? "" : "s"))")
        case let .addedMemo(id): return ("Added memo \(id)", "Memorando \(id) acrescentado")
        case let .settledExcerpt(from, into): return ("\(into) now codes this excerpt as \(from) did", "\(into) agora codifica este trecho como \(from)")
        case let .settledAgreements(count, into):
            return ("Copied into \(into) the \(count) excerpt\(count == 1 ? "" : "s") on which the coders agree", "Copiados para \(into) os \(count) trechos em que os codificadores concordam")
        case let .codedAs(code, category): return ("Coded “\(code)” as \(category)", "“\(code)” codificado como \(category)")
        case let .codeNow(id, code, categories):
            return ("Code \(id) is now “\(code)” in \(categories)", "O código \(id) agora é “\(code)” em \(categories)")
        case let .deletedCode(code): return ("Deleted “\(code)”", "“\(code)” excluído")
        case .nothingToUndo: return ("Nothing to undo", "Nada a desfazer")
        case let .undidCoding(code): return ("Undid coding “\(code)”", "Codificação “\(code)” desfeita")
        case let .restoredCoding(code): return ("Restored “\(code)”", "“\(code)” restaurado")
        case let .undidEdit(code): return ("Undid the edit: “\(code)” is back as it was", "Edição desfeita: “\(code)” voltou a ser como era")
        case let .categoryChanged(name): return ("Changed category \(name)", "Categoria \(name) alterada")
        case let .categoryUnchanged(name): return ("Nothing to change in category \(name)", "Nada a alterar na categoria \(name)")
        case let .passageNow(code, excerpt): return ("“\(code)” now lies on “\(excerpt)”", "“\(code)” agora está em “\(excerpt)”")
        case let .undoChangedSince(code):
            return ("Not undone: “\(code)” was changed since in another page or on the command line; this page's undo leaves it as it is now.",
                    "Não desfeito: “\(code)” foi alterado depois em outra página ou na linha de comando; o desfazer desta página o deixa como está agora.")
        case .undoUnknownAction:
            return ("Not undone: this page's last action is not known to the server (was studyctl serve restarted?). Reload the page.",
                    "Não desfeito: o servidor não conhece a última ação desta página (o studyctl serve foi reiniciado?). Recarregue a página.")
        case let .noComparison(by): return ("No comparison: fewer than two groups of \(by) have scores.", "Sem comparação: menos de dois grupos de \(by) têm escores.")
        }
    }
}

extension Message {
    /// How a form import found its item columns (`ResponseImportSummary.matchedBy`), in Portuguese; the options
    /// keep their names.
    static func itemMatchPT(_ by: String) -> String {
        switch by {
        case "position": return "posição"
        case "item text": return "texto do item"
        case "similarity to the item text": return "semelhança com o texto do item"
        case "item text and --map": return "texto do item e --map"
        default: return by
        }
    }
}
