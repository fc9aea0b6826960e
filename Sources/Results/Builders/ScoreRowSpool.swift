import Foundation
import Surveys
import Tabular

/// Every participant's scores, as a streaming snapshot computed them while it built the summaries, kept in a
/// `Spool` for the scores table to read back: each set is read from the study and scored once per export, and
/// memory stays flat.
///
/// A record is its length (4 bytes) and then: the instrument's position in the snapshot (4), the participant, the
/// group, the task and the occasion as texts (a text is a flag byte for "none", its length in 4 bytes and its UTF-8), the number of
/// scores (4) and, per score, its id (text), value (the Double's 8 bytes), items answered and items (8 each); all
/// in the machine's byte order, since the file never outlives the process.
public final class ScoreRowSpool: @unchecked Sendable {
    private let spool: Spool
    private let lock = NSLock()
    private var record: [UInt8] = []
    public private(set) var count = 0

    public init() throws {
        spool = try Spool()
    }

    /// Keeps `row` of the snapshot's questionnaire number `instrument`.
    public func append(_ row: ScoreReport.Row, instrument: Int) {
        record.removeAll(keepingCapacity: true)
        append(Int32(instrument))
        append(text: row.participant)
        append(text: row.group)
        append(text: row.task)
        append(text: row.occasion)
        append(Int32(row.scores.count))
        for score in row.scores {
            append(text: score.id)
            append(score.value.bitPattern)
            append(Int64(score.answered))
            append(Int64(score.of))
        }
        lock.lock()
        defer { lock.unlock() }
        withUnsafeBytes(of: UInt32(record.count)) { spool.write($0) }
        spool.write(bytes: record)
        count += 1
    }

    /// Calls `body` with every row kept, in the order they came, with its questionnaire's position.
    public func forEach(_ body: (_ instrument: Int, ScoreReport.Row) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        try spool.read { file in
            while let prefix = file.read(4) {
                let length = prefix.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                guard let bytes = file.read(Int(length)) else { throw SpoolError("the temporary scores file ends inside a row") }
                var reader = Reader(bytes: bytes)
                let instrument = Int(reader.int32())
                var row = ScoreReport.Row(participant: reader.text() ?? "", group: reader.text(), task: reader.text(), scores: [])
                row.occasion = reader.text() ?? ""
                for _ in 0..<Int(reader.int32()) {
                    let id = reader.text() ?? ""
                    let value = Double(bitPattern: reader.uint64())
                    let answered = Int(Int64(bitPattern: reader.uint64()))
                    row.scores.append(Score(id: id, value: value, answered: answered, of: Int(Int64(bitPattern: reader.uint64()))))
                }
                try body(instrument, row)
            }
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
