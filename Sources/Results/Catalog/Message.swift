import Surveys
import Wording

/// What the command line says, in English and Brazilian Portuguese: one case per message, its arguments already
/// formatted (names as the study has them, numbers by `NumberStyle`). The `switch` is exhaustive, so no message
/// can lack a language.
public enum Message: Sendable, Equatable, Worded {
    case errorPrefix
    case working
    case notePrefix
    case createdStudy(title: String, language: String, path: String)
    case statusStudy(String), statusFile(String), statusLanguage(String), statusCreated(String), statusSchema(version: Int, steps: String)
    case addedParticipant(String)
    case importedParticipants(added: Int, updated: Int, attributes: String, file: String)
    case alreadyDerived(Int)
    case changedValue(String)
    case noDerivationSource(attribute: String, target: String, participants: String)
    case noParticipants
    case participantCount(Int)
    case storedAnswers(instrument: String, participant: String, task: String?, answered: Int, items: Int)
    case susMeaning(grade: String, adjective: String, acceptability: String)
    case notScoredYet(String)
    case responseSets(title: String, count: Int)
    case reference(String)
    case lowerIsBetter
    case noAnswersYet(instrument: String)
    case gradesNote
    case norms(String)
    case cronbachAlpha(scale: String?, alpha: String, items: Int, sets: Int)
    case choices(group: String, n: Int)
    case openAnswers
    case unansweredItems(String)
    case groupComparison(by: String)
    case noComparison(by: String)
    // Tasks, coding, imports and exports.
    case recordedTrial(trial: Int, task: String, participant: String)
    case importedAttempts(Int, file: String)
    case skippedAttempts(Int)
    case replacedAttempts(Int)
    case columnsFound(String)
    case noAttemptsYet
    case addedTask(key: String, penalty: String?)
    case addedCondition(name: String, levels: String)
    case storedCode(id: Int64, participant: String, span: String?)
    case importedCodes(codes: Int, excerpts: Int, file: String)
    case movedCode(id: Int64, to: String)
    case addedCategoryWithOrigin(name: String, origin: String?)
    case importedCategories(Int, file: String)
    case renamedCategoryCLI(from: String, to: String)
    case mergedCategoryCLI(from: String, into: String, moved: Int)
    case storedMemo(id: Int64, on: String)
    case storedTranscript(participant: String, characters: Int, located: Int)
    case wrote(String)
    case wroteCSV(count: Int, folder: String, files: String)
    case wroteReport(path: String, charts: String)
    case importedResponseSets(sets: Int, answers: Int, instrument: String, file: String, replaced: Int)
    case itemsReadFrom(by: String, columns: String)
    case itemsReadFromCheck(by: String)
    case itemSimilarity(item: String, column: String, percent: Int)
    case ignoredColumns(String)
    case repeatedSubmissions(dropped: Int, keepLast: Bool)
    case sharesDenominator(participants: Int, study: Bool, all: Int, perGroup: String?)
    case agreementOf(coders: String, units: Int, codedByAll: Int?)
    case agreementNote(singleCategory: Bool, units: Int)
    case participantAdded(code: String, created: String), noAttributes, nothingAttached
    case participantChanged(code: String, changes: String), removedParticipant(code: String, with: String)
    case checkOK(path: String, version: Int), checkProblems(String), backedUp(from: String, to: String)
    // The coding workspace.
    case addedCategory(String), renamedCategory(from: String, to: String), mergedCategory(from: String, into: String, moved: Int)
    case addedMemo(Int64), codedAs(code: String, category: String), codeNow(id: Int64, code: String, categories: String)
    case settledExcerpt(from: String, into: String), settledAgreements(count: Int, into: String)
    case deletedCode(String), nothingToUndo, undidCoding(String), restoredCoding(String)
    case undidEdit(String), undoChangedSince(String), undoUnknownAction
    case categoryChanged(String), categoryUnchanged(String), passageNow(code: String, excerpt: String)

