import Foundation
import Hummingbird
import QualCoding
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The workspace's search (hits in context, and coding every hit as one action the page can undo) and annotations
/// (a note on a selected passage: add, edit, remove). Offsets are Unicode scalar offsets of the stored text, as
/// everywhere in the API.
struct SearchAPI {
    let server: WorkspaceServer
    var study: StudyDatabase { server.study }
    var api: API { API(server: server) }

    struct Found: Encodable { var hits: Int; var transcripts: [TranscriptHits] }
    struct CodeAll: Decodable {
        var pattern: String; var ignoreCase: Bool?; var participant: String?; var speaker: String?
        var category: String; var coder: String; var page: String?
        /// As `transcript search --code`: the passage each hit codes, whether to code the others when some cannot be
        /// coded, whether the moderator's words are coded too.
        var unit: String?; var partial: Bool?; var moderator: Bool?
    }
    struct Coded: Encodable {
        var message: String; var action: Int64?; var coded: [CodeRecord]; var alreadyCoded: Int
        /// The hits left uncoded (with `partial`), each with its place and reason in the study's language.
        var notCoded: [String] = []; var moderatorHits = 0
    }
    struct NewAnnotation: Decodable {
        var participant: String; var label: String?; var start: Int; var end: Int; var excerpt: String?; var text: String; var coder: String?
    }
    struct AnnotationEdit: Decodable { var text: String }
    struct Annotations: Encodable { var annotations: [AnnotationRecord] }
    struct Done: Encodable { var message: String; var annotation: AnnotationRecord? }

    func register(on router: Router<BasicRequestContext>) {
        let group = router.group("api")
        group.get("search") { request, _ in
            let query = request.uri.queryParameters
            return try await api.guarded {
                let found = try search(query.get("pattern") ?? "", ignoreCase: query.get("ignoreCase") == "true",
                                       participant: query.get("participant"), speaker: query.get("speaker"))
                return Found(hits: found.reduce(0) { $0 + $1.hits.count }, transcripts: found)
            }
        }
        group.post("search/code") { request, context in
            let body = try await request.decode(as: CodeAll.self, context: context)
            return try await api.guarded { try await codeAll(body) }
        }
        group.get("annotations") { request, _ in
            try await api.guarded {
                var participant = request.uri.queryParameters.get("participant")?.nilIfBlank
                var label = request.uri.queryParameters.get("label").map { StudyText.composed(String($0)) }
                // A focus group's transcript opened from one of its speakers: the annotations of that transcript.
                if let speaker = participant, let asked = label, let details = try? study.transcriptDetails(participant: speaker, label: asked) {
                    participant = details.participant
                    label = details.label
                }
                return Annotations(annotations: try study.annotations(participant: participant).filter {
                    (label == nil || $0.label == label) && (participant == nil || $0.participant == participant)
                })
            }
        }
        group.post("annotations") { request, context in
            let body = try await request.decode(as: NewAnnotation.self, context: context)
            return try await api.guarded {
                guard body.end > body.start else {
                    throw StoreError.invalidInput([.init(location: "selection", message: "select some words of the transcript first")])
                }
                let (record, _) = try study.addAnnotation(participant: body.participant, label: body.label ?? "", span: body.start..<body.end, text: body.text,
                                                          coder: body.coder?.nilIfBlank)
                if let excerpt = body.excerpt, excerpt != record.excerpt {
                    try study.removeAnnotation(record.id)
                    throw StoreError.invalidInput([.init(location: "selection", message: "the selection reads \"\(String(record.excerpt.prefix(80)))\", not the passage sent; reload the transcript")])
                }
                return Done(message: try say("Annotation \(String(record.id)) stored."), annotation: record)
            }
        }
        group.patch("annotations/{id}") { request, context in
            let body = try await request.decode(as: AnnotationEdit.self, context: context)
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded { Done(message: try say("Annotation \(String(id)) changed."), annotation: try study.editAnnotation(id, text: body.text)) }
        }
        group.delete("annotations/{id}") { _, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded {
                let record = try study.removeAnnotation(id)
                return Done(message: try say("Removed annotation \(String(id)) on \(record.participant)'s passage \(String(record.start))–\(String(record.end))."), annotation: record)
            }
        }
    }

    func say(_ sentence: Sentence) throws -> String { sentence.text(try study.info().language) }

    func search(_ pattern: String, ignoreCase: Bool, participant: String?, speaker: String?) throws -> [TranscriptHits] {
        let regex: NSRegularExpression
        do {
            regex = try TranscriptSearch.compile(pattern, ignoreCase: ignoreCase)
        } catch {
            throw StoreError.invalidInput([.init(location: "search", message: "'\(pattern)' is not a regular expression studyctl can read")])
        }
        return try study.searchTranscripts(regex, participants: participant?.nilIfBlank.map { [$0] } ?? [], speaker: speaker?.nilIfBlank)
    }

    /// Codes every hit in one transaction, recorded as one action of the page's undo.
    func codeAll(_ body: CodeAll) async throws -> Coded {
        let coder = try api.coder(body.coder)
        let found = try search(body.pattern, ignoreCase: body.ignoreCase ?? false, participant: body.participant, speaker: body.speaker)
        let typed = body.category.trimmingCharacters(in: .whitespaces)
        let category = try study.categories().first { $0.name.caseInsensitiveCompare(typed) == .orderedSame }?.name ?? typed
        // The command line's rule, not a copy of it: `codeHits` trims, widens and credits each hit by `AutoCoding`.
        guard let unit = CodingUnit(rawValue: body.unit ?? "words") else {
            throw StoreError.invalidInput([.init(location: "unit", message: "'\(body.unit ?? "")' is not a unit (words, sentence, turn, paragraph)")])
        }
        let result = try study.codeHits(found, category: category, coder: coder,
                                        options: AutoCodeOptions(unit: unit, partial: body.partial ?? false, moderator: body.moderator ?? false))
        var action: Int64?
        if !result.coded.isEmpty {
            var snapshots: [UndoLog.Snapshot] = []
            for record in result.coded { if let snapshot = try api.snapshot(record.id, coder: coder) { snapshots.append(snapshot) } }
            action = await server.undo.record(.batch(snapshots), page: body.page ?? "", coder: coder)
        }
        var message = BatchCoding.codedInOneStep(result.coded.count, category: category)
        if result.alreadyCoded > 0 {
            let kept = result.alreadyCoded
            message = message + Sentence(verbatim: " ") + Sentence(count: kept, one: "\(String(kept)) passage already coded so was left as it was.",
                                                                   other: "\(String(kept)) passages already coded so were left as they were.")
        }
        let language = try study.info().language
        return Coded(message: try say(message), action: action, coded: result.coded, alreadyCoded: result.alreadyCoded,
                     notCoded: result.notCoded.map { "\($0.place.text(language)): “\($0.text)” — \($0.reason.text(language))" },
                     moderatorHits: result.moderatorHits)
    }
}
