import Surveys
import Wording

/// The coding workspace page's words, in English and Brazilian Portuguese: the page asks for them with the study's
/// state and fills `{name}` placeholders itself. The `switch` is exhaustive, so no word lacks a language. A word
/// with a count has its singular beside it, named with `One` after its key (`codings`, `codingsOne`): the page
/// takes the singular for a count of 1, as every language of studyctl does.
public enum PageWord: String, Sendable, CaseIterable, Worded {
    case pageTitle, coder, coderPlaceholder, undo, undoTitle, participants, choose, codeSelection
    case tabCodings, tabCodebook, tabQuotes, tabFrequencies, tabCompare, tabMemos
    case pickerTitle, pickerCode, pickerDescriptive, pickerCategory, pickerMemo, cancel, save, newCategoryConfirm, newCategoryOr
    case codings, codingsOne, overall, coded, noTranscript, typeCoderFirst, selectFirst, openTranscriptHint, memoLabel, edit, delete
    case codingsBy, codingsByOne, codePrompt, categoryPrompt, editTitle, nothingToUndoPage
    case category, origin, emergent, definition, theme, codes, segments, share, units, agreement
    case rename, merge, newCategory, add, renamePrompt, mergePrompt
    case noQuotes, allParticipants, by, sharesIntro, sharesIntroOne, compareNeeds, none, compareIntro, compareIntroOne, whereTheyDiffer
    case consensusCoder, consensusDefault, settleAgreements, takeCoding, settledAs, resolutionIntro
    case theStudy, participant, addMemo
    case play, playTitle, recordingGone
    case modTitle, modObserver, modOpen, modStart, modStop, modError, modUncount, modAssist, modPause, modResume
    case modSuccess, modPartial, modFail, modCancel, modRestart, modNote, modAddNote, modEnd, modEndConfirm, modTask, modTitleColumn
    case modTime, modErrors, modState, modRunning, modPaused, modStopped, modToDo, modAssisted, modNotes, modAsk, modSkip, modStore
    case modEnded, modKeys, modResumed, modStarted, modTries, modJoin, modNoLevel
    case name, originHint, noTheme, editCategoryTitle, renameTitle, mergeInto, mergeHint, ownCounts, ownCountsTitle
    case codeCount, codeCountOne, participantCount, participantCountOne
    case resize, resizeHint, startHandle, endHandle, notPlaced
    case themeTotal, passagesOf, previousPassage, nextPassage, previousPassageKey, nextPassageKey, noMorePassages, passageShown
    // Search and annotations.
    case searchPlaceholder, searchSpeaker, searchButton, ignoreCase, searchHits, searchHitsOne, noHits, searchAll
    case moderator, unitWords, unitSentence, unitTurn, unitParagraph, codeModerator, codeOthers, codeEveryHit, codeEveryHitCategory, annotateSelection, annotationTitle, annotationText, annotationsHeading, noAnnotations, showPassage
    // The Quotes tab's selection.
    case quoteCount, quoteCountOne, quotesFrom, context, contextNone, contextWords, contextSentence, anyValue, noQuotesSelected
    // Times, annotation marks, ranges and the citation.
    case turnTime, annotatedTitle, rangeFrom, rangeTo, citeHeading, quotesOfTheme
    // Accessibility: the keyboard's selection, names of regions and fields, captions, moving a category.
    case modTasks, captions, codedAs, selectedWords, transcriptKeys, transcriptLabel, tabsLabel, searchHitsLabel, codeUnit, memoOn, memoText, moveCategory, moveCategoryNamed, moveTitle, moveUnder
    // The Across tab: a read-only search over the studies given to serve --studies.
    case tabAcross, acrossIntro, acrossQuery, acrossCategory, acrossWhere, acrossHitsLabel, acrossNames, acrossAsked, acrossAt
    case trendHeading, trendMeasure, trendTask, trendButton, trendComparisons
    case tabSuggestions, suggestionsIntro, suggestionsNone, suggestionsScore, suggestionsAccept, suggestionsReject, suggestionsAcceptLabel
    case suggestionsRejectLabel, suggestionsUndo, suggestionsNeedCoder
    case kindQuote, kindMemo, kindAnnotation, kindAnswer, kindCategory, kindAttribute, kindValue

