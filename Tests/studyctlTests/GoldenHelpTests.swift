import Foundation
import GoldenFiles
import Testing

/// The `--help` of every command and subcommand, in each language, pinned by one golden file per language
/// (Snapshots/GoldenHelpTests/help.<language>.txt), the commands in the order of the command tree. The tree comes from
/// ArgumentParser's `--experimental-dump-help`, so a new command joins the file (and fails until it is recorded).
@Suite struct GoldenHelpTests {
    /// Every command's words after `studyctl`, depth first in the order `studyctl --help` lists them.
    static func commandTree(_ cli: StudyCtl) throws -> [[String]] {
        let dump = try cli.run(["--experimental-dump-help"])
        guard dump.status == 0, let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
              let root = json["command"] as? [String: Any] else {
            throw GoldenDemoTests.Demo.Failure(description: "studyctl --experimental-dump-help: \(dump.stderr)")
        }
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
            }
        }
        walk(root, [])
        return paths
    }

    @Test(arguments: ["pt-BR", "en"])
    func everyCommandsHelp(language: String) throws {
        // The language as a person chooses it: $STUDYCTL_LANGUAGE (the folder holds no study whose language would speak).
        let cli = try StudyCtl(language: language)
        let commands = try Self.commandTree(cli)
        #expect(commands.count > 100, "the command tree has \(commands.count) commands")
        /// The helps as they come back from two lanes of runs.
        final class Helps: @unchecked Sendable {
            let lock = NSLock()
            var results: [StudyCtl.Result?]
            init(_ count: Int) { results = Array(repeating: nil, count: count) }
            func set(_ index: Int, _ result: StudyCtl.Result?) { lock.lock(); results[index] = result; lock.unlock() }
        }
        let helps = Helps(commands.count)
        // Two at a time: each run is a process start, and the machine has two cores.
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for index in stride(from: lane, to: commands.count, by: 2) {
                helps.set(index, try? cli.run(commands[index] + ["--help"]))
            }
        }
        var text = ""
        for (command, help) in zip(commands, helps.results) {
            let line = (["studyctl"] + command + ["--help"]).joined(separator: " ")
            let help = try #require(help, "\(line) did not run")
            #expect(help.status == 0, "\(line): exit \(help.status)")
            #expect(help.stderr.isEmpty, "\(line): \(help.stderr)")
            text += "$ \(line)\n\(help.stdout)\n"
        }
        assertGolden(text, named: "help.\(language).txt")
    }
}
