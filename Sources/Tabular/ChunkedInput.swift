import Foundation
import Wording

/// A file read in fixed-size chunks, with one-byte look-ahead across chunk boundaries.
struct ChunkedInput {
    private var handle: FileHandle?
    private(set) var buffer: [UInt8]
    private(set) var index = 0
    private var exhausted: Bool
    private let file: String
    private var consumedBefore = 0
    private var size = 0
    private static let chunkSize = 1 << 20
    /// When the file is UTF-16: its byte order, and the bytes of a code unit or surrogate pair cut by a chunk's end.
    private var utf16: (littleEndian: Bool, carry: [UInt8], offset: Int)?
    /// Whether the file is read as Windows-1252, each chunk converted to UTF-8 as it is read.
    private var windows1252 = false
    /// Whether the file may still be Windows-1252: every byte so far was ASCII (which both encodings read alike).
    private var undecided = true
    /// The start of a UTF-8 sequence cut by the last chunk's end, while undecided.
    private var cutSequence: [UInt8] = []
    private var byteOrderMark = false

    /// The encoding read so far.
    var encoding: TextEncoding {
        if let utf16 { return utf16.littleEndian ? .utf16LittleEndian : .utf16BigEndian }
        return windows1252 ? .windows1252 : byteOrderMark ? .utf8WithBOM : .utf8
    }

    init(handle: FileHandle, file: String) {
        self.handle = handle
        self.buffer = []
        self.exhausted = false
        self.file = file
        if let end = try? handle.seekToEnd() {
            size = Int(end)
            try? handle.seek(toOffset: 0)
        }
    }

    init(bytes: [UInt8], file: String) {
        self.handle = nil
        self.buffer = bytes
        self.exhausted = true
        self.file = file
        self.undecided = false
    }

    var isAtEnd: Bool { index >= buffer.count && exhausted }

    var fractionRead: Double { size > 0 ? min(1, Double(consumedBefore + index) / Double(size)) : 0 }

    /// Reads until at least `count` bytes are buffered ahead, or the file ends.
    mutating func fill(_ count: Int = 4) throws {
        while buffer.count - index < count, !exhausted {
            try readChunk()
        }
    }

    @inline(__always)
    mutating func ensure() throws {
        if index >= buffer.count, !exhausted { try readChunk() }
    }

    private mutating func readChunk() throws {
        guard let handle else { exhausted = true; return }
        let data: Data?
        do {
            data = try handle.read(upToCount: Self.chunkSize)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw CSVError.cannotRead(file: file, reason: Sentence(verbatim: underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription))
        }
        if index > 0 {
            buffer.removeFirst(index)
            consumedBefore += index
            index = 0
        }
        if let data, !data.isEmpty {
            if utf16 != nil {
                try appendUTF16(Array(data))
            } else {
                if undecided { decideEncoding(data, first: consumedBefore == 0 && buffer.isEmpty) }
                if windows1252 { Self.appendWindows1252(data, to: &buffer) } else { buffer.append(contentsOf: data) }
            }
        } else {
            if let carry = utf16?.carry, !carry.isEmpty {
                throw CSVError.cannotRead(file: file, reason: "the UTF-16 text ends in the middle of a character")
            }
            exhausted = true
            try? handle.close()
            self.handle = nil
        }
    }

