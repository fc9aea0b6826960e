import Foundation
import Testing

/// The bad-input corpus under Tests/Fixtures/bad: every malformed file, for every importer, fails with a message
/// naming what and where, exits non-zero, and leaves the study exactly as it was (same `sqlite3 .dump`, same bytes).
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible {
        var file: String
        var arguments: [String]
        var expected: String
        var description: String { file }
    }

    static let folder = Repository.path("Tests/Fixtures/bad")

    static let cases: [Case] = {
        let text = (try? String(contentsOfFile: folder + "/cases.tsv", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let arguments = parts[1].split(separator: " ").map { $0 == "{f}" ? folder + "/" + parts[0] : String($0) }
            return Case(file: parts[0], arguments: arguments, expected: parts[2].replacingOccurrences(of: "\\n", with: "\n"))
        }
    }()

    @Test func theCorpusIsLargeEnough() {
        #expect(Self.cases.count >= 60)
        let importers = Set(Self.cases.map { $0.arguments.prefix(2).joined(separator: " ") })
        for importer in ["participant import", "responses import", "attempt import", "code import", "category import", "instrument add", "gaze import", "gaze media"] {
            #expect(importers.contains(importer), "\(importer) has bad inputs")
        }
    }

    /// The study every case starts from, built once and copied for each case.
    static let template: Result<String, any Error> = Result {
        let cli = try BadInputTests.build()
        return cli.path("study.sqlite")
    }

    func study() throws -> StudyCtl {
        let cli = try StudyCtl()
        try FileManager.default.copyItem(atPath: try Self.template.get(), toPath: cli.path("study.sqlite"))
        return cli
    }

    static func build() throws -> StudyCtl {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Corpus", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1", "--attr", "level=Iniciante", "--attr", "years=1"])
        try cli.succeed(["participant", "add", "P2", "--attr", "level=Avançado", "--attr", "years=5"])
        try cli.succeed(["participant", "add", "P3"])
        try cli.succeed(["task", "add", "T1", "--title", "Instalar", "--penalty", "2s"])
        try cli.succeed(["condition", "add", "setting", "--levels", "0-50,0-100"])
        try cli.succeed(["category", "add", "Categoria A", "--origin", "emergent"])
        try cli.succeed(["respond", "P1", "sus", "--answers", "4,1,5,2,5,1,4,2,3,1"])
        return cli
    }

    /// The same refusals in the study's own language (pt-BR): no English word from `ForeignWordCheck`'s list, once
    /// the file's path and the cells quoted from it are left aside.
    @Test(arguments: cases)
    func badInputIsRefusedInTheStudysLanguage(_ bad: Case) throws {
        let cli = try StudyCtl(language: nil)
        try FileManager.default.copyItem(atPath: try Self.template.get(), toPath: cli.path("study.sqlite"))
        let result = try cli.fail(bad.arguments)
        #expect(result.stderr.hasPrefix("Erro: "), "\(bad.file): \(result.stderr)")
        let said = result.stderr.replacingOccurrences(of: Self.folder + "/", with: "").replacingOccurrences(of: bad.file, with: "")
            .replacingOccurrences(of: "\"[^\"\n]*\"", with: "", options: .regularExpression)
        #expect(ForeignWordCheck.english(in: said).isEmpty, "\(bad.file): \(Set(ForeignWordCheck.english(in: said)).sorted()) in \(result.stderr)")
    }

    @Test(arguments: cases)
    func badInputIsRefusedCleanly(_ bad: Case) throws {
        let cli = try study()
        let result = try cli.fail(bad.arguments)
        #expect(result.stderr.contains(bad.expected), "\(bad.file): \(result.stderr)")
    }
}
