import Foundation
import Testing

/// A mutation fuzzer over every file a researcher imports: valid files are damaged at random (bytes flipped,
/// cut short, cells swapped for extreme values, decomposed accents, NULs, quotes, huge numbers) and given to the
/// command that reads them. Every run must end with success or a refusal in the tool's words — never a crash, never
/// SQLite's own text — and a refusal must leave the study as it was; after a success every read command works.
///
/// The seed is fixed for CI (the same runs each time); `STUDYCTL_FUZZ_SEED=…` and `STUDYCTL_FUZZ_RUNS=…` start a
/// fresh run by hand (`swift test --filter FuzzTests`).
@Suite struct FuzzTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["STUDYCTL_FUZZ_SEED"] ?? "") ?? 20_261_123
    static let runs = Int(ProcessInfo.processInfo.environment["STUDYCTL_FUZZ_RUNS"] ?? "") ?? 24

    /// One importer: its valid input and the command that reads it.
    struct Target: Sendable {
        var name: String
        var file: String
        var text: String
        var command: [String]
    }

    static let targets: [Target] = [
        Target(name: "participants", file: "p.csv", text: "code,anos de experiência,nível\nP2,1.5,Iniciante\nP3,4,Avançado\nP4,0,Iniciante\n",
               command: ["participant", "import", "p.csv", "--update"]),
        Target(name: "form", file: "f.csv", text: """
            Carimbo de data/hora,Código,Acho que gostaria de utilizar este produto com frequência,Considerei o produto mais complexo do que o necessário,Achei o produto fácil de utilizar,Acho que necessitaria de ajuda de um técnico para conseguir utilizar este produto,Considerei que as várias funcionalidades deste produto estavam bem integradas,Achei que este produto tinha muitas inconsistências,Suponho que a maioria das pessoas aprenderia a utilizar rapidamente este produto,Considerei o produto muito complicado de utilizar,Senti-me muito confiante ao utilizar este produto,Tive que aprender muito antes de conseguir lidar com este produto
            2026/05/02 10:00:00,P1,4,2,5,1,4,2,5,1,4,2

            """, command: ["responses", "import", "f.csv", "--instrument", "sus", "--participant-column", "Código", "--replace"]),
        Target(name: "long", file: "l.csv", text: "participant,instrument,item,value\nP1,umux-lite,1,6\nP1,umux-lite,2,7\n",
               command: ["responses", "import", "l.csv", "--long", "--replace"]),
        Target(name: "attempts", file: "a.csv", text: "participant,task,time,errors,outcome\nP1,T1,00:42,1,success\nP1,T1,30,0,fail\n",
               command: ["attempt", "import", "a.csv"]),
        Target(name: "categories", file: "k.csv", text: "category,origin,definition,theme\nNavegação,emergent,Como se move,\nTelas,emergent,,Navegação\n",
               command: ["category", "import", "k.csv"]),
        Target(name: "codes", file: "c.csv", text: "participant,excerpt,in_vivo_code,category\nP1,eu me perdi no menu,me perdi,K\n",
               command: ["code", "import", "c.csv"]),
        Target(name: "aois", file: "o.csv", text: "media,aoi,x,y,width,height\nhome.png,Menu,0,0,100,50\n",
               command: ["aoi", "import", "o.csv"]),
    ]

    /// Values that have broken tools before, put in place of a cell.
    static let extremes = ["", " ", "\u{0}", "1e400", "-0", "NaN", "inf", "99999999999999999999", "=cmd|' /C calc'!A0", "\"", "\"\"\"",
                           "e\u{301}\u{301}\u{301}", String(repeating: "é", count: 70), String(repeating: "x", count: 5_000), "\u{202E}P1",
                           "P\u{200B}1", "Р1", "1,5", "1.000,5", "٣", "🙂", "\r", "\n\n", ";", "\t", "N/A", "-", "0x10", "+4"]

    static func mutate(_ text: String, _ generator: inout SplitMix) -> Data {
        var bytes = Array(text.utf8)
        switch generator.next() % 6 {
        case 0:  // flip bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) where !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(1 << (generator.next() % 8))
            }
        case 1:  // cut short
            bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
        case 2, 3:  // a cell replaced by an extreme value
            var lines = text.components(separatedBy: "\n")
            let line = Int(generator.next() % UInt64(max(1, lines.count)))
            var cells = lines[line].components(separatedBy: ",")
            cells[Int(generator.next() % UInt64(cells.count))] = extremes[Int(generator.next() % UInt64(extremes.count))]
            lines[line] = cells.joined(separator: ",")
            bytes = Array(lines.joined(separator: "\n").utf8)
        case 4:  // decomposed accents and a repeated line
            var lines = text.decomposedStringWithCanonicalMapping.components(separatedBy: "\n")
            if lines.count > 1 { lines.append(lines[1 + Int(generator.next() % UInt64(lines.count - 1))]) }
            bytes = Array(lines.joined(separator: "\n").utf8)
        default:  // random bytes inserted
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                let position = Int(generator.next() % UInt64(bytes.count + 1))
                bytes.insert(UInt8(generator.next() % 256), at: position)
            }
        }
        return Data(bytes)
    }

    @Test(arguments: targets.indices)
    func damagedFilesNeverCrash(_ index: Int) throws {
        let target = Self.targets[index]
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Fuzz", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["task", "add", "T1", "--title", "Tarefa 1"])
        try cli.succeed(["category", "add", "K", "--origin", "emergent"])
        try cli.write("p1.txt", "eu me perdi no menu e depois achei\n")
        try cli.succeed(["transcript", "add", "P1", "p1.txt"])
        let seeds = SplitMix(seed: Self.seed &+ UInt64(index) &* 7_919)
        var generator = seeds
        // The valid file works as it is.
        try cli.write(target.file, target.text)
        let valid = try cli.run(target.command)
        #expect(valid.status == 0 || target.name == "aois", "\(target.name): the valid file: \(valid.stderr)")
        for run in 0..<Self.runs {
            let data = Self.mutate(target.text, &generator)
            try cli.write(target.file, data)
            let before = try cli.dump("study.sqlite")
            let result = try cli.run(target.command)
            let input = String(decoding: data.prefix(400), as: UTF8.self).debugDescription
            #expect(result.status == 0 || result.status == 1, "\(target.name) run \(run): exit \(result.status) on \(input): \(result.stderr)")
            #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("Fatal error") && !result.stderr.contains("constraint failed"),
                    "\(target.name) run \(run): \(result.stderr)")
            if result.status != 0 {
                #expect(try cli.dump("study.sqlite") == before, "\(target.name) run \(run): a refusal changed the study")
            } else {
                for command in [["participant", "list"], ["status"], ["score", "sus", "--by", "nível"], ["attempt", "list"], ["code", "list"], ["check"]] {
                    let read = try cli.run(command)
                    #expect(read.status == 0 || read.status == 1, "\(target.name) run \(run): \(command.joined(separator: " ")) exit \(read.status) after \(input)")
                    #expect(!read.stderr.contains("SQLite") && !read.stderr.contains("Fatal error"), "\(read.stderr)")
                }
            }
        }
    }
}
