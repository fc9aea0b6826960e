import Foundation
import Testing

/// A part of a test that needs an outside program the machine may lack (pdflatex, abnTeX2, LibreOffice) — where the
/// rest of the test still checks something worth checking without it. A whole test that needs a tool is
/// `.enabled(if:)` with its reason instead.
///
/// The part is never skipped in silence: its reason is printed, and under `make test` (which sets
/// `STUDYCTL_TESTS_REQUIRE_TOOLS=1` after `make test-deps` installed every such program) a missing program is a
/// failure, as a skipped test is (`scripts/test-skips.sh`).
enum NeededTool {
    static var required: Bool { ProcessInfo.processInfo.environment["STUDYCTL_TESTS_REQUIRE_TOOLS"] == "1" }

    /// Says that `part` is not checked because `tool` is missing; records a failure when the tools are required.
    static func missing(_ tool: String, skips part: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let reason = "\(part) is not checked: \(tool) is not installed (scripts/install-deps.sh --tests installs it)"
        if required {
            Issue.record("\(reason), and make test needs it", sourceLocation: sourceLocation)
        } else {
            print("part skipped: \(reason)")
        }
    }
}
