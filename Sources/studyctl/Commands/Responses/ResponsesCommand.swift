import ArgumentParser
import Results
import Foundation
import Importing
import StudyStore
import Surveys
import Tabular

struct ResponsesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responses",
        abstract: words("Import questionnaire answers from form exports."),
        subcommands: [ResponsesImport.self, ResponsesRemove.self])
}

struct ResponsesImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: words("Import the CSV a form tool exports (Google Forms, Microsoft Forms, LimeSurvey, Qualtrics, SurveyMonkey, REDCap, KoboToolbox, SoSci Survey)."),
        discussion: words("""
            One row per participant (or, with --long, one row per answer). Item columns are found by the item \
            texts their headers carry (Google Forms style, either language, any order; other columns such as \
            e-mail are left out); else, in order, every column other than the participant, task and timestamp \
            columns; or those starting at --items-from; or those named by --map. Answers may be \
            numbers or the scale's labels in Portuguese or English ("Concordo totalmente", "Concordo \
            parcialmente", "Nem concordo nem discordo", "Strongly agree"; more with --labels); \
            N/A, NA or "Não se aplica" where the instrument allows N/A; an empty cell is an unanswered item. \
            The submission time stamp is kept, read into ISO 8601 whichever tool wrote it (Google Forms, \
            Microsoft Forms, SurveyMonkey, Qualtrics); a column's day/month order is settled by a value with a \
            day over 12, else by the study's language, and said. The file may be a CSV file (UTF-8, UTF-16 or \
            Windows-1252; comma, semicolon, tab or | separated) or a workbook (.xlsx as Microsoft Forms \
            exports it, .ods): its first sheet, or --sheet.

            All or nothing: every bad cell is listed (line, column, value and what was expected) and nothing is \
            stored.

            Example (a Google Forms export in Portuguese):
              studyctl responses import respostas.csv --instrument sus --participant-column Participante
            """) + "\n\n" + words("""
            Exports of Qualtrics (three header rows, or the legacy two), SurveyMonkey (two header rows), REDCap, \
            KoboToolbox and SoSci Survey are recognised by their headers (--from names the platform when they \
            cannot tell): their header rows become one header per column, their own columns (dates, progress, \
            devices) are left out and listed, the respondent id is the participant unless --participant-column \
            names another column (a field id or a question text), and their missing codes (Qualtrics -99, \
            SoSci -1 to -9, REDCap's UNK, NASK…) are unanswered items. Numeric codes that are not the scale's \
            points (Qualtrics' recode values, REDCap's raw codes) are read with --recode. A checkbox question \
            exported one column per box (REDCap's var___1, KoboToolbox's question/option) is joined into one \
            answer when its boxes are the choices of one of the instrument's choice items, else each box is read \
            as a yes/no item. A Qualtrics loop & merge (columns 1_Q1, 2_Q1…) needs --loop to say which task \
            each iteration answers; each iteration is then that task's response set.
            """))

    @Argument(help: ArgumentHelp(words("The CSV file, or an Excel (.xlsx) or LibreOffice (.ods) workbook."), valueName: "file.csv"),
              completion: .file(extensions: ["csv", "txt", "tsv", "xlsx", "ods"]))
    var file: String

    @Option(help: ArgumentHelp(words("The workbook's sheet, by name or number (default: the first)."), valueName: "name|n"))
    var sheet: String?


    @Option(help: ArgumentHelp(words("The instrument the answers belong to (with --long: when the file has no instrument column)."), valueName: "id"))
    var instrument: String?

    @Option(help: ArgumentHelp(words("The column holding participant codes (default for a survey platform's export: its respondent id)."), valueName: "column"))
    var participantColumn: String?

    @Option(help: ArgumentHelp(words("The survey platform that exported the file (default: recognised from its headers)."), valueName: "platform"))
    var from: SurveyPlatform?

    @Option(help: ArgumentHelp(words("The file's numeric codes and the scale point each stands for, e.g. 31=1,32=2 (Qualtrics recode values)."), valueName: "code=point,…"))
    var recode: [String] = []

    @Option(help: ArgumentHelp(words("The task each iteration of a Qualtrics loop & merge answers, e.g. 1=T1,2=T2 (columns 1_Q1, 2_Q1…)."), valueName: "iteration=task,…"))
    var loop: [String] = []

    @Flag(help: ArgumentHelp(words("The file is in long format: one row per answer, columns participant, instrument, item, value (and task).")))
    var long = false

    @Option(help: ArgumentHelp(words("The column of item 1; the other items follow it."), valueName: "column"))
    var itemsFrom: String?

    @Option(help: ArgumentHelp(words("Item columns by name, e.g. 1=Q1,2=Q2 (repeatable)."), valueName: "item=column,…"))
    var map: [String] = []

    @Option(help: ArgumentHelp(words("The column with submission times (default: detected by name)."), valueName: "column"))
    var timestampColumn: String?

    @Option(help: ArgumentHelp(words("The task every row answers (per-task instruments)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("The column naming each row's task."), valueName: "column"))
    var taskColumn: String?

    @Option(help: ArgumentHelp(words("Tells apart several sets of the same instrument."), valueName: "label"))
    var occasion: String = ""

    @Option(help: ArgumentHelp(words("The condition every row was answered under (a within-subject factor's level); repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("A column naming each row's level of a condition: each row is stored under its level, as if the file had been split by level and imported with --condition (CONDITION=COLUMN when the header does not name the condition; repeat for several)."), valueName: "column"))
    var conditionColumn: [String] = []

    @Option(help: ArgumentHelp(words("A column naming each row's occasion: each row is stored under its occasion, as if the file had been split and imported with --occasion."), valueName: "column"))
    var occasionColumn: String?

    @Option(help: ArgumentHelp(words("How the form numbered its scale."), valueName: "orientation"))
    var orientation: Orientation = .canonical

    @Option(help: ArgumentHelp(words("The field separator (default: detected)."), valueName: "delimiter"))
    var delimiter: Delimiter?

    @Flag(help: ArgumentHelp(words("Overwrite answers participants already have.")))
    var replace = false

    @Option(help: ArgumentHelp(words("Extra answer labels and the scale point each stands for, e.g. \"Concordo bastante=4,Neutro=4\"."), valueName: "label=point,…"))
    var labels: [String] = []

    @Option(help: ArgumentHelp(words("A participant's repeated rows: refuse, keep-last (the latest time stamp; the file's last row without one) or keep-first."), valueName: "policy"))
    var duplicates: DuplicatePolicy = .refuse

    @OptionGroup var study: StudyOptions

    func mapping() throws -> [Int: String] {
        var result: [Int: String] = [:]
        for (key, column) in try parseColumnMap(map, example: "ITEM=COLUMN, e.g. --map 1=Q1,2=Q2") {
            guard let number = Int(key) else { throw Refusal("Please name items by number in --map (1=Q1); '\(key)' is not a number.") }
            result[number] = column
        }
        return result
    }

    func labelMap() throws -> [String: Int] {
        var result: [String: Int] = [:]
        for (label, point) in try parseColumnMap(labels, option: "--labels", example: "LABEL=POINT, e.g. --labels \"Concordo bastante=4\"") {
            guard let value = Int(point) else { throw Refusal("Please give a scale point as a whole number in --labels; '\(point)' is not one.") }
            result[label] = value
        }
        return result
    }

    func recodeMap() throws -> [String: Int] {
        var result: [String: Int] = [:]
        for (code, point) in try parseColumnMap(recode, option: "--recode", example: "CODE=POINT, e.g. --recode 31=1,32=2") {
            guard let value = Int(point) else { throw Refusal("Please give a scale point as a whole number in --recode; '\(point)' is not one.") }
            result[code] = value
        }
        return result
    }

    func loopMap() throws -> [Int: String]? {
        guard !loop.isEmpty else { return nil }
        var result: [Int: String] = [:]
        for (iteration, task) in try parseColumnMap(loop, option: "--loop", example: "ITERATION=TASK, e.g. --loop 1=T1,2=T2") {
            guard let number = Int(iteration), number >= 1 else {
                throw Refusal("Please name loop iterations by their number in --loop (1=T1, for columns 1_Q1…); '\(iteration)' is not one.")
            }
            result[number] = task
        }
        return result
    }

    func validate() throws {
        _ = try loopMap()
        if !loop.isEmpty && (task != nil || taskColumn != nil) {
            throw Refusal("--loop gives each row its task; leave out --task and --task-column.")
        }
        if !loop.isEmpty && long { throw Refusal("--loop reads a Qualtrics export, not a file in long format; leave out --long.") }
        _ = try labelMap()
        _ = try recodeMap()
        if !long && instrument == nil {
            throw Refusal("Please give --instrument (or --long for a file with one row per answer).")
        }
        _ = try mapping()
        if !map.isEmpty && itemsFrom != nil { throw Refusal("Please use either --map or --items-from, not both.") }
        if task != nil && taskColumn != nil { throw Refusal("Please use either --task or --task-column, not both.") }
        if long && (!conditionColumn.isEmpty || occasionColumn != nil) {
            throw Refusal("--condition-column and --occasion-column read a form export with one row per participant and measurement; leave out --long.")
        }
        if occasionColumn != nil && !occasion.isEmpty { throw Refusal("Please use either --occasion or --occasion-column, not both.") }
    }

    /// `--condition-column COLUMN`, or `CONDITION=COLUMN` when the header does not name the condition.
    func conditionColumns() -> [ConditionColumn] {
        conditionColumn.map { given in
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else { return ConditionColumn(column: given) }
            return ConditionColumn(column: String(given[given.index(after: equals)...]), factor: String(given[..<equals]))
        }
    }

    func run() throws {
        let conditions = Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let measurement = try study.withStudy(signOfLife: false) { try $0.measurementKey(occasion: occasion, conditions: conditions) }
        if long {
            let progress = ProgressBar(label: "importing")
            var options = LongResponseImportOptions(instrument: instrument, orientation: orientation, replace: replace,
                                                    delimiter: delimiter, progress: progress.update)
            options.occasion = measurement
            let summary = try study.withStudy(signOfLife: false) { try $0.importLongResponses(from: file, sheet: sheet, options: options) }
            progress.finish()
            say(.importedResponseSets(sets: summary.responseSets, answers: summary.answers, instrument: summary.instrument, file: file,
                                      replaced: summary.replaced))
            for line in summary.reading { say(line) }
            return
        }
        // validate(): a file not in long format names its instrument.
        guard let instrument else { throw Refusal("Please give --instrument (or --long for a file with one row per answer).") }
        var options = ResponseImportOptions(
            instrument: instrument, participantColumn: participantColumn ?? "", map: try mapping(), itemsFrom: itemsFrom,
            timestampColumn: timestampColumn, task: task, taskColumn: taskColumn, occasion: measurement,
            orientation: orientation, replace: replace, delimiter: delimiter)
        options.labels = try labelMap()
        options.duplicates = duplicates
        options.conditionColumns = conditionColumns()
        options.occasionColumn = occasionColumn
        let progress = ProgressBar(label: "importing")
        options.progress = progress.update
        let result = try study.withStudy(signOfLife: false) {
            try $0.importResponses(from: file, sheet: sheet, options: options, platform: PlatformImportOptions(from: from, recode: try recodeMap(), loop: try loopMap()))
        }
        progress.finish()
        let summary = result.summary
        sayPlatform(result.reading, participantsFromRespondent: participantColumn == nil)
        let columns = summary.columns.sorted { $0.key < $1.key }
        say(.importedResponseSets(sets: summary.responseSets, answers: summary.answers, instrument: summary.instrument, file: file,
                                  replaced: summary.replaced))
        if summary.confidence.isEmpty {
            say(.itemsReadFrom(by: summary.matchedBy, columns: columns.map { "\($0.key) ← '\($0.value)'" }.joined(separator: ", ")))
        } else {
            // Found by similarity: one line per item with its confidence, for the researcher to check.
            say(.itemsReadFromCheck(by: summary.matchedBy))
            for (item, column) in columns {
                say(.itemSimilarity(item: "\(item)", column: column, percent: Int(((summary.confidence[item] ?? 0) * 100).rounded())))
            }
        }
        if !summary.ignoredColumns.isEmpty { say(.ignoredColumns(summary.ignoredColumns.map { "'\($0)'" }.joined(separator: ", "))) }
        if summary.duplicatesDropped > 0 {
            say(.repeatedSubmissions(dropped: summary.duplicatesDropped, keepLast: duplicates == .keepLast))
        }
        for (column, option) in summary.measurementLike.sorted(by: { $0.key < $1.key }) {
            say("Column '\(column)' tells dropped rows apart as a condition or an occasion would; if each row is a measurement of its own, import the file again with \(option) '\(column)' (and --replace)")
        }
        for line in summary.reading { say(line) }
    }
}

/// What was recognised in a survey platform's export, before the import's own summary.
func sayPlatform(_ reading: PlatformReading, participantsFromRespondent: Bool) {
    guard reading.platform != .plain else { return }
    let name = reading.platform.displayName
    say(reading.headerRows == 1 ? "Recognised a \(name) export (one header row)" : "Recognised a \(name) export (\(reading.headerRows) header rows)")
    if participantsFromRespondent, let respondent = reading.respondentColumn {
        say("Participant codes read from the respondent id column '\(respondent)'")
    }
    if !reading.leftOut.isEmpty {
        say("\(name) columns left out: \(reading.leftOut.map { "'\($0)'" }.joined(separator: ", "))")
    }
    for joined in reading.joined {
        say("Checkbox columns joined into one answer '\(joined.header)': \(joined.columns.map { "'\($0)'" }.joined(separator: ", "))")
    }
    if !reading.ticked.isEmpty {
        say("Checkbox columns read one by one, a ticked box as yes: \(reading.ticked.map { "'\($0)'" }.joined(separator: ", "))")
    }
    if !reading.loop.isEmpty {
        say("Loop & merge iterations read as tasks: \(reading.loop.map { "\($0.prefix) → \($0.task)" }.joined(separator: ", "))")
    }
}
