import Foundation
import StudyBasics
import Surveys
import Wording

/// Why releases cannot be followed as one trend: each case names what differs and where.
public enum TrendError: Error, LocalizedError, Equatable, WordedError, LanguageWorded {
    /// Fewer than two releases to follow.
    case tooFewReleases(found: [String])
    /// The studies do not measure the same thing; each problem names the study and what differs.
    case studiesDiffer([Sentence])
    /// `--order` or `--baseline` names a release that is not there.
    case unknownRelease(name: String, option: String, known: [String])
    /// `--order` leaves a release out or names one twice.
    case orderIncomplete(missing: [String], repeated: [String])
    /// Completion is one outcome per participant: a task must be named.
    case taskNeeded(measure: String)
    /// `--by` names no attribute of the study.
    case unknownGrouping(name: String, study: String, known: [String])
    /// `--by occasion`: a participant answered on two occasions, so the releases are measured within participants.
    case sameParticipant(participant: String, releases: [String])
    /// `--match` is not KEY=KEY.
    case badMatch(String)
    /// `--by occasion` for a task measure: attempts are not stored under occasions.
    case attemptsHaveNoOccasion(measure: String)
    /// `--condition` names a factor or level the study does not have.
    case unknownCondition(factor: String, level: String, study: String, known: [String])

    public var errorDescription: String? { sentence.text(.en) }

    public var sentence: Sentence {
        switch self {
        case let .tooFewReleases(found):
            let names: Sentence = found.isEmpty ? "none" : Sentence(verbatim: found.joined(separator: ", "))
            return "A trend needs at least two releases; found \(names). Give two studies or more with --studies, or a grouping with --by."
        case let .studiesDiffer(problems):
            return "The studies do not measure the same thing, so they are not compared: \(Sentence.joined(problems, separator: "; "))."
        case let .unknownRelease(name, option, known):
            return "\(option) names '\(name)', which is not a release here; the releases are: \(known.joined(separator: ", "))."
        case let .orderIncomplete(missing, repeated):
            if repeated.isEmpty { return "--order must name every release once; it leaves out: \(missing.joined(separator: ", "))." }
            return "--order must name every release once; it names more than once: \(repeated.joined(separator: ", "))."
        case let .taskNeeded(measure):
            return "Please name the task with --task: \(measure) is one outcome per participant, and a participant does several tasks."
        case let .unknownGrouping(name, study, known):
            let names: Sentence = known.isEmpty ? "none" : Sentence(verbatim: known.joined(separator: ", "))
            return "\(study) has no attribute '\(name)' to group its participants into releases (its attributes: \(names); or --by occasion)."
        case let .sameParticipant(participant, releases):
            return "\(participant) answered in \(Sentence.joined(releases.map { Sentence(verbatim: $0) }, separator: " and ")): these releases were measured on the same people, which a trend between releases does not compare; use 'score --within occasion --compare'."
        case let .attemptsHaveNoOccasion(measure):
            return "\(measure) is read from the attempts, which have no occasion; group them by a participant attribute with --by ATTRIBUTE."
        case let .unknownCondition(factor, level, study, known):
            let names: Sentence = known.isEmpty ? "none" : Sentence(verbatim: known.joined(separator: ", "))
            return "\(study) has no condition level \(factor)=\(level) (its conditions: \(names))."
        case let .badMatch(text):
            return "--match takes KEY=OTHER (the task KEY of the first study is called OTHER in another), not '\(text)'."
        }
    }
}

/// One release's participants and their values, as a study holds them.
public struct TrendReleaseValues: Sendable, Equatable {
    /// The study's file name without its extension, or the group's value (`--by`).
    public var name: String
    /// The study file it was read from.
    public var study: String
    /// Each participant's value: their answers over the tasks and occasions of the release averaged (a success 1, a
    /// failure 0 for completion).
    public var values: [String: Double]
    /// Response sets that could not be scored (an unanswered item), left out.
    public var unscored: Int
    /// When the study was made (for `--studies`: the releases' order).
    public var created: String
    /// The participants whose value averages answers (or, for completion, takes the first attempt) over several
    /// measurements — occasions, levels of conditions — and those measurements, as stored (`pre`, `protótipo=novo`).
    public var averaged: Int = 0
    public var measurements: [String] = []
    /// How people read the release's name and its measurements: the value's label (`--by ATTRIBUTE`), the
    /// occasion's (`--by occasion`), the name itself for a study; the measurements by the study's labels.
    public var label: String = ""
    public var measurementLabels: [String] = []

    public init(name: String, study: String, values: [String: Double], unscored: Int = 0, created: String = "",
                averaged: Int = 0, measurements: [String] = []) {
        self.name = name
        self.study = study
        self.values = values
        self.unscored = unscored
        self.created = created
        self.averaged = averaged
        self.measurements = measurements
    }
}

