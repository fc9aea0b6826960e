import Foundation
import Media
import Testing

/// A stimulus image's type and size read from its header alone, as the study records them when an image is registered.
@Suite struct StimulusHeaderTests {
    static func png(width: UInt32, height: UInt32) -> Data {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0])
    }

    @Test func readsAPNGsSize() throws {
        let header = try StimulusHeader(data: Self.png(width: 1280, height: 800))
        #expect(header.kind == .png && header.width == 1280 && header.height == 800)
    }

    /// An APP0 segment, then a baseline frame header (SOF0) giving 120 rows of 160 pixels.
    @Test func readsAJPEGsSizeFromItsFrameHeader() throws {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0xA0, 0x03] + Array(repeating: 0, count: 9)
        let header = try StimulusHeader(data: Data([0xFF, 0xD8] + app0 + sof0))
        #expect(header.kind == .jpeg && header.width == 160 && header.height == 120)
    }

    @Test func refusesWhatItCannotRead() {
        #expect(throws: StimulusHeader.Problem.notAnImage) { try StimulusHeader(data: Data("GIF89a".utf8)) }
        #expect(throws: StimulusHeader.Problem.pngEndsInHeader) { try StimulusHeader(data: Self.png(width: 10, height: 10).prefix(20)) }
        #expect(throws: StimulusHeader.Problem.tooLarge(width: 30_000, height: 10)) { try StimulusHeader(data: Self.png(width: 30_000, height: 10)) }
        #expect(throws: StimulusHeader.Problem.jpegWithoutSize) { try StimulusHeader(data: Data([0xFF, 0xD8] + Array(repeating: 0xFF, count: 4))) }
        #expect(StimulusHeader.Problem.pngEndsInHeader.sentence.description == "the PNG file ends inside its header")
    }
}
