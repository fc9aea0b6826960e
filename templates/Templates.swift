import Foundation

/// The data files studyctl ships: built-in instrument definitions and report templates.
public enum TemplateFiles {
    /// The folder of built-in report templates (`templates/reports`).
    public static var reportsDirectory: URL? {
        Bundle.module.url(forResource: "reports", withExtension: nil)
    }

    /// The folder of built-in instrument definitions (`templates/instruments`).
    public static var instrumentsDirectory: URL? {
        Bundle.module.url(forResource: "instruments", withExtension: nil)
    }

    /// `studyctl.sty`, the LaTeX package a report body needs (longtables, captions in ABNT or APA, `\fonte`).
    public static var latexStyleFile: URL? {
        Bundle.module.url(forResource: "latex", withExtension: nil)?.appendingPathComponent("studyctl.sty")
    }

    /// Unicode's confusables table (UTS #39), reduced to `source;prototype` lines (`templates/unicode`).
    public static var confusablesFile: URL? {
        Bundle.module.url(forResource: "unicode", withExtension: nil)?.appendingPathComponent("confusables.txt")
    }

    /// The stop words of a language (`templates/stopwords/pt-BR.txt`, `en.txt`): one word a line, `#` comments.
    public static func stopWordsFile(_ language: String) -> URL? {
        Bundle.module.url(forResource: "stopwords", withExtension: nil)?.appendingPathComponent("\(language).txt")
    }
}
