import Foundation
import GRDB
@testable import StudyStore

/// A fresh folder for one test's study files.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("studystore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The committed test inputs under Tests/Fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let datasets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("datasets")
}

extension StudyDatabase {
    /// Every row of every table, as text: equal dumps mean equal contents.
    func dump() throws -> String {
        try read { db in
            var lines: [String] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in tables {
                lines.append("-- \(table)")
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted()
            }
            return lines.joined(separator: "\n")
        }
    }

    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}

func makeStudy(_ folder: TemporaryFolder, title: String = "Test study") throws -> StudyDatabase {
    try StudyDatabase.create(at: folder.path("study.sqlite"), title: title, language: .ptBR)
}
