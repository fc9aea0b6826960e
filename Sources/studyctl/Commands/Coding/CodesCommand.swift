import ArgumentParser
import Results
import Figures
import Foundation
import Templates
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording
import Tabular

struct CodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: words("Analyse the coding: category frequencies, matrices, co-occurrence, word frequencies, triangulation, agreement, discovery, saturation."),
        subcommands: [CodesFrequency.self, CodesMatrix.self, CodesCooccurrence.self, CodesWords.self, CodesTriangulate.self, CodesAgreement.self,
                      CodesDiscovery.self, CodesSaturation.self])
}

/// `--coder`, shared by the analyses.
struct CoderOption: ParsableArguments {
    @Option(help: ArgumentHelp(words("Only this coder's codes (default: every coder's)."), valueName: "name"))
    var coder: String?

    func warnIfSeveral(_ dataset: CodingDataset) {
        if coder == nil && dataset.coders.count > 1 {
            note("counting the codes of every coder (\(dataset.coders.joined(separator: ", "))); choose one with --coder")
        }
        sayLeftOut(dataset.leftOut)
    }
}

/// Says which codes the coding analyses left out: those in session logs (a log is no interview) and those on the
/// moderator's words alone.
func sayLeftOut(_ leftOut: LeftOutCodings) {
    if leftOut.inSessionLogs > 0 {
        note("codes in session logs, not counted (only interviews are; a session's log is not one): \(leftOut.inSessionLogs)")
    }
    if leftOut.moderatorWords > 0 {
        note("codes on the moderator's words, not counted (they are no participant's words): \(leftOut.moderatorWords)")
    }
}

