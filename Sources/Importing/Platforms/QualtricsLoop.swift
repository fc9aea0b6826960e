import Foundation
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// One iteration of a Qualtrics loop & merge read as a task: the prefix of its columns (`2` in `2_Q1_1`) and
/// the task its answers belong to.
public struct LoopIteration: Sendable, Equatable {
    public var prefix: Int
    public var task: String
    public init(prefix: Int, task: String) {
        self.prefix = prefix
        self.task = task
    }
}

/// Qualtrics' loop & merge (Qualtrics support, "Loop & Merge"; "Understanding your dataset"): the block's
/// questions are asked once per iteration and exported once per iteration, each column's field id prefixed
/// with the iteration's number (`1_Q1_1`, `2_Q1_1`, …). A usability study loops over its tasks, so each
/// iteration is that task's repetition of the same items (a per-task instrument such as the SEQ).
enum QualtricsLoop {
    /// The header studyctl gives the column it adds, naming each row's task.
    static let taskHeader = "(loop & merge task)"

    /// `(2, "Q1_1")` for `2_Q1_1`; `nil` for a field id outside a loop.
    static func split(_ id: String) -> (prefix: Int, base: String)? {
        let digits = id.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 4, let prefix = Int(digits) else { return nil }
        let rest = id.dropFirst(digits.count)
        guard rest.first == "_", let next = rest.dropFirst().first, next.isLetter else { return nil }
        return (prefix, String(rest.dropFirst()))
    }

    /// The columns and records with each iteration of the loop made a row of its own: the columns outside the
    /// loop, one column per looped question (under its first iteration's text), and a column naming the task.
    /// An iteration with no answer at all (not shown to the respondent) makes no row. Refuses a mapping that
    /// leaves out an iteration of the file or names one it lacks.
    static func reshape(file: String, columns: [PlatformColumn], records: [Record], mapping: [Int: String],
                        missing: Set<String>) throws -> (columns: [PlatformColumn], records: [Record], iterations: [LoopIteration]) {
        var outside: [PlatformColumn] = []
        var bases: [String] = []
        var first: [String: PlatformColumn] = [:]
        var looped: [Int: [String: Int]] = [:]  // prefix → base → column index in the file
        for column in columns {
            guard column.role == .data, let parts = split(column.aliases[0]) else { outside.append(column); continue }
            let prefix = parts.prefix, base = parts.base
            if first[base] == nil { bases.append(base); first[base] = column }
            looped[prefix, default: [:]][base] = column.index
        }
        let found = looped.keys.sorted()
        if found.isEmpty {
            throw StoreError.invalidInput([.init(location: "--loop",
                message: "\(file) has no loop & merge columns (field ids such as 1_Q1, 2_Q1); leave --loop out")])
        }
        let absent = mapping.keys.filter { looped[$0] == nil }.sorted()
        if !absent.isEmpty {
            throw StoreError.invalidInput([.init(location: "--loop",
                message: "--loop names iteration \(absent.map(String.init).joined(separator: ", ")), but the loop in \(file) has iterations \(found.map(String.init).joined(separator: ", "))")])
        }
        let unnamed = found.filter { mapping[$0] == nil }
        if !unnamed.isEmpty {
            throw StoreError.invalidInput([.init(location: "--loop",
                message: "the loop in \(file) has iterations \(found.map(String.init).joined(separator: ", ")), but --loop gives no task for \(unnamed.map(String.init).joined(separator: ", ")); give each iteration its task: --loop \(found.map { "\($0)=\(mapping[$0] ?? "T\($0)")" }.joined(separator: ","))")])
        }
        // The new layout: the columns outside the loop, the looped questions, the task.
        var layout: [PlatformColumn] = []
        for column in outside {
            var moved = column
            moved.index = layout.count
            layout.append(moved)
        }
        // Every base in `bases` was given its first column, and every iteration in `found` its task (the mapping
        // naming none is refused above); `looped` has an entry per iteration found.
        let firstColumns = bases.compactMap { first[$0] }
        let tasks = found.compactMap { prefix in mapping[prefix].map { (prefix: prefix, task: $0) } }
        for (base, firstColumn) in zip(bases, firstColumns) {
            var column = firstColumn
            let text = column.aliases.count > 1 ? column.aliases[1] : nil
            column.aliases = [base] + (text.map { [$0] } ?? [])
            if text == nil { column.header.value = base }
            column.index = layout.count
            layout.append(column)
        }
        guard let firstLooped = firstColumns.first?.header else {
            throw StoreError.invalidInput([.init(location: "--loop",
                message: "\(file) has no loop & merge columns (field ids such as 1_Q1, 2_Q1); leave --loop out")])
        }
        layout.append(PlatformColumn(index: layout.count, header: Field(value: taskHeader, line: firstLooped.line, column: firstLooped.column),
                                     aliases: [], role: .data))
        var rows: [Record] = []
        for record in records {
            func cell(_ index: Int, line: Int) -> Field {
                index < record.fields.count ? record.fields[index] : Field(value: "", line: line, column: (record.fields.last?.column ?? 0) + 1)
            }
            let kept = outside.map { cell($0.index, line: record.line) }
            for (prefix, task) in tasks {
                let iteration = bases.map { base in looped[prefix]?[base].map { cell($0, line: record.line) }
                    ?? Field(value: "", line: record.line, column: 0) }
                let answered = iteration.contains { field in
                    let value = TextSafety.trimmingSpaces(field.value)
                    return !value.isEmpty && !missing.contains(value)
                }
                guard answered else { continue }
                let at = iteration.first { $0.column > 0 } ?? Field(value: "", line: record.line, column: 1)
                rows.append(Record(fields: kept + iteration + [Field(value: task, line: record.line, column: at.column)], line: record.line))
            }
        }
        return (layout, rows, tasks.map { LoopIteration(prefix: $0.prefix, task: $0.task) })
    }

    /// `1=T1,2=T2`: each iteration with the study's task in that place (its key), or `T` and its number.
    static func example(_ prefixes: [Int], tasks: [String] = []) -> String {
        prefixes.prefix(3).map { "\($0)=\($0 - 1 < tasks.count && $0 >= 1 ? tasks[$0 - 1] : "T\($0)")" }.joined(separator: ",") + (prefixes.count > 3 ? ",…" : "")
    }
}

extension PlatformTable {
    /// Why a Qualtrics file with a loop & merge cannot be read without `--loop`: its iterations repeat the same
    /// questions, and which task each one answers is not in the file.
    func loopRefusal(tasks: [String]) -> StoreError? {
        guard !loopColumns.isEmpty else { return nil }
        let field = source.header[loopColumns[0]]
        let prefixes = loopPrefixes.map { "\($0)_" }.joined(separator: ", ")
        let columns = ItemHeaderMatcher.listed(loopColumns.map { source.header[$0].value }, 4)
        return StoreError.invalidInput([.init(location: Sentence(verbatim: "\(source.file):\(field.line):\(field.column)"),
            message: "this Qualtrics export asks its questions in a loop & merge, once per iteration (prefixes \(prefixes): \(columns)); say which task each iteration answers with --loop \(QualtricsLoop.example(loopPrefixes, tasks: tasks))")])
    }
}
