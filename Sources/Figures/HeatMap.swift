import CCairo
import Foundation

/// Weighted points spread with a Gaussian kernel over a picture's pixels: the heat map of eye-tracking fixations
/// (each fixation a point weighted by its duration or 1), and its inverse, the blind-spot ("opacity", "focus") map.
///
/// Recipe of PyGazeAnalyser's `draw_heatmap` (esdalmaijer/PyGazeAnalyser, gazeplotter.py): a Gaussian kernel 200 px
/// wide with SD = width / 6, each point adds kernel × weight, cells below the mean of the non-zero cells are left
/// transparent, the rest coloured by a jet-like ramp. The output is deterministic (same points → same bytes).
public struct HeatMap: Sendable {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var weight: Double
        public init(x: Double, y: Double, weight: Double) { self.x = x; self.y = y; self.weight = weight }
    }

    public var width: Int
    public var height: Int
    /// The kernel's standard deviation in pixels (PyGazeAnalyser: 200 / 6 ≈ 33).
    public var sigma: Double
    /// Per pixel, the summed kernel × weight.
    public private(set) var density: [Double]

    /// Spreads `points` over a `width` × `height` map. Each point is binned to its nearest pixel and the grid is
    /// blurred with a separable Gaussian truncated at 3σ — the same sum as stamping a 2-D kernel at every point, at a
    /// cost that depends on the map's size, not on the number of points (a million fixations cost what a few do).
    public init(width: Int, height: Int, points: [Point], sigma: Double = 200.0 / 6) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.sigma = sigma
        let radius = Int((3 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let reach = Double(radius)
        // The grid is padded by the kernel's radius on every side: a point just off the map still warms its edge.
        let paddedWidth = self.width + 2 * radius, paddedHeight = self.height + 2 * radius
        var grid = [Double](repeating: 0, count: paddedWidth * paddedHeight)
        for point in points where point.weight > 0 && point.weight.isFinite {
            // A point whose kernel cannot touch the map adds nothing (and is never converted to an integer).
            guard point.x.isFinite, point.y.isFinite, point.x > -reach, point.y > -reach,
                  point.x < Double(self.width) + reach, point.y < Double(self.height) + reach else { continue }
            let cx = Int(point.x.rounded()) + radius, cy = Int(point.y.rounded()) + radius
            guard cx >= 0, cx < paddedWidth, cy >= 0, cy < paddedHeight else { continue }
            grid[cy * paddedWidth + cx] += point.weight
        }
        let mapWidth = self.width, mapHeight = self.height
        // Horizontal pass: each non-zero cell scatters its kernel along its row, into map columns only.
        var rows = [Double](repeating: 0, count: mapWidth * paddedHeight)
        grid.withUnsafeBufferPointer { grid in
            rows.withUnsafeMutableBufferPointer { rows in
                kernel.withUnsafeBufferPointer { kernel in
                    for y in 0..<paddedHeight {
                        let source = y * paddedWidth, target = y * mapWidth
                        for px in 0..<paddedWidth where grid[source + px] != 0 {
                            let value = grid[source + px]
                            // Padded column px is map column px − radius; it reaches map columns px − 2r … px.
                            let low = max(0, px - 2 * radius), high = min(mapWidth - 1, px)
                            guard low <= high else { continue }
                            for x in low...high { rows[target + x] += value * kernel[px - x] }
                        }
                    }
                }
            }
        }
        // Vertical pass: each non-zero cell scatters down its column, into map rows only.
        var density = [Double](repeating: 0, count: mapWidth * mapHeight)
        rows.withUnsafeBufferPointer { rows in
            density.withUnsafeMutableBufferPointer { density in
                kernel.withUnsafeBufferPointer { kernel in
                    for py in 0..<paddedHeight {
                        let low = max(0, py - 2 * radius), high = min(mapHeight - 1, py)
                        guard low <= high else { continue }
                        let source = py * mapWidth
                        guard (0..<mapWidth).contains(where: { rows[source + $0] != 0 }) else { continue }
                        for y in low...high {
                            let weight = kernel[py - y], target = y * mapWidth
                            for x in 0..<mapWidth where rows[source + x] != 0 { density[target + x] += rows[source + x] * weight }
                        }
                    }
                }
            }
        }
        self.density = density
    }

    public var maximum: Double { density.max() ?? 0 }

    /// The heat map as a PNG: transparent below the mean of the non-zero cells, then a blue → green → yellow → red
    /// ramp up to the maximum, at `alpha`.
    public func heatPNG(alpha: Double = 0.6) throws -> Data {
        let nonZero = density.filter { $0 > 0 }
        let floor = nonZero.isEmpty ? 0 : nonZero.reduce(0, +) / Double(nonZero.count)
        let top = maximum
        return try png { value in
            guard top > 0, value > floor else { return (0, 0, 0, 0) }
            let (r, g, b) = Self.ramp((value - floor) / max(top - floor, .leastNonzeroMagnitude))
            return (r, g, b, alpha)
        }
    }

    /// The blind-spot map: a grey fog that is thickest where nobody looked and clears where attention was.
    public func blindSpotPNG(fog: Double = 0.85) throws -> Data {
        let top = maximum
        return try png { value in
            let attention = top > 0 ? min(1, value / top) : 0
            return (0.1, 0.1, 0.1, fog * (1 - attention))
        }
    }

    /// Blue (low) → cyan → green → yellow → red (high).
    static func ramp(_ t: Double) -> (Double, Double, Double) {
        let v = min(1, max(0, t))
        let r = min(1, max(0, 1.5 - abs(4 * v - 3)))
        let g = min(1, max(0, 1.5 - abs(4 * v - 2)))
        let b = min(1, max(0, 1.5 - abs(4 * v - 1)))
        return (r, g, b)
    }

    /// Renders the density through `colour` (r, g, b, a in 0…1) into a PNG of the map's size.
    func png(_ colour: (Double) -> (Double, Double, Double, Double)) throws -> Data {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw Figure.RenderError.cairo(path: "heat map", status: "no surface")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw Figure.RenderError.cairo(path: "heat map", status: "no pixels") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                let (r, g, b, a) = colour(density[y * width + x])
                // Cairo's ARGB32 is premultiplied, native-endian.
                let alpha = UInt32((a * 255).rounded())
                let red = UInt32((r * a * 255).rounded()), green = UInt32((g * a * 255).rounded()), blue = UInt32((b * a * 255).rounded())
                row[x] = alpha << 24 | red << 16 | green << 8 | blue
            }
        }
        cairo_surface_mark_dirty(surface)
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Figure.RenderError.cairo(path: "heat map", status: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}

extension Figure {
    /// A figure of `width` × `height` (media pixels) showing `background` (the stimulus, PNG) under `overlay` (PNG).
    public static func overlay(width: Double, height: Double, background: Data?, overlay: Data, alpha: Double = 1) -> Figure {
        var figure = Figure(width: width, height: height)
        if let background { figure.elements.append(.image(png: background, x: 0, y: 0, width: width, height: height, alpha: 1)) }
        figure.elements.append(.image(png: overlay, x: 0, y: 0, width: width, height: height, alpha: alpha))
        return figure
    }
}
