import Foundation
import Hummingbird
import QualCoding
import StudyStore
import Wording

/// The workspace's Across tab (`serve --studies A.sqlite B.sqlite …`): the studies given, and a full-text search over
/// their quotes, memos, annotations and open answers as `studyctl search --studies` does it. Read-only: every study is
/// opened for reading (one snapshot per request) and nothing here writes.
struct AcrossAPI {
    let server: WorkspaceServer
    var api: API { API(server: server) }

    struct Studies: Encodable {
        struct Study: Encodable { var name: String; var title: String }
        var studies: [Study]
    }

    func register(on router: Router<BasicRequestContext>) {
        let group = router.group("api")
        group.get("across/studies") { _, _ in
            try await api.guarded {
                var names: [String] = []
                var studies: [Studies.Study] = []
                for path in server.studies {
                    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                    let title = try (server.study.isFile(path) ? server.study : StudyDatabase.openForReading(at: path)).info().title
                    studies.append(Studies.Study(name: names.contains(name) ? path : name, title: title))
                    names.append(name)
                }
                return Studies(studies: studies)
            }
        }
        group.get("across/search") { request, _ in
            let query = request.uri.queryParameters
            return try await api.guarded {
                guard !server.studies.isEmpty else {
                    throw StoreError.invalidInput([.init(location: "search", message: "the workspace was started without --studies")])
                }
                let conditions = try query.getAll("where").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { typed in
                    guard let equals = typed.firstIndex(of: "="), equals != typed.startIndex else {
                        throw StoreError.invalidInput([.init(location: Sentence(verbatim: "where"), message: "write an attribute and its value as attribute=value, not '\(typed)'")])
                    }
                    return (name: String(typed[..<equals]).trimmingCharacters(in: .whitespaces), value: String(typed[typed.index(after: equals)...]))
                }
                let categories = query.getAll("category").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                return try AcrossSearch(paths: server.studies, open: server.study).search(query.get("q") ?? "", categories: categories, conditions: conditions)
            }
        }
    }
}
