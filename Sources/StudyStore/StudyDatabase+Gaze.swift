import Foundation
import Gaze
import GRDB
import Surveys
import Tabular

/// What a gaze import stored.
public struct GazeImportSummary: Sendable, Equatable {
    public var files: Int
    public var recordings: Int
    public var fixations: Int
    public var samples: Int
    public var dialects: [String]
    public var addedParticipants: [String]
}

/// One participant's recording of one media, as stored.
public struct GazeRecordingInfo: Sendable, Equatable, Codable {
    public var participant: String
    public var media: String
    public var recording: String
    public var samples: Int
    public var invalidShare: Double
    public var fixations: Int
}

/// Tobii's AOI metrics of one participant on one media.
public struct GazeMetricsRow: Sendable, Equatable, Codable {
    public var participant: String
    public var media: String
    public var recording: String
    public var metrics: AOIMetrics
}

extension StudyDatabase {
    /// Imports Tobii Studio or Pro Lab data exports (tab-separated, as Tobii writes them): each file is read row by
    /// row, its samples collapsed into fixations per participant × recording × media, and stored with the samples'
    /// data quality. All files or none: every problem is reported with `file:line:column`.
    public func importGaze(from paths: [String], addParticipants: Bool = false) throws -> GazeImportSummary {
        var collected: [(file: String, dialect: TobiiDialect, recordings: [GazeRecording], samples: Int)] = []
        var problems: [StoreError.Problem] = []
        for path in paths {
            let reader = try CSVReader(path: path, delimiter: .tab)
            let columns: TobiiColumns
            do {
                columns = try TobiiColumns(header: reader.header.map(\.value))
            } catch let problem as TobiiColumns.Problem {
                problems.append(.init(location: "\(reader.file):1", message: problem.localizedDescription))
                continue
            }
            var collector = FixationCollector()
            var samples = 0
            var fields: [String] = []
            while let record = try reader.next() {
                fields.removeAll(keepingCapacity: true)
                for field in record.fields { fields.append(field.value) }
                guard let sample = columns.sample(fields) else { continue }
                if sample.participant.isEmpty {
                    problems.append(.init(location: "\(reader.file):\(record.line)", message: "the row names no participant"))
                    break
                }
                samples += 1
                collector.add(sample)
            }
            collected.append((reader.file, columns.dialect, collector.finish(), samples))
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        return try write { db in
            var added: [String] = []
            var recordings = 0
            var fixations = 0
            let insertFixation = try db.cachedStatement(sql: """
                INSERT INTO gaze_fixation (recording_id, fixation_index, start_ms, duration_ms, x, y) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for file in collected {
                for recording in file.recordings {
                    let participantID: Int64
                    if let id = try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [recording.participant]) {
                        participantID = id
                    } else if addParticipants {
                        if let reason = ParticipantNaming.problem(withCode: recording.participant) {
                            problems.append(.init(location: file.file, message: "participant code '\(recording.participant)': \(reason)"))
                            continue
                        }
                        try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)",
                                       arguments: [recording.participant, Timestamp.now(), Confusables.skeleton(recording.participant)])
                        participantID = db.lastInsertedRowID
                        added.append(recording.participant)
                    } else {
                        problems.append(.init(location: file.file, message: "no participant '\(recording.participant)' in the study; add them first or rerun with --add-participants"))
                        continue
                    }
                    let media = recording.media.isEmpty ? "(no media)" : recording.media
                    try db.execute(sql: "INSERT INTO gaze_media (name) VALUES (?) ON CONFLICT (name) DO NOTHING", arguments: [media])
                    let mediaID = try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media])!
                    if try Int64.fetchOne(db, sql: "SELECT id FROM gaze_recording WHERE participant_id = ? AND media_id = ? AND recording = ?",
                                          arguments: [participantID, mediaID, recording.recording]) != nil {
                        problems.append(.init(location: file.file, message: "participant \(recording.participant) already has recording '\(recording.recording)' of \(media)"))
                        continue
                    }
                    try db.execute(sql: """
                        INSERT INTO gaze_recording (participant_id, media_id, recording, samples, invalid_samples, onset_ms, source, imported)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [participantID, mediaID, recording.recording, recording.samples, recording.invalidSamples,
                                         recording.onset, file.file, Timestamp.now()])
                    let recordingID = db.lastInsertedRowID
                    for fixation in recording.fixations {
                        try insertFixation.execute(arguments: [recordingID, fixation.index, fixation.start, fixation.duration, fixation.x, fixation.y])
                    }
                    recordings += 1
                    fixations += recording.fixations.count
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            return GazeImportSummary(files: collected.count, recordings: recordings, fixations: fixations,
                                     samples: collected.reduce(0) { $0 + $1.samples },
                                     dialects: Array(Set(collected.map { $0.dialect == .studio ? "Tobii Studio" : "Tobii Pro Lab" })).sorted(),
                                     addedParticipants: added)
        }
    }

    /// Adds an area of interest to a media the study has recordings of.
    public func addAOI(media: String, _ aoi: AOI) throws {
        try write { db in try Self.insertAOI(db, media: media, aoi) }
    }

    /// Checks an AOI and stores it on `media`, inside the caller's transaction.
    static func insertAOI(_ db: Database, media: String, _ aoi: AOI) throws {
        if aoi.name.isEmpty { throw StoreError.invalidInput([.init(location: "AOI", message: "an AOI needs a name")]) }
        if let problem = TextSafety.nameProblem(aoi.name) {
            throw StoreError.invalidInput([.init(location: "AOI '\(aoi.name)'", message: "the name cannot be stored as typed: \(problem)")])
        }
        if case let .polygon(points) = aoi.shape, points.count < 3 {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "a polygon needs at least three points")])
        }
        if case let .rectangle(_, _, width, height) = aoi.shape, !(width > 0 && height > 0) {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "a rectangle needs a positive width and height")])
        }
        let shape = String(decoding: try JSONEncoder().encode(aoi.shape), as: UTF8.self)
        guard let mediaID = try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]) else {
            throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no such media in the study; media come with 'studyctl gaze import'"
                + (try Self.knownMedia(db)))])
        }
        if try Int64.fetchOne(db, sql: "SELECT id FROM gaze_aoi WHERE media_id = ? AND name = ?", arguments: [mediaID, aoi.name]) != nil {
            throw StoreError.invalidInput([.init(location: "AOI \(aoi.name)", message: "media \(media) already has an AOI of that name")])
        }
        try db.execute(sql: "INSERT INTO gaze_aoi (media_id, name, shape) VALUES (?, ?, ?)", arguments: [mediaID, aoi.name, shape])
    }

    static func knownMedia(_ db: Database) throws -> String {
        let names = try String.fetchAll(db, sql: "SELECT name FROM gaze_media ORDER BY name")
        return names.isEmpty ? " (none yet)" : " (media: " + names.prefix(12).joined(separator: ", ") + ")"
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
                SELECT p.code, m.name AS media, r.recording, r.samples, r.invalid_samples,
                       (SELECT count(*) FROM gaze_fixation f WHERE f.recording_id = r.id) AS fixations
                FROM gaze_recording r JOIN participant p ON p.id = r.participant_id JOIN gaze_media m ON m.id = r.media_id
                ORDER BY m.name, r.id
                """).map { row in
                let samples: Int = row["samples"]
                let invalid: Int = row["invalid_samples"]
                return GazeRecordingInfo(participant: row["code"], media: row["media"], recording: row["recording"], samples: samples,
                                         invalidShare: samples == 0 ? 0 : Double(invalid) / Double(samples), fixations: row["fixations"])
            }.sorted { $0.media != $1.media ? $0.media < $1.media : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
        }
    }

    /// Tobii's AOI metrics for every recording × AOI of its media.
    public func gazeMetrics() throws -> [GazeMetricsRow] {
        let areas = try aois()
        return try read { db in
            var rows: [GazeMetricsRow] = []
            for recording in try Row.fetchAll(db, sql: """
                SELECT r.id, p.code, m.name AS media, r.recording, r.onset_ms FROM gaze_recording r
                JOIN participant p ON p.id = r.participant_id JOIN gaze_media m ON m.id = r.media_id ORDER BY m.name, r.id
                """) {
                let media: String = recording["media"]
                let fixations = try Row.fetchAll(db, sql: """
                    SELECT fixation_index, start_ms, duration_ms, x, y FROM gaze_fixation WHERE recording_id = ? ORDER BY start_ms, fixation_index
                    """, arguments: [recording["id"] as Int64]).map {
                    Fixation(index: $0["fixation_index"], start: $0["start_ms"], duration: $0["duration_ms"], x: $0["x"], y: $0["y"], aoiHits: [])
                }
                let onset: Double = recording["onset_ms"] ?? fixations.first?.start ?? 0
                for (aoiMedia, aoi) in areas where aoiMedia.caseInsensitiveCompare(media) == .orderedSame {
                    rows.append(GazeMetricsRow(participant: recording["code"], media: media, recording: recording["recording"],
                                               metrics: AOIMetrics(aoi: aoi, fixations: fixations, onset: onset)))
                }
            }
            return rows
        }
    }
}

extension StudyDatabase {
    /// Every fixation on `media`, per participant (for heat maps and scan paths), in time order.
    public func fixations(media: String) throws -> [(participant: String, fixations: [Fixation])] {
        try read { db in
            guard let mediaID = try Int64.fetchOne(db, sql: "SELECT id FROM gaze_media WHERE name = ?", arguments: [media]) else {
                throw StoreError.invalidInput([.init(location: "media '\(media)'", message: "no such media in the study" + (try Self.knownMedia(db)))])
            }
            var result: [(String, [Fixation])] = []
            for recording in try Row.fetchAll(db, sql: """
                SELECT r.id, p.code FROM gaze_recording r JOIN participant p ON p.id = r.participant_id WHERE r.media_id = ? ORDER BY r.id
                """, arguments: [mediaID]) {
                let fixations = try Row.fetchAll(db, sql: """
                    SELECT fixation_index, start_ms, duration_ms, x, y FROM gaze_fixation WHERE recording_id = ? ORDER BY start_ms, fixation_index
                    """, arguments: [recording["id"] as Int64]).map {
                    Fixation(index: $0["fixation_index"], start: $0["start_ms"], duration: $0["duration_ms"], x: $0["x"], y: $0["y"])
                }
                result.append((recording["code"], fixations))
            }
            return result.sorted { NaturalOrder.areInIncreasingOrder($0.0, $1.0) }
        }
    }
}

extension StudyDatabase {
    /// Imports AOIs from a CSV: columns media, aoi (or name), and either x, y, width, height (a rectangle) or points
    /// ("x1 y1; x2 y2; …", a polygon). All or nothing, every bad cell named with `file:line:column`.
    public func importAOIs(from path: String) throws -> Int {
        let reader = try CSVReader(path: path)
        let header = reader.header.map { $0.value.lowercased() }
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains($0) } }
        guard let mediaIndex = column(["media", "stimulus", "mídia", "midia"]), let nameIndex = column(["aoi", "name", "nome"]) else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "the header needs a media column and an aoi (or name) column")])
        }
        let rect = [column(["x"]), column(["y"]), column(["width", "w", "largura"]), column(["height", "h", "altura"])]
        let pointsIndex = column(["points", "polygon", "pontos"])
        guard rect.allSatisfy({ $0 != nil }) || pointsIndex != nil else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "the header needs x, y, width, height (rectangles) or points (polygons)")])
        }
        var problems: [StoreError.Problem] = []
        var areas: [(media: String, aoi: AOI, line: Int)] = []
        while let record = try reader.next() {
            let media = record.fields[mediaIndex].value.trimmingCharacters(in: .whitespaces)
            let name = record.fields[nameIndex].value.trimmingCharacters(in: .whitespaces)
            if let pointsIndex, !record.fields[pointsIndex].value.trimmingCharacters(in: .whitespaces).isEmpty {
                let field = record.fields[pointsIndex]
                let pairs = field.value.split(separator: ";").map {
                    $0.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0).flatMap { $0.isFinite ? $0 : nil } }
                }.map { $0.contains(nil) ? [] : $0.compactMap { $0 } }
                guard pairs.count >= 3, pairs.allSatisfy({ $0.count == 2 }) else {
                    problems.append(.init(location: reader.position(of: field).description, message: "'\(field.value)' is not a polygon (write x y; x y; x y, at least three points)"))
                    continue
                }
                areas.append((media, AOI(name: name, shape: .polygon(pairs.map { AOI.Point(x: $0[0], y: $0[1]) })), record.line))
                continue
            }
            var values: [Double] = []
            for index in rect.compactMap({ $0 }) {
                let field = record.fields[index]
                if let value = Double(field.value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")), value.isFinite {
                    values.append(value)
                } else {
                    problems.append(.init(location: reader.position(of: field).description, message: "'\(field.value)' is not a number of pixels"))
                }
            }
            guard values.count == 4 else { continue }
            areas.append((media, AOI(name: name, shape: .rectangle(x: values[0], y: values[1], width: values[2], height: values[3])), record.line))
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        try write { db in
            for area in areas {
                do {
                    try Self.insertAOI(db, media: area.media, area.aoi)
                } catch let StoreError.invalidInput(inner) {
                    problems += inner.map { .init(location: "\(reader.file):\(area.line)", message: $0.description) }
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        }
        return areas.count
    }
}
