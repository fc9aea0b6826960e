import Foundation

/// Bytes kept out of sight while a long result is computed, and read back from the start once it is complete (as
/// often as needed): an anonymous temporary file (`tmpfile`, removed by the system when closed or when the process
/// ends), so nothing is left behind and memory does not grow with the result. A write the disk refuses (full,
/// quota) is remembered and reported when the bytes are read back, so a cut result is never taken for the whole.
public final class Spool {
    private let file: UnsafeMutablePointer<FILE>
    /// The stream's buffer, ours: glibc ignores the size `setvbuf` is given without one and keeps 4 KB, which
    /// made a 34 MB result 8,300 write calls.
    private let buffer: UnsafeMutablePointer<CChar>
    private static let bufferSize = 1 << 16
    /// How many bytes were written.
    public private(set) var size = 0
    private var failure: String?

    public init() throws {
        guard let file = tmpfile() else { throw SpoolError("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        self.file = file
        buffer = .allocate(capacity: Self.bufferSize)
        setvbuf(file, buffer, _IOFBF, Self.bufferSize)
    }

    deinit {
        fclose(file)
        buffer.deallocate()
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let written = fwrite(bytes.baseAddress, 1, bytes.count, file)
        size += written
        if written < bytes.count, failure == nil { failure = String(cString: strerror(errno)) }
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Flushes what is written and throws if any of it could not be kept: call before showing anything of a
    /// result read back later, so a full disk fails the command before its first line.
    public func check() throws {
        if fflush(file) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw SpoolError("the temporary file could not be written (\(failure))") }
    }

    /// Reads the spooled bytes from the start: `body` pulls them with the reader it is given. Afterwards writing
    /// continues at the end.
    public func read(_ body: (inout Reader) throws -> Void) throws {
        try check()
        rewind(file)
        defer { fseek(file, 0, SEEK_END) }
        var reader = Reader(file: file)
        try body(&reader)
        if ferror(file) != 0 { throw SpoolError("the temporary file could not be read back") }
    }

    /// Calls `body` with each line of the spooled text (without its line break), from the start.
    public func forEachLine(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try read { reader in
            while let line = reader.line() { try body(line) }
        }
    }

    /// Calls `body` with the spooled bytes, from the start, a block at a time.
    public func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try read { reader in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = reader.read(into: &buffer)
                if count == 0 { break }
                try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            }
        }
    }

    /// Pulls spooled bytes in order.
    public struct Reader {
        fileprivate let file: UnsafeMutablePointer<FILE>

        /// Fills `buffer` as far as the bytes go; how many it read.
        public func read(into buffer: inout [UInt8]) -> Int {
            buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        }

        /// Exactly `count` bytes, or `nil` at the end (or when fewer are left).
        public func read(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            return read(into: &bytes) == count ? bytes : nil
        }

        /// The next line without its line break, or `nil` at the end.
        public func line() -> ArraySlice<UInt8>? {
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            let length = getline(&line, &capacity, file)
            guard length >= 0 else { return nil }
            let bytes = Array(UnsafeRawBufferPointer(start: line, count: length).bindMemory(to: UInt8.self))
            return bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
        }
    }
}

/// Why spooled bytes could not be kept or read back.
public struct SpoolError: Error, LocalizedError, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }
}
