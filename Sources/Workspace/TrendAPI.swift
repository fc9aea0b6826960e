import Figures
import Foundation
import Hummingbird
import Results
import StudyStore
import Surveys
import Tabular
import Wording

/// The Across tab's trend (`serve --studies`): `studyctl trend`'s table, comparisons and figure over the studies the
/// server was given, each a release, by the same functions (`TrendReader.trend`, `ResultTable.trendReleases`,
/// `TrendFigure.figure`). Read-only; the served study is read through its own connection.
struct TrendAPI {
    let server: WorkspaceServer
    var api: API { API(server: server) }

    /// A table as the page draws it: its caption, its headers and each row's cells as people read them.
    struct Table: Encodable {
        var caption: String
        var headers: [String]
        var rows: [[String]]
        var notes: [String]

        init(_ table: ResultTable, _ language: StudyLanguage) {
            let style = NumberStyle(language)
            caption = table.title
            headers = table.columns.map(\.label)
            rows = table.rows.indices.map { row in table.columns.indices.map { table.display(row, $0, style) } }
            notes = table.notes
        }
    }

    struct Trend: Encodable {
        var title: String
        /// The figure as SVG (its texts are text), with `title` as its accessible name.
        var svg: String
        var releases: Table
        var comparisons: Table
    }

    func register(on router: Router<BasicRequestContext>) {
        router.group("api").get("across/trend") { request, _ in
            let query = request.uri.queryParameters
            return try await api.guarded {
                guard server.studies.count >= 2 else {
                    throw StoreError.invalidInput([.init(location: "trend", message: "a trend needs two studies or more: start the workspace with --studies A.sqlite B.sqlite …")])
                }
                guard let measure = TrendMeasure(rawValue: query.get("measure") ?? "sus") else {
                    throw StoreError.invalidInput([.init(location: "measure", message: "choose sus, umux-lite, seq, completion or time")])
                }
                let task = query.get("task").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
                let language = try server.study.info().language
                let (releases, analysis) = try TrendReader.trend(server.studies, TrendReader.Request(measure: measure, task: task), open: server.study)
                let info = releases.map { TrendReleaseInfo(name: $0.name, study: $0.study, unscored: $0.unscored, averaged: $0.averaged, measurements: $0.measurements, label: $0.label, measurementLabels: $0.measurementLabels) }
                let title = TrendWords.measure(measure, task: task, language: language)
                let table = ResultTable.trendReleases(analysis, releases: info, task: task, language: language, comparisons: false)
                return Trend(title: title, svg: TrendFigure.figure(analysis, title: title, language: language, names: Dictionary(info.map { ($0.name, $0.shown) }, uniquingKeysWith: { a, _ in a })).svg(),
                             releases: Table(table, language), comparisons: Table(ResultTable.trendComparisons(analysis, releases: info, language: language), language))
            }
        }
    }
}
