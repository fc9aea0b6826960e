import ArgumentParser
import Foundation
import Reports
import Results
import StudyStore
import Surveys
import Wording

/// `consent add|list|show|record`: the consent text an ethics committee approved, by version, and each participant's
/// decision on it.
struct ConsentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent",
        abstract: words("Keep the consent text (the TCLE) by version, and each participant's decision on it."),
        discussion: words("""
            A consent text is stored with the SHA-256 of its words; each decision records the version, the time with \
            its offset, the hash of the text shown and how it was taken (page, paper or recorded).

            See also: studyctl participant withdraw, studyctl export consent.
            """),
        subcommands: [ConsentAdd.self, ConsentList.self, ConsentShow.self, ConsentRecordCommand.self])
}

struct ConsentAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: words("Store a consent text (Markdown or plain text) under a version."))

    @Argument(help: ArgumentHelp(words("The consent text's file (.md or .txt)."), valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(words("The version the ethics committee approved, e.g. 2."), valueName: "version"))
    var version: String

    @Option(help: ArgumentHelp(words("The title shown above it (default: its first line)."), valueName: "title"))
    var title: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            // Why, in the tool's words (Foundation's own are English only).
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
            let reason: Sentence = !exists ? "no such file" : isFolder.boolValue ? "it is a folder, not a file" : "permission denied"
            throw Refusal("Cannot read \(file): \(reason).")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw Refusal("\(file) is not UTF-8 text: save it as UTF-8 and add it again.") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw Refusal("\(file) is empty: a consent text needs its words.") }
        let heading = text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "# ")) } ?? ""
        let stored = try study.withStudy { try $0.addConsent(version: version, title: title ?? heading, text: text) }
        say("Stored consent version \(stored.version) (\(stored.title)), SHA-256 \(String(stored.sha256.prefix(12)))….")
    }
}

struct ConsentList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the consent versions and the decisions recorded under each."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let texts = try study.withStudy { try $0.consents() }
        if output.json { return try printJSON(texts, command: "consent list", key: "consents") }
        if texts.isEmpty { return say("The study holds no consent text yet; add one with 'studyctl consent add FILE --version V'.") }
        let language = Voice.language
        var table = ResultTable(id: "consents", title: "", language: language,
                                columns: [Column("version", Sentence("Version").text(language), .text), Column("title", Sentence("Title").text(language), .text),
                                          Column("agreed", Sentence("Agreed").text(language), .count), Column("declined", Sentence("Declined").text(language), .count),
                                          Column("sha256", "SHA-256", .text)])
        for text in texts { table.append([.text(text.version), .text(text.title), .count(text.agreed), .count(text.declined), .text(String(text.sha256.prefix(12)) + "…")]) }
        printListing(table)
    }
}

struct ConsentShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: words("Print a consent version's text as it was stored."))

    @Argument(help: ArgumentHelp(words("The version (default: the latest)."), valueName: "version"))
    var version: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let texts = try study.withStudy { try $0.consents() }
        guard let text = version.map({ wanted in texts.first { $0.version.caseInsensitiveCompare(wanted) == .orderedSame } }) ?? texts.last else {
            throw StoreError.unknownConsentVersion(version: version ?? "", known: texts.map(\.version))
        }
        print(text.text, terminator: text.text.hasSuffix("\n") ? "" : "\n")
    }
}

