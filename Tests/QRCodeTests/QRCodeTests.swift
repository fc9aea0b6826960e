import Foundation
import Testing
@testable import QRCode

/// The QR encoder against the standard's own numbers, and what it draws read back by a real decoder.
@Suite struct QRCodeTests {
    /// ISO/IEC 18004 table 7, level M, byte mode: the most bytes versions 1, 2, 5, 10, 20, 40 hold.
    @Test func capacitiesAreTheStandards() {
        #expect(QRCode.byteCapacity(version: 1) == 14)
        #expect(QRCode.byteCapacity(version: 2) == 26)
        #expect(QRCode.byteCapacity(version: 5) == 84)
        #expect(QRCode.byteCapacity(version: 10) == 213)
        #expect(QRCode.byteCapacity(version: 20) == 666)
        #expect(QRCode.byteCapacity(version: 28) == 1190)
        #expect(QRCode.byteCapacity(version: 29) == 1264)
        #expect(QRCode.byteCapacity(version: 40) == 2331)
        #expect(throws: QRCode.TooLong(bytes: 2332)) { try QRCode(bytes: [UInt8](repeating: 0x41, count: 2332)) }
    }

    /// The standard's worked example of symbol encoding (ISO/IEC 18004:2000, annex I): "01234567" in version 1-M; its
    /// sixteen data codewords give these ten error-correction codewords.
    @Test func reedSolomonIsTheStandardsExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ecc = ReedSolomon.remainder(data, generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// Alignment patterns where the standard's annex E puts them.
    @Test func alignmentCentresAreTheStandards() {
        #expect(Grid.alignmentCentres(version: 1) == [])
        #expect(Grid.alignmentCentres(version: 2) == [6, 18])
        #expect(Grid.alignmentCentres(version: 7) == [6, 22, 38])
        #expect(Grid.alignmentCentres(version: 15) == [6, 26, 48, 70])
        #expect(Grid.alignmentCentres(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(Grid.alignmentCentres(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func theSymbolHasItsFindersAndTimingAndTheSmallestVersion() throws {
        let code = try QRCode("http://127.0.0.1:53117/p/0123456789abcdef0123456789abcdef")
        #expect(code.version == 4)
        #expect(code.size == 33)
        // The top-left finder: a dark ring, a light ring, a dark 3×3 core; then the light separator.
        #expect((0..<7).allSatisfy { code.modules[0][$0] && code.modules[6][$0] && code.modules[$0][0] })
        #expect(!code.modules[1][1] && code.modules[2][2] && code.modules[4][4] && !code.modules[7][7])
        // The timing line alternates between the finders.
        #expect((8..<(code.size - 8)).allSatisfy { code.modules[6][$0] == ($0 % 2 == 0) })
        let svg = code.svg(title: "QR <code> & link")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 41 41\""))
        #expect(svg.contains("<title>QR &lt;code&gt; &amp; link</title>"))
    }

    /// Texts from one byte to version 29, every mask forced once, drawn as SVG, rasterised by cairosvg and read by
    /// zxing-cpp (both installed by the test in a virtual environment under .build).
    @Test(.enabled(if: QRCodeTests.decoder != nil, "zxing-cpp and cairosvg could not be installed in a virtual environment"))
    func aRealDecoderReadsWhatItDraws() throws {
        let python = try #require(Self.decoder)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [String: String] = [:]
        let texts = ["A", "http://127.0.0.1:8080/p/0123456789abcdef0123456789abcdef", "Participação — olá, ação! 👍",
                     String(repeating: "studyctl ", count: 30), String(repeating: "0123456789", count: 120)]
        for (index, text) in texts.enumerated() {
            let code = try QRCode(text)
            try code.svg(title: "QR").write(to: folder.appendingPathComponent("text\(index).svg"), atomically: true, encoding: .utf8)
            expected["text\(index).svg"] = text
        }
        for mask in 0..<8 {
            let text = "mask \(mask): http://localhost:5\(mask)000/p/\(String(repeating: "f\(mask)", count: 16))"
            let code = try QRCode(bytes: Array(text.utf8), mask: mask)
            #expect(code.mask == mask)
            try code.svg(title: "QR").write(to: folder.appendingPathComponent("mask\(mask).svg"), atomically: true, encoding: .utf8)
            expected["mask\(mask).svg"] = text
        }
        // 1,200 bytes: more than version 28-M holds (1,190), within 29-M (1,264).
        #expect(try QRCode(String(repeating: "0123456789", count: 120)).version == 29)
        let script = """
            import sys, os, json, io
            import cairosvg, zxingcpp
            from PIL import Image
            out = {}
            for name in sorted(os.listdir(sys.argv[1])):
                png = cairosvg.svg2png(url=os.path.join(sys.argv[1], name), output_width=1200, output_height=1200)
                image = Image.open(io.BytesIO(png)).convert("L")
                found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
                out[name] = [{"text": f.text, "ecLevel": f.ec_level} for f in found]
            print(json.dumps(out))
            """
        let output = try Self.run(python, ["-c", script, folder.path])
        let decoded = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [[String: String]]] ?? [:]
        for (file, text) in expected {
            let found = decoded[file] ?? []
            #expect(found.count == 1 && found.first?["text"] == text, "\(file): \(found)")
            #expect(found.first?["ecLevel"] == "M", "\(file): \(found)")
        }
    }

    /// Python with zxing-cpp, cairosvg and Pillow, in a virtual environment made once under .build.
    static let decoder: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venv = root.appendingPathComponent(".build/qr-venv").path
        let python = venv + "/bin/python"
        let check = ["-c", "import zxingcpp, cairosvg, PIL"]
        if (try? run(python, check)) != nil { return python }
        guard (try? run("/usr/bin/env", ["python3", "-m", "venv", venv])) != nil,
              (try? run(python, ["-m", "pip", "install", "--quiet", "zxing-cpp", "cairosvg", "pillow"])) != nil,
              (try? run(python, check)) != nil else {
            print("QRCodeTests: zxing-cpp and cairosvg could not be installed in \(venv); the decoding test is skipped")
            return nil
        }
        return python
    }()

    struct Failed: Error { let status: Int32; let said: String }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus, said: String(decoding: said, as: UTF8.self)) }
        return String(decoding: data, as: UTF8.self)
    }
}
