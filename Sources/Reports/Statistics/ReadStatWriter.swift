import CReadStat
import Foundation
import LazyLibraries
import Wording

/// Writes a `StatisticsDataset` as an SPSS (.sav) or Stata (.dta) file through ReadStat.
///
/// SPSS: numbers as doubles; every labelled variable has a value label per value and for the two missing codes, which
/// are declared its discrete user-missing values (-8 N/A, -9 unanswered); measurement levels set. Stata (format 118,
/// UTF-8): labelled variables are integers with a value label set; N/A and unanswered are the extended missing values
/// `.a` and `.b`, labelled too; texts longer than Stata's 2,045-byte `str` become `strL`. The file is written under a
/// temporary name and renamed into place when complete (`AtomicOutput`).
public enum ReadStatWriter {
    public enum Format: String, Sendable, CaseIterable { case sav, dta }

    /// What was shortened to fit the format's limits (labels only: values are never cut).
    public struct Outcome: Sendable, Equatable {
        public var rows: Int
        public var variables: Int
        public var shortenedLabels: Int
    }

    public static func write(_ dataset: StatisticsDataset, format: Format, to path: String) throws -> Outcome {
        try AtomicOutput.file(path) { temporary in try writeFile(dataset, format: format, to: temporary, named: path) }
    }

