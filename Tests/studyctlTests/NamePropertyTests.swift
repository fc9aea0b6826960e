import Foundation
import Testing

/// The property behind the study's one door for names: whatever spelling of a name is typed — composed (NFC),
/// decomposed (NFD), a mix, another case, at its limit in code points or one over, with random combining marks —
/// every command that stores a name either stores it or refuses it cleanly (a message of the tool's, not SQLite's,
/// the study unchanged), no two stored names are one name, and every read command still works afterwards.
@Suite struct NamePropertyTests {
    /// A kind of name, the command that stores one, and its limit in code points.
    struct Kind: CustomStringConvertible, Sendable {
        var description: String
        var limit: Int
        var oneWord: Bool
        /// The table and column the names land in, to look for duplicates.
        var table: String
        var column: String
        var command: @Sendable (String, Int) -> [String]
    }

    static let kinds: [Kind] = [
        Kind(description: "participant code", limit: 64, oneWord: true, table: "participant", column: "code") { name, _ in ["participant", "add", name] },
        Kind(description: "attribute name", limit: 64, oneWord: false, table: "attribute", column: "name") { name, _ in ["participant", "set", "P1", "\(name)=1"] },
        Kind(description: "task key", limit: 64, oneWord: true, table: "task", column: "key") { name, _ in ["task", "add", name, "--title", "T"] },
        Kind(description: "condition name", limit: 64, oneWord: false, table: "factor", column: "name") { name, _ in ["condition", "add", name, "--levels", "a,b"] },
        Kind(description: "level name", limit: 200, oneWord: false, table: "factor_level", column: "name") { name, index in ["condition", "add", "c\(index)", "--levels", "\(name),zz"] },
        Kind(description: "category name", limit: 200, oneWord: false, table: "category", column: "name") { name, _ in ["category", "add", name, "--origin", "emergent"] },
        Kind(description: "coder name", limit: 200, oneWord: false, table: "coder", column: "name") { name, index in
            ["code", "add", "P1", "--code", "x\(index)", "--excerpt", "x\(index)", "--category", "K", "--coder", name]
        },
        Kind(description: "transcript label", limit: 200, oneWord: false, table: "transcript", column: "label") { name, _ in ["transcript", "add", "P1", "t.txt", "--label", name] },
    ]

    /// The spellings tried for each kind: one accented name in every form and case, lengths at the limit ± 1
    /// (composed and decomposed), and random names from a seeded generator.
    static func spellings(_ kind: Kind, seed: UInt64) -> [String] {
        let word = kind.oneWord ? "Ação-É" : "Ação É"
        let nfc = word.precomposedStringWithCanonicalMapping
        let nfd = word.decomposedStringWithCanonicalMapping
        let mixed = String(nfc.prefix(2)) + String(nfd.dropFirst(2))
        var names = [nfc, nfd, mixed, nfc.lowercased(), nfd.uppercased()]
        for length in [kind.limit - 1, kind.limit, kind.limit + 1] {
            names.append(String(repeating: "é", count: length))
            names.append(String(repeating: "e\u{301}", count: length))
        }
        var generator = SplitMix(seed: seed)
        let pieces = ["a", "B", "ç", "e\u{301}", "\u{E9}", "o\u{303}", "\u{C3}", "-", "1", "\u{301}", "\u{327}", "ñ", "N\u{303}"] + (kind.oneWord ? [] : [" "])
        for _ in 0..<6 {
            let count = 1 + Int(generator.next() % 12)
            var name = "n"
            for _ in 0..<count { name += pieces[Int(generator.next() % UInt64(pieces.count))] }
            names.append(name)
            names.append(name.decomposedStringWithCanonicalMapping)
        }
        return names
    }

    @Test(arguments: kinds.indices)
    func everySpellingIsStoredOnceOrRefusedCleanly(_ index: Int) throws {
        let kind = Self.kinds[index]
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Nomes", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["category", "add", "K", "--origin", "emergent"])
        try cli.write("t.txt", "x0 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 x16 x17 x18 x19 x20 x21 x22 x23 x24 x25 x26\n")
        for (number, name) in Self.spellings(kind, seed: 0x5EED + UInt64(index)).enumerated() {
            let before = try cli.dump("study.sqlite")
            let result = try cli.run(kind.command(name, number))
            let shown = name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            #expect(result.status == 0 || result.status == 1, "\(kind) [\(shown)]: exit \(result.status) \(result.stderr)")
            #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("constraint") && !result.stderr.contains("Fatal error"),
                    "\(kind) [\(shown)]: \(result.stderr)")
            if result.status != 0 {
                #expect(!result.stderr.isEmpty)
                #expect(try cli.dump("study.sqlite") == before, "\(kind) [\(shown)]: a refusal changed the study")
            }
            let stored = name.precomposedStringWithCanonicalMapping.unicodeScalars.count
            if stored > kind.limit { #expect(result.status != 0, "\(kind) [\(shown)]: \(stored) code points were accepted") }
        }
        // No two stored names are one name: composed, and compared as the study compares them (case folded).
        let names = try Self.column(cli, kind.table, kind.column)
        for name in names {
            #expect(Array(name.unicodeScalars) == Array(name.precomposedStringWithCanonicalMapping.unicodeScalars), "\(kind): '\(name)' is stored decomposed")
        }
        let keys = names.map { $0.precomposedStringWithCanonicalMapping.lowercased() }
        if kind.table != "factor_level" && kind.table != "transcript" {
            #expect(Set(keys).count == keys.count, "\(kind): one name stored twice: \(names)")
        }
        try cli.readsSucceed()
    }

    /// One column of a study's table, read with the sqlite3 program (byte for byte: no Swift normalisation).
    static func column(_ cli: StudyCtl, _ table: String, _ column: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-readonly", cli.path("study.sqlite"), "SELECT hex(\(column)) FROM \(table)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { hex in
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
