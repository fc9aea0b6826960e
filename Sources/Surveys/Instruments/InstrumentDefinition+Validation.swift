import Foundation
import StudyBasics
import Wording

/// Why an instrument file was refused: every problem, each naming where in the file it is.
public enum InstrumentFileError: Error, WordedError, Equatable, LocalizedError {
    case unreadable(file: String, detail: Sentence)
    case invalid(file: String, problems: [Sentence])

    public var errorDescription: String? { sentence.description }


    public var sentence: Sentence {
        switch self {
        case let .unreadable(file, detail):
            return "\(file): \(detail)"
        case let .invalid(file, problems):
            return "\(file) is not a valid instrument:\n" + Sentence.joined(problems.map { "  - \($0)" }, separator: "\n")
                + (problems.count == 1 ? "\n1 problem." : "\n\(problems.count) problems.")
        }
    }
}

extension InstrumentDefinition {
    /// Reads and validates an instrument definition (JSON), explaining every problem at once.
    public static func load(from data: Data, file: String) throws -> InstrumentDefinition {
        let definition: InstrumentDefinition
        if let syntax = JSONSyntax.problem(in: data) {
            throw InstrumentFileError.invalid(file: "\(file):\(syntax.line):\(syntax.column)", problems: [syntax.message])
        }
        do {
            definition = try JSONDecoder().decode(InstrumentDefinition.self, from: data)
        } catch let error as DecodingError {
            throw InstrumentFileError.invalid(file: file, problems: [Self.describe(error)])
        }
        let text = String(decoding: data, as: UTF8.self)
        if let problem = TextSafety.nulProblem(in: text) {
            throw InstrumentFileError.invalid(file: file, problems: ["a text in the file: \(problem)"])
        }
        if text.contains("\\u0000") {
            throw InstrumentFileError.invalid(file: file, problems: ["a text contains \\u0000 (a NUL character), which cannot be stored; remove it"])
        }
        let problems = definition.problems()
        guard problems.isEmpty else { throw InstrumentFileError.invalid(file: file, problems: problems) }
        return definition
    }