    private static func writeFile(_ dataset: StatisticsDataset, format: Format, to path: String, named: String) throws -> Outcome {
        guard let file = fopen(path, "wb") else { throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno))) }
        var closed = false
        defer { if !closed { fclose(file) } }
        guard let writer = readstat_writer_init() else { throw ReportError.cannotWrite(path: named, reason: "out of memory") }
        defer { readstat_writer_free(writer) }
        var shortened = 0
        func check(_ error: readstat_error_t) throws {
            guard error != READSTAT_OK else { return }
            if ferror(file) != 0 { throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno))) }
            throw ReportError.cannotWrite(path: named, reason: String(cString: readstat_error_message(error)))
        }
        try check(readstat_set_data_writer(writer) { data, length, context in
            // The context is the FILE this writer opened and handed to readstat_begin_writing_* (never nil).
            guard let context else { return -1 }
            let written = fwrite(data, 1, length, context.assumingMemoryBound(to: FILE.self))
            return written == length ? Int(length) : -1
        })
        // Limits: SPSS keeps a file label of 64 bytes and value labels of 120; Stata labels of 80 characters.
        func fit(_ text: String, bytes: Int? = nil, characters: Int? = nil) -> String {
            var result = text
            if let characters, result.count > characters { result = String(result.prefix(characters)) }
            if let bytes, result.utf8.count > bytes {
                while result.utf8.count > bytes { result.removeLast() }
            }
            if result != text { shortened += 1 }
            return result
        }
        let sav = format == .sav
        try check(readstat_writer_set_file_label(writer, sav ? fit(dataset.fileLabel, bytes: 64) : fit(dataset.fileLabel, characters: 80)))
        if !sav { try check(readstat_writer_set_file_format_version(writer, 118)) }

        var handles: [UnsafeMutablePointer<readstat_variable_t>] = []
        var types: [readstat_type_t] = []
        var stringRefs: [Int: Bool] = [:]
        for (index, variable) in dataset.variables.enumerated() {
            let type: readstat_type_t
            var width = 0
            switch variable.kind {
            case .text:
                let longest = dataset.rows.reduce(1) { longest, row in
                    if case let .text(text) = row[index] { return max(longest, text.utf8.count) }
                    return longest
                }
                if !sav && longest > 2045 {
                    type = READSTAT_TYPE_STRING_REF
                    stringRefs[index] = true
                } else {
                    type = READSTAT_TYPE_STRING
                    width = longest
                }
            case let .number(integral):
                type = !sav && integral && (!variable.valueLabels.isEmpty || variable.takesMissingCodes) ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE
            }
            guard let handle = readstat_add_variable(writer, variable.name, type, width) else {
                throw ReportError.cannotWrite(path: named, reason: "out of memory")
            }
            readstat_variable_set_label(handle, sav ? fit(variable.label, bytes: 255) : fit(variable.label, characters: 80))
            switch variable.measure {
            case .nominal: readstat_variable_set_measure(handle, READSTAT_MEASURE_NOMINAL)
            case .ordinal: readstat_variable_set_measure(handle, READSTAT_MEASURE_ORDINAL)
            case .scale: readstat_variable_set_measure(handle, READSTAT_MEASURE_SCALE)
            }
            if case .number = variable.kind, !variable.valueLabels.isEmpty || variable.takesMissingCodes {
                let labelType = sav ? READSTAT_TYPE_DOUBLE : READSTAT_TYPE_INT32
                guard let set = readstat_add_label_set(writer, labelType, "labels\(index)") else {
                    throw ReportError.cannotWrite(path: named, reason: "out of memory")
                }
                for (value, label) in variable.valueLabels {
                    let text = sav ? fit(label, bytes: 120) : fit(label, characters: 32_000)
                    if sav { readstat_label_double_value(set, Double(value), text) } else { readstat_label_int32_value(set, Int32(value), text) }
                }
                if variable.takesMissingCodes {
                    if sav {
                        readstat_label_double_value(set, StatisticsDataset.notApplicableCode, fit(dataset.notApplicableLabel, bytes: 120))
                        readstat_label_double_value(set, StatisticsDataset.unansweredCode, fit(dataset.unansweredLabel, bytes: 120))
                        try check(readstat_variable_add_missing_double_value(handle, StatisticsDataset.notApplicableCode))
                        try check(readstat_variable_add_missing_double_value(handle, StatisticsDataset.unansweredCode))
                    } else {
                        readstat_label_tagged_value(set, StatisticsDataset.notApplicableTag.cChar, dataset.notApplicableLabel)
                        readstat_label_tagged_value(set, StatisticsDataset.unansweredTag.cChar, dataset.unansweredLabel)
                    }
                }
                readstat_variable_set_label_set(handle, set)
            }
            handles.append(handle)
            types.append(type)
        }

        // Stata's long texts are stored once each, as references the rows point to.
        var references: [String: UnsafeMutablePointer<readstat_string_ref_t>] = [:]
        if !stringRefs.isEmpty {
            references[""] = readstat_add_string_ref(writer, "")
            for row in dataset.rows {
                for index in stringRefs.keys {
                    if case let .text(text) = row[index], references[text] == nil {
                        references[text] = readstat_add_string_ref(writer, text)
                    }
                }
            }
        }

        let context = UnsafeMutableRawPointer(file)
        try check(sav ? readstat_begin_writing_sav(writer, context, dataset.rows.count)
                      : readstat_begin_writing_dta(writer, context, dataset.rows.count))
        try check(readstat_validate_metadata(writer))
        for handle in handles { try check(readstat_validate_variable(writer, handle)) }
        for row in dataset.rows {
            try check(readstat_begin_row(writer))
            for (index, value) in row.enumerated() {
                let variable = dataset.variables[index]
                let handle = handles[index]
                switch value {
                case let .number(number):
                    if types[index] == READSTAT_TYPE_INT32 {
                        try check(readstat_insert_int32_value(writer, handle, Int32(number)))
                    } else {
                        try check(readstat_insert_double_value(writer, handle, number))
                    }
                case let .text(text):
                    if stringRefs[index] == true {
                        try check(readstat_insert_string_ref(writer, handle, references[text]))
                    } else {
                        try check(readstat_insert_string_value(writer, handle, text))
                    }
                case let .missing(reason):
                    if sav {
                        try check(readstat_insert_double_value(writer, handle, reason == .notApplicable ? StatisticsDataset.notApplicableCode
                                                                                                        : StatisticsDataset.unansweredCode))
                    } else {
                        let tag = reason == .notApplicable ? StatisticsDataset.notApplicableTag : StatisticsDataset.unansweredTag
                        try check(readstat_insert_tagged_missing_value(writer, handle, tag.cChar))
                    }
                case .empty:
                    if variable.kind == .text {
                        try check(stringRefs[index] == true ? readstat_insert_string_ref(writer, handle, references[""])
                                                            : readstat_insert_string_value(writer, handle, ""))
                    } else {
                        try check(readstat_insert_missing_value(writer, handle))
                    }
                }
            }
            try check(readstat_end_row(writer))
        }
        try check(readstat_end_writing(writer))
        closed = true
        guard fclose(file) == 0 else { throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno))) }
        return Outcome(rows: dataset.rows.count, variables: dataset.variables.count, shortenedLabels: shortened)
    }
}

private extension Character {
    /// An ASCII letter as a C character; the missing-value tags are the letters `a` and `b`, so `asciiValue` exists.
    var cChar: CChar { CChar(asciiValue ?? UInt8(ascii: "?")) }
}