/// Reads the releases of a trend from study files, read only, after checking that they measure the same thing.
public enum TrendReader {
    /// What to read: the measure, a task (in the first study's key), and other studies' names for its tasks
    /// (`--match T1=Checkout`: the first study's T1 is Checkout in another).
    public struct Request: Sendable {
        public var measure: TrendMeasure
        public var task: String?
        public var match: [String: String]
        /// A participant attribute or `occasion` that splits one study into releases (nil: each study a release).
        public var by: String?
        /// Only the answers given on this occasion (`--occasion`).
        public var occasion: String?
        /// Only the answers and attempts under these levels (`--condition FACTOR=LEVEL`), factor → level.
        public var conditions: [String: String]

        public init(measure: TrendMeasure, task: String? = nil, match: [String: String] = [:], by: String? = nil, occasion: String? = nil,
                    conditions: [String: String] = [:]) {
            self.measure = measure
            self.task = task
            self.match = match
            self.by = by
            self.occasion = occasion
            self.conditions = conditions
        }

        /// Whether a measurement (an occasion and levels, as stored) is one `--occasion` and `--condition` keep.
        func keeps(_ key: MeasurementKey) -> Bool {
            if let occasion, key.occasion != occasion { return false }
            return conditions.allSatisfy { factor, level in key.level(of: factor) == level }
        }
    }

    /// Parses `--match` pairs (`T1=Checkout`).
    public static func matches(_ pairs: [String]) throws -> [String: String] {
        var map: [String: String] = [:]
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw TrendError.badMatch(pair) }
            map[parts[1]] = parts[0]
        }
        return map
    }

    /// The releases of `paths` (each study one release, or each split `--by`), each study opened read only. Every
    /// difference between the studies is reported at once (`TrendError.studiesDiffer`).
    /// `open`: a study already open in this process (the served one), read through its own connection when a path
    /// names its file — a second connection opened and closed in the same process would drop its file locks.
    public static func read(_ paths: [String], _ request: Request, open: StudyDatabase? = nil) throws -> [TrendReleaseValues] {
        try StudyDatabase.refuseRepeatedFiles(paths)
        let studies = try paths.map { path in
            if let open, open.isFile(path) { return open }
            return try StudyDatabase.openForReading(at: path)
        }
        let names = paths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        if request.measure == .completion, request.task == nil { throw TrendError.taskNeeded(measure: "completion") }
        var problems: [Sentence] = []
        // The same instrument: its items and scoring as the first study has them.
        if let id = request.measure.instrument {
            let definitions = try studies.map { try $0.instrument(id) }
            if let first = definitions.first ?? nil {
                for (index, definition) in definitions.enumerated().dropFirst() {
                    guard let definition else { continue }
                    if definition.items.count != first.items.count {
                        problems.append("\(names[index]) has \(id) with \(String(definition.items.count)) items, \(names[0]) with \(String(first.items.count))")
                    } else if definition.scoring != first.scoring || definition.items != first.items {
                        problems.append("\(names[index])'s \(id) is worded or scored differently from \(names[0])'s")
                    }
                }
            }
        }
        // The same tasks, by key or as --match names them.
        var taskKeys: [[String: String]] = []  // per study: the first study's key → this study's key
        if request.measure.isPerTask {
            let keys = try studies.map { try $0.tasks().map(\.key) }
            for (index, own) in keys.enumerated() {
                var map: [String: String] = [:]
                for key in own { map[request.match[key] ?? key] = key }
                taskKeys.append(map)
                guard index > 0 else { continue }
                if let task = request.task {
                    if map[task] == nil {
                        problems.append("\(names[index]) has no task \(task) (its tasks: \(own.joined(separator: ", "))); --match \(task)=KEY names it")
                    }
                } else {
                    let firstSet = Set(taskKeys[0].keys), theirs = Set(map.keys)
                    let lacking = firstSet.subtracting(theirs).sorted(by: NaturalOrder.areInIncreasingOrder)
                    let extra = theirs.subtracting(firstSet).sorted(by: NaturalOrder.areInIncreasingOrder)
                    if !lacking.isEmpty || !extra.isEmpty {
                        let lackingText: Sentence = lacking.isEmpty ? "none" : Sentence(verbatim: lacking.joined(separator: ", "))
                        let extraText: Sentence = extra.isEmpty ? "none" : Sentence(verbatim: extra.joined(separator: ", "))
                        problems.append("\(names[index])'s tasks differ from \(names[0])'s: it lacks \(lackingText) and has \(extraText) besides; --task or --match T1=KEY settles it")
                    }
                }
            }
            if let task = request.task, taskKeys.first?[task] == nil {
                problems.append("\(names[0]) has no task \(task) (its tasks: \(keys[0].joined(separator: ", ")))")
            }
        }
        if !problems.isEmpty { throw TrendError.studiesDiffer(problems) }
        var releases: [TrendReleaseValues] = []
        for (index, study) in studies.enumerated() {
            let task = request.task.flatMap { taskKeys.isEmpty ? $0 : taskKeys[index][$0] }
            let created = (try? study.info().created) ?? ""
            releases += try study.trendReleases(request, task: task, name: names[index], created: created)
        }
        return releases
    }
}

