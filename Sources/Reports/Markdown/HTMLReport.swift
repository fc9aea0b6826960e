import Foundation
import Ink
import Results
import Surveys
import Wording

/// The report as one self-contained HTML page: the markdown report converted by Ink, every chart embedded (SVG as
/// a data URI, so the page works offline and can be mailed), and a stylesheet that prints well on A4.
public enum HTMLReport {
    /// The report's body as HTML: the template's markdown converted by Ink, each table drawn from the results model
    /// by `HTMLRenderer` (a `<figure>` with its caption and source, kept together on paper), then each value written
    /// in escaped for HTML — Ink never reads a value, so nothing a participant typed is taken for markup.
    static func render(_ model: ReportModel, templatePath path: String, language: StudyLanguage) throws -> String {
        let (markdown, tables) = ReportWriter.placeTables(try ReportWriter.renderTemplate(model, templatePath: path), model)
        let html = StudyTextSlots.fill(MarkdownParser().html(from: markdown)) { value, place in
            place == .attribute ? HTMLRenderer.attribute(value) : HTMLRenderer.escape(value)
        }
        // The per-participant tables (the appendix) are folded on screen: the page leads with the results.
        let folded = Set(model.appendix.tables.map { model.tables[$0.index].id })
        let drawn = ReportWriter.drawTables(html, tables, wrapped: { "<p>\($0)</p>" }) { table, number in
            HTMLRenderer.render(table, caption: TableCaption(number: number, year: model.year), folded: folded.contains(table.id))
        }
        return Mentions.restyle(drawn, before: "<h2>" + HTMLRenderer.escape(Phrase.referencesHeading.text(language)) + "</h2>", language: language,
                                output: .text, escape: HTMLRenderer.escape)
    }

    /// `html` as a page; image paths are read relative to `folder` and embedded.
    public static func page(body html: String, title: String, language: StudyLanguage, folder: URL) -> String {
        // Embed every chart the report refers to: each src="PATH" becomes the file's data URI.
        var body = ""
        var rest = Substring(html)
        while let source = rest.range(of: "src=\"") {
            body += rest[..<source.upperBound]
            rest = rest[source.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let path = String(rest[..<end])
            if !path.hasPrefix("data:"), let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
                let type = path.hasSuffix(".svg") ? "image/svg+xml" : path.hasSuffix(".png") ? "image/png" : "application/octet-stream"
                body += "data:\(type);base64," + data.base64EncodedString()
            } else {
                body += path
            }
            rest = rest[end...]
        }
        body += rest
        return """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLRenderer.attribute(title))</title>
            <style>
            body { font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; max-width: 80em; margin: 2em auto; padding: 0 1em; line-height: 1.5; color: #222; }
            /* Text in a column that reads well; tables may use the whole width, and scroll inside it when wider still. */
            body > p, body > ul, body > ol, body > blockquote, h1, h2, h3, h4, figcaption, p.source, p.note, details > summary { max-width: 46em; }
            h1, h2, h3 { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; line-height: 1.25; }
            figure.result { margin: 1em 0; }
            figure.result figcaption { margin-bottom: 0.3em; }
            div.scroll { overflow-x: auto; max-width: 100%; }
            table { border-collapse: separate; border-spacing: 0; margin: 0.5em 0 0.25em; font-size: 0.9em; }
            th, td { border-bottom: 1px solid #999; padding: 0.2em 0.5em; text-align: left; vertical-align: top; background: #fff; }
            th { border-top: 2px solid #222; border-bottom: 1.5px solid #222; }
            tr:last-child td { border-bottom: 2px solid #222; }
            /* The first column (what names the row) stays in sight while a wide table scrolls. */
            div.scroll th:first-child, div.scroll td:first-child { position: sticky; left: 0; z-index: 1; box-shadow: 1px 0 0 #ccc; }
            th.number, td.number { text-align: right; }
            td.number, td.interval { white-space: nowrap; font-variant-numeric: tabular-nums; }
            td.prose { min-width: 16em; }
            tr.total td { font-weight: bold; }
            p.source, p.note { font-size: 0.85em; margin: 0.2em 0; }
            details.result { margin: 1em 0; }
            details.result > summary { cursor: pointer; font-weight: bold; }
            details.result > figure > figcaption { display: none; }
            img { max-width: min(100%, 46em); height: auto; display: block; margin: 0.5em 0; }
            p > strong:first-child { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
            @page { size: A4; margin: 3cm 2cm 2cm 3cm; }
            @page wide { size: A4 landscape; margin: 2cm 2cm 2cm 3cm; }
            @media print {
              body { max-width: none; margin: 0; font-size: 11pt; }
              /* Every column on the page: long tables break between rows with their header repeated, wide ones shrink. */
              div.scroll { overflow: visible; }
              table { width: 100%; font-size: 8.5pt; page-break-inside: auto; }
              thead { display: table-header-group; }
              tr { page-break-inside: avoid; }
              th, td { padding: 0.15em 0.3em; }
              div.scroll th:first-child, div.scroll td:first-child { position: static; box-shadow: none; }
              details.result > summary { display: none; }
              details.result > figure > figcaption { display: block; }
              figure.result figcaption { page-break-after: avoid; }
              figure.result.wide { page: wide; }
              img { page-break-inside: avoid; }
              h1, h2, h3 { page-break-after: avoid; }
            }
            </style>
            <script>
            // Folded tables are printed open.
            addEventListener("beforeprint", () => document.querySelectorAll("details").forEach((d) => { d.open = true; }));
            </script>
            </head>
            <body>
            \(body)
            </body>
            </html>

            """
    }
}
