import Foundation
import ZIPFoundation

/// libxlsxwriter writes each worksheet to a temporary file and copies it into the package when the workbook
/// closes, without checking that those writes succeeded: on a full disk (or under a file-size limit) a sheet is cut
/// short and the workbook still closes with no error — Excel then offers to "repair" it, losing rows. So a written
/// workbook is read back before it takes its name: every worksheet must end with its closing tag. (ZIPFoundation
/// reads the package; each sheet is inflated in chunks, keeping only its last bytes.)
enum WorkbookCheck {
    /// The worksheets of the package at `path` that do not end with `</worksheet>`.
    static func truncatedSheets(_ path: String) throws -> [String] {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        var cut: [String] = []
        for entry in archive where entry.path.hasPrefix("xl/worksheets/") && entry.path.hasSuffix(".xml") {
            var tail = Data()
            _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: true) { chunk in
                tail.append(chunk)
                if tail.count > 256 { tail = Data(tail.suffix(64)) }
            }
            let text = String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.hasSuffix("</worksheet>") { cut.append(entry.path) }
        }
        return cut
    }
}
