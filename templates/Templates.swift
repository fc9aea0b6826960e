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
}