    /// Decides, on the first bytes that are not ASCII, whether the file is UTF-8 or Windows-1252: a file whose
    /// first such bytes are well-formed UTF-8 is UTF-8 (a later malformed byte is then an error, at its place);
    /// otherwise Windows-1252 from its first byte on (so far it was ASCII, which both read alike). A byte-order
    /// mark, or UTF-16 without one, decides at once (the reader converts UTF-16 itself).
    private mutating func decideEncoding(_ data: Data, first: Bool) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if first {
                let start = Array(bytes.prefix(64))
                if start.starts(with: [0xEF, 0xBB, 0xBF]) { byteOrderMark = true; undecided = false; return }
                if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF])
                    || ChunkedInput(bytes: start, file: file).utf16WithoutBOM() != nil { undecided = false; return }
            }
            guard let firstHigh = Self.firstNonASCII(bytes) else {
                cutSequence = []
                return
            }
            // The first non-ASCII sequence decides: after a sequence the last chunk cut, or at this chunk's first
            // non-ASCII byte.
            let judged = cutSequence.isEmpty ? Array(bytes[firstHigh..<min(bytes.count, firstHigh + 4)]) : cutSequence + Array(bytes.prefix(4))
            cutSequence = []
            if CSVReader.validSequenceLength(judged, at: 0) > 0 {
                undecided = false
            } else if judged.count < 4, CSVReader.validPrefix(judged) {
                // Cut by the chunk's end: judged with the next chunk.
                cutSequence = judged
            } else {
                windows1252 = true
                undecided = false
            }
        }
    }

    /// The index of the first byte ≥ 0x80, eight bytes at a time.
    private static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = 0
        let raw = UnsafeRawPointer(base)
        while i + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highBits != 0 { break }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    /// Windows-1252's 0x80–0x9F as Unicode scalars; the five bytes it leaves undefined keep their Latin-1 (C1) value.
    static let windows1252High: [UInt16] = [0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
                                             0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178]

    /// Appends `data`, read as Windows-1252, to `buffer` as UTF-8 (written in place: at most three bytes each).
    static func appendWindows1252(_ data: Data, to buffer: inout [UInt8]) {
        data.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: UInt8.self)
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: input.count * 3))
            let end = buffer.withUnsafeMutableBufferPointer { output -> Int in
                var out = start
                for byte in input {
                    if byte < 0x80 {
                        output[out] = byte
                        out += 1
                    } else if byte >= 0xA0 {
                        output[out] = 0xC0 | byte >> 6
                        output[out + 1] = 0x80 | byte & 0x3F
                        out += 2
                    } else {
                        let scalar = windows1252High[Int(byte - 0x80)]
                        if scalar < 0x800 {
                            output[out] = UInt8(0xC0 | scalar >> 6)
                            output[out + 1] = UInt8(0x80 | scalar & 0x3F)
                            out += 2
                        } else {
                            output[out] = UInt8(0xE0 | scalar >> 12)
                            output[out + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                            output[out + 2] = UInt8(0x80 | scalar & 0x3F)
                            out += 3
                        }
                    }
                }
                return out
            }
            buffer.removeLast(buffer.count - end)
        }
    }

    /// From here on, reads the file as UTF-16 in `littleEndian` or big-endian order, converting it to UTF-8 as it
    /// is read; what is already buffered (after `skipping` bytes of byte-order mark) is converted now.
    mutating func decodeUTF16(littleEndian: Bool, skipping: Int) throws {
        let raw = Array(buffer[(index + skipping)...])
        buffer.removeAll(keepingCapacity: true)
        consumedBefore += index + skipping
        utf16 = (littleEndian, [], index + skipping)
        index = 0
        try appendUTF16(raw)
    }

    private mutating func appendUTF16(_ bytes: [UInt8]) throws {
        guard var state = utf16 else { return }
        let all = state.carry + bytes
        // The file offset of `all`'s first byte, for pointing at a bad code unit.
        let offset = state.offset
        var units: [UInt16] = []
        units.reserveCapacity(all.count / 2)
        var i = 0
        while i + 1 < all.count {
            units.append(state.littleEndian ? UInt16(all[i]) | UInt16(all[i + 1]) << 8 : UInt16(all[i]) << 8 | UInt16(all[i + 1]))
            i += 2
        }
        var keep = Array(all[i...])
        // A high surrogate at the end waits for its partner in the next chunk.
        if let last = units.last, (0xD800...0xDBFF).contains(last) {
            units.removeLast()
            keep = (state.littleEndian ? [UInt8(last & 0xFF), UInt8(last >> 8)] : [UInt8(last >> 8), UInt8(last & 0xFF)]) + keep
        }
        state.carry = keep
        state.offset = offset + all.count - keep.count
        utf16 = state
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        if failed {
            // The first unit that is a surrogate without its partner.
            var bad = 0
            while bad < units.count {
                let unit = units[bad]
                if (0xD800...0xDBFF).contains(unit), bad + 1 < units.count, (0xDC00...0xDFFF).contains(units[bad + 1]) { bad += 2; continue }
                if (0xD800...0xDFFF).contains(unit) { break }
                bad += 1
            }
            throw CSVError.cannotRead(file: file, reason: "it is not valid UTF-16 text (a lone surrogate at byte \(offset + 2 * bad))")
        }
        buffer.append(contentsOf: output)
    }

    @inline(__always)
    func peek() -> UInt8? {
        index < buffer.count ? buffer[index] : nil
    }

    @inline(__always)
    mutating func skip(_ count: Int) {
        index += count
    }

    /// Splits the record at the read position in one pass when it is a plain line: it ends (LF, or CR LF) inside
    /// the buffered chunk and holds only ASCII without quotes, NUL or other CRs — what data exports mostly are
    /// (a Tobii export's million rows of 95 columns). Each field's column is then its byte offset. Consumes
    /// nothing and returns false otherwise: the field-by-field reader takes the line, with every check.
    mutating func plainASCIIRecord(delimiter: UInt8, keep: [Bool]?, line: Int, into fields: inout [Field]) -> Bool {
        let start = index
        let next: Int? = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, start < bytes.count,
                  let found = memchr(base + start, 10, bytes.count - start) else { return nil }
            let lineFeed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = lineFeed
            if end > start, bytes[end - 1] == 13 { end -= 1 }
            let raw = UnsafeRawPointer(base)
            // Eight bytes at a time: none may have its high bit set, nor be NUL, a quote or a CR.
            var i = start
            #if _endian(little)
            while i + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & Self.highBits != 0 || Self.hasByte(word, 0) || Self.hasByte(word, 34) || Self.hasByte(word, 13) { return nil }
                i += 8
            }
            #endif
            while i < end {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 34 || byte == 0 || byte == 13 { return nil }
                i += 1
            }
            // The fields, written over the last record's (no per-field teardown of a cleared array).
            var count = 0
            func field(_ from: Int, _ to: Int) {
                let kept = keep.map { count < $0.count && $0[count] } ?? true
                let value = kept ? String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) : ""
                let made = Field(value: value, line: line, column: from - start + 1)
                if count < fields.count { fields[count] = made } else { fields.append(made) }
                count += 1
            }
            var fieldStart = start
            i = start
            #if _endian(little)
            // Delimiters found eight bytes at a time: every byte is ASCII here, so adding 0x7F to each byte of
            // `word ^ delimiters` carries into its high bit exactly when it is not the delimiter.
            let delimiters = UInt64(delimiter) &* 0x0101_0101_0101_0101
            while i + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ delimiters
                var found = ~(word &+ Self.lowBits) & Self.highBits
                while found != 0 {
                    let at = i + found.trailingZeroBitCount / 8
                    field(fieldStart, at)
                    fieldStart = at + 1
                    found &= found &- 1
                }
                i += 8
            }
            #endif
            while i < end {
                if bytes[i] == delimiter {
                    field(fieldStart, i)
                    fieldStart = i + 1
                }
                i += 1
            }
            field(fieldStart, end)
            if fields.count > count { fields.removeLast(fields.count - count) }
            return lineFeed + 1
        }
        guard let next else { return false }
        index = next
        return true
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Whether a byte of `word` (all of them ASCII) is `byte`.
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        ~((word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)) &+ lowBits) & highBits != 0
    }

    /// The bytes of an unquoted field up to (not including) the next delimiter or line end, when that end lies
    /// in the buffered chunk; `nil` otherwise (the caller then reads byte by byte). Also counts its scalars.
    /// `body` gets the bytes where they lie in the buffer (no copy, no reference taken per field) and makes the value.
    @inline(__always)
    mutating func scanPlainField<Value>(delimiter: UInt8, _ body: (UnsafeBufferPointer<UInt8>, _ ascii: Bool) throws -> Value) rethrows
        -> (Value, scalars: Int)? {
        let start = index
        let found: (end: Int, scalars: Int, high: UInt8)? = buffer.withUnsafeBufferPointer { bytes in
            var i = start
            var scalars = 0
            var high: UInt8 = 0
            let count = bytes.count
            while i < count {
                let byte = bytes[i]
                if byte == 0 { return nil }  // the byte-by-byte path reports it with its position
                if byte == delimiter || byte == 10 || byte == 13 { return (i, scalars, high) }
                high |= byte
                if byte & 0xC0 != 0x80 { scalars += 1 }
                i += 1
            }
            return nil
        }
        guard let found else { return nil }
        index = found.end
        let value = try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<found.end]), found.high < 0x80) }
        return (value, found.scalars)
    }
}
