import ArgumentParser
import Foundation
import StudyStore
import Workspace

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: words("Open the coding workspace: code transcripts in the browser, on this computer only."),
        discussion: words("""
            Listens on 127.0.0.1 (never on the network) and prints the address to open, with a token made for this \
            run: requests without it, naming another host, or writing from another page are refused. Select words \
            in a transcript and press n (or the button) to code them: the words become the in-vivo code, in a \
            category you pick or create. Each coder types their name and sees only their own codes; the Compare tab \
            shows where coders differ, with the figures of 'studyctl codes agreement'. Every change is stored as \
            'studyctl code add' stores it, one transaction each; the command line can work on the study at the same \
            time. The session logger (/moderator) logs a test session as 'studyctl session' does, for a second \
            observer on the same study. A transcript linked to its recording ('studyctl media add … --transcript') \
            shows it above the text, and a button beside each coding plays it from where the words were said. \
            With --studies, the Across tab searches the quotes, memos, annotations and open answers of those study \
            files as 'studyctl search --studies' does, read-only. Ctrl-C stops the server.

            Example: studyctl serve --open
            """))

    @Option(help: ArgumentHelp(words("The port to listen on (default: any free port)."), valueName: "N"))
    var port: Int = 0

    @Flag(help: ArgumentHelp(words("Open the page in the default browser.")))
    var open = false

    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("Study files the Across tab searches, read-only (e.g. releases/*.sqlite)."), valueName: "files"))
    var studies: [String] = []

    @OptionGroup var study: StudyOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw Refusal("Please give --port between 1 and 65535 (or 0 for any free port).") }
    }

    func run() async throws {
        let database = try study.open()
        // Each study the Across tab reads is checked before the page opens: a wrong path is said now, not in the page.
        for path in studies where !database.isFile(path) { _ = try StudyDatabase.openForReading(at: path) }
        let server = WorkspaceServer(study: database, studies: studies)
        let token = server.token
        let shouldOpen = open
        let app = server.application(port: port) { bound in
            let url = "http://127.0.0.1:\(bound)/?token=\(token)"
            // Written straight to the descriptor: a script reading the address must not wait for a buffer to fill.
            let logger = "http://127.0.0.1:\(bound)/moderator?token=\(token)"
            FileHandle.standardOutput.write(Data((words("Coding workspace for \(database.path): \(url)") + "\n"
                                                  + words("Session logger (a second observer): \(logger)") + "\n"
                                                  + words("Press Ctrl-C to stop.") + "\n").utf8))
            if shouldOpen { Self.openInBrowser(url) }
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        say("Stopped.")
    }

    static func openInBrowser(_ url: String) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        process.arguments = [url]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        #endif
        try? process.run()
    }
}
