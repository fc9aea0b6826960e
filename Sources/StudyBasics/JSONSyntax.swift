import Wording

/// Finds the first syntax error in a JSON document (RFC 8259) with its line and column, which JSONDecoder's
/// error does not give. A small recursive-descent checker: it validates, it builds nothing.
public enum JSONSyntax {
    public struct Problem: Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: Sentence
    }

    public static func problem(in data: [UInt8]) -> Problem? {
        var checker = Checker(bytes: data)
        return checker.run()
    }

    public static func problem<D: Sequence>(in data: D) -> Problem? where D.Element == UInt8 {
        problem(in: Array(data))
    }

    private struct Failure: Error { var index: Int; var message: Sentence }

    private struct Checker {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func run() -> Problem? {
            do {
                skipSpace()
                try value()
                skipSpace()
                if index < bytes.count { throw Failure(index: index, message: "unexpected text after the end of the JSON value") }
                return nil
            } catch let failure as Failure {
                return locate(failure)
            } catch {
                return nil
            }
        }

        func locate(_ failure: Failure) -> Problem {
            var line = 1
            var column = 1
            for byte in bytes[..<min(failure.index, bytes.count)] {
                if byte == 10 { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return Problem(line: line, column: column, message: "not valid JSON: \(failure.message)")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func describeHere() -> Sentence {
            guard index < bytes.count else { return "the end of the file" }
            let byte = bytes[index]
            return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func value() throws {
            guard index < bytes.count else { throw Failure(index: index, message: "expected a value, found the end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw Failure(index: index, message: "expected a value, found \(describeHere())")
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw Failure(index: index, message: "expected a value, found \(describeHere())")
            }
            index += expected.count
        }

        mutating func number() throws {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int { let from = index; while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }; return index - from }
            guard digits() > 0 else { throw Failure(index: index, message: "a number needs digits") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Failure(index: index, message: "a decimal point needs digits after it (write 0.5, not 0.)") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw Failure(index: index, message: "an exponent needs digits") }
            }
            if index - start > 1, bytes[start] == UInt8(ascii: "0") || (bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "0")),
               let next = bytes[start...].dropFirst(bytes[start] == UInt8(ascii: "-") ? 2 : 1).first, next >= 48, next <= 57 {
                throw Failure(index: start, message: "a number cannot start with 0 (leading zeros are not JSON)")
            }
        }

        mutating func string() throws {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return }
                if byte < 0x20 {
                    throw Failure(index: index, message: byte == 10 ? "a text runs past the end of the line (a missing closing quote?)" : "a control character inside a text; write it as an escape such as \\n")
                }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        let hex = bytes[(index + 1)..<min(index + 5, bytes.count)]
                        guard hex.count == 4, hex.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }) else {
                            throw Failure(index: index - 1, message: "\\u needs four hexadecimal digits")
                        }
                        index += 5
                    default:
                        throw Failure(index: index - 1, message: "unknown escape \\\(Character(Unicode.Scalar(bytes[index]))) (write a backslash as \\\\)")
                    }
                    continue
                }
                index += 1
            }
            throw Failure(index: start, message: "a text starts here and is never closed")
        }

        mutating func object() throws {
            depth += 1
            guard depth < 512 else { throw Failure(index: index, message: "nested more than 512 levels deep") }
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw Failure(index: index, message: "expected a field name in quotes, found \(describeHere())")
                }
                try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw Failure(index: index, message: "expected ':' after the field name, found \(describeHere())")
                }
                index += 1
                skipSpace()
                try value()
                skipSpace()
                guard index < bytes.count else { throw Failure(index: index, message: "an object is never closed with '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        throw Failure(index: index, message: "a comma before '}' (remove the trailing comma)")
                    }
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return }
                throw Failure(index: index, message: "expected ',' or '}', found \(describeHere()) (a missing comma?)")
            }
        }

        mutating func array() throws {
            depth += 1
            guard depth < 512 else { throw Failure(index: index, message: "nested more than 512 levels deep") }
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return }
            while true {
                skipSpace()
                try value()
                skipSpace()
                guard index < bytes.count else { throw Failure(index: index, message: "a list is never closed with ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        throw Failure(index: index, message: "a comma before ']' (remove the trailing comma)")
                    }
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return }
                throw Failure(index: index, message: "expected ',' or ']', found \(describeHere()) (a missing comma?)")
            }
        }
    }
}
