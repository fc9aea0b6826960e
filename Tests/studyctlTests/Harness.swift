import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `studyctl` binary, as a user would, and captures what it prints.
struct StudyCtl {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary built beside this test bundle (or the one named by STUDYCTL_BIN).
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["STUDYCTL_BIN"] {
            return URL(fileURLWithPath: override)
        }
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("studyctl")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("studyctl")
    }()

    /// The folder the commands run in; each test gets its own.
    let folder: URL
    /// The language the command line is pinned to ($STUDYCTL_LANGUAGE): English by default, so a test reads the
    /// messages it names whatever its study's language; `nil` lets the command line speak the study's language,
    /// as the language tests (LanguageTests) check.
    let language: String?

    init(language: String? = "en") throws {
        self.language = language
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let path = path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `studyctl arguments…` in the test's folder.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "STUDYCTL_DB")
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "STUDYCTL_LANGUAGE")
        // The system's locale speaks when nothing else does: pinned, so a tester's pt_BR shell changes no test.
        for key in ["LC_ALL", "LC_MESSAGES"] { env.removeValue(forKey: key) }
        env["LANG"] = "C.UTF-8"
        if let language { env["STUDYCTL_LANGUAGE"] = language }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outURL = folder.appendingPathComponent(".out-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = folder.appendingPathComponent(".in-\(UUID().uuidString)")
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Starts `studyctl arguments…` in the test's folder without waiting, output discarded (for kill tests);
    /// kills it with `signal` after `delay` seconds when one is given, and waits for it to end.
    @discardableResult
    func runKilled(_ arguments: [String], after delay: Double?, signal: Int32 = SIGKILL) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let delay {
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, signal)
        }
        process.waitUntilExit()
        return process
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, environment: environment)
        #expect(result.status == 0, "studyctl \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs a command that must fail with a message on stderr and leave the study exactly as it was.
    @discardableResult
    func fail(_ arguments: [String], study: String = "study.sqlite", sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let before = try dump(study)
        let bytesBefore = try? Data(contentsOf: URL(fileURLWithPath: path(study)))
        let result = try run(arguments)
        #expect(result.status != 0, "expected studyctl \(arguments.joined(separator: " ")) to fail", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "a failing command prints nothing on stdout", sourceLocation: sourceLocation)
        #expect(!result.stderr.isEmpty, "a failing command says why on stderr", sourceLocation: sourceLocation)
        #expect(try dump(study) == before, "the study's contents changed", sourceLocation: sourceLocation)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: path(study)))) == bytesBefore,
                "the study file's bytes changed", sourceLocation: sourceLocation)
        return result
    }

    /// `sqlite3 FILE .dump` of a study, or "" when there is no file.
    func dump(_ study: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path(study)) else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-readonly", path(study), ".dump"]
        let outURL = folder.appendingPathComponent(".dump-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        try out.close()
        defer { try? FileManager.default.removeItem(at: outURL) }
        #expect(process.terminationStatus == 0, "sqlite3 .dump failed")
        return String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    }
}

/// The repository's folders.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

extension StudyCtl {
    /// Every read command that lists stored names and values: each must succeed, with no SQLite text on stderr; then
    /// the report and the exports are written.
    func readsSucceed(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in [["participant", "list"], ["participant", "list", "--json"], ["status"], ["task", "list"], ["condition", "list"],
                        ["codebook"], ["code", "list"], ["attempt", "list"], ["tasks", "summary"], ["check"]] {
            let result = try run(command)
            #expect(result.status == 0, "\(command.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("constraint"), "\(result.stderr)", sourceLocation: sourceLocation)
        }
        try succeed(["report", "-o", "r-\(UUID().uuidString)"], sourceLocation: sourceLocation)
        try succeed(["export", "xlsx", "x-\(UUID().uuidString).xlsx"], sourceLocation: sourceLocation)
        try succeed(["export", "csv", "c-\(UUID().uuidString)"], sourceLocation: sourceLocation)
        try succeed(["export", "qdpx", "p-\(UUID().uuidString).qdpx"], sourceLocation: sourceLocation)
    }
}

/// English words that must not appear in what a pt-BR study prints (whole words, case-insensitive), and the reverse.
/// Text that is the study's own (task keys, item wordings, attribute values) is the caller's to leave out.
enum ForeignWordCheck {
    static let englishWords: Set<String> = ["the", "and", "of", "mean", "median", "overall", "all", "group", "score", "scores", "task",
                                            "tasks", "attempts", "success", "successes", "completion", "errors", "time", "times", "table",
                                            "figure", "source", "note", "participant", "participants", "agreement", "category", "codes",
                                            "items", "norm", "grade", "continued", "result", "with", "per", "created", "study",
                                            "penalty", "error", "seconds", "geometric", "assisted", "yet", "record", "them", "file", "such", "denied", "project", "codebook"]
    static let portugueseWords: Set<String> = ["de", "da", "do", "das", "dos", "média", "mediana", "geral", "todos", "grupo", "escore",
                                               "tarefa", "tentativas", "sucessos", "conclusão", "erros", "tempo", "tabela", "figura",
                                               "fonte", "nota", "participante", "participantes", "concordância", "categoria", "códigos",
                                               "itens", "norma", "resultado", "com", "por", "estudo", "continuação", "não", "sim"]

    static func english(in text: String) -> [String] { words(text).filter(englishWords.contains) }
    static func portuguese(in text: String) -> [String] { words(text).filter(portugueseWords.contains) }

    static func words(_ text: String) -> [String] {
        // Commands quoted in a message ('studyctl attempt add') are the tool's own words in every language.
        // So are options ('--task', '--items-from'), and file names (project.qde, Codebook.xsd).
        let unquoted = text.replacingOccurrences(of: "'[^'\\n]*'", with: "", options: .regularExpression)
            .replacingOccurrences(of: "--[a-z][a-z-]*", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\b[A-Za-z_-]+\\.(xsd|qde|qdpx|qdc)\\b", with: "", options: .regularExpression)
        return unquoted.lowercased().split { !$0.isLetter }.map(String.init)
    }
}
