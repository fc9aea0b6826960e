import Foundation
import Wording

/// A stimulus image's type and size, read from its header (PNG: IHDR; JPEG: the first SOF marker) without decoding its
/// pixels: what a study records of an image when it is registered (the importer reads it without linking any drawing
/// library). `StimulusImage` (Figures) decodes the pixels when drawing.
public struct StimulusHeader: Sendable, Equatable {
    /// The image formats a stimulus may be.
    public enum Kind: String, Sendable, Equatable, Codable { case png, jpeg }

    public var kind: Kind
    public var width: Int
    public var height: Int

    /// Why an image's header cannot be read.
    public enum Problem: Error, Equatable, WordedError {
        case pngEndsInHeader
        case jpegDamaged(byte: Int)
        case jpegWithoutSize
        case notAnImage
        case tooLarge(width: Int, height: Int)

        public var sentence: Sentence {
            switch self {
            case .pngEndsInHeader: return "the PNG file ends inside its header"
            case let .jpegDamaged(i): return "the JPEG file is damaged near byte \(i)"
            case .jpegWithoutSize: return "the JPEG file has no image size (no frame header)"
            case .notAnImage: return "not a PNG or JPEG image"
            case let .tooLarge(width, height): return "the image is \(width) × \(height) pixels; a stimulus may be at most 20000 pixels on a side"
            }
        }
    }

    /// Reads the header of `data`, telling PNG from JPEG by their signatures; a side must be 1 to 20000 pixels.
    public init(data: Data) throws {
        let bytes = [UInt8](data)
        if bytes.starts(with: Self.pngSignature) {
            guard bytes.count > 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw Problem.pngEndsInHeader }
            kind = .png
            (width, height) = Self.pngSize(data)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            var i = 2
            var found: (Int, Int)?
            while i + 9 < bytes.count, found == nil {
                guard bytes[i] == 0xFF else { throw Problem.jpegDamaged(byte: i) }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    found = (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]))
                }
                i += 2 + length
            }
            guard let found else { throw Problem.jpegWithoutSize }
            kind = .jpeg
            (width, height) = found
        } else {
            throw Problem.notAnImage
        }
        guard Self.allowedSide.contains(width), Self.allowedSide.contains(height) else { throw Problem.tooLarge(width: width, height: height) }
    }

    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The pixels a stimulus may have on a side.
    public static let allowedSide = 1...20_000

    /// A PNG's width and height as its IHDR chunk gives them (bytes 16–23, big-endian); `data` must be longer than 24 bytes.
    public static func pngSize(_ data: Data) -> (width: Int, height: Int) {
        let start = data.startIndex
        return (data[start + 16..<start + 20].reduce(0) { $0 << 8 | Int($1) }, data[start + 20..<start + 24].reduce(0) { $0 << 8 | Int($1) })
    }
}
