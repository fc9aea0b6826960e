import Foundation

/// Writes outputs so that nothing is ever left half-written under its final name: everything is written under a
/// temporary name beside the target (same folder, so same file system) and renamed into place only once complete.
/// An interrupted export (kill -9, a full disk, an error midway) leaves the old file, or no file, never a broken one.
public enum AtomicOutput {
    /// A temporary name beside `path`: hidden, and unique to this process.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
    }

    /// Runs `body` with a temporary path to write one file to, then renames it onto `path`.
    public static func file<T>(_ path: String, _ body: (String) throws -> T) throws -> T {
        let temporary = temporaryPath(for: path)
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            let result = try body(temporary)
            guard rename(temporary, path) == 0 else {
                throw ReportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            return result
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Runs `body` with a temporary folder to write into, then moves what it wrote into `folder` (created when
    /// missing; files already there under other names are kept). When `folder` does not exist the whole temporary
    /// folder is renamed into place in one step.
    public static func folder<T>(_ folder: String, _ body: (String) throws -> T) throws -> T {
        let target = URL(fileURLWithPath: folder)
        let parent = target.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError.cannotWrite(path: folder, reason: "the folder \(parent) does not exist")
        }
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ReportError.cannotWrite(path: folder, reason: "it is a file, not a folder")
        }
        let temporary = temporaryPath(for: folder)
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        } catch {
            throw ReportError.cannotWrite(path: folder, reason: ReportError.reason(error))
        }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let result = try body(temporary)
        try checkNothingInTheWay(temporary, into: folder)
        try move(temporary, into: folder)
        return result
    }

    /// Refuses, before anything is moved, when an entry to be written would land on one of another kind (a folder
    /// where a file goes, or the reverse), so the move that follows cannot stop halfway.
    private static func checkNothingInTheWay(_ source: String, into destination: String) throws {
        guard FileManager.default.fileExists(atPath: destination) else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            let isDirectory = isFolder(source + "/" + name)
            var targetIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: destination + "/" + name, isDirectory: &targetIsDirectory) else { continue }
            if isDirectory != targetIsDirectory.boolValue {
                throw ReportError.cannotWrite(path: destination + "/" + name,
                                              reason: targetIsDirectory.boolValue ? "a folder of that name is in the way; nothing was written"
                                                                                  : "a file of that name is in the way; nothing was written")
            }
            if isDirectory { try checkNothingInTheWay(source + "/" + name, into: destination + "/" + name) }
        }
    }

    /// Whether `path` names a folder (false when nothing is there).
    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Moves the contents of `source` into `destination`, entry by entry (each a rename).
    private static func move(_ source: String, into destination: String) throws {
        if !FileManager.default.fileExists(atPath: destination) {
            guard rename(source, destination) == 0 else { throw ReportError.cannotWrite(path: destination, reason: String(cString: strerror(errno))) }
            return
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: source).sorted() {
            let from = source + "/" + name
            let to = destination + "/" + name
            if isFolder(from), isFolder(to) {
                try move(from, into: to)
            } else if rename(from, to) != 0 {
                throw ReportError.cannotWrite(path: to, reason: String(cString: strerror(errno)))
            }
        }
    }
}

extension ReportError {
    /// What a file-system error means, in words: the POSIX reason rather than "NSCocoaErrorDomain error 512".
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        switch ns.code {
        case NSFileWriteOutOfSpaceError: return "the disk is full"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
        case NSFileWriteVolumeReadOnlyError: return "the disk is read-only"
        case NSFileWriteFileExistsError: return "a file or folder of that name is in the way"
        default: return ns.localizedFailureReason ?? ns.localizedDescription
        }
    }
}
