import Foundation

/// A progress bar on standard error, shown only when it is a terminal (and never under NO_COLOR-style scripts),
/// redrawn at most five times a second.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled = isatty(2) == 1
    private let lock = NSLock()
    private var last = Date.distantPast
    private var shown = false

    init(label: String) {
        self.label = label
    }

    /// Reports `fraction` (0…1) of the work done.
    @Sendable func update(_ fraction: Double) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(last) > 0.2 || fraction >= 1 else { return }
        last = now
        shown = true
        let width = 30
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(Int(fraction * 100))%".utf8))
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

/// A sign of life on standard error for work that outlasts a second (an import, a report, a workbook): after one
/// second, "working… 3 s" redrawn twice a second until the work ends, then the line is cleared. Only on a terminal;
/// nothing in scripts, pipes or tests. Work that reports its fraction uses `ProgressBar` instead.
final class Activity: @unchecked Sendable {
    private let enabled = isatty(2) == 1 && environmentValue("STUDYCTL_NO_PROGRESS") == nil
    private let lock = NSLock()
    private var running = true
    private var shown = false
    private let started = Date()
    private let label: String

    init(_ label: String) {
        self.label = label
        guard enabled else { return }
        let thread = Thread { [weak self] in
            Thread.sleep(forTimeInterval: 1)
            while let self, self.tick() { Thread.sleep(forTimeInterval: 0.5) }
        }
        thread.start()
    }

    /// Draws the line; false once the work has ended.
    private func tick() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard running else { return false }
        shown = true
        FileHandle.standardError.write(Data("\r\(label) \(Int(Date().timeIntervalSince(started))) s".utf8))
        return true
    }

    /// Ends the work: the line is cleared if it was drawn.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        running = false
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    /// Runs `body` with the sign of life shown while it lasts.
    static func during<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        let activity = Activity(label)
        defer { activity.stop() }
        return try body()
    }
}
