import Foundation
import Hummingbird
import StudyStore
import Wording

/// The Suggestions tab: the pending suggested codings (`studyctl code suggest`), each accepted or rejected by the
/// person at the page as `code suggestions accept|reject` does it (one transaction each; an accepted one becomes their
/// coding), and undone as `code suggestions undo` does.
struct SuggestionsAPI {
    let server: WorkspaceServer
    var api: API { API(server: server) }

    struct Suggestion: Encodable {
        var id: Int64; var suggester: String; var participant: String; var text: String; var category: String
        var score: Double; var rationale: String; var model: String?
    }
    struct Pending: Encodable { var suggestions: [Suggestion] }
    struct Decision: Decodable { var coder: String? }
    struct Decided: Encodable { var id: Int64; var status: String; var message: String; var codeID: Int64? }

    func register(on router: Router<BasicRequestContext>) {
        let group = router.group("api")
        group.get("suggestions") { _, _ in
            try await api.guarded {
                Pending(suggestions: try server.study.suggestions(status: "pending").map {
                    Suggestion(id: $0.id, suggester: $0.suggester, participant: $0.participant, text: $0.text, category: $0.category,
                               score: $0.score, rationale: $0.rationale, model: $0.model)
                })
            }
        }
        group.post("suggestions/{id}/accept") { request, context in
            let body = try await request.decode(as: Decision.self, context: context)
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded {
                let coder = try api.coder(body.coder)
                let (suggestion, code) = try server.study.acceptSuggestion(id, coder: coder)
                let language = try server.study.info().language
                return Decided(id: id, status: "accepted", message: Sentence("Accepted: \(suggestion.category), now \(coder)'s coding.").text(language), codeID: code.id)
            }
        }
        group.post("suggestions/{id}/reject") { request, context in
            let body = try await request.decode(as: Decision.self, context: context)
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded {
                let coder = try api.coder(body.coder)
                let suggestion = try server.study.rejectSuggestion(id, coder: coder)
                let language = try server.study.info().language
                return Decided(id: id, status: "rejected", message: Sentence("Rejected: \(suggestion.category).").text(language), codeID: nil)
            }
        }
        group.post("suggestions/{id}/undo") { _, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded {
                _ = try server.study.undoSuggestion(id)
                let language = try server.study.info().language
                return Decided(id: id, status: "pending", message: ("The suggestion is pending again." as Sentence).text(language), codeID: nil)
            }
        }
    }
}
