import Foundation
import Testing

/// `scripts/install-deps.sh` asks the package manager for what each use needs and no more: on macOS, `make install`
/// asks Homebrew for the libraries the binary links and pkg-config (never Chromium, LaTeX or Python), `make demo`
/// adds Python, and only `make test-deps` asks for the tests' tools and the Chromium cask. The macOS branch runs here
/// with a `brew` that records what it is asked and has nothing installed.
@Suite struct InstallDepsTests {
    /// The `brew` commands the script ran for `mode`, with a recording `brew` first on the path.
    static func brewCalls(_ mode: [String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("install-deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("brew.log").path
        let brew = folder.appendingPathComponent("brew")
        // `brew list --versions P` fails: nothing is installed; every call is written to the log.
        try "#!/bin/sh\necho \"$*\" >> \"\(log)\"\n[ \"$1\" = list ] && exit 1\nexit 0\n".write(to: brew, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: brew.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.path("scripts/install-deps.sh"))
        process.arguments = mode
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["STUDYCTL_DEPS_SYSTEM"] = "Darwin"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "install-deps.sh \(mode) exited \(process.terminationStatus)")
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("list ") }
    }

    @Test(.enabled(if: Tool.locate("swift") != nil, "the script checks for the Swift toolchain first"))
    func makeInstallAsksHomebrewOnlyForWhatTheBinaryLinks() throws {
        #expect(try Self.brewCalls([]) == ["install libxlsxwriter readstat cairo jpeg-turbo pkg-config"])
        #expect(try Self.brewCalls(["--demo"]) == ["install libxlsxwriter readstat cairo jpeg-turbo pkg-config python3"])
        let tests = try Self.brewCalls(["--tests"])
        #expect(tests.first == "install libxlsxwriter readstat cairo jpeg-turbo pkg-config python3 tmux ffmpeg espeak-ng gettext")
        #expect(tests.contains("install --cask chromium") || FileManager.default.fileExists(atPath: "/Applications/Chromium.app"))
    }
}