struct ConsentRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: words("Record a participant's decision on a consent version (taken on paper or recorded)."))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Flag(help: ArgumentHelp(words("The participant agreed.")))
    var agreed = false

    @Flag(help: ArgumentHelp(words("The participant declined.")))
    var declined = false

    @Option(help: ArgumentHelp(words("The consent version (default: the latest)."), valueName: "version"))
    var version: String?

    @Option(help: ArgumentHelp(words("How it was taken: paper, recorded or page (default: paper)."), valueName: "how"))
    var how: ConsentRecord.How = .paper

    @Option(help: ArgumentHelp(words("When, ISO 8601 with its offset (default: now), e.g. 2026-11-03T14:05:00-03:00."), valueName: "time"))
    var at: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if agreed && declined { throw Refusal("Please give only one of --agreed and --declined: a decision is one or the other.") }
        guard agreed || declined else { throw Refusal("Please give one of --agreed and --declined.") }
        if let at, ISO8601DateFormatter().date(from: at) == nil {
            throw Refusal("Please give --at as ISO 8601 with its offset, e.g. 2026-11-03T14:05:00-03:00: '\(at)' is not one.")
        }
    }

    func run() throws {
        let record = try study.withStudy {
            try $0.recordConsent(participant: participant, version: version, decision: agreed ? .agreed : .declined, how: how, at: at)
        }
        // How it was taken is said back, so a default the researcher did not mean is seen at once.
        let taken: Sentence
        switch how {
        case .paper: taken = "on paper"
        case .recorded: taken = "in a recording"
        case .page: taken = "on the participant screen"
        }
        say(record.decision == .agreed ? "Recorded: \(record.participant) agreed to consent version \(record.version), \(taken) (\(record.at))."
            : "Recorded: \(record.participant) declined consent version \(record.version), \(taken) (\(record.at)).")
    }
}

extension ConsentRecord.How: ExpressibleByArgument {}

