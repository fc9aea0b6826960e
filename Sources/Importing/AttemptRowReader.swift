import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// Reads a task log's records into `AttemptRow`s for `storeAttempts`: times and totals as durations, error counts
/// and trials as whole numbers, outcomes (`OutcomeReading`), yes/no, and each condition's level as the study
/// spells it; a cell that cannot be read is a problem at `file:line: column "Name"`.
public struct AttemptRowReader: Sequence, IteratorProtocol {
    private let file: String
    private let header: [Field]
    private let columns: [String: Int]
    private let factorColumns: [String: Int]
    /// Each condition's levels.
    private let levels: [String: [String]]
    private let records: [Record]
    private var index = 0

    public init(file: String, header: [Field], records: [Record], columns: [String: Int], factorColumns: [String: Int], factors: [FactorInfo]) {
        self.file = file
        self.header = header
        self.records = records
        self.columns = columns
        self.factorColumns = factorColumns
        levels = Dictionary(factors.map { ($0.name, $0.levels) }, uniquingKeysWith: { first, _ in first })
    }

    /// A cell is named by its line and its column's name (`log.csv:2: column "Errors"`), as a person finds it in a
    /// spreadsheet; the character offset of the field within the line would say nothing there.
    private func at(_ line: Int, _ field: String) -> Sentence {
        "\(file):\(line): column \"\(columns[field].map { header[$0].value } ?? field)\""
    }

    public mutating func next() -> AttemptRow? {
        guard index < records.count else { return nil }
        let record = records[index]
        index += 1
        func text(_ field: String) -> String? {
            columns[field].map { record.fields[$0].value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let line = record.line
        var problems: [StoreError.Problem] = []
        var seconds: Double?
        if let raw = text("time") {
            if let problem = Duration.problem(raw) {
                problems.append(.init(location: at(line, "time"), message: problem))
            } else {
                seconds = Duration.parse(raw)
            }
        }
        var errors: Int?
        if let raw = text("errors") {
            // Spreadsheets and remote-testing exports write counts as decimals ("2.0", "2,0"): read when whole.
            if let value = NumberParser.wholeCount(raw), (0...Limits.maximumErrors).contains(value) { errors = value } else {
                problems.append(.init(location: at(line, "errors"), message: "'\(raw)' is not a count of errors (a whole number from 0 to \(Limits.maximumErrors))"))
            }
        }
        let outcomeText = text("outcome")
        let outcome = outcomeText.flatMap(OutcomeReading.init)
        if let outcomeText, outcome == nil {
            problems.append(.init(location: at(line, "outcome"), message: "'\(outcomeText)' is not an outcome (success, partial, fail; direct or indirect success, abandoned, gave up, skipped)"))
        }
        var assisted = false
        if let raw = text("assisted") {
            if let value = YesNo.parse(raw) { assisted = value } else {
                problems.append(.init(location: at(line, "assisted"), message: "'\(raw)' is not yes or no"))
            }
        }
        var trial: Int?
        if let raw = text("trial") {
            if let value = NumberParser.wholeCount(raw), (1...Limits.maximumOrdinal).contains(value) { trial = value } else {
                problems.append(.init(location: at(line, "trial"), message: "'\(raw)' is not a trial number (1, 2, … up to \(Limits.maximumOrdinal))"))
            }
        }
        let conditions = readConditions(record, problems: &problems)
        var total: (text: String, seconds: Double?)?
        if let raw = text("total") {
            let problem = Duration.problem(raw)
            total = (raw, problem == nil ? Duration.parse(raw) : nil)
            if let problem { problems.append(.init(location: at(line, "total"), message: problem)) }
        }
        return AttemptRow(line: line, code: columns["participant"].map { record.fields[$0].value.trimmingCharacters(in: .whitespaces) } ?? "",
                          task: text("task"), title: text("title"), outcomeText: outcomeText, outcome: outcome, seconds: seconds,
                          errors: errors, assisted: assisted, trial: trial, trialGiven: text("trial") != nil, conditions: conditions,
                          total: total, note: text("note"), problems: problems)
    }

    /// Each condition's level as the study spells it (case aside), or a problem naming its levels.
    private func readConditions(_ record: Record, problems: inout [StoreError.Problem]) -> [String: String] {
        var conditions: [String: String] = [:]
        for (factor, index) in factorColumns {
            let level = record.fields[index].value.trimmingCharacters(in: .whitespaces)
            let known = levels[factor] ?? []
            if let match = known.first(where: { $0.caseInsensitiveCompare(level) == .orderedSame }) {
                conditions[factor] = match
            } else {
                problems.append(.init(location: "\(file):\(record.line): column \"\(header[index].value)\"",
                                      message: "'\(level)' is not a level of \(factor) (\(known.joined(separator: ", ")))"))
            }
        }
        return conditions
    }
}
