import Foundation
import Gaze
import QualCoding
import Results
import StudyBasics
import StudyStore
import Surveys

/// Everything the exports show, read from a study once: the study-wide tables' data (`StudyData`, in Results),
/// filled from the store here.
extension StudyData {
    /// Reads the study under the options given: the plan they make (`StudyDatabase.analysisPlan`), resolved here once.
    /// `groupBy` names the attribute to group by; by default the first derived attribute (a level derived by a rule),
    /// else none. `analysis` leaves participants out of every table (their response sets, scores and attempts);
    /// `missing` says how unanswered items are scored (a set that cannot be scored under it is listed, not scored).
    public static func load(_ study: StudyDatabase, groupBy: String? = nil, streaming: Bool = false,
                            analysis: AnalysisSet = .everybody, missing: MissingPolicy = .refuse,
                            confidence: Double = 0.95) throws -> StudyData {
        var plan = try study.analysisPlan(groupBy: groupBy, findingFlags: false, missing: missing, confidence: confidence)
        plan.set = analysis
        return try load(study, plan: plan, streaming: streaming)
    }

    /// Reads the study under `plan`: its groups (`plan.between`), the conditions done within participants (groups
    /// are compared within each of their levels), who is left out, the missing-item policy and the intervals' level.
    /// With `streaming`, what grows with the number of respondents (the participants, every response set, every
    /// score) is not read here but by the tables as they are written, and the summaries are built from counts: memory
    /// stays flat however large the study (exports use this).
    public static func load(_ study: StudyDatabase, plan: AnalysisPlan, streaming: Bool = false) throws -> StudyData {
        let (analysis, missing, confidence) = (plan.set, plan.missing, plan.confidence)
        let attributes = try study.attributeDefinitions()
        let groupAttribute = plan.between.flatMap { between in attributes.first { $0.name == between.attribute } }
        let groupOrder = plan.between?.order ?? []
        var roster = streaming ? ParticipantRoster(attributes: attributes, participants: []) : try study.roster()
        if analysis.leavesOutSomeone { roster.participants = roster.participants.filter { analysis.includes($0.code) } }
        let profiles = Dictionary(roster.participants.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        func group(_ participant: String) -> String? {
            groupAttribute.map { profiles[participant]?.value(of: $0.name)?.display ?? ScoreReport.noGroup }
        }

        var questionnaires: [Questionnaire] = []
        // A streaming snapshot keeps each participant's scores as it computes them, for the scores table.
        let scoreRows = streaming ? try ScoreRowSpool() : nil
        for summary in try study.instruments() where summary.responseSets > 0 {
            var timed = false
            if let scoreRows {
                questionnaires.append(try streamedQuestionnaire(study, instrument: summary.id, position: questionnaires.count, groupBy: groupAttribute?.name,
                                                                analysis: analysis, missing: missing, groupOrder: groupOrder, confidence: confidence,
                                                                scoreRows: scoreRows))
            } else {
                let (definition, everyone) = try study.responseSets(instrument: summary.id)
                let sets = analysis.leavesOutSomeone ? everyone.filter { analysis.includes($0.participant) } : everyone
                guard !sets.isEmpty else { continue }
                let inputs = sets.map { ScoringInput(participant: $0.participant, group: group($0.participant), task: $0.task, occasion: $0.occasion, answers: $0.answers) }
                let report = try ScoreReport.build(definition, inputs: inputs, missing: missing, groupOrder: groupOrder,
                                                   occasionOrder: try study.occasions(instrument: definition.id), skipUnscorable: true,
                                                   confidence: confidence)
                let quality = ResponseQuality.Checker(definition)
                // Every set's flags, the left-out participants' too: the quality table lists what the checks found
                // of everyone (and says who was left out), the scores only those analysed.
                let flaggedAll = everyone.compactMap { set -> FlaggedResponseSet? in
                    let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                    timed = timed || seconds != nil
                    let flags = quality.flags(set.answers, seconds: seconds)
                    return flags.isEmpty ? nil : FlaggedResponseSet(instrument: definition.id, participant: set.participant, task: set.task, flags: flags)
                }
                var questionnaire = Questionnaire(definition: definition, sets: sets, report: report, setCount: sets.count,
                                                  anyInverted: sets.contains { $0.orientation == .inverted },
                                                  flagged: flaggedAll.filter { analysis.includes($0.participant) }, timed: timed)
                questionnaire.flaggedLeftOut = flaggedAll.filter { !analysis.includes($0.participant) }
                questionnaire.within = WithinDesign.designs(report, grouped: groupAttribute != nil)
                questionnaires.append(questionnaire)
            }
        }

        let factors = try study.factors()
        // Tasks split as the questionnaires are: by the grouping attribute first, then by every condition.
        let groupings = (groupAttribute.map { ["attribute:" + $0.name] } ?? []) + factors.map { "condition:" + $0.name }
        let dataset = try study.taskDataset(groupedBy: groupings).prepared(for: analysis)
        let taskSummary = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties,
                                            successfulOnly: false, seq: dataset.seq, groupFactors: dataset.groupFactors, groupOrders: dataset.groupOrders,
                                            confidence: confidence, targets: dataset.targets, errorOpportunities: dataset.errorOpportunities,
                                     abandonedPolicy: dataset.abandoned)

        let coders = try study.coders()
        // As `codes freq` counts without --coder: every code, whoever coded it. Only where several people coded (a
        // blind double coding for agreement) does the report take the first coder's, and say so, so that no passage
        // counts twice.
        let primary = coders.count > 1 ? coders.first : nil
        let coding = try study.codingDataset(coder: primary, groupedBy: groupAttribute?.name, interviewedOnly: streaming)
        let frequencies = CodeAnalysis.frequencies(coding.segments, categories: coding.categories, participants: coding.denominator(.interviewed),
                                                   groupOrder: coding.groupOrder, tree: coding.tree)
        var snapshot = StudyData(
            path: study.path, info: try study.info(), roster: roster, groupAttribute: groupAttribute?.name, groupOrder: groupOrder,
            questionnaires: questionnaires, tasks: try study.tasks(), factors: factors,
            attempts: try study.attempts().filter { analysis.includes($0.participant) },
            taskSummary: taskSummary, categories: try study.categories(coder: primary), codes: try study.codes(),
            primaryCoder: primary, coders: coders, frequencies: frequencies, memos: try study.memos())
        snapshot.interviews = CodeAnalysis.raised(coding.segments, interviewed: coding.interviewed.sorted(by: NaturalOrder.areInIncreasingOrder))
        if coders.count >= 2 {
            let pair = Array(coders.prefix(2))
            let report = try study.agreementReport(coders: pair)
            if report.units > 0 { snapshot.agreement = [report] }
        }
        let suggestions = try study.suggestions()
        snapshot.suggesters = try study.suggesters().map { suggester in
            let own = suggestions.filter { $0.suggester == suggester.name }
            return SuggesterSummary(name: suggester.name, method: suggester.method, trainingCoder: suggester.trainingCoder, unit: suggester.unit,
                                    pending: own.filter { $0.status == "pending" }.count, accepted: own.filter { $0.status == "accepted" }.count,
                                    rejected: own.filter { $0.status == "rejected" }.count)
        }
        snapshot.plan = plan
        snapshot.labels = try study.labels()
        snapshot.droppedResponses = try study.droppedResponses()
        snapshot.consent = try study.consentSummary()
        snapshot.taskData = dataset
        if let attribute = groupAttribute?.name {
            let values = NaturalOrder.distinct(dataset.observations.map { $0.group[0] }.filter { $0 != "(none)" }, preferring: groupOrder)
            if values.count >= 2 {
                // The groups are compared within each level of the conditions that vary within participants (never
                // on values averaged over them); conditions each participant did one level of are pooled.
                let within = dataset.groupNames.indices.dropFirst().filter { plan.withinTasks.contains(dataset.groupNames[$0]) }
                let observations = dataset.observations.map { observation in
                    var copy = observation
                    copy.group = [observation.group[0]] + within.map { observation.group[$0] }
                    return copy
                }
                snapshot.taskGroups = GroupTaskComparisons(grouping: attribute, groups: values, taskOrder: dataset.taskOrder,
                                                           observations: observations, seq: dataset.seq,
                                                           strata: within.map { dataset.groupNames[$0] }, strataOrders: within.map { dataset.groupOrders[$0] },
                                                           confidence: confidence)
            }
        }
        // The participants left out are not counted (those in the study: a streaming snapshot counts them there).
        snapshot.participantCount = streaming ? try study.participantCount() - analysis.excluded.count : roster.participants.count
        if streaming {
            snapshot.streams = Streams(participants: { body in try study.forEachParticipant(body) },
                                       responseSets: { instrument, body in _ = try study.forEachResponseSet(instrument: instrument, body) })
        }
        snapshot.scoreRows = scoreRows
        if let attribute = groupAttribute?.name {
            if streaming {
                snapshot.groupCounts = try study.participantCounts(by: attribute, none: ScoreReport.noGroup)
                for (_, value) in try study.attributeValues(attribute, of: analysis.excluded) {
                    snapshot.groupCounts[value, default: 1] -= 1
                }
                // Only the participants the small tables name (codes, eye tracking) need their group here.
                snapshot.groups = try study.attributeValues(attribute, of: Set(snapshot.codes.map(\.participant)).union(try study.gazeRecordings().map(\.participant)))
            } else {
                for participant in roster.participants { snapshot.groups[participant.code] = participant.value(of: attribute)?.display }
            }
        }
        snapshot.gazeRecordings = try study.gazeRecordings()
        if !snapshot.gazeRecordings.isEmpty {
            snapshot.gazeMetrics = try study.gazeMetrics()
            snapshot.gazeSummary = try study.gazeSummary(by: groupAttribute?.name)
            snapshot.gazeFixations = try study.gazeFixationSets()
            snapshot.gazeAOIs = try study.aois()
            snapshot.gazeMedia = try study.gazeMedia()
            for media in snapshot.gazeMedia where media.imageType != nil { snapshot.gazeImages[media.name] = try study.mediaImage(media.name) }
        }
        return snapshot
    }