struct ParticipantWithdraw: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: words("A participant withdraws: remove their data in one step (or keep it anonymised), and record the withdrawal."),
        discussion: words("""
            Removes the participant's answers, attempts, sessions, transcripts, codings, memos, annotations and \
            recording references; their turns in another participant's transcript (a focus group) are masked letter \
            for letter, so everyone else's passages keep their places. With --keep-anonymised (where the consent \
            allows it) their data stays under a new code (W1, W2, …) without their identifying attributes or speaker \
            names. The withdrawal is recorded with its date and consent version; the report's methods say it, and \
            the code cannot be imported again.
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var code: String

    @Flag(help: ArgumentHelp(words("Keep their data anonymised instead of removing it (only where the consent allows it).")))
    var keepAnonymised = false

    @Flag(help: ArgumentHelp(words("Say what would be removed, masked or kept, and change nothing.")))
    var dryRun = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let summary = try study.withStudy { try $0.withdraw(participant: code, keepAnonymised: keepAnonymised, dryRun: dryRun) }
        if output.json { return try printJSON(summary, command: "participant withdraw") }
        let record = summary.record
        let attached = summary.attached.text(Voice.language).joined(separator: ", ")
        if dryRun {
            // The same transaction, rolled back: what would happen, said as such.
            say("--dry-run: nothing was changed.")
            if let anonymised = summary.anonymisedCode {
                say("Withdrawing \(record.participant) would keep their data as \(anonymised), without their identifying attribute values (\(summary.removedIdentifying)) or speaker names.")
            } else {
                say("Withdrawing \(record.participant) would remove \(attached.isEmpty ? words("nothing attached") : attached).")
                if summary.maskedTurns > 0 { say("Turns they spoke in other participants' transcripts that would be masked: \(summary.maskedTurns).") }
                for holder in summary.handedOver { say("A transcript they hold that others speak in would become \(holder)'s.") }
                if !summary.recordingFiles.isEmpty {
                    say("The study would stop referring to their recordings:")
                    for file in summary.recordingFiles { print("  " + file) }
                }
            }
            if summary.maskedNames > 0 { say("Places where their names would be masked letter for letter: \(summary.maskedNames).") }
            return
        }
        if let anonymised = summary.anonymisedCode {
            say("\(record.participant) withdrew: their data stays as \(anonymised); identifying attribute values removed: \(summary.removedIdentifying); their speaker names became \(anonymised).")
        } else {
            say("\(record.participant) withdrew: removed \(attached.isEmpty ? words("nothing attached") : attached).")
            if summary.maskedTurns > 0 {
                say("Turns they spoke in other participants' transcripts, masked letter for letter: \(summary.maskedTurns); annotations on them removed: \(summary.removedAnnotations).")
            }
            for holder in summary.handedOver { say("A transcript they held that others speak in is now \(holder)'s.") }
            if !summary.recordingFiles.isEmpty {
                say("The study no longer refers to their recordings; the files are yours to delete:")
                for file in summary.recordingFiles { print("  " + file) }
            }
        }
        if summary.maskedNames > 0 {
            say("Their names, masked letter for letter wherever the study's texts held them (transcripts, excerpts, codes, memos, annotations): \(summary.maskedNames).")
        }
        if let anonymised = summary.anonymisedCode {
            say("Nothing in the study links \(anonymised) back to \(record.participant); keep no note of it elsewhere.")
        }
        say(record.consentVersion.map { "Recorded the withdrawal on \(record.at), under consent version \($0)." }
            ?? "Recorded the withdrawal on \(record.at) (no consent decision was recorded for them).")
    }
}

struct ParticipantWithdrawals: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "withdrawals", abstract: words("List the participants who withdrew."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let records = try study.withStudy { try $0.withdrawals() }
        if output.json { return try printJSON(records, command: "participant withdrawals", key: "withdrawals") }
        if records.isEmpty { return say("No participant has withdrawn.") }
        printListing(ConsentTables.withdrawals(records, language: Voice.language))
    }
}

struct ExportConsent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent", abstract: words("Write every consent decision and withdrawal as CSV, for the ethics committee's records."))

    @Argument(help: ArgumentHelp(words("The CSV file to write."), valueName: "file"))
    var file: String

    @Flag(help: ArgumentHelp(words("Replace a file already at that path.")))
    var force = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: file) { throw ExportXlsx.Exists(path: file) }
        let (records, withdrawals) = try study.withStudy { (try $0.consentRecords(), try $0.withdrawals()) }
        let table = ConsentTables.register(records, withdrawals: withdrawals, language: Voice.language)
        try AtomicOutput.file(file) { temporary in try Data(CSVRenderer.render(table).utf8).write(to: URL(fileURLWithPath: temporary)) }
        say(.wrote(file))
    }
}

/// The consent register and the withdrawals as tables (CSV and the terminal).
enum ConsentTables {
    static func withdrawals(_ records: [WithdrawalRecord], language: StudyLanguage) -> ResultTable {
        var scope = Column("scope", Sentence("Data").text(language), .text)
        scope.wording = ["removed": Sentence("removed").text(language), "anonymised": Sentence("kept anonymised").text(language)]
        var table = ResultTable(id: "withdrawals", title: "", language: language,
                                columns: [Column(.participant, .text, language), Column("at", Sentence("When").text(language), .text),
                                          scope,
                                          Column("consent_version", Sentence("Consent version").text(language), .text)])
        for record in records {
            table.append([.text(record.participant), .text(record.at), .text(record.scope.rawValue), Value(record.consentVersion)])
        }
        return table
    }

    /// One row per decision, then one per withdrawal (`event` says which).
    static func register(_ records: [ConsentRecord], withdrawals: [WithdrawalRecord], language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "consent", title: "", language: language,
                                columns: ["event", "participant", "version", "decision", "at", "how", "sha256", "recorded"].map {
                                    Column($0, $0, .text)
                                })
        for record in records {
            table.append([.text("consent"), .text(record.participant), .text(record.version), .text(record.decision.rawValue), .text(record.at),
                          .text(record.how.rawValue), .text(record.sha256), .text(record.recorded)])
        }
        for withdrawal in withdrawals {
            table.append([.text("withdrawal"), .text(withdrawal.participant), Value(withdrawal.consentVersion), .text(withdrawal.scope.rawValue),
                          .text(withdrawal.at), .empty, .empty, .empty])
        }
        return table
    }
}
