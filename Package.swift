// swift-tools-version:6.1
import PackageDescription

/// A C library's headers. On Linux x86_64 the library is not linked: LazyLibraries loads it the first time a command
/// calls it, so the commands that draw nothing, write no workbook and read no JPEG start without it (its headers are
/// where Debian puts them); elsewhere pkg-config links it as usual.
func cLibrary(_ name: String, pkgConfig: String, apt: String, brew: String) -> Target {
    #if os(Linux) && arch(x86_64)
    .systemLibrary(name: name, providers: [.apt([apt])])
    #else
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt]), .brew([brew])])
    #endif
}

let package = Package(
    name: "studyctl",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "studyctl", targets: ["studyctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/JohnSundell/Ink", exact: "0.6.0"),
        // The ZIP container of REFI-QDA projects (.qdpx).
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Only for `studyctl serve` (the Workspace target); swift-configuration support is left out.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        // Hummingbird's own service runner; the workspace tests stop the server through it, gracefully.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        // The bottom of the chain: a sentence the tool says, kept so a catalog can word it in the study's language; the
        // languages (one record each: decimal mark, citation style…) and their gettext catalogs.
        // Its catalogs: one gettext `.po` per language besides English (the sources' msgids), read on first use; its
        // vocabularies: per language, the words recognised in input (outcomes, scale labels, column names), one JSON each.
        .target(name: "Wording", resources: [.copy("Translations"), .copy("Vocabulary")]),
        // Reads delimited text (CSV as spreadsheets and form tools write it) with exact line/column positions.
        // Release builds skip the run-time exclusivity checks in the reader's byte loop (a fifth of an import's time);
        // debug builds and the tests keep them.
        .target(name: "Tabular", dependencies: ["Wording", "StudyBasics"], swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The data files studyctl ships: built-in instrument definitions.
        .target(name: "Templates", path: "templates", exclude: ["README.md"], resources: [.copy("instruments"), .copy("reports"), .copy("unicode"), .copy("latex"), .copy("stopwords")]),
        // The example studies (published data, and synthetic data marked as such) that `studyctl demo` builds.
        .target(name: "Datasets", path: "datasets", exclude: ["README.md"],
                resources: [.copy("uitracking"), .copy("codeforall"), .copy("game-controls"), .copy("redesign")]),
        // What every domain shares, below them all: how a study's text is keyed and compared (StudyText, NFC, confusable
        // letters), natural order, name-based UUIDs, JSON output. Pure Swift.
        .target(name: "StudyBasics", dependencies: ["Templates", "Wording"]),
        // The statistics kernel: distributions, descriptives and intervals, the bootstrap, tests between groups and
        // within participants, post-hoc tests, proportions. Pure Swift; what Surveys, Gaze and QualCoding compute with.
        .target(name: "Statistics", dependencies: ["Wording"]),
        // Quantitative domain: participants and their attributes, questionnaires, tasks, trends. Pure Swift.
        .target(name: "Surveys", dependencies: ["Templates", "Wording", "StudyBasics", "Statistics"]),
        // Eye tracking: Tobii Studio and Pro Lab exports read row by row into fixations, AOIs and Tobii's AOI metrics, and those
        // metrics summarised over participants and groups. Pure Swift; draws on the statistics kernel (descriptives, intervals).
        .target(name: "Gaze", dependencies: ["Wording", "StudyBasics", "Statistics"]),
        // Recordings (audio, video) as values: what ffprobe says of a file, its SHA-256, a sync point on a session's clock, a
        // clip's window around an excerpt's times, captions (WebVTT) and chapters (FFmetadata) as text. Pure Swift: runs no program.
        .target(name: "Media", dependencies: ["Wording"]),
        // Runs FFmpeg's programs (found on PATH) as processes: ffprobe reads a recording's facts, ffmpeg cuts a clip with
        // captions and joins clips into a reel with chapters.
        .target(name: "MediaTools", dependencies: ["Wording", "Media"]),
        // Qualitative domain: excerpts, in-vivo codes, categories, memos, agreement between coders, discovery and saturation.
        // Pure Swift; draws on the statistics kernel (the seeded generator, distributions).
        .target(name: "QualCoding", dependencies: ["Wording", "StudyBasics", "Statistics"]),
        // The results model and the catalog's typed entries: every computed result as a typed table (columns with a machine
        // name and a label, typed cells), the terms, messages and page words worded through Wording's catalogs, and one
        // renderer per format (terminal text, CSV, JSON, markdown, HTML, LaTeX). Above the domain, below the store and
        // everything that writes.
        .target(name: "Results", dependencies: ["Wording", "StudyBasics", "Statistics", "Surveys", "Tabular", "Gaze", "QualCoding", "Media"]),
        // The single-file study database: schema, migrations, intent-named reads and writes, and the storing half of
        // every import (finding each row's participant and task, settling repeats, batching, writing); it reads no file.
        .target(
            name: "StudyStore",
            dependencies: [
                "Wording", "StudyBasics", "Surveys", "QualCoding", "Gaze", "Media",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        // Files → typed values: opens each file a researcher imports (participants, task logs, form exports, codebooks,
        // Tobii exports), finds its columns with one header matcher, reads its cells with one parser, passes every name
        // through the study's door, and hands the store rows of typed values and positioned cells for one transaction.
        .target(name: "Importing", dependencies: ["Wording", "StudyBasics", "StudyStore", "Surveys", "QualCoding", "Tabular", "Gaze", "Media", "LazyLibraries",
                                                .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // libxlsxwriter, the C library that writes Excel workbooks with native charts.
        cLibrary("CXlsxWriter", pkgConfig: "xlsxwriter", apt: "libxlsxwriter-dev", brew: "libxlsxwriter"),
        // Cairo, the C library that draws every picture (charts, heat maps) to SVG, PNG and PDF.
        cLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev", brew: "cairo"),
        // libjpeg, the C library that decodes JPEG stimulus images.
        cLibrary("CJPEG", pkgConfig: "libjpeg", apt: "libjpeg-dev", brew: "jpeg-turbo"),
        // ReadStat, the C library that writes SPSS (.sav) and Stata (.dta) data files with labels and missing codes.
        cLibrary("CReadStat", pkgConfig: "readstat", apt: "libreadstat-dev", brew: "readstat"),
        // On Linux x86_64: the drawing, workbook, statistics-file, JPEG and XML libraries loaded when a command first calls them, not
        // before every command starts (stubs for the functions studyctl calls; see lazy_libraries.c).
        .target(name: "LazyLibraries", exclude: ["symbols.h"]),
        // One C function around libjpeg: its errors end the process unless caught with setjmp, which Swift cannot do.
        .target(name: "JPEGDecoding", dependencies: ["CJPEG", "LazyLibraries"]),
        // Pictures described once and drawn by Cairo to SVG, PNG (300 dpi) and PDF: charts, heat maps, scan paths.
        .target(name: "Figures", dependencies: ["Wording", "Surveys", "Media", "CCairo", "JPEGDecoding", "LazyLibraries"]),
        // What the researcher takes away: the Excel workbook, markdown reports from templates, SVG charts, CSV, SPSS and
        // Stata files, IRaMuTeQ corpora.
        .target(
            name: "Reports",
            dependencies: [
                "Wording", "StudyBasics", "Statistics", "StudyStore", "Surveys", "QualCoding", "Gaze", "Media", "Tabular", "Templates", "CXlsxWriter", "CReadStat", "Figures", "Results", "LazyLibraries",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Ink", package: "Ink"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // REFI-QDA exchange (QualCoder, NVivo, ATLAS.ti, MAXQDA): .qdpx projects and .qdc codebooks.
        .target(name: "Interchange", dependencies: ["Wording", "StudyBasics", "StudyStore", "Surveys", "QualCoding", "Media", "LazyLibraries", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // QR codes (byte mode, level M) drawn as SVG, for the participant page's link. Pure Swift, no dependency.
        .target(name: "QRCode"),
        // The coding workspace: a local web page over the study (Hummingbird; its page, script and style are resources).
        .target(
            name: "Workspace",
            dependencies: ["Wording", "StudyBasics", "StudyStore", "QualCoding", "Surveys", "Results", "Media", "Figures", "Tabular", "QRCode", .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Page")]),
        // The command-line interface: parses, calls one store method, prints.
        .executableTarget(
            name: "studyctl",
            dependencies: [
                "Wording", "StudyBasics", "StudyStore", "Importing", "Surveys", "QualCoding", "Tabular", "Reports", "Datasets", "Templates", "Gaze", "Figures", "Workspace", "Interchange", "Results",
                "Media", "MediaTools", "LazyLibraries", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A library whose every function is a LazyLibraries stub is left out of the needed list. The release binary
            // exports none of its own symbols (the static runtime's link flags export all 33,000: the loader and the
            // runtime's start-up search through them in every command, and nothing loads code that links against them).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--as-needed"], .when(platforms: [.linux])),
                             .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))]),
        // Golden files for the tests: what a person reads compared with a file under the test target's Snapshots/, or recorded
        // there with STUDYCTL_RECORD_GOLDEN=1 (Tests/README.md).
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        .testTarget(name: "TabularTests", dependencies: ["Tabular"]),
        // Sentences (interpolation, reordered and literal percent places, nested sentences, decimal marks), gettext catalogs
        // and their plural rules, languages and their records.
        .testTarget(name: "WordingTests", dependencies: ["Wording"]),
        // Figures: a bar chart's SVG against its golden file, and what every bar chart must do.
        .testTarget(name: "FiguresTests", dependencies: ["Figures", "GoldenFiles"], exclude: ["Snapshots"]),
        .testTarget(name: "SurveysTests", dependencies: ["Surveys", "StudyBasics", "Statistics", "Wording"]),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "StudyBasics", "Statistics", "Surveys", "Templates", "Wording", "Gaze", "QualCoding", "Media"]),
        .testTarget(name: "QualCodingTests", dependencies: ["QualCoding"]),
        // Transcript files read into turns (WebVTT, SRT, Word, stamped text), Word documents made by python-docx.
        .testTarget(name: "ImportingTests", dependencies: ["Importing", "QualCoding", "StudyStore", "Surveys", "Tabular"]),
        .testTarget(name: "GazeTests", dependencies: ["Gaze", "StudyBasics", "Surveys"]),
        // Recordings as values: SHA-256 against known digests, sync points, clip windows, captions and chapters, ffprobe's JSON.
        .testTarget(name: "MediaTests", dependencies: ["Media"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "InterchangeTests", dependencies: ["Interchange", "StudyBasics", "StudyStore", "Surveys", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(
            name: "WorkspaceTests",
            dependencies: ["Workspace", "StudyStore", "Media", "QualCoding", "Surveys", "Results", .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Results", "StudyStore", "Importing", "Figures", "QualCoding", "Surveys", "Wording"]),
        .testTarget(
            name: "StudyStoreTests",
            dependencies: ["StudyStore", "StudyBasics", "Importing", "QualCoding", "Surveys", "Media", .product(name: "GRDB", package: "GRDB.swift")]),
        // End-to-end: runs the built `studyctl` binary and checks stdout, stderr, exit status and the study file.
        // Golden files of reports, workbooks, helps and tables under Snapshots/; workbooks read back with ZIPFoundation.
        .testTarget(name: "studyctlTests", dependencies: ["studyctl", "Surveys", "Results", "GoldenFiles", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    exclude: ["Snapshots"]),
    ]
)
