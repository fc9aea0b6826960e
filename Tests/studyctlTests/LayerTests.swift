import Foundation
import Testing

/// The chain of targets as drawn in the README: the words and the C libraries at the bottom, the domain, results,
/// the store, the readers and writers above it, the command line on top. Read from Package.swift and the sources
/// (text only: nothing is built), so a change that imports upwards, imports a target it does not declare, or
/// declares one it never uses fails here, naming the target and the module.
@Suite struct LayerTests {
    /// Each target's floor on the napkin; a target may depend only on targets on lower floors.
    static let floors: [String: Int] = [
        "Wording": 0, "Templates": 0, "Datasets": 0, "GoldenFiles": 0, "QRCode": 0,
        "CXlsxWriter": 0, "CCairo": 0, "CJPEG": 0, "CReadStat": 0, "LazyLibraries": 0,
        "JPEGDecoding": 1, "StudyBasics": 1,
        "Statistics": 2, "Media": 2, "Tabular": 2,
        "Surveys": 3, "Gaze": 3, "QualCoding": 3, "MediaTools": 3,
        "Results": 4, "Figures": 4,
        "StudyStore": 5,
        "Importing": 6, "Interchange": 6, "Reports": 6, "Workspace": 6,
        "studyctl": 7,
    ]

    /// Dependencies used at link time, not by an `import`: the LazyLibraries stubs that load a C library on first
    /// use, and JPEGDecoding's C header.
    static let linkedOnly: Set<String> = ["LazyLibraries", "CJPEG"]

    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// Every non-test target of Package.swift with the targets (not products) it declares.
    static func declaredTargets() throws -> [String: [String]] {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try Regex(#"(\.target|\.executableTarget|cLibrary|\.testTarget)\(\s*(?:name:\s*)?"(\w+)""#)
        let matches = package.matches(of: start)
        var targets: [String: [String]] = [:]
        for (index, match) in matches.enumerated() {
            guard let kind = match.output[1].substring, kind != ".testTarget", let name = match.output[2].substring else { continue }
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : package.endIndex
            let block = package[match.range.lowerBound..<end]
            var dependencies: [String] = []
            if let list = block.range(of: "dependencies:"), let open = block[list.upperBound...].firstIndex(of: "[") {
                var depth = 0
                var close = open
                for position in block[open...].indices {
                    if block[position] == "[" { depth += 1 }
                    if block[position] == "]" { depth -= 1 }
                    if depth == 0 { close = position; break }
                }
                let inner = String(block[block.index(after: open)..<close]).replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
                dependencies = inner.matches(of: try Regex(#""(\w+)""#)).compactMap { $0.output[1].substring.map(String.init) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    /// The modules a target's Swift files import.
    static func imports(of target: String) throws -> Set<String> {
        let folder = ["Templates": "templates", "Datasets": "datasets", "GoldenFiles": "Tests/GoldenFiles"][target] ?? "Sources/\(target)"
        let line = try Regex(#"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias)\s+)?(\w+)"#).anchorsMatchLineEndings()
        var found: Set<String> = []
        guard let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { return found }
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: line) { if let module = match.output[1].substring { found.insert(String(module)) } }
        }
        return found
    }

    @Test func everyTargetHasAFloorAndDependsOnlyDownwards() throws {
        let targets = try Self.declaredTargets()
        #expect(targets.count > 15, "Package.swift was not read: \(targets)")
        for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            let floor = try #require(Self.floors[target], "\(target) has no floor in LayerTests.floors: give it its place in the chain")
            for dependency in dependencies {
                let below = try #require(Self.floors[dependency], "\(target) depends on \(dependency), which has no floor")
                #expect(below < floor, "\(target) (floor \(floor)) depends on \(dependency) (floor \(below)): an import must point down")
            }
        }
    }

    @Test func everyImportIsDeclaredAndEveryDeclarationImported() throws {
        let targets = try Self.declaredTargets()
        let ours = Set(targets.keys)
        for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            let imported = try Self.imports(of: target).intersection(ours)
            for module in imported.subtracting(dependencies).sorted() {
                Issue.record("\(target) imports \(module) without declaring it in Package.swift")
            }
            let cTarget = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(target)/include").path)
                || FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(target)/module.modulemap").path)
            guard !cTarget else { continue }
            for module in Set(dependencies).subtracting(imported).subtracting(Self.linkedOnly).sorted() {
                Issue.record("\(target) declares \(module) in Package.swift but no file of it imports \(module)")
            }
        }
    }

    /// The domains share a kernel, not each other: the statistics (Statistics) and the text basics (StudyBasics) sit
    /// below Surveys, Gaze and QualCoding, and eye tracking and coding do not reach into the questionnaire domain.
    @Test func theDomainsShareAKernelNotEachOther() throws {
        let targets = try Self.declaredTargets()
        for domain in ["Gaze", "QualCoding"] {
            let dependencies = try #require(targets[domain])
            #expect(!dependencies.contains("Surveys"), "\(domain) depends on Surveys: \(dependencies)")
            #expect(dependencies.contains("Statistics") && dependencies.contains("StudyBasics"), "\(domain): \(dependencies)")
        }
        #expect(Set(try #require(targets["Statistics"])).isSubset(of: ["Wording", "StudyBasics"]))
        #expect(Set(try #require(targets["StudyBasics"])).isSubset(of: ["Wording", "Templates"]))
    }

    /// Reading a file is not storing it (issue 58, item 3): the importing layer reads a file's rows, cells and
    /// positions (Tabular) and hands the store plain values (`SourceCell`, `SourceTable`, typed rows); the store
    /// finds, settles, batches and writes, and neither declares nor imports the table reader.
    @Test func theStoreImportsNoTableReader() throws {
        let targets = try Self.declaredTargets()
        let store = try #require(targets["StudyStore"])
        #expect(!store.contains("Tabular"), "StudyStore declares Tabular in Package.swift: \(store)")
        #expect(!(try Self.imports(of: "StudyStore")).contains("Tabular"), "a file of Sources/StudyStore imports Tabular")
        #expect(try #require(targets["Importing"]).contains("Tabular"), "the importing layer reads tables with Tabular")
    }

    /// Import rows where they are read (issue 58, item 3): the readers, the row sources they conform to, where a
    /// form's columns are (`FormColumns`) and the checks a file alone settles live in Importing; the store declares
    /// only the plain values it takes (in `Sources/StudyStore/Input`, each saying it is the store's input) and pulls
    /// rows through a closure, so no `protocol …RowSource` of its own and no reading type comes back into it.
    @Test func readingTypesLiveInImportingAndTheStoreTakesPlainInput() throws {
        let declaration = try Regex(#"^\s*(?:@\w+\s+)*(?:public\s+|internal\s+|fileprivate\s+|private\s+)?(?:final\s+)?(protocol|struct|class|enum|typealias|actor)\s+(\w+)"#)
            .anchorsMatchLineEndings()
        func declarations(in target: String) throws -> [(file: String, kind: String, name: String)] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path))
            var found: [(file: String, kind: String, name: String)] = []
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: declaration) {
                    if let kind = match.output[1].substring, let name = match.output[2].substring { found.append((file, String(kind), String(name))) }
                }
            }
            return found
        }
        let store = try declarations(in: "StudyStore")
        let importing = try declarations(in: "Importing")
        #expect(store.count > 50 && importing.count > 20, "the sources were not read: \(store.count) in StudyStore, \(importing.count) in Importing")
        // What reads a file: the row sources and readers, where a file's columns are, and how a column is read.
        let reading: Set<String> = ["FormColumns", "LongColumns", "ImportColumnPlan", "HeaderMatcher", "ColumnNames"]
        for found in store where (found.kind == "protocol" && found.name.hasSuffix("RowSource")) || found.name.hasSuffix("RowReader") || reading.contains(found.name) {
            Issue.record("Sources/StudyStore/\(found.file) declares \(found.kind) \(found.name), which reads a file: it belongs in Sources/Importing; the store takes plain values")
        }
        for source in ["ParticipantRowSource", "FormRowSource", "LongRowSource", "FormColumns"] {
            #expect(importing.contains { $0.name == source }, "Importing no longer declares \(source)")
        }
        // The plain values the store takes sit where their folder says so, each documented as the store's input.
        let input: Set<String> = ["SourceCell", "SourceTable", "ParticipantRow", "ParticipantColumn", "ColumnContents", "FormRow", "ResponseColumns",
                                  "OccasionCell", "LongRow", "AttemptRow", "CategoryRow", "CodeRow"]
        for name in input.sorted() {
            let found = store.filter { $0.name == name }
            #expect(found.count == 1 && found.allSatisfy { $0.file.hasPrefix("Input/") },
                    "\(name) is the store's input: declare it once, in Sources/StudyStore/Input (found: \(found.map(\.file)))")
        }
        let folder = Self.root.appendingPathComponent("Sources/StudyStore/Input")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("the store's input") || text.contains("The store's input"), "Sources/StudyStore/Input/\(file) does not say it is the store's input")
        }
    }

    /// Thin commands (issue "One analysis plan", item 5): a command reads its options, asks the domain, the results or
    /// the store for its document and renders it. Every `--json` is a document declared beside the table drawn from
    /// it, never a shape of the command's own, so the command line declares no `Encodable` type.
    @Test func noCommandDeclaresAJSONShapeOfItsOwn() throws {
        let folder = Self.root.appendingPathComponent("Sources/studyctl")
        let declaration = try Regex(#"^\s*(?:public\s+|fileprivate\s+|private\s+)?(?:struct|enum|class|extension)\s+[\w.]+(?:<[^>]*>)?\s*:[^{]*\b(?:Encodable|Codable)\b"#)
            .anchorsMatchLineEndings()
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var seen = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            seen += 1
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                Issue.record("Sources/studyctl/\(file) declares a JSON shape of its own: '\(text[match.range].trimmingCharacters(in: .whitespaces))'; declare the document beside its table (Results) or its records (StudyStore)")
            }
        }
        #expect(seen > 50, "the command line's sources were not read (\(seen) files)")
    }
}
