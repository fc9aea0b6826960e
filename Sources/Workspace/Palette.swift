import Foundation

/// The categories' highlight colours: the n-th category of the codebook gets the n-th colour, so a category keeps its
/// colour as categories are added after it, and no two categories of a codebook share one.
///
/// The colours are chosen in Oklab (Ottosson 2020), where distances follow how different colours look: from light
/// colours that sRGB can show and on which black text keeps a contrast of 7 : 1 or more (WCAG 2.1's AAA level;
/// hues every 5°, lightness 0.78…0.94, chroma 0.06…0.15), each next colour is the one farthest from every colour
/// already given (farthest-point traversal; Gonzalez 1985, "Clustering to minimize the maximum intercluster
/// distance"). Each colour thus depends only on those before it, and the first ones differ most.
enum Palette {
    /// Every candidate in the order they are given out (1,400 or so: more categories than any codebook has; past the
    /// last, the order starts again).
    static let ordered: [String] = {
        var candidates: [(hex: String, lab: (Double, Double, Double))] = []
        var seen = Set<String>()
        for step in 0...8 {
            let lightness = 0.78 + Double(step) * 0.02
            for hueStep in 0..<72 {
                for chroma in [0.06, 0.09, 0.12, 0.15] {
                    guard let rgb = srgb(lightness: lightness, chroma: chroma, hue: Double(hueStep) * 5) else { continue }
                    let hex = String(format: "#%02x%02x%02x", Int((rgb.0 * 255).rounded()), Int((rgb.1 * 255).rounded()), Int((rgb.2 * 255).rounded()))
                    guard contrastWithBlack(hex) >= 7, seen.insert(hex).inserted else { continue }
                    candidates.append((hex, oklab(hex)))
                }
            }
        }
        func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
        }
        // The first: the most colourful candidate (the earliest of equals).
        var first = 0
        for (index, candidate) in candidates.enumerated()
        where hypot(candidate.lab.1, candidate.lab.2) > hypot(candidates[first].lab.1, candidates[first].lab.2) + 1e-12 { first = index }
        var order = [first]
        var nearest = candidates.map { distance($0.lab, candidates[first].lab) }
        var taken = Set([first])
        while order.count < candidates.count {
            var best = -1
            for index in candidates.indices where !taken.contains(index) && (best < 0 || nearest[index] > nearest[best]) { best = index }
            order.append(best)
            taken.insert(best)
            for index in candidates.indices { nearest[index] = min(nearest[index], distance(candidates[index].lab, candidates[best].lab)) }
        }
        return order.map { candidates[$0].hex }
    }()

    /// The colour of the category at `index` in codebook order, as `#rrggbb`.
    static func colour(_ index: Int) -> String { ordered[index % ordered.count] }

    /// `#rrggbb` → Oklab (L, a, b) (Ottosson 2020).
    static func oklab(_ hex: String) -> (Double, Double, Double) {
        let c = linear(hex)
        let l = cbrt(0.4122214708 * c[0] + 0.5363325363 * c[1] + 0.0514459929 * c[2])
        let m = cbrt(0.2119034982 * c[0] + 0.6806995451 * c[1] + 0.1073969566 * c[2])
        let s = cbrt(0.0883024619 * c[0] + 0.2817188376 * c[1] + 0.6299787005 * c[2])
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// `#rrggbb` → linear sRGB (IEC 61966-2-1).
    static func linear(_ hex: String) -> [Double] {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels: [Int] = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
        return channels.map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
    }

    /// OKLCh → sRGB (Ottosson 2020, "A perceptual color space for image processing"); nil outside sRGB.
    static func srgb(lightness: Double, chroma: Double, hue: Double) -> (Double, Double, Double)? {
        let a = chroma * cos(hue * .pi / 180)
        let b = chroma * sin(hue * .pi / 180)
        let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
        let linear = [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                      -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                      -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s]
        guard linear.allSatisfy({ $0 >= -0.0001 && $0 <= 1.0001 }) else { return nil }
        let encoded = linear.map { value -> Double in
            let v = min(1, max(0, value))
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        return (encoded[0], encoded[1], encoded[2])
    }

    /// WCAG 2.1's contrast ratio of black text on `#rrggbb` (relative luminance + 0.05 over 0.05).
    static func contrastWithBlack(_ hex: String) -> Double {
        let c = linear(hex)
        return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] + 0.05) / 0.05
    }
}
