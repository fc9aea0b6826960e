import Foundation
import Surveys

/// Every participant's scores, as a streaming snapshot computed them while it built the summaries, kept in an
/// anonymous temporary file (`tmpfile`: removed when closed or when the process ends) for the scores table to
/// read back: each set is read from the study and scored once per export, and memory stays flat.
///
/// A record is its length (4 bytes) and then: the instrument's position in the snapshot (4), the participant, the
/// group and the task as texts (a text is a flag byte for "none", its length in 4 bytes and its UTF-8), the number of
/// scores (4) and, per score, its id (text), value (the Double's 8 bytes), items answered and items (8 each); all
/// in the machine's byte order, since the file never outlives the process.
public final class ScoreRowSpool: @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>
    private let lock = NSLock()
    private var record: [UInt8] = []
    public private(set) var count = 0

    public init() throws {
        guard let file = tmpfile() else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot make a temporary file for the scores: \(String(cString: strerror(errno)))"])
        }
        setvbuf(file, nil, _IOFBF, 1 << 16)
        self.file = file
    }

    deinit { fclose(file) }

    /// Keeps `row` of the snapshot's questionnaire number `instrument`.
    public func append(_ row: ScoreReport.Row, instrument: Int) throws {
        record.removeAll(keepingCapacity: true)
        append(Int32(instrument))
        append(text: row.participant)
        append(text: row.group)
        append(text: row.task)
        append(Int32(row.scores.count))
        for score in row.scores {
            append(text: score.id)
            append(score.value.bitPattern)
            append(Int64(score.answered))
            append(Int64(score.of))
        }
        var length = UInt32(record.count)
        lock.lock()
        defer { lock.unlock() }
        guard fwrite(&length, 4, 1, file) == 1,
              record.withUnsafeBufferPointer({ fwrite($0.baseAddress, 1, $0.count, file) }) == record.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write the temporary scores file: \(String(cString: strerror(errno)))"])
        }
        count += 1
    }

    /// Calls `body` with every row kept, in the order they came, with its questionnaire's position.
    public func forEach(_ body: (_ instrument: Int, ScoreReport.Row) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        fflush(file)
        rewind(file)
        defer { fseek(file, 0, SEEK_END) }
        var buffer: [UInt8] = []
        while true {
            var length: UInt32 = 0
            guard fread(&length, 4, 1, file) == 1 else { break }
            buffer = [UInt8](repeating: 0, count: Int(length))
            guard buffer.withUnsafeMutableBufferPointer({ fread($0.baseAddress, 1, $0.count, file) }) == Int(length) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the temporary scores file ends inside a row"])
            }
            var reader = Reader(bytes: buffer)
            let instrument = Int(reader.int32())
            var row = ScoreReport.Row(participant: reader.text() ?? "", group: reader.text(), task: reader.text(), scores: [])
            for _ in 0..<Int(reader.int32()) {
                let id = reader.text() ?? ""
                let value = Double(bitPattern: reader.uint64())
                let answered = Int(Int64(bitPattern: reader.uint64()))
                row.scores.append(Score(id: id, value: value, answered: answered, of: Int(Int64(bitPattern: reader.uint64()))))
            }
            try body(instrument, row)
        }
        if ferror(file) != 0 {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot read back the temporary scores file"])
        }
    }

    private func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { record.append(contentsOf: $0) }
    }

    private func append(text: String?) {
        guard let text else { record.append(0); return }
        record.append(1)
        append(UInt32(text.utf8.count))
        record.append(contentsOf: text.utf8)
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func fixed<T: FixedWidthInteger>(_: T.Type) -> T {
            var value = T.zero
            withUnsafeMutableBytes(of: &value) { target in
                bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + MemoryLayout<T>.size)])) }
            }
            offset += MemoryLayout<T>.size
            return value
        }

        mutating func int32() -> Int32 { fixed(Int32.self) }
        mutating func uint64() -> UInt64 { fixed(UInt64.self) }

        mutating func text() -> String? {
            let present = bytes[offset]
            offset += 1
            guard present == 1 else { return nil }
            let length = Int(fixed(UInt32.self))
            defer { offset += length }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
    }
}
