import Foundation
import GRDB
import Gaze
import StudyBasics
import Surveys
import Wording

/// What a gaze import stored.
public struct GazeImportSummary: Sendable, Equatable {
    public var files: Int
    public var recordings: Int
    public var fixations: Int
    public var samples: Int
    public var dialects: [String]
    public var addedParticipants: [String]
    /// Stimulus images registered with the import (media, file).
    public var registered: [RegisteredImage] = []
    public struct RegisteredImage: Sendable, Equatable { public var media: String; public var file: String }
    /// How the fixations were found, one line per distinct filter.
    public var filters: [String]
}

/// One Tobii export as read: its name for messages, its dialect, its recordings (fixations found), how many samples,
/// and the I-VT filter studyctl ran for the whole file (nil when the export's own fixations were read).
public struct GazeFile: Sendable {
    public var file: String
    public var dialect: TobiiDialect
    public var recordings: [GazeRecording]
    public var samples: Int
    public var filter: String?

    public init(file: String, dialect: TobiiDialect, recordings: [GazeRecording], samples: Int, filter: String?) {
        self.file = file
        self.dialect = dialect
        self.recordings = recordings
        self.samples = samples
        self.filter = filter
    }
}

extension StudyDatabase {
    /// Stores Tobii recordings the importing layer read (`GazeFile`: per file, its dialect, recordings with their
    /// fixations, samples and the filter the fixations come from), in one transaction: all files or none, every
    /// problem reported with its file.
    ///
    /// `image`, when given, is asked for the stimulus image of each media that has none yet (its bytes, file and the
    /// size its header gives), and what it returns is registered in the same transaction: a bad image (`image` throws)
    /// leaves the study as it was.
    public func storeGaze(_ collected: [GazeFile], addParticipants: Bool = false,
                          image: ((String) throws -> (data: Data, file: String, size: StimulusSize)?)? = nil) throws -> GazeImportSummary {
        var problems: [StoreError.Problem] = []
        return try write { db in
            var added: [String] = []
            var registered: [GazeImportSummary.RegisteredImage] = []
            var recordings = 0
            var fixations = 0
            let insertFixation = try db.cachedStatement(sql: """
                INSERT INTO gaze_fixation (recording_id, fixation_index, start_ms, duration_ms, x, y, aoi_hits) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for file in collected {
                for var recording in file.recordings {
                    recording.participant = StudyText.composed(recording.participant)
                    let participantID: Int64
                    if let id = try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [recording.participant]) {
                        participantID = id
                    } else if addParticipants {
                        if let reason = ParticipantNaming.problem(withCode: recording.participant) {
                            problems.append(.init(location: Sentence(verbatim: file.file), message: "participant code '\(recording.participant)': \(reason)"))
                            continue
                        }
                        try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)",
                                       arguments: [recording.participant, Timestamp.now(), Confusables.skeleton(recording.participant)])
                        participantID = db.lastInsertedRowID
                        try Self.count(db, .participants, 1)
                        added.append(recording.participant)
                    } else {
                        problems.append(.init(location: Sentence(verbatim: file.file), message: "no participant '\(recording.participant)' in the study; add them first or rerun with --add-participants"))
                        continue
                    }
                    let media = StudyText.composed(recording.media.isEmpty ? "(no media)" : recording.media)
                    if let problem = StudyText.problem(media, as: .mediaName) {
                        problems.append(.init(location: Sentence(verbatim: file.file), message: "media '\(media)': \(problem.reason)"))
                        continue
                    }
                    try db.execute(sql: "INSERT INTO gaze_media (name) VALUES (?) ON CONFLICT (name) DO NOTHING", arguments: [media])
                    if let image, try Bool.fetchOne(db, sql: "SELECT image IS NULL FROM gaze_media WHERE name = ?", arguments: [media]) == true,
                       let found = try image(media) {
                        try Self.storeImage(db, media: media, data: found.data, file: found.file, size: found.size)
                        registered.append(.init(media: media, file: found.file))
                    }
                    // Inserted just above when it was not there.
                    let mediaID = try Self.required(Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]), in: "gaze_media", key: media)
                    if try Int64.fetchOne(db, sql: "SELECT id FROM gaze_recording WHERE participant_id = ? AND media_id = ? AND recording = ?",
                                          arguments: [participantID, mediaID, recording.recording]) != nil {
                        problems.append(.init(location: Sentence(verbatim: file.file), message: "participant \(recording.participant) already has recording '\(recording.recording)' of \(media)"))
                        continue
                    }
                    try GazeRecordingRow(participantId: participantID, mediaId: mediaID, recording: recording.recording, samples: recording.samples,
                                         invalidSamples: recording.invalidSamples, onsetMs: recording.onset, source: file.file, imported: Timestamp.now(),
                                         fixationFilter: Self.filterUsed(file.filter, recording), startOfDayMs: recording.startOfDay).insert(db)
                    let recordingID = db.lastInsertedRowID
                    for fixation in recording.fixations {
                        let hits = fixation.aoiHits.isEmpty ? nil : fixation.aoiHits.sorted().joined(separator: "\u{1F}")
                        try insertFixation.execute(arguments: [recordingID, fixation.index, fixation.start, fixation.duration, fixation.x, fixation.y, hits])
                    }
                    // The export's own AOIs (hit columns) become AOIs of the media, unless one of that name is drawn.
                    for name in recording.exportAOIs.map(StudyText.composed) where StudyText.problem(name, as: .aoiName) == nil {
                        try db.execute(sql: "INSERT INTO gaze_aoi (media_id, name, shape) VALUES (?, ?, ?) ON CONFLICT (media_id, name) DO NOTHING",
                                       arguments: [mediaID, name, Self.exportHitsShape])
                    }
                    recordings += 1
                    fixations += recording.fixations.count
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            return GazeImportSummary(files: collected.count, recordings: recordings, fixations: fixations,
                                     samples: collected.reduce(0) { $0 + $1.samples },
                                     dialects: Array(Set(collected.map { $0.dialect == .studio ? "Tobii Studio" : "Tobii Pro Lab" })).sorted(),
                                     addedParticipants: added, registered: registered,
                                     filters: Array(Set(collected.flatMap { file in
                                         file.recordings.map { Self.filterUsed(file.filter, $0) }
                                     })).sorted())
        }
    }

    /// The fixation filter a recording's fixations come from: the I-VT filter studyctl ran (for the file, or for
    /// this recording because its exported fixation columns were empty), or the export's own.
    static func filterUsed(_ fileFilter: String?, _ recording: GazeRecording) -> String {
        fileFilter ?? recording.classifiedBy ?? recording.filter.map { "Tobii: \($0)" } ?? "Tobii export"
    }

    /// How an AOI known only from an export's hit column is stored. (Encoding a fixed case of a plain Codable enum
    /// cannot fail; the fallback is the text the encoder gives it.)
    static let exportHitsShape = (try? JSONEncoder().encode(AOI.Shape.exportHits)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"exportHits":{}}"#

    /// Adds an area of interest to a media the study has recordings of.
    public func addAOI(media: String, _ aoi: AOI) throws {
        try write { db in try Self.insertAOI(db, media: media, aoi) }
    }

    /// Checks an AOI and stores it on `media`, inside the caller's transaction.
    static func insertAOI(_ db: Database, media typedMedia: String, _ typed: AOI) throws {
        if typed.name.isEmpty { throw StoreError.invalidInput([.init(location: "AOI", message: "an AOI needs a name")]) }
        var aoi = typed
        do { aoi.name = try StudyText.name(typed.name, as: .aoiName) } catch {
            throw StoreError.invalidInput([.init(location: "AOI '\(typed.name)'", message: error.reason)])
        }
        let media = StudyText.composed(typedMedia)
        if case let .polygon(points) = aoi.shape, points.count < 3 {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "a polygon needs at least three points")])
        }
        if case let .rectangle(_, _, width, height) = aoi.shape, !(width > 0 && height > 0) {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "a rectangle needs a positive width and height")])
        }
        let shape = String(decoding: try JSONEncoder().encode(aoi.shape), as: UTF8.self)
        guard let mediaID = try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]) else {
            throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no such media in the study; media come with 'studyctl gaze import'\(try Self.knownMedia(db))")])
        }
        if try Int64.fetchOne(db, sql: "SELECT id FROM gaze_aoi WHERE media_id = ? AND name = ?", arguments: [mediaID, aoi.name]) != nil {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "media \(media) already has an AOI of that name")])
        }
        try db.execute(sql: "INSERT INTO gaze_aoi (media_id, name, shape) VALUES (?, ?, ?)", arguments: [mediaID, aoi.name, shape])
    }

    static func knownMedia(_ db: Database) throws -> Sentence {
        let names = try String.fetchAll(db, sql: "SELECT name FROM gaze_media ORDER BY name")
        return names.isEmpty ? " (none yet)" : " (media: \(names.prefix(12).joined(separator: ", ")))"
    }

    /// Every AOI, by media.
    public func aois() throws -> [(media: String, aoi: AOI)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT m.name AS media, a.name, a.shape FROM gaze_aoi a JOIN gaze_media m ON m.id = a.media_id ORDER BY m.name, a.id")
                .map { row in
                    let shape = try JSONDecoder().decode(AOI.Shape.self, from: Data((row["shape"] as String).utf8))
                    return (row["media"], AOI(name: row["name"], shape: shape))
                }
        }
    }

    /// Every recording with its data quality.
    public func gazeRecordings() throws -> [GazeRecordingInfo] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.code, m.name AS media, r.recording, r.samples, r.invalid_samples, r.fixation_filter,
                       (SELECT count(*) FROM gaze_fixation f WHERE f.recording_id = r.id) AS fixations
                FROM gaze_recording r JOIN participant p ON p.id = r.participant_id JOIN gaze_media m ON m.id = r.media_id
                ORDER BY m.name, r.id
                """).map { row in
                let samples: Int = row["samples"]
                let invalid: Int = row["invalid_samples"]
                return GazeRecordingInfo(participant: row["code"], media: row["media"], recording: row["recording"], samples: samples,
                                         invalidShare: samples == 0 ? 0 : Double(invalid) / Double(samples), fixations: row["fixations"],
                                         filter: row["fixation_filter"] ?? "Tobii export")
            }.sorted { $0.media != $1.media ? $0.media < $1.media : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
        }
    }

    /// Tobii's AOI metrics for every recording × AOI of its media.
    public func gazeMetrics() throws -> [GazeMetricsRow] {
        let areas = try aois()
        return GazeMetricsRow.rows(for: try gazeFixationSets(), aois: areas)
    }
}

extension StudyDatabase {
    /// Every recording's fixations, by media then participant.
    public func gazeFixationSets() throws -> [GazeFixationSet] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, p.code, m.name AS media, r.recording, r.onset_ms FROM gaze_recording r
                JOIN participant p ON p.id = r.participant_id JOIN gaze_media m ON m.id = r.media_id ORDER BY m.name, r.id
                """).map { row in
                let fixations = try Self.fixations(db, recording: row["id"])
                return GazeFixationSet(participant: row["code"], media: row["media"], recording: row["recording"],
                                       onset: row["onset_ms"] ?? fixations.first?.start ?? 0, fixations: fixations)
            }.sorted { $0.media != $1.media ? $0.media < $1.media : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
        }
    }

    /// Every fixation on `media`, per participant (for heat maps and scan paths), in time order. Read through a
    /// cursor with columns by position: a million fixations load in well under a second.
    public func fixations(media: String) throws -> [(participant: String, fixations: [Fixation])] {
        try read { db in
            guard let mediaID = try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]) else {
                throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no such media in the study\(try Self.knownMedia(db))")])
            }
            var result: [(String, [Fixation])] = []
            for recording in try Row.fetchAll(db, sql: """
                SELECT r.id, p.code FROM gaze_recording r JOIN participant p ON p.id = r.participant_id WHERE r.media_id = ? ORDER BY r.id
                """, arguments: [mediaID]) {
                result.append((recording["code"], try Self.fixations(db, recording: recording["id"])))
            }
            return result.sorted { NaturalOrder.areInIncreasingOrder($0.0, $1.0) }
        }
    }

    /// One recording's fixations in time order.
    static func fixations(_ db: Database, recording: Int64) throws -> [Fixation] {
        var fixations: [Fixation] = []
        // In the primary key's order (no sort in SQLite); fixation indexes follow time in every export, and when
        // they do not, the fixations are sorted by start here.
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT fixation_index, start_ms, duration_ms, x, y, aoi_hits FROM gaze_fixation WHERE recording_id = ? ORDER BY fixation_index
            """, arguments: [recording])
        var ordered = true
        while let row = try cursor.next() {
            let hits: String? = row[5]
            let fixation = Fixation(index: row[0], start: row[1], duration: row[2], x: row[3], y: row[4],
                                    aoiHits: hits.map { Set($0.split(separator: "\u{1F}").map(String.init)) } ?? [])
            if let previous = fixations.last, previous.start > fixation.start { ordered = false }
            fixations.append(fixation)
        }
        if !ordered { fixations.sort { ($0.start, $0.index) < ($1.start, $1.index) } }
        return fixations
    }
}

