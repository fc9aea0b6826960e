import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZIPFoundation

/// An Excel workbook read back as the text a person sees in it, for golden files: each sheet in the workbook's order
/// (its name, then its rows, cells separated by tabs, an empty row as an empty line), then each chart's titles.
///
/// Cells as written: shared and inline strings, numbers as stored, booleans as TRUE/FALSE; a formula as its cached
/// value followed by the formula (`0.5 [=B2/B3]`). A tab or a line break inside a cell is shown as `\t` or `\n` so a
/// row stays one line.
enum WorkbookText {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func text(of path: String) throws -> String {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        func part(_ name: String) throws -> Data? {
            guard let entry = archive[name] else { return nil }
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return data
        }
        func parse<Delegate: XMLParserDelegate>(_ name: String, _ delegate: Delegate) throws -> Delegate {
            guard let data = try part(name) else { throw Unreadable(description: "\(path): no part \(name)") }
            let parser = XMLParser(data: data)
            parser.delegate = delegate
            guard parser.parse() else { throw Unreadable(description: "\(path): \(name) is not well-formed XML") }
            return delegate
        }
        let sheets = try parse("xl/workbook.xml", Elements(["sheet"])).found
        let relations = try parse("xl/_rels/workbook.xml.rels", Elements(["Relationship"])).found
        let targets = Dictionary(relations.map { ($0["Id"] ?? "", $0["Target"] ?? "") }, uniquingKeysWith: { first, _ in first })
        let shared = try part("xl/sharedStrings.xml") == nil ? [] : try parse("xl/sharedStrings.xml", SharedStrings()).strings
        var out = ""
        for sheet in sheets {
            let name = sheet["name"] ?? "?"
            guard let target = targets[sheet["r:id"] ?? ""] else { throw Unreadable(description: "\(path): sheet \(name) has no part") }
            let partName = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
            let rows = try parse(partName, SheetCells(shared: shared)).rows
            out += "== \(name) ==\n"
            let last = rows.keys.max() ?? 0
            guard last > 0 else { out += "\n"; continue }
            for row in 1...last {
                let cells = rows[row] ?? [:]
                let width = (cells.keys.max() ?? -1) + 1
                out += (0..<width).map { cells[$0] ?? "" }.joined(separator: "\t") + "\n"
            }
            out += "\n"
        }
        var charts: [String] = []
        for entry in archive where entry.path.hasPrefix("xl/charts/chart") && entry.path.hasSuffix(".xml") { charts.append(entry.path) }
        // chart2 before chart10.
        charts.sort { (left: String, right: String) -> Bool in left.count != right.count ? left.count < right.count : left < right }
        for chart in charts {
            let texts = try parse(chart, ChartTexts())
            out += "== \(URL(fileURLWithPath: chart).deletingPathExtension().lastPathComponent) ==\n"
            out += texts.lines.joined(separator: "\n") + "\n\n"
        }
        return out
    }

    static func shown(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// The attributes of every element named in `names`, in document order.
    final class Elements: NSObject, XMLParserDelegate {
        let names: Set<String>
        var found: [[String: String]] = []
        init(_ names: Set<String>) { self.names = names }
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if names.contains(name) { found.append(attributes) }
        }
    }

    /// The shared strings (`<si>`, each the text of its `<t>` runs).
    final class SharedStrings: NSObject, XMLParserDelegate {
        var strings: [String] = []
        private var current: String?
        private var inText = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "si" { current = "" }
            if name == "t" { inText = true }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { current? += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "t" { inText = false }
            if name == "si", let current { strings.append(current); self.current = nil }
        }
    }

    /// A worksheet's cells as rows (from 1) of columns (from 0) of shown text.
    final class SheetCells: NSObject, XMLParserDelegate {
        let shared: [String]
        var rows: [Int: [Int: String]] = [:]
        private var reference = "", type = "", value = "", formula = "", inline = ""
        private var reading: String?
        init(shared: [String]) { self.shared = shared }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "c":
                reference = attributes["r"] ?? ""; type = attributes["t"] ?? "n"; value = ""; formula = ""; inline = ""
            case "v", "f", "t": reading = name
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            switch reading {
            case "v": value += string
            case "f": formula += string
            case "t": inline += string
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if ["v", "f", "t"].contains(name) { reading = nil }
            guard name == "c" else { return }
            var shown: String
            switch type {
            case "s": shown = Int(value).flatMap { $0 < shared.count ? shared[$0] : nil } ?? "?\(value)"
            case "inlineStr": shown = inline
            case "b": shown = value == "1" ? "TRUE" : "FALSE"
            default: shown = value
            }
            shown = WorkbookText.shown(shown)
            if !formula.isEmpty { shown += " [=\(WorkbookText.shown(formula))]" }
            let letters = reference.prefix { $0.isLetter }
            let column = letters.unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 } - 1
            guard let row = Int(reference.dropFirst(letters.count)), column >= 0 else { return }
            rows[row, default: [:]][column] = shown
        }
    }

    /// A chart's words: its title and axis titles (`<a:t>` runs, one line per paragraph) and the cells its series name
    /// (`<c:f>`), in document order.
    final class ChartTexts: NSObject, XMLParserDelegate {
        var lines: [String] = []
        private var paragraph: String?
        private var reading: String?
        private var reference = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "a:p": paragraph = ""
            case "a:t", "c:f": reading = name; if name == "c:f" { reference = "" }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if reading == "a:t" { paragraph? += string }
            if reading == "c:f" { reference += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "a:t": reading = nil
            case "c:f": reading = nil; lines.append("series: " + reference)
            case "a:p":
                if let paragraph, !paragraph.isEmpty { lines.append(paragraph) }
                paragraph = nil
            default: break
            }
        }
    }
}
