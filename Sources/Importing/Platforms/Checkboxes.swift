import Foundation
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// A question answered by ticking boxes that the platform exported as one column per option: REDCap's checkbox
/// field (`devices___1`, `devices___2`, values 0/1, or "Checked"/"Unchecked" with labels; headers
/// "Devices used (choice=Phone)" when labels are exported) and KoboToolbox's select-multiple split into
/// `group/question/option` columns (values 1/0).
struct CheckboxGroup: Sendable, Equatable {
    /// The question's variable name or path (`devices`, `profile/devices`).
    var name: String
    /// The question's text, when the export has it (a label header).
    var text: String?
    var options: [CheckboxOption]
}

/// One box of a checkbox question: its column in the table, its code (REDCap's raw code, Kobo's choice name or
/// label) and, when the export has it, its label.
struct CheckboxOption: Sendable, Equatable {
    var column: Int
    var code: String
    var label: String?
    /// The column's header in the file.
    var header: String
    var shown: String { label ?? code }
}

/// Columns an import joined into one: the header the import reads, and the file's columns it came from.
public struct JoinedColumns: Sendable, Equatable {
    public var header: String
    public var columns: [String]
}

enum Checkboxes {
    /// Cells that say a box was ticked, or not (folded): 1/true, 0/false, or a word of any known language
    /// (`checkbox.ticked`, `checkbox.unticked` in the vocabularies).
    static func ticked(_ folded: String) -> Bool { folded == "1" || folded == "true" || Vocabulary.knownSet("checkbox.ticked").contains(folded) }
    static func unticked(_ folded: String) -> Bool { folded == "0" || folded == "false" || Vocabulary.knownSet("checkbox.unticked").contains(folded) }

    /// Whether a cell says ticked (`true`), not ticked (`false`), nothing (blank: `nil`), or something else.
    enum Tick { case ticked, unticked, blank, other }
    static func tick(_ value: String) -> Tick {
        let folded = AnswerReader.fold(TextSafety.trimmingSpaces(value))
        if folded.isEmpty { return .blank }
        if ticked(folded) { return .ticked }
        if unticked(folded) { return .unticked }
        return .other
    }

    /// REDCap's checkbox columns, by the export's original column index: `name___code` (raw names) or
    /// `Field label (choice=Label)` (labels).
    static func redcapGroups(_ header: [Field]) -> [CheckboxGroup] {
        var groups: [CheckboxGroup] = []
        for (index, field) in header.enumerated() {
            let value = field.value
            var name: String, text: String?, code: String, label: String?
            if let range = value.range(of: "___"), range.lowerBound > value.startIndex, range.upperBound < value.endIndex {
                name = String(value[..<range.lowerBound])
                code = String(value[range.upperBound...])
            } else if value.hasSuffix(")"), let range = value.range(of: " (choice=", options: .backwards) {
                name = String(value[..<range.lowerBound])
                text = name
                code = String(value[range.upperBound..<value.index(before: value.endIndex)])
                label = code
            } else {
                continue
            }
            let option = CheckboxOption(column: index, code: code, label: label, header: value)
            if let existing = groups.firstIndex(where: { $0.name == name }) {
                groups[existing].options.append(option)
            } else {
                groups.append(CheckboxGroup(name: name, text: text, options: [option]))
            }
        }
        return groups
    }

    /// KoboToolbox's one-column-per-option select-multiple without its summary column: two or more columns
    /// `path/option` under a path that is no column itself, whose cells are all 1, 0 or blank.
    static func koboGroups(_ header: [Field], records: [Record], meta: (Int) -> Bool) -> [CheckboxGroup] {
        let paths = Set(header.map { AnswerReader.fold($0.value) })
        var groups: [CheckboxGroup] = []
        for (index, field) in header.enumerated() where !meta(index) {
            let parts = field.value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 1 else { continue }
            let parent = parts.dropLast().joined(separator: "/")
            guard !paths.contains(AnswerReader.fold(parent)) else { continue }
            // `parts` has two or more pieces (guarded above).
            guard let code = parts.last else { continue }
            let option = CheckboxOption(column: index, code: code, label: nil, header: field.value)
            if let existing = groups.firstIndex(where: { $0.name == parent }) {
                groups[existing].options.append(option)
            } else {
                groups.append(CheckboxGroup(name: parent, text: parts[parts.count - 2], options: [option]))
            }
        }
        return groups.filter { group in
            group.options.count >= 2 && records.allSatisfy { record in
                group.options.allSatisfy { option in
                    option.column >= record.fields.count || [.ticked, .unticked, .blank].contains(tick(record.fields[option.column].value))
                }
            }
        }
    }

