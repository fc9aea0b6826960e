import Foundation
import Templates

/// The instruments studyctl knows without being told: the definitions under `templates/instruments`, with the
/// wordings of every registered language that brings its own (`InstrumentWordings`) laid over them.
public enum InstrumentCatalog {
    /// Every built-in instrument, by id.
    public static func builtin() throws -> [InstrumentDefinition] {
        guard let folder = TemplateFiles.instrumentsDirectory else {
            throw InstrumentFileError.unreadable(file: "templates/instruments", detail: "the built-in instruments were not installed with studyctl")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { try InstrumentWordings.overlaid(InstrumentDefinition.load(path: folder.appendingPathComponent($0).path)) }
    }

    /// The built-in instrument `id` (case-insensitive), or `nil`. Reads only that instrument's file.
    /// Read once per process: a command looks the instrument up where it resolves the name and again where it
    /// stores or scores (each read decoded and validated the file again).
    public static func builtin(_ id: String) throws -> InstrumentDefinition? {
        let key = id.lowercased()
        if let known = cacheLock.withLock({ cache[key] }) { return try known.map(InstrumentWordings.overlaid) }
        guard let folder = TemplateFiles.instrumentsDirectory else { return nil }
        let file = folder.appendingPathComponent(key + ".json").path
        guard !id.contains("/"), FileManager.default.fileExists(atPath: file) else { return nil }
        let loaded = try InstrumentDefinition.load(path: file)
        let definition = loaded.id.caseInsensitiveCompare(id) == .orderedSame ? loaded : nil
        cacheLock.withLock { cache[key] = definition }
        return try definition.map(InstrumentWordings.overlaid)
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: InstrumentDefinition?] = [:]
}
