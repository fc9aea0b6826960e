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
            guard point.x.isFinite, point.y.isFinite, point.x >= -reach - 0.5, point.y >= -reach - 0.5,
                  point.x < Double(self.width) + reach, point.y < Double(self.height) + reach else { continue }
            let cx = Int(point.x.rounded()) + radius, cy = Int(point.y.rounded()) + radius
            guard cx >= 0, cx < paddedWidth, cy >= 0, cy < paddedHeight else { continue }
            grid[cy * paddedWidth + cx] += point.weight
        }
        let mapWidth = self.width, mapHeight = self.height
        let taps = kernel.count
        // Horizontal pass, as contiguous multiply-adds the compiler vectorises: map column x of padded row y is
        // Σₖ grid[y][x + k] · kernel[k]. Rows nobody looked at are skipped.
        var rows = [Double](repeating: 0, count: mapWidth * paddedHeight)
        var rowUsed = [Bool](repeating: false, count: paddedHeight)
        // The buffers hold at least one row (the map is at least 1 × 1 pixel), so their base addresses are never nil.
        grid.withUnsafeBufferPointer { grid in
            rows.withUnsafeMutableBufferPointer { rows in
                kernel.withUnsafeBufferPointer { kernel in
                    guard let grid = grid.baseAddress, let rows = rows.baseAddress else { return }
                    for y in 0..<paddedHeight {
                        let source = grid + y * paddedWidth
                        guard (0..<paddedWidth).contains(where: { source[$0] != 0 }) else { continue }
                        rowUsed[y] = true
                        let target = rows + y * mapWidth
                        for k in 0..<taps {
                            let weight = kernel[k]
                            let shifted = source + k
                            for x in 0..<mapWidth { target[x] += shifted[x] * weight }
                        }
                    }
                }
            }
        }
        // Vertical pass, the same way down the columns: map row y is Σₖ rows[y + k] · kernel[k].
        var density = [Double](repeating: 0, count: mapWidth * mapHeight)
        rows.withUnsafeBufferPointer { rows in
            density.withUnsafeMutableBufferPointer { density in
                kernel.withUnsafeBufferPointer { kernel in
                    guard let rows = rows.baseAddress, let density = density.baseAddress else { return }
                    for y in 0..<mapHeight {
                        let target = density + y * mapWidth
                        for k in 0..<taps where rowUsed[y + k] {
                            let weight = kernel[k]
                            let source = rows + (y + k) * mapWidth
                            for x in 0..<mapWidth { target[x] += source[x] * weight }
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
    public func heatPNG(alpha: Double = 0.6) throws -> Data { try png(heatRaster(alpha: alpha)) }

    /// The blind-spot map: a grey fog that is thickest where nobody looked and clears where attention was.
    public func blindSpotPNG(fog: Double = 0.85) throws -> Data { try png(blindSpotRaster(fog: fog)) }

    /// The heat map's pixels (see `heatPNG`).
    public func heatRaster(alpha: Double = 0.6) -> Figure.Raster {
        var sum = 0.0, count = 0
        for value in density where value > 0 { sum += value; count += 1 }
        let floor = count == 0 ? 0 : sum / Double(count)
        let top = maximum
        return raster { value in
            guard top > 0, value > floor else { return (0, 0, 0, 0) }
            let (r, g, b) = Self.ramp((value - floor) / max(top - floor, .leastNonzeroMagnitude))
            return (r, g, b, alpha)
        }
    }

    /// The blind-spot map's pixels (see `blindSpotPNG`).
    public func blindSpotRaster(fog: Double = 0.85) -> Figure.Raster {
        let top = maximum
        return raster { value in
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

    /// The density through `colour` (r, g, b, a in 0…1) as Cairo's premultiplied ARGB32 pixels.
    func raster(_ colour: (Double) -> (Double, Double, Double, Double)) -> Figure.Raster {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for index in pixels.indices {
            let (r, g, b, a) = colour(density[index])
            let alpha = UInt32((a * 255).rounded())
            let red = UInt32((r * a * 255).rounded()), green = UInt32((g * a * 255).rounded()), blue = UInt32((b * a * 255).rounded())
            pixels[index] = alpha << 24 | red << 16 | green << 8 | blue
        }
        return Figure.Raster(width: width, height: height, pixels: pixels)
    }

    /// Pixels as a PNG.
    func png(_ raster: Figure.Raster) throws -> Data {
        guard let surface = Figure.surface(raster) else { throw Figure.RenderError.cairo(path: "heat map", status: "no surface") }
        defer { cairo_surface_destroy(surface) }
        do {
            return try StimulusImage.encodePNG(surface)
        } catch {
            throw Figure.RenderError.cairo(path: "heat map", status: error.localizedDescription)
        }
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
