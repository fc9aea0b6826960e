import Foundation
import Templates

/// The instruments studyctl knows without being told: the definitions under `templates/instruments`.
public enum InstrumentCatalog {
    /// Every built-in instrument, by id.
    public static func builtin() throws -> [InstrumentDefinition] {
        guard let folder = TemplateFiles.instrumentsDirectory else {
            throw InstrumentFileError.unreadable(file: "templates/instruments", detail: "the built-in instruments were not installed with studyctl")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { try InstrumentDefinition.load(path: folder.appendingPathComponent($0).path) }
    }

    /// The built-in instrument `id` (case-insensitive), or `nil`. Reads only that instrument's file.
    /// Read once per process: a command looks the instrument up where it resolves the name and again where it
    /// stores or scores (each read decoded and validated the file again).
    public static func builtin(_ id: String) throws -> InstrumentDefinition? {
        let key = id.lowercased()
        if let known = cacheLock.withLock({ cache[key] }) { return known }
        guard let folder = TemplateFiles.instrumentsDirectory else { return nil }
        let file = folder.appendingPathComponent(key + ".json").path
        guard !id.contains("/"), FileManager.default.fileExists(atPath: file) else { return nil }
        let loaded = try InstrumentDefinition.load(path: file)
        let definition = loaded.id.caseInsensitiveCompare(id) == .orderedSame ? loaded : nil
        cacheLock.withLock { cache[key] = definition }
        return definition
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: InstrumentDefinition?] = [:]
}
