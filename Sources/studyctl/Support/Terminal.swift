import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal a full-screen command draws on: raw keys (no echo, no line editing, Ctrl-C as a key), the
/// alternate screen, and the way back to the terminal as it was — also when the process is ended by a signal.
///
/// Written here rather than taken from a library: the available terminal packages (ncurses bindings) need a
/// system library this tool does not otherwise require, and a logger needs four escape sequences and poll(2).
enum Terminal {
    /// A key as the logger reads it.
    enum Key: Equatable {
        case character(Character)
        case up, down, left, right
        case enter, escape, backspace, tab
        case control(UInt8)
    }

    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var raw = false
    /// Written by the signal handler: leaves the alternate screen and shows the cursor.
    private static let restoreSequence: [UInt8] = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

    static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Raw keys on the alternate screen, cursor hidden. SIGTERM and SIGHUP (a closed terminal) restore the
    /// terminal before the process ends.
    static func enter() {
        guard !raw else { return }
        tcgetattr(0, &saved)
        var settings = saved
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: a key typed while the screen comes back (after a questionnaire) is kept.
        tcsetattr(0, TCSANOW, &settings)
        raw = true
        draw("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        for number in [SIGTERM, SIGHUP] {
            signal(number) { received in
                tcsetattr(0, TCSANOW, &Terminal.saved)
                Terminal.restoreSequence.withUnsafeBufferPointer { _ = write(1, $0.baseAddress, $0.count) }
                _exit(128 + received)
            }
        }
    }

    /// The terminal as it was before `enter`.
    static func leave() {
        guard raw else { return }
        draw("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSANOW, &saved)
        raw = false
    }

    static func draw(_ text: String) {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }  // bytes.count > 0 here, so the buffer has one
                return write(1, base + written, buffer.count - written)
            }
            if count <= 0 { if errno == EINTR { continue }; return }
            written += count
        }
    }

    /// Columns and rows (80 × 24 when the terminal does not say).
    static func size() -> (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// The next key, waiting at most `milliseconds`; nil when none came, or input ended (`ended` is then set).
    nonisolated(unsafe) static var ended = false
    nonisolated(unsafe) private static var pending: [UInt8] = []

    static func key(waiting milliseconds: Int32) -> Key? {
        if pending.isEmpty {
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(0, &buffer, buffer.count)
            if count == 0 { ended = true; return nil }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[0..<count])
        }
        return nextKey()
    }

    private static func nextKey() -> Key? {
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B:
            if pending.count >= 3, pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") {
                let code = pending[2]
                pending.removeFirst(3)
                switch code {
                case UInt8(ascii: "A"): return .up
                case UInt8(ascii: "B"): return .down
                case UInt8(ascii: "C"): return .right
                case UInt8(ascii: "D"): return .left
                default:
                    // Other sequences (function keys, Delete: ESC [ 3 ~) end with a letter or '~'.
                    while let next = pending.first, !(0x40...0x7E).contains(next) { pending.removeFirst() }
                    if !pending.isEmpty { pending.removeFirst() }
                    return nil
                }
            }
            pending.removeFirst()
            return .escape
        case 0x0D, 0x0A:
            pending.removeFirst()
            return .enter
        case 0x7F, 0x08:
            pending.removeFirst()
            return .backspace
        case 0x09:
            pending.removeFirst()
            return .tab
        case 0..<0x20:
            pending.removeFirst()
            return .control(first)
        default:
            // One UTF-8 character: its length from the lead byte.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard pending.count >= length else {
                // The rest of the character is still on its way.
                var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 50) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 16)
                    let count = read(0, &buffer, buffer.count)
                    if count > 0 { pending.append(contentsOf: buffer[0..<count]); return nextKey() }
                }
                pending.removeAll()
                return nil
            }
            let bytes = Array(pending.prefix(length))
            pending.removeFirst(length)
            guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return nil }
            return .character(character)
        }
    }

    /// `text` cut or padded to `width` columns (a character counts as one column; wide characters are rare in a log).
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if text.count > width { return String(text.prefix(max(0, width - 1))) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }
}
