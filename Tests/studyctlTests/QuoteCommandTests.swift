import Foundation
import Testing

/// Quote retrieval, passage co-occurrence, word counts and the quotes export, through the binary, on the UITracking
/// study with one transcript with turns (P1's).
@Suite struct QuoteCommandTests {
    static let p1 = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        Entrevistadora: Como foi usar o UITracking?

        00:00:05.000 --> 00:00:15.000
        P1: Olha, senti falta de mais documentação do EyeTrackingView. UIKit me complicou demais, e não entendi bem o evento.

        00:00:16.000 --> 00:00:18.000
        Entrevistadora: E o que mais?

        00:00:19.000 --> 00:00:30.000
        P1: Seria bom traduzir a documentação para português.

        """

    func study(language: String? = "en") throws -> StudyCtl {
        let cli = try StudyCtl(language: language)
        let data = Repository.path("datasets/uitracking")
        try cli.succeed(["init", "--title", "UITracking", "--language", "pt-BR"])
        try cli.succeed(["participant", "import", data + "/participants.csv"])
        try cli.succeed(["participant", "derive", "level", "--from", "years_ios", "--rule", "<2:Iniciante,<=3:Intermediário,>3:Avançado", "--replace"])
        try cli.succeed(["category", "import", data + "/categories.csv"])
        try cli.succeed(["code", "import", data + "/coded_excerpts.csv", "--coder", "Autora"])
        try cli.write("p1.vtt", Self.p1)
        try cli.succeed(["transcript", "add", "P1", "p1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "P1=P1"])
        // A passage across two coded ones: it overlaps "senti falta…" and "UIKit me complicou demais".
        try cli.succeed(["code", "add", "P1", "--excerpt", "documentação do EyeTrackingView. UIKit me complicou", "--code", "EyeTrackingView",
                         "--category", "Exemplos de códigos e vídeos", "--coder", "Autora"])
        return cli
    }

    @Test func listsQuotesOfACategoryForOneLevelWithTheSentencesAround() throws {
        let cli = try study()
        let out = try cli.succeed(["code", "list", "--category", "Informações Insuficientes", "--where", "level=Iniciante", "--context", "1s"])
        #expect(out.contains("== Informações Insuficientes =="), "\(out)")
        #expect(out.contains("Olha, «senti falta de mais documentação do EyeTrackingView». UIKit me complicou demais, e não entendi bem o evento."), "\(out)")
        #expect(out.contains("«Não deu pra entender necessariamente que é pra empilhar verticalmente»"), "P2 has no transcript: the excerpt alone")
        #expect(!out.contains("P9"), "advanced participants are left out")
        #expect(out.contains("Coded passages: 5; participants: 2 (category: Informações Insuficientes; level: Iniciante)."), "\(out)")
        let words = try cli.succeed(["code", "list", "--category", "Informações Insuficientes", "--participant", "P1", "--context", "2"])
        #expect(words.contains("Olha, «senti falta de mais documentação do EyeTrackingView». UIKit me …"), "\(words)")
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--where", "level=Iniciante", "--context", "3w", "--json"]).utf8)) as! [String: Any]
        let book = json["quotes"] as! [String: Any]
        #expect(book["participants"] as? Int == 2)
    }

    @Test func allOfAndNoneOfSelectOverlappingPassagesNotParticipants() throws {
        let cli = try study()
        let both = try cli.succeed(["code", "list", "--category", "Informações Insuficientes", "--all-of", "Informações Insuficientes,Exemplos de códigos e vídeos"])
        #expect(both.contains("«senti falta de mais documentação do EyeTrackingView»"))
        #expect(both.contains("Coded passages: 1; participants: 1"), "\(both)")
        // P2 raised both categories, in separate answers: not a passage coded both.
        #expect(!both.contains("P2"))
        let without = try cli.succeed(["code", "list", "--category", "Informações Insuficientes", "--where", "level=Iniciante",
                                       "--none-of", "Exemplos de códigos e vídeos"])
        #expect(!without.contains("senti falta") && without.contains("traduzir a documentação para português"))
        #expect(without.contains("Coded passages: 4; participants: 2"), "\(without)")
        let unknown = try cli.fail(["code", "list", "--all-of", "Informações,Exemplos"])
        #expect(unknown.stderr.contains("No category 'Informações' in the codebook (categories: Capacidades da API,"), "\(unknown.stderr)")
        let attribute = try cli.fail(["code", "list", "--where", "nivel=Iniciante"])
        #expect(attribute.stderr.contains("No participant attribute 'nivel' (attributes: level, years_experience, years_ios)."), "\(attribute.stderr)")
        #expect(try cli.fail(["code", "list", "--context", "3x"]).stderr.contains("--context"))
    }

    @Test func cooccurrenceByPassagesWithinWordsAndTurns() throws {
        let cli = try study()
        func matrix(_ extra: [String]) throws -> [String: [String: Int]] {
            let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "cooccur", "--json"] + extra).utf8)) as! [String: Any]
            let categories = json["categories"] as! [String]
            let rows = try #require((json["passages"] as? [[Int]]) ?? (json["participants"] as? [[Int]]), "\(json)")
            var result: [String: [String: Int]] = [:]
            for (a, row) in zip(categories, rows) { for (b, n) in zip(categories, row) { result[a, default: [:]][b] = n } }
            return result
        }
        let people = try matrix([])
        // datasets/uitracking/coded_excerpts.csv: P1, P2, P4, P7 and P8 raised both (in separate answers).
        #expect(people["Informações Insuficientes"]?["Experiência em iOS"] == 5, "P1, P2, P4, P7 and P8 raised both")
        let overlap = try matrix(["--overlap"])
        #expect(overlap["Informações Insuficientes"]?["Exemplos de códigos e vídeos"] == 1)
        #expect(overlap["Informações Insuficientes"]?["Experiência em iOS"] == 0)
        #expect(overlap["Exemplos de códigos e vídeos"]?["Experiência em iOS"] == 1)
        #expect(overlap["Informações Insuficientes"]?["Informações Insuficientes"] == 18)
        // "…EyeTrackingView." and "UIKit me complicou demais" touch (0 words apart); "o evento" lies 1 word ("e") further.
        let within0 = try matrix(["--within", "0"])
        #expect(within0["Informações Insuficientes"]?["Experiência em iOS"] == 1)
        #expect(within0["Informações Insuficientes"]?["Conceitualização"] == 0)
        let within5 = try matrix(["--within", "5"])
        #expect(within5["Informações Insuficientes"]?["Conceitualização"] == 1)
        // One turn holds "senti falta…", "UIKit…" and "não entendi bem o evento"; "traduzir…" is in the next turn.
        let turn = try matrix(["--same-turn"])
        #expect(turn["Informações Insuficientes"]?["Conceitualização"] == 1 && turn["Experiência em iOS"]?["Conceitualização"] == 1)
        let text = try cli.succeed(["codes", "cooccur", "--within", "5"])
        #expect(text.contains("lie at most 5 words apart in one transcript"), "\(text)")
        #expect(try cli.fail(["codes", "cooccur", "--within", "3", "--same-turn"]).stderr.contains("Please give one of --overlap, --within and --same-turn."))
    }

    @Test func wordFrequenciesInPortugueseWithAFigure() throws {
        let cli = try study(language: nil)
        let out = try cli.succeed(["codes", "words", "--category", "Informações Insuficientes", "--by", "level", "--top", "5", "--figure", "palavras.png"])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("documentação ") }, "\(out)")
        #expect(out.hasPrefix("Palavra"), "\(out)")
        // The groups in the derivation rule's order, not alphabetical.
        #expect(out.contains("level: Iniciante  level: Intermediário  level: Avançado"), "\(out)")
        for stop in ["de", "que", "a", "o", "não", "e"] { #expect(!lines.contains { $0.hasPrefix(stop + " ") }, "stop word \(stop) is left out") }
        // The 18 excerpts coded Informações Insuficientes in datasets/uitracking/coded_excerpts.csv.
        #expect(out.contains("palavras contadas em 18 trechos codificados"), "\(out)")
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("palavras.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "words", "--transcripts", "--json"]).utf8)) as! [String: Any]
        let rows = json["rows"] as! [[String: Any]]
        #expect(rows.contains { $0["word"] as? String == "eyetrackingview" })
        #expect(!rows.contains { $0["word"] as? String == "uitracking" }, "the moderator's words are left out")
        #expect(try cli.fail(["codes", "words", "--by", "nivel"]).stderr.contains("nivel"))
    }

    @Test func exportsQuotesAsMarkdownHtmlDocxAndOdtInTheStudysStyle() throws {
        let cli = try study()
        let filter = ["--category", "Informações Insuficientes", "--where", "level=Iniciante"]
        try cli.succeed(["export", "quotes", "q.md"] + filter)
        let markdown = try String(contentsOfFile: cli.path("q.md"), encoding: .utf8)
        // Attributes read by their labels: unlabelled, a name without its underscores.
        #expect(markdown.contains("“senti falta de mais documentação do EyeTrackingView” (P1; level: Iniciante; years experience: 2; years ios: 0,5)"), "\(markdown)")
        try cli.succeed(["participant", "attribute", "label", "years_experience", "anos de experiência"])
        try cli.succeed(["participant", "attribute", "label", "level", "nível", "--value", "Iniciante", "iniciante (menos de 2 anos)"])
        try cli.succeed(["export", "quotes", "labelled.md"] + filter)
        let labelled = try String(contentsOfFile: cli.path("labelled.md"), encoding: .utf8)
        #expect(labelled.contains("(P1; nível: iniciante (menos de 2 anos); anos de experiência: 2; years ios: 0,5)"), "\(labelled)")
        #expect(labelled.contains("nível: iniciante (menos de 2 anos))."), "the selection names the attribute by its label: \(labelled.prefix(400))")
        #expect(markdown.contains("ABNT NBR 10520"))
        #expect(markdown.contains("Olha, **senti falta de mais documentação do EyeTrackingView**. UIKit me complicou demais"))
        // Existing files are kept unless --force; a bad extension is refused before anything is read.
        #expect(try cli.fail(["export", "quotes", "q.md"] + filter).stderr.contains("already exists"))
        #expect(try cli.fail(["export", "quotes", "q.pdf"]).stderr.contains("'q.pdf' is none of them"))
        try cli.succeed(["export", "quotes", "q.html"] + filter)
        #expect(try String(contentsOfFile: cli.path("q.html"), encoding: .utf8).contains("<b>senti falta de mais documentação do EyeTrackingView</b>"))
        try cli.succeed(["export", "quotes", "q.docx"] + filter)
        try cli.succeed(["export", "quotes", "q.odt"] + filter)
        let quotes = ["traduzir a documentação para português", "deixar claro que UITracking é o nome da tua ferramenta",
                      "o que é preciso para funcionar, por exemplo macos, dispositivos", "senti falta de mais documentação do EyeTrackingView",
                      "Não deu pra entender necessariamente que é pra empilhar verticalmente"]
        if let python = DocumentTools.python() {
            let text = DocumentTools.run(python, ["-c", "import docx,sys\nd=docx.Document(sys.argv[1])\nprint('\\n'.join(p.text for p in d.paragraphs))", cli.path("q.docx")]).output
            for quote in quotes { #expect(text.contains("“\(quote)”"), "\(quote) in \(text)") }
            #expect(text.contains("Olha, senti falta de mais documentação do EyeTrackingView. UIKit me complicou demais, e não entendi bem o evento."))
        }
        if let soffice = Tool.locate("soffice") {
            for name in ["q.docx", "q.odt"] {
                DocumentTools.run(soffice, ["--headless", "-env:UserInstallation=file://" + cli.path("lo-profile"), "--convert-to", "pdf", "--outdir", cli.path("pdf"), cli.path(name)])
                let pdf = cli.path("pdf/q.pdf")
                #expect(FileManager.default.fileExists(atPath: pdf), "LibreOffice converted \(name)")
                try? FileManager.default.moveItem(atPath: pdf, toPath: cli.path("pdf/" + name + ".pdf"))
                if let pdftotext = Tool.locate("pdftotext") {
                    let text = DocumentTools.run(pdftotext, [cli.path("pdf/" + name + ".pdf"), "-"]).output
                    #expect(text.contains("EyeTrackingView"), "\(name): \(text)")
                }
            }
        } else {
            NeededTool.missing("soffice (libreoffice-writer-nogui)", skips: "LibreOffice's conversion of the quotes")
        }
    }

    @Test func longQuotesAreBlocksInABNTAndAPA() throws {
        let cli = try study()
        let long = "eu abri a documentação e procurei um exemplo que mostrasse como ligar o rastreamento do olhar a um botão comum, mas cada página levava a outra e nenhuma mostrava o código inteiro, então acabei copiando pedaços de vários lugares e testando até funcionar"
        try cli.succeed(["code", "add", "P3", "--excerpt", long, "--code", "procurei um exemplo", "--category", "Exemplos de códigos e vídeos"])
        try cli.succeed(["export", "quotes", "abnt.md", "--participant", "P3", "--category", "Exemplos de códigos e vídeos"])
        let abnt = try String(contentsOfFile: cli.path("abnt.md"), encoding: .utf8)
        #expect(abnt.contains("> " + long + " (P3;"), "over three lines: a block without quotation marks")
        try cli.succeed(["export", "quotes", "abnt.docx", "--participant", "P3", "--category", "Exemplos de códigos e vídeos"])
        if let python = DocumentTools.python() {
            // The block as Word reads it: indented 4 cm, in 10 pt type, without quotation marks.
            let script = """
                import docx,sys
                for p in docx.Document(sys.argv[1]).paragraphs:
                    if p.text.startswith(sys.argv[2]):
                        print(round(p.paragraph_format.left_indent.cm, 2), p.runs[0].font.size.pt, p.text[0])
                """
            let block = DocumentTools.run(python, ["-c", script, cli.path("abnt.docx"), String(long.prefix(30))]).output
            #expect(block == "4.0 10.0 e\n", "\(block)")
        }
        let en = try StudyCtl()
        try en.succeed(["init", "--title", "Study", "--language", "en"])
        try en.succeed(["participant", "add", "P1"])
        try en.succeed(["category", "add", "Docs", "--origin", "emergent"])
        let short = "the docs were fine"
        let forty = (1...40).map { "word\($0)" }.joined(separator: " ")
        try en.succeed(["code", "add", "P1", "--excerpt", short, "--code", "fine", "--category", "Docs"])
        try en.succeed(["code", "add", "P1", "--excerpt", forty, "--code", "word1", "--category", "Docs"])
        try en.succeed(["export", "quotes", "apa.md"])
        let apa = try String(contentsOfFile: en.path("apa.md"), encoding: .utf8)
        #expect(apa.contains("“the docs were fine” (P1)") && apa.contains("> " + forty + " (P1)") && apa.contains("APA"), "\(apa)")
    }

    @Test func reportCarriesEveryQuoteInAnAppendix() throws {
        let cli = try study(language: nil)
        try cli.succeed(["report", "--by", "level", "--quotes", "all", "-o", "r"])
        let report = try String(contentsOfFile: cli.path("r/report.md"), encoding: .utf8)
        #expect(report.contains("Todas as citações por categoria"), "\(report.suffix(3000))")
        #expect(report.contains("“não entendi muito bem o commandBus não”"))
        #expect(report.contains("“UIKit me complicou demais”"))
        try cli.succeed(["report", "-o", "r3"])
        #expect(!(try String(contentsOfFile: cli.path("r3/report.md"), encoding: .utf8)).contains("Todas as citações por categoria"))
    }

    // MARK: - The UITracking demo: transcripts with speaker labels and no turns, coded by two coders

    static func demo() throws -> (StudyCtl, [String]) {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "demo"])
        return (cli, ["--db", "demo/uitracking/uitracking.sqlite"])
    }

    static func words(_ cli: StudyCtl, _ arguments: [String]) throws -> [String: Int] {
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["codes", "words", "--json", "--top", "500"] + arguments).utf8)) as! [String: Any]
        let rows = json["rows"] as! [[String: Any]]
        return Dictionary(rows.map { ($0["word"] as! String, $0["count"] as! Int) }, uniquingKeysWith: { a, _ in a })
    }

    /// Word counts of the transcripts leave out the lines the speaker labels give the moderator, and the labels
    /// themselves, by the rule the IRaMuTeQ corpus follows.
    @Test func transcriptWordsLeaveOutTheLabelledModeratorLinesAsTheCorpusDoes() throws {
        let (cli, db) = try Self.demo()
        let counts = try Self.words(cli, ["--transcripts"] + db)
        #expect(counts["entrevistadora"] == nil, "\(counts.sorted { $0.value > $1.value }.prefix(5))")
        #expect(counts["percebeu"] == nil, "a moderator's question word")
        #expect(counts["p1"] == nil && counts["p9"] == nil, "the participants' labels are no words of theirs")
        #expect(counts["eyetrackingview"] == 4)
        // The corpus leaves out the same lines: its participants' words are the ones counted.
        let out = try cli.run(["export", "iramuteq", "corpus.txt"] + db)
        #expect(out.stderr.contains("59"), "\(out.stderr)")
        let corpus = try String(contentsOfFile: cli.path("corpus.txt"), encoding: .utf8).lowercased()
        #expect(!corpus.contains("entrevistadora") && !corpus.contains("percebeu"))
    }

    /// A word inside nested or overlapping coded excerpts is one spoken word: counted once.
    @Test func codedWordsCountEachSpokenWordOnceWhereExcerptsNest() throws {
        let (cli, db) = try Self.demo()
        #expect(try Self.words(cli, db)["eyetrackingview"] == 4)
        try cli.succeed(["transcript", "search", "EyeTrackingView", "--code", "Informações Insuficientes"] + db)
        #expect(try Self.words(cli, ["--transcripts"] + db)["eyetrackingview"] == 4)
        #expect(try Self.words(cli, db)["eyetrackingview"] == 4, "the new codes nest in or overlap coded excerpts")
        #expect(try Self.words(cli, ["--category", "Informações Insuficientes"] + db)["eyetrackingview"] == 4)
    }

    /// Two coders' codes on the same words are one quote naming both coders; --coder keeps one coder's.
    @Test func quotesOfTwoCodersAreOneQuotePerPassage() throws {
        let (cli, db) = try Self.demo()
        let filter = ["--category", "Informações Insuficientes"]
        try cli.succeed(["export", "quotes", "q.md"] + filter + db)
        let markdown = try String(contentsOfFile: cli.path("q.md"), encoding: .utf8)
        let heading = try #require(markdown.components(separatedBy: "\n").first { $0.hasPrefix("## Informações Insuficientes") || $0.hasPrefix("### Informações Insuficientes") })
        let passages = try #require(markdown.firstMatch(of: /Trechos codificados: (\d+)/)?.1).description
        #expect(heading.contains("(\(passages) citações)"), "\(heading) / \(passages)")
        #expect(markdown.contains("codificadores: Autora, Revisor (as mesmas palavras, codificadas por cada um)"), "\(markdown)")
        try cli.succeed(["export", "quotes", "a.md", "--coder", "Autora"] + filter + db)
        let one = try String(contentsOfFile: cli.path("a.md"), encoding: .utf8)
        #expect(!one.contains("Revisor") && one.contains("codificador: Autora"))
        let own = try #require(one.firstMatch(of: /Trechos codificados: (\d+)/)?.1).description
        #expect(one.contains("(\(own) citações)"), "one quote per passage of the coder's")
        let listing = try cli.succeed(["code", "list", "--context", "0"] + filter + db)
        #expect(listing.contains("[Autora, Revisor]"), "\(listing)")
        #expect(listing.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.count == Int(passages))
    }
}

/// python-docx in a venv under .build, made when missing; nil (the reason printed) where it cannot be installed.
enum DocumentTools {
    static func python() -> String? {
        let venv = Repository.path(".build/docx-venv")
        let python = venv + "/bin/python"
        if run(python, ["-c", "import docx"]).status == 0 { return python }
        guard let python3 = Tool.locate("python3"), run(python3, ["-m", "venv", venv]).status == 0,
              run(venv + "/bin/pip", ["install", "--quiet", "python-docx"]).status == 0 else {
            print("python-docx check skipped: python-docx could not be installed from PyPI into \(venv)")
            return nil
        }
        return python
    }

    /// Runs a program by its path; its exit status and standard output (a program that cannot start: status -1).
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("doc-tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        guard let handle = try? FileHandle(forWritingTo: out) else { return (-1, "") }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "") }
        process.waitUntilExit()
        try? handle.close()
        return (process.terminationStatus, String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self))
    }
}
