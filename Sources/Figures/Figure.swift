import CCairo
import Foundation

/// A picture described once — rectangles, lines, circles and text in figure units — and drawn by Cairo to SVG,
/// PNG and PDF from that one description, so the three files of a chart are the same chart.
///
/// Figure units are laid out for a 680-unit-wide picture; it is printed at `printWidthPoints` (16 cm, the text
/// width of an A4 thesis page with ABNT margins), so 14-unit text comes out near 10 pt.
public struct Figure: Sendable, Equatable {
    public struct Colour: Sendable, Equatable {
        public var red: Double, green: Double, blue: Double, alpha: Double
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
        /// `#2B6CB0` → the colour.
        public init(hex: String) {
            let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            let value = UInt32(digits, radix: 16) ?? 0
            self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
        }
        public static let black = Colour(red: 0.15, green: 0.15, blue: 0.15)
        public static let grid = Colour(red: 0.85, green: 0.85, blue: 0.85)
        public static let white = Colour(red: 1, green: 1, blue: 1)
    }

    public enum Anchor: Sendable, Equatable { case start, middle, end }

    public enum Element: Sendable, Equatable {
        case rect(x: Double, y: Double, width: Double, height: Double, fill: Colour)
        case line(x1: Double, y1: Double, x2: Double, y2: Double, colour: Colour, width: Double, dashed: Bool)
        case circle(x: Double, y: Double, radius: Double, fill: Colour)
        /// Text whose baseline starts (or is centred, or ends) at x, y; rotated by `angle` degrees around it.
        case text(String, x: Double, y: Double, size: Double, anchor: Anchor, bold: Bool, angle: Double, colour: Colour)
        /// A raster image (PNG data), drawn into the given box; for heat maps over their stimulus.
        case image(png: Data, x: Double, y: Double, width: Double, height: Double, alpha: Double)
        /// Pixels computed in memory (a heat map), drawn into the given box without a PNG round trip.
        case raster(Raster, x: Double, y: Double, width: Double, height: Double)
    }

