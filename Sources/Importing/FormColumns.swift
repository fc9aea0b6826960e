import StudyStore
import Surveys
import Wording

/// Where a form export's columns are, as the importing layer found them: the participant, task and timestamp
/// columns, and each item's column with how it was found ("item text", "similarity to the item text", "--map",
/// "--items-from", "position") and, when by similarity, each item's confidence (0–1). The store takes what it needs
/// of them (`storing(in:occasion:)`); the summary's naming of the columns is this layer's (`name(in:header:)`).
public struct FormColumns: Sendable {
    public var participant: Int
    public var task: Int?
    public var timestamp: Int?
    /// The column saying when the form was opened (Microsoft Forms' "Start time", LimeSurvey's "startdate").
    public var started: Int? = nil
    public var items: [Int: Int]
    public var matchedBy: String
    public var confidence: [Int: Double]
    /// Columns naming each row's condition level (`--condition-column`): the column and the factor it names
    /// (`nil`: its header does).
    public var conditions: [(column: Int, factor: String?)] = []
    /// The column naming each row's occasion (`--occasion-column`).
    public var occasion: Int? = nil
    /// The other columns that are no item (e-mail, a prototype's name…): read only to tell repeated rows apart.
    public var context: [Int] = []

    public init(participant: Int, task: Int?, timestamp: Int?, items: [Int: Int], matchedBy: String, confidence: [Int: Double]) {
        self.participant = participant
        self.task = task
        self.timestamp = timestamp
        self.items = items
        self.matchedBy = matchedBy
        self.confidence = confidence
    }

    /// What the store takes of the columns, with the problem the file and the options alone tell: an occasion column
    /// beside `--occasion` (`occasion` is the measurement every row is given, `ResponseStoreOptions.occasion`).
    func storing(in table: SourceTable, occasion fixed: String) -> ResponseColumns {
        var problems: [StoreError.Problem] = []
        if let occasion, !MeasurementKey(key: fixed).occasion.isEmpty {
            problems.append(.init(location: Sentence(verbatim: "\(table.file):1:\(table.header[occasion].column)"),
                                  message: "column '\(table.header[occasion].value)' gives each row its occasion, and --occasion gives every row one; leave one out"))
        }
        return ResponseColumns(items: Array(items.keys), perRowTask: task != nil, conditions: conditions, occasion: occasion, context: context,
                               problems: problems)
    }

    /// Names in `summary` the column each item was read from, how the columns were found, and (items matched by
    /// their text) the columns left out.
    func name(in summary: inout ResponseImportSummary, header: [SourceCell]) {
        let used = Set(items.values).union([participant, task, timestamp, started, occasion].compactMap { $0 }).union(conditions.map(\.column))
        summary.columns = items.mapValues { header[$0].value }
        summary.matchedBy = matchedBy
        summary.confidence = confidence
        summary.ignoredColumns = matchedBy.hasSuffix("item text") ? header.indices.filter { !used.contains($0) }.map { header[$0].value } : []
    }
}
