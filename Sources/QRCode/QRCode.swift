/// A QR code (ISO/IEC 18004, Model 2) for a short text: byte mode, error-correction level M, the smallest version
/// (1–40) that holds the text, the mask of lowest penalty, drawn as SVG.
///
/// Written here rather than taken from a library because none of studyctl's allowed dependencies draws QR codes, and
/// the participant page's link needs only this small part of the standard: one mode (bytes, so any UTF-8 address),
/// one level (M, about 15 % of the symbol may be lost and still read), no structured append, no Kanji. The tests
/// decode what it draws with a real decoder (zxing-cpp), version by version.
public struct QRCode: Sendable, Equatable {
    /// 1…40: the symbol has 17 + 4 × version modules a side.
    public let version: Int
    /// The mask pattern (0…7) the penalty rules chose.
    public let mask: Int
    /// Row by row, `true` for a dark module.
    public let modules: [[Bool]]

    public var size: Int { modules.count }

    /// The text does not fit the largest symbol (version 40 at level M holds 2,331 bytes).
    public struct TooLong: Error, Equatable { public let bytes: Int }

    /// The QR code of `text`'s UTF-8 bytes.
    public init(_ text: String) throws {
        try self.init(bytes: Array(text.utf8))
    }

    /// The QR code of `bytes`; `mask` forces a mask pattern (for tests), else the one of lowest penalty.
    public init(bytes: [UInt8], mask forced: Int? = nil) throws {
        guard let version = (1...40).first(where: { bytes.count <= Self.byteCapacity(version: $0) }) else { throw TooLong(bytes: bytes.count) }
        let codewords = Self.withErrorCorrection(Self.dataCodewords(bytes, version: version), version: version)
        var grid = Grid(version: version)
        grid.drawFunctionPatterns()
        grid.place(codewords)
        func tried(_ mask: Int) -> (mask: Int, modules: [[Bool]], penalty: Int) {
            var masked = grid
            masked.apply(mask: mask)
            masked.drawFormatBits(mask: mask)
            return (mask, masked.dark, forced == nil ? Self.penalty(masked.dark) : 0)
        }
        let masks = forced.map { [$0] } ?? Array(0..<8)
        var best = tried(masks[0])
        for mask in masks.dropFirst() {
            let candidate = tried(mask)
            if candidate.penalty < best.penalty { best = candidate }
        }
        self.version = version
        self.mask = best.mask
        self.modules = best.modules
    }