    /// The sentence: its English, which the catalog words in the study's language.
    public var sentence: Sentence {
        switch self {
        case .errorPrefix: return "Error: "
        case .working: return "working…"
        case .notePrefix: return "note: "
        case let .createdStudy(title, language, path): return "Created study \"\(title)\" (\(language)) in \(path)"
        case let .statusStudy(title): return "Study:    \(title)"
        case let .statusFile(path): return "File:     \(path)"
        case let .statusLanguage(language): return "Language: \(language)"
        case let .statusCreated(date): return "Created:  \(date)"
        case let .statusSchema(version, steps): return "Schema:   \(version) upgrade steps applied (\(steps))"
        case let .addedParticipant(code): return "Added participant \(code)"
        case let .importedParticipants(added, updated, attributes, file):
            let updatedPart: Sentence = updated > 0 ? Sentence(count: updated, one: ", updated \(updated)", other: ", updated \(updated)") : ""
            let withAttributes: Sentence = attributes.isEmpty ? "" : " with attributes \(attributes)"
            return Sentence(count: added, one: "Imported \(added) participant\(updatedPart)\(withAttributes) from \(file)",
                            other: "Imported \(added) participants\(updatedPart)\(withAttributes) from \(file)")
        case let .alreadyDerived(n):
            return Sentence(count: n, one: "\(n) participant already had the derived value.", other: "\(n) participants already had the derived value.")
        case let .changedValue(change): return "changed \(change)"
        case let .noDerivationSource(attribute, target, participants): return "no \(attribute) value, so no \(target): \(participants)"
        case .noParticipants: return "No participants yet. Add one with 'studyctl participant add P1' or import a CSV with 'studyctl participant import'."
        case let .participantCount(n): return Sentence(count: n, one: "\(n) participant", other: "\(n) participants")
        case let .storedAnswers(instrument, participant, task, answered, items):
            let forTask: Sentence = task.map { Sentence(" for task \($0)", context: "stored answers") } ?? ""
            return "Stored \(instrument) answers of \(participant)\(forTask) (\(answered) of \(items) items)"
        case let .susMeaning(grade, adjective, acceptability): return "grade \(grade), \(adjective), \(acceptability)"
        case let .notScoredYet(reason): return "Not scored yet: \(reason)"
        case let .responseSets(title, count):
            return Sentence(count: count, one: "\(title) — \(count) response set", other: "\(title) — \(count) response sets")
        case let .reference(text): return "Reference: \(text)"
        case .lowerIsBetter: return "Lower scores are better."
        case let .noAnswersYet(instrument): return "No answers yet. Enter them with 'studyctl respond PARTICIPANT \(instrument)' or 'studyctl responses import'."
        case .gradesNote:
            return "Grades (Sauro & Lewis 2016) are defined for study means, so they are given for groups only; each participant's adjective (Bangor et al. 2009) and acceptability (Bangor et al. 2008) are in the table above. "
                + Phrase.susGradeSource.sentence
        case let .norms(source): return "Norms: \(source)"
        case let .cronbachAlpha(scale, alpha, items, sets):
            let suffix: Sentence = scale.map { " (\($0))" } ?? ""
            return "Cronbach's α\(suffix) = \(alpha) (\(items) items, \(sets) complete response sets)"
        case let .choices(group, n): return "Choices — \(group) (n = \(n))"
        case .openAnswers: return "Open answers"
        case let .unansweredItems(rule): return "Unanswered items: \(rule)"
        case let .groupComparison(by): return "Group comparison by \(by)"
        case let .recordedTrial(trial, task, participant): return "Recorded trial \(trial) of \(task) for \(participant)"
        case let .importedAttempts(n, file):
            return Sentence(count: n, one: "Imported \(n) attempt from \(file)", other: "Imported \(n) attempts from \(file)")
        case let .skippedAttempts(n):
            return Sentence(count: n, one: "Skipped \(n) attempt already in the study (identical rows)",
                            other: "Skipped \(n) attempts already in the study (identical rows)")
        case let .replacedAttempts(n):
            return Sentence(count: n, one: "Replaced the values of \(n) stored trial with the file's", other: "Replaced the values of \(n) stored trials with the file's")
        case let .columnsFound(list): return "Columns: \(list)"
        case .noAttemptsYet: return "No attempts yet. Record one with 'studyctl attempt add' or import a log with 'studyctl attempt import'."
        case let .addedTask(key, penalty):
            let perError: Sentence = penalty.map { " (penalty \($0) s per error)" } ?? ""
            return "Added task \(key)\(perError)"
        case let .addedCondition(name, levels): return "Added condition \(name) with levels \(levels)"
        case let .storedCode(id, participant, span):
            let characters: Sentence = span.map { " (transcript characters \($0))" } ?? ""
            return "Stored code \(id) for \(participant)\(characters)"
        case let .importedCodes(codes, excerpts, file):
            let onExcerpts = Sentence(count: excerpts, one: "\(excerpts) new excerpt", other: "\(excerpts) new excerpts")
            return Sentence(count: codes, one: "Imported \(codes) code on \(onExcerpts) from \(file)", other: "Imported \(codes) codes on \(onExcerpts) from \(file)")
        case let .movedCode(id, to): return "Moved code \(id) to \(to)"
        case let .addedCategoryWithOrigin(name, origin):
            let shown: Sentence = origin.map { Sentence(verbatim: $0) } ?? "emergent"
            return "Added category \(name) (\(shown))"
        case let .importedCategories(n, file):
            return Sentence(count: n, one: "Imported \(n) category from \(file)", other: "Imported \(n) categories from \(file)")
        case let .renamedCategoryCLI(from, to): return "Renamed category \(from) to \(to)"
        case let .mergedCategoryCLI(from, into, moved):
            return Sentence(count: moved, one: "Merged \(from) into \(into): \(moved) code moved; the merge is recorded in a memo on \(into)",
                            other: "Merged \(from) into \(into): \(moved) codes moved; the merge is recorded in a memo on \(into)")
        case let .storedMemo(id, on): return "Stored memo \(id) on \(on)"
        case let .storedTranscript(participant, characters, located):
            let found: Sentence = located > 0
                ? Sentence(count: located, one: "; located \(located) coded excerpt in it", other: "; located \(located) coded excerpts in it") : ""
            return "Stored the transcript of \(participant) (\(characters) characters)\(found)"
        case let .wrote(file): return "Wrote \(file)"
        case let .wroteCSV(count, folder, files): return "Wrote \(count) CSV files to \(folder): \(files)"
        case let .wroteReport(path, charts): return "Wrote \(path) and its charts (SVG, PNG 300 dpi, PDF) in \(charts)"
        case let .importedResponseSets(sets, answers, instrument, file, replaced):
            let replacing: Sentence = replaced > 0 ? ", replacing \(replaced)" : ""
            return Sentence(count: sets, one: "Imported \(sets) \(instrument) response set (\(answers) answers) from \(file)\(replacing)",
                            other: "Imported \(sets) \(instrument) response sets (\(answers) answers) from \(file)\(replacing)")
        case let .itemsReadFrom(by, columns): return "Items read from (by \(Self.itemMatch(by))): \(columns)"
        case let .itemsReadFromCheck(by): return "Items read from (by \(Self.itemMatch(by)); check them):"
        case let .itemSimilarity(item, column, percent): return "  \(item) ← '\(column)' (similarity \(percent) %)"
        case let .ignoredColumns(list): return "Columns that are no item, left out: \(list)"
        case let .repeatedSubmissions(dropped, keepLast):
            return keepLast
                ? Sentence(count: dropped, one: "Repeated submissions: \(dropped) row dropped, keeping each participant's last",
                           other: "Repeated submissions: \(dropped) rows dropped, keeping each participant's last")
                : Sentence(count: dropped, one: "Repeated submissions: \(dropped) row dropped, keeping each participant's first",
                           other: "Repeated submissions: \(dropped) rows dropped, keeping each participant's first")
        case let .sharesDenominator(participants, study, all, perGroup):
            let perGroupPart: Sentence = perGroup.map { "; per \($0)" } ?? ""
            if study {
                return Sentence(count: participants, one: "Share = participants who raised the category ÷ \(participants) participant in the study\(perGroupPart).",
                                other: "Share = participants who raised the category ÷ \(participants) participants in the study\(perGroupPart).")
            }
            return Sentence(count: participants,
                            one: "Share = participants who raised the category ÷ \(participants) participant interviewed (with an interview transcript or a code; session logs are not interviews; '--denominator study' for all \(all))\(perGroupPart).",
                            other: "Share = participants who raised the category ÷ \(participants) participants interviewed (with an interview transcript or a code; session logs are not interviews; '--denominator study' for all \(all))\(perGroupPart).")
        case let .agreementOf(coders, units, all):
            let byAll: Sentence = all.map { " (\($0) coded by all)" } ?? ""
            return Sentence(count: units, one: "Agreement of \(coders) on \(units) excerpt coded by at least two of them\(byAll)",
                            other: "Agreement of \(coders) on \(units) excerpts coded by at least two of them\(byAll)")
        case let .agreementNote(single, units):
            let basis: Sentence = single ? "one category per excerpt: κ and α over the categories assigned; " : "pooled presence of every category on every excerpt; "
            let coded = Sentence(count: units, one: "α on the \(units) excerpt coded by at least two coders (Krippendorff 2011); κ per pair on the excerpts that pair shares",
                                 other: "α on the \(units) excerpts coded by at least two coders (Krippendorff 2011); κ per pair on the excerpts that pair shares")
            return "Overall: \(basis)\(coded). An empty κ or α means no variation to compare (e.g. a category nobody used). Where one value dominates (a rare category is absent from almost every excerpt), κ and α fall near 0 although the coders agree on nearly every excerpt (the kappa paradox; Feinstein & Cicchetti 1990): Gwet's AC1 (Gwet 2008) and Brennan–Prediger (1981) correct for chance without that dependence on prevalence. κ's 95% CI is the large-sample one of Fleiss, Cohen & Everitt (1969), κ ± 1.96 SE, shown cut to −1…1; with few disagreements it is only a rough guide."
        case let .participantAdded(code, created): return "Participant \(code) (added \(created))"
        case .noAttributes: return "  no attributes"
        case .nothingAttached: return "  nothing attached yet"
        case let .participantChanged(code, changes): return "Participant \(code): \(changes)"
        case let .removedParticipant(code, with):
            let withPart: Sentence = with.isEmpty ? "" : " with \(with)"
            return "Removed participant \(code)\(withPart)"
        case let .checkOK(path, version): return "\(path): ok (schema version \(version); integrity, foreign keys, answers and names checked)"
        case let .checkProblems(path): return "\(path): problems found"
        case let .backedUp(from, to): return "Backed up \(from) to \(to)"
        case let .addedCategory(name): return "Added category \(name)"
        case let .renamedCategory(from, to): return "Renamed \(from) to \(to)"
        case let .mergedCategory(from, into, moved):
            return Sentence(count: moved, one: "Merged \(from) into \(into) (\(moved) code moved)", other: "Merged \(from) into \(into) (\(moved) codes moved)")
        case let .addedMemo(id): return "Added memo \(id)"
        case let .settledExcerpt(from, into): return "\(into) now codes this excerpt as \(from) did"
        case let .settledAgreements(count, into):
            return Sentence(count: count, one: "Copied into \(into) the \(count) excerpt on which the coders agree",
                            other: "Copied into \(into) the \(count) excerpts on which the coders agree")
        case let .codedAs(code, category): return "Coded “\(code)” as \(category)"
        case let .codeNow(id, code, categories): return "Code \(id) is now “\(code)” in \(categories)"
        case let .deletedCode(code): return "Deleted “\(code)”"
        case .nothingToUndo: return "Nothing to undo"
        case let .undidCoding(code): return "Undid coding “\(code)”"
        case let .restoredCoding(code): return "Restored “\(code)”"
        case let .undidEdit(code): return "Undid the edit: “\(code)” is back as it was"
        case let .categoryChanged(name): return "Changed category \(name)"
        case let .categoryUnchanged(name): return "Nothing to change in category \(name)"
        case let .passageNow(code, excerpt): return "“\(code)” now lies on “\(excerpt)”"
        case let .undoChangedSince(code): return "Not undone: “\(code)” was changed since in another page or on the command line; this page's undo leaves it as it is now."
        case .undoUnknownAction: return "Not undone: this page's last action is not known to the server (was studyctl serve restarted?). Reload the page."
        case let .noComparison(by): return "No comparison: fewer than two groups of \(by) have scores."
        }
    }
}

extension Message {
    /// How a form import found its item columns (`ResponseImportSummary.matchedBy`); the options keep their names.
    static func itemMatch(_ by: String) -> Sentence {
        switch by {
        case "position", "item text", "similarity to the item text", "item text and --map":
            return Sentence(Sentence(stringLiteral: by), context: "item match")
        default: return Sentence(verbatim: by)
        }
    }
}