extension StudyDatabase {
    /// This study's releases of a trend: the whole study as one release named `name`, or its participants split by
    /// `request.by`. One value per participant: a participant's answers (scores, times) over the release's tasks and
    /// occasions averaged; completion the first trial's outcome of `task` (an attempt without outcome a failure).
    public func trendReleases(_ request: TrendReader.Request, task: String?, name: String, created: String) throws -> [TrendReleaseValues] {
        let byOccasion = request.by.map { $0.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame } ?? false
        var attribute: String?
        if let by = request.by, !byOccasion {
            let known = try attributeDefinitions().map(\.name)
            guard let found = known.first(where: { $0 == by }) ?? known.first(where: { $0.caseInsensitiveCompare(by) == .orderedSame }) else {
                throw TrendError.unknownGrouping(name: by, study: name, known: known)
            }
            attribute = found
        }
        if !request.conditions.isEmpty {
            let factors = try self.factors()
            for (factor, level) in request.conditions.sorted(by: { $0.key < $1.key })
            where !factors.contains(where: { $0.name == factor && $0.levels.contains(level) }) {
                throw TrendError.unknownCondition(factor: factor, level: level, study: name,
                                                  known: factors.map { "\($0.name)=\($0.levels.joined(separator: "|"))" })
            }
        }
        let labels = try self.labels()
        // release → participant → values, and the measurements they were given under
        var grouped: [String: [String: [Double]]] = [:]
        var measured: [String: [String: Set<String>]] = [:]
        var unscored: [String: Int] = [:]
        if let instrument = request.measure.instrument, let scoreID = request.measure.scoreID {
            let definition = try self.instrument(instrument)
            if definition == nil { return [TrendReleaseValues(name: name, study: path, values: [:], created: created)] }
            try forEachResponseSet(instrument: instrument, task: task, groupBy: attribute) { set in
                guard request.keeps(MeasurementKey(key: set.occasion)) else { return }
                let release: String
                if byOccasion { release = set.occasion } else if attribute != nil {
                    guard let group = set.group else { return }
                    release = group
                } else { release = name }
                guard let definition, let scores = try? definition.score(set.answers),
                      let score = scores.first(where: { $0.id == scoreID }) else {
                    unscored[release, default: 0] += 1
                    return
                }
                grouped[release, default: [:]][set.participant, default: []].append(score.value)
                if !byOccasion { measured[release, default: [:]][set.participant, default: []].insert(set.occasion) }
            }
        } else {
            if byOccasion || request.occasion != nil { throw TrendError.attemptsHaveNoOccasion(measure: request.measure.rawValue) }
            let attempts = try self.attempts().filter { attempt in
                (task == nil || attempt.task == task) && request.conditions.allSatisfy { attempt.conditions[$0.key] == $0.value }
            }
            let groups = try attribute.map { try attributeValues($0, of: Set(attempts.map(\.participant))) } ?? [:]
            // Completion: each participant's first trial of the task.
            let ordered = attempts.sorted { ($0.participant, $0.trial) < ($1.participant, $1.trial) }
            var seen: Set<String> = []
            for attempt in ordered {
                let release: String
                if attribute != nil {
                    guard let group = groups[attempt.participant] else { continue }
                    release = group
                } else { release = name }
                let conditions = MeasurementKey(occasion: "", conditions: attempt.conditions).key
                switch request.measure {
                case .completion:
                    measured[release, default: [:]][attempt.participant, default: []].insert(conditions)
                    guard seen.insert(attempt.participant).inserted else { continue }
                    grouped[release, default: [:]][attempt.participant, default: []].append(attempt.outcome == .success ? 1 : 0)
                default:
                    guard let seconds = attempt.seconds else { continue }
                    grouped[release, default: [:]][attempt.participant, default: []].append(seconds)
                    measured[release, default: [:]][attempt.participant, default: []].insert(conditions)
                }
            }
        }
        if byOccasion {
            // The same person on two occasions is a within-participant design, not releases of different people.
            var first: [String: String] = [:]
            for release in grouped.keys.sorted(by: NaturalOrder.areInIncreasingOrder) {
                for participant in grouped[release, default: [:]].keys.sorted(by: NaturalOrder.areInIncreasingOrder) {
                    if let earlier = first[participant] {
                        throw TrendError.sameParticipant(participant: participant, releases: [earlier, release])
                    }
                    first[participant] = release
                }
            }
        }
        if request.by == nil && grouped.isEmpty { return [TrendReleaseValues(name: name, study: path, values: [:], unscored: unscored[name] ?? 0, created: created)] }
        let releaseNames = Set(grouped.keys).union(unscored.keys).sorted(by: NaturalOrder.areInIncreasingOrder)
        return releaseNames.map { release in
            let values = (grouped[release] ?? [:]).mapValues { $0.reduce(0, +) / Double($0.count) }
            // Who is averaged over several measurements, and which: said beside the trend (`--condition`,
            // `--occasion` follow one).
            let several = (measured[release] ?? [:]).filter { grouped[release]?[$0.key] != nil && $0.value.count > 1 }
            let measurements = Set(several.values.flatMap { $0 }).sorted(by: NaturalOrder.areInIncreasingOrder)
            var read = TrendReleaseValues(name: release, study: path, values: values, unscored: unscored[release] ?? 0, created: created,
                                          averaged: several.count, measurements: measurements)
            read.label = byOccasion ? labels.occasion(release) : attribute.map { labels.value(release, of: $0) } ?? release
            read.measurementLabels = measurements.map { labels.measurement($0, none: "") }
            return read
        }
    }
}

