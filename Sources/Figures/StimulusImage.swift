import CCairo
import Foundation
import Media
import Wording
import JPEGDecoding

/// A stimulus picture (the screen a participant looked at), read from PNG (by Cairo) or JPEG (by libjpeg), as the
/// PNG every figure draws under its map, with its size in pixels.
public struct StimulusImage: Sendable, Equatable {
    public typealias Kind = StimulusHeader.Kind

    public var kind: Kind
    /// The image as PNG (the original bytes for a PNG; the decoded pixels re-encoded, losslessly, for a JPEG).
    public var png: Data
    public var width: Int
    public var height: Int

    public enum Problem: Error, Equatable, LocalizedError, WordedError {
        case notAnImage
        case unreadable(Sentence)
        case tooLarge(width: Int, height: Int)

        public var errorDescription: String? { sentence.description }

        public var sentence: Sentence {
            switch self {
            case .notAnImage: return "not a PNG or JPEG image"
            case let .unreadable(reason): return "the image cannot be read: \(reason)"
            case let .tooLarge(width, height): return "the image is \(width) × \(height) pixels; a stimulus may be at most 20000 pixels on a side"
            }
        }
    }

    /// Reads `data`, telling PNG from JPEG by their signatures.
    public init(data: Data) throws {
        if data.starts(with: StimulusHeader.pngSignature) {
            kind = .png
            png = data
            // The header's size first (a 20000-pixel bound before Cairo allocates anything), then a full decode.
            guard data.count > 24 else { throw Problem.unreadable("the file ends inside its header") }
            let (w, h) = StimulusHeader.pngSize(data)
            guard StimulusHeader.allowedSide.contains(w), StimulusHeader.allowedSide.contains(h) else { throw Problem.tooLarge(width: w, height: h) }
            let surface = try Self.decodePNG(data)
            defer { cairo_surface_destroy(surface) }
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = .jpeg
            var pixels: UnsafeMutablePointer<UInt8>?
            var w: Int32 = 0, h: Int32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = data.withUnsafeBytes { bytes in
                studyctl_jpeg_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &pixels, &w, &h, &message, message.count)
            }
            guard status == 0, let pixels else {
                let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if reason.contains("at most 20000") { throw Problem.unreadable(Sentence(verbatim: reason)) }
                throw Problem.unreadable(reason.isEmpty ? "libjpeg could not decode it" : "libjpeg says \"\(reason)\"")
            }
            defer { free(pixels) }
            width = Int(w)
            height = Int(h)
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h) else { throw Problem.unreadable("no memory for its pixels") }
            defer { cairo_surface_destroy(surface) }
            cairo_surface_flush(surface)
            guard let target = cairo_image_surface_get_data(surface) else { throw Problem.unreadable("no memory for its pixels") }
            let stride = Int(cairo_image_surface_get_stride(surface))
            for y in 0..<Int(h) {
                let row = target.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: Int(w)) { $0 }
                let source = pixels.advanced(by: y * Int(w) * 3)
                for x in 0..<Int(w) {
                    row[x] = 0xFF00_0000 | UInt32(source[3 * x]) << 16 | UInt32(source[3 * x + 1]) << 8 | UInt32(source[3 * x + 2])
                }
            }
            cairo_surface_mark_dirty(surface)
            png = try Self.encodePNG(surface)
        } else {
            throw Problem.notAnImage
        }
    }

    static func decodePNG(_ data: Data) throws -> OpaquePointer {
        final class Source { var data: Data; var offset = 0; init(_ data: Data) { self.data = data } }
        let source = Source(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
            // The bytes hold at least `offset + count` (checked above); only an empty read of empty data has no address.
            source.data.withUnsafeBytes { bytes in
                guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return }
                buffer.update(from: base.advanced(by: source.offset), count: count)
            }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        guard let surface else { throw Problem.unreadable("Cairo could not decode it") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Problem.unreadable(Sentence(verbatim: String(cString: cairo_status_to_string(status))))
        }
        return surface
    }

    static func encodePNG(_ surface: OpaquePointer) throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw Problem.unreadable(Sentence(verbatim: String(cString: cairo_status_to_string(status)))) }
        return sink.data
    }
}
