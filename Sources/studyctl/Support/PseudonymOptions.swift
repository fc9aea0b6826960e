import ArgumentParser
import Foundation
import Results
import Reports
import StudyStore
import Tabular

/// `--pseudonymise` for the exports and the report: they are written from a pseudonymised copy of the study, made in
/// a temporary folder and deleted afterwards; the study itself is not touched.
struct PseudonymOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(words("Replace participant codes by stable pseudonyms, leave identifying attributes out, mask --redact names.")))
    var pseudonymise = false

    @Option(help: ArgumentHelp(words("A text file of names (one per line) to mask wherever the export prints words: transcripts, excerpts, codes, memos, annotations, attribute values, categories (with or without --pseudonymise; identifying attributes are left out too)."), valueName: "file"))
    var redact: String?

    @Option(help: ArgumentHelp(words("With --pseudonymise: also write the key (code → pseudonym) to this CSV file; keep it apart from the export."), valueName: "file.csv"))
    var key: String?

    func validate() throws {
        if !pseudonymise && key != nil { throw Refusal("--key goes with --pseudonymise.") }
    }

    /// The names to mask (`--redact`), none without it.
    func redactedNames() throws -> [String] {
        guard let redact else { return [] }
        guard let text = try? String(contentsOfFile: redact, encoding: .utf8) else {
            throw Refusal("Cannot read the names to redact from \(redact) (a UTF-8 text file, one name per line).")
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Runs `body` with the study, or with a pseudonymised or redacted copy of it.
    @discardableResult
    func withStudy<T>(_ study: StudyOptions, signOfLife: Bool = true, _ body: (StudyDatabase) throws -> T) throws -> T {
        guard pseudonymise || redact != nil else { return try study.withStudy(signOfLife: signOfLife, body) }
        let names = try redactedNames()
        let copyPath = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-pseudonymised-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copyPath + suffix) } }
        let pairs = try study.withStudy { try $0.protectedCopy(at: copyPath, pseudonymise: pseudonymise, redact: names) }
        let copy = try StudyDatabase.open(at: copyPath)
        let result = signOfLife ? try Activity.during(Message.working.text(Voice.language)) { try body(copy) } : try body(copy)
        if let key {
            let text = CSVRenderer.render(.pseudonymKey(pairs, language: Voice.language))
            // Whole or not at all under its name, and readable by its owner only.
            try AtomicOutput.file(key) { temporary in
                guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                    throw Refusal("Cannot write the key to \(key).")
                }
            }
            say("Wrote the pseudonym key to \(key) (readable by you only); keep it apart from the export.")
        }
        return result
    }
}