extension TrendReader {
    /// The releases in their order: `order` when given (every release once), else each study's date (`--studies`:
    /// when it was made, ties in the order the files were given) or the groups' natural order (`--by`: 4.2 before
    /// 4.10), each participant's values in the natural order of their codes.
    public static func ordered(_ releases: [TrendReleaseValues], order: [String], byStudyDate: Bool) throws -> [TrendReleaseValues] {
        let names = releases.map(\.name)
        if order.isEmpty {
            guard byStudyDate else { return releases }
            return releases.enumerated().sorted { ($0.element.created, $0.offset) < ($1.element.created, $1.offset) }.map(\.element)
        }
        for name in order where !names.contains(name) {
            throw TrendError.unknownRelease(name: name, option: "--order", known: names)
        }
        let repeated = Dictionary(grouping: order, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        let missing = names.filter { !order.contains($0) }
        if !repeated.isEmpty || !missing.isEmpty { throw TrendError.orderIncomplete(missing: missing, repeated: repeated) }
        return order.compactMap { name in releases.first { $0.name == name } }
    }

    /// The trend of releases already in order: `baseline` names the releases the control limits and the baseline
    /// comparison come from (default: every release but the last; with two releases, the first).
    public static func analyse(_ releases: [TrendReleaseValues], measure: TrendMeasure, baseline: [String], confidence: Double,
                               resamples: Int, seed: UInt64) throws -> TrendAnalysis {
        let names = releases.map(\.name)
        guard releases.count >= 2 else { throw TrendError.tooFewReleases(found: names) }
        for name in baseline where !names.contains(name) {
            throw TrendError.unknownRelease(name: name, option: "--baseline", known: names)
        }
        let chosen = baseline.isEmpty ? Array(names.dropLast()) : baseline
        let samples = releases.map { release in
            TrendRelease(name: release.name, values: release.values.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.map(\.value))
        }
        return TrendAnalysis(measure: measure, releases: samples, baseline: chosen, confidence: confidence, resamples: resamples, seed: seed)
    }

    /// Everything `studyctl trend` computes, from study files to the analysis: `paths` read only (each a release,
    /// or one study split `request.by`), ordered, analysed. For a page that shows the trend table and figure
    /// (`ResultTable.trend…`, `TrendFigure.figure`).
    public static func trend(_ paths: [String], _ request: Request, order: [String] = [], baseline: [String] = [],
                             confidence: Double = 0.95, resamples: Int = 10_000, seed: UInt64 = 1,
                             open: StudyDatabase? = nil) throws -> (releases: [TrendReleaseValues], analysis: TrendAnalysis) {
        let read = try Self.read(paths, request, open: open)
        let releases = try ordered(read, order: order, byStudyDate: request.by == nil)
        // A release with no value measured (no answers to the instrument, no attempt at the task) is said, not drawn
        // as an empty point.
        let empty = releases.filter { $0.values.isEmpty }.map(\.name)
        if !empty.isEmpty {
            let what = request.task.map { "\(request.measure.rawValue) of \($0)" } ?? request.measure.rawValue
            throw TrendError.studiesDiffer(empty.map { "\($0) has no \(what) to follow (no one's answers or attempts were read there)" })
        }
        return (releases, try analyse(releases, measure: request.measure, baseline: baseline, confidence: confidence, resamples: resamples, seed: seed))
    }
}
