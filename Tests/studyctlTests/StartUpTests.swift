import Foundation
import Testing

/// What a command loads before it starts: on Linux x86_64 the drawing, workbook, statistics-file, JPEG and XML libraries come in only
/// when a command first calls them (LazyLibraries), which the dynamic loader's own account (LD_DEBUG=files) shows.
@Suite struct StartUpTests {
    /// The libraries the loader maps while `arguments` run, by the file names it prints.
    func loaded(_ cli: StudyCtl, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        let result = try cli.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "studyctl \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
        var names = Set<String>()
        for line in result.stderr.split(separator: "\n") {
            guard let start = line.range(of: "file=")?.upperBound else { continue }
            let name = line[start...].prefix { $0 != " " && $0 != "[" }
            if let stem = ["libcairo", "libxlsxwriter", "libreadstat", "libjpeg", "libxml2"].first(where: { name.hasPrefix($0 + ".") }) {
                names.insert(stem)
            }
        }
        return names
    }

    /// Whether the release links its libraries to load on first use (Linux x86_64 only).
    static let lazyLoading: Bool = {
        #if os(Linux) && arch(x86_64)
        return true
        #else
        return false
        #endif
    }()

    @Test(.enabled(if: StartUpTests.lazyLoading, "libraries are loaded on first use only on Linux x86_64"))
    func drawingWorkbookAndXMLLibrariesLoadOnlyInTheCommandsThatCallThem() throws {
        #if os(Linux) && arch(x86_64)
        let cli = try StudyCtl()
        let data = Repository.path("datasets/uitracking")
        try cli.succeed(["init", "--title", "UITracking", "--language", "pt-BR"])
        try cli.succeed(["participant", "import", data + "/participants.csv"])
        try cli.succeed(["category", "import", data + "/categories.csv"])
        try cli.succeed(["code", "import", data + "/coded_excerpts.csv", "--coder", "Autora"])
        // A debug build links Foundation's libraries as shared objects, and libFoundationXML.so needs libxml2 itself;
        // the static release build (make bench, make install) has libxml2 behind a stub too.
        let xmlLinked = try loaded(cli, ["--version"]).contains("libxml2")
        let base: Set<String> = xmlLinked ? ["libxml2"] : []

        #expect(try loaded(cli, ["--version"]) == base)
        #expect(try loaded(cli, ["status"]) == base)
        #expect(try loaded(cli, ["codes", "freq"]) == base)
        #expect(try loaded(cli, ["codes", "discovery", "--figure", "discovery.png"]) == base.union(["libcairo"]))
        let png = try Data(contentsOf: URL(fileURLWithPath: cli.path("discovery.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "Cairo, loaded on first call, drew the figure")
        #expect(try loaded(cli, ["export", "xlsx", "study.xlsx"]).isSuperset(of: ["libxlsxwriter"]))
        #expect(try loaded(cli, ["export", "qdpx", "study.qdpx"]) == base.union(["libxml2"]))
        // ReadStat only for the SPSS and Stata files; the IRaMuTeQ corpus is plain text.
        #expect(try loaded(cli, ["export", "sav", "study.sav"]) == base.union(["libreadstat"]))
        #expect(try loaded(cli, ["export", "dta", "study.dta"]) == base.union(["libreadstat"]))
        let imported = try StudyCtl()
        try imported.succeed(["init", "--title", "Importado"])
        #expect(try loaded(imported, ["import", "qdpx", cli.path("study.qdpx")]) == base.union(["libxml2"]))
        #expect(try imported.succeed(["codes", "freq"]).contains("Informações Insuficientes"), "the project read back through libxml2")
        #endif
    }

    /// A library that cannot be loaded when a command first calls it (here a broken libcairo found first on the
    /// library path) is said in the study's language, with status 70, and the figure is not left under its name.
    @Test(.enabled(if: StartUpTests.lazyLoading, "libraries are loaded on first use only on Linux x86_64"))
    func aLibraryThatCannotBeLoadedIsSaidInTheStudysLanguage() throws {
        #if os(Linux) && arch(x86_64)
        for (language, words) in [("pt-BR", "a biblioteca libcairo.so.2, que desenha as figuras, não pode ser carregada"),
                                  ("en", "the library libcairo.so.2, which draws figures, cannot be loaded")] {
            let cli = try StudyCtl(language: nil)  // the study's own language
            let data = Repository.path("datasets/uitracking")
            try cli.succeed(["init", "--title", "UITracking", "--language", language])
            try cli.succeed(["participant", "import", data + "/participants.csv"])
            try cli.succeed(["category", "import", data + "/categories.csv"])
            try cli.succeed(["code", "import", data + "/coded_excerpts.csv", "--coder", "Autora"])
            let broken = cli.folder.appendingPathComponent("broken-libraries")
            try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
            for name in ["libcairo.so.2", "libcairo.so"] {
                try cli.write("broken-libraries/" + name, "not a shared object")
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: cli.path("study.sqlite")))
            let result = try cli.run(["codes", "discovery", "--figure", "discovery.png"], environment: ["LD_LIBRARY_PATH": broken.path])
            #expect(result.status == 70)
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("study.sqlite"))) == before, "the study is as it was")
            #expect(result.stderr.contains(words), "\(language): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("discovery.png")), "no figure under its final name")
        }
        #endif
    }
}