    /// An SVG drawing: one unit per module, a quiet zone of four modules, dark modules as one path. `title` names it
    /// for a screen reader.
    public func svg(title: String) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        var path = ""
        for (y, row) in modules.enumerated() {
            var x = 0
            while x < size {
                guard row[x] else { x += 1; continue }
                var run = 1
                while x + run < size && row[x + run] { run += 1 }
                path += "M\(x + quiet) \(y + quiet)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * 4)" height="\(side * 4)" \
            shape-rendering="crispEdges" role="img" aria-label="\(Self.escaped(title))"><title>\(Self.escaped(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>

            """
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    // MARK: Capacity (ISO/IEC 18004 table 9, level M)

    /// Error-correction codewords in each block, by version (index 0 unused).
    static let eccPerBlock = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
                              26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28]
    /// Blocks the codewords are split into, by version (index 0 unused).
    static let blocks = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
                         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49]

    /// Modules left for codewords once the function patterns are drawn.
    static func rawModules(version: Int) -> Int {
        var count = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            count -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { count -= 36 }
        }
        return count
    }

    static func dataCodewordCount(version: Int) -> Int { rawModules(version: version) / 8 - eccPerBlock[version] * blocks[version] }

    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The most bytes a version holds in byte mode (mode and count fields taken out).
    static func byteCapacity(version: Int) -> Int { (dataCodewordCount(version: version) * 8 - 4 - countBits(version: version)) / 8 }

    // MARK: Data

    /// Mode 0100 (bytes), the count, the bytes, a terminator of up to four zero bits, zero bits to a whole byte, then
    /// the pad bytes 0xEC and 0x11 in turn.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, countBits(version: version))
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCodewordCount(version: version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into the version's blocks (the short ones first), adds each block's Reed–Solomon codewords, and
    /// interleaves: the blocks' data column by column, then their error-correction codewords.
    static func withErrorCorrection(_ data: [UInt8], version: Int) -> [UInt8] {
        let count = blocks[version], ecc = eccPerBlock[version]
        let raw = rawModules(version: version) / 8
        let short = count - raw % count
        let shortLength = raw / count - ecc
        let generator = ReedSolomon.generator(degree: ecc)
        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<count {
            let length = shortLength + (index < short ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(block, generator: generator))
        }
        var result: [UInt8] = []
        for column in 0...shortLength {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<ecc {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }

    // MARK: Mask choice (ISO/IEC 18004 §7.8.3)

    /// The penalty of a masked symbol: runs of five or more alike (N1), 2×2 blocks alike (N2), finder-like
    /// 1:1:3:1:1 patterns with four light modules beside them (N3), and the distance from half dark (N4).
    static func penalty(_ modules: [[Bool]]) -> Int {
        let size = modules.count
        var score = 0
        let finder: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        for horizontal in [true, false] {
            for i in 0..<size {
                let line = (0..<size).map { horizontal ? modules[i][$0] : modules[$0][i] }
                var run = 1
                for j in 1...size {
                    if j < size && line[j] == line[j - 1] {
                        run += 1
                    } else {
                        if run >= 5 { score += 3 + run - 5 }
                        run = 1
                    }
                }
                // Outside the symbol counts as light (the quiet zone).
                let padded = light + line + light
                for j in 0...(padded.count - 11) {
                    let window = Array(padded[j..<j + 11])
                    if Array(window[0..<4]) == light && Array(window[4..<11]) == finder { score += 40 }
                    else if Array(window[0..<7]) == finder && Array(window[7..<11]) == light { score += 40 }
                }
            }
        }
        var dark = 0
        for y in 0..<size {
            for x in 0..<size {
                if modules[y][x] { dark += 1 }
                if x + 1 < size, y + 1 < size {
                    let colour = modules[y][x]
                    if modules[y][x + 1] == colour && modules[y + 1][x] == colour && modules[y + 1][x + 1] == colour { score += 3 }
                }
            }
        }
        let total = size * size
        // Each full 5 % away from 50 % dark costs 10.
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }
}

/// The symbol as it is drawn: modules and which of them belong to a function pattern (never masked, never data).
struct Grid {
    let version: Int
    var dark: [[Bool]]
    var reserved: [[Bool]]
    var size: Int { dark.count }

    init(version: Int) {
        self.version = version
        let size = 17 + 4 * version
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        reserved = dark
    }

    mutating func set(_ x: Int, _ y: Int, _ value: Bool) {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return }
        dark[y][x] = value
        reserved[y][x] = true
    }

    /// The alignment patterns' centres on either axis.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = 17 + 4 * version
        // Evenly spaced from the last towards the first, in even steps (version 32's step is the standard's exception).
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        var position = size - 7
        for _ in 0..<(count - 1) {
            centres.insert(position, at: 1)
            position -= step
        }
        return centres
    }

    mutating func drawFunctionPatterns() {
        // Timing lines.
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        // Finders with their separators.
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let distance = max(abs(dx), abs(dy))
                    set(cx + dx, cy + dy, distance != 2 && distance != 4)
                }
            }
        }
        // Alignment patterns, except where a finder is.
        let centres = Self.alignmentCentres(version: version)
        for (i, cx) in centres.enumerated() {
            for (j, cy) in centres.enumerated() {
                let last = centres.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        // Reserve the format areas (drawn per mask) and draw the version blocks.
        drawFormatBits(mask: 0)
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3, b = i / 3
                set(a, b, bit)
                set(b, a, bit)
            }
        }
    }

    /// The 15 format bits (level M = 00, the mask, a BCH(15,5) check, XOR 0x5412) in both places, and the dark module.
    mutating func drawFormatBits(mask: Int) {
        let data = 0b00 << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    /// The codewords' bits, most significant first, in the zigzag of two-column strips from the bottom right, skipping
    /// the vertical timing line and every function module; the modules left over stay light.
    mutating func place(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in [right, right - 1] where !reserved[y][x] {
                    if index < codewords.count * 8 {
                        dark[y][x] = (codewords[index >> 3] >> (7 - UInt8(index & 7))) & 1 == 1
                    }
                    index += 1
                }
            }
            right -= 2
        }
    }

    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y][x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { dark[y][x].toggle() }
            }
        }
    }
}

/// Reed–Solomon codes over GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1.
enum ReedSolomon {
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= Int((b >> UInt8(shift)) & 1) * Int(a)
        }
        return UInt8(product & 0xFF)
    }

    /// The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), its coefficients highest first, the leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                coefficients[j] = multiply(coefficients[j], root)
                if j + 1 < degree { coefficients[j] ^= coefficients[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return coefficients
    }

    /// The remainder of the data polynomial (times x^degree) divided by the generator: the error-correction codewords.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for (i, coefficient) in generator.enumerated() { result[i] ^= multiply(coefficient, factor) }
        }
        return result
    }
}
