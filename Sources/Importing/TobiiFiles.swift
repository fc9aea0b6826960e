import Foundation
import Gaze
import StudyStore
import Surveys
import Wording
import Tabular

extension StudyDatabase {
    /// Imports Tobii Studio or Pro Lab data exports (tab-separated, as Tobii writes them): each file is read here row
    /// by row, its samples collapsed into fixations per participant × recording × media; the store keeps them with
    /// the samples' data quality in one transaction (`storeGaze`). All files or none: every problem is reported
    /// with `file:line:column`.
    ///
    /// Files that carry the export's own fixations are read as they are; files with raw gaze only (or every file,
    /// with `forceIVT`) are classified by the I-VT filter with `ivt` (Tobii's defaults unless changed), whose
    /// parameters are stored with each recording. A recording whose fixation columns are all empty (a raw export
    /// that kept them) is classified by the I-VT filter too: decided from its data, not the header.
    public func importGaze(from paths: [String], addParticipants: Bool = false, ivt: IVTParameters = IVTParameters(),
                           forceIVT: Bool = false, image: ((String) throws -> (data: Data, file: String)?)? = nil) throws -> GazeImportSummary {
        if let problem = ivt.problem { throw StoreError.invalidInput([.init(location: "I-VT filter", message: problem)]) }
        var collected: [GazeFile] = []
        var problems: [StoreError.Problem] = []
        for path in paths {
            let reader = try CSVReader(path: path, delimiter: .tab, acceptUTF16: true)
            let columns: TobiiColumns
            do {
                columns = try TobiiColumns(header: reader.header.map(\.value))
            } catch let problem as TobiiColumns.Problem {
                problems.append(.init(location: "\(reader.file):1", message: problem.sentence))
                continue
            }
            let classify = forceIVT || !columns.hasFixations
            if classify && !columns.hasGaze {
                problems.append(.init(location: "\(reader.file):1", message: "the I-VT filter needs the gaze point columns (\(columns.dialect == .studio ? "GazePointX (MCSpx), GazePointY (MCSpx)" : "Gaze point X, Gaze point Y")), which this export lacks"))
                continue
            }
            // Only the columns studyctl reads are turned into text (a Studio export has 85 and more).
            let used = columns.usedColumns
            reader.columnsToKeep = reader.header.indices.map(used.contains)
            var collector = FixationCollector(ivt: classify ? ivt : nil, fallback: columns.hasGaze ? ivt : nil)
            var samples = 0
            // One row's cells, by column: only the used ones are copied in (the others stay empty), row after row.
            let usedList = used.sorted()
            var fields = [String](repeating: "", count: reader.header.count)
            // A row cut short (a copy that stopped early) is refused by the reader with its position.
            while let record = try reader.next() {
                if record.fields.count == fields.count {
                    for index in usedList { fields[index] = record.fields[index].value }
                } else {
                    fields = record.fields.map(\.value)
                }
                guard let sample = columns.sample(fields) else { continue }
                if sample.participant.isEmpty {
                    problems.append(.init(location: "\(reader.file):\(record.line)", message: "the row names no participant"))
                    break
                }
                samples += 1
                collector.add(sample)
            }
            let recordings = collector.finish()
            for recording in recordings where recording.fixations.isEmpty && recording.gazePoints == 0 {
                problems.append(.init(location: "\(reader.file)", message: recording.media.isEmpty
                    ? "recording '\(recording.recording)' of participant \(recording.participant) has neither fixations (its fixation columns are empty) nor gaze points to find them in"
                    : "recording '\(recording.recording)' of participant \(recording.participant) on \(recording.media) has neither fixations (its fixation columns are empty) nor gaze points to find them in"))
            }
            collected.append(GazeFile(file: reader.file, dialect: columns.dialect, recordings: recordings, samples: samples,
                                      filter: classify ? ivt.description : nil))
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        return try storeGaze(collected, addParticipants: addParticipants, image: image.map { found in
            { media in try found(media).map { (data: $0.data, file: $0.file, size: try StimulusSize(data: $0.data, file: $0.file)) } }
        })
    }

    /// Imports AOIs from a CSV: columns media, aoi (or name), and either x, y, width, height (a rectangle) or points
    /// ("x1 y1; x2 y2; …", a polygon). All or nothing, every bad cell named with `file:line:column`.
    public func importAOIs(from path: String) throws -> Int {
        let reader = try CSVReader(path: path)
        let columns = try HeaderMatcher(reader).fields(ColumnNames.aoi)
        guard let mediaIndex = columns["media"], let nameIndex = columns["name"] else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "the header needs a media column and an aoi (or name) column")])
        }
        let rect = [columns["x"], columns["y"], columns["width"], columns["height"]]
        let pointsIndex = columns["points"]
        guard rect.allSatisfy({ $0 != nil }) || pointsIndex != nil else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "the header needs x, y, width, height (rectangles) or points (polygons)")])
        }
        var problems: [StoreError.Problem] = []
        var areas: [(media: String, aoi: AOI, location: String)] = []
        while let record = try reader.next() {
            let media = record.fields[mediaIndex].value.trimmingCharacters(in: .whitespaces)
            let name = record.fields[nameIndex].value.trimmingCharacters(in: .whitespaces)
            if let pointsIndex, !record.fields[pointsIndex].value.trimmingCharacters(in: .whitespaces).isEmpty {
                let field = record.fields[pointsIndex]
                let pairs = field.value.split(separator: ";").map {
                    $0.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0).flatMap { $0.isFinite ? $0 : nil } }
                }.map { $0.contains(nil) ? [] : $0.compactMap { $0 } }
                guard pairs.count >= 3, pairs.allSatisfy({ $0.count == 2 }) else {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: field).description), message: "'\(field.value)' is not a polygon (write x y; x y; x y, at least three points)"))
                    continue
                }
                areas.append((media, AOI(name: name, shape: .polygon(pairs.map { AOI.Point(x: $0[0], y: $0[1]) })), "\(reader.file):\(record.line)"))
                continue
            }
            var values: [Double] = []
            for index in rect.compactMap({ $0 }) {
                let field = record.fields[index]
                if let value = Double(field.value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")), value.isFinite {
                    values.append(value)
                } else {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: field).description), message: "'\(field.value)' is not a number of pixels"))
                }
            }
            guard values.count == 4 else { continue }
            areas.append((media, AOI(name: name, shape: .rectangle(x: values[0], y: values[1], width: values[2], height: values[3])), "\(reader.file):\(record.line)"))
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        return try storeAOIs(areas)
    }
}
