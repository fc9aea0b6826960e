import Foundation
import StudyStore
import Surveys
import Wording
import Tabular

/// The one way studyctl finds a table's columns by name, for every import: a header matches a name when both
/// read the same with case, accents and runs of spaces ignored (`AnswerReader.fold`: "Código" is "codigo"), and a
/// field is looked for under its own name or one of the usual English and Portuguese ones.
public struct HeaderMatcher {
    public let header: [Field]
    public let file: String
    private let folded: [String]

    public init(_ source: RecordSource) {
        self.init(header: source.header, file: source.file)
    }

    public init(header: [Field], file: String) {
        self.header = header
        self.file = file
        folded = header.map { AnswerReader.fold($0.value) }
    }

    /// The first column named `name`, or nil.
    public func index(of name: String) -> Int? {
        let wanted = AnswerReader.fold(name)
        return folded.firstIndex(of: wanted)
    }

    /// The first column named any of `names` (already folded, as the alias lists are) that is not in `taken`.
    public func index(ofAny names: [String], excluding taken: Set<Int> = []) -> Int? {
        folded.indices.first { !taken.contains($0) && names.contains(folded[$0]) }
    }

    /// The column named `name`, or a problem that lists the columns there are.
    public func require(_ name: String, location: String? = nil) throws -> Int {
        if let index = index(of: name) { return index }
        throw StoreError.invalidInput([.init(location: Sentence(verbatim: location ?? "\(file):1"), message: "no column '\(name)'; the columns are \(listing)")])
    }

    /// The header's columns, quoted, for messages.
    public var listing: String { header.map { "'\($0.value)'" }.joined(separator: ", ") }

    /// Each field's column: the one `--map` names (refused when there is none), else the first column with one
    /// of the field's usual names not already taken. `map` is field → column name.
    public func fields(_ names: [(field: String, names: [String])], map: [String: String] = [:]) throws -> [String: Int] {
        var columns: [String: Int] = [:]
        for (field, column) in map.sorted(by: { $0.key < $1.key }) where names.contains(where: { $0.field == field.lowercased() }) {
            columns[field.lowercased()] = try require(column, location: "--map \(field)=\(column)")
        }
        for (field, aliases) in names where columns[field] == nil {
            if let index = index(ofAny: aliases, excluding: Set(columns.values)) { columns[field] = index }
        }
        return columns
    }
}

/// The usual names of each import's fields (folded), in one place.
public enum ColumnNames {
    public static let participantCode = ["code", "codigo", "participant", "participante"]
    /// A task log's fields. Besides the names people type, the columns of remote-testing exports:
    /// - "Participant ID", "Task ID", "Time on task (s)" and "Task outcome": the per-attempt columns of UserZoom and
    ///   UserTesting metric exports as researchers describe them (not checked against a vendor's published
    ///   column list: neither vendor's export format is public);
    /// - Maze names testers, missions and their outcome and duration ("Tester", "Mission", "Mission outcome",
    ///   "Average duration" in its results; help.maze.co, "Understanding your live website test results"), so
    ///   those words are read too;
    /// - "title": a task-name column ("Task name", "Mission"), which finds a task by its title and names the
    ///   tasks `--create-tasks` adds.
    public static let attempt: [(field: String, names: [String])] = [
        ("participant", ["participant", "participante", "usuario", "user", "code", "codigo", "participant id", "participant_id",
                         "id do participante", "tester", "tester id", "tester_id", "user id", "respondent", "respondent id"]),
        ("task", ["task", "tarefa", "fase", "level", "task id", "task_id", "task number", "mission id", "id da tarefa"]),
        ("title", ["task name", "task title", "mission", "mission name", "mission title", "nome da tarefa", "titulo da tarefa"]),
        ("time", ["time", "tempo", "duration", "duracao", "seconds", "segundos", "time on task", "time on task (s)",
                  "time on task (sec)", "time on task (seconds)", "task time", "task time (s)", "time (s)", "duration (s)",
                  "duration (seconds)", "mission duration", "mission duration (s)", "time spent", "time spent (s)", "tempo (s)",
                  "tempo na tarefa", "tempo na tarefa (s)", "duracao (s)"]),
        ("errors", ["errors", "erros", "error", "erro", "error count", "number of errors", "numero de erros"]),
        ("outcome", ["outcome", "resultado", "success", "sucesso", "task outcome", "task success", "task result", "task status",
                     "task completion", "mission outcome", "result", "resultado da tarefa"]),
        ("assisted", ["assisted", "ajuda", "assistido", "help"]),
        ("note", ["note", "nota", "notes", "observacao", "observacoes"]),
        ("trial", ["trial", "tentativa"]),
        ("total", ["total", "tempo total", "total time"]),
    ]
    public static let code: [(field: String, names: [String])] = [
        ("participant", ["participant", "participante", "code participant", "usuario"]),
        ("excerpt", ["excerpt", "trecho", "excerto", "transcription", "transcricao", "quote", "citacao"]),
        ("code", ["in_vivo_code", "code", "codigo", "in vivo", "in-vivo", "codigo in vivo", "codigo in-vivo"]),
        ("category", ["category", "categoria"]),
        ("coder", ["coder", "codificador", "codificadora"]),
        ("memo", ["memo", "nota", "note"]),
    ]
    public static let category: [(field: String, names: [String])] = [
        ("name", ["category", "categoria", "name", "nome", "tag", "path"]),
        ("origin", ["origin", "origem", "reference", "referencia", "source", "fonte"]),
        ("definition", ["definition", "definicao", "description", "descricao"]),
        ("theme", ["theme", "tema", "parent"]),
    ]
    public static let longResponse: [(field: String, names: [String])] = [
        ("participant", ["participant", "participante", "code", "codigo"]),
        ("item", ["item", "question", "questao", "pergunta"]),
        ("value", ["value", "valor", "answer", "resposta"]),
        ("instrument", ["instrument", "instrumento", "questionnaire", "questionario"]),
        ("task", ["task", "tarefa"]),
    ]
    public static let aoi: [(field: String, names: [String])] = [
        ("media", ["media", "stimulus", "midia"]),
        ("name", ["aoi", "name", "nome"]),
        ("x", ["x"]), ("y", ["y"]), ("width", ["width", "w", "largura"]), ("height", ["height", "h", "altura"]),
        ("points", ["points", "polygon", "pontos"]),
    ]
    /// Names form tools give the submission-time column.
    public static let timestamp: Set<String> = ["timestamp", "carimbo de data/hora", "data/hora", "submitted", "submitdate",
                                                "submit date", "completion time", "hora de conclusao", "date submitted"]
    /// When the form was opened: Microsoft Forms ("Start time", "Hora de início"), LimeSurvey ("startdate").
    public static let started: Set<String> = ["start time", "hora de inicio", "startdate", "start date", "date started", "started"]
}
