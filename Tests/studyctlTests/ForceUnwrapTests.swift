import Foundation
import Testing

/// Force unwraps in the sources are few and each says why it is safe. Read from the sources as text (nothing is
/// built), like `LayerTests`.
///
/// The rule, applied to each file after its comments (`//…`, nested `/* … */`) and the text of its string literals
/// (`"…"`, `"""…"""`, raw `#"…"#` with any number of `#`) are blanked out — an interpolation's code (`"\(x!)"`) is
/// kept, so it counts — is the regex `(?<=[A-Za-z0-9_)\]}>])!(?!=)`: a `!` right after an identifier character or a
/// closing bracket or `>`, not followed by `=`. That is every postfix `!` — a force unwrap (`x!`, `dict[k]!`, `f()!`),
/// `try!`, `as!` and an implicitly unwrapped type (`T!`, `Pointer<T>!`) — and never `!=` or `!==`, nor a negation
/// (`!flag`, `!(a)`, `&& !b`: its `!` follows a space or an opening bracket), nor a `!` inside a string or a comment.
/// It is conservative: `a!=b` written without spaces is `!=` to Swift too, and a force unwrap split from its operand
/// by a space is not Swift.
@Suite struct ForceUnwrapTests {
    /// At most this many postfix `!` in Sources/, each with a comment on its line naming the invariant that makes it safe.
    static let allowed = 11

    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// `text` with comments and the text of string literals replaced by spaces (newlines kept, so lines keep their
    /// numbers), and interpolated code kept.
    static func code(_ text: String) -> [UInt8] {
        let s = Array(text.utf8)
        var out = s
        enum Context { case code(depth: Int), string(triple: Bool, hashes: Int) }
        var stack: [Context] = [.code(depth: 0)]
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "("), close = UInt8(ascii: ")"), newline = UInt8(ascii: "\n")
        func blank(_ range: Range<Int>) { for k in range.clamped(to: 0..<s.count) where out[k] != newline { out[k] = UInt8(ascii: " ") } }
        func at(_ k: Int, _ pattern: [UInt8]) -> Bool { k + pattern.count <= s.count && s[k..<k + pattern.count].elementsEqual(pattern) }
        var i = 0
        while i < s.count {
            guard let context = stack.last else { break }
            switch context {
            case let .code(depth):
                if at(i, [slash, slash]) {
                    let end = s[i...].firstIndex(of: newline) ?? s.count
                    blank(i..<end)
                    i = end
                } else if at(i, [slash, star]) {
                    var j = i, level = 0
                    repeat {
                        if at(j, [slash, star]) { level += 1; j += 2 } else if at(j, [star, slash]) { level -= 1; j += 2 } else { j += 1 }
                    } while level > 0 && j < s.count
                    blank(i..<j)
                    i = j
                } else {
                    var hashes = 0
                    while i + hashes < s.count && s[i + hashes] == hash { hashes += 1 }
                    if i + hashes < s.count && s[i + hashes] == quote {
                        let triple = at(i + hashes, [quote, quote, quote])
                        let length = hashes + (triple ? 3 : 1)
                        blank(i..<i + length)
                        i += length
                        stack.append(.string(triple: triple, hashes: hashes))
                        continue
                    }
                    if s[i] == open {
                        stack[stack.count - 1] = .code(depth: depth + 1)
                    } else if s[i] == close {
                        if depth == 0 && stack.count > 1 {
                            blank(i..<i + 1)  // the end of an interpolation: back into its string
                            stack.removeLast()
                            i += 1
                            continue
                        }
                        stack[stack.count - 1] = .code(depth: depth - 1)
                    }
                    i += max(1, hashes)
                }
            case let .string(triple, hashes):
                let closing = Array(repeating: quote, count: triple ? 3 : 1) + Array(repeating: hash, count: hashes)
                if at(i, closing) {
                    blank(i..<i + closing.count)
                    i += closing.count
                    stack.removeLast()
                } else if s[i] == backslash && at(i + 1, Array(repeating: hash, count: hashes)) {
                    let after = i + 1 + hashes
                    blank(i..<after + 1)
                    if after < s.count && s[after] == open { stack.append(.code(depth: 0)) }
                    i = after + 1
                } else {
                    blank(i..<i + 1)
                    i += 1
                }
            }
        }
        return out
    }

    /// The postfix `!` of `text`, by line number (1-based), as the rule above finds them.
    static func forceUnwraps(_ text: String) -> [Int] {
        let bytes = code(text)
        let before = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_)]}>".utf8)
        var lines: [Int] = []
        var line = 1
        for (k, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") { line += 1; continue }
            guard byte == UInt8(ascii: "!"), k > 0, before.contains(bytes[k - 1]) else { continue }
            if k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "=") { continue }
            lines.append(line)
        }
        return lines
    }

    @Test func theRuleCountsPostfixBangsOnly() {
        let counted: [(String, Int)] = [
            ("let a = x!", 1), ("let b = dict[key]!.value", 1), ("let c = try! f()", 1), ("let d = y as! Int", 1),
            ("var e: UnsafeMutablePointer<T>!", 1), ("let f = g()!", 1), ("print(\"\\(x!) and \\(y!)\")", 2),
            ("if a != b {}", 0), ("if a !== b {}", 0), ("if !flag && !(a) {}", 0), ("let s = \"Hello!\"", 0),
            ("let r = #\"a!\"# + #\"\\#(z!)\"#", 1), ("// x! in a comment", 0), ("/* y! /* nested z! */ */ let w = 1", 0),
            ("let t = \"\"\"\n  wow!\n  \\(q!)\n  \"\"\"", 1), ("let u = \"\\\"!\" + v!", 1), ("#if !os(Linux)\n#endif", 0),
        ]
        for (source, expected) in counted {
            #expect(Self.forceUnwraps(source).count == expected, "\(source)")
        }
        #expect(Self.forceUnwraps("let a = 1\nlet b = c!\n\"\"\"\n!\n\"\"\"\nd!") == [2, 6])
    }

    @Test func fewForceUnwrapsRemainEachWithItsInvariant() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "Sources/ was not read: \(files.count) Swift files")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in Self.forceUnwraps(text) {
                let source = lines[line - 1].trimmingCharacters(in: .whitespaces)
                found.append("Sources/\(file):\(line): \(source)")
                #expect(source.contains("//"), "Sources/\(file):\(line) force-unwraps without a comment beside it naming why it is safe: \(source)")
            }
        }
        #expect(found.count <= Self.allowed, """
            \(found.count) force unwraps in Sources/ (at most \(Self.allowed)): replace the new ones with a guard that throws an error \
            naming the thing, a `??` with a correct default, or a restructuring:
            \(found.joined(separator: "\n"))
            """)
    }
}
