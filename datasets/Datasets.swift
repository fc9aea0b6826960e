import Foundation

/// The example studies shipped with studyctl (`datasets/`), for `studyctl demo`.
public enum BundledDatasets {
    /// The folder of one dataset: `uitracking`, `codeforall` or `game-controls`.
    public static func folder(_ name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: nil)
    }
}
