import CCairo
import Foundation

extension Figure {
    /// The figure as an SVG document written element by element, so every text is a `<text>` element a person can
    /// select and edit when the chart is placed on a slide or in a drawing program (Cairo's SVG surface draws glyphs
    /// as paths). Sizes are in figure units inside a viewBox; the document's width is the print width in points.
    public func svg() -> String {
        let scale = Self.printWidthPoints / width
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(Self.number(width * scale))pt" \
            height="\(Self.number(height * scale))pt" viewBox="0 0 \(Self.number(width)) \(Self.number(height))">
            <rect x="0" y="0" width="\(Self.number(width))" height="\(Self.number(height))" fill="#ffffff"/>

            """
        for element in elements {
            switch element {
            case let .rect(x, y, w, h, fill):
                out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(w))\" height=\"\(Self.number(h))\"\(Self.paint("fill", fill))/>\n"
            case let .line(x1, y1, x2, y2, colour, lineWidth, dashed):
                out += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"\(Self.paint("stroke", colour))"
                    + " stroke-width=\"\(Self.number(lineWidth))\"" + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
            case let .circle(x, y, radius, fill):
                out += "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\"\(Self.paint("fill", fill))/>\n"
            case let .text(text, x, y, size, anchor, bold, angle, colour):
                let anchorName = switch anchor { case .start: "start"; case .middle: "middle"; case .end: "end" }
                out += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-family=\"\(Self.fontFamily), sans-serif\" font-size=\"\(Self.number(size))\""
                    + (anchor == .start ? "" : " text-anchor=\"\(anchorName)\"") + (bold ? " font-weight=\"bold\"" : "")
                    + Self.paint("fill", colour)
                    + (angle == 0 ? "" : " transform=\"rotate(\(Self.number(angle)) \(Self.number(x)) \(Self.number(y)))\"")
                    + " xml:space=\"preserve\">\(Self.escaped(text))</text>\n"
            case let .image(png, x, y, w, h, alpha):
                out += Self.image(png, x: x, y: y, width: w, height: h, alpha: alpha)
            case let .raster(raster, x, y, w, h):
                if let png = Self.png(raster) { out += Self.image(png, x: x, y: y, width: w, height: h, alpha: 1) }
            }
        }
        return out + "</svg>\n"
    }

    static func image(_ png: Data, x: Double, y: Double, width w: Double, height h: Double, alpha: Double) -> String {
        let source = "data:image/png;base64," + png.base64EncodedString()
        return "<image x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(w))\" height=\"\(number(h))\" preserveAspectRatio=\"none\""
            + (alpha < 1 ? " opacity=\"\(number(alpha))\"" : "") + " href=\"\(source)\" xlink:href=\"\(source)\"/>\n"
    }

    /// `raster` encoded as PNG by Cairo.
    static func png(_ raster: Raster) -> Data? {
        guard let surface = surface(raster) else { return nil }
        defer { cairo_surface_destroy(surface) }
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.data : nil
    }

    /// ` fill="#2b6cb0"` (with its opacity when not opaque).
    static func paint(_ attribute: String, _ colour: Colour) -> String {
        func channel(_ value: Double) -> String {
            let byte = max(0, min(255, Int((value * 255).rounded())))
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return " \(attribute)=\"#\(channel(colour.red))\(channel(colour.green))\(channel(colour.blue))\""
            + (colour.alpha < 1 ? " \(attribute)-opacity=\"\(number(colour.alpha))\"" : "")
    }

    /// A coordinate with at most two decimals and a decimal point (SVG's own number syntax, never the study's language).
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(format: "%.2f", rounded)
    }

    /// Text as XML character data: markup characters escaped, and characters XML 1.0 forbids left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                let value = scalar.value
                if value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D { continue }
                if value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
