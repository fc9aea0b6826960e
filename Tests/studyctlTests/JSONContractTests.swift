import Foundation
import Testing

/// docs/json.md is the contract of every `--json`: each command's top-level keys are documented there, and
/// `tasks compare` has one shape for every comparison, in the shared vocabulary.
@Suite struct JSONContractTests {
    /// Each command's documented text: its rows in the table of commands (the first cell names the command, with
    /// its arguments or flags after it) and its own section (`### \`score\``), if any.
    static func documented() throws -> [String: String] {
        let text = try String(contentsOfFile: Repository.path("docs/json.md"), encoding: .utf8)
        var byCommand: [String: String] = [:]
        var section: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### `"), let end = line.dropFirst(5).firstIndex(of: "`") {
                section = String(line.dropFirst(5)[..<end])
                continue
            }
            if line.hasPrefix("#") { section = nil }
            if let section { byCommand[section, default: ""] += line + "\n"; continue }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            guard cells.count == 3 else { continue }
            // "`codes agreement --levels`", "`participant show CODE`", "`gaze metrics --summary` / `--by ATTR`"
            let first = cells[1].trimmingCharacters(in: .whitespaces).dropFirst()
            guard let end = first.firstIndex(of: "`") else { continue }
            // The command's words are lowercase; its arguments (CODE, ID) are not, its flags start with "-".
            let words = first[..<end].split(separator: " ").prefix { !$0.hasPrefix("-") && $0.allSatisfy { $0.isLowercase || $0 == "-" } }
            byCommand[words.joined(separator: " "), default: ""] += String(cells[2]) + "\n"
        }
        return byCommand
    }

    @Test func everyCommandsTopLevelKeysAreDocumented() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "demo"])
        let games = ["--db", "demo/game-controls/game-controls.sqlite"]
        let redesign = ["--db", "demo/redesign/redesign.sqlite"]
        let interviews = ["--db", "demo/uitracking/uitracking.sqlite"]
        let runs: [[String]] = [
            ["status"] + games, ["check"] + games, ["participant", "list"] + games, ["participant", "show", "U01"] + games,
            ["task", "list"] + games, ["condition", "list"] + games, ["attempt", "list"] + games,
            ["tasks", "summary"] + games, ["tasks", "benchmark"] + games,
            ["tasks", "compare", "fase-1", "--condition", "setting"] + games,
            ["tasks", "compare", "fase-1", "--condition", "setting", "--measure", "completion"] + games,
            ["tasks", "compare", "fase-1", "--by", "Joga videogame", "--at", "setting=0-50", "--measure", "completion"] + games,
            ["tasks", "compare", "T1", "--condition", "aparelho"] + redesign,
            ["score", "sus"] + redesign, ["score", "seq"] + redesign, ["quality", "sus"] + redesign,
            ["instrument", "list"] + redesign, ["memo", "list"] + redesign, ["memo", "search", "tela"] + redesign,
            ["session", "list"] + redesign, ["media", "list"] + redesign,
            ["code", "list"] + interviews, ["codes", "freq"] + interviews, ["codes", "matrix"] + interviews,
            ["codes", "cooccur"] + interviews, ["codes", "triangulate", "--instrument", "pssuq"] + interviews, ["codes", "words"] + interviews,
            ["codes", "agreement", "--coders", "Autora,Revisor"] + interviews,
            ["codes", "agreement", "--coders", "Autora,Revisor", "--levels"] + interviews,
            ["codes", "agreement", "--coders", "Autora,Revisor", "--unitizing"] + interviews,
            ["codes", "discovery"] + interviews, ["codes", "saturation"] + interviews,
            ["transcript", "show", "P1"] + interviews, ["transcript", "search", "tela"] + interviews, ["annotation", "list"] + interviews,
        ]
        let documented = try Self.documented()
        var missing: [String] = []
        for arguments in runs {
            let output = try cli.succeed(arguments + ["--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(arguments)")
            let command = try #require(document["command"] as? String)
            let text = documented[command] ?? ""
            #expect(!text.isEmpty, "docs/json.md has no row for \(command)")
            // `analysisSet` and `plan` are documented once, among the rules for every command that takes them.
            for key in document.keys.sorted() where !["jsonVersion", "command", "analysisSet", "plan"].contains(key) && !text.contains("`\(key)`") && !text.contains("\"\(key)\"") {
                missing.append("\(command): \(key)")
            }
        }
        #expect(missing.isEmpty, "keys not documented in docs/json.md: \(Set(missing).sorted().joined(separator: ", "))")
    }

    /// Time, errors and completion, within or between participants, two levels or several: the same keys.
    @Test func tasksCompareHasOneShape() throws {
        let cli = try StudyCtl()
        try cli.succeed(["demo", "--output", "demo"])
        let games = ["--db", "demo/game-controls/game-controls.sqlite"]
        let shapes: [[String]] = [
            ["fase-1", "--condition", "setting"], ["fase-3", "--condition", "setting", "--measure", "errors"],
            ["fase-1", "--condition", "setting", "--measure", "completion"],
            ["fase-1", "--by", "Joga videogame", "--at", "setting=0-50"],
            ["fase-1", "--by", "Joga videogame", "--at", "setting=0-50", "--measure", "completion"],
        ]
        var keys: Set<String>?
        for arguments in shapes {
            let output = try cli.succeed(["tasks", "compare"] + arguments + games + ["--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let own = Set(document.keys)
            if let keys { #expect(own == keys, "\(arguments): \(own.symmetricDifference(keys).sorted())") } else { keys = own }
            #expect(document["levels"] as? [String] != nil && (document["n"] as? [Int])?.count == (document["levels"] as? [String])?.count)
            if let completion = document["completion"] as? [String: Any] {
                #expect(Set(completion.keys) == own.subtracting(["jsonVersion", "command", "completion", "analysisSet", "plan"]), "\(arguments) completion")
            }
        }
        let between = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["tasks", "compare"] + shapes[3] + games + ["--json"]).utf8)) as? [String: Any]
        #expect(between?["design"] as? String == "between" && between?["cell"] as? [String: String] == ["setting": "0-50"])
        #expect(between?["test"] as? String == "welch-t" && between?["hedgesG"] is Double && (between?["ci"] as? [Double])?.count == 2)
    }
}
