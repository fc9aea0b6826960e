import StudyStore
import Surveys
import Wording

extension StoreError {
    /// The error in `language`: English is `errorDescription`; Portuguese says the same, naming the same things
    /// (the problems an importer lists under `invalidInput`, located by file:line:column, worded by `SentenceCatalog`).
    public func text(_ language: StudyLanguage) -> String {
        guard language == .ptBR else { return errorDescription ?? "\(self)" }
        func known(_ kind: String, _ names: [String]) -> String {
            if names.isEmpty { return " Ainda não há \(kind.lowercased()) no estudo." }  // "condições", "tarefas": no gendered "nenhum"
            return " \(kind): \(names.prefix(12).joined(separator: ", "))\(names.count > 12 ? ", …" : "")."
        }
        switch self {
        case .emptyTitle: return "O estudo precisa de um título; use --title \"…\""
        case let .studyExists(path): return "\(path) já existe; o studyctl nunca sobrescreve um arquivo. Escolha outro caminho ou remova-o antes."
        case let .noFolder(path, folder): return "Não é possível criar \(path): a pasta \(folder) não existe."
        case let .noStudy(path):
            return "Nenhum estudo em \(path). Crie um com 'studyctl init --title \"…\"' ou indique-o com --db ou STUDYCTL_DB."
        case let .notAStudy(path, reason): return "\(path) não é um estudo do studyctl: \(reason)."
        case let .newerSchema(path, unknown):
            return "\(path) foi gravado por um studyctl mais novo (etapas de esquema que esta versão não conhece: \(unknown.joined(separator: ", "))). Atualize o studyctl para abri-lo; o arquivo não foi alterado."
        case let .invalidParticipantCode(code, reason): return "Código de participante inválido '\(code)': \(reason.text(language))."
        case let .invalidAttributeName(name, reason): return "Nome de atributo inválido '\(name)': \(reason.text(language))."
        case let .duplicateParticipant(code): return "O participante \(code) já existe."
        case let .unknownParticipant(code, names): return "Nenhum participante \(code) neste estudo." + known("Participantes", names)
        case let .unknownAttribute(name, names): return "Nenhum atributo '\(name)' neste estudo." + known("Atributos", names)
        case let .attributeType(participant, attribute, expected, value):
            return "Participante \(participant): o atributo '\(attribute)' guarda valores do tipo \(expected) neste estudo; '\(value)' não é um número."
        case let .numberLosesDigits(participant, attribute, value, number):
            return "Participante \(participant): o atributo '\(attribute)' guarda números neste estudo, e '\(value)' seria gravado como o número \(number), perdendo o que foi digitado. "
                + "Se \(attribute) guarda números de versão ou códigos, torne-o texto antes: 'studyctl participant attribute type \(attribute) text'. "
                + "Se é um número, escreva \(number), ou declare \(attribute) como número para ler valores assim como números: 'studyctl participant attribute type \(attribute) number'."
        case let .attributeTypeDeclared(attribute, holds, declared):
            return "O atributo '\(attribute)' guarda \(holds == .number ? "números" : "texto") neste estudo, não \(declared == .number ? "números" : "texto"); nada foi gravado. "
                + "Para mudar isso, rode 'studyctl participant attribute type \(attribute) \(declared.rawValue)'."
        case let .typeChangeBreaksRule(attribute, derived):
            return "O atributo '\(attribute)' continua numérico: \(derived.joined(separator: ", ")) \(derived.count == 1 ? "é derivado" : "são derivados") dele por uma regra sobre números. "
                + "Remova antes o atributo derivado ('studyctl participant attribute remove \(derived[0])') para tornar \(attribute) texto."
        case let .participantHasData(code, attached):
            return "O participante \(code) tem \(attached.text(.ptBR).joined(separator: ", ")); nada foi removido. Rode de novo com --cascade para remover o participante e tudo isso."
        case let .notNumeric(attribute, participant, value):
            return "O atributo '\(attribute)' do participante \(participant) é '\(value)', não um número; uma regra precisa de números."
        case let .ruleLeavesValue(attribute, participant, value, rule):
            return "Participante \(participant): \(attribute) = \(value) não corresponde a nenhuma cláusula da regra \"\(rule)\"; acrescente uma (ou termine com *:RÓTULO)."
        case let .derivationConflicts(attribute, conflicts):
            return "O atributo '\(attribute)' já tem outros valores:\n" + conflicts.map { "  \($0)" }.joined(separator: "\n")
                + "\nNada foi alterado. Rode de novo com --replace para sobrescrevê-los."
        case let .derivingFromItself(attribute): return "O atributo '\(attribute)' não pode ser derivado de si mesmo."
        case let .instrumentExists(id, builtin):
            return builtin ? "'\(id)' é um instrumento embutido; dê outro id ao seu instrumento."
                           : "O estudo já tem um instrumento '\(id)'; dê outro id ao seu instrumento (ou uma nova versão com um novo id)."
        case let .unknownInstrument(id, names):
            return "Nenhum instrumento '\(id)'." + known("Instrumentos", names) + " Acrescente o seu com 'studyctl instrument add ARQUIVO.json'."
        case let .responsesExist(participant, instrument, task, measurement, recorded):
            return "O participante \(participant) já tem respostas de \(instrument)\(task.map { " para a tarefa \($0)" } ?? "")\(measurement.isEmpty ? "" : " (\(MeasurementKey(key: measurement).label(none: "")))") (gravadas em \(LocalTime.text(recorded))); nada foi gravado. Rode de novo com --replace para sobrescrevê-las."
        case let .unknownTask(key, names): return "Nenhuma tarefa '\(key)' neste estudo." + known("Tarefas", names)
        case let .taskRequired(instrument): return "\(instrument) é respondido uma vez por tarefa; diga qual com --task CHAVE."
        case let .duplicateTask(key): return "A tarefa \(key) já existe."
        case let .duplicateFactor(name): return "A condição '\(name)' já existe."
        case let .unknownFactor(name, names):
            return "Nenhuma condição '\(name)' neste estudo." + known("Condições", names) + " Acrescente-a com 'studyctl condition add \(name) --levels A,B'."
        case let .unknownLevel(factor, level, names):
            return "A condição '\(factor)' não tem o nível '\(level)'; seus níveis são \(names.joined(separator: ", "))."
        case let .duplicateAttempt(participant, task, condition, trial):
            return "O participante \(participant) já tem a tentativa \(trial) da tarefa \(task)\(condition.isEmpty ? "" : " em \(condition)"); omita --trial para acrescentar a próxima."
        case let .ambiguousGrouping(name):
            return "'\(name)' é ao mesmo tempo um atributo de participante e uma condição; escreva attribute:\(name) ou condition:\(name)."
        case let .unknownGrouping(name, attributes, conditions):
            return "Nenhum atributo ou condição '\(name)' neste estudo." + known("Atributos", attributes)
                + (conditions.isEmpty ? "" : " Condições: \(conditions.joined(separator: ", ")).")
        case let .transcriptExists(participant, label):
            return "O participante \(participant) já tem uma transcrição\(label.isEmpty ? "" : " '\(label)'"); rode de novo com --replace para substituí-la."
        case let .noTranscript(participant):
            return "O participante \(participant) não tem transcrição; acrescente uma com 'studyctl transcript add \(participant) ARQUIVO.txt'."
        case let .duplicateCategory(name): return "O livro de códigos já tem uma categoria '\(name)'."
        case let .unknownCategory(name, names): return "Nenhuma categoria '\(name)' no livro de códigos." + known("Categorias", names)
        case let .codeProblem(message): return StoreError.asSentence(message.text(language))
        case let .unknownCode(id): return "Nenhum código \(id) neste estudo; 'studyctl code list' mostra os códigos com seus números."
        case let .unknownCoder(name, names): return "Nenhum codificador '\(name)' neste estudo." + known("Codificadores", names)
        case let .storage(path, reason): return "\(path): \(reason)."
        case let .damaged(path, found):
            return "\(path) foi considerado danificado pelo último 'studyctl check' (\(found)); nada foi gravado. Restaure um backup, ou rode 'studyctl check' de novo depois de reparar o arquivo."
        case let .confusableParticipant(code, existing):
            return "O código de participante '\(code)' parece igual ao do participante \(existing) (\(StoreError.scalars(code)) vs \(StoreError.scalars(existing))); nada foi gravado. Use \(existing), ou rode de novo com --allow-confusable se forem mesmo pessoas diferentes."
        case let .unlinksExcerpts(participant, excerpts):
            return "A nova transcrição de \(participant) não contém mais \(excerpts.count) trecho\(excerpts.count == 1 ? "" : "s") codificado\(excerpts.count == 1 ? "" : "s"); perderiam seu lugar no texto:\n"
                + excerpts.prefix(20).map { "  \($0)" }.joined(separator: "\n") + (excerpts.count > 20 ? "\n  … e mais \(excerpts.count - 20)" : "")
                + "\nNada foi alterado. Rode de novo com --force para substituir a transcrição mesmo assim (os códigos ficam, sem lugar)."
        case let .invalidName(problem, location): return (location.map { "\($0): " } ?? "") + problem.sentence.text(language)
        case let .refused(what, reason): return "O estudo recusou \(what): \(reason). Nada foi gravado."
        case .duplicateSpellings: return errorDescription ?? ""
        case let .invalidInput(problems):
            let shown = 50
            var lines = problems.prefix(shown).map { $0.location.pattern.isEmpty ? $0.message.text(language) : "\($0.location.text(language)): \($0.message.text(language))" }
            if problems.count > shown { lines.append("… e mais \(problems.count - shown) problemas") }
            let counted = StoreError.Problem.count(problems)
            return lines.joined(separator: "\n") + "\n\(counted == 1 ? "1 problema" : "\(counted) problemas"); nada foi gravado."
        }
    }
}

extension AttachedData {
    /// What is attached to a participant, in `language`: ["2 conjuntos de respostas a questionários", "1 memorando"].
    public func text(_ language: StudyLanguage) -> [String] {
        guard language == .ptBR else { return descriptions }
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        return [count(responseSets, "conjunto de respostas a questionário", "conjuntos de respostas a questionários"),
                count(attempts, "tentativa de tarefa", "tentativas de tarefas"), count(transcripts, "transcrição", "transcrições"),
                count(excerpts, "trecho codificado", "trechos codificados"), count(memos, "memorando", "memorandos"),
                count(sessions, "sessão", "sessões"), count(recordings, "gravação", "gravações")].compactMap { $0 }
    }
}