    /// Reads and validates an instrument file.
    public static func load(path: String) throws -> InstrumentDefinition {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        guard exists, !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw InstrumentFileError.unreadable(file: path, detail: !exists ? "no such file" : isFolder.boolValue ? "it is a folder, not a file" : "permission denied")
        }
        return try load(from: data, file: path)
    }

    static func describe(_ error: DecodingError) -> Sentence {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case let .keyNotFound(key, context):
            let location = path(context.codingPath)
            return location == "the top level" ? "the instrument needs a \"\(key.stringValue)\" field" : "\(location) needs a \"\(key.stringValue)\" field"
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(Self.describe(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(Self.describe(type)), found null"
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return underlying.map { "the file is not valid JSON: \(Sentence(verbatim: $0))" } ?? "the file is not valid JSON"
            }
            let field = context.codingPath.last?.stringValue ?? ""
            let allowed: String
            switch field {
            case "kind": allowed = ItemKind.allCases.map(\.rawValue).joined(separator: ", ")
            case "scoring": allowed = ScoringFormulas.ids.joined(separator: ", ")
            default: allowed = ""
            }
            // Foundation names the type and the value (Cannot initialize ItemKind from invalid String value likret): the value is what matters.
            if let range = context.debugDescription.range(of: "from invalid String value "), !allowed.isEmpty {
                let value = String(context.debugDescription[range.upperBound...])
                return "\(path(context.codingPath)): '\(value)' is not one of \(allowed)"
            }
            let detail = Sentence(verbatim: context.debugDescription)
            return allowed.isEmpty ? "\(path(context.codingPath)): \(detail)" : "\(path(context.codingPath)): \(detail) (one of: \(allowed))"
        @unknown default:
            return Sentence(verbatim: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> Sentence {
        switch type {
        case is String.Type: return "text"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "an object" : Sentence(verbatim: name)
        }
    }

    /// `^[a-z0-9][a-z0-9_-]{0,63}$`, checked by hand: every command that loads an instrument validates it, and
    /// compiling the pattern (ICU's regular expressions) was a tenth of a small import's time.
    static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...64).contains(bytes.count) else { return false }
        func alphanumeric(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        return alphanumeric(bytes[0]) && bytes.dropFirst().allSatisfy { alphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Every problem with this definition, each naming the field concerned. Empty when it is valid.
    public func problems() -> [Sentence] {
        var problems: [Sentence] = []
        if !Self.isValidID(id) {
            problems.append("id '\(id)': use lowercase letters, digits, '-' and '_' (e.g. \"my-scale\")")
        }
        if title.values.values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            problems.append("title: give the instrument a title")
        }
        problems += languageProblems(title, at: "title")
        if items.isEmpty { problems.append("items: an instrument needs at least one item") }
        for (index, item) in items.enumerated() where item.number != index + 1 {
            problems.append("items[\(index)]: items are numbered 1, 2, 3… in order; expected number \(index + 1), found \(item.number)")
            break
        }
        if let scale, scale.min > Limits.maximumScaleMagnitude || scale.min < -Limits.maximumScaleMagnitude {
            problems.append("scale.min: \(scale.min) is outside ±\(Limits.maximumScaleMagnitude); a scale starts at a small whole number such as 0 or 1")
        } else if let scale {
            if scale.points < 2 || scale.points > 11 { problems.append("scale.points: \(scale.points) points; a scale has 2 to 11") }
            for (language, labels) in scale.anchors.sorted(by: { $0.key < $1.key }) {
                if StudyLanguage(rawValue: language) == nil {
                    problems.append("scale.anchors: unknown language '\(language)'; the registered languages are \(Self.registeredLanguages)")
                }
                for point in labels.keys.sorted() {
                    guard let value = Int(point), value >= scale.min, value <= scale.max else {
                        problems.append("scale.anchors.\(language): '\(point)' is not a point of the \(scale.min)–\(scale.max) scale")
                        continue
                    }
                }
            }
        }
        for (index, item) in items.enumerated() {
            let at = "items[\(index)] (item \(item.number))"
            if item.text.values.values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                problems.append("\(at): the item has no text")
            }
            problems += languageProblems(item.text, at: "\(at).text")
            switch item.kind {
            case .likert:
                if scale == nil { problems.append("\(at): a likert item needs the instrument's \"scale\"") }
            case .numeric:
                if let min = item.min, let max = item.max {
                    let limit = Double(Limits.maximumScaleMagnitude)
                    if !(min.isFinite && max.isFinite && abs(min) <= limit && abs(max) <= limit) {
                        problems.append("\(at): min and max must lie within ±\(Limits.maximumScaleMagnitude)")
                    } else if min >= max { problems.append("\(at): min \(NumberParser.format(min)) must be below max \(NumberParser.format(max))") }
                } else {
                    problems.append("\(at): a numeric item needs \"min\" and \"max\"")
                }
            case .choice:
                let choices = item.choices ?? []
                if choices.count < 2 { problems.append("\(at): a choice item needs at least two \"choices\"") }
                var keys = Set<String>()
                for choice in choices {
                    if choice.key.isEmpty { problems.append("\(at): a choice has an empty key") }
                    if let problem = TextSafety.nameProblem(choice.key) { problems.append("\(at): choice key '\(choice.key)' cannot be stored as typed: \(problem)") }
                    if !keys.insert(choice.key.lowercased()).inserted {
                        problems.append("\(at): choice key '\(choice.key)' appears twice")
                    }
                }
            case .text:
                break
            }
            if item.reversed && !(item.kind == .likert || item.kind == .numeric) {
                problems.append("\(at): only likert and numeric items can be reversed")
            }
        }
        var subscaleIDs = Set<String>()
        for (index, subscale) in subscales.enumerated() {
            let at = "subscales[\(index)] (\(subscale.id))"
            if !subscaleIDs.insert(subscale.id).inserted { problems.append("\(at): the id appears twice") }
            if subscale.items.isEmpty { problems.append("\(at): a subscale needs items") }
            for number in subscale.items {
                guard let item = item(number) else {
                    problems.append("\(at): there is no item \(number)")
                    continue
                }
                if item.kind == .choice || item.kind == .text {
                    problems.append("\(at): item \(number) is a \(item.kind.rawValue) item and cannot be scored")
                }
            }
        }
        problems += formula.problems(of: self)
        if let norms {
            for key in norms.values.keys.sorted() where !scoreIDs.contains(key) {
                problems.append("norms.values: '\(key)' is not a score of this instrument (scores: \(scoreIDs.joined(separator: ", ")))")
            }
            if norms.source.values.values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                problems.append("norms.source: say where the norms come from")
            }
        }
        return problems
    }

    private func languageProblems(_ text: LocalizedText, at location: String) -> [Sentence] {
        text.values.keys.sorted().filter { StudyLanguage(rawValue: $0) == nil }.map {
            "\(location): unknown language '\($0)'; the registered languages are \(Self.registeredLanguages)"
        }
    }

    /// The tags of the registered languages, each quoted, in alphabetical order, for a message.
    static var registeredLanguages: String {
        StudyLanguage.allCases.map(\.rawValue).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
