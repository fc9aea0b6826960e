import Surveys

/// What the command line says, in English and Brazilian Portuguese: one case per message, its arguments already
/// formatted (names as the study has them, numbers by `NumberStyle`). The `switch` is exhaustive, so no message
/// can lack a language.
public enum Message: Sendable, Equatable, Bilingual {
    case errorPrefix
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
    // The coding workspace.
    case addedCategory(String), renamedCategory(from: String, to: String), mergedCategory(from: String, into: String, moved: Int)
    case addedMemo(Int64), codedAs(code: String, category: String), codeNow(id: Int64, code: String, categories: String)
    case deletedCode(String), nothingToUndo, undidCoding(String), restoredCoding(String)

    public var entry: (String, String) {
        switch self {
        case .errorPrefix: return ("Error: ", "Erro: ")
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
            return ("Grades (Sauro & Lewis 2016) are defined for study means, so they are given for groups only; each participant's adjective (Bangor et al. 2009) and acceptability (Bangor et al. 2008) are in the table above.",
                    "As notas (Sauro & Lewis 2016) são definidas para médias de estudos, por isso só aparecem para grupos; o adjetivo (Bangor et al. 2009) e a aceitabilidade (Bangor et al. 2008) de cada participante estão na tabela acima.")
        case let .norms(source): return ("Norms: \(source)", "Normas: \(source)")
        case let .cronbachAlpha(scale, alpha, items, sets):
            let suffix = scale.map { " (\($0))" } ?? ""
            return ("Cronbach's α\(suffix) = \(alpha) (\(items) items, \(sets) complete response sets)",
                    "α de Cronbach\(suffix) = \(alpha) (\(items) itens, \(sets) conjuntos de respostas completos)")
        case let .choices(group, n): return ("Choices — \(group) (n = \(n))", "Escolhas — \(group) (n = \(n))")
        case .openAnswers: return ("Open answers", "Respostas abertas")
        case let .unansweredItems(rule): return ("Unanswered items: \(rule)", "Itens sem resposta: \(rule)")
        case let .groupComparison(by): return ("Group comparison by \(by)", "Comparação entre grupos por \(by)")
        case let .addedCategory(name): return ("Added category \(name)", "Categoria \(name) acrescentada")
        case let .renamedCategory(from, to): return ("Renamed \(from) to \(to)", "\(from) renomeada para \(to)")
        case let .mergedCategory(from, into, moved):
            return ("Merged \(from) into \(into) (\(moved) code\(moved == 1 ? "" : "s") moved)",
                    "\(from) fundida em \(into) (\(moved) código\(moved == 1 ? "" : "s") movido\(moved == 1 ? "" : "s"))")
        case let .addedMemo(id): return ("Added memo \(id)", "Memorando \(id) acrescentado")
        case let .codedAs(code, category): return ("Coded “\(code)” as \(category)", "“\(code)” codificado como \(category)")
        case let .codeNow(id, code, categories):
            return ("Code \(id) is now “\(code)” in \(categories)", "O código \(id) agora é “\(code)” em \(categories)")
        case let .deletedCode(code): return ("Deleted “\(code)”", "“\(code)” excluído")
        case .nothingToUndo: return ("Nothing to undo", "Nada a desfazer")
        case let .undidCoding(code): return ("Undid coding “\(code)”", "Codificação “\(code)” desfeita")
        case let .restoredCoding(code): return ("Restored “\(code)”", "“\(code)” restaurado")
        case let .noComparison(by): return ("No comparison: fewer than two groups of \(by) have scores.", "Sem comparação: menos de dois grupos de \(by) têm escores.")
        }
    }
}
