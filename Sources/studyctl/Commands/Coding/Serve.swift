import ArgumentParser
import Foundation
import StudyStore
import Workspace

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: words("Open the coding workspace: code transcripts in the browser, on this computer only."),
        discussion: words("""
            Listens on 127.0.0.1 (never on the network but for the participant screen, with --participant-host) and \
            prints the address to open, with a token made for this run: requests without it, naming another host, or \
            writing from another page are refused. Select words in a transcript and press n (or the button) to code \
            them: the words become the in-vivo code, in a category you pick or create. Each coder types their name and \
            sees only their own codes; the Compare tab shows where coders differ, with the figures of 'studyctl codes \
            agreement'. Every change is stored as 'studyctl code add' stores it, one transaction each; the command line \
            can work on the study at the same time. The session logger (/moderator) logs a test session as 'studyctl \
            session' does, for a second observer on the same study; its Open the participant screen button gives the \
            session a link (and its QR code) to a screen where the participant agrees to the study's consent text and \
            answers the questionnaires the moderator sends, stored as 'studyctl respond' stores them. A transcript \
            linked to its recording ('studyctl media add … --transcript') shows it above the text, and a button beside \
            each coding plays it from where the words were said. With --studies, the Across tab searches the quotes, \
            memos, annotations and open answers of those study files as 'studyctl search --studies' does, read-only. \
            Ctrl-C stops the server.

            Example: studyctl serve --open
            """))

    @Option(help: ArgumentHelp(words("The port to listen on (default: any free port)."), valueName: "N"))
    var port: Int = 0

    @Flag(help: ArgumentHelp(words("Open the page in the default browser.")))
    var open = false

    @Option(help: ArgumentHelp(words("Let a tablet on the lab's network reach the participant screen (and nothing else) at this computer's address, e.g. 192.168.0.12, or 'auto' to find it; the links and QR codes then name it. The workspace and the session logger stay on 127.0.0.1."),
                               valueName: "address|auto"))
    var participantHost: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("Study files the Across tab searches, read-only (e.g. releases/*.sqlite)."), valueName: "files"))
    var studies: [String] = []

    @OptionGroup var study: StudyOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw Refusal("Please give --port between 1 and 65535 (or 0 for any free port).") }
        if let participantHost, participantHost != "auto",
           participantHost.isEmpty || !participantHost.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) {
            throw Refusal("--participant-host takes this computer's address on the network (e.g. 192.168.0.12) or auto; '\(participantHost)' is not one.")
        }
    }

    func run() async throws {
        var chosen = participantHost
        if chosen == "auto" {
            guard let found = WorkspaceServer.networkAddress() else {
                throw Refusal("--participant-host auto found no network address on this computer (no interface is up but the loopback); give the address.")
            }
            chosen = found
        }
        let host = chosen
        let database = try study.open()
        // Each study the Across tab reads is checked before the page opens: a wrong path is said now, not in the page.
        for path in studies where !database.isFile(path) { _ = try StudyDatabase.openForReading(at: path) }
        let server = WorkspaceServer(study: database, participantHost: host, studies: studies)
        let token = server.token
        let shouldOpen = open
        let app = server.application(port: port) { bound in
            let url = "http://127.0.0.1:\(bound)/?token=\(token)"
            // Written straight to the descriptor: a script reading the address must not wait for a buffer to fill.
            let logger = "http://127.0.0.1:\(bound)/moderator?token=\(token)"
            let network = host.map { words("Participant screens, for a tablet on the network: http://\($0):\(bound)/p/… (the session logger gives each its link)") + "\n" } ?? ""
            FileHandle.standardOutput.write(Data((words("Coding workspace for \(database.path): \(url)") + "\n"
                                                  + words("Session logger (a second observer): \(logger)") + "\n" + network
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
