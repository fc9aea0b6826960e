import Foundation
import Testing

/// Names kept out of a quote export: `--redact FILE` with or without `--pseudonymise` masks the listed names in every
/// text and attribute the document prints (the quotes, their contexts, codes, categories, citations, the title), an
/// attribute marked identifying at import is never cited, and one named like a name is cited with a warning.
@Suite struct RedactedQuotesCommandTests {
    static let names = ["Margaret", "Sousa", "Joaquim", "Sam"]

    static let p1 = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        Entrevistadora: Margaret, como foi usar o aplicativo?

        00:00:05.000 --> 00:00:12.000
        P1: Achei o menu confuso no começo. O Sam me ajudou a achar a busca.

        00:00:13.000 --> 00:00:16.000
        Entrevistadora: E depois, Margaret?

        00:00:17.000 --> 00:00:22.000
        P1: Depois ficou fácil, e a Sousa da equipe gostou também.

        """

    func study() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Entrevistas com Margaret", "--language", "pt-BR"])
        try cli.write("people.csv", "participant,name,email,level\nP1,Margaret Sousa,margaret@example.org,Iniciante\nP2,Joaquim,joaquim@example.org,Avançado\n")
        let imported = try cli.succeed(["participant", "import", "people.csv", "--identifying", "email"])
        #expect(imported.contains("Identifying") && imported.contains("email"), "\(imported)")
        try cli.write("p1.vtt", Self.p1)
        try cli.succeed(["transcript", "add", "P1", "p1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "P1=P1"])
        try cli.write("p2.txt", "Joaquim aqui: a tela inicial é confusa e o Sam não soube explicar.")
        try cli.succeed(["transcript", "add", "P2", "p2.txt"])
        try cli.succeed(["category", "add", "Ajuda do Sam", "--origin", "emergent"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Achei o menu confuso no começo", "--code", "menu confuso", "--category", "Navegação"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "O Sam me ajudou a achar a busca", "--code", "Sam me ajudou", "--category", "Ajuda do Sam"])
        try cli.succeed(["code", "add", "P2", "--excerpt", "a tela inicial é confusa e o Sam não soube explicar", "--code", "tela inicial é confusa",
                         "--category", "Navegação"])
        try cli.write("names.txt", Self.names.joined(separator: "\n") + "\n")
        return cli
    }

    /// The names left in `text`, as whole words in any case.
    func leaks(_ text: String) -> [String] {
        Self.names.filter { name in text.range(of: "\\b\(name)\\b", options: [.regularExpression, .caseInsensitive]) != nil }
            + (text.contains("example.org") ? ["an e-mail"] : [])
    }

    /// Every text of a .docx or .odt: each XML part of the archive, its tags taken out.
    func archiveText(_ path: String) throws -> String {
        // unzip reads [ and ] as a pattern: [Content_Types].xml (which holds no text) is left to its listing.
        let list = try Tool.run("unzip", ["-Z1", path]).split(separator: "\n").map(String.init)
            .filter { ($0.hasSuffix(".xml") || $0.hasSuffix(".rels")) && !$0.contains("[") }
        return try list.map { try Tool.run("unzip", ["-p", path, $0]) }.joined(separator: "\n")
            .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
    }

    @Test(arguments: [false, true])
    func aRedactedQuoteExportPrintsNoneOfTheNames(pseudonymise: Bool) throws {
        let cli = try study()
        // Unredacted, the names are there (the test would see them), the identifying e-mail is not, and `name` is warned about.
        let plain = try cli.run(["export", "quotes", "plain.md", "--context", "1s"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let markdown = try String(contentsOfFile: cli.path("plain.md"), encoding: .utf8)
        #expect(Set(leaks(markdown)) == Set(Self.names), "\(markdown)")
        #expect(!markdown.contains("example.org") && !markdown.contains("email"), "an identifying attribute is never cited: \(markdown)")
        #expect(plain.stderr.contains("'name'") && plain.stderr.contains("--identifying"), "\(plain.stderr)")

        let flags = ["--redact", "names.txt", "--context", "1s"] + (pseudonymise ? ["--pseudonymise"] : [])
        for format in ["md", "html", "odt", "docx"] {
            let result = try cli.run(["export", "quotes", "quotes.\(format)"] + flags)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            let text = format == "md" || format == "html" ? try String(contentsOfFile: cli.path("quotes.\(format)"), encoding: .utf8)
                : try archiveText(cli.path("quotes.\(format)"))
            #expect(leaks(text).isEmpty, "\(format) (pseudonymise: \(pseudonymise)) prints \(leaks(text)): \(text)")
            // What is not a name stays: the quotes, the codes, the categories and the other attributes.
            #expect(text.contains("Achei o menu confuso no começo") && text.contains("Navegação") && text.contains("Iniciante"), "\(format): \(text)")
            #expect(text.contains("…]") || text.contains("…\\]"), "\(format): the masked names are marked ([…], escaped in Markdown)")
            #expect(text.contains("P1") != pseudonymise, "\(format): participant codes kept unless pseudonymised")
        }
        if let python = DocumentTools.python() {
            let script = """
                import docx, sys
                d = docx.Document(sys.argv[1])
                parts = [p.text for p in d.paragraphs]
                for t in d.tables:
                    for row in t.rows:
                        for cell in row.cells:
                            parts += [p.text for p in cell.paragraphs]
                for s in d.sections:
                    parts += [p.text for p in s.header.paragraphs] + [p.text for p in s.footer.paragraphs]
                print("\\n".join(parts))
                """
            let read = DocumentTools.run(python, ["-c", script, cli.path("quotes.docx")])
            #expect(read.status == 0)
            #expect(read.output.contains("Achei o menu confuso no começo"), "\(read.output)")
            #expect(leaks(read.output).isEmpty, "python-docx reads \(leaks(read.output)): \(read.output)")
        }
        // The study itself is untouched.
        #expect(try cli.succeed(["participant", "show", "P1"]).contains("Margaret Sousa"))
    }

    @Test func identifyingColumnsMustBeInTheFile() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "T"])
        try cli.write("people.csv", "participant,name\nP1,Ana\n")
        let failed = try cli.fail(["participant", "import", "people.csv", "--identifying", "nome"])
        #expect(failed.stderr.contains("--identifying nome") && failed.stderr.contains("'name'"), "\(failed.stderr)")
        // --key still needs --pseudonymise; --redact alone is taken.
        #expect(try cli.fail(["export", "quotes", "q.md", "--key", "k.csv"]).stderr.contains("--pseudonymise"))
    }
}
