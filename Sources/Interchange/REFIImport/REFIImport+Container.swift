import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZIPFoundation

/// The container: a `.qdpx` archive (ZIP, REFI-QDA 1.5 §8.2) or a bare `.qde` whose sources lie in a folder beside it
/// (the standard allows it; MAXQDA and NVivo write one), and the project XML, refused when it is not well-formed.
extension REFIImport {
    /// The project's root element and a reader of its source files by name (nil when the project lacks it).
    mutating func openProject(_ path: String) throws -> (XMLElement, (String) throws -> Data?) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Problem.container("\(path) cannot be read") }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        try? handle.close()
        if head.starts(with: [0x50, 0x4B]) { return try openArchive(path) }
        // Not a ZIP: a bare project file when it is XML (a BOM, a space or "<" first).
        let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("<") || head.starts(with: [0xEF, 0xBB, 0xBF]) else {
            throw Problem.container("\(path) is not a REFI-QDA project: neither an archive (.qdpx, a ZIP file) nor a project file (.qde, XML)")
        }
        return try openBareProject(path)
    }

    private mutating func openArchive(_ path: String) throws -> (XMLElement, (String) throws -> Data?) {
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            // ZIPFoundation's own text ("ArchiveError error 13") tells the researcher nothing: a file that begins as a ZIP
            // but cannot be opened as one lacks its table of contents, which a ZIP file keeps at its end.
            throw Problem.container("\(path) begins as a ZIP file (as a .qdpx is) but cannot be opened as one: its table of contents, at the end of the file, is missing or damaged — the file is cut short (an unfinished download or copy?); copy it again from where it came; nothing was imported")
        }
        var files: [String: Entry] = [:]
        for entry in archive { files[entry.path.lowercased()] = entry }
        archivePath = path
        sourceEntries = Set(files.keys)
        let projects = files.keys.filter { !$0.contains("/") && $0.hasSuffix(".qde") }
        guard projects.count == 1, let project = projects.first, let projectEntry = files[project] else {
            throw Problem.container(projects.isEmpty ? "\(path) holds no project.qde" : "\(path) holds \(projects.count) .qde files; a REFI-QDA project has one")
        }
        func read(_ entry: Entry) throws -> Data {
            var data = Data()
            do { _ = try archive.extract(entry, skipCRC32: false) { data.append($0) } } catch {
                throw Problem.container("\(path): \(entry.path) cannot be unpacked (its bytes are damaged or cut short, its checksum does not match); copy the project again from where it came; nothing was imported")
            }
            return data
        }
        let root = try Self.document(try read(projectEntry), at: "\(path): \(project)", expecting: "Project",
                                     otherwise: "project.qde's root is not a Project")
        return (root, { name in try files["sources/" + name.lowercased()].map(read) })
    }

    /// A `.qde` on its own: its sources are files of the `sources/` folder beside it (any case), else of its basePath.
    private mutating func openBareProject(_ path: String) throws -> (XMLElement, (String) throws -> Data?) {
        guard let xml = FileManager.default.contents(atPath: path) else { throw Problem.container("\(path) cannot be read") }
        let root = try Self.document(xml, at: path, expecting: "Project", otherwise: "\(path)'s root is not a REFI-QDA Project")
        let folder = (path as NSString).deletingLastPathComponent
        var candidates = [folder.isEmpty ? "." : folder]
        if let base = Self.attr(root, "basePath") {
            if base.hasPrefix("/") { candidates.append(base) } else if let resolved = Self.externalPath(base, basePath: nil) { candidates.append(resolved) }
        }
        var files: [String: String] = [:]
        for directory in candidates.reversed() {
            let items = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            guard let sources = items.first(where: { $0.lowercased() == "sources" }) else { continue }
            let full = (directory as NSString).appendingPathComponent(sources)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] {
                files[file.lowercased()] = (full as NSString).appendingPathComponent(file)
            }
            sourceFolder = full
        }
        if sourceFolder == nil { report.append("\(path): no sources/ folder beside the project file; sources whose text is only in a file are skipped") }
        sourceEntries = Set(files.keys.map { "sources/" + $0 })
        return (root, { name in files[name.lowercased()].flatMap { FileManager.default.contents(atPath: $0) } })
    }

    /// The root of an XML document named `name`, after a strict parse (the tree parser recovers from broken XML, and a
    /// broken project must be refused).
    static func document(_ xml: Data, at place: String, expecting name: String, otherwise: Sentence) throws -> XMLElement {
        // Through a stream: libxml2 refuses a document handed over in one chunk past 10 MB (`XMLParser(data:)`); the
        // tree parser below has no such limit (measured with a 52 MB project and a 13 MB PlainTextContent).
        let parser = XMLParser(stream: InputStream(data: xml))
        let check = WellFormed()
        parser.delegate = check
        // XMLParser on Linux can finish a document cut short without an error: elements left open tell it too.
        if !parser.parse() || check.depth != 0 || !check.sawRoot {
            throw Problem.container("\(place):\(parser.lineNumber):\(parser.columnNumber): the XML is not well-formed" + parserReason(parser, depth: check.depth))
        }
        let document = try XMLDocument(data: xml)
        guard let root = document.rootElement(), root.localName == name else { throw Problem.container(otherwise) }
        return root
    }

    /// Why the strict parser stopped, in words (Foundation's text on Linux is only "NSXMLParserErrorDomain error N").
    static func parserReason(_ parser: XMLParser, depth: Int) -> Sentence {
        if let error = parser.parserError {
            let text = error.localizedDescription
            return text.contains("NSXMLParserErrorDomain") ? " (the parser stopped with error \((error as NSError).code))" : " (\(Sentence(verbatim: text)))"
        }
        return depth != 0 ? " (it ends inside an element)" : ""
    }

    /// Counts open elements while a strict parser reads the project.
    final class WellFormed: NSObject, XMLParserDelegate {
        var depth = 0
        var sawRoot = false
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            sawRoot = true
        }
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) { depth -= 1 }
    }

    // MARK: - XML helpers (by local name, so a missing or foreign namespace does not matter)

    static func kids(_ element: XMLElement, _ name: String) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
    }
    static func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// A REFI date (xsd:dateTime) as studyctl stores times, `2026-11-23T00:01:29Z`: one with a zone moved to UTC, one
    /// without (NVivo writes some in its local time without a zone) taken as local time `offset` seconds east of UTC.
    static func utc(_ text: String, offset: Int = 0) -> String? {
        let pattern = #"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$"#
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.range(of: pattern, options: .regularExpression) != nil else { return nil }
        let base = String(trimmed.prefix(19))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withFullTime]
        guard let date = formatter.date(from: base + "Z") else { return nil }
        let shift = zone(of: trimmed) ?? offset
        return shift == 0 ? base + "Z" : formatter.string(from: date.addingTimeInterval(TimeInterval(-shift)))
    }

    /// The zone a REFI date states, in seconds east of UTC (`Z` is 0); nil when it states none.
    static func zone(of text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 19 else { return nil }
        let zone = trimmed.dropFirst(19).drop { $0 != "Z" && $0 != "+" && $0 != "-" }
        if zone == "Z" { return 0 }
        guard zone.count > 1 else { return nil }
        let digits = zone.dropFirst().replacingOccurrences(of: ":", with: "")
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else { return nil }
        return (hours * 3600 + minutes * 60) * (zone.first == "-" ? -1 : 1)
    }

    /// The local time a project states: the zone of the project's own dates (creationDateTime, modifiedDateTime),
    /// else the zone most of its other dates carry; nil when no date in it carries one.
    static func statedOffset(_ root: XMLElement) -> Int? {
        let own = ["creationDateTime", "modifiedDateTime"].compactMap { attr(root, $0).flatMap(zone(of:)) }
        if let first = own.first { return first }
        var counts: [Int: Int] = [:]
        var stack = [root]
        while let element = stack.popLast() {
            for attribute in element.attributes ?? [] where (attribute.localName ?? attribute.name ?? "").hasSuffix("DateTime") {
                if let offset = attribute.stringValue.flatMap(zone(of:)) { counts[offset, default: 0] += 1 }
            }
            stack += (element.children ?? []).compactMap { $0 as? XMLElement }
        }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }

    /// A date of the project as stored (UTC); one without a zone is taken as the project's stated local time (else
    /// UTC) and counted, for the summary to say so.
    mutating func date(_ text: String?) -> String? {
        guard let text, let stored = Self.utc(text, offset: state.localOffset ?? 0) else { return nil }
        if Self.zone(of: text) == nil { state.zonelessDates += 1 }
        return stored
    }

    /// "UTC+02:00": an offset as the summary says it.
    static func offsetName(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return String(format: "UTC%@%02d:%02d", seconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    /// A GUID as kept: braces and spaces off; a standard GUID (8-4-4-4-12 hex) in lower case, any other id (the short
    /// ids some tools write, "c001") as written, so an export gives it back.
    static func guid(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: CharacterSet(charactersIn: "{} ")), !trimmed.isEmpty else { return nil }
        let standard = #"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"#
        return trimmed.range(of: standard, options: .regularExpression) != nil ? trimmed.lowercased() : String(trimmed.prefix(200))
    }

    /// The absolute path of an external source: `absolute:///C:/…` or `absolute:///home/…` (REFI §8.3), `file:///…`,
    /// or `relative:///…` joined to the project's `basePath`.
    static func externalPath(_ path: String, basePath: String?) -> String? {
        let lower = path.lowercased()
        var rest: String
        if lower.hasPrefix("absolute://") {
            rest = String(path.dropFirst("absolute://".count))
        } else if lower.hasPrefix("file://") {
            rest = URL(string: path)?.path ?? String(path.dropFirst("file://".count))
        } else if lower.hasPrefix("relative://"), let basePath {
            let tail = String(path.dropFirst("relative://".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let base = basePath.lowercased().hasPrefix("absolute://") ? String(basePath.dropFirst("absolute://".count)) : basePath
            rest = (base.hasSuffix("/") ? base : base + "/") + tail
        } else {
            return nil
        }
        rest = rest.removingPercentEncoding ?? rest
        // "/C:/…" is a Windows path (a drive letter): kept as written; "//x" collapses to "/x".
        while rest.hasPrefix("//") { rest.removeFirst() }
        return rest.hasPrefix("/") ? rest : "/" + rest
    }
}
