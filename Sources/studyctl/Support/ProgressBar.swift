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