extension StudyDatabase {
    /// Stores AOIs the importing layer read from a file (`location` names each one's `file:line`), in one
    /// transaction: all or nothing, every refusal named with its line.
    public func storeAOIs(_ areas: [(media: String, aoi: AOI, location: String)]) throws -> Int {
        var problems: [StoreError.Problem] = []
        try write { db in
            for area in areas {
                do {
                    try Self.insertAOI(db, media: area.media, area.aoi)
                } catch let StoreError.invalidInput(inner) {
                    problems += inner.map { .init(location: Sentence(verbatim: area.location), message: $0.location.pattern.isEmpty ? $0.message : "\($0.location): \($0.message)") }
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        }
        return areas.count
    }
}

extension StudyDatabase {
    /// Stores the stimulus image of `media` (PNG or JPEG bytes, kept as given, and the size its header gives), creating
    /// the media when no recording has named it yet.
    public func registerMedia(_ media: String, image data: Data, file: String, size: StimulusSize) throws -> StimulusSize {
        let name = try Self.mediaName(media)
        return try write { db in
            try db.execute(sql: "INSERT INTO gaze_media (name) VALUES (?) ON CONFLICT (name) DO NOTHING", arguments: [name])
            return try Self.storeImage(db, media: name, data: data, file: file, size: size)
        }
    }

    /// A media name as typed, checked and composed as the study stores it; refused with the name when it cannot be one.
    public static func mediaName(_ media: String) throws -> String {
        do { return try StudyText.name(media.trimmingCharacters(in: .whitespaces), as: .mediaName) } catch {
            throw StoreError.invalidInput([.init(location: "media '\(media)'", message: error.reason)])
        }
    }

    /// Stores an image and its size on `media`, inside the caller's transaction.
    @discardableResult
    static func storeImage(_ db: Database, media: String, data: Data, file: String, size: StimulusSize) throws -> StimulusSize {
        try db.execute(sql: "UPDATE gaze_media SET image = ?, image_type = ?, image_file = ?, width = ?, height = ? WHERE name = ?",
                       arguments: [data, size.type, (file as NSString).lastPathComponent, size.width, size.height, media])
        return size
    }

    /// Every media with its image's size and what the study holds for it.
    public func gazeMedia() throws -> [GazeMedia] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT m.name, m.image_type, m.image_file, m.width, m.height,
                       (SELECT count(*) FROM gaze_recording r WHERE r.media_id = m.id) AS recordings,
                       (SELECT count(*) FROM gaze_aoi a WHERE a.media_id = m.id) AS aois
                FROM gaze_media m ORDER BY m.name
                """).map { row in
                GazeMedia(name: row["name"], imageType: row["image_type"], imageFile: row["image_file"],
                          width: (row["width"] as Double?).map { Int($0) }, height: (row["height"] as Double?).map { Int($0) },
                          recordings: row["recordings"], aois: row["aois"])
            }
        }
    }

    /// The stimulus image of `media` as stored (PNG or JPEG bytes), or `nil` when none was registered.
    public func mediaImage(_ media: String) throws -> Data? {
        try read { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]) != nil else {
                throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no such media in the study\(try Self.knownMedia(db))")])
            }
            return try Data.fetchOne(db, sql: "SELECT image FROM gaze_media WHERE name = ?", arguments: [media])
        }
    }

    /// The participants grouped by `attribute`'s values (in the attribute's rule order when it is derived); those
    /// without a value are in no group.
    public func participantGroups(by attribute: String) throws -> ParticipantGroups {
        let roster = try roster()
        guard let definition = roster.attributes.first(where: { $0.name.caseInsensitiveCompare(attribute) == .orderedSame }) else {
            throw StoreError.unknownAttribute(name: attribute, known: roster.attributes.map(\.name))
        }
        return ParticipantGroups(attribute: definition.name,
                                 values: roster.participants.map { ($0.code, $0.value(of: definition.name)?.display) }, rule: definition.rule)
    }

    /// Per media × AOI (× group), the metrics summarised over participants: percentage fixated and means with 95 %
    /// confidence intervals.
    public func gazeSummary(by attribute: String? = nil) throws -> [GazeSummaryRow] {
        let rows = try gazeMetrics()
        let groups = try attribute.map { try participantGroups(by: $0) }
        return GazeSummaryRow.summaries(rows, groups: groups)
    }

    /// The AOI visit sequences of every participant on `media` and their pairwise similarity (normalised
    /// Levenshtein), with means within and between the groups of `attribute` when given.
    public func scanPathSimilarity(media: String, by attribute: String? = nil) throws -> ScanPath.Similarity {
        let recordings = try fixations(media: media)
        let areas = try aois().filter { $0.media.caseInsensitiveCompare(media) == .orderedSame }.map(\.aoi)
        let groups = try attribute.map { try participantGroups(by: $0) }
        var participants: [String] = []
        var sequences: [[String]] = []
        for recording in recordings {
            // Two recordings of one participant on the media: their visits in recording order, one sequence.
            let visits = ScanPath.visits(recording.fixations, aois: areas)
            if let index = participants.firstIndex(of: recording.participant) {
                sequences[index] += visits
            } else {
                participants.append(recording.participant)
                sequences.append(visits)
            }
        }
        return ScanPath.Similarity(participants: participants, sequences: sequences, groupOf: groups?.groupOf, groupOrder: groups?.order ?? [])
    }
}

/// A stimulus image's type ("png" or "jpeg") and size in pixels, as its header gives them (the importing layer reads
/// the header; the store keeps what it is given).
public struct StimulusSize: Sendable, Equatable {
    public var type: String
    public var width: Int
    public var height: Int

    public init(type: String, width: Int, height: Int) {
        self.type = type
        self.width = width
        self.height = height
    }
}
