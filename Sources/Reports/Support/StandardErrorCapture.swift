import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libxlsxwriter reports a failing write on standard error in its own words ("[ERROR][./src/packager.c:1541]: Error
/// in closing member in the zipfile … System error = No space left on device") before returning its error code;
/// studyctl says what failed itself. A call into it runs with standard error sent to a temporary file, whose text is
/// read back for the system's reason.
enum StandardErrorCapture {
    /// `body`'s result and what it wrote on standard error (empty when that could not be captured).
    static func run<T>(_ body: () throws -> T) rethrows -> (T, String) {
        fflush(nil)
        var template = Array((NSTemporaryDirectory() + "/studyctl-stderr-XXXXXX").utf8CString)
        let file = mkstemp(&template)
        let saved = file >= 0 ? dup(2) : -1
        guard file >= 0, saved >= 0 else {
            if file >= 0 { close(file) }
            return (try body(), "")
        }
        unlink(template)
        dup2(file, 2)
        let result: T
        do {
            result = try body()
        } catch {
            fflush(nil); dup2(saved, 2); close(saved); close(file)
            throw error
        }
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        var text = Data()
        lseek(file, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(file, &buffer, buffer.count)
            if count <= 0 { break }
            text.append(contentsOf: buffer[0..<count])
        }
        close(file)
        return (result, String(decoding: text, as: UTF8.self))
    }

    /// The system's reason in libxlsxwriter's words ("System error = No space left on device"), if it gave one.
    static func systemReason(_ text: String) -> String? {
        guard let range = text.range(of: "System error = ") else { return nil }
        let reason = text[range.upperBound...].prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? nil : reason
    }
}