    /// Premultiplied ARGB pixels, native-endian (Cairo's ARGB32), row by row.
    public struct Raster: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var pixels: [UInt32]
        public init(width: Int, height: Int, pixels: [UInt32]) { self.width = width; self.height = height; self.pixels = pixels }
    }

    public var width: Double
    public var height: Double
    public var elements: [Element] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The width the figure is printed at, in points (16 cm).
    public static let printWidthPoints = 453.5
    /// The resolution of PNG output.
    public static let pngDPI = 300.0

    public mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ fill: Colour) {
        elements.append(.rect(x: x, y: y, width: width, height: height, fill: fill))
    }

    public mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: Colour = .black, width: Double = 1, dashed: Bool = false) {
        elements.append(.line(x1: x1, y1: y1, x2: x2, y2: y2, colour: colour, width: width, dashed: dashed))
    }

    public mutating func circle(_ x: Double, _ y: Double, radius: Double, _ fill: Colour) {
        elements.append(.circle(x: x, y: y, radius: radius, fill: fill))
    }

    public mutating func text(_ text: String, _ x: Double, _ y: Double, size: Double = 13, anchor: Anchor = .start, bold: Bool = false,
                              angle: Double = 0, colour: Colour = .black) {
        elements.append(.text(text, x: x, y: y, size: size, anchor: anchor, bold: bold, angle: angle, colour: colour))
    }

    /// Every text in the figure, in drawing order (for tests and for checking a figure's language).
    public var texts: [String] {
        elements.compactMap { if case let .text(text, _, _, _, _, _, _, _) = $0 { return text } else { return nil } }
    }

    // MARK: - Output

    public enum Format: String, Sendable, CaseIterable {
        case svg, png, pdf
    }

    public enum RenderError: Error, LocalizedError, Equatable {
        case cairo(path: String, status: String)
        public var errorDescription: String? {
            switch self {
            case let .cairo(path, status): return "Cannot draw \(path): \(status)"
            }
        }
    }

    /// Writes the figure to `path` in `format`: SVG written by hand (texts as `<text>` elements, `svg()`), PNG and
    /// PDF drawn by Cairo.
    public func write(to path: String, format: Format) throws {
        if format == .svg {
            do {
                try Data(svg().utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw RenderError.cairo(path: path, status: (error as NSError).localizedDescription)
            }
            return
        }
        let scale = Self.printWidthPoints / width
        let pointsWidth = width * scale
        let pointsHeight = height * scale
        let surface: OpaquePointer?
        switch format {
        case .svg:
            surface = nil  // written by hand above
        case .pdf:
            surface = cairo_pdf_surface_create(path, pointsWidth, pointsHeight)
        case .png:
            let pixels = Self.pngDPI / 72
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((pointsWidth * pixels).rounded(.up)), Int32((pointsHeight * pixels).rounded(.up)))
        }
        guard let surface else { throw RenderError.cairo(path: path, status: "no surface") }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw RenderError.cairo(path: path, status: "no context") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, format == .png ? scale * Self.pngDPI / 72 : scale, format == .png ? scale * Self.pngDPI / 72 : scale)
        draw(cr)
        cairo_show_page(cr)
        if format == .png {
            let status = cairo_surface_write_to_png(surface, path)
            if status != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(path: path, status: String(cString: cairo_status_to_string(status))) }
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(path: path, status: String(cString: cairo_status_to_string(status))) }
    }

    /// The font every text uses: DejaVu Sans where fontconfig has it (it covers Portuguese and the symbols used).
    static let fontFamily = "DejaVu Sans"

    private func draw(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        for element in elements {
            switch element {
            case let .rect(x, y, w, h, fill):
                set(cr, fill)
                cairo_rectangle(cr, x, y, w, h)
                cairo_fill(cr)
            case let .line(x1, y1, x2, y2, colour, lineWidth, dashed):
                set(cr, colour)
                cairo_set_line_width(cr, lineWidth)
                if dashed {
                    let pattern: [Double] = [6, 4]
                    cairo_set_dash(cr, pattern, 2, 0)
                }
                cairo_move_to(cr, x1, y1)
                cairo_line_to(cr, x2, y2)
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
            case let .circle(x, y, radius, fill):
                set(cr, fill)
                cairo_arc(cr, x, y, radius, 0, 2 * .pi)
                cairo_fill(cr)
            case let .text(text, x, y, size, anchor, bold, angle, colour):
                set(cr, colour)
                cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
                cairo_set_font_size(cr, size)
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, text, &extents)
                let offset: Double
                switch anchor {
                case .start: offset = 0
                case .middle: offset = extents.x_advance / 2
                case .end: offset = extents.x_advance
                }
                cairo_save(cr)
                cairo_translate(cr, x, y)
                if angle != 0 { cairo_rotate(cr, angle * .pi / 180) }
                cairo_move_to(cr, -offset, 0)
                cairo_show_text(cr, text)
                cairo_restore(cr)
            case let .image(png, x, y, w, h, alpha):
                drawImage(cr, png: png, x: x, y: y, width: w, height: h, alpha: alpha)
            case let .raster(raster, x, y, w, h):
                drawRaster(cr, raster, x: x, y: y, width: w, height: h)
            }
        }
    }

    private func set(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }

    private func drawImage(_ cr: OpaquePointer, png: Data, x: Double, y: Double, width w: Double, height h: Double, alpha: Double) {
        guard let image = try? StimulusImage.decodePNG(png) else { return }
        defer { cairo_surface_destroy(image) }
        let imageWidth = Double(cairo_image_surface_get_width(image))
        let imageHeight = Double(cairo_image_surface_get_height(image))
        guard imageWidth > 0, imageHeight > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, w / imageWidth, h / imageHeight)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    private func drawRaster(_ cr: OpaquePointer, _ raster: Raster, x: Double, y: Double, width w: Double, height h: Double) {
        // A surface Cairo owns (the pixels copied in): vector surfaces keep a reference to it until they finish.
        guard let image = Self.surface(raster) else { return }
        defer { cairo_surface_destroy(image) }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, w / Double(raster.width), h / Double(raster.height))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// An ARGB32 image surface holding a copy of `raster`'s pixels; the caller destroys it.
    static func surface(_ raster: Raster) -> OpaquePointer? {
        guard raster.width > 0, raster.height > 0, raster.pixels.count == raster.width * raster.height,
              let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(raster.width), Int32(raster.height)),
              cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { cairo_surface_destroy(image); return nil }
        let stride = Int(cairo_image_surface_get_stride(image))
        raster.pixels.withUnsafeBufferPointer { pixels in
            // The guard above: width × height > 0 pixels, so the buffer's base address exists.
            guard let base = pixels.baseAddress else { return }
            for row in 0..<raster.height {
                UnsafeMutableRawPointer(data + row * stride).copyMemory(from: base + row * raster.width, byteCount: raster.width * 4)
            }
        }
        cairo_surface_mark_dirty(image)
        return image
    }

    /// How wide `text` is at `size` (figure units), for laying out labels and legends.
    public static func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return Double(text.count) * size * 0.55 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return Double(text.count) * size * 0.55 }
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }
}
