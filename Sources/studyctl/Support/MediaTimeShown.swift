import Media
import Surveys
import Wording

extension MediaTime {
    /// A time of a recording as a person reads it in the command line's language: "0:45.000", "0:45,000" in
    /// Portuguese (the decimal comma; `--sync` and `--starts-at` read either).
    static func shown(_ milliseconds: Int) -> String {
        let body = text(milliseconds)
        return Voice.language.record.decimal(body)
    }
}
