import Foundation
import Testing

/// `scripts/check-warnings.sh`, which `make test` runs on the build logs: a warning in our own code fails it, named
/// once however often the log repeats it; a dependency's never does.
@Suite struct WarningCheckTests {
    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// The script's exit status and what it wrote on standard error, run on a log holding `lines`.
    static func check(_ lines: [String]) throws -> (status: Int32, said: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("build-\(UUID().uuidString).log")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/check-warnings.sh").path, log.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    @Test func aWarningInOurCodeFailsAndIsNamedOnce() throws {
        let ours = "\(Self.root.path)/Sources/Tabular/CSVReader.swift:12:5: warning: result of call to 'f()' is unused [#no-usage]"
        let (status, said) = try Self.check([
            "[12/40] Compiling Tabular CSVReader.swift", ours, "   |     `- warning: result of call to 'f()' is unused", ours,
            "Tests/TabularTests/CSVReaderTests.swift:3:1: warning: variable 'x' was never mutated",
            "\(Self.root.path)/.build/checkouts/GRDB.swift/GRDB/Core/Database.swift:1:1: warning: deprecated",
        ])
        #expect(status == 1)
        #expect(said.components(separatedBy: "Sources/Tabular/CSVReader.swift:12:5: warning:").count == 2, "\(said)")
        #expect(said.contains("Tests/TabularTests/CSVReaderTests.swift:3:1: warning:"), "\(said)")
        #expect(!said.contains("GRDB"), "\(said)")
    }

    @Test func aDependencysWarningDoesNotFail() throws {
        let (status, said) = try Self.check([
            "\(Self.root.path)/.build/checkouts/swift-nio/Sources/NIOCore/ByteBuffer.swift:9:9: warning: deprecated",
            "warning: 'zipfoundation': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target",
            "Build complete! (12.0s)",
        ])
        #expect(status == 0, "\(said)")
    }
}
