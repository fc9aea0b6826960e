import Foundation

/// A report read back as a person sees it: markdown rendered by GitHub's renderer, HTML's text content, a LaTeX file
/// compiled and its PDF's text.
enum RenderedText {
    /// `markdown` rendered to HTML by cmark-gfm as GitHub renders it (tables, strikethrough, autolinks, the `<br>`
    /// tag let through), or nil when cmark-gfm is not installed.
    static func github(_ markdown: String) throws -> String? {
        guard let tool = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm", "/opt/homebrew/bin/cmark-gfm"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        return try run(tool, ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink"], input: Data(markdown.utf8))
    }

    /// The text content of `html`: tags left out, `<br>` as a line break, entities decoded.
    static func content(ofHTML html: String) -> String {
        var text = html.replacingOccurrences(of: "<br\\s*/?>\\n?", with: "\n", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return decodeEntities(text)
    }

    /// The names of the tags of `html` in order (`<br>` left out): the page's structure.
    static func tags(ofHTML html: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: "<(/?[a-zA-Z][a-zA-Z0-9]*)")
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]).lowercased() }
        }.filter { $0 != "br" }
    }

    static func decodeEntities(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else { out += "&"; rest = rest.dropFirst(); continue }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            var scalar: String?
            if let value = named[String(name)] {
                scalar = value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                scalar = Unicode.Scalar(code).map { String($0) }
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                scalar = Unicode.Scalar(code).map { String($0) }
            }
            if let scalar {
                out += scalar
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// Compiles `file` in `folder` with pdflatex (hyphenation off, so that a word is read back whole) and returns the
    /// PDF's text by pdftotext; nil when either is not installed. Throws with the first errors when it does not compile.
    static func pdf(_ file: String, in folder: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { return nil }
        let base = String(file.dropLast(4))
        _ = try? run("/usr/bin/pdflatex", ["-interaction=nonstopmode", "-halt-on-error",
                                           "\\AtBeginDocument{\\hyphenpenalty=10000\\exhyphenpenalty=10000}\\input{\(file)}"],
                     in: folder)
        let pdf = folder + "/" + base + ".pdf"
        guard FileManager.default.fileExists(atPath: pdf) else {
            let log = (try? String(contentsOfFile: folder + "/" + base + ".log", encoding: .utf8)) ?? ""
            let errors = log.components(separatedBy: "\n").enumerated().filter { $0.element.hasPrefix("!") }
                .prefix(3).map { index, line in ([line] + log.components(separatedBy: "\n").dropFirst(index + 1).prefix(3)).joined(separator: " ") }
            throw Failure(description: "pdflatex failed: " + errors.joined(separator: " | "))
        }
        // -layout: a line is read whole, even where a framed code point sits a little off its baseline.
        return try run("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"])
    }

    /// What pdflatex with studyctl.sty sets for `text`: line breaks and tabs as spaces, marks that draw nothing left
    /// out, every character no font here has as its code point ("U+1F600").
    static func typeset(_ text: String, unset: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFE0E, 0xFE0F, 0xFEFF: continue
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: out += " "
            default: out += unset(scalar) ? "U+" + String(format: "%04X", scalar.value) : String(scalar)
            }
        }
        return out
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ tool: String, _ arguments: [String], input: Data? = nil, in folder: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rendered-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        if let input {
            let inputFile = output.appendingPathExtension("in")
            try input.write(to: inputFile)
            defer { try? FileManager.default.removeItem(at: inputFile) }
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            try process.run()
            process.waitUntilExit()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try handle.close()
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}

extension String {
    /// The text without any whitespace: for comparing text a renderer may have wrapped or spaced differently.
    var withoutWhitespace: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// Every line break (LF, CR LF, CR, U+2028…) as one LF.
    var withLineFeeds: String {
        var out = String.UnicodeScalarView()
        let scalars = Array(unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n": continue
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: out.append("\n")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
