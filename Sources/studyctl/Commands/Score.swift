import ArgumentParser
import Foundation
import Results
import StudyStore
import Surveys
import Tabular
import Wording

struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: words("Score a questionnaire: per participant, then per group and overall, with intervals, norms and grades."),
        discussion: words("""
            Each participant's scores and sub-scores; then, per group and overall: n, mean, SD, median, min, max, \
            mode, the 95 % confidence interval (t distribution), a one-sample t-test against the published norm \
            (SUS 68; PSSUQ Lewis 2002), and for SUS the Sauro & Lewis grade, the Bangor et al. adjective and the \
            acceptability range; Cronbach's α; choice items as counts and percentages.

            A response set with an unanswered item is not scored unless you choose how: --missing centre counts \
            the centre point (Brooke 1996), --missing prorate scales up the answered items (one missing item, \
            Lewis & Sauro 2017); a set the chosen way still cannot score is left out and listed, as the report does. \
            Mean-scored instruments (PSSUQ) use the answered items, as Lewis prescribes.
            """))

    @Argument(help: ArgumentHelp(words("The instrument's id.")))
    var instrument: String

    @Option(help: ArgumentHelp(words("Summarise by a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("Only this task's answers (per-task instruments)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("Only the response sets of this occasion (responses import --occasion); without it, each occasion is summarised apart."), valueName: "occasion"))
    var occasion: String?

    @Option(help: ArgumentHelp(words("Only the response sets answered under this condition (respond --condition); repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("With --compare: compare the occasions (occasion) or a condition's levels (its factor's name) within participants (paired t-test and Wilcoxon signed-rank for two; for more, the repeated-measures ANOVA with Mauchly and Greenhouse–Geisser, Friedman, and paired t-tests with Holm), each participant with a set under every level."), valueName: "factor"))
    var within: String?

    @Option(help: ArgumentHelp(words("How to treat unanswered items."), valueName: "policy"))
    var missing: MissingPolicy = .refuse

    @Flag(help: ArgumentHelp(words("With --by: compare the groups (Welch's t and Mann-Whitney U for two, Welch's ANOVA and Kruskal-Wallis for more).")))
    var compare = false

    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var confidence: ConfidenceOption

    @Option(help: ArgumentHelp(words("The seed of the bootstrap interval shown for fewer than 20 respondents (the same seed, the same interval)."), valueName: "n"))
    var seed: UInt64 = 1

    @Flag(help: ArgumentHelp(words("Write the per-participant scores as CSV.")))
    var csv = false

    @Flag(help: ArgumentHelp(words("With --csv, write the group summaries instead of the participants.")))
    var summary = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw Refusal("Please choose one of --csv and --json.") }
        if summary && !csv { throw Refusal("Please use --summary together with --csv.") }
        if compare && by == nil && within == nil {
            throw Refusal("Please say what to compare: groups with --by ATTRIBUTE (e.g. --by level --compare), or occasions within participants with --within occasion --compare.")
        }
        if within != nil && !compare { throw Refusal("Please use --within together with --compare.") }
        if let within, within.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame, occasion != nil {
            throw Refusal("Please choose one of --within occasion and --occasion.")
        }
        if let within, condition.contains(where: { $0.key.caseInsensitiveCompare(within) == .orderedSame }) {
            throw Refusal("Please choose one of --within \(within) and --condition \(within)=….")
        }
    }

    func run() throws {
        // JSON and CSV rows are written as each set is scored (through a spool, since the summaries come first
        // and a set that cannot be scored must fail the command before anything is printed): memory stays flat
        // however many respondents. The text table aligns its columns over every row, so it keeps them.
        let streams = output.json || (csv && !summary)
        let spool = streams ? try Spool() : nil
        var leftOut: [String] = []
        var runPlan = AnalysisPlan.standard
        var showColumns = MeasurementColumns(keys: [])
        var withinFactor = ""
        // `score --csv`'s table, its rows written to the spool as each set is scored.
        // What people call the study's attributes, values, conditions and occasions, for the text tables.
        var runLabels = StudyLabels.plain
        var machineRows: ResultTable?
        // Each SUS-scale score's values, for the bootstrap interval of a small sample's mean.
        var susValues: [String: [Double]] = [:]
        let (report, language, table, scored) = try study.withStudy { database -> (ScoreReport, StudyLanguage, SpooledTextTable?, Int) in
            _ = try database.info()
            let language = Voice.language
            // The run's plan: the groups (--by only: score groups nobody unasked), who is in (the flags of every
            // questionnaire and task are read only when they can leave someone out), the missing-item policy, the level.
            let plan = try analysis.plan(database, groupBy: by, defaultGrouping: false, missing: missing,
                                         confidence: confidence.confidence.value, findingFlags: analysis.excludeFlagged)
            runPlan = plan
            runLabels = try database.labels()
            let groupAttribute = plan.between?.attribute
            let order = plan.between?.order ?? []
            guard let definition = try database.instrument(instrument) else {
                try database.forEachResponseSet(instrument: instrument) { _ in }  // says which instruments there are
                throw StoreError.unknownInstrument(id: instrument, known: [])
            }
            let stored = try database.occasions(instrument: definition.id)
            let occasions = try chosenMeasurements(stored, instrument: definition.id)
            let filtering = occasion != nil || !condition.isEmpty
            let accepted = Set(occasions)
            let columns = MeasurementColumns(keys: filtering && occasions.count < 2 ? [] : occasions)
            let occasionColumn = !columns.isEmpty
            showColumns = columns
            if let within { withinFactor = try withinLevels(within, keys: occasions, instrument: definition.id).factor }
            // Under a policy the researcher chose (centre, prorate), a set it cannot score (prorating takes one unanswered
            // item) is left out and listed, as the report and the exports do; with none chosen, the command refuses
            // and says how to choose.
            var builder = ScoreReport.Builder(definition, missing: plan.missing, groupOrder: order, occasionOrder: occasions,
                                              skipUnscorable: plan.missing != .refuse, keepsRows: within != nil)
            builder.confidence = plan.confidence
            // The text table's rows wait in a temporary file while their columns' widths are found.
            let table = !output.json && !csv ? try participantTable(definition, language: language, occasion: occasionColumn,
                                                                     conditions: !columns.factors.isEmpty, labels: runLabels) : nil
            let rowsTable = csv && !summary ? ResultTable.scoreRows(definition, by: by, measurements: columns, language: language) : nil
            machineRows = rowsTable
            var csvWriter = CSVByteWriter(capacity: 4_096)
            var scored = 0
            var first = true
            var line: [UInt8] = []
            line.reserveCapacity(512)
            let quality = ResponseQuality.Checker(definition)
            // The options as plain values: read once, not through their property wrappers once per set.
            let (json, csv, grouped, labels) = (output.json, self.csv, by != nil, runLabels)
            let taken = plan.set
            let scoreIDs = definition.scoreIDs
            let susScaleIDs = scoreIDs.filter { ScoreReport.isOnSUSScale($0, definition) }
            try database.forEachResponseSet(instrument: instrument, task: task, groupBy: groupAttribute) { set in
                if filtering && !accepted.contains(set.occasion) { return }
                let flags = quality.flags(set.answers, seconds: FormDuration.seconds(from: set.started, to: set.submitted))
                if !flags.isEmpty {
                    let rules = flags.map { words(QualityCommand.ruleName($0.rule)) }.joined(separator: ", ")
                    leftOut.append("\(set.participant)" + (set.task.map { " · \($0)" } ?? "")
                                   + (set.occasion.isEmpty ? "" : " · " + labels.measurement(set.occasion, none: "")) + " (\(rules))")
                }
                if !taken.includes(set.participant) { return }
                let input = ScoringInput(participant: set.participant, group: grouped ? set.group ?? ScoreReport.noGroup : nil,
                                         task: set.task, occasion: set.occasion, answers: set.answers)
                guard let row = builder.add(input) else { return }
                scored += 1
                if !json && !csv {
                    for id in susScaleIDs {
                        if let value = row.value(id), susValues[id, default: []].count < 20 { susValues[id, default: []].append(value) }
                    }
                }
                table?.append(ResultTable.scoreParticipantCells(row, definition, occasion: occasionColumn, grouped: grouped, language: language,
                                                               labels: labels, by: groupAttribute))
                guard let spool else { return }
                if json {
                    line.removeAll(keepingCapacity: true)
                    line.append(contentsOf: (first ? "\n" : ",\n").utf8)
                    ScoreJSON.appendRow(row, to: &line)
                    spool.write(bytes: line)
                } else if let rowsTable {
                    CSVRenderer.appendRow(ResultTable.scoreRowCells(row, scoreIDs: scoreIDs, measurements: columns), of: rowsTable, to: &csvWriter)
                    csvWriter.drain { spool.write(bytes: $0) }
                }
                first = false
            }
            // Nothing is printed unless every row was kept (a full disk fails the command before its first line).
            try spool?.check()
            try table?.check()
            return (try builder.finish(), language, table, scored)
        }
        analysis.announce(runPlan.set)
        if !report.unscored.isEmpty {
            note(report.unscored.count == 1
                 ? "--missing \(missing.rawValue): 1 response set cannot be scored under it and is left out: \(report.unscored[0])"
                 : "--missing \(missing.rawValue): \(report.unscored.count) response sets cannot be scored under it and are left out: \(Sentence.joined(report.unscored, separator: "; "))")
        }
        if analysis.excludeFlagged {
            note(leftOut.isEmpty ? "--exclude-flagged: no response set was flagged; nothing was left out"
                 : "--exclude-flagged left out \(leftOut.count) flagged response sets: \(leftOut.joined(separator: "; ")) ('studyctl quality \(instrument)' shows the rules)")
        } else if !leftOut.isEmpty {
            // Scored as answered, and said: a reader of the score knows which answers the quality checks doubt.
            note(leftOut.count == 1
                ? "1 scored response set is flagged by the quality checks: \(leftOut[0]); 'studyctl quality \(instrument)' shows why, --exclude-flagged leaves it out"
                : "\(leftOut.count) scored response sets are flagged by the quality checks: \(leftOut.joined(separator: "; ")); 'studyctl quality \(instrument)' shows why, --exclude-flagged leaves them out")
        }
        if output.json {
            var document = ScoreJSON(report, by: by, language: language)
            document.confidence = confidence.confidence.value
            if within != nil && by != nil {
                document.mixed = mixedComparisons(report, factor: withinFactor).map {
                    ScoreJSON.Mixed(score: $0.scoreID, task: $0.task, factor: withinFactor, measurement: .init($0.stratum), comparison: $0.comparison)
                }
            } else if within != nil {
                document.within = pairedComparisons(report, factor: withinFactor).map {
                    ScoreJSON.Within(score: $0.scoreID, task: $0.task, factor: withinFactor, measurement: .init($0.stratum), comparison: $0.comparison)
                }
            }
            try JSONOutput.document(document, command: "score", streaming: "rows", plan: runPlan,
                                    write: { Output.write($0) }) {
                guard let spool, spool.size > 0 else { return false }
                try spool.copyToStandardOutput()
                Output.write("\n  ")
                return true
            }
            Output.write("\n")
        } else if csv && !summary, let machineRows, let spool {
            var header = CSVByteWriter(capacity: 1_024)
            CSVRenderer.appendHeader(machineRows, to: &header)
            header.drain { $0.withUnsafeBufferPointer { Output.write(bytes: $0) } }
            try spool.copyToStandardOutput()
        } else if csv {
            let table = ResultTable.scoreSummaryData(report, measurements: showColumns, language: language)
            try CSVRenderer.write(table) { $0.withUnsafeBufferPointer { Output.write(bytes: $0) } }
        } else {
            try printTables(report, participants: table, scored: scored, language: language, susValues: susValues, withinFactor: withinFactor,
                            labels: runLabels, groupBy: runPlan.between?.attribute)
        }
    }

    /// The table of each participant's scores (with the SUS adjective and acceptability where they apply), or
    /// `nil` when the instrument has no score.
    func participantTable(_ definition: InstrumentDefinition, language: StudyLanguage, occasion: Bool, conditions: Bool,
                          labels: StudyLabels) throws -> SpooledTextTable? {
        try ResultTable.scoreParticipants(definition, occasion: occasion, conditions: conditions, by: by, language: language, labels: labels)
            .map(SpooledTextTable.init)
    }

    func printTables(_ report: ScoreReport, participants: SpooledTextTable?, scored: Int, language: StudyLanguage,
                     susValues: [String: [Double]] = [:], withinFactor: String = "", labels: StudyLabels = .plain, groupBy: String? = nil) throws {
        let definition = report.instrument
        let style = NumberStyle(language)
        func say(_ message: Message) { print(message.text(language)) }
        say(.responseSets(title: definition.title.text(language), count: scored))
        say(.reference(definition.reference))
        if definition.lowerIsBetter { say(.lowerIsBetter) }
        print("")
        guard scored > 0 else {
            say(.noAnswersYet(instrument: definition.id))
            return
        }
        if let participants {
            try participants.print()
            print("")
            // The summary is the results model's table (the report's and the workbook's), in the study's language.
            print(TextRenderer.render(ResultTable.scoreSummary(report, language: language, name: { ScoreNames.name($0, definition, language) }, labels: labels, groupBy: groupBy)
                                        .atConfidence(confidence.confidence.value), title: false),
                  terminator: "")
            // The meanings and the notes under them are the report's (the same builders).
            let meanings = ResultTable.scoreMeanings(report, language: language, name: { ScoreNames.name($0, definition, language) }, labels: labels, groupBy: groupBy)
            if !meanings.isEmpty {
                print("")
                print(TextRenderer.render(meanings, title: false), terminator: "")
                say(.gradesNote)
                // How precise the overall mean is, as a committee asks it.
                // Fewer than 20 respondents: the BCa bootstrap interval beside the t interval (skew, the scale's ends).
                for item in report.overall.first?.summaries ?? [] where item.meaning != nil {
                    let notes = ResultTable.meanMeaningNotes(item, name: ScoreNames.name(item.scoreID, definition, language),
                                                             values: susValues[item.scoreID], seed: seed, language: language)
                    for note in notes { print(note.text(language)) }
                }
            }
            if compare && within != nil && by != nil {
                print("")
                printMixed(report, factor: withinFactor, language: language, labels: labels)
            } else if compare && within != nil {
                print("")
                printPaired(report, factor: withinFactor, language: language, labels: labels)
            } else if compare {
                print("")
                printComparisons(report, language: language, labels: labels, groupBy: groupBy)
            }
            if report.pooledOccasions {
                print("")
                if report.occasions.contains(where: { !MeasurementKey(key: $0).conditions.isEmpty }) {
                    print(words("Each occasion and condition is summarised apart (a participant's sets of two occasions or conditions are never in one sample); per item statistics and Cronbach's α are given for one with --occasion and --condition, and the levels are compared within participants with --within occasion|FACTOR --compare."))
                } else {
                    print(words("Each occasion is summarised apart (a participant's sets of two occasions are never in one sample); per item statistics and Cronbach's α are given per occasion with --occasion, and the occasions are compared within participants with --within occasion --compare."))
                }
            }
            if let norms = definition.norms { print(""); say(.norms(norms.source.text(language))) }
        }
        if !report.items.isEmpty {
            print("")
            printItems(report, language: language)
        }
        // Per task for a per-task instrument ("(T1)", "(T1, Subscale)"): never over the sets of several tasks.
        for (scale, task, alpha) in report.alphas {
            let named = [task, scale == ScoreReport.allName ? nil : ScoreNames.name(scale, definition, language)].compactMap { $0 }
            say(.cronbachAlpha(scale: named.isEmpty ? nil : named.joined(separator: ", "),
                               alpha: style.number(alpha.alpha, decimals: 3), items: alpha.items, sets: alpha.cases))
        }
        for group in report.groups + report.overall where !group.tallies.isEmpty {
            print("")
            say(.choices(group: group.name == ScoreReport.allName ? Term.all.text(language) : group.name, n: group.n))
            for tally in group.tallies { print(TextRenderer.render(ResultTable.choiceTally(tally, language: language)), terminator: "") }
        }
        if !report.texts.isEmpty {
            print("")
            say(.openAnswers)
            for (item, participant, text) in report.texts { print("  \(item). \(participant): \(text)") }
        }
        if report.missing != .refuse { print(""); say(.unansweredItems(report.missing.rawValue)) }
        if !report.unscored.isEmpty {
            print(Phrase.unscoredSets.text(language))
            for set in report.unscored { print("  \(set.text(language))") }
        }
    }
}
