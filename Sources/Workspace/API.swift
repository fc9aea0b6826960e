import Foundation
import Hummingbird
import QualCoding
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

/// The workspace's JSON API. Offsets are Unicode scalar offsets in the stored (NFC, LF) transcript, as `code add`
/// stores them; the page converts from the browser's UTF-16 before sending. Every write is one `StudyDatabase`
/// transaction; a refused write answers 422 with the store's message and changes nothing.
struct API {
    let server: WorkspaceServer
    var study: StudyDatabase { server.study }

    // MARK: - Shapes

    struct Participant: Codable {
        var code: String; var group: String?; var transcript: Bool; var characters: Int; var codings: Int; var coded: Int
        /// The participant's transcripts by label, the unlabelled interview first (a session's log is one of its own).
        var labels: [String] = []
    }
    struct State: Encodable {
        var title: String; var language: String; var coders: [String]; var attributes: [String]; var participants: [Participant]
        var categories: [Category]
        /// Each attribute's label for people (`participant attribute label`; the name with underscores as spaces).
        var attributeLabels: [String: String] = [:]
        /// The page's words in the study's language (`PageWord`).
        var words: [String: String] = [:]
        /// Whether the page offers the Compare tab: not to a coder who codes blind (one with codes of their own who is
        /// no consensus coder), since it shows every coder's codes.
        var compare = true
    }
    /// A codebook category as the page shows it: its counts are the asking coder's own (coding is blind), and its
    /// colour is the one every page and every reload gives it.
    struct Category: Encodable {
        var name: String; var definition: String?; var origin: String; var reference: String?; var theme: String?
        var codes: Int; var participants: Int; var colour: String
    }

    struct Coding: Codable {
        var id: Int64; var start: Int?; var end: Int?; var excerpt: String; var code: String; var categories: [String]; var inVivo: Bool; var memo: String?
        /// When the excerpt was said, in seconds of the recording (a transcript with times).
        var startTime: Double? = nil; var endTime: Double? = nil
    }
    /// Where a timed turn begins in the text (Unicode scalar offset of its words) and when (ms of the recording).
    struct TurnTime: Codable { var at: Int; var startMs: Int; var speaker: String? }
    /// The recording a transcript is linked to: the page plays it from `url` (served by `MediaRoute`).
    struct Recording: Encodable {
        var id: Int64; var url: String; var kind: String; var label: String
        /// The captions made from the linked transcript's timed turns (`MediaRoute`), when it has times.
        var captions: String? = nil
    }
    struct Transcript: Encodable {
        var participant: String; var label: String; var text: String; var codings: [Coding]; var media: Recording? = nil
        /// The timed turns' starts, for the times beside the text.
        var turns: [TurnTime] = []
    }
    struct NewCoding: Decodable {
        var participant: String; var start: Int; var end: Int; var excerpt: String; var code: String; var category: String; var coder: String
        var memo: String?; var descriptive: Bool?; var definition: String?; var theme: String?
        /// The transcript's label (absent or empty: the participant's unlabelled transcript).
        var label: String?
        /// The page that asks (its random id for this load): what it may undo.
        var page: String?
        /// The coder confirmed that `category`, which the codebook lacks, is to be created (the picker asks first).
        var newCategory: Bool?
    }
    struct Edit: Decodable {
        var coder: String; var code: String?; var category: String?
        var descriptive: Bool?; var memo: String?; var page: String?
    }
    /// "Undo": the page's last action, which the page names (`action`) so that it never undoes another's.
    struct UndoRequest: Decodable { var coder: String; var page: String?; var action: Int64? }
    struct NewCategory: Decodable { var name: String; var definition: String?; var theme: String? }
    struct Rename: Decodable { var from: String; var to: String }
    struct Merge: Decodable { var from: String; var into: String }
    struct NewMemo: Decodable { var on: String; var text: String; var coder: String? }
    struct Saved: Encodable {
        var id: Int64; var start: Int?; var end: Int?; var notes: [String]; var message: String
        /// The action's id in the page's undo.
        var action: Int64? = nil
    }
    struct Done: Encodable {
        var message: String
        /// A write's id in the page's undo; for an undo, the action it undid.
        var action: Int64? = nil
    }
    /// An undo refused (the coding changed since, or the page named an action that is not its last): 409, nothing changed.
    struct UndoRefusal: Error { var message: Message }
    struct Frequencies: Encodable { var attribute: String?; var table: FrequencyTable }
    struct Difference: Codable {
        var participant: String; var excerpt: String; var start: Int?; var byCoder: [String: [String]]
        /// The excerpt's id (what settling names) and the consensus coder's categories on it, once settled.
        var id: Int64 = 0; var settled: [String]? = nil
    }
    struct Settle: Decodable { var excerpt: Int64; var from: String; var consensus: String }
    struct SettleAgreements: Decodable { var consensus: String }
    struct Comparison: Encodable {
        var coders: [String]; var report: AgreementReport?; var differences: [Difference]
        /// What the figures compared and left out, and where few are compared the measures that compare spans, in
        /// the study's language (as `codes agreement` says them).
        var coverage: [String] = []; var coverageHint: String? = nil
    }
    struct Memos: Encodable { var memos: [MemoRecord] }