    /// One instrument's questionnaire read set by set, as a streaming load reads it: scored as the sets come, each
    /// participant's scores kept in `scoreRows` (under `position`), only the summaries held.
    private static func streamedQuestionnaire(_ study: StudyDatabase, instrument id: String, position: Int, groupBy: String?, analysis: AnalysisSet,
                                              missing: MissingPolicy, groupOrder: [String], confidence: Double,
                                              scoreRows: ScoreRowSpool) throws -> Questionnaire {
        var timed = false
        var builder: ScoreReport.Builder?
        var count = 0
        var inverted = false
        var flagged: [FlaggedResponseSet] = []
        var read: InstrumentDefinition?
        var quality: ResponseQuality.Checker?
        let occasionOrder = try study.occasions(instrument: id)
        var flaggedLeftOut: [FlaggedResponseSet] = []
        let definition = try study.forEachResponseSet(instrument: id, groupBy: groupBy) { set in
            let included = analysis.includes(set.participant)
            if let read, let quality {
                let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                if included { timed = timed || seconds != nil }
                let flags = quality.flags(set.answers, seconds: seconds)
                if !flags.isEmpty {
                    let entry = FlaggedResponseSet(instrument: read.id, participant: set.participant, task: set.task, flags: flags)
                    if included { flagged.append(entry) } else { flaggedLeftOut.append(entry) }
                }
            }
            if !included { return }
            count += 1
            inverted = inverted || set.orientation == .inverted
            // `builder` is set by `start`, which the study calls before the first set.
            let row = builder?.add(ScoringInput(participant: set.participant, group: groupBy == nil ? nil : set.group ?? ScoreReport.noGroup,
                                                 task: set.task, occasion: set.occasion, answers: set.answers))
            if let row { scoreRows.append(row, instrument: position) }
        } start: { definition in
            read = definition
            quality = ResponseQuality.Checker(definition)
            // Occasions and conditions in the order they were recorded ("pré" before "pós").
            builder = ScoreReport.Builder(definition, missing: missing, groupOrder: groupOrder, occasionOrder: occasionOrder,
                                          skipUnscorable: true)
            builder?.confidence = confidence
        }
        var finishing = builder ?? ScoreReport.Builder(definition, missing: missing, groupOrder: groupOrder, occasionOrder: occasionOrder,
                                                       skipUnscorable: true)
        finishing.confidence = confidence
        let report = try finishing.finish()
        var questionnaire = Questionnaire(definition: definition, sets: [], report: report, setCount: count, anyInverted: inverted,
                                          flagged: flagged, timed: timed)
        questionnaire.flaggedLeftOut = flaggedLeftOut
        if !report.withinFactors.isEmpty {
            // The comparisons pair each participant's sets: this instrument's rows, read back from the spool
            // for them and let go after.
            var withRows = report
            try scoreRows.forEach { instrument, row in if instrument == position { withRows.rows.append(row) } }
            questionnaire.within = WithinDesign.designs(withRows, grouped: groupBy != nil)
        }
        return questionnaire
    }
}
