import ArgumentParser
import Foundation

@main
struct StudyCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studyctl",
        abstract: "A research workbench for usability studies: participants, tasks, questionnaires and coded interviews in one study file.",
        discussion: """
            A study lives in one SQLite file: study.sqlite in the current folder, or the file named by --db or \
            by the STUDYCTL_DB environment variable. Every command that changes the study is one transaction: \
            when it fails, the study is left exactly as it was.

            Start with:
              studyctl init --title "UITracking" --language pt-BR
              studyctl participant import participants.csv
              studyctl participant derive level --from years_ios \\
                --rule "<2:Iniciante,<=3:Intermediário,>3:Avançado"
              studyctl participant list
            """,
        version: "0.1.0",
        subcommands: [
            Init.self,
            Status.self,
            ParticipantCommand.self,
            InstrumentCommand.self,
            Respond.self,
            ResponsesCommand.self,
            ScoreCommand.self,
            TaskCommand.self,
            ConditionCommand.self,
            AttemptCommand.self,
            TasksCommand.self,
            TranscriptCommand.self,
            CategoryCommand.self,
            Codebook.self,
            CodeCommand.self,
            MemoCommand.self,
            CodesCommand.self,
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
    /// after it (`studyctl --db s.sqlite participant list`), through $STUDYCTL_DB, which a --db after it overrides.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        while let first = arguments.first, first == "--db" || first.hasPrefix("--db=") {
            if first == "--db" {
                guard arguments.count >= 2 else { break }
                setenv("STUDYCTL_DB", arguments[1], 1)
                arguments.removeFirst(2)
            } else {
                setenv("STUDYCTL_DB", String(first.dropFirst("--db=".count)), 1)
                arguments.removeFirst()
            }
        }
        await main(arguments)
    }
}
