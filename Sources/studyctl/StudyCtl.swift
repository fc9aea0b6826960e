import ArgumentParser
import Foundation
import Results
import StudyStore
import Wording

@main
struct StudyCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studyctl",
        abstract: words("A research workbench for usability studies: participants, tasks, questionnaires and coded interviews in one study file."),
        discussion: words("""
            A study lives in one SQLite file: study.sqlite in the current folder, or the file named by --db or \
            by the STUDYCTL_DB environment variable. Every command that changes the study is one transaction: \
            when it fails, the study is left exactly as it was.

            Start with:
              studyctl init --title "UITracking" --language pt-BR
              studyctl participant import participants.csv
              studyctl participant derive level --from years_ios \\
                --rule "<2:Iniciante,<=3:Intermediário,>3:Avançado"
              studyctl participant list
            """),
        version: "0.1.0",
        subcommands: [
            Init.self,
            Status.self,
            ParticipantCommand.self,
            ConsentCommand.self,
            InstrumentCommand.self,
            Respond.self,
            ResponsesCommand.self,
            ScoreCommand.self, QualityCommand.self, TrendCommand.self,
            TaskCommand.self,
            ConditionCommand.self,
            OccasionCommand.self,
            AttemptCommand.self, SessionCommand.self,
            TasksCommand.self,
            TranscriptCommand.self,
            MediaCommand.self, ClipsCommand.self, TimelineCommand.self,
            CategoryCommand.self,
            Codebook.self,
            CodeCommand.self,
            MemoCommand.self,
            Annotate.self, AnnotationCommand.self,
            CodesCommand.self,
            SearchStudies.self,
            Serve.self,
            GazeCommand.self,
            AOICommand.self,
            Report.self,
            ExportCommand.self,
            ImportCommand.self,
            Merge.self,
            Demo.self,
            Check.self,
            Backup.self,
        ])

    /// Runs the command line; `--db FILE` (or `--db=FILE`) given before the subcommand names the study as it does
    /// after it (`studyctl --db s.sqlite participant list`), through $STUDYCTL_DB, which a --db after it overrides;
    /// `--language pt-BR|en` before it sets the language the command line speaks (through $STUDYCTL_LANGUAGE),
    /// which is otherwise the study's.
    ///
    /// Synchronous: the commands but `serve` do their work on the main thread, so no concurrency runtime starts
    /// for them; `serve` runs on it (`runAsynchronously`).
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        // Tables fit the terminal they are printed on; piped or redirected, they are printed whole.
        if isatty(1) == 1 { TextRenderer.terminalWidth = Terminal.size().columns }
        let globals = ["--db": "STUDYCTL_DB", "--language": "STUDYCTL_LANGUAGE"]
        while let first = arguments.first {
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            guard let variable = globals[name] else { break }
            if first.contains("=") {
                setenv(variable, String(first.dropFirst(name.count + 1)), 1)
                arguments.removeFirst()
            } else {
                guard arguments.count >= 2 else { break }
                setenv(variable, arguments[1], 1)
                arguments.removeFirst(2)
            }
        }
        // Help and usage are said in the study's language too: settled before ArgumentParser reads the words.
        Voice.settle(arguments: arguments)
        LibraryFailure.install()
        do {
            var command = try parseAsRoot(arguments)
            if let asynchronous = command as? AsyncParsableCommand {
                try runAsynchronously(asynchronous)
            } else {
                try command.run()
            }
        } catch let error as StoreError where Voice.settled(arguments) != .en {
            FileHandle.standardError.write(Data((Message.errorPrefix.text(Voice.language) + error.text(Voice.language) + "\n").utf8))
            Foundation.exit(exitCode(for: error).rawValue)
        } catch let error as WordedError where Voice.settled(arguments) != .en {
            FileHandle.standardError.write(Data((Message.errorPrefix.text(Voice.language) + error.text(Voice.language) + "\n").utf8))
            Foundation.exit(exitCode(for: error).rawValue)
        } catch {
            // Help and version go to standard output as ArgumentParser prints them; an error is said in the
            // command line's language ("Erro: …" for a pt-BR study).
            let code = exitCode(for: error)
            Voice.settle(arguments: arguments)
            if code == .success {
                // Help and --version: standard output, the parser's words in the command line's language.
                print(ParserWord.worded(fullMessage(for: error), Voice.language))
                Foundation.exit(0)
            }
            var message = ParserWord.worded(fullMessage(for: error), Voice.language)
            let english = Message.errorPrefix.text(.en)
            if message.hasPrefix(english) { message = Message.errorPrefix.text(Voice.language) + message.dropFirst(english.count) }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// Runs an asynchronous command (`serve`) on the concurrency runtime while the main thread waits for it.
    private static func runAsynchronously(_ command: any AsyncParsableCommand) throws {
        final class Outcome: @unchecked Sendable {
            var command: any AsyncParsableCommand
            var error: (any Error)?
            let finished = DispatchSemaphore(value: 0)
            init(_ command: any AsyncParsableCommand) { self.command = command }
        }
        let outcome = Outcome(command)
        Task.detached {
            do { try await outcome.command.run() } catch { outcome.error = error }
            outcome.finished.signal()
        }
        outcome.finished.wait()
        if let error = outcome.error { throw error }
    }
}
