import Foundation
import LazyLibraries
import Results
import Wording

/// What a command says when a C library it needs cannot be loaded. On Linux x86_64 Cairo, libxlsxwriter, ReadStat,
/// libjpeg and libxml2 are loaded the first time a command calls them (`LazyLibraries`), so a missing or broken one is
/// found in the middle of a command, not by the loader before it starts: said here in the study's language, with
/// the exit status the loader's own failure has (70, an internal error). Outputs are renamed into place only when
/// complete, so none is left under its final name; the study is not written (the command ends before it commits).
enum LibraryFailure {
    static func install() {
        lazy_libraries_on_failure { soname, detail in
            LibraryFailure.report(soname: String(cString: soname), detail: String(cString: detail))
        }
    }

    static func report(soname: String, detail: String) -> Never {
        let purpose: Sentence
        switch soname.prefix(while: { $0 != "." }) {
        case "libcairo": purpose = "draws figures"
        case "libxlsxwriter": purpose = "writes workbooks"
        case "libjpeg": purpose = "reads JPEG stimulus images"
        case "libreadstat": purpose = "writes SPSS and Stata files"
        default: purpose = "reads and writes XML"
        }
        let sentence: Sentence = "the library \(soname), which \(purpose), cannot be loaded (\(detail)); install it (scripts/install-deps.sh installs what studyctl needs) and run the command again"
        FileHandle.standardError.write(Data((Message.errorPrefix.text(Voice.language) + sentence.text(Voice.language) + "\n").utf8))
        exit(70)
    }
}