    // MARK: - Routes

    func register(on router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("state") { request, _ in try await guarded { try state(coder: request.uri.queryParameters.get("coder")) } }
        api.get("transcript/{participant}") { request, context in
            try await guarded {
                try transcript(context.parameters.require("participant"), label: request.uri.queryParameters.get("label"),
                               coder: try coder(request.uri.queryParameters.get("coder")))
            }
        }
        api.post("codings") { request, context in
            let body = try await request.decode(as: NewCoding.self, context: context)
            return try await guarded { try await create(body) }
        }
        api.patch("codings/{id}") { request, context in
            let body = try await request.decode(as: Edit.self, context: context)
            let id = try context.parameters.require("id", as: Int64.self)
            return try await guarded { try await edit(id, body) }
        }
        api.delete("codings/{id}") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await guarded {
                try await delete(id, coder: try coder(request.uri.queryParameters.get("coder")), page: request.uri.queryParameters.get("page") ?? "")
            }
        }
        api.post("undo") { request, context in
            let body = try await request.decode(as: UndoRequest.self, context: context)
            return try await guarded { try await undo(body) }
        }
        api.post("categories") { request, context in
            let body = try await request.decode(as: NewCategory.self, context: context)
            return try await guarded {
                try study.addCategory(name: body.name, definition: body.definition?.nilIfBlank, origin: .emergent, theme: body.theme?.nilIfBlank)
                return Done(message: try say(.addedCategory(body.name)))
            }
        }
        api.post("categories/rename") { request, context in
            let body = try await request.decode(as: Rename.self, context: context)
            return try await guarded { try study.renameCategory(body.from, to: body.to); return Done(message: try say(.renamedCategory(from: body.from, to: body.to))) }
        }
        api.post("categories/merge") { request, context in
            let body = try await request.decode(as: Merge.self, context: context)
            return try await guarded {
                let moved = try study.mergeCategory(body.from, into: body.into)
                return Done(message: try say(.mergedCategory(from: body.from, into: body.into, moved: moved)))
            }
        }
        registerQuotes(on: api)
        api.get("frequencies") { request, _ in
            try await guarded {
                try frequencies(by: request.uri.queryParameters.get("by")?.nilIfBlank, coder: try coder(request.uri.queryParameters.get("coder")))
            }
        }
        api.get("compare") { request, _ in
            try await guarded {
                try compare(consensus: request.uri.queryParameters.get("consensus")?.nilIfBlank, coder: request.uri.queryParameters.get("coder")?.nilIfBlank)
            }
        }
        api.post("settle") { request, context in
            let body = try await request.decode(as: Settle.self, context: context)
            return try await guarded {
                try study.settle(excerpt: body.excerpt, takingFrom: body.from, into: body.consensus)
                return Done(message: try say(.settledExcerpt(from: body.from, into: body.consensus)))
            }
        }
        api.post("settle/agreements") { request, context in
            let body = try await request.decode(as: SettleAgreements.self, context: context)
            return try await guarded {
                let coders = try study.coders().filter { $0.caseInsensitiveCompare(body.consensus) != .orderedSame }
                let count = try study.settleAgreements(of: coders, into: body.consensus)
                return Done(message: try say(.settledAgreements(count: count, into: body.consensus)))
            }
        }
        registerCodebook(on: api)
        api.get("memos") { _, _ in try await guarded { Memos(memos: try study.memos()) } }
        api.post("memos") { request, context in
            let body = try await request.decode(as: NewMemo.self, context: context)
            return try await guarded {
                guard let target = MemoTarget(parsing: body.on) else {
                    throw StoreError.invalidInput([.init(location: "memo", message: "'\(body.on)' is not study, participant:CODE, code:ID or category:NAME")])
                }
                let id = try study.addMemo(on: target, text: body.text, coder: body.coder?.nilIfBlank)
                return Done(message: try say(.addedMemo(id)))
            }
        }
    }

    /// Runs a handler; a refusal from the store becomes a 422 with its message (the page shows it), nothing changed.
    func guarded<T: Encodable>(_ body: () async throws -> T) async throws -> Response {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(try await body())
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(data: data)))
        } catch let error as HTTPError {
            throw error
        } catch let refusal as UndoRefusal {
            return GuardMiddleware<BasicRequestContext>.refuse(.conflict, refusal.message.text((try? study.info().language) ?? .en))
        } catch {
            let language = (try? study.info().language) ?? .en
            let message = (error as? StoreError)?.text(language) ?? (error as? WordedError)?.text(language)
            ?? (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            return GuardMiddleware<BasicRequestContext>.refuse(.unprocessableContent, message)
        }
    }

    func coder(_ name: String?) throws -> String {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw StoreError.invalidInput([.init(location: "coder", message: "choose your coder name first (top right)")])
        }
        return name
    }

    // MARK: - Handlers

    /// `message` in the study's language.
    func say(_ message: Message) throws -> String { message.text(try study.info().language) }

    func state(coder: String?) throws -> State {
        let info = try study.info()
        let roster = try study.roster()
        let group = roster.attributes.first { $0.rule != nil }?.name
        // Each participant's transcripts: their own, then those they speak in (a focus group is listed under each
        // of its participants).
        let spoken = try study.spokenTranscripts()
        let known = try study.coders().contains(coder ?? "")
        let codes = known ? try study.codes(coder: coder) : []
        let participants = roster.participants.map { participant -> Participant in
            let own = codes.filter { $0.participant == participant.code }
            let mine = spoken[participant.code] ?? []
            // Coding progress: the share of the transcripts' characters inside a span coded as this participant's
            // words (in a focus group, each speaker's own codings).
            var covered = 0
            for transcript in mine {
                var spans = IndexSet()
                for code in own where code.spanStart != nil && code.document == DocumentID(participant: transcript.owner, label: transcript.label) {
                    if let start = code.spanStart, let end = code.spanEnd, end > start { spans.insert(integersIn: start..<end) }
                }
                covered += spans.count
            }
            return Participant(code: participant.code, group: group.flatMap { participant.value(of: $0)?.display }, transcript: !mine.isEmpty,
                               characters: mine.reduce(0) { $0 + $1.characters }, codings: own.count, coded: covered, labels: mine.map(\.label))
        }
        let labels = try study.labels()
        var state = State(title: info.title, language: info.language.rawValue, coders: try study.coders(), attributes: roster.attributes.map(\.name),
                          participants: participants, categories: try categories(coder: known ? coder : nil), words: PageWord.all(info.language),
                          compare: try !codesBlind(coder))
        state.attributeLabels = Dictionary(roster.attributes.map { ($0.name, labels.attribute($0.name)) }, uniquingKeysWith: { a, _ in a })
        return state
    }

    /// The codebook with the coder's own counts (a coder not in the study yet has none): coding is blind, so no
    /// count of another coder's codes reaches the page. A category's colour follows the order categories were added
    /// in (`Palette`), so it keeps its colour from the moment it is created, whatever is merged away after, and no
    /// two categories share one.
    func categories(coder: String?) throws -> [Category] {
        let positions = try study.categoryPositions()
        return try study.categories(coder: coder).enumerated().map { index, info in
            Category(name: info.name, definition: info.definition, origin: info.origin, reference: info.reference, theme: info.theme,
                     codes: coder == nil ? 0 : info.codes, participants: coder == nil ? 0 : info.participants,
                     colour: Palette.colour(positions[info.name].map { $0 - 1 } ?? index))
        }
    }

    func transcript(_ participant: String, label asked: String?, coder: String) throws -> Transcript {
        let code = StudyText.composed(participant)
        let labels = (try study.spokenTranscripts()[code] ?? []).map { $0.label }
        let label = asked.map(StudyText.composed) ?? labels.first ?? ""
        // A focus group's transcript is opened from any of its participants: it is its holder's.
        let details = try study.transcriptDetails(participant: participant, label: label)
        let text = details.text
        let document = DocumentID(participant: details.participant, label: details.label)
        let known = try study.coders().contains(coder)
        let memos = try study.memos()
        // The codes placed in this transcript (whoever said the words); unplaced ones are listed with the first.
        let codings = (known ? try study.codes(coder: coder) : []).filter {
            $0.spanStart == nil ? $0.participant == code && label == labels.first : $0.document == document
        }.map { code in
            Coding(id: code.id, start: code.spanStart, end: code.spanEnd, excerpt: code.excerpt, code: code.code, categories: code.categories,
                   inVivo: code.inVivo, memo: memos.first { $0.on == "code:\(code.id)" }?.text, startTime: code.startTime, endTime: code.endTime)
        }
        let recording = try study.media(transcriptOf: details.participant, label: details.label).map {
            Recording(id: $0.id, url: "/media/\($0.id)", kind: $0.kind.rawValue, label: $0.label,
                      captions: $0.transcriptTimed == true ? "/media/\($0.id)/captions.vtt" : nil)
        }
        let turns = try study.transcriptDetails(participant: participant, label: label).turns.compactMap { turn in
            turn.start.map { TurnTime(at: turn.spanStart, startMs: $0, speaker: turn.speaker) }
        }
        return Transcript(participant: participant, label: label, text: text, codings: codings, media: recording, turns: turns)
    }

    /// Whether `coder` codes blind: they have codes of their own and are no consensus coder.
    func codesBlind(_ coder: String?) throws -> Bool {
        guard let coder = coder?.nilIfBlank, try study.coders().contains(where: { $0.caseInsensitiveCompare(coder) == .orderedSame }) else { return false }
        return try !study.consensusCoders().contains { $0.caseInsensitiveCompare(coder) == .orderedSame }
    }

    func create(_ body: NewCoding) async throws -> Saved {
        let coder = try coder(body.coder)
        guard body.end > body.start else {
            throw StoreError.invalidInput([.init(location: "selection", message: "select some words of the transcript first")])
        }
        // A category the codebook lacks is created (emergent) in the same transaction as the code: a refused code
        // leaves no category behind. An existing one is matched whatever its case.
        let typed = body.category.trimmingCharacters(in: .whitespaces)
        let known = try study.categories().first { $0.name.caseInsensitiveCompare(typed) == .orderedSame }?.name
        // A typo never becomes a category: a name the codebook lacks is created only when the coder confirmed it.
        guard known != nil || body.newCategory == true else {
            throw StoreError.invalidInput([.init(location: "category", message: "no category '\(typed)' in the codebook; confirm it as a new category, or choose one of the codebook's")])
        }
        let category = known ?? typed
        let result = try study.addCode(CodeEntry(participant: body.participant, excerpt: body.excerpt, code: body.code, categories: [category],
                                                 coder: coder, memo: body.memo?.nilIfBlank, descriptive: body.descriptive ?? false,
                                                 span: body.start..<body.end, transcript: body.label?.nilIfBlank),
                                       creatingCategories: body.definition?.nilIfBlank, theme: body.theme?.nilIfBlank)
        var action: Int64?
        if let after = try snapshot(result.id, coder: coder) { action = await server.undo.record(.created(after), page: body.page ?? "", coder: coder) }
        return Saved(id: result.id, start: result.span?.lowerBound, end: result.span?.upperBound, notes: try result.notes.map { $0.text(try study.info().language) },
                     message: try say(.codedAs(code: body.code, category: category)), action: action)
    }

    /// The coding `id` of `coder` as it is now, with its memo (what an undo compares and restores).
    func snapshot(_ id: Int64, coder: String) throws -> UndoLog.Snapshot? {
        guard try study.coders().contains(coder), let record = try study.codes(coder: coder).first(where: { $0.id == id }) else { return nil }
        return UndoLog.Snapshot(record: record, memo: try study.memos(on: .code(id)).first?.text)
    }

    func edit(_ id: Int64, _ body: Edit) async throws -> Done {
        let coder = try coder(body.coder)
        let before = try snapshot(id, coder: coder)
        let record = try study.updateCode(id, coder: coder, label: body.code?.nilIfBlank, categories: body.category.flatMap { $0.nilIfBlank }.map { [$0] },
                                          inVivo: body.descriptive.map { !$0 }, memo: body.memo)
        var action: Int64?
        if let before, let after = try snapshot(id, coder: coder), after != before {
            action = await server.undo.record(.edited(before: before, after: after), page: body.page ?? "", coder: coder)
        }
        return Done(message: try say(.codeNow(id: id, code: record.code, categories: record.categories.joined(separator: ", "))), action: action)
    }

    func delete(_ id: Int64, coder: String, page: String) async throws -> Done {
        let memo = try study.memos(on: .code(id)).first?.text
        let record = try study.deleteCode(id, coder: coder)
        let action = await server.undo.record(.deleted(.init(record: record, memo: memo)), page: page, coder: coder)
        return Done(message: try say(.deletedCode(record.code)), action: action)
    }

    /// Undoes the asking page's last action, if the coding is still as that action left it; a page never reaches
    /// another page's actions (another tab, or itself before a reload).
    func undo(_ body: UndoRequest) async throws -> Done {
        let coder = try coder(body.coder)
        let page = body.page ?? ""
        guard let action = await server.undo.last(page: page, coder: coder) else {
            if body.action != nil { throw UndoRefusal(message: .undoUnknownAction) }
            return Done(message: try say(.nothingToUndo))
        }
        if let asked = body.action, asked != action.id { throw UndoRefusal(message: .undoUnknownAction) }
        // Someone else (another page, the command line) changed the coding since: undoing would throw their work away.
        if let after = action.change.after, try snapshot(after.record.id, coder: coder) != after {
            await server.undo.remove(action.id)
            throw UndoRefusal(message: .undoChangedSince(after.record.code))
        }
        if case let .batch(made) = action.change {
            return try await undoBatch(action, made: made, coder: coder)
        }
        let message: Message
        switch action.change {
        case let .created(after):
            _ = try study.deleteCode(after.record.id, coder: coder)
            message = .undidCoding(after.record.code)
        case let .deleted(before):
            let record = before.record
            let span = record.spanStart.flatMap { start in record.spanEnd.map { start..<$0 } }
            let restored = try study.addCode(CodeEntry(participant: record.participant, excerpt: record.excerpt, code: record.code, categories: record.categories,
                                                       coder: coder, memo: before.memo, descriptive: !record.inVivo, span: span, transcript: record.transcript))
            await server.undo.renumber(code: record.id, to: restored.id)
            message = .restoredCoding(record.code)
        case let .edited(before, after):
            if before.record.spanStart != after.record.spanStart || before.record.spanEnd != after.record.spanEnd,
               let start = before.record.spanStart, let end = before.record.spanEnd {
                _ = try study.resizeCode(before.record.id, coder: coder, span: start..<end, excerpt: before.record.excerpt)
            }
            _ = try study.updateCode(before.record.id, coder: coder, label: before.record.code, categories: before.record.categories,
                                     inVivo: before.record.inVivo, memo: before.memo ?? "")
            message = .undidEdit(before.record.code)
        case .batch:
            message = .nothingToUndo
        }
        await server.undo.remove(action.id)
        return Done(message: try say(message), action: action.id)
    }

    /// Undoes codings made in one step, all in one transaction, if none changed since.
    func undoBatch(_ action: UndoLog.Action, made: [UndoLog.Snapshot], coder: String) async throws -> Done {
        for coding in made {
            guard try snapshot(coding.record.id, coder: coder) == coding else {
                await server.undo.remove(action.id)
                throw UndoRefusal(message: .undoChangedSince(coding.record.code))
            }
        }
        try study.deleteCodes(made.map(\.record.id), coder: coder)
        await server.undo.remove(action.id)
        let sentence: Sentence = "Undid the coding of \(String(made.count)) passages made in one step"
        return Done(message: sentence.text(try study.info().language), action: action.id)
    }

    /// The same table as `codes freq [--by ATTR] [--coder C]`: same dataset, same function.
    func frequencies(by attribute: String?, coder: String) throws -> Frequencies {
        // A coder who has coded nothing yet is not in the study: their table is all zeros, not an error (nor anyone
        // else's table: coding is blind).
        let known = try study.coders().contains(coder)
        var dataset = try study.codingDataset(coder: known ? coder : nil, groupedBy: attribute)
        if !known { dataset.segments = [] }
        let table = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.denominator(.interviewed),
                                             groupOrder: dataset.groupOrder, tree: dataset.tree)
        return Frequencies(attribute: attribute, table: table)
    }

    /// Per excerpt coded by two or more coders, where their categories differ; and the figures of `codes agreement`.
    /// The consensus coder, when named, is left out of the comparison and shown as each difference's settlement.
    ///
    /// Refused to a coder who codes blind (`codesBlind`): the comparison shows the other coders' codes.
    func compare(consensus: String? = nil, coder: String? = nil) throws -> Comparison {
        if try codesBlind(coder) {
            throw StoreError.invalidInput([.init(location: "coder \(coder ?? "")",
                                                 message: "codes blind, and the comparison shows every coder's codes: open it as the consensus coder or as someone who codes nothing")])
        }
        let everyone = try study.coders()
        let coders = everyone.filter { name in consensus.map { name.caseInsensitiveCompare($0) != .orderedSame } ?? true }
        let settled = try everyone.first { name in consensus.map { name.caseInsensitiveCompare($0) == .orderedSame } ?? false }
            .map { try study.codingAssignments(coders: [$0])[$0] ?? [:] } ?? [:]
        guard coders.count >= 2 else { return Comparison(coders: coders, report: nil, differences: []) }
        let assignments = try study.codingAssignments(coders: coders)
        let report = try study.agreementReport(coders: coders)
        let codes = try study.codes()
        var differences: [Difference] = []
        var seen = Set<Int64>()
        for code in codes where !seen.contains(code.excerptID) {
            seen.insert(code.excerptID)
            var byCoder: [String: [String]] = [:]
            for coder in coders { if let set = assignments[coder]?[code.excerptID] { byCoder[coder] = set.sorted() } }
            guard byCoder.count >= 2, Set(byCoder.values.map { $0 }).count > 1 else { continue }
            differences.append(Difference(participant: code.participant, excerpt: code.excerpt, start: code.spanStart, byCoder: byCoder,
                                          id: code.excerptID, settled: settled[code.excerptID]?.sorted()))
        }
        let language = try study.info().language
        return Comparison(coders: coders, report: report.units > 0 ? report : nil, differences: differences,
                          coverage: report.coverage?.lines(language) ?? [], coverageHint: report.coverage?.hint(language))
    }
}

extension String {
    var nilIfBlank: String? { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self }
}