    /// Every word in `language`, by key: what the page receives.
    public static func all(_ language: StudyLanguage) -> [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.text(language)) })
    }

    /// The word in a language: its English (below) is the catalog's msgid in context "PageWord".
    public var sentence: Sentence { Sentence(english, context: "PageWord") }

    /// The English word.
    var english: Sentence {
        switch self {
        case .modTitle: return "session logger"
        case .modObserver: return "Observer"
        case .modOpen: return "Open the session"
        case .modJoin: return "Join the open session"
        case .modNoLevel: return "(none)"
        case .modStart: return "Start (space)"
        case .modStop: return "Stop (space)"
        case .modError: return "Error (e)"
        case .modUncount: return "One less (x)"
        case .modAssist: return "Assistance (a)"
        case .modPause: return "Pause (z)"
        case .modResume: return "Resume (z)"
        case .modSuccess: return "Success (s)"
        case .modPartial: return "Partial (p)"
        case .modFail: return "Fail (f)"
        case .modCancel: return "Cancel try (c)"
        case .modRestart: return "Restart (r)"
        case .modNote: return "Note (n)"
        case .modAddNote: return "Store note"
        case .modEnd: return "End session"
        case .modEndConfirm: return "End the session?"
        case .modTask: return "Task"
        case .modTitleColumn: return "Title"
        case .modTime: return "Time"
        case .modErrors: return "Errors"
        case .modState: return "State"
        case .modRunning: return "running"
        case .modPaused: return "paused"
        case .modStopped: return "stopped — outcome?"
        case .modToDo: return "not started"
        case .modAssisted: return "assisted"
        case .modNotes: return "Notes"
        case .modAsk: return "{instrument} for {task}"
        case .modSkip: return "Skip"
        case .modStore: return "Store answers"
        case .modEnded: return "The session has ended."
        case .modKeys: return "Keys: space start/stop · e error · x one less · a assistance · z pause · s/p/f outcome · n note · c cancel · r restart"
        case .modResumed: return "Session resumed: everything logged before is here."
        case .modStarted: return "Session open: start the marked task."
        case .modTries: return "{n} tries"
        case .pageTitle: return "coding workspace"
        case .coder: return "Coder"
        case .coderPlaceholder: return "your name"
        case .undo: return "Undo"
        case .undoTitle: return "Undo this page's last change (Ctrl+Z)"
        case .participants: return "Participants"
        case .choose: return "Choose a participant"
        case .codeSelection: return "Code selection (n)"
        case .tabCodings: return "Codings"
        case .tabCodebook: return "Codebook"
        case .tabQuotes: return "Quotes"
        case .tabFrequencies: return "Frequencies"
        case .tabCompare: return "Compare"
        case .tabMemos: return "Memos"
        case .pickerTitle: return "Code the selection"
        case .pickerCode: return "Code (in-vivo: the participant's words)"
        case .pickerDescriptive: return "descriptive code (my own words)"
        case .pickerCategory: return "Category"
        case .pickerMemo: return "Memo (optional)"
        case .cancel: return "Cancel (Esc)"
        case .save: return "Save (Enter)"
        case .codings: return "{n} codings"
        case .codingsOne: return "{n} coding"
        case .overall: return "Overall"
        case .coded: return "{share} coded"
        case .noTranscript: return "no transcript"
        case .moderator: return "moderator"
        case .unitWords: return "the hit's words"
        case .unitSentence: return "its sentence"
        case .unitTurn: return "its turn"
        case .unitParagraph: return "its paragraph"
        case .codeModerator: return "the moderator's words too"
        case .codeOthers: return "code the others when some cannot be coded"
        case .newCategoryConfirm: return "“{name}” is not in the codebook: press Enter again (or Save) to create it as a new category."
        case .newCategoryOr: return "Or choose one with ↓: {names}."
        case .typeCoderFirst: return "Type your coder name first (top right): coding is blind, each coder sees only their own codes."
        case .selectFirst: return "Select some words of the transcript first."
        case .openTranscriptHint: return "Open a transcript, select words and press n to code them."
        case .memoLabel: return "memo"
        case .edit: return "Edit"
        case .name: return "Name"
        case .originHint: return "Origin (a reference, or emergent)"
        case .noTheme: return "(no theme)"
        case .editCategoryTitle: return "Change category {name}"
        case .renameTitle: return "Rename category {name}"
        case .mergeInto: return "Into"
        case .mergeHint: return "Its codes, memos and sub-categories move into the category chosen; a memo records the merge."
        case .ownCounts: return "Counts are your own codes ({coder}): coding is blind, no other coder's counts reach this page."
        case .ownCountsTitle: return "Your codes and the participants you coded ({coder})"
        case .codeCount: return "{n} codes"
        case .codeCountOne: return "{n} code"
        case .participantCount: return "{n} participants"
        case .participantCountOne: return "{n} participant"
        case .resize: return "Move ends"
        case .resizeHint: return "Drag the [ and ] handles, or move them with ← and → (Ctrl: a word at a time); Enter saves, Esc cancels."
        case .startHandle: return "Start of the passage"
        case .endHandle: return "End of the passage"
        case .notPlaced: return "This coding is not placed in the transcript."
        case .themeTotal: return "Theme {theme}, in all"
        case .passagesOf: return "Passages of"
        case .previousPassage: return "◀ Previous"
        case .nextPassage: return "Next ▶"
        case .previousPassageKey: return "Previous passage of this category (,)"
        case .nextPassageKey: return "Next passage of this category (.)"
        case .noMorePassages: return "No other passage of {category} in your codings."
        case .passageShown: return "“{code}” in {participant}'s transcript"
        case .delete: return "Delete"
        case .codingsBy: return "{n} codings by {coder} in {participant}'s transcript"
        case .codingsByOne: return "{n} coding by {coder} in {participant}'s transcript"
        case .codePrompt: return "Code"
        case .editTitle: return "Edit the coding"
        case .nothingToUndoPage: return "Nothing to undo: undo reaches only what this page changed since it was opened."
        case .categoryPrompt: return "Category (move the coding by naming another)"
        case .category: return "Category"
        case .origin: return "Origin"
        case .emergent: return "emergent"
        case .definition: return "Definition"
        case .theme: return "Theme"
        case .codes: return "Codes"
        case .segments: return "Segments"
        case .share: return "Share"
        case .units: return "Units"
        case .agreement: return "Agreement"
        case .rename: return "Rename"
        case .merge: return "Merge…"
        case .newCategory: return "new category"
        case .add: return "Add"
        case .renamePrompt: return "New name for {name}"
        case .mergePrompt: return "Merge {name} into which category?"
        case .noQuotes: return "No quotes yet."
        case .quoteCount: return "{n} quotes"
        case .quoteCountOne: return "{n} quote"
        case .quotesFrom: return "{quotes} from {participants}"
        case .context: return "Context"
        case .contextNone: return "none"
        case .contextWords: return "{n} words each side"
        case .contextSentence: return "1 sentence each side"
        case .anyValue: return "(any)"
        case .noQuotesSelected: return "No quotes for this selection."
        case .allParticipants: return "(all participants)"
        case .by: return "By"
        case .sharesIntro: return "Share of the {n} interviewed participants who raised each category (codes by {coder})."
        case .sharesIntroOne: return "Share of the {n} interviewed participant who raised each category (codes by {coder})."
        case .compareNeeds: return "Comparison needs two coders who coded the same excerpts (coders so far: {coders})."
        case .none: return "none"
        case .compareIntro: return "{coders} on {units} excerpts coded by at least two of them."
        case .compareIntroOne: return "{coders} on {units} excerpt coded by at least two of them."
        case .whereTheyDiffer: return "Where they differ ({n})"
        case .consensusCoder: return "Consensus coder"
        case .consensusDefault: return "Consensus"
        case .settleAgreements: return "Copy the agreements into the consensus"
        case .takeCoding: return "Take {coder}'s"
        case .settledAs: return "Consensus: {categories}"
        case .resolutionIntro: return "Settle each difference into the consensus coder; the coders' own codes stay as they were, so agreement is still measured on them."
        case .theStudy: return "the study"
        case .searchPlaceholder: return "Search the transcripts (regular expression)"
        case .searchSpeaker: return "speaker (optional)"
        case .searchButton: return "Search"
        case .ignoreCase: return "ignore case"
        case .searchHits: return "{n} hits"
        case .searchHitsOne: return "{n} hit"
        case .noHits: return "No hits."
        case .searchAll: return "every transcript"
        case .codeEveryHit: return "Code every hit"
        case .codeEveryHitCategory: return "category for every hit"
        case .annotateSelection: return "Annotate selection"
        case .annotationTitle: return "Annotation on the passage"
        case .annotationText: return "Annotation"
        case .annotationsHeading: return "Annotations"
        case .noAnnotations: return "No annotations on this transcript."
        case .showPassage: return "show"
        case .participant: return "participant"
        case .addMemo: return "Add memo"
        case .play: return "▶ {time}"
        case .playTitle: return "Play the recording from where these words were said"
        case .recordingGone: return "The recording cannot be played: {reason}"
        case .turnTime: return "said at {time}"
        case .annotatedTitle: return "Annotation: {text}"
        case .rangeFrom: return "from"
        case .rangeTo: return "to"
        case .citeHeading: return "Each quote cites"
        case .quotesOfTheme: return "with its sub-categories: {categories}"
        case .modTasks: return "Tasks of the session"
        case .captions: return "Captions (from the transcript)"
        case .codedAs: return "coded: {categories}"
        case .selectedWords: return "selected: {words}"
        case .transcriptKeys: return "Keyboard: ← → a word, ↑ ↓ a sentence, Page Up/Page Down a turn; with Shift the selection grows; n codes it; Esc clears it; Ctrl+Z undoes the last change."
        case .transcriptLabel: return "Transcript"
        case .tabsLabel: return "Views of the study"
        case .searchHitsLabel: return "Search hits"
        case .tabAcross: return "Across studies"
        case .acrossIntro: return "Read-only: the quotes, memos, annotations and open answers of these studies, as they are now:"
        case .acrossQuery: return "Words to find (word, word*, \"a phrase\", OR, NOT)"
        case .acrossCategory: return "Category (optional)"
        case .acrossWhere: return "attribute=value (optional)"
        case .acrossHitsLabel: return "Hits in the studies"
        case .acrossNames: return "Names matched in each study (ignoring case and accents; – where a study has none)"
        case .acrossAsked: return "Asked"
        case .acrossAt: return "at {time}"
        case .trendHeading: return "Trend across the studies (each a release)"
        case .trendMeasure: return "Measure"
        case .trendTask: return "Task (for SEQ, completion and time)"
        case .trendButton: return "Draw the trend"
        case .trendComparisons: return "Each release against the one before and the baseline"
        case .tabSuggestions: return "Suggestions"
        case .suggestionsIntro: return "Suggested codings wait for a person: accept one and it becomes your coding; reject it and it counts nowhere."
        case .suggestionsNone: return "No suggestion is pending."
        case .suggestionsScore: return "score {score}"
        case .suggestionsAccept: return "Accept"
        case .suggestionsReject: return "Reject"
        case .suggestionsAcceptLabel: return "Accept: {name}"
        case .suggestionsRejectLabel: return "Reject: {name}"
        case .suggestionsUndo: return "Undo the last decision"
        case .suggestionsNeedCoder: return "Type your coder name first (top right): an accepted suggestion becomes your coding."
        case .kindQuote: return "quote"
        case .kindMemo: return "memo"
        case .kindAnnotation: return "annotation"
        case .kindAnswer: return "open answer"
        case .kindCategory: return "category"
        case .kindAttribute: return "attribute"
        case .kindValue: return "value"
        case .codeUnit: return "What each hit codes"
        case .memoOn: return "Memo on"
        case .memoText: return "Memo text"
        case .moveCategory: return "Move…"
        case .moveCategoryNamed: return "Move {name} to another theme"
        case .moveTitle: return "Move the category {name}"
        case .moveUnder: return "Under the theme"
        }
    }
}