    /// The choice of `item` each option stands for (its key), when every option is one of the item's choices
    /// (by key or label, either language); `nil` otherwise.
    static func choices(of group: CheckboxGroup, in item: ItemDefinition) -> [String]? {
        guard item.kind == .choice, let choices = item.choices, !choices.isEmpty else { return nil }
        var keys: [String] = []
        for option in group.options {
            let names = [option.code, option.label].compactMap { $0 }.map(AnswerReader.fold)
            guard let choice = choices.first(where: { choice in
                names.contains(AnswerReader.fold(choice.key)) || choice.label.all.map(AnswerReader.fold).contains { names.contains($0) }
            }) else { return nil }
            keys.append(choice.key)
        }
        return Set(keys).count == keys.count ? keys : nil
    }

    /// The yes and no choices of an item that answers one box (a Sim/Não item), for reading a ticked box.
    static func yesNo(_ item: ItemDefinition) -> (yes: String, no: String)? {
        let choices = item.choices ?? []
        func find(_ words: Set<String>) -> String? {
            choices.first { choice in ([choice.key] + choice.label.all).map(AnswerReader.fold).contains { words.contains($0) } }?.key
        }
        guard let yes = find(Vocabulary.knownSet("choice.yes").union(["true", "1"])),
              let no = find(Vocabulary.knownSet("choice.no").union(["false", "0"])) else { return nil }
        return (yes, no)
    }
}

