import Foundation
import Hummingbird
import QualCoding
import Results
import StudyStore
import Wording

/// The codebook's and a coded passage's changes from the page: a category's definition, origin, theme and name
/// (`category set`), and a coded passage's ends.
extension API {
    struct CategoryEdit: Decodable {
        var name: String
        var definition: String?; var origin: String?; var theme: String?; var rename: String?
    }
    struct Resize: Decodable {
        var coder: String; var start: Int; var end: Int; var excerpt: String; var page: String?
    }

    func registerCodebook(on api: RouterGroup<BasicRequestContext>) {
        api.post("categories/set") { request, context in
            let body = try await request.decode(as: CategoryEdit.self, context: context)
            return try await guarded { try setCategory(body) }
        }
        api.post("codings/{id}/span") { request, context in
            let body = try await request.decode(as: Resize.self, context: context)
            let id = try context.parameters.require("id", as: Int64.self)
            return try await guarded { try await resize(id, body) }
        }
    }

    /// Changes what the dialog changed; a field left out stays as it is.
    func setCategory(_ body: CategoryEdit) throws -> Done {
        var origin: CategoryOrigin?
        if let typed = body.origin {
            guard let parsed = CategoryOrigin(parsing: typed) else {
                throw StoreError.invalidInput([.init(location: "category \(body.name), origin", message: "give a literature reference or 'emergent'")])
            }
            origin = parsed
        }
        let rename = body.rename?.nilIfBlank.flatMap { $0 == body.name ? nil : $0 }
        let change = CategoryChange(definition: body.definition, origin: origin, theme: body.theme, rename: rename)
        guard !change.isEmpty else { return Done(message: try say(.categoryUnchanged(body.name))) }
        try study.updateCategory(body.name, change)
        return Done(message: try say(.categoryChanged(rename ?? body.name)))
    }

    /// Moves a coded passage's ends; the page's undo puts them back.
    func resize(_ id: Int64, _ body: Resize) async throws -> Done {
        let coder = try coder(body.coder)
        guard body.end > body.start else {
            throw StoreError.invalidInput([.init(location: "code \(id)", message: "a passage needs at least one character")])
        }
        let before = try snapshot(id, coder: coder)
        let record = try study.resizeCode(id, coder: coder, span: body.start..<body.end, excerpt: body.excerpt)
        var action: Int64?
        if let before, let after = try snapshot(id, coder: coder), after != before {
            action = await server.undo.record(.edited(before: before, after: after), page: body.page ?? "", coder: coder)
        }
        return Done(message: try say(.passageNow(code: record.code, excerpt: String(record.excerpt.prefix(80)))), action: action)
    }
}
