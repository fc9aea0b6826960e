import Foundation
import Testing
@testable import Interchange
import Surveys
import StudyBasics

@Suite struct NameBasedUUIDTests {
    @Test func sha1MatchesFIPSVectors() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        // FIPS 180-2 Appendix A examples, and the empty message.
        #expect(hex(NameBasedUUID.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(NameBasedUUID.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(NameBasedUUID.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(NameBasedUUID.sha1([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func uuid5MatchesPython() {
        // python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid5(uuid.NAMESPACE_URL, 'código:12'))"
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        let url = UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8")!
        #expect(NameBasedUUID.make(namespace: dns, name: "python.org").uuidString.lowercased() == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
        #expect(NameBasedUUID.make(namespace: url, name: "código:12").uuidString.lowercased() == "2195bc0a-f5f9-5043-80df-2b82ee647b5f")
    }
}