extension PlatformTable {
    /// The table with each checkbox question whose options are all choices of one of the instrument's choice
    /// items made into one column (the ticked box's choice), for the matcher to find as that item. Questions
    /// whose boxes are the instrument's own yes/no items stay one column per box. Refuses, naming the cells, a
    /// row with two boxes ticked: a choice item holds one choice.
    ///
    /// When the boxes of several questions are all choices of one item (REDCap's raw codes 1, 2, 3), the one
    /// `map` names for the item (`--map 1=devices`) is joined, else the one whose text is the item's; failing
    /// both, the import is refused, naming the questions.
    func joiningCheckboxes(for definition: InstrumentDefinition, map: [Int: String] = [:]) throws -> PlatformTable {
        var joins: [(group: CheckboxGroup, keys: [String], item: ItemDefinition)] = []
        for item in definition.items where item.kind == .choice {
            let covering = checkboxes.compactMap { group in
                joins.contains { $0.group == group } ? nil : Checkboxes.choices(of: group, in: item).map { (group, $0) }
            }
            guard !covering.isEmpty else { continue }
            let named = map[item.number].map(AnswerReader.fold)
            let texts = Set(item.knownTexts.map(ItemHeaderMatcher.normalize))
            let byName = covering.filter { pair in [pair.0.name, pair.0.text].compactMap { $0 }.contains { AnswerReader.fold($0) == named } }
            let byText = covering.filter { pair in pair.0.text.map { texts.contains(ItemHeaderMatcher.normalize($0)) } ?? false }
            var chosen: (CheckboxGroup, [String])?
            if let first = byName.first {
                chosen = first
            } else if covering.count == 1 {
                chosen = covering[0]
            } else if byText.count == 1 {
                chosen = byText[0]
            }
            guard let pick = chosen else {
                if named != nil { continue }
                let field = source.header[covering[0].0.options[0].column]
                throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(source.file):\(field.line):\(field.column)"),
                    message: "the boxes of the checkbox questions \(covering.map { "'\($0.0.name)'" }.joined(separator: ", ")) are all choices of item \(item.number) of \(definition.id); say which question is that item with --map \(item.number)=\(covering[0].0.name)")])
            }
            joins.append((pick.0, pick.1, item))
        }
        guard !joins.isEmpty else { return self }
        let firstColumn = Dictionary(uniqueKeysWithValues: joins.enumerated().map { ($0.element.group.options[0].column, $0.offset) })
        let joinedColumns = Set(joins.flatMap { $0.group.options.map(\.column) })
        let oldHeader = source.header
        var header: [Field] = [], names: [[String]] = [], from: [Int?] = [], joinAt: [Int?] = []
        for (index, field) in oldHeader.enumerated() {
            if let join = firstColumn[index] {
                let group = joins[join].group
                header.append(Field(value: group.text ?? group.name, line: field.line, column: field.column))
                names.append(Array(Set([group.name, group.text].compactMap { $0 }.map(AnswerReader.fold))))
                from.append(nil)
                joinAt.append(join)
            } else if !joinedColumns.contains(index) {
                header.append(field)
                names.append(self.names[index])
                from.append(index)
                joinAt.append(nil)
            }
        }
        var problems: [StoreError.Problem] = []
        var rows: [Record] = []
        while let record = try source.next() {
            var fields: [Field] = []
            for (origin, join) in zip(from, joinAt) {
                if let origin {
                    fields.append(origin < record.fields.count ? record.fields[origin]
                                  : Field(value: "", line: record.line, column: oldHeader[origin].column))
                    continue
                }
                // A position without an origin column is a joined group's: `joinAt` holds its join there.
                guard let join else { continue }
                let (group, keys, item) = joins[join]
                var chosen: [(option: CheckboxOption, key: String, cell: Field)] = []
                for (option, key) in zip(group.options, keys) {
                    let cell = option.column < record.fields.count ? record.fields[option.column]
                        : Field(value: "", line: record.line, column: oldHeader[option.column].column)
                    switch Checkboxes.tick(cell.value) {
                    case .ticked: chosen.append((option, key, cell))
                    case .unticked, .blank: break
                    case .other:
                        problems.append(.init(location: Sentence(verbatim: "\(source.file):\(cell.line):\(cell.column)"),
                            message: "'\(cell.value)' in column '\(option.header)' is neither a ticked box (1, Checked) nor an empty one (0, Unchecked)"))
                    }
                }
                let first = group.options[0].column
                if chosen.count > 1 {
                    let code = respondent.flatMap { $0 < record.fields.count ? record.fields[$0].value : nil }
                    let boxes = chosen.map { "'\($0.option.shown)'" }.joined(separator: ", ")
                    let cell = chosen[1].cell
                    problems.append(.init(location: Sentence(verbatim: "\(source.file):\(cell.line):\(cell.column)"),
                        message: code.map { "participant \($0) ticked \(boxes) of '\(group.text ?? group.name)', but item \(item.number) of \(definition.id) takes one choice" }
                            ?? "\(boxes) of '\(group.text ?? group.name)' are ticked, but item \(item.number) of \(definition.id) takes one choice"))
                }
                if let one = chosen.first {
                    fields.append(Field(value: one.key, line: one.cell.line, column: one.cell.column))
                } else {
                    fields.append(Field(value: "", line: record.line, column: first < record.fields.count ? record.fields[first].column : oldHeader[first].column))
                }
            }
            rows.append(Record(fields: fields, line: record.line))
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        func moved(_ index: Int?) -> Int? { index.flatMap { old in from.firstIndex(of: old) } }
        var table = self
        table.source = MemoryTable(file: source.file, header: header, records: rows)
        table.names = names
        table.respondent = moved(respondent)
        table.submitted = moved(submitted)
        table.started = moved(started)
        table.joinedColumns = Set(joinAt.indices.filter { joinAt[$0] != nil })
        table.checkboxes = checkboxes.filter { group in !joins.contains { $0.group == group } }.map { group in
            var group = group
            group.options = group.options.compactMap { option in moved(option.column).map { CheckboxOption(column: $0, code: option.code, label: option.label, header: option.header) } }
            return group
        }
        table.loopColumns = loopColumns.compactMap { moved($0) }
        table.reading.joined += joins.map { join in
            JoinedColumns(header: join.group.text ?? join.group.name, columns: join.group.options.map(\.header))
        }
        return table
    }

    /// The file's header of each column that is one box of a checkbox question.
    var boxHeaders: [Int: String] {
        Dictionary(checkboxes.flatMap { $0.options.map { ($0.column, $0.header) } }, uniquingKeysWith: { first, _ in first })
    }

    /// How each item column that is one box of a checkbox question is read: a ticked box as the item's yes
    /// choice (or 1 on a 0–1 scale), an empty one as its no (or 0). Refuses an item that cannot hold a tick,
    /// naming the column.
    func checkboxAnswers(items: [Int: Int], definition: InstrumentDefinition) throws -> [Int: @Sendable (String) -> String] {
        var readers: [Int: @Sendable (String) -> String] = [:]
        for column in joinedColumns { readers[column] = { $0 } }
        let boxes = Set(checkboxes.flatMap { $0.options.map(\.column) })
        for (number, column) in items where boxes.contains(column) {
            guard let item = definition.item(number) else { continue }
            var pair = (yes: "1", no: "0")
            switch item.kind {
            case .choice:
                guard let choices = Checkboxes.yesNo(item) else {
                    let field = source.header[column]
                    throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(source.file):\(field.line):\(field.column)"),
                        message: "column '\(field.value)' is one box of a checkbox question, but item \(number) of \(definition.id) has no yes and no choices to read it as")])
                }
                pair = choices
            case .likert, .numeric:
                guard let range = definition.range(of: item), range.contains(0), range.contains(1) else {
                    let field = source.header[column]
                    throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(source.file):\(field.line):\(field.column)"),
                        message: "column '\(field.value)' is one box of a checkbox question, but item \(number) of \(definition.id) has no 0 and 1 to read it as")])
                }
            case .text:
                continue
            }
            let yes = pair.yes, no = pair.no
            readers[column] = { value in
                switch Checkboxes.tick(value) {
                case .ticked: return yes
                case .unticked: return no
                case .blank, .other: return value
                }
            }
        }
        return readers
    }
}
