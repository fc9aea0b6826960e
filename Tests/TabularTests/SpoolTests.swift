import Foundation
import Testing
@testable import Tabular

@Suite struct SpoolTests {
    /// What is spooled reads back from the start, by line, by block or by count, as often as asked; writing then
    /// goes on at the end.
    @Test func readsBackWhatWasWritten() throws {
        let spool = try Spool()
        spool.write("première\r\nsecond\n")
        spool.write(bytes: Array("third, no break".utf8))
        #expect(spool.size == "première\r\nsecond\nthird, no break".utf8.count)
        for _ in 0..<2 {
            var lines: [String] = []
            try spool.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
            #expect(lines == ["première\r", "second", "third, no break"])
        }
        var blocks: [UInt8] = []
        try spool.forEachBlock { blocks.append(contentsOf: $0) }
        #expect(String(decoding: blocks, as: UTF8.self) == "première\r\nsecond\nthird, no break")
        spool.write("\nfourth")
        try spool.read { reader in
            #expect(reader.read(5).map { String(decoding: $0, as: UTF8.self) } == "premi")
            #expect(reader.line().map { String(decoding: $0, as: UTF8.self) } == "ère\r")
            #expect(reader.read(1_000) == nil, "fewer bytes than asked are left")
        }
        var last: String?
        try spool.forEachLine { last = String(decoding: $0, as: UTF8.self) }
        #expect(last == "fourth")
    }
}
