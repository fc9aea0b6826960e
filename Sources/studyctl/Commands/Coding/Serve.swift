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
            observer on the same study; its Open the participant screen button gives the session a link (and its QR \
            code) to a screen where the participant agrees to the study's consent text and answers the questionnaires \
            the moderator sends, stored as 'studyctl respond' stores them. A transcript linked to its recording ('studyctl media add … --transcript') \
            shows it above the text, and a button beside each coding plays it from where the words were said. \
            Ctrl-C stops the server.

            Example: studyctl serve --open
            """))

    @Option(help: ArgumentHelp(words("The port to listen on (default: any free port)."), valueName: "N"))
    var port: Int = 0

    @Flag(help: ArgumentHelp(words("Open the page in the default browser.")))
    var open = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw Refusal("Please give --port between 1 and 65535 (or 0 for any free port).") }
    }

    func run() async throws {
        let database = try study.open()
        let server = WorkspaceServer(study: database)
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
